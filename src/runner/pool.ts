/**
 * The parallel runner: plays the games of a run on a Piscina pool of worker threads, in batches
 * per task, and hands each finished row to the caller as soon as it arrives.
 *
 * Promises:
 * - every game id in 1..total that is not in `done` gets exactly one row (unless the run is
 *   interrupted or stopped early), whatever the worker count or completion order;
 * - a row is a pure function of the game (see src/runner/types.ts), so the set of rows does not
 *   depend on the worker count;
 * - a decision that runs past 2× the time limit (at least the limit + 1 s) is stopped by
 *   terminating its worker: the game becomes a `timeout` error row, the rest of its batch is
 *   played again elsewhere;
 * - a worker that dies (process.exit, crash, out of memory) while playing a game: that game is
 *   played once more on its own; if its worker dies again it becomes a `worker` error row. The
 *   other unfinished games of the batch are played again (they did nothing wrong).
 */
import { availableParallelism } from 'node:os';
import { prepareWorker, workerModule } from '../core/threads.js';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { SideId } from '../core/model.js';
import { reproCommand } from './seeds.js';
import { WATCH, type BatchTask, type GameRow, type GameSpec, type RowMessage, type WorkerConfig } from './types.js';

/** What {@link runGames} needs. */
export interface RunGamesOptions {
  /** Shared worker settings (scenario JSON, time limit, records …). */
  config: WorkerConfig;
  /** The scenario's sides, in order (for rows the main thread writes itself). */
  sides: readonly SideId[];
  /** Worker threads (≥ 1). */
  workers: number;
  /** Game ids are 1..total. */
  total: number;
  /** The game with this id (pure). */
  gameAt(id: number): GameSpec;
  /** Ids already finished (a resumed run): never played again. */
  done: ReadonlySet<number>;
  /** Receives each new row once, in the main thread, in completion order. */
  onRow(row: GameRow): void;
  /** Checked before each new task: true stops handing out games (in-flight ones finish). */
  shouldStop?(): boolean;
  /**
   * The games that must be played with game `id` when the run stops early (`shouldStop`): in a
   * tournament, the other side order of its deal. After a stop every started game's partners are
   * still played, so no deal is left half-played.
   */
  partners?(id: number): number[];
  /** Aborting it stops the run at once: in-flight games are dropped, finished rows kept. */
  signal?: AbortSignal;
  /** Games per task (default: from the run size, 1–16). */
  batchSize?: number;
  /**
   * Old-generation heap limit of each worker thread, MB (default {@link DEFAULT_WORKER_HEAP_MB}).
   * A worker that needs more dies (its game is retried once, then reported).
   */
  workerHeapMb?: number;
  /**
   * Play exactly these ids (each in 1..total and not in `done`), in this order, instead of every id
   * of 1..total not in `done` (a queue worker plays one batch of a run: src/runner/queue-worker.ts).
   */
  ids?: readonly number[];
  /**
   * An already running pool (its `workerData` must be `config`) to use instead of starting one; it
   * is left running at the end (the caller destroys it). `workerHeapMb` is then the pool's business.
   */
  pool?: Piscina;
}

/**
 * Default old-generation heap limit per worker, MB. At 256 MB or less V8 also grows the heap more
 * sparingly (it lets garbage build up to about twice the live data instead of up to four times),
 * which keeps a long run of short games at a third less memory: a game's live data is a few MB, the
 * compiled scenario tens of MB. Search agents with big trees may need `--worker-heap` raised.
 */
export const DEFAULT_WORKER_HEAP_MB = 256;

/**
 * Young-generation size of each worker thread, MB. With a 256 MB old generation V8 would give a
 * worker a small young generation and scavenge it often; random play (short games, much short-lived
 * garbage) ran ~2% faster at 64 MB, on one worker and on two, and MCTS games the same
 * (bench/RESULTS.md, issue 21 sixth pass).
 */
export const WORKER_YOUNG_MB = 64;

/** The resource limits of a runner worker thread: `heapMb` of old generation (default {@link DEFAULT_WORKER_HEAP_MB}) and {@link WORKER_YOUNG_MB}. */
export function workerLimits(heapMb: number | undefined): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } {
  return { maxOldGenerationSizeMb: heapMb ?? DEFAULT_WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB };
}

