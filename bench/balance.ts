/**
 * Balance run: many games between two agents on one scenario, reporting wins per side, how games
 * end (the turn limit or otherwise), and the median, mean and spread of chosen statistics per game
 * (e.g. Escarmouche's `fights`). A hand-run command for long experiments (never in the test suite).
 *
 *   npx tsx bench/balance.ts --scenario mill-bridge --games 200 --agent royalists=heuristic --agent parliament=random [--stat fights] [--first-seed 1]
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGameSync } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'mill-bridge')
  .option('--games <n>', 'games', (v) => Number(v), 200)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 1)
  .option('--agent <side=spec>', 'agent per side (default heuristic)', (v: string, p: string[]) => [...p, v], [] as string[])
  .option('--stat <name>', 'a statistic to summarise per game (repeat)', (v: string, p: string[]) => [...p, v], [] as string[])
  .parse()
  .opts<{ scenario: string; games: number; firstSeed: number; agent: string[]; stat: string[] }>();

const sc = loadScenario(o.scenario);
const specs: Record<string, string> = Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, 'heuristic']));
for (const a of o.agent) {
  const [side, spec] = a.split('=');
  specs[side] = spec;
}
const factories = Object.fromEntries(
  Object.entries(specs).map(([s, spec]) => {
    const r = resolveBuiltinAgent(spec);
    return [s, { factory: r.factory, options: r.options }];
  }),
);
const stats = o.stat.length ? o.stat : ['fights'];
const values: Record<string, number[]> = Object.fromEntries(stats.map((k) => [k, []]));
const wins: Record<string, number> = {};
let turnLimit = 0;
const t0 = Date.now();
for (let i = 0; i < o.games; i++) {
  const seed = o.firstSeed + i;
  const { result } = playGameSync(sc, seed, makeAgents(sc, seed, factories, 1));
  wins[result.winner ?? 'draw'] = (wins[result.winner ?? 'draw'] ?? 0) + 1;
  if (result.reason.startsWith('turn limit')) turnLimit++;
  for (const k of stats) values[k].push(result.stats[k] ?? NaN);
}
const summary: Record<string, unknown> = {};
for (const k of stats) {
  const v = [...values[k]].sort((a, b) => a - b);
  const mean = v.reduce((x, y) => x + y, 0) / v.length;
  summary[k] = {
    median: v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2,
    mean: Math.round(mean * 100) / 100,
    min: v[0],
    max: v[v.length - 1],
    zero: v.filter((x) => x === 0).length,
  };
}
console.log(
  JSON.stringify({
    scenario: sc.id,
    agents: specs,
    games: o.games,
    firstSeed: o.firstSeed,
    wins,
    turnLimit,
    turnLimitShare: Math.round((turnLimit / o.games) * 1000) / 1000,
    stats: summary,
    seconds: Math.round((Date.now() - t0) / 100) / 10,
  }),
);
