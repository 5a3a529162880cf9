/** The table kit (src/core/table/): paths, slow ground, sight, cover, height, cohesion, arcs, group moves, cards. */
import { describe, expect, it } from 'vitest';
import {
  Table,
  TableSpecError,
  arcOf,
  cohesionTest,
  cohesive,
  inBaseContact,
  placeFree,
  planAlong,
  planGroupMove,
  turnCard,
  turnSteps,
  refillDeck,
  type FigureView,
} from '../../src/core/table/index.js';
import { pointInPolygon, rect, truncatePath } from '../../src/core/geometry.js';
import { streamFromString } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';

const poly = (x0: number, y0: number, x1: number, y1: number) => rect(x0, y0, x1, y1);

/** A 48 × 48 in table with a building in the middle, a wood (slow, soft cover), a wall (hard cover) and a hill. */
function table(unit: 'in' | 'cm' = 'in', scale = 1): Table {
  const s = scale;
  return new Table({
    width: 48 * s,
    height: 48 * s,
    unit,
    radius: 0.5 * s,
    areas: [
      { id: 'house', kind: 'building', polygon: poly(20 * s, 20 * s, 28 * s, 28 * s), impassable: true, blocksSight: true },
      { id: 'wood', kind: 'woods', polygon: poly(2 * s, 30 * s, 12 * s, 40 * s), slow: true, cover: 'soft' },
      { id: 'wall', kind: 'wall', polygon: poly(30 * s, 5 * s, 40 * s, 5.5 * s), cover: 'hard' },
      { id: 'hill', kind: 'hill', polygon: poly(36 * s, 36 * s, 46 * s, 46 * s), height: 1 },
    ],
  });
}

function view(points: [number, number][], facing: number[] = [], radius = 0.5): FigureView {
  return {
    x: points.map((p) => p[0]),
    y: points.map((p) => p[1]),
    facing: points.map((_, i) => facing[i] ?? 0),
    radius,
    occupies: () => true,
  };
}

describe('Table: paths round impassable areas', () => {
  it('goes straight across open ground', () => {
    const t = table();
    const p = t.path({ x: 2, y: 2 }, { x: 10, y: 2 });
    expect(p?.length).toBeCloseTo(8, 6);
  });
  it('goes round a building, never through it, and the way is longer than the straight line', () => {
    const t = table();
    const p = t.path({ x: 18, y: 24 }, { x: 30, y: 24 });
    expect(p).not.toBeNull();
    expect(p!.length).toBeGreaterThan(12 + 1);
    for (const q of p!.points) expect(t.isFree(q.x, q.y) || Math.abs(q.x - 18) < 1e-9 || Math.abs(q.x - 30) < 1e-9).toBe(true);
  });
  it('refuses a concave building (with the area index)', () => {
    const L = [
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 1 },
      { x: 1, y: 1 },
      { x: 1, y: 4 },
      { x: 0, y: 4 },
    ];
    try {
      new Table({ width: 10, height: 10, unit: 'in', radius: 0.5, areas: [{ id: 'L', kind: 'building', polygon: L, impassable: true }] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TableSpecError);
      expect((e as TableSpecError).index).toBe(0);
    }
  });
});

describe('Table: slow ground and climbing (Pirates! §4.B shape)', () => {
  const t = table();
  it('a route that never enters slow ground may use the full allowance', () => {
    expect(
      t.reachAlong(
        [
          { x: 14, y: 2 },
          { x: 14, y: 20 },
        ],
        15,
        9,
      ),
    ).toBe(15);
  });
  it('a route that starts in the wood uses the slow allowance', () => {
    expect(
      t.slowEntry([
        { x: 5, y: 35 },
        { x: 5, y: 10 },
      ]),
    ).toBe(0);
    expect(
      t.reachAlong(
        [
          { x: 5, y: 35 },
          { x: 5, y: 10 },
        ],
        15,
        9,
      ),
    ).toBe(9);
  });
  it('a route entering the wood beyond the slow allowance may go to its edge on the full allowance', () => {
    // From (5, 18) down to (5, 40): the wood starts 12 in along.
    expect(
      t.slowEntry([
        { x: 5, y: 18 },
        { x: 5, y: 40 },
      ]),
    ).toBeCloseTo(12, 9);
    expect(
      t.reachAlong(
        [
          { x: 5, y: 18 },
          { x: 5, y: 40 },
        ],
        15,
        9,
      ),
    ).toBeCloseTo(11.99, 9);
  });
  it('slowEntryUpTo is slowEntry of the route cut there (truncatePath), to the last float', () => {
    const rng = streamFromString('slow entry up to');
    for (let i = 0; i < 300; i++) {
      const route = Array.from({ length: 2 + (i % 4) }, () => ({ x: 60 * rng.next(), y: 60 * rng.next() }));
      const upTo = (i % 7 === 0 ? 200 : 40) * rng.next();
      expect(t.slowEntryUpTo(route, upTo)).toBe(t.slowEntry(truncatePath(route, upTo)));
    }
    // a route cut before the wood does not enter it; cut inside, it does, where the whole route does
    const r = [
      { x: 5, y: 18 },
      { x: 5, y: 40 },
    ];
    expect(t.slowEntryUpTo(r, 11)).toBe(Infinity);
    expect(t.slowEntryUpTo(r, 13)).toBe(t.slowEntry(r));
  });
  it('climbing onto the hill counts as slow; moving about on it does not', () => {
    expect(
      t.climbEntry([
        { x: 30, y: 40 },
        { x: 44, y: 40 },
      ]),
    ).toBeCloseTo(6, 9);
    expect(
      t.climbEntry([
        { x: 38, y: 40 },
        { x: 44, y: 40 },
      ]),
    ).toBe(Infinity);
    expect(t.heightAt(40, 40)).toBe(1);
    expect(t.uphill(30, 40, 40, 40)).toBe(true);
    expect(t.uphill(40, 40, 30, 40)).toBe(false);
  });
});

