/**
 * `heuristic`: the scripted policy of the ruleset it is given (`ruleset.policy`, declared with the
 * ruleset in src/rules/<id>/policy.ts), which scores each legal action; the agent plays the highest
 * score (ties: the earlier action). The scores double as a prior for search agents. A ruleset
 * without a scripted policy has no heuristic agent.
 *
 * Option `blunder` (default 0, from 0 to 1): the share of decisions taken uniformly at random (the
 * agent's own stream) instead of by the script — a player between `random` (blunder=1) and the
 * script (blunder=0), for the difficulty ladder (docs/agents.md). Deterministic for a seed.
 */
import type { AgentFactory } from '../../src/core/agent.js';
import type { AnyRuleset, Json } from '../../src/core/model.js';
import { randInt } from '../../src/core/rng.js';
import { AgentSpecError, numOption } from '../options.js';

/** Scores of the legal actions in the state for the side to decide; higher is better. */
export type ScriptedPolicy = (state: unknown, legal: readonly Json[]) => number[];

/** The ruleset's scripted policy as a function, or null when it declares none. */
export function scriptedPolicy(ruleset: AnyRuleset): ScriptedPolicy | null {
  const p = ruleset.policy;
  return p ? (state, legal) => p.scores(state, legal) : null;
}

/**
 * The ruleset's cheaper scores for search (`policy.rollout`) as a function; its scripted policy when
 * it declares none; null without a policy.
 */
export function rolloutPolicy(ruleset: AnyRuleset): ScriptedPolicy | null {
  const p = ruleset.policy;
  if (!p) return null;
  const fast = p.rollout;
  return fast ? (state, legal) => fast.call(p, state, legal) : (state, legal) => p.scores(state, legal);
}

/** Index of the best score (first on ties). */
export function argmax(scores: readonly number[]): number {
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return b;
}

/** Factory of `heuristic`: plays the best-scored legal action of the ruleset's scripted policy. */
export const heuristicAgent: AgentFactory = (ctx) => {
  const policy = scriptedPolicy(ctx.ruleset);
  if (!policy) throw new AgentSpecError(`no heuristic agent for ruleset "${ctx.ruleset.id}": it declares no scripted policy (\`policy\` in its defineRuleset)`);
  const blunder = numOption(ctx.options, 'blunder', 0, 0, 1);
  const spec = ctx.options.blunder === undefined ? 'heuristic' : `heuristic:blunder=${ctx.options.blunder}`;
  if (blunder === 0) return { spec, decide: (d) => d.legal[argmax(policy(d.state, d.legal))] };
  return {
    spec,
    // One draw per decision whatever it decides, so the script's choices do not shift the stream.
    decide: (d) => (ctx.rng.next() < blunder ? d.legal[randInt(ctx.rng, d.legal.length)] : d.legal[argmax(policy(d.state, d.legal))]),
  };
};
