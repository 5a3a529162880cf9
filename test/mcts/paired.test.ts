/**
 * `mcts:paired=1` (agents/mcts/params.ts; issue 42): the root's actions are compared on the streams
 * they share — the k-th visit of every root action re-plays the same dice — so a small difference
 * between two actions is seen through dice noise much larger than it. A fixture makes the case
 * exact: the root's action `good` is worth 0.02 more than `bad` on every roll of a die both share,
 * and the die moves the value by up to ±0.2.
 */
import { describe, expect, it } from 'vitest';
import { luckRuleset } from '../helpers/luck.js';
import { searchOptions } from '../../agents/mcts/index.js';
import { DEFAULT_SEARCH, search } from '../../agents/mcts/search.js';
import { AgentSpecError } from '../../agents/options.js';

/** `bad` (index 0) or `good` (index 1): `good` worth 0.02 more on every roll of the shared die, which moves the value by up to ±0.2. */
const { R, root } = luckRuleset(
  'luck',
  'Common luck (test fixture)',
  ['bad', 'good'],
  (pick, luck) => 0.5 + 0.4 * (luck - 0.5) + (pick === 1 ? 0.02 : 0),
);

/** A script that prefers `bad` (prior ≈ 0.88): the search must overturn it, so the root's visit counts are unequal. */
const script = (_s: unknown, legal: readonly unknown[]): number[] => legal.map((a) => (a === 'bad' ? 2 : 0));

/** Seeds 1..20: how often the most-visited root action is `good`. */
function goodShare(paired: number, iterations: number): number {
  let good = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const res = search(R, root, { ...DEFAULT_SEARCH, iterations, horizon: 0, paired }, seed, script);
    if (res.stats[0].key === 'good') good++;
  }
  return good / 20;
}

describe('mcts paired=1 (root actions compared on shared streams)', () => {
  it('finds an action better by 0.02 on every die through ±0.2 of common dice noise, against a script that prefers the other, where plain means often do not', () => {
    // 200 iterations, seeds 1–20 (plain means: 13 of 20 when this was written).
    expect(goodShare(1, 200)).toBe(1);
    expect(goodShare(0, 200)).toBeLessThan(0.8);
  });

  it('keeps the plain sums in the result and is deterministic: the same seed gives the same search', () => {
    const o = { ...DEFAULT_SEARCH, iterations: 150, horizon: 0, paired: 1 };
    const a = search(R, root, o, 7, null);
    expect(search(R, root, o, 7, null)).toEqual(a);
    expect(a.stats.reduce((x, s) => x + s.visits, 0)).toBe(150);
    for (const s of a.stats) expect(s.total / s.visits).toBeGreaterThan(0.25);
    expect(DEFAULT_SEARCH.paired).toBe(0);
  });

  it('the option is read from a spec and checked', () => {
    expect(searchOptions({ paired: '1' }, null).opts.paired).toBe(1);
    expect(() => searchOptions({ paired: '3' }, null)).toThrow(AgentSpecError);
  });
});
