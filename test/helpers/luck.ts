/**
 * A one-decision test ruleset for the search's root statistics (test/mcts/paired.test.ts,
 * halving.test.ts): one side picks one of `first` (a die is rolled with the pick, in [0, 1)), then
 * `wait`/`idle` for ever, which change nothing; the game never ends (searches stop at their
 * budget); a position is worth `value(pick, luck)` (pick: the index in `first`, −1 before).
 */
import type { AnyRuleset, Ruleset } from '../../src/core/model.js';

/** The state: the pick's index in the first list (−1 before it), the die rolled with it, decisions taken. */
export interface LuckState {
  pick: number;
  luck: number;
  steps: number;
}

/** The ruleset (as the search holds it) and its root state. */
export function luckRuleset(
  id: string,
  title: string,
  first: readonly string[],
  value: (pick: number, luck: number) => number,
): { R: AnyRuleset; root: LuckState } {
  const r: Ruleset<LuckState, string, null> = {
    id,
    version: '1',
    title,
    traits: {
      sides: { min: 1, max: 1 },
      chance: 'sampled',
      information: 'perfect',
      dynamics: 'sequential',
      utility: 'win-loss-draw',
      units: 'none',
      activation: 'alternate',
    },
    scenarios: [],
    compile: () => null,
    sides: () => ['me'],
    setup: () => ({ pick: -1, luck: 0.5, steps: 0 }),
    currentSide: () => 'me',
    legalActions: (s) => (s.pick < 0 ? [...first] : ['wait', 'idle']),
    apply(s, a, ctx) {
      if (s.pick < 0) {
        s.pick = first.indexOf(a);
        s.luck = ctx.rng.next();
      }
      s.steps++;
    },
    clone: (s) => ({ ...s }),
    isTerminal: () => false,
    outcome: () => null,
    evaluate: (s) => value(s.pick, s.luck),
    hash: (s) => `${s.pick}:${s.luck}:${s.steps}`,
    actionKey: (a) => a,
    describeAction: (_s, a) => a,
    describeEvent: () => null,
  };
  return { R: r as unknown as AnyRuleset, root: r.setup(null, { rng: { next: () => 0 } }) };
}
