/**
 * One game of a run, played to a {@link GameRow} whatever happens: an agent that throws, returns
 * an illegal action or runs past the per-decision time limit loses the game as an error row; a
 * rules-engine failure is an error row with no result. Used by the worker (src/runner/worker.ts);
 * it runs in any thread.
 *
 * The loop is the one of every game ({@link playOut}: the same records as `run`), with hooks for the
 * time limit around `agent.decide`, the watch buffer the main thread reads to stop an agent that
 * never returns, the decisions kept for rebuilding an error game's record, and the balance measures.
 */
import { join } from 'node:path';
import { writeAtomic } from '../core/files.js';
import type { Agent, AgentFactory, GameEnd } from '../core/agent.js';
import {
  AgentCreateError,
  AgentError,
  GameSession,
  IllegalActionError,
  makeAgents,
  playOut,
  withTimeout,
  type LoadedScenario,
  type StepHooks,
} from '../core/game.js';
import { encodeRecord, stopLineText } from '../core/record.js';
import type { InvariantMonitor, Json, SideId } from '../core/model.js';
import { gameMeasures } from './measures.js';
import { reproCommand } from './seeds.js';
import { WATCH, type GameError, type GameFalls, type GameRow, type GameSpec, type RecordsMode } from './types.js';
import type { Scene } from '../core/scene.js';

/** Where the figures of a finished game's scene fell (see {@link GameFalls}). */
export function fallsOf(scene: Scene, sides: readonly SideId[]): GameFalls {
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  return {
    table: [scene.width, scene.height],
    at: scene.figures.filter((f) => f.status === 'dead' && f.onTable).map((f) => [r1(f.x), r1(f.y), sides.indexOf(f.side)]),
  };
}

/** A resolved agent: its factory and options. */
export interface FactoryEntry {
  factory: AgentFactory;
  options: Record<string, string>;
}

/** What {@link playRow} needs besides the game. */
export interface PlayEnv {
  scenario: LoadedScenario;
  /** The scenario as the user named it (for repro commands). */
  scenarioArg: string;
  /** Per-decision limit in ms; 0 = none. */
  timeLimitMs: number;
  invariants: boolean;
  measures: boolean;
  records: RecordsMode;
  /** Run folder (records go to `<outDir>/records/`). */
  outDir: string;
  /** Where to publish the current decision for the main thread's watchdog (see {@link WATCH}). */
  watch?: Int32Array;
  /** The run's epoch (`Date.now()` at its start); decision start times count from it. */
  epoch: number;
}

/** Evaluations are sampled every this many decisions for the balance measures (and at the end). */
const SAMPLE_EVERY = 4;

