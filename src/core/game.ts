/**
 * One game: the loop that asks agents for decisions, applies them, and writes the record — written
 * once: {@link GameSession.step} is the step and {@link playOut} the loop of every game (`run`,
 * tests and benchmarks, the runner's rows, `play`); each adds its own hooks ({@link StepHooks}).
 *
 * Determinism (docs/ARCHITECTURE.md, "Determinism"): the game's dice come only from `gameStream(seed)`; each
 * agent is created with `agentStream(seed, side)`. The record is a pure function of (ruleset
 * version, scenario, seed, agents and their settings).
 */
import { availableParallelism } from 'node:os';
import type { Agent, AgentFactory } from './agent.js';
import { type AnyRuleset, type GameEvent, type InvariantMonitor, type Json, type SideId } from './model.js';
import { agentStream, gameStream, type Rng } from './rng.js';
import { RECORD_FORMAT, type DecisionLine, type EventLine, type HeaderLine, type ResultLine } from './record.js';

/** What a finished game reports. */
export interface GameResult {
  /** The winning side, or null for a draw. */
  winner: SideId | null;
  reason: string;
  /** Decisions taken. */
  decisions: number;
  /** Hash of the final state. */
  hash: string;
  /** The ruleset's statistics of the final state (turns, casualties, …). */
  stats: Record<string, number>;
}

/** A scenario ready to play: the compiled form and the file it came from. */
export interface LoadedScenario {
  ruleset: AnyRuleset;
  /** The compiled scenario (ruleset-specific). */
  compiled: unknown;
  /** The scenario file's JSON, embedded in records so they replay on their own. */
  raw: unknown;
  /** Hash of the scenario file's canonical JSON. */
  hash: string;
  id: string;
}

/**
 * An agent factory returned something that is not an agent (undefined, an object without
 * `decide`): the agent's file is at fault, bad input (exit 2), found before the first decision.
 */
export class NotAnAgentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAnAgentError';
  }
}

/** Thrown when a game exceeds the ruleset's decision limit (a defect: every game must end). */
export class DecisionLimitError extends Error {}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** An agent threw (or its promise rejected) while deciding: that side's failure, not the rules'. */
export class AgentError extends Error {
  constructor(
    readonly side: SideId,
    /** The agent's spec. */
    readonly agent: string,
    /** The 1-based number of the decision it was asked for. */
    readonly decision: number,
    override readonly cause: unknown,
  ) {
    super(`the agent threw at decision ${decision}: ${messageOf(cause)}`);
    this.name = 'AgentError';
  }
  /** The record up to the failure (every line before the failed decision), set by {@link playGame} when it records. */
  record?: readonly string[];
}

/**
 * An agent's decision took longer than the per-decision time limit of {@link PlayOptions.timeLimitMs}
 * (nothing was applied): that side's failure, as the runner's timeouts are.
 */
export class TimeLimitError extends Error {
  constructor(
    readonly side: SideId,
    /** The agent's spec. */
    readonly agent: string,
    /** The 1-based number of the decision it was asked for. */
    readonly decision: number,
    message: string,
  ) {
    super(message);
    this.name = 'TimeLimitError';
  }
  /** The record up to the failure (every line before the late decision), set by {@link playGame} when it records. */
  record?: readonly string[];
}

/**
 * An agent's factory threw (a bad option, a file that fails as it starts): that side's failure
 * before the game's first decision. {@link makeAgents} throws it, naming the side (the caller knows the spec).
 */
export class AgentCreateError extends Error {
  constructor(
    readonly side: SideId,
    override readonly cause: unknown,
  ) {
    super(`creating the agent failed: ${messageOf(cause)}`);
    this.name = 'AgentCreateError';
  }
}

/** An agent answered with an action that is not legal now (nothing was applied). */
export class IllegalActionError extends Error {
  constructor(
    readonly side: SideId,
    /** The agent's spec. */
    readonly agent: string,
    /** The 1-based number of the decision it was asked for. */
    readonly decision: number,
    readonly action: Json,
    /** Why it is not legal, in words (the ruleset's reason). */
    readonly reason: string,
  ) {
    super(`illegal action at decision ${decision}: ${JSON.stringify(action)} (${reason})`);
    this.name = 'IllegalActionError';
  }
  /** The record up to the failure (every line before the failed decision), set by {@link playGame} when it records. */
  record?: readonly string[];
}

