/**
 * Plane geometry for continuous tabletop maps. All lengths are in inches (the table's unit),
 * angles in radians, y grows "down the table" (north = small y) — only the story text cares.
 */

/** A point or vector on the table, in inches. */
export interface Vec {
  readonly x: number;
  readonly y: number;
}

/** A simple polygon: vertices in order (either winding), implicitly closed. */
export type Polygon = readonly Vec[];

/** Axis-aligned bounding box, in inches. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Tolerance used by the geometric predicates (inches). */
export const EPS = 1e-9;

/** A point (inches). */
export function vec(x: number, y: number): Vec {
  return { x, y };
}

/** Euclidean distance between (ax, ay) and (bx, by), in inches. */
export function dist(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Euclidean distance between two points, in inches. */
export function distV(a: Vec, b: Vec): number {
  return dist(a.x, a.y, b.x, b.y);
}

/** Length of a polyline (sum of its segments), in inches. */
export function pathLength(points: readonly Vec[]): number {
  let s = 0;
  for (let i = 1; i < points.length; i++) s += distV(points[i - 1], points[i]);
  return s;
}

/**
 * The point at distance `d` along a polyline from its first point; the last point when `d`
 * exceeds the length. Precondition: at least one point.
 */
export function pointAlong(points: readonly Vec[], d: number): Vec {
  return pointAlongInto(points, d, { x: 0, y: 0 });
}

/**
 * {@link pointAlong} written into `out` (the same floats, no allocation): for loops that try many
 * distances along one path and keep few of the points. Returns `out`.
 */
export function pointAlongInto(points: readonly Vec[], d: number, out: { x: number; y: number }): Vec {
  let left = d;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = distV(a, b);
    if (left <= l) {
      if (l < EPS) {
        out.x = b.x;
        out.y = b.y;
        return out;
      }
      const t = left / l;
      out.x = a.x + (b.x - a.x) * t;
      out.y = a.y + (b.y - a.y) * t;
      return out;
    }
    left -= l;
  }
  const last = points[points.length - 1];
  out.x = last.x;
  out.y = last.y;
  return out;
}

/**
 * {@link pointAlongInto} at the distance `ds[k]` (a scratch the caller wrote: the same point), for
 * hot paths — a distance passed to a call that is not inlined is boxed, an array and an index are not.
 */
export function pointAlongIntoAt(points: readonly Vec[], ds: ArrayLike<number>, k: number, out: { x: number; y: number }): Vec {
  let left = ds[k];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = distV(a, b);
    if (left <= l) {
      if (l < EPS) {
        out.x = b.x;
        out.y = b.y;
        return out;
      }
      const t = left / l;
      out.x = a.x + (b.x - a.x) * t;
      out.y = a.y + (b.y - a.y) * t;
      return out;
    }
    left -= l;
  }
  const last = points[points.length - 1];
  out.x = last.x;
  out.y = last.y;
  return out;
}

/**
 * How {@link truncatePath} cuts `points` at distance `d`, without building the copy: returns how
 * many of the polyline's own points it keeps (k ≥ 1: points[0 … k−1]) and writes the point it adds
 * after them into `cut` — NaN in both coordinates when it adds none (the whole polyline is kept).
 * The same floats as truncatePath; allocates nothing. Precondition: at least one point.
 */
export function truncateInto(points: readonly Vec[], d: number, cut: { x: number; y: number }): number {
  let left = d;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = distV(a, b);
    if (left < l - EPS) {
      const t = left / l;
      cut.x = a.x + (b.x - a.x) * t;
      cut.y = a.y + (b.y - a.y) * t;
      return i;
    }
    left -= l;
  }
  cut.x = NaN;
  cut.y = NaN;
  return points.length;
}

/** The polyline cut at distance `d` from its start (keeps the vertices before the cut). */
export function truncatePath(points: readonly Vec[], d: number): Vec[] {
  const out: Vec[] = [points[0]];
  let left = d;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = distV(a, b);
    if (left < l - EPS) {
      const t = left / l;
      out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      return out;
    }
    out.push(b);
    left -= l;
  }
  return out;
}

/** Signed area (positive when counter-clockwise in a y-up frame). */
export function signedArea(poly: Polygon): number {
  let s = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    s += poly[j].x * poly[i].y - poly[i].x * poly[j].y;
  }
  return s / 2;
}

/** The centroid (mean of vertices) of a polygon: a cheap interior point for convex shapes. */
export function vertexMean(poly: Polygon): Vec {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / poly.length, y: y / poly.length };
}

