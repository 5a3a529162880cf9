/**
 * Kit queries added for State of War (issue 39): the nearest figure(s) without allocation, the
 * nearest free listed spot, and the walk back with a minimum distance, an extra test and the kinds
 * of refusal met.
 */
import { describe, expect, it } from 'vitest';
import {
  type FigureView,
  PlaceFinder,
  REFUSED_BASE,
  REFUSED_ENEMY,
  REFUSED_EXTRA,
  Table,
  nearestFigure,
  nearestFigures,
  nearestFiguresInto,
  nearestFreeListed,
  placeFree,
} from '../../src/core/table/index.js';

function view(points: [number, number][], down: number[] = [], unable: number[] = []): FigureView & { x: number[]; y: number[] } {
  return {
    x: points.map((p) => p[0]),
    y: points.map((p) => p[1]),
    facing: points.map(() => 0),
    radius: 0.5,
    occupies: (i) => !down.includes(i),
    able: (i) => !down.includes(i) && !unable.includes(i),
  };
}

const open = (): Table => new Table({ width: 48, height: 48, unit: 'in', radius: 0.5, areas: [] });

describe('nearest figures', () => {
  const v = view(
    [
      [0, 0],
      [5, 0],
      [3, 0],
      [3, 4],
      [1, 0],
    ],
    [4],
    [2],
  );
  it('nearestFigure: occupying, or able when asked; ties to the first listed; −1 when none', () => {
    expect(nearestFigure(v, [1, 2, 3, 4], 0, 0)).toBe(2);
    expect(nearestFigure(v, [1, 2, 3, 4], 0, 0, true)).toBe(1);
    expect(nearestFigure(v, [3, 1], 4, 0)).toBe(1);
    expect(nearestFigure(v, [4], 0, 0)).toBe(-1);
  });
  it('nearestFiguresInto agrees with nearestFigures and allocates into the given lists', () => {
    const out: number[] = [];
    const d: number[] = [];
    const n = nearestFiguresInto(v, [1, 2, 3, 4], 0, 0, 2, out, d);
    expect(out.slice(0, n)).toEqual(nearestFigures(v, [1, 2, 3, 4], 0, 0, 2).map((x) => x.f));
    expect(d.slice(0, n)).toEqual([3, 5]);
    expect(nearestFiguresInto(v, [1, 2, 3, 4], 0, 0, 3, out, d, true)).toBe(2);
    expect(out.slice(0, 2)).toEqual([1, 3]);
  });
});

describe('nearestFreeListed', () => {
  it('takes the nearest listed spot no base overlaps, past the minimum distance', () => {
    const v = view([
      [0, 0],
      [2, 0],
    ]);
    const at = { x: 0, y: 0 };
    expect(nearestFreeListed(v, 0, [2, 0.2, 4, 0, 0, 3], -1, at)).toBe(true);
    expect(at).toEqual({ x: 0, y: 3 });
    expect(nearestFreeListed(v, 0, [0, 0, 4, 0], 0.25, at)).toBe(true);
    expect(at).toEqual({ x: 4, y: 0 });
    expect(nearestFreeListed(v, 0, [2, 0.2], -1, at)).toBe(false);
  });
});

describe('nearestFreeListed on a short list whose nearest spots are taken', () => {
  it('finds the spot a plain scan finds when more than the first eight nearest are taken', () => {
    // 40 spots round an objective (a ring and a few further out, some at equal distances), and
    // figures standing on many of them: the free spot found lies past the eighth nearest.
    const xy: number[] = [];
    for (let k = 0; k < 24; k++) xy.push(20 + 3 * Math.cos((k * Math.PI) / 12), 20 + 3 * Math.sin((k * Math.PI) / 12));
    for (let k = 0; k < 16; k++) xy.push(20 + 6 * Math.cos((k * Math.PI) / 8), 20 + 6 * Math.sin((k * Math.PI) / 8));
    const n = xy.length >> 1;
    const pts: [number, number][] = [[0, 0]];
    for (let k = 0; k < 24; k += 1) if (k % 7 !== 3) pts.push([xy[2 * k], xy[2 * k + 1]]);
    for (let k = 24; k < 30; k++) pts.push([xy[2 * k] + 0.4, xy[2 * k + 1]]);
    const v = view(pts, [3]);
    const at = { x: 0, y: 0 };
    const list = Float64Array.from(xy);
    let pastEighth = 0;
    for (const [fx, fy] of [
      [14, 20],
      [20, 12],
      [27, 27],
      [20, 20],
      [xy[6], xy[7]],
      [40, 2],
    ]) {
      for (const minSq of [-1, 0.25, 16]) {
        v.x[0] = fx;
        v.y[0] = fy;
        let want = -1;
        let wd = Infinity;
        let rank = 0;
        for (let j = 0; j < n; j++) {
          const d = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
          if (!(d > minSq) || d >= wd) continue;
          if (d < 1e-4 || placeFree(v, xy[2 * j], xy[2 * j + 1], 0)) {
            want = j;
            wd = d;
          }
        }
        if (want >= 0)
          for (let j = 0; j < n; j++) {
            const d = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
            if (d > minSq && (d < wd || (d === wd && j < want))) rank++;
          }
        if (rank >= 8) pastEighth++;
        expect(nearestFreeListed(v, 0, list, minSq, at)).toBe(want >= 0);
        if (want >= 0) expect(at).toEqual({ x: xy[2 * want], y: xy[2 * want + 1] });
      }
    }
    // The case the test is for: the answer lay past the eighth nearest at least once.
    expect(pastEighth).toBeGreaterThan(0);
  });
});

