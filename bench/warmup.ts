/**
 * How much of a worker thread's warm-up is the JIT and how much the engine's lazily filled caches
 * (Nav paths, distance fields): the first N random Supply Raid games of a fresh thread, the same games
 * once the JIT and the caches are warm (after 1,500 others), then on two freshly compiled copies of
 * the scenario (empty caches, warm JIT), each played twice. A hand-run measurement (bench/RESULTS.md,
 * "Issue 21, eighth look"), never part of the tests:
 *
 *   node --single-threaded --import tsx bench/warmup.ts [N=300]
 */
import { tmpdir } from 'node:os';
import { loadScenario, loadScenarioData } from '../src/rules/index.js';
import { playRow } from '../src/runner/play.js';
import { randomAgent } from '../agents/random.js';

const sc0 = loadScenario('supply-raid');
const sides = sc0.ruleset.sides(sc0.compiled);
const factories = Object.fromEntries(sides.map((s) => [s, { factory: randomAgent, options: {} }]));
const specs = Object.fromEntries(sides.map((s) => [s, 'random']));
const envOf = (sc: typeof sc0) => ({
  scenario: sc,
  scenarioArg: 'supply-raid',
  timeLimitMs: 10_000,
  invariants: false,
  measures: false,
  records: 'none' as const,
  outDir: tmpdir(),
  watch: new Int32Array(new SharedArrayBuffer(64)),
  epoch: Date.now(),
});
/** Milliseconds to play games of these seeds one after the other on `sc`. */
const time = async (sc: typeof sc0, seeds: number[]): Promise<number> => {
  const t = performance.now();
  for (const seed of seeds) await playRow(envOf(sc), { id: 1, seed, agents: specs }, factories);
  return performance.now() - t;
};
const N = Number(process.argv[2] ?? 300);
const games = Array.from({ length: N }, (_, i) => i + 1);
const ms = (x: number): string => `${x.toFixed(0)} ms`;
console.log(`a cold thread, the first ${N} games: ${ms(await time(sc0, games))}`);
await time(
  sc0,
  Array.from({ length: 1500 }, (_, i) => 5000 + i),
);
console.log(`the same ${N} with the JIT and the caches warm: ${ms(await time(sc0, games))}`);
for (let k = 1; k <= 2; k++) {
  const fresh = loadScenarioData(JSON.parse(JSON.stringify(sc0.raw)), `copy-${k}`);
  console.log(
    `fresh copy ${k} of the scenario (empty caches), the same ${N}: ${ms(await time(fresh, games))}; again on it: ${ms(await time(fresh, games))}`,
  );
}
