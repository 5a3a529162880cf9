/**
 * The kit's variants for hot paths that take a point, a scratch segment or figure indices instead of
 * coordinates (coordinates passed one by one to a call that is not inlined are boxed) give the
 * answers of the functions they stand for: `segmentEntersPolygonOf` of `segmentEntersPolygon`,
 * `Table.heightOf` of `Table.heightAt`, `arcOf` (written out) of `arcOfPoint`, and
 * `nearestFiguresToInto` of `nearestFiguresInto` from the figure's centre, `pointAlongIntoAt` of
 * `pointAlongInto` (the distance in a scratch) on the polygons' outlines as routes, on random polygons,
 * points and facings, points on edges and corners included.
 */
import { describe, expect, it } from 'vitest';
import { pointAlongInto, pointAlongIntoAt, segmentEntersPolygon, segmentEntersPolygonOf, type Vec } from '../../src/core/geometry.js';
import { Table, arcOf, arcOfPoint, nearestFiguresInto, nearestFiguresToInto, type FigureView } from '../../src/core/table/index.js';
import { streamFromString } from '../../src/core/rng.js';

describe('unboxed variants of the kit’s point tests', () => {
  const rng = streamFromString('unboxed variants');
  const u = (a: number, b: number): number => a + (b - a) * rng.next();
  // Convex and concave polygons (a square, an L, a triangle) at random places.
  const polys: Vec[][] = [];
  for (let k = 0; k < 12; k++) {
    const x = u(2, 30);
    const y = u(2, 30);
    const w = u(1, 8);
    const h = u(1, 8);
    if (k % 3 === 0)
      polys.push([
        { x, y },
        { x: x + w, y },
        { x: x + w, y: y + h },
        { x, y: y + h },
      ]);
    else if (k % 3 === 1)
      polys.push([
        { x, y },
        { x: x + w, y },
        { x: x + w, y: y + h / 2 },
        { x: x + w / 2, y: y + h / 2 },
        { x: x + w / 2, y: y + h },
        { x, y: y + h },
      ]);
    else
      polys.push([
        { x, y },
        { x: x + w, y: y + h / 3 },
        { x: x + w / 3, y: y + h },
      ]);
  }
  // Points: random, and every corner and edge midpoint of the polygons.
  const pts: Vec[] = [];
  for (let q = 0; q < 200; q++) pts.push({ x: u(0, 40), y: u(0, 40) });
  for (const p of polys)
    for (let i = 0; i < p.length; i++) {
      const a = p[i];
      const b = p[(i + 1) % p.length];
      pts.push(a, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    }

  it('segmentEntersPolygonOf answers as segmentEntersPolygon', () => {
    const seg = new Float64Array(4);
    let yes = 0;
    let no = 0;
    for (const poly of polys) {
      for (let k = 0; k < 400; k++) {
        const a = pts[Math.floor(u(0, pts.length))];
        const b = pts[Math.floor(u(0, pts.length))];
        seg[0] = a.x;
        seg[1] = a.y;
        seg[2] = b.x;
        seg[3] = b.y;
        const want = segmentEntersPolygon(a.x, a.y, b.x, b.y, poly);
        expect(segmentEntersPolygonOf(seg, poly)).toBe(want);
        if (want) yes++;
        else no++;
      }
    }
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(100);
  });

  it('Table.heightOf answers as heightAt at the figure’s centre', () => {
    const table = new Table({
      width: 40,
      height: 40,
      unit: 'in',
      radius: 0.5,
      areas: polys.map((polygon, k) => ({ id: `h${k}`, kind: 'hill', polygon, height: 1 + (k % 3) })),
    });
    const xs = pts.map((p) => p.x);
    const ys = Float64Array.from(pts.map((p) => p.y));
    let raised = 0;
    for (let i = 0; i < pts.length; i++) {
      const want = table.heightAt(pts[i].x, pts[i].y);
      expect(table.heightOf(xs, ys, i)).toBe(want);
      if (want > 0) raised++;
    }
    expect(raised).toBeGreaterThan(20);
    expect(pts.length - raised).toBeGreaterThan(20);
  });

  it('arcOf answers as arcOfPoint at the attacker’s centre', () => {
    const n = 60;
    const x = Array.from({ length: n }, () => u(0, 20));
    const y = Array.from({ length: n }, () => u(0, 20));
    const facing = Array.from({ length: n }, (_, i) => (i % 8 === 0 ? (i / 8) * (Math.PI / 4) : u(-Math.PI, Math.PI)));
    // some attackers exactly on the arcs' borders of figure 0
    for (let k = 1; k <= 8; k++) {
      x[k] = x[0] + Math.cos(facing[0] + (k * Math.PI) / 4);
      y[k] = y[0] + Math.sin(facing[0] + (k * Math.PI) / 4);
    }
    const v: FigureView = { x, y, facing, radius: 0.5, occupies: () => true };
    const seen = new Set<string>();
    for (let a = 0; a < n; a++)
      for (let t = 0; t < n; t++) {
        if (a === t) continue;
        const want = arcOfPoint(v, t, x[a], y[a]);
        expect(arcOf(v, a, t)).toBe(want);
        expect(arcOf(v, a, t, Math.PI / 3, Math.PI / 6)).toBe(arcOfPoint(v, t, x[a], y[a], Math.PI / 3, Math.PI / 6));
        seen.add(want);
      }
    expect(seen.size).toBe(3);
  });

  it('nearestFiguresToInto answers as nearestFiguresInto from the figure’s centre', () => {
    const n = 40;
    // On a coarse grid, so that ties in distance come up.
    const x = Array.from({ length: n }, () => Math.round(u(0, 12)));
    const y = Array.from({ length: n }, () => Math.round(u(0, 12)));
    const able = Array.from({ length: n }, () => rng.next() < 0.7);
    const v: FigureView = { x, y, facing: x.map(() => 0), radius: 0.5, occupies: (i) => i % 5 !== 0, able: (i) => able[i] };
    const cands = Array.from({ length: n }, (_, i) => i).filter((i) => i % 2 === 1 || i % 3 === 0);
    let ties = 0;
    for (let f = 0; f < n; f++)
      for (const k of [1, 3, 6])
        for (const ab of [false, true]) {
          const want: number[] = [];
          const wantD: number[] = [];
          const got: number[] = [];
          const gotD: number[] = [];
          const m = nearestFiguresInto(v, cands, x[f], y[f], k, want, wantD, ab);
          expect(nearestFiguresToInto(v, cands, f, k, got, gotD, ab)).toBe(m);
          expect(got.slice(0, m)).toEqual(want.slice(0, m));
          expect(gotD.slice(0, m)).toEqual(wantD.slice(0, m));
          for (let i = 1; i < m; i++) if (wantD[i] === wantD[i - 1]) ties++;
        }
    expect(ties).toBeGreaterThan(10);
  });

  it('pointAlongIntoAt answers as pointAlongInto, the distance read from a scratch', () => {
    const ds = new Float64Array(3);
    const want = { x: 0, y: 0 };
    const got = { x: 0, y: 0 };
    for (const poly of polys) {
      const route = [...poly, poly[0], poly[0]];
      let len = 0;
      for (let i = 1; i < route.length; i++) len += Math.hypot(route[i].x - route[i - 1].x, route[i].y - route[i - 1].y);
      for (const d of [0, 1e-12, 0.3, len / 3, len / 2, len - 1e-9, len, len + 1, u(0, len)]) {
        ds[1] = d;
        pointAlongInto(route, d, want);
        expect(pointAlongIntoAt(route, ds, 1, got)).toBe(got);
        expect(got).toEqual(want);
      }
    }
  });
});
