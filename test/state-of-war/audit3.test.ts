/**
 * The third outside reading of State of War 1.4.0 records (docs/audits/2026-11-27-state-of-war-3.md):
 * its findings A1–A3, B3, C1, D1–D3, each against the sheet's text and the reading it bears on
 * (docs/rules/state-of-war.md). Ruleset 1.5.0.
 */
import { describe, expect, it } from 'vitest';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { formCombats, meleeMods } from '../../src/rules/state-of-war/melee.js';
import { movePlan } from '../../src/rules/state-of-war/movement.js';
import { BROKEN, FALL_BACK, turnCost } from '../../src/rules/state-of-war/tables.js';
import { coverOf, foeDistance, reachAlong } from '../../src/rules/state-of-war/table.js';
import { DEAD } from '../../src/rules/state-of-war/state.js';
import { d } from '../helpers/rng.js';
import type { Vec } from '../../src/core/geometry.js';

/** Least distance from the route's legs to the segment (ax, ay)–(bx, by). */
function routeClearance(points: readonly Vec[], ax: number, ay: number, bx: number, by: number): number {
  let least = Infinity;
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1];
    const q = points[i];
    for (let k = 0; k <= 200; k++) {
      const x = p.x + ((q.x - p.x) * k) / 200;
      const y = p.y + ((q.y - p.y) * k) / 200;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
      least = Math.min(least, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
    }
  }
  return least;
}

describe('Morale "-2 … Move towards nearest cover or table edge to rear" [W32] [W11] (third reading A1)', () => {
  it("a figure on the enemy's face of a fence goes round the line's end to the place behind it, in cover from him", () => {
    // A rail fence along x = 95 from y = 80 to y = 100; the figure stands by its east (enemy's) face,
    // 2 cm from its south end; the enemy is east. Before 1.5.0 the way was planned round buildings
    // only: it met the line at once and the figure stayed in the open by it.
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [95, 80],
            [95, 100],
          ],
        },
      ],
    });
    const s = acting(position(sc, { A01: [95 + sc.radius + 0.1, 98, 0], B01: [115, 96, 180] }), 'A01');
    const f = fig(s, 'A01');
    s.mustRetire[f] = 1;
    s.morale[sc.unitIndex.get('a')!] = FALL_BACK;
    s.options = null;
    expect(keys(s)).toContain('move:cover');
    const plan = movePlan(s, f, 'cover')!;
    expect(plan).not.toBeNull();
    expect(plan.to.x).toBeLessThan(95 - sc.radius);
    expect(coverOf(sc, 115, 96, plan.to.x, plan.to.y)).not.toBe('open');
    expect(routeClearance(plan.points, 95, 80, 95, 100)).toBeGreaterThanOrEqual(sc.radius);
    expect(plan.short).toEqual([]);
    const e = ev(act(s, { k: 'move', to: 'cover' }, []), 'move');
    expect(e.toward).toEqual(e.to);
  });
  it('a cover place nearer the enemy (where the move may not end) is passed over for one the move reaches', () => {
    // The enemy is south; a wood lies between (its near face 6.75 cm off, nearer the enemy), a second
    // wood west (its face 8.75 cm off, no nearer him). Before 1.5.0 the nearer wood was taken and the
    // move, which may not end nearer the enemy, got nowhere.
    const terrain = {
      terrain: [
        {
          id: 'south',
          kind: 'wood',
          polygon: [
            [96, 108],
            [104, 108],
            [104, 112],
            [96, 112],
          ],
        },
        {
          id: 'west',
          kind: 'wood',
          polygon: [
            [86, 96],
            [90, 96],
            [90, 104],
            [86, 104],
          ],
        },
      ],
    };
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], terrain);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [100, 130, -90] }), 'A01');
    const f = fig(s, 'A01');
    s.mustRetire[f] = 1;
    s.morale[sc.unitIndex.get('a')!] = FALL_BACK;
    s.options = null;
    const before = foeDistance(s, 0, 100, 100);
    const plan = movePlan(s, f, 'cover')!;
    expect(plan).not.toBeNull();
    expect(plan.to.x).toBeLessThan(92);
    expect(coverOf(sc, 100, 130, plan.to.x, plan.to.y)).toBe('soft');
    expect(foeDistance(s, 0, plan.to.x, plan.to.y)).toBeGreaterThanOrEqual(before - 0.01);
    expect(plan.short).toEqual([]);
  });
});

describe('Movement: a base never passes over a fence or wall line [W5] (third reading A2)', () => {
  it('a figure standing by a line moves along it or away, but not nearer it than it stands', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [95, 20],
            [95, 180],
          ],
        },
      ],
    });
    const x0 = 95 + sc.radius + 0.1;
    // Along the line: the whole way.
    expect(
      reachAlong(
        sc,
        [
          { x: x0, y: 100 },
          { x: x0, y: 90 },
        ],
        0,
        false,
      ).dist,
    ).toBeCloseTo(10, 6);
    // Away from it: the whole way.
    expect(
      reachAlong(
        sc,
        [
          { x: x0, y: 100 },
          { x: x0 + 3, y: 90 },
        ],
        0,
        false,
      ).dist,
    ).toBeGreaterThan(10);
    // At a slant toward it (the end 1.1 cm from the line, the base over it): stopped where it stands.
    // Before 1.5.0 only a crossing stopped it, so the base ended 0.15 cm over the line.
    const r = reachAlong(
      sc,
      [
        { x: x0, y: 100 },
        { x: 95 + 1.1, y: 99.65 },
      ],
      0,
      false,
    );
    expect(r.dist).toBeLessThan(1e-3);
    expect(r.fence).toBe(true);
  });
});

