/**
 * Pirates! state and table queries (§4.B–C allowances, §5 cover, §7 range and sight): the figures
 * as the table kit sees them (src/core/table/), what a figure may move this turn, and what the
 * ground between two figures does. Pure functions of the state; nothing here changes it.
 */
import { type Vec, dist } from '../../core/geometry.js';
import { type FigureView, centreOf as kitCentre, stateView } from '../../core/table/index.js';
import { fireDie } from './tables.js';
import { FLEEING, type PiratesState } from './state.js';

/** Allowances for one move: the full allowance and the one over broken ground or uphill (inches). */
export interface Allowance {
  full: number;
  slow: number;
}

/**
 * The figures of a state as the table kit sees them (built once per state object, then reused):
 * a figure takes up room while on the table, able to act or running; it is able (an enemy the
 * nearest-enemy queries count) only while ACTIVE.
 */
export function viewOf(s: PiratesState): FigureView {
  return stateView(s, FLEEING);
}

/**
 * The movement allowance of figure `f` this turn (§4.B–C), halved when carrying booty (§11.C)
 * and halved again for move & fight / move & fire (§6) when `half` is set.
 */
export function allowanceOf(s: PiratesState, f: number, half: boolean): Allowance {
  const info = s.sc.figures[f];
  const o = info.side * 4 + (info.mounted ? 2 : 0);
  const div = allowanceDivisor(s, f, half);
  return { full: s.moveAllow[o] / div, slow: s.moveAllow[o + 1] / div };
}

/** `allowanceOf(s, f, half).full` without making the object (for hot paths such as the policy). */
export function fullAllowanceOf(s: PiratesState, f: number, half: boolean): number {
  const info = s.sc.figures[f];
  return s.moveAllow[info.side * 4 + (info.mounted ? 2 : 0)] / allowanceDivisor(s, f, half);
}

/** What a figure's rolled allowance is divided by: 2 carrying booty (§11.C), 2 again for half a move. */
export function allowanceDivisor(s: PiratesState, f: number, half: boolean): number {
  let div = 1;
  if (s.booty[f]) div *= 2;
  if (half) div *= 2;
  return div;
}

/** True when the base of a figure at (x, y) touches a cover area (a place to take cover; the view's "in cover"). */
export function inCover(s: PiratesState, x: number, y: number): boolean {
  return s.sc.table.inCover(x, y);
}

/**
 * The id of the cover area that hides defender `d` from attacker `a` (§5.B(2) "Defender in cover"):
 * one the defender's base touches and the straight line between their centres crosses (or ends
 * in), not one the attacker stands in; null when there is none (cover on the defender's far side
 * or beside the line does not count — §7's civilian "hid behind a barrel").
 */
export function coverFrom(s: PiratesState, a: number, d: number): string | null {
  return s.sc.table.coverFrom(s.x[a], s.y[a], s.x[d], s.y[d])?.id ?? null;
}

/** True when nothing blocks the line of sight between two points (buildings block; figures do not). */
export function lineOfSight(s: PiratesState, ax: number, ay: number, bx: number, by: number): boolean {
  return s.sc.table.lineOfSight(ax, ay, bx, by);
}

/**
 * How far along `points` a figure with allowance `al` may go (§4.B): the full allowance, unless the
 * way enters broken ground (or starts on it) or climbs onto a hill; then the 2d10 allowance — but a
 * figure may always go up to the edge of such ground on its full allowance.
 */
export function reachAlong(s: PiratesState, points: readonly Vec[], al: Allowance): number {
  return s.sc.table.reachAlong(points, al.full, al.slow);
}

/** Centre (mean position) of the first `n` figures of `figs`. */
export function centreOf(s: PiratesState, figs: ArrayLike<number>, n: number): Vec {
  return kitCentre(viewOf(s), n === figs.length ? figs : Array.prototype.slice.call(figs, 0, n));
}

/** True when `f` may fire now (§7–§8): a loaded missile weapon that may be used here. */
export function canFire(s: PiratesState, f: number): boolean {
  const w = s.sc.figures[f].weapon;
  return w.ranges.length > 0 && s.loaded[f] === 1 && s.reloading[f] === 0 && !(w.shipGun && s.sc.inPort);
}

/** The base die `f` would fire at `t` with from (x, y): 0 when out of range or out of sight. */
export function fireDieFrom(s: PiratesState, f: number, t: number, x: number, y: number): number {
  const die = rangeDieFrom(s, f, t, x, y);
  if (die === 0) return 0;
  return lineOfSight(s, x, y, s.x[t], s.y[t]) ? die : 0;
}

/** The base die of `f`'s weapon for the range from (x, y) to `t`, sight not considered (0 out of range). */
export function rangeDieFrom(s: PiratesState, f: number, t: number, x: number, y: number): number {
  return fireDie(s.sc.figures[f].weapon, Math.max(0, dist(x, y, s.x[t], s.y[t]) - 2 * s.sc.radius));
}
