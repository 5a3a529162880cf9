/**
 * The Pig Wars turn machine's shortcuts agree with its definitions: `isLegal` (used by `apply` to
 * check an order) accepts exactly the orders `legalActions` lists ([R1] orders by unit), on
 * positions of random games of both versions, for every order kind and every unit named.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream, randInt } from '../../src/core/rng.js';
import type { PigAction, PigState } from '../../src/rules/pig-wars/index.js';
import { actionKey } from '../../src/rules/pig-wars/action.js';
import { isLegal, legalActions } from '../../src/rules/pig-wars/actions.js';

describe.each(['farmstead-raid', 'kershner-supply-raid'])('[R1] the orders of a unit on %s', (id) => {
  it('isLegal(order) ⇔ the order is one of legalActions, for every kind and unit', () => {
    const sc = loadScenario(id);
    const r = sc.ruleset;
    let checked = 0;
    let legalSeen = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const rng = gameStream(`legal-${seed}`);
      const s = r.setup(sc.compiled, { rng }) as PigState;
      for (let step = 0; step < 400 && !r.isTerminal(s); step++) {
        const legal = legalActions(s);
        const keys = new Set(legal.map(actionKey));
        const all: PigAction[] = [{ k: 'hold' }, { k: 'wall' }, { k: 'unwall' }, { k: 'obj' }, { k: 'home' }];
        for (const u of s.sc.units) all.push({ k: 'foe', u: u.id }, { k: 'charge', u: u.id });
        all.push({ k: 'charge', u: 'no-such-unit' });
        for (const a of all) {
          expect(isLegal(s, a), `${id} seed ${seed} step ${step}: ${actionKey(a)}`).toBe(keys.has(actionKey(a)));
          checked++;
        }
        legalSeen += legal.length;
        r.apply(s, legal[randInt(rng, legal.length)], { rng });
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(legalSeen).toBeGreaterThan(300);
  });
});
