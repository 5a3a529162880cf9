/**
 * `exec:<command line>`: an agent that is a program in any language, spoken to over the JSON Lines
 * protocol of docs/PROTOCOL.md on its standard input and output (one process per game, or kept
 * between games with `#reuse=1`). The simulator side of the protocol: the hello, each decision's
 * observation and legal actions, the client's forward-model requests (simulate, release) answered
 * from the ruleset, its answer checked, and the end of the game.
 *
 * Failure is the client's: a process that exits, writes a line that is not a message, breaks the
 * protocol, answers an action that is not legal, exceeds its limits or does not answer in time makes
 * its decision fail (the game's caller turns that into a forfeit), and is killed. Every message
 * that says so names the client's command line and quotes the end of its standard error.
 *
 * Determinism: the client gets its own seed (from the game seed and its side) and every simulate
 * request names the seed of its dice, so a client that draws only from its seed plays the same
 * game again.
 */
import type { Agent, AgentContext, AgentFactory, Decision, Explanation, GameEnd } from '../../src/core/agent.js';
import type { AnyRuleset, Json, SideId } from '../../src/core/model.js';
import { agentStream, randInt, streamFromString } from '../../src/core/rng.js';
import { AgentSpecError } from '../options.js';
import { ClientProcess } from './process.js';
import { endMessage, helloMessage, isObject, legalEntries, observe, PROTOCOL_VERSIONS } from './protocol.js';
import { findProgram, parseExecSpec, quoteWord, type ExecSpec } from './spec.js';

export { isExecSpec, execFiles, parseExecSpec, EXEC_RESERVED, DEFAULT_CALLS, DEFAULT_HANDLES } from './spec.js';
export { PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './protocol.js';

/**
 * A client's time for one decision when the game sets no time limit (`run` and `play` without
 * `--time-limit`), ms: a client never hangs a game for ever.
 */
export const EXEC_DEFAULT_TIME_MS = 60_000;

/**
 * How much later than the game's own time limit the agent gives up waiting itself (ms): the
 * caller's limit fires first, so a late answer is reported as the caller reports time limits (a
 * `timeout` row), and the agent only stops the process.
 */
const LIMIT_GRACE_MS = 250;

/** How long a client may take to exit after the end of its input before it is killed, ms. */
const EXIT_GRACE_MS = 2000;

/** A client's failure, as its decision's error. */
export class ClientFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientFailure';
    // The client's failure is all in the message: this side's own stack frames would only bury it
    // where an agent's failure is printed with its stack (`run`).
    this.stack = '';
  }
}

/** A rule of the protocol the client broke (internal: becomes a {@link ClientFailure}). */
class Violation extends Error {}

/** Processes kept between games (`#reuse=1`), by canonical spec, on this thread. */
const idle = new Map<string, ClientProcess[]>();

/**
 * End every client process kept for reuse on this thread (closing their input, then killing those
 * that do not exit); resolves once all are reaped. The runner's worker calls it after each batch.
 */
export async function closeIdleClients(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map((p) => p.finish(EXIT_GRACE_MS)));
}

/** The table part of the hello (terrain and markers do not change during a game), once per compiled scenario. */
const tables = new WeakMap<object, unknown>();

function initialState(r: AnyRuleset, scenario: unknown): unknown {
  if (scenario === null || typeof scenario !== 'object') return r.setup(scenario, { rng: streamFromString('exec/table') });
  let s = tables.get(scenario);
  if (s === undefined) {
    // Any state of the game shows the same terrain: one made with a stream of its own (no game's dice).
    s = r.setup(scenario, { rng: streamFromString('exec/table') });
    tables.set(scenario, s);
  }
  return s;
}

/**
 * Resolve an exec spec into a factory: checks the spec and that its program exists (a missing one
 * is an {@link AgentSpecError}, before any game starts).
 */
export function resolveExec(spec: string): { spec: string; factory: AgentFactory; options: Record<string, string> } {
  const p = parseExecSpec(spec);
  if (findProgram(p.command[0]) === null)
    throw new AgentSpecError(`exec: program not found: ${p.command[0]}${p.command[0].includes('/') ? '' : ' (not on PATH)'}`);
  const factory: AgentFactory = (ctx) => new ExecAgent(p, ctx);
  return { spec: p.spec, factory, options: { ...p.clientOptions } };
}

type Message = Record<string, Json>;

