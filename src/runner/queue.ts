/**
 * Runs over a BullMQ queue on Redis (`tournament --queue redis://…`, `stress --queue …`): the
 * coordinator's side, and what it shares with the queue workers (src/runner/queue-worker.ts,
 * `worker --queue …`).
 *
 * The coordinator puts the run's games on the queue as batches (the same batches as the local
 * worker-thread pool), each a BullMQ job carrying {@link BatchJobData}: the run's settings with the
 * scenario's JSON and content hash, the content hash of every agent file the games name, the
 * project version, and the games (id, seed, agent specs) — data, never code. A worker plays the
 * batch on its own threads and returns the rows (and their gzip records) as the job's result; the
 * coordinator writes them to `games.jsonl` (and `records/`) exactly as a local run does.
 *
 * Promises:
 * - every game id gets at most one row, deduplicated by id (a batch played twice — its worker
 *   seemed dead but was not — gives identical rows: a row is a pure function of the game);
 * - a worker that dies has its batch retried by another (BullMQ's stalled-job check); a batch
 *   whose worker dies twice, or that fails three times, or that a worker refuses (a different
 *   project version, scenario or agent file), is not retried further: its games stay unplayed and
 *   the run's report lists why ({@link RunGamesResult.failures}); `--resume` tries them again;
 * - an early stop (`shouldStop`: a tournament's SPRT) takes back the batches nobody has started and
 *   queues the partners of every started game (`partners`), as the local pool does;
 * - jobs are named after the run (`<run key>-<first id>`): a resumed coordinator (or one that was
 *   killed) first collects the results already in Redis, keeps waiting for the batches still queued
 *   or being played, and queues only the games no batch holds — finished games are never replayed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { AgentSpecError, parseSpec } from '../../agents/options.js';
import { execFiles, isExecSpec } from '../../agents/exec/spec.js';
import { projectRoot } from '../core/scenario.js';
import { writeAtomic } from '../core/files.js';
import { runAgentSpecs, type RunManifest } from './manifest.js';
import type { RunGamesOptions, RunGamesResult } from './pool.js';
import type { GameRow, GameSpec, RecordsMode } from './types.js';

/** The queue (BullMQ queue name) coordinators and workers use unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'skirmish';

/** Default stall time (ms): a worker silent this long has its batches handed to another. */
export const DEFAULT_STALL_MS = 30_000;

/** Attempts of a batch whose worker reports an error (not a refusal), before it is reported. */
export const BATCH_ATTEMPTS = 3;

/** Batches queued and not yet finished, at most (so an SPRT can stop early, and Redis stays small). */
const WINDOW = 512;

/** How often the coordinator checks its batches' states itself (besides the queue's events), ms. */
const SWEEP_MS = 2000;

/**
 * A `--queue` / `--queue-name` that is not usable: not a redis:// URL, or a Redis that cannot be
 * reached. The user's to fix (the CLI prints the message and exits 2; src/commands/common.ts).
 */
export class QueueAddressError extends Error {}

/** A checked queue address. */
export interface QueueAddress {
  /** The URL as given, for the Redis client (password and `rediss://` TLS included). */
  url: string;
  /** The URL with any password masked, for messages and reports. */
  shown: string;
  /** BullMQ queue name. */
  name: string;
}

