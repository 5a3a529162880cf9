/**
 * Issue 41, the AI's turn: every opponent's decision comes with reasons in a player's words — a
 * search as the options it tried and its estimate of its chances (no "forward-model calls" or raw
 * values), the scripted opponent by how the rules' policy rates its choice.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import { getRuleset } from '../../src/rules/index.js';
import { levelOffers } from '../../agents/levels.js';
import { withRulesetDefaults } from '../../agents/mcts/index.js';
import { MCTS_PARAMS } from '../../agents/mcts/params.js';
import { parseSpec } from '../../agents/options.js';

async function firstAiWhy(opponent: string): Promise<string[]> {
  // The person plays the townsfolk: the pirates (the AI) decide first with this seed.
  const h = await GameHost.create('g0000000000000003', loadScenario('pirates/supply-raid'), 4, 'townsfolk', opponent, 'band');
  const a = await h.agent('step');
  await h.close();
  return a.steps[0].why;
}

describe("the AI explains its choice in a player's words", () => {
  it("the scripted opponent: how the rules' policy rates the choice, and the next best", async () => {
    const why = await firstAiWhy('heuristic');
    expect(why[0]).toMatch(/^The rules’ scripted policy rates this the best of its \d+ options\.$|^It had no other choice\.$/);
    if (why.length > 1) expect(why[1]).toMatch(/^Next best: .+\.$/);
  }, 60_000);

  it('a search: the options it tried, how often, and its chances by its estimate — no engineer words', async () => {
    const why = await firstAiWhy('mcts:iterations=30');
    expect(why[0]).toMatch(/^It played out \d+ possible continuations from here/);
    expect(why[1]).toMatch(/^• .+ — tried \d+×, about \d+% to win by its estimate$/);
    expect(why.join('\n')).not.toMatch(/forward-model|iterations|value \d/);
  }, 60_000);

  it('the hard opponent is labelled with what it does: up to its budget, fewer where the policy is sure — and it never tells of more', async () => {
    const pirates = getRuleset('pirates');
    const hard = levelOffers(pirates).find((l) => l.id === 'hard')!;
    // Its budget: the spec's, over the ruleset's search defaults, over the search's own.
    const options = withRulesetDefaults(parseSpec(hard.spec).options, pirates);
    const budget = Number(options.iterations ?? MCTS_PARAMS.iterations.default);
    expect(hard.words).toContain(`up to ${budget} tries a decision, fewer where the rules’ policy is nearly sure`);
    const h = await GameHost.create('g0000000000000004', loadScenario('pirates/supply-raid'), 4, 'townsfolk', hard.spec, 'band');
    const tried: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await h.agent('step');
      const m = /^It played out (\d+) possible continuations/.exec(a.steps[0]?.why[0] ?? '');
      if (m) tried.push(Number(m[1]));
    }
    await h.close();
    expect(tried.length).toBeGreaterThan(0);
    for (const n of tried) expect(n).toBeLessThanOrEqual(budget);
  }, 120_000);
});
