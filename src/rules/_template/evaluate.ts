/**
 * How good a Duel state is for a side, in [0, 1] (the ruleset's `evaluate`): exactly 1, 0 or 0.5
 * when the game is over; otherwise a logistic of how much nearer the enemy is to breaking (§6)
 * than the side itself, plus a little for its figures in cover (§4).
 */
import { ACTIVE, type DuelState } from './state.js';

/** Weight of the breaking margin (fractions of a side down) and of the share of figures in cover. */
const W_DOWN = 4;
const W_COVER = 0.5;

/** The value of `s` for side index `side` (0 or 1). */
export function evaluateFor(s: DuelState, side: number): number {
  if (s.over) return s.winner < 0 ? 0.5 : s.winner === side ? 1 : 0;
  const sc = s.sc;
  const own = sc.sides[side].figures;
  const foe = sc.sides[1 - side].figures;
  const margin = s.down[1 - side] / foe.length - s.down[side] / own.length;
  let cover = 0;
  for (const f of own) if (s.status[f] === ACTIVE && sc.table.inCover(s.x[f], s.y[f])) cover++;
  const z = W_DOWN * margin + (W_COVER * cover) / own.length;
  return 1 / (1 + Math.exp(-z));
}
