/**
 * A game between a person and an agent, without any input or output: the engine of `play`.
 *
 * The person's side is written `human` in the record header; the agent plays the other side with
 * its normal stream (`agentStream(seed, side)`), so a game played with `play` is an ordinary record
 * that `replay --verify` checks. Each of the agent's decision lines keeps, beside its explanation,
 * how many numbers the agent had drawn from its stream (`why.agentDraws`): `undo` and `--resume`
 * re-run the record (src/rerun.ts: up to the decision taken back, or the whole saved file) and put
 * a fresh agent's stream back where it was, so
 * the agent answers the same position the same way (exact for agents that draw only from their
 * context's stream and keep no memory between decisions, such as `random`, `greedy`, `heuristic`,
 * and for agents that hand their memory over with `Agent.memory`/`restore`, such as `mcts` with a
 * portfolio: `why.agentMemory`).
 */
import { availableParallelism } from 'node:os';
import type { Agent, AgentFactory, Explanation } from '../core/agent.js';
import { GameSession, explanationJson, type GameResult, type LoadedScenario } from '../core/game.js';
import type { GameEvent, Json, SideId } from '../core/model.js';
import { type HeaderLine, RecordError, type RecordLine } from '../core/record.js';
import { agentStream, type ForkableRng } from '../core/rng.js';
import { RerunMismatch, recordScenario, rerunRecord } from '../rerun.js';
import { resolveAgent } from '../../agents/index.js';

/** The agent spec that marks the person's side in a record header. */
export const HUMAN = 'human';

/**
 * A stream that counts the numbers drawn from it (a fork counts as one draw, as it is for the
 * Alea streams of src/core/rng.ts), so it can be put back at the same place later.
 */
export class CountingRng implements ForkableRng {
  /** Numbers drawn so far. */
  draws = 0;
  constructor(private readonly inner: ForkableRng) {}
  next(): number {
    this.draws++;
    return this.inner.next();
  }
  fork(label: string): ForkableRng {
    this.draws++;
    return this.inner.fork(label);
  }
  /** Draw and discard until `n` numbers have been drawn in all. */
  advanceTo(n: number): void {
    while (this.draws < n) this.next();
  }
}

/** One decision of the game so far. */
export interface PlayDecision {
  side: SideId;
  action: Json;
  /** True for the person's decisions. */
  human: boolean;
  /** The agent's explanation and stream position (agent decisions only). */
  why?: Json;
}

/** What the agent did at one decision, for the account `play` prints. */
export interface AgentMove {
  side: SideId;
  action: Json;
  /** The action in words (described before it was applied). */
  words: string;
  /** The agent's explanation, when it keeps one. */
  explanation: Explanation | null;
}

