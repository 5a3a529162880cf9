/**
 * The actions of the sheet's "Actions" list that came last: climbing walls, fences and ladders,
 * carrying a barrel-sized object, making a detachment ("Actions:" and "Movement:" of the
 * quick-reference sheet; readings [W5], [W6] of docs/rules/state-of-war.md).
 */
import { describe, expect, it } from 'vitest';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { moraleModifiers } from '../../src/rules/state-of-war/morale.js';
import { activeMembers, actor } from '../../src/rules/state-of-war/units.js';
import { stateOfWarInvariants } from '../../src/rules/state-of-war/invariants.js';
import {
  BROKEN,
  CLIMB_LADDER,
  CLIMB_WALL,
  NO_ADVANCE,
  OK,
  ROUTED,
  climbActions,
  phaseActions,
} from '../../src/rules/state-of-war/tables.js';
import { loadScenario } from '../../src/rules/index.js';
import type { SowScenario } from '../../src/rules/state-of-war/index.js';
import { DEAD } from '../../src/rules/state-of-war/state.js';

const wall = (height: number, ladder = false): Record<string, unknown> => ({
  fences: [
    {
      id: 'w',
      kind: 'wall',
      height,
      line: [
        [95, 20],
        [95, 180],
      ],
    },
  ],
  ...(ladder ? { ladders: [{ id: 'L', at: [95, 100] }] } : {}),
});

