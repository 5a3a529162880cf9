/**
 * State of War rules on small positions, each test naming the sheet's section and the reading
 * [Wn] of docs/rules/state-of-war.md it relies on. Dice are scripted (test/helpers/rng.ts).
 */
import { describe, expect, it } from 'vitest';
import { d } from '../helpers/rng.js';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { formCombats, meleePool } from '../../src/rules/state-of-war/melee.js';
import { moraleModifiers, moraleTest } from '../../src/rules/state-of-war/morale.js';
import { chargePlan, movePlan } from '../../src/rules/state-of-war/movement.js';
import { shotCandidates } from '../../src/rules/state-of-war/shooting.js';
import { actor } from '../../src/rules/state-of-war/units.js';
import { ACTIVE, DEAD, DISABLED, PH_OVER } from '../../src/rules/state-of-war/state.js';
import { BROKEN, FALL_BACK, NO_ADVANCE, OK, ROUTED } from '../../src/rules/state-of-war/tables.js';
import type { GameEvent } from '../../src/core/model.js';
import { coverOf, inCoverAt } from '../../src/rules/state-of-war/table.js';
import { stateOfWarInvariants } from '../../src/rules/state-of-war/invariants.js';

describe('Actions', () => {
  it('a figure has 2 actions, −1 per wound: a wounded figure acts once [W2]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [50, 50], B01: [150, 150] }), 'A01');
    expect(s.acts[fig(s, 'A01')]).toBe(2);
    s.wounds[fig(s, 'B01')] = 1;
    act(s, { k: 'done' }, []);
    // Beta's phase: B01 has one action.
    expect(actor(s)).toBe(fig(s, 'B01'));
    expect(s.acts[fig(s, 'B01')]).toBe(1);
    act(s, { k: 'move', to: 'rear' }, []);
    expect(actor(s)).not.toBe(fig(s, 'B01'));
  });
  it('an unhurt figure spends two actions, one decision each [W1]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 50], B01: [150, 150] }), 'A01');
    act(s, { k: 'move', to: 'rear' }, []);
    expect(actor(s)).toBe(fig(s, 'A01'));
    expect(s.acts[fig(s, 'A01')]).toBe(1);
    act(s, { k: 'move', to: 'rear' }, []);
    expect(actor(s)).not.toBe(fig(s, 'A01'));
    expect(s.x[fig(s, 'A01')]).toBeCloseTo(76, 6);
  });
});

describe('Movement', () => {
  it('infantry 12 cm per action in the open [W8]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 180], B01: [190, 150] });
    const p = movePlan(s, fig(s, 'A01'), 'rear')!;
    expect(p.length).toBeCloseTo(12, 6);
  });
  it('halved in difficult terrain: each cm in it costs 2 [W9]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      terrain: [
        {
          id: 'marsh',
          kind: 'difficult',
          polygon: [
            [0, 0],
            [101, 0],
            [101, 180],
            [0, 180],
          ],
        },
      ],
    });
    const s = position(sc, { A01: [100, 100, 180], B01: [190, 150] });
    expect(movePlan(s, fig(s, 'A01'), 'rear')!.length).toBeCloseTo(6, 1);
  });
  it('cavalry 24 cm; −¼ move per 45° turned: 90° leaves 12 cm, 180° only turns [W10]', () => {
    const sc = testScenario([{ side: 0, mounted: true, melee: 'butt' }, { side: 1 }]);
    const a = fig(sc, 'A01');
    expect(movePlan(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), a, 'rear')!.length).toBeCloseTo(24, 6);
    expect(movePlan(position(sc, { A01: [100, 100, 270], B01: [190, 150] }), a, 'rear')!.length).toBeCloseTo(12, 6);
    expect(movePlan(position(sc, { A01: [100, 100, 225], B01: [190, 150] }), a, 'rear')!.length).toBeCloseTo(18, 6);
    const back = movePlan(position(sc, { A01: [100, 100, 0], B01: [190, 150] }), a, 'rear')!;
    expect(back.turnOnly).toBe(true);
    expect(Math.abs(Math.cos(back.facing) + 1)).toBeLessThan(1e-9);
  });
  it('infantry turn freely [W10]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    expect(movePlan(position(sc, { A01: [100, 100, 0], B01: [190, 150] }), fig(sc, 'A01'), 'rear')!.length).toBeCloseTo(12, 6);
  });
  it('a fence stops a move; a climb action crosses it, 2 cm beyond the line [W5]', () => {
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
    const s = acting(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    act(s, { k: 'move', to: 'rear' }, []);
    expect(s.x[a]).toBeCloseTo(95 + sc.radius + 0.1, 6);
    expect(keys(s)).toContain('climb');
    const e = ev(act(s, { k: 'climb' }, []), 'climb');
    expect(e.fence).toBe('f');
    expect(s.x[a]).toBeCloseTo(95 - sc.radius - 2, 6);
  });
});

