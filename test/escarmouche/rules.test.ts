/**
 * Escarmouche rules other than the tables, by section of escarmouche.txt, on the measured table
 * (bases 1 in wide, so a zone of control is 1 in, edge to edge): PLAY (the initiative, the active
 * pool), MOVING (straight lines through one terrain type, zones of control, marshal in sight),
 * DEVELOPING (the developing actions, the reserved action and its interrupt), SHOOTING (factors,
 * skills, volley fire, artillery), FIGHTING (outnumbering, factors, skills, the pike and horse
 * special fights), FIGURE (ratings, skills in defence, wounds) and the scenario's victory.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { streamFromString } from '../../src/core/rng.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import { legalActions } from '../../src/rules/escarmouche/actions.js';
import { setupGame } from '../../src/rules/escarmouche/turn.js';
import { PH_ACT, PH_INT, PH_OVER, PH_PICK } from '../../src/rules/escarmouche/state.js';
import { acting, act, ev, fig, keys, testScenario } from './helpers.js';
import { gap } from '../../src/rules/escarmouche/queries.js';
import { marshalFollowers } from '../../src/rules/escarmouche/marshal.js';

const noDice = { rng: streamFromString('unused'), emit: undefined };

describe('PLAY: the initiative', () => {
  const sc = testScenario(
    ['..'],
    [
      { side: 0, zone: 'r0c0' },
      { side: 0, zone: 'r0c0' },
      { side: 0, zone: 'r0c0' },
      { side: 1, zone: 'r0c1' },
    ],
  );
  const start = () => {
    const s = setupGame(sc, noDice);
    expect(s.phase).toBe(PH_PICK);
    expect(escarmouche.currentSide(s)).toBe('alpha');
    return s;
  };

  it('a figure keeps acting while it rolls no 1, and its active pool grows by one per action', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [4]), 'develop')).toMatchObject({ pool: 0, active: [4], init: 'keep' });
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [5, 3]), 'develop')).toMatchObject({ pool: 1, active: [5, 3], init: 'keep' });
    expect([s.phase, s.actor, s.pool]).toEqual([PH_ACT, fig(sc, 'A1'), 2]);
  });

  it('"a figure does not accrue an active dice for moving": the move rolls the pool it has, and the pool stays', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    const e = ev(act(s, { k: 'move', to: 'dir:e' }, [5, 3, 4]), 'move');
    expect(e).toMatchObject({ pool: 1, active: [5], passive: [3, 4] });
    expect(s.pool).toBe(1);
  });

  it('a single 1 ends the figure\'s turn; "you may now act with another figure that has not acted this turn" — not an earlier one', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    const events = act(s, { k: 'dev', d: 'ready' }, [1]);
    expect(ev(events, 'develop')).toMatchObject({ ones: 1, init: 'figure' });
    expect(ev(events, 'figureEnd')).toMatchObject({ figure: 'A1', pool: 1 });
    expect([s.phase, s.actor, s.pool, s.ones]).toEqual([PH_PICK, -1, 0, 1]);
    expect(keys(s)).toEqual(['pick:A2', 'pick:A3', 'pass']);
  });

  it('a 1 on a passive die counts the same ("a single 1 on any dice, either active or passive")', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    expect(ev(act(s, { k: 'move', to: 'dir:e' }, [6, 1]), 'move')).toMatchObject({ active: [], passive: [6, 1], init: 'figure' });
    expect(s.phase).toBe(PH_PICK);
  });

  it('"On the roll of a second 1 … your whole side has lost initiative and it becomes your opponent\'s turn"', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [1]);
    act(s, { k: 'pick', f: 'A2' }, []);
    const events = act(s, { k: 'dev', d: 'ready' }, [1]);
    expect(ev(events, 'develop')).toMatchObject({ init: 'side' });
    expect(ev(events, 'sideEnd')).toMatchObject({ side: 'alpha', why: 'a second 1' });
    expect(escarmouche.currentSide(s)).toBe('beta');
    expect([s.side, s.ones]).toEqual([1, 0]);
  });

  it('"if you roll two 1\'s in a single roll, then your whole side has lost initiative"', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [3]);
    const events = act(s, { k: 'dev', d: 'ready' }, [1, 1]);
    expect(ev(events, 'sideEnd')).toMatchObject({ why: 'two 1s in one roll' });
    expect(escarmouche.currentSide(s)).toBe('beta');
  });

  it('"You may voluntarily end a figure\'s turn"; once every figure has acted, play passes to the opponent', () => {
    const s = start();
    for (const f of ['A1', 'A2', 'A3']) {
      act(s, { k: 'pick', f }, []);
      expect(ev(act(s, { k: 'end' }, []), 'figureEnd')).toMatchObject({ figure: f, why: 'ended' });
    }
    expect(escarmouche.currentSide(s)).toBe('beta');
  });

  it("a side may pass the rest of its turn; after both sides' turns the game turn advances", () => {
    const s = start();
    expect(ev(act(s, { k: 'pass' }, []), 'sideEnd')).toMatchObject({ why: 'passed' });
    expect([s.turn, s.side]).toEqual([1, 1]);
    act(s, { k: 'pass' }, []);
    expect([s.turn, s.side]).toEqual([2, 0]);
  });

  it('"Active dice pools do not carry-over": the next figure starts with an empty pool', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    act(s, { k: 'dev', d: 'ready' }, [4, 4]);
    act(s, { k: 'end' }, []);
    act(s, { k: 'pick', f: 'A2' }, []);
    expect(s.pool).toBe(0);
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [4]), 'develop')).toMatchObject({ pool: 0, active: [4] });
  });
});

/** A rectangle as a scenario polygon. */
const box = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const moves = (k: string[]): string[] => k.filter((x) => x.startsWith('move:'));
const at = (s: ReturnType<typeof acting>, id: string): [number, number] => {
  const f = fig(s, id);
  return [Math.round(s.x[f] * 1000) / 1000, Math.round(s.y[f] * 1000) / 1000];
};

