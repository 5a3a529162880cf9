/**
 * Runs over a BullMQ queue on a real Redis (issue 18): a `redis-server` (Debian's package, installed
 * by .ci/run) is started on a free loopback port with no persistence, in a temporary folder.
 *
 * - a 200-game tournament over the queue, played by two `worker` processes, writes the same
 *   games.jsonl lines (sorted by id) and the same record files as the same run on local threads;
 * - a worker killed with SIGKILL mid-run: its batches are handed to the other (stalled-job check),
 *   and every game is there exactly once, identical to the local run;
 * - a coordinator killed with SIGKILL and resumed with --resume: every game exactly once, identical,
 *   and no game played twice (the batches finished while it was gone are collected from Redis);
 * - a worker whose agent file differs from the coordinator's refuses the batches, and the run's
 *   report says which file differs.
 *
 * The games: Escarmouche's farmyard-brawl, random against greedy — the fastest pairing of a real
 * scenario (about 10 games/s on 2 threads here), so the local and queue runs of 200 games take some
 * 20 s each; tournament ids run deal by deal, so ids 1..40 of a 40-game run are the first 40 games
 * of the 200-game one (the smaller runs are compared with those).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliStart, exited, gameLines, gameRows, sortedGames, tempDir, until } from './helpers.js';
import { loadScenario } from '../../src/rules/index.js';
import { partnersOf, RUN_FORMAT, type RunManifest } from '../../src/runner/manifest.js';
import { parseQueueUrl, queuePlayer } from '../../src/runner/queue.js';

const REDIS = '/usr/bin/redis-server';
const root = tempDir('queue');
const project = process.cwd();
const cliFile = join(project, 'src', 'cli.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Games of the runs that kill a process (ids 1..GAMES of the 200-game run). */
const GAMES = 40;
let port = 0;
let redis: ChildProcess | null = null;
const started: ChildProcess[] = [];

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const p = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(p));
    });
  });
}

/** The queue URL of database `db` (each test its own, so their queues never meet). */
const url = (db: number): string => `redis://127.0.0.1:${port}/${db}`;