/** How a {@link runGames} call ended. */
export interface RunGamesResult {
  /** Rows delivered in this call. */
  finished: number;
  /** `done`: every game has a row; `interrupted`: the signal fired; `stopped`: `shouldStop` said so. */
  ended: 'done' | 'interrupted' | 'stopped';
  /** Games played again because their worker died. */
  retried: number;
  /**
   * Batches given up on, each in words (games and why): only runs over a queue have them
   * (src/runner/queue.ts); their games have no row, and `--resume` plays them.
   */
  failures?: string[];
}

/** The workers cannot start at all (an agent file that fails to load in a thread, too small a heap …). */
export class WorkerStartError extends Error {}

/** The smallest worker heap (MB) in which the engine and a scenario load; below it no worker starts. */
export const MIN_WORKER_HEAP_MB = 32;

/** The default worker count: the machine's cores. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** The runner's worker module and the Node flags its threads need (see src/core/threads.ts). */
export function workerEntry(): { filename: string; execArgv: string[] } {
  return workerModule(import.meta.url, 'worker');
}

/** {@link workerEntry}, after building the worker's bundle if the sources changed (src/core/bundle.ts). */
export function prepareWorkerEntry(): Promise<{ filename: string; execArgv: string[] }> {
  return prepareWorker(import.meta.url, 'worker');
}

interface Flight {
  games: GameSpec[];
  received: Set<number>;
  port: MessagePort;
  watch: Int32Array;
  abort: AbortController;
  timedOut: { id: number; side: number; decision: number; ms: number } | null;
}

