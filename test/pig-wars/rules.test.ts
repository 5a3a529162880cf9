/**
 * Pig Wars rules played out on tiny tables with forced dice: lance first round only, ties
 * continuing, the pistol unloaded by mêlée, leader death by version, morale triggers. Each test
 * names its sheet ("DA" pig-wars.txt, "PI" pig-wars-pirates-quickref.txt) and section, and the
 * reading of docs/rules/pig-wars.md it relies on.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { pigWars, pigWarsPirates, type PigState } from '../../src/rules/pig-wars/index.js';
import { ACTIVE, DEAD, GONE, ROUT } from '../../src/rules/pig-wars/state.js';
import { homePoint } from '../../src/rules/pig-wars/queries.js';
import { streamFromString } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';
import { ScriptedRng, d } from '../helpers/rng.js';

type Fig = Record<string, unknown>;

/** A 48×48 table: side A's unit a1 and side B's unit b1 face each other in base contact at (10, 10)–(11.05, 10); B also has a leader far away (unit b2) so that B's card asks for an order. */
function scenario(ruleset: 'pig-wars' | 'pig-wars-pirates', aFigs: Fig[], bFigs: Fig[], extra: Record<string, unknown> = {}): unknown {
  const cls = ruleset === 'pig-wars' ? 'average' : 'average';
  return {
    ruleset,
    id: 'test',
    name: 'test',
    table: { width: 48, height: 48 },
    pigs: [[24, 24]],
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
            class: cls,
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
            class: cls,
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
  };
}

function start(ruleset: typeof pigWars, raw: unknown, dice: ReturnType<typeof d>[]): { s: PigState; events: GameEvent[] } {
  const sc = ruleset.compile(raw, 'test');
  const events: GameEvent[] = [];
  const s = ruleset.setup(sc, { rng: new ScriptedRng(dice, streamFromString('rest')), emit: (e) => events.push(e) });
  return { s, events };
}

/** The modifier `name` of figure `fig`'s roll in a melee event (the phasing side's figure is `a`). */
const mod = (e: GameEvent, fig: string, name: string): number | undefined =>
  (e[e.a === fig ? 'modsA' : 'modsB'] as { name: string; value: number }[]).find((m) => m.name === name)?.value;

describe('DA Melee: Mounted lance 5*, first round of current mêlée only (R19)', () => {
  const lancer = { weapons: ['lance'], mounted: true, at: [10, 10], class: 'militia' };
  it('5 in the first round, 1 (as a spear) in the next; a tie is a continuing mêlée', () => {
    // card A (d2=1); round 1: A 1 +5 lance +1 mounted = 7, B 6 +2 sword -1 foot vs mtd = 7 → tie.
    // card B (d1); B's far unit must give an order, so the game stops before round 2.
    const { s, events } = start(pigWars, scenario('pig-wars', [lancer], [{ weapons: ['sword'], at: [11.05, 10], class: 'militia' }]), [
      d(2, 1),
      d(12, 1),
      d(12, 6),
      d(1, 1),
    ]);
    const m1 = events.filter((e) => e.e === 'melee');
    expect(m1).toHaveLength(1);
    expect(mod(m1[0], 'A01', 'lance')).toBe(5);
    expect(m1[0].result).toBe('tie');
    expect(s.status).toEqual([ACTIVE, ACTIVE, ACTIVE]);
    // B holds: round 2 at the end of B's card
    const events2: GameEvent[] = [];
    pigWars.apply(s, { k: 'hold' }, { rng: new ScriptedRng([d(12, 6), d(12, 5)], streamFromString('r2')), emit: (e) => events2.push(e) });
    const m2 = events2.find((e) => e.e === 'melee')!;
    expect(mod(m2, 'A01', 'lance')).toBe(1);
    expect(m2.b).toBe('A01');
    expect(m2.adjB).toBe(7);
    expect(m2.result).toBe('tie');
  });
  it('not vs. spears', () => {
    const { events } = start(pigWars, scenario('pig-wars', [lancer], [{ weapons: ['spear'], at: [11.05, 10], class: 'militia' }]), [
      d(2, 1),
      d(12, 1),
      d(12, 6),
      d(1, 1),
    ]);
    expect(
      mod(
        events.find((e) => e.e === 'melee')!,
        'A01',
        'lance',
      ),
    ).toBe(1);
  });
  it('not uphill', () => {
    const raw = scenario('pig-wars', [lancer], [{ weapons: ['sword'], at: [11.05, 10], class: 'militia' }], {
      terrain: [
        {
          id: 'hill',
          kind: 'hill',
          polygon: [
            [10.6, 8],
            [14, 8],
            [14, 12],
            [10.6, 12],
          ],
        },
      ],
    });
    const { events } = start(pigWars, raw, [d(2, 1), d(12, 1), d(12, 6), d(1, 1)]);
    const m = events.find((e) => e.e === 'melee')!;
    expect(mod(m, 'A01', 'lance')).toBe(1);
    expect(mod(m, 'A01', 'vs uphill')).toBe(-1);
  });
});

