/**
 * FIGHTING on the measured table, for the points an outside audit of ruleset 2.0.0 found
 * (docs/audits/2026-11-27-escarmouche.md: A1, A2, B1, B2, C1): separation at the end of a fight when a step
 * back is blocked ([E40]), how blocked push-backs and steps are recorded (Records), the move into
 * base contact ([E40], [E40b]) and first strike with a pikeman drawn into the fight ([E46]).
 * Bases are 1 in wide, so a zone of control is 1 in (centres 2 in apart).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { gap } from '../../src/rules/escarmouche/queries.js';
import { legalActions } from '../../src/rules/escarmouche/actions.js';
import { C } from '../../src/rules/escarmouche/state.js';
import { acting, act, ev, fig, keys, testScenario } from './helpers.js';

/** A rectangle as a scenario polygon. */
const box = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const at = (s: ReturnType<typeof acting>, id: string): [number, number] => {
  const f = fig(s, id);
  return [Math.round(s.x[f] * 1000) / 1000, Math.round(s.y[f] * 1000) / 1000];
};
const shifts = (events: GameEvent[]) => events.filter((e) => e.e === 'shift');

describe('FIGHTING: "All combatants are separated by their ZOC (a base width) at the end of the fight" ([E40])', () => {
  it('[E40] [E47] a win that first strike ignores separates as a stand-off: the attacker steps back and the winner keeps its place', () => {
    // A horseman attacks a musketeer in the open (west of the east edge, which would stop a step
    // back). The musketeer wins, but the horseman's first strike ignores the win: it has no effect,
    // so the horseman steps back and the musketeer stays where it stood.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [15.5, 4], mounted: true },
        { side: 1, at: [17.5, 4], missile: 'musket' },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [2, 5, 3, 3]);
    expect(ev(events, 'fight')).toMatchObject({ contact: [16.5, 4], winner: 'B1', firstStrike: 'A1', ignored: true, effect: 'none' });
    expect(shifts(events)).toMatchObject([{ figure: 'A1', why: 'apart', from: [16.5, 4], to: [15.5, 4], blocked: false, blockedBy: null }]);
    expect(at(s, 'B1')).toEqual([17.5, 4]);
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeCloseTo(1, 6);
  });

  it('[E40] a stand-off: the attacker steps back; when a friend behind it stops it, the defender steps back', () => {
    // A1 stands in base contact with B1 (after an earlier blocked fight), its friend A2 touching its back.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 0, at: [5, 4] },
        { side: 1, at: [7, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]);
    expect(ev(events, 'fight')).toMatchObject({ contact: null, winner: null });
    expect(shifts(events)).toMatchObject([
      { figure: 'A1', why: 'apart', to: [6, 4], blocked: true, blockedBy: 'figure', blocker: 'A2' },
      { figure: 'B1', why: 'apart', from: [7, 4], to: [8, 4], blocked: false },
    ]);
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeCloseTo(1, 6);
  });

  it('[E40] only when neither principal can step back do they stay closer than a ZOC, and both blocked steps are recorded', () => {
    // B1 at the east edge, A1 touching it with A2 behind: nobody can step back.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [18.5, 4] },
        { side: 0, at: [17.5, 4] },
        { side: 1, at: [19.5, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]);
    expect(shifts(events)).toMatchObject([
      { figure: 'A1', why: 'apart', from: [18.5, 4], to: [18.5, 4], blocked: true, blockedBy: 'figure', blocker: 'A2' },
      { figure: 'B1', why: 'apart', from: [19.5, 4], to: [19.5, 4], blocked: true, blockedBy: 'table edge', blocker: null },
    ]);
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeCloseTo(0, 6);
    expect(s.counters[C.apartBlocked]).toBe(1);
  });
});

