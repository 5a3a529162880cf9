/** The table kit's list queries: contact with any of a list, the nearest figure, the chip draw, the place finder. */
import { describe, expect, it } from 'vitest';
import {
  PlaceFinder,
  Table,
  drawChip,
  inBaseContact,
  inContactAt,
  inContactWithAny,
  nearestFigure,
  nearestFigures,
  turnCard,
  type FigureView,
} from '../../src/core/table/index.js';
import { streamFromString } from '../../src/core/rng.js';
import { ringOffsets } from '../../src/core/nav.js';
import { dist } from '../../src/core/geometry.js';

/** Five figures of radius 0.5 on a 24 × 24 in table; figure 3 cannot act, figure 4 is off the table. */
function view(): FigureView {
  const st = [0, 0, 0, 1, 2];
  return {
    x: [5, 6.05, 9, 5, 5.5],
    y: [5, 5, 5, 6.05, 5],
    facing: [0, 0, 0, 0, 0],
    radius: 0.5,
    occupies: (i) => st[i] < 2,
    able: (i) => st[i] === 0,
  };
}

describe('table kit queries', () => {
  it('inContactWithAny agrees with inBaseContact over a list, counting only figures able to act', () => {
    const v = view();
    expect(inBaseContact(v, 0, 1)).toBe(true);
    expect(inContactWithAny(v, 0, [1, 2])).toBe(true);
    expect(inContactWithAny(v, 0, [2])).toBe(false);
    // figure 3 touches 0 but cannot act; figure 4 overlaps 0 but is off the table
    expect(inBaseContact(v, 0, 3)).toBe(true);
    expect(inContactWithAny(v, 0, [3, 4])).toBe(false);
    expect(inContactWithAny({ ...v, able: undefined }, 0, [3])).toBe(true);
  });

  it('inContactAt asks the same of a place: a base at (x, y) touching an able figure of the list', () => {
    const v = view();
    expect(inContactAt(v, 8.2, 5, [2])).toBe(true); // 0.8 apart: touching within 0.1
    expect(inContactAt(v, 7.85, 5, [2])).toBe(false); // 1.15 apart: beyond 2 radii + 0.1
    expect(inContactAt(v, 7.85, 5, [2], 0.3)).toBe(true); // within 2 radii + 0.3
    expect(inContactAt(v, 5, 6.5, [3])).toBe(false); // figure 3 cannot act
    expect(inContactAt(v, v.x[0], v.y[0], [1, 2])).toBe(inContactWithAny(v, 0, [1, 2]));
  });

  it('nearestFigure is nearestFigures with k = 1 (first on ties), optionally only figures able to act', () => {
    const v = view();
    expect(nearestFigure(v, [2, 1, 3], 5, 5)).toBe(nearestFigures(v, [2, 1, 3], 5, 5, 1)[0].f);
    expect(nearestFigure(v, [1, 3], 5, 5.5)).toBe(3);
    expect(nearestFigure(v, [1, 3], 5, 5.5, true)).toBe(1);
    expect(nearestFigure(v, [4], 5, 5)).toBe(-1);
    // ties: the first listed
    expect(nearestFigure(v, [1, 0], 5.525, 5)).toBe(1);
  });

  it('drawChip draws as turnCard on a deck of the owners’ chips in owner order, and empties the cup', () => {
    const a = streamFromString('chips');
    const b = streamFromString('chips');
    const left = [3, 2];
    const deck = [1, 1, 1, 1, 1];
    const got: number[] = [];
    for (let i = 0; i < 5; i++) {
      const side = drawChip(left, a);
      const card = turnCard(deck, b);
      got.push(side);
      // flags still set in each owner's part of the deck equal the counts left
      expect([deck[0] + deck[1] + deck[2], deck[3] + deck[4]]).toEqual(left);
      expect(side).toBe(card < 3 ? 0 : 1);
    }
    expect(got.filter((x) => x === 0).length).toBe(3);
    expect(drawChip(left, a)).toBe(-1);
  });

  it('PlaceFinder: the near test agrees with the full test, the walk back stops at the first free place', () => {
    const table = new Table({ width: 24, height: 24, unit: 'in', radius: 0.5, areas: [] });
    const v = view();
    const P = new PlaceFinder(table);
    P.set(v, 2, [0, 1, 3], 1.6);
    P.setNear(v, 2, [0, 1, 3], 1.6, 6, 5, 2);
    for (const [x, y] of [
      [7, 5],
      [7.7, 5],
      [8, 5],
      [6, 7],
    ])
      expect(P.okNear(x, y)).toBe(P.ok(x, y));
    const route = [
      { x: 9, y: 5 },
      { x: 5, y: 5 },
    ];
    P.setRoute(v, 2, [0, 1, 3], route, 4);
    const d = P.walkBack(route, 4, 0.2);
    expect(P.ok(P.at.x, P.at.y)).toBe(true);
    expect(P.ok(9 - (d + 0.2), 5)).toBe(false);
  });

  it('PlaceFinder.nearestReachable (and nearestReachableAt) finds the place a plain scan of the rings finds (crowded tables, keepers, a building, short reaches)', () => {
    const table = new Table({
      width: 24,
      height: 24,
      unit: 'in',
      radius: 0.5,
      areas: [
        {
          id: 'barn',
          kind: 'building',
          polygon: [
            { x: 9, y: 9 },
            { x: 12, y: 9 },
            { x: 12, y: 11 },
            { x: 9, y: 11 },
          ],
          impassable: true,
        },
      ],
    });
    const nav = table.nav;
    const P = new PlaceFinder(table);
    const rng = streamFromString('nearest reachable');
    const u = (a: number, b: number): number => a + (b - a) * rng.next();
    /** The reference: the centre, then every place of the rings in order, each asked every test. */
    const scan = (
      from: { x: number; y: number },
      cx: number,
      cy: number,
      reach: number,
      radius: number,
    ): { x: number; y: number } | null => {
      const { dx, dy } = ringOffsets(radius);
      const places: [number, number][] = [[cx, cy]];
      for (let i = 0; i < dx.length; i++) places.push([cx + dx[i], cy + dy[i]]);
      for (const [x, y] of places) {
        if (!P.ok(x, y) || dist(from.x, from.y, x, y) > reach + 1e-9) continue;
        const p = nav.path(from, { x, y });
        if (p !== null && p.length <= reach + 1e-9 && p.length > 1e-6) return { x, y };
      }
      return null;
    };
    let found = 0;
    let none = 0;
    for (let trial = 0; trial < 400; trial++) {
      const n = 20 + Math.floor(u(0, 60));
      const st = Array.from({ length: n }, () => (rng.next() < 0.1 ? 2 : rng.next() < 0.1 ? 1 : 0));
      const x = Array.from({ length: n }, () => u(4, 16));
      const y = Array.from({ length: n }, () => u(4, 16));
      const v: FigureView = { x, y, facing: x.map(() => 0), radius: 0.5, occupies: (i) => st[i] < 2, able: (i) => st[i] === 0 };
      const f = 0;
      const keepers = trial % 2 === 0 ? Array.from({ length: n >> 2 }, (_, k) => n - 1 - k) : null;
      const keepOff = keepers ? 1.6 : 0;
      const from = { x: x[f], y: y[f] };
      if (!nav.isFree(from.x, from.y)) continue;
      const reach = trial % 3 === 0 ? u(0.1, 0.8) : u(1, 8);
      const a = u(0, 2 * Math.PI);
      const d = Math.min(reach, u(0, 6));
      const cx = from.x + d * Math.cos(a);
      const cy = from.y + d * Math.sin(a);
      const radius = 2;
      P.set(v, f, keepers, keepOff);
      const want = scan(from, cx, cy, reach, radius);
      P.setNear(v, f, keepers, keepOff, cx, cy, radius);
      const got = P.nearestReachable(from, cx, cy, reach, { radius });
      expect(got).toEqual(want);
      const way = P.path === null ? null : { points: P.path.points.map((q) => ({ x: q.x, y: q.y })), length: P.path.length };
      if (got) {
        found++;
        expect(P.path?.length).toBeLessThanOrEqual(reach + 1e-9);
      } else none++;
      // the same search asked with the centre as a point and the reach in the options: the same place and way
      const gotAt = P.nearestReachableAt(from, { x: cx, y: cy }, { radius, reach });
      expect(gotAt).toEqual(want);
      expect(P.path === null ? null : { points: P.path.points.map((q) => ({ x: q.x, y: q.y })), length: P.path.length }).toEqual(way);
      // and the point test of the navigation map asked with a point gives isFree's answer
      expect(nav.isFreeAt({ x: cx, y: cy })).toBe(nav.isFree(cx, cy));
    }
    // both outcomes are exercised
    expect(found).toBeGreaterThan(50);
    expect(none).toBeGreaterThan(10);
  });
});
