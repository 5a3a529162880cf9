/**
 * Pirates! rules other than the worked examples: the turn sequence (§3), movement (§4), hits and
 * captures (§5.B(3), §5.C, §5.E), pillage and booty (§9, §11), morale (§10), victory (§11).
 */
import { describe, expect, it } from 'vitest';
import { type GameEvent } from '../../src/core/model.js';
import type { PiratesEvent } from '../../src/rules/pirates/events.js';
import { gameStream } from '../../src/core/rng.js';
import { dist, pointAlong } from '../../src/core/geometry.js';
import { fleeStep, resolveAttack, moraleCheck } from '../../src/rules/pirates/combat.js';
import { applyAction, legalActions } from '../../src/rules/pirates/actions.js';
import { pirates as piratesRuleset } from '../../src/rules/pirates/index.js';
import { setupGame } from '../../src/rules/pirates/turn.js';
import { newBandCandidates } from '../../src/rules/pirates/bands.js';
import type { PiratesAction } from '../../src/rules/pirates/action.js';
import { ACTIVE, CAPTURED, DEAD, FLEEING, PH_BAND, PH_OVER, type PiratesState } from '../../src/rules/pirates/state.js';
import { ScriptedRng, d } from '../helpers/rng.js';
import { atFigure, duelScenario, duelState, fig, type FigSpec, type TerrainSpec } from '../helpers/pirates.js';
import { coverFrom } from '../../src/rules/pirates/table.js';
import { piratesInvariants } from '../../src/rules/pirates/invariants.js';
import { readFileSync } from 'node:fs';

const melee = { mode: 'fight', charged: false, moved: false, capture: false } as const;
const capture = { ...melee, capture: true } as const;

function play(
  s: PiratesState,
  choose: (legal: PiratesAction[]) => PiratesAction,
  seed: number,
  events: GameEvent[],
  maxDecisions = 5000,
): void {
  const rng = gameStream(seed);
  for (let i = 0; i < maxDecisions && s.phase !== PH_OVER; i++)
    applyAction(s, choose(legalActions(s)), { rng, emit: (e) => events.push(e) });
}

describe('§3 Turn sequence', () => {
  const sc = duelScenario([
    { side: 0, weapon: 'cutlass', at: [3, 42] },
    { side: 0, weapon: 'cutlass', at: [4.1, 42] },
    { side: 0, weapon: 'cutlass', at: [3, 43.1] },
    { side: 0, weapon: 'cutlass', at: [4.1, 43.1] },
    { side: 1, weapon: 'club', at: [44, 4] },
    { side: 1, weapon: 'club', at: [45.1, 4] },
  ]);
  const events: GameEvent[] = [];
  const s = setupGame(sc, { rng: gameStream(11), emit: (e) => events.push(e) });
  play(s, (l) => l[0], 11, events, 400);

  it('§3.A the deck holds both sides’ cards and is turned in full, freshly shuffled, every turn', () => {
    const turns = new Map<number, string[]>();
    let turn = 0; // a 'turn' event opens each turn; the events within it carry no turn number
    for (const e of events) {
      if (e.e === 'turn') turn = e.turn as number;
      if (e.e === 'card') turns.set(turn, [...(turns.get(turn) ?? []), e.card as string]);
    }
    const deck = sc.deck.map((c) => c.label).sort();
    expect(deck).toHaveLength(8);
    const complete = [...turns.entries()].filter(([t]) => events.some((e) => e.e === 'turnEnd' && e.turn === t));
    expect(complete.length).toBeGreaterThan(3);
    for (const [, cards] of complete) expect([...cards].sort()).toEqual(deck);
    const orders = new Set(complete.map(([, c]) => c.join(',')));
    expect(orders.size).toBeGreaterThan(1); // reshuffled, not the same order each turn
  });

  it('§3.B two cards are turned at a time, then their bands act', () => {
    let i = 0;
    let pairs = 0;
    while (i < events.length) {
      if (events[i].e === 'card') {
        expect(events[i + 1].e).toBe('card');
        pairs++;
        i += 2;
      } else i++;
    }
    expect(pairs).toBeGreaterThan(10);
  });

  it('§4.B one movement roll per side per turn: top two of 3d10, and the first two dice as the 2d10 roll', () => {
    const rolls = events.filter((e) => e.e === 'moveRoll');
    const turns = new Set(events.filter((e) => e.e === 'turn').map((e) => e.turn));
    expect(rolls.length).toBe(turns.size * 2);
    for (const r of rolls) {
      const dice = r.dice as number[];
      expect(dice).toHaveLength(3);
      const sorted = [...dice].sort((a, b) => b - a);
      expect(r.allowance).toBe(sorted[0] + sorted[1]);
      expect(r.broken).toBe(dice[0] + dice[1]);
      for (const x of dice) expect(x >= 1 && x <= 10).toBe(true);
    }
  });
});