describe('FIGHTING: a figure drawn into the fight steps back too ([E40])', () => {
  it("[E40] a drawn-in figure stopped by the table edge: the defender steps away from it, but not into the attacker's zone of control — both recorded as blocked", () => {
    // B1 with A2 (drawn in) north of it against the north edge and the attacker A1 south of it.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [10, 4] },
        { side: 0, at: [10, 0.5] },
        { side: 1, at: [10, 2] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'all' }, [4, 2, 4, 2, 2]);
    expect(ev(events, 'fight')).toMatchObject({ attackers: ['A1', 'A2'], contact: [10, 3], winner: null });
    expect(shifts(events)).toMatchObject([
      { figure: 'A1', why: 'apart', from: [10, 3], to: [10, 4], blocked: false },
      { figure: 'A2', why: 'apart', from: [10, 0.5], to: [10, 0.5], blocked: true, blockedBy: 'table edge', blocker: null },
      { figure: 'B1', why: 'apart', from: [10, 2], to: [10, 2], blocked: true, blockedBy: 'zone of control', blocker: 'A1' },
    ]);
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeCloseTo(1, 6);
    expect(s.counters[C.apartBlocked]).toBe(1);
  });
  it('[E40] a drawn-in figure stopped by a friend: the defender steps away from it for the rest', () => {
    // A2 (drawn in) west of B1 with A3 touching its back; the attacker A1 north of B1.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [10, 2] },
        { side: 0, at: [8.5, 4] },
        { side: 0, at: [7.5, 4] },
        { side: 1, at: [10, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'all' }, [4, 2, 4, 2, 2]);
    expect(ev(events, 'fight')).toMatchObject({ attackers: ['A1', 'A2'], winner: null });
    expect(shifts(events).slice(1)).toMatchObject([
      { figure: 'A2', why: 'apart', blocked: true, blockedBy: 'figure', blocker: 'A3' },
      { figure: 'B1', why: 'apart', from: [10, 4], to: [10.5, 4], blocked: false },
    ]);
    expect(gap(s, fig(s, 'A2'), fig(s, 'B1'))).toBeCloseTo(1, 6);
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeGreaterThanOrEqual(1 - 1e-9);
  });
});

describe('FIGHTING: a blocked push-back or step is always recorded, as a shift saying blocked, by what (Records)', () => {
  it('"Loser pushed back": a push the table edge stops at once is a zero-length shift, blocked by the table edge', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [17.5, 4] },
        { side: 1, at: [19.5, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 4, 3, 3]);
    expect(ev(events, 'fight')).toMatchObject({ winner: 'A1', diff: 1, effect: 'shaken' });
    expect(shifts(events)).toMatchObject([
      { figure: 'B1', why: 'pushed', from: [19.5, 4], to: [19.5, 4], want: 1, blocked: true, blockedBy: 'table edge', blocker: null },
      { figure: 'A1', why: 'apart', from: [18.5, 4], to: [17.5, 4], blocked: false, blockedBy: null, blocker: null },
    ]);
  });

  it('a push stopped part-way by impassable ground names the area; one stopped by a base names the figure', () => {
    const barn = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
      {},
      [{ id: 'barn', terrain: 'impassable', polygon: box(8.9, 0, 12, 8) }],
    );
    const s = acting(barn, 'A1');
    const e1 = shifts(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 4, 3, 3]));
    expect(e1[0]).toMatchObject({ figure: 'B1', why: 'pushed', from: [8, 4], blocked: true, blockedBy: 'impassable', blocker: 'barn' });
    expect(e1[0].to).toEqual([expect.closeTo(8.4, 3), 4]);
    const friend = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
        { side: 1, at: [9.5, 4] },
      ],
    );
    const t = acting(friend, 'A1');
    const e2 = shifts(act(t, { k: 'fight', t: 'B1', m: 'alone' }, [5, 4, 3, 3]));
    expect(e2[0]).toMatchObject({
      figure: 'B1',
      why: 'pushed',
      from: [8, 4],
      to: [8.5, 4],
      blocked: true,
      blockedBy: 'figure',
      blocker: 'B2',
    });
  });
});

