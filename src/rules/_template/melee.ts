/**
 * §5 Fighting: a figure in base contact with an enemy (the kit's `inBaseContact`, via query.ts)
 * may fight it. Each rolls a D6; the striker adds {@link STRIKE_BONUS}; the lower total goes down,
 * and on a tie nothing happens.
 */
import type { Rng } from '../../core/rng.js';
import { roll } from '../../core/rng.js';
import { type DuelState } from './state.js';
import { inContact, sideOf } from './query.js';

/** §5: added to the striker's die. */
export const STRIKE_BONUS = 1;

/** True when figure `f` may fight enemy `t` now (§5): enemies, both up, bases touching. */
export function canFight(s: DuelState, f: number, t: number): boolean {
  return sideOf(s, f) !== sideOf(s, t) && inContact(s, f, t);
}

/** One fight resolved (§5): both dice, and the figure that goes down (−1 on a tie). */
export interface Fight {
  roll: number;
  against: number;
  loser: number;
}

/** Roll the fight of striker `f` against `t` (the striker's D6, then the enemy's, from `rng`). Changes nothing. */
export function rollFight(f: number, t: number, rng: Rng): Fight {
  const a = roll(rng, 6);
  const b = roll(rng, 6);
  const total = a + STRIKE_BONUS;
  return { roll: a, against: b, loser: total > b ? t : total < b ? f : -1 };
}
