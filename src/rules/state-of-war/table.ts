/**
 * State of War's glue to the table kit (src/core/table): the kit answers paths, free places, base
 * contact, cover areas, heights and building sight; this file adds what the sheet rules differently
 * from the kit's generic shapes — a move's reach with every cm of difficult ground costing 2 [W9]
 * and cavalry paying for the sum of the turns along the route [W10] (the kit's reachAlong is the
 * "allowance drops on entering slow ground" rule, and its turnSteps counts one turn), fences and
 * walls as lines that stop a move and give cover [W5][W17], and woods that hide only what is beyond
 * them [W14]. Pure functions of the state; all lengths in cm.
 */
import {
  type Vec,
  angleDiff,
  angleTo,
  dist as geoDist,
  distToPolygon,
  distToSegment,
  pointInPolygon,
  segmentEntersPolygon,
  segmentEntersPolygonOf,
  segmentsCross,
} from '../../core/geometry.js';
import {
  type FigureView,
  inBaseContact,
  inContactAt,
  inContactWithAny,
  nearestAbleDist,
  nearestFigure,
  stateView,
} from '../../core/table/index.js';
import { CONTACT_TOLERANCE, type FenceSeg, type SowScenario } from './compile.js';
import { ACTIVE, DISABLED, type SowState } from './state.js';
import { COVER_DIE, type Cover, DIFFICULT_FACTOR, moveRate, turnCost } from './tables.js';
/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

const RAD2DEG = 180 / Math.PI;
/** Cover classes, weakest first (for the kit's coverAt ranking). */
const COVER_RANK = ['soft', 'hard'];

/**
 * The figures of a state as the table kit sees them (dead and gone figures take no room). The view
 * reads the state's arrays live, so one is kept per state object (never copied by a clone).
 */
export function viewOf(s: SowState): FigureView {
  return stateView(s, DISABLED);
}

/** True when (x, y) lies in difficult ground (the table's slow ground). */
export function inDifficult(sc: SowScenario, x: number, y: number): boolean {
  for (const a of sc.table.slowGround) {
    const b = a.box;
    if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) continue;
    if (pointInPolygon(x, y, a.poly)) return true;
  }
  return false;
}

/** True when the leg a→b comes within the bounding box of some difficult ground. */
function legMeetsDifficult(sc: SowScenario, ax: number, ay: number, bx: number, by: number): boolean {
  for (const a of sc.table.slowGround) {
    const b = a.box;
    if (Math.max(ax, bx) < b.minX || Math.min(ax, bx) > b.maxX || Math.max(ay, by) < b.minY || Math.min(ay, by) > b.maxY) continue;
    return true;
  }
  return false;
}

/** Height of the ground at (x, y): the highest hill containing it, else 0. */
export function heightAt(sc: SowScenario, x: number, y: number): number {
  return sc.table.heightAt(x, y);
}

/**
 * Distance along the straight leg a→b at which it first crosses a fence or wall (properly), and
 * that fence's index; null when it crosses none.
 */
export function fenceCrossing(sc: SowScenario, ax: number, ay: number, bx: number, by: number): { t: number; fence: number } | null {
  let best: { t: number; fence: number } | null = null;
  for (const f of sc.fenceSegs) {
    if (!segmentsCross(ax, ay, bx, by, f.ax, f.ay, f.bx, f.by)) continue;
    const rx = bx - ax;
    const ry = by - ay;
    const sx = f.bx - f.ax;
    const sy = f.by - f.ay;
    const den = rx * sy - ry * sx;
    if (den === 0) continue;
    const u = ((f.ax - ax) * sy - (f.ay - ay) * sx) / den;
    const t = u * Math.hypot(rx, ry);
    if (best === null || t < best.t) best = { t, fence: f.fence };
  }
  return best;
}

/**
 * True when a fence or wall line crosses the line between figures f and g where they stand:
 * {@link fenceCrossing} of their centres is not null (the same tests, in the same order), with the
 * coordinates read here (four passed to a call that is not inlined are boxed) and no crossing made.
 */
