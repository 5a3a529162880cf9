/**
 * The scripted Escarmouche policy manages the push-your-luck risk of PLAY: it stops acting when
 * another roll is more likely to cost the side its turn than to gain anything, and it presses on
 * while the odds are good.
 */
import { describe, expect, it } from 'vitest';
import { escarmoucheQuickScores, escarmoucheScores } from '../../src/rules/escarmouche/policy.js';
import { legalActions } from '../../src/rules/escarmouche/engine.js';
import { PH_PICK, newState } from '../../src/rules/escarmouche/state.js';
import { acting, testScenario } from './helpers.js';

const best = (s: ReturnType<typeof acting>): string => {
  const legal = legalActions(s);
  const scores = escarmoucheScores(s, legal);
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return JSON.stringify(legal[b]);
};

describe('heuristic: risk management', () => {
  const sc = testScenario(['...'], [
    { side: 0, zone: 'r0c0', missile: 'pistol', skills: { shooter: 1 } },
    { side: 0, zone: 'r0c0', missile: 'musket' },
    { side: 0, zone: 'r0c0', missile: 'musket' },
    { side: 1, zone: 'r0c2', rating: 2 },
  ]);
  it('with a large pool, a 1 already rolled this turn and friends still to act, it ends the figure\'s turn rather than roll again', () => {
    const s = acting(sc, 'A1', { pool: 5, ones: 1 });
    expect(best(s)).toBe('{"k":"end"}');
  });
  it('with an empty pool and a weak target in sight it shoots (or readies to shoot), not stop', () => {
    const s = acting(sc, 'A1', { pool: 0, ones: 0 });
    expect(['{"k":"shoot","t":"B1"}', '{"k":"dev","d":"ready"}', '{"k":"volley","t":"B1"}']).toContain(best(s));
  });
});

describe('heuristic: it fights when a fight is good', () => {
  it('a horseman at the ZOC of a musketeer (horse vs foot: the musketeer\'s win is ignored in the first round) attacks, or readies to', () => {
    const sc = testScenario(['..'], [
      { side: 0, zone: 'r0c0', mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
      { side: 1, zone: 'r0c0', missile: 'musket' },
    ]);
    expect(['{"k":"fight","t":"B1","m":"alone"}', '{"k":"dev","d":"ready"}']).toContain(best(acting(sc, 'A1')));
  });
  it('with a pool built and two friends at the enemy\'s ZOC it fights with all of them (outnumbering; one wound each, as at Mill Bridge)', () => {
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
    const sc = testScenario(['..'], [{ side: 0, at: [8, 4] }, { side: 1, at: [10, 4] }]);
    expect(best(acting(sc, 'A1'))).not.toMatch(/fight/);
  });
});

describe('heuristic: it plays its figures rather than pass (PLAY: "you may now act with another figure")', () => {
  it('after a single 1 this turn, with a horseman at the ZOC of a musketeer (a first-strike fight), the side picks a figure: passing would forfeit every turn the 1 put at risk', () => {
    const sc = testScenario(['...'], [
      { side: 0, zone: 'r0c0', mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
      { side: 0, zone: 'r0c0', missile: 'musket' },
      { side: 0, zone: 'r0c0', missile: 'musket' },
      { side: 0, zone: 'r0c0' },
      { side: 1, zone: 'r0c0', missile: 'musket' },
    ]);
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
    const one = testScenario(['..'], [
      { side: 0, at: [6, 4], mounted: true, rating: 4, skills: { rider: 2, fighter: 1 } },
      { side: 0, at: [6, 6] },
      { side: 1, at: [8, 4], missile: 'musket', rating: 1 },
    ]);
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
