/**
 * Issue 38, items 1–4: defects an outside reading of State of War 1.5.0's records found (checkers
 * written from the sheet and docs/rules/state-of-war.md alone). Each test names the reading it holds
 * the engine to; each failed on 1.5.0 (commit 109c6c4). Ruleset 1.6.0.
 */
import { describe, expect, it } from 'vitest';
import { act, acting, ev, fig, keys, position, testScenario } from './helpers.js';
import { meleeMods } from '../../src/rules/state-of-war/melee.js';
import { movePlan } from '../../src/rules/state-of-war/movement.js';
import { stateOfWarInvariants } from '../../src/rules/state-of-war/invariants.js';
import { BROKEN, ROUTED, moveRate } from '../../src/rules/state-of-war/tables.js';
import { contacts } from '../../src/rules/state-of-war/table.js';
import { DEAD, GONE, PH_OVER, type SowState } from '../../src/rules/state-of-war/state.js';
import { loadScenario } from '../../src/rules/index.js';
import { playSpecs } from '../helpers/games.js';
import type { GameEvent, Json } from '../../src/core/model.js';
import { d } from '../helpers/rng.js';

/** Side 0 (Alpha, rear west) is the raiders: the test scenario's objective is theirs. */
const RAIDERS4 = [
  { side: 0 as const, unit: 'a' },
  { side: 0 as const, unit: 'a' },
  { side: 0 as const, unit: 'a' },
  { side: 0 as const, unit: 'a' },
  { side: 1 as const, unit: 'b' },
];

/** A state where A01 has made a detachment of two (A01, A02 into `a-d1`), at side 1's decision. */
function detached(): SowState {
  const sc = testScenario(RAIDERS4);
  const s = acting(position(sc, { A01: [50, 100], A02: [50, 104], A03: [50, 110], A04: [50, 114], B01: [150, 100, 180] }), 'A01');
  ev(act(s, { k: 'detach' }, []), 'detach');
  expect(s.unitOf[fig(s, 'A01')]).toBe(sc.unitIndex.get('a-d1'));
  expect(s.unitOf[fig(s, 'A03')]).toBe(sc.unitIndex.get('a'));
  return acting(s, 'B01');
}

/** Raiders still fighting at the end of a record: active, in a unit (detachment) not routed. */
function fightingAtEnd(lines: readonly string[]): { end: GameEvent; fighting: string[] } {
  const events = lines.map((l) => JSON.parse(l) as Record<string, Json>).filter((l) => l.t === 'event') as unknown as GameEvent[];
  const status = new Map<string, string>();
  const unit = new Map<string, string>();
  const side = new Map<string, string>();
  const routed = new Set<string>();
  for (const e of events) {
    if (e.e === 'deploy') {
      status.set(String(e.figure), 'active');
      unit.set(String(e.figure), String(e.unit));
      side.set(String(e.figure), String(e.side));
    } else if (e.e === 'hurt') status.set(String(e.figure), e.status === 'wounded' ? 'active' : String(e.status));
    else if (e.e === 'leave') status.set(String(e.figure), 'gone');
    else if (e.e === 'detach') for (const f of e.figures as string[]) unit.set(f, String(e.unit));
    else if (e.e === 'morale' && e.status === 'routed') routed.add(String(e.unit));
  }
  const end = events.find((e) => e.e === 'end')!;
  const fighting = [...status].filter(([f, st]) => side.get(f) === 'csa' && st === 'active' && !routed.has(unit.get(f)!)).map(([f]) => f);
  return { end, fighting };
}

