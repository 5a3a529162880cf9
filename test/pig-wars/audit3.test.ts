/**
 * Issue 38, items 5–9: defects a third outside reading of Pig Wars 0.4.0's records found, played
 * out on tiny tables with forced dice (the numbers of the issue's examples where they can be), and
 * the invariant monitor's checks that find each pattern in a record. Each test names its sheet
 * ("DA" pig-wars.txt, "PI" pig-wars-pirates-quickref.txt), its section and the reading of
 * docs/rules/pig-wars.md it relies on.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import type { PigEvent } from '../../src/rules/pig-wars/events.js';
import { pigWars, pigWarsPirates, type PigState } from '../../src/rules/pig-wars/index.js';
import { pigInvariants } from '../../src/rules/pig-wars/invariants.js';
import { ACTIVE, ROUT } from '../../src/rules/pig-wars/state.js';
import { streamFromString, type Rng } from '../../src/core/rng.js';
import { ScriptedRng, d } from '../helpers/rng.js';

type Fig = Record<string, unknown>;
type Id = 'pig-wars' | 'pig-wars-pirates';
interface Raw {
  sides: { units: Record<string, unknown>[] }[];
}
interface Part {
  name: string;
  value: number;
  factor?: number;
}

/** A 48×48 table: side A (raiders, flee west) has unit a1, side B (flee east) unit b1 and a captain in unit b2 at (42, 42). */
function scenario(ruleset: Id, aFigs: Fig[], bFigs: Fig[], extra: Record<string, unknown> = {}): Raw {
  return {
    ruleset,
    id: 'test',
    name: 'test',
    table: { width: 48, height: 48 },
    pigs: [[24, 44]],
    home: {
      id: 'home',
      name: 'home',
      polygon: [
        [0, 0],
        [3, 0],
        [3, 48],
        [0, 48],
      ],
    },
    raiders: 'a',
    sides: [
      {
        id: 'a',
        name: 'A',
        colour: 'red',
        prefix: 'A',
        flee: 'west',
        units: [
          {
            id: 'a1',
            class: 'average',
            area: [
              [5, 5],
              [9, 5],
              [9, 9],
              [5, 9],
            ],
            facing: 0,
            figures: aFigs,
          },
        ],
      },
      {
        id: 'b',
        name: 'B',
        colour: 'blue',
        prefix: 'B',
        flee: 'east',
        units: [
          {
            id: 'b1',
            class: 'average',
            area: [
              [20, 20],
              [24, 20],
              [24, 30],
              [20, 30],
            ],
            facing: 180,
            figures: bFigs,
          },
          {
            id: 'b2',
            class: 'elite',
            area: [
              [40, 40],
              [44, 40],
              [44, 44],
              [40, 44],
            ],
            facing: 180,
            figures: [{ weapons: ['spear'], leader: true, rank: 'captain', at: [42, 42] }],
          },
        ],
      },
    ],
    victory: { maxTurns: 5, lootToWin: 1 },
    ...extra,
  } as unknown as Raw;
}

const rulesetOf = (id: Id): typeof pigWars => (id === 'pig-wars' ? pigWars : pigWarsPirates);

type Emit = (e: PigEvent) => void;
/** Compile and set up with forced dice; every event (`emit`, for the orders after) is recorded and goes through a fresh invariant monitor. */
function start(id: Id, raw: Raw, dice: ReturnType<typeof d>[]): { s: PigState; events: GameEvent[]; violations: string[]; emit: Emit } {
  const ruleset = rulesetOf(id);
  const sc = ruleset.compile(raw, 'test');
  const monitor = pigInvariants(sc);
  const events: GameEvent[] = [];
  const emit = (e: PigEvent): void => {
    events.push(e);
    monitor.event(e);
  };
  const s = ruleset.setup(sc, { rng: new ScriptedRng(dice, streamFromString('rest')), emit });
  return { s, events, violations: monitor.violations, emit };
}
/** Apply an order of the unit deciding now, its events to `emit` (`start`'s). */
function apply(id: Id, s: PigState, emit: Emit, a: Parameters<typeof pigWars.apply>[1], rng: Rng = streamFromString('x')): void {
  rulesetOf(id).apply(s, a, { rng, emit });
}
const unitNow = (s: PigState): string => s.sc.units[s.actUnit].id;
const legal = (id: Id, s: PigState): string[] =>
  rulesetOf(id)
    .legalActions(s)
    .map((a) => (a.k === 'charge' || a.k === 'foe' ? `${a.k}:${a.u}` : a.k));
