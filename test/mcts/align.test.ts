/**
 * `mcts:align=1` (agents/mcts/params.ts; issue 42): the iteration's random stream is re-seeded
 * before every decision below the root and in the rollouts, from the root visit's stream key and
 * the decision's depth — so what a decision draws does not depend on how many numbers were drawn
 * before it, and two root actions that roll different numbers of dice still meet the same dice
 * afterwards. Off by default; with it the search stays a pure function of its seed.
 */
import { describe, expect, it } from 'vitest';
import type { AnyRuleset, SideId } from '../../src/core/model.js';
import { FastRng } from '../../src/core/rng.js';
import { searchOptions } from '../../agents/mcts/index.js';
import { DEFAULT_SEARCH, RandomRollout, search } from '../../agents/mcts/search.js';
import { AgentSpecError } from '../../agents/options.js';
import { diceRace, type DiceRaceState } from '../fixtures/dice-race.js';

const R = diceRace as unknown as AnyRuleset;
const SIDES: SideId[] = ['red', 'blue'];
const start = (seed: number): DiceRaceState => diceRace.setup({ target: 60 }, { rng: new FastRng(seed) });

/** A rollout of 10 decisions from the start of seed 7 on a stream seeded `key`, after `extra` draws. */
function rollout(align: boolean, key: number, extra: number): { hash: string; values: number[] } {
  const ev = new RandomRollout(R, { ...DEFAULT_SEARCH, horizon: 10, align: align ? 1 : 0 });
  const s = start(7);
  const rng = new FastRng(key);
  for (let i = 0; i < extra; i++) rng.next();
  const out = [0, 0];
  if (align) ev.align(key, 3);
  ev.evaluate(s, { rng }, Infinity, SIDES, 2, out);
  return { hash: R.hash(s), values: out };
}

describe('mcts align=1 (decision-aligned random streams)', () => {
  it('a rollout from equal states plays the same dice and actions whatever was drawn before it; without align it does not', () => {
    let differWithout = 0;
    for (let key = 1; key <= 20; key++) {
      // One more number drawn before the rollout: as after a root action that rolled one more die.
      expect(rollout(true, key, 1)).toEqual(rollout(true, key, 0));
      expect(rollout(true, key, 5)).toEqual(rollout(true, key, 0));
      if (rollout(false, key, 1).hash !== rollout(false, key, 0).hash) differWithout++;
    }
    expect(differWithout).toBeGreaterThan(10);
  });

  it('the stream of each decision follows from the key and the depth: another key or depth plays other dice', () => {
    const hashes = new Set<string>();
    for (let key = 1; key <= 10; key++) hashes.add(rollout(true, key, 0).hash);
    expect(hashes.size).toBeGreaterThan(5);
    const ev = new RandomRollout(R, { ...DEFAULT_SEARCH, horizon: 10, align: 1 });
    const at = (depth: number): string => {
      const s = start(7);
      ev.align(1, depth);
      ev.evaluate(s, { rng: new FastRng(1) }, Infinity, SIDES, 2, [0, 0]);
      return R.hash(s);
    };
    expect(at(3)).toBe(at(3));
    const others = new Set([at(3), at(4), at(5), at(6), at(7)]);
    expect(others.size).toBeGreaterThan(2);
  });

  it('in the search: the same seed gives the same statistics; align changes them on a game with chance; off by default', () => {
    expect(DEFAULT_SEARCH.align).toBe(0);
    const s = start(3);
    const o = { ...DEFAULT_SEARCH, iterations: 400, horizon: 10, align: 1 };
    const a = search(R, s, o, 12345, null);
    expect(search(R, s, o, 12345, null)).toEqual(a);
    expect(a.iterations).toBe(400);
    const plain = search(R, s, { ...o, align: 0 }, 12345, null);
    expect(plain.stats).not.toEqual(a.stats);
    expect(search(R, s, { ...o, align: 0 }, 12345, null)).toEqual(plain);
  });

  it('the option is read from a spec and checked', () => {
    expect(searchOptions({ align: '1' }, null).opts.align).toBe(1);
    expect(searchOptions({}, null).opts.align).toBe(0);
    expect(() => searchOptions({ align: '2' }, null)).toThrow(AgentSpecError);
  });
});