describe('Scenario: "every raider down, gone or routed" judges a figure by its detachment [W34] [W6a] (issue 38 item 1)', () => {
  it('raiders of a detachment that has not routed keep the game going though their parent unit has routed', () => {
    const s = detached();
    const sc = s.sc;
    s.morale[sc.unitIndex.get('a')!] = ROUTED;
    act(s, { k: 'done' }, []);
    // Before 1.6.0 A01 and A02 were judged by unit `a` (routed) and the game ended, Beta winning.
    expect(s.phase).not.toBe(PH_OVER);
    expect(s.winner).not.toBe(1);
  });
  it('the mirror: every raider left is in a routed detachment, the parent only broken, and the game ends', () => {
    const s = detached();
    const sc = s.sc;
    s.status[fig(s, 'A03')] = DEAD;
    s.status[fig(s, 'A04')] = DEAD;
    s.morale[sc.unitIndex.get('a')!] = BROKEN;
    s.morale[sc.unitIndex.get('a-d1')!] = ROUTED;
    const events = act(s, { k: 'done' }, []);
    // Before 1.6.0 A01 and A02 were judged by unit `a` (broken, not routed) and play went on.
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(1);
    expect(ev(events, 'end').reason).toBe('every Alpha figure is down, gone or routed');
  });
  it('wagon-raid seed 589008062 (csa random, union heuristic): no end "down, gone or routed" while raiders of unrouted detachments are active', () => {
    // 1.5.0 ended this game in turn 5 of 12 with ten raiders active in company-d1/-d2/-d3 and
    // troop-d1/-d2, only their parent units routed.
    const { result, lines } = playSpecs(loadScenario('wagon-raid'), 589008062, { csa: 'random', union: 'heuristic' }, true);
    const { end, fighting } = fightingAtEnd(lines!);
    if (String(end.reason).endsWith('down, gone or routed')) expect(fighting).toEqual([]);
    expect(result.reason === 'every Confederates figure is down, gone or routed' && Number(end.turn) === 5).toBe(false);
  }, 60_000);
});

describe('Engaged figures: "may move only away from the enemy (a move that ends out of contact)" [W7] [W10] (issue 38 item 2)', () => {
  /** A wounded rider (1 action) facing an enemy in base contact east of him; his rear is west. */
  function engagedRider(morale?: number): SowState {
    const sc = testScenario([
      { side: 0, unit: 'r', mounted: true, weapon: 'pistol', melee: 'swordPistol' },
      { side: 1, unit: 'b' },
    ]);
    const s = position(sc, { A01: [100, 100, 0], B01: [100 + 2 * sc.radius + 0.1, 100, 180] });
    s.wounds[fig(s, 'A01')] = 1;
    if (morale !== undefined) s.morale[sc.unitIndex.get('r')!] = morale;
    acting(s, 'A01');
    expect(contacts(s, fig(s, 'A01'))).toEqual([fig(s, 'B01')]);
    return s;
  }
  it('an engaged rider is not offered the turn in place that leaves him in contact, his back to the enemy', () => {
    // The way to the rear is behind him: the 180° turn costs his whole 24 cm, so 1.5.0 offered a
    // `move:rear` that only turned him about, in contact, and he fought with the enemy to his rear.
    const s = engagedRider();
    const f = fig(s, 'A01');
    expect(movePlan(s, f, 'rear')).toBeNull();
    for (const k of keys(s)) {
      if (!k.startsWith('move:') && !k.startsWith('ride:')) continue;
      const plan = movePlan(s, f, k.slice(k.indexOf(':') + 1))!;
      expect(plan.turnOnly).toBe(false);
    }
    expect(keys(s)).not.toContain('move:rear');
  });
  it('an engaged runner with both actions runs out of contact instead of turning about in it', () => {
    const s = engagedRider(BROKEN);
    const f = fig(s, 'A01');
    s.wounds[f] = 0;
    acting(s, 'A01');
    // 1.5.0 offered the turn about (a runner with another action left may turn on the spot); it ended in contact.
    expect(movePlan(s, f, 'rear')).toBeNull();
    expect(keys(s)).toEqual(['move:away']);
    const e = ev(act(s, { k: 'move', to: 'away' }, []), 'move');
    expect(e.kind).toBe('move');
    expect(contacts(s, f)).toEqual([]);
  });
});

describe('Melee: "+1 to result if … defending a barricade" is not the side of one phase only [W21] (issue 38 item 3)', () => {
  it("two figures fighting across a rail fence each have the barricade +1, in either side's phase", () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [100, 80],
            [100, 120],
          ],
        },
      ],
    });
    const s = position(sc, { A01: [100 - sc.radius - 0.1, 100, 0], B01: [100 + sc.radius + 0.1, 100, 180] });
    const a = fig(s, 'A01');
    const b = fig(s, 'B01');
    expect(contacts(s, a)).toEqual([b]);
    for (const side of [0, 1]) {
      s.side = side;
      // 1.5.0 gave it to the figure whose side's phase it was not: B01 in Alpha's phase, A01 in Beta's.
      expect(meleeMods(s, a, [b], [{ sides: 8 }]).barricade).toBe(1);
      expect(meleeMods(s, b, [a], [{ sides: 8 }]).barricade).toBe(1);
    }
  });
  it("the melee at the end of Alpha's phase records the +1 on both sides, and the scores follow", () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [100, 80],
            [100, 120],
          ],
        },
      ],
    });
    const s = acting(position(sc, { A01: [100 - sc.radius - 0.1, 100, 0], B01: [100 + sc.radius + 0.1, 100, 180] }), 'A01');
    // A01's quality d8 and bayonet d6 show 5 and 2; B01's 4 and 3: 5 + 1 against 4 + 1, a margin of 1.
    const m = ev(act(s, { k: 'done' }, [d(8, 5), d(6, 2), d(8, 4), d(6, 3)]), 'melee');
    expect(m.oneMods).toEqual({ barricade: 1 });
    expect(m.manyMods).toEqual([{ barricade: 1 }]);
    expect([m.oneScore, m.manyScore, m.margin]).toEqual([6, 5, 1]);
  });
});