describe('DA Melee: the die roll may not be adjusted above 12 or below 1; victory margins', () => {
  it('12 + 6 counts 12; 1 − 1 counts 1; a margin of 11 kills an unarmoured man', () => {
    const { s, events } = start(
      pigWars,
      scenario(
        'pig-wars',
        [{ weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' }],
        [{ weapons: ['spear'], at: [11.05, 10], class: 'militia' }],
        {},
      ),
      [d(2, 1), d(12, 12), d(12, 1), d(1, 1)],
    );
    const m = events.find((e) => e.e === 'melee')!;
    expect(m.adjA).toBe(12);
    expect(m.adjB).toBe(2);
    expect(m.result).toBe('a kills');
    expect(s.status[1]).toBe(DEAD);
  });
});

describe('PI Melee Procedure: a pistol used in melee must be reloaded to use again (R19)', () => {
  it('the unfired pistol gives 3 in the first round and is then unloaded', () => {
    const a = { weapons: ['cutlass', 'pistol'], at: [10, 10], rank: 'mate', class: 'green' };
    const b = { weapons: ['club'], at: [11.05, 10], rank: 'mate', class: 'green' };
    // round 1: A 2 +3 pistol +1 two wpns = 6; B 5 +1 club = 6 → tie
    const { s, events } = start(pigWarsPirates, scenario('pig-wars-pirates', [a], [b]), [d(2, 1), d(12, 2), d(12, 5), d(1, 1)]);
    const m = events.find((e) => e.e === 'melee')!;
    expect(mod(m, 'A01', 'pistol')).toBe(3);
    expect(mod(m, 'A01', 'two weapons')).toBe(1);
    expect(m.result).toBe('tie');
    expect(s.loaded[0]).toBe(0);
    // round 2: the cutlass (2) is now the best weapon
    const ev2: GameEvent[] = [];
    pigWarsPirates.apply(
      s,
      { k: 'hold' },
      { rng: new ScriptedRng([d(12, 7), d(12, 5)], streamFromString('r2')), emit: (e) => ev2.push(e) },
    );
    const m2 = ev2.find((e) => e.e === 'melee')!;
    expect(mod(m2, 'A01', 'cutlass')).toBe(2);
    expect(mod(m2, 'A01', 'pistol')).toBeUndefined();
  });
});

describe('Leader Combat', () => {
  const run = (ruleset: typeof pigWars, id: 'pig-wars' | 'pig-wars-pirates', leaderRoll: number) => {
    const a = { weapons: id === 'pig-wars' ? ['dane-axe'] : ['axe'], at: [10, 10], class: 'elite', rank: 'mate' };
    const b = { weapons: ['club'], at: [11.05, 10], class: id === 'pig-wars' ? 'militia' : 'green', leader: true, rank: 'mate' };
    const raw = scenario(id, [a], [b]);
    if (id === 'pig-wars-pirates')
      ((raw as { sides: { units: { class: string }[] }[] }).sides[1].units[0] as { class: string }).class = 'green';
    // A 12 (+6 → 12) vs B 1: margin far over any victory margin; then the leader-combat D12
    return start(ruleset, raw, [d(2, 1), d(12, 12), d(12, 1), d(12, leaderRoll)]);
  };
  it('DA: leader dies on 1-3', () => {
    for (const r of [1, 2, 3]) {
      const { s, events } = run(pigWars, 'pig-wars', r);
      expect(events.find((e) => e.e === 'leader')).toMatchObject({ roll: r, dies: true });
      expect(s.status[1]).toBe(DEAD);
    }
  });
  it('DA: otherwise receives 1 hit (a wound, −1 in mêlée)', () => {
    const { s, events } = run(pigWars, 'pig-wars', 4);
    expect(events.find((e) => e.e === 'leader')).toMatchObject({ roll: 4, dies: false, hits: 1 });
    expect(s.status[1]).toBe(ACTIVE);
    expect(s.hits[1]).toBe(1);
  });
  it('PI: "he only dies if the roll was a natural 12" — the roll that hit him, no new die ([R21], audit C1)', () => {
    // A's mêlée D12 shows a natural 12 (+6 → 12) against B's 1: the leader dies; the die after it
    // in the stream (here 3) is not rolled for him.
    const { s, events } = run(pigWarsPirates, 'pig-wars-pirates', 3);
    expect(events.find((e) => e.e === 'leader')).toMatchObject({ roll: 12, of: 'the hitting roll', dies: true });
    expect(s.status[1]).toBe(DEAD);
    // A natural 11 (+6, still 12 and a kill margin) hits him but does not kill him: one hit.
    const b = { weapons: ['club'], at: [11.05, 10], class: 'green', leader: true, rank: 'mate' };
    const raw = scenario('pig-wars-pirates', [{ weapons: ['axe'], at: [10, 10], class: 'elite', rank: 'mate' }], [b]);
    ((raw as { sides: { units: { class: string }[] }[] }).sides[1].units[0] as { class: string }).class = 'green';
    const r2 = start(pigWarsPirates, raw, [d(2, 1), d(12, 11), d(12, 1)]);
    expect(r2.events.find((e) => e.e === 'leader')).toMatchObject({ roll: 11, of: 'the hitting roll', dies: false, hits: 1 });
    expect(r2.s.status[1]).toBe(ACTIVE);
  });
});

describe('DA Morale: check when leader is killed, 1/5 of unit lost in one turn, standard lost (R22)', () => {
  it('a dead leader and a lost fifth trigger one check with both modifiers; militia rout on a low roll', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const b: Fig[] = [
      { weapons: ['club'], at: [11.05, 10], leader: true },
      { count: 4, weapons: ['spear'], class: 'militia' },
    ];
    // melee: A 12 vs B 1 → kill; leader combat 2 → dies; morale D12 = 5: −1 (1/5 lost) −3 (leader) = 1 → militia RT
    const { s, events } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 2), d(12, 5)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.triggers).toEqual(['leader killed', '1/5 lost this turn']);
    expect(m.mods).toEqual([
      { name: 'each 1/5 lost', value: -1 },
      { name: 'leader killed/captured', value: -3 },
    ]);
    expect(m.total).toBe(1);
    expect((m.rout as string[]).length).toBe(4);
    // at B's next card the routed rally on its D12 or fall back again (off the table = gone)
    const rally = events.find((e) => e.e === 'rally')!;
    expect([...(rally.rallied as string[]), ...(rally.failed as string[])].sort()).toEqual(['B02', 'B03', 'B04', 'B05']);
    for (let f = 2; f <= 5; f++) {
      const id = `B0${f}`;
      if ((rally.rallied as string[]).includes(id)) expect(s.status[f]).toBe(ACTIVE);
      else expect([ROUT, GONE]).toContain(s.status[f]);
    }
  });
  it('losing the standard triggers a check at −2', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const b: Fig[] = [
      { weapons: ['spear'], at: [11.05, 10], standard: true },
      { count: 9, weapons: ['spear'] },
    ];
    const { events } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 9)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.triggers).toEqual(['standard lost']);
    expect(m.mods).toEqual([{ name: 'standard captured', value: -2 }]);
  });
  it('one loss in ten is not a fifth: no check', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const b: Fig[] = [
      { weapons: ['spear'], at: [11.05, 10] },
      { count: 9, weapons: ['spear'] },
    ];
    const { events } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1)]);
    expect(events.some((e) => e.e === 'kill')).toBe(true);
    expect(events.some((e) => e.e === 'morale')).toBe(false);
  });
});

