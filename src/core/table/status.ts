/**
 * Figure status codes shared by every ruleset on a measured table: the value of a state's `status`
 * array for each figure. A ruleset uses the codes its rules know and names them in its own words
 * (Pig Wars' "routed" is {@link FLEEING}); the kit's queries read them the same way everywhere.
 */

/** On the table and able to act (it may be wounded or shaken: the room's own fields say so). */
export const ACTIVE = 0;
/** On the table, running or routed: moves only by the rules' flight or rally; keeps no one off. */
export const FLEEING = 1;
/** Off the table (ran off, went back aboard): takes no room, never returns. */
export const GONE = 2;
/** Killed: removed from the table. */
export const DEAD = 3;
/** Taken prisoner: removed from the table. */
export const CAPTURED = 4;
/** Down where it fell, unable to fight or move ("disabled"): its base stays on the table. */
export const DISABLED = 5;

/** Words for each status code, for stories and errors. */
export const STATUS_WORDS: readonly string[] = ['active', 'fleeing', 'gone', 'dead', 'captured', 'disabled'];

/** True when a figure of status `st` stands on the table (its base takes room). */
export function onTableStatus(st: number): boolean {
  return st === ACTIVE || st === FLEEING || st === DISABLED;
}