describe('§3.C–D bands', () => {
  const figs: FigSpec[] = [
    { side: 0, weapon: 'cutlass', at: [3, 42] },
    { side: 0, weapon: 'cutlass', at: [4.1, 42] },
    { side: 0, weapon: 'cutlass', at: [3, 43.1] },
    { side: 0, weapon: 'cutlass', at: [4.1, 43.1] },
    { side: 0, weapon: 'cutlass', at: [5.2, 42] },
    { side: 1, weapon: 'club', at: [44, 4] },
  ];
  const fresh = (value: number): PiratesState => {
    const s = duelState(duelScenario(figs));
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === value);
    s.inDeck.fill(1);
    s.inDeck[s.actCard] = 0;
    return s;
  };

  it('§3.B a card activates a band of at most its value: a 3 offers new bands of 1, 2 or 3', () => {
    const s = fresh(3);
    const opts = legalActions(s)
      .filter((a) => a.k === 'new')
      .map((a) => (a.k === 'new' ? a.n : 0));
    expect(opts).toEqual([1, 2, 3]);
  });

  it('§3.C once formed, a band stays intact: a band of four cannot answer a 3; §3.D after losses it can', () => {
    const s = fresh(4);
    applyAction(s, { k: 'new', g: 'crew', n: 4 }, { rng: gameStream(1) });
    const members = [0, 1, 2, 3, 4].filter((f) => s.band[f] === 0);
    expect(members).toHaveLength(4);
    // A 3 of the same side later this turn: band 0 is not offered (4 figures), nor next turn.
    s.bandDone[0] = 0;
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 3);
    expect(legalActions(s)).not.toContainEqual({ k: 'band', b: 0 });
    // One of the four is killed, one runs: two left, and a 2 can now activate them.
    s.status[members[0]] = DEAD;
    s.band[members[0]] = -1;
    s.status[members[1]] = FLEEING;
    s.band[members[1]] = -1;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 2);
    expect(legalActions(s)).toContainEqual({ k: 'band', b: 0 });
  });

  it('§3.F a new band is formed only of figures within 6 inches of each other', () => {
    const s = duelState(
      duelScenario([
        { side: 0, weapon: 'cutlass', at: [3, 42] },
        { side: 0, weapon: 'cutlass', at: [5, 42] },
        { side: 0, weapon: 'cutlass', at: [9.5, 42] },
        { side: 1, weapon: 'club', at: [44, 4] },
      ]),
    );
    const c = newBandCandidates(s, 0, 4);
    expect(c).toEqual([0, 1]); // the third is 6.5 in from the first
    for (const a of c) for (const b of c) expect(dist(s.x[a], s.y[a], s.x[b], s.y[b])).toBeLessThanOrEqual(6);
  });

  it('§3.C a player forms his bands: a new band may name its members (audit C3), checked against §3.B–F', () => {
    const s = fresh(3);
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 2, figures: ['P02', 'P05'] })).toBeNull();
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 4, figures: ['P01', 'P02', 'P03', 'P04'] })).toMatch(/card of 3/); // §3.B
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 2, figures: ['P02'] })).toMatch(/1 figures named/);
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 2, figures: ['P02', 'T01'] })).toMatch(/not of group/);
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'new', g: 'crew', n: 2, figures: ['P02', 'P05'] }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    expect(ev.find((e) => e.e === 'activate')).toMatchObject({ formed: true, figures: ['P02', 'P05'] });
    expect([0, 1, 2, 3, 4].filter((f) => s.band[f] === 0)).toEqual([1, 4]);
    // §3.C intact: a formed band's figure cannot be named again; §3.F: every pair within 6 in.
    s.phase = PH_BAND;
    s.actBand = -1;
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 2, figures: ['P01', 'P02'] })).toMatch(/in a band already/);
    s.x[2] = 12;
    expect(piratesRuleset.checkAction!(s, { k: 'new', g: 'crew', n: 2, figures: ['P01', 'P03'] })).toMatch(/§3\.F/);
  });

  it('§3.G a band acts once per turn', () => {
    const s = fresh(4);
    applyAction(s, { k: 'new', g: 'crew', n: 4 }, { rng: gameStream(1) });
    expect(s.bandDone[0] === 1 || s.actBand === 0).toBe(true);
    s.bandDone[0] = 1;
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 4);
    expect(legalActions(s)).not.toContainEqual({ k: 'band', b: 0 });
  });
});

