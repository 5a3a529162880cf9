/**
 * Moves on a measured table: how far along a route a figure may go (allowance, slow ground,
 * other bases, a ruleset's extra test such as cohesion), and group moves measured from the group's
 * centre. Lengths in the table's unit.
 */
import { type Vec, dist, pathLength, pointAlongInto, truncatePath } from '../geometry.js';
import { type Path, ringOffsets } from '../nav.js';
import type { Table } from './table.js';
import { type FigureView, centreOf, placeFreeAt } from './figures.js';

/** A planned move: the route taken (waypoints, first = start), where it ends, its length and the limit that applied. */
export interface MovePlan {
  points: Vec[];
  to: Vec;
  length: number;
  /** The most the move could have gone along this route (after slow ground), in the table's unit. */
  limit: number;
}

/** A test a ruleset adds for the end place of a move (cohesion, staying out of a zone…). */
export type PlaceTest = (x: number, y: number) => boolean;

/**
 * Plan a move of figure `f` along `path`, stopping `stopShort` before its end, within allowance
 * `full` (dropping to `slow` where the route enters slow ground or climbs, {@link Table.reachAlong}),
 * at the furthest point that is free of other bases and passes `extra`. Backs off along the route
 * in steps of `step` (default 0.25). Null when it cannot move at all.
 */
export function planAlong(
  table: Table,
  v: FigureView,
  f: number,
  path: Path,
  stopShort: number,
  full: number,
  slow: number,
  extra: PlaceTest | null,
  step = 0.25,
): MovePlan | null {
  const pts = path.points;
  let want = path.length - stopShort;
  if (want <= 1e-6) return null;
  const limit = table.reachAlong(pts, full, slow);
  if (want > limit) want = limit;
  const p = ALONG;
  let first = true;
  for (let d = want; d > 0.05; d -= step) {
    pointAlongInto(pts, d, p);
    // The first place is tested against every base; when it is taken, the walk back tests only the
    // bases near the route (the others are further than a base width from every place on it).
    const free = first ? placeFreeAt(v, p, f) : freeOfNearBases(p.x, p.y, v.radius);
    if (free && (extra === null || extra(p.x, p.y))) {
      const route = truncatePath(pts, d);
      return { points: route, to: { x: p.x, y: p.y }, length: pathLength(route), limit };
    }
    if (first) {
      basesNearRoute(v, f, pts);
      first = false;
    }
  }
  return null;
}

/** Scratch point of {@link planAlong}'s walk back along a route (no allocation per step). */
const ALONG: { x: number; y: number } = { x: 0, y: 0 };

/** Positions of the bases near a route (see {@link basesNearRoute}): the first `NEAR_ROUTE.n`. */
const NEAR_ROUTE = { x: new Float64Array(64), y: new Float64Array(64), n: 0 };

/**
 * Gather into {@link NEAR_ROUTE} the occupying bases other than `f` within a base width (and a
 * margin) of the polyline `pts`: only they can refuse a place on it.
 */
function basesNearRoute(v: FigureView, f: number, pts: readonly Vec[]): void {
  const nFig = v.x.length;
  if (NEAR_ROUTE.x.length < nFig) {
    NEAR_ROUTE.x = new Float64Array(nFig);
    NEAR_ROUTE.y = new Float64Array(nFig);
  }
  const reach = 2 * v.radius + 0.01;
  const reach2 = reach * reach;
  let n = 0;
  for (let g = 0; g < nFig; g++) {
    if (g === f || !v.occupies(g)) continue;
    const gx = v.x[g];
    const gy = v.y[g];
    let near = pts.length === 1 && (pts[0].x - gx) ** 2 + (pts[0].y - gy) ** 2 <= reach2;
    for (let i = 1; i < pts.length && !near; i++) {
      const ax = pts[i - 1].x;
      const ay = pts[i - 1].y;
      const sx = pts[i].x - ax;
      const sy = pts[i].y - ay;
      const l2 = sx * sx + sy * sy;
      let t = l2 > 0 ? ((gx - ax) * sx + (gy - ay) * sy) / l2 : 0;
      if (t < 0) t = 0;
      else if (t > 1) t = 1;
      const dx = ax + t * sx - gx;
      const dy = ay + t * sy - gy;
      near = dx * dx + dy * dy <= reach2;
    }
    if (near) {
      NEAR_ROUTE.x[n] = gx;
      NEAR_ROUTE.y[n] = gy;
      n++;
    }
  }
  NEAR_ROUTE.n = n;
}

