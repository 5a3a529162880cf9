/**
 * GameSession's check of submitted decisions (the agent contract, src/core/agent.ts: an agent
 * picks from the legal actions it was given): an element of the list, or an equal action by key, is played; anything
 * else is refused with the ruleset's reason, before the state changes.
 */
import { describe, expect, it } from 'vitest';
import { GameSession } from '../../src/core/game.js';
import { loadScenario } from '../../src/rules/index.js';
import type { Json } from '../../src/core/model.js';

const sc = loadScenario('supply-raid');

describe('GameSession: legality of a submitted decision', () => {
  it('accepts an element of the legal list and a copy with the same key', () => {
    const g = new GameSession(sc, 1, {});
    const legal = g.legal();
    expect(legal.length).toBeGreaterThan(1);
    expect(g.illegalReason(legal[0], legal)).toBeNull();
    const copy = JSON.parse(JSON.stringify(legal[1])) as Json;
    expect(legal.includes(copy)).toBe(false);
    expect(g.illegalReason(copy, legal)).toBeNull();
    g.submit(copy, legal);
    expect(g.decisions).toBe(1);
  });

  it('refuses an action that is not legal now, naming the side and the reason, and leaves the state as it was', () => {
    const g = new GameSession(sc, 1, {});
    const legal = g.legal();
    const bad: Json = { k: 'bogus' };
    expect(legal.some((a) => sc.ruleset.actionKey(a) === 'bogus')).toBe(false);
    const reason = g.illegalReason(bad, legal);
    expect(reason).toEqual(expect.any(String));
    const before = sc.ruleset.hash(g.state);
    expect(() => g.submit(bad, legal)).toThrow(`illegal decision {"k":"bogus"} by ${g.current()}: ${reason}`);
    expect(g.decisions).toBe(0);
    expect(sc.ruleset.hash(g.state)).toBe(before);
  });
});
