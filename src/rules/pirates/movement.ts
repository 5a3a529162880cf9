/**
 * Moving and cohesion for Pirates! (§4, §3.F): the destination vocabulary, band cohesion, where a
 * figure's own move stops (on the table kit, src/core/table/), why a move found no place, and
 * carrying a move out (arriving at the objective, landing booty, §11.C).
 */
import { type Vec, angleTo, dist, pointAlong, pointInPolygon } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import {
  type MovePlan,
  type NearestHit,
  PlaceFinder,
  type Table,
  awayPoint,
  cohesionTest,
  nearestAble,
  placeFree,
  planAlong,
} from '../../core/table/index.js';
import { COHESION, GROUP_STOP_SHORT } from './action.js';
import { ACTIVE, type PiratesState } from './state.js';
import { bandMembers } from './bands.js';
import { allowanceOf, centreOf, inCover, reachAlong, viewOf } from './table.js';
import { type PiratesCtx, facingData, r2, viaData } from './events.js';

export type { MovePlan } from '../../core/table/index.js';

// ───────────────────────────── destinations and move plans ─────────────────────────────

/** Scratch answer of the kit's nearestAble (the nearest active enemy): no object per call. */
const NEAR: NearestHit = { f: -1, d: Infinity };

/** Where a destination key leads from `from`: the path to follow and how far short of its end to stop. */
export function destination(
  s: PiratesState,
  key: string,
  from: Vec,
  side: number,
  group: boolean,
  self: number,
): { path: Path; stopShort: number } | null {
  const sc = s.sc;
  const nav = sc.nav;
  if (key === 'obj' || key === 'home') {
    const z = key === 'obj' ? sc.objective : sc.home;
    const path = z.field.pathFrom(from.x, from.y);
    return path ? { path, stopShort: 0 } : null;
  }
  if (key.startsWith('foe:')) {
    const t = sc.foeIndex.get(key);
    if (t === undefined || s.status[t] !== ACTIVE || sc.figures[t].side === side) return null;
    const path = nav.path(from, { x: s.x[t], y: s.y[t] });
    return path ? { path, stopShort: group ? GROUP_STOP_SHORT : 2 * sc.radius } : null;
  }
  if (key === 'cover') {
    const p = coverPointFrom(s, side, from.x, from.y);
    const path = p ? nav.path(from, p) : null;
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'away') {
    const e = nearestAble(viewOf(s), sc.sides[1 - side].figures, from.x, from.y, NEAR).f;
    if (e < 0) return null;
    // Straight away from it, 12 in or as far short of that as a base can stand.
    const p = awayPoint(sc.table, from, s.x[e], s.y[e], 12);
    const path = p ? nav.path(from, p) : null;
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'band') {
    const b = s.band[self];
    const others = bandMembers(s, b).filter((f) => f !== self);
    if (others.length === 0) return null;
    // Toward the band-mate nearest the centre of the others (always a free place).
    const c = centreOf(s, others, others.length);
    let near = others[0];
    for (const g of others) if (dist(c.x, c.y, s.x[g], s.y[g]) < dist(c.x, c.y, s.x[near], s.y[near])) near = g;
    const path = nav.path(from, { x: s.x[near], y: s.y[near] });
    return path ? { path, stopShort: 2 * sc.radius } : null;
  }
  return null;
}

/**
 * Where the `cover` destination leads from (x, y) for side `side` (since 1.4.0): the nearest place
 * (straight line) where a base stands in cover from the nearest active enemy — a cover area it
 * touches lies between them (§5 "Cover", {@link coverFrom}'s test); when there is none, or no
 * enemy, the nearest place touching cover. Under 1.3.0's cover "between", the nearest cover of all
 * may be at the figure's back and hide him from nothing.
 */
export function coverPointFrom(s: PiratesState, side: number, x: number, y: number): Vec | null {
  const t = s.sc.table;
  const e = nearestAble(viewOf(s), s.sc.sides[1 - side].figures, x, y, NEAR).f;
  if (e < 0) return t.nearestCoverPoint(x, y);
  const ex = s.x[e];
  const ey = s.y[e];
  const sp = t.coverSpots;
  let best = -1;
  let bd = Infinity;
  for (let i = 0; i < sp.length; i += 2) {
    const d = (sp[i] - x) ** 2 + (sp[i + 1] - y) ** 2;
    if (d < bd && t.coverFrom(ex, ey, sp[i], sp[i + 1]) !== null) {
      bd = d;
      best = i;
    }
  }
  return best < 0 ? t.nearestCoverPoint(x, y) : { x: sp[best], y: sp[best + 1] };
}

