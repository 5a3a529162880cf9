/**
 * One game: the loop that asks agents for decisions, applies them, and writes the record.
 *
 * Determinism (DESIGN.md §Contracts 2): the game's dice come only from `gameStream(seed)`; each
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

/** Thrown when a game exceeds the ruleset's decision limit (a defect: every game must end). */
export class DecisionLimitError extends Error {}

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
   * record line but never compared by verify.
   */
  submit(action: Json, legal?: readonly Json[], why?: Json): void {
    const r = this.scenario.ruleset;
    const side = this.current();
    if (side === null) throw new Error('the game is over');
    const reason = this.illegalReason(action, legal ?? this.legal());
    if (reason !== null) throw new Error(`illegal decision ${JSON.stringify(action)} by ${side}: ${reason}`);
    this.decisionCount++;
    if (this.decisionCount > this.limit) {
      throw new DecisionLimitError(`the game passed its decision limit (${this.limit}) without ending`);
    }
    if (this.lines) {
      const line: DecisionLine = { t: 'decision', n: this.decisionCount, side, action };
      if (why !== undefined) line.why = why;
      this.lines.push(JSON.stringify(line));
    }
    r.apply(this.state, action, { rng: this.rng, emit: this.emit });
    this.opts.monitor?.afterStep(this.state);
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
      const line: ResultLine = { t: 'result', winner: res.winner, reason: res.reason, decisions: res.decisions, hash: res.hash, stats: res.stats };
      this.lines.push(JSON.stringify(line));
    }
    return res;
  }
}

/** Create every side's agent for a game from factories, each with its own stream. */
export function makeAgents(
  scenario: LoadedScenario,
  seed: number | string,
  factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }>,
  maxThreads = availableParallelism(),
): Record<SideId, Agent> {
  const out: Record<SideId, Agent> = {};
  for (const side of scenario.ruleset.sides(scenario.compiled)) {
    const f = factories[side];
    if (!f) throw new Error(`no agent for side "${side}"`);
    out[side] = f.factory({
      ruleset: scenario.ruleset,
      scenario: scenario.compiled,
      scenarioData: scenario.raw as Json,
      side,
      rng: agentStream(seed, side),
      seed,
      options: f.options,
      maxThreads,
    });
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
}

function startSession(scenario: LoadedScenario, seed: number | string, agents: Record<SideId, Agent>, opts: PlayOptions): GameSession {
  const specs: Record<SideId, string> = {};
  for (const [side, a] of Object.entries(agents)) specs[side] = a.spec;
  return new GameSession(scenario, seed, specs, { record: opts.record, onEvent: opts.onEvent, monitor: opts.monitor });
}

function commit(g: GameSession, agent: Agent, side: SideId, action: Json, legal: Json[], opts: PlayOptions): void {
  const why = opts.explain || opts.onDecision ? explanationJson(agent) : undefined;
  g.submit(action, legal, opts.explain ? why : undefined);
  opts.onDecision?.(side, action, why);
}

/** Play one game to its end with the given agents. */
export async function playGame(
  scenario: LoadedScenario,
  seed: number | string,
  agents: Record<SideId, Agent>,
  opts: PlayOptions = {},
): Promise<{ result: GameResult; lines: string[] | null }> {
  const g = startSession(scenario, seed, agents, opts);
  for (let side = g.current(); side !== null; side = g.current()) {
    const legal = g.legal();
    const agent = agents[side];
    let action = agent.decide({ ruleset: scenario.ruleset, state: g.state, side, legal });
    if (action instanceof Promise) action = await action;
    commit(g, agent, side, action, legal, opts);
  }
  return { result: g.finish(), lines: g.lines };
}

/** Like {@link playGame} for agents that decide synchronously (tests, benchmarks). */
export function playGameSync(
  scenario: LoadedScenario,
  seed: number | string,
  agents: Record<SideId, Agent>,
  opts: PlayOptions = {},
): { result: GameResult; lines: string[] | null } {
  const g = startSession(scenario, seed, agents, opts);
  for (let side = g.current(); side !== null; side = g.current()) {
    const legal = g.legal();
    const agent = agents[side];
    const action = agent.decide({ ruleset: scenario.ruleset, state: g.state, side, legal });
    if (action instanceof Promise) throw new Error(`agent ${agent.spec} decides asynchronously; use playGame`);
    commit(g, agent, side, action, legal, opts);
  }
  return { result: g.finish(), lines: g.lines };
}

function explanationJson(agent: Agent): Json | undefined {
  const e = agent.explain?.();
  return e ? (JSON.parse(JSON.stringify(e)) as Json) : undefined;
}