/** The kit's placeFree at (x, y) against the bases of {@link NEAR_ROUTE} (the same test: overlap below 2 radii − 1e-6). */
function freeOfNearBases(x: number, y: number, radius: number): boolean {
  const d2 = 2 * radius - 1e-6;
  const lim = d2 * d2;
  const nx = NEAR_ROUTE.x;
  const ny = NEAR_ROUTE.y;
  for (let i = 0; i < NEAR_ROUTE.n; i++) {
    const dx = nx[i] - x;
    const dy = ny[i] - y;
    if (dx * dx + dy * dy < lim) return false;
  }
  return true;
}

/** One figure's place after a group move, with its own route there. */
export interface GroupPlace {
  f: number;
  to: Vec;
  /**
   * The figure's own way to its place (shortest path from where it stood when the plan was made;
   * at least its start and end). Worked out on first read — a record needs it, a search does not —
   * so read it before the figure is moved.
   */
  readonly points: Vec[];
}

/** A planned group move (see {@link planGroupMove}). */
export interface GroupPlan {
  /** The movers' centre before and after (the means of their positions). */
  from: Vec;
  centre: Vec;
  /** Straight distance between the two centres: what the move measures. */
  distance: number;
  /** The allowance that applied along the centre's route (after slow ground). */
  limit: number;
  /**
   * The route the centre was steered along (start = the centre, or the nearest free place to it). Its
   * end is the point the movers stand round (each within `formation + 1` of it); their own new
   * centre, `centre`, is the mean of their places and differs from it when one could not take his spot.
   */
  route: Vec[];
  places: GroupPlace[];
}

/** Options of {@link planGroupMove}. */
export interface GroupMoveOptions {
  /** Allowance and slow-ground allowance of the group (usually the smallest of its members'). */
  full: number;
  slow: number;
  /** The way from a start point toward the destination, and how far short of its end to stop. Null: nowhere to go. */
  route(start: Vec): { path: Path; stopShort: number } | null;
  /** Radius of the formation round the new centre: members keep their offsets from the old centre, clamped to it. */
  formation: number;
  /** Figures that must stay in cohesion with every mover (band-mates not moving), and the gap (see cohesionTest). */
  mates: readonly number[];
  gap: number;
  /**
   * Hold each mover whose own way to its place enters slow ground or climbs to the slow-ground
   * rule as if it moved alone: that way no longer than {@link Table.reachAlong} of it (Pirates!
   * §4.B "if travelling over broken terrain … roll only 2d10", judged figure by figure). Default
   * false: only the centre's route is tested.
   */
  eachSlow?: boolean;
}

/**
 * A group move measured from the centre (Pirates! §4.D: "total distance is from the center of the
 * group to the center of the group's new position"): the movers' centre is steered along the
 * shortest way toward the destination; each mover takes a place near the point it was steered to
 * (the end of `route`), keeping its offset from the old centre (clamped to `formation`): the
 * nearest place to that spot free of every other base, reachable in a straight line from the
 * steered point, and within `formation + 1` of it. The movers' own new centre (the mean of their
 * places) may then lie off the steered point, and a mover more than `formation + 1` from it.
 * Guarantees, or returns null:
 *   - the straight distance between the movers' centres before and after is at most the limit
 *     (the allowance along the centre's route, counting the way from the centre to a free start
 *     when the centre itself stands on an obstacle);
 *   - the movers stand within 2 × (formation + 1) of each other, and each mover ends within `gap`
 *     of every mate (or no further than it was).
 * When the full move cannot satisfy these, shorter ones are tried (¾, ½, ¼ of it), then none.
 */
