/**
 * The NTBEA optimiser (src/tune/ntbea.ts): it finds the optimum of a noisy synthetic function, and
 * the same seed gives the same search.
 */
import { describe, expect, it } from 'vitest';
import { streamFromString } from '../src/core/rng.js';
import { Ntbea, ntbea, pointKey } from '../src/tune/ntbea.js';

/** A noisy function on 4 dimensions of 10 values, best at (7, 2, 9, 4): −Σ|p − opt|/9 + noise of σ (sum of 12 uniforms). */
function noisy(seed: string, sigma: number): (p: number[]) => number {
  const noise = streamFromString(`noise/${seed}`);
  const opt = [7, 2, 9, 4];
  return (p) => {
    let d = 0;
    for (let i = 0; i < p.length; i++) d += Math.abs(p[i] - opt[i]) / 9;
    let z = 0;
    for (let i = 0; i < 12; i++) z += noise.next();
    return -d + sigma * (z - 6);
  };
}
const OPT = [7, 2, 9, 4];
const clean = (p: number[]): number => p.reduce((a, v, i) => a - Math.abs(v - OPT[i]) / 9, 0);

describe('NTBEA', () => {
  it('finds the optimum of a noisy function (10⁴ points, noise σ 0.25 against 0.11 a step) within 300 evaluations', () => {
    const opts = { sizes: [10, 10, 10, 10], k: 1 };
    let exact = 0;
    for (const seed of 'abcdefghij') {
      const { best } = ntbea(opts, streamFromString(`ntbea/${seed}`), 300, noisy(seed, 0.25));
      const off = best.point.map((v, i) => Math.abs(v - OPT[i]));
      // Every recommendation is within one step of the optimum in each dimension; some are exact.
      expect(Math.max(...off)).toBeLessThanOrEqual(1);
      if (off.every((o) => o === 0)) exact++;
    }
    expect(exact).toBeGreaterThanOrEqual(5);
  });

  it('beats random search with the same budget on the same noisy function', () => {
    const opts = { sizes: [10, 10, 10, 10], k: 1 };
    const { best } = ntbea(opts, streamFromString('ntbea/r'), 200, noisy('r', 0.25));
    // Random search on the same noisy function: 200 random points, the best-looking one kept.
    const rng = streamFromString('random-search');
    const f = noisy('r2', 0.25);
    let pick: number[] = [];
    let seen = -Infinity;
    for (let i = 0; i < 200; i++) {
      const p = opts.sizes.map((s) => Math.floor(rng.next() * s));
      const v = f(p);
      if (v > seen) [seen, pick] = [v, p];
    }
    expect(clean(best.point)).toBeGreaterThan(clean(pick));
  });

  it('is reproducible from its seed, and another seed searches elsewhere', () => {
    const run = (seed: string): string[] => {
      const s = new Ntbea({ sizes: [6, 8, 4] }, streamFromString(seed));
      const f = noisy('same', 0.3);
      const out: string[] = [];
      for (let i = 0; i < 60; i++) {
        const p = s.ask();
        out.push(pointKey(p));
        s.tell(p, f(p));
      }
      return out;
    };
    expect(run('s1')).toEqual(run('s1'));
    expect(run('s1')).not.toEqual(run('s2'));
  });

  it('starts at the given point; asks for neighbours that differ from the last point', () => {
    const s = new Ntbea({ sizes: [5, 5], start: [2, 3] }, streamFromString('x'));
    const p = s.ask();
    expect(p).toEqual([2, 3]);
    s.tell(p, 0);
    const q = s.ask();
    expect(pointKey(q)).not.toBe(pointKey(p));
    expect(() => s.ask()).toThrow(/before tell/);
  });

  it('the estimate of a point averages its 1-tuples; its own mean is kept apart', () => {
    const s = new Ntbea({ sizes: [2, 2], start: [0, 0] }, streamFromString('y'));
    s.tell(s.ask(), 1);
    const q = s.ask();
    s.tell(q, 0);
    const e = s.estimate([0, 0]);
    // 1-tuples of (0,0): dimension 0 value 0, dimension 1 value 0 — shared with q or not.
    const shares = [q[0] === 0 ? 0.5 : 1, q[1] === 0 ? 0.5 : 1];
    expect(e.value).toBeCloseTo((shares[0] + shares[1]) / 2, 12);
    expect(e.n).toBe(1);
    expect(e.mean).toBe(1);
  });

  it('the recommendation can leave points out (tune: invalid candidates), even one whose 1-tuples average best', () => {
    // Each value 1 is good with the other dimension at 0, but (1, 1) itself is invalid (worst fitness).
    const s = new Ntbea({ sizes: [2, 2], start: [1, 0] }, streamFromString('z'));
    const fitness: Record<string, number> = { '0,0': -0.5, '1,0': -0.1, '0,1': -0.1, '1,1': -1 };
    const told = new Set<string>();
    for (let i = 0; i < 12 && told.size < 4; i++) {
      const p = s.ask();
      s.tell(p, fitness[pointKey(p)]);
      told.add(pointKey(p));
    }
    expect(told.size).toBe(4);
    const invalid = (p: readonly number[]): boolean => pointKey(p) === '1,1';
    expect(invalid(s.best((p) => !invalid(p)).point)).toBe(false);
    expect(() => s.best(() => false)).toThrow(/no evaluated point is acceptable/);
  });
});