describe('Movement: "a figure faces along the last leg of its move" [W12] [W10] (third reading A3)', () => {
  it('a rider whose run ends at a corner of its route faces along the leg it came by, not east', () => {
    // A runner by the fence's east face 2 cm from its end, facing east: the turn about and the leg to
    // the corner round the end use his 24 cm, so the move ends at that corner. Before 1.5.0 the route
    // repeated the corner (a leg of no length) and he was left facing 0° (east).
    const sc = testScenario([{ side: 0, unit: 'run', mounted: true }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [95, 20],
            [95, 100],
          ],
        },
      ],
    });
    const s = position(sc, { A01: [95 + sc.radius + 0.1, 98, 0], B01: [130, 98, 180] });
    s.morale[sc.unitIndex.get('run')!] = BROKEN;
    acting(s, 'A01');
    const plan = movePlan(s, fig(s, 'A01'), 'round')!;
    expect(plan).not.toBeNull();
    const pts = plan.points;
    for (let i = 1; i < pts.length; i++) expect(Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y)).toBeGreaterThan(1e-6);
    const a = pts[pts.length - 2];
    const b = pts[pts.length - 1];
    expect(plan.facing).toBeCloseTo(Math.atan2(b.y - a.y, b.x - a.x), 9);
    expect(Math.abs(plan.facing)).toBeGreaterThan(1);
    expect(plan.short).toEqual(['allowance']);
  });
});

describe('Movement: the record of a keyed move says where it went and why it stopped short [W11] (third reading B3)', () => {
  it('a move toward an enemy 50 cm off gives the place it went toward and `allowance`', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [150, 100, 180] }), 'A01');
    const e = ev(act(s, { k: 'move', to: 'foe:B01' }, []), 'move');
    expect(e.toward).toEqual([Number((150 - 2 * sc.radius - 1.5).toFixed(2)), 100]);
    expect(e.short).toEqual(['allowance']);
    expect(e.to).toEqual([112, 100]);
  });
});

describe('Melee: "When figures are in contact with enemy figures, melee ensues" [W20] (third reading C1)', () => {
  it('the combats are formed so that every figure in contact fights when some formation lets it (h1101 turn 3)', () => {
    // A02 touches B01 and B02; A01 (a charger) touches B01 only. Before 1.5.0, A02 (most surrounded,
    // first by index) took both B01 and B02 and A01 fought nobody.
    const sc = testScenario([{ side: 0 }, { side: 0 }, { side: 1 }, { side: 1 }]);
    const s = position(sc, { A01: [105.2, 100, 180], A02: [100, 100, 0], B01: [102.6, 100, 180], B02: [100, 102.6, -90] });
    const [a1, a2, b1, b2] = ['A01', 'A02', 'B01', 'B02'].map((id) => fig(s, id));
    expect(formCombats(s)).toEqual([
      { one: a2, many: [b2] },
      { one: b1, many: [a1] },
    ]);
  });
  it('where the greedy formation already lets everyone fight it stands: the most surrounded against its contacts', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], B01: [102.6, 100, 180], B02: [100, 102.6, -90] });
    expect(formCombats(s)).toEqual([{ one: fig(s, 'A01'), many: [fig(s, 'B01'), fig(s, 'B02')] }]);
  });
  it('a figure with four contacts leaves one out ("a maximum of 3 figures can fight against 1")', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }, { side: 1 }, { side: 1 }, { side: 1 }]);
    const s = position(sc, {
      A01: [100, 100, 0],
      B01: [102.6, 100, 180],
      B02: [100, 102.6, -90],
      B03: [97.4, 100, 0],
      B04: [100, 97.4, 90],
    });
    const c = formCombats(s);
    expect(c).toHaveLength(1);
    expect(c[0].many).toHaveLength(3);
  });
});

describe('Movement: cavalry "- ¼ move per 45 degrees turned" [W10] (third reading D1)', () => {
  it('a rider who only turns 178.67° records the pro-rata 23.82 cm, not the whole 24', () => {
    const sc = testScenario([{ side: 0, mounted: true }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100, 1.33], B01: [190, 100, 180] }), 'A01');
    const e = ev(act(s, { k: 'move', to: 'rear' }, []), 'move');
    expect(e.kind).toBe('turn');
    expect(e.turned).toBeCloseTo(178.67, 2);
    expect(e.used).toBeCloseTo(turnCost(178.67), 2);
    expect(e.used).toBeLessThan(24);
  });
});

describe('Morale triggers: every hurt has its line [W25] (third reading D2)', () => {
  it('a hurt that leaves its unit no active member has a `noTest` saying so', () => {
    const sc = testScenario([{ side: 0, unit: 'solo' }, { side: 1 }]);
    const s = acting(position(sc, { A01: [70, 50, 180], B01: [50, 50, 0] }), 'B01');
    const events = act(s, { k: 'fire', u: 'solo' }, [d(8, 8), d(4, 1), d(8, 1)]);
    expect(s.status[fig(s, 'A01')]).toBe(DEAD);
    expect(ev(events, 'noTest')).toMatchObject({ unit: 'solo', trigger: 'a member hurt', why: 'no active member' });
    expect(events.some((e) => e.e === 'morale')).toBe(false);
  });
});

describe('Melee: "mounted, who cannot fight to rear" [W22] [W21] (third reading D3)', () => {
  it('`noDice` is a flag (true), not a modifier of 0', () => {
    const sc = testScenario([{ side: 0, mounted: true, melee: 'swordPistol' }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], B01: [97.4, 100, 0] });
    expect(meleeMods(s, fig(s, 'A01'), [fig(s, 'B01')], [])).toEqual({ noDice: true });
  });
});