export function planGroupMove(table: Table, v: FigureView, movers: readonly number[], o: GroupMoveOptions): GroupPlan | null {
  const n = movers.length;
  if (n === 0) return null;
  const c = centreOf(v, movers);
  let start = c;
  if (!table.isFree(c.x, c.y)) {
    const p = table.nav.nearestFree(c.x, c.y, 4 * o.formation + 12, anyPlace);
    if (!p) return null;
    start = p;
  }
  const lead = dist(c.x, c.y, start.x, start.y);
  const r = o.route(start);
  if (!r) return null;
  const limit = table.reachAlong(r.path.points, o.full, o.slow);
  let want = Math.min(r.path.length - r.stopShort, limit - lead);
  if (want <= 0.05) return null;
  const vx = v.x;
  const vy = v.y;
  const nFig = vx.length;
  const lim2 = (2 * v.radius - 1e-6) ** 2;
  const mates = o.mates;
  const nMates = mates.length;
  // Each mover's limit from each mate (mate m, mover i at m · n + i), and their least and greatest per mate.
  const mateLim = scratchF(GM_MATE_LIM, nMates * n);
  GM_MATE_LIM = mateLim;
  const mateLo = scratchF(GM_MATE_LO, nMates);
  GM_MATE_LO = mateLo;
  const mateHi = scratchF(GM_MATE_HI, nMates);
  GM_MATE_HI = mateHi;
  for (let m = 0; m < nMates; m++) {
    const g = mates[m];
    let lo = Infinity;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const f = movers[i];
      const l = Math.max(o.gap, dist(vx[f], vy[f], vx[g], vy[g])) + 1e-9;
      mateLim[m * n + i] = l;
      lo = Math.min(lo, l);
      hi = Math.max(hi, l);
    }
    mateLo[m] = lo;
    mateHi[m] = hi;
  }
  // Positions of the bases near the try's new centre (`nearX`, `nearY`, the first `nNear`) and the places taken so far (`px`, `py`).
  const nearX = scratchF(GM_NEAR_X, nFig);
  GM_NEAR_X = nearX;
  const nearY = scratchF(GM_NEAR_Y, nFig);
  GM_NEAR_Y = nearY;
  const px = scratchF(GM_PX, n);
  GM_PX = px;
  const py = scratchF(GM_PY, n);
  GM_PY = py;
  const formationReach = o.formation + 1;
  const reachLo2 = (formationReach * (1 - 1e-9)) ** 2;
  const reachHi2 = (formationReach * (1 + 1e-9)) ** 2;
  const ring = ringOffsets(formationReach);
  const rdx = ring.dx;
  const rdy = ring.dy;
  const rStart = ring.start;
  const rRad = ring.radius;
  const baseLim = 2 * v.radius - 1e-6;
  // Distances from a mover's spot to the near bases, the places taken and the mates (scratch).
  const nearD = scratchF(GM_NEAR_D, nFig);
  GM_NEAR_D = nearD;
  const placedD = scratchF(GM_PLACED_D, n);
  GM_PLACED_D = placedD;
  const mateD = scratchF(GM_MATE_D, nMates);
  GM_MATE_D = mateD;
  const nav = table.nav;
  // The full move, then shorter ones (¾, ½, ¼ of it): each try costs a placement of every mover.
  const full = want;
  for (let k = 4; k >= 1; k--) {
    want = (full * k) / 4;
    if (want <= 0.05) break;
    const route = truncatePath(r.path.points, want);
    const nc = route[route.length - 1];
    const ncx = nc.x;
    const ncy = nc.y;
    // Only bases near the new centre can be in the way (a place is within formation + 1 of it).
    const reach = o.formation + 1 + 2 * v.radius + 1e-6;
    let nNear = 0;
    for (let g = 0; g < nFig; g++) {
      let mover = false;
      for (let j = 0; j < n; j++) {
        if (movers[j] === g) {
          mover = true;
          break;
        }
      }
      if (mover || !v.occupies(g)) continue;
      if (Math.abs(vx[g] - ncx) <= reach && Math.abs(vy[g] - ncy) <= reach) {
        nearX[nNear] = vx[g];
        nearY[nNear] = vy[g];
        nNear++;
      }
    }
    // Band-mates who stay: every place is within formation + 1 of the new centre, so a mate too far
    // from it rules this move out at once, and one near enough can never be broken.
    let checkMates = false;
    let reachable = true;
    for (let m = 0; m < nMates && reachable; m++) {
      const dm = dist(ncx, ncy, vx[mates[m]], vy[mates[m]]);
      if (dm - (o.formation + 1) > mateHi[m]) reachable = false;
      else if (dm + o.formation + 1 > mateLo[m]) checkMates = true;
    }
    if (!reachable) continue;
    let nPlaced = 0;
    for (let i = 0; i < n; i++) {
      const f = movers[i];
      let ox = vx[f] - c.x;
      let oy = vy[f] - c.y;
      const ol = Math.sqrt(ox * ox + oy * oy);
      if (ol > o.formation) {
        ox *= o.formation / ol;
        oy *= o.formation / ol;
      }
      // The nearest free place to the mover's spot in the formation (NavMap.nearestFree's order:
      // the spot, then rings round it) that passes the place test — written out here so that no
      // test function is made or called (doubles passed to a call are boxed). The tests are pure,
      // so their order does not change the place found: the inline ones first, then the
      // obstacles (isFree) and the straight line from the new centre (a segment test).
      // Rings round the spot are judged whole first: every place of ring k lies rRad[k] from the
      // spot (to rounding, far inside the margins), so a ring that the bounds below show to be all
      // refused is passed over — the same place is found. From the formation's centre, a place is
      // at least rRad[k] − |spot, centre| away (past the reach: this ring and every later one are
      // refused); from a mate at least |spot, mate| − rRad[k] (past its limit: refused); from a
      // base at most |spot, base| + rRad[k] (inside a base width: refused).
      const x0 = ncx + ox;
      const y0 = ncy + oy;
      let found = false;
      let ringEnd = 0;
      let k = 0;
      let spotC = -1;
      for (let t = -1; t < rdx.length; t++) {
        if (t >= ringEnd) {
          if (spotC < 0) {
            // Distances from the spot, worked out once the spot itself is refused.
            spotC = dist(x0, y0, ncx, ncy);
            for (let j = 0; j < nNear; j++) nearD[j] = dist(x0, y0, nearX[j], nearY[j]);
            for (let j = 0; j < nPlaced; j++) placedD[j] = dist(x0, y0, px[j], py[j]);
            if (checkMates) for (let m = 0; m < nMates; m++) mateD[m] = dist(x0, y0, vx[mates[m]], vy[mates[m]]);
          }
          const rr = rRad[k];
          if (rr - spotC > formationReach + 1e-6) break;
          let skip = false;
          for (let j = 0; j < nNear && !skip; j++) skip = nearD[j] + rr < baseLim - 1e-6;
          for (let j = 0; j < nPlaced && !skip; j++) skip = placedD[j] + rr < baseLim - 1e-6;
          if (checkMates) for (let m = 0; m < nMates && !skip; m++) skip = mateD[m] - rr > mateLim[m * n + i] + 1e-6;
          ringEnd = rStart[k + 1];
          k++;
          if (skip) {
            t = ringEnd - 1;
            continue;
          }
        }
        const x = t < 0 ? x0 : x0 + rdx[t];
        const y = t < 0 ? y0 : y0 + rdy[t];
        // dist(x, y, nc) > formation + 1, with the square root taken only near the boundary
        // (well inside or well outside, the squared distance decides the same way).
        const fdx = ncx - x;
        const fdy = ncy - y;
        const fd2 = fdx * fdx + fdy * fdy;
        if (fd2 > reachHi2 || (fd2 >= reachLo2 && Math.sqrt(fd2) > formationReach)) continue;
        let ok = true;
        for (let j = 0; j < nNear; j++) {
          if ((nearX[j] - x) ** 2 + (nearY[j] - y) ** 2 < lim2) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        for (let j = 0; j < nPlaced; j++) {
          if ((px[j] - x) ** 2 + (py[j] - y) ** 2 < lim2) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        if (checkMates) {
          for (let m = 0; m < nMates; m++) {
            if (dist(x, y, vx[mates[m]], vy[mates[m]]) > mateLim[m * n + i]) {
              ok = false;
              break;
            }
          }
          if (!ok) continue;
        }
        if (!nav.isFree(x, y) || !table.clear(ncx, ncy, x, y)) continue;
        px[nPlaced] = x;
        py[nPlaced] = y;
        nPlaced++;
        found = true;
        break;
      }
      if (!found) break;
    }
    if (nPlaced < n) continue;
    let mx = 0;
    let my = 0;
    for (let j = 0; j < n; j++) {
      mx += px[j];
      my += py[j];
    }
    const centre = { x: mx / n, y: my / n };
    const distance = dist(c.x, c.y, centre.x, centre.y);
    if (distance > limit + 1e-9) continue;
    const ways = o.eachSlow === true ? slowWays(table, v, movers, px, py, o.full, o.slow) : null;
    if (ways === false) continue;
    const places: GroupPlace[] = new Array<GroupPlace>(n);
    for (let j = 0; j < n; j++) {
      const f = movers[j];
      places[j] = new LazyPlace(table, f, { x: vx[f], y: vy[f] }, { x: px[j], y: py[j] }, ways === null ? null : ways[j]);
    }
    return { from: c, centre, distance, limit, route, places };
  }
  return null;
}

/**
 * The movers' own ways to their places (`px`, `py`) under {@link GroupMoveOptions.eachSlow}: false
 * when one whose way enters slow ground or climbs goes further than that rule lets a figure moving
 * alone (or has no way there); else the ways found on the way (null where not needed: a straight
 * way that enters no slow ground is found again, cheaply, when read).
 */
function slowWays(
  table: Table,
  v: FigureView,
  movers: readonly number[],
  px: Float64Array,
  py: Float64Array,
  full: number,
  slow: number,
): (Vec[] | null)[] | false {
  const out: (Vec[] | null)[] = new Array<Vec[] | null>(movers.length).fill(null);
  if (table.slowGround.length === 0 && table.raised.length === 0) return out;
  for (let j = 0; j < movers.length; j++) {
    const f = movers[j];
    const a = { x: v.x[f], y: v.y[f] };
    const b = { x: px[j], y: py[j] };
    let pts: Vec[];
    let len: number;
    if (table.clear(a.x, a.y, b.x, b.y)) {
      pts = [a, b];
      len = dist(a.x, a.y, b.x, b.y);
    } else {
      const p = table.path(a, b);
      if (!p) return false;
      pts = p.points;
      len = p.length;
      out[j] = pts;
    }
    if (Math.min(table.slowEntry(pts), table.climbEntry(pts)) === Infinity) continue;
    if (len > table.reachAlong(pts, full, slow) + 1e-9) return false;
    out[j] = pts;
  }
  return out;
}

/** The place test that takes any free place. */
function anyPlace(): boolean {
  return true;
}

/** Scratch arrays of {@link planGroupMove} (grown when too short; no allocation per call). */
let GM_MATE_LIM: Float64Array = new Float64Array(16);
let GM_MATE_LO: Float64Array = new Float64Array(8);
let GM_MATE_HI: Float64Array = new Float64Array(8);
let GM_NEAR_X: Float64Array = new Float64Array(64);
let GM_NEAR_Y: Float64Array = new Float64Array(64);
let GM_PX: Float64Array = new Float64Array(8);
let GM_NEAR_D: Float64Array = new Float64Array(64);
let GM_PLACED_D: Float64Array = new Float64Array(8);
let GM_MATE_D: Float64Array = new Float64Array(8);
let GM_PY: Float64Array = new Float64Array(8);
function scratchF(a: Float64Array, n: number): Float64Array {
  return a.length >= n ? a : new Float64Array(Math.max(n, 2 * a.length));
}

/** A {@link GroupPlace} whose route is found on first read (then kept). */
class LazyPlace implements GroupPlace {
  constructor(
    private readonly table: Table,
    readonly f: number,
    private readonly from: Vec,
    readonly to: Vec,
    private route: Vec[] | null = null,
  ) {}
  get points(): Vec[] {
    if (this.route === null) {
      const p = this.table.path(this.from, this.to);
      this.route = p ? p.points : [this.from, this.to];
    }
    return this.route;
  }
}

/** Up to `k` figures of `candidates` nearest to (x, y) (straight line), nearest first (ties: lower id), with distances. */
export function nearestFigures(v: FigureView, candidates: readonly number[], x: number, y: number, k: number): { f: number; d: number }[] {
  const out: { f: number; d: number }[] = [];
  for (const e of candidates) {
    if (!v.occupies(e)) continue;
    const d = dist(x, y, v.x[e], v.y[e]);
    if (out.length < k || d < out[out.length - 1].d) {
      if (out.length === k) out.pop();
      let i = out.length;
      while (i > 0 && out[i - 1].d > d) i--;
      out.splice(i, 0, { f: e, d });
    }
  }
  return out;
}

/**
 * The figure of `candidates` nearest to (x, y) in a straight line (ties: the first listed), among
 * those able to act (`v.able`, else occupying) when `able`, else among those occupying the table;
 * −1 when none. Allocates nothing.
 */
export function nearestFigure(v: FigureView, candidates: ArrayLike<number>, x: number, y: number, able = false): number {
  let best = -1;
  let bd = Infinity;
  const test = able && v.able ? v.able : null;
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i];
    if (test !== null ? !test(e) : !v.occupies(e)) continue;
    const d = dist(x, y, v.x[e], v.y[e]);
    if (d < bd) {
      bd = d;
      best = e;
    }
  }
  return best;
}

