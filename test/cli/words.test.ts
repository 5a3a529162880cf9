/** Numbers in words (issue 20, item 9): "1 hit", "roll 1 die" — never "1 hits" or "1 dice". */
import { describe, expect, it } from 'vitest';
import { count } from '../../src/core/words.js';
import { loadScenario } from '../../src/rules/index.js';
import type { GameEvent } from '../../src/core/model.js';

describe('count', () => {
  it('singular for one, plural otherwise, dice/die both ways', () => {
    expect(count(1, 'hit')).toBe('1 hit');
    expect(count(2, 'hit')).toBe('2 hits');
    expect(count(1, 'die')).toBe('1 die');
    expect(count(1, 'dice')).toBe('1 die');
    expect(count(3, 'die')).toBe('3 dice');
    expect(count('1', 'visit')).toBe('1 visit');
    expect(count(0, 'figure')).toBe('0 figures');
  });
  it('a Pirates! attack that scores the first hit of a turn says "1 hit this turn" (§5.C)', () => {
    const sc = loadScenario('supply-raid');
    const e = {
      e: 'attack',
      turn: 1,
      mode: 'fight',
      attacker: 'P02',
      defender: 'T01',
      weapon: 'cutlass',
      range: 0,
      baseDie: 8,
      modifiers: [],
      attackerDie: 8,
      defenderDie: 6,
      attackerRoll: 5,
      defenderRoll: 4,
      margin: 1,
      capture: false,
      hitsThisTurn: 1,
      result: 'hit',
    } as unknown as GameEvent;
    const text = sc.ruleset.describeEvent(sc.compiled, e);
    expect(text).toContain('(1 hit this turn)');
  });
});
