/**
 * What the tree search asks of a game beyond its rules (as OpenSpiel's `algorithms::Evaluator`):
 * the prior of each action at a new table, and the value of a leaf for the sides that decided on
 * the way to it. Two evaluators play the leaf forward and then score it with the ruleset's
 * `evaluate`:
 * - {@link RandomRollout}: uniform priors, uniformly random actions (OpenSpiel's
 *   `RandomRolloutEvaluator`, here cut at a horizon);
 * - {@link ScriptedRollout}: priors and ε-greedy rollouts from the ruleset's scripted policy (the
 *   `mcts` agent's evaluator whenever the ruleset has a policy).
 * Both are pure functions of their inputs and the stream they are given: no clock, no Math.random.
 */
import type { AnyRuleset, Json, SideId, StepContext } from '../../src/core/model.js';
import { randInt, type FastRng, type Rng } from '../../src/core/rng.js';
import type { SearchOptions } from './params.js';

/** Scores of the legal actions for the side to decide (higher is better): a scripted policy. */
export type Policy = (state: unknown, legal: readonly Json[]) => number[];

/** The search's questions about a leaf or a new table (see the module note). */
export interface Evaluator {
  /**
   * Scores of `legal` (the legal actions at `state`, for the side to decide), higher better, which
   * the search turns into priors by a softmax; null: uniform priors. `root`: `state` is the
   * search's root. The search reads the scores at once and keeps neither them nor `legal`.
   */
  prior(state: unknown, legal: readonly Json[], root: boolean): readonly number[] | null;
  /**
   * The value of the leaf `state`, in [0, 1], for each of `sides[0 … n−1]`, written to
   * `out[0 … n−1]`. A leaf that is not terminal is the search's scratch copy: the evaluator may
   * play it forward, applying actions with `ctx` (its stream is the iteration's), at most `budget`
   * forward-model calls (Infinity: no limit). A terminal leaf may be a state the tree keeps: read
   * it only. Returns the calls it made.
   */
  evaluate(state: unknown, ctx: StepContext, budget: number, sides: readonly SideId[], n: number, out: number[]): number;
  /**
   * Optional (`align=1`): before the next {@link evaluate}, whose `ctx.rng` is then a
   * {@link FastRng}, the iteration's stream key and the leaf's depth: the evaluator re-seeds the
   * stream before its d-th decision with {@link alignedSeed}(key, depth + d).
   */
  align?(key: number, depth: number): void;
}

/**
 * The seed of the stream of the `d`-th decision from the root in an iteration whose root visit has
 * stream key `key` (`align=1`): a 32-bit hash of both, as a signed 32-bit integer.
 */
export function alignedSeed(key: number, d: number): number {
  let h = Math.imul(key ^ 0x2545f491, 0x9e3779b1) ^ Math.imul(d + 0x6a09e667, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h | 0;
}

/**
 * The shared part of both rollouts: play at most `horizon` decisions (or to the end of the turn
 * with `horizonTurn`, or of the game), then score the state with the ruleset's evaluation
 * (`evaluateSides` when the ruleset has it: every side at once).
 */
abstract class Rollout implements Evaluator {
  private readonly horizon: number;
  /** The ruleset's turn counter when rollouts stop at the end of the turn, else null. */
  private readonly turnOf: ((state: unknown) => number) | null;
  private readonly weights: readonly number[] | undefined;
  /** `align=1`: the stream key and depth of the next evaluation (set by {@link align}), else key null. */
  private alignKey: number | null = null;
  private alignDepth = 0;
  protected constructor(
    protected readonly r: AnyRuleset,
    opts: SearchOptions,
  ) {
    this.horizon = opts.horizon;
    this.turnOf = opts.horizonTurn && r.turn ? r.turn : null;
    this.weights = opts.weights;
  }

  abstract prior(state: unknown, legal: readonly Json[], root: boolean): readonly number[] | null;

  align(key: number, depth: number): void {
    this.alignKey = key;
    this.alignDepth = depth;
  }

  /** The rollout's action among `legal` (two or more actions; one is played without asking). */
  protected abstract pick(state: unknown, legal: readonly Json[], g: Rng): Json;

  evaluate(s: unknown, ctx: StepContext, budget: number, sides: readonly SideId[], n: number, out: number[]): number {
    const r = this.r;
    const turnOf = this.turnOf;
    const applyLegal = r.applyLegal;
    const turn0 = turnOf ? turnOf.call(r, s) : 0;
    const key = this.alignKey;
    this.alignKey = null;
    let d = 0;
    for (; d < this.horizon && !r.isTerminal(s); d++) {
      if (turnOf && turnOf.call(r, s) !== turn0) break;
      if (d >= budget) break;
      if (key !== null) (ctx.rng as FastRng).reseed(alignedSeed(key, this.alignDepth + d));
      const legal = r.legalActions(s);
      const a = legal.length === 1 ? legal[0] : this.pick(s, legal, ctx.rng);
      if (applyLegal) applyLegal.call(r, s, a, ctx);
      else r.apply(s, a, ctx);
    }
    if (r.evaluateSides) r.evaluateSides(s, sides, n, this.weights, out);
    else for (let i = 0; i < n; i++) out[i] = r.evaluate(s, sides[i], this.weights);
    return d;
  }
}

/** Uniform priors and uniformly random rollouts (for a ruleset without a scripted policy). */
export class RandomRollout extends Rollout {
  constructor(r: AnyRuleset, opts: SearchOptions) {
    super(r, opts);
  }
  prior(): null {
    return null;
  }
  protected pick(_state: unknown, legal: readonly Json[], g: Rng): Json {
    return legal[randInt(g, legal.length)];
  }
}

/**
 * The scripted policy as evaluator: `policy`'s scores as the root's priors, `fast`'s (the
 * ruleset's cheaper rollout scores, or the policy again) below the root and in the rollouts, which
 * play `fast`'s best action — or, with probability `eps`, a random one (always random when `fast`
 * is null). A null `policy` gives uniform priors at the root.
 */
export class ScriptedRollout extends Rollout {
  private readonly eps: number;
  constructor(
    r: AnyRuleset,
    opts: SearchOptions,
    private readonly policy: Policy | null,
    private readonly fast: Policy | null,
  ) {
    super(r, opts);
    this.eps = opts.eps;
  }
  prior(state: unknown, legal: readonly Json[], root: boolean): readonly number[] | null {
    const p = root ? this.policy : this.fast;
    return p ? p(state, legal) : null;
  }
  protected pick(state: unknown, legal: readonly Json[], g: Rng): Json {
    const fast = this.fast;
    if (!fast || g.next() < this.eps) return legal[randInt(g, legal.length)];
    return legal[argmax(fast(state, legal))];
  }
}

/** The first index of the largest score. */
function argmax(scores: readonly number[]): number {
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return b;
}
