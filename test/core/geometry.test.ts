/** Plane geometry and navigation on a continuous table (src/core/geometry.ts, src/core/nav.ts). */
import { describe, expect, it } from 'vitest';
import {
  distToPolygon,
  inflateConvex,
  insideConvex,
  isConvex,
  nearestOnBoundaryInto,
  nearestPointOfPolygon,
  pathLength,
  pointAlong,
  pointInPolygon,
  rect,
  segmentEntersPolygon,
  segmentHitsConvex,
  segmentsCross,
  toHalfPlanes,
  truncateInto,
  truncatePath,
} from '../../src/core/geometry.js';
import { NavMap } from '../../src/core/nav.js';

describe('geometry', () => {
  const sq = rect(0, 0, 10, 10);
  it('point in polygon', () => {
    expect(pointInPolygon(5, 5, sq)).toBe(true);
    expect(pointInPolygon(11, 5, sq)).toBe(false);
    expect(pointInPolygon(-0.1, 5, sq)).toBe(false);
  });
  it("the nearest point of a polygon's boundary, written into a scratch point, with its distance", () => {
    const out = { x: -1, y: -1 };
    // Outside, facing the right edge: the foot of the perpendicular.
    expect(nearestOnBoundaryInto(13, 4, sq, out)).toBeCloseTo(3, 12);
    expect(out).toEqual({ x: 10, y: 4 });
    // Beyond a corner: the corner.
    expect(nearestOnBoundaryInto(13, 14, sq, out)).toBeCloseTo(5, 12);
    expect(out).toEqual({ x: 10, y: 10 });
    // Inside: the boundary still (the nearest edge), not the point itself.
    expect(nearestOnBoundaryInto(5, 1, sq, out)).toBeCloseTo(1, 12);
    expect(out).toEqual({ x: 5, y: 0 });
    // No vertices: Infinity, the scratch untouched.
    expect(nearestOnBoundaryInto(5, 1, [], out)).toBe(Infinity);
    expect(out).toEqual({ x: 5, y: 0 });
    // The whole polygon's nearest point: the point itself inside, the boundary's outside.
    expect(nearestPointOfPolygon(5, 1, sq)).toEqual({ x: 5, y: 1 });
    expect(nearestPointOfPolygon(13, 4, sq)).toEqual({ x: 10, y: 4 });
  });
  it('segments cross only properly (touching ends do not count)', () => {
    expect(segmentsCross(0, 0, 10, 10, 0, 10, 10, 0)).toBe(true);
    expect(segmentsCross(0, 0, 5, 5, 5, 5, 10, 0)).toBe(false);
    expect(segmentsCross(0, 0, 1, 1, 2, 2, 3, 3)).toBe(false);
  });
  it('a segment enters a polygon when it crosses its interior, not when it grazes a corner or runs along an edge', () => {
    expect(segmentEntersPolygon(-5, 5, 15, 5, sq)).toBe(true);
    expect(segmentEntersPolygon(2, 2, 3, 3, sq)).toBe(true); // wholly inside
    expect(segmentEntersPolygon(-5, -5, 0, 0, sq)).toBe(false); // ends on a corner
    expect(segmentEntersPolygon(0, -5, 0, 15, sq)).toBe(false); // along an edge
    expect(segmentEntersPolygon(-5, 10, 10, -5, sq)).toBe(true);
  });
  it('half-plane tests agree with the polygon tests', () => {
    const sh = toHalfPlanes(sq);
    const cases: [number, number, number, number][] = [
      [-5, 5, 15, 5],
      [2, 2, 3, 3],
      [-5, -5, 0, 0],
      [0, -5, 0, 15],
      [-5, 10, 10, -5],
      [11, 0, 11, 20],
      [-1, -1, 11, 11],
    ];
    for (const [ax, ay, bx, by] of cases) expect(segmentHitsConvex(sh, ax, ay, bx, by)).toBe(segmentEntersPolygon(ax, ay, bx, by, sq));
    expect(insideConvex(sh, 5, 5)).toBe(true);
    expect(insideConvex(sh, 0, 5)).toBe(false);
    expect(insideConvex(sh, 12, 5)).toBe(false);
  });
  it('inflating a rectangle by r grows every side by r', () => {
    const g = inflateConvex(rect(10, 10, 20, 14), 0.5);
    expect(g.map((p) => [Math.round(p.x * 1e9) / 1e9, Math.round(p.y * 1e9) / 1e9])).toEqual([
      [9.5, 9.5],
      [20.5, 9.5],
      [20.5, 14.5],
      [9.5, 14.5],
    ]);
    expect(isConvex(g)).toBe(true);
    expect(
      isConvex([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
        { x: 2, y: 1 },
        { x: 4, y: 4 },
        { x: 0, y: 4 },
      ]),
    ).toBe(false);
  });
  it('paths: length, points along, truncation', () => {
    const p = [
      { x: 0, y: 0 },
      { x: 3, y: 4 },
      { x: 3, y: 10 },
    ];
    expect(pathLength(p)).toBe(11);
    expect(pointAlong(p, 5)).toEqual({ x: 3, y: 4 });
    expect(pointAlong(p, 8)).toEqual({ x: 3, y: 7 });
    expect(pathLength(truncatePath(p, 8))).toBeCloseTo(8, 12);
    expect(distToPolygon(15, 5, sq)).toBe(5);
  });
  it('truncateInto says how truncatePath cuts: the points kept and the point added (NaN: none)', () => {
    const p = [
      { x: 0, y: 0 },
      { x: 3, y: 4 },
      { x: 3, y: 10 },
      { x: 3.1, y: 10 },
    ];
    const cut = { x: 0, y: 0 };
    for (const d of [0, 0.3, 5, 5 + 1e-12, 7.77, 11, 11.05, 11.1, 40]) {
      const want = truncatePath(p, d);
      const k = truncateInto(p, d, cut);
      const got = Number.isNaN(cut.x) ? p.slice(0, k) : [...p.slice(0, k), { x: cut.x, y: cut.y }];
      expect(got).toEqual(want);
      expect(Number.isNaN(cut.y)).toBe(Number.isNaN(cut.x));
    }
  });
});

