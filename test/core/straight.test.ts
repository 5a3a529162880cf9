/** The table kit's straight-line moves (src/core/table/straight.ts) and the area on top at a point. */
import { describe, expect, it } from 'vitest';
import { Table, straightMove, type FigureView } from '../../src/core/table/index.js';
import { rect } from '../../src/core/geometry.js';

/** 40 × 20 in: a field (the base ground), a stream across x 20–22, a house at x 30–34, y 0–6. */
function table(): Table {
  return new Table({
    width: 40,
    height: 20,
    unit: 'in',
    radius: 0.5,
    areas: [
      { id: 'stream', kind: 'water', polygon: rect(20, 0, 22, 20) },
      { id: 'ford', kind: 'field', polygon: rect(20, 14, 22, 16) },
      { id: 'house', kind: 'house', polygon: rect(30, 0, 34, 6), impassable: true, blocksSight: true },
    ],
  });
}
const t = table();
const groundAt = (x: number, y: number): string => t.topAreaAt(x, y)?.kind ?? 'field';

function view(points: [number, number][]): FigureView {
  return { x: points.map((p) => p[0]), y: points.map((p) => p[1]), facing: points.map(() => 0), radius: 0.5, occupies: () => true };
}

describe('Table.topAreaAt', () => {
  it('is the last area of the spec containing the point (later areas lie on top), or null', () => {
    expect(t.topAreaAt(21, 5)?.id).toBe('stream');
    expect(t.topAreaAt(21, 15)?.id).toBe('ford');
    expect(t.topAreaAt(5, 5)).toBeNull();
    expect(t.topAreaAt(21, 15, (a) => a.id !== 'ford')?.id).toBe('stream');
  });
});

describe('straightMove', () => {
  it('goes all the way to its target through one kind of ground', () => {
    const m = straightMove(t, view([[2, 10]]), 0, { x: 15, y: 10 }, { groundAt });
    expect(m).toMatchObject({ stop: 'target', ground: 'field', to: { x: 15, y: 10 } });
    expect(m.length).toBeCloseTo(13, 9);
  });
  it('stops just before the ground changes kind, and the next move goes through the new kind to its far edge', () => {
    const v = view([[2, 10]]);
    const m = straightMove(t, v, 0, { x: 38, y: 10 }, { groundAt });
    expect(m.stop).toBe('ground');
    expect(m.to.x).toBeCloseTo(19.99, 9);
    (v.x as number[])[0] = m.to.x;
    const n = straightMove(t, v, 0, { x: 38, y: 10 }, { groundAt });
    expect(n).toMatchObject({ stop: 'ground', ground: 'water' });
    expect(n.to.x).toBeCloseTo(21.99, 9);
  });
  it('an area on top of another of the same kind as the ground around it does not stop the move (a ford across a stream)', () => {
    const m = straightMove(t, view([[2, 15]]), 0, { x: 20.5, y: 15 }, { groundAt });
    expect(m.stop).toBe('target');
  });
  it('stops where the base would touch an impassable area or leave the table', () => {
    const m = straightMove(t, view([[26, 3]]), 0, { x: 38, y: 3 });
    expect(m.stop).toBe('blocked');
    expect(m.to.x).toBeCloseTo(29.5, 3);
    const e = straightMove(t, view([[10, 10]]), 0, { x: 10, y: 50 });
    expect(e.stop).toBe('blocked');
    expect(e.to.y).toBeCloseTo(19.5, 9);
  });
  it('stops where its base would touch another base, and at the keep-off distance from listed figures', () => {
    const v = view([[2, 10], [10, 10], [10, 12]]);
    const a = straightMove(t, v, 0, { x: 15, y: 10 });
    expect(a.stop).toBe('figure');
    expect(a.to.x).toBeCloseTo(9, 9);
    const b = straightMove(t, v, 0, { x: 15, y: 10 }, { keepOffFrom: [1], keepOff: 2 });
    expect(b.stop).toBe('keepOff');
    expect(b.to.x).toBeCloseTo(8, 9);
  });
  it('a figure already within the keep-off distance may move away or along, never nearer', () => {
    const v = view([[8, 10], [10, 10]]);
    expect(straightMove(t, v, 0, { x: 12, y: 10 }, { keepOffFrom: [1], keepOff: 2 })).toMatchObject({ length: 0, stop: 'keepOff' });
    expect(straightMove(t, v, 0, { x: 2, y: 10 }, { keepOffFrom: [1], keepOff: 2 })).toMatchObject({ stop: 'target' });
  });
});
