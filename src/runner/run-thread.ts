/**
 * `run --time-limit`: the game's agents decide on a worker thread (src/runner/run-worker.ts), as
 * the runner's games do, so that the time limit holds for any agent: one that answers late loses
 * (the thread's own check), and one that never returns — a synchronous loop, a search budget of
 * hours — is stopped by terminating the thread once the limit and a grace period have passed
 * without an answer. The main thread mirrors the game from the decisions the worker reports (its
 * story as it goes, its record), so a stopped game's record is kept up to the decision that
 * failed. The thread's heap is limited: an agent that allocates without end fails alone.
 */
import { Worker } from 'node:worker_threads';
import { GameSession, type GameResult, type LoadedScenario } from '../core/game.js';
import type { GameEvent, Json, SideId } from '../core/model.js';
import { prepareWorker } from '../core/threads.js';
import { DEFAULT_WORKER_HEAP_MB } from './pool.js';

/** What the worker of `run --time-limit` is given (its `workerData`). */
export interface RunThreadConfig {
  scenarioRaw: unknown;
  origin: string;
  seed: number;
  /** Canonical agent spec per side. */
  specs: Record<SideId, string>;
  timeLimitMs: number;
  explain: boolean;
}

/** A message from the worker (see src/runner/run-worker.ts). */
export type RunThreadMessage =
  | { t: 'started' }
  | { t: 'decision'; side: SideId; action: Json; why?: Json }
  | { t: 'done' }
  | { t: 'failed'; side: SideId; agent: string; decision: number; message: string; reason: 'agent error' | 'time limit'; stack?: string }
  | { t: 'create-failed'; side: SideId; message: string; userError: boolean; causeMessage: string; stack?: string }
  | { t: 'error'; message: string; stack?: string };

/** Error classes (by name) that are bad input — an agent refusing its options — not an agent's failure. */
export function isUserErrorName(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AgentSpecError' || e.name === 'NotAnAgentError' || e.constructor.name === 'AgentSpecError');
}

/** How a game played on the thread ended. */
export type RunThreadOutcome =
  | { kind: 'done'; result: GameResult; lines: string[] }
  | {
      kind: 'failed';
      side: SideId;
      agent: string;
      decisions: number;
      message: string;
      reason: 'agent error' | 'time limit';
      stack?: string;
      lines: string[];
    }
  | { kind: 'create-failed'; side: SideId; message: string; userError: boolean; causeMessage: string; stack?: string; lines: string[] };

/** A defect on the worker thread (exit 3 with its stack). */
export class RunThreadError extends Error {}

/** Grace beyond the time limit before a decision that has not returned is stopped, ms (as the runner's). */
export function graceMs(limitMs: number): number {
  return Math.max(1000, limitMs);
}

/**
 * Play one game with its agents on a worker thread, under per-decision time limit `timeLimitMs`
 * (> 0). `onEvent` sees the events as the mirrored game produces them (the story). When `signal`
 * aborts (a caller's bound on the whole game, e.g. the workshop's "watch AI vs AI"), the thread is
 * stopped and the game ends as the deciding side's `time limit` failure whose message is the
 * signal's reason (a string) or says the game was stopped; its record is kept up to there.
 */