/** One side of one game played by a client process. */
class ExecAgent implements Agent {
  readonly spec: string;
  private readonly label: string;
  private readonly proc: ClientProcess;
  private readonly r: AnyRuleset;
  private readonly sides: SideId[];
  /** The agent's own limit for one decision, ms. */
  private readonly limitMs: number;
  private phase: 'hello' | 'ready' | 'deciding' | 'failed' | 'closed' = 'hello';
  /** The failure's message carried the end of standard error (so {@link failureNote} adds nothing). */
  private noted = false;
  /** Closed in the middle of a decision (the caller gave up on it: its time limit). */
  private abandoned = false;
  private wantObservation = true;
  private wantWords = true;
  private readonly handles = new Map<number, unknown>();
  private nextHandle = 1;
  private n = 0;
  /** The protocol version the client chose in its `ready` (from 2: its messages in a decision carry the decision's `n`). */
  private version = 1;
  private why: Explanation | null = null;

  constructor(
    private readonly p: ExecSpec,
    private readonly ctx: AgentContext,
  ) {
    this.spec = p.spec;
    this.label = p.command.map(quoteWord).join(' ');
    this.r = ctx.ruleset;
    this.sides = this.r.sides(ctx.scenario);
    const gameLimit = ctx.timeLimitMs !== undefined && ctx.timeLimitMs > 0 ? ctx.timeLimitMs : 0;
    this.limitMs = gameLimit > 0 ? gameLimit : EXEC_DEFAULT_TIME_MS;
    let proc: ClientProcess | undefined;
    if (p.reuse) {
      const pool = idle.get(p.spec) ?? [];
      while (pool.length && proc === undefined) {
        const q = pool.pop() as ClientProcess;
        if (!q.ended) proc = q;
      }
      proc?.hold(true);
    }
    this.proc = proc ?? new ClientProcess(p.command, this.label);
    // The client's own seed: the first number of the agent's stream, read from a fresh copy (the
    // stream the context hands over is left untouched).
    const seed = Math.floor(agentStream(ctx.seed, ctx.side).next() * 0x1_0000_0000);
    const hello = helloMessage(
      ctx,
      seed,
      p.clientOptions,
      { handles: p.handles, calls: p.calls, timeMs: this.limitMs },
      initialState(this.r, ctx.scenario),
    );
    this.proc.send(JSON.stringify(hello));
  }

  /** Note a broken rule of the protocol: thrown where it is found, turned into the decision's failure by {@link failed}. */
  private fail(what: string): never {
    throw new Violation(what);
  }

  /**
   * The client's failure as the error of its decision: the client is killed first (so its standard
   * error is read to the end: what it wrote before it was stopped), then named with that end.
   */
  private async failed(e: unknown): Promise<never> {
    if (!(e instanceof Violation)) throw e;
    if (this.phase !== 'closed') this.phase = 'failed';
    await this.proc.kill();
    const tail = this.proc.stderrTail();
    // Reported with the failure, unless the caller gave up on this decision first (its time limit):
    // then the caller's report gets the end of standard error from failureNote.
    if (!this.abandoned) this.noted = true;
    throw new ClientFailure(
      `client \`${this.label}\` ${e.message}; ${tail !== '' ? `its stderr ends: ${tail}` : 'it wrote nothing on stderr'}`,
    );
  }

  /** The next message of the client (blank lines skipped), or its failure: ended, not JSON, not a message, or past `deadline`. */
  private async next(deadline: number, during: string): Promise<Message> {
    for (;;) {
      const line = this.proc.take();
      if (line !== undefined) {
        if (line.trim() === '') continue;
        let m: unknown;
        try {
          m = JSON.parse(line);
        } catch {
          this.fail(`wrote a line that is not JSON ${during}: ${JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line)}`);
        }
        if (!isObject(m) || typeof m.t !== 'string')
          this.fail(
            `wrote a line that is not a message (a JSON object with a "t") ${during}: ${JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line)}`,
          );
        return m;
      }
      if (this.proc.ended) this.fail(`${this.proc.endReason ?? 'ended'} ${during}`);
      if ((await this.proc.wait(deadline)) === 'timeout') this.fail(`did not answer within ${this.limitMs} ms ${during}`);
    }
  }

