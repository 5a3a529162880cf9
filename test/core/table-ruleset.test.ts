/**
 * The kit's table ruleset declaration (src/core/table/ruleset.ts): defineTableRuleset makes the
 * traits every table game shares, the side and state wiring, the listed-action check, the
 * statistics and the JSON Schema from a room's pieces; logisticEvaluation gives the modelled
 * side's logistic value, one minus it for the other side, exact values on a finished game.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineState, field } from '../../src/core/table/state.js';
import { defineTableRuleset, logisticEvaluation } from '../../src/core/table/ruleset.js';
import { stateView, status } from '../../src/core/table/index.js';

interface Sc {
  hash: string;
  sides: { id: string; index: number; figures: number[] }[];
}
const sc: Sc = {
  hash: 'h',
  sides: [
    { id: 'red', index: 0, figures: [0, 1] },
    { id: 'blue', index: 1, figures: [2] },
  ],
};
const STATE = defineState<Sc>()('Test', {
  turn: field.int(1),
  side: field.int(0),
  status: field.nums(3),
  score: field.num(0),
  over: field.int(0),
  winner: field.int(-1),
  reason: field.str(''),
  counters: field.nums(2, 0, { unhashed: 'statistics only' }),
});
type St = ReturnType<typeof STATE.create>;
type Act = { k: 'a' | 'b' } | { k: 'at'; x: number };

const EVALUATION = logisticEvaluation<Sc, St>({
  names: ['bias', 'score'],
  defaultWeights: [0.5, 2],
  sideIndex: () => 1,
  featuresInto: (s, out) => {
    out[0] = 1;
    out[1] = s.score;
    return out;
  },
  over: (s) => s.over === 1,
});

const ruleset = defineTableRuleset<St, Act, Sc>({
  id: 'test-table',
  version: '1.0.0',
  title: 'a test',
  table: { units: 'cm', activation: 'side-turns' },
  scenarios: ['one'],
  compile: () => sc,
  schema: z.object({ a: z.number(), b: z.number().default(1) }),
  state: STATE,
  deciding: (s) => s.side,
  over: (s) => s.over === 1,
  evaluation: EVALUATION,
  setup: (c) => STATE.create(c),
  legalActions: () => [{ k: 'a' }, { k: 'b' }],
  apply: () => {},
  actionKey: (a) => (a.k === 'at' ? `at:${a.x}` : a.k),
  describeAction: (_s, a) => a.k,
  describeEvent: () => null,
  checkFree: (_s, a) => (a.k === 'at' ? (a.x > 0 ? null : 'off the table') : undefined),
  stats: {
    base: (s) => ({ turns: s.turn }),
    status: { active: 0, down: [3, 5] },
    side: (s, i) => ({ first: s.sc.sides[i].figures[0] }),
    counters: ['hits', 'shots'],
  },
});

describe('defineTableRuleset: a table room registered from its pieces', () => {
  it('two sides, sampled dice, perfect information, sequential, win/loss/draw; the room its units and activation', () => {
    expect(ruleset.traits).toEqual({
      sides: { min: 2, max: 2 },
      chance: 'sampled',
      information: 'perfect',
      dynamics: 'sequential',
      utility: 'win-loss-draw',
      units: 'cm',
      activation: 'side-turns',
    });
  });

  it('sides, current side, outcome and state wiring from the declaration', () => {
    const s = STATE.create(sc);
    expect(ruleset.sides(sc)).toEqual(['red', 'blue']);
    s.side = 1;
    expect(ruleset.currentSide(s)).toBe('blue');
    expect(ruleset.isTerminal(s)).toBe(false);
    expect(ruleset.outcome(s)).toBeNull();
    expect(ruleset.turn?.(s)).toBe(1);
    expect(ruleset.hash(ruleset.clone(s))).toBe(STATE.hash(s));
    s.over = 1;
    s.winner = 0;
    s.reason = 'done';
    expect(ruleset.currentSide(s)).toBeNull();
    expect(ruleset.outcome(s)).toEqual({ winner: 'red', reason: 'done' });
  });

  it('a free-form action by the room, every other by its key among the legal ones', () => {
    const s = STATE.create(sc);
    expect(ruleset.checkAction?.(s, { k: 'at', x: 1 })).toBeNull();
    expect(ruleset.checkAction?.(s, { k: 'at', x: -1 })).toBe('off the table');
    expect(ruleset.checkAction?.(s, { k: 'b' })).toBeNull();
    const none = defineTableRuleset<St, Act, Sc>({
      ...ruleset,
      schema: z.object({}),
      state: STATE,
      deciding: (x) => x.side,
      over: (x) => x.over === 1,
      evaluation: EVALUATION,
      legalActions: () => [{ k: 'a' }],
      stats: { base: () => ({}) },
      notListed: 'not offered',
      table: { units: 'in', activation: 'cards' },
    });
    expect(none.checkAction?.(s, { k: 'b' })).toBe('not offered');
    expect(none.checkAction?.(s, { k: 'at', x: 1 })).toBe('not offered');
  });

  it('stats: the base, then per side its status groups and own counts, then the counters, in that order', () => {
    const s = STATE.create(sc);
    s.status[1] = 5;
    s.counters[1] = 4;
    const out = ruleset.stats?.(s) ?? {};
    expect(Object.entries(out)).toEqual([
      ['turns', 1],
      ['red.active', 1],
      ['red.down', 1],
      ['red.first', 0],
      ['blue.active', 1],
      ['blue.down', 0],
      ['blue.first', 2],
      ['hits', 0],
      ['shots', 4],
    ]);
  });

  it('the JSON Schema is the scenario schema input side', () => {
    expect((ruleset.jsonSchema?.() as { required?: string[] }).required).toEqual(['a']);
  });
});

describe('logisticEvaluation', () => {
  it('σ(weights · features) for the modelled side, one minus it for the other, batched the same', () => {
    const s = STATE.create(sc);
    s.score = 0.25;
    const v = 1 / (1 + Math.exp(-(0.5 + 2 * 0.25)));
    expect(EVALUATION.value(s)).toBeCloseTo(v, 12);
    expect(ruleset.evaluate(s, 'blue')).toBe(EVALUATION.value(s));
    expect(ruleset.evaluate(s, 'red')).toBe(1 - EVALUATION.value(s));
    expect(EVALUATION.value(s, [1])).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    const out = [0, 0, 0];
    ruleset.evaluateSides?.(s, ['red', 'blue', 'green'], 3, undefined, out);
    expect(out).toEqual([1 - EVALUATION.value(s), EVALUATION.value(s), 1 - EVALUATION.value(s)]);
    expect(ruleset.evaluation?.features(s)).toEqual([1, 0.25]);
    expect(ruleset.evaluation?.side(sc)).toBe('blue');
  });

  it('exactly 1, 0 or ½ once the game is over', () => {
    const s = STATE.create(sc);
    s.over = 1;
    s.winner = 1;
    expect(EVALUATION.value(s)).toBe(1);
    s.winner = 0;
    expect(EVALUATION.value(s)).toBe(0);
    s.winner = -1;
    expect(EVALUATION.value(s)).toBe(0.5);
  });
});

describe('stateView: the figures of a state as the kit sees them', () => {
  it('over the state arrays, kept in its view cache; able while ACTIVE, taking room while ACTIVE or the extra code', () => {
    const s = {
      sc: { radius: 0.5 },
      x: [1, 2, 3],
      y: [0, 0, 0],
      facing: [0, 0, 0],
      status: [status.ACTIVE, status.FLEEING, status.DEAD],
      view: null,
    };
    const v = stateView(s, status.FLEEING);
    expect(s.view).toBe(v);
    expect(stateView(s, status.FLEEING)).toBe(v);
    expect([0, 1, 2].map((i) => v.occupies(i))).toEqual([true, true, false]);
    expect([0, 1, 2].map((i) => v.able?.(i))).toEqual([true, false, false]);
    s.status[1] = status.DEAD;
    s.x[0] = 7;
    expect(v.occupies(1)).toBe(false);
    expect(v.x[0]).toBe(7);
    expect(v.radius).toBe(0.5);
    const none = stateView({ ...s, view: null }, -1);
    expect([0, 1, 2].map((i) => none.occupies(i))).toEqual([true, false, false]);
  });
});