/**
 * Up to `k` figures of `candidates` nearest to (x, y), nearest first (ties: the first listed), as
 * {@link nearestFigure} chooses them (`able`), written to `out` (and their distances to `outD`);
 * returns how many. Allocates nothing once `out` and `outD` have held `k` entries.
 */
export function nearestFiguresInto(
  v: FigureView,
  candidates: ArrayLike<number>,
  x: number,
  y: number,
  k: number,
  out: number[],
  outD: number[],
  able = false,
): number {
  const at = NEAR_AT;
  at[0] = x;
  at[1] = y;
  return nearestInto(v, candidates, at, 0, at, 1, k, out, outD, able);
}

/**
 * {@link nearestFiguresInto} from where figure `f` stands (v.x[f], v.y[f]): the same figures and
 * distances, without the two coordinates passed (a double handed to a call that is not inlined is
 * boxed).
 */
export function nearestFiguresToInto(
  v: FigureView,
  candidates: ArrayLike<number>,
  f: number,
  k: number,
  out: number[],
  outD: number[],
  able = false,
): number {
  return nearestInto(v, candidates, v.x, f, v.y, f, k, out, outD, able);
}

/** Scratch of {@link nearestFiguresInto}: the point, as a list {@link nearestInto} reads. */
const NEAR_AT: number[] = [0.5, 0.5];

