/**
 * The Kershner Supply Raid's policy variant `guard` (src/rules/pig-wars/policy.ts): townsfolk units
 * with no drover to chase score marching on the loot 6 instead of 2, and every other order as the
 * script does; declared for the pirate variant's townsfolk only (the farmstead's Saxons did not gain).
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import { argmax } from '../../agents/heuristic/index.js';
import type { PigAction } from '../../src/rules/pig-wars/index.js';

describe("the Kershner raid's policy variant `guard`", () => {
  const sc = loadScenario('kershner-supply-raid');
  const r = sc.ruleset;
  const v = r.policy!.variants!.find((x) => x.name === 'guard')!;

  it('is declared for the townsfolk of the pirate variant only', () => {
    expect(v.sides(sc.compiled)).toEqual(['townsfolk']);
    expect(loadScenario('farmstead-raid').ruleset.policy!.variants ?? []).toEqual([]);
  });

  it("differs from the script only in the townsfolk's march on the loot, by 4 (6 instead of 2), along scripted games", () => {
    let changed = 0;
    for (const seed of [1, 2, 3]) {
      const rng = gameStream(seed);
      const s = r.setup(sc.compiled, { rng });
      while (!r.isTerminal(s)) {
        const legal = r.legalActions(s) as PigAction[];
        const main = r.policy!.scores(s, legal);
        const alt = v.scores(s, legal);
        legal.forEach((a, i) => {
          if (alt[i] !== main[i]) {
            changed++;
            expect(r.currentSide(s)).toBe('townsfolk');
            expect(a.k).toBe('obj');
            expect([main[i], alt[i]]).toEqual([2, 6]);
          }
        });
        r.apply(s, legal.length === 1 ? legal[0] : legal[argmax(alt)], { rng });
      }
    }
    expect(changed).toBeGreaterThan(10);
  });
});