/**
 * Destination keys worth offering to a figure or band centre at `from` (small decisions:
 * docs/ARCHITECTURE.md, "Small decisions"):
 * the objective and home unless already there, the two nearest enemies further than `near`,
 * cover unless already in cover from the nearest enemy (or, with none, touching cover), away when an enemy is within 12 in, and (for a figure `solo` of a band)
 * back to its band when more than 3 in from its band-mates' centre. Where the way leads is
 * worked out when the move is made; a move that finds no room stays put.
 */
export function destinationKeys(s: PiratesState, from: Vec, side: number, solo: number, near: number): string[] {
  const n = destinationKeysInto(s, from, side, solo, near, DK_KEYS);
  return DK_KEYS.slice(0, n);
}

/** Scratch list of {@link destinationKeys}. */
const DK_KEYS: string[] = [];

/**
 * {@link destinationKeys} written into the first places of `keys` (a list reused by the caller;
 * places beyond are left as they were), returning how many. `foeDist`, when the caller has worked
 * them out: the distances from `from` to the enemies (`sc.sides[1 - side].figures`, by position in
 * that list; only the active ones are read), each as `dist(from.x, from.y, x, y)` gives it.
 */
export function destinationKeysInto(
  s: PiratesState,
  from: Vec,
  side: number,
  solo: number,
  near: number,
  keys: string[],
  foeDist?: Float64Array,
): number {
  const sc = s.sc;
  let nk = 0;
  if (!pointInPolygon(from.x, from.y, sc.objective.poly)) nk = putKey(keys, nk, 'obj');
  if (!pointInPolygon(from.x, from.y, sc.home.poly)) nk = putKey(keys, nk, 'home');
  // The two nearest active enemies (ties keep the earlier).
  let nn = 0;
  let f1 = -1;
  let d1 = 0;
  let f2 = -1;
  let d2 = 0;
  const foes = sc.sides[1 - side].figures;
  for (let i = 0; i < foes.length; i++) {
    const e = foes[i];
    if (s.status[e] !== ACTIVE) continue;
    const d = foeDist === undefined ? dist(from.x, from.y, s.x[e], s.y[e]) : foeDist[i];
    if (nn < 2 || d < d2) {
      if (nn === 0) {
        f1 = e;
        d1 = d;
      } else if (d1 > d) {
        f2 = f1;
        d2 = d1;
        f1 = e;
        d1 = d;
      } else {
        f2 = e;
        d2 = d;
      }
      if (nn < 2) nn++;
    }
  }
  if (nn > 0 && d1 > near) nk = putKey(keys, nk, sc.figures[f1].foeKey);
  if (nn > 1 && d2 > near) nk = putKey(keys, nk, sc.figures[f2].foeKey);
  if (sc.cover.length > 0 && !(nn > 0 ? sc.table.coverFrom(s.x[f1], s.y[f1], from.x, from.y) !== null : inCover(s, from.x, from.y)))
    nk = putKey(keys, nk, 'cover');
  if (nn > 0 && d1 <= 12) nk = putKey(keys, nk, 'away');
  if (solo >= 0) {
    const b = s.band[solo];
    let n = 0;
    let cx = 0;
    let cy = 0;
    // A band's members are of its side: its figures (in id order, so the sums are the same) are
    // enough — unless `solo` is in no band, when every figure in none counts.
    const figs = b >= 0 ? sc.sides[s.bandSide[b]].figures : null;
    const m = figs === null ? s.band.length : figs.length;
    for (let i = 0; i < m; i++) {
      const g = figs === null ? i : figs[i];
      if (g === solo || s.band[g] !== b || s.status[g] !== ACTIVE) continue;
      n++;
      cx += s.x[g];
      cy += s.y[g];
    }
    if (n > 0 && dist(from.x, from.y, cx / n, cy / n) > 3) nk = putKey(keys, nk, 'band');
  }
  return nk;
}

/** Put `key` at place `n` of `keys` and return n + 1. */
function putKey(keys: string[], n: number, key: string): number {
  if (n < keys.length) keys[n] = key;
  else keys.push(key);
  return n + 1;
}

