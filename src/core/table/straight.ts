/**
 * Straight-line moves on a measured table: a figure slides from where it stands toward a point and
 * stops at the first thing on the way that stops it — the kind of ground changing, an impassable
 * area or the table edge, another base, or coming within a set distance of certain figures (a zone
 * of control). Rules with unmeasured movement "through the same terrain type" are built on it; a
 * rule with measured allowances can use it as a straight-line limit.
 *
 * Units: lengths in the table's unit; points are (x, y) as in {@link Table}.
 */
import { type Vec, dist } from '../geometry.js';
import type { RoundSlide, Table, TerrainArea } from './table.js';
import type { FigureView } from './figures.js';

/** Why a straight move stopped short of (or at) its target. */
export type StraightStop =
  /** it reached the point it was sent to */
  | 'target'
  /** the kind of ground changed (the move stops just before the change) */
  | 'ground'
  /** an impassable area (its round base would touch it) or the table edge */
  | 'blocked'
  /** it came within the keep-off distance of a listed figure (see {@link StraightMoveOptions.keepOff}) */
  | 'keepOff'
  /** another figure's base */
  | 'figure';

/** Options of {@link straightMove}. */
export interface StraightMoveOptions {
  /**
   * The kind of ground at a point (a ruleset's terrain word). The move goes through the kind found
   * just past its start (at `2 × margin` along the line) and stops `margin` before the first place
   * where the kind changes (also when something else would stop it at, or just short of, that
   * place: it never ends within `margin` of a change). Omitted: ground never stops the move.
   */
  groundAt?: (x: number, y: number) => string;
  /** How far short of a change of ground the move stops (default 0.01, in the table's unit). */
  margin?: number;
  /**
   * Figures the mover must stop short of: it stops where its centre comes within `keepOff` of any of
   * them (centre to centre). A figure it already stands within `keepOff` of (+1e-6) does not stop
   * the move while the move does not bring it nearer; a move that would bring it nearer does not
   * start (length 0, stop `keepOff`).
   */
  keepOffFrom?: readonly number[];
  /** The keep-off distance, centre to centre (e.g. two base radii + a zone of control). */
  keepOff?: number;
}

/** The result of {@link straightMove}. */
export interface StraightMove {
  /** Where the mover's centre ends (equal to its start when it cannot move). */
  to: Vec;
  /** Distance moved. */
  length: number;
  stop: StraightStop;
  /** The kind of ground moved through (from `groundAt`), or null without `groundAt` or when it did not move. */
  ground: string | null;
  /** What stopped it, for stop `figure` or `keepOff`: that figure's index; else −1. */
  figure: number;
  /** What stopped it, for stop `blocked`: the impassable area its base would touch, or null for the table edge (and for every other stop). */
  area: TerrainArea | null;
}

/**
 * Distances along segment a→(a + u·len) at which it crosses the boundary of `poly` (unsorted),
 * written to {@link CROSSINGS} from index `count` on; returns the new count. The caller has
 * passed by the areas whose box, widened by {@link BOX_TOL}, the segment's box does not meet — so
 * that a segment running along an edge a rounding error outside it still meets the edges across
 * its path (a ruleset may count a point that near an edge as on it; since Escarmouche 2.3.0:
 * before, such a slide ran on past the area's end).
 */
function crossings(ax: number, ay: number, ux: number, uy: number, len: number, a: TerrainArea, count: number): number {
  let n0 = count;
  const poly = a.poly;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const px = poly[j].x;
    const py = poly[j].y;
    const sx = poly[i].x - px;
    const sy = poly[i].y - py;
    const den = ux * sy - uy * sx;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((px - ax) * sy - (py - ay) * sx) / den;
    const s = ((px - ax) * uy - (py - ay) * ux) / den;
    if (t > 0 && t <= len && s >= -1e-12 && s <= 1 + 1e-12) n0 = pushCrossing(n0, t);
  }
  return n0;
}

/**
 * Slide figure `f` of `v` in a straight line toward `target` and stop at the first of (nearest
 * first): the target; `margin` before the ground changes kind (`groundAt`); where its round base
 * would touch an impassable area ({@link Table.roundSlide}: the area grown with round corners, as
 * bases are round against each other) or leave the table; where its base would touch another
 * occupying figure's; where its centre comes within `keepOff` of a figure of `keepOffFrom`. Says
 * what stopped it (`figure`, `area`). Deterministic; never moves backwards. Precondition: the
 * figure stands free (on the table, its round base off impassable areas, {@link Table.roundFree}).
 */