describe('PI Morale Check: when leader is killed, or lose 25% of unit in a turn', () => {
  it('one of four lost triggers a check at −1 each 25%', () => {
    const a = { weapons: ['axe'], at: [10, 10], class: 'elite', rank: 'mate' };
    const b: Fig[] = [
      { weapons: ['club'], at: [11.05, 10] },
      { count: 2, weapons: ['club'] },
      { weapons: ['club'], rank: 'mate' },
    ];
    const { events } = start(pigWarsPirates, scenario('pig-wars-pirates', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 9)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.triggers).toEqual(['25% lost this turn']);
    expect(m.mods).toEqual([
      { name: 'each 25% lost', value: -1 },
      { name: 'leader in combat or leading', value: 2 },
    ]);
  });
});

describe('Morale modifiers: "Leader in combat or leading" — in mêlée, or with his men ([R23]; outside audits C2: before 0.4.0 a leader alive anywhere gave it)', () => {
  // B01 dies to A01's blow: a quarter of unit b1 lost this turn (PI), a check at step 6.
  const b1 = (leader: Fig): Fig[] => [
    { weapons: ['club'], at: [11.05, 10] },
    { weapons: ['club'], at: [22, 22] },
    { weapons: ['club'], at: [22, 23] },
    leader,
  ];
  const axe = { weapons: ['axe'], at: [10, 10], class: 'elite', rank: 'mate' };
  it('PI: a leader 20 in from his men and in no fight gives no +2', () => {
    const { events } = start(pigWarsPirates, scenario('pig-wars-pirates', [axe], b1({ weapons: ['club'], rank: 'mate', at: [36, 36] })), [
      d(2, 1),
      d(12, 12),
      d(12, 1),
      d(12, 9),
    ]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.triggers).toEqual(['25% lost this turn']);
    expect(m.mods).toEqual([{ name: 'each 25% lost', value: -1 }]);
    expect(m.leader).toBeUndefined();
  });
  it('PI: a leader within 4 in of his men is leading: +2', () => {
    const { events } = start(pigWarsPirates, scenario('pig-wars-pirates', [axe], b1({ weapons: ['club'], rank: 'mate', at: [24, 25] })), [
      d(2, 1),
      d(12, 12),
      d(12, 1),
      d(12, 9),
    ]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.mods).toEqual([
      { name: 'each 25% lost', value: -1 },
      { name: 'leader in combat or leading', value: 2 },
    ]);
    expect(m.leader).toEqual({ figure: 'B04', how: 'leading' });
  });
  it('PI: a leader far from his men but in base contact with an enemy is in combat: +2', () => {
    // A02 and B04 fight at (10, 20)–(11.05, 20), within A01's command radius: 6 vs 6, a continuing
    // mêlée. B04 stands 10 in and more from B01–B03.
    const { events } = start(
      pigWarsPirates,
      scenario('pig-wars-pirates', [axe, { weapons: ['club'], at: [10, 20] }], b1({ weapons: ['club'], rank: 'mate', at: [11.05, 20] })),
      [d(2, 1), d(12, 12), d(12, 1), d(12, 6), d(12, 6), d(12, 9)],
    );
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.mods).toContainEqual({ name: 'leader in combat or leading', value: 2 });
    expect(m.leader).toEqual({ figure: 'B04', how: 'in combat' });
  });
  it('DA: the same for +3 — a leader 20 in from his men, in no fight, gives nothing', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const b: Fig[] = [
      { weapons: ['spear'], at: [11.05, 10] },
      { weapons: ['spear'], at: [22, 22] },
      { weapons: ['spear'], at: [22, 23] },
      { weapons: ['spear'], at: [22, 24] },
      { weapons: ['spear'], leader: true, at: [36, 36] },
    ];
    const { events } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 9)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.triggers).toEqual(['1/5 lost this turn']);
    expect(m.mods).toEqual([{ name: 'each 1/5 lost', value: -1 }]);
  });
});

