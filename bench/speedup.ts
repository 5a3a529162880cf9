/**
 * Speed-up of the parallel runner from 1 to N worker threads, on random-vs-random games of a
 * scenario (Supply Raid by default). A hand-run measurement, never part of the test suite.
 *
 *   npx tsx bench/speedup.ts [--games 2000] [--workers 1,2] [--reps 2] [--stress] [--scenario supply-raid]
 *   npm run build && npx tsx bench/speedup.ts --dist     # the compiled runner (dist/)
 *
 * From the sources the workers load a bundle of the engine (src/core/bundle.ts), as `tournament`
 * and `stress` do; `SKIRMISH_NO_BUNDLE=1` measures them loading the sources through tsx.
 *
 * Each worker count plays the same games (ids 1..games, seeds from --seed), through the same
 * runner the `tournament` and `stress` commands use (rows are streamed to a games file in a
 * temporary folder); repetitions alternate the worker counts so slow moments of a shared machine
 * hit both. For each run it reports games/s over the whole run (pool start-up included) and in
 * steady state (from the first finished game to the last). The figure to quote is the best
 * repetition's wall-clock games/s per worker count, and the ratio to 1 worker. The machine's
 * load average is printed before and after: measure when it is low.
 *
 * Note on 2 cores: one worker already uses more than one core (V8's concurrent garbage collector and
 * the main thread run beside it), so 2 workers on 2 cores cannot reach twice its rate; pin the 1-worker
 * run to one core (`taskset -c 0 npx tsx bench/speedup.ts --workers 1`) to see the per-core rate.
 */
import { Command } from 'commander';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { loadScenario } from '../src/rules/index.js';
import { GamesWriter } from '../src/runner/gamesfile.js';
import { pathToFileURL } from 'node:url';
import * as sourcePool from '../src/runner/pool.js';
import { deriveSeed } from '../src/runner/seeds.js';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'supply-raid')
  .option('--games <n>', 'games per run', (v) => Number(v), 2000)
  .option('--workers <list>', 'worker counts to compare, comma-separated', '1,2')
  .option('--reps <n>', 'repetitions of each worker count (alternating)', (v) => Number(v), 2)
  .option('--seed <n>', 'run seed', (v) => Number(v), 1)
  .option('--stress', 'watch invariants and compute balance measures in each game (as `stress` does)')
  .option('--batch <n>', 'games per task (default: as the runner chooses)', (v) => Number(v))
  .option('--worker-heap <MB>', 'heap limit per worker (default: as the runner chooses)', (v) => Number(v))
  .option('--dist', 'use the compiled runner in dist/ (run `npm run build` first)')
  .parse()
  .opts<{ scenario: string; games: number; workers: string; reps: number; seed: number; stress?: boolean; batch?: number; workerHeap?: number; dist?: boolean }>();

const { runGames } = o.dist ? ((await import(pathToFileURL(join(process.cwd(), 'dist/src/runner/pool.js')).href)) as typeof sourcePool) : sourcePool;

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
const counts = o.workers.split(',').map((x) => Number(x));
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');
process.stderr.write(`${sc.id}: ${o.games} random-vs-random games per run${o.dist ? ' (compiled runner)' : ''}, workers ${counts.join(' vs ')}, ${o.reps} rep(s); cores ${availableParallelism()}; load average before: ${load()}\n`);

interface Measure {
  workers: number;
  wallGamesPerSecond: number;
  steadyGamesPerSecond: number;
  seconds: number;
}
const results: Measure[] = [];
for (let rep = 0; rep < o.reps; rep++) {
  for (const workers of rep % 2 === 0 ? counts : [...counts].reverse()) {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-speedup-'));
    const writer = new GamesWriter(join(dir, 'games.jsonl'));
    const t0 = performance.now();
    let first = 0;
    let last = 0;
    let n = 0;
    await runGames({
      config: { scenarioRaw: sc.raw, scenarioOrigin: o.scenario, scenarioArg: o.scenario, timeLimitMs: 10_000, invariants: !!o.stress, measures: !!o.stress, records: 'none', outDir: dir, epoch: Date.now() },
      sides,
      workers,
      total: o.games,
      gameAt: (id) => ({ id, seed: deriveSeed(o.seed, id), agents: Object.fromEntries(sides.map((s) => [s, 'random'])) }),
      done: new Set(),
      batchSize: o.batch,
      workerHeapMb: o.workerHeap,
      onRow: (row) => {
        writer.write(row);
        n++;
        last = performance.now();
        if (n === 1) first = last;
      },
    });
    const t1 = performance.now();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
    const m: Measure = {
      workers,
      seconds: (t1 - t0) / 1000,
      wallGamesPerSecond: n / ((t1 - t0) / 1000),
      steadyGamesPerSecond: (n - 1) / ((last - first) / 1000),
    };
    results.push(m);
    process.stderr.write(`  rep ${rep + 1}, ${workers} worker(s): ${m.seconds.toFixed(1)} s, ${m.wallGamesPerSecond.toFixed(1)} games/s (steady ${m.steadyGamesPerSecond.toFixed(1)}); load ${load()}\n`);
  }
}
const best = (w: number, k: 'wallGamesPerSecond' | 'steadyGamesPerSecond'): number => Math.max(...results.filter((r) => r.workers === w).map((r) => r[k]));
const base = counts[0];
const summary = {
  scenario: sc.id,
  games: o.games,
  stress: !!o.stress,
  dist: !!o.dist,
  reps: o.reps,
  loadAfter: load(),
  best: Object.fromEntries(counts.map((w) => [w, { wallGamesPerSecond: +best(w, 'wallGamesPerSecond').toFixed(2), steadyGamesPerSecond: +best(w, 'steadyGamesPerSecond').toFixed(2) }])),
  speedup: Object.fromEntries(counts.filter((w) => w !== base).map((w) => [w, { wall: +(best(w, 'wallGamesPerSecond') / best(base, 'wallGamesPerSecond')).toFixed(3), steady: +(best(w, 'steadyGamesPerSecond') / best(base, 'steadyGamesPerSecond')).toFixed(3) }])),
  runs: results.map((r) => ({ workers: r.workers, seconds: +r.seconds.toFixed(2), wall: +r.wallGamesPerSecond.toFixed(2), steady: +r.steadyGamesPerSecond.toFixed(2) })),
};
for (const w of counts.filter((x) => x !== base)) {
  console.log(`${w} workers vs ${base}: ${best(w, 'wallGamesPerSecond').toFixed(1)} vs ${best(base, 'wallGamesPerSecond').toFixed(1)} games/s — ×${summary.speedup[w].wall} (steady state ×${summary.speedup[w].steady})`);
}
console.log(JSON.stringify(summary));