describe('nearestFreeListed on a long list (the search by grid rings)', () => {
  it('finds the spot a plain scan finds: nearest free past the minimum, ties to the first listed', () => {
    // 300 spots on a coarse lattice (many ties), figures standing on some of them.
    const xy: number[] = [];
    let r = 7;
    const rnd = (): number => (r = (r * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 300; i++) xy.push(Math.round(rnd() * 40), Math.round(rnd() * 40));
    const pts: [number, number][] = [[20, 20]];
    for (let i = 0; i < 60; i++) pts.push([xy[2 * i], xy[2 * i + 1]]);
    const v = view(pts);
    const at = { x: 0, y: 0 };
    for (const [fx, fy, minSq] of [
      [20, 20, -1],
      [0, 0, 0.25],
      [40, 3, 4],
      [13, 37, -1],
    ]) {
      v.x[0] = fx;
      v.y[0] = fy;
      // The plain answer: nearest by (distance, index) past minSq whose place is free.
      let want = -1;
      let wd = Infinity;
      for (let j = 0; j < 300; j++) {
        const d = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
        if (!(d > minSq) || d >= wd) continue;
        if (d < 1e-4 || placeFree(v, xy[2 * j], xy[2 * j + 1], 0)) {
          want = j;
          wd = d;
        }
      }
      expect(nearestFreeListed(v, 0, Float64Array.from(xy), minSq, at)).toBe(want >= 0);
      if (want >= 0) expect(at).toEqual({ x: xy[2 * want], y: xy[2 * want + 1] });
    }
  });
  it('finds the spot a plain scan finds for spots in lines and clusters, from inside, between and outside them', () => {
    // Spots along two fence-like lines (many with the same x or y), a tight cluster, a few strays.
    const xy: number[] = [];
    for (let k = 0; k <= 120; k++) xy.push(30, k * 0.5);
    for (let k = 0; k <= 80; k++) xy.push(10 + k * 0.75, 90);
    let r = 11;
    const rnd = (): number => (r = (r * 48271) % 2147483647) / 2147483647;
    for (let k = 0; k < 60; k++) xy.push(70 + Math.round(rnd() * 20) / 10, 20 + Math.round(rnd() * 20) / 10);
    for (let k = 0; k < 10; k++) xy.push(Math.round(rnd() * 100), Math.round(rnd() * 100));
    const n = xy.length >> 1;
    const pts: [number, number][] = [[0, 0]];
    for (let k = 0; k < 40; k++) pts.push([xy[6 * k], xy[6 * k + 1]]);
    const v = view(pts);
    const at = { x: 0, y: 0 };
    const list = Float64Array.from(xy);
    // From anywhere on a table larger than the spots' extent (some well outside it), on a spot or
    // not, each with three minimum distances.
    const places: [number, number, number][] = [];
    for (let q = 0; q < 400; q++) {
      const onSpot = q % 5 === 0;
      const fx = onSpot ? xy[2 * (q % n)] : -40 + rnd() * 180;
      const fy = onSpot ? xy[2 * (q % n) + 1] : -40 + rnd() * 180;
      for (const minSq of [-1, 0.25, 9]) places.push([fx, fy, minSq]);
    }
    // Twice over the same places, the other figures moved in between (the nearest spots of a place
    // asked before are remembered; which of them are free is asked anew).
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) for (let k = 1; k < pts.length; k++) v.y[k] += 0.7;
      for (const [fx, fy, minSq] of places) {
        v.x[0] = fx;
        v.y[0] = fy;
        let want = -1;
        let wd = Infinity;
        for (let j = 0; j < n; j++) {
          const d = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
          if (!(d > minSq) || d >= wd) continue;
          if (d < 1e-4 || placeFree(v, xy[2 * j], xy[2 * j + 1], 0)) {
            want = j;
            wd = d;
          }
        }
        expect(nearestFreeListed(v, 0, list, minSq, at)).toBe(want >= 0);
        if (want >= 0) expect(at).toEqual({ x: xy[2 * want], y: xy[2 * want + 1] });
      }
    }
  });
});

describe('PlaceFinder.walkBack', () => {
  it('stops above the minimum, asks the extra test last and reports the refusals met in order', () => {
    const t = open();
    // Figure 0 walks east along y = 10 from x = 10 to 20; a base at x = 19.5 refuses x > 18.5
    // (bases may touch), an enemy 2 below x = 18 keeps it 2.5 off (x over 16.5).
    const v = view([
      [10, 10],
      [19.5, 10],
      [18, 12],
    ]);
    const f = new PlaceFinder(t);
    const pts = [
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ];
    f.setRoute(v, 0, [2], pts, 10, 2.5);
    expect(f.walkBack(pts, 10, 0.25)).toBeCloseTo(6.5);
    expect(f.met.slice(0, f.nMet)).toEqual([REFUSED_BASE, REFUSED_ENEMY]);
    // The extra test refuses everything east of x = 14.
    const d = f.walkBack(pts, 10, 0.25, 0, (x) => x <= 14);
    expect(d).toBeCloseTo(4);
    expect(f.met.slice(0, f.nMet)).toEqual([REFUSED_BASE, REFUSED_ENEMY, REFUSED_EXTRA]);
    // Nothing above the minimum passes: the answer is at most it.
    expect(f.walkBack(pts, 10, 0.25, 5, (x) => x <= 14)).toBeLessThanOrEqual(5);
  });
});
