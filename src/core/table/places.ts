/**
 * Where a figure may stand, and where it ends when the place it reaches is taken: the place test
 * (free of terrain, of other figures' round bases, and — for a figure that must keep off the enemy —
 * of enemies within a keep-off distance), the walk back along a route to the last place the test
 * passes, and the nearest free place a path within an allowance reaches. One implementation for
 * every ruleset on a measured table.
 *
 * Bases are round: two bases overlap when their centres are nearer than (2r − 1e-6) (they may
 * touch). Lengths are in the table's unit (inches or centimetres).
 *
 * The test is set for one figure at a time ({@link PlaceFinder.set}, {@link PlaceFinder.setNear},
 * {@link PlaceFinder.setRoute}) into scratch arrays kept by the object, then asked any number of
 * times while nothing else moves: no closure or allocation per place tried. One `PlaceFinder` per
 * thread is enough (module scope in a room); it holds no game state between moves.
 */
import { EPS, type Vec, dist, distV } from '../geometry.js';
import type { NavMap, Path } from '../nav.js';
import { newPathScratch, ringOffsets } from '../nav.js';
import { type FigureView, placeFree } from './figures.js';
import type { Table } from './table.js';

/** Why a place fails the test: terrain (impassable or off the table), a base, or an enemy's keep-off distance. */
export type PlaceRefusal = { kind: 'terrain' } | { kind: 'base'; x: number; y: number } | { kind: 'enemy'; x: number; y: number };

/** The distance {@link PlaceFinder.walkBack} returns, passed through here (see there). */
const WALKED = new Float64Array(1);

/** Kinds of refusal {@link PlaceFinder.walkBack} reports in {@link PlaceFinder.met}: another base, an enemy's keep-off distance, terrain, the ruleset's extra test. */
export const REFUSED_BASE = 1;
export const REFUSED_ENEMY = 2;
export const REFUSED_TERRAIN = 3;
export const REFUSED_EXTRA = 4;

/** Options of {@link PlaceFinder.nearestReachable}. */
export interface ReachableOptions {
  /** How far round the wanted place to look (table units): rings outward, as `NavMap.nearestFree`. */
  radius: number;
  /**
   * The longest way across slow ground (Table.slowEntry) accepted: Infinity (default) no bound
   * besides the reach; −1 none across slow ground.
   */
  slowReach?: number;
}

/** A centre and a reach asked of {@link PlaceFinder.nearestReachable}: a class of its own, so that its fields stay doubles stored in place. */
class ReachQuery {
  x = 0.5;
  y = 0.5;
  reach = 0.5;
}

/** The place test of one figure; see the module comment. */
export class PlaceFinder {
  /** Every base that may refuse a place (set by {@link set}). */
  private readonly bx: number[] = [];
  private readonly by: number[] = [];
  private n = 0;
  /** Every enemy that keeps the figure off. */
  private readonly ex: number[] = [];
  private readonly ey: number[] = [];
  private ne = 0;
  /** The near lists (set by {@link setNear} or {@link setRoute}). */
  private readonly nbx: number[] = [];
  private readonly nby: number[] = [];
  private nn = 0;
  private readonly nex: number[] = [];
  private readonly ney: number[] = [];
  private nne = 0;
  /** Squared centre distance below which two bases overlap: (2r − 1e-6)². */
  private lim = 0;
  /** Squared centre distance below which an enemy refuses a place (0: none). */
  private keep2 = 0;
  /** Scratch of {@link nearestReachable}. */
  private readonly nearD: number[] = [];
  private readonly ringBx: number[] = [];
  private readonly ringBy: number[] = [];
  /** Scratch of {@link nearestReachable} for the keepers: their distances from the centre, those that can refuse a place of one ring. */
  private readonly nearE: number[] = [];
  private readonly ringEx: number[] = [];
  private readonly ringEy: number[] = [];
  /** Scratch of {@link walkBack}: the route's segment lengths (index i: from point i − 1 to i). */
  private segL = new Float64Array(16);
  /** The place {@link walkBack} found (valid until the next call). */
  readonly at = { x: 0, y: 0 };
  /**
   * The kinds of refusal the last {@link walkBack} met ({@link REFUSED_BASE}, {@link REFUSED_ENEMY},
   * {@link REFUSED_TERRAIN}, {@link REFUSED_EXTRA}), each once, in the order first met: the first
   * {@link nMet} entries (a place skipped without asking adds none).
   */
  readonly met: number[] = [0, 0, 0, 0];
  nMet = 0;
  /**
   * The way {@link nearestReachable} found to the place it returned: its points are `from`, the
   * corners between and the place returned themselves (valid until the next call, and while `from`
   * is not changed).
   */
  path: Path | null = null;
  /** Scratch of {@link nearestReachable}: the place it returns and the way to it ({@link path}). */
  private readonly found = { x: 0, y: 0 };
  private readonly way = newPathScratch();

  constructor(private readonly table: Table) {}

  private setSizes(v: FigureView, keepOff: number): void {
    const d2 = 2 * v.radius - 1e-6;
    this.lim = d2 * d2;
    this.keep2 = keepOff > 0 ? keepOff * keepOff : 0;
  }