/** Bounding box of a polygon. */
export function bbox(poly: Polygon): Box {
  const b: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of poly) {
    if (p.x < b.minX) b.minX = p.x;
    if (p.y < b.minY) b.minY = p.y;
    if (p.x > b.maxX) b.maxX = p.x;
    if (p.y > b.maxY) b.maxY = p.y;
  }
  return b;
}

/** True when the polygon is convex (no reflex vertex; collinear vertices allowed). */
export function isConvex(poly: Polygon): boolean {
  let sign = 0;
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const c = poly[(i + 2) % n];
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(cross) < EPS) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Point-in-polygon by ray casting. Points exactly on the boundary may fall either way. */
export function pointInPolygon(px: number, py: number, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const xi = poly[i].x;
    const yi = poly[i].y;
    const xj = poly[j].x;
    const yj = poly[j].y;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/**
 * True when the open segments p1–p2 and p3–p4 cross properly (they share a point that is interior
 * to both). Touching at an endpoint or running along each other does not count: paths may graze
 * obstacle corners.
 */
export function segmentsCross(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  p3x: number,
  p3y: number,
  p4x: number,
  p4y: number,
): boolean {
  const d1 = orient(p3x, p3y, p4x, p4y, p1x, p1y);
  const d2 = orient(p3x, p3y, p4x, p4y, p2x, p2y);
  const d3 = orient(p1x, p1y, p2x, p2y, p3x, p3y);
  const d4 = orient(p1x, p1y, p2x, p2y, p4x, p4y);
  const e = 1e-12;
  return ((d1 > e && d2 < -e) || (d1 < -e && d2 > e)) && ((d3 > e && d4 < -e) || (d3 < -e && d4 > e));
}

/**
 * True when segment a–b passes through the interior of `poly`: it properly crosses an edge, or
 * its midpoint (or an endpoint) lies strictly inside. A segment that only runs along an edge or
 * touches a vertex does not enter.
 */
export function segmentEntersPolygon(ax: number, ay: number, bx: number, by: number, poly: Polygon): boolean {
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (segmentsCross(ax, ay, bx, by, poly[j].x, poly[j].y, poly[i].x, poly[i].y)) return true;
  }
  // No proper crossing: the segment is wholly inside or wholly outside (up to boundary contact).
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  return strictlyInside(mx, my, poly) || strictlyInside(ax, ay, poly) || strictlyInside(bx, by, poly);
}

/**
 * {@link segmentEntersPolygon} of the segment `seg` = (ax, ay, bx, by): the same answer, for hot
 * paths (four coordinates passed to a call that is not inlined are boxed, an array is not).
 */
export function segmentEntersPolygonOf(seg: Float64Array, poly: Polygon): boolean {
  const ax = seg[0];
  const ay = seg[1];
  const bx = seg[2];
  const by = seg[3];
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    // segmentsCross(ax, ay, bx, by, p, q) written out (the same floats; the call would box them)
    const px = poly[j].x;
    const py = poly[j].y;
    const qx = poly[i].x;
    const qy = poly[i].y;
    const d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px);
    const d2 = (qx - px) * (by - py) - (qy - py) * (bx - px);
    const d3 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    const d4 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    const e = 1e-12;
    if (((d1 > e && d2 < -e) || (d1 < -e && d2 > e)) && ((d3 > e && d4 < -e) || (d3 < -e && d4 > e))) return true;
  }
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  return strictlyInside(mx, my, poly) || strictlyInside(ax, ay, poly) || strictlyInside(bx, by, poly);
}

/** Point strictly inside a polygon (more than a hair away from its boundary). */
export function strictlyInside(px: number, py: number, poly: Polygon, tol = 1e-7): boolean {
  if (!pointInPolygon(px, py, poly)) return false;
  return distToPolygonBoundary(px, py, poly) > tol;
}

/** Distance from a point to segment a–b, in inches. */
export function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return dist(px, py, ax + t * dx, ay + t * dy);
}

/** Distance from a point to the boundary of a polygon, in inches. */
export function distToPolygonBoundary(px: number, py: number, poly: Polygon): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const d = distToSegment(px, py, poly[j].x, poly[j].y, poly[i].x, poly[i].y);
    if (d < best) best = d;
  }
  return best;
}

/** Distance from a point to a polygon (0 inside), in inches. */
export function distToPolygon(px: number, py: number, poly: Polygon): number {
  if (pointInPolygon(px, py, poly)) return 0;
  return distToPolygonBoundary(px, py, poly);
}

