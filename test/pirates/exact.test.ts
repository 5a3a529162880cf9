/**
 * Pirates! made exact (issue: an independent audit of recorded games): §4.D group moves measured
 * centre to centre, §3.F cohesion pair by pair, a game won inside a group move, the limit recorded
 * for move & fight from broken ground, §11 "15 of his boys", and the record's self-description.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { gameStream } from '../../src/core/rng.js';
import { dist } from '../../src/core/geometry.js';
import { loadScenario } from '../../src/rules/index.js';
import { makeAgents, playGameSync } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';
import { applyAction, legalActions } from '../../src/rules/pirates/actions.js';
import { cohesionRule } from '../../src/rules/pirates/movement.js';
import { ACTIVE, FLEEING, PH_BAND, PH_OVER } from '../../src/rules/pirates/state.js';
import type { PiratesScenario } from '../../src/rules/pirates/compile.js';
import { atFigure, duelScenario, duelState, fig } from '../helpers/pirates.js';

/** Play one Supply Raid game with the given agents, keeping every event and the monitor's verdict. */
function supplyRaid(seed: number, pirates: string, townsfolk: string) {
  const sc = loadScenario('supply-raid');
  const events: GameEvent[] = [];
  const monitor = sc.ruleset.invariants!(sc.compiled);
  const fac = { pirates: resolveBuiltinAgent(pirates), townsfolk: resolveBuiltinAgent(townsfolk) };
  const g = playGameSync(sc, seed, makeAgents(sc, seed, fac, 1), { onEvent: (e) => events.push(e), monitor });
  return { sc, events, violations: monitor.violations, result: g.result };
}

/** Every group move's centre displacement, worked out from the followers' own move events. */
function groupCentres(events: GameEvent[]): { moved: number; limit: number }[] {
  const out: { moved: number; limit: number }[] = [];
  for (let i = 0; i < events.length; i++) {
    const g = events[i];
    if (g.e !== 'groupMove') continue;
    const from: number[][] = [];
    const to: number[][] = [];
    for (let j = i + 1; j < events.length && events[j].e === 'move' && events[j].kind === 'group'; j++) {
      from.push(events[j].from as number[]);
      to.push(events[j].to as number[]);
    }
    const mean = (ps: number[][]) => [ps.reduce((a, p) => a + p[0], 0) / ps.length, ps.reduce((a, p) => a + p[1], 0) / ps.length];
    const a = mean(from);
    const b = mean(to);
    out.push({ moved: dist(a[0], a[1], b[0], b[1]), limit: g.limit as number });
  }
  return out;
}

describe('§4.D group movement, centre to centre', () => {
  it('the audited game (seed 1334835421, heuristic vs heuristic): no group centre moves further than its limit', () => {
    const { events, violations } = supplyRaid(1334835421, 'heuristic', 'heuristic');
    const moves = groupCentres(events);
    expect(moves.length).toBeGreaterThan(10);
    for (const m of moves) expect(m.moved).toBeLessThanOrEqual(m.limit + 0.02);
    expect(violations).toEqual([]);
  });

  it('no follower is pulled in from far away: none goes further than the limit plus the 6 in a band may spread', () => {
    for (const seed of [1334835421, 7, 8]) {
      const { events } = supplyRaid(seed, 'heuristic', 'heuristic');
      for (let i = 0; i < events.length; i++) {
        const g = events[i];
        if (g.e !== 'groupMove') continue;
        for (let j = i + 1; j < events.length && events[j].e === 'move' && events[j].kind === 'group'; j++) {
          const from = events[j].from as number[];
          const to = events[j].to as number[];
          expect(dist(from[0], from[1], to[0], to[1]), `seed ${seed} ${String(events[j].figure)}`).toBeLessThanOrEqual(
            (g.limit as number) + 6 + 0.02,
          );
        }
      }
    }
  });
});

describe('§3.F "all figures must be within 6 inches of all other figures in his band"', () => {
  it('a straggler does not loosen the rule for the band: a figure 2 in from one mate may not end 6.4 in from it', () => {
    const sc: PiratesScenario = duelScenario([
      { side: 0, weapon: 'cutlass', at: [10, 10] },
      { side: 0, weapon: 'cutlass', at: [20, 10] }, // 10 in away: a straggler
      { side: 0, weapon: 'cutlass', at: [10, 12] },
      { side: 1, weapon: 'club', at: [44, 44] },
    ]);
    const s = duelState(sc);
    for (const id of ['P01', 'P02', 'P03']) s.band[fig(s, id)] = 0;
    s.nBands = 1;
    const ok = cohesionRule(s, fig(s, 'P01'))!;
    expect(ok(11, 10)).toBe(true); // closer to the straggler, within 6 of P03
    expect(ok(15, 16)).toBe(false); // 6.4 from P03: beyond 6 although within the straggler's 10 (and closer to him)
    expect(ok(5, 10)).toBe(false); // further from the straggler than now
  });

  it('in whole games, every pair of band-mates within 6 in stays so, and pairs never drift apart (the invariant monitor)', () => {
    for (const [seed, p, t] of [
      [1, 'heuristic', 'heuristic'],
      [2, 'random', 'heuristic'],
      [3, 'heuristic', 'random'],
    ] as const) {
      const { violations } = supplyRaid(seed, p, t);
      expect(violations, `seed ${seed}`).toEqual([]);
    }
  });
});

