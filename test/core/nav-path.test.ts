/**
 * NavMap.path against a reference: the full visibility-graph search (every corner asked for sight
 * from both ends, all-pairs corner distances by Floyd–Warshall in the constructor's order), which
 * `cornerPath` prunes by a lower bound (issue 21). The pruned search must give the same way —
 * points and length, bit for bit — on tables with many buildings.
 */
import { describe, expect, it } from 'vitest';
import { NavMap, newPathScratch, type Path } from '../../src/core/nav.js';
import { type Vec, dist, rect } from '../../src/core/geometry.js';
import { streamFromString } from '../../src/core/rng.js';

/** The two-sweep search over `nav`'s public corners and sight test. */
function referencePath(nav: NavMap, a: Vec, b: Vec): Path | null {
  if (nav.clear(a.x, a.y, b.x, b.y)) return { points: [a, b], length: dist(a.x, a.y, b.x, b.y) };
  const c = nav.corners;
  const n = c.length;
  const cd = new Float64Array(n * n).fill(Infinity);
  const next = new Int32Array(n * n).fill(-1);
  for (let i = 0; i < n; i++) {
    cd[i * n + i] = 0;
    next[i * n + i] = i;
    for (let j = i + 1; j < n; j++) {
      if (nav.clear(c[i].x, c[i].y, c[j].x, c[j].y)) {
        const d = dist(c[i].x, c[i].y, c[j].x, c[j].y);
        cd[i * n + j] = d;
        cd[j * n + i] = d;
        next[i * n + j] = j;
        next[j * n + i] = i;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const ik = cd[i * n + k];
      if (ik === Infinity) continue;
      for (let j = 0; j < n; j++) {
        const via = ik + cd[k * n + j];
        if (via < cd[i * n + j]) {
          cd[i * n + j] = via;
          next[i * n + j] = next[i * n + k];
        }
      }
    }
  }
  const va: number[] = [];
  const vb: number[] = [];
  for (let i = 0; i < n; i++) if (nav.clear(a.x, a.y, c[i].x, c[i].y)) va.push(i);
  for (let j = 0; j < n; j++) if (nav.clear(b.x, b.y, c[j].x, c[j].y)) vb.push(j);
  const db = vb.map((j) => dist(c[j].x, c[j].y, b.x, b.y));
  let best = Infinity;
  let bi = -1;
  let bj = -1;
  for (const i of va) {
    const da = dist(a.x, a.y, c[i].x, c[i].y);
    for (let jj = 0; jj < vb.length; jj++) {
      const d = da + cd[i * n + vb[jj]] + db[jj];
      if (d < best) {
        best = d;
        bi = i;
        bj = vb[jj];
      }
    }
  }
  if (bi < 0) return null;
  const points: Vec[] = [a, c[bi]];
  let k = bi;
  while (k !== bj) {
    k = next[k * n + bj];
    points.push(c[k]);
  }
  points.push(b);
  return { points, length: best };
}

describe('NavMap.path: the pruned corner search gives the full search’s ways', () => {
  it('on tables of scattered buildings, for random free ends (points and length bit for bit)', () => {
    const rng = streamFromString('nav-path');
    let compared = 0;
    let round = 0;
    for (let t = 0; t < 4; t++) {
      // Up to 10 buildings, some touching or overlapping (corners inside others are dropped).
      const obstacles = [];
      for (let k = 0; k < 10; k++) {
        const x = 4 + rng.next() * 36;
        const y = 4 + rng.next() * 36;
        obstacles.push(rect(x, y, x + 1 + rng.next() * 6, y + 1 + rng.next() * 6));
      }
      const nav = new NavMap(48, 48, obstacles, 0.5);
      for (let q = 0; q < 400; q++) {
        const a = { x: rng.next() * 48, y: rng.next() * 48 };
        const b = { x: rng.next() * 48, y: rng.next() * 48 };
        if (!nav.isFree(a.x, a.y) || !nav.isFree(b.x, b.y)) continue;
        const got = nav.path(a, b);
        const want = referencePath(nav, a, b);
        expect(got === null).toBe(want === null);
        if (got && want) {
          expect(got.length).toBe(want.length);
          expect(got.points.map((p) => [p.x, p.y])).toEqual(want.points.map((p) => [p.x, p.y]));
          if (got.points.length > 2) round++;
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(800);
    expect(round).toBeGreaterThan(100);
  });
});

describe('NavMap.pathInto: the way path gives, written into the scratch', () => {
  it('for random free ends: the same points and length, straight or round corners, in the scratch with the ends themselves', () => {
    const rng = streamFromString('nav-path-into');
    const obstacles = [];
    for (let k = 0; k < 8; k++) {
      const x = 4 + rng.next() * 36;
      const y = 4 + rng.next() * 36;
      obstacles.push(rect(x, y, x + 1 + rng.next() * 6, y + 1 + rng.next() * 6));
    }
    const nav = new NavMap(48, 48, obstacles, 0.5);
    const out = newPathScratch();
    let straight = 0;
    let round = 0;
    for (let q = 0; q < 600; q++) {
      const a = { x: rng.next() * 48, y: rng.next() * 48 };
      const b = { x: rng.next() * 48, y: rng.next() * 48 };
      if (!nav.isFree(a.x, a.y) || !nav.isFree(b.x, b.y)) continue;
      const want = nav.path(a, b);
      const got = nav.pathInto(a, b, out);
      expect(got === null).toBe(want === null);
      if (!got || !want) continue;
      expect(got.length).toBe(want.length);
      expect(got.points.map((p) => [p.x, p.y])).toEqual(want.points.map((p) => [p.x, p.y]));
      // the scratch itself, its points the ends themselves (the corners between, when round)
      expect(got).toBe(out);
      expect(got.points[0]).toBe(a);
      expect(got.points[got.points.length - 1]).toBe(b);
      if (want.points.length === 2) straight++;
      else {
        // the kept object path() gives stays the same object, its ends copies
        expect(nav.path(a, b)).toBe(want);
        expect(want.points[0]).not.toBe(a);
        round++;
      }
    }
    expect(straight).toBeGreaterThan(50);
    expect(round).toBeGreaterThan(50);
  });
});