  /**
   * Set the full test for figure `f` (left out): every other figure that occupies the table is a
   * base; with `keepers` (figure indices, usually the other side's) and `keepOff` > 0 (centre
   * distance), each of them able to act (`v.able`, else `v.occupies`) keeps `f` that far off.
   */
  set(v: FigureView, f: number, keepers: ArrayLike<number> | null, keepOff: number): void {
    this.setSizes(v, keepOff);
    const n = v.x.length;
    this.n = 0;
    for (let g = 0; g < n; g++) {
      if (g === f || !v.occupies(g)) continue;
      this.bx[this.n] = v.x[g];
      this.by[this.n] = v.y[g];
      this.n++;
    }
    this.ne = 0;
    if (keepers && this.keep2 > 0) {
      for (let k = 0; k < keepers.length; k++) {
        const g = keepers[k];
        if (!(v.able ? v.able(g) : v.occupies(g))) continue;
        this.ex[this.ne] = v.x[g];
        this.ey[this.ne] = v.y[g];
        this.ne++;
      }
    }
  }

  /** May the figure stand at (x, y)? (The test set by {@link set}.) */
  ok(x: number, y: number): boolean {
    return this.why(x, y) === null;
  }

  /** Why (x, y) fails the test set by {@link set}, or null when it passes. Terrain is asked first. */
  why(x: number, y: number): PlaceRefusal | null {
    if (!this.table.isFree(x, y)) return { kind: 'terrain' };
    const lim = this.lim;
    for (let i = 0; i < this.n; i++) {
      const dx = this.bx[i] - x;
      const dy = this.by[i] - y;
      if (dx * dx + dy * dy < lim) return { kind: 'base', x: this.bx[i], y: this.by[i] };
    }
    for (let i = 0; i < this.ne; i++) {
      const dx = this.ex[i] - x;
      const dy = this.ey[i] - y;
      if (dx * dx + dy * dy < this.keep2) return { kind: 'enemy', x: this.ex[i], y: this.ey[i] };
    }
    return null;
  }

  /**
   * Set the near lists for figure `f` straight from the view: the bases and keepers (as {@link set})
   * that could refuse a place within `r` of (cx, cy); the rest are farther than a base width (or
   * the keep-off distance) from every such place, with a margin. {@link okNear} then gives the
   * same answer as {@link ok} for any place within `r` of (cx, cy).
   */
  setNear(v: FigureView, f: number, keepers: ArrayLike<number> | null, keepOff: number, cx: number, cy: number, r: number): void {
    // setSizes written out (a double passed to a call that is not inlined is boxed)
    const d2 = 2 * v.radius - 1e-6;
    this.lim = d2 * d2;
    this.keep2 = keepOff > 0 ? keepOff * keepOff : 0;
    const rb = r + Math.sqrt(this.lim) + 0.01;
    const rb2 = rb * rb;
    const xs = v.x;
    const ys = v.y;
    const n = xs.length;
    const nbx = this.nbx;
    const nby = this.nby;
    // The distance first (arithmetic), whether the figure is on the table only when it is near:
    // the same figures in the same order as asking it first.
    let nn = 0;
    for (let g = 0; g < n; g++) {
      const gx = xs[g];
      const gy = ys[g];
      const dx = gx - cx;
      const dy = gy - cy;
      if (dx * dx + dy * dy > rb2 || g === f || !v.occupies(g)) continue;
      nbx[nn] = gx;
      nby[nn] = gy;
      nn++;
    }
    this.nn = nn;
    let nne = 0;
    if (keepers && this.keep2 > 0) {
      const re = r + Math.sqrt(this.keep2) + 0.01;
      const re2 = re * re;
      const nex = this.nex;
      const ney = this.ney;
      for (let k = 0; k < keepers.length; k++) {
        const g = keepers[k];
        const gx = xs[g];
        const gy = ys[g];
        const dx = gx - cx;
        const dy = gy - cy;
        if (dx * dx + dy * dy > re2 || !(v.able ? v.able(g) : v.occupies(g))) continue;
        nex[nne] = gx;
        ney[nne] = gy;
        nne++;
      }
    }
    this.nne = nne;
  }

  /** The test on the near lists ({@link setNear}, {@link setRoute}): bases, keepers, then terrain. */
  okNear(x: number, y: number): boolean {
    const lim = this.lim;
    for (let i = 0; i < this.nn; i++) {
      const dx = this.nbx[i] - x;
      const dy = this.nby[i] - y;
      if (dx * dx + dy * dy < lim) return false;
    }
    for (let i = 0; i < this.nne; i++) {
      const dx = this.nex[i] - x;
      const dy = this.ney[i] - y;
      if (dx * dx + dy * dy < this.keep2) return false;
    }
    return this.table.isFree(x, y);
  }

  /**
   * Set the near lists for figure `f` to the bases and keepers that could refuse a place on the
   * route `points` up to the segment holding distance `upTo` (within a base width, or the keep-off
   * distance, of one of those segments, with a margin): what {@link walkBack} asks. Uses the sizes
   * of the last {@link set}/{@link setNear} unless `keepOff` is given.
   */
  setRoute(v: FigureView, f: number, keepers: ArrayLike<number> | null, points: readonly Vec[], upTo: number, keepOff?: number): void {
    const a = this.args;
    a[0] = upTo;
    a[1] = keepOff === undefined ? 0 : keepOff;
    a[2] = keepOff === undefined ? 0 : 1;
    this.setRouteFromArgs(v, f, keepers, points);
  }

  /**
   * The numbers {@link setRouteFromArgs} and {@link walkBackFromArgs} read instead of being passed
   * them (written by the caller just before the call): a double passed to a call the compiler does
   * not inline is boxed, a heap number per argument. For setRoute: [0] `upTo`, [1] `keepOff`, [2] 1
   * when a keepOff is given (0: the last sizes); for walkBack: [0] `from`, [1] `step`, [2] `minD`.
   */
  readonly args = new Float64Array(3);

