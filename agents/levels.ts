/**
 * The difficulty levels in words for people (src/core/levels.ts gives each ruleset's specs): what
 * the agent of a level does, with its budget as the ruleset's defaults make it, so the setup page
 * and `play --help` never promise more search than the level does.
 */
import type { AnyRuleset } from '../src/core/model.js';
import { LEVEL_NAMES, levelsOf, type LevelName } from '../src/core/levels.js';
import { parseSpec } from './options.js';
import { withRulesetDefaults } from './mcts/index.js';
import { MCTS_PARAMS } from './mcts/params.js';

/**
 * What an agent spec does, in a player's words: `the rules’ scripted policy, with one decision in
 * five at random`, `Monte Carlo tree search: up to 300 tries a decision, fewer where the rules’
 * policy is nearly sure`. The `mcts` budget is the spec's over the ruleset's `searchDefaults` over
 * the search's own defaults. A spec of another agent is described by its name.
 */
export function specWords(spec: string, ruleset: AnyRuleset | null): string {
  const p = parseSpec(spec);
  if (p.isFile) return `the agent in ${p.name}`;
  if (p.name === 'random') return 'any legal action, at random';
  if (p.name === 'heuristic') {
    const blunder = Number(p.options.blunder ?? 0);
    if (!(blunder > 0)) return 'the rules’ scripted policy';
    const oneIn = Math.round(1 / blunder);
    const share =
      Math.abs(1 / blunder - oneIn) < 1e-9
        ? `one decision in ${NUMBER_WORDS[oneIn] ?? oneIn}`
        : `${Math.round(blunder * 100)}% of its decisions`;
    return `the rules’ scripted policy, with ${share} at random`;
  }
  if (p.name === 'mcts') {
    const o = withRulesetDefaults(p.options, ruleset);
    const iterations = Number(o.iterations ?? MCTS_PARAMS.iterations.default);
    const focus = Number(o.focus ?? MCTS_PARAMS.focus.default);
    const fewer = focus < 1 ? ', fewer where the rules’ policy is nearly sure' : '';
    return iterations > 0 ? `Monte Carlo tree search: up to ${iterations} tries a decision${fewer}` : 'Monte Carlo tree search';
  }
  return p.name;
}

const NUMBER_WORDS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 10: 'ten', 20: 'twenty' };

/** One level of a ruleset's ladder: its name, its spec and its words (`hard — … (mcts)`). */
export interface LevelOffer {
  id: LevelName;
  spec: string;
  words: string;
}

/** The ruleset's ladder, weakest first, with each level's words. */
export function levelOffers(ruleset: AnyRuleset): LevelOffer[] {
  const specs = levelsOf(ruleset);
  return LEVEL_NAMES.map((id) => ({ id, spec: specs[id], words: `${id} — ${specWords(specs[id], ruleset)} (${specs[id]})` }));
}
