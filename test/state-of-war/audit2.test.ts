/**
 * State of War: the findings of the second outside reading of 1.3.0's records
 * (docs/audits/2026-11-27-state-of-war-2.md) that ruleset 1.4.0 changes, each test naming the
 * sheet's section, the reading [Wn] of docs/rules/state-of-war.md and the finding.
 */
import { describe, expect, it } from 'vitest';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { flankedBy, moraleModifiers, moraleTest } from '../../src/rules/state-of-war/morale.js';
import { coveredFromEnemy, movePlan } from '../../src/rules/state-of-war/movement.js';
import { BROKEN, OK } from '../../src/rules/state-of-war/tables.js';
import { coverOf, foeDistance } from '../../src/rules/state-of-war/table.js';
import type { SowScenario } from '../../src/rules/state-of-war/compile.js';
import type { GameEvent } from '../../src/core/model.js';

/** Distance from (x, y) to the segment a→b. */
function segDist(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** The least distance from the route's points, sampled every 0.05 cm, to the segment a→b. */
function routeClearance(points: readonly { x: number; y: number }[], ax: number, ay: number, bx: number, by: number): number {
  let least = Infinity;
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1];
    const q = points[i];
    const n = Math.max(1, Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) / 0.05));
    for (let k = 0; k <= n; k++) least = Math.min(least, segDist(p.x + ((q.x - p.x) * k) / n, p.y + ((q.y - p.y) * k) / n, ax, ay, bx, by));
  }
  return least;
}