describe('DA Movement / [R1]: a figure whose place is taken takes the nearest free place within 2 in that its allowance reaches', () => {
  it('a drover whose landing place is crowded goes round the crowd and lands (not held to what was left of its path)', () => {
    // Unit a1: one drover with a pig, about 3 in from its landing place H; unit a2: friends
    // standing on H and in a line 1.05 in in front of it, across the drover's way. Every free
    // place within 2 in of H is farther from the drover than H is; the drover's allowance
    // (9 × ¾ = 6.75 in) reaches free places beside and behind H, inside the home zone.
    const raw = scenario('pig-wars', [{ weapons: ['spear'], at: [8, 10], class: 'average' }], [{ weapons: ['spear'], at: [30, 30] }], {
      carrySpeed: 0.75,
    });
    const sides = (raw as { sides: { units: unknown[] }[] }).sides;
    sides[0].units.push({
      id: 'a2',
      class: 'average',
      area: [
        [5, 30],
        [9, 30],
        [9, 34],
        [5, 34],
      ],
      facing: 0,
      figures: [{ count: 6, weapons: ['spear'] }],
    });
    const { s } = start(pigWars, raw, [d(2, 1)]);
    expect(s.actUnit).toBe(0);
    const drover = 0;
    s.x[drover] = 5.5;
    s.y[drover] = 24;
    const H = homePoint(s, drover);
    const L = Math.hypot(H.x - s.x[drover], H.y - s.y[drover]);
    expect(L).toBeGreaterThan(3);
    const ux = (H.x - s.x[drover]) / L;
    const uy = (H.y - s.y[drover]) / L;
    s.pigBy[0] = drover;
    s.pigX[0] = s.x[drover];
    s.pigY[0] = s.y[drover];
    // a2's six figures (indices 1–6): one on H, five in a line across the way 1.05 in before H
    const spots = [{ x: H.x, y: H.y }, ...[-2, -1, 0, 1, 2].map((k) => ({ x: H.x - 1.05 * ux - k * uy, y: H.y - 1.05 * uy + k * ux }))];
    spots.forEach((p, i) => {
      s.x[1 + i] = p.x;
      s.y[1 + i] = p.y;
    });
    pigWars.apply(s, { k: 'obj' }, { rng: streamFromString('land') });
    expect(s.landed).toBe(1);
    const d2 = Math.hypot(s.x[drover] - H.x, s.y[drover] - H.y);
    expect(d2).toBeGreaterThanOrEqual(1 - 1e-9);
    expect(d2).toBeLessThanOrEqual(2 + 1e-9);
  });
});

describe('DA Melee, Tactical Factors: "Vs. unshielded flank: +1" — [R20] the right flank only, a shielded (left) flank gives nothing (audit A1)', () => {
  // B faces west (180°); on a table whose y grows down its right hand is to the north (y smaller).
  // A (at 10, 10) stands north of B at (10, 11.05) — B's right flank — or south of B at (10, 8.95) — its left.
  const run = (by: number, shield: boolean) => {
    const a = { weapons: ['spear'], at: [10, 10], armour: 'FA' };
    const b = { weapons: ['spear'], at: [10, by], armour: 'FA', shield };
    const { events } = start(pigWars, scenario('pig-wars', [a], [b]), [d(2, 1), d(12, 6), d(12, 6), d(1, 1)]);
    return events.find((e) => e.e === 'melee')!;
  };
  it("A on the shielded figure's right (unshielded) flank: +1", () => {
    expect(mod(run(11.05, true), 'A01', 'vs unshielded flank')).toBe(1);
  });
  it("A on the shielded figure's left (shield) flank: nothing", () => {
    const m = run(8.95, true);
    expect(mod(m, 'A01', 'vs unshielded flank')).toBeUndefined();
    expect(mod(m, 'A01', 'vs rear')).toBeUndefined();
  });
  it('a figure without a shield: either flank +1', () => {
    expect(mod(run(11.05, false), 'A01', 'vs unshielded flank')).toBe(1);
    expect(mod(run(8.95, false), 'A01', 'vs unshielded flank')).toBe(1);
  });
});

describe('DA/PI Movement: "Chargers must rest 1 turn before charging again" — [R7] a charge that falls short is a charge (audit A2)', () => {
  /** Play holds until unit a1 decides in `turn` (or the game ends); true when it does. */
  const holdUntilA1 = (ruleset: typeof pigWars, s: PigState, turn: number): boolean => {
    const rng = streamFromString(`hold-${turn}`);
    for (let k = 0; k < 50; k++) {
      if (ruleset.isTerminal(s)) return false;
      if (s.turn === turn && s.sc.units[s.actUnit].id === 'a1') return true;
      ruleset.apply(s, { k: 'hold' }, { rng });
    }
    return false;
  };
  for (const [ruleset, id] of [
    [pigWars, 'pig-wars'],
    [pigWarsPirates, 'pig-wars-pirates'],
  ] as const) {
    it(`${id}: a charger that falls short may not charge in the next turn, and may in the one after`, () => {
      // A at (5, 10), B 15 in east: within the charge reach (base move + 6), beyond the move + a charge D6 of 1
      // (PI: A is a captain and B a mate, so that neither is out of command; cutlasses, since PI
      // spears are thrown, and a shot between the two would make the test hang on the dice)
      const w = id === 'pig-wars' ? ['spear'] : ['cutlass'];
      const raw = scenario(id, [{ weapons: w, at: [5, 10], rank: 'captain' }], [{ weapons: w, at: [20, 10], rank: 'mate' }]);
      const { s } = start(ruleset, raw, [d(2, 1)]);
      expect(s.turn).toBe(1);
      expect(ruleset.legalActions(s).map((a) => (a.k === 'charge' ? `charge:${a.u}` : a.k))).toContain('charge:b1');
      const events: GameEvent[] = [];
      ruleset.apply(
        s,
        { k: 'charge', u: 'b1' },
        { rng: new ScriptedRng(id === 'pig-wars' ? [d(6, 1)] : [d(6, 1), d(6, 1)], streamFromString('c')), emit: (e) => events.push(e) },
      );
      const mv = events.find((e) => e.e === 'move' && e.f === 'A01')!;
      expect(mv.why).toBe('charge on b1 falls short');
      expect((mv.parts as { name: string; value: number }[]).find((p) => p.name === 'charge D6')?.value).toBe(1);
      expect(holdUntilA1(ruleset, s, 2)).toBe(true);
      expect(s.charged[0]).toBe(1);
      expect(ruleset.legalActions(s).some((a) => a.k === 'charge')).toBe(false);
      expect(() => ruleset.apply(s, { k: 'charge', u: 'b1' }, { rng: streamFromString('x') })).toThrow(/illegal/);
      expect(holdUntilA1(ruleset, s, 3)).toBe(true);
      expect(ruleset.legalActions(s).some((a) => a.k === 'charge' && a.u === 'b1')).toBe(true);
    });
  }
});