describe('Shooting', () => {
  const sc = testScenario([
    { side: 0 },
    { side: 1 },
    { side: 1, unit: 'line' },
    { side: 1, unit: 'line' },
    { side: 1, unit: 'line' },
    { side: 0, weapon: 'repeater' },
  ]);
  it('quality die against cover and range dice; beat the highest by 6+: killed; a Minié rifle then needs 3 loads [W16][W19]', () => {
    const s = acting(position(sc, { A01: [50, 50], B01: [70, 50] }), 'A01');
    const e = ev(act(s, { k: 'fire', u: sc.units[sc.figures[fig(sc, 'B01')].unit].id }, [d(8, 8), d(4, 1), d(8, 1)]), 'fire');
    expect(e.band).toBe('medium');
    expect(e.firer).toEqual([{ die: 'd8', face: 8, score: 8, for: 'quality' }]);
    expect((e.against as { die: string }[]).map((x) => x.die)).toEqual(['d4', 'd8']);
    expect(e.result).toBe('killed');
    expect(s.status[fig(s, 'B01')]).toBe(DEAD);
    expect(s.load[fig(s, 'A01')]).toBe(3);
    expect(keys(s)).toContain('load');
    expect(keys(s).some((k) => k.startsWith('fire'))).toBe(false);
  });
  it('three load actions reload a muzzle-loader; one a repeater [W19]', () => {
    const s = acting(position(sc, { A01: [50, 50], B02: [70, 50], B03: [70, 60], B04: [70, 70] }), 'A01');
    s.load[fig(s, 'A01')] = 3;
    act(s, { k: 'load' }, []);
    act(s, { k: 'load' }, []);
    acting(s, 'A01');
    act(s, { k: 'load' }, []);
    expect(s.load[fig(s, 'A01')]).toBe(0);
    expect(keys(s)).toContain('fire:line');
    const r = acting(position(sc, { A02: [50, 80], B02: [70, 50], B03: [70, 60], B04: [70, 70] }), 'A02');
    act(r, { k: 'fire', u: 'line' }, [d(3, 1), d(8, 1), d(4, 4), d(8, 4)]);
    expect(r.load[fig(r, 'A02')]).toBe(1);
  });
  it('range dice by band: short d6, long d10, extreme d12; beyond extreme no shot [W13]', () => {
    const dieAt = (dx: number): string | null => {
      const s = acting(position(sc, { A01: [20, 50], B01: [20 + dx, 50] }), 'A01');
      const u = sc.units[sc.figures[fig(sc, 'B01')].unit].id;
      if (!keys(s).includes(`fire:${u}`)) return null;
      const e = ev(act(s, { k: 'fire', u }, [d(8, 1), d(4, 1), d(12, 1)]), 'fire');
      return (e.against as { die: string }[])[1].die;
    };
    expect(dieAt(10)).toBe('d6');
    expect(dieAt(100)).toBe('d10');
    expect(dieAt(140)).toBe('d12');
    expect(dieAt(155)).toBeNull();
  });
  /** A wood, a hill and a line (wall or rail fence) at x = 68, y 140–170; B01 shot from x = 30. */
  const coverTable = (line: { id: string; kind: string }) =>
    testScenario([{ side: 0 }, { side: 1 }], {
      terrain: [
        {
          id: 'w',
          kind: 'wood',
          polygon: [
            [70, 40],
            [80, 40],
            [80, 60],
            [70, 60],
          ],
        },
        {
          id: 'h',
          kind: 'hill',
          polygon: [
            [60, 100],
            [90, 100],
            [90, 130],
            [60, 130],
          ],
        },
      ],
      fences: [
        {
          ...line,
          line: [
            [68, 140],
            [68, 170],
          ],
        },
      ],
    });
  const shotAt = (sc: ReturnType<typeof coverTable>, x: number, y: number): GameEvent => {
    const s = acting(position(sc, { A01: [30, y], B01: [x, y] }), 'A01');
    return ev(act(s, { k: 'fire', u: sc.units[1].id }, [d(8, 1), d(8, 1), d(10, 1)]), 'fire');
  };
  it('cover dice: soft d6 touching a wood, hard d8 behind a wall, soft on higher ground [W17]', () => {
    const withTerrain = coverTable({ id: 'wall', kind: 'wall' });
    const coverAt = (x: number, y: number): string => String(shotAt(withTerrain, x, y).cover);
    expect(coverAt(71, 50)).toBe('soft');
    expect(coverAt(70, 155)).toBe('hard');
    expect(coverAt(75, 115)).toBe('soft');
    expect(coverAt(75, 85)).toBe('open');
  });
  it("the fire event names what gave the cover die; a fence gives it when the line of fire crosses it within 3 cm of the target's base edge [W17] (audit B2)", () => {
    const withTerrain = coverTable({ id: 'rail', kind: 'fence' });
    const shot = (x: number, y: number): GameEvent => shotAt(withTerrain, x, y);
    const r = withTerrain.radius;
    expect(shot(71, 50)).toMatchObject({ cover: 'soft', coverBy: 'w' });
    expect(shot(75, 115)).toMatchObject({ cover: 'soft', coverBy: 'higher ground' });
    expect(shot(75, 85)).toMatchObject({ cover: 'open', coverBy: null });
    // The crossing 3.84 cm from the target's centre is 2.59 cm from its base edge: soft, by the fence.
    expect(shot(68 + 3.84, 155)).toMatchObject({ cover: 'soft', coverBy: 'rail' });
    expect(shot(68 + 3 + r - 0.01, 155)).toMatchObject({ cover: 'soft', coverBy: 'rail' });
    expect(shot(68 + 3 + r + 0.01, 155)).toMatchObject({ cover: 'open', coverBy: null });
  });
  it('a graze has no effect; a wound counts; the second wound disables [W16][W18]', () => {
    const s = acting(position(sc, { A01: [50, 50], B01: [70, 50] }), 'A01');
    const b = fig(s, 'B01');
    const u = sc.units[sc.figures[b].unit].id;
    expect(ev(act(s, { k: 'fire', u }, [d(8, 5), d(4, 1), d(8, 4)]), 'fire').result).toBe('graze');
    expect(s.wounds[b]).toBe(0);
    s.load[fig(s, 'A01')] = 0;
    acting(s, 'A01');
    expect(ev(act(s, { k: 'fire', u }, [d(8, 6), d(4, 1), d(8, 4)]), 'fire').result).toBe('wound');
    expect(s.wounds[b]).toBe(1);
    s.load[fig(s, 'A01')] = 0;
    acting(s, 'A01');
    act(s, { k: 'fire', u }, [d(8, 7), d(4, 1), d(8, 4)]);
    expect(s.status[b]).toBe(DISABLED);
  });
  it('targets are randomised in a group; at short range only the front rank [W15]', () => {
    const s = position(sc, { A01: [20, 50], B02: [60, 50], B03: [62, 52], B04: [64, 48] });
    expect(shotCandidates(s, fig(s, 'A01'), sc.unitIndex.get('line')!).length).toBe(3);
    acting(s, 'A01');
    const e = ev(act(s, { k: 'fire', u: 'line' }, [d(3, 2), d(8, 1), d(4, 1), d(10, 1)]), 'fire');
    expect(e.pick).toEqual({ die: 'd3', face: 2 });
    expect(e.target).toBe('B03');
    const near = position(sc, { A01: [20, 50], B02: [30, 50], B03: [40, 50], B04: [31, 55] });
    expect(shotCandidates(near, fig(near, 'A01'), sc.unitIndex.get('line')!).map((c) => sc.figures[c.t].id)).toEqual(['B02', 'B04']);
  });
  it('a mounted target: the horse is hit on 4+ (d6) instead of the rider [W16]', () => {
    const cav = testScenario([{ side: 0 }, { side: 1, mounted: true, melee: 'butt' }]);
    const s = acting(position(cav, { A01: [50, 50], B01: [70, 50] }), 'A01');
    const b = fig(s, 'B01');
    const e = act(s, { k: 'fire', u: cav.units[1].id }, [d(8, 8), d(4, 1), d(8, 4), d(6, 4)]);
    expect(ev(e, 'horseHit').horseHit).toBe(true);
    expect(s.mounted[b]).toBe(0);
    expect(s.wounds[b]).toBe(0);
    const r = acting(position(cav, { A01: [50, 50], B01: [70, 50] }), 'A01');
    act(r, { k: 'fire', u: cav.units[1].id }, [d(8, 7), d(4, 1), d(8, 4), d(6, 3)]);
    expect(r.mounted[b]).toBe(1);
    expect(r.wounds[b]).toBe(1);
  });
  it('a figure in base contact with an enemy may not fire or load [W7]', () => {
    const s = acting(position(sc, { A01: [50, 50], B01: [52.6, 50], B02: [70, 70] }), 'A01');
    s.load[fig(s, 'A01')] = 1;
    expect(keys(s).some((k) => k.startsWith('fire') || k === 'load')).toBe(false);
  });
});

