/**
 * Speed-up of the parallel runner from 1 to N worker threads, on random-vs-random games of a
 * scenario (Supply Raid by default), or games of other agents (`--agents mcts:iterations=100,heuristic`:
 * one spec per side in the scenario's side order, or one spec for every side). A hand-run measurement, never part of the test suite.
 *
 *   npx tsx bench/speedup.ts [--games 2000] [--workers 1,2] [--reps 2] [--stress] [--scenario supply-raid] [--agents random]
 *   npm run build && npx tsx bench/speedup.ts --dist     # the compiled runner (dist/)
 *
 * From the sources the workers load a bundle of the engine (src/core/bundle.ts), as `tournament`
 * and `stress` do; `SKIRMISH_NO_BUNDLE=1` measures them loading the sources through tsx.
 *
 * Each worker count plays the same games (ids 1..games, seeds from --seed), through the same
 * runner the `tournament` and `stress` commands use (rows are streamed to a games file in a
 * temporary folder); repetitions alternate the worker counts so slow moments of a shared machine
 * hit both. For each run it reports games/s over the whole run (pool start-up included) and in
 * steady state (from the first finished game to the last), the rate over the second half of the
 * games (warm threads: JIT and the engine's caches filled) and the run's fixed cost — its wall time
 * beyond playing every game at that warm rate (thread start, each thread's warm-up, the last
 * batches, stopping the threads). It prints the ratio to 1 worker of the best repetitions and of the
 * medians (quote the medians). The machine's load average is printed before and after: measure when
 * it is low.
 *
 * Run length matters: each thread pays its own warm-up (~0.6 s of JIT and cache filling for the
 * Supply Raid), so on 2,000 games (~6 s with 2 workers) the fixed cost weighs several times more in
 * the ratio than on 10,000 (`--games 10000`): see bench/RESULTS.md, "Issue 21, seventh pass".
 *
 * Note on 2 cores: without `--single-threaded` (which `npm run bench:speedup` passes) one worker uses
 * more than one core (V8's concurrent garbage collector and compiler run beside it), so 2 workers on
 * 2 cores cannot reach twice its rate; with it, a worker is one thread and warm workers lose nothing
 * to each other (bench/RESULTS.md, "Issue 21, seventh pass").
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
import { splitAgentList } from '../src/commands/tournament.js';

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
  .option('--agents <specs>', "agent spec per side, comma-separated in the scenario's side order (one spec: every side)", 'random')
  .parse()
  .opts<{
    scenario: string;
    games: number;
    workers: string;
    reps: number;
    seed: number;
    stress?: boolean;
    batch?: number;
    workerHeap?: number;
    dist?: boolean;
    agents: string;
  }>();

const { runGames } = o.dist
  ? ((await import(pathToFileURL(join(process.cwd(), 'dist/src/runner/pool.js')).href)) as typeof sourcePool)
  : sourcePool;

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
const counts = o.workers.split(',').map((x) => Number(x));
const specs = splitAgentList(o.agents); // as `tournament --agents` splits them (an agent's own options stay together)
if (specs.length !== 1 && specs.length !== sides.length)
  throw new Error(`--agents: ${specs.length} specs for ${sides.length} sides (${sides.join(', ')})`);
const agents = Object.fromEntries(sides.map((s, i) => [s, specs.length === 1 ? specs[0] : specs[i]]));
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
process.stderr.write(
  `${sc.id}: ${o.games} games per run (${sides.map((s) => `${s} ${agents[s]}`).join(', ')})${o.dist ? ' (compiled runner)' : ''}, workers ${counts.join(' vs ')}, ${o.reps} rep(s); cores ${availableParallelism()}; load average before: ${load()}\n`,
);

interface Measure {
  workers: number;
  wallGamesPerSecond: number;
  steadyGamesPerSecond: number;
  /** Games/s from the row at half the games to the last row. */
  lateGamesPerSecond: number;
  /** Wall seconds beyond `games / lateGamesPerSecond`. */
  fixedSeconds: number;
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
    let half = 0;
    let n = 0;
    await runGames({
      config: {
        scenarioRaw: sc.raw,
        scenarioOrigin: o.scenario,
        scenarioArg: o.scenario,
        timeLimitMs: 10_000,
        invariants: !!o.stress,
        measures: !!o.stress,
        records: 'none',
        outDir: dir,
        epoch: Date.now(),
      },
      sides,
      workers,
      total: o.games,
      gameAt: (id) => ({ id, seed: deriveSeed(o.seed, id), agents }),
      done: new Set(),
      batchSize: o.batch,
      workerHeapMb: o.workerHeap,
      onRow: (row) => {
        writer.write(row);
        n++;
        last = performance.now();
        if (n === 1) first = last;
        if (n === Math.ceil(o.games / 2)) half = last;
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
      lateGamesPerSecond: (n - Math.ceil(o.games / 2)) / ((last - half) / 1000),
      fixedSeconds: 0,
    };
    m.fixedSeconds = m.seconds - n / m.lateGamesPerSecond;
    results.push(m);
    process.stderr.write(
      `  rep ${rep + 1}, ${workers} worker(s): ${m.seconds.toFixed(1)} s, ${m.wallGamesPerSecond.toFixed(1)} games/s (steady ${m.steadyGamesPerSecond.toFixed(1)}, second half ${m.lateGamesPerSecond.toFixed(1)}; fixed cost ${m.fixedSeconds.toFixed(2)} s, of it ${((t1 - last) / 1000).toFixed(2)} s after the last game: stopping the threads); load ${load()}\n`,
    );
  }
}
type Rate = 'wallGamesPerSecond' | 'steadyGamesPerSecond' | 'lateGamesPerSecond';
const best = (w: number, k: Rate): number => Math.max(...results.filter((r) => r.workers === w).map((r) => r[k]));
const median = (w: number, k: Rate | 'fixedSeconds'): number => {
  const v = results
    .filter((r) => r.workers === w)
    .map((r) => r[k])
    .sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const base = counts[0];
const summary = {
  scenario: sc.id,
  agents,
  games: o.games,
  stress: !!o.stress,
  dist: !!o.dist,
  reps: o.reps,
  loadAfter: load(),
  best: Object.fromEntries(
    counts.map((w) => [
      w,
      { wallGamesPerSecond: +best(w, 'wallGamesPerSecond').toFixed(2), steadyGamesPerSecond: +best(w, 'steadyGamesPerSecond').toFixed(2) },
    ]),
  ),
  speedup: Object.fromEntries(
    counts
      .filter((w) => w !== base)
      .map((w) => [
        w,
        {
          wall: +(best(w, 'wallGamesPerSecond') / best(base, 'wallGamesPerSecond')).toFixed(3),
          steady: +(best(w, 'steadyGamesPerSecond') / best(base, 'steadyGamesPerSecond')).toFixed(3),
        },
      ]),
  ),
  median: Object.fromEntries(
    counts.map((w) => [
      w,
      {
        wallGamesPerSecond: +median(w, 'wallGamesPerSecond').toFixed(2),
        lateGamesPerSecond: +median(w, 'lateGamesPerSecond').toFixed(2),
        fixedSeconds: +median(w, 'fixedSeconds').toFixed(2),
      },
    ]),
  ),
  medianSpeedup: Object.fromEntries(
    counts
      .filter((w) => w !== base)
      .map((w) => [
        w,
        {
          wall: +(median(w, 'wallGamesPerSecond') / median(base, 'wallGamesPerSecond')).toFixed(3),
          late: +(median(w, 'lateGamesPerSecond') / median(base, 'lateGamesPerSecond')).toFixed(3),
        },
      ]),
  ),
  runs: results.map((r) => ({
    workers: r.workers,
    seconds: +r.seconds.toFixed(2),
    wall: +r.wallGamesPerSecond.toFixed(2),
    steady: +r.steadyGamesPerSecond.toFixed(2),
    late: +r.lateGamesPerSecond.toFixed(2),
    fixed: +r.fixedSeconds.toFixed(2),
  })),
};
for (const w of counts.filter((x) => x !== base)) {
  console.log(
    `${w} workers vs ${base}: best ${best(w, 'wallGamesPerSecond').toFixed(1)} vs ${best(base, 'wallGamesPerSecond').toFixed(1)} games/s — ×${summary.speedup[w].wall} (steady state ×${summary.speedup[w].steady})`,
  );
  console.log(
    `${w} workers vs ${base}: median ${median(w, 'wallGamesPerSecond').toFixed(1)} vs ${median(base, 'wallGamesPerSecond').toFixed(1)} games/s — ×${summary.medianSpeedup[w].wall} (second half ×${summary.medianSpeedup[w].late}; fixed cost ${median(w, 'fixedSeconds').toFixed(2)} vs ${median(base, 'fixedSeconds').toFixed(2)} s)`,
  );
}
console.log(JSON.stringify(summary));
