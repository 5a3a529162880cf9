/** Seeded streams and dice (src/core/rng.ts). */
import { describe, expect, it } from 'vitest';
import { agentStream, gameStream, keepHighest, roll, rollMany, shuffle, stepDie, sumHighest, FastRng } from '../../src/core/rng.js';

describe('streams', () => {
  it('the same seed gives the same numbers; the game and each agent have their own stream', () => {
    const a = rollMany(gameStream(42), 20, 10);
    expect(rollMany(gameStream(42), 20, 10)).toEqual(a);
    expect(rollMany(gameStream(43), 20, 10)).not.toEqual(a);
    const p = rollMany(agentStream(42, 'pirates'), 20, 10);
    expect(p).not.toEqual(a);
    expect(rollMany(agentStream(42, 'townsfolk'), 20, 10)).not.toEqual(p);
  });
  it('an agent drawing more numbers never shifts the game’s dice', () => {
    const g1 = gameStream(9);
    const g2 = gameStream(9);
    const agent = agentStream(9, 'pirates');
    for (let i = 0; i < 1000; i++) agent.next();
    expect(rollMany(g1, 50, 6)).toEqual(rollMany(g2, 50, 6));
  });
  it('forked streams are deterministic and independent of later draws', () => {
    const a = gameStream(1).fork('x');
    const b = gameStream(1).fork('x');
    expect(a.next()).toBe(b.next());
    expect(gameStream(1).fork('x').next()).not.toBe(gameStream(1).fork('y').next());
  });
  it('FastRng is deterministic per seed', () => {
    const a = new FastRng(5);
    const b = new FastRng(5);
    for (let i = 0; i < 10; i++) expect(a.next()).toBe(b.next());
  });
});

describe('dice', () => {
  it('dN is uniform on 1..N', () => {
    const rng = gameStream('uniform');
    for (const sides of [4, 6, 8, 10, 12]) {
      const counts = new Array(sides + 1).fill(0);
      for (let i = 0; i < sides * 2000; i++) counts[roll(rng, sides)]++;
      expect(counts[0]).toBe(0);
      for (let v = 1; v <= sides; v++) expect(Math.abs(counts[v] - 2000)).toBeLessThan(250);
    }
  });
  it('keep-highest: §4.B top two of 3d10; §4.C top three of 4d10', () => {
    expect(sumHighest([3, 9, 5], 2)).toBe(14);
    expect(sumHighest([1, 10, 10, 2], 3)).toBe(22);
    const r = keepHighest(gameStream(1), 3, 10, 2);
    expect(r.dice).toHaveLength(3);
    expect(r.total).toBe(sumHighest(r.dice, 2));
  });
  it('die steps d4→d6→d8→d10→d12, clamped at both ends; off-ladder dice are refused', () => {
    expect([4, 6, 8, 10, 12].map((d) => stepDie(d, 1))).toEqual([6, 8, 10, 12, 12]);
    expect([4, 6, 8, 10, 12].map((d) => stepDie(d, -1))).toEqual([4, 4, 6, 8, 10]);
    expect(() => stepDie(7, 1)).toThrow(/ladder/);
  });
  it('shuffle is a deterministic permutation', () => {
    const a = shuffle(gameStream(3), [1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shuffle(gameStream(3), [1, 2, 3, 4, 5, 6, 7, 8])).toEqual(a);
  });
});