/** Hold with every unit until unit `u` decides in `turn`; true when it does. */
function holdUntil(id: Id, s: PigState, emit: Emit, u: string, turn: number): boolean {
  for (let k = 0; k < 60; k++) {
    if (rulesetOf(id).isTerminal(s)) return false;
    if (s.turn === turn && unitNow(s) === u) return true;
    apply(id, s, emit, { k: 'hold' }, streamFromString(`hold-${k}`));
  }
  return false;
}

describe('Issue 38 item 5 — PI Morale Check, fb / rt "1 and 1/2 move" with Movement "Close Order Foot: D6+6": every figure of one result falls back at the rate of the order its unit stood in ([R27])', () => {
  it("the example's numbers: a close-order unit's fall-back D6 1 moves each of its figures 1½ × (6 + 1) = 10.5 in, the first (fb) and the later ones (fb, rt) alike — not 1½ × (8 + 1) = 13.5", () => {
    // A01 kills B01 (one of four: 25%); the check of b1 (close order) rolls 1: total 0 reads the
    // chart's first row (2), so the elite B02 falls back and the average B03 and green B04 rout.
    const raw = scenario(
      'pig-wars-pirates',
      [{ weapons: ['cutlass'], at: [10, 10], rank: 'captain', class: 'elite' }],
      [
        { weapons: ['cutlass'], at: [11.05, 10], class: 'green' },
        { weapons: ['cutlass'], at: [11.05, 11.6], class: 'elite' },
        { weapons: ['cutlass'], at: [11.05, 8.4], class: 'average' },
        { weapons: ['cutlass'], at: [12.6, 10], class: 'green' },
      ],
    );
    raw.sides[1].units[0].order = 'close';
    // card A; mêlée A 12 against B 1; morale D12 1; b1's fall-back D6 1
    const { events, violations } = start('pig-wars-pirates', raw, [d(2, 1), d(12, 12), d(12, 1), d(12, 1), d(6, 1)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m).toMatchObject({ unit: 'b1', roll: 1, fallBack: ['B02'], rout: ['B03', 'B04'] });
    expect(events.filter((e) => e.e === 'die' && e.what === 'fall-back D6').map((e) => e.roll)[0]).toBe(1);
    expect(events.find((e) => e.e === 'formation')).toMatchObject({ unit: 'b1', close: false, why: 'B02 falls back' });
    const moves = events.filter((e) => e.e === 'move' && (e.why === 'falls back' || e.why === 'routs'));
    expect(moves.map((e) => [e.f, e.allowance])).toEqual([
      ['B02', 10.5],
      ['B03', 10.5],
      ['B04', 10.5],
    ]);
    expect(violations).toEqual([]);
  });
  it('PI Morale "Any figure outside leader\'s command radius automatically routs": two figures of a close-order unit routing out of command on one card both fall back 1½ × (6 + D6)', () => {
    const raw = scenario(
      'pig-wars-pirates',
      [{ weapons: ['cutlass'], at: [5, 40], rank: 'captain' }],
      [
        { weapons: ['cutlass'], at: [20, 10] },
        { weapons: ['cutlass'], at: [20, 14] },
      ],
    );
    raw.sides[1].units[0].order = 'close';
    const { s, violations, emit } = start('pig-wars-pirates', raw, [d(2, 1)]);
    expect(unitNow(s)).toBe('a1');
    const ev: GameEvent[] = [];
    // A holds; B's card: B01 and B02 (over 18 in from their captain) rout, b1's D6 2
    pigWarsPirates.apply(
      s,
      { k: 'hold' },
      { rng: new ScriptedRng([d(1, 1), d(6, 2)], streamFromString('cmd')), emit: (e) => (ev.push(e), emit(e)) },
    );
    expect(ev.filter((e) => e.e === 'command').map((e) => e.f)).toEqual(['B01', 'B02']);
    expect(ev.filter((e) => e.e === 'move').map((e) => [e.f, e.allowance])).toEqual([
      ['B01', 1.5 * (6 + 2)],
      ['B02', 1.5 * (6 + 2)],
    ]);
    expect(violations).toEqual([]);
  });
});

describe('Issue 38 item 6 — PI Morale Chart key, fb: "may not charge on next turn"; rt "same as fallback": a figure routed out of command ([R24], [R27]) may not charge on the next turn', () => {
  it('A01 routs out of command in turn 1 (as P18 in turn 12 of seed 509851983), rallies in turn 2 and may not charge then; in turn 3 it may', () => {
    // A01 stands 19 in from its captain A02 (radius 18): on A's card it routs and falls back 1½ × (8 + 1)
    // = 13.5 in west, to 5.5 in from him. B01, a captain, stands 15 in from that place.
    const raw = scenario(
      'pig-wars-pirates',
      [{ weapons: ['cutlass'], at: [41, 10] }],
      [{ weapons: ['cutlass'], at: [27.5, 25], rank: 'captain' }],
    );
    raw.sides[0].units.push({
      id: 'a2',
      class: 'average',
      area: [
        [5, 30],
        [9, 30],
        [9, 34],
        [5, 34],
      ],
      facing: 0,
      figures: [{ weapons: ['cutlass'], at: [22, 10], rank: 'captain' }],
    });
    const { s, events, violations, emit } = start('pig-wars-pirates', raw, [d(2, 1), d(6, 1)]);
    expect(events.find((e) => e.e === 'command')).toMatchObject({ f: 'A01', routs: true });
    expect(s.status[0]).toBe(ROUT);
    expect(s.x[0]).toBeCloseTo(27.5, 6);
    expect(unitNow(s)).toBe('a2');
    apply('pig-wars-pirates', s, emit, { k: 'hold' }, new ScriptedRng([d(1, 1)])); // card B
    expect(unitNow(s)).toBe('b1');
    apply('pig-wars-pirates', s, emit, { k: 'hold' });
    expect(unitNow(s)).toBe('b2');
    // turn 2: card A, a1 rallies on 12
    apply('pig-wars-pirates', s, emit, { k: 'hold' }, new ScriptedRng([d(2, 1), d(12, 12)]));
    expect(events.find((e) => e.e === 'rally')).toMatchObject({ unit: 'a1', rallied: ['A01'] });
    expect(s.turn).toBe(2);
    expect(unitNow(s)).toBe('a1');
    expect(s.status[0]).toBe(ACTIVE);
    expect(legal('pig-wars-pirates', s)).not.toContain('charge:b1');
    expect(() => pigWarsPirates.apply(s, { k: 'charge', u: 'b1' }, { rng: streamFromString('c') })).toThrow(/illegal/);
    expect(holdUntil('pig-wars-pirates', s, emit, 'a1', 3)).toBe(true);
    expect(s.status[0]).toBe(ACTIVE);
    expect(legal('pig-wars-pirates', s)).toContain('charge:b1');
    expect(violations).toEqual([]);
  });
});

describe('Issue 38 item 7 — DA/PI Movement "Chargers must rest 1 turn before charging again": a figure of a charging unit that could not move at all made no charge and need not rest ([R7])', () => {
  /**
   * A01 (a1) 15.5 in from B01: within charge reach, beyond its 10 in (move + charge D6 1). Friends
   * (unit a2) stand on the whole way and round the place 10 in on, so that no place it could move
   * to is free (as V04's in turn 4 of farmstead-raid seed 2032086819: hemmed in, it moved nowhere).
   */
  const build = (id: Id): Raw => {
    const lead = id === 'pig-wars' ? {} : { rank: 'captain' };
    const w = id === 'pig-wars' ? ['sword'] : ['cutlass'];
    const raw = scenario(id, [{ weapons: w, at: [10, 10], ...lead }], [{ weapons: w, at: [25.5, 10], rank: 'captain' }]);
    const spots: [number, number][] = [];
    for (let i = 0; i <= 12; i++)
      for (let j = -4; j <= 4; j++)
        if ((j === 0 && i <= 8) || Math.hypot(i - 8, j) * 1.06 <= 3.6) spots.push([11.06 + i * 1.06, 10 + j * 1.06]);
    raw.sides[0].units.push({
      id: 'a2',
      class: 'average',
      area: [
        [5, 30],
        [9, 30],
        [9, 34],
        [5, 34],
      ],
      facing: 0,
      figures: spots.map((p) => ({ weapons: w, at: p })),
    });
    return raw;
  };
  for (const id of ['pig-wars', 'pig-wars-pirates'] as const) {
    it(`${id}: A01 charges, cannot move (no move in the record) — and may charge again on the next turn`, () => {
      const { s, events, violations, emit } = start(id, build(id), [d(2, 1)]);
      expect(unitNow(s)).toBe('a1');
      expect(legal(id, s)).toContain('charge:b1');
      // the charge D6 1 (PI: then the movement D6 1): 9 + 1 (DA, unarmoured foot) or 8 + 1 + 1 (PI) = 10 in
      apply(
        id,
        s,
        emit,
        { k: 'charge', u: 'b1' },
        new ScriptedRng(id === 'pig-wars' ? [d(6, 1)] : [d(6, 1), d(6, 1)], streamFromString('c')),
      );
      expect(events.some((e) => e.e === 'die' && e.what === 'charge D6' && e.unit === 'a1')).toBe(true);
      expect(events.some((e) => e.e === 'move' && e.f === 'A01')).toBe(false);
      expect(s.x[0]).toBe(10);
      expect(holdUntil(id, s, emit, 'a1', 2)).toBe(true);
      expect(s.x[0]).toBe(10);
      expect(legal(id, s)).toContain('charge:b1');
      expect(violations).toEqual([]);
    });
  }
});

describe('Issue 38 item 8 — PI "Crossing Linear Obstacle/Rough Terrain: −D6" with loot ([R11], [R12]): a carrier behind a charge moves (8 + D6 − D6) × ½, as in every other move, and its allowance agrees with its parts', () => {
  it("the example's numbers (P34 of seed 3638882051): movement D6 1, crossing D6 4, loot at ½: (8 + 1 − 4) × ½ = 2.5 in, not (8 + 1) × ½ − 4 = 0.5", () => {
    // Turn 1: A02 drives the pig and charges b1 alone (its captain A01 is in mêlée with B03, whom
    // he kills); the charge falls short, 5 in, short of the rough strip x 12–16. Turn 2: a1 charges
    // b1 again; A02, resting, follows behind the charge across the strip.
    const raw = scenario(
      'pig-wars-pirates',
      [
        { weapons: ['cutlass'], at: [10, 20], rank: 'captain' },
        { weapons: ['cutlass'], at: [4, 12] },
      ],
      [{ weapons: ['cutlass'], at: [24, 12], rank: 'captain' }],
      {
        carrySpeed: 0.5,
        terrain: [
          {
            id: 'rough',
            kind: 'rough',
            polygon: [
              [12, 0.5],
              [16, 0.5],
              [16, 47.5],
              [12, 47.5],
            ],
          },
        ],
      },
    );
    raw.sides[1].units.push({
      id: 'b3',
      class: 'average',
      area: [
        [30, 5],
        [34, 5],
        [34, 9],
        [30, 9],
      ],
      facing: 180,
      figures: [{ weapons: ['cutlass'], at: [11.05, 20] }],
    });
    const { s, events, violations, emit } = start('pig-wars-pirates', raw, [d(2, 1)]);
    expect(unitNow(s)).toBe('a1');
    s.pigBy[0] = 1; // A02 drives the pig
    s.pigX[0] = s.x[1];
    s.pigY[0] = s.y[1];
    expect(legal('pig-wars-pirates', s)).toContain('charge:b1');
    // turn 1: charge D6 1, movement D6 1: (8 + 1 + 1) × ½ = 5 in (the crossing D6, rolled for the
    // way to B01, does not come into it); mêlée A01 12 against B03 1; card B
    apply(
      'pig-wars-pirates',
      s,
      emit,
      { k: 'charge', u: 'b1' },
      new ScriptedRng([d(6, 1), d(6, 1), d(6, 4), d(12, 12), d(12, 1), d(1, 1)]),
    );
    const first = events.find((e) => e.e === 'move' && e.f === 'A02')!;
    expect(first).toMatchObject({ why: 'charge on b1 falls short', allowance: 5 });
    expect(events.some((e) => e.e === 'kill' && e.f === 'B03')).toBe(true);
    expect(unitNow(s)).toBe('b1');
    apply('pig-wars-pirates', s, emit, { k: 'hold' });
    apply('pig-wars-pirates', s, emit, { k: 'hold' }, new ScriptedRng([d(2, 1)]));
    expect(s.turn).toBe(2);
    expect(unitNow(s)).toBe('a1');
    // turn 2: charge D6 3, movement D6 1, crossing D6 4
    apply('pig-wars-pirates', s, emit, { k: 'charge', u: 'b1' }, new ScriptedRng([d(6, 3), d(6, 1), d(6, 4)], streamFromString('c')));
    const mv = events.find((e) => e.e === 'move' && e.f === 'A02' && e !== first)!;
    expect(mv.why).toBe('behind the charge on b1 (may not charge)');
    const parts = mv.parts as unknown as Part[];
    expect(parts.map((p) => [p.name, p.value, p.factor])).toEqual([
      ['loose-foot', 8, undefined],
      ['D6', 1, undefined],
      ['carrying loot ×0.5', 0, 0.5],
      ['crossing rough/obstacle −D6', -4, undefined],
    ]);
    expect(mv.allowance).toBe(2.5);
    expect(mv.length as number).toBeCloseTo(2.5, 6);
    expect(violations).toEqual([]);
  });
});

describe('Issue 38 item 9 — Records, [R12] "a part with value 0 and factor": a loot carrier\'s charge that reaches contact gives its part\'s factor', () => {
  for (const id of ['pig-wars', 'pig-wars-pirates'] as const) {
    it(`${id}: the drover charges home; its "carrying loot" part carries factor ${id === 'pig-wars' ? 0.75 : 0.5} and the allowance is the parts' sum times it`, () => {
      const k = id === 'pig-wars' ? 0.75 : 0.5;
      const lead = id === 'pig-wars' ? {} : { rank: 'captain' };
      const w = id === 'pig-wars' ? ['sword'] : ['cutlass'];
      const raw = scenario(id, [{ weapons: w, at: [10, 10], ...lead }], [{ weapons: w, at: [14, 10], rank: 'captain' }], { carrySpeed: k });
      const { s, events, violations, emit } = start(id, raw, [d(2, 1)]);
      s.pigBy[0] = 0;
      s.pigX[0] = s.x[0];
      s.pigY[0] = s.y[0];
      // charge D6 3 (PI: movement D6 3); the mêlée dice from the stream
      apply(
        id,
        s,
        emit,
        { k: 'charge', u: 'b1' },
        new ScriptedRng(id === 'pig-wars' ? [d(6, 3)] : [d(6, 3), d(6, 3)], streamFromString('c')),
      );
      const mv = events.find((e) => e.e === 'move' && e.f === 'A01')!;
      expect(mv.charge).toBe('B01');
      const parts = mv.parts as unknown as Part[];
      const carry = parts.find((p) => p.name.startsWith('carrying loot'))!;
      expect(carry).toEqual({ name: `carrying loot ×${k}`, value: 0, factor: k });
      expect(mv.allowance).toBeCloseTo((id === 'pig-wars' ? 9 + 3 : 8 + 3 + 3) * k, 9);
      expect(parts.reduce((a, p) => a + p.value, 0) * carry.factor!).toBeCloseTo(mv.allowance as number, 9);
      expect(violations).toEqual([]);
    });
  }
});

describe('Issue 38: the invariant monitor finds each pattern in a record', () => {
  const sc = (id: Id, close = false) => {
    const w = [id === 'pig-wars' ? 'sword' : 'cutlass'];
    const raw = scenario(
      id,
      [{ weapons: w, at: [10, 10], rank: 'captain' }],
      [
        { weapons: w, at: [30, 10] },
        { weapons: w, at: [30, 12] },
      ],
    );
    if (close) raw.sides[1].units[0].order = 'close';
    return rulesetOf(id).compile(raw, 'test');
  };
  const feed = (id: Id, events: Record<string, unknown>[], close = false): string[] => {
    const m = pigInvariants(sc(id, close));
    for (const e of events) m.event(e as PigEvent);
    return m.violations;
  };
  const move = (
    f: string,
    from: [number, number],
    len: number,
    allowance: number,
    parts: Part[],
    why: string,
    more: Record<string, unknown> = {},
  ) => ({
    e: 'move',
    f,
    path: [from, [from[0] + len, from[1]]],
    facing: 0,
    length: len,
    allowance,
    parts,
    why,
    ...more,
  });
  it("[R27] item 5: a close-order unit's second figure falling back 1½ × (8 + 1) on the die its order made 1½ × (6 + 1)", () => {
    const fallBack = (f: string, y: number, a: number) => move(f, [30, y], a, a, [{ name: '1½ move', value: a }], 'falls back');
    const head = [
      { e: 'turn', turn: 3 },
      { e: 'morale', unit: 'b1', triggers: [], roll: 1, mods: [], total: 1, fallBack: ['B01', 'B02'], rout: [] },
      { e: 'die', unit: 'b1', what: 'fall-back D6', die: 'd6', roll: 1 },
      { e: 'formation', unit: 'b1', close: false, why: 'B01 falls back' },
    ];
    const bad = feed('pig-wars-pirates', [...head, fallBack('B01', 10, 10.5), fallBack('B02', 12, 13.5)], true);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/B02 falls back 13\.5 in, not 1½ × \(close-foot 6 \+ fall-back D6 1\) = 10\.5/);
    expect(feed('pig-wars-pirates', [...head, fallBack('B01', 10, 10.5), fallBack('B02', 12, 10.5)], true)).toEqual([]);
    // a loose-order unit: 1½ × (8 + D6)
    expect(feed('pig-wars-pirates', [...head.slice(0, 3), fallBack('B01', 10, 13.5), fallBack('B02', 12, 13.5)])).toEqual([]);
  });
  it('[R24]/[R27] item 6: a charge on the turn after a rout out of command', () => {
    const charge = move(
      'B01',
      [33, 10],
      3,
      12,
      [
        { name: 'loose-foot', value: 8 },
        { name: 'D6', value: 2 },
        { name: 'charge D6', value: 2 },
      ],
      'charge A01',
      { charge: 'A01', bonus: true },
    );
    const rout = [
      { e: 'turn', turn: 12 },
      { e: 'command', f: 'B01', routs: true },
      { e: 'die', unit: 'b1', what: 'fall-back D6', die: 'd6', roll: 1 },
      move('B01', [30, 10], 3, 13.5, [{ name: '1½ move', value: 13.5 }], 'out of command: routs'),
    ];
    const rally = { e: 'rally', unit: 'b1', roll: 12, rallied: ['B01'], failed: [] };
    const bad = feed('pig-wars-pirates', [...rout, { e: 'turn', turn: 13 }, rally, charge]);
    expect(bad).toEqual(['turn 13: B01 charges, having fallen back in turn 12 (may not charge on next turn)']);
    expect(feed('pig-wars-pirates', [...rout, { e: 'turn', turn: 13 }, rally, { e: 'turn', turn: 14 }, charge])).toEqual([]);
  });
  it('[R7] item 7: a figure held "behind the charge (may not charge)" that neither charged nor fell back this turn or the last', () => {
    const behind = (x: number) => move('A01', [x, 10], 2, 6, [{ name: 'FA foot', value: 6 }], 'behind the charge on b1 (may not charge)');
    expect(feed('pig-wars', [{ e: 'turn', turn: 4 }, { e: 'turn', turn: 5 }, behind(10)])).toEqual([
      'turn 5: A01 is held back from a charge (behind the charge on b1 (may not charge)) but neither charged nor fell back this turn or the last',
    ]);
    const short = move(
      'A01',
      [10, 10],
      2,
      9,
      [
        { name: 'FA foot', value: 6 },
        { name: 'charge D6', value: 3 },
      ],
      'charge on b1 falls short',
    );
    expect(feed('pig-wars', [{ e: 'turn', turn: 4 }, short, { e: 'turn', turn: 5 }, behind(12)])).toEqual([]);
    // and a figure that charged last turn charging again
    expect(
      feed('pig-wars', [
        { e: 'turn', turn: 4 },
        short,
        { e: 'turn', turn: 5 },
        move(
          'A01',
          [12, 10],
          2,
          9,
          [
            { name: 'FA foot', value: 6 },
            { name: 'charge D6', value: 3 },
          ],
          'charge on b1 falls short',
        ),
      ]),
    ).toEqual(['turn 5: A01 charges, having charged in turn 4 (chargers rest 1 turn)']);
  });
  it('[R11]/[R12] item 8: an allowance that disagrees with its parts — (8 + 1) × ½ − 4 = 0.5 recorded, the parts give (8 + 1 − 4) × ½ = 2.5', () => {
    const parts: Part[] = [
      { name: 'loose-foot', value: 8 },
      { name: 'D6', value: 1 },
      { name: 'carrying loot ×0.5', value: 0, factor: 0.5 },
      { name: 'crossing rough/obstacle −D6', value: -4 },
    ];
    const bad = feed('pig-wars-pirates', [
      { e: 'turn', turn: 1 },
      move('A01', [10, 10], 0.5, 0.5, parts, 'behind the charge on b1 (may not charge)'),
    ]);
    expect(bad.some((v) => /A01: allowance 0\.5 ≠ its parts .* = 2\.500/.test(v))).toBe(true);
    expect(feed('pig-wars-pirates', [{ e: 'turn', turn: 1 }, move('A01', [10, 10], 2.5, 2.5, parts, 'obj')])).toEqual([]);
  });
  it('[R12] item 9: a "carrying loot ×0.5" part without its factor', () => {
    const parts: Part[] = [
      { name: 'loose-foot', value: 8 },
      { name: 'D6', value: 3 },
      { name: 'charge D6', value: 3 },
      { name: 'carrying loot ×0.5', value: 0 },
    ];
    const bad = feed('pig-wars-pirates', [
      { e: 'turn', turn: 1 },
      move('A01', [10, 10], 2, 7, parts, 'charge B01', { charge: 'B01', bonus: true }),
    ]);
    expect(bad).toContain('turn 1: A01: move part "carrying loot ×0.5" has factor undefined');
  });
});
