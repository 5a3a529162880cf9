/**
 * The Duel game state, declared once with the kit's {@link defineState}: from the declaration come
 * the fresh state, clone, allocation-free cloneInto, hash and thread export/import. Every field is
 * hashed unless its declaration says why not. Per-figure arrays are plain `number[]` indexed by
 * figure (compile.ts `FigureInfo.index`); positions in inches, facings in radians. Status values are
 * the kit's shared codes (src/core/table/status.ts): Duel uses ACTIVE and DEAD ("down", §4–5).
 */
import { type StateType, defineState, field, figureFields, endFields } from '../../core/table/state.js';
import type { FigureView } from '../../core/table/figures.js';
import type { DuelScenario } from './compile.js';

export { ACTIVE, DEAD } from '../../core/table/status.js';

const figures = (sc: DuelScenario): number => sc.figures.length;

export const STATE = defineState<DuelScenario>()('Duel', {
  /** Current turn, 1-based (§2). */
  turn: field.int(1),
  /** Index of the side whose turn it is (§2). */
  side: field.int(0),
  /** The figure deciding now (the side's first figure not yet activated, §2); −1 when the game is over. */
  actor: field.int(-1),
  /** Figure centres (inches) and facings (radians) from the start, and status (ACTIVE, or DEAD once down): the kit's standard figure fields. */
  ...figureFields<DuelScenario>(),
  /** 1 once the figure has been activated this turn (§2). */
  done: field.nums(figures),
  /** Figures down, per side (§6). */
  down: field.nums(2),
  /** 1 once the game is over. */
  over: field.int(0),
  /** Winner (side index, −1 none), why the game ended, decisions applied: the kit's endFields. */
  ...endFields(),
  /** The figures as the kit sees them (query.ts `viewOf`): made on first use, never copied or hashed. */
  view: field.cache<FigureView>(),
});

/** The mutable state of one Duel game (see {@link STATE} for each field). */
export type DuelState = StateType<typeof STATE>;

/** A fresh state: every figure at its start, active, not yet activated; turn 1, the first side. */
export const newState: (sc: DuelScenario) => DuelState = STATE.create;
