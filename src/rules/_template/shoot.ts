/**
 * §4 Shooting: a figure not in base contact with an enemy may shoot an enemy it sees (no building
 * across the line between their centres: the kit's `Table.lineOfSight`) whose base is at most
 * {@link RANGE} inches from its own, edge to edge. One D6: the target goes down on
 * {@link NEED} or more, {@link NEED_IN_COVER} or more when a wood it touches lies between them (the
 * kit's `Table.coverFrom`). Lengths in inches.
 */
import type { Rng } from '../../core/rng.js';
import { roll } from '../../core/rng.js';
import { baseGap } from '../../core/table/figures.js';
import { type DuelState } from './state.js';
import { engaged, isUp, sideOf, viewOf } from './query.js';

/** §4: the longest shot, base edge to base edge, inches. */
export const RANGE = 12;
/** §4: the D6 score that hits a target in the open. */
export const NEED = 4;
/** §4: the D6 score that hits a target in cover. */
export const NEED_IN_COVER = 5;

/** True when figure `f` may shoot enemy `t` now (§4): both up, enemies, `f` not engaged, `t` in range and in sight. */
export function canShoot(s: DuelState, f: number, t: number): boolean {
  if (!isUp(s, f) || !isUp(s, t) || sideOf(s, f) === sideOf(s, t) || engaged(s, f)) return false;
  if (baseGap(viewOf(s), f, t) > RANGE + 1e-9) return false;
  return s.sc.table.lineOfSight(s.x[f], s.y[f], s.x[t], s.y[t]);
}

/** What a shot of `f` at `t` needs (§4): the score, and the wood hiding the target (its id) or null. */
export function shotNeed(s: DuelState, f: number, t: number): { need: number; cover: string | null } {
  const area = s.sc.table.coverFrom(s.x[f], s.y[f], s.x[t], s.y[t]);
  return area === null ? { need: NEED, cover: null } : { need: NEED_IN_COVER, cover: area.id };
}

/** One shot resolved (§4): the die, what it needed, the cover, the gap, and whether it hit. */
export interface Shot {
  roll: number;
  need: number;
  cover: string | null;
  /** Base edge to base edge, inches. */
  gap: number;
  hit: boolean;
}

/** Roll the shot of `f` at `t` (one D6 from `rng`). Changes nothing in the state. Precondition: {@link canShoot}. */
export function rollShot(s: DuelState, f: number, t: number, rng: Rng): Shot {
  const { need, cover } = shotNeed(s, f, t);
  const r = roll(rng, 6);
  return { roll: r, need, cover, gap: baseGap(viewOf(s), f, t), hit: r >= need };
}