export function fenceBetween(s: SowState, f: number, g: number): boolean {
  const ax = s.x[f];
  const ay = s.y[f];
  const bx = s.x[g];
  const by = s.y[g];
  const segs = s.sc.fenceSegs;
  for (let i = 0; i < segs.length; i++) {
    const e = segs[i];
    if (!segmentsCross(ax, ay, bx, by, e.ax, e.ay, e.bx, e.by)) continue;
    const rx = bx - ax;
    const ry = by - ay;
    const sx = e.bx - e.ax;
    const sy = e.by - e.ay;
    if (rx * sy - ry * sx === 0) continue;
    return true;
  }
  return false;
}

/** Distance from (x, y) to the nearest fence or wall line, and which; fence −1 when there are none. */
export function nearestFence(sc: SowScenario, x: number, y: number): { d: number; fence: number; seg: number } {
  return { d: fenceDistance(sc, x, y), fence: NEAR_FENCE.fence, seg: NEAR_FENCE.seg };
}

/** Distance (cm) from (x, y) to the nearest fence or wall line (Infinity when none); which one is left in {@link NEAR_FENCE}. */
function fenceDistance(sc: SowScenario, x: number, y: number): number {
  let bd = Infinity;
  let fence = -1;
  let seg = -1;
  const segs = sc.fenceSegs;
  for (let i = 0; i < segs.length; i++) {
    const f = segs[i];
    const d = distToSegment(x, y, f.ax, f.ay, f.bx, f.by);
    if (d < bd) {
      bd = d;
      fence = f.fence;
      seg = i;
    }
  }
  NEAR_FENCE.fence = fence;
  NEAR_FENCE.seg = seg;
  return bd;
}

/** The line {@link fenceDistance} found last: its fence index and segment, −1 when none. */
const NEAR_FENCE = { fence: -1, seg: -1 };

/** The outcome of walking a route for one move action. */
export interface Reach {
  /** Distance along the route the figure may go (cm). */
  dist: number;
  /** Allowance used (cm): route cost plus turning. */
  cost: number;
  /** Degrees turned up to that point (mounted figures pay for them). */
  turned: number;
  /** True when the walk stopped at a fence or wall. */
  fence: boolean;
  /** Cm of the route walked (up to {@link dist}) inside difficult ground, each costing 2 [W9]. */
  difficult: number;
}

/**
 * How close (cm) a moving base's edge comes to a fence or wall line before the move stops [W5],
 * [W11]: a base may touch the line, never pass over it or over its end (since ruleset 1.4.0, audit
 * D3: before, only the centre's route was tested, so bases passed over fence ends).
 */
export const FENCE_STOP = 0.1;
/** A base whose centre is within the radius + this (cm) of a fence or wall line stands by it ({@link reachAlong}). */
const FENCE_BY = 0.15;

/**
 * Entry distance (0..l) along the leg {@link LEG} (from (ax, ay) in unit direction (ux, uy), of
 * length l) into the capsule of radius `LEG[5]` round the fence segment `seg` (p→q, of length
 * `len`); Infinity when it does not enter it. The leg and radius are read from the scratch, not
 * passed (doubles passed to a call that is not inlined are boxed: eleven a call).
 */