describe('§4 Movement', () => {
  it('§4.B a figure moves no further than its side’s roll; over broken ground only the 2d10 allowance', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 20] },
        { side: 1, weapon: 'club', at: [44, 40] },
      ],
      [
        {
          id: 'rubble',
          kind: 'broken',
          polygon: [
            [14, 10],
            [20, 10],
            [20, 30],
            [14, 30],
          ],
        },
      ],
      {
        objective: {
          id: 'store',
          name: 'the store',
          polygon: [
            [30, 18],
            [34, 18],
            [34, 22],
            [30, 22],
          ],
        },
      },
    );
    const s = duelState(sc, [16, 16], [9, 9]);
    const p = fig(s, 'P01');
    atFigure(s, p);
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'obj' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    const m = ev.find((e) => e.e === 'move')!;
    expect(m.limit).toBe(9); // the way enters the rubble 4 in out: the 2d10 roll (9) applies
    expect(m.path as number).toBeLessThanOrEqual(9);
    expect(m.path as number).toBeGreaterThan(8.5);
  });

  it('§4.B a figure may go up to the edge of broken ground on its full allowance', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [2, 20] },
        { side: 1, weapon: 'club', at: [44, 40] },
      ],
      [
        {
          id: 'rubble',
          kind: 'broken',
          polygon: [
            [14, 10],
            [20, 10],
            [20, 30],
            [14, 30],
          ],
        },
      ],
      {
        objective: {
          id: 'store',
          name: 'the store',
          polygon: [
            [30, 18],
            [34, 18],
            [34, 22],
            [30, 22],
          ],
        },
      },
    );
    const s = duelState(sc, [16, 16], [9, 9]);
    atFigure(s, fig(s, 'P01'));
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'obj' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    const m = ev.find((e) => e.e === 'move')!;
    expect(m.path as number).toBeGreaterThan(11.9); // to the rubble's edge at x = 14
    expect(m.path as number).toBeLessThanOrEqual(12);
  });

  it('§4.B entering a hill is uphill: the 2d10 allowance', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 20] },
        { side: 1, weapon: 'club', at: [44, 40] },
      ],
      [
        {
          id: 'knoll',
          kind: 'hill',
          polygon: [
            [13, 10],
            [24, 10],
            [24, 30],
            [13, 30],
          ],
        },
      ],
      {
        objective: {
          id: 'store',
          name: 'the store',
          polygon: [
            [30, 18],
            [34, 18],
            [34, 22],
            [30, 22],
          ],
        },
      },
    );
    const s = duelState(sc, [16, 16], [7, 7]);
    atFigure(s, fig(s, 'P01'));
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'obj' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    expect(ev.find((e) => e.e === 'move')!.limit).toBe(7);
  });

  it('§4.C mounted figures roll 4d10 and keep the highest three', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [3, 42] },
      { side: 1, weapon: 'sword', at: [44, 4], mounted: true, name: 'Captain of the Guard' },
    ]);
    const ev: GameEvent[] = [];
    setupGame(sc, { rng: gameStream(3), emit: (e) => ev.push(e) });
    const rolls = ev.filter((e) => e.e === 'moveRoll');
    const town = rolls.find((r) => r.side === 'townsfolk')!;
    const m = town.mountedDice as number[];
    expect(m).toHaveLength(4);
    const sorted = [...m].sort((a, b) => b - a);
    expect(town.mounted).toBe(sorted[0] + sorted[1] + sorted[2]);
    expect(rolls.find((r) => r.side === 'pirates')!.mountedDice).toBeUndefined();
  });

  it('§4.D group movement is measured from the centre of the group, within the allowance; the group stays within 6 in', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [3, 42] },
      { side: 0, weapon: 'cutlass', at: [4.1, 42] },
      { side: 0, weapon: 'knife', at: [3, 43.1] },
      { side: 0, weapon: 'club', at: [4.1, 43.1] },
      { side: 1, weapon: 'club', at: [44, 4] },
    ]);
    const s = duelState(sc, [12, 12], [8, 8]);
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 4);
    const ev: GameEvent[] = [];
    const emit = (e: GameEvent) => ev.push(e);
    const rng = gameStream(2);
    applyAction(s, { k: 'new', g: 'crew', n: 4 }, { rng, emit });
    applyAction(s, { k: 'group', to: 'obj' }, { rng, emit });
    const before = [0, 1, 2, 3].map((f) => ({ x: s.x[f], y: s.y[f] }));
    for (let i = 0; i < 4; i++) applyAction(s, { k: 'follow' }, { rng, emit });
    const g = ev.find((e) => e.e === 'groupMove')!;
    expect(g.distance as number).toBeLessThanOrEqual(12 + 1e-9);
    expect(g.distance as number).toBeGreaterThan(11);
    const c0 = { x: before.reduce((a, p) => a + p.x, 0) / 4, y: before.reduce((a, p) => a + p.y, 0) / 4 };
    const c1 = { x: [0, 1, 2, 3].reduce((a, f) => a + s.x[f], 0) / 4, y: [0, 1, 2, 3].reduce((a, f) => a + s.y[f], 0) / 4 };
    expect(dist(c0.x, c0.y, c1.x, c1.y)).toBeLessThanOrEqual(12 + 1e-9);
    expect(dist(c0.x, c0.y, c1.x, c1.y)).toBeCloseTo(g.distance as number, 1);
    for (const a of [0, 1, 2, 3]) for (const b of [0, 1, 2, 3]) expect(dist(s.x[a], s.y[a], s.x[b], s.y[b])).toBeLessThanOrEqual(6);
    expect(ev.filter((e) => e.e === 'move' && e.kind === 'group')).toHaveLength(4);
  });

  it('§4.B in a §4.D group move, a follower travelling over broken ground is held to the 2d10 allowance, figure by figure (audit C2)', () => {
    // The centre's way east along y ≈ 24.8 never enters the rubble (y ≥ 26); P02 starts on it.
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 22] },
        { side: 0, weapon: 'cutlass', at: [10, 27.5] },
        { side: 1, weapon: 'club', at: [44, 4] },
      ],
      [
        {
          id: 'nets',
          kind: 'broken',
          polygon: [
            [6, 26],
            [40, 26],
            [40, 40],
            [6, 40],
          ],
        },
      ],
      {
        objective: {
          id: 'store',
          name: 'the store',
          polygon: [
            [36, 22],
            [40, 22],
            [40, 26],
            [36, 26],
          ],
        },
      },
    );
    const s = duelState(sc, [12, 12], [6, 6]);
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 2);
    const ev: GameEvent[] = [];
    const emit = (e: GameEvent) => ev.push(e);
    const rng = gameStream(2);
    applyAction(s, { k: 'new', g: 'crew', n: 2 }, { rng, emit });
    applyAction(s, { k: 'group', to: 'obj' }, { rng, emit });
    applyAction(s, { k: 'follow' }, { rng, emit });
    applyAction(s, { k: 'follow' }, { rng, emit });
    const g = ev.find((e) => e.e === 'groupMove')!;
    expect(g.limit).toBe(12); // the centre's own way: the full allowance
    expect(g.distance as number).toBeGreaterThan(1); // the band still moves
    const m = ev.find((e) => e.e === 'move' && e.figure === 'P02')!;
    const pts = [m.from, ...(m.via as number[][]), m.to] as number[][];
    let own = 0;
    for (let i = 1; i < pts.length; i++) own += dist(pts[i - 1][0], pts[i - 1][1], pts[i][0], pts[i][1]);
    expect(own).toBeLessThanOrEqual(6 + 0.02); // P02 travels over the rubble: 2d10 (6), not 12
  });

  it('§4.B figure by figure: the invariant monitor leaves a way that only clips a corner of broken ground at the rounding limit to the engine, and still flags one that crosses it', () => {
    const sc = piratesRuleset.compile(JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8')), 'supply-raid.json');
    const group: PiratesEvent = {
      e: 'groupMove',
      band: 0,
      to: 'foe:W05',
      from: [7.98, 35.03],
      centre: [15.74, 29.04],
      allowance: 13,
      slow: 8,
      limit: 13,
      distance: 9.8,
      steer: [
        [7.98, 35.03],
        [15.72, 29.1],
      ],
      figures: ['P01'],
    };
    // Recorded in a stress game (Pirates! 1.4.0, seed 467876271 of a 40-turn Supply Raid): P01's
    // straight way from its rounded start passes 0.003 in inside the corner (12.5, 30) of the nets;
    // the engine's unrounded way passes outside it.
    const graze = piratesInvariants(sc);
    graze.event(group);
    graze.event({
      e: 'move',
      figure: 'P01',
      kind: 'group',
      from: [5.38, 35.07],
      to: [13.72, 29.13],
      allowance: 13,
      limit: 13,
      path: 9.8,
      via: [],
      facing: 322.3,
    });
    graze.event({ e: 'card', card: 'A♣', side: 'townsfolk', value: 1 });
    expect(graze.violations).toEqual([]);
    const across = piratesInvariants(sc);
    across.event(group);
    across.event({
      e: 'move',
      figure: 'P01',
      kind: 'group',
      from: [5.5, 27.5],
      to: [15.5, 27.5],
      allowance: 13,
      limit: 13,
      path: 10,
      via: [],
      facing: 0,
    });
    across.event({ e: 'card', card: 'A♣', side: 'townsfolk', value: 1 });
    expect(across.violations.join('\n')).toMatch(
      /P01 followed 10\.00 in over broken ground or uphill on a group move; alone it could go [\d.]+ \(§4\.B\)/,
    );
  });

  it('§4.D "not all figures activated as part of a band have to perform the same action": some follow, some stay', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [3, 42] },
      { side: 0, weapon: 'pistol', at: [4.1, 42] },
      { side: 1, weapon: 'club', at: [14, 42] },
    ]);
    const s = duelState(sc, [12, 12], [8, 8]);
    s.loaded[1] = 0;
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 2);
    const rng = gameStream(2);
    applyAction(s, { k: 'new', g: 'crew', n: 2 }, { rng });
    applyAction(s, { k: 'group', to: 'obj' }, { rng });
    applyAction(s, { k: 'follow' }, { rng });
    expect(legalActions(s)).toContainEqual({ k: 'reload' });
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'reload' }, { rng, emit: (e) => ev.push(e) });
    expect(ev[0]).toMatchObject({ e: 'reload', figure: 'P02' });
    expect(ev.filter((e) => e.e === 'move' && e.kind === 'group').map((e) => e.figure)).toEqual(['P01']);
    expect(dist(s.x[0], s.y[0], 3, 42)).toBeGreaterThan(5);
    expect(s.x[1]).toBe(4.1);
  });
});

