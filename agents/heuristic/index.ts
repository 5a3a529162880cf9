/**
 * `heuristic`: the scripted policy of a ruleset, which scores each legal action; the agent plays
 * the highest score (ties: the earlier action). The scores double as a prior for search agents.
 * A ruleset without a scripted policy has no heuristic agent.
 */
import type { AgentFactory } from '../../src/core/agent.js';
import type { Json } from '../../src/core/model.js';
import type { PiratesAction, PiratesState } from '../../src/rules/pirates/index.js';
import { AgentSpecError } from '../options.js';
import { piratesScores } from './pirates.js';
import { escarmoucheScores } from './escarmouche.js';
import type { EscAction, EscState } from '../../src/rules/escarmouche/index.js';
import { pigScores, type PigState } from '../../src/rules/pig-wars/index.js';

/** Scores of the legal actions in the state for the side to decide; higher is better. */
export type ScriptedPolicy = (state: unknown, legal: readonly Json[]) => number[];

/** Scripted policies by ruleset id. */
export const POLICIES: Readonly<Record<string, ScriptedPolicy>> = {
  pirates: (state, legal) => piratesScores(state as PiratesState, legal as PiratesAction[]),
  escarmouche: (state, legal) => escarmoucheScores(state as EscState, legal as EscAction[]),
  'pig-wars': (state, legal) => pigScores(state as PigState, legal), 'pig-wars-pirates': (state, legal) => pigScores(state as PigState, legal),
};

/** Index of the best score (first on ties). */
export function argmax(scores: readonly number[]): number {
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return b;
}

/** Factory of `heuristic`: plays the best-scored legal action of the ruleset's scripted policy. */
export const heuristicAgent: AgentFactory = (ctx) => {
  const policy = POLICIES[ctx.ruleset.id];
  if (!policy) throw new AgentSpecError(`no heuristic agent for ruleset "${ctx.ruleset.id}" (have: ${Object.keys(POLICIES).join(', ')})`);
  return {
    spec: 'heuristic',
    decide: (d) => d.legal[argmax(policy(d.state, d.legal))],
  };
};