describe('Actions: "Climb 6cms of ladder or 3cms of wall, fence or similar"', () => {
  it('the table: 3 cm of wall or fence an action, 6 cm of ladder [W5]', () => {
    expect(CLIMB_WALL).toBe(3);
    expect(CLIMB_LADDER).toBe(6);
    expect(climbActions(3, false)).toBe(1);
    expect(climbActions(5, false)).toBe(2);
    expect(climbActions(6, false)).toBe(2);
    expect(climbActions(7, false)).toBe(3);
    expect(climbActions(5, true)).toBe(1);
    expect(climbActions(7, true)).toBe(2);
  });
  it('a 5 cm wall takes two climb actions; the first leaves the figure at the foot, 3 cm up [W5]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], wall(5));
    const s = acting(position(sc, { A01: [95 + sc.radius + 0.1, 60, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    const e1 = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e1).toMatchObject({ fence: 'w', height: 5, rate: 3, climbed: 3, over: false, ladder: null });
    expect(s.x[a]).toBeCloseTo(95 + sc.radius + 0.1, 6);
    expect(s.climbed[a]).toBe(3);
    const e2 = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e2).toMatchObject({ climbed: 6, over: true });
    expect(s.x[a]).toBeCloseTo(95 - sc.radius - 2, 6);
    expect(s.climbed[a]).toBe(0);
  });
  it('a climb half done carries over to the next turn, and any other action gives it up [W5]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], wall(9));
    const s = acting(position(sc, { A01: [95 + sc.radius + 0.1, 60, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    act(s, { k: 'climb' }, []);
    act(s, { k: 'climb' }, []);
    expect(s.climbed[a]).toBe(6);
    // Beta's phase passes; in the next turn A01 goes on from 6 cm.
    while (actor(s) !== a) act(s, { k: 'done' }, []);
    const e = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e).toMatchObject({ climbed: 9, over: true });
    const s2 = acting(position(sc, { A01: [95 + sc.radius + 0.1, 60, 180], B01: [190, 150] }), 'A01');
    act(s2, { k: 'climb' }, []);
    expect(s2.climbed[a]).toBe(3);
    act(s2, { k: 'move', to: 'obj' }, []);
    expect(s2.climbed[a]).toBe(0);
  });
  it('by a ladder a man climbs 6 cm an action: the 5 cm wall in one [W5]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], wall(5, true));
    const s = acting(position(sc, { A01: [95 + sc.radius + 0.1, 101, 180], B01: [190, 150] }), 'A01');
    const e = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e).toMatchObject({ ladder: 'L', rate: 6, climbed: 6, over: true });
    // Away from the ladder the same wall is 3 cm an action.
    const s2 = acting(position(sc, { A01: [95 + sc.radius + 0.1, 60, 180], B01: [190, 150] }), 'A01');
    expect(ev(act(s2, { k: 'climb' }, []), 'climb')).toMatchObject({ ladder: null, rate: 3, over: false });
  });
  it('a horse jumps a 3 cm fence in one action but not a 5 cm wall, nor uses a ladder [W5]', () => {
    const low = testScenario([{ side: 0, mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }], wall(3, true));
    const s = acting(position(low, { A01: [95 + low.radius + 0.1, 101, 180], B01: [190, 150] }), 'A01');
    expect(ev(act(s, { k: 'climb' }, []), 'climb')).toMatchObject({ ladder: null, rate: 3, over: true });
    const high = testScenario([{ side: 0, mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }], wall(5, true));
    const t = acting(position(high, { A01: [95 + high.radius + 0.1, 101, 180], B01: [190, 150] }), 'A01');
    expect(keys(t)).not.toContain('climb');
  });
  it('on Raid on the Supply Wagon the rail fence is one climb action, the stone wall two, one by the orchard ladder', () => {
    const sc = loadScenario('wagon-raid').compiled as SowScenario;
    const h = (id: string): number => sc.fences.find((f) => f.id === id)!.height;
    expect(climbActions(h('rail-north'), false)).toBe(1);
    expect(climbActions(h('stone-wall'), false)).toBe(2);
    expect(sc.ladders.map((l) => sc.fences[l.fence].id)).toEqual(['stone-wall']);
    expect(climbActions(h('stone-wall'), true)).toBe(1);
  });
});

describe('Actions and Movement: "Carrying a barrel or similar sized object costs 1 action"', () => {
  const barrels = { barrels: [{ id: 'oil', name: 'the oil', at: [60, 60], fire: 2 }] };
  it('the table: a carrier has 1 action fewer in each phase [W6]', () => {
    expect(phaseActions(0, false)).toBe(2);
    expect(phaseActions(0, true)).toBe(1);
    expect(phaseActions(1, false)).toBe(1);
  });
  it('picking the barrel up is an action; in his next phase the carrier has 1 action; he may not fire or load [W6]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], barrels);
    const s = acting(position(sc, { A01: [58, 60], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    expect(keys(s)).toContain('carry:oil');
    const e = ev(act(s, { k: 'carry', b: 'oil' }, []), 'carry');
    expect(e).toMatchObject({ figure: 'A01', barrel: 'oil' });
    expect(s.carry[a]).toBe(0);
    expect(s.bHeld[0]).toBe(a);
    expect(s.acts[a]).toBe(1);
    s.load[a] = 2;
    s.options = null;
    const k = keys(s);
    expect(k).toContain('drop');
    expect(k).not.toContain('load');
    expect(k.some((x) => x.startsWith('fire') || x.startsWith('charge') || x.startsWith('carry'))).toBe(false);
    const events = act(s, { k: 'done' }, []);
    while (actor(s) !== a && actor(s) >= 0) events.push(...act(s, { k: 'done' }, []));
    expect(s.acts[a]).toBe(1);
    expect(events.find((x) => x.e === 'burden')).toMatchObject({ figure: 'A01', barrel: 'oil', cost: 1, actions: 1 });
  });
  it('a wounded man drops it where he stands, and may not pick it up [W6]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], barrels);
    const s = acting(position(sc, { A01: [58, 60], B01: [190, 150] }), 'A01');
    s.wounds[fig(s, 'A01')] = 1;
    s.options = null;
    expect(keys(s)).not.toContain('carry:oil');
  });
  it("emptied at the objective, the carrier's fire action counts the barrel's worth [W6][W34]", () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], { barrels: [{ id: 'oil', name: 'the oil', at: [186.5, 7], fire: 2 }] });
    const s = acting(position(sc, { A01: [188.5, 7, 0], B01: [100, 150] }), 'A01');
    const a = fig(s, 'A01');
    act(s, { k: 'carry', b: 'oil' }, []);
    const e = ev(act(s, { k: 'burn' }, []), 'burn');
    expect(e).toMatchObject({ barrel: 'oil', counts: 2, progress: 2, needed: 3 });
    expect(s.bHeld[0]).toBe(-2);
    expect(s.carry[a]).toBe(-1);
  });
  it('a man setting it down spends an action; the barrel stays where he stood [W6]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], barrels);
    const s = acting(position(sc, { A01: [58, 60], B01: [190, 150] }), 'A01');
    act(s, { k: 'carry', b: 'oil' }, []);
    const a = fig(s, 'A01');
    s.x[a] = 40;
    s.options = null;
    s.memo = null;
    const e = ev(act(s, { k: 'drop' }, []), 'drop');
    expect(e).toMatchObject({ barrel: 'oil', at: [40, 60], cause: 'set down' });
    expect(s.bHeld[0]).toBe(-1);
    expect([s.bx[0], s.by[0]]).toEqual([40, 60]);
  });
});