/**
 * §3.F cohesion for a figure moving on its own, categorical and pair by pair ("all figures must be
 * within 6 inches of all other figures in his band"): it must end within 6 inches of every other
 * active member — where it already stands further from one, no further from that one than now (a
 * straggler closes up; it never loosens the rule toward the others). Null outside a band.
 */
export function cohesionRule(s: PiratesState, f: number): ((x: number, y: number) => boolean) | null {
  const b = s.band[f];
  if (b < 0) return null;
  // bandMates into a scratch list (the test copies what it needs).
  const n = s.band.length;
  if (CR_MATES.length < n) CR_MATES = new Int32Array(n);
  let k = 0;
  const figs = s.sc.sides[s.bandSide[b]].figures;
  for (let i = 0; i < figs.length; i++) {
    const g = figs[i];
    if (g !== f && s.band[g] === b && s.status[g] === ACTIVE) CR_MATES[k++] = g;
  }
  return cohesionTest(viewOf(s), f, CR_MATES, COHESION, k);
}

/** Scratch of {@link cohesionRule}: the band-mates. */
let CR_MATES = new Int32Array(64);

/** The other ACTIVE members of `f`'s band, in id order (empty outside a band). */
export function bandMates(s: PiratesState, f: number): number[] {
  const b = s.band[f];
  const out: number[] = [];
  if (b < 0) return out;
  for (const g of s.sc.sides[s.bandSide[b]].figures) if (g !== f && s.band[g] === b && s.status[g] === ACTIVE) out.push(g);
  return out;
}

/** The plan of figure `f` moving alone toward destination `key` (full allowance), or null. */
export function soloMovePlan(s: PiratesState, f: number, key: string): MovePlan | null {
  const from = { x: s.x[f], y: s.y[f] };
  const side = s.sc.figures[f].side;
  const d = destination(s, key, from, side, false, f);
  if (!d) return null;
  const al = allowanceOf(s, f, false);
  return planAlong(s.sc.table, viewOf(s), f, d.path, d.stopShort, al.full, al.slow, cohesionRule(s, f));
}

/** The plan of figure `f` moving alone to exact coordinates, or the reason it cannot (§4). */
export function exactMovePlan(s: PiratesState, f: number, x: number, y: number): MovePlan | string {
  const sc = s.sc;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (x < 0 || y < 0 || x > sc.width || y > sc.height) return `(${x}, ${y}) is off the table (${sc.width} × ${sc.height} in)`;
  if (!sc.nav.isFree(x, y)) return `(${x}, ${y}) is inside a building, water or too close to the table edge`;
  const path = sc.nav.path({ x: s.x[f], y: s.y[f] }, { x, y });
  if (!path) return `(${x}, ${y}) cannot be reached from here`;
  const al = allowanceOf(s, f, false);
  const limit = reachAlong(s, path.points, al);
  if (path.length > limit + 1e-9) {
    return `the way there is ${path.length.toFixed(1)} in; this move allows ${limit.toFixed(1)} in${limit < al.full ? ' (broken ground or uphill)' : ''}`;
  }
  if (!placeFree(viewOf(s), x, y, f)) return `another figure stands at (${x}, ${y})`;
  const coh = cohesionRule(s, f);
  if (coh && !coh(x, y)) return `that would take the figure more than ${COHESION} in from its band (§3.F)`;
  return { points: path.points, to: { x, y }, length: path.length, limit };
}

/** Why a move found no place (the `blocked` event's `why` and what it names), for the record. */
export interface BlockedReason {
  /**
   * `no way there` (no route to the destination, or its figure is gone); `there already` (nothing
   * left of the way once the stop short of it is taken off); `no free place` (every place along
   * the way within the allowance is taken by another base); `cohesion` (free places along the way
   * would all take the figure more than 6 in from a band-mate, §3.F); for a band, `no room`
   * (no formation of free places for every follower, §3.F and §4.B kept, at the full move or
   * ¾, ½, ¼ of it).
   */
  why: 'no way there' | 'there already' | 'no free place' | 'cohesion' | 'no room';
  /** The place the allowance reached along the way (inches, to hundredths), when there was a way. */
  at?: [number, number];
  /** The figures whose bases take that place. */
  by?: string[];
}

