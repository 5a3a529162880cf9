/**
 * A queue worker (`worker --queue redis://…`): takes batches of games from the BullMQ queue that
 * coordinators fill (src/runner/queue.ts), plays each on this machine's worker threads — the same
 * Piscina workers, watchdog and thread-death handling as a local run ({@link runGames}) — and
 * returns the rows, with their gzip records, as the job's result.
 *
 * Promises:
 * - a job is played only if this checkout matches it: the same project version, the same scenario
 *   content when this machine has the scenario (a built-in id or a file at the same path; otherwise
 *   the job's copy is used, checked against its hash), and every agent file the games name present
 *   here with the same content. Otherwise the job is refused at once (not retried) with an error
 *   that says what differs; the coordinator puts it in the run's report;
 * - rows are the ones a local run writes for the same games (records are written to a temporary
 *   folder, sent back, and deleted);
 * - a process that dies (SIGKILL, power cut) stops renewing its jobs' locks: after the stall time
 *   another worker's stalled-job check hands them out again (once; a batch whose worker dies twice
 *   is failed and reported).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { getRuleset } from '../rules/index.js';
import { fromRaw, resolveScenario } from '../core/scenario.js';
import { prepareWorkerEntry, runGames, workerEntry, workerLimits } from './pool.js';
import {
  agentFiles,
  checkReachable,
  connectionOf,
  fileHash,
  projectVersion,
  type BatchJobData,
  type BatchResult,
  type QueueAddress,
  type QueueRunSpec,
  type ResultRow,
} from './queue.js';
import type { GameSpec, WorkerConfig } from './types.js';

/** What {@link serveQueue} needs. */
export interface ServeOptions {
  address: QueueAddress;
  /** Worker threads playing games (≥ 1). */
  workers: number;
  /** Lock time of a job, ms: a process silent this long has its batches handed to another worker. */
  stallMs: number;
  /** Old-generation heap limit of each thread, MB. */
  workerHeapMb?: number;
  /** Aborting it stops taking jobs; the batches being played are finished first. */
  signal: AbortSignal;
  /** Where to say what happens (a line at a time), or null. */
  log: ((line: string) => void) | null;
}

interface RunEntry {
  key: string;
  pool: Piscina;
  config: WorkerConfig;
  tmp: string;
  active: number;
  lastUsed: number;
}

/** Drop a run's threads after this long without a batch, ms. */
const IDLE_MS = 60_000;

/**
 * Why this worker must not play `spec`'s batch, or null when it may: a different project version,
 * rules version, scenario, or agent file (a missing file counts as different).
 */