  /** {@link setRoute} with `upTo` and `keepOff` read from {@link args} (the same lists). */
  setRouteFromArgs(v: FigureView, f: number, keepers: ArrayLike<number> | null, points: readonly Vec[]): void {
    const args = this.args;
    const upTo = args[0];
    if (args[2] === 1) this.setSizes(v, args[1]);
    const rb = Math.sqrt(this.lim) + 0.01;
    const re = Math.sqrt(this.keep2) + 0.01;
    const useKeepers = keepers !== null && this.keep2 > 0;
    const grow = Math.max(rb, useKeepers ? re : 0);
    let x0 = points[0].x;
    let y0 = points[0].y;
    let x1 = x0;
    let y1 = y0;
    for (let i = 1, left = upTo; i < points.length; i++) {
      const q = points[i];
      if (q.x < x0) x0 = q.x;
      if (q.x > x1) x1 = q.x;
      if (q.y < y0) y0 = q.y;
      if (q.y > y1) y1 = q.y;
      left -= distV(points[i - 1], q);
      if (left <= 0) break;
    }
    x0 -= grow;
    y0 -= grow;
    x1 += grow;
    y1 += grow;
    this.nn = 0;
    this.nne = 0;
    const n = v.x.length;
    // The box first (arithmetic), whether the figure is on the table only when it is inside.
    for (let g = 0; g < n; g++) {
      const gx = v.x[g];
      const gy = v.y[g];
      if (gx < x0 || gx > x1 || gy < y0 || gy > y1 || g === f || !v.occupies(g)) continue;
      const best = routeDistance(points, upTo, gx, gy);
      if (best <= rb) {
        this.nbx[this.nn] = gx;
        this.nby[this.nn] = gy;
        this.nn++;
      }
    }
    if (useKeepers) {
      for (let k = 0; k < keepers.length; k++) {
        const g = keepers[k];
        const gx = v.x[g];
        const gy = v.y[g];
        if (gx < x0 || gx > x1 || gy < y0 || gy > y1 || !(v.able ? v.able(g) : v.occupies(g))) continue;
        if (routeDistance(points, upTo, gx, gy) <= re) {
          this.nex[this.nne] = gx;
          this.ney[this.nne] = gy;
          this.nne++;
        }
      }
    }
  }

  /**
   * The walk back along `points` from distance `from` in steps of `step` to the first place the near
   * lists ({@link setRoute}), the terrain and `extra` (a pure test the ruleset adds, asked last;
   * null: none) pass, trying only distances above `minD` (default 0); returns that distance with
   * the place in {@link at}, or a distance of at most `minD` (0 with the default) when none passes.
   * A place refused by a base or keeper that it stood deeper inside than the distance walked since
   * (by a margin) is refused again without asking: a point `k` further along the route is at most
   * `k` from the other, and the tests are pure, so the same place is found. The kinds of refusal
   * met, in the order first met, are left in {@link met} (the first {@link nMet}).
   */
  walkBack(points: readonly Vec[], from: number, step: number, minD = 0, extra: ((x: number, y: number) => boolean) | null = null): number {
    const a = this.args;
    a[0] = from;
    a[1] = step;
    a[2] = minD;
    return this.walkBackFromArgs(points, extra);
  }

  /** {@link walkBack} with `from`, `step` and `minD` read from {@link args} (the same walk and answer). */
  walkBackFromArgs(points: readonly Vec[], extra: ((x: number, y: number) => boolean) | null): number {
    const args = this.args;
    // The distance walked: a local whose every use is arithmetic, and returned read back through
    // a float array — the loop's value returned as it is made it a tagged value, each step's
    // distance boxed (a heap number a step).
    let d = args[0];
    const step = args[1];
    const minD = args[2];
    const lim = this.lim;
    const keep2 = this.keep2;
    const L = Math.sqrt(lim);
    const K = Math.sqrt(keep2);
    let pd = 0;
    let depth = -Infinity;
    const at = this.at;
    this.nMet = 0;
    // The segments' lengths once (distV's floats): each place is pointAlongInto's, without a
    // call or a root per segment per place.
    const np = points.length;
    if (this.segL.length < np) this.segL = new Float64Array(2 * np);
    const segL = this.segL;
    for (let i = 1; i < np; i++) {
      // distV written out (the same float): a length returned from a call that is not inlined is boxed.
      const a = points[i - 1];
      const b = points[i];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      segL[i] = Math.sqrt(dx * dx + dy * dy);
    }
    while (d > minD) {
      if (!(pd - d < depth)) {
        // pointAlongInto(points, d, at), inline: the same subtractions in the same order.
        let x = points[np - 1].x;
        let y = points[np - 1].y;
        let left = d;
        for (let i = 1; i < np; i++) {
          const l = segL[i];
          if (left <= l) {
            const a = points[i - 1];
            const b = points[i];
            if (l < EPS) {
              x = b.x;
              y = b.y;
            } else {
              const t = left / l;
              x = a.x + (b.x - a.x) * t;
              y = a.y + (b.y - a.y) * t;
            }
            break;
          }
          left -= l;
        }
        at.x = x;
        at.y = y;
        let refused = 0;
        depth = -Infinity;
        for (let i = 0; i < this.nn; i++) {
          const dx = this.nbx[i] - x;
          const dy = this.nby[i] - y;
          const e2 = dx * dx + dy * dy;
          if (e2 < lim) {
            refused = REFUSED_BASE;
            depth = L - Math.sqrt(e2) - 1e-6;
            break;
          }
        }
        if (refused === 0) {
          for (let i = 0; i < this.nne; i++) {
            const dx = this.nex[i] - x;
            const dy = this.ney[i] - y;
            const e2 = dx * dx + dy * dy;
            if (e2 < keep2) {
              refused = REFUSED_ENEMY;
              depth = K - Math.sqrt(e2) - 1e-6;
              break;
            }
          }
        }
        if (refused === 0 && !this.table.isFree(x, y)) refused = REFUSED_TERRAIN;
        if (refused === 0 && extra !== null && !extra(x, y)) refused = REFUSED_EXTRA;
        if (refused === 0) {
          WALKED[0] = d;
          return WALKED[0];
        }
        this.noteRefusal(refused);
        pd = d;
      }
      d = Math.max(0, d - step);
    }
    WALKED[0] = d;
    return WALKED[0];
  }

