/**
 * Lines of the State of War quick-reference sheet that had no test of their own (review sow5),
 * each test naming the sheet's section and quoting its words, with the reading [Wn] of
 * docs/rules/state-of-war.md it relies on. Dice are scripted (test/helpers/rng.ts).
 */
import { describe, expect, it } from 'vitest';
import { d } from '../helpers/rng.js';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { meleeBonusReason } from '../../src/rules/state-of-war/melee.js';
import { moraleTest } from '../../src/rules/state-of-war/morale.js';
import { movePlan } from '../../src/rules/state-of-war/movement.js';
import { legalActions } from '../../src/rules/state-of-war/options.js';
import { shotCandidates } from '../../src/rules/state-of-war/shooting.js';
import { actor } from '../../src/rules/state-of-war/units.js';
import { DEAD, DISABLED, PH_OVER } from '../../src/rules/state-of-war/state.js';
import { BROKEN, FALL_BACK, NO_ADVANCE } from '../../src/rules/state-of-war/tables.js';
import type { GameEvent } from '../../src/core/model.js';

/** An rng whose every draw gives `face` on a d`sides`. */
const fixed = (face: number, sides: number): { rng: { next: () => number } } => ({ rng: { next: () => (face - 0.5) / sides } });

describe('Actions: "Move. (NB: Horse may move while rider does something else.)"', () => {
  const sc = testScenario([{ side: 0, mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }]);
  it('a mounted man with a weapon to load rides and loads in one action, once a turn [W3]', () => {
    const s = acting(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    s.load[a] = 1;
    s.options = null;
    expect(keys(s)).toContain('ride:rear');
    const events = act(s, { k: 'ride', to: 'rear' }, []);
    expect(ev(events, 'move')).toMatchObject({ kind: 'ride', length: 24 });
    expect(ev(events, 'load')).toMatchObject({ figure: 'A01', left: 0, ride: true });
    expect(s.x[a]).toBeCloseTo(76, 6);
    expect(s.acts[a]).toBe(1);
    s.load[a] = 1;
    s.options = null;
    s.memo = null;
    expect(keys(s)).toContain('load');
    expect(keys(s).some((k) => k.startsWith('ride:'))).toBe(false);
  });
});

describe('Actions: "Mount or dismount a stationary horse."', () => {
  const sc = testScenario([{ side: 0, mounted: true, weapon: 'pistol', melee: 'swordPistol' }, { side: 1 }]);
  it('dismounting is an action; the horse waits where he stood; on foot he moves as infantry, 12 cm [W4][W8]', () => {
    const s = acting(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    expect(keys(s)).toContain('dismount');
    expect(ev(act(s, { k: 'dismount' }, []), 'dismount')).toMatchObject({ figure: 'A01', horseAt: [100, 100] });
    expect(s.mounted[a]).toBe(0);
    expect(s.acts[a]).toBe(1);
    expect(keys(s)).toContain('mount');
    expect(movePlan(s, a, 'rear')!.length).toBeCloseTo(12, 6);
    act(s, { k: 'move', to: 'rear' }, []);
    acting(s, 'A01');
    expect(keys(s)).not.toContain('mount'); // the horse stands 12 cm off
  });
  it('mounting the waiting horse within 3 cm is an action [W4]', () => {
    const s = acting(position(sc, { A01: [100, 100, 180], B01: [190, 150] }), 'A01');
    const a = fig(s, 'A01');
    act(s, { k: 'dismount' }, []);
    expect(ev(act(s, { k: 'mount' }, []), 'mount').figure).toBe('A01');
    expect(s.mounted[a]).toBe(1);
  });
});

describe('Movement: "Cavalry: 24cms (Halved if in difficult terrain like marshes etc)"', () => {
  it('a horseman in a marsh goes 12 cm for his 24 [W9]', () => {
    const sc = testScenario([{ side: 0, mounted: true, melee: 'butt' }, { side: 1 }], {
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
    expect(movePlan(s, fig(s, 'A01'), 'rear')!.length).toBeCloseTo(12, 1);
  });
});

describe('Shooting: who may be shot', () => {
  it("no firing into a melee: a target in base contact with the firer's side is not a candidate [W14]", () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }, { side: 0 }]);
    const u = sc.figures[fig(sc, 'B01')].unit;
    const free = position(sc, { A01: [50, 50], B01: [70, 50], A02: [90, 90] });
    expect(shotCandidates(free, fig(sc, 'A01'), u).length).toBe(1);
    const melee = position(sc, { A01: [50, 50], B01: [70, 50], A02: [72.6, 50] });
    expect(shotCandidates(melee, fig(sc, 'A01'), u)).toEqual([]);
  });
  it('a wood blocks the line through it, unless the target stands in it [W14]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      terrain: [
        {
          id: 'w',
          kind: 'wood',
          polygon: [
            [40, 40],
            [50, 40],
            [50, 60],
            [40, 60],
          ],
        },
      ],
    });
    const u = sc.figures[fig(sc, 'B01')].unit;
    expect(shotCandidates(position(sc, { A01: [30, 50], B01: [70, 50] }), fig(sc, 'A01'), u)).toEqual([]);
    expect(shotCandidates(position(sc, { A01: [30, 50], B01: [45, 50] }), fig(sc, 'A01'), u).length).toBe(1);
  });
});

