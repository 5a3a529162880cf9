/**
 * The search's results pinned: root statistics, calls and line of searches on the fixtures —
 * tic-tac-toe and Nim (no chance: every node below the root keeps its state, its table is sure)
 * and the dice race (chance changes the legal list and the side to decide between visits: tables
 * that are not sure, legal lists matched through the cache and the position hash, tables that
 * grow past their first block, several tables at one node). The expected values are those of the
 * search before its tree moved into typed-array pools (109c6c4, one 233-line function with Maps
 * and objects per edge): a change to how the search stores or walks its tree must not change what
 * it finds. A deliberate change of the algorithm changes them — then say why in the commit and
 * record the new values.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AnyRuleset, Json } from '../../src/core/model.js';
import { FastRng } from '../../src/core/rng.js';
import { DEFAULT_SEARCH, search, type SearchResult } from '../../agents/mcts/search.js';
import { ticTacToe, ticTacToeScenario } from '../fixtures/tictactoe.js';
import { nim, nimScenario } from '../fixtures/nim.js';
import { diceRace } from '../fixtures/dice-race.js';

/** Signatures (sha1 of the result, 12 hex digits) of 109c6c4's search for each case. */
const EXPECTED: Record<string, string> = {
  'ttt  default': '140cd1f48a32',
  'ttt  wide': '5d965f3ed153',
  'ttt  prior': '2a8c5e1a9b3c',
  'ttt 4 default': 'ae877da7571d',
  'ttt 4 wide': 'fbfacfd45101',
  'ttt 4 prior': 'a0d93b1d72a6',
  'ttt 0,4,8 default': '3b390d210677',
  'ttt 0,4,8 wide': '36780b61c516',
  'ttt 0,4,8 prior': '9cf1b0c3307b',
  'nim default': 'ccd21e169ce2',
  'nim calls': '8626a4623fc3',
  'dice 15/1 random': 'b23f25a05340',
  'dice 15/1 scripted': 'b1cacc58c0c7',
  'dice 15/1 focus': '275f71dd0083',
  'dice 15/1 turn': 'f8e0bb829e01',
  'dice 15/1 calls': '36a41d249476',
  'dice 15/1 wide': '01c35c86fbb4',
  'dice 15/2 random': 'b91bb58fd640',
  'dice 15/2 scripted': '99487dbcc581',
  'dice 15/2 focus': 'a8ebb206b28c',
  'dice 15/2 turn': 'f5351d042922',
  'dice 15/2 calls': 'a4cc9c351048',
  'dice 15/2 wide': 'cb814bc1b23d',
  'dice 40/1 random': '498acde2703d',
  'dice 40/1 scripted': 'f26eff84fb55',
  'dice 40/1 focus': '94ed733df5b9',
  'dice 40/1 turn': '3b3b491137a4',
  'dice 40/1 calls': '74a1f025d1ee',
  'dice 40/1 wide': '1389a8ef5fa8',
  'dice 40/2 random': '7438d0b81dc1',
  'dice 40/2 scripted': '332bc070736a',
  'dice 40/2 focus': '4737920db70e',
  'dice 40/2 turn': 'ff95af5949c1',
  'dice 40/2 calls': '287984efa2a7',
  'dice 40/2 wide': '50fb203f868d',
};

