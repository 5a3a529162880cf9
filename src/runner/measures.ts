/**
 * Balance measures of one game in the spirit of Ludii's game metrics (Browne's "drama",
 * "decisiveness", lead changes), computed from the ruleset's evaluation of the winner and of the
 * loser, sampled along the game. Two-sided games only.
 */
import type { GameMeasures } from './types.js';

/** Values sampled along one game: at decision `at[i]`, the winner had `win[i]`, the loser `lose[i]`. */
export interface Trajectory {
  /** Decision numbers of the samples, increasing; the last is the final decision count. */
  at: readonly number[];
  /** The eventual winner's evaluation at each sample, in [0, 1]. */
  win: readonly number[];
  /** The eventual loser's evaluation at each sample, in [0, 1]. */
  lose: readonly number[];
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * Measures of one decided game.
 * - drama: over the samples where the winner trailed (its value below the loser's), the mean gap
 *   (loser − winner); 0 when the winner never trailed. High: comebacks.
 * - decisiveness: with τ the best value the loser ever had, the share of the game's decisions
 *   played after the winner first rose above τ (Ludii's DecisivenessMoves). High: the result was
 *   clear long before the end.
 * - leadChanges: how many times the sign of (winner − loser) changed, ties skipped.
 * Precondition: at least one sample; the last `at` is the game's decision count (> 0 for a
 * meaningful decisiveness; 0 gives 0).
 */
export function gameMeasures(t: Trajectory): GameMeasures {
  const n = t.at.length;
  let behind = 0;
  let gap = 0;
  let tau = 0;
  let changes = 0;
  let lastSign = 0;
  for (let i = 0; i < n; i++) {
    const d = t.win[i] - t.lose[i];
    if (d < 0) {
      behind++;
      gap -= d;
    }
    const s = d > 0 ? 1 : d < 0 ? -1 : 0;
    if (s !== 0) {
      if (lastSign !== 0 && s !== lastSign) changes++;
      lastSign = s;
    }
    if (t.lose[i] > tau) tau = t.lose[i];
  }
  const total = n ? t.at[n - 1] : 0;
  let decisive = 0;
  for (let i = 0; i < n; i++) {
    if (t.win[i] > tau) {
      decisive = total > 0 ? (total - t.at[i]) / total : 0;
      break;
    }
  }
  return { drama: r4(behind ? gap / behind : 0), decisiveness: r4(decisive), leadChanges: changes };
}
