/**
 * Figures on a measured table, seen through a minimal view: positions, facings, one base radius and
 * which figures stand on the table. Typed on no ruleset's state: a ruleset hands the kit a
 * {@link FigureView} over its own arrays.
 *
 * Units: lengths in the table's unit; angles in radians, 0 = facing +x (east), π/2 = facing +y
 * (down the table, south), as `Math.atan2(dy, dx)` gives them.
 */
import { type Vec, angleDiff, dist } from '../geometry.js';
import { ACTIVE } from './status.js';

/** What the kit needs to know of the figures: read only, indexed 0 … n−1. */
export interface FigureView {
  /** Centre positions, in the table's unit. */
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  /** Facings in radians (see the module comment). */
  readonly facing: ArrayLike<number>;
  /** Base radius, in the table's unit (one size for every figure). */
  readonly radius: number;
  /** True when figure `i`'s base takes up room on the table (not dead, gone or off the table). */
  occupies(i: number): boolean;
  /**
   * Optional: true when figure `i` is on the table and able to act (not fleeing, routed or down):
   * an enemy that keeps others off ({@link PlaceFinder}). Absent: {@link occupies}.
   */
  able?(i: number): boolean;
}

/** What {@link stateView} reads of a room's state: the kit's standard figure fields and a `view` cache. */
export interface ViewedState {
  readonly sc: { readonly radius: number };
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  readonly facing: ArrayLike<number>;
  /** The kit's status codes (status.ts) by figure index. */
  readonly status: ArrayLike<number>;
  /** The view once made (a state declaration's `field.cache<FigureView>()`: never copied or hashed). */
  view: FigureView | null;
}

/**
 * The figures of a state as the kit sees them, over the state's own arrays: made on first use and
 * kept in its `view` cache (the arrays are changed in place, never replaced, so the view stays
 * current; a clone starts without one). A figure is able while ACTIVE and takes up
 * room while ACTIVE or of status `alsoOccupies` (fleeing, routed or disabled figures still stand on
 * the table; −1: none).
 */
export function stateView(s: ViewedState, alsoOccupies: number): FigureView {
  let v = s.view;
  if (v === null) {
    // The codes as local constants (an imported binding may be read through a getter).
    const active = ACTIVE;
    const also = alsoOccupies;
    const st = s.status;
    v = {
      x: s.x,
      y: s.y,
      facing: s.facing,
      radius: s.sc.radius,
      occupies: (i) => st[i] === active || st[i] === also,
      able: (i) => st[i] === active,
    };
    s.view = v;
  }
  return v;
}

/**
 * True when a base centred at (x, y) overlaps no other occupying figure's base (bases may touch).
 * Figures `ignore` and `ignore2` (−1 for none) are left out (the mover itself, a figure it swaps with).
 */
export function placeFree(v: FigureView, x: number, y: number, ignore: number, ignore2 = -1): boolean {
  const d2 = 2 * v.radius - 1e-6;
  const lim = d2 * d2;
  const n = v.x.length;
  // The distance first (arithmetic), whether the figure is on the table only when it is near.
  for (let g = 0; g < n; g++) {
    const dx = v.x[g] - x;
    const dy = v.y[g] - y;
    if (dx * dx + dy * dy < lim && g !== ignore && g !== ignore2 && v.occupies(g)) return false;
  }
  return true;
}

/** {@link placeFree} at a point given as an object (see Table.lineOfSightBetween: no boxed coordinates). */
export function placeFreeAt(v: FigureView, p: Vec, ignore: number): boolean {
  // placeFree's test written out (the same answer): a call to it, when this one is inlined into its
  // caller and it is not, would box the two coordinates again.
  const x = p.x;
  const y = p.y;
  const d2 = 2 * v.radius - 1e-6;
  const lim = d2 * d2;
  const n = v.x.length;
  for (let g = 0; g < n; g++) {
    const dx = v.x[g] - x;
    const dy = v.y[g] - y;
    if (dx * dx + dy * dy < lim && g !== ignore && v.occupies(g)) return false;
  }
  return true;
}

/** True when the bases of figures a and b touch: centres at most 2 radii + `tolerance` apart. */
export function inBaseContact(v: FigureView, a: number, b: number, tolerance = 0.1): boolean {
  return dist(v.x[a], v.y[a], v.x[b], v.y[b]) <= 2 * v.radius + tolerance + 1e-9;
}

/**
 * True when figure `f`'s base touches the base of one of `others` able to act ({@link FigureView.able},
 * else {@link FigureView.occupies}): {@link inBaseContact} over a list, with the same answer for
 * each pair, allocating nothing. A pair whose |dx| or |dy| alone passes the contact distance is
 * refused before the root (the rounded root of dx² + dy² is never below |dx|).
 */
export function inContactWithAny(v: FigureView, f: number, others: ArrayLike<number>, tolerance = 0.1): boolean {
  // inContactAt(v, v.x[f], v.y[f], others, tolerance) written out (the same tests in the same order):
  // where this is inlined into a caller and inContactAt is not, the call would box the coordinates.
  const fx = v.x[f];
  const fy = v.y[f];
  const c = 2 * v.radius + tolerance + 1e-9;
  for (let k = 0; k < others.length; k++) {
    const g = others[k];
    const dx = v.x[g] - fx;
    if (dx > c || dx < -c) continue;
    const dy = v.y[g] - fy;
    if (dy > c || dy < -c) continue;
    if (Math.sqrt(dx * dx + dy * dy) <= c && (v.able ? v.able(g) : v.occupies(g))) return true;
  }
  return false;
}