describe('MOVING', () => {
  it('"any distance in a straight line through the same terrain type. When the figure reaches a change in terrain type … it must stop"', () => {
    const sc = testScenario(
      ['...:.'],
      [
        { side: 0, at: [2, 4] },
        { side: 1, at: [48, 7] },
      ],
    );
    const s = acting(sc, 'A1');
    const first = ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4]), 'move');
    expect(first).toMatchObject({ terrain: 'clear', dice: 2, stop: 'ground', from: [2, 4], to: [29.99, 4] });
    // "…including moving again through the new terrain type": broken ground, 3 dice, to its far edge.
    const second = ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4, 4]), 'move');
    expect(second).toMatchObject({ terrain: 'broken', dice: 3, stop: 'ground', to: [39.99, 4] });
  });

  it("[E19] [E20] a centre on the edge between two terrain types stands half in each and counts as in the worse: a slide along a broken area's edge goes through broken ground (second outside reading D1)", () => {
    // Row 0 broken, row 1 clear (and the other way up): A1's centre is on their common edge (y = 8), moving east along it.
    for (const rows of [
      ['::', '..'],
      ['..', '::'],
    ]) {
      const sc = testScenario(rows, [
        { side: 0, at: [2, 8] },
        { side: 1, at: [18, 14] },
      ]);
      const s = acting(sc, 'A1');
      expect(sc.terrainAt(2, 8)).toBe('broken');
      expect([sc.terrainAt(2, 7.9), sc.terrainAt(2, 8.1)]).toEqual(rows[0] === '::' ? ['broken', 'clear'] : ['clear', 'broken']);
      const e = ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4, 4]), 'move');
      expect(e).toMatchObject({ terrain: 'broken', dice: 3, from: [2, 8] });
      expect((e.to as number[])[1]).toBe(8);
    }
    // Where both sides of an edge are one type (a bridge's clear laid over a stream's edge), nothing changes.
    const bridged = testScenario(
      ['.~.'],
      [
        { side: 0, at: [5, 4] },
        { side: 1, at: [28, 7] },
      ],
      {},
      [{ id: 'bridge', terrain: 'clear', polygon: box(8, 2, 22, 6) }],
    );
    expect(bridged.terrainAt(10, 4)).toBe('clear');
    expect(bridged.terrainAt(10, 6)).toBe('difficult');
  });

  it('"…or an enemy\'s zone of control (ZOC), it must stop" — one base width from the enemy\'s base; then it may fight', () => {
    const sc = testScenario(
      ['....'],
      [
        { side: 0, at: [2, 4] },
        { side: 1, at: [22, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    expect(moves(keys(s))).toContain('move:foe:B1');
    const e = ev(act(s, { k: 'move', to: 'foe:B1' }, [4, 4]), 'move');
    expect(e).toMatchObject({ stop: 'keepOff', zoc: true, to: [20, 4] });
    expect(gap(s, fig(s, 'A1'), fig(s, 'B1'))).toBeCloseTo(1, 9); // one base width between the bases
    // "…or starting a fight if at a ZOC"
    expect(keys(s)).toContain('fight:B1:alone');
  });

  it("a line passing an enemy stops where it reaches the enemy's ZOC", () => {
    const sc = testScenario(
      ['....'],
      [
        { side: 0, at: [2, 4] },
        { side: 1, at: [22, 5.5] },
      ],
    );
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4]), 'move');
    expect(e).toMatchObject({ stop: 'keepOff', zoc: true });
    expect(s.x[0]).toBeCloseTo(22 - Math.sqrt(4 - 1.5 ** 2), 9);
  });

  it('a figure at a ZOC may move away or along it, not nearer (crossing it is for after a fight); friends stop it only base to base; impassable ground is never entered', () => {
    const held = testScenario(
      ['....'],
      [
        { side: 0, at: [20, 4] },
        { side: 1, at: [22, 4] },
      ],
    );
    const k = moves(keys(acting(held, 'A1')));
    expect(k).not.toContain('move:foe:B1');
    expect(k).not.toContain('move:dir:e');
    expect(k).toContain('move:away');
    const friend = testScenario(
      ['....'],
      [
        { side: 0, at: [2, 4] },
        { side: 0, at: [10, 4] },
        { side: 1, at: [38, 7.5] },
      ],
    );
    const s = acting(friend, 'A1');
    expect(ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4]), 'move')).toMatchObject({ stop: 'figure', to: [9, 4], zoc: false });
    const wall = testScenario(
      ['..#.'],
      [
        { side: 0, at: [2, 4] },
        { side: 1, at: [38, 4] },
      ],
    );
    const w = acting(wall, 'A1');
    expect(ev(act(w, { k: 'move', to: 'dir:e' }, [4, 4]), 'move')).toMatchObject({ stop: 'blocked' });
    expect(w.x[0]).toBeCloseTo(19.5, 3);
  });

  it('the moves offered are real positions: toward each enemy in sight, each objective, the nearest cover, eight directions, away', () => {
    // A wood (blocks sight) hides B1; B2 is in sight; a hedge gives cover; the last rectangle is an objective.
    const sc = testScenario(
      ['..w..'],
      [
        { side: 0, at: [5, 4] },
        { side: 1, at: [45, 4] },
        { side: 1, at: [15, 7] },
      ],
      {
        victory: { maxTurns: 10, breakPoint: 1, objectives: [{ area: 'r0c4', value: 1 }] },
      },
      [{ id: 'hedge', terrain: 'broken', cover: true, polygon: box(8, 6.5, 12, 7) }],
    );
    const s = acting(sc, 'A1');
    const k = moves(keys(s));
    expect(k).toContain('move:foe:B2');
    expect(k).not.toContain('move:foe:B1');
    for (const x of ['move:obj:r0c4', 'move:cover:hedge', 'move:away', 'move:dir:n', 'move:dir:s', 'move:dir:w']) expect(k).toContain(x);
    // (East is where the objective lies: that line is offered once, as the objective's.)
    // Each is a straight line to a real place: to the hedge, it ends with the base touching it.
    ev(act(s, { k: 'move', to: 'cover:hedge' }, [4, 4]), 'move');
    expect(s.sc.table.coverAt(s.x[0], s.y[0])?.id).toBe('hedge');
  });

  it('moving leaves the cover the figure had taken', () => {
    const sc = testScenario(
      ['c.'],
      [
        { side: 0, zone: 'r0c0' },
        { side: 1, at: [15, 7.5] },
      ],
    );
    const s = acting(sc, 'A1');
    s.cover[0] = 1;
    act(s, { k: 'move', to: 'dir:n' }, [4, 4]);
    expect(s.cover[0]).toBe(0);
  });

  it('FIGURE skills: a Rider turns passive dice into active ones when moving mounted (a 1 still counts)', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', mounted: true, skills: { rider: 2 } },
        { side: 1, at: [15, 7.5] },
      ],
    );
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'move', to: 'dir:e' }, [1, 5]), 'move')).toMatchObject({
      dice: 2,
      skill: 2,
      active: [1, 5],
      passive: [],
      init: 'figure',
    });
  });
});

