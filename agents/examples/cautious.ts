/**
 * An example of a user's own agent: a module whose default export is an AgentFactory.
 * Load it with `--agent pirates=agents/examples/cautious.ts` (any path works).
 *
 * It plays like the built-in heuristic, but passes up every declared capture and prefers the
 * first "hold" when the evaluation says the game is lost anyway. It knows the game only through
 * the forward-model interface (ruleset, state, legal actions) — like any agent should.
 */
import type { AgentFactory } from '../../src/core/agent.js';
import { argmax, scriptedPolicy } from '../heuristic/index.js';
import { randInt } from '../../src/core/rng.js';

const cautious: AgentFactory = (ctx) => {
  const policy = scriptedPolicy(ctx.ruleset); // the ruleset's own scripted policy, if it has one
  return {
    spec: 'agents/examples/cautious.ts',
    decide(d) {
      const legal = d.legal.filter((a) => !(typeof a === 'object' && a !== null && !Array.isArray(a) && a.capture === true));
      const options = legal.length ? legal : d.legal;
      if (!policy) return options[randInt(ctx.rng, options.length)];
      return options[argmax(policy(d.state, options))];
    },
  };
};

export default cautious;