/** One decision taken by {@link GameSession.step}. */
export interface StepDecision {
  /** The agent that decided. */
  agent: Agent;
  side: SideId;
  /** The decision's 1-based number in the game. */
  n: number;
  /** The action, as the agent returned it (checked legal). */
  action: Json;
  /** The legal actions it was chosen from. */
  legal: readonly Json[];
  /** What the record's decision line keeps beside it (from {@link StepHooks.why}). */
  why: Json | undefined;
}

/**
 * What a caller of {@link GameSession.step} may add to a step; every hook is optional and may
 * throw to stop the game (the error passes through `step` unchanged).
 */
export interface StepHooks {
  /** Refuse an agent that answers with a Promise (synchronous loops: tests, benchmarks). */
  sync?: boolean;
  /** Just before the agent is asked for decision `n` (the runner's watchdog buffer and clock). */
  beforeDecide?(side: SideId, n: number): void;
  /** Wraps an asynchronous answer, e.g. to reject it after a time limit. */
  waitFor?(answer: Promise<Json>, side: SideId, n: number): Promise<Json>;
  /** As soon as the agent has answered, before the answer is checked (the runner's time check). */
  answered?(side: SideId, n: number): void;
  /** What to keep beside the action in the record's decision line (an explanation); never compared by verify. */
  why?(agent: Agent, side: SideId): Json | undefined;
  /** The checked decision, before it is applied (the state is still the one it was chosen in). */
  chosen?(d: StepDecision): void;
  /** The decision, after it is applied. */
  applied?(d: StepDecision): void;
}

/**
 * A game in progress, driven one decision at a time (by {@link playGame}, `play`, or replay).
 * Keeps the record lines when asked to.
 */
export class GameSession {
  readonly state: unknown;
  readonly rng: Rng;
  /** Record lines so far (JSON text), when recording. */
  readonly lines: string[] | null;
  private readonly limit: number;
  private decisionCount = 0;
  private readonly emit: ((e: GameEvent) => void) | undefined;

  /**
   * @param scenario the loaded scenario
   * @param seed the game seed
   * @param agents each side's agent spec, for the header
   * @param opts.record keep record lines; opts.onEvent sees every event as it happens
   */
  constructor(
    readonly scenario: LoadedScenario,
    readonly seed: number | string,
    readonly agents: Record<SideId, string>,
    readonly opts: { record?: boolean; onEvent?: (e: GameEvent) => void; monitor?: InvariantMonitor } = {},
  ) {
    const r = scenario.ruleset;
    this.rng = gameStream(seed);
    this.lines = opts.record ? [] : null;
    this.limit = r.decisionLimit ? r.decisionLimit(scenario.compiled) : 1_000_000;
    if (this.lines) {
      const header: HeaderLine = {
        t: 'header',
        format: RECORD_FORMAT,
        ruleset: r.id,
        rulesetVersion: r.version,
        scenario: scenario.id,
        scenarioHash: scenario.hash,
        seed,
        agents,
        scenarioData: scenario.raw as Json,
      };
      this.lines.push(JSON.stringify(header));
    }
    this.emit = this.emitter();
    this.state = r.setup(scenario.compiled, { rng: this.rng, emit: this.emit });
    opts.monitor?.afterStep(this.state);
  }

  private emitter(): ((e: GameEvent) => void) | undefined {
    const lines = this.lines;
    const on = this.opts.onEvent;
    const mon = this.opts.monitor;
    if (!lines && !on && !mon) return undefined;
    return (e: GameEvent) => {
      if (lines) {
        const line: EventLine = { t: 'event', ...e };
        lines.push(JSON.stringify(line));
      }
      mon?.event(e);
      on?.(e);
    };
  }

  /** The side to decide, or null when the game is over. */
  current(): SideId | null {
    return this.scenario.ruleset.currentSide(this.state);
  }

  /** Legal actions now. */
  legal(): Json[] {
    return this.scenario.ruleset.legalActions(this.state);
  }

