/**
 * The tables and worked examples of escarmouche.txt, row by row: DICE (scoring, opposed rolls),
 * MOVING (passive dice of each terrain, cumbersome items), SHOOTING (passive penalty of each weapon),
 * the Shooting Effects table and the Fighting Effects table — each checked on the pure table and
 * through the engine with scripted dice.
 */
import { describe, expect, it } from 'vitest';
import {
  CUMBERSOME_DICE,
  TERRAIN_DICE,
  WEAPONS,
  duelOdds,
  fightingEffect,
  opposed,
  score,
  scoreDistribution,
  shootingEffect,
  terrainDice,
} from '../../src/rules/escarmouche/tables.js';
import { acting, act, ev, fig, testScenario } from './helpers.js';

describe('DICE: scoring', () => {
  it('"if a player rolls 6, 3, & 2, then the result is 6" (only the highest active die counts)', () => {
    expect(score([6, 3, 2])).toBe(6);
  });
  it('"a roll of 6, 6, 2, & 1 is a score of 7" (each additional 6 adds 1)', () => {
    expect(score([6, 6, 2, 1])).toBe(7);
  });
  it('"Three 6\'s is 8, and so on"', () => {
    expect(score([6, 6, 6])).toBe(8);
    expect(score([6, 6, 6, 6])).toBe(9);
  });
  it('a single 6 is 6; no active dice score 0', () => {
    expect(score([6])).toBe(6);
    expect(score([5, 1, 5])).toBe(5);
    expect(score([])).toBe(0);
  });
  it('"player A rolls 5, & 2 and player B rolls 3, 2, & 1. Player A wins, and the difference (5 - 3 = 2) determines the effect"', () => {
    expect(opposed(score([5, 2]), score([3, 2, 1]), 3, 3)).toEqual({ winner: 'a', diff: 2 });
  });
  it('the same example through the engine: a shot rolling 5, 2 against 3, 2, 1 wins by 2 — Hit & Shaken', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1', { pool: 1 });
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [5, 2, 4, 3, 2, 1]), 'shoot');
    expect(e).toMatchObject({ active: [5, 2], passive: [4], defence: [3, 2, 1], score: 5, defScore: 3, won: true, diff: 2, effect: 'hit' });
  });
  it('FIGURE "Ratings also break a tied roll": the higher rating wins by 0; equal ratings, no winner', () => {
    expect(opposed(4, 4, 4, 3)).toEqual({ winner: 'a', diff: 0 });
    expect(opposed(4, 4, 2, 3)).toEqual({ winner: 'd', diff: 0 });
    expect(opposed(4, 4, 3, 3)).toEqual({ winner: null, diff: 0 });
  });
  it('the score distribution used by agents sums to 1 and matches counting for two dice', () => {
    for (let n = 0; n <= 8; n++) expect(scoreDistribution(n).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const p = scoreDistribution(2);
    expect(p[1]).toBeCloseTo(1 / 36);
    expect(p[6]).toBeCloseTo(10 / 36); // exactly one 6
    expect(p[7]).toBeCloseTo(1 / 36); // 6, 6
    const o = duelOdds(1, 1, 3, 3);
    expect(o.win.reduce((a, b) => a + b, 0)).toBeCloseTo(15 / 36);
    expect(o.none).toBeCloseTo(6 / 36);
  });
});

describe('MOVING: passive dice by terrain', () => {
  const rows: [string, string, number][] = [
    ['.', 'clear', 2],
    [':', 'broken', 3],
    ['%', 'heavy', 4],
    ['~', 'difficult', 5],
  ];
  for (const [letter, terrain, dice] of rows) {
    it(`${terrain} ground: ${dice} passive dice (table), rolled at the end of a move through it`, () => {
      expect(TERRAIN_DICE[terrain as keyof typeof TERRAIN_DICE]).toBe(dice);
      expect(terrainDice(terrain)).toBe(dice);
      // A1 stands on clear ground at the edge of the terrain; B1 well off its line.
      const sc = testScenario(
        [`.${letter}`],
        [
          { side: 0, at: [9.99, 4] },
          { side: 1, at: [15, 7.5] },
        ],
      );
      const s = acting(sc, 'A1');
      const e = ev(act(s, { k: 'move', to: 'dir:e' }, Array(dice).fill(4)), 'move');
      expect(e).toMatchObject({ terrain, dice, active: [], passive: Array(dice).fill(4), init: 'keep' });
    });
  }
  it('"moving cumbersome items such as wagons and cannon": 5 passive dice even over clear ground', () => {
    expect(CUMBERSOME_DICE).toBe(5);
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'cannon' },
        { side: 1, at: [15, 7.5] },
      ],
    );
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'move', to: 'dir:e' }, [4, 4, 4, 4, 4]), 'move')).toMatchObject({ terrain: 'clear', dice: 5 });
  });
  it('impassable ground cannot be entered', () => {
    expect(terrainDice('impassable')).toBe(Infinity);
  });
});

