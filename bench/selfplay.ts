/**
 * Writes records of self-play games (for `fit-eval`): one JSON Lines record per game.
 *
 *   npx tsx bench/selfplay.ts --scenario supply-raid --agent pirates=heuristic --agent townsfolk=heuristic --games 300 --out results/selfplay
 */
import { Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGame } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';

const o = new Command()
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--games <n>', 'games', (v) => Number(v), 300)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 100000)
  .option('--agent <side=spec>', 'agent per side (default heuristic)', (v: string, p: string[]) => [...p, v], [] as string[])
  .requiredOption('--out <dir>', 'folder for the records')
  .parse()
  .opts<{ scenario: string; games: number; firstSeed: number; agent: string[]; out: string }>();
const sc = loadScenario(o.scenario);
const specs: Record<string, string> = Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, 'heuristic']));
for (const a of o.agent) {
  const [side, spec] = a.split('=');
  specs[side] = spec;
}
const fac = Object.fromEntries(Object.entries(specs).map(([s, spec]) => [s, resolveBuiltinAgent(spec)]));
mkdirSync(o.out, { recursive: true });
for (let i = 0; i < o.games; i++) {
  const seed = o.firstSeed + i;
  const agents = makeAgents(sc, seed, fac, 1);
  const { lines } = await playGame(sc, seed, agents, { record: true });
  for (const a of Object.values(agents)) await a.close?.();
  writeFileSync(join(o.out, `${sc.id}-seed${seed}.jsonl`), `${(lines as string[]).join('\n')}\n`);
}
console.log(`wrote ${o.games} records to ${o.out}`);