describe('MOVING: special move — marshal', () => {
  const sc = testScenario(
    ['...'],
    [
      { side: 0, at: [5, 4], skills: { leader: 1 } },
      { side: 0, at: [5, 3] },
      { side: 0, at: [5, 5] },
      { side: 1, at: [28, 7.5] },
    ],
  );
  it('"A figure can marshal other figures in line-of-sight": a friend behind a wood is not marshalled', () => {
    const figs = [
      { side: 0 as const, at: [5, 4] as [number, number] },
      { side: 0 as const, at: [5, 5] as [number, number] },
      { side: 0 as const, at: [25, 4] as [number, number] },
      { side: 1 as const, at: [28, 7.5] as [number, number] },
    ];
    const open = acting(testScenario(['...'], figs), 'A1');
    expect(marshalFollowers(open, 0).map((g) => open.sc.figures[g].id)).toEqual(['A2', 'A3']);
    expect(keys(open)).toContain('marshal:2:dir:n');
    const wooded = acting(testScenario(['.w.'], figs), 'A1');
    expect(marshalFollowers(wooded, 0).map((g) => wooded.sc.figures[g].id)).toEqual(['A2']);
    expect(keys(wooded)).toContain('marshal:1:dir:n');
    expect(keys(wooded).some((x) => x.startsWith('marshal:2:'))).toBe(false);
  });
  it('a passive die more per marshalled figure, Leader skill turning passive dice active; no 1: all move "simultaneously" the same way, their turns are used, the marshal goes on', () => {
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'marshal', to: 'dir:e', n: 2 }, [6, 3, 4, 5]), 'marshal');
    expect(e).toMatchObject({ followers: ['A2', 'A3'], dice: 2, skill: 1, active: [6], passive: [3, 4, 5], moved: true, init: 'keep' });
    expect([at(s, 'A1'), at(s, 'A2'), at(s, 'A3')]).toEqual([
      [29.5, 4],
      [29.5, 3],
      [29.5, 5],
    ]);
    expect([s.acted[1], s.acted[2], s.actor]).toEqual([1, 1, 0]);
  });
  it('"On a single 1 the figures move then end their turn"', () => {
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'marshal', to: 'dir:e', n: 2 }, [6, 1, 4, 5]), 'marshal')).toMatchObject({ moved: true, init: 'figure' });
    expect(at(s, 'A2')).toEqual([29.5, 3]);
    expect(s.actor).toBe(-1);
  });
  it('"On a double 1 all the figures move and the player\'s turn is over"', () => {
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'marshal', to: 'dir:e', n: 2 }, [1, 1, 4, 5]);
    expect(ev(events, 'marshal')).toMatchObject({ moved: true, init: 'side' });
    expect(at(s, 'A1')).toEqual([29.5, 4]);
    expect(s.side).toBe(1);
  });
  it('[E26] "adding a passive dice for each other figure to be moved": a friend that cannot go the marshal\'s way (its line shorter than a move offered) is not marshalled — no die, its turn and cover kept — and the next nearest goes instead (second outside reading D5)', () => {
    // A2 is the nearest friend, but A3 stands 0.001 in beyond base contact east of it: A2 cannot go east.
    // (Rewritten for 2.2.0: before, A2 was marshalled where it stood — a die added, its turn used.)
    const t = testScenario(
      ['..'],
      [
        { side: 0, at: [5, 2] },
        { side: 0, at: [5, 4] },
        { side: 0, at: [6.001, 4] },
        { side: 1, at: [15, 7] },
      ],
    );
    const s = acting(t, 'A1');
    s.cover[1] = 1;
    const e = ev(act(s, { k: 'marshal', to: 'dir:e', n: 1 }, [3, 4, 5]), 'marshal');
    expect(e).toMatchObject({ followers: ['A3'], terrains: { A1: 'clear', A3: 'clear' }, dice: 2, passive: [3, 4, 5], moved: true });
    expect((e.places as { figure: string }[]).map((p) => p.figure)).toEqual(['A1', 'A3']);
    expect(at(s, 'A3')[0]).toBeGreaterThan(6.5);
    expect([at(s, 'A2'), s.cover[1], s.acted[1], s.acted[2]]).toEqual([[5, 4], 1, 0, 1]);
    // Nobody who can go: the marshal goes alone, on its own terrain's dice (no die for a friend).
    const alone = testScenario(
      ['...'],
      [
        { side: 0, at: [5, 2] },
        { side: 0, at: [29.5, 4] },
        { side: 1, at: [15, 7] },
      ],
    );
    const s2 = acting(alone, 'A1');
    expect(keys(s2)).toContain('marshal:1:dir:e');
    const e2 = ev(act(s2, { k: 'marshal', to: 'dir:e', n: 1 }, [3, 4]), 'marshal');
    expect(e2).toMatchObject({ followers: [], terrains: { A1: 'clear' }, dice: 2, passive: [3, 4], moved: true });
    expect([at(s2, 'A2'), s2.acted[1]]).toEqual([[29.5, 4], 0]);
  });
  it('[E26b] "At the end of each move the figure must roll … the passive dice shown in the table": a marshal pays the worst terrain any mover goes through — a friend wading through difficult ground makes it 5 dice, +1 for him (audit C2)', () => {
    // Row 0 clear, row 1 difficult: A1 marshals east on clear ground, A2 follows through the difficult.
    const t = testScenario(
      ['...', '~~~'],
      [
        { side: 0, at: [5, 6] },
        { side: 0, at: [5, 10] },
        { side: 1, at: [28, 2] },
      ],
    );
    const s = acting(t, 'A1');
    const e = ev(act(s, { k: 'marshal', to: 'dir:e', n: 1 }, [3, 4, 5, 6, 2, 3]), 'marshal');
    expect(e).toMatchObject({
      followers: ['A2'],
      terrain: 'clear',
      terrains: { A1: 'clear', A2: 'difficult' },
      dice: 5,
      passive: [3, 4, 5, 6, 2, 3],
      moved: true,
    });
    expect(at(s, 'A2')[0]).toBeGreaterThan(5);
    // Three 1s: nobody moves, though the moves were measured to count the dice.
    const s2 = acting(t, 'A1');
    expect(ev(act(s2, { k: 'marshal', to: 'dir:e', n: 1 }, [1, 1, 1, 6, 2, 3]), 'marshal')).toMatchObject({
      dice: 5,
      moved: false,
      places: [],
    });
    expect([at(s2, 'A1'), at(s2, 'A2')]).toEqual([
      [5, 6],
      [5, 10],
    ]);
  });
  it('"If a triple 1 is rolled no figure moves and the player\'s turn is over"', () => {
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'marshal', to: 'dir:e', n: 2 }, [1, 1, 1, 5]), 'marshal')).toMatchObject({ moved: false, init: 'side' });
    expect(at(s, 'A1')).toEqual([5, 4]);
    expect(s.side).toBe(1);
  });
});

