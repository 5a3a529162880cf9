/**
 * Streaming summaries: constant memory per quantity, whatever the number of games.
 */

/** Count, mean, standard deviation, min, max and share of non-zero values of a stream of numbers. */
export class Summary {
  n = 0;
  sum = 0;
  sumSq = 0;
  min = Infinity;
  max = -Infinity;
  nonZero = 0;

  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
    if (x !== 0) this.nonZero++;
  }

  get mean(): number {
    return this.n ? this.sum / this.n : 0;
  }

  /** Sample standard deviation (0 for fewer than two values). */
  get sd(): number {
    if (this.n < 2) return 0;
    const v = (this.sumSq - (this.sum * this.sum) / this.n) / (this.n - 1);
    return v > 0 ? Math.sqrt(v) : 0;
  }

  /** Plain JSON for report.json. */
  toJson(): { n: number; mean: number; sd: number; min: number | null; max: number | null; nonZeroShare: number } {
    return {
      n: this.n,
      mean: round(this.mean),
      sd: round(this.sd),
      min: this.n ? this.min : null,
      max: this.n ? this.max : null,
      nonZeroShare: this.n ? round(this.nonZero / this.n) : 0,
    };
  }
}

/** Counts of values falling in bins of width `width` (integers: width 1). */
export class Histogram {
  private readonly counts = new Map<number, number>();
  total = 0;

  constructor(readonly width = 1) {}

  add(x: number): void {
    const b = Math.floor(x / this.width) * this.width;
    this.counts.set(b, (this.counts.get(b) ?? 0) + 1);
    this.total++;
  }

  /** Bins in increasing order: the bin's lower edge and its count. */
  bins(): { x: number; count: number }[] {
    return [...this.counts.entries()].sort((a, b) => a[0] - b[0]).map(([x, count]) => ({ x, count }));
  }

  /** The q-quantile (0 ≤ q ≤ 1) as a bin's lower edge; null when empty. */
  quantile(q: number): number | null {
    if (this.total === 0) return null;
    const target = Math.max(1, Math.ceil(q * this.total));
    let acc = 0;
    for (const { x, count } of this.bins()) {
      acc += count;
      if (acc >= target) return x;
    }
    return null;
  }
}

/** Round to 4 decimals (report numbers). */
export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
