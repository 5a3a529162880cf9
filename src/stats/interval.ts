/**
 * Confidence intervals for win rates.
 */

/** A proportion with its 95% Wilson score interval. */
export interface Rate {
  wins: number;
  games: number;
  rate: number;
  low: number;
  high: number;
}

/**
 * The Wilson score interval for `wins` successes in `games` trials at confidence z (1.96 → 95%).
 * Draws should be counted as half a win by the caller if wanted. Precondition: games ≥ 0.
 */
export function wilson(wins: number, games: number, z = 1.96): Rate {
  if (games === 0) return { wins, games, rate: 0, low: 0, high: 1 };
  const p = wins / games;
  const z2 = z * z;
  const den = 1 + z2 / games;
  const centre = (p + z2 / (2 * games)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / den;
  return { wins, games, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** "87.5% [82.1–91.4%] (175/200)". */
export function formatRate(r: Rate): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  return `${pct(r.rate)} [${pct(r.low)}–${pct(r.high)}] (${r.wins}/${r.games})`;
}

/**
 * Exact two-sided sign test: the probability, if each of `n` trials were a fair coin, of a split at
 * least as uneven as `k` against `n − k` (min(1, 2 · P[X ≥ max(k, n − k)]), X ~ Binomial(n, ½)).
 * Used on paired games: of the seeds one agent won in both side orders, how many each agent took.
 * Returns 1 for n = 0. Preconditions: integers, 0 ≤ k ≤ n. Exact for any n (sums in log space).
 */
export function signTest(k: number, n: number): number {
  if (n === 0) return 1;
  const hi = Math.max(k, n - k);
  // log C(n, i) − n·log 2, summed from i = hi to n.
  let logC = 0; // log C(n, 0)
  for (let i = 1; i <= hi; i++) logC += Math.log((n - i + 1) / i);
  let tail = 0;
  for (let i = hi; i <= n; i++) {
    tail += Math.exp(logC - n * Math.LN2);
    logC += Math.log((n - i) / (i + 1));
  }
  return Math.min(1, 2 * tail);
}