describe('DEVELOPING', () => {
  const sc = testScenario(
    ['c.'],
    [
      { side: 0, zone: 'r0c0' },
      { side: 0, zone: 'r0c1', mounted: true },
      { side: 1, zone: 'r0c1' },
    ],
  );
  it('"For every developing action performed, the figure accumulates an active dice": taking cover', () => {
    const s = acting(sc, 'A1', { pool: 1 });
    expect(keys(s)).toContain('dev:cover');
    expect(ev(act(s, { k: 'dev', d: 'cover' }, [3, 4]), 'develop')).toMatchObject({ what: 'cover', pool: 1, active: [3, 4] });
    expect([s.cover[0], s.pool]).toEqual([1, 2]);
    expect(keys(s)).not.toContain('dev:cover');
  });
  it('cover is taken where the base touches terrain that gives it — by a horseman too (the text does not bar him)', () => {
    expect(keys(acting(sc, 'A2'))).not.toContain('dev:cover');
    const horse = testScenario(
      ['c.'],
      [
        { side: 0, zone: 'r0c0', mounted: true },
        { side: 1, at: [15, 4] },
      ],
    );
    expect(keys(acting(horse, 'A1'))).toContain('dev:cover');
  });
  it('Cowered: "Standing will require a developing action" — until then it neither moves nor is marshalled (nor into base contact: at an enemy\'s ZOC but not touching it, no fight, [E40b]); it may still reserve and stand', () => {
    const s = acting(sc, 'A2');
    s.cowered[1] = 1;
    const k = keys(s);
    expect(k.some((x) => x.startsWith('move') || x.startsWith('marshal'))).toBe(false);
    expect(keys(acting(sc, 'A2'))).toContain('fight:B1:alone'); // standing, it would fight B1 at its ZOC
    expect(k).not.toContain('fight:B1:alone');
    expect(k).toContain('reserve');
    expect(k).toContain('dev:stand');
    const m = acting(sc, 'A1');
    m.cowered[1] = 1;
    expect(marshalFollowers(m, 0)).toEqual([]);
    act(s, { k: 'dev', d: 'stand' }, [4]);
    expect(s.cowered[1]).toBe(0);
    expect(keys(s).some((x) => x.startsWith('move:'))).toBe(true);
  });
  it('Shaken: "a developing action to remove a marker – (this action also gains an active dice)"', () => {
    const s = acting(sc, 'A1');
    s.shaken[0] = 2;
    act(s, { k: 'dev', d: 'rally' }, [4]);
    expect([s.shaken[0], s.pool]).toEqual([1, 1]);
  });
  it('Disarmed: "a developing action to acquire a weapon – this action eliminates the marker (and gains an active dice)"', () => {
    const s = acting(sc, 'A1');
    s.disarmed[0] = 1;
    expect(keys(s)).toContain('dev:rearm');
    act(s, { k: 'dev', d: 'rearm' }, [4]);
    expect([s.disarmed[0], s.pool]).toEqual([0, 1]);
    expect(keys(s)).not.toContain('dev:rearm');
  });
});