describe('a game won inside a group move', () => {
  it('every follower is placed before the winning load lands: no two bases overlap at the end', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 44] },
        { side: 0, weapon: 'cutlass', at: [11.1, 44] },
        { side: 0, weapon: 'cutlass', at: [10, 45.1] },
        { side: 1, weapon: 'club', at: [44, 4] },
      ],
      [],
      { victory: { maxTurns: 30, bootyToWin: 1 } },
    );
    const s = duelState(sc, [14, 14], [10, 10]);
    s.booty[fig(s, 'P01')] = 1;
    s.phase = PH_BAND;
    s.actCard = s.sc.deck.findIndex((c) => c.side === 0 && c.value === 4);
    const ev: GameEvent[] = [];
    const ctx = { rng: gameStream(3), emit: (e: GameEvent) => ev.push(e) };
    applyAction(s, { k: 'new', g: 'crew', n: 3 }, ctx);
    applyAction(s, { k: 'group', to: 'home' }, ctx);
    for (let i = 0; i < 3; i++) applyAction(s, { k: 'follow' }, ctx);
    expect(s.phase).toBe(PH_OVER);
    expect(s.winner).toBe(0);
    expect(ev.filter((e) => e.e === 'move' && e.kind === 'group')).toHaveLength(3);
    const on = [0, 1, 2].filter((f) => s.status[f] === ACTIVE || s.status[f] === FLEEING);
    for (const a of on) for (const b of on) if (a < b) expect(dist(s.x[a], s.y[a], s.x[b], s.y[b])).toBeGreaterThanOrEqual(1 - 1e-6);
  });
});

describe('§6 move & fight from broken ground records the limit that applied', () => {
  it('a charge starting in broken ground: the move event says the 2d10 half allowance, not the open-ground one', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [10, 10] },
        { side: 1, weapon: 'club', at: [13, 10] },
      ],
      [
        {
          id: 'nets',
          kind: 'broken',
          polygon: [
            [5, 5],
            [15, 5],
            [15, 15],
            [5, 15],
          ],
        },
      ],
    );
    const s = duelState(sc, [16, 16], [8, 8]);
    atFigure(s, 0);
    expect(legalActions(s)).toContainEqual({ k: 'charge', t: 'T01', capture: false });
    const ev: GameEvent[] = [];
    applyAction(s, { k: 'charge', t: 'T01', capture: false }, { rng: gameStream(1), emit: (e) => ev.push(e) });
    const m = ev.find((e) => e.e === 'move')!;
    expect(m.allowance).toBe(8);
    expect(m.limit).toBe(4);
  });
});

describe('§11 Supply Raid: "the pirate player must get at least 15 of his boys to the warehouse"', () => {
  it('a pirate who has landed a load may not pillage again: each load is another pirate', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [32, 32] },
      { side: 1, weapon: 'club', at: [44, 4] },
    ]);
    const s = duelState(sc);
    atFigure(s, 0);
    expect(legalActions(s)).toContainEqual({ k: 'pillage' });
    s.hasLanded[0] = 1;
    atFigure(s, 0);
    expect(legalActions(s)).not.toContainEqual({ k: 'pillage' });
    expect(() => applyAction(s, { k: 'pillage' }, { rng: gameStream(1) })).toThrow(/landed/);
  });
  it('in whole games, no pirate lands twice', () => {
    const { events } = supplyRaid(5, 'heuristic', 'random');
    const landers = events.filter((e) => e.e === 'land').map((e) => e.figure);
    expect(new Set(landers).size).toBe(landers.length);
  });
});

describe('records an outsider can check', () => {
  it('the setup event gives every figure: side, group, position, facing, weapon, loaded, band', () => {
    const { events, sc } = supplyRaid(1, 'heuristic', 'heuristic');
    const setup = events[0];
    expect(setup.e).toBe('setup');
    const figs = setup.figures as {
      id: string;
      side: string;
      at: number[];
      facing: number;
      weapon: string;
      loaded: boolean;
      band: number;
    }[];
    expect(figs).toHaveLength((sc.compiled as PiratesScenario).figures.length);
    const p = figs.find((f) => f.weapon === 'pistol')!;
    expect(p.loaded).toBe(true);
    expect(p.at).toHaveLength(2);
    expect(typeof p.facing).toBe('number');
    expect(p.band).toBe(-1);
  });
  it('every move carries its route (the corners between from and to) and the facing afterwards; reloads finish at the turn end', () => {
    const { events } = supplyRaid(1, 'heuristic', 'heuristic');
    const moves = events.filter((e) => e.e === 'move' || e.e === 'run');
    expect(moves.length).toBeGreaterThan(50);
    let turned = 0;
    for (const m of moves) {
      expect(Array.isArray(m.via)).toBe(true);
      turned += (m.via as number[][]).length;
      const route = [m.from, ...(m.via as number[][]), m.to] as number[][];
      let length = 0;
      for (let i = 1; i < route.length; i++) length += dist(route[i - 1][0], route[i - 1][1], route[i][0], route[i][1]);
      if (m.e === 'move' && m.kind !== 'group') expect(Math.abs(length - (m.path as number))).toBeLessThanOrEqual(0.05 * route.length);
      expect(typeof m.facing).toBe('number');
    }
    expect(turned).toBeGreaterThan(0); // some routes turn round buildings
    const reloads = events.filter((e) => e.e === 'reload').map((e) => e.figure);
    const finished = events.filter((e) => e.e === 'turnEnd').flatMap((e) => e.reloaded as string[]);
    for (const f of finished) expect(reloads).toContain(f);
  });
});