export function refusal(spec: QueueRunSpec, games: readonly GameSpec[], own = projectVersion()): string | null {
  if (spec.project !== own)
    return `project version differs: this worker runs ${own}, the coordinator ${spec.project}; run the same version of the project on every machine`;
  let rulesVersion: string;
  try {
    rulesVersion = getRuleset(spec.scenario.ruleset).version;
  } catch {
    return `unknown ruleset ${spec.scenario.ruleset} here`;
  }
  if (rulesVersion !== spec.scenario.rulesetVersion)
    return `the ${spec.scenario.ruleset} rules differ: version ${rulesVersion} here, ${spec.scenario.rulesetVersion} at the coordinator`;
  let own2: string | null;
  try {
    own2 = resolveScenario(spec.scenario.arg).hash;
  } catch {
    own2 = null; // not on this machine: the job's copy is played
  }
  if (own2 !== null && own2 !== spec.scenario.hash)
    return `scenario ${spec.scenario.arg} differs: content hash ${own2} here, ${spec.scenario.hash} at the coordinator`;
  if (own2 === null) {
    let h: string;
    try {
      h = fromRaw(spec.scenario.raw, spec.scenario.arg).hash;
    } catch (e) {
      return `the job's scenario is not a scenario: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (h !== spec.scenario.hash)
      return `the job's copy of scenario ${spec.scenario.arg} does not match its hash (${h}, expected ${spec.scenario.hash})`;
  }
  const specs = new Set<string>();
  for (const g of games) for (const s of Object.values(g.agents)) specs.add(s);
  for (const s of specs) {
    let files: string[];
    try {
      files = agentFiles(s);
    } catch (e) {
      return `agent ${s}: ${e instanceof Error ? e.message : String(e)}`;
    }
    for (const f of files) {
      const want = spec.files[f];
      const have = fileHash(f);
      if (have === null) return `agent file ${f} is missing here`;
      if (want === undefined) return `agent file ${f} comes without its hash in the job`;
      if (have !== want) return `agent file ${f} differs: sha256 ${have.slice(0, 12)}… here, ${want.slice(0, 12)}… at the coordinator`;
    }
  }
  return null;
}

function isBatch(v: unknown): v is BatchJobData {
  const d = v as Partial<BatchJobData> | null;
  return !!d && typeof d === 'object' && !!d.spec && typeof d.spec.run === 'string' && Array.isArray(d.games) && d.games.length > 0;
}

/**
 * Take batches from the queue until `signal` aborts; then finish the batches in hand and return.
 * Rejects when Redis cannot be reached at the start.
 */
export async function serveQueue(o: ServeOptions): Promise<void> {
  await checkReachable(o.address);
  await prepareWorkerEntry(); // the pools below start from the worker's bundle (src/core/bundle.ts)
  const log = o.log ?? ((): void => undefined);
  const me = `${hostname()}:${process.pid}`;
  const own = projectVersion();
  const threads = Math.max(1, Math.floor(o.workers));
  const runs = new Map<string, RunEntry>();
  const refused = new Map<string, string | null>();

  const entryFor = (spec: QueueRunSpec, games: readonly GameSpec[]): RunEntry => {
    let e = runs.get(spec.run);
    if (e) return e;
    const tmp = mkdtempSync(join(tmpdir(), 'skirmish-queue-'));
    const config: WorkerConfig = {
      scenarioRaw: spec.scenario.raw,
      scenarioOrigin: `${spec.scenario.arg} (from the queue)`,
      scenarioArg: spec.scenario.arg,
      timeLimitMs: spec.timeLimitMs,
      invariants: spec.invariants,
      measures: spec.measures,
      records: spec.records,
      outDir: tmp,
      epoch: Date.now(), // this machine's clock: the watchdog compares against it
    };
    const { filename, execArgv } = workerEntry();
    const pool = new Piscina({
      filename,
      execArgv,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      workerData: config,
      resourceLimits: workerLimits(o.workerHeapMb),
    });
    pool.on('error', () => undefined);
    e = { key: spec.run, pool, config, tmp, active: 0, lastUsed: Date.now() };
    runs.set(spec.run, e);
    log(
      `worker ${me}: run ${spec.run}: scenario ${spec.scenario.arg}, agents ${[...new Set(games.flatMap((g) => Object.values(g.agents)))].join(', ')}`,
    );
    return e;
  };
  const drop = async (e: RunEntry): Promise<void> => {
    runs.delete(e.key);
    await e.pool.destroy().catch(() => undefined);
    rmSync(e.tmp, { recursive: true, force: true });
  };

  const processor = async (job: Job<BatchJobData, BatchResult>): Promise<BatchResult> => {
    const data: unknown = job.data;
    if (!isBatch(data)) throw new UnrecoverableError(`refused by worker ${me}: not a batch of games`);
    const { spec, games } = data;
    // Checked once per run and set of agent specs (a batch may hold only some of the run's agents).
    const checkKey = `${spec.run}|${[...new Set(games.flatMap((g) => Object.values(g.agents)))].sort().join('|')}`;
    let why = refused.get(checkKey);
    if (why === undefined) {
      why = refusal(spec, games, own);
      refused.set(checkKey, why);
      if (why) log(`worker ${me}: refusing run ${spec.run}: ${why}`);
    }
    if (why) throw new UnrecoverableError(`refused by worker ${me}: ${why}`);
    const e = entryFor(spec, games);
    e.active++;
    e.lastUsed = Date.now();
    const byId = new Map(games.map((g) => [g.id, g]));
    const rows: ResultRow[] = [];
    try {
      const sides = Object.keys(games[0].agents);
      const ids = games.map((g) => g.id);
      const res = await runGames({
        config: e.config,
        sides,
        workers: 1,
        total: Math.max(...ids),
        gameAt: (id) => byId.get(id) as GameSpec,
        done: new Set(),
        ids,
        batchSize: ids.length,
        pool: e.pool,
        onRow: (row) => {
          const r: ResultRow = { row };
          if (row.record !== undefined) {
            const file = join(e.tmp, row.record);
            try {
              r.record = readFileSync(file).toString('base64');
            } catch {
              delete row.record;
            }
            rmSync(file, { force: true });
          }
          rows.push(r);
        },
      });
      log(
        `worker ${me}: run ${spec.run}: played ${rows.length} game(s): ${ids.length === 1 ? `game ${ids[0]}` : `games ${ids[0]}–${ids[ids.length - 1]}`}`,
      );
      return { rows, retried: res.retried, worker: me };
    } finally {
      e.active--;
      e.lastUsed = Date.now();
    }
  };

  const worker = new Worker<BatchJobData, BatchResult>(o.address.name, processor, {
    connection: connectionOf(o.address),
    concurrency: threads * 2, // one batch queued per thread behind the one it plays: no idle gap between batches
    lockDuration: o.stallMs,
    stalledInterval: Math.max(500, Math.floor(o.stallMs / 2)),
    maxStalledCount: 1,
    autorun: false,
  });
  worker.on('error', (e) => log(`worker ${me}: ${e.message}`));
  worker.on('failed', (job, e) => {
    if (job) log(`worker ${me}: batch ${job.id ?? '?'} failed: ${e.message}`);
  });
  const idle = setInterval(() => {
    const now = Date.now();
    for (const e of [...runs.values()]) if (e.active === 0 && now - e.lastUsed > IDLE_MS) void drop(e);
  }, 10_000);
  idle.unref();

  log(`worker ${me}: taking batches from ${o.address.shown} (queue ${o.address.name}) on ${threads} thread(s)`);
  const stop = new Promise<void>((resolveStop) => {
    if (o.signal.aborted) resolveStop();
    else o.signal.addEventListener('abort', () => resolveStop(), { once: true });
  });
  const running = worker.run();
  await stop;
  log(`worker ${me}: stopping: finishing the batches in hand`);
  await worker.close();
  await running.catch(() => undefined);
  clearInterval(idle);
  for (const e of [...runs.values()]) await drop(e);
}