describe('DEVELOPING: special development — reserved action', () => {
  // A1 (musket) reserves at the west edge; a house (blocks sight) hides B1 until it steps south of it.
  const sc = testScenario(
    ['....', '....', '....'],
    [
      { side: 0, at: [2, 10], missile: 'musket' },
      { side: 0, at: [2, 12] },
      { side: 1, at: [30, 10] },
    ],
    {},
    [{ id: 'house', name: 'the house', terrain: 'impassable', blocksSight: true, polygon: box(15, 2, 20, 14) }],
  );
  const reserved = () => {
    const s = setupGame(sc, noDice);
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    const events = act(s, { k: 'reserve' }, [5, 2]);
    expect(ev(events, 'reserve')).toMatchObject({ pool: 1, active: [5, 2], init: 'keep' });
    expect(ev(events, 'figureEnd')).toMatchObject({ figure: 'A1', why: 'reserve' });
    expect(s.reserved[0]).toBe(1);
    act(s, { k: 'pass' }, []);
    return s;
  };
  it('"A reserved action ends the figure\'s turn" — it is a developing action: it gains a die and the pool is rolled', () => {
    reserved();
  });
  it('"when an enemy figure strays into the figure\'s line of sight" it may interrupt: the reserving side decides, with one active die', () => {
    const s = reserved();
    act(s, { k: 'pick', f: 'B1' }, []);
    expect(keys(s)).not.toContain('shoot:A1'); // hidden behind the house
    act(s, { k: 'move', to: 'dir:s' }, [4, 4]);
    expect(s.phase).toBe(PH_INT);
    expect(escarmouche.currentSide(s)).toBe('alpha');
    expect(keys(s)).toEqual(['int:A1:shoot:B1', 'wait']);
    const events = act(s, { k: 'int', f: 'A1', a: 'shoot', t: 'B1' }, [6, 1, 1, 1, 1, 4, 2, 2]);
    expect(ev(events, 'shoot')).toMatchObject({
      pool: 0,
      active: [6],
      passive: [1, 1, 1, 1],
      won: true,
      diff: 2,
      init: 'none',
      interrupt: true,
    });
    // "Play then passes back to the player with initiative" — the 1s of an interrupt cost nobody the initiative.
    expect(escarmouche.currentSide(s)).toBe('beta');
    expect([s.phase, s.actor, s.reserved[0], s.ones]).toEqual([PH_ACT, fig(sc, 'B1'), 0, 0]);
  });
  it('[E32] "the single active dice is used in a single developing … action": an interrupt that takes cover rolls its reserved die (its 1s cost nothing) (second outside reading D2)', () => {
    const covered = testScenario(
      ['....', 'c...', '....'],
      [
        { side: 0, at: [2, 10], missile: 'musket' },
        { side: 0, at: [2, 12] },
        { side: 1, at: [30, 10] },
      ],
      {},
      [{ id: 'house', name: 'the house', terrain: 'impassable', blocksSight: true, polygon: box(15, 2, 20, 14) }],
    );
    const s = setupGame(covered, noDice);
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'reserve' }, [5]);
    act(s, { k: 'pass' }, []);
    act(s, { k: 'pick', f: 'B1' }, []);
    act(s, { k: 'move', to: 'dir:s' }, [4, 4]);
    expect(keys(s)).toContain('int:A1:cover:');
    const e = ev(act(s, { k: 'int', f: 'A1', a: 'cover', t: '' }, [1]), 'develop');
    expect(e).toMatchObject({ figure: 'A1', what: 'cover', pool: 0, active: [1], ones: 1, init: 'none', interrupt: true });
    expect([s.cover[0], s.ones, escarmouche.currentSide(s)]).toEqual([1, 0, 'beta']);
  });
  it('an enemy move that stays out of its sight gives no interrupt', () => {
    const s = reserved();
    act(s, { k: 'pick', f: 'B1' }, []);
    act(s, { k: 'move', to: 'dir:n' }, [4, 4]);
    expect([s.phase, escarmouche.currentSide(s)]).toEqual([PH_ACT, 'beta']);
  });
  it('"wait" lets the enemy go on; the reserved die is kept for a later moment of that turn', () => {
    const s = reserved();
    act(s, { k: 'pick', f: 'B1' }, []);
    act(s, { k: 'move', to: 'dir:s' }, [4, 4]);
    act(s, { k: 'wait' }, []);
    expect([s.phase, s.reserved[0]]).toEqual([PH_ACT, 1]);
    act(s, { k: 'move', to: 'dir:w' }, [4, 4]);
    expect(keys(s)).toContain('int:A1:shoot:B1');
  });
  it("the reserved die lasts through one enemy turn: it is gone when the reserving side's next turn begins", () => {
    const s = reserved();
    act(s, { k: 'pass' }, []);
    expect([s.side, s.reserved[0]]).toEqual([0, 0]);
  });
});

