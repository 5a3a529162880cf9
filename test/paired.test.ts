/**
 * Paired-by-seed analysis of tournaments: the exact sign test, and the tournament report's deals
 * (the same seed in both side orders) counted as A better (won both, or a win and a draw), B better, or even.
 */
import { describe, expect, it } from 'vitest';
import { signTest } from '../src/stats/interval.js';
import { TournamentAnalysis } from '../src/report/tournament.js';
import { pValue } from '../src/report/common.js';
import type { GameRow } from '../src/runner/types.js';

describe('signTest (exact, two-sided)', () => {
  it('matches the binomial sums worked by hand', () => {
    expect(signTest(0, 0)).toBe(1);
    // 7 of 10: 2 · (C(10,7)+C(10,8)+C(10,9)+C(10,10)) / 2^10 = 2 · 176/1024.
    expect(signTest(7, 10)).toBeCloseTo(0.34375, 12);
    expect(signTest(3, 10)).toBeCloseTo(0.34375, 12);
    expect(signTest(10, 10)).toBeCloseTo(2 / 1024, 12);
    expect(signTest(14, 20)).toBeCloseTo(0.11531829833984375, 12);
    // An even split, or anything with one trial, is no evidence at all.
    expect(signTest(5, 10)).toBe(1);
    expect(signTest(1, 1)).toBe(1);
  });

  it('stays exact far in the tail (no overflow for large n)', () => {
    const p = signTest(600, 1000);
    expect(p / 2.7284641560660184e-10).toBeCloseTo(1, 8);
  });
});

describe("pValue (the reports' p column)", () => {
  it('gives three decimals, and "< 0.001" instead of a bare 0.000', () => {
    expect(pValue(1)).toBe('1.000');
    expect(pValue(0.0123)).toBe('0.012');
    expect(pValue(0.001)).toBe('0.001');
    expect(pValue(0.000999)).toBe('< 0.001');
    expect(pValue(signTest(58, 64))).toBe('< 0.001');
  });
});

describe('TournamentAnalysis.pairedDeals', () => {
  let id = 0;
  const row = (seed: number, pirates: string, townsfolk: string, winner: 'pirates' | 'townsfolk' | null, noResult = false): GameRow => ({
    id: ++id,
    seed,
    agents: { pirates, townsfolk },
    winner,
    reason: '',
    turns: 10,
    decisions: 100,
    stats: {},
    ...(noResult ? { error: { kind: 'engine' as const, message: 'boom', repro: 'npx tsx src/cli.ts run …' } } : {}),
  });

  it('counts deals A did better on (won both, or a win and a draw), B did better on, and even ones, in any arrival order', () => {
    const t = new TournamentAnalysis(['A', 'B'], ['pirates', 'townsfolk'], null);
    // Seed 1: A wins both orders.
    t.add(row(1, 'A', 'B', 'pirates'));
    t.add(row(1, 'B', 'A', 'townsfolk'));
    // Seed 2: the pirates win both games (split), second order first.
    t.add(row(2, 'B', 'A', 'pirates'));
    t.add(row(2, 'A', 'B', 'pirates'));
    // Seed 3: B wins both.
    t.add(row(3, 'A', 'B', 'townsfolk'));
    t.add(row(3, 'B', 'A', 'pirates'));
    // Seed 4: a draw and an A win — A did better on the deal (counted with A's double wins).
    t.add(row(4, 'A', 'B', null));
    t.add(row(4, 'B', 'A', 'townsfolk'));
    // Seed 10: two draws — an even deal. Seed 11: a draw and a B win — B did better.
    t.add(row(10, 'A', 'B', null));
    t.add(row(10, 'B', 'A', null));
    t.add(row(11, 'B', 'A', 'pirates'));
    t.add(row(11, 'A', 'B', null));
    // Seed 5: one game without a result — the deal is left out.
    t.add(row(5, 'A', 'B', 'pirates'));
    t.add(row(5, 'B', 'A', null, true));
    // Seed 6: only one order played so far — not counted yet.
    t.add(row(6, 'A', 'B', 'pirates'));
    // Seeds 7–9: A wins both.
    for (const s of [7, 8, 9]) {
      t.add(row(s, 'B', 'A', 'townsfolk'));
      t.add(row(s, 'A', 'B', 'pirates'));
    }
    const [d] = t.pairedDeals();
    expect(d).toMatchObject({ a: 'A', b: 'B', deals: 9, aBoth: 5, bBoth: 2, split: 2 });
    // 5 against 2: 2 · (C(7,5) + C(7,6) + C(7,7)) / 128 = 58/128.
    expect(d.p).toBeCloseTo(0.453125, 12);
  });

  it('keeps pairings apart in a round robin and names A as the earlier agent in the list', () => {
    const t = new TournamentAnalysis(['X', 'Y', 'Z'], ['pirates', 'townsfolk'], null);
    t.add(row(1, 'Z', 'X', 'pirates'));
    t.add(row(1, 'X', 'Z', 'townsfolk')); // Z wins both against X
    t.add(row(1, 'Y', 'Z', 'pirates'));
    t.add(row(1, 'Z', 'Y', 'townsfolk')); // Y wins both against Z (same seed, other pairing)
    expect(t.pairedDeals()).toEqual([
      { a: 'X', b: 'Z', deals: 1, aBoth: 0, bBoth: 1, split: 0, p: 1 },
      { a: 'Y', b: 'Z', deals: 1, aBoth: 1, bBoth: 0, split: 0, p: 1 },
    ]);
  });
});
