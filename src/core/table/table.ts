/**
 * The measured table: one immutable object per scenario (and per worker thread) that answers every
 * question a rule system played on a measured table asks of the terrain — where a base may stand,
 * the shortest way round impassable areas, how far a move may go when it enters slow ground, line
 * of sight, cover, elevation.
 *
 * Units: every length given to or returned by the kit is in the table's own {@link TableUnit}
 * (inches or centimetres, as the scenario declares); the kit never converts. Coordinates are
 * (x, y) with x across the table from its left edge and y down the table from its top edge.
 *
 * The kit knows no rule system: a ruleset compiles its scenario's terrain into
 * {@link TerrainAreaSpec}s (saying per area whether it is impassable, blocks sight, slows movement,
 * gives cover of some class, or stands at some height) and asks the {@link Table}.
 */
import {
  type Box,
  type ConvexShape,
  type Polygon,
  type Vec,
  bbox,
  dist,
  distToPolygon,
  isConvex,
  nearestPointOfPolygon,
  pointInPolygon,
  segmentHitsConvex,
  segmentsCross,
  toHalfPlanes,
  truncateInto,
} from '../geometry.js';
import { NavMap, type DistanceField, type Path } from '../nav.js';

/** Distance margin of {@link Table.shadowsDisc} (table units): far above rounding and sight's 1e-7. */
export const SHADOW_MARGIN = 1e-5;
/** Angle margin of {@link Table.shadowsDisc} (radians). */
export const SHADOW_ANGLE = 1e-5;

/**
 * Slack (table unit) by which {@link Table.areasNear} widens every area's box: far above rounding,
 * far below any base.
 */
export const NEAR_SLACK = 1e-6;

/** Cells along the longer side of the grid behind {@link Table.areasNear}. */
const NEAR_CELLS = 64;

/** The unit every length on a table is measured in. */
export type TableUnit = 'in' | 'cm';

/** One terrain area as a ruleset describes it to the kit. */
export interface TerrainAreaSpec {
  /** Unique id within the scenario (used in errors and events). */
  id: string;
  /** Name for maps and stories; defaults to the id. */
  label?: string;
  /** The ruleset's own word for the area (`building`, `woods`, `fence`, …); carried, never interpreted. */
  kind: string;
  /** Vertices in order, implicitly closed. Impassable areas must be convex (split L-shapes). */
  polygon: readonly Vec[];
  /** No base may stand on or cross it (buildings, water). */
  impassable?: boolean;
  /** A straight line through it is not a line of sight (buildings, woods in some rules). */
  blocksSight?: boolean;
  /** Passable but slow: a route that enters it (or starts on it) is governed by the slow allowance. */
  slow?: boolean;
  /** A base touching the area is in cover of this class (`cover`, `soft`, `hard`, …). */
  cover?: string;
  /** Height of the ground inside the area (0 = the table; a hill 1, a higher hill 2 …). */
  height?: number;
}

/** A compiled terrain area: the spec with its polygon, bounding box and flags resolved. */
export interface TerrainArea {
  readonly id: string;
  readonly label: string;
  readonly kind: string;
  readonly poly: Polygon;
  readonly box: Box;
  readonly impassable: boolean;
  readonly blocksSight: boolean;
  readonly slow: boolean;
  /** Cover class, or null when the area gives none. */
  readonly cover: string | null;
  readonly height: number;
}

/** Everything needed to build a {@link Table}. */
export interface TableSpec {
  /** Table size, in `unit`. */
  width: number;
  height: number;
  unit: TableUnit;
  /** Radius of the figures' bases (one size per table), in `unit`: the clearance kept from obstacles. */
  radius: number;
  areas: readonly TerrainAreaSpec[];
  /** Grid cell of distance fields, in `unit` (default: 0.5 in, or 1 cm). */
  cell?: number;
}

/** Raised when a spec cannot make a table; `index` is the offending area's index (or −1). */
export class TableSpecError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
    this.name = 'TableSpecError';
  }
}

/** Distance along segment a→b (fraction 0..1) at which it first meets the polygon's boundary, or −1. */
function firstHit(ax: number, ay: number, bx: number, by: number, poly: Polygon): number {
  SEG[0] = ax;
  SEG[1] = ay;
  SEG[2] = bx;
  SEG[3] = by;
  return firstHitOf(SEG, poly);
}

/** No cut of a route (Table.entryAlong: the whole route). */
const NO_CUT: Readonly<Vec> = { x: NaN, y: NaN };

/** Scratch of {@link firstHit}: a segment's ends (ax, ay, bx, by), read at once. */
const SEG = new Float64Array(4);

/**
 * {@link firstHit} of the segment `seg` = (ax, ay, bx, by): the same value, for callers in hot
 * loops — four coordinates passed to a call that is not inlined are boxed, an array is not.
 */