describe('Melee: "When figures are in contact with enemy figures, melee ensues."', () => {
  it('a figure that charges into contact stays there: its other action is lost and it fights at the end of the phase, +1 for charging [W20][W21]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [108, 100, 180] }), 'A01');
    expect(keys(s)).toContain('charge:B01');
    // B01 is charged: its unit tests (d8 = 8); then the melee: A01 d8=5, d6=1; B01 d8=5, d6=1.
    const events = act(s, { k: 'charge', t: 'B01' }, [d(8, 8), d(8, 5), d(6, 1), d(8, 5), d(6, 1)]);
    expect(ev(events, 'morale')).toMatchObject({ unit: sc.units[sc.figures[fig(sc, 'B01')].unit].id, trigger: 'charged' });
    // A01 had a second action, but the only thing left to it was to stand: the phase is over.
    expect(events.filter((e) => e.e === 'move' && e.figure === 'A01').length).toBe(1);
    expect(ev(events, 'melee')).toMatchObject({
      one: 'A01',
      many: ['B01'],
      oneMods: { charging: 1 },
      manyMods: [{}],
      oneScore: 6,
      manyScore: 5,
      effect: 'PB',
    });
    expect(actor(s)).toBe(fig(s, 'B01'));
  });
});

describe('Melee: the Method', () => {
  it('"Quality Dice (-1 per enemy over 1 ... or if wounded)": the record names each modifier [W21]', () => {
    const sc = testScenario([{ side: 1 }, { side: 0 }, { side: 0 }]);
    const s = acting(position(sc, { B01: [100, 100], A01: [102.6, 100], A02: [97.4, 100] }), 'A01');
    s.wounds[fig(s, 'B01')] = 1;
    // B01 against two: d8 −2 (one enemy over 1, wounded); then A01, A02; A02 loses (d2 = 2).
    const events = act(s, { k: 'done' }, [d(8, 8), d(6, 1), d(8, 1), d(6, 1), d(8, 1), d(6, 1), d(2, 2)]);
    const m = ev(events, 'melee');
    expect(m).toMatchObject({
      one: 'B01',
      oneMods: { outnumbered: -1, wounded: -1 },
      oneScore: 6,
      manyScore: 1,
      margin: 5,
      pick: { die: 'd2', face: 2 },
      loser: 'A02',
      effect: 'K',
    });
    expect((m.oneDice as { score: number }[])[0].score).toBe(6);
    expect(s.status[fig(s, 'A02')]).toBe(DEAD);
  });
  it('"+1 to result if uphill of all opponents or defending a barricade" [W21]', () => {
    const hill = testScenario([{ side: 0 }, { side: 1 }], {
      terrain: [
        {
          id: 'h',
          kind: 'hill',
          polygon: [
            [90, 90],
            [101, 90],
            [101, 110],
            [90, 110],
          ],
        },
      ],
    });
    const s = position(hill, { A01: [100, 100], B01: [102.6, 100] });
    expect(meleeBonusReason(s, fig(s, 'A01'), [fig(s, 'B01')])).toBe('uphill');
    expect(meleeBonusReason(s, fig(s, 'B01'), [fig(s, 'A01')])).toBeNull();
    const fence = testScenario([{ side: 0 }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [101.3, 20],
            [101.3, 180],
          ],
        },
      ],
    });
    const t = position(fence, { A01: [100, 100], B01: [102.6, 100] });
    // The fence stands between them: each defends it, whichever side's phase it is (since ruleset
    // 1.6.0, issue 38 item 3: before, only the side whose phase it was not, B01 here).
    expect(meleeBonusReason(t, fig(t, 'B01'), [fig(t, 'A01')])).toBe('barricade');
    expect(meleeBonusReason(t, fig(t, 'A01'), [fig(t, 'B01')])).toBe('barricade');
    // A figure with no line between it and its opponent does not.
    const u = position(fence, { A01: [110, 100], B01: [112.6, 100] });
    expect(meleeBonusReason(u, fig(u, 'A01'), [fig(u, 'B01')])).toBeNull();
  });
});

