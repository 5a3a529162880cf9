/** The table kit's pointing helpers (src/core/table/pointers.ts): figures in sight within a range, ring radii. */
import { describe, expect, it } from 'vitest';
import { Table, figuresInSight, ringRadius, type FigureView } from '../../src/core/table/index.js';
import { rect } from '../../src/core/geometry.js';

/** 30 × 20 in with a wall that blocks sight at x 10–11, y 0–10. */
const t = new Table({ width: 30, height: 20, unit: 'in', radius: 0.5, areas: [{ id: 'wall', kind: 'wall', polygon: rect(10, 0, 11, 10), impassable: true, blocksSight: true }] });

function view(points: [number, number][], gone: number[] = []): FigureView {
  return { x: points.map((p) => p[0]), y: points.map((p) => p[1]), facing: points.map(() => 0), radius: 0.5, occupies: (i) => !gone.includes(i) };
}

describe('figuresInSight', () => {
  // 0 looks from (5, 5): 1 behind the wall, 2 in the open below it, 3 further off in the open, 4 off the table.
  const v = view([[5, 5], [15, 5], [15, 15], [5, 19.4], [6, 6]], [4]);
  it('lists the candidates on the table that the figure sees, in their order, never itself', () => {
    expect(figuresInSight(t, v, 0, [0, 1, 2, 3, 4])).toEqual([2, 3]);
  });
  it('keeps those within the range, base edge to base edge', () => {
    const d2 = Math.hypot(10, 10) - 1; // edge to edge from 0 to 2
    expect(figuresInSight(t, v, 0, [1, 2, 3], d2 + 1e-6)).toEqual([2]);
    expect(figuresInSight(t, v, 0, [1, 2, 3], d2 - 0.01)).toEqual([]);
  });
});

describe('ringRadius', () => {
  it('reaches the gap beyond the base, or the centre of a base at that gap', () => {
    expect(ringRadius(0.5, 1)).toBe(1.5);
    expect(ringRadius(0.5, 1, true)).toBe(2);
  });
});
