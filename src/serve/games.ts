/**
 * The open games of `serve`, each in its own worker thread (src/serve/worker.ts): requests to one
 * game are queued and answered in order; different games (tabs) run side by side. A game lives on
 * when its page goes away (a closed tab, a dropped connection mid-turn): the request it made is
 * finished in the worker, and the game can be reopened by its id.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import { prepareWorker, workerModule } from '../core/threads.js';
import type { SightEnd } from '../core/scene.js';
import { type FigureAnswer, type GameSummary, type GameView, type SightAnswer, type StepAnswer, summaryOf } from './protocol.js';

/** A request to a game's worker. */
export type HostRequest =
  | {
      op: 'create';
      /**
       * `scenario`: a built-in scenario's `<ruleset>/<id>`; or, with `data`, the scenario file's
       * JSON (inherit resolved, already checked) that the game plays, `scenario` then naming where
       * it came from (for messages).
       */
      args: { id: string; scenario: string; data?: unknown; seed: number; side: string; opponent: string; orders: 'band' | 'figure' };
    }
  | { op: 'resume'; args: { id: string; text: string; file: string; orders: 'band' | 'figure' } }
  | { op: 'view' | 'undo' | 'resign' | 'record' | 'replay' | 'summary' | 'close'; args?: undefined }
  | { op: 'act'; args: { key: string } | { x: number; y: number } }
  | { op: 'agent'; args: { until: 'step' | 'person' } }
  | { op: 'orders'; args: { orders: 'band' | 'figure' } }
  | { op: 'figure'; args: { fig: string } }
  | { op: 'sight'; args: { from: SightEnd; to: SightEnd } }
  | { op: 'cancel'; args: { band: string } };

/** What each request answers. */
interface Answers {
  create: GameView;
  resume: GameView;
  view: GameView;
  act: StepAnswer;
  agent: StepAnswer;
  undo: StepAnswer;
  orders: StepAnswer;
  resign: StepAnswer;
  record: string;
  replay: string;
  figure: FigureAnswer;
  sight: SightAnswer;
  cancel: StepAnswer;
  summary: GameSummary;
  close: null;
}

/** A request the game refused (status 4xx) or failed on (500), with the reason in words. */
export class HostError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/**
 * A request's params, query or body (`data`, `{}` when absent) parsed with `schema`; a
 * {@link HostError} 400 naming what it is (`what`), the field's path and the problem otherwise.
 */
export function parseRequest<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new HostError(400, `bad ${what}${path}: ${issue.message}`);
}

type Reply = { n: number; ok: true; value: unknown } | { n: number; ok: false; status: number; message: string };

/** One game's worker thread and its queue of requests. */
export class GameHandle {
  private readonly worker: Worker;
  private n = 0;
  private readonly pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  private queue: Promise<unknown> = Promise.resolve();
  private dead: Error | null = null;
  /** The game as the last answer left it, for the list of open games (never waits for a busy thread). */
  summary: GameSummary | null = null;

  constructor(readonly id: string) {
    const w = workerModule(import.meta.url, 'worker');
    this.worker = new Worker(new URL(w.filename), { execArgv: w.execArgv });
    this.worker.on('message', (r: Reply) => {
      const p = this.pending.get(r.n);
      if (!p) return;
      this.pending.delete(r.n);
      if (r.ok) {
        this.remember(r.value);
        p.ok(r.value);
      } else p.fail(new HostError(r.status, r.message));
    });
    const die = (e: Error): void => {
      this.dead ??= e;
      for (const p of this.pending.values()) p.fail(new HostError(500, `the game's thread stopped: ${e.message}`));
      this.pending.clear();
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`exit code ${code}`)));
  }

  private remember(value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const v = ('view' in value ? (value as StepAnswer).view : value) as Partial<GameView>;
    if (typeof v.id === 'string' && typeof v.turn === 'string' && typeof v.decisions === 'number' && Array.isArray(v.sides)) {
      this.summary = { ...summaryOf(v as GameView), updated: Date.now() };
    }
  }

  /** Send one request; requests run one after another in the order sent. */
  call<K extends keyof Answers>(req: HostRequest & { op: K }): Promise<Answers[K]> {
    const run = (): Promise<Answers[K]> =>
      new Promise<Answers[K]>((ok, fail) => {
        if (this.dead) return fail(new HostError(500, `the game's thread stopped: ${this.dead.message}`));
        const n = ++this.n;
        this.pending.set(n, { ok: ok as (v: unknown) => void, fail });
        this.worker.postMessage({ n, req });
      });
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Stop the thread (after releasing the agent). */
  async stop(): Promise<void> {
    try {
      await Promise.race([this.call({ op: 'close' }), new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      // already gone
    }
    await this.worker.terminate();
  }
}

/** The bundle of the games' worker module, built once per server when the sources are TypeScript (src/core/bundle.ts). */
let prepared: Promise<unknown> | null = null;

/** The open games by id, at most `limit` at once. */
export class Games {
  private readonly games = new Map<string, GameHandle>();
  /** Games being opened (their thread starting): they count against the limit from the request on. */
  private opening = 0;
  constructor(readonly limit = 16) {}

  /** A fresh game id (random: one tab cannot guess another's game). */
  static newId(): string {
    return `g${randomBytes(8).toString('hex')}`;
  }

  /** Start a game's thread with its first request (`create` or `resume`); the game is kept only when that succeeds. */
  async open(first: Extract<HostRequest, { op: 'create' | 'resume' }>): Promise<GameView> {
    // The slot is taken at once (before any await): simultaneous requests cannot all pass the check.
    if (this.games.size + this.opening >= this.limit) throw new HostError(429, `at most ${this.limit} games at once: close one first`);
    this.opening++;
    try {
      prepared ??= prepareWorker(import.meta.url, 'worker');
      await prepared;
      const h = new GameHandle(first.args.id);
      try {
        const view = (await h.call(first)) as GameView;
        this.games.set(h.id, h);
        return view;
      } catch (e) {
        await h.stop();
        throw e;
      }
    } finally {
      this.opening--;
    }
  }

  get(id: string): GameHandle {
    const h = this.games.get(id);
    if (!h) throw new HostError(404, `no open game "${id}" (the server may have restarted: load a saved game)`);
    return h;
  }

  ids(): string[] {
    return [...this.games.keys()];
  }

  /** The open games as their last answers left them (answered at once, even while a game's agent thinks). */
  summaries(): GameSummary[] {
    return [...this.games.values()].flatMap((h) => (h.summary ? [h.summary] : []));
  }

  /** Close one game (its thread stops). */
  async close(id: string): Promise<void> {
    const h = this.get(id);
    this.games.delete(id);
    await h.stop();
  }

  /** Close every game. */
  async closeAll(): Promise<void> {
    const all = [...this.games.values()];
    this.games.clear();
    await Promise.all(all.map((h) => h.stop()));
  }
}
