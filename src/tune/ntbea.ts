/**
 * The N-Tuple Bandit Evolutionary Algorithm (NTBEA; Lucas, Liu and Perez-Liebana, "The N-Tuple
 * Bandit Evolutionary Algorithm for Game Agent Optimisation", 2018), written from its description
 * for tuning a scenario's parameters against noisy game results.
 *
 * The search space is a vector of d dimensions, dimension i taking one of `sizes[i]` values
 * (indices 0…sizes[i]−1). The landscape model keeps statistics (count, sum) of every fitness seen,
 * per tuple of dimensions: here each single dimension (the 1-tuples) and all d together (the full
 * tuple, i.e. the point itself). A point's value estimate is the mean, over those d + 1 tuples, of
 * the mean fitness seen for its values in that tuple; its upper confidence bound adds to each
 * tuple's mean the exploration term `k · √(ln(1 + N) / (n + ε))` (N evaluations in all, n of them
 * matching the point in that tuple). A tuple value never seen counts with n = 0 and, as its mean,
 * the mean of every fitness seen so far: neither optimistic nor pessimistic whatever the fitness's
 * scale (a fixed 0 would be the best possible value of a fitness ≤ 0, and the search would try every
 * value of every dimension before using what it learnt).
 *
 * Each iteration: evaluate the current point once (one noisy fitness, higher is better) and add it
 * to the model; draw `neighbours` distinct points by mutation of the current point (each dimension
 * changed with probability `mutation`, at least one always changed, a changed dimension takes a
 * different value uniformly); the one with the highest upper bound becomes the next point. The
 * recommendation is the evaluated point whose 1-tuple means average highest (no exploration
 * term; ties go to the better own mean): on noisy fitness a point's own few evaluations mislead,
 * the 1-tuples pool many.
 *
 * Deterministic: all choices come from the {@link Rng} given (src/core/rng.ts), never Math.random
 * or the clock; the same seed, start and fitnesses give the same points. The ask/tell interface
 * lets a caller evaluate asynchronously (games on worker threads) and replay a finished search
 * from stored fitnesses (resume) — the stream is only drawn from in {@link Ntbea.ask}.
 */
import type { Rng } from '../core/rng.js';

/** Settings of a search. */
export interface NtbeaOptions {
  /** Values per dimension (each ≥ 1). */
  sizes: readonly number[];
  /** Exploration constant k of the upper bound, in the fitness's units (default 1). */
  k?: number;
  /** ε added to tuple counts in the exploration term (default 0.5). */
  epsilon?: number;
  /** Mutated neighbours scored per iteration (default 50; fewer when the space is smaller). */
  neighbours?: number;
  /** Probability of changing each dimension in a mutation (default 1/d; at least one always changes). */
  mutation?: number;
  /** The first point to evaluate (default: uniformly random). */
  start?: readonly number[];
}

/** Statistics of one tuple value. */
interface Stat {
  n: number;
  sum: number;
}

/** A point's model estimates. */
export interface PointEstimate {
  point: number[];
  /** Mean over the d 1-tuples of the mean fitness seen (for a tuple value never seen: the mean of all fitness). */
  value: number;
  /** Evaluations of exactly this point. */
  n: number;
  /** Mean fitness of exactly this point (NaN when never evaluated). */
  mean: number;
}

/** The key of a point (its values joined). */
export function pointKey(point: readonly number[]): string {
  return point.join(',');
}

/** An NTBEA search, driven by {@link ask} and {@link tell}. */
export class Ntbea {
  private readonly d: number;
  private readonly k: number;
  private readonly eps: number;
  private readonly neighbourCount: number;
  private readonly pMutate: number;
  /** 1-tuples: per dimension, per value. */
  private readonly ones: Stat[][];
  /** The full tuple: per point key. */
  private readonly full = new Map<string, Stat>();
  /** Evaluated points, in order of first evaluation. */
  private readonly seen: number[][] = [];
  private total = 0;
  private sumAll = 0;
  private current: number[];
  private told = true;

  constructor(
    private readonly opts: NtbeaOptions,
    private readonly rng: Rng,
  ) {
    this.d = opts.sizes.length;
    if (this.d === 0) throw new Error('NTBEA: no dimensions to search');
    for (const s of opts.sizes) if (!Number.isInteger(s) || s < 1) throw new Error(`NTBEA: a dimension of ${s} values`);
    this.k = opts.k ?? 1;
    this.eps = opts.epsilon ?? 0.5;
    const space = opts.sizes.reduce((a, b) => a * b, 1);
    this.neighbourCount = Math.max(1, Math.min(opts.neighbours ?? 50, space - 1));
    this.pMutate = opts.mutation ?? 1 / this.d;
    this.ones = opts.sizes.map((s) => Array.from({ length: s }, () => ({ n: 0, sum: 0 })));
    if (opts.start) {
      if (opts.start.length !== this.d || opts.start.some((v, i) => !Number.isInteger(v) || v < 0 || v >= opts.sizes[i]))
        throw new Error('NTBEA: the start point is outside the space');
      this.current = [...opts.start];
    } else this.current = opts.sizes.map((s) => this.int(s));
  }

  private int(n: number): number {
    return Math.min(n - 1, Math.floor(this.rng.next() * n));
  }

  /** Evaluations told so far. */
  get evaluations(): number {
    return this.total;
  }