  private noteRefusal(kind: number): void {
    for (let i = 0; i < this.nMet; i++) if (this.met[i] === kind) return;
    this.met[this.nMet++] = kind;
  }

  /**
   * The nearest place to (cx, cy) within `o.radius`, in the order of `NavMap.nearestFree` (the
   * point, then rings outward), that the near lists ({@link setNear} for (cx, cy) and that radius)
   * pass and to which a path from `from` of more than nothing and at most `reach` leads (meeting
   * `o.slowReach`); null when none, else the place (an object the finder keeps: valid until the
   * next call), with its way in {@link path}. The straight
   * line is asked first (a path is never shorter), and places a bound shows refused are passed
   * over without asking (whole rings beyond the reach or inside one base; the neighbours of a place
   * refused by a margin): the same place is found as by asking every place in order.
   */
  nearestReachable(from: Vec, cx: number, cy: number, reach: number, o: ReachableOptions): Vec | null {
    const q = this.query;
    q.x = cx;
    q.y = cy;
    q.reach = reach;
    return this.reachableNear(from, o);
  }

  /**
   * {@link nearestReachable} round the point `c` with the reach `o.reach`: the same place, for callers
   * in hot paths (coordinates passed one by one to a call that is not inlined are boxed, an
   * allocation a call; an object is not).
   */
  nearestReachableAt(from: Vec, c: Vec, o: ReachableOptions & { reach: number }): Vec | null {
    const q = this.query;
    q.x = c.x;
    q.y = c.y;
    q.reach = o.reach;
    return this.reachableNear(from, o);
  }

  /** Scratch of {@link nearestReachable}: the centre and the reach asked (read at once). */
  private readonly query = new ReachQuery();