describe('Melee', () => {
  it('a maximum of 3 figures fight against 1 [W20]', () => {
    const sc = testScenario([{ side: 1 }, { side: 0 }, { side: 0 }, { side: 0 }, { side: 0 }]);
    const r = 2.6;
    const s = position(sc, { B01: [100, 100], A01: [100 + r, 100], A02: [100 - r, 100], A03: [100, 100 + r], A04: [100, 100 - r] });
    const cs = formCombats(s);
    expect(cs.length).toBe(1);
    expect(cs[0].one).toBe(fig(s, 'B01'));
    expect(cs[0].many.length).toBe(3);
  });
  it('quality die −1 per enemy over 1 and −1 if wounded; weapon die by the opponent; horse d6 except against bayonets [W21]', () => {
    const sc = testScenario([
      { side: 0, quality: 'veteran', melee: 'swordPistol', mounted: true },
      { side: 1, melee: 'bayonet' },
      { side: 1, melee: 'butt' },
      { side: 1, melee: 'improvised' },
    ]);
    const s = position(sc, { A01: [100, 100, 0], B01: [102.6, 100], B02: [100, 102.6], B03: [100, 97.4] });
    const a = fig(s, 'A01');
    const all = [fig(s, 'B01'), fig(s, 'B02'), fig(s, 'B03')];
    const pool = meleePool(s, a, all);
    expect(pool[0]).toMatchObject({ sides: 10, mod: -2 });
    expect(pool.map((p) => p.sides)).toEqual([10, 6]); // bayonets among them: no horse die
    expect(meleePool(s, a, [fig(s, 'B02')]).map((p) => p.sides)).toEqual([10, 6, 6]); // sword & pistol vs infantry d6, horse d6
    s.wounds[a] = 1;
    expect(meleePool(s, a, [fig(s, 'B02')])[0]).toMatchObject({ sides: 10, mod: -1 });
    expect(meleePool(s, fig(s, 'B01'), [a]).map((p) => p.sides)).toEqual([8, 8]); // bayonet vs cavalry d8
    expect(meleePool(s, fig(s, 'B03'), [a]).map((p) => p.sides)).toEqual([8]); // improvised vs cavalry: no dice
  });
  it('mounted figures cannot fight to the rear, unless lancers [W22]', () => {
    const sc = testScenario([{ side: 0, mounted: true, melee: 'butt' }, { side: 0, mounted: true, melee: 'lance' }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], A02: [110, 100, 0], B01: [97.4, 100] });
    expect(meleePool(s, fig(s, 'A01'), [fig(s, 'B01')])).toEqual([]);
    const t = position(sc, { A02: [100, 100, 0], A01: [120, 100, 0], B01: [97.4, 100] });
    expect(meleePool(t, fig(t, 'A02'), [fig(t, 'B01')]).map((p) => p.sides)).toEqual([8, 6]); // quality, lance vs infantry (no horse die: bayonets)
  });
  const duel = (
    loserMounted: boolean,
    dice: ReturnType<typeof d>[],
    charged = false,
  ): { events: GameEvent[]; b: number; s: ReturnType<typeof position> } => {
    const sc = testScenario([
      { side: 0, melee: 'butt' },
      { side: 1, mounted: loserMounted, melee: 'butt' },
    ]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [102.6, 100, 180] }), 'A01');
    if (charged) s.charged[fig(s, 'A01')] = 1;
    return { events: act(s, { k: 'done' }, dice), b: fig(s, 'B01'), s };
  };
  it('compare the highest dice; infantry loser by 1: push back 2 cm [W23]', () => {
    const { events, b, s } = duel(false, [d(8, 5), d(4, 1), d(8, 4), d(4, 1)]);
    expect(ev(events, 'melee')).toMatchObject({ oneScore: 5, manyScore: 4, margin: 1, loser: 'B01', effect: 'PB' });
    expect(s.x[b]).toBeCloseTo(104.6, 6);
  });
  it('charging adds 1 to the result [W21]', () => {
    const { events } = duel(false, [d(8, 4), d(4, 1), d(8, 4), d(4, 1)], true);
    expect(ev(events, 'melee')).toMatchObject({ oneScore: 5, manyScore: 4, effect: 'PB' });
  });
  it('multiple combat: the side scores its highest die +1 when one of its primaries charged, even if another holds that die ("+1 to result"; [W21], audit A2)', () => {
    const sc = testScenario([
      { side: 0, melee: 'butt' },
      { side: 0, melee: 'butt' },
      { side: 1, melee: 'butt' },
    ]);
    const s = acting(position(sc, { A01: [97.4, 100, 0], A02: [100, 97.4, 90], B01: [100, 100, 180] }), 'A01');
    s.charged[fig(s, 'A01')] = 1; // A01 charged; A02 did not
    // B01 (alone against 2): d8 7 −1 = 6, d4 1. A01: d8 5, d4 1. A02: d8 6, d4 1.
    const e = ev(act(s, { k: 'done' }, [d(8, 7), d(4, 1), d(8, 5), d(4, 1), d(8, 6), d(4, 1)]), 'melee');
    expect(e).toMatchObject({
      one: 'B01',
      many: ['A01', 'A02'],
      oneScore: 6,
      manyScore: 7,
      margin: 1,
      winner: 'A02',
      loser: 'B01',
      effect: 'PB',
    });
    expect(e.manyMods).toEqual([{ charging: 1 }, {}]);
  });
  it("the invariant monitor checks a multiple combat's score: highest die +1 for the side, not per figure [W21] (audit A2)", () => {
    const sc = testScenario([
      { side: 0, melee: 'butt' },
      { side: 0, melee: 'butt' },
      { side: 1, melee: 'butt' },
    ]);
    const s = acting(position(sc, { A01: [97.4, 100, 0], A02: [100, 97.4, 90], B01: [100, 100, 180] }), 'A01');
    s.charged[fig(s, 'A01')] = 1;
    const events = act(s, { k: 'done' }, [d(8, 7), d(4, 1), d(8, 5), d(4, 1), d(8, 6), d(4, 1)]);
    const mon = stateOfWarInvariants(sc);
    for (const e of events) mon.event(e);
    expect(mon.violations).toEqual([]);
    // The score the code gave before 1.3.0 (max(5 + 1, 6) = 6) is flagged.
    const bad = stateOfWarInvariants(sc);
    for (const e of events) bad.event(e.e === 'melee' ? { ...e, manyScore: 6, margin: 0 } : e);
    expect(bad.violations.some((v) => v.includes("the side's +1 give 7"))).toBe(true);
  });
  it('evens: no result [W23]', () => {
    const { events, b, s } = duel(false, [d(8, 4), d(4, 1), d(8, 4), d(4, 1)]);
    expect(ev(events, 'melee').effect).toBeNull();
    expect(s.status[b]).toBe(ACTIVE);
  });
  it('infantry row: +3 wound, +4 disabled, +5 killed [W23]', () => {
    expect(ev(duel(false, [d(8, 7), d(4, 1), d(8, 4), d(4, 1)]).events, 'melee').effect).toBe('W');
    const dis = duel(false, [d(8, 8), d(4, 1), d(8, 4), d(4, 1)]);
    expect(dis.s.status[dis.b]).toBe(DISABLED);
    const k = duel(false, [d(8, 8), d(4, 1), d(8, 3), d(4, 1)]);
    expect(k.s.status[k.b]).toBe(DEAD);
  });
  it('cavalry row: +1 dismounted, wounded on 5+ (d6) [W23]', () => {
    // B01 mounted: it throws quality d8, butt d4 (vs infantry), horse d6.
    const r = duel(true, [d(8, 5), d(4, 1), d(8, 4), d(4, 1), d(6, 1), d(6, 5)]);
    expect(ev(r.events, 'melee').effect).toBe('DMT');
    expect(r.s.mounted[r.b]).toBe(0);
    expect(r.s.wounds[r.b]).toBe(1);
    const q = duel(true, [d(8, 5), d(4, 1), d(8, 4), d(4, 1), d(6, 1), d(6, 4)]);
    expect(q.s.wounds[q.b]).toBe(0);
    const w = duel(true, [d(8, 8), d(4, 1), d(8, 4), d(4, 1), d(6, 1)]);
    expect(ev(w.events, 'melee').effect).toBe('W');
    expect(w.s.mounted[w.b]).toBe(1);
  });
});