describe('Actions: "Make a detachment"', () => {
  const five = [0, 1, 2, 3, 4].map((i) => ({ side: 0 as const, unit: 'coy', role: (i === 0 ? 'nco' : 'man') as 'nco' | 'man' }));
  it('a figure leads off half the unit (rounded down), the nearest to him, never its NCO; the rest keep the NCO [W6]', () => {
    const sc = testScenario([...five, { side: 1 }]);
    const s = acting(position(sc, { A01: [50, 50], A02: [60, 50], A03: [61, 50], A04: [70, 50], A05: [62, 56], B01: [190, 150] }), 'A02');
    expect(keys(s)).toContain('detach');
    const e = ev(act(s, { k: 'detach' }, []), 'detach');
    expect(e).toMatchObject({
      figure: 'A02',
      from: 'coy',
      unit: 'coy-d1',
      figures: ['A02', 'A03'],
      size: 2,
      leftSize: 3,
      leader: 'A02',
      leftLeader: 'A01',
    });
    const coy = sc.unitIndex.get('coy')!;
    const det = sc.unitIndex.get('coy-d1')!;
    expect(activeMembers(s, det).map((f) => sc.figures[f].id)).toEqual(['A02', 'A03']);
    expect(activeMembers(s, coy).map((f) => sc.figures[f].id)).toEqual(['A01', 'A04', 'A05']);
    expect(s.leader[det]).toBe(fig(s, 'A02'));
    expect(s.size[det]).toBe(2);
  });
  it('the detachment tests morale as a unit of its own size: one man out of 2 is −2 per 20% × 2 [W6][W27]', () => {
    const sc = testScenario([...five, { side: 1 }]);
    const s = acting(position(sc, { A01: [50, 50], A02: [60, 50], A03: [61, 50], A04: [70, 50], A05: [62, 56], B01: [190, 150] }), 'A02');
    act(s, { k: 'detach' }, []);
    const det = sc.unitIndex.get('coy-d1')!;
    s.status[fig(s, 'A03')] = DEAD;
    expect(moraleModifiers(s, det).out).toBe(-2 * 2);
    // The main body's 3 lost nobody.
    expect(moraleModifiers(s, sc.unitIndex.get('coy')!).out).toBeUndefined();
  });
  it('a unit of one, a unit not OK, or a detachment cannot split [W6]', () => {
    const sc = testScenario([...five, { side: 1 }]);
    expect(keys(acting(position(sc, { B01: [190, 150] }), 'B01'))).not.toContain('detach');
    const s = acting(position(sc, { A01: [50, 50], A02: [60, 50], A03: [61, 50], A04: [70, 50], A05: [62, 56], B01: [190, 150] }), 'A02');
    act(s, { k: 'detach' }, []);
    s.options = null;
    expect(keys(s)).not.toContain('detach');
    const t = acting(position(sc, { A01: [50, 50], B01: [190, 150] }), 'A01');
    t.morale[sc.unitIndex.get('coy')!] = 1;
    t.options = null;
    expect(keys(t)).not.toContain('detach');
  });
  it('the invariant monitor rebuilds detachments, climbs and carrying from the events alone', () => {
    const sc = testScenario([...five, { side: 1 }], { ...wall(5), barrels: [{ id: 'oil', name: 'the oil', at: [60, 60], fire: 2 }] });
    const mon = stateOfWarInvariants(sc);
    const s = acting(
      position(sc, { A01: [50, 50], A02: [95 + sc.radius + 0.1, 60, 180], A03: [61, 50], A04: [70, 50], A05: [62, 60], B01: [190, 150] }),
      'A02',
    );
    mon.event({ e: 'phase', turn: 1, side: 'alpha' });
    for (const e of act(s, { k: 'climb' }, [])) mon.event(e);
    mon.afterStep(s);
    for (const e of act(s, { k: 'detach' }, [])) mon.event(e);
    mon.afterStep(s);
    expect(mon.violations).toEqual([]);
  });
});