describe('§5 hits, captures and one attack a turn', () => {
  const setup = () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [20, 20] },
      { side: 0, weapon: 'cutlass', at: [20, 21.1] },
      { side: 1, weapon: 'none', at: [21, 20.5] },
    ]);
    const s = duelState(sc);
    s.facing[fig(s, 'T01')] = Math.PI;
    return s;
  };

  it('§5.B(3) a figure can only attack once per turn', () => {
    const s = setup();
    resolveAttack(s, 0, 2, melee, { rng: new ScriptedRng([d(8, 1), d(6, 6)]) });
    atFigure(s, 0);
    expect(legalActions(s).some((a) => a.k === 'fight' || a.k === 'charge')).toBe(false);
  });

  it('§5.C(2) "if an attack betters the defender by 3" he runs: a single attack with a margin of 3', () => {
    const s = setup();
    expect(resolveAttack(s, 0, 2, melee, { rng: new ScriptedRng([d(8, 4), d(6, 1)], gameStream(1)) })).toBe('runs away');
    expect(s.status[2]).toBe(FLEEING);
  });

  it('§5.C(2) running is decided by the attack, not summed over the turn: 2 then 1 more (3 this turn) is only a hit', () => {
    const s = setup();
    expect(resolveAttack(s, 0, 2, melee, { rng: new ScriptedRng([d(8, 3), d(6, 1)]) })).toBe('hit');
    expect(s.hits[2]).toBe(2);
    expect(resolveAttack(s, 1, 2, melee, { rng: new ScriptedRng([d(8, 2), d(6, 1)]) })).toBe('hit');
    expect(s.hits[2]).toBe(3);
    expect(s.status[2]).toBe(ACTIVE);
  });

  it('§5.C 2 then 3 more make 5: killed', () => {
    const s = setup();
    resolveAttack(s, 0, 2, melee, { rng: new ScriptedRng([d(8, 3), d(6, 1)]) });
    expect(resolveAttack(s, 1, 2, melee, { rng: new ScriptedRng([d(8, 4), d(6, 1)]) })).toBe('killed');
    expect(s.status[2]).toBe(DEAD);
  });

  it('§5.C(3) hits of 2 or less go away when the deck is reshuffled', () => {
    const s = setup();
    resolveAttack(s, 0, 2, melee, { rng: new ScriptedRng([d(8, 3), d(6, 1)]) });
    expect(s.hits[2]).toBe(2);
    const rng = gameStream(4);
    atFigure(s, 0);
    let guard = 0;
    while (s.turn === 1 && guard++ < 200) {
      const l = legalActions(s);
      applyAction(s, l.find((a) => a.k === 'pass') ?? l.find((a) => a.k === 'solo') ?? l.find((a) => a.k === 'hold') ?? l[0], { rng });
    }
    expect(s.turn).toBe(2);
    expect(s.hits[2]).toBe(0);
    expect(s.attacked[0]).toBe(0);
  });

  it('§5.E a declared capture needs 5 points in the turn; a margin of 4 does no harm', () => {
    const s = setup();
    expect(resolveAttack(s, 0, 2, capture, { rng: new ScriptedRng([d(8, 5), d(6, 1)]) })).toBe('not captured');
    expect(s.status[2]).toBe(ACTIVE);
    expect(s.hits[2]).toBe(0);
    expect(resolveAttack(s, 1, 2, capture, { rng: new ScriptedRng([d(8, 2), d(6, 1)]) })).toBe('captured');
    expect(s.status[2]).toBe(CAPTURED);
  });
});