  /** {@link nearestReachable} of the centre and reach in {@link query}. */
  private reachableNear(from: Vec, o: ReachableOptions): Vec | null {
    const cx = this.query.x;
    const cy = this.query.y;
    const reach = this.query.reach;
    const nav = this.table.nav;
    const slowReach = o.slowReach ?? Infinity;
    const { dx, dy, start, radius } = ringOffsets(o.radius);
    const lim = this.lim;
    const keep2 = this.keep2;
    const nbx = this.nbx;
    const nby = this.nby;
    const nn = this.nn;
    const nex = this.nex;
    const ney = this.ney;
    const nne = this.nne;
    const nearD = this.nearD;
    this.path = null;
    // Whole rings inside one base (or one keeper's distance) are passed over: a place on the
    // ring of radius ρ is at most ρ + D from a base D from the centre, so every place of it is
    // refused when ρ + D is below the base width by a margin far above rounding.
    const L = Math.sqrt(lim);
    const K = Math.sqrt(keep2);
    let cover = -1;
    for (let k = 0; k < nn; k++) {
      const D = Math.sqrt((nbx[k] - cx) * (nbx[k] - cx) + (nby[k] - cy) * (nby[k] - cy));
      nearD[k] = D;
      if (L - D > cover) cover = L - D;
    }
    const nearE = this.nearE;
    for (let k = 0; k < nne; k++) {
      const D = Math.sqrt((nex[k] - cx) * (nex[k] - cx) + (ney[k] - cy) * (ney[k] - cy));
      nearE[k] = D;
      if (K - D > cover) cover = K - D;
    }
    cover -= 1e-6;
    if (cover <= 0) {
      const to = this.reachablePlace(nav, from, cx, cy, reach, slowReach);
      if (to) return to;
    }
    const fx = from.x;
    const fy = from.y;
    const reachTol = reach + 1e-9;
    // Squared distance below which a place is within the reach whatever the rounding of its root.
    const nearR = reachTol - 1e-6;
    const near2 = nearR > 0 ? nearR * nearR : -1;
    // A place of a ring is at least |F − ρ| from `from` (F the centre's distance): rings beyond
    // the reach by a margin have no place to offer.
    const F = Math.sqrt((cx - fx) * (cx - fx) + (cy - fy) * (cy - fy));
    let ring = 0;
    while (ring < radius.length && radius[ring] < cover) ring++;
    const rbx = this.ringBx;
    const rby = this.ringBy;
    const rex = this.ringEx;
    const rey = this.ringEy;
    for (; ring < radius.length; ring++) {
      const rr = radius[ring];
      if (rr - F > reachTol + 1e-6) break;
      if (F - rr > reachTol + 1e-6) continue;
      // The bases that can refuse a place of this ring: within a base width of the ring's radius.
      let rn = 0;
      for (let k = 0; k < nn; k++) {
        const gap = nearD[k] - rr;
        if (gap >= L + 1e-6 || -gap >= L + 1e-6) continue;
        rbx[rn] = nbx[k];
        rby[rn] = nby[k];
        rn++;
      }
      // The keepers likewise: within the keep-off distance of the ring's radius (a place of the
      // ring is at least |D − ρ| from a keeper D from the centre; a crowd in mêlée has a dozen
      // keepers near, and each place that passes the bases asked all of them).
      let re = 0;
      for (let k = 0; k < nne; k++) {
        const gap = nearE[k] - rr;
        if (gap >= K + 1e-6 || -gap >= K + 1e-6) continue;
        rex[re] = nex[k];
        rey[re] = ney[k];
        re++;
      }
      // Neighbouring places of a ring are at most `arc` apart (the arc between them; the chord is
      // shorter): a place refused by a margin of m (beyond the reach, or inside a base or a
      // keeper's distance) refuses the next ⌊(m − 2e-6) / arc⌋ places as well, with a margin far
      // above rounding, so those are passed over without asking — the same place is found.
      const first = start[ring];
      const end = start[ring + 1];
      const arc = (2 * Math.PI * rr) / (end - first);
      // Passing over fewer places than a margin allows is always right, so the roots are spent
      // only where they pass over some (counts truncated to int32: each is above −1 and small): a place refused by a base with
      // e² ≥ deep² (or a keeper, keepDeep²) passes over none, and one nearer than the reach by the
      // margin is within it without the root.
      const inv = 1 / arc;
      const deep = L - 1e-6 - arc;
      const deep2 = deep > 0 ? deep * deep : -1;
      const keepDeep = K - 1e-6 - arc;
      const keepDeep2 = keepDeep > 0 ? keepDeep * keepDeep : -1;
      // The base that refused the last place is tried first (neighbours are mostly refused by the same one).
      let last = 0;
      places: for (let i = first; i < end; i++) {
        const x = cx + dx[i];
        const y = cy + dy[i];
        // The straight line first: a path is never shorter (the same sum as `dist`).
        const ox = x - fx;
        const oy = y - fy;
        const far2 = ox * ox + oy * oy;
        if (far2 > near2) {
          const far = Math.sqrt(far2);
          if (far > reachTol) {
            i += ((far - reachTol - 2e-6) * inv) | 0;
            continue;
          }
        }
        if (last < rn) {
          const ex = rbx[last] - x;
          const ey = rby[last] - y;
          const e2 = ex * ex + ey * ey;
          if (e2 < lim) {
            if (e2 < deep2) i += ((L - Math.sqrt(e2) - 2e-6) * inv) | 0;
            continue;
          }
        }
        for (let k = 0; k < rn; k++) {
          const ex = rbx[k] - x;
          const ey = rby[k] - y;
          const e2 = ex * ex + ey * ey;
          if (e2 < lim) {
            last = k;
            if (e2 < deep2) i += ((L - Math.sqrt(e2) - 2e-6) * inv) | 0;
            continue places;
          }
        }
        for (let k = 0; k < re; k++) {
          const ex = rex[k] - x;
          const ey = rey[k] - y;
          const e2 = ex * ex + ey * ey;
          if (e2 < keep2) {
            if (e2 < keepDeep2) i += ((K - Math.sqrt(e2) - 2e-6) * inv) | 0;
            continue places;
          }
        }
        if (!nav.isFree(x, y)) continue;
        const to = this.found;
        to.x = x;
        to.y = y;
        const p = nav.pathInto(from, to, this.way);
        if (p !== null && p.length <= reachTol && p.length > 1e-6 && this.slowWayOk(p, slowReach)) {
          this.path = p;
          return to;
        }
      }
    }
    return null;
  }

  /** The tests of {@link nearestReachable} for one place (the centre). */
  private reachablePlace(nav: NavMap, from: Vec, x: number, y: number, reach: number, slowReach: number): Vec | null {
    for (let k = 0; k < this.nn; k++) {
      const ex = this.nbx[k] - x;
      const ey = this.nby[k] - y;
      if (ex * ex + ey * ey < this.lim) return null;
    }
    for (let k = 0; k < this.nne; k++) {
      const ex = this.nex[k] - x;
      const ey = this.ney[k] - y;
      if (ex * ex + ey * ey < this.keep2) return null;
    }
    if (!nav.isFree(x, y) || dist(from.x, from.y, x, y) > reach + 1e-9) return null;
    const to = this.found;
    to.x = x;
    to.y = y;
    const p = nav.pathInto(from, to, this.way);
    if (p !== null && p.length <= reach + 1e-9 && p.length > 1e-6 && this.slowWayOk(p, slowReach)) {
      this.path = p;
      return to;
    }
    return null;
  }

  private slowWayOk(p: Path, slowReach: number): boolean {
    return slowReach === Infinity || p.length <= slowReach + 1e-9 || this.table.slowEntry(p.points) === Infinity;
  }
}