describe('SHOOTING', () => {
  it('"Projectile weapons range the board" — along any line of sight; terrain that blocks sight (a wood) stops it, a hill between does not', () => {
    for (const [row, sees] of [
      ['...', true],
      ['.w.', false],
      ['.h.', true],
      ['...H', true],
    ] as const) {
      const sc = testScenario(
        [row],
        [
          { side: 0, zone: 'r0c0', missile: 'musket' },
          { side: 1, zone: `r0c${row.length - 1}` },
        ],
      );
      expect(keys(acting(sc, 'A1')).includes('shoot:B1')).toBe(sees);
    }
  });
  it('passive dice replace active dice one for one for each Shaken marker of the shooter and for a target in cover', () => {
    const sc = testScenario(
      ['.c'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1', { pool: 3 });
    s.shaken[0] = 2;
    s.cover[1] = 1;
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [5, 2, 2, 2, 2, 3, 3, 3]), 'shoot');
    expect(e).toMatchObject({
      factors: ['shooter shaken', 'shooter shaken', 'target in cover'],
      active: [5],
      passive: [2, 2, 2, 2],
      penalty: 1,
    });
  });
  it('a Cowered (prone) target counts as in cover: it went prone "to seek cover"', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1', { pool: 1 });
    s.cowered[1] = 1;
    expect(ev(act(s, { k: 'shoot', t: 'B1' }, [5, 2, 2, 3, 3, 3]), 'shoot')).toMatchObject({ factors: ['target prone'], active: [5] });
  });
  it('"Skills also allow the figure to substitute active dice for passive dice in a roll": the Shooter skill, on any passive die of the shot', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'musket', skills: { shooter: 2 } },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'shoot', t: 'B1' }, [2, 3, 4, 5, 5, 3, 3, 3]), 'shoot')).toMatchObject({
      skill: 2,
      active: [2, 3, 4],
      passive: [5, 5],
    });
  });
  it('"If no 1\'s were rolled by the shooter … it may continue to perform actions, including shooting again"; the shot adds a die to the pool', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1');
    act(s, { k: 'shoot', t: 'B1' }, [3, 4, 5, 5, 5]);
    expect([s.phase, s.pool]).toEqual([PH_ACT, 1]);
    expect(keys(s)).toContain('shoot:B1');
  });
  it('artillery: "add active dice equal to the shooter\'s Artillerist skill" (and the skill turns passive dice active)', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'cannon', skills: { artillerist: 2 } },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4]), 'shoot');
    expect(e).toMatchObject({ bonus: 2, penalty: 5, skill: 2, active: [2, 2, 2, 2, 2], passive: [3, 3, 3] });
    expect(s.pool).toBe(1); // the bonus is for that shot; the pool gains one die as for any action
  });
  it("volley fire: one active die per shooter in line of sight of the target, the slowest weapon's penalty, Leader skill; the other shooters have used their turn", () => {
    const sc = testScenario(
      ['...'],
      [
        { side: 0, zone: 'r0c0', skills: { leader: 1 }, missile: 'pistol' },
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 0, zone: 'r0c1', missile: 'pistol' },
        { side: 1, zone: 'r0c2' },
      ],
    );
    const s = acting(sc, 'A1');
    expect(keys(s)).toContain('volley:B1');
    const e = ev(act(s, { k: 'volley', t: 'B1' }, [4, 4, 4, 4, 5, 5, 5, 3, 3, 3]), 'shoot');
    expect(e).toMatchObject({ weapon: 'volley', volley: ['A2', 'A3'], penalty: 4, skill: 1, active: [4, 4, 4, 4], passive: [5, 5, 5] });
    expect([s.acted[1], s.acted[2], s.actor]).toEqual([1, 1, 0]);
    expect(keys(s)).not.toContain('volley:B1');
  });
  it('volley fire is a shoot action: "a figure armed with a missile weapon … may shoot", so the director must carry one', () => {
    const sc = testScenario(
      ['...'],
      [
        { side: 0, zone: 'r0c0', skills: { leader: 1 } },
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 1, zone: 'r0c2' },
      ],
    );
    expect(keys(acting(sc, 'A1')).some((k) => k.startsWith('volley:') || k.startsWith('shoot:'))).toBe(false);
  });
});