describe('DA/PI Melee: "Charging +1, first round of (current) mêlée only" — [R7] the bonus of a charger whose target fell before its round does not last into a later mêlée (audit A3)', () => {
  for (const [ruleset, id] of [
    [pigWars, 'pig-wars'],
    [pigWarsPirates, 'pig-wars-pirates'],
  ] as const) {
    it(`${id}: A02 charges B01, A01 kills B01 first; B03 then charges A02, which gets no "charging"`, () => {
      // a1: A01 in contact with B01; a2: A02 4 in south of B01; b3: B03 7 in south of B01.
      // PI: A01, A02 and B03 are captains so that nobody is out of command (B01, a crewman, dies
      // before B's card asks); rank means nothing in DA.
      const lead = id === 'pig-wars' ? {} : { rank: 'captain' };
      const raw = scenario(id, [{ weapons: ['spear'], at: [10, 10], class: 'elite', ...lead }], [{ weapons: ['spear'], at: [11.05, 10] }]);
      const sides = (raw as { sides: { units: unknown[] }[] }).sides;
      sides[0].units.push({
        id: 'a2',
        class: 'average',
        area: [
          [5, 30],
          [9, 30],
          [9, 34],
          [5, 34],
        ],
        facing: 0,
        figures: [{ weapons: ['spear'], at: [11.05, 14], ...lead }],
      });
      sides[1].units.push({
        id: 'b3',
        class: 'average',
        area: [
          [30, 5],
          [34, 5],
          [34, 9],
          [30, 9],
        ],
        facing: 0,
        figures: [{ weapons: ['spear'], at: [11.05, 21], ...lead }],
      });
      const { s } = start(ruleset, raw, [d(2, 1)]);
      expect(s.sc.units[s.actUnit].id).toBe('a2');
      const ev1: GameEvent[] = [];
      // charge D6 (PI: then the movement D6); mêlée A01 12 vs B01 1: B01 dies, A02 never fights
      const moveDice = id === 'pig-wars' ? [d(6, 3)] : [d(6, 3), d(6, 3)];
      ruleset.apply(
        s,
        { k: 'charge', u: 'b1' },
        { rng: new ScriptedRng([...moveDice, d(12, 12), d(12, 1)], streamFromString('a')), emit: (e) => ev1.push(e) },
      );
      const charge = ev1.find((e) => e.e === 'move' && e.f === 'A02')!;
      expect(charge.charge).toBe('B01');
      expect(charge.bonus).toBe(true);
      expect(ev1.filter((e) => e.e === 'melee').map((e) => [e.a, e.b])).toEqual([['A01', 'B01']]);
      expect(ev1.some((e) => e.e === 'kill' && e.f === 'B01')).toBe(true);
      // B's card: b2 holds, b3 charges a2
      const ev2: GameEvent[] = [];
      for (let k = 0; k < 5 && s.sc.units[s.actUnit].id !== 'b3'; k++)
        ruleset.apply(s, { k: 'hold' }, { rng: streamFromString(`h${k}`), emit: (e) => ev2.push(e) });
      expect(s.sc.units[s.actUnit].id).toBe('b3');
      ruleset.apply(
        s,
        { k: 'charge', u: 'a2' },
        { rng: new ScriptedRng([...moveDice, d(12, 6), d(12, 6)], streamFromString('b')), emit: (e) => ev2.push(e) },
      );
      const m = ev2.find((e) => e.e === 'melee' && (e.a === 'A02' || e.b === 'A02'))!;
      expect(m).toBeDefined();
      expect(mod(m, 'B03', 'charging')).toBe(1);
      expect(mod(m, 'A02', 'charging')).toBeUndefined();
    });
  }
});

describe('DA Morale, FB / RT: [R27] a figure that falls back and reaches its table edge is out for good, as a routed one is (audit A6)', () => {
  it('elite figures 3.5 in from their edge fall back 1½ moves (13.5 in): all leave the table', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    // b1: B01 in contact with A01 (killed: 1/5 of b1 lost), four elite figures 3.5 in from the east edge (B flees east)
    const b: Fig[] = [
      { weapons: ['spear'], at: [11.05, 10] },
      ...[10, 12, 14, 16].map((y) => ({ weapons: ['spear'], at: [44, y], class: 'elite' })),
    ];
    // mêlée A 12 vs B 1: B01 dies; morale D12 2 − 1 (1/5 lost) = 1: elite FB (no leader near, no standard)
    const { s, events } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 2)]);
    const m = events.find((e) => e.e === 'morale')!;
    expect(m.total).toBe(1);
    expect(m.fallBack).toEqual(['B02', 'B03', 'B04', 'B05']);
    expect(m.rout).toEqual([]);
    for (let f = 2; f <= 5; f++) expect(s.status[f]).toBe(GONE);
    expect(events.filter((e) => e.e === 'gone').map((e) => e.f)).toEqual(['B02', 'B03', 'B04', 'B05']);
  });
  it('a fall back that does not reach the edge stops short of it, on the table', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const b: Fig[] = [
      { weapons: ['spear'], at: [11.05, 10] },
      ...[10, 12, 14, 16].map((y) => ({ weapons: ['spear'], at: [30, y], class: 'elite' })),
    ];
    const { s } = start(pigWars, scenario('pig-wars', [a], b), [d(2, 1), d(12, 12), d(12, 1), d(12, 2)]);
    for (let f = 2; f <= 5; f++) {
      expect(s.status[f]).toBe(ACTIVE);
      expect(s.x[f]).toBeCloseTo(43.5, 6);
    }
  });
});

