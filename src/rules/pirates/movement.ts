/**
 * Movement planning for Pirates! (§4): allowances, slow ground, paths, where a move stops.
 * Pure functions of the state; nothing here changes it.
 */
import {
  type Vec,
  type Polygon,
  dist,
  distToPolygon,
  pathLength,
  pointAlong,
  pointInPolygon,
  segmentsCross,
  truncatePath,
  segmentHitsConvex,
} from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import type { Area } from './compile.js';
import { ACTIVE, FLEEING, type PiratesState } from './state.js';

/** Allowances for one move: the full allowance and the one over broken ground or uphill (inches). */
export interface Allowance {
  full: number;
  slow: number;
}

/**
 * The movement allowance of figure `f` this turn (§4.B–C), halved when carrying booty (§11.C)
 * and halved again for move & fight / move & fire (§6) when `half` is set.
 */
export function allowanceOf(s: PiratesState, f: number, half: boolean): Allowance {
  const info = s.sc.figures[f];
  const o = info.side * 4 + (info.mounted ? 2 : 0);
  let full = s.moveAllow[o];
  let slow = s.moveAllow[o + 1];
  let div = 1;
  if (s.booty[f]) div *= 2;
  if (half) div *= 2;
  full /= div;
  slow /= div;
  return { full, slow };
}

/** True when the base of a figure at (x, y) touches a cover area (§5.B(2) "Defender in cover"). */
export function inCover(s: PiratesState, x: number, y: number): boolean {
  const r = s.sc.radius;
  for (const a of s.sc.cover) {
    const b = a.box;
    if (x < b.minX - r || x > b.maxX + r || y < b.minY - r || y > b.maxY + r) continue;
    if (distToPolygon(x, y, a.poly) <= r + 1e-9) return true;
  }
  return false;
}

/** True when nothing blocks the line of sight between two points (buildings block; figures do not). */
export function lineOfSight(s: PiratesState, ax: number, ay: number, bx: number, by: number): boolean {
  const blockers = s.sc.sightShapes;
  for (let i = 0; i < blockers.length; i++) if (segmentHitsConvex(blockers[i], ax, ay, bx, by)) return false;
  return true;
}

/** Distance along a segment a→b (fraction 0..1) at which it first meets the polygon's boundary, or −1. */
function firstHit(ax: number, ay: number, bx: number, by: number, poly: Polygon): number {
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

function entryAlong(points: readonly Vec[], areas: readonly Area[], startInsideCounts: boolean): number {
  const p0 = points[0];
  let best = Infinity;
  for (const a of areas) {
    if (pointInPolygon(p0.x, p0.y, a.poly)) {
      if (startInsideCounts) return 0;
      continue;
    }
    let walked = 0;
    for (let i = 1; i < points.length; i++) {
      const p = points[i - 1];
      const q = points[i];
      const l = dist(p.x, p.y, q.x, q.y);
      if (walked >= best) break;
      const b = a.box;
      if (!(Math.max(p.x, q.x) < b.minX || Math.min(p.x, q.x) > b.maxX || Math.max(p.y, q.y) < b.minY || Math.min(p.y, q.y) > b.maxY)) {
        const t = firstHit(p.x, p.y, q.x, q.y, a.poly);
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

/**
 * How far along `points` a figure with allowance `al` may go (§4.B): the full allowance, unless the
 * way enters broken ground (or starts on it) or climbs onto a hill; then the 2d10 allowance — but a
 * figure may always go up to the edge of such ground on its full allowance.
 */
export function reachAlong(s: PiratesState, points: readonly Vec[], al: Allowance): number {
  const e = Math.min(entryAlong(points, s.sc.broken, true), entryAlong(points, s.sc.hills, false));
  if (e >= al.full) return al.full;
  if (e <= al.slow) return al.slow;
  return Math.max(0, e - 0.01);
}

/** True when no other figure on the table (active or fleeing) overlaps a base centred at (x, y). */
export function placeFree(s: PiratesState, x: number, y: number, ignore: number, ignore2 = -1): boolean {
  const d2 = 2 * s.sc.radius - 1e-6;
  const lim = d2 * d2;
  const st = s.status;
  for (let g = 0; g < st.length; g++) {
    if (g === ignore || g === ignore2) continue;
    if (st[g] !== ACTIVE && st[g] !== FLEEING) continue;
    const dx = s.x[g] - x;
    const dy = s.y[g] - y;
    if (dx * dx + dy * dy < lim) return false;
  }
  return true;
}

/** A planned move: where it ends, the way taken and its length (inches). */
export interface MovePlan {
  points: Vec[];
  to: Vec;
  length: number;
  /** The limit that applied (inches), after slow ground. */
  limit: number;
}

/**
 * Plan a move of figure `f` along `path`, stopping `stopShort` inches before its end, within `al`,
 * at the furthest point that is free of other bases and satisfies `extra` (e.g. band cohesion).
 * Backs off along the way in quarter-inch steps. Returns null when it cannot move at all.
 */
export function planAlong(
  s: PiratesState,
  f: number,
  path: Path,
  stopShort: number,
  al: Allowance,
  extra: ((x: number, y: number) => boolean) | null,
): MovePlan | null {
  let pts = path.points;
  let want = path.length - stopShort;
  if (want <= 1e-6) return null;
  const limit = reachAlong(s, pts, al);
  if (want > limit) want = limit;
  for (let d = want; d > 0.05; d -= 0.25) {
    const p = pointAlong(pts, d);
    if (placeFree(s, p.x, p.y, f) && (extra === null || extra(p.x, p.y))) {
      pts = truncatePath(pts, d);
      return { points: pts, to: p, length: pathLength(pts), limit };
    }
  }
  return null;
}

/** The nearest place (straight-line) where a base stands touching cover, or null if there is no cover. */
export function nearestCoverPoint(s: PiratesState, x: number, y: number): Vec | null {
  const sp = s.sc.coverSpots;
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

/** Centre (mean position) of a list of figures. */
export function centreOf(s: PiratesState, figs: ArrayLike<number>, n: number): Vec {
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    x += s.x[figs[i]];
    y += s.y[figs[i]];
  }
  return { x: x / n, y: y / n };
}