describe('Morale: "a running figure that reaches its rear edge leaves the table" — at the edge [W32] (issue 38 item 4)', () => {
  /** A broken infantryman `gap` cm beyond one move (12 cm) from his rear edge (west), the enemy far east. */
  function runner(gap: number): SowState {
    const sc = testScenario([{ side: 0, unit: 'run' }, { side: 1 }]);
    const x = sc.radius + 0.01 + moveRate(false) + gap;
    const s = position(sc, { A01: [x, 100, 180], B01: [160, 100, 180] });
    s.morale[sc.unitIndex.get('run')!] = BROKEN;
    return acting(s, 'A01');
  }
  for (const gap of [0.57, 0.12]) {
    it(`a runner whose move ends ${gap} cm short of his rear edge stays, and leaves with the next move, at the edge`, () => {
      const s = runner(gap);
      const sc = s.sc;
      const f = fig(s, 'A01');
      const first = act(s, { k: 'move', to: 'rear' }, []);
      // 1.5.0 took him off the table here, with his base 0.12–0.57 cm short of the edge.
      expect(first.some((e) => e.e === 'leave')).toBe(false);
      expect(s.x[f] - sc.radius).toBeCloseTo(gap + 0.01, 6);
      expect(keys(s)).toEqual(['move:rear']);
      const second = act(s, { k: 'move', to: 'rear' }, []);
      const m = ev(second, 'move');
      expect((m.to as number[])[0] - sc.radius).toBeLessThanOrEqual(0.02);
      ev(second, 'leave');
      expect(s.status[f]).toBe(GONE);
    });
  }
});

