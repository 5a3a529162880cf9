/**
 * The MCTS agent (agents/mcts): finds forced wins in a game with known perfect play (Nim), is
 * deterministic under iteration budgets, and gives the same choice whether its root-parallel trees
 * run on worker threads or one after the other.
 */
import { describe, expect, it } from 'vitest';
import type { AnyRuleset, Json } from '../../src/core/model.js';
import { agentStream, gameStream } from '../../src/core/rng.js';
import { mctsAgent, searchOptions } from '../../agents/mcts/index.js';
import { search, DEFAULT_SEARCH } from '../../agents/mcts/search.js';
import { AgentSpecError } from '../../agents/options.js';
import { loadScenario } from '../../src/rules/index.js';
import { GameSession, makeAgents } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';
import { nim, nimScenario, nimSum, type NimAction, type NimState } from '../fixtures/nim.js';

const R = nim as unknown as AnyRuleset;

function agentFor(
  options: Record<string, string>,
  seed = 1,
  maxThreads = 1,
  ruleset: AnyRuleset = R,
  scenario: unknown = nimScenario([1]),
  scenarioData?: Json,
) {
  return mctsAgent({ ruleset, scenario, scenarioData, side: 'first', rng: agentStream(seed, 'first'), seed, options, maxThreads });
}

// Positions with a winning move for the player to move (nim-sum ≠ 0), each with few winning moves
// among its legal ones (a random choice passes all of them with probability well under 1e-6).
const WINNING: number[][] = [
  [1, 2],
  [2, 5],
  [3, 4],
  [1, 5],
  [2, 6],
  [3, 6],
  [1, 1, 3],
  [1, 2, 4],
  [1, 2, 5],
  [1, 3, 4],
  [2, 3, 4],
  [2, 2, 5],
  [4, 4, 1],
];

describe('MCTS finds the forced win in Nim', () => {
  for (const heaps of WINNING) {
    it(`heaps ${heaps.join(', ')}: takes to a nim-sum of 0`, async () => {
      expect(nimSum(heaps)).not.toBe(0);
      const winning = nim.legalActions({ heaps, toMove: 0, winner: -1 }).filter((a) => {
        const h = [...heaps];
        h[a.h] -= a.n;
        return nimSum(h) === 0;
      });
      expect(winning.length).toBeLessThanOrEqual(2); // the win is not found by chance
      const state: NimState = { heaps: [...heaps], toMove: 0, winner: -1 };
      const agent = agentFor({ iterations: '5000', horizon: '100', c: '0.7', eps: '1' });
      const a = (await agent.decide({ ruleset: R, state, side: 'first', legal: nim.legalActions(state) })) as NimAction;
      const after = [...heaps];
      after[a.h] -= a.n;
      expect(nimSum(after)).toBe(0);
      const why = agent.explain!()!;
      expect(why.candidates[0].visits).toBeGreaterThan(0);
      expect(why.summary).toMatch(/^5000 iterations/);
    });
  }
});

