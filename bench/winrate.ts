/**
 * Win rates of one agent against another, playing each side over the same seeds, with 95% Wilson
 * intervals. A hand-run experiment (minutes), not a test.
 *
 *   npx tsx bench/winrate.ts --scenario supply-raid --a heuristic --b random --games 200
 *
 * Prints, for each side, how often agent A (playing that side, against B on the other) wins; and
 * one JSON line with the figures at the end.
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGame } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { formatRate, wilson } from '../src/stats/interval.js';

const o = new Command()
  .requiredOption('--scenario <id>', 'scenario id or file')
  .requiredOption('--a <spec>', 'agent A')
  .requiredOption('--b <spec>', 'agent B')
  .option('--games <n>', 'seeds per side', (v) => Number(v), 200)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 1)
  .option('--sides <list>', 'only these sides for A (comma-separated)')
  .option('--shard <i/n>', 'play only the seeds i, i+n, i+2n, … of the range (to split a run over processes)', '0/1')
  .parse()
  .opts<{ scenario: string; a: string; b: string; games: number; firstSeed: number; sides?: string; shard: string }>();
const [shardI, shardN] = o.shard.split('/').map(Number);

const sc = loadScenario(o.scenario);
const sides = o.sides ? o.sides.split(',') : sc.ruleset.sides(sc.compiled);
const A = resolveBuiltinAgent(o.a);
const B = resolveBuiltinAgent(o.b);
// Each game's lines ("game {…}") let runs split with --shard be added up afterwards (bench/combine.ts).
const summary: Record<string, unknown> = { scenario: sc.id, a: A.spec, b: B.spec, games: o.games };
const t0 = Date.now();
for (const side of sides) {
  let wins = 0;
  let draws = 0;
  let turns = 0;
  let played = 0;
  for (let i = 0; i < o.games; i++) {
    if (i % shardN !== shardI) continue;
    played++;
    const seed = o.firstSeed + i;
    const fac = Object.fromEntries(
      sc.ruleset
        .sides(sc.compiled)
        .map((s) => [s, s === side ? { factory: A.factory, options: A.options } : { factory: B.factory, options: B.options }]),
    );
    const agents = makeAgents(sc, seed, fac, 1);
    const { result } = await playGame(sc, seed, agents);
    for (const a of Object.values(agents)) await a.close?.();
    process.stdout.write(`game ${JSON.stringify({ side, seed, winner: result.winner, turns: result.stats.turns })}\n`);
    if (result.winner === side) wins++;
    else if (result.winner === null) draws++;
    turns += result.stats.turns ?? 0;
    if (played % 50 === 0) process.stderr.write(`  ${side}: ${played} games, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  const r = wilson(wins + draws / 2, played);
  console.log(`${A.spec} as ${side} vs ${B.spec}: wins ${formatRate(r)}; draws ${draws}; mean turns ${(turns / played).toFixed(1)}`);
  summary[side] = { wins, draws, rate: r.rate, low: r.low, high: r.high };
}
console.log(JSON.stringify({ ...summary, seconds: (Date.now() - t0) / 1000 }));