/** Start a `worker` process (cwd: where relative agent paths are looked up); its stderr is kept. */
function startWorker(db: number, cwd = project): { p: ChildProcess; log: () => string } {
  const p = spawn(process.execPath, ['--import', tsx, cliFile, 'worker', '--queue', url(db), '--workers', '1', '--stall-ms', '2000'], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  p.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  started.push(p);
  return { p, log: () => text };
}

/** Games a worker's log says it played. */
function played(log: string): number {
  return [...log.matchAll(/played (\d+) game\(s\)/g)].reduce((n, m) => n + Number(m[1]), 0);
}

/** Stop a worker the polite way (it finishes its batches) and wait for it. */
async function stopWorker(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const done = exited(p);
  p.kill('SIGTERM');
  await done;
}

const tournament = (out: string, games: number, ...extra: string[]): string[] => [
  'tournament',
  '--scenario',
  'farmyard-brawl',
  '--agents',
  'random,greedy',
  '--games',
  String(games),
  '--seed',
  '5',
  '--workers',
  '2',
  '--out',
  out,
  '--records',
  'all',
  '--quiet',
  ...extra,
];

beforeAll(async () => {
  port = await freePort();
  const dir = tempDir('redis');
  redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = redis;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.once('error', (e) => reject(new Error(`cannot start ${REDIS} (install Debian's redis-server package): ${e.message}`)));
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${code ?? '?'}): ${out}`)));
  });
});

afterAll(async () => {
  for (const p of started) await stopWorker(p).catch(() => undefined);
  if (redis && redis.exitCode === null) {
    const done = exited(redis);
    redis.kill('SIGTERM');
    await done;
  }
});

describe('runs over a BullMQ queue on Redis', () => {
  const reference = join(root, 'local');
  let referenceLines: string[] | null = null;
  /** The 200-game run on local threads, sorted by id (made once). */
  const local = (): string[] => {
    if (!referenceLines) {
      const r = cli(...tournament(reference, 200));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      referenceLines = sortedGames(reference).split('\n');
      expect(referenceLines).toHaveLength(200);
    }
    return referenceLines;
  };

  it('a 200-game tournament played by two worker processes writes the same games as a local run', async () => {
    const a = startWorker(1); // they start while the local run plays
    const b = startWorker(1);
    const ref = local();
    const out = join(root, 'queue');
    const r = cli(...tournament(out, 200, '--queue', url(1)));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(sortedGames(out).split('\n')).toEqual(ref);
    // The records came back with the rows: the same files, byte for byte.
    const records = readdirSync(join(reference, 'records')).sort();
    expect(records).toHaveLength(200);
    expect(readdirSync(join(out, 'records')).sort()).toEqual(records);
    for (const f of records) expect(readFileSync(join(out, 'records', f)).equals(readFileSync(join(reference, 'records', f)))).toBe(true);
    await stopWorker(a.p);
    await stopWorker(b.p);
    // Both workers took part, and no game was played twice.
    expect(played(a.log())).toBeGreaterThan(0);
    expect(played(b.log())).toBeGreaterThan(0);
    expect(played(a.log()) + played(b.log())).toBe(200);
  });

  it('a worker killed with SIGKILL mid-run has its batches played by the other: every game exactly once', async () => {
    const ref = local().slice(0, GAMES);
    const a = startWorker(2);
    const b = startWorker(2);
    const out = join(root, 'worker-killed');
    const coordinator = cliStart(...tournament(out, GAMES, '--batch', '2', '--queue', url(2), '--json'));
    let stdout = '';
    coordinator.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    await until(() => played(a.log()) >= 4, 60_000);
    a.p.kill('SIGKILL');
    expect(await exited(a.p)).toBe('SIGKILL');
    const code = await exited(coordinator);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { games: number }).games).toBe(GAMES);
    const ids = gameRows(out).map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sortedGames(out).split('\n')).toEqual(ref);
    await stopWorker(b.p);
  });

  it('a coordinator killed with SIGKILL resumes with --resume: every game exactly once, none played twice', async () => {
    const ref = local().slice(0, GAMES);
    const a = startWorker(3);
    const b = startWorker(3);
    const out = join(root, 'coordinator-killed');
    const coordinator = cliStart(...tournament(out, GAMES, '--batch', '2', '--queue', url(3)));
    await until(() => gameLines(out).length >= 6, 60_000);
    coordinator.kill('SIGKILL');
    expect(await exited(coordinator)).toBe('SIGKILL');
    const before = gameLines(out).length;
    expect(before).toBeLessThan(GAMES); // really stopped part-way

    const r = cli('tournament', '--resume', out, '--queue', url(3), '--quiet', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ids = gameRows(out).map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sortedGames(out).split('\n')).toEqual(ref);
    // The workers played each game once: the resumed coordinator queued none of the finished ones.
    await stopWorker(a.p);
    await stopWorker(b.p);
    expect(played(a.log()) + played(b.log())).toBe(GAMES);
  });

  it('a worker whose agent file differs refuses the batches, and the report says which file', async () => {
    // Coordinator and worker each in a folder of their own, with a different agents/probe.ts.
    const here = join(root, 'coordinator-side');
    const there = join(root, 'worker-side');
    const agent = (pick: string): string => `export default () => ({ spec: 'probe', decide: (d) => d.legal[${pick}] });\n`;
    for (const [dir, pick] of [
      [here, '0'],
      [there, 'd.legal.length - 1'],
    ] as const) {
      mkdirSync(join(dir, 'agents'), { recursive: true });
      writeFileSync(join(dir, 'agents', 'probe.ts'), agent(pick));
    }
    const w = startWorker(4, there);
    const out = join(root, 'refused');
    const c = spawn(
      process.execPath,
      [
        '--import',
        tsx,
        cliFile,
        ...tournament(out, 4, '--queue', url(4)).map((x) => (x === 'random,greedy' ? 'random,agents/probe.ts' : x)),
      ],
      {
        cwd: here,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    c.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const code = await exited(c);
    expect(code).toBe(1);
    expect(err).toMatch(/batch\(es\) failed on the queue/);
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    expect(report).toMatch(/refused by worker .*agent file agents\/probe\.ts differs/);
    expect(gameLines(out)).toHaveLength(0);
    expect(played(w.log())).toBe(0);
    await stopWorker(w.p);
  });

  it('an early stop (SPRT) over the queue still plays the other side order of every started deal', async () => {
    const w = startWorker(5);
    const sc = loadScenario('farmyard-brawl');
    const sides = sc.ruleset.sides(sc.compiled);
    const out = join(root, 'early-stop');
    mkdirSync(out, { recursive: true });
    const m: RunManifest = {
      format: RUN_FORMAT,
      kind: 'tournament',
      scenario: { arg: 'farmyard-brawl', id: sc.id, hash: sc.hash, ruleset: sc.ruleset.id, rulesetVersion: sc.ruleset.version },
      seed: 1,
      games: 20,
      records: 'none',
      timeLimitMs: 0,
      tournament: { agents: ['random'], gamesPerPairing: 20, sprt: null },
      command: 'test',
    };
    const ids: number[] = [];
    const play = queuePlayer({ address: parseQueueUrl(url(5)), manifest: m, dir: out, log: null });
    const r = await play({
      config: {
        scenarioRaw: sc.raw,
        scenarioOrigin: 'farmyard-brawl',
        scenarioArg: 'farmyard-brawl',
        timeLimitMs: 0,
        invariants: false,
        measures: false,
        records: 'none',
        outDir: out,
        epoch: Date.now(),
      },
      sides,
      workers: 1,
      total: 20,
      batchSize: 1,
      gameAt: (id) => ({ id, seed: Math.ceil(id / 2), agents: Object.fromEntries(sides.map((s) => [s, 'random'])) }),
      done: new Set(),
      onRow: (row) => ids.push(row.id),
      // An SPRT-like verdict after the first row: other single-game batches are queued or in play then.
      shouldStop: () => ids.length >= 1,
      partners: (id) => partnersOf(m, id),
    });
    await stopWorker(w.p);
    expect(r.ended).toBe('stopped');
    expect(r.failures).toEqual([]);
    ids.sort((a, b) => a - b);
    expect(ids.length).toBeLessThan(20); // it did stop early
    expect(ids.length % 2).toBe(0);
    for (let k = 0; k < ids.length; k += 2) expect([ids[k], ids[k + 1]]).toEqual([ids[k], ids[k] + 1]);
  });
});
