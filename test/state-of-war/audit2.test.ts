/**
 * State of War: the findings of the second outside reading of 1.3.0's records
 * (docs/audits/2026-11-27-state-of-war-2.md) that ruleset 1.4.0 changes, each test naming the
 * sheet's section, the reading [Wn] of docs/rules/state-of-war.md and the finding.
 */
import { describe, expect, it } from 'vitest';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { movePlan } from '../../src/rules/state-of-war/engine.js';

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

describe('Movement: a fence is a line the base may not pass over, ends included [W5] [W11] (audit D3)', () => {
  it('a move past a fence\'s end keeps the base clear of it (before 1.4.0 only the centre was kept off the line)', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], { fences: [{ id: 'f', kind: 'fence', line: [[95, 20], [95, 100]] }] });
    // Straight behind the figure (west) passes 1 cm beyond the fence's end at (95, 100).
    const s = acting(position(sc, { A01: [100, 101, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    const plan = movePlan(s, a, 'rear')!;
    expect(plan.to.x).toBeLessThan(95 - sc.radius);
    expect(routeClearance(plan.points, 95, 20, 95, 100)).toBeGreaterThanOrEqual(sc.radius);
  });
  it('a move toward a fence at a slant stops with the base touching the line, not over it', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], { fences: [{ id: 'f', kind: 'fence', line: [[95, 20], [95, 180]] }] });
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
  const sc = testScenario([{ side: 0 }, { side: 1 }], { terrain: [{ id: 'marsh', kind: 'difficult', polygon: [[80, 0], [97.2, 0], [97.2, 200], [80, 200]] }] });
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
      terrain: [{ id: 'marsh', kind: 'difficult', polygon: [[80, 0], [97.2, 0], [97.2, 200], [80, 200]] }],
    });
    const s = acting(position(sc2, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const e = ev(act(s, { k: 'move', to: 'rear' }, []), 'move');
    // 2.8 cm open, then (24 − 2.8) / 2 = 10.6 cm of marsh.
    expect(e.length).toBeCloseTo(13.4, 6);
    expect(e.difficult).toBeCloseTo(10.6, 6);
    expect(e.used).toBeCloseTo(24, 6);
  });
});