describe('[R8] Facing: after a round of mêlée each fighter turns to face the first opponent it fought — recorded (audit B2)', () => {
  it('the melee event gives the facings the arcs were read from; a facing event the turns after the step', () => {
    const raw = scenario(
      'pig-wars',
      [{ weapons: ['spear'], at: [10, 10], armour: 'FA' }],
      [{ weapons: ['spear'], at: [11.05, 10], armour: 'FA' }],
    );
    // B01 faces south (90°): A01 (west of it) stands on its flank
    ((raw as { sides: { units: { facing: number }[] }[] }).sides[1].units[0] as { facing: number }).facing = 90;
    const { s, events } = start(pigWars, raw, [d(2, 1), d(12, 6), d(12, 6), d(1, 1)]);
    const m = events.find((e) => e.e === 'melee')!;
    expect(m.facingA).toBe(0);
    expect(m.facingB).toBe(90);
    expect(mod(m, 'A01', 'vs unshielded flank')).toBe(1);
    expect(m.result).not.toMatch(/kills/);
    const i = events.indexOf(m);
    const t = events.findIndex((e, k) => k > i && e.e === 'facing');
    expect(t).toBeGreaterThan(i);
    expect(events[t].turned).toEqual([{ f: 'B01', facing: 180 }]);
    expect(Math.round((s.facing[1] * 180) / Math.PI)).toBe(180);
  });
});

describe('PI "Crossing … Rough Terrain: −D6" [R11] and DA "Shield Wall … may not move over rough" [R10]: the way to a free place taken instead of the one reached meets the same rules (audit A5)', () => {
  // A01 moves east along a corridor (y 9.7–10.3) between two rough strips, which also cover
  // everything from x 20.3 on. Friends (unit a2) stand on the place it reaches, (20, 10), and on
  // the corridor behind it at 19 and 18, so every free place within 2 in of (20, 10) is on rough.
  const build = (id: 'pig-wars' | 'pig-wars-pirates', from: number) => {
    const lead = id === 'pig-wars' ? { shield: true } : { rank: 'captain' };
    const raw = scenario(id, [{ weapons: ['spear'], at: [from, 10], ...lead }], [{ weapons: ['spear'], at: [30, 30] }], {
      terrain: [
        {
          id: 'south',
          kind: 'rough',
          polygon: [
            [8, 10.3],
            [40, 10.3],
            [40, 20],
            [8, 20],
          ],
        },
        {
          id: 'north',
          kind: 'rough',
          polygon: [
            [8, 0.5],
            [40, 0.5],
            [40, 9.7],
            [8, 9.7],
          ],
        },
        {
          id: 'east',
          kind: 'rough',
          polygon: [
            [20.3, 9],
            [40, 9],
            [40, 11],
            [20.3, 11],
          ],
        },
      ],
    });
    (raw as { sides: { units: unknown[] }[] }).sides[0].units.push({
      id: 'a2',
      class: 'average',
      area: [
        [5, 30],
        [9, 30],
        [9, 34],
        [5, 34],
      ],
      facing: 0,
      figures: [20, 19, 18].map((x) => ({ weapons: ['spear'], at: [x, 10] })),
    });
    return raw;
  };
  /** The move's path enters rough ground. */
  const onRough = (s: PigState, path: number[][]): boolean => s.sc.table.slowEntry(path.map(([x, y]) => ({ x, y }))) < Infinity;
  it('PI: a place reached only across rough ground costs the −D6; with a D6 of 6 it is out of reach, and the figure walks back along its route', () => {
    const { s } = start(pigWarsPirates, build('pig-wars-pirates', 10), [d(2, 1)]);
    expect(s.sc.units[s.actUnit].id).toBe('a1');
    const ev: GameEvent[] = [];
    // movement D6 2: 8 + 2 = 10 in reaches (20, 10); the crossing D6 6
    pigWarsPirates.apply(
      s,
      { k: 'moveTo', x: 40, y: 10 },
      { rng: new ScriptedRng([d(6, 2), d(6, 6)], streamFromString('m')), emit: (e) => ev.push(e) },
    );
    const mv = ev.find((e) => e.e === 'move' && e.f === 'A01')!;
    const parts = mv.parts as { name: string; value: number }[];
    expect(onRough(s, mv.path as number[][])).toBe(false);
    expect(parts.some((p) => p.name.startsWith('crossing'))).toBe(false);
    expect(mv.allowance).toBe(10);
    expect(s.x[0]).toBeCloseTo(17, 6);
    expect(s.y[0]).toBeCloseTo(10, 6);
  });
  it('PI: with a crossing D6 of 1 the place across the rough is within reach: it goes there and the −D6 is counted', () => {
    const { s } = start(pigWarsPirates, build('pig-wars-pirates', 10), [d(2, 1)]);
    const ev: GameEvent[] = [];
    pigWarsPirates.apply(
      s,
      { k: 'moveTo', x: 40, y: 10 },
      { rng: new ScriptedRng([d(6, 2), d(6, 1)], streamFromString('m')), emit: (e) => ev.push(e) },
    );
    const mv = ev.find((e) => e.e === 'move' && e.f === 'A01')!;
    expect(onRough(s, mv.path as number[][])).toBe(true);
    expect((mv.parts as { name: string; value: number }[]).find((p) => p.name.startsWith('crossing'))?.value).toBe(-1);
    expect(mv.allowance).toBe(9);
    expect(mv.length as number).toBeLessThanOrEqual(9 + 1e-6);
  });
  it('DA: a shield wall does not step aside onto rough ground', () => {
    const { s } = start(pigWars, build('pig-wars', 16), [d(2, 1)]);
    expect(s.sc.units[s.actUnit].id).toBe('a1');
    s.wall[0] = 1; // a1 in shield wall: moves 4, to (20, 10)
    const ev: GameEvent[] = [];
    pigWars.apply(s, { k: 'moveTo', x: 40, y: 10 }, { rng: streamFromString('w'), emit: (e) => ev.push(e) });
    const mv = ev.find((e) => e.e === 'move' && e.f === 'A01')!;
    expect(onRough(s, mv.path as number[][])).toBe(false);
    expect(s.x[0]).toBeCloseTo(17, 6);
  });
});