function drawsOf(why: Json | undefined): number {
  if (why === null || typeof why !== 'object' || Array.isArray(why)) return 0;
  const n = why.agentDraws;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** What the agent had learnt by a decision (`why.agentMemory`), or null. */
function memoryOf(why: Json | undefined): Json | null {
  if (why === null || typeof why !== 'object' || Array.isArray(why)) return null;
  return why.agentMemory ?? null;
}

/** A person against an agent, decision by decision, with undo. */
export class PlayGame {
  /** The game in progress (rebuilt by {@link undo}). */
  session: GameSession;
  /** The opponent (re-created by {@link undo}). */
  agent: Agent;
  private rng: CountingRng;
  /** Decisions so far, in order. */
  readonly decisions: PlayDecision[] = [];
  /** Receives every event as it happens (not while {@link undo} replays the game). */
  onEvent: ((e: GameEvent) => void) | null = null;
  private muted = false;
  private result: GameResult | null = null;

  private constructor(
    readonly scenario: LoadedScenario,
    readonly seed: number | string,
    /** The person's side. */
    readonly human: SideId,
    /** The agent's side. */
    readonly opponentSide: SideId,
    /** The agent's canonical spec. */
    readonly opponentSpec: string,
    private readonly factory: { factory: AgentFactory; options: Record<string, string> },
    private readonly maxThreads: number,
  ) {
    this.rng = new CountingRng(agentStream(seed, opponentSide));
    this.agent = this.makeAgent();
    this.session = this.newSession();
  }

  /**
   * A new game: the person plays `human`, the agent given by `opponent` (any spec `resolveAgent`
   * takes) plays the other side. Throws an `AgentSpecError` for an unknown agent, and an `Error`
   * for a side the scenario does not have (callers check the side first).
   */
  static async create(
    scenario: LoadedScenario,
    seed: number | string,
    human: SideId,
    opponent: string,
    maxThreads = availableParallelism(),
  ): Promise<PlayGame> {
    const sides = scenario.ruleset.sides(scenario.compiled);
    if (!sides.includes(human)) throw new Error(`no side "${human}" in ${scenario.id} (sides: ${sides.join(', ')})`);
    if (sides.length !== 2) throw new Error(`play needs a two-sided scenario; ${scenario.id} has ${sides.length} sides`);
    const other = sides.find((s) => s !== human) as SideId;
    const r = await resolveAgent(opponent);
    return new PlayGame(scenario, seed, human, other, r.spec, { factory: r.factory, options: r.options }, maxThreads);
  }

  /**
   * Continue a game saved by `play` (a record whose header names one side `human`): re-runs it
   * (src/rerun.ts: ruleset version, embedded scenario hash, every line), and puts the agent's
   * stream back. Throws {@link RecordError} when the record is not a game in progress of this build.
   */
  static async resume(lines: RecordLine[], file: string, maxThreads = availableParallelism()): Promise<PlayGame> {
    const header = lines[0] as HeaderLine;
    const humans = Object.entries(header.agents).filter(([, spec]) => spec === HUMAN);
    let scenario: LoadedScenario;
    try {
      scenario = recordScenario(lines, file).scenario;
    } catch (e) {
      throw e instanceof RerunMismatch ? new RecordError(file, e.line, e.reason) : e;
    }
    if (humans.length !== 1)
      throw new RecordError(
        file,
        1,
        `not a game saved by play: the header should name exactly one side "${HUMAN}" (agents: ${JSON.stringify(header.agents)})`,
      );
    if (lines.some((l) => l.t === 'result'))
      throw new RecordError(file, 0, 'this game is over: nothing to resume (watch it with `render`, check it with `replay --verify`)');
    const human = humans[0][0];
    const opponent = Object.entries(header.agents).find(([side]) => side !== human);
    if (!opponent) throw new RecordError(file, 1, 'the header names no opponent');
    const g = await PlayGame.create(scenario, header.seed, human, opponent[1], maxThreads);
    await g.restore(lines, file);
    return g;
  }

  private makeAgent(): Agent {
    const ctx = {
      ruleset: this.scenario.ruleset,
      scenario: this.scenario.compiled,
      scenarioData: this.scenario.raw as Json,
      side: this.opponentSide,
      rng: this.rng,
      seed: this.seed,
      options: this.factory.options,
      maxThreads: this.maxThreads,
    };
    return this.factory.factory(ctx);
  }

  private newSession(): GameSession {
    return new GameSession(this.scenario, this.seed, this.agents(), { record: true, onEvent: (e) => this.relay(e) });
  }

  /** The record header's agents: the person's side is {@link HUMAN}. */
  agents(): Record<SideId, string> {
    const out: Record<SideId, string> = {};
    for (const s of this.scenario.ruleset.sides(this.scenario.compiled)) out[s] = s === this.human ? HUMAN : this.opponentSpec;
    return out;
  }

  /**
   * Put the game where the record `lines` leaves it: re-run the record (every line checked), take
   * its session, its decisions, and a fresh agent whose stream is advanced past every number the
   * recorded agent drew. Events are not passed on while it runs. Throws {@link RecordError} when
   * the record does not re-run (naming the line).
   */
  private async restore(lines: readonly RecordLine[], file: string): Promise<void> {
    const decisions: PlayDecision[] = [];
    let draws = 0;
    let memory: Json | null = null;
    let memoryLine = 0;
    lines.forEach((l, i) => {
      if (l.t !== 'decision') return;
      if (l.side !== this.human && l.side !== this.opponentSide) throw new RecordError(file, i + 1, `decision by unknown side "${l.side}"`);
      const human = l.side === this.human;
      decisions.push({ side: l.side, action: l.action, human, ...(l.why !== undefined ? { why: l.why } : {}) });
      if (!human) {
        draws = Math.max(draws, drawsOf(l.why));
        const m = memoryOf(l.why);
        if (m !== null) {
          memory = m;
          memoryLine = i + 1;
        }
      }
    });
    let session: GameSession;
    this.muted = true;
    try {
      session = rerunRecord(lines, file, { end: 'any', onEvent: (e) => this.relay(e) }).session;
    } catch (e) {
      if (e instanceof RerunMismatch) throw new RecordError(file, e.line, `does not replay with this build: ${e.reason}`);
      throw e;
    } finally {
      this.muted = false;
    }
    // The record re-runs: only now is the game in hand replaced.
    await this.agent.close?.();
    this.result = null;
    this.session = session;
    this.decisions.splice(0, this.decisions.length, ...decisions);
    this.rng = new CountingRng(agentStream(this.seed, this.opponentSide));
    this.agent = this.makeAgent();
    this.rng.advanceTo(draws);
    if (memory !== null) {
      if (!this.agent.restore)
        throw new RecordError(
          file,
          memoryLine,
          `the agent ${this.agent.spec} cannot take back the memory its decisions recorded (why.agentMemory)`,
        );
      try {
        this.agent.restore(memory);
      } catch (e) {
        throw new RecordError(file, memoryLine, `why.agentMemory: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  private relay(e: GameEvent): void {
    if (!this.muted) this.onEvent?.(e);
  }

  /** The current state (the ruleset's, read only). */
  get state(): unknown {
    return this.session.state;
  }

  /** The side to decide now, or null when the game is over. */
  current(): SideId | null {
    return this.session.current();
  }

  /** True when it is the person's decision. */
  humanToDecide(): boolean {
    return this.session.current() === this.human;
  }

  /** The legal actions now. */
  legal(): Json[] {
    return this.session.legal();
  }

  /** Null when the person may take `action` now, else the reason in words (nothing changes). */
  check(action: Json): string | null {
    if (!this.humanToDecide()) return 'it is not your decision';
    const r = this.scenario.ruleset;
    const key = r.actionKey(action);
    if (this.legal().some((a) => r.actionKey(a) === key)) return null;
    return r.checkAction ? r.checkAction(this.state, action) : 'not one of the actions offered';
  }

  /**
   * The person's decision: one of {@link legal}, or a free-form action the ruleset's `checkAction`
   * accepts. Returns null when applied, else the reason it is not allowed (nothing changes then).
   */
  submitHuman(action: Json): string | null {
    const reason = this.check(action);
    if (reason !== null) return reason;
    this.session.submit(action);
    this.decisions.push({ side: this.human, action, human: true });
    return null;
  }

  /**
   * The index in `legal` of the action the ruleset's scripted policy (`policy.scores`) prefers
   * (the first best), or -1 when the ruleset has no policy. A hint for the person, and what band
   * orders take for a figure's share of an order.
   */
  suggestion(legal: readonly Json[]): number {
    const policy = this.scenario.ruleset.policy;
    if (!policy || legal.length === 0) return -1;
    const scores = policy.scores(this.state, legal);
    let best = 0;
    for (let i = 1; i < scores.length; i++) if (scores[i] > scores[best]) best = i;
    return best;
  }

  /**
   * True when the person's decision now is one figure's share of an order already given to its
   * band (the ruleset's `view.delegable`) and the ruleset has a policy to take it.
   */
  delegable(): boolean {
    const r = this.scenario.ruleset;
    return this.humanToDecide() && r.policy !== undefined && (r.view?.delegable?.(this.state) ?? false);
  }

  /**
   * Band orders: while the person's decision is a figure's share of an order already given
   * ({@link delegable}), take the scripted policy's choice for them (recorded as the person's
   * decision). `each` sees every action in words before it is applied. Returns how many were taken.
   */
  followOrders(each?: (words: string, action: Json) => void): number {
    const r = this.scenario.ruleset;
    let n = 0;
    while (this.delegable()) {
      const legal = this.legal();
      const action = legal[Math.max(0, this.suggestion(legal))];
      let words: string;
      try {
        words = r.describeAction(this.state, action);
      } catch {
        words = r.actionKey(action);
      }
      each?.(words, action);
      const refused = this.submitHuman(action);
      if (refused !== null) throw new Error(`the policy's choice was refused: ${refused}`);
      n++;
    }
    return n;
  }

  /**
   * Ask the agent for its decision and apply it; `chosen` (if given) sees the decision before it
   * is applied, so its account comes before the events it causes. Precondition: the agent's side
   * decides now.
   */
  async agentStep(chosen?: (m: AgentMove) => void): Promise<AgentMove> {
    const side = this.current();
    if (side === null || side === this.human) throw new Error('it is not the agent’s decision');
    const r = this.scenario.ruleset;
    const taken: { move?: AgentMove } = {};
    await this.session.step(this.agent, {
      why: (agent) => {
        const why = explanationJson(agent);
        const out: { [k: string]: Json } = why !== null && typeof why === 'object' && !Array.isArray(why) ? why : {};
        out.agentDraws = this.rng.draws;
        const memory = agent.memory?.();
        if (memory !== undefined && memory !== null) out.agentMemory = memory;
        return out;
      },
      chosen: (d) => {
        let words: string;
        try {
          words = r.describeAction(this.state, d.action);
        } catch {
          words = r.actionKey(d.action);
        }
        taken.move = { side: d.side, action: d.action, words, explanation: d.agent.explain?.() ?? null };
        chosen?.(taken.move);
      },
      applied: (d) => {
        this.decisions.push({ side: d.side, action: d.action, human: false, why: d.why });
      },
    });
    if (!taken.move) throw new Error('the agent’s decision was not taken');
    return taken.move;
  }

  /**
   * Take back the person's last decision (and the agent's after it) by replaying the game without
   * it. Returns the action taken back, or null when the person has made no decision yet.
   */
  async undo(): Promise<Json | null> {
    let i = this.decisions.length - 1;
    while (i >= 0 && !this.decisions[i].human) i--;
    if (i < 0) return null;
    const taken = this.decisions[i].action;
    // The record up to that decision's line: the game as it stood when the person took it.
    const lines = this.recordLines();
    const cut = lines.findIndex((l) => l.t === 'decision' && l.n === i + 1);
    await this.restore(lines.slice(0, cut), 'the game so far');
    return taken;
  }

  /** The result once the game is over (adds the result line to the record; idempotent). */
  finish(): GameResult {
    this.result ??= this.session.finish();
    return this.result;
  }

  /** The record so far as JSON Lines text (a finished game ends with its result line). */
  recordText(): string {
    return `${(this.session.lines as string[]).join('\n')}\n`;
  }

  /** The record so far as parsed lines. */
  recordLines(): RecordLine[] {
    return (this.session.lines as string[]).map((l) => JSON.parse(l) as RecordLine);
  }

  /** Release the agent's resources. */
  async close(): Promise<void> {
    await this.agent.close?.();
  }
}
