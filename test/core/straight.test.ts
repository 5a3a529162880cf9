/** The table kit's straight-line moves (src/core/table/straight.ts) and the area on top at a point. */
import { describe, expect, it } from 'vitest';
import { ROUND_TOUCH, Table, straightMove, type FigureView } from '../../src/core/table/index.js';
import { distToPolygon, distToPolygonBoundary, rect } from '../../src/core/geometry.js';

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
    const v = view([
      [2, 10],
      [10, 10],
      [10, 12],
    ]);
    const a = straightMove(t, v, 0, { x: 15, y: 10 });
    expect(a.stop).toBe('figure');
    expect(a.to.x).toBeCloseTo(9, 9);
    const b = straightMove(t, v, 0, { x: 15, y: 10 }, { keepOffFrom: [1], keepOff: 2 });
    expect(b.stop).toBe('keepOff');
    expect(b.to.x).toBeCloseTo(8, 9);
  });
  it('a figure that takes up no room on the table (out of action) stops nothing, near the line or on it', () => {
    const v = view([
      [2, 10],
      [6, 10.5],
      [10, 10],
      [14, 10],
    ]);
    const gone = { ...v, occupies: (i: number) => i !== 1 && i !== 2 };
    const m = straightMove(t, gone, 0, { x: 18, y: 10 }, { keepOffFrom: [2, 3], keepOff: 2 });
    expect(m.stop).toBe('keepOff');
    expect(m.figure).toBe(3);
    expect(m.to.x).toBeCloseTo(12, 9);
    expect(straightMove(t, v, 0, { x: 18, y: 10 }, { keepOffFrom: [2, 3], keepOff: 2 }).figure).toBe(1);
  });
  it('a figure already within the keep-off distance may move away or along, never nearer', () => {
    const v = view([
      [8, 10],
      [10, 10],
    ]);
    expect(straightMove(t, v, 0, { x: 12, y: 10 }, { keepOffFrom: [1], keepOff: 2 })).toMatchObject({ length: 0, stop: 'keepOff' });
    expect(straightMove(t, v, 0, { x: 2, y: 10 }, { keepOffFrom: [1], keepOff: 2 })).toMatchObject({ stop: 'target' });
  });
});

