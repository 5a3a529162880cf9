/**
 * The kit's segment tests that pass over an area whose box a segment misses before asking the
 * area itself — `NavMap.clear` (grown obstacles) and `Table.lineOfSight` (sight blockers) — give
 * what asking every area gives: against `segmentHitsConvex` over each grown obstacle, and against
 * `Table.sightBlockerOn` (the same test without the boxes), on random tables and segments,
 * segments along the boxes' edges and through their corners included. `Table.lineOfSightOf` (the
 * same test between two figures' centres, given as coordinate arrays and indices) answers as
 * `lineOfSight` does.
 */
import { describe, expect, it } from 'vitest';
import { inflateConvex, segmentHitsConvex, toHalfPlanes, type Vec } from '../../src/core/geometry.js';
import { NavMap } from '../../src/core/nav.js';
import { Table } from '../../src/core/table/index.js';
import { streamFromString } from '../../src/core/rng.js';

const rect = (x0: number, y0: number, x1: number, y1: number): Vec[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('box pre-tests of the kit’s segment tests', () => {
  const rng = streamFromString('box-prefilter');
  const rects: Vec[][] = [];
  for (let k = 0; k < 10; k++) {
    const x = 3 + rng.next() * 36;
    const y = 3 + rng.next() * 36;
    rects.push(rect(x, y, x + 1 + rng.next() * 5, y + 1 + rng.next() * 5));
  }
  // Segments: random ends, and ends on the rectangles' (grown) edges and corners, where a box
  // test's comparisons are decided by equality.
  const segs: [number, number, number, number][] = [];
  for (let q = 0; q < 1500; q++) segs.push([rng.next() * 48, rng.next() * 48, rng.next() * 48, rng.next() * 48]);
  for (const r of rects) {
    for (const g of [r, inflateConvex(r, 0.5)]) {
      const xs = g.map((p) => p.x);
      const ys = g.map((p) => p.y);
      const x0 = Math.min(...xs);
      const x1 = Math.max(...xs);
      const y0 = Math.min(...ys);
      const y1 = Math.max(...ys);
      segs.push([x0, 0, x0, 48], [x1, 0, x1, 48], [0, y0, 48, y0], [0, y1, 48, y1], [x0, y0, x1, y1], [x1, y0, x0, y1]);
      segs.push([x0 - 2, y0 - 2, x0, y0], [x1 + 2, y1 + 2, x1, y1], [x0, y1 + 3, x0, y1]);
    }
  }

  it('NavMap.clear: false exactly when some grown obstacle meets the segment', () => {
    const nav = new NavMap(48, 48, rects, 0.5);
    const shapes = rects.map((r) => toHalfPlanes(inflateConvex(r, 0.5)));
    let blocked = 0;
    for (const [ax, ay, bx, by] of segs) {
      const want = !shapes.some((sh) => segmentHitsConvex(sh, ax, ay, bx, by));
      expect(nav.clear(ax, ay, bx, by)).toBe(want);
      if (!want) blocked++;
    }
    expect(blocked).toBeGreaterThan(300);
    expect(segs.length - blocked).toBeGreaterThan(300);
  });

  it('Table.lineOfSight: false exactly when sightBlockerOn names an area', () => {
    const table = new Table({
      width: 48,
      height: 48,
      unit: 'in',
      radius: 0.5,
      areas: rects.map((polygon, k) => ({ id: `a${k}`, label: `area ${k}`, kind: 'wood', polygon, blocksSight: k % 3 !== 2 })),
    });
    let blocked = 0;
    for (const [ax, ay, bx, by] of segs) {
      const want = table.sightBlockerOn(ax, ay, bx, by) === null;
      expect(table.lineOfSight(ax, ay, bx, by)).toBe(want);
      if (!want) blocked++;
    }
    expect(blocked).toBeGreaterThan(300);
    expect(segs.length - blocked).toBeGreaterThan(300);
  });

  it('Table.lineOfSightOf: the answer of lineOfSight between the two centres', () => {
    const table = new Table({
      width: 48,
      height: 48,
      unit: 'in',
      radius: 0.5,
      areas: rects.map((polygon, k) => ({ id: `a${k}`, label: `area ${k}`, kind: 'wood', polygon, blocksSight: k % 3 !== 2 })),
    });
    let blocked = 0;
    for (const [ax, ay, bx, by] of segs) {
      const want = table.lineOfSight(ax, ay, bx, by);
      expect(table.lineOfSightOf([ax, bx], [ay, by], 0, 1)).toBe(want);
      expect(table.lineOfSightOf(Float64Array.of(bx, 0, ax), Float64Array.of(by, 0, ay), 2, 0)).toBe(table.lineOfSight(ax, ay, bx, by));
      if (!want) blocked++;
    }
    expect(blocked).toBeGreaterThan(300);
    expect(segs.length - blocked).toBeGreaterThan(300);
  });
});
