/**
 * The Pig Wars game state (both versions): flat arrays of numbers by figure, unit, pig and side,
 * declared once with the table kit's `defineState` (src/core/table/state.ts), which gives the fresh
 * state, clone, cloneInto, hash and thread export. Everything that can influence the rest of the
 * game is here and hashed; the compiled scenario is shared, never copied.
 */
import { type StateType, counterIndex, defineState, field, figureFields, endFields } from '../../core/table/state.js';
import type { FigureView } from '../../core/table/index.js';
import type { PigScenario } from './compile.js';

/**
 * Figure status values: the kit's shared codes (src/core/table/status.ts). ACTIVE: on the table,
 * obeys orders; DEAD: killed; GONE: off the table (routed off, or back aboard).
 */
export { ACTIVE, DEAD, GONE } from '../../core/table/status.js';
/** Routed (Morale "RT"): must rally or keep falling back — the kit's FLEEING. */
export { FLEEING as ROUT } from '../../core/table/status.js';

/** Pig (loot token) holder values besides a figure index. */
export const PIG_FREE = -1;
export const PIG_LANDED = -2;

/** Decision phases. */
export const PH_UNIT = 0; // the acting unit chooses its order
export const PH_OVER = 1;

/** Names of the rule-path counters. */
export const COUNTERS = [
  'orders',
  'moves',
  'charges',
  'shots',
  'shotHits',
  'melees',
  'kills',
  'leaderHits',
  'moraleChecks',
  'fallBacks',
  'routs',
  'rallies',
  'outOfCommand',
  'lootTaken',
  'lootLanded',
  'walls',
] as const;
export const C = counterIndex(COUNTERS);

const figures = (sc: PigScenario): number => sc.figures.length;
const units = (sc: PigScenario): number => sc.units.length;
const pigs = (sc: PigScenario): number => sc.pigStart.length;

/** The state of one Pig Wars game, declared once; the order is the hash order. */
export const STATE = defineState<PigScenario>()('Pig Wars', {
  /** Current turn, 1-based. */
  turn: field.int(1),
  /** Figure centres (inches) and facings (radians) from the start, and status (ACTIVE, ROUT, DEAD, GONE): the kit's standard figure fields. */
  ...figureFields<PigScenario>(),
  /** Leader hits (Leader Combat); each is a wound (−1 in melee). */
  hits: field.nums(figures),
  /** 1 when the missile weapon is loaded (pirates: pistols, muskets … must reload). */
  loaded: field.nums(figures, (sc, i) => (sc.figures[i].missile ? 1 : 0)),
  /** 1 when carrying loot from the objective zone. Pigs are in pigBy. */
  carry: field.nums(figures),
  /** Turn the figure last charged (chargers rest 1 turn), −9 never. */
  charged: field.nums(figures, -9),
  /** Turn up to which the figure may not charge (fall back: "may not charge on next turn"). */
  noCharge: field.nums(figures, -9),
  /** 1 when it charged into its current mêlée qualifying for the bonus. */
  chargeBonus: field.nums(figures),
  /** Rounds of mêlée fought in its current mêlée (0 = the next is its first round). */
  rounds: field.nums(figures),
  /** 1 when it has acted (moved, charged, shot, reloaded) in this activation. */
  moved: field.nums(figures),
  /** Per unit: 1 in shield wall. */
  wall: field.nums(units),
  /** Per unit: 1 in close order. */
  close: field.nums(units, (sc, u) => (sc.units[u].close ? 1 : 0)),
  /** Per unit: figures lost this turn. */
  lostTurn: field.nums(units),
  /** Per unit: morale triggers pending (TRIG_* bits). */
  pending: field.nums(units),
  /** Per unit: 1 once the loss trigger has been checked this turn. */
  lossChecked: field.nums(units),
  /** Per unit: 1 once its standard is lost; 1 once a leader of it is lost. */
  standardLost: field.nums(units),
  leaderLost: field.nums(units),
  /** Per unit: the order given this activation (O_* of action.ts, −1 none), for the shooting rules. */
  order: field.nums(units, -1),
  /** Pigs: position (inches) and holder (figure, PIG_FREE, PIG_LANDED). */
  pigX: field.nums(pigs, (sc, p) => sc.pigStart[p].x),
  pigY: field.nums(pigs, (sc, p) => sc.pigStart[p].y),
  pigBy: field.nums(pigs, PIG_FREE),
  /** Cards (chips) of each side not yet drawn this turn. */
  cardsLeft: field.nums(2, (sc, i) => sc.sides[i].cards),
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: field.nums(() => COUNTERS.length, 0, { unhashed: 'statistics only' }),
  /** The side whose card is being played, −1 between cards. */
  actSide: field.int(-1),
  /** The unit deciding now (PH_UNIT). */
  actUnit: field.int(-1),
  /** Decision phase (PH_*). */
  phase: field.int(PH_UNIT),
  /** Loot landed by the raiders. */
  landed: field.int(0),
  /** Winner (side index, −1 none), why the game ended, decisions applied: the kit's endFields. */
  ...endFields(),
  /**
   * The figures as the table kit sees them (queries.ts `figureView`), made on first use and kept
   * with this state object — never copied by a clone (it reads this state's own arrays), not part
   * of the game (not hashed).
   */
  view: field.cache<FigureView>(),
});

/** The mutable state of one game (see {@link STATE} for each field). */
export type PigState = StateType<typeof STATE>;

/** Morale trigger bits of PigState.pending. */
export const TRIG_LEADER = 1;
export const TRIG_LOSS = 2;
export const TRIG_STANDARD = 4;

/** A fresh state with every figure at its start and nothing drawn yet. */
export const newState: (sc: PigScenario) => PigState = STATE.create;