function capsuleEntry(seg: FenceSeg): number {
  const leg = LEG;
  const ax = leg[0];
  const ay = leg[1];
  const ux = leg[2];
  const uy = leg[3];
  const l = leg[4];
  const rad = leg[5];
  const px = seg.ax;
  const py = seg.ay;
  const qx = seg.bx;
  const qy = seg.by;
  const len = seg.len;
  let best = Infinity;
  // The two end discs.
  for (let k = 0; k < 2; k++) {
    const cx = k === 0 ? px : qx;
    const cy = k === 0 ? py : qy;
    const wx = cx - ax;
    const wy = cy - ay;
    const proj = wx * ux + wy * uy;
    const perp2 = wx * wx + wy * wy - proj * proj;
    if (perp2 > rad * rad) continue;
    const t = proj - Math.sqrt(rad * rad - perp2);
    if (t >= 0 && t <= l && t < best) best = t;
  }
  // The band along the segment: s in [0, len], n in [−rad, rad] (Liang–Barsky).
  if (len > 1e-12) {
    const vx = (qx - px) / len;
    const vy = (qy - py) / len;
    const s0 = (ax - px) * vx + (ay - py) * vy;
    const n0 = (ax - px) * -vy + (ay - py) * vx;
    const ds = ux * vx + uy * vy;
    const dn = ux * -vy + uy * vx;
    // Liang–Barsky: each constraint p·t ≤ q narrows [t0, t1]; empty → no entry. Written out as
    // a loop over the four constraints (a closure made per call was a quarter of State of War's time).
    CLIP[0] = -ds;
    CLIP[1] = s0;
    CLIP[2] = ds;
    CLIP[3] = len - s0;
    CLIP[4] = -dn;
    CLIP[5] = n0 + rad;
    CLIP[6] = dn;
    CLIP[7] = rad - n0;
    let t0 = 0;
    let t1 = l;
    let inside = true;
    for (let c = 0; c < 8; c += 2) {
      const p = CLIP[c];
      const q = CLIP[c + 1];
      if (Math.abs(p) < 1e-15) {
        if (q < 0) {
          inside = false;
          break;
        }
        continue;
      }
      const r = q / p;
      if (p < 0) {
        if (r > t0) t0 = r;
      } else if (r < t1) t1 = r;
      if (t0 > t1) {
        inside = false;
        break;
      }
    }
    if (inside && t0 < best) best = t0;
  }
  return best;
}

/** The leg {@link capsuleEntry} reads: ax, ay, ux, uy, l, and the capsule's radius. */
const LEG = new Float64Array(6);

/** Scratch of {@link capsuleEntry}: the four Liang–Barsky constraints (p, q) pairs. */
const CLIP = new Float64Array(8);

/**
 * Parameters (0..1, ascending, 0 and 1 included) where the leg a→b crosses the edges of difficult
 * ground, written to {@link CUTS} (grown when short); returns how many. No allocation per call.
 */
function difficultCuts(sc: SowScenario, from: Vec, to: Vec): number {
  const ax = from.x;
  const ay = from.y;
  const bx = to.x;
  const by = to.y;
  let cuts = CUTS;
  cuts[0] = 0;
  let n = 1;
  for (const g of sc.table.slowGround) {
    const b = g.box;
    if (Math.max(ax, bx) < b.minX || Math.min(ax, bx) > b.maxX || Math.max(ay, by) < b.minY || Math.min(ay, by) > b.maxY) continue;
    const poly = g.poly;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const px = poly[j].x;
      const py = poly[j].y;
      const sx = poly[i].x - px;
      const sy = poly[i].y - py;
      const rx = bx - ax;
      const ry = by - ay;
      const den = rx * sy - ry * sx;
      if (Math.abs(den) < 1e-15) continue;
      const t = ((px - ax) * sy - (py - ay) * sx) / den;
      const u = ((px - ax) * ry - (py - ay) * rx) / den;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) {
        if (n + 1 >= cuts.length) {
          const grown = new Float64Array(2 * cuts.length);
          grown.set(cuts);
          cuts = CUTS = grown;
        }
        // Insertion in ascending order (the few crossings of one leg).
        let k = n++;
        while (k > 0 && cuts[k - 1] > t) {
          cuts[k] = cuts[k - 1];
          k--;
        }
        cuts[k] = t;
      }
    }
  }
  cuts[n++] = 1;
  return n;
}

/** Scratch of {@link difficultCuts}: the cuts of the leg being walked. */
let CUTS = new Float64Array(16);

/**
 * How far along `points` a figure may go with one move action ([W8]–[W10], [W5]): its allowance
 * (12 cm on foot, 24 mounted), each cm in difficult ground costing 2 — measured exactly, the route
 * cut where it crosses the edge of difficult ground (since ruleset 1.4.0, audit D2: before, half-cm
 * steps were classed by their middles, so a move could use up to 0.25 cm more than its allowance)
 * — a mounted figure paying 6 cm per 45° of turning, pro rata (from `facing` to the first leg and at
 * each bend), and stopping where its base would pass over a fence or wall line or its end (the
 * base's edge {@link FENCE_STOP} from it). A fence the base already stands by (its centre within
 * the radius + 0.15 cm of the line) stops the move only where the centre's route crosses it, a
 * radius + 0.1 cm short of the crossing, so a figure by a fence may move along or away from it.
 */
