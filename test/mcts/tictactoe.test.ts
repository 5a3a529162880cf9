/**
 * The tic-tac-toe fixture (test/fixtures/tictactoe.ts), a forward-model game for comparing the
 * search with other libraries (bench/tictactoe.ts): its rules, and MCTS playing it soundly.
 */
import { describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../../src/core/model.js';
import { search, DEFAULT_SEARCH } from '../../agents/mcts/search.js';
import { ticTacToe, ticTacToeScenario, LINES, type TicTacToeState } from '../fixtures/tictactoe.js';

const R = ticTacToe as unknown as AnyRuleset;
const noDice = { rng: { next: () => 0 } };
const start = (opening: number[]): TicTacToeState => ticTacToe.setup(ticTacToeScenario(opening), noDice);

describe('tic-tac-toe fixture rules', () => {
  it('an empty board: x to move, nine legal marks, keys are cell numbers', () => {
    const s = start([]);
    expect(ticTacToe.currentSide(s)).toBe('x');
    expect(ticTacToe.legalActions(s)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ticTacToe.legalActions(s).map((a) => ticTacToe.actionKey(a))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });
  for (const line of LINES) {
    it(`three x in the line ${line.join('-')} win for x`, () => {
      // x marks the line; o answers in cells off it (never completing a line of its own first).
      const off = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((c) => !line.includes(c));
      const s = start([line[0], off[0], line[1], off[1]]);
      expect(ticTacToe.isTerminal(s)).toBe(false);
      ticTacToe.apply(s, line[2], noDice);
      expect(ticTacToe.outcome(s)).toEqual({ winner: 'x', reason: 'three in a row' });
      expect(ticTacToe.evaluate(s, 'x')).toBe(1);
      expect(ticTacToe.evaluate(s, 'o')).toBe(0);
    });
  }
  it('a full board without a line is a draw', () => {
    // x o x / x o o / o x x
    const s = start([0, 1, 2, 4, 3, 5, 7, 6]);
    expect(ticTacToe.isTerminal(s)).toBe(false);
    ticTacToe.apply(s, 8, noDice);
    expect(ticTacToe.outcome(s)).toEqual({ winner: null, reason: 'board full' });
    expect(ticTacToe.evaluate(s, 'x')).toBe(0.5);
  });
  it('marking a taken cell or after the end is refused', () => {
    const s = start([4]);
    expect(() => ticTacToe.apply(s, 4, noDice)).toThrow(/illegal/);
    expect(() => ticTacToe.apply(s, 9, noDice)).toThrow(/illegal/);
    expect(() => start([4, 4])).toThrow(/bad opening/);
  });
  it('clones are independent', () => {
    const s = start([0]);
    const c = ticTacToe.clone(s);
    ticTacToe.apply(c, 4, noDice);
    expect(ticTacToe.hash(s)).toBe(ticTacToe.hash(start([0])));
    expect(ticTacToe.hash(c)).not.toBe(ticTacToe.hash(s));
  });
});

describe('MCTS on tic-tac-toe', () => {
  const best = (s: TicTacToeState, seed: number, iterations = 2000): number =>
    search(R, s, { ...DEFAULT_SEARCH, iterations, horizon: 9, focus: 1 }, seed, null).stats[0].action as number;
  it('takes a win in one (x: 0, 1 with o on 3, 4 → 2)', () => {
    for (let seed = 1; seed <= 3; seed++) expect(best(start([0, 3, 1, 4]), seed)).toBe(2);
  });
  it("blocks the opponent's win in one (o to move against x on 0, 1 → 2)", () => {
    for (let seed = 1; seed <= 3; seed++) expect(best(start([0, 4, 1]), seed)).toBe(2);
  });
  it('self-play from the empty board ends in a draw (the value of the game)', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const s = start([]);
      for (let k = 0; !ticTacToe.isTerminal(s); k++) ticTacToe.apply(s, best(s, seed * 100 + k, 4000), noDice);
      expect(ticTacToe.outcome(s)?.winner).toBeNull();
    }
  });
  it('the same seed gives the same search', () => {
    const o = { ...DEFAULT_SEARCH, iterations: 500, horizon: 9 };
    expect(search(R, start([]), o, 5, null)).toEqual(search(R, start([]), o, 5, null));
  });
});
