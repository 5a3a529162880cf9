/**
 * The kit's ruleset-declaration helpers (src/core/table/wiring.ts, schema.ts scenarioJsonSchema):
 * a listed action is checked by its key, figures are counted by status per side, counters copied by
 * name, and the scenario JSON Schema is the zod schema's input side.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { counterStats, listedCheck, newScores, scenarioJsonSchema, sideStatusCounts } from '../../src/core/table/index.js';

describe('table kit: declaration helpers', () => {
  it('listedCheck accepts an action with the key of a legal one, and says why not otherwise', () => {
    const check = listedCheck(
      (n: number) => [
        { k: 'a', n },
        { k: 'b', n: 0 },
      ],
      (a: { k: string; n: number }) => `${a.k}:${a.n}`,
      'not offered',
    );
    expect(check(2, { k: 'a', n: 2 })).toBeNull();
    expect(check(2, { k: 'a', n: 3 })).toBe('not offered');
    expect(listedCheck(() => [], String)(0, 'x')).toBe('not one of the legal actions now');
  });

  it('sideStatusCounts counts each side by status groups, in side then group order; counterStats copies by name', () => {
    const sides = [
      { id: 'red', figures: [0, 1, 2] },
      { id: 'blue', figures: [3, 4] },
    ];
    const out = sideStatusCounts({ turns: 3 }, sides, [0, 2, 3, 0, 4], { active: 0, fled: [2, 3] });
    expect(out).toEqual({ turns: 3, 'red.active': 1, 'red.fled': 2, 'blue.active': 1, 'blue.fled': 0 });
    expect(Object.keys(out)).toEqual(['turns', 'red.active', 'red.fled', 'blue.active', 'blue.fled']);
    expect(counterStats({}, ['hits', 'shots'], [4, 7])).toEqual({ hits: 4, shots: 7 });
  });

  it('scenarioJsonSchema gives the input side: a defaulted field is not required', () => {
    const js = scenarioJsonSchema(z.object({ a: z.number(), b: z.number().default(1) }))() as { required?: string[] };
    expect(js.required).toEqual(['a']);
  });
});

describe('newScores: a fresh scores array per call', () => {
  it('has n entries, each its own array (writing one changes no other, nor a later one)', () => {
    for (const n of [0, 1, 9, 64, 65, 300]) {
      const a = newScores(n);
      const b = newScores(n);
      expect(a.length).toBe(n);
      expect(a).not.toBe(b);
      for (let i = 0; i < n; i++) a[i] = i + 0.25;
      for (let i = 0; i < n; i++) expect(b[i]).toBe(0.5);
      expect(newScores(n).every((v) => v === 0.5)).toBe(true);
    }
  });
});