function cases(): Record<string, string> {
  const D = DEFAULT_SEARCH;
  const sig = (z: SearchResult): string =>
    createHash('sha1')
      .update(JSON.stringify([z.iterations, z.calls, z.line, z.stats.map((s) => [s.key, s.visits, s.total, s.totalSq, s.prior])]))
      .digest('hex')
      .slice(0, 12);
  const out: Record<string, string> = {};
  const T = ticTacToe as unknown as AnyRuleset;
  for (const op of [[], [4], [0, 4, 8]]) {
    const s = ticTacToe.setup(ticTacToeScenario(op), { rng: new FastRng(1) });
    out[`ttt ${op.join(',')} default`] = sig(search(T, s, { ...D, iterations: 2000, horizon: 9, focus: 1 }, 1, null));
    out[`ttt ${op.join(',')} wide`] = sig(search(T, s, { ...D, iterations: 2000, horizon: 9, focus: 1, k: 1000, c: 2, bias: 0 }, 2, null));
    out[`ttt ${op.join(',')} prior`] = sig(
      search(T, s, { ...D, iterations: 1000, horizon: 9 }, 3, (_s: unknown, l: readonly Json[]) =>
        (l as number[]).map((a) => (a === 4 ? 2 : a % 2)),
      ),
    );
  }
  const N = nim as unknown as AnyRuleset;
  const n0 = nim.setup(nimScenario([3, 4, 5]), { rng: new FastRng(1) });
  out['nim default'] = sig(search(N, n0, { ...D, iterations: 1500, horizon: 50 }, 1, null));
  out['nim calls'] = sig(search(N, n0, { ...D, iterations: 0, calls: 5000, horizon: 50 }, 2, null));
  const R = diceRace as unknown as AnyRuleset;
  const greedy = (_s: unknown, l: readonly Json[]): number[] => (l as number[]).map((n) => n);
  for (const target of [15, 40]) {
    for (const seed of [1, 2]) {
      const s = diceRace.setup({ target }, { rng: new FastRng(seed) });
      const at = `dice ${target}/${seed}`;
      out[`${at} random`] = sig(search(R, s, { ...D, iterations: 3000 }, seed, null));
      out[`${at} scripted`] = sig(search(R, s, { ...D, iterations: 3000, focus: 1 }, seed, greedy));
      out[`${at} focus`] = sig(search(R, s, { ...D, iterations: 3000 }, seed, greedy));
      out[`${at} turn`] = sig(search(R, s, { ...D, iterations: 2000, horizon: 10_000, horizonTurn: true }, seed, null));
      out[`${at} calls`] = sig(search(R, s, { ...D, iterations: 0, calls: 9000, eps: 0.5 }, seed, greedy));
      out[`${at} wide`] = sig(search(R, s, { ...D, iterations: 2000, k: 1000, c: 2, bias: 0, horizon: 0 }, seed, null));
    }
  }
  return out;
}

describe('search results pinned (fixtures)', () => {
  it('every case gives the results of the search of 109c6c4', () => {
    expect(cases()).toEqual(EXPECTED);
  });
});

describe('legal lists matched by identity (frozen shared actions) or by key', () => {
  // The dice race with its list turned by the points banked (so one action is at different indices
  // between visits) and its actions as objects: shared frozen ones, which the search's legal-list cache
  // matches by identity, or a fresh object per listing, matched only by key. The same keys, the
  // same game: the searches must agree exactly, tables growing past their first block and all.
  type Box = { readonly n: number };
  const SHARED: Box[] = Array.from({ length: 7 }, (_, n) => Object.freeze({ n }));
  const listed = (s: Parameters<typeof diceRace.legalActions>[0]): number[] => {
    const l = diceRace.legalActions(s);
    const k = (s.points[0] + 2 * s.points[1]) % l.length;
    return [...l.slice(k), ...l.slice(0, k)];
  };
  const boxed = (shared: boolean): AnyRuleset =>
    ({
      ...diceRace,
      legalActions: (s: Parameters<typeof diceRace.legalActions>[0]) => listed(s).map((n) => (shared ? SHARED[n] : { n })),
      apply: (s: Parameters<typeof diceRace.apply>[0], a: Box, ctx: Parameters<typeof diceRace.apply>[2]) => diceRace.apply(s, a.n, ctx),
      actionKey: (a: Box) => String(a.n),
    }) as unknown as AnyRuleset;
  const sig = (z: SearchResult): string =>
    JSON.stringify([z.iterations, z.calls, z.line, z.stats.map((s) => [s.key, s.visits, s.total, s.totalSq, s.prior])]);
  const greedy = (_s: unknown, l: readonly Json[]): number[] => (l as Box[]).map((a) => a.n);

  it('gives the same searches whether the actions are shared frozen objects or fresh ones', () => {
    const D = DEFAULT_SEARCH;
    let compared = 0;
    for (const target of [15, 40]) {
      for (const seed of [1, 2]) {
        const s = diceRace.setup({ target }, { rng: new FastRng(seed) });
        const run = (r: AnyRuleset): string[] => [
          sig(search(r, s, { ...D, iterations: 3000 }, seed, null)),
          sig(search(r, s, { ...D, iterations: 3000, focus: 1 }, seed, greedy)),
          sig(search(r, s, { ...D, iterations: 2000, k: 1000, c: 2, bias: 0, horizon: 0 }, seed, null)),
        ];
        const a = run(boxed(true));
        const b = run(boxed(false));
        expect(a).toEqual(b);
        compared += a.length;
      }
    }
    expect(compared).toBe(12);
  });
});
