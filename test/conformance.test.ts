/**
 * The shared conformance suite (after OpenSpiel's one test for every game): every registered
 * ruleset (src/rules/registered.ts), on every built-in scenario it declares, must honour the
 * forward-model contract of src/core/model.ts, its declared traits and its optional capabilities
 * (policy, evaluation, threads, view). A new ruleset is checked here without touching this file.
 * The checks of one scenario are in test/helpers/conformance.ts (the template room's test reuses them).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { builtinScenarioFiles, projectRoot, readScenarioFile } from '../src/core/scenario.js';
import { RULESETS, compileSource } from '../src/rules/index.js';
import { loadRuleset } from '../src/rules/load.js';
import { loadRuleset as loadStatic } from '../src/rules/load-static.js';
import { forwardModelChecks, traitChecks } from './helpers/conformance.js';
import { searchOptions } from '../agents/mcts/index.js';
import { resolveAgent } from '../agents/index.js';
import { parseSpec } from '../agents/options.js';
import { levelsOf } from '../src/core/levels.js';

const scenarios = [...RULESETS.values()].flatMap((r) =>
  r.scenarios.map((id) => compileSource(readScenarioFile(join(projectRoot(), 'scenarios', r.id, `${id}.json`)))),
);

describe('the registry', () => {
  it('holds rulesets, each with built-in scenarios; every built-in scenario file is declared by its ruleset', () => {
    expect(RULESETS.size).toBeGreaterThanOrEqual(2);
    const declared = new Set([...RULESETS.values()].flatMap((r) => r.scenarios.map((id) => `${r.id}/${id}`)));
    const files = builtinScenarioFiles().map((f) => {
      const src = readScenarioFile(f);
      return `${src.ruleset}/${src.id}`;
    });
    expect(new Set(files)).toEqual(declared);
    expect(files.length).toBe(declared.size);
  });

  it("every ruleset's searchDefaults are options mcts accepts (agents/mcts, src/core/model.ts)", () => {
    for (const r of RULESETS.values()) expect(() => searchOptions({}, r), r.id).not.toThrow();
  });

  it("every ruleset's difficulty levels (src/core/levels.ts) are agent specs of built-in agents whose options check against the ruleset", async () => {
    for (const r of RULESETS.values())
      for (const [level, spec] of Object.entries(levelsOf(r))) {
        const p = parseSpec(spec);
        expect(p.isFile, `${r.id} ${level}`).toBe(false);
        await expect(resolveAgent(spec), `${r.id} ${level}`).resolves.toBeDefined();
        if (p.name === 'mcts') expect(() => searchOptions(p.options, r), `${r.id} ${level}`).not.toThrow();
      }
  });

  it('loads each ruleset alone by id (as worker threads do) to the registered object; refuses unknown ids', async () => {
    for (const r of RULESETS.values()) expect(await loadRuleset(r.id)).toBe(r);
    await expect(loadRuleset('no-such-rules')).rejects.toThrow(/unknown ruleset "no-such-rules"/);
    await expect(loadRuleset('../pirates')).rejects.toThrow(/not a ruleset id/);
  });

  it('in a one-file bundle (src/rules/load-static.ts in place of load.ts) loads the same objects by id and refuses the same ids', async () => {
    for (const r of RULESETS.values()) expect(await loadStatic(r.id)).toBe(r);
    await expect(loadStatic('no-such-rules')).rejects.toThrow(/unknown ruleset "no-such-rules"/);
    await expect(loadStatic('../pirates')).rejects.toThrow(/not a ruleset id/);
  });
});

describe.each(scenarios.map((s) => [`${s.ruleset.id}/${s.id}`, s] as const))('conformance: %s', (_name, sc) => {
  forwardModelChecks(sc);
});

describe.each(scenarios.map((s) => [`${s.ruleset.id}/${s.id}`, s] as const))('traits and capabilities: %s', (_name, sc) => {
  traitChecks(sc);
});
