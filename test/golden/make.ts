/**
 * Writes the golden records (test/golden/*.jsonl). Run only when a rules change is intended (and
 * the ruleset version bumped): `npm run golden`. The test (test/golden.test.ts) checks that every
 * golden record still replays, line for line, to its final hash.
 */
import { writeFileSync } from 'node:fs';
import { loadScenario } from '../../src/rules/index.js';
import { makeAgents, playGameSync } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';

const GOLDEN: { file: string; scenario: string; seed: number; agents: Record<string, string> }[] = [
  {
    file: 'supply-raid-heuristic-vs-heuristic-seed1.jsonl',
    scenario: 'supply-raid',
    seed: 1,
    agents: { pirates: 'heuristic', townsfolk: 'heuristic' },
  },
  {
    file: 'supply-raid-random-vs-heuristic-seed2.jsonl',
    scenario: 'supply-raid',
    seed: 2,
    agents: { pirates: 'random', townsfolk: 'heuristic' },
  },
];

for (const g of GOLDEN) {
  const sc = loadScenario(g.scenario);
  const fac = Object.fromEntries(Object.entries(g.agents).map(([s, spec]) => [s, resolveBuiltinAgent(spec)]));
  const agents = makeAgents(sc, g.seed, fac, 1);
  const { result, lines } = playGameSync(sc, g.seed, agents, { record: true });
  writeFileSync(new URL(g.file, import.meta.url), `${(lines as string[]).join('\n')}\n`);
  console.log(`${g.file}: ${result.winner} (${result.reason}), ${result.decisions} decisions, hash ${result.hash}`);
}