/** The figures (ids) whose bases overlap a base at (x, y), other than `self`. */
function basesAt(s: PiratesState, x: number, y: number, self: number): string[] {
  const out: string[] = [];
  const v = viewOf(s);
  for (let g = 0; g < s.x.length; g++) {
    if (g !== self && v.occupies(g) && dist(x, y, s.x[g], s.y[g]) < 2 * s.sc.radius - 1e-6) out.push(s.sc.figures[g].id);
  }
  return out;
}

/**
 * Why figure `f`'s move toward `key` found no place ({@link soloMovePlan} returned null), worked
 * out again for the record (only when a move is blocked). The walk is planAlong's: back from the
 * furthest place the allowance reaches, a quarter inch at a time.
 */
export function soloBlockedReason(s: PiratesState, f: number, key: string): BlockedReason {
  const d = destination(s, key, { x: s.x[f], y: s.y[f] }, s.sc.figures[f].side, false, f);
  if (!d) return { why: 'no way there' };
  const pts = d.path.points;
  let want = d.path.length - d.stopShort;
  if (want <= 1e-6) return { why: 'there already' };
  want = Math.min(want, reachAlong(s, pts, allowanceOf(s, f, false)));
  const end = pointAlong(pts, want);
  const at: [number, number] = [Math.round(end.x * 100) / 100, Math.round(end.y * 100) / 100];
  const by = basesAt(s, end.x, end.y, f);
  // The kit's walk back over the bases near the way: a place found above 0.05 in means one free of
  // bases was there, so cohesion refused it.
  const pf = finderFor(s.sc.table);
  pf.setRoute(viewOf(s), f, null, pts, want, 0);
  const free = pf.walkBack(pts, want, 0.25, 0.05) > 0.05;
  return { why: free ? 'cohesion' : 'no free place', at, by };
}

/** The kit's place finder of {@link soloBlockedReason}, made for the table it was last asked about. */
let FINDER: PlaceFinder | null = null;
let FINDER_TABLE: Table | null = null;

/** The place finder for table `t` (made once per table: no allocation per blocked move). */
function finderFor(t: Table): PlaceFinder {
  if (FINDER === null || FINDER_TABLE !== t) {
    FINDER = new PlaceFinder(t);
    FINDER_TABLE = t;
  }
  return FINDER;
}

// ───────────────────────────── carrying a move out ─────────────────────────────

/** A {@link BlockedReason} as event fields (`why`, then `at` and `by` where known). */
export function blockedData(r: BlockedReason): BlockedReason {
  const out: BlockedReason = { why: r.why };
  if (r.at) out.at = r.at;
  if (r.by) out.by = r.by;
  return out;
}

/** Carry out a planned move and what arriving somewhere does (reaching the objective, landing booty). */
export function execMove(
  s: PiratesState,
  f: number,
  plan: MovePlan,
  kind: 'move' | 'charge' | 'moveFire',
  allowance: number,
  ctx: PiratesCtx,
): void {
  const fx = s.x[f];
  const fy = s.y[f];
  s.x[f] = plan.to.x;
  s.y[f] = plan.to.y;
  const pts = plan.points;
  if (pts.length >= 2) {
    const a = pts[pts.length - 2];
    if (dist(a.x, a.y, plan.to.x, plan.to.y) > 1e-9) s.facing[f] = angleTo(a.x, a.y, plan.to.x, plan.to.y);
  }
  ctx.emit?.({
    e: 'move',

    figure: s.sc.figures[f].id,
    kind,
    from: [r2(fx), r2(fy)],
    to: [r2(plan.to.x), r2(plan.to.y)],
    allowance,
    limit: r2(plan.limit),
    path: r2(plan.length),
    via: viaData(pts),
    facing: facingData(s.facing[f]),
  });
  arrive(s, f, ctx);
}

/** What arriving does: a raider at the objective is counted; one carrying booty home lands it (§11.C). Victory is checked by the caller. */
export function arrive(s: PiratesState, f: number, ctx: PiratesCtx): void {
  const sc = s.sc;
  if (sc.figures[f].side !== sc.raiders) return;
  if (pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) s.reached[f] = 1;
  if (s.booty[f] && pointInPolygon(s.x[f], s.y[f], sc.home.poly)) {
    s.booty[f] = 0;
    s.hasLanded[f] = 1;
    s.landed++;
    ctx.emit?.({ e: 'land', figure: sc.figures[f].id, landed: s.landed });
  }
}
