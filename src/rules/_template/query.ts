/**
 * The Duel table as the kit sees it: the {@link FigureView} over a state's own arrays, and the
 * few questions every mechanic asks (is a figure up, who are its enemies, is it in base contact
 * with one). No table mechanics here: paths, places, sight, cover and contact are the kit's
 * (src/core/table/); this file only hands it the room's figures. Lengths in inches.
 */
import { type FigureView, inBaseContact, stateView } from '../../core/table/figures.js';
import { ACTIVE, type DuelState } from './state.js';

/**
 * The kit's view of the state's figures: positions, facings, the base radius, and which figures
 * take up room (the active ones: a figure down is removed, §4). Made once per state object and
 * kept in its `view` cache (clone leaves it out, cloneInto keeps it: it reads the same arrays).
 */
export function viewOf(s: DuelState): FigureView {
  return stateView(s, -1);
}

/** True when figure `f` is on the table and able to act (not down). */
export function isUp(s: DuelState, f: number): boolean {
  return s.status[f] === ACTIVE;
}

/** The figure indices of the side that is not side `side` (two sides, §1). */
export function enemiesOf(s: DuelState, side: number): readonly number[] {
  return s.sc.sides[1 - side].figures;
}

/** The side index of figure `f`. */
export function sideOf(s: DuelState, f: number): number {
  return s.sc.figures[f].side;
}

/**
 * True when figures `f` and `t` are both up and their bases touch (the kit's `inBaseContact` with
 * the scenario's contact tolerance: centres at most `sc.contact` inches apart).
 */
export function inContact(s: DuelState, f: number, t: number): boolean {
  return isUp(s, f) && isUp(s, t) && inBaseContact(viewOf(s), f, t, s.sc.contact - 2 * s.sc.radius);
}

/** True when figure `f` is in base contact with any enemy that is up (it may then fight, not shoot or move, §3–5). */
export function engaged(s: DuelState, f: number): boolean {
  const foes = enemiesOf(s, sideOf(s, f));
  for (let k = 0; k < foes.length; k++) if (inContact(s, f, foes[k])) return true;
  return false;
}

/** Centre distance between figures `f` and `t`, in inches. */
export function distance(s: DuelState, f: number, t: number): number {
  return Math.hypot(s.x[t] - s.x[f], s.y[t] - s.y[f]);
}