describe('SHOOTING: passive dice penalty of each weapon', () => {
  const table: [string, number][] = [
    ['thrown', 1],
    ['shortbow', 2],
    ['carbine', 3],
    ['pistol', 3],
    ['lightCrossbow', 3],
    ['longbow', 3],
    ['musket', 4],
    ['heavyCrossbow', 4],
    ['cannon', 5],
  ];
  it('the table in the code has exactly the rows of the text', () => {
    expect(Object.entries(WEAPONS).map(([k, w]) => [k, w.penalty])).toEqual(table);
  });
  for (const [weapon, penalty] of table) {
    it(`${weapon}: ${penalty} passive dice added to the shot`, () => {
      const sc = testScenario(
        ['..'],
        [
          { side: 0, zone: 'r0c0', missile: weapon },
          { side: 1, zone: 'r0c1' },
        ],
      );
      const s = acting(sc, 'A1');
      const e = ev(act(s, { k: 'shoot', t: 'B1' }, [3, ...Array(penalty).fill(5), 4, 4, 4]), 'shoot');
      expect(e).toMatchObject({ active: [3], passive: Array(penalty).fill(5), penalty });
    });
  }
});

describe('Shooting Effects table', () => {
  it('the rows: 0 Shaken; 1 Cowered; 2 Hit & Shaken; 3+ each point over 2 an extra hit', () => {
    expect(shootingEffect(0)).toMatchObject({ name: 'shaken', shaken: 1, cowered: false, hits: 0 });
    expect(shootingEffect(1)).toMatchObject({ name: 'cowered', shaken: 0, cowered: true, hits: 0 });
    expect(shootingEffect(2)).toMatchObject({ name: 'hit', shaken: 1, hits: 1 });
    expect(shootingEffect(3)).toMatchObject({ name: 'hits', shaken: 1, hits: 2 }); // "3 is 2 hits"
    expect(shootingEffect(4)).toMatchObject({ name: 'hits', shaken: 1, hits: 3 }); // "4 is 3 hits"
    expect(shootingEffect(6).hits).toBe(5);
  });

  // Shooter A1 (thrown object: 1 passive die) at B1 (rating 3, 3 wounds); dice: active…, passive, defence×3.
  const shoot = (shooterRating: number, pool: number, active: number[], defence: number[]) => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown', rating: shooterRating },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1', { pool });
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [...active, 3, ...defence]), 'shoot');
    const b = fig(sc, 'B1');
    return { e, s, b };
  };
  it('diff 0 (a tie the higher-rated shooter wins): Shaken — a marker on the loser; markers add up', () => {
    const { e, s, b } = shoot(4, 0, [4], [4, 2, 2]);
    expect(e).toMatchObject({ score: 4, defScore: 4, won: true, diff: 0, effect: 'shaken' });
    expect([s.shaken[b], s.cowered[b], s.wounds[b]]).toEqual([1, 0, 3]);
  });
  it('diff 1: Cowered — the target goes prone (and must spend a developing action to stand)', () => {
    const { e, s, b } = shoot(3, 0, [5], [4, 2, 2]);
    expect(e).toMatchObject({ won: true, diff: 1, effect: 'cowered' });
    expect([s.shaken[b], s.cowered[b], s.wounds[b]]).toEqual([0, 1, 3]);
  });
  it('diff 2: Hit & Shaken — one wound off, and a Shaken marker', () => {
    const { e, s, b } = shoot(3, 0, [6], [4, 2, 2]);
    expect(e).toMatchObject({ won: true, diff: 2, effect: 'hit', hits: 1 });
    expect([s.shaken[b], s.wounds[b]]).toEqual([1, 2]);
  });
  it('diff 3: "3 is 2 hits", and Shaken', () => {
    const { e, s, b } = shoot(3, 1, [6, 6], [4, 2, 2]);
    expect(e).toMatchObject({ score: 7, won: true, diff: 3, effect: 'hits', hits: 2 });
    expect([s.shaken[b], s.wounds[b]]).toEqual([1, 1]);
  });
  it('diff 4: "4 is 3 hits" — a rating-3 figure with 3 wounds is out of action', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', missile: 'thrown' },
        { side: 1, zone: 'r0c1' },
      ],
    );
    const s = acting(sc, 'A1', { pool: 1 });
    const events = act(s, { k: 'shoot', t: 'B1' }, [6, 6, 3, 3, 2, 2]);
    expect(ev(events, 'shoot')).toMatchObject({ diff: 4, effect: 'hits', hits: 3 });
    expect(ev(events, 'out')).toMatchObject({ figure: 'B1' });
    expect(s.wounds[fig(sc, 'B1')]).toBe(0);
  });
  it('"If the shooter rolls higher than the defender he inflicts effects ... otherwise there is no effect" (a loss, or a tie at equal ratings)', () => {
    expect(shoot(3, 0, [3], [4, 2, 2]).e).toMatchObject({ won: false, effect: 'none' });
    const tie = shoot(3, 0, [4], [4, 2, 2]);
    expect(tie.e).toMatchObject({ won: false, effect: 'none' });
    expect([tie.s.shaken[tie.b], tie.s.wounds[tie.b]]).toEqual([0, 3]);
  });
});

