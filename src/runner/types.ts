/**
 * The data the parallel runner moves around: what one game is (a {@link GameSpec}), what a
 * finished game reports (a {@link GameRow}, one line of `games.jsonl`), and what the main thread
 * tells its workers ({@link WorkerConfig}, {@link BatchTask}).
 *
 * A row is a pure function of the game's inputs (scenario, seed, agent specs, run options): it
 * holds no timings, worker numbers or dates, so the same run with 1 or N workers writes the same
 * rows (in another order — sort by `id`).
 */
import type { MessagePort } from 'node:worker_threads';
import type { Json, SideId } from '../core/model.js';

/** One game of a run: its id (1-based, unique in the run), its seed and each side's agent spec. */
export interface GameSpec {
  id: number;
  /** The game seed (a whole number ≥ 0, derived from the run seed; see {@link deriveSeed}). */
  seed: number;
  /** Canonical agent spec per side, in the scenario's side order. */
  agents: Record<SideId, string>;
  /**
   * Tunable parameter values to play the game with (`tune`): set into the run's scenario with
   * `setParameters` (src/core/scenario.ts) before it is compiled; absent = the file as it is.
   */
  params?: Record<string, Json>;
}

/**
 * Why a game has no normal result.
 * - `agent`: the agent threw, or returned an action that is not legal — it loses the game;
 * - `timeout`: the agent ran past the per-decision time limit — it loses the game;
 * - `engine`: the rules engine threw (or the game passed its decision limit) — no result;
 * - `worker`: the worker thread died while playing it, twice — no result;
 * - `scenario`: the game's scenario (a `tune` candidate: the run's scenario with its parameters
 *   set) does not compile — no result. `tune` checks every candidate before playing it, so this
 *   only marks a scenario the worker could not compile after all.
 */
export type GameErrorKind = 'agent' | 'timeout' | 'engine' | 'worker' | 'scenario';

/** True for the error kinds that leave a game without a result (excluded from win rates): `engine`, `worker`, `scenario`. */
export function isNoResult(kind: GameErrorKind): boolean {
  return kind === 'engine' || kind === 'worker' || kind === 'scenario';
}

/** The error part of a {@link GameRow}. */
export interface GameError {
  kind: GameErrorKind;
  /** What went wrong, in words (the exception message). */
  message: string;
  /** The side whose agent failed (kinds `agent` and `timeout`). */
  side?: SideId;
  /** That side's agent spec. */
  agent?: string;
  /** The 1-based number of the decision during which it failed, when known. */
  decision?: number;
  /** A shell command (run from the project folder) that replays this game with the same inputs. */
  repro: string;
}

/** Balance measures of one decided two-sided game (see src/runner/measures.ts). */
export interface GameMeasures {
  /** Mean of (loser's value − winner's value) over sampled states where the winner trailed, 0..1. */
  drama: number;
  /** Share of the game (in decisions) played after the winner passed the loser's best value, 0..1. */
  decisiveness: number;
  /** Times the lead (by evaluation) changed hands. */
  leadChanges: number;
}

/**
 * Where a game's figures fell: the table's size and, for each figure dead at the end (the scene's
 * status `dead`, drawn where it fell), its centre x, y rounded to 0.1 in the table's unit and the
 * index of its side in the scenario's order. Stress reports add them up as a heat map.
 */
export interface GameFalls {
  table: [width: number, height: number];
  at: [x: number, y: number, side: number][];
}

/**
 * One finished game: a line of `games.jsonl`. Field order is fixed (rows are compared as bytes).
 * Counting rules used by reports: an `agent`/`timeout` error is a loss for the failing side (the
 * other side is the `winner` in a two-sided game); an `engine`/`worker`/`scenario` error is no result
 * (`winner` null, excluded from win rates); `winner` null without an error is a draw.
 */
export interface GameRow {
  id: number;
  seed: number;
  agents: Record<SideId, string>;
  /** The parameter values the game was played with (only when its {@link GameSpec} had them). */
  params?: Record<string, Json>;
  /** The winning side, or null (a draw, or no result when `error` says so). */
  winner: SideId | null;
  /** The ruleset's reason ("booty landed: 15"), or the error in a few words. */
  reason: string;
  /** Game turns played (the ruleset's `turns` statistic), null when unknown. */
  turns: number | null;
  /** Decisions taken. */
  decisions: number;
  /** The ruleset's statistics of the final (or failing) state; {} when unknown. */
  stats: Record<string, number>;
  /** Number of rule-invariant violations found (only when the run watches invariants). */
  violations?: number;
  /** The first few violations, in words (only when there were any). */
  violationList?: string[];
  /** Balance measures (stress runs, decided two-sided games). */
  measures?: GameMeasures;
  /** Where figures fell (stress runs of rulesets that draw their tables, games that ended normally). */
  falls?: GameFalls;
  /** The game's record, relative to the run folder (with `--records all`, or `errors` for error rows). */
  record?: string;
  error?: GameError;
}

/** Which game records a run writes under `<dir>/records/`. */
export type RecordsMode = 'all' | 'errors' | 'none';

/** Settings every worker of a run shares (Piscina `workerData`); a plain, cloneable object. */
export interface WorkerConfig {
  /** The scenario file's JSON (compiled once per worker). */
  scenarioRaw: unknown;
  /** Where the scenario came from (for error messages). */
  scenarioOrigin: string;
  /** The scenario as the user named it (id or path), for repro commands. */
  scenarioArg: string;
  /** Per-decision time limit in milliseconds; 0 = none. */
  timeLimitMs: number;
  /** Watch every game with the ruleset's invariant monitor. */
  invariants: boolean;
  /** Compute balance measures (drama, decisiveness, lead changes). */
  measures: boolean;
  records: RecordsMode;
  /** The run folder (absolute), where records are written. */
  outDir: string;
  /** `Date.now()` at the start of the run: decision start times in the watch buffer count from it. */
  epoch: number;
}

/**
 * One task for a worker: a batch of games. The worker posts {@link RowMessage}s on `port` as
 * games finish and, before and after every agent decision, writes into `watch` (an Int32Array
 * over a SharedArrayBuffer, see {@link WATCH}) so the main thread can stop a stuck agent.
 */
export interface BatchTask {
  games: GameSpec[];
  port: MessagePort;
  watch: SharedArrayBuffer;
}

/** Slots of a batch's watch buffer (Int32Array). */
export const WATCH = {
  /** The id of the game being played (0 = none yet). */
  game: 0,
  /** Index (in the scenario's side order) of the side deciding now. */
  side: 1,
  /** When the current decision started: ms since {@link WorkerConfig.epoch} + 1; 0 = not deciding. */
  since: 2,
  /** The number of the current decision. */
  decision: 3,
  /** Slot count. */
  length: 4,
} as const;

/**
 * A message from a worker: finished games, in the order they finished. A worker sends a game's row
 * at most {@link ROW_FLUSH_MS} after it finished (and every row before its task settles): one
 * message per game would wake the main thread hundreds of times a second in short games.
 */
export interface RowMessage {
  t: 'rows';
  rows: GameRow[];
}

/** Longest a worker holds a finished game's row before posting it, ms (wall clock). */
export const ROW_FLUSH_MS = 100;
