/**
 * Navigation on a continuous table: exact shortest paths for a round base around convex
 * obstacles, and precomputed distance fields to fixed targets.
 *
 * Method: every impassable convex polygon is grown by the base radius; a figure's centre may go
 * anywhere outside the grown polygons and inside the table margin. Shortest paths then run
 * straight or through the grown polygons' corners (a visibility graph). Corner-to-corner
 * distances are precomputed once per map (Floyd–Warshall), so a query costs two visibility sweeps.
 * A {@link DistanceField} adds, for one fixed target, the distance from every corner and from the
 * centre of every grid cell (0.5 in by default), for O(1) "how far to the warehouse" lookups.
 *
 * All lengths in inches.
 */
import {
  type Box,
  type ConvexShape,
  type Polygon,
  type Vec,
  bbox,
  dist,
  inflateConvex,
  isConvex,
  segmentHitsConvex,
  toHalfPlanes,
  vertexMean,
} from './geometry.js';

interface Grown {
  poly: Vec[];
  box: Box;
  shape: ConvexShape;
}

/** A shortest path: its points (first = start, last = end) and its length in inches. */
export interface Path {
  points: Vec[];
  length: number;
}

/** Distances to one fixed target, precomputed. */
export interface DistanceField {
  /** The target point. */
  readonly target: Vec;
  /** Geodesic distance (inches) from a free point to the target; Infinity when unreachable. Exact. */
  distanceFrom(x: number, y: number): number;
  /** Grid lookup of the same distance at the nearest cell centre (fast, within about a cell of exact). */
  approx(x: number, y: number): number;
  /**
   * {@link approx} at the point `p` (the same number), for hot paths: the coordinates read in the
   * call (two passed to a call that is not inlined are boxed).
   */
  approxAt(p: Vec): number;
  /** The shortest path from a free point to the target, or null when unreachable. */
  pathFrom(x: number, y: number): Path | null;
}

/**
 * The navigable space of one map for bases of one radius. Immutable after construction;
 * build it once per scenario and worker and share it between game states.
 */
export class NavMap {
  /** Table width and height in inches. */
  readonly width: number;
  readonly height: number;
  /** Base radius in inches: the clearance kept from obstacles and table edges. */
  readonly radius: number;
  private readonly grown: Grown[];
  /**
   * The grown obstacles' boxes as {@link segmentHitsConvex} reads them (its `shape.box`), four
   * numbers each (minX, maxX, minY, maxY): {@link clear} passes over an obstacle whose box the
   * segment's misses without the call, as the call itself would.
   */
  private readonly boxes: Float64Array;
  /**
   * A coarse grid over the table for {@link isFree}: cell (i, j) of side {@link FREE_CELL} lists
   * (in `freeIdx`, from `freeAt[cell]` to `freeAt[cell + 1]`) the grown obstacles whose bounding
   * box overlaps it, so a point is tested against those only — the same tests, in the same order,
   * as against every obstacle (a point outside an obstacle's box is never inside it).
   */
  private readonly freeNx: number;
  private readonly freeNy: number;
  private readonly freeAt: Int32Array;
  private readonly freeIdx: Int32Array;
  /** Usable corners of the grown obstacles. */
  readonly corners: Vec[];
  private readonly nC: number;
  /** All-pairs corner distances (row-major nC×nC); Infinity when no path. */
  private readonly cd: Float64Array;
  /** Next corner on the shortest corner-to-corner path (row-major), −1 when none. */
  private readonly nextC: Int32Array;
  /** Grid cell size for distance fields (inches). */
  readonly cell: number;
  private readonly fields = new Map<string, DistanceField>();
  /**
   * Memo of ways that are not straight lines, by exact end points: a direct-mapped table of
   * {@link PATH_SLOTS} places (the slot by a hash of the four coordinates; a new way takes the
   * place of the one there), {@link MEMO_STRIDE} numbers a slot, so that a look-up reads one
   * stretch of memory: the four coordinates (NaN: empty, never equal), the way's length, its first
   * and last corner (−1: no way; the corners between are `nextC`'s) and 1 when `memoPath` holds
   * the {@link Path} object {@link path} made of it (kept, so that asking again returns the same
   * object) — numbers only, so a way {@link pathInto} writes into its caller's scratch keeps no
   * object alive. Made at the first way round a building.
   */
  private memo: Float64Array | null = null;
  /** Per slot of the memo, a tag of its key's hash (0: empty): asked before the slot itself. */
  private memoTag = new Int32Array(0);
  private memoPath: (Path | null)[] = [];
  /** What the last {@link cornerWay} found: the first and last corner (−1: no way) and the length. */
  private wayI = -1;
  private wayJ = -1;
  private wayLen = Infinity;