  private async ready(deadline: number): Promise<void> {
    const m = await this.next(deadline, 'before answering the hello');
    if (m.t !== 'ready') this.fail(`answered the hello with a "${m.t}" message instead of "ready"`);
    if (typeof m.protocol !== 'number' || !PROTOCOL_VERSIONS.includes(m.protocol)) {
      this.fail(
        `speaks protocol ${JSON.stringify(m.protocol ?? null)}; this simulator speaks protocol ${PROTOCOL_VERSIONS.join(' or ')} (docs/PROTOCOL.md)`,
      );
    }
    this.version = m.protocol;
    for (const k of ['observation', 'words'] as const) {
      if (m[k] !== undefined && typeof m[k] !== 'boolean')
        this.fail(`answered the hello with ${k}: ${JSON.stringify(m[k])} (true or false)`);
    }
    this.wantObservation = m.observation !== false;
    this.wantWords = m.words !== false;
    this.phase = 'ready';
  }

  decide(d: Decision): Promise<Json> {
    return this.decideAsync(d);
  }

  private async decideAsync(d: Decision): Promise<Json> {
    if (this.phase === 'failed' || this.phase === 'closed')
      throw new ClientFailure(`client \`${this.label}\` was asked to decide after it failed or was closed`);
    try {
      return await this.exchange(d);
    } catch (e) {
      return await this.failed(e);
    }
  }

  /** One decision's messages: the decide, the client's requests and their answers, its action. */
  private async exchange(d: Decision): Promise<Json> {
    const t0 = performance.now();
    const deadline = t0 + this.limitMs + (this.ctx.timeLimitMs ? LIMIT_GRACE_MS : 0);
    this.why = null;
    if (this.phase === 'hello') await this.ready(deadline);
    // The client speaks only when spoken to: a message written since its last answer (found if it
    // has arrived by now) is not the answer to this decision.
    for (let stray = this.proc.take(); stray !== undefined; stray = this.proc.take()) {
      if (stray.trim() !== '')
        this.fail(`wrote a message between decisions: ${JSON.stringify(stray.length > 200 ? `${stray.slice(0, 200)}…` : stray)}`);
    }
    this.phase = 'deciding';
    this.n++;
    const msg: Message = {
      t: 'decide',
      n: this.n,
      side: d.side,
      timeMs: Math.max(0, Math.round(t0 + this.limitMs - performance.now())),
      legal: legalEntries(this.r, d.state, d.legal, this.wantWords) as unknown as Json,
    };
    if (this.wantObservation) msg.observation = observe(this.r, d.state, this.sides) as unknown as Json;
    this.proc.send(JSON.stringify(msg));
    let calls = 0;
    for (;;) {
      const m = await this.next(deadline, 'while deciding');
      // From version 2 every message of a decision names it: a line written for an earlier one
      // (late, or twice) is never taken for this decision's answer or request.
      if (this.version >= 2 && m.n !== this.n) {
        if (m.n === undefined)
          this.fail(
            `sent a "${m.t}" message without "n" while deciding decision ${this.n} (protocol ${this.version}: every message of a decision carries its number)`,
          );
        this.fail(
          `sent a "${m.t}" message for decision ${JSON.stringify(m.n)} while deciding decision ${this.n} (protocol ${this.version}: every message of a decision carries its number)`,
        );
      }
      if (m.t === 'action') {
        const action = this.answer(m, d);
        this.phase = 'ready';
        return action;
      }
      if (m.t === 'simulate' || m.t === 'release') {
        if (++calls > this.p.calls)
          this.fail(`made more than ${this.p.calls} forward-model requests in one decision (its limit: calls=${this.p.calls})`);
        this.proc.send(JSON.stringify(m.t === 'simulate' ? this.simulate(m, d) : this.release(m)));
        continue;
      }
      this.fail(`sent a "${m.t}" message while deciding (expected simulate, release or action)`);
    }
  }

  /** The legal action a reference names: an index into `legal`, or an action key; undefined when it names none. */
  private pick(ref: Json, legal: readonly Json[]): Json | undefined {
    if (typeof ref === 'number') return Number.isInteger(ref) && ref >= 0 && ref < legal.length ? legal[ref] : undefined;
    if (typeof ref === 'string') return legal.find((a) => this.r.actionKey(a) === ref);
    return undefined;
  }