describe('FIGHTING: "Move the attacker into base contact as a free action" ([E40b]); why a fight has no contact move (Records)', () => {
  it('[E40b] when the straight slide is blocked the attacker is placed in contact beside it; the fight is rolled in base contact', () => {
    // A2 stands by the straight line from A1 to B1 (that slide would stop 0.4 in along it); A1 goes beside it to touch B1.
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 0, at: [7, 3.2] },
        { side: 1, at: [8, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [2, 5, 5, 5]);
    const f = ev(events, 'fight');
    expect(f).toMatchObject({ contactHow: 'aside' });
    expect(f.contact).not.toBeNull();
    // In base contact with B1 (before the push-back), clear of A2's base.
    const [cx, cy] = f.contact as [number, number];
    expect(Math.hypot(cx - 8, cy - 4)).toBeCloseTo(1, 2);
    expect(Math.hypot(cx - 7, cy - 3.2)).toBeGreaterThanOrEqual(1 - 1e-3);
  });

  it('[E40b] an enemy at the ZOC whose base cannot be reached by any straight slide is not offered as a fight ("Once in base contact the attacker rolls")', () => {
    // A one-inch corridor between impassable walls: A1, B2, B1 in a row, B1 at its closed end.
    const walls = [
      { id: 'north', terrain: 'impassable', polygon: box(0, 0, 20, 3.49) },
      { id: 'south', terrain: 'impassable', polygon: box(0, 4.51, 20, 8) },
      { id: 'end', terrain: 'impassable', polygon: box(8.51, 3.49, 20, 4.51) },
    ];
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
        { side: 1, at: [7, 4] },
      ],
      {},
      walls,
    );
    const s = acting(sc, 'A1');
    const k = keys(s);
    expect(k).toContain('fight:B2:alone');
    expect(k).not.toContain('fight:B1:alone');
    expect(() => act(s, { k: 'fight', t: 'B1', m: 'alone' }, [])).toThrow();
  });

  it('contact: null says why — the attacker already touches the defender; a prone attacker fights only an enemy it touches ([E17], [E40b])', () => {
    const touching = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [7, 4] },
      ],
    );
    expect(ev(act(acting(touching, 'A1'), { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]), 'fight')).toMatchObject({
      contact: null,
      contactHow: 'touching',
    });
    // Prone at the enemy's ZOC, a base width off: it cannot move into contact, so no fight.
    const prone = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
    );
    const s = acting(prone, 'A1');
    s.cowered[0] = 1;
    expect(legalActions(s).some((a) => a.k === 'fight')).toBe(false);
    // Prone and touching: it fights where it lies.
    const s2 = acting(touching, 'A1');
    s2.cowered[0] = 1;
    expect(ev(act(s2, { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]), 'fight')).toMatchObject({
      contact: null,
      contactHow: 'touching',
    });
    const straight = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
    );
    expect(ev(act(acting(straight, 'A1'), { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]), 'fight')).toMatchObject({
      contact: [7, 4],
      contactHow: 'straight',
    });
  });
});

describe('FIGHTING: special fights — "A Pikeman always gets first strike" ([E46])', () => {
  // Side 0: a musketeer (A1) and a pikeman (A2) side by side; side 1: a horseman at both their ZOCs.
  const scene = () =>
    testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 0, zone: 'r0c0', pike: true },
        { side: 1, zone: 'r0c0', mounted: true },
      ],
    );
  it('[E46] a horseman attacking foot has no first strike when a pikeman with a usable pike is drawn into the defence: the pike side strikes first', () => {
    const s = acting(scene(), 'B1');
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ defenders: ['A1', 'A2'], winner: 'B1', diff: 3, firstStrike: 'A1', ignored: true, effect: 'none' });
    expect(s.wounds[fig(s, 'A1')]).toBe(3);
  });
  it('[E46] foot attacking a horseman with a pikeman drawn in beside it strike first', () => {
    const s = acting(scene(), 'A1');
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'all' }, [2, 2, 5, 3, 3]), 'fight');
    expect(e).toMatchObject({ attackers: ['A1', 'A2'], winner: 'B1', firstStrike: 'A1', ignored: true, effect: 'none' });
  });
  it('[E46] a Disarmed pikeman drawn in has no pike: the horseman keeps its first strike', () => {
    const s = acting(scene(), 'B1');
    s.disarmed[fig(s, 'A2')] = 1;
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ defenders: ['A1', 'A2'], firstStrike: 'B1', ignored: false, effect: 'hit' });
  });
});
