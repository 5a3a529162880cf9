/**
 * The scripted Escarmouche policy manages the push-your-luck risk of PLAY: it stops acting when
 * another roll is more likely to cost the side its turn than to gain anything, and it presses on
 * while the odds are good.
 */
import { describe, expect, it } from 'vitest';
import { escarmoucheQuickScores, escarmoucheScores, escarmoucheScriptDice } from '../../src/rules/escarmouche/policy.js';
import { streamFromString } from '../../src/core/rng.js';
import { legalActions } from '../../src/rules/escarmouche/actions.js';
import { PH_PICK, newState } from '../../src/rules/escarmouche/state.js';
import { act, acting, ev, testScenario } from './helpers.js';

const best = (s: ReturnType<typeof acting>): string => {
  const legal = legalActions(s);
  const scores = escarmoucheScores(s, legal);
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return JSON.stringify(legal[b]);
};

describe('heuristic: risk management', () => {
  const sc = testScenario(
    ['...'],
    [
      { side: 0, zone: 'r0c0', missile: 'pistol', skills: { shooter: 1 } },
      { side: 0, zone: 'r0c0', missile: 'musket' },
      { side: 0, zone: 'r0c0', missile: 'musket' },
      { side: 1, zone: 'r0c2', rating: 2 },
    ],
  );
  it("with a large pool, a 1 already rolled this turn and friends still to act, it ends the figure's turn rather than roll again", () => {
    const s = acting(sc, 'A1', { pool: 5, ones: 1 });
    expect(best(s)).toBe('{"k":"end"}');
  });
  it('with an empty pool and a weak target in sight it shoots (or readies to shoot), not stop', () => {
    const s = acting(sc, 'A1', { pool: 0, ones: 0 });
    expect(['{"k":"shoot","t":"B1"}', '{"k":"dev","d":"ready"}', '{"k":"volley","t":"B1"}']).toContain(best(s));
  });
});

describe('heuristic: it fights when a fight is good', () => {
  it("a horseman at the ZOC of a musketeer (horse vs foot: the musketeer's win is ignored in the first round) attacks, or readies to", () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, zone: 'r0c0', mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
        { side: 1, zone: 'r0c0', missile: 'musket' },
      ],
    );
    expect(['{"k":"fight","t":"B1","m":"alone"}', '{"k":"dev","d":"ready"}']).toContain(best(acting(sc, 'A1')));
  });
  it("with a pool built and two friends at the enemy's ZOC it fights with all of them (outnumbering; one wound each, as at Mill Bridge)", () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [8, 4] },
        { side: 0, at: [10, 2] },
        { side: 0, at: [12, 4] },
        { side: 1, at: [10, 4] },
      ],
      { wounds: 'one' },
    );
    expect(best(acting(sc, 'A1', { pool: 2 }))).toBe('{"k":"fight","t":"B1","m":"all"}');
  });
  it('alone against an equal enemy with no pool it does not fight', () => {
    const sc = testScenario(
      ['..'],
      [
        { side: 0, at: [8, 4] },
        { side: 1, at: [10, 4] },
      ],
    );
    expect(best(acting(sc, 'A1'))).not.toMatch(/fight/);
  });
});

describe('heuristic: it plays its figures rather than pass (PLAY: "you may now act with another figure")', () => {
  it('after a single 1 this turn, with a horseman at the ZOC of a musketeer (a first-strike fight), the side picks a figure: passing would forfeit every turn the 1 put at risk', () => {
    const sc = testScenario(
      ['...'],
      [
        { side: 0, zone: 'r0c0', mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 0, zone: 'r0c0', missile: 'musket' },
        { side: 0, zone: 'r0c0' },
        { side: 1, zone: 'r0c0', missile: 'musket' },
      ],
    );
    const s = newState(sc);
    s.side = 0;
    s.first = 0;
    s.phase = PH_PICK;
    s.ones = 1;
    expect(best(s)).toMatch(/"k":"pick"/);
  });
});

describe('heuristic: first strike draws the figure on (FIGHTING: "a Pikeman always gets first strike")', () => {
  it('a pikeman makes for the enemy horseman, not the nearer enemy on foot', () => {
    const sc = testScenario(
      ['...', '...'],
      [
        { side: 0, at: [5, 3], pike: true, skills: { pike: 1 } },
        { side: 1, at: [14, 3] },
        { side: 1, at: [5, 13], mounted: true, rating: 4, skills: { rider: 2 } },
      ],
      { wounds: 'one' },
    );
    expect(best(acting(sc, 'A1'))).toBe('{"k":"move","to":"foe:B2"}');
  });
});