describe('§9 pillage and §11 booty', () => {
  const setup = () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [31, 31] },
      { side: 1, weapon: 'club', at: [44, 4] },
    ]);
    return duelState(sc, [14, 14], [10, 10]);
  };
  it('a pirate in the objective may pillage (a whole action) and takes a load of booty', () => {
    const s = setup();
    atFigure(s, 0);
    expect(legalActions(s)).toContainEqual({ k: 'pillage' });
    applyAction(s, { k: 'pillage' }, { rng: gameStream(1) });
    expect(s.booty[0]).toBe(1);
    expect(s.pillaged).toBe(1);
  });
  it('§9 a pirate outside the objective cannot pillage; townsfolk never do', () => {
    const s = setup();
    s.x[0] = 20;
    atFigure(s, 0);
    expect(legalActions(s)).not.toContainEqual({ k: 'pillage' });
  });
  it('§11.C returning pirates move at half speed', () => {
    const s = setup();
    s.booty[0] = 1;
    atFigure(s, 0);
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'home' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    const m = ev.find((e) => e.e === 'move')!;
    expect(m.allowance).toBe(7);
    expect(m.path as number).toBeLessThanOrEqual(7);
  });
  it('booty carried home is landed; the raiders win when enough is landed', () => {
    const s = setup();
    s.booty[0] = 1;
    s.landed = 4; // needs 5
    s.x[0] = 9.5;
    s.y[0] = 44;
    atFigure(s, 0);
    applyAction(s, { k: 'move', to: 'home' }, { rng: gameStream(1) });
    expect(s.landed).toBe(5);
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(0);
  });
});

