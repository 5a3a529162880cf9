/** Polygon overlap (src/core/geometry.ts polygonsOverlap, overlapPoint): interiors sharing area, touching not counted. */
import { describe, expect, it } from 'vitest';
import { overlapPoint, polygonsOverlap, pointInPolygon, rect, vec } from '../../src/core/geometry.js';
import { MAX_OVERLAPS, terrainOverlaps } from '../../src/core/scenario-lint.js';

describe('polygonsOverlap', () => {
  const sq = rect(0, 0, 10, 10);
  it('crossing, containing and equal polygons overlap', () => {
    expect(polygonsOverlap(sq, rect(5, 5, 15, 15))).toBe(true); // corners cross
    expect(polygonsOverlap(sq, rect(2, 2, 4, 4))).toBe(true); // b inside a
    expect(polygonsOverlap(rect(2, 2, 4, 4), sq)).toBe(true); // a inside b
    expect(polygonsOverlap(sq, rect(0, 0, 10, 10))).toBe(true); // the same area drawn twice
    expect(polygonsOverlap(sq, [...rect(0, 0, 10, 10)].reverse())).toBe(true); // either winding
    // Shifted along one axis: no edge crosses properly (they meet at corners on edges), still overlapping.
    expect(polygonsOverlap(rect(0, 0, 2, 2), rect(1, 0, 3, 2))).toBe(true);
    // Inside, sharing an edge.
    expect(polygonsOverlap(sq, rect(0, 0, 5, 10))).toBe(true);
    // A cross: neither holds a vertex of the other.
    expect(polygonsOverlap(rect(4, -5, 6, 15), rect(-5, 4, 15, 6))).toBe(true);
  });
  it('polygons that touch along an edge or at a corner, or lie apart, do not overlap', () => {
    expect(polygonsOverlap(sq, rect(10, 0, 20, 10))).toBe(false); // shared edge
    expect(polygonsOverlap(sq, rect(10, 3, 20, 6))).toBe(false); // part of an edge
    expect(polygonsOverlap(sq, rect(10, 10, 20, 20))).toBe(false); // corner
    expect(polygonsOverlap(sq, rect(11, 0, 20, 10))).toBe(false); // apart
    // Apart but with overlapping bounding boxes (a triangle beside the square's corner).
    expect(polygonsOverlap([vec(0, 0), vec(10, 0), vec(0, 10)], [vec(10, 10), vec(10, 4), vec(4, 10)])).toBe(false);
  });
  it('a non-convex polygon: a square in its notch does not overlap it, one across its arm does', () => {
    const ell = [vec(0, 0), vec(10, 0), vec(10, 4), vec(4, 4), vec(4, 10), vec(0, 10)];
    expect(polygonsOverlap(ell, rect(5, 5, 9, 9))).toBe(false);
    expect(polygonsOverlap(ell, rect(4, 4, 9, 9))).toBe(false); // fills the notch's corner, touching
    expect(polygonsOverlap(ell, rect(3, 5, 9, 9))).toBe(true);
  });
  it('overlapPoint gives a point in (or on the edge of) both', () => {
    const a = sq;
    const b = rect(5, 5, 15, 15);
    const p = overlapPoint(a, b);
    expect(p).not.toBeNull();
    const inClosed = (x: number, y: number, lo: number, hi: number): boolean => x >= lo && x <= hi && y >= lo && y <= hi;
    expect(inClosed(p!.x, p!.y, 0, 10) && inClosed(p!.x, p!.y, 5, 15)).toBe(true);
    expect(overlapPoint(sq, rect(10, 0, 20, 10))).toBeNull();
    const q = overlapPoint(sq, rect(0, 0, 10, 10));
    expect(q && pointInPolygon(q.x, q.y, sq)).toBe(true);
  });
});

describe('terrainOverlaps (src/core/scenario-lint.ts)', () => {
  it('names each overlapping pair by JSON path, id and label, skips touching pieces, stops at max', () => {
    const sq = (x: number, y: number): number[][] => [
      [x, y],
      [x + 4, y],
      [x + 4, y + 4],
      [x, y + 4],
    ];
    const raw = {
      terrain: [
        { id: 'a', label: 'the pond', polygon: sq(0, 0) },
        { id: 'b', polygon: sq(4, 0) }, // touches a along an edge
        { id: 'c', name: 'the reeds', polygon: sq(2, 2) }, // overlaps a and b
        { id: 'd', polygon: 'not a polygon' }, // left to the schema
      ],
    };
    const w = terrainOverlaps(raw);
    expect(w.map((x) => x.paths)).toEqual([
      ['$.terrain[0]', '$.terrain[2]'],
      ['$.terrain[1]', '$.terrain[2]'],
    ]);
    expect(w[0].message).toMatch(/^terrain \$\.terrain\[0\] "a" \(the pond\) and \$\.terrain\[2\] "c" \(the reeds\) overlap \(near /);
    const heap = { terrain: Array.from({ length: 30 }, (_, k) => ({ id: `t${k}`, polygon: sq(0, 0) })) };
    expect(terrainOverlaps(heap, 5)).toHaveLength(5);
    expect(terrainOverlaps(heap, 1000)).toHaveLength((30 * 29) / 2);
    expect(terrainOverlaps(heap)).toHaveLength(MAX_OVERLAPS); // 435 pairs overlap: the default search stops at 200
    expect(terrainOverlaps(null)).toEqual([]);
  });
});