describe('Melee: Result of Melee and its KEY', () => {
  it('"P/B = Push back 2 cms. Unengaged men behind are moved back also." [W23]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1, unit: 'line' }, { side: 1, unit: 'line' }]);
    const s = acting(position(sc, { A01: [100, 100], B01: [102.6, 100], B02: [105.1, 100] }), 'A01');
    const events = act(s, { k: 'done' }, [d(8, 5), d(6, 1), d(8, 4), d(6, 1)]);
    expect(ev(events, 'melee')).toMatchObject({ loser: 'B01', margin: 1, effect: 'PB' });
    expect(ev(events, 'push')).toMatchObject({ figure: 'B01', moved: ['B01', 'B02'], blocked: false });
    expect(s.x[fig(s, 'B01')]).toBeCloseTo(104.6, 6);
    expect(s.x[fig(s, 'B02')]).toBeCloseTo(107.1, 6);
  });
  it('infantry +2: "P/B+W" — pushed back and wounded [W23]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100], B01: [102.6, 100] }), 'A01');
    const events = act(s, { k: 'done' }, [d(8, 6), d(6, 1), d(8, 4), d(6, 1)]);
    expect(ev(events, 'melee').effect).toBe('PBW');
    expect(ev(events, 'push').blocked).toBe(false);
    expect(s.wounds[fig(s, 'B01')]).toBe(1);
  });
  const cav = (dice: ReturnType<typeof d>[]): { events: GameEvent[]; s: ReturnType<typeof position>; b: number } => {
    const sc = testScenario([
      { side: 0, melee: 'butt' },
      { side: 1, mounted: true, melee: 'butt' },
    ]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [102.6, 100, 180] }), 'A01');
    return { events: act(s, { k: 'done' }, dice), s, b: fig(s, 'B01') };
  };
  it('cavalry +2: "DMT+W" — dismounted, with DMT\'s 5+ (d6) wound for the fall, and the wound [W23]', () => {
    // A01 d8=6, butt vs cavalry d4=1; B01 d8=4, butt d4=1, horse d6=1: margin 2.
    const hurt = cav([d(8, 6), d(4, 1), d(8, 4), d(4, 1), d(6, 1), d(6, 5), d(8, 8)]);
    expect(ev(hurt.events, 'melee').effect).toBe('DMTW');
    expect(ev(hurt.events, 'unhorsed')).toMatchObject({ die: 'd6', face: 5, wounded: true, plusWound: true });
    expect(hurt.s.mounted[hurt.b]).toBe(0);
    expect(hurt.s.status[hurt.b]).toBe(DISABLED); // two wounds
    expect(hurt.events.filter((e) => e.e === 'hurt').map((e) => e.cause)).toEqual(['fall', 'melee']);
    const lucky = cav([d(8, 6), d(4, 1), d(8, 4), d(4, 1), d(6, 1), d(6, 4), d(8, 8)]);
    expect(ev(lucky.events, 'unhorsed')).toMatchObject({ face: 4, wounded: false, plusWound: true });
    expect(lucky.s.wounds[lucky.b]).toBe(1);
  });
  it('cavalry +5: "D", more: "K" [W23]', () => {
    const dis = cav([d(8, 8), d(4, 4), d(8, 1), d(4, 1), d(6, 3), d(8, 8)]);
    expect(ev(dis.events, 'melee')).toMatchObject({ margin: 5, effect: 'D' });
    expect(dis.s.status[dis.b]).toBe(DISABLED);
    const k = cav([d(8, 8), d(4, 4), d(8, 1), d(4, 1), d(6, 2)]);
    expect(ev(k.events, 'melee')).toMatchObject({ margin: 6, effect: 'K' });
    expect(k.s.status[k.b]).toBe(DEAD);
  });
});