describe('round bases against impassable areas (issue 38, item 10: the Minkowski sum with a disc, not square corners)', () => {
  // The house covers x 30–34, y 0–6; bases are 0.5 in in radius. Its corner (30, 6).
  const house = t.areas.find((a) => a.id === 'house')!;
  it('Table.roundFree: a base may stand in the corner where its round edge clears the area (isFree, the square growth, refuses it)', () => {
    // 0.3 in left of and 0.3 in below the corner: the centre is 0.42 in from it — the base overlaps.
    expect(t.roundFree(29.7, 6.3)).toBe(false);
    // 0.4 and 0.4: 0.566 in from the corner, so the base clears it; the square growth says no.
    expect(t.roundFree(29.6, 6.4)).toBe(true);
    expect(t.isFree(29.6, 6.4)).toBe(false);
    // Touching an edge stands free; overlapping by more than a hair does not; nor off the table.
    expect(t.roundFree(29.5, 3)).toBe(true);
    expect(t.roundFree(29.51, 3)).toBe(false);
    expect(t.roundFree(0.49, 3)).toBe(false);
  });
  it('Table.roundSlide: a base sliding diagonally past the corner goes on where the square corner stopped it', () => {
    // A line at 45° passing the corner (30, 6) 0.6 in off it, on the outside: between r and r√2, so
    // the round base clears the corner and the square growth (corner at 29.5, 6.5) does not.
    const k = 0.6 / Math.SQRT2;
    const [px, py] = [30 - k, 6 + k];
    const past = t.roundSlide(px - 2, py - 2, px + 2, py + 2);
    expect(past.area).toBeNull();
    expect(past.length).toBeCloseTo(4 * Math.SQRT2, 12);
    expect(t.clear(px - 2, py - 2, px + 2, py + 2)).toBe(false);
    // Straight at the corner along the diagonal: it stops with its edge touching the corner, r from it.
    const at = t.roundSlide(28, 8, 31, 5);
    expect(at.area?.id).toBe('house');
    const ex = 28 + (at.length * 3) / Math.hypot(3, 3);
    const ey = 8 - (at.length * 3) / Math.hypot(3, 3);
    expect(Math.hypot(ex - 30, ey - 6)).toBeCloseTo(0.5, 9);
  });
  it('Table.roundSlide: a base touching a wall slides along it or away, not nearer; of two areas the nearer stops it', () => {
    expect(t.roundSlide(29.5, 3, 29.5, 5.5)).toEqual({ length: 2.5, area: null });
    expect(t.roundSlide(29.5, 3, 25, 3)).toEqual({ length: Math.hypot(4.5, 0), area: null });
    expect(t.roundSlide(29.5, 3, 31, 4)).toMatchObject({ length: 0, area: { id: 'house' } });
    const two = new Table({
      width: 40,
      height: 20,
      unit: 'in',
      radius: 0.5,
      areas: [
        { id: 'far', kind: 'house', polygon: rect(20, 8, 22, 12), impassable: true },
        { id: 'near', kind: 'house', polygon: rect(10, 8, 12, 12), impassable: true },
      ],
    });
    const hit = two.roundSlide(2, 10, 30, 10);
    expect(hit.area?.id).toBe('near');
    expect(hit.length).toBeCloseTo(7.5, 9);
  });
  it('Table.roundSlide: a base within ROUND_TOUCH of an area touches it (no way nearer); a hair farther, it goes that hair', () => {
    // The house is x 30–34, y 0–6; a 0.5 in base left of it, below its bottom-left corner, and off that corner.
    const starts: [number, number, number, number][] = [
      [29.5, 3, 1, 0],
      [32, 6.5, 0, -1],
      [30 - 0.5 / Math.SQRT2, 6 + 0.5 / Math.SQRT2, Math.SQRT1_2, -Math.SQRT1_2],
    ];
    for (const [x, y, ux, uy] of starts) {
      for (const d of [0, 0.5e-6, 0.99e-6, 1.5e-6, 3e-6, 1e-3]) {
        const ax = x - ux * d;
        const ay = y - uy * d;
        const m = t.roundSlide(ax, ay, ax + ux * 2, ay + uy * 2);
        expect(m.area?.id).toBe('house');
        if (d <= ROUND_TOUCH) expect(m.length).toBe(0);
        else expect(m.length).toBeCloseTo(d, 9);
      }
    }
  });
  it("Table.roundSlideInto writes roundSlide's answer into the object it is given, over and over", () => {
    const out = { length: -1, area: null as null | { id: string } } as Parameters<Table['roundSlideInto']>[4];
    let hits = 0;
    for (let k = 0; k < 400; k++) {
      // A fan of slides from free places round the house, some into it, some past it, one of no length.
      const ax = 24 + (k % 20) * 0.25;
      const ay = 8 + Math.floor(k / 20) * 0.5;
      const bx = k === 7 ? ax : 28 + ((k * 7) % 13);
      const by = k === 7 ? ay : (k * 3) % 11;
      const want = t.roundSlide(ax, ay, bx, by);
      expect(t.roundSlideInto(ax, ay, bx, by, out)).toBe(out);
      expect(out).toEqual(want);
      if (want.area !== null) hits++;
    }
    expect(hits).toBeGreaterThan(20);
  });
  it('straightMove stops with its round base touching the area and says which area; the table edge is area null', () => {
    // Past the corner 0.6 in off it (the line of the test above): the square growth stopped it.
    const k = 0.6 / Math.SQRT2;
    const m = straightMove(t, view([[30 - k - 2, 6 + k - 2]]), 0, { x: 30 - k + 2, y: 6 + k + 2 });
    expect(m.stop).toBe('target');
    // Into the corner: stops touching it.
    const v = view([[27, 9]]);
    const n = straightMove(t, v, 0, { x: 33, y: 3 });
    expect(n).toMatchObject({ stop: 'blocked', area: { id: 'house' }, figure: -1 });
    expect(distToPolygon(n.to.x, n.to.y, house.poly)).toBeCloseTo(0.5, 9);
    expect(straightMove(t, view([[10, 10]]), 0, { x: 10, y: 50 })).toMatchObject({ stop: 'blocked', area: null, figure: -1 });
    const b = straightMove(
      t,
      view([
        [2, 10],
        [10, 10],
      ]),
      0,
      { x: 15, y: 10 },
    );
    expect(b).toMatchObject({ stop: 'figure', figure: 1, area: null });
  });
});

describe('straightMove: ground met along an edge a rounding error off it (found while checking issue 38)', () => {
  it("a slide along an area's edge, counted as on it, stops where the area ends (the area's box is met to 1e-9)", () => {
    // A wall of broken ground, x 10.5–19.5, y 6.5–7; a centre within 1e-13 of an edge counts as on it
    // and on the worse ground (as Escarmouche's [R19]). Sliding east along y = 7 + 3e-15 (a rounding
    // error off the edge), the ground changes at x = 19.5: the move stops 0.01 short of it.
    const w = new Table({
      width: 30,
      height: 20,
      unit: 'in',
      radius: 0.5,
      areas: [{ id: 'wall', kind: 'broken', polygon: rect(10.5, 6.5, 19.5, 7) }],
    });
    const wall = w.areas[0];
    const onWall = (x: number, y: number): string =>
      distToPolygonBoundary(x, y, wall.poly) <= 1e-13 || w.topAreaAt(x, y) ? 'broken' : 'clear';
    const y = 7.000000000000003;
    const m = straightMove(w, view([[19.01, y]]), 0, { x: 19.607, y }, { groundAt: onWall });
    expect(m).toMatchObject({ stop: 'ground', ground: 'broken' });
    expect(m.to.x).toBeCloseTo(19.49, 9);
  });
});