  /**
   * @param width, height table size (inches)
   * @param obstacles impassable convex polygons (buildings, water)
   * @param radius base radius (inches)
   * @param cell grid cell for distance fields (inches)
   * Throws if an obstacle is not convex.
   */
  constructor(width: number, height: number, obstacles: readonly Polygon[], radius: number, cell = 0.5) {
    this.width = width;
    this.height = height;
    this.radius = radius;
    this.cell = cell;
    this.grown = obstacles.map((p, i) => {
      if (!isConvex(p)) throw new Error(`obstacle ${i} is not convex`);
      const poly = inflateConvex(p, radius);
      return { poly, box: bbox(poly), shape: toHalfPlanes(poly) };
    });
    this.boxes = new Float64Array(4 * this.grown.length);
    this.grown.forEach((g, k) => {
      const b = g.shape.box;
      this.boxes.set([b.minX, b.maxX, b.minY, b.maxY], 4 * k);
    });
    {
      const nx = Math.max(1, Math.ceil(width / FREE_CELL));
      const ny = Math.max(1, Math.ceil(height / FREE_CELL));
      const lists: number[][] = Array.from({ length: nx * ny }, () => []);
      const cellOf = (v: number, n: number): number => Math.min(n - 1, Math.max(0, Math.floor(v / FREE_CELL)));
      this.grown.forEach((g, k) => {
        for (let j = cellOf(g.box.minY, ny); j <= cellOf(g.box.maxY, ny); j++)
          for (let i = cellOf(g.box.minX, nx); i <= cellOf(g.box.maxX, nx); i++) lists[j * nx + i].push(k);
      });
      this.freeNx = nx;
      this.freeNy = ny;
      this.freeAt = new Int32Array(nx * ny + 1);
      for (let c = 0; c < nx * ny; c++) this.freeAt[c + 1] = this.freeAt[c] + lists[c].length;
      this.freeIdx = Int32Array.from(lists.flat());
    }
    // Corners, nudged a hair outward so that paths through them do not count as entering.
    const corners: Vec[] = [];
    for (const g of this.grown) {
      const c = vertexMean(g.poly);
      for (const v of g.poly) {
        const dx = v.x - c.x;
        const dy = v.y - c.y;
        const l = Math.hypot(dx, dy) || 1;
        const p = { x: v.x + (dx / l) * 1e-4, y: v.y + (dy / l) * 1e-4 };
        if (this.isFree(p.x, p.y)) corners.push(p);
      }
    }
    this.corners = corners;
    const n = corners.length;
    this.nC = n;
    this.va = new Int32Array(n);
    this.vb = new Int32Array(n);
    this.lb = new Float64Array(n);
    this.ends = Array.from({ length: END_SLOTS }, () => ({ x: NaN, y: NaN, d: new Float64Array(n), sees: new Int8Array(n) }));
    this.cd = new Float64Array(n * n).fill(Infinity);
    this.nextC = new Int32Array(n * n).fill(-1);
    for (let i = 0; i < n; i++) {
      this.cd[i * n + i] = 0;
      this.nextC[i * n + i] = i;
      for (let j = i + 1; j < n; j++) {
        if (this.clear(corners[i].x, corners[i].y, corners[j].x, corners[j].y)) {
          const d = dist(corners[i].x, corners[i].y, corners[j].x, corners[j].y);
          this.cd[i * n + j] = d;
          this.cd[j * n + i] = d;
          this.nextC[i * n + j] = j;
          this.nextC[j * n + i] = i;
        }
      }
    }
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        const ik = this.cd[i * n + k];
        if (ik === Infinity) continue;
        for (let j = 0; j < n; j++) {
          const via = ik + this.cd[k * n + j];
          if (via < this.cd[i * n + j]) {
            this.cd[i * n + j] = via;
            this.nextC[i * n + j] = this.nextC[i * n + k];
          }
        }
      }
    }
  }

  /** True when a base centred at (x, y) stands inside the table margin and outside every obstacle. */
  isFree(x: number, y: number): boolean {
    const r = this.radius;
    if (x < r - 1e-9 || y < r - 1e-9 || x > this.width - r + 1e-9 || y > this.height - r + 1e-9) return false;
    const i = Math.min(this.freeNx - 1, Math.max(0, Math.floor(x / FREE_CELL)));
    const j = Math.min(this.freeNy - 1, Math.max(0, Math.floor(y / FREE_CELL)));
    const c = j * this.freeNx + i;
    const end = this.freeAt[c + 1];
    for (let k = this.freeAt[c]; k < end; k++) {
      const g = this.grown[this.freeIdx[k]];
      const b = g.box;
      if (x <= b.minX || x >= b.maxX || y <= b.minY || y >= b.maxY) continue;
      // insideConvex(g.shape, x, y) written out (the same test): where this is inlined into a
      // caller and insideConvex is not, the call would box x and y.
      const pl = g.shape.planes;
      let inside = true;
      for (let q = 0; q < pl.length; q += 3) {
        if (pl[q] * x + pl[q + 1] * y >= pl[q + 2] - 1e-7) {
          inside = false;
          break;
        }
      }
      if (inside) return false;
    }
    return true;
  }

  /** {@link isFree} of the point `p`: the same answer, for hot paths (two coordinates passed to a call that is not inlined are boxed; an object is not). */
  isFreeAt(p: Vec): boolean {
    const x = p.x;
    const y = p.y;
    const r = this.radius;
    if (x < r - 1e-9 || y < r - 1e-9 || x > this.width - r + 1e-9 || y > this.height - r + 1e-9) return false;
    const i = Math.min(this.freeNx - 1, Math.max(0, Math.floor(x / FREE_CELL)));
    const j = Math.min(this.freeNy - 1, Math.max(0, Math.floor(y / FREE_CELL)));
    const c = j * this.freeNx + i;
    const end = this.freeAt[c + 1];
    for (let k = this.freeAt[c]; k < end; k++) {
      const g = this.grown[this.freeIdx[k]];
      const b = g.box;
      if (x <= b.minX || x >= b.maxX || y <= b.minY || y >= b.maxY) continue;
      // insideConvex(g.shape, x, y) written out (the same test): not inlined, it would box x and y
      const pl = g.shape.planes;
      let inside = true;
      for (let q = 0; q < pl.length; q += 3) {
        if (pl[q] * x + pl[q + 1] * y >= pl[q + 2] - 1e-7) {
          inside = false;
          break;
        }
      }
      if (inside) return false;
    }
    return true;
  }

  /** True when a base can slide straight from a to b without entering an obstacle. Precondition: both ends free. */
  clear(ax: number, ay: number, bx: number, by: number): boolean {
    const grown = this.grown;
    const boxes = this.boxes;
    // The segment's box once (Math.max/min of the ends, as segmentHitsConvex takes them).
    const x1 = Math.max(ax, bx);
    const x0 = Math.min(ax, bx);
    const y1 = Math.max(ay, by);
    const y0 = Math.min(ay, by);
    for (let i = 0; i < grown.length; i++) {
      const k = 4 * i;
      if (x1 <= boxes[k] || x0 >= boxes[k + 1] || y1 <= boxes[k + 2] || y0 >= boxes[k + 3]) continue;
      if (segmentHitsConvex(grown[i].shape, ax, ay, bx, by)) return false;
    }
    return true;
  }

  /**
   * {@link clear} between two points given as objects (the same answer; written out, so that a
   * caller into which this is inlined passes no coordinates to a call that would box them).
   */
  private clearBetween(a: Vec, b: Vec): boolean {
    const ax = a.x;
    const ay = a.y;
    const bx = b.x;
    const by = b.y;
    const grown = this.grown;
    const boxes = this.boxes;
    const x1 = Math.max(ax, bx);
    const x0 = Math.min(ax, bx);
    const y1 = Math.max(ay, by);
    const y0 = Math.min(ay, by);
    for (let i = 0; i < grown.length; i++) {
      const k = 4 * i;
      if (x1 <= boxes[k] || x0 >= boxes[k + 1] || y1 <= boxes[k + 2] || y0 >= boxes[k + 3]) continue;
      if (segmentHitsConvex(grown[i].shape, ax, ay, bx, by)) return false;
    }
    return true;
  }

  /** Scratch lists of the corners visible from a path's two ends (reused: no allocation per query). */
  private readonly va: Int32Array;
  private readonly vb: Int32Array;
  /**
   * Scratch of {@link cornerWay}: per corner, its lower bound.
   */
  private readonly lb: Float64Array;

  /**
   * What {@link cornerWay} knows of the last few points it was asked about as an end (a legal
   * list asks several ways from one figure): the distance from the point to each corner and
   * whether a base at the point sees it (`sees`: −1 not asked yet, 0 no, 1 yes — `clear` from the
   * point to the corner, asked at most once). The map never changes, so this stays true for the
   * point; slots are reused round robin.
   */
  private readonly ends: { x: number; y: number; d: Float64Array; sees: Int8Array }[];
  private endNext = 0;

  /** The slot of {@link ends} for (x, y), filled in when new; never the slot `not` (the other end's). */
  private endOf(x: number, y: number, not: number): number {
    const ends = this.ends;
    for (let i = 0; i < ends.length; i++) if (ends[i].x === x && ends[i].y === y) return i;
    let k = this.endNext;
    if (k === not) k = (k + 1) % ends.length;
    this.endNext = (k + 1) % ends.length;
    const e = ends[k];
    e.x = x;
    e.y = y;
    const corners = this.corners;
    for (let i = 0; i < this.nC; i++) {
      e.d[i] = dist(x, y, corners[i].x, corners[i].y);
      e.sees[i] = -1;
    }
    return k;
  }

  /** Whether a base at end slot `k`'s point sees corner `c` (asked once per point and corner). */
  private endSees(k: number, c: number): boolean {
    const e = this.ends[k];
    let v = e.sees[c];
    if (v < 0) {
      const p = this.corners[c];
      v = this.clear(e.x, e.y, p.x, p.y) ? 1 : 0;
      e.sees[c] = v;
    }
    return v === 1;
  }

  /** Fill `out` with the corners visible from (x, y); returns how many. */
  private visibleInto(x: number, y: number, out: Int32Array): number {
    let n = 0;
    const corners = this.corners;
    for (let i = 0; i < this.nC; i++) {
      const c = corners[i];
      if (this.clear(x, y, c.x, c.y)) out[n++] = i;
    }
    return n;
  }

  /**
   * Shortest path for a base from a to b, or null when b cannot be reached. Preconditions: both
   * free. The result may be shared with later calls: callers must not modify it. A straight way's
   * points are `a` and `b` themselves; a way round corners, which is kept, holds copies of them
   * (so a caller that reads the result at once may pass scratch points).
   */
  path(a: Vec, b: Vec): Path | null {
    if (this.clear(a.x, a.y, b.x, b.y)) return { points: [a, b], length: dist(a.x, a.y, b.x, b.y) };
    return this.roundPath(a, b);
  }

  /**
   * {@link path} without a new object: the way is written into `out` — a straight one as the points
   * `[a, b]` (a and b themselves), one round corners as `[a, corners…, b]` (a and b themselves, the
   * NavMap's corner points between, never to be modified) — with the same length (the same float)
   * and the same points as {@link path} gives, and `out` returned; null when b cannot be reached.
   * `out` must hold a points array (see {@link newPathScratch}); it grows as needed. What it holds
   * is valid until it is written again (and reads the ends' current coordinates), so a caller keeps
   * one per way it holds at a time.
   */
  pathInto(a: Vec, b: Vec, out: Path): Path | null {
    const pts = out.points as Vec[];
    if (this.clearBetween(a, b)) {
      pts[0] = a;
      pts[1] = b;
      if (pts.length !== 2) pts.length = 2;
      out.length = dist(a.x, a.y, b.x, b.y);
      return out;
    }
    this.roundSlot(a, b);
    const bi = this.wayI;
    if (bi < 0) return null;
    const bj = this.wayJ;
    const n = this.nC;
    const corners = this.corners;
    pts[0] = a;
    let m = 1;
    let k = bi;
    pts[m++] = corners[k];
    while (k !== bj) {
      k = this.nextC[k * n + bj];
      pts[m++] = corners[k];
    }
    pts[m++] = b;
    if (pts.length !== m) pts.length = m;
    out.length = this.wayLen;
    return out;
  }

  /** {@link path} for ends that do not see each other: the memo's way as a kept object (made at the first ask). */
  private roundPath(a: Vec, b: Vec): Path | null {
    const slot = this.roundSlot(a, b);
    const bi = this.wayI;
    if (bi < 0) return null;
    const memo = this.memo as Float64Array;
    const at = MEMO_STRIDE * slot;
    let p = memo[at + 7] === 1 ? this.memoPath[slot] : null;
    if (p === null) {
      // The ends copied: the way is kept and callers may pass scratch points.
      const n = this.nC;
      const bj = this.wayJ;
      const points: Vec[] = [{ x: a.x, y: a.y }];
      let k = bi;
      points.push(this.corners[k]);
      while (k !== bj) {
        k = this.nextC[k * n + bj];
        points.push(this.corners[k]);
      }
      points.push({ x: b.x, y: b.y });
      p = { points, length: this.wayLen };
      this.memoPath[slot] = p;
      memo[at + 7] = 1;
    }
    return p;
  }

  /**
   * The way from a to b (ends that do not see each other) into `wayI`, `wayJ`, `wayLen` (as
   * {@link cornerWay} leaves them): the memo's, else found and put in the memo; returns its slot.
   */
  private roundSlot(a: Vec, b: Vec): number {
    // Ways round buildings are worth remembering: searches ask for the same ones again and again.
    // Keyed by the four coordinates: a slot by a cheap numeric hash, then checked exactly. A table
    // of fixed size costs nothing to keep (a map of lists cost more than the paths it saved in play
    // without search, where few come again).
    const h = hashEnds(a, b);
    const slot = h & (PATH_SLOTS - 1);
    // The slot's tag (the hash's other bits) first: a small table, so that a way not kept — most
    // of them in play without search — costs no read of the large one.
    const tag = (h >>> 16) + 1;
    let memo = this.memo;
    if (memo === null) {
      memo = new Float64Array(MEMO_STRIDE * PATH_SLOTS).fill(NaN);
      this.memo = memo;
      this.memoTag = new Int32Array(PATH_SLOTS);
      this.memoPath = new Array<Path | null>(PATH_SLOTS).fill(null);
    }
    const k = MEMO_STRIDE * slot;
    if (this.memoTag[slot] === tag && memo[k] === a.x && memo[k + 1] === a.y && memo[k + 2] === b.x && memo[k + 3] === b.y) {
      this.wayLen = memo[k + 4];
      this.wayI = memo[k + 5] | 0;
      this.wayJ = memo[k + 6] | 0;
      return slot;
    }
    this.cornerWay(a, b);
    this.memoTag[slot] = tag;
    memo[k] = a.x;
    memo[k + 1] = a.y;
    memo[k + 2] = b.x;
    memo[k + 3] = b.y;
    memo[k + 4] = this.wayLen;
    memo[k + 5] = this.wayI;
    memo[k + 6] = this.wayJ;
    memo[k + 7] = 0;
    return slot;
  }

  /**
   * The shortest path through corners: over the corners `i` seen from `a` and `j` seen from `b`,
   * the least `|a i| + cd(i, j) + |j b|`. A corner `c` can be on such a way only when
   * `|a c| + |c b|` (a lower bound of every way through it) is no more than the shortest way, so
   * corners are taken in order of that bound and asked whether `a` and `b` see them until the
   * bound passes the shortest way found — usually a few corners instead of two sweeps of all.
   * Every corner skipped is longer than the way found by a margin far above rounding, so the pick
   * below — over the corners seen, in corner order, by the same sums in the same order as after
   * two full sweeps — is the one the sweeps make, ties and rounding included. Leaves the way's
   * first and last corner and its length in `wayI`, `wayJ`, `wayLen` (−1, −1, Infinity: none).
   */
  private cornerWay(a: Vec, b: Vec): void {
    const n = this.nC;
    const cd = this.cd;
    const lb = this.lb;
    const listA = this.va;
    const listB = this.vb;
    // The two ends' distances to the corners (the same floats as dist(a, c) and dist(c, b)) and
    // sight of them, kept per point.
    const ka = this.endOf(a.x, a.y, -1);
    const kb = this.endOf(b.x, b.y, ka);
    const da = this.ends[ka].d;
    const db = this.ends[kb].d;
    // Lower bounds, the lowest (the first in corner order) found on the way: the first pick.
    let c = -1;
    let l = Infinity;
    for (let i = 0; i < n; i++) {
      const v = da[i] + db[i];
      lb[i] = v;
      if (v < l) {
        l = v;
        c = i;
      }
    }
    // Sight from both ends, lowest bound first (picked by a scan: a path needs few), the shortest
    // way found kept up to date; a corner picked gets an infinite bound.
    let nA = 0;
    let nB = 0;
    let ub = Infinity;
    for (let k = 0; k < n; k++) {
      if (k > 0) {
        c = -1;
        l = Infinity;
        for (let i = 0; i < n; i++) {
          if (lb[i] < l) {
            l = lb[i];
            c = i;
          }
        }
      }
      if (c < 0 || l > ub + 1e-6 * (1 + ub)) break;
      lb[c] = Infinity;
      if (this.endSees(ka, c)) {
        listA[nA++] = c;
        const row = c * n;
        for (let jj = 0; jj < nB; jj++) {
          const j = listB[jj];
          const d = da[c] + cd[row + j] + db[j];
          if (d < ub) ub = d;
        }
      }
      if (this.endSees(kb, c)) {
        listB[nB++] = c;
        for (let ii = 0; ii < nA; ii++) {
          const i = listA[ii];
          const d = da[i] + cd[i * n + c] + db[c];
          if (d < ub) ub = d;
        }
      }
    }
    this.wayI = -1;
    this.wayJ = -1;
    this.wayLen = Infinity;
    if (nA === 0 || nB === 0) return;
    // The pick, in corner order (the order of two full sweeps): both lists put in corner order.
    sortPrefix(listA, nA);
    sortPrefix(listB, nB);
    let best = Infinity;
    let bi = -1;
    let bj = -1;
    for (let ii = 0; ii < nA; ii++) {
      const i = listA[ii];
      const dai = da[i];
      const row = i * n;
      for (let jj = 0; jj < nB; jj++) {
        const j = listB[jj];
        const d = dai + cd[row + j] + db[j];
        if (d < best) {
          best = d;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) return;
    this.wayI = bi;
    this.wayJ = bj;
    this.wayLen = best;
  }

  /** Geodesic distance from a to b (inches), Infinity when unreachable. */
  distance(a: Vec, b: Vec): number {
    const p = this.path(a, b);
    return p ? p.length : Infinity;
  }

  /**
   * The distance field to a fixed `target` (a free point), built on first use and cached under `key`.
   * Building costs one visibility sweep from the target over the corners; the grid of `approx`
   * fills cell by cell as it is asked. Build it once per scenario and worker.
   */
  field(key: string, target: Vec): DistanceField {
    const cached = this.fields.get(key);
    if (cached) return cached;
    const f = this.buildField(target);
    this.fields.set(key, f);
    return f;
  }

  private buildField(target: Vec): DistanceField {
    const n = this.nC;
    const toT = new Float64Array(n).fill(Infinity);
    const nextT = new Int32Array(n).fill(-1); // next corner toward target, or n meaning "the target itself"
    const vt = new Int32Array(n);
    const nvt = this.visibleInto(target.x, target.y, vt);
    for (let i = 0; i < n; i++) {
      for (let jj = 0; jj < nvt; jj++) {
        const j = vt[jj];
        const d = this.cd[i * n + j] + dist(this.corners[j].x, this.corners[j].y, target.x, target.y);
        if (d < toT[i]) {
          toT[i] = d;
          nextT[i] = i === j ? n : this.nextC[i * n + j];
        }
      }
    }
    const compute = (x: number, y: number): { d: number; via: number } => {
      if (this.clear(x, y, target.x, target.y)) return { d: dist(x, y, target.x, target.y), via: -1 };
      let best = Infinity;
      let via = -2;
      for (let i = 0; i < n; i++) {
        if (toT[i] === Infinity) continue;
        const c = this.corners[i];
        const d0 = dist(x, y, c.x, c.y);
        if (d0 + toT[i] >= best) continue;
        if (!this.clear(x, y, c.x, c.y)) continue;
        best = d0 + toT[i];
        via = i;
      }
      return { d: best, via };
    };
    // Ways from points off the grid are worth remembering, as paths are (NavMap.path): a search
    // asks for the way home from the same places again and again. A direct-mapped table like the
    // path memo's: the slot by a hash of the point, checked exactly (NaN: empty); the distance and
    // the first corner of each way kept. `exact` answers the distance, the corner in `exactVia`.
    const memoKey = new Float64Array(2 * FIELD_SLOTS).fill(NaN);
    const memoD = new Float64Array(FIELD_SLOTS);
    const memoVia = new Int32Array(FIELD_SLOTS);
    let exactVia = -1;
    const exact = (x: number, y: number): number => {
      const slot = hash4(x, y, 0, 0) & (FIELD_SLOTS - 1);
      if (memoKey[2 * slot] !== x || memoKey[2 * slot + 1] !== y) {
        const r = compute(x, y);
        memoKey[2 * slot] = x;
        memoKey[2 * slot + 1] = y;
        memoD[slot] = r.d;
        memoVia[slot] = r.via;
      }
      exactVia = memoVia[slot];
      return memoD[slot];
    };
    // The grid of `approx`: each cell's distance from its centre, worked out when first asked
    // (NaN: not yet) — the same values as a grid filled at once, without its cost at compile time
    // (a Supply Raid's fields cost 230 ms to fill, paid by every process and worker thread, while a
    // game asks a small part of the cells).
    const cols = Math.ceil(this.width / this.cell);
    const rows = Math.ceil(this.height / this.cell);
    const grid = new Float32Array(cols * rows).fill(NaN);
    const corners = this.corners;
    const cell = this.cell;
    const cellValue = (c: number, r: number): number => {
      const x = (c + 0.5) * cell;
      const y = (r + 0.5) * cell;
      return this.isFree(x, y) ? compute(x, y).d : Infinity;
    };
    const approx = (x: number, y: number): number => {
      const c = Math.min(cols - 1, Math.max(0, Math.floor(x / cell)));
      const r = Math.min(rows - 1, Math.max(0, Math.floor(y / cell)));
      const i = r * cols + c;
      let v = grid[i];
      if (v !== v) {
        grid[i] = cellValue(c, r);
        v = grid[i];
      }
      // `+`: the call's result made a number the compiler knows, so that the grid's value is not
      // boxed on every call to merge with it (the same number).
      return v === Infinity ? +exact(x, y) : v;
    };
    return {
      target,
      distanceFrom: (x, y) => exact(x, y),
      approx,
      approxAt: (p) => approx(p.x, p.y),
      pathFrom: (x, y) => {
        const d = exact(x, y);
        if (d === Infinity) return null;
        const points: Vec[] = [{ x, y }];
        let k = exactVia;
        let guard = 0;
        while (k >= 0 && k < n && guard++ <= n) {
          points.push(corners[k]);
          k = nextT[k];
        }
        points.push(target);
        return { points, length: d };
      },
    };
  }

  /**
   * The free point nearest to (x, y) among rings of candidates up to `maxR` inches away, that
   * also satisfies `ok` (e.g. "not on another figure", "visible from the start"); null if none.
   * Deterministic: candidates are tried in a fixed order.
   */
  nearestFree(x: number, y: number, maxR: number, ok: (x: number, y: number) => boolean): Vec | null {
    if (this.isFree(x, y) && ok(x, y)) return { x, y };
    const { dx, dy } = ringOffsets(maxR);
    for (let i = 0; i < dx.length; i++) {
      const px = x + dx[i];
      const py = y + dy[i];
      if (this.isFree(px, py) && ok(px, py)) return { x: px, y: py };
    }
    return null;
  }
}

/** A {@link Path} for {@link NavMap.pathInto} to write a straight way into: two points, length 0. */
export function newPathScratch(): Path {
  return {
    points: [
      { x: 0, y: 0 },
      { x: 0, y: 0 },
    ],
    length: 0,
  };
}

/** Side of the cells of the obstacle grid that {@link NavMap.isFree} looks up (table units). */
const FREE_CELL = 4;

/** Points whose corner distances and sight a NavMap keeps for {@link NavMap.cornerWay}. */
const END_SLOTS = 4;

/** Places of a NavMap's path memo and of each distance field's memo (powers of two). */
const PATH_SLOTS = 65536;
/** Numbers a slot of the path memo holds (see NavMap.memo): a cache line of doubles. */
const MEMO_STRIDE = 8;
const FIELD_SLOTS = 4096;

/** Put the first `n` entries of `a` in ascending order (insertion: the lists are short). */
function sortPrefix(a: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/** A 31-bit hash of four coordinates (for the path memo; equality is checked exactly after). */
const HASH_F = new Float64Array(1);
const HASH_I = new Int32Array(HASH_F.buffer);
/**
 * {@link hash4} of the two points' coordinates (the same number), read here: where the caller is
 * inlined into its own caller and this is not, four coordinates passed would be boxed.
 */
function hashEnds(p: Vec, q: Vec): number {
  let h = 0x811c9dc5;
  HASH_F[0] = p.x;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = p.y;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = q.x;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = q.y;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  return h >>> 1;
}

function hash4(a: number, b: number, c: number, d: number): number {
  let h = 0x811c9dc5;
  HASH_F[0] = a;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = b;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = c;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  HASH_F[0] = d;
  h = Math.imul(h ^ HASH_I[0], 0x01000193) ^ HASH_I[1];
  return h >>> 1;
}

/**
 * The places {@link NavMap.nearestFree} tries after (x, y) itself, as offsets from it, in order:
 * rings of radius r = 0.25, 0.5, … up to `maxR` (r accumulated by adding 0.25), each of
 * k = max(8, ⌈2πr / 0.25⌉) points at angles (i / k) · 2π; offset i is r · cos, r · sin — so
 * x + dx[i] is the same float as the inline x + r · cos(angle). Made once per `maxR` (callers pass
 * a few constants; at most 64 are kept), so a search walks one pair of arrays instead of looking up
 * a ring per radius. Ring j holds the offsets from `start[j]` to `start[j + 1]` (exclusive) and has
 * radius `radius[j]` (every offset of it is that far from (0, 0), to rounding): a walk may pass
 * over a whole ring that a bound shows cannot hold the place it looks for.
 */
const OFFSETS = new Map<number, RingOffsets>();
/** See {@link ringOffsets}. */
export interface RingOffsets {
  dx: Float64Array;
  dy: Float64Array;
  start: Int32Array;
  radius: Float64Array;
}
export function ringOffsets(maxR: number): RingOffsets {
  let o = OFFSETS.get(maxR);
  if (o) return o;
  const step = 0.25;
  const dx: number[] = [];
  const dy: number[] = [];
  const start: number[] = [];
  const radius: number[] = [];
  for (let r = step; r <= maxR + 1e-9; r += step) {
    const k = Math.max(8, Math.ceil((2 * Math.PI * r) / step));
    const ring = ringOf(k);
    start.push(dx.length);
    radius.push(r);
    for (let i = 0; i < k; i++) {
      dx.push(r * ring.cos[i]);
      dy.push(r * ring.sin[i]);
    }
  }
  start.push(dx.length);
  o = { dx: Float64Array.from(dx), dy: Float64Array.from(dy), start: Int32Array.from(start), radius: Float64Array.from(radius) };
  if (OFFSETS.size < 64) OFFSETS.set(maxR, o);
  return o;
}

/** Cosines and sines of the angles (i / k) · 2π, i < k: computed once per k, the same floats as inline. */
const RINGS = new Map<number, { cos: Float64Array; sin: Float64Array }>();
function ringOf(k: number): { cos: Float64Array; sin: Float64Array } {
  let ring = RINGS.get(k);
  if (!ring) {
    const cos = new Float64Array(k);
    const sin = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      const a = (i / k) * 2 * Math.PI;
      cos[i] = Math.cos(a);
      sin[i] = Math.sin(a);
    }
    ring = { cos, sin };
    RINGS.set(k, ring);
  }
  return ring;
}