describe('Table: line of sight and cover', () => {
  const t = table();
  it('a building blocks the line; open ground does not', () => {
    expect(t.lineOfSight(18, 24, 30, 24)).toBe(false);
    expect(t.lineOfSight(18, 10, 30, 10)).toBe(true);
  });
  it('a base touching the wall is in hard cover; one inside the wood in soft; ranks choose the better', () => {
    expect(t.coverAt(35, 6)?.cover).toBe('hard');
    expect(t.coverAt(6, 35)?.cover).toBe('soft');
    expect(t.coverAt(35, 12)).toBeNull();
    expect(t.inCover(35, 12)).toBe(false);
  });
  it("cover between: the wall lies across a shot from the north; the shooter's own cover does not count", () => {
    expect(t.coverBetween(35, 1, 35, 8).map((a) => a.id)).toEqual(['wall']);
    expect(t.coverBetween(6, 35, 6, 20).map((a) => a.id)).toEqual([]);
  });
  it('cover from an attacker: the wall hides a base touching it only from the far side of the wall; in the wood from every side but from within', () => {
    // A base at (35, 6) touches the wall (y 5–5.5) on its south side.
    expect(t.coverFrom(35, 1, 35, 6)?.id).toBe('wall'); // from the north: the wall lies between
    expect(t.coverFrom(35, 12, 35, 6)).toBeNull(); // from the south: the wall is at his back
    expect(t.coverFrom(45, 6, 35, 6)).toBeNull(); // from the east along it: beside the line
    expect(t.coverFrom(20, 35, 6, 35)?.id).toBe('wood'); // a base inside the wood, shot from outside
    expect(t.coverFrom(4, 35, 6, 35)).toBeNull(); // the shooter stands in the same wood
    expect(t.coverFrom(35, 1, 35, 12)).toBeNull(); // a base not touching cover
  });
  it('the nearest place in cover is one a base can stand on, touching cover', () => {
    const p = t.nearestCoverPoint(35, 12)!;
    expect(t.inCover(p.x, p.y)).toBe(true);
    expect(t.isFree(p.x, p.y)).toBe(true);
  });
});

describe('Table: centimetre tables', () => {
  it('measures in centimetres with no conversion (same layout × 2.54)', () => {
    const t = table('cm', 2.54);
    expect(t.unit).toBe('cm');
    const p = t.path({ x: 2 * 2.54, y: 2 * 2.54 }, { x: 10 * 2.54, y: 2 * 2.54 });
    expect(p?.length).toBeCloseTo(8 * 2.54, 6);
    expect(t.lineOfSight(18 * 2.54, 24 * 2.54, 30 * 2.54, 24 * 2.54)).toBe(false);
    expect(
      t.reachAlong(
        [
          { x: 5 * 2.54, y: 35 * 2.54 },
          { x: 5 * 2.54, y: 10 * 2.54 },
        ],
        24,
        12,
      ),
    ).toBe(12);
  });
});