class AgentFailure extends Error {
  constructor(
    readonly kind: 'agent' | 'timeout',
    readonly side: SideId,
    readonly agent: string,
    readonly decision: number,
    message: string,
  ) {
    super(message);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Write a record file atomically, gzip-compressed (`records/game-<id>.jsonl.gz`: a Supply Raid
 * record shrinks about tenfold); returns its path relative to the run folder.
 */
function writeRecord(outDir: string, id: number, lines: readonly string[]): string {
  const rel = join('records', `game-${id}.jsonl.gz`);
  const file = join(outDir, rel);
  writeAtomic(file, encodeRecord(lines, true));
  return rel.split('\\').join('/');
}

/**
 * Play game `game` and describe it as a row. Never throws for anything an agent or the rules do;
 * the row's `error` says what failed. Agents are created with `maxThreads: 1` (the runner's
 * workers already fill the cores) and closed at the end.
 */
export async function playRow(env: PlayEnv, game: GameSpec, factories: Record<SideId, FactoryEntry>): Promise<GameRow> {
  const sc = env.scenario;
  const r = sc.ruleset;
  const sides = r.sides(sc.compiled);
  const repro = reproCommand(env.scenarioArg, game.seed, game.agents, game.params);
  const watch = env.watch;
  const monitor: InvariantMonitor | undefined = env.invariants && r.invariants ? r.invariants(sc.compiled) : undefined;
  // The decisions taken, for rebuilding an error game's record: the index in the legal list (a small
  // integer: nothing kept alive for the garbage collector), or the action itself when it was not in it.
  const keep: (number | Json)[] = [];
  const twoSided = sides.length === 2;
  const at: number[] = [];
  const v0: number[] = [];
  const v1: number[] = [];
  const sample = (g: GameSession): void => {
    at.push(g.decisions);
    v0.push(r.evaluate(g.state, sides[0]));
    v1.push(r.evaluate(g.state, sides[1]));
  };

  let agents: Record<SideId, Agent> | null = null;
  let g: GameSession | null = null;
  let error: GameError | null = null;
  try {
    try {
      agents = makeAgents(sc, game.seed, factories, 1, env.timeLimitMs);
    } catch (e) {
      // The side whose agent could not be created forfeits, as for a failed decision (before its first).
      if (e instanceof AgentCreateError)
        throw new AgentFailure('agent', e.side, game.agents[e.side], 0, `${e.message} (before its first decision)`);
      throw new AgentFailure('agent', '', '', 0, `creating the agents failed: ${messageOf(e)}`);
    }
    g = new GameSession(sc, game.seed, game.agents, { record: env.records === 'all', monitor });
    const session = g;
    if (env.measures && twoSided) sample(session);
    let t0 = 0;
    const limit = env.timeLimitMs;
    const hooks: StepHooks = {
      beforeDecide(side, n) {
        t0 = performance.now();
        if (watch) {
          Atomics.store(watch, WATCH.side, sides.indexOf(side));
          Atomics.store(watch, WATCH.decision, n);
          // One clock read a decision (random play makes ~60,000 a second): the wall time is the
          // monotonic clock's origin plus its reading.
          Atomics.store(watch, WATCH.since, Math.round(performance.timeOrigin + t0 - env.epoch) + 1);
        }
      },
      waitFor:
        limit > 0
          ? (answer, side, n) =>
              withTimeout(
                answer,
                limit,
                () =>
                  new AgentFailure('timeout', side, game.agents[side], n, `decision ${n} took longer than the time limit (${limit} ms)`),
              )
          : undefined,
      answered(side, n) {
        const ms = performance.now() - t0;
        if (watch) Atomics.store(watch, WATCH.since, 0);
        if (limit > 0 && ms > limit)
          throw new AgentFailure(
            'timeout',
            side,
            game.agents[side],
            n,
            `decision ${n} took ${Math.round(ms)} ms, past the time limit (${limit} ms)`,
          );
      },
      chosen(d) {
        const at = d.legal.indexOf(d.action);
        keep.push(at >= 0 ? at : { action: d.action });
      },
      applied:
        env.measures && twoSided
          ? () => {
              if (session.decisions % SAMPLE_EVERY === 0) sample(session);
            }
          : undefined,
    };
    try {
      await playOut(session, agents, hooks);
    } catch (e) {
      if (e instanceof AgentError || e instanceof IllegalActionError)
        throw new AgentFailure('agent', e.side, game.agents[e.side], e.decision, e.message);
      throw e;
    }
  } catch (e) {
    if (e instanceof AgentFailure) {
      error = {
        kind: e.kind,
        message: e.message,
        repro: e.kind === 'timeout' ? reproCommand(env.scenarioArg, game.seed, game.agents, game.params, env.timeLimitMs) : repro,
      };
      if (e.side !== '') {
        error.side = e.side;
        error.agent = e.agent;
        error.decision = e.decision;
      }
    } else {
      error = { kind: 'engine', message: messageOf(e), decision: (g?.decisions ?? 0) + 1, repro };
    }
  } finally {
    if (watch) Atomics.store(watch, WATCH.since, 0);
    if (agents) {
      const end = gameEnd(g, sides, error);
      for (const a of Object.values(agents)) {
        try {
          await a.close?.(end);
        } catch {
          // A failing close() does not change the game's result.
        }
      }
      // What the failing agent adds about a failure its caller detected (a client's last words on stderr).
      const failed = error?.side !== undefined ? agents[error.side] : undefined;
      if (error && failed?.failureNote) {
        const note = failed.failureNote();
        if (note) error.message = `${error.message}; ${note}`;
      }
    }
  }

  let row: GameRow;
  const violations = monitor ? monitor.violations : [];
  if (error === null && g !== null) {
    const res = g.finish();
    row = {
      id: game.id,
      seed: game.seed,
      agents: game.agents,
      ...(game.params ? { params: game.params } : {}),
      winner: res.winner,
      reason: res.reason,
      turns: typeof res.stats.turns === 'number' ? res.stats.turns : null,
      decisions: res.decisions,
      stats: res.stats,
    };
    if (env.measures && twoSided && res.winner !== null) {
      if (at[at.length - 1] !== g.decisions) sample(g);
      const w = sides.indexOf(res.winner);
      row.measures = gameMeasures({ at, win: w === 0 ? v0 : v1, lose: w === 0 ? v1 : v0 });
    }
    if (env.measures && r.view) row.falls = fallsOf(r.view.scene(g.state), sides);
  } else {
    const err = error as GameError;
    const stats = g !== null && r.stats ? r.stats(g.state) : {};
    const winner =
      (err.kind === 'agent' || err.kind === 'timeout') && err.side !== undefined && twoSided
        ? (sides.find((s) => s !== err.side) ?? null)
        : null;
    row = {
      id: game.id,
      seed: game.seed,
      agents: game.agents,
      ...(game.params ? { params: game.params } : {}),
      winner,
      reason:
        err.kind === 'engine'
          ? 'error in the rules engine: no result'
          : `${err.side ?? 'an agent'} forfeits: ${err.kind === 'timeout' ? 'time limit' : 'agent error'}`,
      turns: typeof stats.turns === 'number' ? stats.turns : null,
      decisions: g?.decisions ?? 0,
      stats,
    };
  }
  if (monitor) {
    row.violations = violations.length;
    if (violations.length) row.violationList = violations.slice(0, 5);
  }
  // Records: as played (all), or rebuilt from the seed and the decisions taken (errors only). A game
  // an agent stopped (its error, its time limit) ends with a stop line, so the record verifies up
  // to it; an engine error's record ends at the decision that failed (its re-run fails there too).
  // (Decision 0: an agent that could not be created, before any decision.)
  const stop = (lines: readonly string[]): readonly string[] =>
    error !== null && (error.kind === 'agent' || error.kind === 'timeout') && error.decision !== undefined && error.side !== undefined
      ? [
          ...lines,
          stopLineText({
            reason: error.kind === 'agent' ? 'agent error' : 'time limit',
            side: error.side,
            decisions: Math.max(0, error.decision - 1),
            message: error.message,
          }),
        ]
      : lines;
  // A game that broke a rule invariant is a defect to look into: its record is kept whatever
  // `records` says (issue 45, item 1), rebuilt from the seed and the decisions taken.
  if (env.records === 'all' && g?.lines) row.record = writeRecord(env.outDir, game.id, stop(g.lines));
  else if (env.records === 'errors' || env.records === 'all' ? error !== null || violations.length > 0 : violations.length > 0) {
    const lines = rebuildRecord(env, game, keep);
    if (lines) row.record = writeRecord(env.outDir, game.id, stop(lines));
  }
  if (error !== null) row.error = error;
  return row;
}

/**
 * How a game ended, for the agents' `close` (agents over a process tell their client): the result,
 * or the failure that stopped it — the side that forfeits wins nothing, in a two-sided game the other side wins.
 */
function gameEnd(g: GameSession | null, sides: readonly SideId[], error: GameError | null): GameEnd | undefined {
  if (error) {
    const forfeit = (error.kind === 'agent' || error.kind === 'timeout') && error.side !== undefined;
    const winner = forfeit && sides.length === 2 ? (sides.find((s) => s !== error.side) ?? null) : null;
    return {
      winner,
      reason: forfeit ? `${error.side} forfeits: ${error.kind === 'timeout' ? 'time limit' : 'agent error'}` : 'no result',
      error: { side: forfeit ? (error.side as SideId) : null, message: error.message },
    };
  }
  const o = g ? g.scenario.ruleset.outcome(g.state) : null;
  return o ? { winner: o.winner, reason: o.reason } : undefined;
}

/**
 * The record of a game up to where it stopped (with its result line when it was played to its end):
 * the same step loop, with the decisions taken played
 * back by a stand-in agent from the seed. Each decision is an index into that step's legal actions,
 * or `{ action }` for one outside them.
 */
function rebuildRecord(env: PlayEnv, game: GameSpec, decisions: readonly (number | Json)[]): string[] | null {
  let g: GameSession;
  try {
    g = new GameSession(env.scenario, game.seed, game.agents, { record: true });
  } catch {
    return null;
  }
  let k = 0;
  const replay: Agent = {
    spec: 'replay',
    decide(d) {
      const x = decisions[k++];
      return typeof x === 'number' ? d.legal[x] : (x as { action: Json }).action;
    },
  };
  try {
    while (k < decisions.length && g.current() !== null) void g.step(replay, { sync: true }); // `sync`: never a Promise
    // A game played to its end (kept for its invariant violations) ends with its result line.
    if (k === decisions.length && g.current() === null) g.finish();
  } catch {
    // The engine failed at this decision again: keep the lines up to it.
  }
  return g.lines;
}
