/**
 * The agent contract: what the game loop asks of a player. Implementations live in agents/;
 * a user's own agent is a module whose default export is an {@link AgentFactory}.
 */
import type { AnyRuleset, Json, SideId } from './model.js';
import type { Rng } from './rng.js';

/** What an agent sees when it must decide. */
export interface Decision {
  /** The ruleset (the forward model: clone, apply, evaluate …). */
  readonly ruleset: AnyRuleset;
  /** The current state. Agents must not mutate it: clone first. */
  readonly state: unknown;
  /** The side deciding (the agent's own side). */
  readonly side: SideId;
  /** The legal actions, as `ruleset.legalActions(state)` returned them (non-empty). */
  readonly legal: readonly Json[];
}

/** Why an agent chose, for records and `play` (e.g. MCTS root statistics). */
export interface Explanation {
  /** Candidates considered, best first. */
  candidates: { action: Json; visits?: number; value?: number; note?: string }[];
  /** The line of play the agent expects (action keys or words). */
  line?: string[];
  /** Free-form summary. */
  summary?: string;
}

/** A player of one side for one game. */
export interface Agent {
  /** The agent's canonical spec (`heuristic`, `mcts:iterations=2000`, a file path …). */
  readonly spec: string;
  /**
   * Choose one of `d.legal`. Must be a pure function of the decision and the agent's own stream
   * (no clock, no Math.random) unless the agent documents a wall-clock budget.
   */
  decide(d: Decision): Json | Promise<Json>;
  /** The explanation of the last decision, when the agent keeps one. */
  explain?(): Explanation | null;
  /**
   * Optional, for an agent that learns during a game (MCTS's portfolio statistics): what it has
   * learnt so far, as JSON (null: nothing), read after each of its decisions. `play` keeps it in the
   * decision's record line (`why.agentMemory`) and hands it to a fresh agent's {@link restore} on undo
   * and `--resume`, beside the agent's stream position, so the agent answers as it did. An agent
   * without it must keep no memory between decisions for undo to be exact.
   */
  memory?(): Json;
  /** Put back what {@link memory} returned, on a fresh agent of the same spec, side and game. Throws on data it did not write. */
  restore?(memory: Json): void;
  /**
   * Release resources (worker threads, a client process) at the end of the game. `end` says how the
   * game ended when the caller knows (the runner's rows and `run` tell it; `play` and `serve` may
   * not): an agent over a process passes it on to its client (docs/PROTOCOL.md).
   */
  close?(end?: GameEnd): Promise<void> | void;
  /**
   * Optional: words to add to the report of this agent's failure that the caller detected itself
   * (a decision past the time limit): an external client's last lines of standard error, say. Null
   * when there is nothing to add or the agent's own error message already said it. Read after
   * {@link close}.
   */
  failureNote?(): string | null;
}

/** How a game ended, as {@link Agent.close} is told. */
export interface GameEnd {
  /** The winning side; null for a draw, or when the game stopped without a result. */
  winner: SideId | null;
  /** The ruleset's reason ("booty landed: 15"), or what stopped the game. */
  reason: string;
  /** Set when the game stopped outside the rules: the side whose agent failed (null: not an agent's failure) and what happened. */
  error?: { side: SideId | null; message: string };
}

/** Everything an agent gets when it is created for a game. */
export interface AgentContext {
  ruleset: AnyRuleset;
  /** The compiled scenario. */
  scenario: unknown;
  /**
   * The scenario file's JSON (e.g. to compile the same scenario on a worker thread). When absent,
   * agents that would need it (MCTS root parallelism) stay on the calling thread.
   */
  scenarioData?: Json;
  side: SideId;
  /** The agent's own random stream (derived from the game seed and side). */
  rng: Rng;
  /** The game seed (for agents that derive further streams). */
  seed: number | string;
  /** Options parsed from the spec (`mcts:iterations=2000` → { iterations: '2000' }). */
  options: Record<string, string>;
  /**
   * How many worker threads this agent may start for itself (e.g. MCTS root parallelism). A single
   * game gives the machine's cores; the tournament runner, whose workers already fill the cores,
   * gives 1, so agents asking for more run on one thread instead of oversubscribing.
   */
  maxThreads: number;
  /**
   * The per-decision time limit of the game in milliseconds (wall clock), as the caller enforces
   * it; 0 or absent: none. An agent never needs it to decide (built-in agents budget by work, not
   * time); an agent over a process tells its client the time it has (docs/PROTOCOL.md).
   */
  timeLimitMs?: number;
}

/** Makes an agent for one side of one game. A user's agent file default-exports one of these. */
export type AgentFactory = (ctx: AgentContext) => Agent;