describe("Invariants: the monitor sees each of issue 38's patterns (items 1–4)", () => {
  it('an end "down, gone or routed" with raiders of an unrouted detachment active, and the mirror [W34]', () => {
    const s = detached();
    const sc = s.sc;
    const mon = stateOfWarInvariants(sc);
    mon.afterStep(s);
    mon.event({ e: 'phase', turn: 1, side: 'alpha' });
    mon.event({
      e: 'detach',
      turn: 1,
      figure: 'A01',
      from: 'a',
      unit: 'a-d1',
      figures: ['A01', 'A02'],
      size: 2,
      leftSize: 2,
      leader: 'A01',
      leftLeader: null,
    });
    mon.event({
      e: 'morale',
      turn: 1,
      unit: 'a',
      trigger: 'a member hurt',
      die: 'd8',
      face: 1,
      mods: {},
      inCover: {},
      score: 1,
      result: 'routed',
      status: 'routed',
    });
    mon.event({ e: 'end', turn: 1, winner: 'beta', reason: 'every Alpha figure is down, gone or routed' });
    expect(mon.violations.join('\n')).toMatch(/A01 \(a-d1\), A02 \(a-d1\) fight on \[W34\]/);
    const mirror = stateOfWarInvariants(sc);
    mirror.afterStep(s);
    mirror.event({ e: 'phase', turn: 1, side: 'alpha' });
    mirror.event({
      e: 'detach',
      turn: 1,
      figure: 'A01',
      from: 'a',
      unit: 'a-d1',
      figures: ['A01', 'A02'],
      size: 2,
      leftSize: 2,
      leader: 'A01',
      leftLeader: null,
    });
    mirror.event({
      e: 'morale',
      turn: 1,
      unit: 'a',
      trigger: 'a member hurt',
      die: 'd8',
      face: 1,
      mods: {},
      inCover: {},
      score: 1,
      result: 'broken',
      status: 'broken',
    });
    mirror.event({
      e: 'morale',
      turn: 1,
      unit: 'a-d1',
      trigger: 'a member hurt',
      die: 'd8',
      face: 1,
      mods: {},
      inCover: {},
      score: 1,
      result: 'routed',
      status: 'routed',
    });
    mirror.event({ e: 'hurt', turn: 1, figure: 'A03', injury: 'killed', cause: 'shot', wounds: 0, status: 'killed' });
    mirror.event({ e: 'hurt', turn: 1, figure: 'A04', injury: 'killed', cause: 'shot', wounds: 0, status: 'killed' });
    expect(mirror.violations.join('\n')).not.toMatch(/W34/);
    mirror.event({ e: 'phase', turn: 1, side: 'beta' });
    expect(mirror.violations.join('\n')).toMatch(
      /play goes on \(phase\) though every Alpha figure is down, gone or in a routed unit \[W34\]/,
    );
  });
  it('an engaged figure turned in place [W7]', () => {
    const sc = testScenario([{ side: 0, mounted: true }, { side: 1 }]);
    const s = position(sc, { A01: [100, 100, 0], B01: [100 + 2 * sc.radius + 0.1, 100, 180] });
    const mon = stateOfWarInvariants(sc);
    mon.afterStep(s);
    mon.event({ e: 'phase', turn: 1, side: 'alpha' });
    mon.event({
      e: 'move',
      turn: 1,
      figure: 'A01',
      kind: 'turn',
      from: [100, 100],
      via: [],
      to: [100, 100],
      facing: 180,
      length: 0,
      allowance: 24,
      used: 24,
      turned: 180,
      difficult: 0,
    });
    expect(mon.violations.join('\n')).toMatch(/A01 turns in place in contact with B01/);
  });
  it('a barricade +1 withheld from one side, or given with no fence between [W21]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }], {
      fences: [
        {
          id: 'f',
          kind: 'fence',
          line: [
            [100, 80],
            [100, 120],
          ],
        },
      ],
    });
    const s = position(sc, { A01: [100 - sc.radius - 0.1, 100, 0], B01: [100 + sc.radius + 0.1, 100, 180] });
    const mon = stateOfWarInvariants(sc);
    mon.afterStep(s);
    const dice = [{ die: 'd8', face: 4, score: 4, for: 'quality' }];
    mon.event({
      e: 'melee',
      turn: 1,
      one: 'A01',
      many: ['B01'],
      oneDice: dice,
      manyDice: [dice],
      oneMods: {},
      manyMods: [{ barricade: 1 }],
      oneScore: 4,
      manyScore: 5,
      margin: 1,
      winner: 'B01',
      loser: 'A01',
      pick: null,
      effect: 'PB',
    });
    expect(mon.violations.join('\n')).toMatch(/A01 defends a barricade against B01 without its \+1/);
    const open = stateOfWarInvariants(sc);
    open.afterStep(position(sc, { A01: [60, 100, 0], B01: [60 + 2 * sc.radius + 0.1, 100, 180] }));
    open.event({
      e: 'melee',
      turn: 1,
      one: 'A01',
      many: ['B01'],
      oneDice: dice,
      manyDice: [dice],
      oneMods: { barricade: 1 },
      manyMods: [{}],
      oneScore: 5,
      manyScore: 4,
      margin: 1,
      winner: 'A01',
      loser: 'B01',
      pick: null,
      effect: 'PB',
    });
    expect(open.violations.join('\n')).toMatch(/A01 gets the barricade \+1 with no fence/);
  });
  it('a runner taken off the table short of its rear edge [W32]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const x = sc.radius + 0.4;
    const s = position(sc, { A01: [x + 12, 100, 180], B01: [160, 100, 180] });
    const mon = stateOfWarInvariants(sc);
    mon.afterStep(s);
    mon.event({ e: 'phase', turn: 1, side: 'alpha' });
    mon.event({
      e: 'move',
      turn: 1,
      figure: 'A01',
      kind: 'move',
      from: [x + 12, 100],
      via: [],
      to: [x, 100],
      facing: 180,
      length: 12,
      allowance: 12,
      used: 12,
      turned: 0,
      difficult: 0,
    });
    mon.event({ e: 'leave', turn: 1, figure: 'A01' });
    expect(mon.violations.join('\n')).toMatch(/A01 leaves the table 0\.40 cm short of its rear edge/);
  });
});
