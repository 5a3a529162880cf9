/**
 * Throughput of a run over the BullMQ queue (issue 18) against the same run on local threads. A
 * hand-run measurement, never part of the test suite.
 *
 *   npx tsx bench/queue.ts [--scenario farmyard-brawl] [--agents random,greedy] [--games 200] [--reps 3] [--processes 2] [--threads 1]
 *
 * Starts Debian's redis-server on a free loopback port (no persistence, a temporary folder) and
 * `--processes` worker processes of `--threads` threads each (started once, before the first run,
 * as a researcher would), then alternates: the tournament on local threads (`--workers
 * processes × threads`), the same tournament with `--queue`. Every run is a fresh `tournament`
 * process; its games/s is the command's own (`--json`: games this session / seconds this session,
 * the pool's start-up included — for a queue run, the workers' threads start per run too). Prints
 * every run, then the best and the median of each kind and their ratio; the machine's load average
 * before and after (it is shared: interleaving spreads slow moments over both kinds).
 */
import { Command } from 'commander';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'farmyard-brawl')
  .option('--agents <list>', 'tournament agents', 'random,greedy')
  .option('--games <n>', 'games per pairing (tournament --games)', (v) => Number(v), 200)
  .option('--reps <n>', 'runs of each kind (alternating)', (v) => Number(v), 3)
  .option('--processes <n>', 'worker processes', (v) => Number(v), 2)
  .option('--threads <n>', 'threads per worker process', (v) => Number(v), 1)
  .option('--seed <n>', 'run seed', (v) => Number(v), 1)
  .parse()
  .opts<{ scenario: string; agents: string; games: number; reps: number; processes: number; threads: number; seed: number }>();

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const tmp = mkdtempSync(join(tmpdir(), 'skirmish-queue-bench-'));

const port = await new Promise<number>((resolve, reject) => {
  const s = createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const a = s.address();
    const p = typeof a === 'object' && a ? a.port : 0;
    s.close(() => resolve(p));
  });
});
const redis = spawn(
  '/usr/bin/redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmp],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve, reject) => {
  let out = '';
  redis.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('Ready to accept connections')) resolve();
  });
  redis.once('exit', () => reject(new Error(`redis-server did not start: ${out}`)));
});
const url = `redis://127.0.0.1:${port}/0`;
const node = (args: string[]): string[] => ['--import', 'tsx', 'src/cli.ts', ...args];
const workers: ChildProcess[] = [];
for (let i = 0; i < o.processes; i++) {
  workers.push(spawn(process.execPath, node(['worker', '--queue', url, '--workers', String(o.threads), '--quiet']), { stdio: 'ignore' }));
}
process.stderr.write(
  `${o.scenario}: ${o.agents}, ${o.games} games per pairing; local ${o.processes * o.threads} threads vs ${o.processes} worker process(es) × ${o.threads} thread(s) over ${url}; load average before: ${load()}\n`,
);

interface Run {
  kind: 'local' | 'queue';
  games: number;
  seconds: number;
  gamesPerSecond: number;
}
const runs: Run[] = [];
const run = (kind: Run['kind'], rep: number): void => {
  const out = join(tmp, `${kind}-${rep}`);
  const args = [
    'tournament',
    '--scenario',
    o.scenario,
    '--agents',
    o.agents,
    '--games',
    String(o.games),
    '--seed',
    String(o.seed),
    '--workers',
    String(o.processes * o.threads),
    '--out',
    out,
    '--json',
    '--quiet',
  ];
  if (kind === 'queue') args.push('--queue', url);
  const r = spawnSync(process.execPath, node(args), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${kind} run failed (${r.status ?? r.signal}): ${r.stderr}`);
  const s = JSON.parse(r.stdout) as { games: number; seconds: number; gamesPerSecond: number };
  runs.push({ kind, games: s.games, seconds: s.seconds, gamesPerSecond: s.gamesPerSecond });
  process.stderr.write(
    `  ${kind.padEnd(5)} rep ${rep + 1}: ${s.games} games in ${s.seconds.toFixed(1)} s = ${s.gamesPerSecond.toFixed(2)} games/s (load ${load()})\n`,
  );
  rmSync(out, { recursive: true, force: true });
};
try {
  await new Promise((r) => setTimeout(r, 3000)); // the workers start (tsx, Redis connection)
  for (let rep = 0; rep < o.reps; rep++) {
    const order: Run['kind'][] = rep % 2 === 0 ? ['local', 'queue'] : ['queue', 'local'];
    for (const k of order) run(k, rep);
    const pair = runs.slice(-2);
    const lr = pair.find((r) => r.kind === 'local');
    const qr = pair.find((r) => r.kind === 'queue');
    if (lr && qr) process.stderr.write(`  round ${rep + 1}: queue/local ${(qr.gamesPerSecond / lr.gamesPerSecond).toFixed(3)}\n`);
  }
} finally {
  for (const w of workers) w.kill('SIGTERM');
  redis.kill('SIGTERM');
}
const stats = (kind: Run['kind']): { best: number; median: number } => {
  const xs = runs
    .filter((r) => r.kind === kind)
    .map((r) => r.gamesPerSecond)
    .sort((a, b) => a - b);
  return { best: xs[xs.length - 1], median: xs[Math.floor(xs.length / 2)] };
};
// The ratio within each round (its two runs ran back to back, under much the same load), and their median.
const rounds: number[] = [];
for (let i = 0; i + 1 < runs.length; i += 2) {
  const lr = runs[i].kind === 'local' ? runs[i] : runs[i + 1];
  const qr = runs[i].kind === 'queue' ? runs[i] : runs[i + 1];
  rounds.push(Math.round((qr.gamesPerSecond / lr.gamesPerSecond) * 1000) / 1000);
}
const ratioRoundsMedian = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
const l = stats('local');
const q = stats('queue');
process.stdout.write(
  `${JSON.stringify({ scenario: o.scenario, agents: o.agents, games: o.games, runs, local: l, queue: q, ratioBest: Math.round((q.best / l.best) * 1000) / 1000, ratioMedian: Math.round((q.median / l.median) * 1000) / 1000, rounds, ratioRoundsMedian })}\n`,
);
process.stderr.write(`load average after: ${load()}\n`);
rmSync(tmp, { recursive: true, force: true });
