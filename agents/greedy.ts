/**
 * `greedy`: one-step look-ahead. Each legal action is applied to a clone of the state (its dice
 * drawn from the agent's own stream, `samples` times) and the action whose mean evaluation for
 * the agent's side is highest is chosen; ties go to the earlier action.
 *
 * Options: `samples` (default 1) — draws of the dice per action.
 */
import type { AgentFactory } from '../src/core/agent.js';
import type { Json } from '../src/core/model.js';
import { intOption } from './options.js';

/** Factory of `greedy` (option `samples`). */
export const greedyAgent: AgentFactory = (ctx) => {
  const samples = intOption(ctx.options, 'samples', 1, 1, 1000);
  return {
    spec: samples === 1 ? 'greedy' : `greedy:samples=${samples}`,
    decide(d) {
      const r = d.ruleset;
      let best: Json = d.legal[0];
      let bestV = -Infinity;
      for (const a of d.legal) {
        let v = 0;
        for (let k = 0; k < samples; k++) {
          const c = r.clone(d.state);
          r.apply(c, a, { rng: ctx.rng });
          v += r.evaluate(c, d.side);
        }
        v /= samples;
        if (v > bestV + 1e-12) {
          bestV = v;
          best = a;
        }
      }
      return best;
    },
  };
};