function firstHitOf(seg: Float64Array, poly: Polygon): number {
  const ax = seg[0];
  const ay = seg[1];
  const bx = seg[2];
  const by = seg[3];
  let best = -1;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const px = poly[j].x;
    const py = poly[j].y;
    const qx = poly[i].x;
    const qy = poly[i].y;
    if (!segmentsCross(ax, ay, bx, by, px, py, qx, qy)) continue;
    const rx = bx - ax;
    const ry = by - ay;
    const sx = qx - px;
    const sy = qy - py;
    const den = rx * sy - ry * sx;
    if (den === 0) continue;
    const t = ((px - ax) * sy - (py - ay) * sx) / den;
    if (best < 0 || t < best) best = t;
  }
  return best;
}

/**
 * How far along the ray a + t·u (|u| = 1, 0 < t ≤ len) a disc of radius r first touches the convex
 * polygon `poly` — the ray's entry into the polygon grown by the disc with ROUND corners (the
 * Minkowski sum of the polygon and the disc): the least t at which the centre comes within r of an
 * edge (the edge's two corner circles and the band along it). Infinity when it never does within
 * len. Precondition: the disc at a does not overlap the polygon (the caller tests a base touching it).
 */
function discEntry(ax: number, ay: number, ux: number, uy: number, len: number, r: number, poly: Polygon): number {
  let best = Infinity;
  const n = poly.length;
  const r2 = r * r;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const px = poly[j].x;
    const py = poly[j].y;
    // The corner circle at p (each corner is the start of one edge: every corner is tried once).
    {
      const wx = px - ax;
      const wy = py - ay;
      const along = wx * ux + wy * uy;
      const off2 = wx * wx + wy * wy - along * along;
      if (along > 0 && off2 <= r2) {
        const t = along - Math.sqrt(r2 - off2);
        if (t >= 0 && t < best) best = t;
      }
    }
    // The band of width r along edge p→q, on a's side of its line.
    const sx = poly[i].x - px;
    const sy = poly[i].y - py;
    const l = Math.sqrt(sx * sx + sy * sy);
    if (l < 1e-12) continue;
    const nx = -sy / l;
    const ny = sx / l;
    const s0 = (ax - px) * nx + (ay - py) * ny;
    const du = ux * nx + uy * ny;
    if (Math.abs(s0) <= r || s0 * du >= 0) continue;
    const t = (Math.sign(s0) * r - s0) / du;
    if (t < 0 || t >= best) continue;
    const along = ((ax + ux * t - px) * sx + (ay + uy * t - py) * sy) / l;
    if (along >= 0 && along <= l) best = t;
  }
  return best <= len ? best : Infinity;
}

/** Where a round base's straight slide stops against impassable ground (see {@link Table.roundSlide}). */
export interface RoundSlide {
  /** Distance the centre goes (table unit): the whole way, or to where the base first touches an area. */
  length: number;
  /** The impassable area it would touch, or null when nothing stops it (the table's edges are not tested). */
  area: TerrainArea | null;
}

/** How close (table unit) a base's edge may come to an impassable area and still count as touching it, not overlapping. */
export const ROUND_TOUCH = 1e-6;

/**
 * A measured table (see the module comment). Immutable after construction (but for the memo behind
 * {@link Table.plainAreaAt}, which changes no answer): build it once per scenario (compile) and share
 * it between every state and game on that scenario.
 */
export class Table {
  readonly width: number;
  readonly height: number;
  readonly unit: TableUnit;
  /** Base radius, in the table's unit. */
  readonly radius: number;
  /** Navigation for bases of {@link radius} around the impassable areas. */
  readonly nav: NavMap;
  /** Every area, in the spec's order. */
  readonly areas: readonly TerrainArea[];
  readonly obstacles: readonly TerrainArea[];
  readonly sightBlockers: readonly TerrainArea[];
  readonly slowGround: readonly TerrainArea[];
  readonly raised: readonly TerrainArea[];
  readonly coverAreas: readonly TerrainArea[];
  /** Every area's box, flat, in the spec's order: minX, minY, maxX, maxY of area i at 4i … 4i + 3 (the same numbers as its `box`; for loops over every area). */
  readonly areaBoxes: Float64Array;
  private readonly sightShapes: readonly ConvexShape[];
  /**
   * The sight shapes' boxes as segmentHitsConvex reads them (each shape's `box`), four numbers each
   * (minX, maxX, minY, maxY): {@link lineOfSight} passes over a shape whose box the line misses
   * without the call, as the call itself would.
   */
  private readonly sightBoxes: Float64Array;
  /** Places a base can stand touching some cover: x, y pairs on a grid of half a cell. */
  readonly coverSpots: Float64Array;
  /** {@link areasNear}'s grid: cell size, columns, rows, and per cell (row-major) its areas in the spec's order. */
  private readonly nearCell: number;
  private readonly nearCols: number;
  private readonly nearRows: number;
  private readonly nearLists: readonly (readonly TerrainArea[])[];
  /** {@link plainAreaAt}'s grid: cell size, columns, rows, and per cell its code, one byte (made on first use; 0: not yet known). */
  private readonly plainCell: number;
  private readonly plainCols: number;
  private readonly plainRows: number;
  private plain: Uint8Array | null = null;

