/**
 * The Pirates! game state: flat arrays of small numbers indexed by figure (and by band and card),
 * so that a clone is a handful of `slice()` calls. Plain arrays, not typed arrays: V8 copies a
 * packed array of small integers several times faster than it allocates a typed array. Everything that can influence the rest of the game is
 * here and hashed (the declaration {@link STATE}); the compiled scenario is shared, never copied.
 */
import { type StateType, counterIndex, defineState, field, figureFields, endFields } from '../../core/table/state.js';
import type { PiratesScenario } from './compile.js';
import type { FigureView } from '../../core/table/index.js';

/** Figure status values: the kit's shared codes (src/core/table/status.ts). FLEEING: disengaged (§5.C(2)) or ran after a morale check (§10), runs each turn until gone; GONE: ran off the table, or back aboard the ship. */
export { ACTIVE, CAPTURED, DEAD, FLEEING, GONE } from '../../core/table/status.js';

/** Decision phases. */
export const PH_BAND = 0; // choose which band the turned card activates
export const PH_GROUP = 1; // choose the band's group move (or none)
export const PH_FIGURE = 2; // each figure of the band chooses its action
export const PH_OVER = 3; // the game is over

/** Names of the rule-path counters kept in {@link PiratesState.counters}. */
export const COUNTERS = [
  'fights',
  'fires',
  'charges',
  'kills',
  'flights',
  'captures',
  'captureAttempts',
  'reloads',
  'pillages',
  'moraleChecks',
  'moraleFailures',
  'moraleRunners',
  'groupMoves',
  'passes',
] as const;
/** Index of each counter. */
export const C = counterIndex(COUNTERS);

/**
 * The state of one Pirates! game, declared once (src/core/table/state.ts): from this declaration
 * come the fresh state, clone, cloneInto, hash and thread export. Per-figure arrays are plain
 * `number[]`: V8 copies a packed array of small integers several times faster than it allocates a
 * typed array. The order is the hash order.
 */
const figures = (sc: PiratesScenario): number => sc.figures.length;
export const STATE = defineState<PiratesScenario>()('Pirates!', {
  /** Current turn, 1-based. */
  turn: field.int(1),
  /** Figure centres (inches) and facings (radians) from the start, and status (ACTIVE, FLEEING, GONE, DEAD, CAPTURED): the kit's standard figure fields. */
  ...figureFields<PiratesScenario>(),
  /** Band id of each figure, −1 when in no band. */
  band: field.nums(figures, -1),
  /** Hits taken this turn (§5.C, cumulative within the turn) and capture margin this turn (§5.E). */
  hits: field.nums(figures),
  capHits: field.nums(figures),
  /** 1 when the missile weapon is loaded (§8); 1 when reloading this turn (loaded at the turn's end). */
  loaded: field.nums(figures, (sc, i) => (sc.figures[i].weapon.ranges.length > 0 ? 1 : 0)),
  reloading: field.nums(figures),
  /** 1 when carrying a load of booty (§11.C). */
  booty: field.nums(figures),
  /** 1 once the figure has landed a load at home: each raider brings back one load (§11, "15 of his boys"). */
  hasLanded: field.nums(figures),
  /** Turns of pillage done toward the next load (§9). */
  pillage: field.nums(figures),
  /** 1 when the figure has attacked this turn (§5.B(3)). */
  attacked: field.nums(figures),
  /** Exit index a fleeing figure runs for (−1: home, or not fleeing). */
  fleeExit: field.nums(figures, -1),
  /** 1 once a raider has stood in the objective zone (statistics). */
  reached: field.nums(figures),
  /** Number of bands formed so far (band ids are 0 … nBands−1). */
  nBands: field.int(0),
  /** Per band: side, size when formed, and 1 when activated this turn (§3.G). */
  bandSide: field.nums(figures, 0, { hashLen: 'nBands' }),
  bandSize: field.nums(figures, 0, { hashLen: 'nBands' }),
  bandDone: field.nums(figures, 0, { hashLen: 'nBands' }),
  /** Per card of the deck: 1 while not yet turned this turn. */
  inDeck: field.nums((sc) => sc.deck.length),
  /** The pair of cards turned (§3.B): card indices, −1 for none; `pairAt` is the one being resolved. */
  pair: field.nums(2, -1),
  pairAt: field.int(0),
  /** Current decision phase (PH_*). */
  phase: field.int(PH_BAND),
  /** The band being activated, and the card activating it. */
  actBand: field.int(-1),
  actCard: field.int(-1),
  /** Figures of the band still to decide this activation, in order, and the position reached. */
  queue: field.nums(16, 0, { hashLen: 'qLen' }),
  qLen: field.int(0, { unhashed: 'hashed as the length of queue' }),
  qPos: field.int(0),
  /** Group move chosen for the activation ('' for none) and the figures that follow it. */
  groupTo: field.str(''),
  followers: field.nums(16, 0, { hashLen: 'nFollow' }),
  nFollow: field.int(0, { unhashed: 'hashed as the length of followers' }),
  /**
   * Movement this turn per side (§4.B–C): [allowance, broken-ground allowance, mounted allowance,
   * mounted broken-ground allowance], inches, at index side*4.
   */
  moveAllow: field.nums(8),
  /** Killed figures per side, and morale checks taken per side (§10: one per 10 killed). */
  killed: field.nums(2),
  moraleTaken: field.nums(2),
  /** Booty loads landed at home, and loads pillaged. */
  landed: field.int(0),
  pillaged: field.int(0),
  /** Winner (side index, −1 none), why the game ended, decisions applied: the kit's endFields. */
  ...endFields(),
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: field.nums(() => COUNTERS.length, 0, { unhashed: 'statistics only' }),
  /**
   * The figures as the table kit sees them (table.ts `viewOf`), made on first use and kept with
   * this state object — never copied by a clone (it reads this state's own arrays), not part of the
   * game (not hashed). A field rather than a WeakMap entry: search makes a state per iteration, and
   * weak tables of short-lived keys are dear to collect.
   */
  view: field.cache<FigureView>(),
});

/** The mutable state of one Pirates! game (see {@link STATE} for each field). */
export type PiratesState = StateType<typeof STATE>;

/** A fresh state with every figure at its start and nothing drawn yet. */
export const newState: (sc: PiratesScenario) => PiratesState = STATE.create;