  /** Decisions applied so far. */
  get decisions(): number {
    return this.decisionCount;
  }

  /**
   * Why `action` may not be played now, or null when it may: it is an element of `legal` (the list
   * the agent chose from), has the key of one, or is accepted by the ruleset's `checkAction`.
   */
  illegalReason(action: Json, legal: readonly Json[]): string | null {
    // Agents return an element of the list they were given: check that first, keys only if not.
    if (legal.includes(action)) return null;
    const r = this.scenario.ruleset;
    const key = r.actionKey(action);
    if (legal.some((o) => r.actionKey(o) === key)) return null;
    return r.checkAction ? r.checkAction(this.state, action) : 'not a legal action';
  }

  /**
   * Apply a decision of the current side. `legal` (if given) is the list the agent chose from:
   * the action must be in it, or be accepted by the ruleset's `checkAction`. `why` is kept in the
   * record line but never compared by verify. Throws (changing nothing) on an illegal action.
   */
  submit(action: Json, legal?: readonly Json[], why?: Json): void {
    const side = this.current();
    if (side === null) throw new Error('the game is over');
    const reason = this.illegalReason(action, legal ?? this.legal());
    if (reason !== null) throw new Error(`illegal decision ${JSON.stringify(action)} by ${side}: ${reason}`);
    this.applyChecked(side, action, why, false);
  }

  /**
   * Apply an action already checked to be legal for `side`, the side deciding now. `listed`: it is
   * an element of the legal list made for this state, unchanged since (the ruleset's `applyLegal`
   * may then skip its own checks).
   */
  private applyChecked(side: SideId, action: Json, why: Json | undefined, listed: boolean): void {
    this.decisionCount++;
    if (this.decisionCount > this.limit) {
      throw new DecisionLimitError(`the game passed its decision limit (${this.limit}) without ending`);
    }
    if (this.lines) {
      const line: DecisionLine = { t: 'decision', n: this.decisionCount, side, action };
      if (why !== undefined) line.why = why;
      this.lines.push(JSON.stringify(line));
    }
    const r = this.scenario.ruleset;
    if (listed && r.applyLegal) r.applyLegal(this.state, action, { rng: this.rng, emit: this.emit });
    else r.apply(this.state, action, { rng: this.rng, emit: this.emit });
    this.opts.monitor?.afterStep(this.state);
  }

  /**
   * THE step of every game loop (`run`, tests and benchmarks through {@link playOut}, the runner's
   * rows, `play`'s agent moves): ask `agent` — the agent of the side deciding now — for a decision,
   * check it, and apply it, calling the hooks on the way (time limits, watchdogs, explanations,
   * accounts, measures). Returns the step once applied; a Promise of it when the agent answers
   * asynchronously (never for a synchronous answer: no microtask per decision).
   *
   * Failures, before the state changes: {@link AgentError} when the agent throws or its promise
   * rejects; {@link IllegalActionError} when its answer is not legal now; an error thrown by a hook
   * (e.g. a time limit) passes through unchanged. A {@link DecisionLimitError} (before the decision
   * line is recorded) and an error from the ruleset's `apply` (an engine defect; after it) pass
   * through as they are.
   * Precondition: the game is not over.
   */
  step(agent: Agent, hooks: StepHooks = {}): StepDecision | Promise<StepDecision> {
    const side = this.current();
    if (side === null) throw new Error('the game is over');
    const legal = this.legal();
    const n = this.decisionCount + 1;
    hooks.beforeDecide?.(side, n);
    let answer: Json | Promise<Json>;
    try {
      answer = agent.decide({ ruleset: this.scenario.ruleset, state: this.state, side, legal });
    } catch (e) {
      throw new AgentError(side, agent.spec, n, e);
    }
    if (!(answer instanceof Promise)) return this.conclude(agent, side, n, legal, answer, hooks, true);
    if (hooks.sync) {
      answer.catch(() => {}); // dropped: its failure, if any, is not this game's any more
      throw new Error(`agent ${agent.spec} decides asynchronously; use playGame`);
    }
    const guarded = answer.then(
      (a) => a,
      (e: unknown) => {
        throw new AgentError(side, agent.spec, n, e);
      },
    );
    return (hooks.waitFor ? hooks.waitFor(guarded, side, n) : guarded).then((a) => this.conclude(agent, side, n, legal, a, hooks, false));
  }