export function reachAlong(sc: SowScenario, points: readonly Vec[], facing: number, mounted: boolean): Reach {
  const facings = ONE_FACING;
  facings[0] = facing;
  return reachAlongInto(sc, points, facings, 0, mounted, { dist: 0, cost: 0, turned: 0, fence: false, difficult: 0 });
}

/** {@link reachAlong}'s facing as a list of one, for {@link reachAlongInto} (read at once). */
const ONE_FACING: number[] = [0.5];

/** Write a reach (see {@link Reach}) into `out`, fields set once each. */
function setReach(out: Reach, d: number, cost: number, turned: number, fence: boolean, difficult: number): Reach {
  out.dist = d;
  out.cost = cost;
  out.turned = turned;
  out.fence = fence;
  out.difficult = difficult;
  return out;
}

/**
 * {@link reachAlong} written into `out` (the same numbers; no allocation), the facing before read
 * as `facings[f]` (a figure's facing in its state: no double passed, which a call not inlined
 * boxes): for a caller that reads the reach at once and keeps none of it. Returns `out`.
 */
export function reachAlongInto(
  sc: SowScenario,
  points: readonly Vec[],
  facings: readonly number[],
  f: number,
  mounted: boolean,
  out: Reach,
): Reach {
  const facing = facings[f];
  const allowance = moveRate(mounted);
  const r = sc.radius;
  // Fence: the first place along the route where the base would reach a fence or wall line.
  let limit = Infinity;
  let walked = 0;
  const p0 = points[0];
  // A line the base meets only past the allowance changes nothing (the walk below stops at the
  // allowance first, every cm costing at least 1): legs beyond it are not asked. Nor is a line
  // whose box lies further than the stop distance from the leg's box (it cannot come within it).
  const far = r + FENCE_STOP + 1e-6;
  const segs = sc.fenceSegs;
  for (let i = 1; i < points.length && limit === Infinity && walked <= allowance + 1; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = dist(a.x, a.y, b.x, b.y);
    if (l < 1e-12) continue;
    const ux = (b.x - a.x) / l;
    const uy = (b.y - a.y) / l;
    const leg = LEG;
    leg[0] = a.x;
    leg[1] = a.y;
    leg[2] = ux;
    leg[3] = uy;
    leg[4] = l;
    const lx0 = Math.min(a.x, b.x) - far;
    const lx1 = Math.max(a.x, b.x) + far;
    const ly0 = Math.min(a.y, b.y) - far;
    const ly1 = Math.max(a.y, b.y) + far;
    for (let j = 0; j < segs.length; j++) {
      const f = segs[j];
      if (Math.max(f.ax, f.bx) < lx0 || Math.min(f.ax, f.bx) > lx1 || Math.max(f.ay, f.by) < ly0 || Math.min(f.ay, f.by) > ly1) continue;
      // The start's distance to the line (segDist, inline: the same floats).
      const sdx = f.bx - f.ax;
      const sdy = f.by - f.ay;
      const sl2 = sdx * sdx + sdy * sdy;
      const st = sl2 > 0 ? Math.max(0, Math.min(1, ((p0.x - f.ax) * sdx + (p0.y - f.ay) * sdy) / sl2)) : 0;
      const d0 = dist(p0.x, p0.y, f.ax + st * sdx, f.ay + st * sdy);
      if (d0 <= r + FENCE_BY) {
        // Standing by this line already: it may move along it or away, never nearer it than it
        // stands, nor nearer than the base touching it (the base's edge FENCE_STOP off): a move stops
        // where the centre comes nearer the line than min(radius + FENCE_STOP, where it stood). Since
        // ruleset 1.5.0, third outside reading A2: before, only a crossing of the line stopped it
        // (a radius + 0.1 short along the route), so a move along the line at a slant ended with
        // the base 0.09 cm over it.
        leg[5] = Math.min(r + FENCE_STOP, d0) - 1e-6;
        const t = capsuleEntry(f);
        if (t < Infinity) limit = Math.min(limit, walked + t);
        continue;
      }
      leg[5] = r + FENCE_STOP;
      const t = capsuleEntry(f);
      if (t < Infinity) limit = Math.min(limit, walked + t);
    }
    walked += l;
  }
  limit = Math.max(0, limit);
  let cost = 0;
  let turned = 0;
  let heading = facing;
  let done = 0;
  let hard = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = dist(a.x, a.y, b.x, b.y);
    if (l < 1e-9) continue;
    if (mounted) {
      // Only a rider pays for turning: the heading is worked out for him alone.
      const dir = angleTo(a.x, a.y, b.x, b.y);
      const t = turned + angleDiff(heading, dir) * RAD2DEG;
      if (turnCost(t) + cost > allowance + 1e-9) return setReach(out, done, cost + turnCost(turned), turned, false, hard);
      turned = t;
      heading = dir;
    }
    const turning = mounted ? turnCost(turned) : 0;
    // The leg in pieces, cut where it crosses the edge of difficult ground; each piece costs 1 or 2 a cm.
    const meets = legMeetsDifficult(sc, a.x, a.y, b.x, b.y);
    const nCuts = meets ? difficultCuts(sc, a, b) : 2;
    const cuts = meets ? CUTS : WHOLE;
    for (let k = 1; k < nCuts; k++) {
      const seg = (cuts[k] - cuts[k - 1]) * l;
      if (seg < 1e-12) continue;
      const mid = (cuts[k] + cuts[k - 1]) / 2;
      const slow = meets && inDifficult(sc, a.x + (b.x - a.x) * mid, a.y + (b.y - a.y) * mid);
      const factor = slow ? DIFFICULT_FACTOR : 1;
      const byCost = Math.max(0, (allowance - turning - cost) / factor);
      const byFence = limit - done;
      if (byCost < seg - 1e-12 || byFence < seg - 1e-12) {
        // Part of the piece: as far as the allowance or the fence lets it go.
        const extra = Math.max(0, Math.min(byCost, byFence));
        return setReach(out, done + extra, cost + extra * factor + turning, turned, byFence <= byCost, hard + (slow ? extra : 0));
      }
      cost += seg * factor;
      done += seg;
      if (slow) hard += seg;
    }
  }
  return setReach(out, done, cost + (mounted ? turnCost(turned) : 0), turned, false, hard);
}