  /** The client's answer: the legal action it names by `index` or `key` (both: they must agree), and its reasons. */
  private answer(m: Message, d: Decision): Json {
    const legal = d.legal;
    let i = -1;
    if (m.index !== undefined) {
      const x = m.index;
      if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x >= legal.length)
        this.fail(
          `answered an illegal action: index ${JSON.stringify(x)}, but the ${legal.length} legal actions are numbered 0 to ${legal.length - 1}`,
        );
      i = x;
    }
    if (m.key !== undefined) {
      const k = m.key;
      const j = typeof k === 'string' ? legal.findIndex((a) => this.r.actionKey(a) === k) : -1;
      if (j < 0) this.fail(`answered an illegal action: key ${JSON.stringify(k)} is none of the ${legal.length} legal actions' keys`);
      if (i >= 0 && i !== j) this.fail(`answered index ${i} and key ${JSON.stringify(k)}, which name different actions`);
      i = j;
    }
    if (i < 0) this.fail('answered with an action message that has neither "index" nor "key"');
    this.why = m.why === undefined || m.why === null ? null : this.reasons(m.why, legal);
    return legal[i];
  }

  /** The client's `why` as an {@link Explanation} (strict: a malformed one is a protocol error). */
  private reasons(why: Json, legal: readonly Json[]): Explanation {
    if (typeof why === 'string') return { candidates: [], summary: why };
    if (!isObject(why)) this.fail('gave a "why" that is neither a string nor an object');
    const e: Explanation = { candidates: [] };
    if (why.summary !== undefined) {
      if (typeof why.summary !== 'string') this.fail('gave a why.summary that is not a string');
      e.summary = why.summary;
    }
    if (why.line !== undefined) {
      if (!Array.isArray(why.line) || !why.line.every((x) => typeof x === 'string'))
        this.fail('gave a why.line that is not a list of strings');
      e.line = why.line as string[];
    }
    if (why.candidates !== undefined) {
      if (!Array.isArray(why.candidates)) this.fail('gave why.candidates that is not a list');
      why.candidates.forEach((c, k) => {
        if (!isObject(c)) this.fail(`gave why.candidates[${k}] that is not an object`);
        const ref = c.index !== undefined ? c.index : c.key;
        const action = ref === undefined ? undefined : this.pick(ref, legal);
        if (action === undefined) this.fail(`gave why.candidates[${k}] that names no legal action (index or key)`);
        const out: Explanation['candidates'][number] = { action };
        for (const f of ['visits', 'value'] as const) {
          const v = c[f];
          if (v === undefined) continue;
          if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(`gave why.candidates[${k}].${f} that is not a number`);
          out[f] = v;
        }
        if (c.note !== undefined) {
          if (typeof c.note !== 'string') this.fail(`gave why.candidates[${k}].note that is not a string`);
          out.note = c.note;
        }
        e.candidates.push(out);
      });
    }
    return e;
  }

  /** Answer a simulate request (docs/PROTOCOL.md): a `simulated` reply, or an `error` reply for a request that cannot be done. */
  private simulate(m: Message, d: Decision): Json {
    const id = m.id ?? null;
    const err = (message: string): Json => ({ t: 'error', id, message });
    const r = this.r;
    const from = m.from ?? 'root';
    let base: unknown;
    if (from === 'root') base = d.state;
    else if (typeof from === 'number' && this.handles.has(from)) base = this.handles.get(from);
    else return err(`from: ${JSON.stringify(from)} is neither "root" nor a handle you hold`);
    const actions = m.actions ?? [];
    if (!Array.isArray(actions)) return err('actions: expected a list of action indices and keys');
    if (typeof m.seed !== 'number' && typeof m.seed !== 'string')
      return err('seed: required, a number or a string (the dice of the simulation come from it)');
    let playout: { policy: 'random' | 'script'; steps: number; turns: number | null } | null = null;
    if (m.playout !== undefined && m.playout !== null) {
      const po = m.playout;
      if (
        !isObject(po) ||
        (po.policy !== 'random' && po.policy !== 'script') ||
        typeof po.steps !== 'number' ||
        !Number.isInteger(po.steps) ||
        po.steps < 0
      ) {
        return err('playout: expected {"policy": "random" or "script", "steps": a whole number ≥ 0}');
      }
      if (po.policy === 'script' && !r.policy) return err(`playout: the ${r.id} ruleset has no scripted policy; use "random"`);
      let turns: number | null = null;
      if (po.turns !== undefined && po.turns !== null) {
        if (typeof po.turns !== 'number' || !Number.isInteger(po.turns) || po.turns < 1)
          return err('playout.turns: expected a whole number ≥ 1');
        if (!r.turn) return err(`playout.turns: the ${r.id} ruleset counts no turns`);
        turns = po.turns;
      }
      playout = { policy: po.policy, steps: po.steps, turns };
    }
    for (const k of ['keep', 'legal', 'observation'] as const)
      if (m[k] !== undefined && typeof m[k] !== 'boolean') return err(`${k}: expected true or false`);
    const rng = streamFromString(`simulate/${String(m.seed)}`);
    const s = r.clone(base);
    let steps = 0;
    let legal: Json[];
    try {
      for (let i = 0; i < actions.length; i++) {
        if (r.currentSide(s) === null) return err(`actions[${i}]: the game is over after ${i} of them`);
        legal = r.legalActions(s);
        const a = this.pick(actions[i], legal);
        if (a === undefined)
          return err(
            `actions[${i}]: ${JSON.stringify(actions[i])} is not a legal action there (${legal.length} actions: indices 0 to ${legal.length - 1}, or their keys)`,
          );
        if (r.applyLegal) r.applyLegal(s, a, { rng });
        else r.apply(s, a, { rng });
        steps++;
      }
      if (playout) {
        const limit = Math.min(playout.steps, 10_000_000);
        const policy = r.policy;
        // With `turns`, stop at the first decision of the turn `turns` after the playout's first (r.turn exists: checked above).
        const stopAt = playout.turns !== null && r.turn ? r.turn(s) + playout.turns : Infinity;
        for (let k = 0; k < limit && r.currentSide(s) !== null; k++) {
          if (stopAt !== Infinity && r.turn && r.turn(s) >= stopAt) break;
          legal = r.legalActions(s);
          let a: Json;
          if (playout.policy === 'random' || !policy) a = legal[randInt(rng, legal.length)];
          else {
            const scores = policy.rollout ? policy.rollout(s, legal) : policy.scores(s, legal);
            let best = 0;
            for (let j = 1; j < scores.length; j++) if (scores[j] > scores[best]) best = j;
            a = legal[best];
          }
          if (r.applyLegal) r.applyLegal(s, a, { rng });
          else r.apply(s, a, { rng });
          steps++;
        }
      }
    } catch (e) {
      return err(`the rules engine failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const side = r.currentSide(s);
    legal = side === null ? [] : r.legalActions(s);
    const o = side === null ? r.outcome(s) : null;
    const values: Record<SideId, number> = {};
    for (const x of this.sides) values[x] = r.evaluate(s, x);
    const reply: Message = {
      t: 'simulated',
      id,
      handle: null,
      steps,
      terminal: side === null,
      outcome: o ? { winner: o.winner, reason: o.reason } : null,
      side,
      turn: r.turn ? r.turn(s) : null,
      values,
      legalCount: legal.length,
    };
    if (m.legal === true) reply.legal = legalEntries(r, s, legal, this.wantWords) as unknown as Json;
    if (m.observation === true) reply.observation = observe(r, s, this.sides) as unknown as Json;
    if (m.keep === true) {
      if (this.handles.size >= this.p.handles)
        this.fail(
          `held more than ${this.p.handles} forward-model handles at once (its limit: handles=${this.p.handles}); release the ones it no longer needs`,
        );
      const h = this.nextHandle++;
      this.handles.set(h, s);
      reply.handle = h;
    }
    return reply;
  }

  /** Answer a release request: forget the handles named (unknown ones are ignored). */
  private release(m: Message): Json {
    const id = m.id ?? null;
    const hs = m.handles;
    if (!Array.isArray(hs) || !hs.every((h) => typeof h === 'number' && Number.isInteger(h)))
      return { t: 'error', id, message: 'handles: expected a list of handle numbers' };
    let released = 0;
    for (const h of hs as number[]) if (this.handles.delete(h)) released++;
    return { t: 'released', id, released, live: this.handles.size };
  }

  explain(): Explanation | null {
    return this.why;
  }

  async close(end?: GameEnd): Promise<void> {
    if (this.phase === 'closed') return;
    const was = this.phase;
    this.phase = 'closed';
    this.handles.clear();
    if (was === 'deciding') this.abandoned = true;
    if (was === 'failed' || was === 'deciding') {
      await this.proc.kill();
      return;
    }
    this.proc.send(JSON.stringify(endMessage(this.ctx.side, end)));
    // Kept for the next game only when it is between messages: it answered the hello and every
    // decision, and wrote nothing since.
    if (this.p.reuse && was === 'ready' && !this.proc.ended && this.proc.take() === undefined) {
      this.proc.hold(false);
      const pool = idle.get(this.p.spec) ?? [];
      pool.push(this.proc);
      idle.set(this.p.spec, pool);
      return;
    }
    await this.proc.finish(EXIT_GRACE_MS);
  }

  failureNote(): string | null {
    if (this.noted || !this.abandoned) return null;
    const tail = this.proc.stderrTail();
    return `client \`${this.label}\` ${tail !== '' ? `stderr ends: ${tail}` : 'wrote nothing on stderr'}`;
  }
}
