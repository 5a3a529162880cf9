/**
 * `random`: picks uniformly among the legal actions with the agent's own stream.
 */
import type { AgentFactory } from '../src/core/agent.js';
import { randInt } from '../src/core/rng.js';

/** Factory of `random` (no options). */
export const randomAgent: AgentFactory = (ctx) => ({
  spec: 'random',
  decide: (d) => d.legal[randInt(ctx.rng, d.legal.length)],
});