/** The cuts of a leg that meets no difficult ground. */
const WHOLE = new Float64Array([0, 1]);

/** True when figures f and g stand in base contact (centres within 2 radii + 0.3 cm, [W20]). */
export function inContact(s: SowState, f: number, g: number): boolean {
  return inBaseContact(viewOf(s), f, g, s.sc.contact - 2 * s.sc.radius);
}

/** True when an active enemy stands in base contact with f ([W7], [W20]; {@link contacts} without the list). */
export function engaged(s: SowState, f: number): boolean {
  const sc = s.sc;
  return inContactWithAny(viewOf(s), f, sc.sides[1 - sc.figures[f].side].figures, sc.contact - 2 * sc.radius);
}

/** True when no active enemy of `side` stands in base contact with a figure at (x, y) (the kit's inContactAt, 2 radii + 0.3 cm, [W20]). */
export function clearOfEnemies(s: SowState, side: number, x: number, y: number): boolean {
  return !inContactAt(viewOf(s), x, y, s.sc.sides[1 - side].figures, CONTACT_TOLERANCE);
}

/** Active enemies in base contact with f, nearest first. */
export function contacts(s: SowState, f: number): number[] {
  const sc = s.sc;
  const out: number[] = [];
  for (const e of sc.sides[1 - sc.figures[f].side].figures) if (s.status[e] === ON && inContact(s, f, e)) out.push(e);
  out.sort((a, b) => dist(s.x[f], s.y[f], s.x[a], s.y[a]) - dist(s.x[f], s.y[f], s.x[b], s.y[b]) || a - b);
  return out;
}

/** True when a figure at (x, y) stands in the wood `a` (its base touches or is inside it). */
function touches(sc: SowScenario, poly: readonly Vec[], x: number, y: number): boolean {
  return distToPolygon(x, y, poly) <= sc.radius + 1e-9;
}

