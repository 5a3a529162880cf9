/**
 * Property tests over many whole Supply Raid games (docs/ARCHITECTURE.md, "Testing"): no move beyond its
 * allowance, none through a building, no figure inside a building or on another, dead figures
 * never act, bands within their card's value and intact, the deck as the scenario says each turn,
 * one attack per figure per turn, and every game ends within its decision limit.
 * The invariants live in src/rules/pirates/invariants.ts; the 10,000-game run is `npm run fuzz`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadScenario } from '../../src/rules/index.js';
import { playSpecs } from '../helpers/games.js';

const sc = loadScenario('supply-raid');

describe('Supply Raid invariants over random games', () => {
  it('1,000 random-vs-random games: no invariant violated, every game ends', () => {
    let games = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { result, violations } = playSpecs(sc, seed, { pirates: 'random', townsfolk: 'random' });
        games++;
        expect(violations).toEqual([]);
        expect(['pirates', 'townsfolk']).toContain(result.winner);
      }),
      { numRuns: 1000, seed: 20261121, endOnFailure: true },
    );
    expect(games).toBe(1000);
  }, 900_000); // ~35 s on an idle 2-core machine; generous for a loaded one

  it('100 games with the heuristic on one or both sides (pillage, booty, landing paths): no invariant violated', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom('heuristic', 'random'),
        fc.constantFrom('heuristic', 'random'),
        (seed, p, t) => {
          const { violations } = playSpecs(sc, seed, { pirates: p, townsfolk: t });
          expect(violations).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 7, endOnFailure: true },
    );
  }, 600_000);
});
