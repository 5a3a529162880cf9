/** Logistic regression by IRLS (src/stats/logistic.ts) and Wilson intervals (src/stats/interval.ts). */
import { describe, expect, it } from 'vitest';
import { fitLogistic, logisticScore } from '../src/stats/logistic.js';
import { wilson } from '../src/stats/interval.js';
import { gameStream } from '../src/core/rng.js';

describe('fitLogistic', () => {
  it('recovers the weights that generated the data', () => {
    const rng = gameStream('logit');
    const truth = [-0.5, 2, -1.5];
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const row = [1, rng.next() * 2 - 1, rng.next() * 2 - 1];
      const p = 1 / (1 + Math.exp(-(row[0] * truth[0] + row[1] * truth[1] + row[2] * truth[2])));
      x.push(row);
      y.push(rng.next() < p ? 1 : 0);
    }
    const fit = fitLogistic(x, y, [0, 0, 0], 0);
    fit.weights.forEach((w, i) => expect(Math.abs(w - truth[i])).toBeLessThan(0.25));
    expect(fit.logLoss).toBeLessThan(logisticScore(x, y, [0, 0, 0]).logLoss);
  });
});

describe('wilson', () => {
  it('matches known values', () => {
    const r = wilson(50, 100);
    expect(r.low).toBeCloseTo(0.4038, 3);
    expect(r.high).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
  });
});