/**
 * Line of sight [W14]: buildings block; a wood blocks a line through it unless one end stands in
 * that wood; figures do not block, nor does the objective (the wagon: impassable, but no terrain
 * the sheet names as blocking or cover; audit D4, a reading kept).
 */
export function lineOfSight(sc: SowScenario, ax: number, ay: number, bx: number, by: number): boolean {
  if (!sc.table.lineOfSight(ax, ay, bx, by)) return false;
  const woods = sc.woods;
  for (let i = 0; i < woods.length; i++) {
    const w = woods[i];
    // A line whose box misses the wood's cannot enter it (nor end inside it).
    const b = w.box;
    if (Math.max(ax, bx) < b.minX || Math.min(ax, bx) > b.maxX || Math.max(ay, by) < b.minY || Math.min(ay, by) > b.maxY) continue;
    if (!segmentEntersPolygon(ax, ay, bx, by, w.poly)) continue;
    if (touches(sc, w.poly, ax, ay) || touches(sc, w.poly, bx, by)) continue;
    return false;
  }
  return true;
}

/**
 * {@link lineOfSight} between figures f and g where they stand: the same answer, for hot loops —
 * the figures by index and the segment in a scratch (four coordinates passed to a call that is not
 * inlined are boxed, an allocation a call).
 */
export function lineOfSightOf(s: SowState, f: number, g: number): boolean {
  const sc = s.sc;
  if (!sc.table.lineOfSightOf(s.x, s.y, f, g)) return false;
  const woods = sc.woods;
  if (woods.length === 0) return true;
  const ax = s.x[f];
  const ay = s.y[f];
  const bx = s.x[g];
  const by = s.y[g];
  for (let i = 0; i < woods.length; i++) {
    const w = woods[i];
    const b = w.box;
    if (Math.max(ax, bx) < b.minX || Math.min(ax, bx) > b.maxX || Math.max(ay, by) < b.minY || Math.min(ay, by) > b.maxY) continue;
    const seg = SIGHT_SEG;
    seg[0] = ax;
    seg[1] = ay;
    seg[2] = bx;
    seg[3] = by;
    if (!segmentEntersPolygonOf(seg, w.poly)) continue;
    if (touches(sc, w.poly, ax, ay) || touches(sc, w.poly, bx, by)) continue;
    return false;
  }
  return true;
}

/** Scratch segment of {@link lineOfSightOf} (read at once). */
const SIGHT_SEG = new Float64Array(4);

/** How close (cm) to a target's base edge a fence or wall the line of fire crosses gives cover [W17]. */
export const FENCE_COVER_REACH = 3;

/**
 * The cover of a target at (tx, ty) shot from (fx, fy) [W17], and what gave it (`by`: the id of
 * the area, building or fence, `higher ground`, or null in the open): the best of the areas its
 * base touches, a fence or wall the line of fire crosses within 3 cm of its **base edge** (3 cm +
 * the radius from its centre), and soft for a target on higher ground than the firer. On equal
 * cover the first found counts (areas in scenario order, then fences, then the ground).
 */
export function coverSourceOf(sc: SowScenario, fx: number, fy: number, tx: number, ty: number): { cover: Cover; by: string | null } {
  const cover = coverClass(sc, fx, fy, tx, ty);
  return { cover, by: COVER_BY.by };
}

/** What gave the cover {@link coverClass} found last (see {@link coverSourceOf}'s `by`). */
const COVER_BY: { by: string | null } = { by: null };

/** {@link coverSourceOf}'s cover without the object: what gave it is left in {@link COVER_BY}. */
function coverClass(sc: SowScenario, fx: number, fy: number, tx: number, ty: number): Cover {
  let c: Cover = 'open';
  let by: string | null = null;
  const area = sc.table.coverAt(tx, ty, COVER_RANK);
  if (area) {
    c = area.cover as Cover;
    by = area.id;
  }
  const l = dist(fx, fy, tx, ty);
  for (const f of sc.fenceSegs) {
    if (!segmentsCross(fx, fy, tx, ty, f.ax, f.ay, f.bx, f.by)) continue;
    // Distance from the target to the crossing.
    const rx = fx - tx;
    const ry = fy - ty;
    const sx = f.bx - f.ax;
    const sy = f.by - f.ay;
    const den = rx * sy - ry * sx;
    if (den === 0) continue;
    const u = ((f.ax - tx) * sy - (f.ay - ty) * sx) / den;
    const fc = sc.fences[f.fence].cover;
    if (u * l <= FENCE_COVER_REACH + sc.radius && COVER_DIE[fc] > COVER_DIE[c]) {
      c = fc;
      by = sc.fences[f.fence].id;
    }
  }
  if (COVER_DIE.soft > COVER_DIE[c] && sc.table.uphill(fx, fy, tx, ty)) {
    c = 'soft';
    by = 'higher ground';
  }
  COVER_BY.by = by;
  return c;
}