/** The point of segment a–b nearest to p. */
export function nearestOnSegment(px: number, py: number, a: Vec, b: Vec): Vec {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/** The point of a polygon (boundary or interior) nearest to p. */
export function nearestPointOfPolygon(px: number, py: number, poly: Polygon): Vec {
  if (pointInPolygon(px, py, poly)) return { x: px, y: py };
  const best = { x: poly[0].x, y: poly[0].y };
  nearestOnBoundaryInto(px, py, poly, best);
  return best;
}

/**
 * The point of a polygon's boundary nearest to p, written into `out` without allocating (each
 * edge's {@link nearestOnSegment} point, edges from the last vertex's to the first, the first
 * nearest kept); returns its distance from p (same unit as the points; Infinity, `out` untouched,
 * for a polygon without vertices). Whether p is inside is not asked.
 */
export function nearestOnBoundaryInto(px: number, py: number, poly: Polygon, out: { x: number; y: number }): number {
  let bd = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j];
    const ex = poly[i].x - a.x;
    const ey = poly[i].y - a.y;
    const l2 = ex * ex + ey * ey;
    let t = l2 > 0 ? ((px - a.x) * ex + (py - a.y) * ey) / l2 : 0;
    t = Math.max(0, Math.min(1, t));
    const x = a.x + t * ex;
    const y = a.y + t * ey;
    const d = dist(px, py, x, y);
    if (d < bd) {
      bd = d;
      out.x = x;
      out.y = y;
    }
  }
  return bd;
}

/**
 * Grow a convex polygon outward by `r` inches (mitred corners): the set of positions a round base
 * of radius `r` cannot take. Precondition: `poly` is convex with no repeated vertices.
 */
export function inflateConvex(poly: Polygon, r: number): Vec[] {
  const ccw = signedArea(poly) > 0;
  const n = poly.length;
  // Offset each edge outward, then intersect consecutive offset lines.
  const lines: { px: number; py: number; dx: number; dy: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l = Math.hypot(dx, dy);
    // Outward normal: for CCW (y-up maths) the outward normal of edge (dx,dy) is (dy,-dx).
    let nx = dy / l;
    let ny = -dx / l;
    if (!ccw) {
      nx = -nx;
      ny = -ny;
    }
    lines.push({ px: a.x + nx * r, py: a.y + ny * r, dx, dy });
  }
  const out: Vec[] = [];
  for (let i = 0; i < n; i++) {
    const l1 = lines[(i + n - 1) % n];
    const l2 = lines[i];
    const den = l1.dx * l2.dy - l1.dy * l2.dx;
    if (Math.abs(den) < EPS) {
      out.push({ x: l2.px, y: l2.py });
      continue;
    }
    const t = ((l2.px - l1.px) * l2.dy - (l2.py - l1.py) * l2.dx) / den;
    out.push({ x: l1.px + l1.dx * t, y: l1.py + l1.dy * t });
  }
  return out;
}

/** Rectangle polygon from its corners (x0,y0)–(x1,y1). */
export function rect(x0: number, y0: number, x1: number, y1: number): Vec[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** Angle of the vector from a to b, radians in (−π, π]. */
export function angleTo(ax: number, ay: number, bx: number, by: number): number {
  return Math.atan2(by - ay, bx - ax);
}

/** Absolute difference between two angles, in [0, π]. */
export function angleDiff(a: number, b: number): number {
  let d = Math.abs(a - b) % (2 * Math.PI);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return d;
}

/**
 * A convex polygon as half-planes `nx·x + ny·y ≤ c` (one per edge, outward normals), for fast
 * point and segment tests. Build with {@link toHalfPlanes}.
 */
export interface ConvexShape {
  /** Per edge: nx, ny, c (3 numbers an edge). */
  readonly planes: Float64Array;
  readonly box: Box;
}

/** Half-plane form of a convex polygon (either winding). */
export function toHalfPlanes(poly: Polygon): ConvexShape {
  const ccw = signedArea(poly) > 0;
  const n = poly.length;
  const planes = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l = Math.hypot(dx, dy) || 1;
    let nx = dy / l;
    let ny = -dx / l;
    if (!ccw) {
      nx = -nx;
      ny = -ny;
    }
    planes[i * 3] = nx;
    planes[i * 3 + 1] = ny;
    planes[i * 3 + 2] = nx * a.x + ny * a.y;
  }
  return { planes, box: bbox(poly) };
}

/** True when (x, y) is inside the convex shape by more than `tol` inches (boundary contact is outside). */
export function insideConvex(shape: ConvexShape, x: number, y: number, tol = 1e-7): boolean {
  const p = shape.planes;
  for (let i = 0; i < p.length; i += 3) if (p[i] * x + p[i + 1] * y >= p[i + 2] - tol) return false;
  return true;
}