describe('§10 morale', () => {
  it('every 10 killed, d10 against d10: a tie passes; a loss sends the difference running, nearest to the losses first', () => {
    const figs: FigSpec[] = [{ side: 0, weapon: 'cutlass', at: [2, 2] }];
    for (let i = 0; i < 12; i++) figs.push({ side: 1, weapon: 'club', at: [20 + 1.2 * i, 30] });
    const s = duelState(duelScenario(figs));
    const ev: GameEvent[] = [];
    moraleCheck(s, 1, fig(s, 'T01'), { rng: new ScriptedRng([d(10, 5), d(10, 5)]), emit: (e) => ev.push(e) });
    expect(ev[0]).toMatchObject({ e: 'morale', result: 'pass', roll: 5, against: 5 });
    ev.length = 0;
    moraleCheck(s, 1, fig(s, 'T01'), { rng: new ScriptedRng([d(10, 2), d(10, 5)], gameStream(1)), emit: (e) => ev.push(e) });
    expect(ev[0]).toMatchObject({ e: 'morale', result: 'fail', roll: 2, against: 5, runners: ['T01', 'T02', 'T03'] });
    expect([1, 2, 3].map((f) => s.status[f])).toEqual([FLEEING, FLEEING, FLEEING]);
  });

  it('the tenth kill of a side triggers the check', () => {
    const figs: FigSpec[] = [{ side: 0, weapon: 'cutlass', at: [20, 20] }];
    for (let i = 0; i < 11; i++) figs.push({ side: 1, weapon: 'none', at: [30 + (i % 5) * 1.2, 10 + Math.floor(i / 5) * 1.2] });
    const s = duelState(duelScenario(figs));
    const ev: GameEvent[] = [];
    for (let i = 1; i <= 10; i++) {
      s.attacked[0] = 0;
      s.x[i] = 21;
      s.y[i] = 20;
      s.facing[i] = Math.PI;
      resolveAttack(s, 0, i, melee, { rng: new ScriptedRng([d(8, 8), d(6, 1)], gameStream(i)), emit: (e) => ev.push(e) });
      expect(ev.some((e) => e.e === 'morale')).toBe(i === 10);
    }
  });
});