/** The cover class of a target at (tx, ty) shot from (fx, fy) [W17] (see {@link coverSourceOf}). */
export function coverOf(sc: SowScenario, fx: number, fy: number, tx: number, ty: number): Cover {
  return coverClass(sc, fx, fy, tx, ty);
}

/** How close (cm) to a fence or wall line a base edge stands to be in its cover, whoever looks [W31]. */
export const FENCE_STAND_REACH = 0.5;

/**
 * What puts a figure at (x, y) in cover, whatever the enemy's position (morale's "+1 in cover"
 * [W31], the `cover` destination and agents): the id of the first cover area or building its base
 * touches, else of the nearest fence or wall line within 0.5 cm of its base edge (either side);
 * null when none.
 */
export function coverSourceAt(sc: SowScenario, x: number, y: number): string | null {
  const a = sc.table.coverAt(x, y);
  if (a) return a.id;
  const nf = nearestFence(sc, x, y);
  return nf.fence >= 0 && nf.d <= sc.radius + FENCE_STAND_REACH ? sc.fences[nf.fence].id : null;
}

/** True when the figure at (x, y) is in any cover (area or fence) — for morale's +1 and agents. */
export function inCoverAt(sc: SowScenario, x: number, y: number): boolean {
  return sc.table.inCover(x, y) || fenceDistance(sc, x, y) <= sc.radius + FENCE_STAND_REACH;
}

/** The point on the side's rear edge straight behind (x, y). */
export function rearPoint(sc: SowScenario, side: number, x: number, y: number): Vec {
  return rearPointInto(sc, side, x, y, { x: 0, y: 0 });
}

/** {@link rearPoint} written into `out` (the same numbers, no allocation); returns `out`. */
export function rearPointInto(sc: SowScenario, side: number, x: number, y: number, out: { x: number; y: number }): Vec {
  out.x = x;
  out.y = y;
  return rearPointAt(sc, side, out, out);
}

/** {@link rearPointInto} of the point `p` (read here: no coordinates passed, which a call not inlined boxes); `out` may be `p`. */
export function rearPointAt(sc: SowScenario, side: number, p: Vec, out: { x: number; y: number }): Vec {
  const x = p.x;
  const y = p.y;
  const r = sc.radius + 0.01;
  switch (sc.sides[side].rear) {
    case 'north':
      out.x = x;
      out.y = r;
      break;
    case 'south':
      out.x = x;
      out.y = sc.height - r;
      break;
    case 'west':
      out.x = r;
      out.y = y;
      break;
    default:
      out.x = sc.width - r;
      out.y = y;
  }
  return out;
}

/** Distance (cm) from (x, y) to the side's rear edge. */
export function rearDistance(sc: SowScenario, side: number, x: number, y: number): number {
  switch (sc.sides[side].rear) {
    case 'north':
      return y;
    case 'south':
      return sc.height - y;
    case 'west':
      return x;
    default:
      return sc.width - x;
  }
}

/** The active enemy of `side` nearest to (x, y) (the kit's nearestFigure; ties: the lower index), or −1. */
export function foeOf(s: SowState, side: number, x: number, y: number): number {
  return nearestFigure(viewOf(s), s.sc.sides[1 - side].figures, x, y, true);
}

/** Distance (cm) from (x, y) to the nearest active enemy of `side` ({@link foeOf}; the kit's nearestAbleDist); Infinity when there is none. */
export function foeDistance(s: SowState, side: number, x: number, y: number): number {
  return nearestAbleDist(viewOf(s), s.sc.sides[1 - side].figures, x, y);
}
