/**
 * Moves on a measured table: how far along a route a figure may go (allowance, slow ground,
 * other bases, a ruleset's extra test such as cohesion), and group moves measured from the group's
 * centre. Lengths in the table's unit.
 */
import { type Vec, dist, pathLength, pointAlongInto, truncatePath } from '../geometry.js';
import type { Path } from '../nav.js';
import type { Table } from './table.js';
import { type FigureView, centreOf, placeFree } from './figures.js';

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
  for (let d = want; d > 0.05; d -= step) {
    pointAlongInto(pts, d, p);
    if (placeFree(v, p.x, p.y, f) && (extra === null || extra(p.x, p.y))) {
      const route = truncatePath(pts, d);
      return { points: route, to: { x: p.x, y: p.y }, length: pathLength(route), limit };
    }
  }
  return null;
}

/** Scratch point of {@link planAlong}'s walk back along a route (no allocation per step). */
const ALONG: { x: number; y: number } = { x: 0, y: 0 };

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
  /** The route the centre was steered along (start = the centre, or the nearest free place to it). */
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
}

/**
 * A group move measured from the centre (Pirates! §4.D: "total distance is from the center of the
 * group to the center of the group's new position"): the movers' centre is steered along the
 * shortest way toward the destination; each mover takes a place near the new centre, keeping its
 * offset from the old centre (clamped to `formation`), free of every other base, reachable in a
 * straight line from the new centre. Guarantees, or returns null:
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
    const p = table.nav.nearestFree(c.x, c.y, 4 * o.formation + 12, () => true);
    if (!p) return null;
    start = p;
  }
  const lead = dist(c.x, c.y, start.x, start.y);
  const r = o.route(start);
  if (!r) return null;
  const limit = table.reachAlong(r.path.points, o.full, o.slow);
  let want = Math.min(r.path.length - r.stopShort, limit - lead);
  if (want <= 0.05) return null;
  const isMover = new Uint8Array(v.x.length);
  for (const f of movers) isMover[f] = 1;
  const lim2 = (2 * v.radius - 1e-6) ** 2;
  const mates = o.mates;
  const mateLim = mates.map((g) => movers.map((f) => Math.max(o.gap, dist(v.x[f], v.y[f], v.x[g], v.y[g])) + 1e-9));
  // The place test of the mover being placed, made once: it reads the try's new centre, the bases
  // near it, the places taken so far and the mover's index from the variables below.
  let nc: Vec = c;
  let near: number[] = [];
  let placed: Vec[] = [];
  let checkMates = false;
  let i = 0;
  const formationReach = o.formation + 1;
  const test = (x: number, y: number): boolean => {
    if (dist(x, y, nc.x, nc.y) > formationReach) return false;
    for (let j = 0; j < near.length; j++) {
      const g = near[j];
      if ((v.x[g] - x) ** 2 + (v.y[g] - y) ** 2 < lim2) return false;
    }
    for (const p of placed) if ((p.x - x) ** 2 + (p.y - y) ** 2 < lim2) return false;
    if (checkMates) for (let m = 0; m < mates.length; m++) if (dist(x, y, v.x[mates[m]], v.y[mates[m]]) > mateLim[m][i]) return false;
    return table.clear(nc.x, nc.y, x, y);
  };
  // The full move, then shorter ones (¾, ½, ¼ of it): each try costs a placement of every mover.
  const full = want;
  for (let k = 4; k >= 1; k--) {
    want = (full * k) / 4;
    if (want <= 0.05) break;
    const route = truncatePath(r.path.points, want);
    nc = route[route.length - 1];
    // Only bases near the new centre can be in the way (a place is within formation + 1 of it).
    const reach = o.formation + 1 + 2 * v.radius + 1e-6;
    near = [];
    for (let g = 0; g < v.x.length; g++) {
      if (isMover[g] || !v.occupies(g)) continue;
      if (Math.abs(v.x[g] - nc.x) <= reach && Math.abs(v.y[g] - nc.y) <= reach) near.push(g);
    }
    // Band-mates who stay: every place is within formation + 1 of the new centre, so a mate too far
    // from it rules this move out at once, and one near enough can never be broken.
    checkMates = false;
    let reachable = true;
    for (let m = 0; m < mates.length && reachable; m++) {
      const dm = dist(nc.x, nc.y, v.x[mates[m]], v.y[mates[m]]);
      let lo = Infinity;
      let hi = 0;
      for (const l of mateLim[m]) {
        lo = Math.min(lo, l);
        hi = Math.max(hi, l);
      }
      if (dm - (o.formation + 1) > hi) reachable = false;
      else if (dm + o.formation + 1 > lo) checkMates = true;
    }
    if (!reachable) continue;
    placed = [];
    let ok = true;
    for (i = 0; i < n && ok; i++) {
      const f = movers[i];
      let ox = v.x[f] - c.x;
      let oy = v.y[f] - c.y;
      const ol = Math.sqrt(ox * ox + oy * oy);
      if (ol > o.formation) {
        ox *= o.formation / ol;
        oy *= o.formation / ol;
      }
      // Cheap tests first; the straight line from the new centre (a segment test) last.
      const p = table.nav.nearestFree(nc.x + ox, nc.y + oy, o.formation + 1, test);
      if (p) placed.push(p);
      else ok = false;
    }
    if (!ok) continue;
    let mx = 0;
    let my = 0;
    for (const p of placed) {
      mx += p.x;
      my += p.y;
    }
    const centre = { x: mx / n, y: my / n };
    const distance = dist(c.x, c.y, centre.x, centre.y);
    if (distance > limit + 1e-9) continue;
    const places: GroupPlace[] = movers.map((f, i) => lazyPlace(table, f, { x: v.x[f], y: v.y[f] }, placed[i]));
    return { from: c, centre, distance, limit, route, places };
  }
  return null;
}

/** A {@link GroupPlace} whose route is found on first read (then kept). */
function lazyPlace(table: Table, f: number, from: Vec, to: Vec): GroupPlace {
  let points: Vec[] | null = null;
  return {
    f,
    to,
    get points(): Vec[] {
      if (points === null) {
        const p = table.path(from, to);
        points = p ? p.points : [from, to];
      }
      return points;
    },
  };
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