/** A URL (or `--queue=URL`) with its password, if any, replaced by `***`: for what is printed or written down. */
export function maskPassword(url: string): string {
  return url.replace(/^([^:/]*=?[a-z]+:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}

/**
 * Check `--queue`: `redis://[user:password@]HOST[:PORT][/DB]` or `rediss://…` (TLS). Throws a
 * {@link QueueAddressError} naming the option otherwise. The URL is handed to the Redis client as is.
 */
export function parseQueueUrl(url: string, name = DEFAULT_QUEUE_NAME): QueueAddress {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueAddressError(`--queue ${url}: not a URL; expected redis://HOST:PORT[/DB] (or rediss:// for TLS)`);
  }
  const shown = maskPassword(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new QueueAddressError(`--queue ${shown}: expected a redis:// or rediss:// URL`);
  if (u.hostname === '') throw new QueueAddressError(`--queue ${shown}: no host; expected redis://HOST:PORT[/DB]`);
  if (u.pathname !== '' && u.pathname !== '/' && !/^\/\d+$/.test(u.pathname))
    throw new QueueAddressError(`--queue ${shown}: the path must be a database number (/0 … /15), not ${u.pathname}`);
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new QueueAddressError(`--queue-name ${name}: use letters, digits, '.', '_' and '-' only`);
  return { url, shown, name };
}

/** BullMQ connection options for an address (blocking connections need `maxRetriesPerRequest: null`). */
export function connectionOf(a: QueueAddress): { url: string; maxRetriesPerRequest: null } {
  return { url: a.url, maxRetriesPerRequest: null };
}

/**
 * Connect once and PING, failing within a few seconds: the Redis client otherwise retries for
 * ever. Throws a {@link QueueAddressError} naming the (masked) URL when Redis cannot be reached.
 */
export async function checkReachable(a: QueueAddress): Promise<void> {
  const client = new Redis(a.url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw new QueueAddressError(`--queue ${a.shown}: cannot reach Redis: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    client.disconnect();
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

let projectVersionCache: string | null = null;

/**
 * This checkout's project version: package.json's `version` and a content hash of the engine and
 * agents (every file under `src/` and `agents/`), e.g. `0.1.0+3f2a…`. Coordinator and workers must
 * agree on it: the same release run from the same kind of tree (sources with tsx, or `dist/`).
 */
export function projectVersion(): string {
  if (projectVersionCache !== null) return projectVersionCache;
  const root = projectRoot();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  const h = createHash('sha256');
  const compiled = import.meta.url.endsWith('.js') && existsSync(join(root, 'dist'));
  const base = compiled ? join(root, 'dist') : root;
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir).sort()) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (['.ts', '.js', '.mjs', '.json'].includes(extname(e))) {
        h.update(relative(base, p).split('\\').join('/'));
        h.update('\0');
        h.update(readFileSync(p));
        h.update('\0');
      }
    }
  };
  walk(join(base, 'src'));
  walk(join(base, 'agents'));
  projectVersionCache = `${typeof pkg.version === 'string' ? pkg.version : '?'}+${h.digest('hex').slice(0, 12)}`;
  return projectVersionCache;
}

/**
 * The files an agent spec depends on, as named in it: the agent module of a file spec
 * (`./my-agent.ts#depth=2`), option values that name an existing file (`mcts:eval=w.json`), and the
 * arguments of an `exec:` command line that are existing files (the client's script).
 * Relative paths count from the working folder (the project folder, on every machine).
 */
export function agentFiles(spec: string): string[] {
  if (isExecSpec(spec)) return execFiles(spec);
  const p = parseSpec(spec);
  const out: string[] = [];
  if (p.isFile) out.push(p.name);
  for (const v of Object.values(p.options)) {
    if ((v.includes('/') || v.includes('\\') || /\.(json|m?[jt]s)$/.test(v)) && existsSync(v) && statSync(v).isFile()) out.push(v);
  }
  return out;
}

/** sha256 of a file named in an agent spec, or null when it is not there (relative to the working folder). */
export function fileHash(path: string): string | null {
  const file = isAbsolute(path) ? path : resolve(path);
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  return sha256(readFileSync(file));
}

/** What every batch of a run carries besides its games: the run's settings and the hashes to check. */
export interface QueueRunSpec {
  /** The run's key: the prefix of its job ids. */
  run: string;
  /** The coordinator's {@link projectVersion}. */
  project: string;
  scenario: {
    /** As the user named it (id or path): repro commands name it, and a worker that has it checks it. */
    arg: string;
    /** Content hash of the scenario JSON. */
    hash: string;
    ruleset: string;
    rulesetVersion: string;
    /** The scenario file's JSON (played from when the worker does not have the file). */
    raw: unknown;
  };
  /** sha256 of every file the games' agent specs name (see {@link agentFiles}), by the name used in the spec. */
  files: Record<string, string>;
  timeLimitMs: number;
  invariants: boolean;
  measures: boolean;
  records: RecordsMode;
}

/** The data of one batch job. */
export interface BatchJobData {
  spec: QueueRunSpec;
  games: GameSpec[];
}

/** One finished game in a batch's result: its row and, when it has one, its gzip record (base64). */
export interface ResultRow {
  row: GameRow;
  record?: string;
}

/** A batch job's result (its BullMQ return value). */
export interface BatchResult {
  rows: ResultRow[];
  /** Games played again in the worker because a thread died. */
  retried: number;
  /** Which worker played it (`host:pid`), for diagnostics only (never written to rows). */
  worker: string;
}

/** Where a run's queue is, and the run's identity. */
export interface QueueRunOptions {
  address: QueueAddress;
  manifest: RunManifest;
  /** The run folder (absolute). */
  dir: string;
  /** Where the coordinator reports what it does besides progress (stderr), or null. */
  log?: ((line: string) => void) | null;
}

/**
 * The key of a run: the same for a resumed run, different when anything that changes its games
 * differs. The manifest's worker count (it may change on resume) and its agent file hashes (they are
 * `files`) are left out.
 */
export function runKey(manifest: RunManifest, dir: string, project: string, files: Record<string, string>): string {
  const { workers: _workers, agentFiles: _agentFiles, ...games } = manifest;
  return sha256(JSON.stringify({ manifest: games, dir, project, files })).slice(0, 16);
}

/** Every agent file the run's agents name, with its hash; throws an AgentSpecError for a missing one. */
export function runFiles(manifest: RunManifest): Record<string, string> {
  const specs = runAgentSpecs(manifest);
  const files: Record<string, string> = {};
  for (const spec of specs) {
    for (const f of agentFiles(spec)) {
      const h = fileHash(f);
      if (h === null) throw new AgentSpecError(`agent file not found: ${f}`);
      files[f] = h;
    }
  }
  return files;
}

const RECORD = /^records\/game-(\d+)\.jsonl\.gz$/;

interface Outstanding {
  ids: number[];
}

/**
 * A replacement for {@link runGames} that plays the games over the queue: same options, same
 * promises about rows (`onRow` once per id, in the coordinator's thread), and the batches' failures
 * in {@link RunGamesResult.failures}. `o.workers` only sizes the batches (as for a local run with
 * that many threads); the queue's workers decide how many games run at once.
 */
export function queuePlayer(q: QueueRunOptions): (o: RunGamesOptions) => Promise<RunGamesResult> {
  return (o) => playOverQueue(q, o);
}

async function playOverQueue(q: QueueRunOptions, o: RunGamesOptions): Promise<RunGamesResult> {
  const log = q.log ?? ((): void => undefined);
  await checkReachable(q.address);
  const files = runFiles(q.manifest);
  const project = projectVersion();
  const key = runKey(q.manifest, q.dir, project, files);
  const m = q.manifest;
  const spec: QueueRunSpec = {
    run: key,
    project,
    scenario: {
      arg: m.scenario.arg,
      hash: m.scenario.hash,
      ruleset: m.scenario.ruleset,
      rulesetVersion: m.scenario.rulesetVersion,
      raw: o.config.scenarioRaw,
    },
    files,
    timeLimitMs: o.config.timeLimitMs,
    invariants: o.config.invariants,
    measures: o.config.measures,
    records: o.config.records,
  };
  const connection = connectionOf(q.address);
  const queue = new Queue<BatchJobData, BatchResult>(q.address.name, {
    connection,
    defaultJobOptions: {
      attempts: BATCH_ATTEMPTS,
      backoff: { type: 'fixed', delay: 1000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });
  const events = new QueueEvents(q.address.name, { connection });
  queue.on('error', () => undefined);
  events.on('error', () => undefined);

  const seen = new Set<number>();
  const outstanding = new Map<string, Outstanding>();
  const failures: string[] = [];
  let finished = 0;
  let retried = 0;
  let stopping: 'interrupted' | 'stopped' | null = null;
  const prefix = `${key}-`;

  const deliver = (r: ResultRow, allowed: ReadonlySet<number> | null): void => {
    const row = r.row;
    if (!row || typeof row.id !== 'number' || seen.has(row.id) || o.done.has(row.id) || row.id < 1 || row.id > o.total) return;
    if (allowed && !allowed.has(row.id)) return;
    if (row.record !== undefined) {
      const mm = RECORD.exec(row.record);
      if (!mm || Number(mm[1]) !== row.id || typeof r.record !== 'string') delete row.record;
      else {
        const file = join(o.config.outDir, row.record);
        writeAtomic(file, Buffer.from(r.record, 'base64'));
      }
    }
    seen.add(row.id);
    finished++;
    o.onRow(row);
  };

  const describeBatch = (ids: readonly number[]): string =>
    ids.length === 1 ? `game ${ids[0]}` : `games ${ids[0]}–${ids[ids.length - 1]}`;

  /** Collect one job of this run if it has finished (completed: its rows; failed: a failure). */
  const harvest = async (jobId: string): Promise<void> => {
    const out = outstanding.get(jobId);
    if (!out) return; // collected already
    const job = await Job.fromId<BatchJobData, BatchResult>(queue, jobId);
    if (!job) {
      // Gone from Redis (removed by hand, or its queue emptied): queue its games again.
      if (!stopping) {
        outstanding.delete(jobId);
        const ids = out.ids.filter((id) => !seen.has(id));
        if (ids.length) await add(ids);
      }
      return;
    }
    const state = await job.getState();
    const ids = (job.data?.games ?? []).map((g) => g.id);
    if (state === 'completed') {
      const result = job.returnvalue;
      const allowed = new Set(ids);
      if (result && Array.isArray(result.rows)) {
        for (const r of result.rows) deliver(r, allowed);
        retried += typeof result.retried === 'number' ? result.retried : 0;
      }
      const missing = ids.filter((id) => !seen.has(id) && !o.done.has(id));
      outstanding.delete(jobId);
      await job.remove().catch(() => undefined);
      if (missing.length && !stopping) await add(missing); // a worker's result without some rows: play them again
    } else if (state === 'failed') {
      const reason = job.failedReason || 'failed';
      failures.push(`${describeBatch(ids)}: ${reason}`);
      log(`queue: ${describeBatch(ids)} failed: ${reason}`);
      outstanding.delete(jobId);
      await job.remove().catch(() => undefined);
    }
  };

  const add = async (ids: number[]): Promise<void> => {
    const games = ids.map((id) => o.gameAt(id));
    const jobId = `${prefix}${ids[0]}`;
    outstanding.set(jobId, { ids });
    await queue.add('batch', { spec, games }, { jobId });
  };

  // The games no batch holds (known once Redis has been read), in batches as the local pool makes them.
  let todo: number[] | null = null;
  let owedQueued = false; // after an early stop: the started games' partners are queued
  let cursor = 0;
  const remaining = o.total - o.done.size;
  const batch = o.batchSize ?? Math.max(1, Math.min(16, Math.floor(remaining / (Math.max(1, Math.floor(o.workers)) * 16))));
  const pump = async (): Promise<void> => {
    if (todo === null) return; // still collecting what Redis holds
    if (!stopping && o.shouldStop?.()) stopping = 'stopped';
    if (stopping === 'stopped') {
      if (owedQueued) return;
      owedQueued = true;
      // Take back the batches nobody has started; the ones being played finish.
      for (const [jobId] of outstanding) {
        const state = await queue.getJobState(jobId);
        if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
          const removed = await queue.remove(jobId).catch(() => 0);
          if (removed) outstanding.delete(jobId);
        }
      }
      // As on local threads: the partners of every started game (a tournament deal's other side
      // order) are still played, so no deal is left half-played.
      if (o.partners) {
        const started = new Set<number>(seen);
        for (const out of outstanding.values()) for (const id of out.ids) started.add(id);
        const owed = new Set<number>();
        for (const id of started)
          for (const p of o.partners(id)) if (p >= 1 && p <= o.total && !started.has(p) && !o.done.has(p)) owed.add(p);
        const list = [...owed].sort((a, b) => a - b);
        for (let i = 0; i < list.length; i += batch) await add(list.slice(i, i + batch));
      }
      return;
    }
    while (!stopping && outstanding.size < WINDOW && cursor < todo.length) {
      const ids: number[] = [];
      while (ids.length < batch && cursor < todo.length) {
        const id = todo[cursor++];
        if (!seen.has(id)) ids.push(id);
      }
      if (ids.length) await add(ids);
      if (o.shouldStop?.()) stopping = 'stopped';
    }
  };

  // Serialize everything that touches `outstanding` and the games file.
  let chain: Promise<void> = Promise.resolve();
  let chainError: unknown = null;
  const serial = (f: () => Promise<void>): Promise<void> => {
    chain = chain.then(f).catch((e: unknown) => {
      chainError ??= e;
    });
    return chain;
  };

  try {
    await queue.waitUntilReady();
    await events.waitUntilReady();
    events.on('completed', ({ jobId }) => {
      if (jobId.startsWith(prefix) && outstanding.has(jobId)) void serial(() => harvest(jobId)).then(() => serial(pump));
    });
    events.on('failed', ({ jobId }) => {
      if (jobId.startsWith(prefix) && outstanding.has(jobId)) void serial(() => harvest(jobId)).then(() => serial(pump));
    });

    // What Redis already holds for this run (a coordinator killed or stopped earlier, or a resume);
    // then the games no batch holds. In the serial chain, like every event.
    await serial(async () => {
      const held = new Set<number>();
      const existing = await queue.getJobs(['completed', 'failed', 'wait', 'active', 'delayed', 'prioritized', 'waiting-children']);
      for (const job of existing) {
        if (!job?.id?.startsWith(prefix)) continue;
        const ids = (job.data?.games ?? []).map((g) => g.id);
        const state = await job.getState();
        if (state === 'failed') {
          await job.remove().catch(() => undefined); // a new session tries its games again
          continue;
        }
        outstanding.set(job.id, { ids });
        if (state === 'completed') await harvest(job.id);
        else for (const id of ids) held.add(id);
      }
      if (outstanding.size || finished)
        log(`queue: ${finished} finished game(s) collected from Redis, ${outstanding.size} batch(es) still queued or playing`);

      // The games no batch holds, in batches as the local pool would make them.
      const list: number[] = [];
      for (let id = 1; id <= o.total; id++) if (!o.done.has(id) && !seen.has(id) && !held.has(id)) list.push(id);
      todo = list;
    });
    if (chainError) throw chainError;
    await serial(pump);

    await new Promise<void>((resolveRun) => {
      let sweeping = false;
      const check = (): void => {
        if (chainError || (outstanding.size === 0 && (stopping || cursor >= (todo?.length ?? 0)))) {
          clearInterval(timer);
          o.signal?.removeEventListener('abort', onAbort);
          resolveRun();
        }
      };
      const timer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        void serial(async () => {
          for (const jobId of [...outstanding.keys()]) {
            const state = await queue.getJobState(jobId);
            if (state === 'completed' || state === 'failed' || state === 'unknown') await harvest(jobId);
          }
          await pump();
        }).then(() => {
          sweeping = false;
          check();
        });
      }, SWEEP_MS);
      const onAbort = (): void => {
        stopping = 'interrupted';
        // Unstarted batches are taken back; the ones being played finish on their workers and stay
        // in Redis, for `--resume` to collect.
        void serial(async () => {
          for (const [jobId] of outstanding) {
            const state = await queue.getJobState(jobId);
            if (state === 'waiting' || state === 'delayed' || state === 'prioritized') await queue.remove(jobId).catch(() => 0);
          }
          outstanding.clear();
        }).then(check);
      };
      if (o.signal?.aborted) onAbort();
      else o.signal?.addEventListener('abort', onAbort);
      // Events drive the run; after each, see whether it is over.
      const afterEvent = (): void => void chain.then(check);
      events.on('completed', afterEvent);
      events.on('failed', afterEvent);
      check();
    });
    if (chainError) throw chainError;
  } finally {
    await events.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
  }
  const ended = stopping ?? 'done';
  return { finished, ended, retried, failures };
}