/**
 * True when segment a–b passes through the interior of the convex shape (Cyrus–Beck clipping
 * against the shape shrunk by `tol`): grazing a corner or running along an edge does not count.
 */
export function segmentHitsConvex(shape: ConvexShape, ax: number, ay: number, bx: number, by: number, tol = 1e-7): boolean {
  const b = shape.box;
  if (Math.max(ax, bx) <= b.minX || Math.min(ax, bx) >= b.maxX || Math.max(ay, by) <= b.minY || Math.min(ay, by) >= b.maxY) return false;
  const p = shape.planes;
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  for (let i = 0; i < p.length; i += 3) {
    const den = p[i] * dx + p[i + 1] * dy;
    const num = p[i + 2] - tol - (p[i] * ax + p[i + 1] * ay);
    if (den === 0) {
      if (num <= 0) return false;
      continue;
    }
    const t = num / den;
    if (den < 0) {
      if (t > t0) t0 = t;
    } else if (t < t1) t1 = t;
    if (t0 >= t1) return false;
  }
  return (t1 - t0) * Math.sqrt(dx * dx + dy * dy) > 1e-9;
}

/** The parameters t ∈ (0, 1) along a–b where the boundary of `poly` meets it (crossings and vertices on it). */
function cutsAlong(a: Vec, b: Vec, poly: Polygon): number[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const ts: number[] = [];
  if (len2 === 0) return ts;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const p = poly[j];
    const q = poly[i];
    // A vertex of poly on a–b.
    if (distToSegment(q.x, q.y, a.x, a.y, b.x, b.y) < 1e-9) ts.push(((q.x - a.x) * dx + (q.y - a.y) * dy) / len2);
    if (segmentsCross(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y)) {
      // a + t (b − a) = p + u (q − p): solve for t.
      const ex = q.x - p.x;
      const ey = q.y - p.y;
      const den = dx * ey - dy * ex;
      ts.push(((p.x - a.x) * ey - (p.y - a.y) * ex) / den);
    }
  }
  return ts.filter((t) => t > 1e-12 && t < 1 - 1e-12);
}

/**
 * The middle of a piece of the boundary of `a` (cut where the boundary of `b` meets it) that runs
 * strictly inside `b`, or null when every piece lies outside `b` or on its boundary. Counts the
 * pieces that lie on the boundary of `b` into `onB.n` and all pieces into `onB.all`.
 */
function boundaryEnters(a: Polygon, b: Polygon, onB: { n: number; all: number }): Vec | null {
  const n = a.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const p = a[j];
    const q = a[i];
    const ts = [0, ...cutsAlong(p, q, b), 1].sort((x, y) => x - y);
    for (let k = 1; k < ts.length; k++) {
      if (ts[k] - ts[k - 1] < 1e-12) continue;
      const t = (ts[k] + ts[k - 1]) / 2;
      const mx = p.x + t * (q.x - p.x);
      const my = p.y + t * (q.y - p.y);
      onB.all++;
      if (distToPolygonBoundary(mx, my, b) <= 1e-7) onB.n++;
      else if (pointInPolygon(mx, my, b)) return { x: mx, y: my };
    }
  }
  return null;
}

/**
 * True when the interiors of two simple polygons (either winding, any shape, convex or not) share
 * some area: one crosses, contains or equals the other. Polygons that only touch — along an edge
 * or at a corner — do not overlap. Tolerance about 1e-7 in the polygons' unit. Cost O(n·m·log) in
 * their vertex counts.
 */
export function polygonsOverlap(a: Polygon, b: Polygon): boolean {
  return overlapPoint(a, b) !== null;
}

/**
 * A point where two simple polygons overlap (see {@link polygonsOverlap}), or null when they do
 * not: a point of the boundary of one strictly inside the other (the middle of the first such
 * piece of boundary found), or for two polygons with the same outline the mean of the first's
 * vertices. Meant for marking the overlap on a map, not as its centre.
 */
export function overlapPoint(a: Polygon, b: Polygon): Vec | null {
  const ba = bbox(a);
  const bb = bbox(b);
  if (ba.maxX <= bb.minX + 1e-7 || bb.maxX <= ba.minX + 1e-7 || ba.maxY <= bb.minY + 1e-7 || bb.maxY <= ba.minY + 1e-7) return null;
  const onB = { n: 0, all: 0 };
  const onA = { n: 0, all: 0 };
  const p = boundaryEnters(a, b, onB) ?? boundaryEnters(b, a, onA);
  if (p) return p;
  // No piece of either boundary inside the other: they are apart (or touch), unless their
  // boundaries are the same curve (the same area drawn twice).
  return onB.n === onB.all && onA.n === onA.all ? vertexMean(a) : null;
}