describe('figures: placement, contact, cohesion', () => {
  it('bases may touch but not overlap', () => {
    const v = view([
      [10, 10],
      [11, 10],
    ]);
    expect(placeFree(v, 10.5, 10, 0)).toBe(false);
    expect(placeFree(v, 12, 10, 0)).toBe(true);
    expect(inBaseContact(v, 0, 1)).toBe(true);
  });
  it('cohesion: every figure within 6 of every other', () => {
    expect(
      cohesive(
        view([
          [0, 0],
          [6, 0],
          [3, 5],
        ]),
        [0, 1, 2],
        6,
      ),
    ).toBe(true);
    expect(
      cohesive(
        view([
          [0, 0],
          [6, 0],
          [12, 0],
        ]),
        [0, 1, 2],
        6,
      ),
    ).toBe(false);
  });
  it('cohesion test pair by pair: a straggler may close up but never drift, and never loosens the rule for the others', () => {
    // Figure 0 is 10 from mate 1 and 2 from mate 2.
    const v = view([
      [0, 0],
      [10, 0],
      [0, 2],
    ]);
    const ok = cohesionTest(v, 0, [1, 2], 6)!;
    expect(ok(1, 0)).toBe(true); // closer to 1 (9), within 6 of 2
    expect(ok(-1, 0)).toBe(false); // further from 1 (11)
    expect(ok(5, 9)).toBe(false); // 9.4 from mate 2: beyond 6 though within 10
  });
});

describe('figures: facing arcs and turning', () => {
  // Target at (10, 10) facing east (+x).
  const v = view(
    [
      [10, 10],
      [12, 10],
      [10, 12],
      [8, 10],
      [12, 11.9],
    ],
    [0],
  );
  it('in front, on the flank, in the rear (±45° front and rear arcs)', () => {
    expect(arcOf(v, 1, 0)).toBe('front');
    expect(arcOf(v, 2, 0)).toBe('flank');
    expect(arcOf(v, 3, 0)).toBe('rear');
    expect(arcOf(v, 4, 0)).toBe('front'); // 43.5° off the facing
  });
  it('turning steps of 45°: none, one up to 45°, four for an about-face', () => {
    expect(turnSteps(0, 0)).toBe(0);
    expect(turnSteps(0, Math.PI / 8)).toBe(1);
    expect(turnSteps(0, Math.PI / 4)).toBe(1);
    expect(turnSteps(0, Math.PI / 2)).toBe(2);
    expect(turnSteps(0, -Math.PI / 2)).toBe(2);
    expect(turnSteps(0, Math.PI)).toBe(4);
  });
});

describe('moves', () => {
  const t = table();
  it('planAlong stops short of another base and within the allowance', () => {
    const v = view([
      [2, 2],
      [8, 2],
    ]);
    const path = t.path({ x: 2, y: 2 }, { x: 14, y: 2 })!;
    const plan = planAlong(t, v, 0, path, 0, 12, 6, null)!;
    expect(plan.length).toBeLessThanOrEqual(12);
    expect(plan.to.x).toBeCloseTo(14, 6);
    const blocked = planAlong(t, v, 0, t.path({ x: 2, y: 2 }, { x: 8, y: 2 })!, 0, 12, 6, null)!;
    expect(blocked.to.x).toBeLessThanOrEqual(7 + 1e-9);
  });
  it('a group move: the centre moves no further than the allowance, the group ends together', () => {
    const v = view([
      [4, 4],
      [6, 4],
      [5, 6],
      [9, 9],
    ]);
    const movers = [0, 1, 2];
    const plan = planGroupMove(t, v, movers, {
      full: 10,
      slow: 5,
      formation: 2,
      gap: 6,
      mates: [],
      route: (s) => ({ path: t.path(s, { x: 30, y: 4 })!, stopShort: 0 }),
    })!;
    expect(plan.distance).toBeLessThanOrEqual(10 + 1e-9);
    const places = plan.places.map((p) => p.to);
    const cx = places.reduce((a, p) => a + p.x, 0) / 3;
    const cy = places.reduce((a, p) => a + p.y, 0) / 3;
    expect(Math.hypot(cx - 5, cy - 14 / 3)).toBeLessThanOrEqual(10 + 1e-9);
    for (const p of places) for (const q of places) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeLessThanOrEqual(6 + 1e-9);
  });
  it('a group move keeps every mover within the gap of a band-mate who stays', () => {
    const v = view([
      [4, 4],
      [6, 4],
      [5, 8],
    ]);
    const plan = planGroupMove(t, v, [0, 1], {
      full: 20,
      slow: 10,
      formation: 2,
      gap: 6,
      mates: [2],
      route: (s) => ({ path: t.path(s, { x: 40, y: 4 })!, stopShort: 0 }),
    })!;
    for (const p of plan.places) expect(Math.hypot(p.to.x - 5, p.to.y - 8)).toBeLessThanOrEqual(6 + 1e-9);
  });
});