/** Distance from (gx, gy) to the route `points`, over its segments up to the one holding distance `upTo`. */
function routeDistance(points: readonly Vec[], upTo: number, gx: number, gy: number): number {
  // The least squared distance, one root at the end (the root is monotone and correctly rounded,
  // so the root of the least is the least of the roots); a segment's length only when another follows.
  let best2 = Infinity;
  let left = upTo;
  const last = points.length - 1;
  for (let i = 1; i <= last; i++) {
    const a = points[i - 1];
    const b = points[i];
    const vx = b.x - a.x;
    const vy = b.y - a.y;
    const l2 = vx * vx + vy * vy;
    let t = l2 > 0 ? ((gx - a.x) * vx + (gy - a.y) * vy) / l2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const ex = a.x + vx * t - gx;
    const ey = a.y + vy * t - gy;
    const e2 = ex * ex + ey * ey;
    if (e2 < best2) best2 = e2;
    if (i === last) break;
    left -= Math.sqrt(l2);
    if (left <= 0) break;
  }
  return Math.sqrt(best2);
}

/**
 * Of the spots listed in `xy` (x, y pairs, table units), the one nearest to figure `f` (ties: the
 * first listed) that lies more than √`minSq` from it (`minSq` −1: its own place counts) and on which
 * its base overlaps no other occupying figure's ({@link placeFree}; a spot within 0.01 of where it
 * stands is taken as free). Writes it to `out` and returns true; false when none is. Allocates
 * nothing (a scratch array of distances grows with the longest list seen).
 */
export function nearestFreeListed(v: FigureView, f: number, xy: ArrayLike<number>, minSq: number, out: { x: number; y: number }): boolean {
  const fx = v.x[f];
  const fy = v.y[f];
  const n = xy.length >> 1;
  if (n <= SWEEP_FROM) {
    // A short list: every spot past the minimum, in order (one pass, insertion), tried in that
    // order — the first K against the bases near the K-th, the rest against those near the last
    // (the same spots in the same order as the K nearest and then the next nearest one at a time,
    // without a scan of the list and of every figure per spot tried when the nearest are taken).
    let m = 0;
    for (let j = 0; j < n; j++) {
      const d = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
      if (d > minSq) m = keepNearestIn(LISTED_ALL_J, LISTED_ALL_D, SWEEP_FROM, m, j, d);
    }
    if (m === 0) return false;
    const J = LISTED_ALL_J;
    const DD = LISTED_ALL_D;
    let upTo = Math.min(m, LISTED_K);
    let near = gatherNear(v, f, DD, upTo - 1);
    for (let k = 0; k < m; k++) {
      if (k === upTo) {
        upTo = m;
        near = gatherNear(v, f, DD, m - 1);
      }
      const j = J[k];
      if ((k === 0 && DD[0] < 1e-4) || freeOfNear(v, near, xy[2 * j], xy[2 * j + 1])) {
        out.x = xy[2 * j];
        out.y = xy[2 * j + 1];
        return true;
      }
    }
    return false;
  }
  // A long list: the K nearest spots past the minimum, in order of distance, ties to the first
  // listed, remembered by the list's grid for this place (a search out from the figure by rings of
  // grid cells when not).
  const o = gridOf(xy);
  const e = nearestRemembered(o, xy, fx, fy, minSq, LISTED_K);
  const nFirst = o.memoN[e];
  const topJ = o.memoJ;
  const topD = o.memoD;
  if (nFirst === 0) return false;
  // The first K. The bases that could overlap one of them are gathered once (a base overlapping a
  // spot no farther than the K-th lies within that distance + 2 radii of the figure): each spot is
  // tested against them alone, the same test as placeFree's.
  const first = Math.min(nFirst, LISTED_K);
  const at0 = e * LISTED_K2;
  let nNear = gatherNear(v, f, topD, at0 + first - 1);
  for (let k = 0; k < first; k++) {
    const j = topJ[at0 + k];
    if ((k === 0 && topD[at0] < 1e-4) || freeOfNear(v, nNear, xy[2 * j], xy[2 * j + 1])) {
      out.x = xy[2 * j];
      out.y = xy[2 * j + 1];
      return true;
    }
  }
  if (first < LISTED_K) return false;
  // The next of the K2 nearest, in order.
  const e2 = nearestRemembered(o, xy, fx, fy, minSq, LISTED_K2);
  const nTop = o.memoN[e2];
  const at = e2 * LISTED_K2;
  nNear = gatherNear(v, f, topD, at + nTop - 1);
  for (let k = LISTED_K; k < nTop; k++) {
    const j = topJ[at + k];
    if (freeOfNear(v, nNear, xy[2 * j], xy[2 * j + 1])) {
      out.x = xy[2 * j];
      out.y = xy[2 * j + 1];
      return true;
    }
  }
  if (nTop < LISTED_K2) return false;
  // Past those: the next nearest (ties: the first listed), one at a time, until one is free —
  // the same spot as the nearest free one, the occupancy test asked only of the spots tried.
  if (LISTED_D.length < n) LISTED_D = new Float64Array(Math.max(n, 2 * LISTED_D.length));
  const D = LISTED_D;
  for (let j = 0; j < n; j++) D[j] = (xy[2 * j] - fx) ** 2 + (xy[2 * j + 1] - fy) ** 2;
  for (let k = 0; k < nTop; k++) D[topJ[at + k]] = NaN;
  for (;;) {
    let best = -1;
    let bd = Infinity;
    for (let j = 0; j < n; j++) {
      const d = D[j];
      if (d < bd && d > minSq) {
        bd = d;
        best = j;
      }
    }
    if (best < 0) return false;
    if (placeFree(v, xy[2 * best], xy[2 * best + 1], f)) {
      out.x = xy[2 * best];
      out.y = xy[2 * best + 1];
      return true;
    }
    D[best] = NaN;
  }
}