describe('§11 the end of the game', () => {
  it('the defenders win when the turn limit passes', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [3, 42] },
        { side: 1, weapon: 'club', at: [44, 4] },
      ],
      [],
      { victory: { maxTurns: 2, bootyToWin: 5 } },
    );
    const ev: GameEvent[] = [];
    const s = setupGame(sc, { rng: gameStream(1), emit: (e) => ev.push(e) });
    play(s, (l) => l.find((a) => a.k === 'pass') ?? l[l.length - 1], 1, ev);
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(1);
    expect(ev.filter((e) => e.e === 'turnEnd')).toHaveLength(2);
  });
});

describe('§5.C(2) runners: "will move during each turn" — a jammed way does not hold a runner while there is room (second outside reading)', () => {
  it('friends standing along the whole way to the boat: the runner goes to the free place beside them nearest where its roll reaches, nearer the boat', () => {
    // P01 runs from (24, 16) for the boat (the south-west corner); twenty friends stand on its
    // straight way, 1.05 in apart, from 1.05 in on: every place on that line is taken.
    const town = { side: 1 as const, weapon: 'club' as const, at: [46, 2] as [number, number] };
    const field = duelScenario([{ side: 0, weapon: 'cutlass', at: [24, 16] }, town]).home.field;
    const way = field.pathFrom(24, 16)!;
    const friends = Array.from({ length: 20 }, (_, i) => pointAlong(way.points, 1.05 * (i + 1)));
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [24, 16] },
      ...friends.map((p) => ({ side: 0 as const, weapon: 'cutlass' as const, at: [p.x, p.y] as [number, number] })),
      town,
    ]);
    const s = duelState(sc);
    const p01 = fig(s, 'P01');
    s.status[p01] = FLEEING;
    const before = sc.home.field.distanceFrom(s.x[p01], s.y[p01]);
    const events: Record<string, unknown>[] = [];
    fleeStep(s, p01, { rng: gameStream(1), emit: (e) => events.push(e) });
    const run = events.find((e) => e.e === 'run')!;
    expect(run.path as number).toBeGreaterThan(14 - 3 - 0.5); // not held at the start
    expect(run.path as number).toBeLessThanOrEqual(14 + 1e-6);
    expect(sc.home.field.distanceFrom(s.x[p01], s.y[p01])).toBeLessThan(before - 10);
    for (let g = 0; g < s.x.length; g++)
      if (g !== p01) expect(Math.hypot(s.x[g] - s.x[p01], s.y[g] - s.y[p01])).toBeGreaterThanOrEqual(1 - 1e-6);
  });
});

describe('§8 reload: only a figure still on the table finishes reloading (second outside reading, D3)', () => {
  it("a pistolier killed while reloading is not in the turn end's reloaded list; one who lives is", () => {
    const sc = duelScenario([
      { side: 0, weapon: 'pistol', at: [10, 20] },
      { side: 0, weapon: 'pistol', at: [10, 30] },
      { side: 1, weapon: 'club', at: [40, 5] },
    ]);
    const s = duelState(sc);
    const a = fig(s, 'P01');
    const b = fig(s, 'P02');
    s.loaded[a] = 0;
    s.loaded[b] = 0;
    s.reloading[a] = 1; // began reloading this turn …
    s.status[a] = DEAD; // … and was killed before it ended
    atFigure(s, b);
    applyAction(s, { k: 'reload' }, { rng: gameStream(39) });
    const events: GameEvent[] = [];
    let guard = 0;
    while (s.turn === 1 && s.phase !== PH_OVER && guard++ < 200) {
      const legal = legalActions(s);
      const idle = legal.find((x) => x.k === 'pass') ?? legal.find((x) => x.k === 'solo') ?? legal.find((x) => x.k === 'hold') ?? legal[0];
      applyAction(s, idle, { rng: gameStream(40 + guard), emit: (e) => events.push(e) });
    }
    const end = events.find((e) => e.e === 'turnEnd')!;
    expect(end.reloaded).toEqual(['P02']);
    expect([s.loaded[a], s.loaded[b]]).toEqual([0, 1]);
  });
});

