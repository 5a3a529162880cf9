/** The generic dice contest (src/core/dice-contest.ts): rolls, best die, exact odds. */
import { describe, expect, it } from 'vitest';
import { bestDistribution, dieScore, marginDistribution, rollContest, rollPool } from '../../src/core/dice-contest.js';
import { ScriptedRng, d } from '../helpers/rng.js';
import { gameStream } from '../../src/core/rng.js';

describe('dice contest', () => {
  it('a pool scores its highest die; each die is rolled in order with its size', () => {
    const r = rollPool(new ScriptedRng([d(4, 3), d(10, 7)]), [
      { sides: 4, label: 'cover' },
      { sides: 10, label: 'range' },
    ]);
    expect(r.dice).toEqual([
      { sides: 4, face: 3, score: 3, label: 'cover' },
      { sides: 10, face: 7, score: 7, label: 'range' },
    ]);
    expect(r.best).toBe(7);
  });
  it('modifiers adjust a die, and a floor stops it going lower', () => {
    expect(dieScore({ sides: 8, mod: -2 }, 5)).toBe(3);
    expect(dieScore({ sides: 8, mod: -2, floor: 1 }, 1)).toBe(1);
    expect(rollPool(new ScriptedRng([]), []).best).toBe(0);
  });
  it('a contest rolls a then b and gives the margin with bonuses', () => {
    const c = rollContest(new ScriptedRng([d(8, 6), d(4, 2), d(6, 3)]), [{ sides: 8 }], [{ sides: 4 }, { sides: 6 }], 1, 0);
    expect(c.a.best).toBe(6);
    expect(c.b.best).toBe(3);
    expect(c.margin).toBe(4);
  });
  it('the best-of distribution is exact: d6 and d4 best is 1 with 1/24, 6 with 1/6', () => {
    const dist = bestDistribution([{ sides: 6 }, { sides: 4 }]);
    expect(dist.get(1)).toBeCloseTo(1 / 24, 12);
    expect(dist.get(6)).toBeCloseTo(1 / 6, 12);
    let sum = 0;
    for (const p of dist.values()) sum += p;
    expect(sum).toBeCloseTo(1, 12);
  });
  it('the margin distribution matches a long run of rolled contests', () => {
    const a = [{ sides: 8 }];
    const b = [{ sides: 4 }, { sides: 10 }];
    const exact = marginDistribution(a, b);
    const rng = gameStream('contest');
    const n = 40000;
    let wins = 0;
    for (let i = 0; i < n; i++) if (rollContest(rng, a, b).margin > 0) wins++;
    let p = 0;
    for (const [m, q] of exact) if (m > 0) p += q;
    expect(Math.abs(wins / n - p)).toBeLessThan(0.01);
  });
});