/** How many of the nearest spots {@link nearestFreeListed} keeps from its first pass. */
const LISTED_K = 8;
/** Lists longer than this are searched by rings of grid cells out from the figure ({@link gridNearest}). */
const SWEEP_FROM = 64;

/**
 * The occupying figures other than f that could overlap a base at a place no farther than √`farSq`
 * (`farSqs[k0]`) from where f stands — centres within √`farSq` + 2 radii, with a margin far above
 * rounding — into {@link NEAR_G}; returns how many (in figure order).
 */
function gatherNear(v: FigureView, f: number, farSqs: ArrayLike<number>, k0: number): number {
  // Figure f's place and the squared distance read here (three doubles passed to a call that is
  // not inlined would be boxed).
  const fx = v.x[f];
  const fy = v.y[f];
  const farSq = farSqs[k0];
  const n = v.x.length;
  if (NEAR_G.length < n) NEAR_G = new Int32Array(Math.max(n, 2 * NEAR_G.length));
  const reach = Math.sqrt(farSq) + 2 * v.radius + 1e-6;
  const lim = reach * reach;
  let k = 0;
  for (let g = 0; g < n; g++) {
    const dx = v.x[g] - fx;
    const dy = v.y[g] - fy;
    if (dx * dx + dy * dy <= lim && g !== f && v.occupies(g)) NEAR_G[k++] = g;
  }
  return k;
}

/** {@link placeFree} of a place among the first `nNear` figures of {@link NEAR_G} (the others cannot overlap it). */
function freeOfNear(v: FigureView, nNear: number, x: number, y: number): boolean {
  const d2 = 2 * v.radius - 1e-6;
  const lim = d2 * d2;
  for (let k = 0; k < nNear; k++) {
    const g = NEAR_G[k];
    const dx = v.x[g] - x;
    const dy = v.y[g] - y;
    if (dx * dx + dy * dy < lim) return false;
  }
  return true;
}

/** Scratch of {@link gatherNear}. */
let NEAR_G = new Int32Array(64);

/** How many nearest spots {@link nearestFreeListed} takes next when the first K are all taken (long lists). */
const LISTED_K2 = 64;

/** Put spot j at squared distance d into the `cap` nearest in the lists `topJ`, `topD` (ties: the lower j); returns the new count. */
function keepNearestIn(topJ: Int32Array, topD: Float64Array, cap: number, nTop: number, j: number, d: number): number {
  if (nTop === cap && !(d < topD[cap - 1] || (d === topD[cap - 1] && j < topJ[cap - 1]))) return nTop;
  let i = nTop < cap ? nTop++ : cap - 1;
  while (i > 0 && (topD[i - 1] > d || (topD[i - 1] === d && topJ[i - 1] > j))) {
    topD[i] = topD[i - 1];
    topJ[i] = topJ[i - 1];
    i--;
  }
  topD[i] = d;
  topJ[i] = j;
  return nTop;
}

/**
 * A spot list in buckets of a square grid, made once per list: the spots of cell (i, j) are
 * `idx[start[c] … start[c + 1] − 1]` with c = j·nx + i, in list order; cell (i, j) covers
 * x0 + i·g ≤ x < x0 + (i + 1)·g (likewise y).
 */
interface SpotGrid {
  x0: number;
  y0: number;
  g: number;
  nx: number;
  ny: number;
  start: Int32Array;
  idx: Int32Array;
  /**
   * The K2 nearest spots remembered for places asked before ({@link nearestRemembered}): a table of
   * {@link MEMO_SLOTS} slots by a hash of the place and minimum, each the key (x, y, minSq), how
   * many spots and the spots (indices, squared distances) in order.
   */
  memoX: Float64Array;
  memoY: Float64Array;
  memoM: Float64Array;
  memoN: Int32Array;
  /** How many spots a slot was asked for (K or K2): its list is the nearest that many, or all there are. */
  memoCap: Int32Array;
  memoJ: Int32Array;
  memoD: Float64Array;
}
/** Slots of a long list's memo of nearest spots ({@link SpotGrid.memoX}). */
const MEMO_SLOTS = 1024;
const SPOT_GRIDS = new WeakMap<object, SpotGrid>();
function gridOf(xy: ArrayLike<number>): SpotGrid {
  let o = SPOT_GRIDS.get(xy);
  if (o === undefined) {
    const n = xy.length >> 1;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let j = 0; j < n; j++) {
      x0 = Math.min(x0, xy[2 * j]);
      x1 = Math.max(x1, xy[2 * j]);
      y0 = Math.min(y0, xy[2 * j + 1]);
      y1 = Math.max(y1, xy[2 * j + 1]);
    }
    // About two spots a cell on average (a line of spots: cells along it).
    const wx = x1 - x0;
    const wy = y1 - y0;
    const g = Math.max(Math.sqrt((2 * wx * wy) / n), (2 * Math.max(wx, wy)) / n, 1e-6);
    const nx = Math.floor(wx / g) + 1;
    const ny = Math.floor(wy / g) + 1;
    const cellOf = (j: number): number =>
      Math.min(ny - 1, Math.floor((xy[2 * j + 1] - y0) / g)) * nx + Math.min(nx - 1, Math.floor((xy[2 * j] - x0) / g));
    const start = new Int32Array(nx * ny + 1);
    for (let j = 0; j < n; j++) start[cellOf(j) + 1]++;
    for (let c = 0; c < nx * ny; c++) start[c + 1] += start[c];
    const fill = start.slice(0, nx * ny);
    const idx = new Int32Array(n);
    for (let j = 0; j < n; j++) idx[fill[cellOf(j)]++] = j;
    o = {
      x0,
      y0,
      g,
      nx,
      ny,
      start,
      idx,
      memoX: new Float64Array(MEMO_SLOTS).fill(NaN),
      memoY: new Float64Array(MEMO_SLOTS).fill(NaN),
      memoM: new Float64Array(MEMO_SLOTS).fill(NaN),
      memoN: new Int32Array(MEMO_SLOTS),
      memoCap: new Int32Array(MEMO_SLOTS),
      memoJ: new Int32Array(MEMO_SLOTS * LISTED_K2),
      memoD: new Float64Array(MEMO_SLOTS * LISTED_K2),
    };
    SPOT_GRIDS.set(xy, o);
  }
  return o;
}