export function straightMove(table: Table, v: FigureView, f: number, target: Vec, o: StraightMoveOptions = {}): StraightMove {
  const ax = v.x[f];
  const ay = v.y[f];
  const full = dist(ax, ay, target.x, target.y);
  if (full < 1e-9) return { to: { x: ax, y: ay }, length: 0, stop: 'target', ground: null, figure: -1, area: null };
  const ux = (target.x - ax) / full;
  const uy = (target.y - ay) / full;
  let limit = full;
  let stop: StraightStop = 'target';
  // The table edge (the base stays on the table): clip to the margin rectangle (x, then y).
  const r = table.radius;
  for (let axis = 0; axis < 2; axis++) {
    const p = axis === 0 ? ax : ay;
    const u = axis === 0 ? ux : uy;
    const lo = r;
    const hi = axis === 0 ? table.width - r : table.height - r;
    if (u > 1e-12) {
      const t = (hi - p) / u;
      if (t < limit) {
        limit = Math.max(0, t);
        stop = 'blocked';
      }
    } else if (u < -1e-12) {
      const t = (lo - p) / u;
      if (t < limit) {
        limit = Math.max(0, t);
        stop = 'blocked';
      }
    }
  }
  // Impassable areas: where the round base first touches one (since the Escarmouche 2.3.0 fix of
  // issue 38: before, the areas were grown with square corners, 0.21 in too far out at a corner for
  // a 1 in base, and found by bisection to 1e-4).
  let area: TerrainArea | null = null;
  if (limit > 0) {
    const hit = table.roundSlideInto(ax, ay, ax + ux * limit, ay + uy * limit, SLIDE);
    if (hit.area !== null && hit.length < limit) {
      limit = hit.length;
      stop = 'blocked';
      area = hit.area;
    }
  }
  // Other bases and keep-off distances: the first distance along the line at which the centre
  // comes within D of figure g (D = two radii for any base, `keepOff` for the listed figures).
  const keep = o.keepOffFrom;
  const n = v.x.length;
  const vx = v.x;
  const vy = v.y;
  const base = 2 * v.radius;
  const keptD = keep !== undefined ? Math.max(o.keepOff ?? 0, base) : base;
  // The largest D any figure can have: a figure farther than it from the line (or behind the start)
  // is passed by, whichever D it has, without asking whether it is a listed one.
  const far2 = (keptD + 1e-6) ** 2;
  const keptD2 = keptD * keptD;
  let figure = -1;
  for (let g = 0; g < n && limit > 0; g++) {
    if (g === f) continue;
    const wx = vx[g] - ax;
    const wy = vy[g] - ay;
    const along = wx * ux + wy * uy;
    const w2 = wx * wx + wy * wy;
    // The distance first (arithmetic); whether the figure occupies the table only when it is near.
    if ((w2 > far2 && (along <= 0 || w2 - along * along >= keptD2)) || !v.occupies(g)) continue;
    const kept = keep !== undefined && keep.includes(g);
    const D = kept ? Math.max(o.keepOff ?? 0, base) : base;
    if (w2 <= (D + 1e-6) ** 2) {
      // Already that close: it may not come nearer.
      if (along > 1e-9) {
        limit = 0;
        stop = kept ? 'keepOff' : 'figure';
        figure = g;
        area = null;
      }
      continue;
    }
    if (along <= 0) continue;
    const off2 = w2 - along * along;
    if (off2 >= D * D) continue;
    const t = along - Math.sqrt(D * D - off2);
    if (t < limit) {
      limit = Math.max(0, t);
      stop = kept ? 'keepOff' : 'figure';
      figure = g;
      area = null;
    }
  }
  // Ground: the kind entered just past the start; stop `margin` before it changes.
  let ground: string | null = null;
  const groundAt = o.groundAt;
  if (groundAt && limit > 0) {
    const margin = o.margin ?? 0.01;
    const probe = Math.min(2 * margin, limit);
    ground = groundAt(ax + ux * probe, ay + uy * probe);
    // Look `margin` past the end too: a move never ends on (or within `margin` of) a change of
    // ground, where the kind of the place it stands on would be a matter of rounding.
    const reach = limit + margin;
    const ex = ax + ux * reach;
    const ey = ay + uy * reach;
    const loX = Math.min(ax, ex);
    const hiX = Math.max(ax, ex);
    const loY = Math.min(ay, ey);
    const hiY = Math.max(ay, ey);
    const areas = table.areas;
    const boxes = table.areaBoxes;
    const e = BOX_TOL;
    let nt = 0;
    for (let i = 0, k = 0; i < areas.length; i++, k += 4) {
      if (hiX < boxes[k] - e || loX > boxes[k + 2] + e || hiY < boxes[k + 1] - e || loY > boxes[k + 3] + e) continue;
      nt = crossings(ax, ay, ux, uy, reach, areas[i], nt);
    }
    sortNumbers(CROSSINGS, nt);
    nt = pushCrossing(nt, reach);
    const ts = CROSSINGS;
    let prev = 0;
    for (let i = 0; i < nt; i++) {
      const t = ts[i];
      if (t - prev < 1e-9) continue;
      if (t > probe) {
        const mid = (Math.max(prev, probe) + t) / 2;
        if (groundAt(ax + ux * mid, ay + uy * mid) !== ground) {
          const cut = Math.max(0, prev - margin);
          if (cut < limit) {
            limit = cut;
            stop = 'ground';
            figure = -1;
            area = null;
          }
          break;
        }
      }
      prev = t;
    }
  }
  const to = limit >= full ? { x: target.x, y: target.y } : { x: ax + ux * limit, y: ay + uy * limit };
  return { to, length: limit, stop, ground: limit > 0 ? ground : null, figure, area };
}

/** Scratch answer of the impassable-ground test of one straight move (read at once, never kept). */
const SLIDE: RoundSlide = { length: 0, area: null };

/** Widening of an area's box when looking for the crossings of a straight move (table unit; far above rounding). */
const BOX_TOL = 1e-9;

/**
 * Scratch list of crossing distances (one straight move at a time; never kept): the first `count`
 * elements, in an array that only grows (an array emptied by `length = 0` gives its storage back
 * and made every move allocate it again).
 */
let CROSSINGS = new Float64Array(64);

/** Write `t` at index `count` of {@link CROSSINGS} (growing it by doubling); returns count + 1. */
function pushCrossing(count: number, t: number): number {
  if (count >= CROSSINGS.length) {
    const grown = new Float64Array(CROSSINGS.length * 2);
    grown.set(CROSSINGS);
    CROSSINGS = grown;
  }
  CROSSINGS[count] = t;
  return count + 1;
}

/** Sort the first `n` elements ascending in place by insertion (short lists; no comparator call, so no boxed doubles). */
function sortNumbers(a: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}
