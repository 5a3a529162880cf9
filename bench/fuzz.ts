/**
 * Fuzz run: many games with the given agents (random by default), every one watched by the
 * ruleset's invariant monitor. Reports exceptions and violations with the seed that reproduces
 * each. A hand-run command (the test suite runs 1,000 games; this runs as many as you ask).
 *
 *   npx tsx bench/fuzz.ts --scenario supply-raid --games 10000 [--agent pirates=random …] [--first-seed 1]
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGameSync } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'supply-raid')
  .option('--games <n>', 'games', (v) => Number(v), 10000)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 1)
  .option('--agent <side=spec>', 'agent per side (default random)', (v: string, p: string[]) => [...p, v], [] as string[])
  .parse()
  .opts<{ scenario: string; games: number; firstSeed: number; agent: string[] }>();

const sc = loadScenario(o.scenario);
const specs: Record<string, string> = Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, 'random']));
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
let exceptions = 0;
let violations = 0;
let decisions = 0;
const wins: Record<string, number> = {};
const t0 = Date.now();
for (let i = 0; i < o.games; i++) {
  const seed = o.firstSeed + i;
  const monitor = sc.ruleset.invariants?.(sc.compiled);
  try {
    const { result } = playGameSync(sc, seed, makeAgents(sc, seed, factories, 1), { monitor });
    decisions += result.decisions;
    wins[result.winner ?? 'draw'] = (wins[result.winner ?? 'draw'] ?? 0) + 1;
  } catch (e) {
    exceptions++;
    console.log(`EXCEPTION seed ${seed}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (monitor && monitor.violations.length) {
    violations += monitor.violations.length;
    console.log(`VIOLATION seed ${seed}: ${monitor.violations.slice(0, 3).join(' | ')}`);
  }
  if ((i + 1) % 500 === 0)
    process.stderr.write(
      `  ${i + 1}/${o.games} games, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${exceptions} exceptions, ${violations} violations\n`,
    );
}
const s = (Date.now() - t0) / 1000;
console.log(
  JSON.stringify({
    scenario: sc.id,
    agents: specs,
    games: o.games,
    exceptions,
    violations,
    wins,
    seconds: s,
    gamesPerSecond: o.games / s,
    decisionsPerSecond: decisions / s,
  }),
);
process.exit(exceptions || violations ? 1 : 0);