/**
 * The slot of `o`'s memo holding the `cap` (at most K2) nearest spots past `minSq` of (fx, fy)
 * ({@link gridNearest}; the first K of the K2 are the K), filled when it held another place's or
 * fewer: searches ask the same places again and again (the same
 * figure standing still in many states). Keys are compared exactly, so a slot gives what the
 * search gives.
 */
function nearestRemembered(o: SpotGrid, xy: ArrayLike<number>, fx: number, fy: number, minSq: number, cap: number): number {
  HASH_F[0] = fx;
  let h = Math.imul(0x811c9dc5 ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = fy;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = minSq;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  const e = (h >>> 7) & (MEMO_SLOTS - 1);
  if (o.memoX[e] === fx && o.memoY[e] === fy && o.memoM[e] === minSq && o.memoCap[e] >= cap) return e;
  const k = gridNearest(o, xy, fx, fy, minSq, cap, LISTED_NEXT_J, LISTED_NEXT_D);
  const at = e * LISTED_K2;
  for (let i = 0; i < k; i++) {
    o.memoJ[at + i] = LISTED_NEXT_J[i];
    o.memoD[at + i] = LISTED_NEXT_D[i];
  }
  o.memoN[e] = k;
  o.memoCap[e] = cap;
  o.memoX[e] = fx;
  o.memoY[e] = fy;
  o.memoM[e] = minSq;
  return e;
}

/** Scratch of {@link nearestRemembered}'s hash: a double's two 32-bit halves. */
const HASH_F = new Float64Array(1);
const HASH_I = new Int32Array(HASH_F.buffer);

/**
 * The `cap` nearest spots past `minSq`, into `topJ`/`topD` (as one pass over the list with
 * {@link keepNearestIn} gives them: the same spots in the same order, ties to the lower index), by rings of grid cells out from the figure's cell: a ring is the last when
 * the K-th nearest found is nearer than any place outside the cells asked (less a margin far above
 * rounding), or when every cell has been asked.
 */
function gridNearest(
  o: SpotGrid,
  xy: ArrayLike<number>,
  fx: number,
  fy: number,
  minSq: number,
  cap: number,
  topJ: Int32Array,
  topD: Float64Array,
): number {
  const { x0, y0, g, nx, ny, start, idx } = o;
  const cx = Math.floor((fx - x0) / g);
  const cy = Math.floor((fy - y0) / g);
  let nTop = 0;
  for (let r = 0; ; r++) {
    const i0 = cx - r;
    const i1 = cx + r;
    const j0 = cy - r;
    const j1 = cy + r;
    const ja = j0 < 0 ? 0 : j0;
    const jb = j1 > ny - 1 ? ny - 1 : j1;
    const ia = i0 < 0 ? 0 : i0;
    const ib = i1 > nx - 1 ? nx - 1 : i1;
    for (let j = ja; j <= jb; j++) {
      // The ring's top and bottom rows whole; between them, its two end cells.
      const step = j === j0 || j === j1 ? 1 : i1 - i0;
      for (let i = j === j0 || j === j1 ? ia : i0; i <= ib; i += step) {
        if (i < 0) continue;
        const c = j * nx + i;
        for (let k = start[c]; k < start[c + 1]; k++) {
          const sj = idx[k];
          const d = (xy[2 * sj] - fx) ** 2 + (xy[2 * sj + 1] - fy) ** 2;
          if (d > minSq) nTop = keepNearestIn(topJ, topD, cap, nTop, sj, d);
        }
      }
    }
    if (i0 <= 0 && j0 <= 0 && i1 >= nx - 1 && j1 >= ny - 1) break;
    if (nTop === cap) {
      // The nearest place outside the cells asked so far.
      const out = Math.min(fx - (x0 + i0 * g), x0 + (i1 + 1) * g - fx, fy - (y0 + j0 * g), y0 + (j1 + 1) * g - fy) - 1e-6;
      if (out > 0 && topD[cap - 1] < out * out) break;
    }
  }
  return nTop;
}

/** The {@link LISTED_K2} nearest of a long list (scratch of {@link nearestFreeListed}). */
const LISTED_NEXT_J = new Int32Array(LISTED_K2);
const LISTED_NEXT_D = new Float64Array(LISTED_K2);
/** Scratch of {@link nearestFreeListed} on a short list: all its spots past the minimum, in order. */
const LISTED_ALL_J = new Int32Array(SWEEP_FROM);
const LISTED_ALL_D = new Float64Array(SWEEP_FROM);
/** Squared distances of {@link nearestFreeListed}'s spots (scratch; NaN once a spot is tried). */
let LISTED_D = new Float64Array(64);