describe('FIGHTING', () => {
  it('"with an enemy at its ZOC – within one base width": B1 one base width away can be fought, B2 a little further cannot', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [5, 4] },
        { side: 1, at: [7, 4] },
        { side: 1, at: [5, 6.2] },
      ],
    );
    const k = keys(acting(sc, 'A1'));
    expect(k).toContain('fight:B1:alone');
    expect(k.some((x) => x.startsWith('fight:B2'))).toBe(false);
  });
  it("outnumbering: friends at the defender's ZOC are drawn in (\"even if they have already used up their initiative\"), or the defender's at the attacker's; not multiple against multiple", () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [8, 4] },
        { side: 0, at: [10, 2] },
        { side: 0, at: [12, 4] },
        { side: 1, at: [10, 4] },
        { side: 1, at: [8, 6] },
      ],
    );
    const s = acting(sc, 'A1');
    s.acted[1] = 1;
    const all = ev(act(s, { k: 'fight', t: 'B1', m: 'all' }, [4, 4, 4, 3, 3, 3]), 'fight');
    expect(all).toMatchObject({
      attackers: ['A1', 'A2', 'A3'],
      defenders: ['B1'],
      outnumber: [2, 0],
      active: [4, 4, 4],
      defence: [3, 3, 3],
    });
    const t = acting(sc, 'A1');
    const alone = ev(act(t, { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3, 3]), 'fight');
    expect(alone).toMatchObject({ attackers: ['A1'], defenders: ['B1', 'B2'], outnumber: [0, 1], defence: [3, 3, 3, 3] });
  });
  it('"Move the attacker into base contact as a free action"; the loser is "pushed … a base-width away", so the two end one ZOC apart and may fight again', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 3, 3, 3]);
    expect(ev(events, 'fight')).toMatchObject({ contact: [7, 4], winner: 'A1', diff: 2, effect: 'disarmed' });
    expect(ev(events, 'shift')).toMatchObject({ figure: 'B1', why: 'pushed', from: [8, 4], to: [9, 4], blocked: false });
    expect([at(s, 'A1'), at(s, 'B1')]).toEqual([
      [7, 4],
      [9, 4],
    ]);
    expect(gap(s, 0, 1)).toBeCloseTo(1, 9);
    // "…including crossing the defender's ZOC and fighting again"
    expect(keys(s)).toContain('fight:B1:alone');
  });
  it('"All combatants are separated by their ZOC (a base width) at the end of the fight": a push blocked by a building, and a stand-off', () => {
    const blocked = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
      {},
      [{ id: 'barn', terrain: 'impassable', polygon: box(8.6, 0, 12, 8) }],
    );
    const s = acting(blocked, 'A1');
    const events = act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 3, 3, 3]);
    expect(events.filter((e) => e.e === 'shift').map((e) => [e.figure, e.why, e.blocked])).toEqual([
      ['B1', 'pushed', true],
      ['A1', 'apart', false],
    ]);
    expect(gap(s, 0, 1)).toBeCloseTo(1, 3);
    const tie = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4] },
        { side: 1, at: [8, 4] },
      ],
    );
    const t = acting(tie, 'A1');
    const e = act(t, { k: 'fight', t: 'B1', m: 'alone' }, [4, 4, 2, 2]);
    expect(ev(e, 'fight')).toMatchObject({ winner: null });
    expect(ev(e, 'shift')).toMatchObject({ figure: 'A1', why: 'apart', to: [6, 4] });
  });
  it("passive dice replace the attacker's active dice: defender uphill, defender in cover, attacker weaponless, attacker shaken", () => {
    const sc = testScenario(
      ['.H'],
      [
        { side: 0, at: [9, 4] },
        { side: 1, at: [11, 4] },
      ],
    );
    const s = acting(sc, 'A1', { pool: 4 });
    s.cover[1] = 1;
    s.disarmed[0] = 1;
    s.shaken[0] = 1;
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [6, 2, 2, 2, 2, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({
      factors: ['defender uphill', 'defender in cover', 'attacker weaponless', 'attacker shaken'],
      active: [6],
      passive: [2, 2, 2, 2],
    });
  });
  it('"Defender uphill of attacker": on the same hill neither is uphill', () => {
    const sc = testScenario(
      ['.H'],
      [
        { side: 0, at: [11, 4] },
        { side: 1, at: [13, 4] },
      ],
    );
    expect(ev(act(acting(sc, 'A1'), { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({ factors: [] });
  });
  it('the Fighter skill turns passive dice active; the defender rolls its rating "or fight skill if better"', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', skills: { fighter: 1 } },
        { side: 1, zone: 'r0c0', rating: 2, skills: { fighter: 3 } },
      ],
    );
    const s = acting(sc, 'A1');
    s.shaken[0] = 1;
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({
      skill: 1,
      active: [4],
      passive: [],
      defBase: 3,
      defence: [3, 3, 3],
    });
  });
  it('"If no 1\'s were rolled during the fight, the figure may continue … and fighting again"', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0' },
        { side: 1, zone: 'r0c0' },
      ],
    );
    const s = acting(sc, 'A1');
    act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 5, 5, 5]);
    expect([s.phase, s.pool]).toEqual([PH_ACT, 1]);
    expect(keys(s)).toContain('fight:B1:alone');
  });
});