  /** `now`: the agent answered at once, so `legal` is the list of this very state (see {@link applyChecked}). */
  private conclude(
    agent: Agent,
    side: SideId,
    n: number,
    legal: readonly Json[],
    action: Json,
    hooks: StepHooks,
    now: boolean,
  ): StepDecision {
    hooks.answered?.(side, n);
    const listed = legal.includes(action);
    const reason = listed ? null : this.illegalReason(action, legal);
    if (reason !== null) throw new IllegalActionError(side, agent.spec, n, action, reason);
    const d: StepDecision = { agent, side, n, action, legal, why: hooks.why?.(agent, side) };
    hooks.chosen?.(d);
    this.applyChecked(side, action, d.why, listed && now);
    hooks.applied?.(d);
    return d;
  }

  /** The result of the finished game; also appends the result line to the record. */
  finish(): GameResult {
    const r = this.scenario.ruleset;
    const o = r.outcome(this.state);
    if (!o) throw new Error('the game is not over');
    const res: GameResult = {
      winner: o.winner,
      reason: o.reason,
      decisions: this.decisionCount,
      hash: r.hash(this.state),
      stats: r.stats ? r.stats(this.state) : {},
    };
    if (this.lines) {
      const line: ResultLine = {
        t: 'result',
        winner: res.winner,
        reason: res.reason,
        decisions: res.decisions,
        hash: res.hash,
        stats: res.stats,
      };
      this.lines.push(JSON.stringify(line));
    }
    return res;
  }
}

/**
 * Create every side's agent for a game from factories, each with its own stream; `timeLimitMs` is
 * the game's per-decision limit the caller enforces (0: none), for `AgentContext.timeLimitMs`.
 */
export function makeAgents(
  scenario: LoadedScenario,
  seed: number | string,
  factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }>,
  maxThreads = availableParallelism(),
  timeLimitMs = 0,
): Record<SideId, Agent> {
  const out: Record<SideId, Agent> = {};
  for (const side of scenario.ruleset.sides(scenario.compiled)) {
    const f = factories[side];
    if (!f) throw new Error(`no agent for side "${side}"`);
    let made: unknown;
    try {
      made = f.factory({
        ruleset: scenario.ruleset,
        scenario: scenario.compiled,
        scenarioData: scenario.raw as Json,
        side,
        rng: agentStream(seed, side),
        seed,
        options: f.options,
        maxThreads,
        timeLimitMs,
      });
    } catch (e) {
      throw new AgentCreateError(side, e);
    }
    const a = made as { decide?: unknown } | null | undefined;
    if (a === null || typeof a !== 'object' || typeof a.decide !== 'function') {
      throw new AgentCreateError(
        side,
        new NotAnAgentError(
          `the agent factory returned ${a === null || a === undefined ? String(a) : typeof a === 'object' ? 'an object without decide()' : typeof a}, not an agent ({ spec, decide(d) { … } })`,
        ),
      );
    }
    out[side] = made as Agent;
  }
  return out;
}

/** Options of {@link playGame}. */
export interface PlayOptions {
  record?: boolean;
  /** Watches the game for broken invariants (see {@link InvariantMonitor}). */
  monitor?: InvariantMonitor;
  onEvent?: (e: GameEvent) => void;
  /** Called after each decision with the acting side, the action and the agent's explanation. */
  onDecision?: (side: SideId, action: Json, why: Json | undefined) => void;
  /** Keep agents' explanations in the record's decision lines. */
  explain?: boolean;
  /**
   * Per-decision time limit in milliseconds (wall clock; 0 or absent = none): a decision answered
   * later throws {@link TimeLimitError}, and an asynchronous one still pending at the limit is given
   * up. The one place a game reads the clock — outside the rules and the agents' choices, as the
   * runner's `--time-limit`; a synchronous agent stuck for ever is not stopped (the runner's
   * watchdog thread does that).
   */
  timeLimitMs?: number;
}