/**
 * True when a base centred at (x, y) would touch the base of one of `others` able to act (as
 * {@link inContactWithAny}: centres at most 2 radii + `tolerance` apart, the same answer for each
 * pair, allocating nothing) — e.g. "no enemy in contact with the place a figure would stand".
 */
export function inContactAt(v: FigureView, fx: number, fy: number, others: ArrayLike<number>, tolerance = 0.1): boolean {
  const c = 2 * v.radius + tolerance + 1e-9;
  for (let k = 0; k < others.length; k++) {
    const g = others[k];
    const dx = v.x[g] - fx;
    if (dx > c || dx < -c) continue;
    const dy = v.y[g] - fy;
    if (dy > c || dy < -c) continue;
    if (Math.sqrt(dx * dx + dy * dy) <= c && (v.able ? v.able(g) : v.occupies(g))) return true;
  }
  return false;
}

/** Distance between two figures' bases, edge to edge (never negative), in the table's unit. */
export function baseGap(v: FigureView, a: number, b: number): number {
  return Math.max(0, dist(v.x[a], v.y[a], v.x[b], v.y[b]) - 2 * v.radius);
}

/** Centre (mean position) of the figures `ids` (at least one). */
export function centreOf(v: FigureView, ids: ArrayLike<number>): Vec {
  let x = 0;
  let y = 0;
  const n = ids.length;
  for (let i = 0; i < n; i++) {
    x += v.x[ids[i]];
    y += v.y[ids[i]];
  }
  return { x: x / n, y: y / n };
}

/** Mean of points given as x, y pairs. */
export function meanPoint(points: readonly Vec[]): Vec {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** True when every figure of `ids` is within `gap` (centre to centre) of every other ("cohesion"). */
export function cohesive(v: FigureView, ids: ArrayLike<number>, gap: number): boolean {
  const n = ids.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (dist(v.x[ids[i]], v.y[ids[i]], v.x[ids[j]], v.y[ids[j]]) > gap + 1e-9) return false;
  }
  return true;
}

/**
 * The cohesion test for figure `f` moving while its `mates` stay (the "every figure within `gap`
 * of every other" rule, applied pair by pair): a place (x, y) is allowed when, for every mate, it
 * is within `gap` of that mate — or, where `f` already stands further than `gap` from it, no
 * further than it is now (a straggler may close up, never drift). Null when `f` has no mates.
 * Only the first `nMates` of `mates` count (all by default), and the test keeps no reference to
 * the list (a caller may pass a scratch list).
 */
export function cohesionTest(
  v: FigureView,
  f: number,
  mates: ArrayLike<number>,
  gap: number,
  nMates = mates.length,
): ((x: number, y: number) => boolean) | null {
  if (nMates === 0) return null;
  // Per mate: x, y and the squared limit, in one array of doubles (three typed arrays cost five
  // times the bytes: this is made once per move tried).
  const n3 = 3 * nMates;
  const m: number[] = [];
  for (let i = 0; i < nMates; i++) {
    const g = mates[i];
    const gx = v.x[g];
    const gy = v.y[g];
    const l = Math.max(gap, dist(v.x[f], v.y[f], gx, gy)) + 1e-9;
    m.push(gx, gy, l * l);
  }
  return (x, y) => {
    for (let i = 0; i < n3; i += 3) if ((x - m[i]) ** 2 + (y - m[i + 1]) ** 2 > m[i + 2]) return false;
    return true;
  };
}

/** Where an attacker stands relative to a target's facing. */
export type Arc = 'front' | 'flank' | 'rear';

/**
 * The arc of `target` that a point (ax, ay) lies in, judged from the target's centre and facing:
 * `front` within `frontHalf` radians either side of the facing, `rear` within `rearHalf` either
 * side of the opposite direction, `flank` otherwise. Defaults: front ±45°, rear ±45° (so each
 * flank is 90°). A point on a boundary counts in the front, then the rear.
 */
export function arcOfPoint(v: FigureView, target: number, ax: number, ay: number, frontHalf = Math.PI / 4, rearHalf = Math.PI / 4): Arc {
  const bearing = Math.atan2(ay - v.y[target], ax - v.x[target]);
  const off = Math.abs(angleDiff(bearing, v.facing[target]));
  if (off <= frontHalf + 1e-9) return 'front';
  if (off >= Math.PI - rearHalf - 1e-9) return 'rear';
  return 'flank';
}

/** The arc of `target` in which figure `attacker` stands (see {@link arcOfPoint}). */
export function arcOf(v: FigureView, attacker: number, target: number, frontHalf = Math.PI / 4, rearHalf = Math.PI / 4): Arc {
  // arcOfPoint(v, target, v.x[attacker], v.y[attacker], …) written out (the same floats): the
  // attacker's coordinates would be boxed passed to a call that is not inlined.
  const bearing = Math.atan2(v.y[attacker] - v.y[target], v.x[attacker] - v.x[target]);
  const off = Math.abs(angleDiff(bearing, v.facing[target]));
  if (off <= frontHalf + 1e-9) return 'front';
  if (off >= Math.PI - rearHalf - 1e-9) return 'rear';
  return 'flank';
}

/**
 * How many turning steps of `step` radians (default 45°) a turn from facing `from` to facing `to`
 * takes, by the shorter way round: 0 for no turn, 1 for anything up to 45°, 2 up to 90°, … 4 for
 * an about-face. (State of War: cavalry lose ¼ move per 45° turned.)
 */
export function turnSteps(from: number, to: number, step = Math.PI / 4): number {
  const a = Math.abs(angleDiff(to, from));
  if (a < 1e-9) return 0;
  return Math.ceil(a / step - 1e-9);
}