/** {@link nearestFiguresInto} from (xs[i], ys[j]). */
function nearestInto(
  v: FigureView,
  candidates: ArrayLike<number>,
  xs: ArrayLike<number>,
  i0: number,
  ys: ArrayLike<number>,
  j0: number,
  k: number,
  out: number[],
  outD: number[],
  able: boolean,
): number {
  const x = xs[i0];
  const y = ys[j0];
  let n = 0;
  const test = able && v.able ? v.able : null;
  for (let c = 0; c < candidates.length; c++) {
    const e = candidates[c];
    if (test !== null ? !test(e) : !v.occupies(e)) continue;
    const d = dist(x, y, v.x[e], v.y[e]);
    let i = n;
    while (i > 0 && outD[i - 1] > d) i--;
    if (i >= k) continue;
    for (let j = Math.min(n, k - 1); j > i; j--) {
      out[j] = out[j - 1];
      outD[j] = outD[j - 1];
    }
    out[i] = e;
    outD[i] = d;
    if (n < k) n++;
  }
  return n;
}

/**
 * "Away" as a destination: the place straight away from (ex, ey) as seen from `from`, `length`
 * away or as far short of it as a base can stand (in steps of `step`, down to `step`), kept on the
 * table; null when there is none.
 */
export function awayPoint(table: Table, from: Vec, ex: number, ey: number, length: number, step = 2): Vec | null {
  const dx = from.x - ex;
  const dy = from.y - ey;
  const l = Math.sqrt(dx * dx + dy * dy) || 1;
  const r = table.radius;
  for (let len = length; len >= step; len -= step) {
    const tx = Math.min(table.width - r, Math.max(r, from.x + (dx / l) * len));
    const ty = Math.min(table.height - r, Math.max(r, from.y + (dy / l) * len));
    if (table.isFree(tx, ty)) return { x: tx, y: ty };
  }
  return null;
}