/** Play the run's remaining games. Rejects only when the workers cannot start at all. */
export async function runGames(o: RunGamesOptions): Promise<RunGamesResult> {
  const remaining = o.ids ? o.ids.length : o.total - o.done.size;
  // Never more threads than games to play: an idle thread costs its heap and start-up, nothing else.
  const workers = Math.max(1, Math.min(Math.floor(o.workers), remaining));
  if (remaining <= 0 || o.signal?.aborted || o.shouldStop?.()) {
    return { finished: 0, ended: remaining <= 0 ? 'done' : o.signal?.aborted ? 'interrupted' : 'stopped', retried: 0 };
  }
  const batch = o.batchSize ?? Math.max(1, Math.min(16, Math.floor(remaining / (workers * 16))));
  const ownPool = o.pool === undefined;
  const { filename, execArgv } = ownPool ? await prepareWorkerEntry() : workerEntry();
  const pool =
    o.pool ??
    new Piscina({
      filename,
      execArgv,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 60_000,
      workerData: o.config,
      resourceLimits: workerLimits(o.workerHeapMb),
    });
  let poolError: unknown = null;
  let onPoolError = (e: unknown): void => void (poolError = e);
  // One stable listener (a shared pool outlives this call: `end` takes exactly this one off again).
  const poolListener = (e: unknown): void => onPoolError(e);
  pool.on('error', poolListener);

  const seen = new Set<number>(); // ids delivered in this call
  const attempts = new Map<number, number>();
  const again: number[] = []; // ids to play again (each as its own task when it is a retry)
  const retry = new Set<number>();
  let cursor = 1;
  let listed = 0; // next index into o.ids
  let finished = 0;
  let retried = 0;
  let stopping: 'interrupted' | 'stopped' | null = null;
  let startFailures = 0;
  const inflight = new Set<Flight>();
  const hard = o.config.timeLimitMs > 0 ? o.config.timeLimitMs + Math.max(1000, o.config.timeLimitMs) : 0;

  const started = new Set<number>(); // ids launched in this call
  let owed: number[] | null = null; // after a stop: the partners of started games still to play
  const deliver = (row: GameRow): void => {
    if (seen.has(row.id) || o.done.has(row.id)) return;
    seen.add(row.id);
    finished++;
    o.onRow(row);
  };
  const nextIds = (): number[] | null => {
    if (again.length) {
      const id = again.shift() as number;
      if (retry.has(id)) return [id];
      const ids = [id];
      while (ids.length < batch && again.length && !retry.has(again[0])) ids.push(again.shift() as number);
      return ids;
    }
    const ids: number[] = [];
    if (o.ids) {
      while (ids.length < batch && listed < o.ids.length) ids.push(o.ids[listed++]);
      return ids.length ? ids : null;
    }
    while (ids.length < batch && cursor <= o.total) {
      const id = cursor++;
      if (!o.done.has(id)) ids.push(id);
    }
    return ids.length ? ids : null;
  };
  const errorRow = (g: GameSpec, kind: 'timeout' | 'worker', message: string, side?: SideId, decision?: number): GameRow => {
    const winner = kind === 'timeout' && side !== undefined && o.sides.length === 2 ? (o.sides.find((s) => s !== side) ?? null) : null;
    const row: GameRow = {
      id: g.id,
      seed: g.seed,
      agents: g.agents,
      ...(g.params ? { params: g.params } : {}),
      winner,
      reason:
        kind === 'timeout'
          ? `${side ?? 'an agent'} forfeits: time limit`
          : `the worker died${side !== undefined ? ` while ${side} decided` : ''}: no result`,
      turns: null,
      decisions: decision !== undefined ? decision - 1 : 0,
      stats: {},
    };
    row.error = {
      kind,
      message,
      repro: reproCommand(o.config.scenarioArg, g.seed, g.agents, g.params, kind === 'timeout' ? o.config.timeLimitMs : 0),
    };
    if (side !== undefined) {
      row.error.side = side;
      row.error.agent = g.agents[side];
    }
    if (decision !== undefined) row.error.decision = decision;
    return row;
  };

  const onMessage = (f: Flight, m: unknown): void => {
    const msg = m as RowMessage;
    if (msg && msg.t === 'rows') {
      for (const row of msg.rows) {
        f.received.add(row.id);
        deliver(row);
      }
    }
  };

  return await new Promise<RunGamesResult>((resolve, reject) => {
    let closed = false;
    const watchdog = hard
      ? setInterval(() => {
          const now = Date.now() - o.config.epoch + 1;
          for (const f of inflight) {
            const since = Atomics.load(f.watch, WATCH.since);
            if (since > 0 && now - since > hard && !f.timedOut) {
              f.timedOut = {
                id: Atomics.load(f.watch, WATCH.game),
                side: Atomics.load(f.watch, WATCH.side),
                decision: Atomics.load(f.watch, WATCH.decision),
                ms: now - since,
              };
              f.abort.abort(new Error('time limit'));
            }
          }
        }, 100)
      : null;
    watchdog?.unref();

    const end = (err: unknown): void => {
      if (closed) return;
      closed = true;
      if (watchdog) clearInterval(watchdog);
      o.signal?.removeEventListener('abort', onAbort);
      pool.off('error', poolListener);
      const closing = ownPool ? pool.destroy() : Promise.resolve();
      void closing.then(
        () => (err ? reject(err) : resolve({ finished, ended: stopping ?? 'done', retried })),
        () => (err ? reject(err) : resolve({ finished, ended: stopping ?? 'done', retried })),
      );
    };
    const onAbort = (): void => {
      stopping = 'interrupted';
      for (const f of inflight) f.abort.abort(new Error('interrupted'));
      if (inflight.size === 0) end(null);
    };
    if (o.signal?.aborted) stopping = 'interrupted';
    o.signal?.addEventListener('abort', onAbort);
    // A worker that dies outside any task (while starting: out of memory loading the engine) fails
    // no task, so nothing else would end the run: before the first game, that is a failed start.
    onPoolError = (e: unknown): void => {
      poolError = e;
      if (finished === 0)
        end(
          new WorkerStartError(
            `the runner's worker threads fail to start (too little --worker-heap?): ${e instanceof Error ? e.message : String(e)}`,
          ),
        );
    };

    const settle = (f: Flight, err: unknown): void => {
      for (let m = receiveMessageOnPort(f.port); m !== undefined; m = receiveMessageOnPort(f.port)) onMessage(f, m.message);
      f.port.close();
      inflight.delete(f);
      const missing = f.games.filter((g) => !f.received.has(g.id) && !seen.has(g.id));
      if (missing.length && stopping !== 'interrupted') {
        if (f.timedOut) {
          const t = f.timedOut;
          for (const g of missing) {
            if (g.id === t.id) {
              const side = o.sides[t.side];
              deliver(
                errorRow(
                  g,
                  'timeout',
                  `decision ${t.decision} did not return within ${hard} ms (time limit ${o.config.timeLimitMs} ms); its worker was stopped`,
                  side,
                  t.decision,
                ),
              );
            } else again.unshift(g.id);
          }
        } else {
          const current = Atomics.load(f.watch, WATCH.game);
          if (current === 0 && f.received.size === 0 && finished === 0) {
            if (++startFailures >= 3) {
              end(
                new WorkerStartError(
                  `the runner's worker threads fail to start (an agent file that cannot load on a worker thread? too little --worker-heap?): ${err instanceof Error ? err.message : String(err ?? poolError)}`,
                ),
              );
              return;
            }
          }
          for (const g of missing) {
            if (g.id === current || current === 0) {
              const n = (attempts.get(g.id) ?? 1) + 1;
              if (n > 2) {
                // Died during a decision: that side's agent is the suspect (not the other one, who merely played it).
                const deciding =
                  Atomics.load(f.watch, WATCH.since) > 0 && g.id === current ? o.sides[Atomics.load(f.watch, WATCH.side)] : undefined;
                const during =
                  deciding !== undefined
                    ? ` during decision ${Atomics.load(f.watch, WATCH.decision)} of ${deciding} (${g.agents[deciding]})`
                    : '';
                deliver(
                  errorRow(
                    g,
                    'worker',
                    `its worker thread died twice while playing it${during}: ${err instanceof Error ? err.message : String(err)}`,
                    deciding,
                    deciding !== undefined ? Atomics.load(f.watch, WATCH.decision) : undefined,
                  ),
                );
              } else {
                attempts.set(g.id, n);
                retry.add(g.id);
                retried++;
                again.push(g.id);
              }
            } else again.unshift(g.id);
          }
        }
      }
      pump();
    };

    const launch = (ids: number[]): void => {
      const { port1, port2 } = new MessageChannel();
      const sab = new SharedArrayBuffer(WATCH.length * 4);
      const f: Flight = {
        games: ids.map((id) => o.gameAt(id)),
        received: new Set(),
        port: port1,
        watch: new Int32Array(sab),
        abort: new AbortController(),
        timedOut: null,
      };
      port1.on('message', (m: unknown) => onMessage(f, m));
      inflight.add(f);
      const task: BatchTask = { games: f.games, port: port2, watch: sab };
      pool.run(task, { transferList: [port2], signal: f.abort.signal }).then(
        () => settle(f, null),
        (e: unknown) => settle(f, e),
      );
    };

    const inFlight = (id: number): boolean => [...inflight].some((f) => f.games.some((g) => g.id === id));
    /** After a stop: games still owed (partners of started games, and their retries), a batch at a time. */
    const nextOwed = (): number[] | null => {
      if (!o.partners) return null;
      if (owed === null) {
        const want = new Set<number>();
        for (const id of started)
          for (const p of o.partners(id)) if (p >= 1 && p <= o.total && !started.has(p) && !o.done.has(p)) want.add(p);
        owed = [...want].sort((a, b) => a - b);
      }
      // Games of this call that died with their worker and are owed a result are played again too.
      while (again.length) {
        const id = again.shift() as number;
        if (!seen.has(id) && !o.done.has(id)) owed.unshift(id);
      }
      const ids: number[] = [];
      while (ids.length < batch && owed.length) {
        const id = owed.shift() as number;
        if (!seen.has(id) && !o.done.has(id) && !inFlight(id)) ids.push(id);
      }
      return ids.length ? ids : null;
    };
    const pump = (): void => {
      if (closed) return;
      if (!stopping && o.shouldStop?.()) stopping = 'stopped';
      while (stopping !== 'interrupted' && inflight.size < workers * 2) {
        const ids = stopping === 'stopped' ? nextOwed() : nextIds();
        if (!ids) break;
        for (const id of ids) started.add(id);
        launch(ids);
        if (!stopping && o.shouldStop?.()) stopping = 'stopped';
      }
      if (inflight.size === 0) end(null);
    };
    pump();
  });
}