describe('§4 a move that finds no place says why (records; outside readings D4: `blocked` gave no reason)', () => {
  const store = {
    objective: {
      id: 'store',
      name: 'the store',
      polygon: [
        [30, 18],
        [34, 18],
        [34, 22],
        [30, 22],
      ],
    },
  };
  it('every place along the way within the allowance taken by other bases: "no free place", naming who stands where the roll reaches', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 20] },
        { side: 0, weapon: 'cutlass', at: [11, 20] },
        { side: 0, weapon: 'cutlass', at: [12, 20] },
        { side: 0, weapon: 'cutlass', at: [13, 20] },
        { side: 1, weapon: 'club', at: [44, 40] },
      ],
      [],
      store,
    );
    const s = duelState(sc, [3, 3], [3, 3]);
    atFigure(s, fig(s, 'P01'));
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'obj' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    expect(ev.find((e) => e.e === 'move')).toBeUndefined();
    expect(ev.find((e) => e.e === 'blocked')).toMatchObject({ figure: 'P01', to: 'obj', why: 'no free place', at: [13, 20], by: ['P04'] });
  });
  it('free places along the way, but each more than 6 in from a band-mate: "cohesion" (§3.F)', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [4, 20] },
        { side: 0, weapon: 'cutlass', at: [10, 20] },
        { side: 1, weapon: 'club', at: [44, 40] },
      ],
      [],
      store,
    );
    const s = duelState(sc, [12, 12], [12, 12]);
    s.band[0] = 0;
    s.band[1] = 0;
    s.nBands = 1;
    s.bandSide[0] = 0;
    s.bandSize[0] = 2;
    atFigure(s, fig(s, 'P02'));
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'move', to: 'obj' }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    expect(ev.find((e) => e.e === 'blocked')).toMatchObject({ figure: 'P02', to: 'obj', why: 'cohesion', at: [22, 20], by: [] });
  });
});

describe('§5.C(2) a runner "turned away from the pirate" runs for the nearest exit that leads away from him (docs/rules/pirates.md; second outside reading D1, D2)', () => {
  // Exits (test scenario): east (48, 24), west (0, 24), north (24, 0).
  const run = (attacker: [number, number]) => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: attacker },
      { side: 1, weapon: 'none', at: [40, 24] },
    ]);
    const s = duelState(sc, [14, 14], [14, 14]);
    const t = fig(s, 'T01');
    s.facing[t] = Math.atan2(attacker[1] - 24, attacker[0] - 40); // facing his attacker
    const ev: GameEvent[] = [];
    resolveAttack(s, fig(s, 'P01'), t, melee, { rng: new ScriptedRng([d(8, 8), d(6, 5)], gameStream(1)), emit: (e) => ev.push(e) });
    return { ev, s, t };
  };
  it('struck from the west, he runs for the east exit 8 in away, not for the north one', () => {
    const { ev, s, t } = run([39, 24]);
    expect(ev.find((e) => e.e === 'attack')!.result).toBe('runs away');
    expect(ev.find((e) => e.e === 'flee')!.exit).toBe(0);
    const r = ev.find((e) => e.e === 'run')!;
    expect(r.gone).toBe(true);
    expect(r.facing).toBe(0); // facing the way he ran off: east
    expect(s.facing[t]).toBe(0);
  });
  it('struck from the east, the nearest exit (east) lies toward the attacker: he runs for the nearest exit that leads away (north, about 29 in, not west, 40 in)', () => {
    const { ev } = run([41, 24]);
    expect(ev.find((e) => e.e === 'flee')!.exit).toBe(2);
  });
});

describe('§5 "Defender in cover" counts only cover between (1.3.0), so the `cover` destination leads to such cover (1.4.0)', () => {
  const crates: TerrainSpec = {
    id: 'crates',
    kind: 'cover',
    polygon: [
      [21.5, 19],
      [22.5, 19],
      [22.5, 21],
      [21.5, 21],
    ],
  };
  const setup = (at: [number, number]) => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'pistol', at: [5, 20] },
        { side: 1, weapon: 'rifle', at },
      ],
      [crates],
    );
    const s = duelState(sc);
    const t = fig(s, 'T01');
    atFigure(s, t);
    return { s, t, p: fig(s, 'P01') };
  };
  it('a townsman with crates at his back, seen from the raider, is still offered cover', () => {
    const { s } = setup([21, 20]); // touching the crates' west edge; the raider is to the west
    expect(legalActions(s)).toContainEqual({ k: 'move', to: 'cover' });
  });
  it('the move to cover ends where the crates lie between him and the nearest raider (the nearest cover of all hides nothing)', () => {
    const { s, t, p } = setup([19, 20]);
    applyAction(s, { k: 'move', to: 'cover' }, { rng: gameStream(1) });
    expect(coverFrom(s, p, t)).toBe('crates');
  });
});
