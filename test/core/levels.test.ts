/**
 * Issue 42 item 3, "a ladder everywhere": every ruleset offers easy / normal / hard / expert, each a
 * deterministic agent spec of its own (src/core/levels.ts, the room's `levels`), named for players
 * with what the agent does and its budget as the ruleset's search defaults make it (agents/levels.ts).
 */
import { describe, expect, it } from 'vitest';
import { RULESETS, getRuleset } from '../../src/rules/index.js';
import { KIT_LEVELS, LEVEL_NAMES, isLevelName, levelsOf } from '../../src/core/levels.js';
import { levelOffers, specWords } from '../../agents/levels.js';
import { withRulesetDefaults } from '../../agents/mcts/index.js';
import { MCTS_PARAMS } from '../../agents/mcts/params.js';
import { parseSpec } from '../../agents/options.js';

/** The iteration budget an `mcts` spec searches with on `r` (the spec's, the ruleset's, the search's own). */
function budget(spec: string, r = getRuleset('pirates')): number {
  return Number(withRulesetDefaults(parseSpec(spec).options, r).iterations ?? MCTS_PARAMS.iterations.default);
}

describe('the difficulty ladder per ruleset', () => {
  it('every ruleset has the four levels in order, each a deterministic budget (no milliseconds), expert declared by the room', () => {
    for (const r of RULESETS.values()) {
      const levels = levelOffers(r);
      expect(levels.map((l) => l.id)).toEqual([...LEVEL_NAMES]);
      for (const l of levels) expect(parseSpec(l.spec).options.ms, `${r.id} ${l.id}`).toBeUndefined();
      // The kit's expert is only a stand-in: a ruleset chooses its own (the strongest search within 1 s p99).
      expect(r.levels?.expert, r.id).toBeDefined();
      expect(levelsOf(r).expert).not.toBe(levelsOf(r).hard);
    }
  });

  it('each level searches at least as much as the one below: expert a larger budget than hard', () => {
    for (const r of RULESETS.values()) {
      const l = levelsOf(r);
      expect(parseSpec(l.normal).name, r.id).toBe('heuristic');
      expect(parseSpec(l.hard).name, r.id).toBe('mcts');
      expect(parseSpec(l.expert).name, r.id).toBe('mcts');
      expect(budget(l.expert, r), r.id).toBeGreaterThan(budget(l.hard, r));
    }
  });

  it('levels left out take the kit’s; a declared level wins', () => {
    expect(levelsOf({})).toEqual(KIT_LEVELS);
    expect(levelsOf({ levels: { expert: 'mcts:iterations=5' } })).toEqual({ ...KIT_LEVELS, expert: 'mcts:iterations=5' });
    expect(isLevelName('expert')).toBe(true);
    expect(isLevelName('mcts')).toBe(false);
  });

  it('the words say what the agent does with its real budget, and name the spec', () => {
    const pirates = getRuleset('pirates');
    expect(specWords('heuristic:blunder=0.2', pirates)).toBe('the rules’ scripted policy, with one decision in five at random');
    expect(specWords('heuristic:blunder=0.15', pirates)).toBe('the rules’ scripted policy, with 15% of its decisions at random');
    expect(specWords('heuristic', pirates)).toBe('the rules’ scripted policy');
    expect(specWords('mcts:iterations=150', pirates)).toBe(
      'Monte Carlo tree search: up to 150 tries a decision, fewer where the rules’ policy is nearly sure',
    );
    // focus=1 spends the whole budget every time: the words do not promise fewer.
    expect(specWords('mcts:iterations=40,focus=1', pirates)).toBe('Monte Carlo tree search: up to 40 tries a decision');
    for (const r of RULESETS.values())
      for (const l of levelOffers(r)) {
        expect(l.words.startsWith(`${l.id} — `), `${r.id} ${l.id}`).toBe(true);
        expect(l.words.endsWith(`(${l.spec})`), `${r.id} ${l.id}`).toBe(true);
        if (parseSpec(l.spec).name === 'mcts') expect(l.words, `${r.id} ${l.id}`).toContain(`up to ${budget(l.spec, r)} tries a decision`);
      }
  });
});