describe('Morale', () => {
  it('"All units must test if the Force commander is killed", each with −3 [W25][W27]', () => {
    const sc = testScenario([
      { side: 0, unit: 'hq', role: 'commander', quality: 'elite' },
      { side: 0, unit: 'u' },
      { side: 0, unit: 'u' },
      { side: 0, unit: 'v' },
      { side: 1 },
    ]);
    const s = acting(position(sc, { A01: [70, 50], B01: [50, 50] }), 'B01');
    // B01 d8=8 against open d4=1, medium d8=1: killed. Then units u and v test (d8 each).
    const events = act(s, { k: 'fire', u: 'hq' }, [d(8, 8), d(4, 1), d(8, 1), d(8, 8), d(8, 8)]);
    expect(s.status[fig(s, 'A01')]).toBe(DEAD);
    const tests = events.filter((e) => e.e === 'morale');
    expect(tests.map((e) => [e.unit, e.trigger])).toEqual([
      ['u', 'force commander fell'],
      ['v', 'force commander fell'],
    ]);
    for (const t of tests) expect((t.mods as Record<string, number>).commanderFell).toBe(-3);
  });
  it('"All units must test if the Force commander is killed": a unit that has tested this phase tests again, with −3 and no +2 for him [W25] (audit C1)', () => {
    const sc = testScenario([
      { side: 0, unit: 'hq', role: 'commander', quality: 'elite' },
      { side: 0, unit: 'u' },
      { side: 0, unit: 'u' },
      { side: 1 },
      { side: 1 },
    ]);
    const s = acting(position(sc, { A01: [70, 50], A02: [70, 60], A03: [70, 63], B01: [50, 50], B02: [50, 60] }), 'B02');
    // B02 wounds A02 (pick d2=1, d8=4 against open d4=1, medium d8=1: +3): unit u tests (d8=8), with the commander near.
    const first = act(s, { k: 'fire', u: 'u' }, [d(2, 1), d(8, 4), d(4, 1), d(8, 1), d(8, 8)]);
    expect(ev(first, 'morale')).toMatchObject({ unit: 'u', trigger: 'a member hurt' });
    expect((ev(first, 'morale').mods as Record<string, number>).commanderNear).toBe(2);
    // Then B01 kills the commander in the same phase: u tests again, −3 and without the +2.
    acting(s, 'B01');
    s.tested[sc.unitIndex.get('u')!] = 1;
    const events = act(s, { k: 'fire', u: 'hq' }, [d(8, 8), d(4, 1), d(8, 1), d(8, 8)]);
    expect(s.status[fig(s, 'A01')]).toBe(DEAD);
    // u tests again (no `noTest` for it); the commander's own unit, left with no active member, has
    // its `noTest` line (since 1.5.0, third outside reading D2: before, it had none).
    expect(events.some((e) => e.e === 'noTest' && e.unit === 'u')).toBe(false);
    expect(events.filter((e) => e.e === 'noTest')).toEqual([
      expect.objectContaining({ unit: 'hq', trigger: 'force commander fell', why: 'no active member' }),
    ]);
    const t = ev(events, 'morale');
    expect(t).toMatchObject({ unit: 'u', trigger: 'force commander fell' });
    expect((t.mods as Record<string, number>).commanderFell).toBe(-3);
    expect((t.mods as Record<string, number>).commanderNear).toBeUndefined();
  });
  it('"attempts to Charge better class ... enemies": a test first; passed, the charge goes in and the charged unit tests [W25]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1, quality: 'veteran' }]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [108, 100, 180] }), 'A01');
    // A01's unit (d8 against a d10) tests: 8, OK; then B01's unit tests on being charged.
    const events = act(s, { k: 'charge', t: 'B01' }, [d(8, 8), d(10, 10)]);
    const tests = events.filter((e) => e.e === 'morale');
    expect(tests.map((e) => [e.trigger, e.die, e.result])).toEqual([
      ['charging a bigger or better unit', 'd8', 'OK'],
      ['charged', 'd10', 'OK'],
    ]);
    expect(events.some((e) => e.e === 'move' && e.kind === 'charge' && e.figure === 'A01')).toBe(true);
  });
  it('a unit tests once an action phase: a second trigger is recorded as no test [W25]', () => {
    const sc = testScenario([{ side: 0 }, { side: 0 }, { side: 1, unit: 'line' }, { side: 1, unit: 'line' }, { side: 1, unit: 'line' }]);
    const s = acting(position(sc, { A01: [50, 50], A02: [50, 60], B01: [70, 50], B02: [70, 60], B03: [70, 70] }), 'A01');
    // Each shot: pick the target (d3), quality d8=4 against open d4=1 and medium d8=1: +3, a wound.
    const first = act(s, { k: 'fire', u: 'line' }, [d(3, 1), d(8, 4), d(4, 1), d(8, 1), d(8, 8)]);
    expect(ev(first, 'hurt')).toMatchObject({ figure: 'B01', status: 'wounded' });
    expect(ev(first, 'morale')).toMatchObject({ unit: 'line', trigger: 'a member hurt' });
    acting(s, 'A02');
    const second = act(s, { k: 'fire', u: 'line' }, [d(3, 1), d(8, 4), d(4, 1), d(8, 1)]);
    expect(second.some((e) => e.e === 'morale')).toBe(false);
    expect(ev(second, 'noTest')).toMatchObject({ unit: 'line', trigger: 'a member hurt', why: 'tested this action phase' });
  });

  const figs = [
    { side: 0 as const, unit: 'u', quality: 'veteran' as const, role: 'nco' as const },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 0 as const, unit: 'u' },
    { side: 1 as const },
  ];
  const sc = testScenario(figs);
  /** Unit u of 5 (veteran NCO, +1) with 2 dead (−4): a test scores face − 3. */
  const base = (): ReturnType<typeof position> => {
    const s = position(sc, { A01: [100, 100], A02: [100, 103], A03: [100, 106], A04: [100, 109], A05: [100, 112], B01: [160, 106] });
    s.status[fig(s, 'A02')] = DEAD;
    s.status[fig(s, 'A03')] = DEAD;
    return s;
  };
  /** Play on, each figure taking its first legal action, until `until` holds (or the game ends). */
  const playUntil = (s: ReturnType<typeof position>, until: () => boolean, events: GameEvent[]): void => {
    for (let i = 0; i < 40 && !until() && s.phase !== PH_OVER; i++) events.push(...act(s, legalActions(s)[0], []));
  };
  it('"-3 Break and run ... To rally score a 4 or more ... at the end of your action phases": a unit broken in its own phase runs before it tries [W32]', () => {
    const s = acting(base(), 'A04');
    const u = sc.unitIndex.get('u')!;
    s.commanderFell[0] = s.turn; // −3
    expect(moraleTest(s, u, 'test', fixed(3, 8))).toBe(BROKEN); // 3 + 1 − 4 − 3 = −3
    const events: GameEvent[] = [];
    // The rest of this phase: A04 runs; no rally at its end.
    playUntil(s, () => s.side !== 0, events);
    expect(events.some((e) => e.e === 'rally')).toBe(false);
    expect(s.morale[u]).toBe(BROKEN);
    // Beta's phase, then alpha's next: the unit runs again and rolls to rally at its end.
    playUntil(s, () => events.some((e) => e.e === 'rally'), events);
    const alphaPhases = events.filter((e) => e.e === 'phase' && e.side === 'alpha').length;
    expect(alphaPhases).toBe(1);
    expect(ev(events, 'rally')).toMatchObject({ unit: 'u', die: 'd8' });
  });
  it('"-2 Use 1 action to Move towards nearest cover or table edge to rear next turn": a second −2 while falling back holds for the next phase too [W32]', () => {
    const s = acting(base(), 'A04');
    const u = sc.unitIndex.get('u')!;
    // Falling back this phase after a −2 in the enemy's phase; now −2 again (face 2: 2 + 1 − 4, −1 retiring).
    s.morale[u] = FALL_BACK;
    s.pending[u] = 1;
    expect(moraleTest(s, u, 'a member hurt', fixed(2, 8))).toBe(FALL_BACK);
    expect(s.pending[u]).toBe(2);
    const events: GameEvent[] = [];
    playUntil(s, () => s.side !== 0, events);
    expect(s.morale[u]).toBe(FALL_BACK);
    playUntil(s, () => s.side === 0, events);
    // Alpha's next phase: the first action of a man of u must be a move to cover or the rear.
    expect(actor(s)).toBe(fig(s, 'A01'));
    expect(keys(s).length).toBeGreaterThan(0);
    expect(keys(s).every((k) => k === 'move:cover' || k === 'move:rear')).toBe(true);
  });
  it('a result that has run its course is recorded: a statusEnd event when "fall back" ends, and none before [W32] (audit B3)', () => {
    const s = acting(base(), 'A04');
    const u = sc.unitIndex.get('u')!;
    // A −2 in the enemy's phase: it holds for this (the unit's next) phase and ends with it.
    s.morale[u] = FALL_BACK;
    s.pending[u] = 1;
    const events: GameEvent[] = [];
    playUntil(s, () => s.morale[u] !== FALL_BACK, events);
    expect(s.morale[u]).toBe(0);
    const ends = events.filter((e) => e.e === 'statusEnd');
    expect(ends).toEqual([expect.objectContaining({ unit: 'u', was: 'fall back' })]);
    // It comes when the phase it held for is over: after that phase's last action.
    expect(events.findIndex((e) => e.e === 'statusEnd')).toBeGreaterThan(events.findIndex((e) => e.e === 'move'));
  });
  /** A01's options 20 cm from B01 with its unit under morale `status` (set after the phase began). */
  const optionsUnder = (status: number): string[] => {
    const t = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(t, { A01: [100, 100], B01: [120, 100] }), 'A01');
    expect(keys(s)).toContain('move:foe:B01');
    s.morale[t.figures[fig(t, 'A01')].unit] = status;
    s.options = null;
    s.memo = null;
    return keys(s);
  };
  it('"0 to -1 No Advance towards enemy": no charge, no move that ends nearer the nearest enemy [W32]', () => {
    const k = optionsUnder(NO_ADVANCE);
    expect(k.some((x) => x.startsWith('charge'))).toBe(false);
    expect(k).not.toContain('move:foe:B01');
    expect(k).toContain('move:rear');
  });
  it('"-2 Use 1 action to Move towards nearest cover or table edge to rear": the other action may not advance either — the results are worse in order, and a worse one keeps "No Advance towards enemy" [W32] (audit C2)', () => {
    // The unit falls back, its retiring action done (mustRetire is set only at the phase's start).
    const k = optionsUnder(FALL_BACK);
    expect(k.some((x) => x.startsWith('charge'))).toBe(false);
    expect(k).not.toContain('move:foe:B01');
    expect(k).toContain('move:rear');
  });
});

describe("Victory (the scenario's)", () => {
  it('the defenders win when the turn limit ends with the objective unfired [W34]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], { victory: { maxTurns: 1 } });
    const s = acting(position(sc, { A01: [100, 100], B01: [150, 150] }), 'A01');
    act(s, { k: 'done' }, []);
    expect(s.phase).not.toBe(PH_OVER);
    act(s, { k: 'done' }, []);
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(1);
    expect(s.reason).toMatch(/turn limit/);
  });
});