describe('Fighting Effects table', () => {
  it('the rows: 0 Pushed back; 1 Shaken; 2 Disarmed; 3 Hit & Shaken; 4+ each point over 3 an extra hit; the loser is always pushed back', () => {
    expect(fightingEffect(0)).toMatchObject({ name: 'pushed', pushed: true, shaken: 0, disarmed: false, hits: 0 });
    expect(fightingEffect(1)).toMatchObject({ name: 'shaken', pushed: true, shaken: 1, hits: 0 });
    expect(fightingEffect(2)).toMatchObject({ name: 'disarmed', pushed: true, disarmed: true, shaken: 0, hits: 0 });
    expect(fightingEffect(3)).toMatchObject({ name: 'hit', pushed: true, shaken: 1, hits: 1 });
    expect(fightingEffect(4)).toMatchObject({ name: 'hits', pushed: true, shaken: 1, hits: 2 }); // "4 is 2 hits"
    expect(fightingEffect(5)).toMatchObject({ hits: 3 }); // "5 is 3 hits"
  });

  // A1 attacks B1 in their shared zone, alone; dice: attacker active…, defender dice.
  const fight = (
    ra: number,
    rd: number,
    pool: number,
    active: number[],
    defence: number[],
    setup?: (s: ReturnType<typeof acting>) => void,
  ) => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', rating: ra },
        { side: 1, zone: 'r0c0', rating: rd },
      ],
    );
    const s = acting(sc, 'A1', { pool });
    setup?.(s);
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [...active, ...defence]), 'fight');
    return { e, s, a: fig(sc, 'A1'), b: fig(sc, 'B1') };
  };
  it('diff 0: pushed back — "Higher rated figure wins" a tie; the loser is pushed out of the cover it had taken', () => {
    const { e, s, a } = fight(3, 4, 0, [4], [4, 2, 2, 3], (st) => (st.cover[0] = 1));
    expect(e).toMatchObject({ score: 4, defScore: 4, winner: 'B1', loser: 'A1', diff: 0, effect: 'pushed' });
    expect([s.cover[a], s.shaken[a], s.wounds[a]]).toEqual([0, 0, 3]);
  });
  it('diff 1: Shaken, pushed back', () => {
    const { e, s, b } = fight(3, 3, 0, [5], [4, 2, 2]);
    expect(e).toMatchObject({ winner: 'A1', diff: 1, effect: 'shaken' });
    expect([s.shaken[b], s.disarmed[b], s.wounds[b]]).toEqual([1, 0, 3]);
  });
  it('diff 2: Disarmed (one marker at most), pushed back', () => {
    const { e, s, b } = fight(3, 3, 0, [6], [4, 2, 2], (st) => (st.disarmed[1] = 1));
    expect(e).toMatchObject({ winner: 'A1', diff: 2, effect: 'disarmed' });
    expect([s.disarmed[b], s.shaken[b], s.wounds[b]]).toEqual([1, 0, 3]);
  });
  it('diff 3: Hit & Shaken, pushed back', () => {
    const { e, s, b } = fight(3, 3, 1, [6, 6], [4, 2, 2]);
    expect(e).toMatchObject({ score: 7, winner: 'A1', diff: 3, effect: 'hit', hits: 1 });
    expect([s.shaken[b], s.wounds[b]]).toEqual([1, 2]);
  });
  it('diff 4: "4 is 2 hits"; diff 5: "5 is 3 hits"', () => {
    const four = fight(3, 3, 1, [6, 6], [3, 2, 2]);
    expect(four.e).toMatchObject({ diff: 4, effect: 'hits', hits: 2 });
    expect(four.s.wounds[four.b]).toBe(1);
    const five = fight(3, 3, 2, [6, 6, 6], [3, 2, 2]);
    expect(five.e).toMatchObject({ score: 8, diff: 5, hits: 3 });
    expect(five.s.wounds[five.b]).toBe(0);
  });
  it('"Whoever wins the roll inflicts effects on the loser": a defender who wins by 2 disarms the attacker', () => {
    const { e, s, a, b } = fight(3, 3, 0, [3], [5, 2, 2]);
    expect(e).toMatchObject({ winner: 'B1', loser: 'A1', diff: 2, effect: 'disarmed' });
    expect([s.disarmed[a], s.disarmed[b]]).toEqual([1, 0]);
  });
  it('equal scores and equal ratings: nobody wins, nothing happens', () => {
    const { e, s, a, b } = fight(3, 3, 0, [4], [4, 2, 2]);
    expect(e).toMatchObject({ winner: null, effect: 'none' });
    expect([s.shaken[a], s.shaken[b], s.wounds[a], s.wounds[b]]).toEqual([0, 0, 3, 3]);
  });
});
