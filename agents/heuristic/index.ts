/**
 * `heuristic`: the scripted policy of the ruleset it is given (`ruleset.policy`, declared with the
 * ruleset in src/rules/<id>/policy.ts), which scores each legal action; the agent plays the highest
 * score (ties: the earlier action). The scores double as a prior for search agents. A ruleset
 * without a scripted policy has no heuristic agent.
 *
 * Option `blunder` (default 0, from 0 to 1): the share of decisions taken uniformly at random (the
 * agent's own stream) instead of by the script — a player between `random` (blunder=1) and the
 * script (blunder=0), for the difficulty ladder (docs/agents.md). Deterministic for a seed.
 *
 * Option `variant` (default none): play the ruleset's policy variant of that name for this side
 * (`policy.variants`, e.g. `heuristic:variant=attack` on the Supply Raid) instead of the main script.
 */
import type { AgentFactory } from '../../src/core/agent.js';
import type { AnyRuleset, Json, PolicyVariant } from '../../src/core/model.js';
import { randInt } from '../../src/core/rng.js';
import { AgentSpecError, canonicalSpec, numOption } from '../options.js';

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

/**
 * The ruleset's scripted policy with variant `name` (its `policy.variants`, src/core/model.ts) for
 * `side` and the main script for every other side; `fast` picks the main script's cheaper `rollout`
 * scores for the other sides (as {@link rolloutPolicy}). Throws AgentSpecError naming the variants
 * the ruleset has when it has no variant of that name.
 */
export function variantPolicy(ruleset: AnyRuleset, name: string, side: string, fast: boolean): ScriptedPolicy {
  const base = (fast ? rolloutPolicy(ruleset) : scriptedPolicy(ruleset)) as ScriptedPolicy;
  return withRivals(ruleset, base, name, [side]);
}

/** The two scripts a search follows for one side: `policy` (priors at the root, the guard's favourite) and `fast` (rollouts and priors below). */
export interface SideScripts {
  policy: ScriptedPolicy | null;
  fast: ScriptedPolicy | null;
}

/**
 * The scripts of `side` in a search: the ruleset's main script when `name` is null, else its policy
 * variant `name` for that side ({@link variantPolicy}; AgentSpecError when there is none).
 */
export function sideScripts(ruleset: AnyRuleset, name: string | null, side: string): SideScripts {
  if (name === null) return { policy: scriptedPolicy(ruleset), fast: rolloutPolicy(ruleset) };
  return { policy: variantPolicy(ruleset, name, side, false), fast: variantPolicy(ruleset, name, side, true) };
}

/**
 * `own` for the sides not in `sides`, and the ruleset's policy variant `name` for the sides in
 * `sides` — the scripts a search assumes its opponents play (`mcts:rival=NAME`). `own` itself when
 * `sides` is empty. Throws AgentSpecError when the ruleset has no variant of that name.
 */
export function withRivals(ruleset: AnyRuleset, own: ScriptedPolicy, name: string, sides: readonly string[]): ScriptedPolicy {
  const v = findVariant(ruleset, name);
  if (sides.length === 0) return own;
  return (state, legal) => {
    const side = ruleset.currentSide(state);
    return side !== null && sides.includes(side) ? v.scores(state, legal) : own(state, legal);
  };
}

/**
 * `fast` with the other sides of `rivals` playing its variant ({@link withRivals}) — the rollout
 * policy of a search that assumes `mcts:rival=NAME` — or `fast` unchanged when there are no rivals or
 * no policy.
 */
export function againstRivals(
  ruleset: AnyRuleset,
  fast: ScriptedPolicy | null,
  rivals: { name: string; sides: readonly string[] } | null | undefined,
): ScriptedPolicy | null {
  return rivals && fast ? withRivals(ruleset, fast, rivals.name, rivals.sides) : fast;
}

/** The ruleset's policy variant called `name` (AgentSpecError listing the ones it has when none is). */
export function findVariant(ruleset: AnyRuleset, name: string): PolicyVariant<unknown, Json, unknown> {
  const vs = ruleset.policy?.variants ?? [];
  const v = vs.find((x) => x.name === name);
  if (!v) {
    const have = vs.length ? `it has ${vs.map((x) => `"${x.name}"`).join(', ')}` : 'it declares none';
    throw new AgentSpecError(`no policy variant "${name}" in ruleset "${ruleset.id}" (${have})`);
  }
  return v;
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
  if (!policy)
    throw new AgentSpecError(
      `no heuristic agent for ruleset "${ctx.ruleset.id}": it declares no scripted policy (\`policy\` in its defineRuleset)`,
    );
  const blunder = numOption(ctx.options, 'blunder', 0, 0, 1);
  const play = ctx.options.variant === undefined ? policy : variantPolicy(ctx.ruleset, ctx.options.variant, ctx.side, false);
  const spec = canonicalSpec('heuristic', ctx.options);
  if (blunder === 0) return { spec, decide: (d) => d.legal[argmax(play(d.state, d.legal))] };
  return {
    spec,
    // One draw per decision whatever it decides, so the script's choices do not shift the stream.
    decide: (d) => (ctx.rng.next() < blunder ? d.legal[randInt(ctx.rng, d.legal.length)] : d.legal[argmax(play(d.state, d.legal))]),
  };
};