  /** @throws {@link TableSpecError} on a non-positive size or radius, or a concave impassable area. */
  constructor(spec: TableSpec) {
    if (!(spec.width > 0 && spec.height > 0)) throw new TableSpecError(-1, 'the table needs a positive width and height');
    if (!(spec.radius > 0)) throw new TableSpecError(-1, 'bases need a positive radius');
    this.width = spec.width;
    this.height = spec.height;
    this.unit = spec.unit;
    this.radius = spec.radius;
    const ids = new Set<string>();
    this.areas = spec.areas.map((a, i) => {
      if (ids.has(a.id)) throw new TableSpecError(i, `duplicate terrain id "${a.id}"`);
      ids.add(a.id);
      const poly = a.polygon.map((p) => ({ x: p.x, y: p.y }));
      const impassable = a.impassable === true;
      if ((impassable || a.blocksSight === true) && !isConvex(poly)) {
        throw new TableSpecError(i, 'impassable and sight-blocking areas must be convex polygons (split an L-shaped building into two)');
      }
      return {
        id: a.id,
        label: a.label ?? a.id,
        kind: a.kind,
        poly,
        box: bbox(poly),
        impassable,
        blocksSight: a.blocksSight === true,
        slow: a.slow === true,
        cover: a.cover ?? null,
        height: a.height ?? 0,
      };
    });
    this.areaBoxes = new Float64Array(4 * this.areas.length);
    this.areas.forEach((a, i) => this.areaBoxes.set([a.box.minX, a.box.minY, a.box.maxX, a.box.maxY], 4 * i));
    this.obstacles = this.areas.filter((a) => a.impassable);
    this.sightBlockers = this.areas.filter((a) => a.blocksSight);
    this.slowGround = this.areas.filter((a) => a.slow);
    this.raised = this.areas.filter((a) => a.height > 0);
    this.coverAreas = this.areas.filter((a) => a.cover !== null);
    this.sightShapes = this.sightBlockers.map((a) => toHalfPlanes(a.poly));
    this.sightBoxes = Float64Array.from(this.sightShapes.flatMap((h) => [h.box.minX, h.box.maxX, h.box.minY, h.box.maxY]));
    const cell = spec.cell ?? (spec.unit === 'cm' ? 1 : 0.5);
    this.nav = new NavMap(
      this.width,
      this.height,
      this.obstacles.map((o) => o.poly),
      this.radius,
      cell,
    );
    const spots: number[] = [];
    const step = cell;
    const r = this.radius;
    for (const a of this.coverAreas) {
      for (let y = Math.floor((a.box.minY - r) / step) * step; y <= a.box.maxY + r; y += step) {
        for (let x = Math.floor((a.box.minX - r) / step) * step; x <= a.box.maxX + r; x += step) {
          if (distToPolygon(x, y, a.poly) <= r && this.nav.isFree(x, y)) spots.push(x, y);
        }
      }
    }
    this.coverSpots = Float64Array.from(spots);
    // areasNear's grid: each area listed in every cell its box, widened by NEAR_SLACK, meets.
    this.nearCell = Math.max(this.width, this.height) / NEAR_CELLS;
    this.nearCols = Math.ceil(this.width / this.nearCell);
    this.nearRows = Math.ceil(this.height / this.nearCell);
    const lists: TerrainArea[][] = Array.from({ length: this.nearCols * this.nearRows }, () => []);
    for (const a of this.areas) {
      const c0 = Math.max(0, Math.floor((a.box.minX - NEAR_SLACK) / this.nearCell));
      const c1 = Math.min(this.nearCols - 1, Math.floor((a.box.maxX + NEAR_SLACK) / this.nearCell));
      const r0 = Math.max(0, Math.floor((a.box.minY - NEAR_SLACK) / this.nearCell));
      const r1 = Math.min(this.nearRows - 1, Math.floor((a.box.maxY + NEAR_SLACK) / this.nearCell));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) lists[r * this.nearCols + c].push(a);
    }
    this.nearLists = lists;
    this.plainCell = Math.max(this.width, this.height) / PLAIN_CELLS;
    this.plainCols = Math.ceil(this.width / this.plainCell);
    this.plainRows = Math.ceil(this.height / this.plainCell);
  }

  /**
   * The areas that may lie at (x, y): every area whose box, widened by {@link NEAR_SLACK}, contains
   * the point — and perhaps a few more — in the spec's order (shared, read only); every area for a
   * point off the table (or not a number). For loops that test each area at a point: the areas that
   * pass their exact tests are the same, fewer are tried (a grid of {@link NEAR_CELLS} cells along
   * the longer side, built with the table).
   */
  areasNear(x: number, y: number): readonly TerrainArea[] {
    const c = Math.floor(x / this.nearCell);
    const r = Math.floor(y / this.nearCell);
    if (!(c >= 0 && c < this.nearCols && r >= 0 && r < this.nearRows)) return this.areas;
    return this.nearLists[r * this.nearCols + c];
  }

  /** True when a base centred at (x, y) stands on the table clear of every impassable area. */
  isFree(x: number, y: number): boolean {
    return this.nav.isFree(x, y);
  }

  /**
   * Round bases against impassable areas, as figure-to-figure tests see bases: true when a round base
   * of {@link radius} centred at (x, y) lies on the table (its centre at least the radius from
   * each edge, to 1e-9) and overlaps no impassable area (its centre at least the radius from each,
   * to {@link ROUND_TOUCH}: a base touching an area stands free). Unlike {@link isFree} — the areas
   * grown with mitred (square) corners that the navigation's paths go round — a base may stand in the
   * corner where its round edge clears the area's corner (up to r(√2 − 1) nearer it).
   */
  roundFree(x: number, y: number): boolean {
    const r = this.radius;
    if (x < r - 1e-9 || y < r - 1e-9 || x > this.width - r + 1e-9 || y > this.height - r + 1e-9) return false;
    for (const a of this.obstacles) {
      const b = a.box;
      if (x < b.minX - r || x > b.maxX + r || y < b.minY - r || y > b.maxY + r) continue;
      if (distToPolygon(x, y, a.poly) < r - ROUND_TOUCH) return false;
    }
    return true;
  }

  /**
   * A round base's straight slide against impassable ground: how far a base of {@link radius}
   * centred at a goes toward b before its round edge touches an impassable area — the first point
   * of a→b inside an area grown by the base's disc with round corners (the Minkowski sum of the area
   * and the disc), so it stops touching the area, as it stops touching another base — and which
   * area. The nearest area wins; on a tie, the first in the spec's order. A base already touching
   * an area (within {@link ROUND_TOUCH}) may slide along it or away, but not nearer (length 0).
   * The table's edges are not tested. Precondition: the base at a is {@link roundFree}.
   */
  roundSlide(ax: number, ay: number, bx: number, by: number): RoundSlide {
    return this.roundSlideInto(ax, ay, bx, by, { length: 0, area: null });
  }

  /** {@link roundSlide}, its answer written into `out` (returned): for a caller that reads it at once and makes many. */
  roundSlideInto(ax: number, ay: number, bx: number, by: number, out: RoundSlide): RoundSlide {
    const full = dist(ax, ay, bx, by);
    if (full < 1e-12) {
      out.length = 0;
      out.area = null;
      return out;
    }
    const ux = (bx - ax) / full;
    const uy = (by - ay) / full;
    const r = this.radius;
    let best = full;
    let hit: TerrainArea | null = null;
    const minX = Math.min(ax, bx) - r;
    const maxX = Math.max(ax, bx) + r;
    const minY = Math.min(ay, by) - r;
    const maxY = Math.max(ay, by) + r;
    // A start farther than this from an area's box in x or y alone is farther than r + ROUND_TOUCH
    // from the area: it is not touching it, and its distance need not be measured.
    const reach = r + 2 * ROUND_TOUCH;
    for (const a of this.obstacles) {
      const b = a.box;
      if (maxX < b.minX || minX > b.maxX || maxY < b.minY || minY > b.maxY) continue;
      const near = !(ax < b.minX - reach || ax > b.maxX + reach || ay < b.minY - reach || ay > b.maxY + reach);
      if (near && distToPolygon(ax, ay, a.poly) <= r + ROUND_TOUCH) {
        // Touching already: nearer is blocked at once; along or away never enters a convex area.
        const q = nearestPointOfPolygon(ax, ay, a.poly);
        if ((ax - q.x) * ux + (ay - q.y) * uy < -1e-9) {
          if (best > 0) {
            best = 0;
            hit = a;
          }
        }
        continue;
      }
      const t = discEntry(ax, ay, ux, uy, best, r, a.poly);
      if (t < best) {
        best = t;
        hit = a;
      }
    }
    out.length = best;
    out.area = hit;
    return out;
  }

  /** True when a base can slide straight from a to b without touching an impassable area. */
  clear(ax: number, ay: number, bx: number, by: number): boolean {
    return this.nav.clear(ax, ay, bx, by);
  }

  /** The shortest way for a base from a to b round impassable areas (length in the table's unit), or null. */
  path(a: Vec, b: Vec): Path | null {
    return this.nav.path(a, b);
  }

  /** A distance field to a fixed point, built once and kept under `key` (see {@link NavMap.field}). */
  field(key: string, target: Vec): DistanceField {
    return this.nav.field(key, target);
  }

  /**
   * Distance along the route `points` at which it first enters an area of `areas`; 0 when it
   * starts inside one and `startInsideCounts`; Infinity when it never enters one.
   */
  private entryAlong(
    points: readonly Vec[],
    n: number,
    cut: Readonly<Vec>,
    areas: readonly TerrainArea[],
    startInsideCounts: boolean,
    above: number,
  ): number {
    // The route: points[0 … n−1], then the cut unless NaN (see truncateInto); the cut handed over
    // as an object (coordinates passed to a call that is not inlined are boxed) and read as
    // numbers the compiler knows to be doubles (merged with a point's coordinate below).
    const endX = +cut.x;
    const endY = +cut.y;
    const m = endX === endX ? n + 1 : n;
    const p0 = points[0];
    let best = Infinity;
    for (const a of areas) {
      if (a.height <= above && above > -Infinity) continue;
      if (pointInPolygon(p0.x, p0.y, a.poly)) {
        if (startInsideCounts) return 0;
        continue;
      }
      let walked = 0;
      for (let i = 1; i < m; i++) {
        const p = points[i - 1];
        const px = p.x;
        const py = p.y;
        let qx = endX;
        let qy = endY;
        if (i < n) {
          const q = points[i];
          qx = q.x;
          qy = q.y;
        }
        const l = dist(px, py, qx, qy);
        if (walked >= best) break;
        const b = a.box;
        if (!(Math.max(px, qx) < b.minX || Math.min(px, qx) > b.maxX || Math.max(py, qy) < b.minY || Math.min(py, qy) > b.maxY)) {
          const seg = SEG;
          seg[0] = px;
          seg[1] = py;
          seg[2] = qx;
          seg[3] = qy;
          const t = firstHitOf(seg, a.poly);
          if (t >= 0) {
            best = Math.min(best, walked + t * l);
            break;
          }
        }
        walked += l;
      }
    }
    return best;
  }

  /** Distance along a route at which it first enters slow ground (0 when it starts on it; Infinity if never). */
  slowEntry(points: readonly Vec[]): number {
    return this.entryAlong(points, points.length, NO_CUT, this.slowGround, true, -Infinity);
  }

  /**
   * {@link slowEntry} of the route cut at distance `upTo` — the same value as
   * `slowEntry(truncatePath(points, upTo))`, without building the cut route (no allocation).
   */
  slowEntryUpTo(points: readonly Vec[], upTo: number): number {
    const cut = this.cut;
    const n = truncateInto(points, upTo, cut);
    return this.entryAlong(points, n, cut, this.slowGround, true, -Infinity);
  }

  /** Scratch of {@link slowEntryUpTo}. */
  private readonly cut = { x: 0, y: 0 };

  /** Distance along a route at which it first climbs onto ground higher than where it starts (Infinity if never). */
  climbEntry(points: readonly Vec[]): number {
    const p0 = points[0];
    return this.entryAlong(points, points.length, NO_CUT, this.raised, false, this.heightAt(p0.x, p0.y));
  }

  /**
   * How far along `points` a move may go with allowance `full` that drops to `slow` where the route
   * enters slow ground or climbs (the Pirates! §4.B rule, and any rule of the same shape): the full
   * allowance when the route never does; else `slow` — but a figure may always go up to the edge of
   * such ground on its full allowance (stopping 0.01 short of it).
   */
  reachAlong(points: readonly Vec[], full: number, slow: number): number {
    const e = Math.min(this.slowEntry(points), this.climbEntry(points));
    if (e >= full) return full;
    if (e <= slow) return slow;
    return Math.max(0, e - 0.01);
  }

  /**
   * {@link lineOfSight} between two points given as objects: for loops that walk a scratch point
   * (coordinates passed one by one to a call that is not inlined are boxed, an allocation a call).
   */
  lineOfSightBetween(a: Vec, b: Vec): boolean {
    const s = this.sightShapes;
    for (let i = 0; i < s.length; i++) if (segmentHitsConvex(s[i], a.x, a.y, b.x, b.y)) return false;
    return true;
  }

  /**
   * True when no point within `r` of (cx, cy) has a line of sight ({@link lineOfSight}) to
   * (tx, ty), because a single sight-blocking area stands across every such line. A sufficient
   * test, not an exact one: false does not say that some point of the disc sees (two areas may
   * hide it together). For pruning a search for a place to shoot from within a move (inches, or
   * the table's unit).
   *
   * The area must stand across the centre's line; seen from (tx, ty) its outline spans an angle
   * between two silhouette corners A and B, and a point whose direction lies strictly inside that
   * angle and which lies beyond the chord AB crosses the chord strictly between A and B — inside
   * the (convex) area, or entering it across its near edge. The whole disc must pass both tests
   * with margins ({@link SHADOW_MARGIN}) far above rounding and the 1e-7 of sight's own test.
   */
  shadowsDisc(cx: number, cy: number, r: number, tx: number, ty: number): boolean {
    const dx = cx - tx;
    const dy = cy - ty;
    const d = Math.sqrt(dx * dx + dy * dy);
    // The disc widened by the margin: a point a rounding error outside r is still inside it.
    const rr = r + SHADOW_MARGIN;
    if (d <= rr + SHADOW_MARGIN) return false;
    const ux = dx / d;
    const uy = dy / d;
    // Every point of the disc is seen from (tx, ty) within this angle of the centre's direction.
    const beta = Math.asin(rr / d) + SHADOW_ANGLE;
    const shapes = this.sightShapes;
    for (let i = 0; i < shapes.length; i++) {
      const shape = shapes[i];
      if (!segmentHitsConvex(shape, cx, cy, tx, ty)) continue;
      // (tx, ty) clearly outside the area: some edge's outer side by the margin.
      const p = shape.planes;
      let outside = false;
      for (let k = 0; k < p.length; k += 3) {
        if (p[k] * tx + p[k + 1] * ty - p[k + 2] > SHADOW_MARGIN) {
          outside = true;
          break;
        }
      }
      if (!outside) continue;
      const poly = this.sightBlockers[i].poly;
      let lo = Infinity;
      let hi = -Infinity;
      let a = -1;
      let b = -1;
      for (let k = 0; k < poly.length; k++) {
        const wx = poly[k].x - tx;
        const wy = poly[k].y - ty;
        const ang = Math.atan2(ux * wy - uy * wx, ux * wx + uy * wy);
        if (ang < lo) {
          lo = ang;
          a = k;
        }
        if (ang > hi) {
          hi = ang;
          b = k;
        }
      }
      // A convex area seen from outside spans less than a half turn (a wrap past ±π would not).
      if (hi - lo > Math.PI - 1e-3 || lo > -beta || hi < beta) continue;
      // Beyond the chord AB, on the side away from (tx, ty), by more than the widened radius.
      const ax = poly[a].x;
      const ay = poly[a].y;
      let nx = poly[b].y - ay;
      let ny = ax - poly[b].x;
      const nl = Math.sqrt(nx * nx + ny * ny);
      if (nl < SHADOW_MARGIN) continue;
      nx /= nl;
      ny /= nl;
      const sideT = nx * (tx - ax) + ny * (ty - ay);
      if (Math.abs(sideT) < SHADOW_MARGIN) continue;
      if (sideT > 0) {
        nx = -nx;
        ny = -ny;
      }
      if (nx * (cx - ax) + ny * (cy - ay) - rr > SHADOW_MARGIN) return true;
    }
    return false;
  }

  /** True when no sight-blocking area stands across the straight line a→b (figures never block). */
  lineOfSight(ax: number, ay: number, bx: number, by: number): boolean {
    const s = this.sightShapes;
    const boxes = this.sightBoxes;
    // The segment's box once (as segmentHitsConvex takes it): a shape whose box it misses is
    // passed over without the call, as the call itself would.
    const x1 = Math.max(ax, bx);
    const x0 = Math.min(ax, bx);
    const y1 = Math.max(ay, by);
    const y0 = Math.min(ay, by);
    for (let i = 0; i < s.length; i++) {
      const k = 4 * i;
      if (x1 <= boxes[k] || x0 >= boxes[k + 1] || y1 <= boxes[k + 2] || y0 >= boxes[k + 3]) continue;
      if (segmentHitsConvex(s[i], ax, ay, bx, by)) return false;
    }
    return true;
  }

  /**
   * {@link lineOfSight} between the centres of figures `a` and `b` of the coordinate arrays `x`,
   * `y` (a state's figure arrays): the same answer, for hot loops — four coordinates passed to a
   * call that is not inlined are boxed (an allocation a call), two indices are not.
   */
  lineOfSightOf(x: ArrayLike<number>, y: ArrayLike<number>, a: number, b: number): boolean {
    const ax = x[a];
    const ay = y[a];
    const bx = x[b];
    const by = y[b];
    const s = this.sightShapes;
    const boxes = this.sightBoxes;
    const x1 = Math.max(ax, bx);
    const x0 = Math.min(ax, bx);
    const y1 = Math.max(ay, by);
    const y0 = Math.min(ay, by);
    const dx = bx - ax;
    const dy = by - ay;
    for (let i = 0; i < s.length; i++) {
      const k = 4 * i;
      if (x1 <= boxes[k] || x0 >= boxes[k + 1] || y1 <= boxes[k + 2] || y0 >= boxes[k + 3]) continue;
      // segmentHitsConvex(s[i], ax, ay, bx, by) written out (the same floats; its box test is the
      // one above): the call is not inlined here, and its four coordinates would be boxed.
      const p = s[i].planes;
      let t0 = 0;
      let t1 = 1;
      let hit = true;
      for (let j = 0; j < p.length; j += 3) {
        const den = p[j] * dx + p[j + 1] * dy;
        const num = p[j + 2] - 1e-7 - (p[j] * ax + p[j + 1] * ay);
        if (den === 0) {
          if (num <= 0) {
            hit = false;
            break;
          }
          continue;
        }
        const t = num / den;
        if (den < 0) {
          if (t > t0) t0 = t;
        } else if (t < t1) t1 = t;
        if (t0 >= t1) {
          hit = false;
          break;
        }
      }
      if (hit && (t1 - t0) * Math.sqrt(dx * dx + dy * dy) > 1e-9) return false;
    }
    return true;
  }

  /**
   * The first sight-blocking area (in the spec's order) standing across the straight line a→b, by
   * the same test as {@link lineOfSight}; null exactly when {@link lineOfSight} is true. For a
   * person asking what hides a figure (`view.sight`), not for hot paths.
   */
  sightBlockerOn(ax: number, ay: number, bx: number, by: number): TerrainArea | null {
    const s = this.sightShapes;
    for (let i = 0; i < s.length; i++) if (segmentHitsConvex(s[i], ax, ay, bx, by)) return this.sightBlockers[i];
    return null;
  }

  /**
   * The cover area a base centred at (x, y) touches, or null. When it touches several, the first
   * in the scenario's order whose class ranks highest in `rank` (default: the first touched).
   */
  coverAt(x: number, y: number, rank?: readonly string[]): TerrainArea | null {
    const r = this.radius;
    let best: TerrainArea | null = null;
    let bestRank = -1;
    for (const a of this.coverAreas) {
      const b = a.box;
      if (x < b.minX - r || x > b.maxX + r || y < b.minY - r || y > b.maxY + r) continue;
      if (distToPolygon(x, y, a.poly) > r + 1e-9) continue;
      if (!rank) return a;
      const k = rank.indexOf(a.cover as string);
      if (k > bestRank) {
        best = a;
        bestRank = k;
      }
    }
    return best;
  }

  /** True when a base centred at (x, y) touches any cover area. */
  inCover(x: number, y: number): boolean {
    return this.coverAt(x, y) !== null;
  }

  /**
   * Cover areas the straight line a→b crosses or ends in, excluding those the point a itself
   * stands in (a shooter's own cover does not hide the target). In the spec's order.
   */
  coverBetween(ax: number, ay: number, bx: number, by: number): TerrainArea[] {
    const out: TerrainArea[] = [];
    for (const a of this.coverAreas) {
      if (pointInPolygon(ax, ay, a.poly)) continue;
      if (pointInPolygon(bx, by, a.poly) || distToPolygon(bx, by, a.poly) <= this.radius + 1e-9 || firstHit(ax, ay, bx, by, a.poly) >= 0)
        out.push(a);
    }
    return out;
  }

  /**
   * The cover area that hides a base centred at b from a point a (an attacker's centre): an area
   * the base touches (as {@link coverAt}) that lies between them — the straight line from a to b's
   * centre crosses its boundary or ends inside it — and that a itself does not stand in. The first
   * such area in the spec's order, or null: cover on the far side of the base, or beside the line,
   * does not hide it.
   */
  coverFrom(ax: number, ay: number, bx: number, by: number): TerrainArea | null {
    const r = this.radius;
    for (const a of this.coverAreas) {
      const b = a.box;
      if (bx < b.minX - r || bx > b.maxX + r || by < b.minY - r || by > b.maxY + r) continue;
      if (distToPolygon(bx, by, a.poly) > r + 1e-9) continue;
      if (pointInPolygon(ax, ay, a.poly)) continue;
      if (pointInPolygon(bx, by, a.poly) || firstHit(ax, ay, bx, by, a.poly) >= 0) return a;
    }
    return null;
  }

  /** The nearest place (straight line) where a base stands touching cover, or null when there is none. */
  nearestCoverPoint(x: number, y: number): Vec | null {
    const sp = this.coverSpots;
    let best = -1;
    let bd = Infinity;
    for (let i = 0; i < sp.length; i += 2) {
      const d = (sp[i] - x) ** 2 + (sp[i + 1] - y) ** 2;
      if (d < bd) {
        bd = d;
        best = i;
      }
    }
    return best < 0 ? null : { x: sp[best], y: sp[best + 1] };
  }

  /**
   * {@link heightAt} of the centre of figure `i` of the coordinate arrays `xs`, `ys` (a state's
   * figure arrays): the same height, for hot paths — coordinates passed to a call that is not
   * inlined are boxed, an index is not.
   */
  heightOf(xs: ArrayLike<number>, ys: ArrayLike<number>, i: number): number {
    const x = xs[i];
    const y = ys[i];
    let h = 0;
    for (const a of this.raised) if (a.height > h && pointInPolygon(x, y, a.poly)) h = a.height;
    return h;
  }

  /** Ground height at (x, y): the highest raised area containing the point, else 0. */
  heightAt(x: number, y: number): number {
    let h = 0;
    for (const a of this.raised) if (a.height > h && pointInPolygon(x, y, a.poly)) h = a.height;
    return h;
  }

  /** True when (bx, by) stands on higher ground than (ax, ay) — "uphill" from a to b. */
  uphill(ax: number, ay: number, bx: number, by: number): boolean {
    return this.heightAt(bx, by) > this.heightAt(ax, ay);
  }

  /**
   * The area that lies on top at (x, y): the last one in the spec's order containing the point and
   * passing `test` (areas later in a spec are drawn over earlier ones), or null.
   */
  topAreaAt(x: number, y: number, test?: (a: TerrainArea) => boolean): TerrainArea | null {
    const areas = this.areas;
    for (let i = areas.length - 1; i >= 0; i--) {
      const a = areas[i];
      const b = a.box;
      if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) continue;
      if ((!test || test(a)) && pointInPolygon(x, y, a.poly)) return a;
    }
    return null;
  }

  /** The terrain areas containing the point (x, y), in the spec's order. */
  areasAt(x: number, y: number): TerrainArea[] {
    return this.areas.filter((a) => pointInPolygon(x, y, a.poly));
  }

  /**
   * The top area at (x, y) ({@link topAreaAt} without a test; null: no area) when no area's edge
   * passes within {@link NEAR_SLACK} of the small grid cell holding the point — {@link PLAIN_CELLS}
   * cells along the table's longer side — so that every point of that cell has the same top area
   * and lies farther than NEAR_SLACK from every edge; else undefined (the point is near an edge, or
   * off the table: the caller asks the exact way). For hot terrain queries: one array read for most
   * points. Each cell is worked out on its first question and kept (the table is otherwise immutable:
   * the same answers, only sooner).
   */
  plainAreaAt(x: number, y: number): TerrainArea | null | undefined {
    if (!(x >= 0 && x <= this.width && y >= 0 && y <= this.height)) return undefined;
    const c = Math.floor(x / this.plainCell);
    const r = Math.floor(y / this.plainCell);
    if (!(c >= 0 && c < this.plainCols && r >= 0 && r < this.plainRows)) return undefined;
    const cells = (this.plain ??= new Uint8Array(this.plainCols * this.plainRows));
    const i = r * this.plainCols + c;
    let code = cells[i];
    if (code === 0) code = cells[i] = this.plainCode(c, r);
    return code === PLAIN_EDGE ? undefined : code === PLAIN_NONE ? null : this.areas[code - PLAIN_AREA];
  }

  /** {@link plainAreaAt}'s code for cell (c, r): {@link PLAIN_EDGE}, {@link PLAIN_NONE}, or {@link PLAIN_AREA} + the top area's index. */
  private plainCode(c: number, r: number): number {
    const e = NEAR_SLACK;
    const minX = c * this.plainCell - e;
    const maxX = (c + 1) * this.plainCell + e;
    const minY = r * this.plainCell - e;
    const maxY = (r + 1) * this.plainCell + e;
    for (const a of this.areas) {
      const b = a.box;
      if (b.maxX < minX || b.minX > maxX || b.maxY < minY || b.minY > maxY) continue;
      const poly = a.poly;
      for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) {
        if (segmentMeetsBox(poly[j].x, poly[j].y, poly[k].x, poly[k].y, minX, minY, maxX, maxY)) return PLAIN_EDGE;
      }
    }
    // No edge meets the cell: each area holds all of it or none of it; its centre says which.
    const top = this.topAreaAt((c + 0.5) * this.plainCell, (r + 0.5) * this.plainCell);
    if (top === null) return PLAIN_NONE;
    const k = this.areas.indexOf(top);
    // One byte a cell: a top area past the 253rd is left to the exact way.
    return k <= 255 - PLAIN_AREA ? PLAIN_AREA + k : PLAIN_EDGE;
  }
}

/** Cells along the longer side of the grid behind {@link Table.plainAreaAt}. */
export const PLAIN_CELLS = 256;
/** {@link Table.plainAreaAt}'s cell codes (0: not worked out yet). */
const PLAIN_EDGE = 1;
const PLAIN_NONE = 2;
const PLAIN_AREA = 3;

/**
 * True when segment a→b meets the closed box [minX, maxX] × [minY, maxY] (Liang–Barsky clipping).
 * Rounding may answer either way for a segment that only grazes the box.
 */
function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q = k === 0 ? ax - minX : k === 1 ? maxX - ax : k === 2 ? ay - minY : maxY - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return true;
}