describe('Morale Result "-3 Break and run, use both actions": a runner by a fence beside a gap [W32] [W11] (audit C5, second reading C2)', () => {
  // A fence along x = 95 from y = 20 to y = 100; the runner (side A, rear edge west) stands by its
  // east face 2 cm short of its end, a friend on the place beyond the fence that a climb would take.
  const sc = testScenario([{ side: 0, unit: 'run' }, { side: 0, unit: 'friend' }, { side: 1 }], {
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
  const at = (): ReturnType<typeof position> => {
    const s = position(sc, { A01: [95 + sc.radius + 0.1, 98, 180], A02: [95 - sc.radius - 2, 98, 0], B01: [130, 98, 180] });
    s.morale[sc.unitIndex.get('run')!] = BROKEN;
    return acting(s, 'A01');
  };
  it("the straight way to the rear is cut at once by the fence and the climb is blocked, so the way round the fence's end is offered", () => {
    const s = at();
    const a = fig(s, 'A01');
    expect(movePlan(s, a, 'rear')).toBeNull();
    expect(keys(s)).toEqual(['move:round']);
  });
  it('it runs round the end, its base clear of the line, and ends further from the enemy; its second action runs on', () => {
    const s = at();
    const a = fig(s, 'A01');
    const before = foeDistance(s, 0, s.x[a], s.y[a]);
    const plan = movePlan(s, a, 'round')!;
    expect(routeClearance(plan.points, 95, 20, 95, 100)).toBeGreaterThanOrEqual(sc.radius);
    const e = ev(act(s, { k: 'move', to: 'round' }, []), 'move');
    expect(e.length).toBeCloseTo(12, 1);
    expect(s.x[a]).toBeLessThan(95);
    expect(segDist(s.x[a], s.y[a], 95, 20, 95, 100)).toBeGreaterThanOrEqual(sc.radius);
    expect(foeDistance(s, 0, s.x[a], s.y[a])).toBeGreaterThan(before + 5);
    expect(keys(s).some((k) => k === 'move:rear' || k === 'move:round')).toBe(true);
    expect(keys(s)).not.toContain('done');
  });
});

describe('Morale Result "-3 Break and run, use both actions must end further from the enemy": no way to the rear runs, so the runner runs aside [W32] [W11] (second reading C2)', () => {
  it("an enemy stands at the runner's rear: every way back ends nearer him, so it moves away from him, sideways to its rear edge", () => {
    const sc = testScenario([{ side: 0, unit: 'run' }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], B01: [90, 100, 0] });
    s.morale[sc.unitIndex.get('run')!] = BROKEN;
    acting(s, 'A01');
    const a = fig(s, 'A01');
    expect(movePlan(s, a, 'rear')).toBeNull();
    expect(keys(s)).toEqual(['move:away']);
    const e = ev(act(s, { k: 'move', to: 'away' }, []), 'move');
    expect(e.length).toBeCloseTo(12, 6);
    // Straight across the line from the enemy (90° off it): no farther from its rear edge, 15.6 cm from him.
    expect(s.x[a]).toBeCloseTo(100, 6);
    expect(foeDistance(s, 0, s.x[a], s.y[a])).toBeCloseTo(Math.hypot(10, 12), 6);
    expect(keys(s)).toContain('move:away');
  });
  it('a wounded rider facing the enemy cannot turn about and still run with one action; he wheels 135° and rides the 6 cm left', () => {
    const sc = testScenario([{ side: 0, unit: 'run', mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], B01: [110, 100, 180] });
    const a = fig(s, 'A01');
    s.wounds[a] = 1;
    s.morale[sc.unitIndex.get('run')!] = BROKEN;
    acting(s, 'A01');
    expect(keys(s)).toEqual(['move:away']);
    const e = ev(act(s, { k: 'move', to: 'away' }, []), 'move');
    expect(e.turned).toBeCloseTo(135, 6);
    expect(e.used).toBeCloseTo(24, 6);
    expect(e.length).toBeCloseTo(6, 6);
    expect(foeDistance(s, 0, s.x[a], s.y[a])).toBeGreaterThan(10.01);
  });
});

describe('Movement: a fence is a line the base may not pass over, ends included [W5] [W11] (audit D3)', () => {
  it("a move past a fence's end keeps the base clear of it (before 1.4.0 only the centre was kept off the line)", () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
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
    // Straight behind the figure (west) passes 1 cm beyond the fence's end at (95, 100).
    const s = acting(position(sc, { A01: [100, 101, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    const plan = movePlan(s, a, 'rear')!;
    expect(plan.to.x).toBeLessThan(95 - sc.radius);
    expect(routeClearance(plan.points, 95, 20, 95, 100)).toBeGreaterThanOrEqual(sc.radius);
  });
  it('a move toward a fence at a slant stops with the base touching the line, not over it', () => {
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
    // The enemy beyond the fence, at a slant of 45°.
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [80, 120, 0] }), 'A01');
    const a = fig(s, 'A01');
    const plan = movePlan(s, a, 'foe:B01')!;
    expect(routeClearance(plan.points, 95, 20, 95, 180)).toBeGreaterThanOrEqual(sc.radius);
    expect(plan.to.x - 95).toBeCloseTo(sc.radius + 0.1, 6);
    act(s, { k: 'move', to: 'foe:B01' }, []);
    expect(keys(s)).toContain('climb');
  });
});

describe('Movement: "Infantry: 12cms (Halved if in difficult terrain like marshes etc)" measured exactly [W9] (audit D2)', () => {
  // A marsh from x = 80 to x = 97.2: the old half-cm steps (from x = 100, the step 97.5–97.0 has its
  // middle at 97.25, outside) counted 0.2 cm of marsh as open ground, so the move used 12.2 cm.
  const sc = testScenario([{ side: 0 }, { side: 1 }], {
    terrain: [
      {
        id: 'marsh',
        kind: 'difficult',
        polygon: [
          [80, 0],
          [97.2, 0],
          [97.2, 200],
          [80, 200],
        ],
      },
    ],
  });
  it('2.8 cm of open ground and 4.6 cm of marsh (9.2 cm of allowance) is the whole 12 cm move; the event says how much was in difficult ground', () => {
    const s = acting(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const e = ev(act(s, { k: 'move', to: 'rear' }, []), 'move');
    expect(e.length).toBeCloseTo(7.4, 6);
    expect(e.difficult).toBeCloseTo(4.6, 6);
    expect(e.used).toBeCloseTo(12, 6);
    expect(Number(e.length) + Number(e.difficult)).toBeLessThanOrEqual(12 + 1e-9);
  });
  it('a horseman: 24 cm, the same way (the cm in the marsh count twice)', () => {
    const sc2 = testScenario([{ side: 0, mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }], {
      terrain: [
        {
          id: 'marsh',
          kind: 'difficult',
          polygon: [
            [80, 0],
            [97.2, 0],
            [97.2, 200],
            [80, 200],
          ],
        },
      ],
    });
    const s = acting(position(sc2, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const e = ev(act(s, { k: 'move', to: 'rear' }, []), 'move');
    // 2.8 cm open, then (24 − 2.8) / 2 = 10.6 cm of marsh.
    expect(e.length).toBeCloseTo(13.4, 6);
    expect(e.difficult).toBeCloseTo(10.6, 6);
    expect(e.used).toBeCloseTo(24, 6);
  });
});

describe('Victory: firing the wagon "in base contact with the objective" [W34] [W20] (audit D5)', () => {
  const sc = testScenario([{ side: 0 }, { side: 1 }]);
  // The test objective is the rectangle x 190–196, y 5–9.
  it('a base 0.4 cm off the objective is not in contact (≤ 0.3 cm): no fire action; at 0.29 cm it is', () => {
    const s = acting(position(sc, { A01: [190 - sc.radius - 0.4, 7, 0], B01: [100, 150] }), 'A01');
    expect(keys(s)).not.toContain('burn');
    const s2 = acting(position(sc, { A01: [190 - sc.radius - 0.29, 7, 0], B01: [100, 150] }), 'A01');
    expect(keys(s2)).toContain('burn');
  });
  it('every place the objective move leads to is in base contact with it', () => {
    const check = (c: SowScenario): void => {
      for (const p of c.objective.spots) {
        let gap = Infinity;
        const poly = c.objective.poly;
        for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
          gap = Math.min(gap, segDist(p.x, p.y, poly[j].x, poly[j].y, poly[i].x, poly[i].y) - c.radius);
        expect(gap).toBeGreaterThan(0);
        expect(gap).toBeLessThanOrEqual(0.3);
      }
    };
    check(sc);
  });
});

describe('Morale: "+1 Unit moving towards the nearest enemy" — a climb is a move [W31] [W32] (second reading D8)', () => {
  it('a climb over a fence that ends nearer the nearest enemy counts as advancing', () => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], {
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
    const s = acting(position(sc, { A01: [95 - sc.radius - 0.1, 100, 0], B01: [130, 100, 180] }), 'A01');
    const u = sc.unitIndex.get('a')!;
    expect(moraleModifiers(s, u).advancing).toBeUndefined();
    const e = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e.over).toBe(true);
    expect(moraleModifiers(s, u).advancing).toBe(1);
  });
});

describe('Morale: "-1 Enemy closer to unit flanks/rear than friends" with two enemies equally near [W30] (second reading D7)', () => {
  // A man alone facing east; two enemies at the same distance, one dead ahead (listed first), one
  // 62.6° off his facing.
  const sc = testScenario([{ side: 0, unit: 'one' }, { side: 1 }, { side: 1 }]);
  const r = 2.55;
  const a = (62.6 * Math.PI) / 180;
  const at = (): ReturnType<typeof position> =>
    position(sc, { A01: [100, 100, 0], B01: [100 + r, 100, 180], B02: [100 + r * Math.cos(a), 100 + r * Math.sin(a), 240] });
  it('an enemy on his flank as near as the nearest threatens it, whatever the figure order (before 1.4.0 the first listed decided)', () => {
    const s = at();
    const u = sc.unitIndex.get('one')!;
    expect(flankedBy(s, u)).toBe(fig(s, 'B02'));
    expect(moraleModifiers(s, u).flanked).toBe(-1);
  });
  it('the morale event names the enemy on the flank (`flankedBy`)', () => {
    const s = at();
    const events: GameEvent[] = [];
    moraleTest(s, sc.unitIndex.get('one')!, 'charged', { rng: { next: () => 0.99 }, emit: (e) => events.push(e) });
    const e = ev(events, 'morale');
    expect(e.flankedBy).toBe('B02');
    expect((e.mods as Record<string, number>).flanked).toBe(-1);
  });
  it('with the flank enemy 0.1 cm further off, the nearest is dead ahead: no −1', () => {
    const s = at();
    const b2 = fig(s, 'B02');
    s.x[b2] = 100 + (r + 0.1) * Math.cos(a);
    s.y[b2] = 100 + (r + 0.1) * Math.sin(a);
    expect(flankedBy(s, sc.unitIndex.get('one')!)).toBe(-1);
  });
});

describe('Morale Result "-2 Use 1 action to Move towards nearest cover or table edge to rear": cover from the enemy, not toward him [W32] [W17] (second reading C1)', () => {
  it("the nearest building face lies ahead of the figure, toward the enemy's edge: the fall back goes to the wood behind instead", () => {
    const terrain = {
      terrain: [
        {
          id: 'barn',
          kind: 'building',
          polygon: [
            [102, 80],
            [112, 80],
            [112, 90],
            [102, 90],
          ],
        },
        {
          id: 'wood',
          kind: 'wood',
          polygon: [
            [70, 95],
            [80, 95],
            [80, 105],
            [70, 105],
          ],
        },
      ],
    };
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], terrain);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [130, 100, 180] }), 'A01');
    const f = fig(s, 'A01');
    s.mustRetire[f] = 1;
    s.options = null;
    const plan = movePlan(s, f, 'cover')!;
    expect(plan.to.x).toBeLessThanOrEqual(100);
    act(s, { k: 'move', to: 'cover' }, []);
    expect(s.x[f]).toBeLessThan(100);
    expect(coverOf(sc, 130, 100, 80 + sc.radius, 100)).toBe('soft');
  });
  it("a fence place on the enemy's side of the line is no cover from him; the place behind it is", () => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], {
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
    const s = acting(position(sc, { A01: [99, 100, 0], B01: [120, 100, 180] }), 'A01');
    const f = fig(s, 'A01');
    s.mustRetire[f] = 1;
    s.options = null;
    const plan = movePlan(s, f, 'cover');
    // The place behind the line is the cover. Since 1.5.0 (third outside reading A1) the way to it
    // goes round the line's end, never over the line: this line's ends are 80 cm off, so the move
    // goes 12 cm along the enemy's face toward an end (short for its allowance), the base clear of
    // the line. (Before 1.5.0 it walked to the line and stopped there, touching it.)
    expect(plan).not.toBeNull();
    expect(plan!.toward!.x).toBeLessThan(95);
    expect(coverOf(sc, 120, 100, plan!.toward!.x, plan!.toward!.y)).not.toBe('open');
    expect(plan!.to.x).toBeGreaterThan(95 + sc.radius);
    expect(routeClearance(plan!.points, 95, 20, 95, 180)).toBeGreaterThanOrEqual(sc.radius);
    expect(plan!.length).toBeCloseTo(12, 6);
    expect(plan!.short).toEqual(['allowance']);
  });
  it('a figure already in cover from its nearest enemy is not sent shuffling along it: it falls back to the rear', () => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], {
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
    const s = acting(position(sc, { A01: [95 - sc.radius - 0.1, 100, 0], B01: [120, 100, 180] }), 'A01');
    const f = fig(s, 'A01');
    s.mustRetire[f] = 1;
    s.options = null;
    expect(coveredFromEnemy(s, f)).toBe(true);
    expect(keys(s)).toEqual(['move:rear']);
    expect(s.morale[sc.unitIndex.get('a')!]).toBe(OK);
  });
});