describe('DA Morale, FB: "Figures fall back 1 1/2 move" — friends on the way do not cut it short: [R27] with [R1]\'s nearest free place within 2 in (audit A4)', () => {
  it('a column of friends on the straight route: the figure ends within 2 in of the place its 13.5 in reach, not behind the column', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    // b1: B01 in contact with A01 (killed), B02 elite at (20, 10): falls back east 13.5 in to (33.5, 10)
    const raw = scenario(
      'pig-wars',
      [a],
      [
        { weapons: ['spear'], at: [11.05, 10] },
        { weapons: ['spear'], at: [20, 10], class: 'elite' },
      ],
    );
    // b3: a column of five friends on the route, at x 29.5 … 33.5
    (raw as { sides: { units: unknown[] }[] }).sides[1].units.push({
      id: 'b3',
      class: 'average',
      area: [
        [30, 20],
        [34, 20],
        [34, 24],
        [30, 24],
      ],
      facing: 180,
      figures: [29.5, 30.5, 31.5, 32.5, 33.5].map((x) => ({ weapons: ['spear'], at: [x, 10] })),
    });
    const { s, events } = start(pigWars, raw, [d(2, 1), d(12, 12), d(12, 1), d(12, 2)]);
    expect(events.find((e) => e.e === 'morale')!.fallBack).toEqual(['B02']);
    const mv = events.find((e) => e.e === 'move' && e.f === 'B02')!;
    expect(mv.length as number).toBeLessThanOrEqual(13.5 + 1e-6);
    expect(s.status[2]).toBe(ACTIVE);
    expect(Math.hypot(s.x[2] - 33.5, s.y[2] - 10)).toBeLessThanOrEqual(2 + 1e-9);
    for (let g = 3; g < s.x.length; g++) if (g !== 2) expect(Math.hypot(s.x[2] - s.x[g], s.y[2] - s.y[g])).toBeGreaterThanOrEqual(1 - 1e-6);
  });
});

describe('[R5] "The raiders win as soon as their landed loot reaches the scenario\'s number": the rest of the unit\'s order is not carried out (audit D1)', () => {
  it('two drovers at the landing place, one loot to win: the first lands, the game ends, the second does not move', () => {
    const raw = scenario(
      'pig-wars',
      [
        { weapons: ['spear'], at: [8, 10] },
        { weapons: ['spear'], at: [8, 14] },
      ],
      [{ weapons: ['spear'], at: [30, 30] }],
      {
        pigs: [
          [24, 24],
          [26, 26],
        ],
      },
    );
    const { s } = start(pigWars, raw, [d(2, 1)]);
    expect(s.sc.units[s.actUnit].id).toBe('a1');
    // Both drive a pig, 2 in and 4 in from the home zone (x < 3): each reaches it this move.
    s.x[0] = 5;
    s.y[0] = 10;
    s.x[1] = 7;
    s.y[1] = 20;
    for (const [p, f] of [
      [0, 0],
      [1, 1],
    ]) {
      s.pigBy[p] = f;
      s.pigX[p] = s.x[f];
      s.pigY[p] = s.y[f];
    }
    const ev: GameEvent[] = [];
    pigWars.apply(s, { k: 'home' }, { rng: streamFromString('land2'), emit: (e) => ev.push(e) });
    expect(s.landed).toBe(1);
    expect(ev.filter((e) => e.e === 'landed')).toHaveLength(1);
    expect(ev.filter((e) => e.e === 'move')).toHaveLength(1);
    const end = ev.find((e) => e.e === 'end')!;
    expect(end.winner).toBe('a');
    expect(end.landed).toBe(1);
    expect(pigWars.isTerminal(s)).toBe(true);
  });
});

describe('PI "Crossing … Rough Terrain: −D6" with loot: the escort "keeping pace with the drovers" moves as they do — [R1], [R11] (audit B4)', () => {
  it('movement D6 5, crossing D6 5, loot at ½: the drover (8 + 5 − 5) × ½ = 4 in and the escort the same 4 in (not (8 + 5) × ½ − 5 = 1.5)', () => {
    const raw = scenario(
      'pig-wars-pirates',
      [
        { weapons: ['cutlass'], at: [20, 10], rank: 'captain' },
        { weapons: ['cutlass'], at: [20, 12] },
      ],
      [{ weapons: ['spear'], at: [40, 40] }],
      {
        carrySpeed: 0.5,
        terrain: [
          {
            id: 'rough',
            kind: 'rough',
            polygon: [
              [14, 0.5],
              [18, 0.5],
              [18, 47.5],
              [14, 47.5],
            ],
          },
        ],
      },
    );
    const { s } = start(pigWarsPirates, raw, [d(2, 1)]);
    expect(s.sc.units[s.actUnit].id).toBe('a1');
    s.pigBy[0] = 0; // A01 drives the pig
    s.pigX[0] = s.x[0];
    s.pigY[0] = s.y[0];
    const ev: GameEvent[] = [];
    pigWarsPirates.apply(s, { k: 'home' }, { rng: new ScriptedRng([d(6, 5), d(6, 5)], streamFromString('esc')), emit: (e) => ev.push(e) });
    const moves = ev.filter((e) => e.e === 'move');
    expect(moves.map((m) => m.f).sort()).toEqual(['A01', 'A02']);
    for (const m of moves) {
      expect(m.allowance).toBeCloseTo(4, 9);
      expect(m.length as number).toBeLessThanOrEqual(4 + 1e-6);
    }
    // Records (audit D2): the fraction is a part of its own with its factor, not only in its name;
    // the allowance is (sum of the other parts) × factor.
    for (const m of moves) {
      const parts = m.parts as { name: string; value: number; factor?: number }[];
      const scaling = parts.filter((p) => p.factor !== undefined);
      expect(scaling).toHaveLength(1);
      expect(scaling[0].factor).toBe(0.5);
      expect(parts.reduce((a, p) => a + p.value, 0) * scaling[0].factor!).toBeCloseTo(m.allowance as number, 9);
    }
  });
});