describe('FIGHTING: the special fights', () => {
  const pikeHorse = () =>
    testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', pike: true, skills: { pike: 1 } },
        { side: 1, zone: 'r0c0', mounted: true, rating: 4 },
      ],
    );
  it("pike vs cavalry: the pikeman has first strike — a horseman's win in the first round is ignored", () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 2, 2]), 'fight');
    expect(e).toMatchObject({ winner: 'B1', diff: 3, firstStrike: 'A1', ignored: true, effect: 'none' });
    expect(s.wounds[0]).toBe(3);
  });
  it('"If the horseman wins the combat AND has initiative, the next round of fighting is treated as normal"', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 2, 2]);
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 4, 3, 2, 2]), 'fight');
    expect(e).toMatchObject({ winner: 'B1', firstStrike: null, ignored: false, effect: 'hit' });
  });
  it('"a win scored by the pike counts" — even when the horseman started the fight', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [2, 5, 3, 3]), 'fight');
    expect(e).toMatchObject({ winner: 'A1', ignored: false, effect: 'hit' });
  });
  it('"In defense, pikemen may use either their rating or pike skill, whichever is higher"', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', pike: true, rating: 2, skills: { pike: 3 } },
        { side: 1, zone: 'r0c0', mounted: true },
      ],
    );
    expect(ev(act(acting(sc, 'B1'), { k: 'fight', t: 'A1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({ defBase: 3 });
  });
  it('a Disarmed pikeman has no pike: the horseman has first strike (horse vs foot)', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    s.disarmed[0] = 1;
    expect(ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [2, 5, 3, 3]), 'fight')).toMatchObject({
      winner: 'A1',
      firstStrike: 'B1',
      ignored: true,
    });
  });
  it('horse vs foot: "Horsemen gain first strike against any infantry that are not armed with pikes", and may defend with the Rider skill', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 1, zone: 'r0c0', mounted: true, rating: 2, skills: { rider: 3 } },
      ],
    );
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [6, 2, 2, 2]), 'fight');
    expect(e).toMatchObject({ defBase: 3, winner: 'A1', firstStrike: 'B1', ignored: true, effect: 'none' });
  });
  it('massed pike: "add an active dice for every pikeman in base contact with him" — also one not at the horseman\'s ZOC; they use their turn; the coordinator goes on', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [4.2, 4], pike: true },
        { side: 0, at: [4.2, 3], pike: true },
        { side: 0, at: [3.2, 4], pike: true },
        { side: 1, at: [5.8, 4], mounted: true },
      ],
    );
    const s = acting(sc, 'A1');
    expect(keys(s)).toContain('fight:B1:massed');
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'massed' }, [4, 4, 4, 3, 3, 3]), 'fight');
    // Each supporting pikeman adds one die (A2 is also at the horseman's ZOC, but is not counted twice).
    expect(e).toMatchObject({ attackers: ['A1', 'A2', 'A3'], outnumber: [0, 0], massed: [2, 0], spent: ['A2', 'A3'], active: [4, 4, 4] });
    expect([s.acted[1], s.acted[2], s.phase]).toEqual([1, 1, PH_ACT]);
  });
  it('massed pike in defence: a pikeman in base contact adds a die against a horseman; one drawn into the fight adds one die, not two', () => {
    const behind = testScenario(
      ['..'],
      [
        { side: 0, at: [4.2, 4], pike: true },
        { side: 0, at: [3.2, 4], pike: true },
        { side: 1, at: [5.8, 4], mounted: true },
      ],
    );
    const e = ev(act(acting(behind, 'B1'), { k: 'fight', t: 'A1', m: 'alone' }, [4, 3, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ defenders: ['A1'], outnumber: [0, 0], massed: [0, 1], defence: [3, 3, 3, 3] });
    const beside = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', pike: true },
        { side: 0, zone: 'r0c0', pike: true },
        { side: 1, zone: 'r0c0', mounted: true },
      ],
    );
    const f = ev(act(acting(beside, 'B1'), { k: 'fight', t: 'A1', m: 'alone' }, [4, 3, 3, 3, 3]), 'fight');
    expect(f).toMatchObject({ defenders: ['A1', 'A2'], outnumber: [0, 1], massed: [0, 0], defence: [3, 3, 3, 3] });
  });
  it('pike fencing: pike against pike is regular fighting; the winner with the initiative may fight again "without pikes"', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', pike: true },
        { side: 1, zone: 'r0c0', pike: true, rating: 2, skills: { pike: 3 } },
      ],
    );
    const s = acting(sc, 'A1');
    expect(keys(s)).not.toContain('fight:B1:close');
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 4, 2, 2]), 'fight')).toMatchObject({
      defBase: 3,
      firstStrike: null,
      winner: 'A1',
      effect: 'shaken',
    });
    expect(keys(s)).toContain('fight:B1:close');
    // Inside the pikes the pikeman's pike skill is no use: it defends with its rating.
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'close' }, [4, 4, 3, 3]), 'fight')).toMatchObject({ mode: 'close', defBase: 2 });
  });
});

describe('FIGURE: wounds and victory', () => {
  it('"as many Wounds as its rating, or … only one wound" (scenario option)', () => {
    const figs = [
      { side: 0 as const, zone: 'r0c0', rating: 4 },
      { side: 1 as const, zone: 'r0c1', rating: 2 },
    ];
    expect(Array.from(acting(testScenario(['..'], figs), 'A1').wounds)).toEqual([4, 2]);
    expect(Array.from(acting(testScenario(['..'], figs, { wounds: 'one' }), 'A1').wounds)).toEqual([1, 1]);
  });
  it('a side with its break point of figures out of action loses at once', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
      { wounds: 'one' },
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'shoot', t: 'B1' }, [6, 3, 4, 2, 2]);
    expect(ev(events, 'gameOver')).toMatchObject({ winner: 'alpha' });
    expect(s.phase).toBe(PH_OVER);
    expect(escarmouche.outcome(s)).toEqual({ winner: 'alpha', reason: 'Beta broken: 1 of 1 figures out of action' });
  });
  it('after the last game turn the side holding more objective points wins (held: figures standing in the area and no enemy)', () => {
    const sc = testScenario(
      ['...'],
      [
        { side: 0, zone: 'r0c0' },
        { side: 1, zone: 'r0c2' },
        { side: 1, zone: 'r0c0' },
      ],
      {
        victory: {
          maxTurns: 1,
          breakPoint: 1,
          objectives: [
            { area: 'r0c0', value: 2 },
            { area: 'r0c2', value: 1 },
          ],
        },
      },
    );
    const s = setupGame(sc, noDice);
    const events: GameEvent[] = [];
    escarmouche.apply(s, { k: 'pass' }, { rng: streamFromString('x'), emit: (e) => events.push(e) });
    escarmouche.apply(s, { k: 'pass' }, { rng: streamFromString('x'), emit: (e) => events.push(e) });
    expect(escarmouche.outcome(s)).toEqual({ winner: 'beta', reason: 'turn limit: objectives Alpha 0, Beta 1' });
    expect(legalActions(s)).toEqual([]);
  });
});