describe('cards', () => {
  it('turns every card once per turn, in an order set by the stream', () => {
    const deck = [1, 1, 1, 1, 1];
    const rng = streamFromString('cards');
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(turnCard(deck, rng));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(turnCard(deck, rng)).toBe(-1);
    refillDeck(deck);
    expect(deck).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('Table: a disc in the shadow of one sight-blocking area (shadowsDisc)', () => {
  const t = table();
  it('the house hides the target from a disc behind it, not from one wide enough to look round it', () => {
    // Seen from (24, 10) the house spans ±21.8° (corners (20, 20) and (28, 20)); the disc round
    // (24, 38) of 3 in spans ±6.2° and lies 18 in beyond the chord y = 20.
    expect(t.shadowsDisc(24, 38, 3, 24, 10)).toBe(true);
    expect(t.shadowsDisc(24, 31, 2, 24, 10)).toBe(true);
    // 12 in: (36, 38) sees (24, 10) past the corner (28, 20).
    expect(t.lineOfSight(36, 38, 24, 10)).toBe(true);
    expect(t.shadowsDisc(24, 38, 12, 24, 10)).toBe(false);
    // The centre in sight: nothing hides the disc.
    expect(t.shadowsDisc(10, 38, 1, 10, 10)).toBe(false);
    // A disc reaching the target, or with the target inside the area: no.
    expect(t.shadowsDisc(24, 12, 3, 24, 10)).toBe(false);
  });

  // Sufficient, never wrong: whenever it says hidden, no point of the disc (its rim included) sees
  // the target — on every built-in scenario map that has sight-blocking areas.
  const maps: [string, Table][] = ['supply-raid', 'farmstead-raid', 'wagon-raid', 'mill-bridge'].map((id) => [
    id,
    (loadScenario(id).compiled as { table: Table }).table,
  ]);
  for (const [id, m] of maps) {
    it(`${id}: a disc said hidden has no point in sight of the target (2,000 random discs, 64 points each)`, () => {
      const rng = streamFromString(`shadow/${id}`);
      let hidden = 0;
      for (let k = 0; k < 2000; k++) {
        const cx = rng.next() * m.width;
        const cy = rng.next() * m.height;
        const tx = rng.next() * m.width;
        const ty = rng.next() * m.height;
        const r = 0.25 + rng.next() * 8;
        if (!m.shadowsDisc(cx, cy, r, tx, ty)) continue;
        hidden++;
        for (let j = 0; j < 64; j++) {
          const a = (2 * Math.PI * j) / 64;
          const rho = j % 2 === 0 ? r : r * rng.next();
          expect(m.lineOfSight(cx + rho * Math.cos(a), cy + rho * Math.sin(a), tx, ty)).toBe(false);
        }
      }
      // The test has cases to check (a test that cannot fail is a defect).
      expect(hidden).toBeGreaterThan(20);
    });
  }
});

describe('Table.areasNear', () => {
  it('lists every area whose box (widened by NEAR_SLACK) holds the point, in the spec order, and every area off the table', async () => {
    const { NEAR_SLACK } = await import('../../src/core/table/table.js');
    for (const t of [table(), table('cm', 2.54), (loadScenario('mill-bridge').compiled as { table: Table }).table]) {
      const g = streamFromString('areas-near');
      const points: [number, number][] = [];
      for (let i = 0; i < 4000; i++) points.push([g.next() * t.width, g.next() * t.height]);
      // Corners and edges of every box, and just outside them: where a grid cell is easiest to get wrong.
      for (const a of t.areas) {
        for (const x of [a.box.minX, a.box.maxX])
          for (const y of [a.box.minY, a.box.maxY]) for (const d of [-NEAR_SLACK / 2, 0, NEAR_SLACK / 2]) points.push([x + d, y - d]);
      }
      for (const [x, y] of points) {
        const near = t.areasNear(x, y);
        const want = t.areas.filter(
          (a) =>
            x >= a.box.minX - NEAR_SLACK && x <= a.box.maxX + NEAR_SLACK && y >= a.box.minY - NEAR_SLACK && y <= a.box.maxY + NEAR_SLACK,
        );
        for (const a of want) expect(near).toContain(a);
        // In the spec's order.
        const idx = near.map((a) => t.areas.indexOf(a));
        expect(idx).toEqual([...idx].sort((p, q) => p - q));
        // The top area found through the short list is the table's.
        let top = null;
        for (let i = near.length - 1; i >= 0 && top === null; i--) if (pointInPolygon(x, y, near[i].poly)) top = near[i];
        expect(top).toBe(t.topAreaAt(x, y));
      }
      // Off the table (or not a number): every area.
      expect(t.areasNear(-1, 3)).toBe(t.areas);
      expect(t.areasNear(3, t.height + 1)).toBe(t.areas);
      expect(t.areasNear(Number.NaN, 3)).toBe(t.areas);
      // Fewer than all somewhere (the grid does narrow the search).
      expect(points.some(([x, y]) => t.areasNear(x, y).length < t.areas.length)).toBe(true);
    }
  });
});
