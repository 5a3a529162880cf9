/**
 * Dice contests: each side rolls a handful of dice of different sizes (a d8 and a d6, say), each
 * die possibly adjusted, and the sides compare their single highest adjusted die. The mechanic of
 * several skirmish rules (a "quality die against cover and range dice"); it names no ruleset.
 *
 * Everything here is pure: rolls come from the {@link Rng} passed in, and the exact odds are
 * worked out by enumeration (no sampling), so agents may use them for expected values.
 */
import { type Rng, roll } from './rng.js';

/** One die of a pool: its number of faces and an amount added to what it shows (may be negative). */
export interface PoolDie {
  /** Faces, ≥ 1 (a d6 has 6). */
  sides: number;
  /** Added to the face rolled (default 0). */
  mod?: number;
  /** Lowest score the die may give after `mod` (default: no floor). */
  floor?: number;
  /** A label for records and stories ("quality", "cover"). */
  label?: string;
}

/** A rolled die: what it was, the face shown and its score after adjustment. */
export interface RolledDie {
  sides: number;
  face: number;
  score: number;
  label: string;
}

/** A rolled pool: every die in order and the best score (0 for an empty pool). */
export interface RolledPool {
  dice: RolledDie[];
  best: number;
}

/** Score of a face on `d` (face + mod, raised to the floor). */
export function dieScore(d: PoolDie, face: number): number {
  const s = face + (d.mod ?? 0);
  return d.floor !== undefined && s < d.floor ? d.floor : s;
}

/** Roll every die of `pool` in order (one draw from `rng` per die). An empty pool scores 0. */
export function rollPool(rng: Rng, pool: readonly PoolDie[]): RolledPool {
  const dice: RolledDie[] = [];
  let best = 0;
  for (const d of pool) {
    const face = roll(rng, d.sides);
    const score = dieScore(d, face);
    dice.push({ sides: d.sides, face, score, label: d.label ?? '' });
    if (dice.length === 1 || score > best) best = score;
  }
  return { dice, best };
}

/**
 * The distribution of a pool's best score: a map from score to probability (sums to 1). An empty
 * pool scores 0 with certainty. Exact; cost is the product of the dice's faces (fine for a few dice).
 */
export function bestDistribution(pool: readonly PoolDie[]): Map<number, number> {
  if (pool.length === 0) return new Map([[0, 1]]);
  // P(best ≤ v) = Π P(die ≤ v): work on the cumulative distribution over every score that can occur.
  const scores = new Set<number>();
  for (const d of pool) for (let f = 1; f <= d.sides; f++) scores.add(dieScore(d, f));
  const sorted = [...scores].sort((a, b) => a - b);
  const out = new Map<number, number>();
  let prev = 0;
  for (const v of sorted) {
    let cdf = 1;
    for (const d of pool) {
      let k = 0;
      for (let f = 1; f <= d.sides; f++) if (dieScore(d, f) <= v) k++;
      cdf *= k / d.sides;
    }
    out.set(v, cdf - prev);
    prev = cdf;
  }
  return out;
}

/**
 * The distribution of the margin (a's best + aBonus) − (b's best + bBonus): a map from margin to
 * probability. Used for the odds of a contest.
 */
export function marginDistribution(a: readonly PoolDie[], b: readonly PoolDie[], aBonus = 0, bBonus = 0): Map<number, number> {
  const da = bestDistribution(a);
  const db = bestDistribution(b);
  const out = new Map<number, number>();
  for (const [va, pa] of da) {
    for (const [vb, pb] of db) {
      const m = va + aBonus - (vb + bBonus);
      out.set(m, (out.get(m) ?? 0) + pa * pb);
    }
  }
  return out;
}

/** The result of a rolled contest: both pools and the margin (a's score − b's score). */
export interface ContestResult {
  a: RolledPool;
  b: RolledPool;
  /** a.best + aBonus − (b.best + bBonus); positive when a wins. */
  margin: number;
}

/**
 * Roll a contest: pool `a` first, then pool `b` (that order of draws is part of the contract, so
 * records replay), each side's score its best die plus its bonus.
 */
export function rollContest(rng: Rng, a: readonly PoolDie[], b: readonly PoolDie[], aBonus = 0, bBonus = 0): ContestResult {
  const ra = rollPool(rng, a);
  const rb = rollPool(rng, b);
  return { a: ra, b: rb, margin: ra.best + aBonus - (rb.best + bBonus) };
}