describe('navigation (shortest paths around buildings, distance fields)', () => {
  // A 10 × 4 building in the middle of a 30 × 30 table; bases of radius 0.5.
  const nav = new NavMap(30, 30, [rect(10, 13, 20, 17)], 0.5);
  it('a clear line is a straight path', () => {
    const p = nav.path({ x: 2, y: 2 }, { x: 28, y: 2 })!;
    expect(p.points).toHaveLength(2);
    expect(p.length).toBeCloseTo(26, 9);
  });
  it('a blocked line goes round the building’s grown corners, never through it', () => {
    const a = { x: 15, y: 10 };
    const b = { x: 15, y: 20 };
    const p = nav.path(a, b)!;
    // Round the short side: 5.5 across to the corner (x = 9.5 or 20.5), down 7 (y 12.5 → 17.5), back 5.5.
    const expected = Math.hypot(5.5, 2.5) + 5 + Math.hypot(5.5, 2.5);
    expect(p.length).toBeCloseTo(expected, 3);
    for (let i = 1; i < p.points.length; i++) {
      const q = p.points[i - 1];
      const r = p.points[i];
      expect(segmentEntersPolygon(q.x, q.y, r.x, r.y, rect(10.5, 13.5, 19.5, 16.5))).toBe(false);
    }
  });
  it('figures keep their base off buildings and table edges', () => {
    expect(nav.isFree(9.6, 15)).toBe(false);
    expect(nav.isFree(9.4, 15)).toBe(true);
    expect(nav.isFree(0.4, 5)).toBe(false);
    expect(nav.isFree(0.5, 5)).toBe(true);
  });
  it('a distance field gives the same distances and paths as direct queries', () => {
    const target = { x: 15, y: 25 };
    const f = nav.field('t', target);
    for (const [x, y] of [
      [15, 5],
      [2, 14],
      [28, 16],
      [12, 12],
    ]) {
      const direct = nav.path({ x, y }, target)!;
      expect(f.distanceFrom(x, y)).toBeCloseTo(direct.length, 9);
      expect(f.pathFrom(x, y)!.length).toBeCloseTo(direct.length, 9);
      expect(Math.abs(f.approx(x, y) - direct.length)).toBeLessThan(1);
    }
  });
  it('a distance field answers approxAt as approx, at free and blocked points', () => {
    const f = nav.field('t2', { x: 15, y: 25 });
    let blocked = 0;
    for (let x = 0; x <= 30; x += 0.7)
      for (let y = 0; y <= 30; y += 0.9) {
        if (!nav.isFree(x, y)) blocked++;
        expect(f.approxAt({ x, y })).toBe(f.approx(x, y));
      }
    expect(blocked).toBeGreaterThan(10);
  });
});
