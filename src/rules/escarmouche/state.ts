/**
 * The Escarmouche game state: flat typed arrays indexed by figure plus a few scalars for the turn
 * machine, declared once with the table kit's `defineState`, so a clone is a handful of `slice()`
 * calls. Everything that can influence the rest of the game is hashed unless its declaration says
 * why not; the compiled scenario is shared, never copied.
 */
import { type StateType, counterIndex, defineState, field, endFields } from '../../core/table/state.js';
import type { FigureView } from '../../core/table/figures.js';
import type { EscScenario } from './compile.js';

/** Decision phases. */
export const PH_PICK = 0; // the side to act picks its next figure (or passes the rest of its turn)
export const PH_ACT = 1; // the acting figure chooses its next action (or ends its turn)
export const PH_INT = 2; // the other side may interrupt with a reserved action (or let it go)
export const PH_OVER = 3;

/** Why a side's turn ended (the `sideWhy` field). */
export const SIDE_PASS = 1; // the side passed the rest of its turn
export const SIDE_SECOND_ONE = 2; // a second single 1 this turn
export const SIDE_DOUBLE_ONE = 3; // two (or more) 1s in one roll
export const SIDE_ALL_ACTED = 4; // every figure has acted
/** Words for each {@link SIDE_PASS}-style code. */
export const SIDE_WHY = ['', 'passed', 'a second 1', 'two 1s in one roll', 'every figure has acted'] as const;

/** Most actions one figure may take in one turn (a safety bound: see docs/rules/escarmouche.md §PLAY). */
export const ACTION_CAP = 30;

const figures = (sc: EscScenario): number => sc.figures.length;
/** Names of the rule-path counters kept in {@link EscState.counters}. */
export const COUNTERS = [
  'sideTurns',
  'picks',
  'moves',
  'zocStops',
  'marshals',
  'marshalTriple',
  'develops',
  'readies',
  'covers',
  'stands',
  'rallies',
  'rearms',
  'reserves',
  'interrupts',
  'shots',
  'volleys',
  'cannonShots',
  'fights',
  'gangFights',
  'massedPike',
  'pikeFencing',
  'firstStrikeIgnored',
  'uphill',
  'ties',
  'shaken',
  'cowered',
  'disarmed',
  'pushed',
  'pushBlocked',
  'separated',
  'apartBlocked',
  'hits',
  'outOfAction',
  'figureInitiativeLost',
  'sideSecondOne',
  'sideDoubleOne',
  'passes',
  'ends',
  'actionCap',
] as const;
/** Index of each counter. */
export const C = counterIndex(COUNTERS);

/**
 * The state of one Escarmouche game, declared once (src/core/table/state.ts): from this declaration
 * come the fresh state, clone, cloneInto, hash and thread export. Per-figure typed arrays; the order
 * is the hash order. The compiled scenario is shared, never copied.
 */
export const STATE = defineState<EscScenario>()('Escarmouche', {
  /** Game turn, 1-based (each side has one turn per game turn). */
  turn: field.int(1),
  /** The side whose turn it is. */
  side: field.int(0),
  /** The side that takes the first turn of every game turn. */
  first: field.int(0),
  /** Decision phase (PH_*). */
  phase: field.int(PH_PICK),
  /** The acting figure, −1 between figures. */
  actor: field.int(-1),
  /** Active dice the actor has accumulated this turn (one per action other than moving). */
  pool: field.int(0),
  /** Actions the actor has taken this turn (all kinds; bounded by {@link ACTION_CAP}). */
  actions: field.int(0),
  /** Single 1s the side has rolled this turn (the second ends the side's turn). */
  ones: field.int(0),
  /** Why the side's turn is over (a SIDE_* code), 0 while it goes on. */
  sideWhy: field.int(0),
  /**
   * Pike vs cavalry / horse vs foot, per figure: 1 once the actor's first-strike round against that
   * enemy is over this turn (it struck first, or won against it), 0 otherwise; cleared when the
   * actor's turn ends. One mark per enemy (since 2.3.0, issue 38: a single "last enemy" mark was
   * overwritten by a fight with another, so first strike came back against the first) ([E47]).
   */
  fsBeat: field.typed('u8', figures),
  /** Pike fencing: the pikeman the actor has beaten pike against pike this turn (−1). */
  fenceBeat: field.int(-1),
  /** Per figure: where its centre stands (table unit). */
  x: field.typed('f64', figures, (sc, i) => sc.figures[i].start.x),
  y: field.typed('f64', figures, (sc, i) => sc.figures[i].start.y),
  /** Per figure: wounds left (0 = out of action). */
  wounds: field.typed('u8', figures, (sc, i) => sc.figures[i].wounds),
  /** Per figure: Shaken markers; Cowered (prone); Disarmed; in cover (took cover and has not moved). */
  shaken: field.typed('u8', figures),
  cowered: field.typed('u8', figures),
  disarmed: field.typed('u8', figures),
  cover: field.typed('u8', figures),
  /** Per figure: 1 once it has acted (or had its turn used) this side-turn. */
  acted: field.typed('u8', figures),
  /** Per figure: 1 while it holds a reserved action (one active die to interrupt with). */
  reserved: field.typed('u8', figures),
  /** Enemy figures that have just moved and may be interrupted (the window of PH_INT): the first `nWindow`. */
  window: field.typed('i16', figures, 0, { hashLen: 'nWindow' }),
  nWindow: field.int(0, { unhashed: 'hashed as the length of window' }),
  /** Winner (side index, −1 none), why the game ended, decisions applied: the kit's endFields. */
  ...endFields(),
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: field.typed('i32', () => COUNTERS.length, 0, { unhashed: 'statistics only' }),
  /**
   * The figures as the table kit sees them (queries.ts `figureView`): made on first use and kept with
   * this state object — never copied by a clone (it reads this state's own arrays), not hashed.
   */
  view: field.cache<FigureView>(),
  /**
   * The move lines reckoned at this state (moving.ts `MoveCache`): made on first use, kept by
   * `cloneInto` and shared with the scripted policy's copies, and checked against the places, wounds
   * and Disarmed markers it was made for before each use (so a state changed since is never served
   * an old line); not copied by a clone, not hashed. Typed `unknown` here so that the state does not
   * import the mechanics (no import cycle); `movesOf` narrows it with `instanceof`.
   */
  moves: field.cache<unknown>(),
});

/** The mutable state of one Escarmouche game (see {@link STATE} for each field). */
export type EscState = StateType<typeof STATE>;

/** A fresh state: every figure at its starting place, unhurt, nothing rolled yet. */
export const newState: (sc: EscScenario) => EscState = STATE.create;
/** An independent copy (typed arrays copied, scenario shared, the view not copied). */
export const cloneState: (s: EscState) => EscState = STATE.clone;
/** A copy of `from` in `into`'s own arrays, allocating nothing (the declaration's cloneInto; the policy's scratch copy). */
export const cloneStateInto: (into: EscState, from: EscState) => EscState = STATE.cloneInto;

/** True when figure `f` is still in play (not out of action). */
export function inPlay(s: EscState, f: number): boolean {
  return s.wounds[f] > 0;
}