describe('Morale Result "-3 Break and run, use both actions must end further from the enemy": a rider facing the enemy [W32] [W10]', () => {
  // A broken horseman faces east, straight at the enemy; its rear is west: running means turning
  // 180°, which costs its whole 24 cm move ("- ¼ move per 45 degrees turned").
  const rider = (acts: number): string[] => {
    const sc = testScenario([{ side: 0, unit: 'a', mounted: true }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [130, 100, 180] }), 'A01');
    s.morale[sc.unitIndex.get('a')!] = BROKEN;
    s.acts[fig(s, 'A01')] = acts;
    s.options = null;
    s.memo = null;
    return keys(s);
  };
  it('with two actions left it may spend the first turning about, to run with the second', () => {
    expect(rider(2)).toContain('move:rear');
  });
  it('with one action left (a wounded rider) a turn on the spot would end no further from the enemy: not offered (second outside reading)', () => {
    expect(rider(1)).not.toContain('move:rear');
  });
});

describe('Morale Result "-3 Break and run, use both actions must end further from the enemy": climbing too', () => {
  // A rail fence at x = 95; side 0 (A) has its rear to the west.
  const fence = {
    fences: [
      {
        id: 'f',
        kind: 'fence',
        height: 3,
        line: [
          [95, 20],
          [95, 180],
        ],
      },
    ],
  };
  const runner = (status: number, ax: number, bx: number): string[] => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], fence);
    const s = position(sc, { A01: [ax, 100, 180], B01: [bx, 100, 180] });
    s.morale[sc.unitIndex.get('a')!] = status;
    return keys(acting(s, 'A01'));
  };
  it('a broken or routed figure is not offered a climb toward the enemy [W32] (audit A1)', () => {
    // A01 west of the fence, the enemy east of it: over the fence is nearer the enemy and away from the rear.
    for (const m of [BROKEN, ROUTED]) {
      const k = runner(m, 95 - 1.35, 125);
      expect(k).not.toContain('climb');
      expect(k).toEqual(['move:rear']);
    }
    // At OK morale the same climb is offered.
    expect(runner(OK, 95 - 1.35, 125)).toContain('climb');
  });
  it('a broken figure may climb away from the enemy, toward its rear edge [W32] (audit A1)', () => {
    expect(runner(BROKEN, 95 + 1.35, 125)).toContain('climb');
  });
  it('"No Advance towards enemy": no climb that ends nearer the enemy [W32] (audit A1)', () => {
    expect(runner(NO_ADVANCE, 95 - 1.35, 125)).not.toContain('climb');
    expect(runner(NO_ADVANCE, 95 + 1.35, 125)).toContain('climb');
  });
  it("a falling-back figure's first action may climb only toward its rear edge [W32] (audit A1)", () => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], fence);
    const s = acting(position(sc, { A01: [95 - 1.35, 100, 180], B01: [150, 60, 180] }), 'A01');
    s.mustRetire[fig(s, 'A01')] = 1;
    s.options = null;
    expect(keys(s)).not.toContain('climb');
    const t = acting(position(sc, { A01: [95 + 1.35, 100, 180], B01: [150, 60, 180] }), 'A01');
    t.mustRetire[fig(t, 'A01')] = 1;
    t.options = null;
    expect(keys(t)).toContain('climb');
  });
  it('applying a climb toward the enemy while broken is refused [W32] (audit A1)', () => {
    const sc = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], fence);
    const s = acting(position(sc, { A01: [95 - 1.35, 100, 180], B01: [125, 100, 180] }), 'A01');
    s.morale[sc.unitIndex.get('a')!] = BROKEN;
    s.options = null;
    expect(() => act(s, { k: 'climb' }, [])).toThrow(/no fence or wall to climb/);
  });
});