export async function playOnThread(
  sc: LoadedScenario,
  seed: number,
  specs: Record<SideId, string>,
  timeLimitMs: number,
  explain: boolean,
  onEvent?: (e: GameEvent) => void,
  signal?: AbortSignal,
): Promise<RunThreadOutcome> {
  const mirror = new GameSession(sc, seed, specs, { record: true, onEvent });
  const lines = (): string[] => [...(mirror.lines as string[])];
  const { filename, execArgv } = await prepareWorker(import.meta.url, 'run-worker');
  const config: RunThreadConfig = { scenarioRaw: sc.raw, origin: `${sc.id} (scenario)`, seed, specs, timeLimitMs, explain };
  const worker = new Worker(new URL(filename), {
    workerData: config,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: DEFAULT_WORKER_HEAP_MB },
  });
  const hard = timeLimitMs + graceMs(timeLimitMs);
  return await new Promise<RunThreadOutcome>((resolve, reject) => {
    let settled = false;
    let last = 0; // when the current decision started (ms, monotonic); 0 = not yet deciding
    const finish = (o: RunThreadOutcome | Error): void => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      signal?.removeEventListener('abort', stop);
      void worker.terminate().finally(() => (o instanceof Error ? reject(o) : resolve(o)));
    };
    const deciding = (): { side: SideId; n: number } | null => {
      const side = mirror.current();
      return side === null ? null : { side, n: mirror.decisions + 1 };
    };
    const stop = (): void => {
      const d = deciding();
      const why = typeof signal?.reason === 'string' ? signal.reason : 'the game was stopped';
      if (!d) return finish(new RunThreadError(why));
      finish({
        kind: 'failed',
        side: d.side,
        agent: specs[d.side],
        decisions: d.n - 1,
        reason: 'time limit',
        message: why,
        lines: lines(),
      });
    };
    const watchdog = setInterval(() => {
      if (last === 0 || performance.now() - last <= hard) return;
      const d = deciding();
      if (!d) return;
      finish({
        kind: 'failed',
        side: d.side,
        agent: specs[d.side],
        decisions: d.n - 1,
        reason: 'time limit',
        message: `decision ${d.n} did not return within ${hard} ms (time limit ${timeLimitMs} ms); it was stopped`,
        lines: lines(),
      });
    }, 50);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (m: RunThreadMessage) => {
      if (settled) return;
      switch (m.t) {
        case 'started':
          last = performance.now();
          return;
        case 'decision':
          try {
            mirror.submit(m.action, undefined, m.why);
          } catch (e) {
            finish(
              new RunThreadError(
                `the game on the worker thread and its mirror disagree at decision ${mirror.decisions + 1}: ${e instanceof Error ? e.message : String(e)}`,
              ),
            );
            return;
          }
          last = performance.now();
          return;
        case 'done':
          if (mirror.current() !== null) {
            finish(new RunThreadError('the worker thread says the game is over; its mirror goes on'));
            return;
          }
          finish({ kind: 'done', result: mirror.finish(), lines: lines() });
          return;
        case 'failed':
          finish({
            kind: 'failed',
            side: m.side,
            agent: m.agent,
            decisions: m.decision - 1,
            message: m.message,
            reason: m.reason,
            stack: m.stack,
            lines: lines(),
          });
          return;
        case 'create-failed':
          finish({
            kind: 'create-failed',
            side: m.side,
            message: m.message,
            userError: m.userError,
            causeMessage: m.causeMessage,
            stack: m.stack,
            lines: lines(),
          });
          return;
        case 'error': {
          const e = new RunThreadError(m.message);
          if (m.stack) e.stack = m.stack;
          finish(e);
          return;
        }
      }
    });
    worker.on('error', (e: Error) => {
      const d = deciding();
      // Out of memory (or any death) while an agent decides: that agent's failure.
      if (d && last > 0)
        finish({
          kind: 'failed',
          side: d.side,
          agent: specs[d.side],
          decisions: d.n - 1,
          reason: 'agent error',
          message: `decision ${d.n}: the agent's thread died: ${e.message}`,
          lines: lines(),
        });
      else finish(e);
    });
    worker.on('exit', (code) => {
      // Ended without a word: an agent whose promise never settles leaves the thread nothing to do.
      const d = deciding();
      if (d)
        finish({
          kind: 'failed',
          side: d.side,
          agent: specs[d.side],
          decisions: d.n - 1,
          reason: 'agent error',
          message: `decision ${d.n}: the agent never answered (its promise never settled; thread exit ${code})`,
          lines: lines(),
        });
      else finish(new RunThreadError(`the game's worker thread ended (exit ${code}) without saying how the game ended`));
    });
  });
}