describe('MCTS determinism and budgets', () => {
  const heaps = [3, 4, 5, 6];
  const state: NimState = { heaps, toMove: 0, winner: -1 };
  it('the same seed and iteration budget give the same statistics and choice', () => {
    const o = { ...DEFAULT_SEARCH, iterations: 500, horizon: 50 };
    const a = search(R, state, o, 12345, null);
    const b = search(R, state, o, 12345, null);
    expect(a).toEqual(b);
    expect(a.iterations).toBe(500);
    const c = search(R, state, o, 999, null);
    expect(c.stats).not.toEqual(a.stats);
  });
  it('a forward-model call budget stops the search deterministically', () => {
    const o = { ...DEFAULT_SEARCH, iterations: 0, calls: 700, horizon: 50 };
    const a = search(R, state, o, 1, null);
    expect(a.calls).toBeGreaterThanOrEqual(700);
    expect(a.calls).toBeLessThan(760);
    expect(search(R, state, o, 1, null)).toEqual(a);
  });
  it('chance is re-sampled on every iteration (open loop): visits spread over re-played dice', () => {
    // On the Supply Raid, a charge's dice differ between iterations; the tree still converges on one edge.
    const sc = loadScenario('supply-raid');
    const g = new GameSession(sc, 3, { pirates: 'heuristic', townsfolk: 'heuristic' });
    const h = resolveBuiltinAgent('heuristic');
    const agents = makeAgents(sc, 3, { pirates: h, townsfolk: h }, 1);
    for (let i = 0; i < 150; i++) {
      const side = g.current() as string;
      g.submit(agents[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal: g.legal() }) as Json);
    }
    const before = sc.ruleset.hash(g.state);
    const res = search(sc.ruleset, g.state, { ...DEFAULT_SEARCH, iterations: 200 }, 7, null);
    expect(sc.ruleset.hash(g.state)).toBe(before); // the root state is never touched
    expect(res.stats.reduce((a, s) => a + s.visits, 0)).toBe(200);
  });
  it('the most-visited action replaces the scripted choice only when it is better by enough (confidence)', async () => {
    const { chooseRoot } = await import('../../agents/mcts/search.js');
    const fav = { key: 'a', action: 'a', visits: 40, total: 20, totalSq: 10.4, prior: 0.9 }; // mean 0.5, sd 0.2
    const close = { key: 'b', action: 'b', visits: 60, total: 30.6, totalSq: 18, prior: 0.1 }; // mean 0.51
    const far = { key: 'c', action: 'c', visits: 60, total: 42, totalSq: 29.8, prior: 0.1 }; // mean 0.7
    expect(chooseRoot([close, fav], 1)?.key).toBe('a'); // 0.01 better: not enough, the script's choice stays
    expect(chooseRoot([close, fav], 0)?.key).toBe('b'); // plain most-visited
    expect(chooseRoot([far, fav], 1)?.key).toBe('c'); // clearly better: played
  });
  it('focus spends part of the budget when the scripted policy is sure', () => {
    const sc = loadScenario('supply-raid');
    const s = sc.ruleset.setup(sc.compiled, { rng: gameStream(4) });
    const policy = (_st: unknown, legal: readonly Json[]) => legal.map((_, i) => (i === 0 ? 20 : 0)); // sure of the first
    const full = search(sc.ruleset, s, { ...DEFAULT_SEARCH, iterations: 200, focus: 1 }, 3, policy);
    const focused = search(sc.ruleset, s, { ...DEFAULT_SEARCH, iterations: 200, focus: 0.1 }, 3, policy);
    expect(full.iterations).toBe(200);
    expect(focused.iterations).toBe(20);
    const unsure = search(sc.ruleset, s, { ...DEFAULT_SEARCH, iterations: 200, focus: 0.1 }, 3, (_st, legal) => legal.map(() => 1));
    expect(unsure.iterations).toBe(200);
  });
  it('cheaper rollout scores (policy.rollout) are used in rollouts and below the root; the root keeps the full scores; without them the search is as before', () => {
    const sc = loadScenario('supply-raid');
    const s = sc.ruleset.setup(sc.compiled, { rng: gameStream(4) });
    let full = 0;
    let cheap = 0;
    const policy = (_st: unknown, legal: readonly Json[]) => (full++, legal.map(() => 0));
    const fast = (_st: unknown, legal: readonly Json[]) => (cheap++, legal.map(() => 0));
    const opts = { ...DEFAULT_SEARCH, iterations: 50, focus: 1 };
    const withFast = search(sc.ruleset, s, opts, 3, policy, undefined, fast);
    expect(full).toBe(1); // the root's table only
    expect(cheap).toBeGreaterThan(50); // every rollout step and every other node
    // Equal scores: the same search as with the one policy everywhere (the default).
    full = 0;
    const without = search(sc.ruleset, s, opts, 3, policy);
    expect(full).toBeGreaterThan(50);
    expect(without.stats).toEqual(withFast.stats);
  });
  it('options are checked: unknown names and bad values are refused with the reason', () => {
    expect(() => searchOptions({ depth: '3' }, R)).toThrow(AgentSpecError);
    expect(() => searchOptions({ iterations: '-1' }, R)).toThrow(/iterations/);
    expect(() => searchOptions({ horizon: 'turn' }, R)).toThrow(/turn/);
    expect(searchOptions({ ms: '200' }, R).opts.iterations).toBe(0); // a time budget alone
  });
  it("a ruleset's searchDefaults fill the options a spec leaves out; a spec's budget replaces the default budget whole", () => {
    const withDefaults = { ...R, searchDefaults: { iterations: '40', eps: '1' } } as AnyRuleset;
    const plain = searchOptions({}, withDefaults).opts;
    expect(plain.iterations).toBe(40);
    expect(plain.eps).toBe(1);
    const spec = searchOptions({ eps: '0.5', c: '2' }, withDefaults).opts;
    expect(spec.iterations).toBe(40);
    expect(spec.eps).toBe(0.5);
    expect(spec.c).toBe(2);
    const timed = searchOptions({ ms: '200' }, withDefaults).opts; // not 200 ms plus 40 iterations
    expect(timed.iterations).toBe(0);
    expect(timed.ms).toBe(200);
    expect(timed.eps).toBe(1);
    expect(searchOptions({}, R).opts.iterations).toBe(DEFAULT_SEARCH.iterations); // no defaults declared
    const broken = { ...R, searchDefaults: { depth: '3' } } as AnyRuleset;
    expect(() => searchOptions({}, broken)).toThrow(/no option "depth"/);
  });
});

describe('MCTS root parallelism', () => {
  it('2 trees on worker threads choose as 2 trees on one thread (same seeds), on the Supply Raid', async () => {
    const sc = loadScenario('supply-raid');
    const s = sc.ruleset.setup(sc.compiled, { rng: gameStream(4) });
    const side = sc.ruleset.currentSide(s) as string;
    const legal = sc.ruleset.legalActions(s);
    const opts = { iterations: '60', workers: '2', focus: '1' };
    const threaded = mctsAgent({
      ruleset: sc.ruleset,
      scenario: sc.compiled,
      scenarioData: sc.raw as Json,
      side,
      rng: agentStream(4, side),
      seed: 4,
      options: opts,
      maxThreads: 2,
    });
    const inline = mctsAgent({
      ruleset: sc.ruleset,
      scenario: sc.compiled,
      scenarioData: sc.raw as Json,
      side,
      rng: agentStream(4, side),
      seed: 4,
      options: opts,
      maxThreads: 1,
    });
    try {
      const a = await threaded.decide({ ruleset: sc.ruleset, state: s, side, legal });
      const b = await inline.decide({ ruleset: sc.ruleset, state: s, side, legal });
      expect(a).toEqual(b);
      expect(threaded.explain!()).toEqual(inline.explain!());
      expect(threaded.explain!()!.summary).toMatch(/^120 iterations/);
    } finally {
      await threaded.close?.();
      await inline.close?.();
    }
  });
});