describe('heuristic: the order of figures (PLAY: "on the roll of a second 1 … your whole side has lost initiative"; "you may not return to an earlier figure")', () => {
  // A horseman at the ZOC of a musketeer (a one-die fight with first strike: its roll can never end
  // the side's turn before the side's first 1) and a gun with a target in sight (eight dice: two 1s
  // end the side's turn four times in ten). The cheap roll goes first, whichever the scripts are.
  const sc = testScenario(
    ['....'],
    [
      { side: 0, at: [5, 4], missile: 'cannon', skills: { artillerist: 2 } },
      { side: 0, at: [28, 4], mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
      { side: 1, at: [29.8, 4], missile: 'musket' },
    ],
    { wounds: 'one' },
  );
  const pickState = (): ReturnType<typeof newState> => {
    const s = newState(sc);
    s.side = 0;
    s.first = 0;
    s.phase = PH_PICK;
    s.ones = 0;
    return s;
  };
  for (const [name, scores] of [
    ['the script', escarmoucheScores],
    ['the cheaper scores for search', escarmoucheQuickScores],
  ] as const) {
    it(`${name}: with no 1 yet this turn, the horseman's first-strike fight comes before the gun's shot`, () => {
      const s = pickState();
      const legal = legalActions(s);
      const sc2 = scores(s, legal);
      const at = (id: string): number => sc2[legal.findIndex((a) => a.k === 'pick' && a.f === id)];
      expect(at('A2')).toBeGreaterThan(at('A1'));
      expect(at('A1')).toBeGreaterThan(sc2[legal.findIndex((a) => a.k === 'pass')]);
    });
  }
  it('PLAY: "On the roll of a second 1 … your whole side has lost initiative" — so before the side\'s first 1 a one-die roll cannot end its turn, and a figure whose best action is one is picked first (scored above 10), by the script and the cheaper scores (the chance of two 1s on one die is 0, not −2.8e-17)', () => {
    const one = testScenario(
      ['..'],
      [
        { side: 0, at: [6, 4], mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
        { side: 0, at: [6, 6] },
        { side: 1, at: [8, 4], missile: 'musket', rating: 1 },
      ],
    );
    for (const fn of [escarmoucheScores, escarmoucheQuickScores]) {
      const s = newState(one);
      s.side = 0;
      s.first = 0;
      s.phase = PH_PICK;
      const legal = legalActions(s);
      expect(fn(s, legal)[legal.findIndex((a) => a.k === 'pick' && a.f === 'A1')]).toBeGreaterThan(10);
    }
  });
  it('the cheaper scores agree with the script on every action but marshalling when a figure acts', () => {
    const s = acting(sc, 'A2');
    const legal = legalActions(s);
    const full = escarmoucheScores(s, legal);
    const quick = escarmoucheQuickScores(s, legal);
    legal.forEach((a, i) => {
      if (a.k !== 'marshal') expect(quick[i]).toBeCloseTo(full[i], 12);
    });
  });
});

describe('heuristic: its estimates follow the rules as played (2.2.0)', () => {
  const box = (x0: number, y0: number, x1: number, y1: number): number[][] => [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  // A one-inch corridor between impassable walls: horseman A1, its friend A2, then musketeer B1 at the
  // closed end — B1 stands at A1's zone of control, but A1 cannot come into base contact with it.
  const walls = [
    { id: 'north', terrain: 'impassable', polygon: box(0, 0, 20, 3.49) },
    { id: 'south', terrain: 'impassable', polygon: box(0, 4.51, 20, 8) },
    { id: 'end', terrain: 'impassable', polygon: box(8.51, 3.49, 20, 4.51) },
  ];
  const figs = [
    { side: 0 as const, at: [6, 4] as [number, number], mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
    { side: 0 as const, at: [7, 4] as [number, number] },
    { side: 1 as const, at: [8, 4] as [number, number], missile: 'musket', rating: 1 },
  ];
  const blocked = testScenario(['..'], figs, {}, walls);
  const open = testScenario(['..'], [figs[0], { side: 0 as const, at: [6, 6] as [number, number] }, figs[2]]);
  const score = (s: ReturnType<typeof acting>, key: string, fn = escarmoucheScores): number => {
    const legal = legalActions(s);
    const i = legal.findIndex((a) => JSON.stringify(a) === key);
    expect(i).toBeGreaterThanOrEqual(0);
    return fn(s, legal)[i];
  };
  it("[E40b] a fight counts only where base contact can be reached: making ready at an enemy's ZOC across a friend in a corridor is worth nothing", () => {
    const s = acting(blocked, 'A1');
    expect(legalActions(s).some((a) => a.k === 'fight')).toBe(false);
    expect(score(s, '{"k":"dev","d":"ready"}')).toBeLessThanOrEqual(0);
    // In the open the same horseman's first-strike fight is worth readying for.
    expect(score(acting(open, 'A1'), '{"k":"dev","d":"ready"}')).toBeGreaterThan(0);
  });
  it('[E40b] picking: a fight that cannot be joined is no first-strike opportunity (the script and the cheaper scores for search)', () => {
    for (const fn of [escarmoucheScores, escarmoucheQuickScores]) {
      const pick = (sc: typeof blocked): number => {
        const s = newState(sc);
        s.side = 0;
        s.first = 0;
        s.phase = PH_PICK;
        return score(s, '{"k":"pick","f":"A1"}', fn);
      };
      expect(pick(open)).toBeGreaterThan(10); // a one-die first-strike fight before the side's first 1
      expect(pick(blocked)).toBeLessThan(10);
    }
  });
  it("[E26] [E26b] a marshal's dice as the script reckons them are the dice the rules roll: the worst terrain any mover goes through, one per friend that goes", () => {
    // Row 0 clear, row 1 difficult: A2 would wade east through the difficult ground; A3 is boxed in by A4 and cannot go east.
    const sc = testScenario(
      ['...', '~~~'],
      [
        { side: 0, at: [5, 6] },
        { side: 0, at: [5, 10] },
        { side: 0, at: [5, 4.5] },
        { side: 0, at: [6.001, 4.5] },
        { side: 1, at: [28, 2] },
      ],
    );
    for (const n of [1, 2, 3]) {
      const s = acting(sc, 'A1', { pool: 2 });
      const a = { k: 'marshal' as const, to: 'dir:e', n };
      const reckoned = escarmoucheScriptDice(s, a);
      const events = act(s, a, [], streamFromString(`marshal-${n}`));
      const e = ev(events, 'marshal');
      expect((e.active as number[]).length + (e.passive as number[]).length).toBe(reckoned);
      // The nearest, A3, cannot go; A4 goes first (clear ground), then A2 (difficult).
      expect(e.followers).toEqual(['A4', 'A2'].slice(0, n));
      expect(e.dice).toBe(n === 1 ? 2 : 5);
    }
  });
});