describe('Records: the setup event says who each figure is — class, level, weapons, armour, leader — without the id convention (audit B1)', () => {
  it('Black Coat on the Kershner raid: veteran, level 2, cutlass and pistol, unarmoured, captain', () => {
    const events: GameEvent[] = [];
    pigWarsPirates.setup(loadScenario('kershner-supply-raid').compiled as Parameters<typeof pigWarsPirates.setup>[0], {
      rng: streamFromString('setup'),
      emit: (e) => events.push(e),
    });
    const figs = events.find((e) => e.e === 'setup')!.figures as Record<string, unknown>[];
    const bc = figs.find((f) => f.name === 'Black Coat')!;
    expect(bc).toMatchObject({
      f: 'P01',
      class: 'veteran',
      level: 2,
      weapons: ['cutlass', 'pistol'],
      armour: 'UA',
      shield: false,
      mounted: false,
      leader: true,
      rank: 'captain',
    });
    expect(figs.every((f) => Array.isArray(f.weapons) && typeof f.class === 'string')).toBe(true);
  });
});

describe('Records: a fall back the rules ask for and the table refuses leaves an event — [R27] (audit B3)', () => {
  it('friends packed on the whole way and round the place 13.5 in back: B02 does not move, and a stuck event says why', () => {
    const a = { weapons: ['dane-axe'], at: [10, 10], class: 'elite', armour: 'FA' };
    const raw = scenario(
      'pig-wars',
      [a],
      [
        { weapons: ['spear'], at: [11.05, 10] },
        { weapons: ['spear'], at: [20, 10], class: 'elite' },
      ],
    );
    // b3: a file of friends from B02's back to 2 in past the place its fall back reaches, and a
    // square block 1.06 in apart filling 3.2 in round that place (no free place within 2 in of it).
    const spots: [number, number][] = [];
    const c = 21.06 + 12 * 1.06; // 33.78: the block's centre, on the file's spacing
    for (let k = 0; k < 8; k++) spots.push([21.06 + k * 1.06, 10]);
    for (let i = -4; i <= 4; i++)
      for (let j = -4; j <= 4; j++) if (Math.hypot(i, j) * 1.06 <= 4.3) spots.push([c + i * 1.06, 10 + j * 1.06]);
    (raw as { sides: { units: unknown[] }[] }).sides[1].units.push({
      id: 'b3',
      class: 'average',
      area: [
        [30, 20],
        [34, 20],
        [34, 24],
        [30, 24],
      ],
      facing: 180,
      figures: spots.map((p) => ({ weapons: ['spear'], at: p })),
    });
    const { s, events } = start(pigWars, raw, [d(2, 1), d(12, 12), d(12, 1), d(12, 2)]);
    expect(events.find((e) => e.e === 'morale')!.fallBack).toEqual(['B02']);
    expect(events.some((e) => e.e === 'move' && e.f === 'B02')).toBe(false);
    expect(events.find((e) => e.e === 'stuck')).toMatchObject({ f: 'B02', why: 'falls back' });
    expect(s.x[2]).toBe(20);
  });
});

describe('PI Movement "Close Order Foot: D6+6": a close-order unit falls back 1½ × (6 + D6), its own rate, and the record says the order is broken; each unit rolls its own fall-back D6 — [R27] (second outside reading)', () => {
  it("two units out of command on B's card: each its own D6, the close-order one at 1½ × (6 + D6), with a formation event", () => {
    const raw = scenario(
      'pig-wars-pirates',
      [{ weapons: ['cutlass'], at: [5, 40], rank: 'captain' }],
      [{ weapons: ['cutlass'], at: [20, 10] }],
    );
    const units = (raw as { sides: { units: Record<string, unknown>[] }[] }).sides[1].units;
    units[0].order = 'close';
    units.push({
      id: 'b3',
      class: 'average',
      area: [
        [20, 32],
        [24, 32],
        [24, 36],
        [20, 36],
      ],
      facing: 180,
      figures: [{ weapons: ['cutlass'], at: [20, 34] }],
    });
    // B's captain (unit b2) stands at (42, 42): B01 (36.8 in off) and B03 (22.4 in off) are beyond his 18 in.
    const { s } = start(pigWarsPirates, raw, [d(2, 1)]);
    expect(s.sc.units[s.actUnit].id).toBe('a1');
    const ev: GameEvent[] = [];
    // A holds; B's card: both B01 and B03 are out of command and rout, D6 2 for b1, D6 5 for b3.
    pigWarsPirates.apply(
      s,
      { k: 'hold' },
      { rng: new ScriptedRng([d(1, 1), d(6, 2), d(6, 5)], streamFromString('cmd')), emit: (e) => ev.push(e) },
    );
    const dice = ev.filter((e) => e.e === 'die' && e.what === 'fall-back D6');
    expect(dice.map((e) => [e.unit, e.roll])).toEqual([
      ['b1', 2],
      ['b3', 5],
    ]);
    expect(ev.find((e) => e.e === 'formation')).toMatchObject({ unit: 'b1', close: false });
    const moves = ev.filter((e) => e.e === 'move');
    expect(moves.find((m) => m.f === 'B01')!.allowance).toBe(1.5 * (6 + 2));
    expect(moves.find((m) => m.f === 'B03')!.allowance).toBe(1.5 * (8 + 5));
  });
});
