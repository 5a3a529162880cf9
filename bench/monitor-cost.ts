/**
 * What the invariant monitor costs a game (issue 45: tournaments now watch every game, as stress
 * does): the same games played by playRow (src/runner/play.ts) with and without the ruleset's
 * monitor, alternating rounds, CPU time of this process (single thread, no workers).
 *
 *   npx tsx bench/monitor-cost.ts --scenario supply-raid --agents random,heuristic --games 10 --rounds 3
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { playRow, type PlayEnv } from '../src/runner/play.js';
import { randomAgent } from '../agents/random.js';
import { BUILTIN_AGENTS } from '../agents/index.js';

const o = new Command()
  .requiredOption('--scenario <id>', 'a built-in scenario')
  .option('--agents <a,b>', 'built-in agents of the two sides', 'random,heuristic')
  .option('--games <n>', 'games a round', (v) => Number(v), 10)
  .option('--rounds <n>', 'rounds (each: without, then with the monitor)', (v) => Number(v), 3)
  .parse()
  .opts<{ scenario: string; agents: string; games: number; rounds: number }>();

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
const names = o.agents.split(',');
const factories = Object.fromEntries(sides.map((s, i) => [s, { factory: BUILTIN_AGENTS[names[i]]?.factory ?? randomAgent, options: {} }]));
const agents = Object.fromEntries(sides.map((s, i) => [s, names[i]]));

async function round(invariants: boolean): Promise<number> {
  const env: PlayEnv = {
    scenario: sc,
    scenarioArg: o.scenario,
    timeLimitMs: 0,
    invariants,
    measures: false,
    records: 'none',
    outDir: '/tmp',
    epoch: 0,
  };
  const t0 = process.cpuUsage();
  for (let g = 1; g <= o.games; g++) await playRow(env, { id: g, seed: g, agents }, factories);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

const off: number[] = [];
const on: number[] = [];
for (let r = 0; r < o.rounds; r++) {
  off.push(await round(false));
  on.push(await round(true));
}
const med = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
process.stdout.write(
  `${o.scenario} ${o.agents}, ${o.games} games a round, ${o.rounds} rounds: CPU ms without the monitor ${off.map(Math.round).join(' ')}, with ${on.map(Math.round).join(' ')}; median with/without ${(med(on) / med(off)).toFixed(3)}\n`,
);
