/**
 * PLAY: what a roll does to the initiative (a single 1 ends the figure's turn, a second single 1 or
 * two 1s in one roll end the side's turn) and the end of a figure's turn — what every action's
 * roll leads to, below the mechanics that roll.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent, FigureEndWhy } from './events.js';
import { C, SIDE_DOUBLE_ONE, SIDE_SECOND_ONE, type EscState } from './state.js';

/** How a roll left the initiative: kept; the figure's turn over; the side's turn over; or (interrupts) no bearing. */
export type InitiativeResult = 'keep' | 'figure' | 'side' | 'none';

/**
 * PLAY: what the actor's roll with `ones` 1s does to the initiative. A single 1 ends the figure's
 * turn, and is the side's second 1 if it had one this turn; two 1s in one roll end the side's turn.
 */
export function initiative(s: EscState, ones: number): InitiativeResult {
  if (ones === 0) return 'keep';
  if (ones >= 2) {
    s.sideWhy = SIDE_DOUBLE_ONE;
    s.counters[C.sideDoubleOne]++;
    return 'side';
  }
  s.ones++;
  if (s.ones >= 2) {
    s.sideWhy = SIDE_SECOND_ONE;
    s.counters[C.sideSecondOne]++;
    return 'side';
  }
  s.counters[C.figureInitiativeLost]++;
  return 'figure';
}

/**
 * PLAY: what a shot's or a fight's opposed roll does to the initiative. An interrupt's roll has no
 * bearing on it ('none'); the actor's own roll adds one die to its pool for its next action and is
 * read by {@link initiative}.
 */
export function combatInitiative(s: EscState, ones: number, interrupt: boolean): InitiativeResult {
  if (interrupt) return 'none';
  s.pool++;
  return initiative(s, ones);
}

/** End the actor's turn: its pool is lost (PLAY: "Active dice pools do not carry-over"). */
export function endFigure(s: EscState, why: FigureEndWhy, ctx: StepContext<EscEvent>): void {
  if (s.actor < 0) return;
  ctx.emit?.({ e: 'figureEnd', turn: s.turn, figure: s.sc.figures[s.actor].id, why, pool: s.pool });
  s.actor = -1;
  s.pool = 0;
  s.actions = 0;
  s.fsBeat.fill(0);
  s.fenceBeat = -1;
}