  /**
   * The next point to evaluate: the start point first, then the best-bounded neighbour of the last
   * point told. Call {@link tell} with its fitness before asking again.
   */
  ask(): number[] {
    if (!this.told) throw new Error('NTBEA: ask() again before tell()');
    this.told = false;
    if (this.total > 0) this.current = this.bestNeighbour(this.current);
    return [...this.current];
  }

  /** The fitness (higher is better) of the point last asked for. */
  tell(point: readonly number[], fitness: number): void {
    if (this.told || pointKey(point) !== pointKey(this.current)) throw new Error('NTBEA: tell() must follow ask() with its point');
    if (!Number.isFinite(fitness)) throw new Error(`NTBEA: fitness ${fitness} is not a number`);
    this.told = true;
    this.total++;
    this.sumAll += fitness;
    for (let i = 0; i < this.d; i++) {
      const s = this.ones[i][point[i]];
      s.n++;
      s.sum += fitness;
    }
    const key = pointKey(point);
    let f = this.full.get(key);
    if (!f) {
      f = { n: 0, sum: 0 };
      this.full.set(key, f);
      this.seen.push([...point]);
    }
    f.n++;
    f.sum += fitness;
  }

  private stats(point: readonly number[]): Stat[] {
    const out: Stat[] = [];
    for (let i = 0; i < this.d; i++) out.push(this.ones[i][point[i]]);
    out.push(this.full.get(pointKey(point)) ?? { n: 0, sum: 0 });
    return out;
  }

  /**
   * The model's estimate of a point (no exploration): `value` is the mean over its 1-tuples of the
   * mean fitness seen (each pools every evaluation sharing that dimension's value, so it is far
   * less noisy than the point's own mean), `mean` the point's own mean.
   */
  estimate(point: readonly number[]): PointEstimate {
    const st = this.stats(point);
    let v = 0;
    for (let i = 0; i < this.d; i++) v += this.meanOf(st[i]);
    const f = st[st.length - 1];
    return { point: [...point], value: v / this.d, n: f.n, mean: f.n > 0 ? f.sum / f.n : Number.NaN };
  }

  /** A tuple value's mean fitness; never seen: the mean of all fitness so far (0 before any). */
  private meanOf(s: Stat): number {
    if (s.n > 0) return s.sum / s.n;
    return this.total > 0 ? this.sumAll / this.total : 0;
  }

  /** Upper confidence bound of a point: the mean over tuples of mean + k·√(ln(1+N)/(n+ε)). */
  ucb(point: readonly number[]): number {
    const st = this.stats(point);
    const ln = Math.log(1 + this.total);
    let v = 0;
    for (const s of st) v += this.meanOf(s) + this.k * Math.sqrt(ln / (s.n + this.eps));
    return v / st.length;
  }

  private mutate(point: readonly number[]): number[] {
    const out = [...point];
    const mutable = this.opts.sizes.map((s, i) => (s > 1 ? i : -1)).filter((i) => i >= 0);
    if (mutable.length === 0) return out;
    let changed = false;
    for (const i of mutable) {
      if (this.rng.next() < this.pMutate) {
        out[i] = this.other(i, out[i]);
        changed = true;
      }
    }
    if (!changed) {
      const i = mutable[this.int(mutable.length)];
      out[i] = this.other(i, out[i]);
    }
    return out;
  }

  /** A value of dimension i other than v, uniformly. */
  private other(i: number, v: number): number {
    const r = this.int(this.opts.sizes[i] - 1);
    return r >= v ? r + 1 : r;
  }

  private bestNeighbour(point: readonly number[]): number[] {
    const keys = new Set<string>();
    let best: number[] | null = null;
    let bestU = -Infinity;
    // Distinct neighbours; a bounded number of tries so a small space cannot loop forever.
    for (let tries = 0; keys.size < this.neighbourCount && tries < this.neighbourCount * 20; tries++) {
      const n = this.mutate(point);
      const key = pointKey(n);
      if (keys.has(key)) continue;
      keys.add(key);
      const u = this.ucb(n);
      if (u > bestU) {
        bestU = u;
        best = n;
      }
    }
    return best ?? [...point];
  }

  /** Every evaluated point with its estimates, in order of first evaluation. */
  evaluated(): PointEstimate[] {
    return this.seen.map((p) => this.estimate(p));
  }

  /**
   * The recommendation: the evaluated point with the best value estimate (ties: the better own
   * mean, then the earlier), among those `accept` allows (default: all; `tune` leaves out the
   * candidates whose scenario is invalid, whose values may still average well in other points).
   */
  best(accept: (point: readonly number[]) => boolean = () => true): PointEstimate {
    let best: PointEstimate | null = null;
    for (const e of this.evaluated()) {
      if (!accept(e.point)) continue;
      if (best === null || e.value > best.value || (e.value === best.value && e.mean > best.mean)) best = e;
    }
    if (best === null) throw new Error(this.total === 0 ? 'NTBEA: nothing evaluated yet' : 'NTBEA: no evaluated point is acceptable');
    return best;
  }
}

/**
 * Run a synchronous search for `budget` evaluations of `fitness` (higher is better) and return the
 * recommendation and the search itself. `fitness` may be noisy; it is called once per evaluation.
 */
export function ntbea(
  opts: NtbeaOptions,
  rng: Rng,
  budget: number,
  fitness: (point: number[]) => number,
): { best: PointEstimate; search: Ntbea } {
  const s = new Ntbea(opts, rng);
  for (let i = 0; i < budget; i++) {
    const p = s.ask();
    s.tell(p, fitness(p));
  }
  return { best: s.best(), search: s };
}