/**
 * THE game loop: let each side's agent decide in turn ({@link GameSession.step} with `hooks`) until
 * the game is over. Returns undefined when every agent answered synchronously, else a Promise that
 * settles when the game is over; rejects (or throws) with the first failure of a step.
 */
export function playOut(g: GameSession, agents: Record<SideId, Agent>, hooks: StepHooks = {}): Promise<void> | undefined {
  for (let side = g.current(); side !== null; side = g.current()) {
    const agent = agents[side];
    if (!agent) throw new Error(`no agent for side "${side}"`);
    const d = g.step(agent, hooks);
    if (d instanceof Promise) return d.then(() => playOut(g, agents, hooks));
  }
  return undefined;
}

function startSession(
  scenario: LoadedScenario,
  seed: number | string,
  agents: Record<SideId, Agent>,
  opts: PlayOptions,
): { g: GameSession; hooks: StepHooks } {
  const specs: Record<SideId, string> = {};
  for (const [side, a] of Object.entries(agents)) specs[side] = a.spec;
  const g = new GameSession(scenario, seed, specs, { record: opts.record, onEvent: opts.onEvent, monitor: opts.monitor });
  const onDecision = opts.onDecision;
  const hooks: StepHooks = {
    why: opts.explain ? explanationJson : undefined,
    applied: onDecision ? (d) => onDecision(d.side, d.action, opts.explain ? d.why : explanationJson(d.agent)) : undefined,
  };
  const limit = opts.timeLimitMs ?? 0;
  if (limit > 0) {
    let t0 = 0;
    const late = (side: SideId, n: number, ms: number | null): TimeLimitError =>
      new TimeLimitError(
        side,
        agents[side]?.spec ?? '?',
        n,
        ms === null
          ? `decision ${n} took longer than the time limit (${limit} ms)`
          : `decision ${n} took ${Math.round(ms)} ms, past the time limit (${limit} ms)`,
      );
    hooks.beforeDecide = () => {
      t0 = performance.now();
    };
    hooks.answered = (side, n) => {
      const ms = performance.now() - t0;
      if (ms > limit) throw late(side, n, ms);
    };
    hooks.waitFor = (answer, side, n) => withTimeout(answer, limit, () => late(side, n, null));
  }
  return { g, hooks };
}

/**
 * `p`, or a rejection with `what()` when it has not settled within `ms` milliseconds (wall clock;
 * the per-decision time limits of `run` and of the runner's games). A rejection of `p` passes through.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, what: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(what()), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Play one game to its end with the given agents ({@link playOut}). An {@link AgentError} or
 * {@link IllegalActionError} it throws carries the record up to the failure (`record`) when recording.
 */
export async function playGame(
  scenario: LoadedScenario,
  seed: number | string,
  agents: Record<SideId, Agent>,
  opts: PlayOptions = {},
): Promise<{ result: GameResult; lines: string[] | null }> {
  const { g, hooks } = startSession(scenario, seed, agents, opts);
  try {
    await playOut(g, agents, hooks);
  } catch (e) {
    // An agent's failure leaves the game as it stood before the failed decision: its record so far goes with the error.
    if ((e instanceof AgentError || e instanceof IllegalActionError || e instanceof TimeLimitError) && g.lines) e.record = [...g.lines];
    throw e;
  }
  return { result: g.finish(), lines: g.lines };
}

/** Like {@link playGame} for agents that decide synchronously (tests, benchmarks); throws for one that does not. */
export function playGameSync(
  scenario: LoadedScenario,
  seed: number | string,
  agents: Record<SideId, Agent>,
  opts: PlayOptions = {},
): { result: GameResult; lines: string[] | null } {
  const { g, hooks } = startSession(scenario, seed, agents, opts);
  // With `sync` a Promise answer throws, so playOut returns undefined: there is nothing to await.
  void playOut(g, agents, { ...hooks, sync: true });
  return { result: g.finish(), lines: g.lines };
}

/** An agent's explanation of its last decision as JSON (for records), or undefined when it keeps none. */
export function explanationJson(agent: Agent): Json | undefined {
  const e = agent.explain?.();
  return e ? (JSON.parse(JSON.stringify(e)) as Json) : undefined;
}