describe('Morale', () => {
  const figs = [
    { side: 0 as const, unit: 'u', quality: 'veteran' as const, role: 'nco' as const },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, role: 'commander' as const, quality: 'elite' as const },
    { side: 1 as const },
  ];
  const sc = testScenario(figs);
  const base = (): ReturnType<typeof position> =>
    position(sc, { A01: [100, 100], A02: [100, 103], A03: [100, 106], A04: [100, 109], A05: [100, 112], A06: [20, 190], B01: [160, 106] });
  const moraleEvents = (s: ReturnType<typeof position>, u: number): GameEvent[] => {
    const out: GameEvent[] = [];
    moraleTest(s, u, 'test', { rng: { next: () => 0.99 }, emit: (x) => out.push(x) });
    return out;
  };
  it('majority quality die, +1 for a better NCO, −2 per 20% out, −1 per 20% wounded [W26]–[W28]', () => {
    const s = base();
    const u = sc.unitIndex.get('u')!;
    expect(moraleModifiers(s, u)).toEqual({ betterLeader: 1 });
    s.status[fig(s, 'A02')] = DEAD;
    s.status[fig(s, 'A03')] = DISABLED;
    s.wounds[fig(s, 'A04')] = 1;
    expect(moraleModifiers(s, u)).toEqual({ betterLeader: 1, out: -4, wounded: -1 });
  });
  it('NCO killed −2; force commander fell this turn −3; commander in sight within 50 cm +2 [W27][W31]', () => {
    const s = base();
    const u = sc.unitIndex.get('u')!;
    s.status[fig(s, 'A01')] = DEAD;
    s.commanderFell[0] = s.turn;
    expect(moraleModifiers(s, u)).toMatchObject({ ncoFell: -2, commanderFell: -3, out: -2 });
    const t = base();
    t.x[fig(t, 'A06')] = 90;
    t.y[fig(t, 'A06')] = 130;
    expect(moraleModifiers(t, u)).toMatchObject({ commanderNear: 2 });
  });
  it('enemy closer to the flank or rear than friends −1; advancing +1; in cover +1 [W30][W31]', () => {
    const s = base();
    const u = sc.unitIndex.get('u')!;
    s.x[fig(s, 'B01')] = 60; // behind them (they face east), and no friend of another unit nearer
    expect(moraleModifiers(s, u)).toMatchObject({ flanked: -1 });
    s.advanced[u] = 1;
    expect(moraleModifiers(s, u)).toMatchObject({ advancing: 1 });
  });
  it('retiring: the unit, or friends within 20 cm, falling back −1; friends in sight advancing +1 [W29][W31]', () => {
    const s = base();
    const u = sc.unitIndex.get('u')!;
    const cmdUnit = sc.figures[fig(s, 'A06')].unit;
    s.x[fig(s, 'A06')] = 100;
    s.y[fig(s, 'A06')] = 125; // 13 cm from A05
    s.morale[cmdUnit] = BROKEN;
    expect(moraleModifiers(s, u)).toMatchObject({ retiring: -1 });
    s.morale[cmdUnit] = OK;
    s.advanced[cmdUnit] = 1;
    const m = moraleModifiers(s, u);
    expect(m.retiring).toBeUndefined();
    expect(m).toMatchObject({ friends: 1 });
  });
  it('uphill of all enemies or in cover +1 [W31]', () => {
    const hill = testScenario(figs, {
      terrain: [
        {
          id: 'h',
          kind: 'hill',
          polygon: [
            [90, 90],
            [110, 90],
            [110, 120],
            [90, 120],
          ],
        },
      ],
    });
    const s = position(hill, {
      A01: [100, 100],
      A02: [100, 103],
      A03: [100, 106],
      A04: [100, 109],
      A05: [100, 112],
      A06: [20, 190],
      B01: [160, 106],
    });
    expect(moraleModifiers(s, hill.unitIndex.get('u')!)).toMatchObject({ uphill: 1 });
    expect(moraleModifiers(s, hill.unitIndex.get('u')!).cover).toBeUndefined();
    const wood = testScenario(figs, {
      terrain: [
        {
          id: 'w',
          kind: 'wood',
          polygon: [
            [101, 90],
            [110, 90],
            [110, 120],
            [101, 120],
          ],
        },
      ],
    });
    const t = position(wood, {
      A01: [100, 100],
      A02: [100, 103],
      A03: [100, 106],
      A04: [100, 109],
      A05: [100, 112],
      A06: [20, 190],
      B01: [160, 106],
    });
    expect(moraleModifiers(t, wood.unitIndex.get('u')!)).toMatchObject({ cover: 1 });
    const none = moraleModifiers(base(), sc.unitIndex.get('u')!);
    expect(none.cover).toBeUndefined();
    expect(none.uphill).toBeUndefined();
  });
  it('"+1 in cover" is recorded as `cover` (not merged with uphill), the morale event naming what covers each member: a fence within 0.5 cm of the base edge, on either side [W31] (audit B1)', () => {
    const fenced = testScenario(figs, {
      fences: [
        {
          id: 'rail',
          kind: 'fence',
          line: [
            [101.7, 90],
            [101.7, 120],
          ],
        },
      ],
    });
    const r = fenced.radius;
    // A01–A03 stand 1.7 cm from the fence line (base edge 0.45 cm off), A04 on its far side, A05 3 cm off.
    const s = position(fenced, {
      A01: [100, 100],
      A02: [100, 103],
      A03: [100, 106],
      A04: [101.7 + r + 0.5, 109],
      A05: [101.7 - r - 1.75, 112],
      A06: [20, 190],
      B01: [160, 106],
    });
    const u = fenced.unitIndex.get('u')!;
    const e = ev(moraleEvents(s, u), 'morale');
    expect(e.mods).toMatchObject({ cover: 1 });
    expect((e.mods as Record<string, number>).uphillOrCover).toBeUndefined();
    expect(e.inCover).toEqual({ A01: 'rail', A02: 'rail', A03: 'rail', A04: 'rail' });
  });
  it('the result ladder: 1+ OK, −2 fall back, −3 broken, worse routed [W32]', () => {
    const score = (face: number, more = false): number => {
      const s = base();
      const u = sc.unitIndex.get('u')!;
      s.status[fig(s, 'A02')] = DEAD; // 1 of 5 out: no whole 20%
      s.status[fig(s, 'A03')] = DEAD; // 2 of 5 out: −4
      if (more) s.commanderFell[0] = s.turn; // −3
      return moraleTest(s, u, 'test', { rng: { next: () => (face - 0.5) / 8 } }); // +1 better leader
    };
    expect(score(8)).toBe(OK); // 8 + 1 − 4 = 5
    expect(score(4)).toBe(OK); // 1
    expect(score(3)).toBe(NO_ADVANCE); // 0
    expect(score(2)).toBe(NO_ADVANCE); // −1
    expect(score(8, true)).toBe(OK); // 2
    expect(score(4, true)).toBe(FALL_BACK); // −2
    expect(score(3, true)).toBe(BROKEN); // −3
    expect(score(2, true)).toBe(ROUTED); // −4
  });
  it('a broken unit runs: it must move to the rear [W32]', () => {
    const s = acting(base(), 'A02');
    s.morale[sc.unitIndex.get('u')!] = BROKEN;
    s.options = null;
    expect(keys(s)).toEqual(['move:rear']);
  });
  it('falling back: the first action of the next phase must be a move to cover or the rear [W32]', () => {
    const s = acting(base(), 'A02');
    s.mustRetire[fig(s, 'A02')] = 1;
    s.options = null;
    expect(keys(s).length).toBeGreaterThan(0);
    expect(keys(s).every((k) => k === 'move:cover' || k === 'move:rear')).toBe(true);
    act(s, { k: 'move', to: 'rear' }, []);
    expect(keys(s)).toContain('done');
  });
  it('"-2 Move towards nearest cover": a building is hard cover ("walls, buildings"), so falling back can go to it [W17][W32] (audit A3)', () => {
    // Since 1.4.0 a fall back's cover lies no farther forward than the figure (second outside
    // reading C1), so the barn is put behind it (side A's rear is the west edge) and the wood ahead.
    const terrain = {
      terrain: [
        {
          id: 'barn',
          kind: 'building',
          polygon: [
            [90, 90],
            [100, 90],
            [100, 110],
            [90, 110],
          ],
        },
        {
          id: 'wood',
          kind: 'wood',
          polygon: [
            [180, 90],
            [190, 90],
            [190, 110],
            [180, 110],
          ],
        },
      ],
    };
    const sc2 = testScenario([{ side: 0, unit: 'a' }, { side: 1 }], terrain);
    const s = acting(position(sc2, { A01: [106, 100, 0], B01: [150, 160] }), 'A01');
    const a = fig(s, 'A01');
    s.mustRetire[a] = 1;
    s.options = null;
    expect(keys(s)).toContain('move:cover');
    const plan = movePlan(s, a, 'cover')!;
    // The barn's wall is 6 cm off, the wood 74 cm: the move ends with the base touching the barn.
    expect(plan.to.x).toBeCloseTo(100 + sc2.radius, 6);
    expect(plan.length).toBeLessThan(6);
    act(s, { k: 'move', to: 'cover' }, []);
    expect(inCoverAt(sc2, s.x[a], s.y[a])).toBe(true);
    expect(coverOf(sc2, 150, 160, s.x[a], s.y[a])).toBe('hard');
  });
  it('a routed unit never rallies; a broken one rallies on 4+ at the end of its action phase [W32]', () => {
    const s = acting(base(), 'A06');
    const u = sc.unitIndex.get('u')!;
    s.morale[u] = BROKEN;
    const e = act(s, { k: 'done' }, [d(8, 4)]);
    expect(ev(e, 'rally')).toMatchObject({ die: 'd8', face: 4, rallied: true });
    expect(s.morale[u]).toBe(OK);
    const r = acting(base(), 'A06');
    r.morale[u] = ROUTED;
    expect(act(r, { k: 'done' }, []).some((x) => x.e === 'rally')).toBe(false);
  });
  it('charging a more numerous unit needs a test; failing it, the charge is not made [W25]', () => {
    const sc2 = testScenario([{ side: 0 }, { side: 1, unit: 'big' }, { side: 1, unit: 'big' }]);
    const s = position(sc2, { A01: [100, 100], B01: [110, 100], B02: [110, 110] });
    s.wounds[fig(s, 'A01')] = 1; // −5: one wounded figure is 100% of its unit
    acting(s, 'A01');
    expect(chargePlan(s, fig(s, 'A01'), fig(s, 'B01'))).not.toBeNull();
    const e = act(s, { k: 'charge', t: 'B01' }, [d(8, 1)]);
    expect(ev(e, 'morale').trigger).toBe('charging a bigger or better unit');
    expect(ev(e, 'balk').target).toBe('B01');
    expect(s.x[fig(s, 'A01')]).toBe(100);
  });
});

describe('Scenario victory', () => {
  it('the raiders win when the objective has been fired by its actions in contact [W34]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [188.5, 7], B01: [20, 20] }), 'A01');
    expect(keys(s)).toContain('burn');
    act(s, { k: 'burn' }, []);
    act(s, { k: 'burn' }, []);
    acting(s, 'A01');
    act(s, { k: 'burn' }, []);
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(0);
  });
});
