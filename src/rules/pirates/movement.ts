/**
 * Movement planning for Pirates! (§4, §6): allowances, the destination vocabulary, band cohesion
 * (§3.F) and where a move stops — on the table kit (src/core/table/), which answers every question
 * about terrain, sight, cover and bases. Pure functions of the state; nothing here changes it.
 */
import { type Vec, dist, pathLength, pointAlong, pointAlongInto, pointInPolygon, truncatePath } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import {
  type FigureView,
  type MovePlan,
  type NearestHit,
  awayPoint,
  centreOf as kitCentre,
  cohesionTest,
  nearestAble,
  placeFree,
  placeFreeAt,
  planAlong,
} from '../../core/table/index.js';
import { fireDie } from './tables.js';
import { COHESION, GROUP_STOP_SHORT } from './action.js';
import { ACTIVE, FLEEING, type PiratesState } from './state.js';
import { bandMembers } from './turn.js';

export type { MovePlan } from '../../core/table/index.js';

/** Allowances for one move: the full allowance and the one over broken ground or uphill (inches). */
export interface Allowance {
  full: number;
  slow: number;
}

/**
 * The figures of a state as the table kit sees them (built once per state object, then reused):
 * a figure takes up room while on the table, able to act or running; it is able (an enemy the
 * nearest-enemy queries count) only while ACTIVE.
 */
export function viewOf(s: PiratesState): FigureView {
  let v = s.view;
  if (v === null) {
    const st = s.status;
    v = { x: s.x, y: s.y, facing: s.facing, radius: s.sc.radius, occupies: (i) => st[i] === ACTIVE || st[i] === FLEEING, able: (i) => st[i] === ACTIVE };
    s.view = v;
  }
  return v;
}

/**
 * The movement allowance of figure `f` this turn (§4.B–C), halved when carrying booty (§11.C)
 * and halved again for move & fight / move & fire (§6) when `half` is set.
 */
export function allowanceOf(s: PiratesState, f: number, half: boolean): Allowance {
  const info = s.sc.figures[f];
  const o = info.side * 4 + (info.mounted ? 2 : 0);
  const div = allowanceDivisor(s, f, half);
  return { full: s.moveAllow[o] / div, slow: s.moveAllow[o + 1] / div };
}

/** `allowanceOf(s, f, half).full` without making the object (for hot paths such as the policy). */
export function fullAllowanceOf(s: PiratesState, f: number, half: boolean): number {
  const info = s.sc.figures[f];
  return s.moveAllow[info.side * 4 + (info.mounted ? 2 : 0)] / allowanceDivisor(s, f, half);
}

/** What a figure's rolled allowance is divided by: 2 carrying booty (§11.C), 2 again for half a move. */
function allowanceDivisor(s: PiratesState, f: number, half: boolean): number {
  let div = 1;
  if (s.booty[f]) div *= 2;
  if (half) div *= 2;
  return div;
}

/** True when the base of a figure at (x, y) touches a cover area (a place to take cover; the view's "in cover"). */
export function inCover(s: PiratesState, x: number, y: number): boolean {
  return s.sc.table.inCover(x, y);
}

/**
 * The id of the cover area that hides defender `d` from attacker `a` (§5.B(2) "Defender in cover"):
 * one the defender's base touches and the straight line between their centres crosses (or ends
 * in), not one the attacker stands in; null when there is none (cover on the defender's far side
 * or beside the line does not count — §7's civilian "hid behind a barrel").
 */
export function coverFrom(s: PiratesState, a: number, d: number): string | null {
  return s.sc.table.coverFrom(s.x[a], s.y[a], s.x[d], s.y[d])?.id ?? null;
}

/** True when nothing blocks the line of sight between two points (buildings block; figures do not). */
export function lineOfSight(s: PiratesState, ax: number, ay: number, bx: number, by: number): boolean {
  return s.sc.table.lineOfSight(ax, ay, bx, by);
}

/**
 * How far along `points` a figure with allowance `al` may go (§4.B): the full allowance, unless the
 * way enters broken ground (or starts on it) or climbs onto a hill; then the 2d10 allowance — but a
 * figure may always go up to the edge of such ground on its full allowance.
 */
export function reachAlong(s: PiratesState, points: readonly Vec[], al: Allowance): number {
  return s.sc.table.reachAlong(points, al.full, al.slow);
}

/** Centre (mean position) of the first `n` figures of `figs`. */
export function centreOf(s: PiratesState, figs: ArrayLike<number>, n: number): Vec {
  return kitCentre(viewOf(s), n === figs.length ? figs : Array.prototype.slice.call(figs, 0, n));
}

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
export function destinationKeysInto(s: PiratesState, from: Vec, side: number, solo: number, near: number, keys: string[], foeDist?: Float64Array): number {
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
  if (sc.cover.length > 0 && !(nn > 0 ? sc.table.coverFrom(s.x[f1], s.y[f1], from.x, from.y) !== null : inCover(s, from.x, from.y))) nk = putKey(keys, nk, 'cover');
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

/** Scratch space for the twelve places around a charge's target (no allocation per call). */
const RING_X = new Float64Array(12);
const RING_Y = new Float64Array(12);
const RING_D = new Float64Array(12);
const RING_I = new Int32Array(12);
/** Cosines and sines of the twelve directions (i / 12) · 2π round a target, computed once. */
const RING_COS = Float64Array.from({ length: 12 }, (_, i) => Math.cos((i / 12) * 2 * Math.PI));
const RING_SIN = Float64Array.from({ length: 12 }, (_, i) => Math.sin((i / 12) * 2 * Math.PI));

/**
 * §6 move & fight: figure `f` moves up to half its allowance into base contact with `t`.
 * Tries the straight approach along the shortest path first, then twelve places around `t`.
 * `cohesion`: the §3.F rule of `f` when the caller has it already (else it is worked out).
 */
export function chargePlan(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null): MovePlan | null {
  return chargeSearch(s, f, t, cohesion, false);
}

/**
 * Whether {@link chargePlan} would find a plan (the same answer, found more cheaply: the search
 * stops at the first place that proves a charge possible instead of looking for the shortest).
 * For offering the charge; `apply` plans it in full.
 */
export function chargeOffered(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null): boolean {
  return chargeSearch(s, f, t, cohesion, true) !== null;
}

/** Scratch of {@link ringBases}: positions of the bases near a charge's target. */
let RING_BX = new Float64Array(64);
let RING_BY = new Float64Array(64);

/**
 * Put into RING_BX/RING_BY the positions of the figures other than `f` that take up room (the kit
 * view's `occupies`) within `r` of (x, y), and return how many.
 */
function ringBases(s: PiratesState, f: number, x: number, y: number, r: number): number {
  const n = s.x.length;
  if (RING_BX.length < n) {
    RING_BX = new Float64Array(n);
    RING_BY = new Float64Array(n);
  }
  const v = viewOf(s);
  const r2 = r * r;
  let k = 0;
  for (let g = 0; g < n; g++) {
    const dx = s.x[g] - x;
    const dy = s.y[g] - y;
    if (dx * dx + dy * dy <= r2 && g !== f && v.occupies(g)) {
      RING_BX[k] = s.x[g];
      RING_BY[k] = s.y[g];
      k++;
    }
  }
  return k;
}

/** Scratch point of the walk along a move & fire's way (no allocation per step). */
const ALONG: { x: number; y: number } = { x: 0, y: 0 };

/** Scratch copy of a move & fire's target position (passed as an object: no boxed coordinates). */
const TARGET: { x: number; y: number } = { x: 0, y: 0 };

/** Scratch of {@link chargeSearch} when only asking: allowance, the two ends, the straight way between them, a point on it. */
const CH_AL: Allowance = { full: 0, slow: 0 };
const CH_FROM: { x: number; y: number } = { x: 0, y: 0 };
const CH_TO: { x: number; y: number } = { x: 0, y: 0 };
const CH_PATH: Path = { points: [CH_FROM, CH_TO], length: 0 };
const CH_P: { x: number; y: number } = { x: 0, y: 0 };

/** A stand-in plan returned when only asked whether a plan exists. */
const EXISTS: MovePlan = { points: [], to: { x: 0, y: 0 }, length: 0, limit: 0 };

function chargeSearch(s: PiratesState, f: number, t: number, cohesion: ((x: number, y: number) => boolean) | null | undefined, ask: boolean): MovePlan | null {
  const sc = s.sc;
  // Asked only whether a plan exists, nothing made here outlives the call: the allowance, the two
  // ends and a straight way are scratch (NavMap.path copies the ends of a way it keeps).
  let al: Allowance;
  let from: { x: number; y: number };
  let tp: { x: number; y: number };
  if (ask) {
    al = CH_AL;
    const info = sc.figures[f];
    const o = info.side * 4 + (info.mounted ? 2 : 0);
    const div = allowanceDivisor(s, f, true);
    al.full = s.moveAllow[o] / div;
    al.slow = s.moveAllow[o + 1] / div;
    from = CH_FROM;
    from.x = s.x[f];
    from.y = s.y[f];
    tp = CH_TO;
    tp.x = s.x[t];
    tp.y = s.y[t];
  } else {
    al = allowanceOf(s, f, true);
    from = { x: s.x[f], y: s.y[f] };
    tp = { x: s.x[t], y: s.y[t] };
  }
  const touch = 2 * sc.radius;
  if (dist(from.x, from.y, tp.x, tp.y) - touch > al.full + 1e-9) return null;
  if (cohesion !== null && !mayCloseWith(s, f, tp.x, tp.y, touch)) return null;
  const coh = cohesion === undefined ? cohesionRule(s, f) : cohesion;
  // NavMap.path's straight way, without the object when only asking.
  let path: Path | null;
  if (ask && sc.nav.clear(from.x, from.y, tp.x, tp.y)) {
    path = CH_PATH;
    path.length = dist(from.x, from.y, tp.x, tp.y);
  } else path = sc.nav.path(from, tp);
  if (!path) return null;
  const want = path.length - touch;
  if (want <= 0) return null;
  const straightLimit = reachAlong(s, path.points, al);
  if (want <= straightLimit + 1e-9) {
    const p = ask ? pointAlongInto(path.points, want, CH_P) : pointAlong(path.points, want);
    if (placeFree(viewOf(s), p.x, p.y, f) && (coh === null || coh(p.x, p.y))) {
      if (ask) return EXISTS;
      const pts = truncatePath(path.points, want);
      return { points: pts, to: p, length: pathLength(pts), limit: straightLimit };
    }
  }
  // The straight approach is blocked: try twelve places around the target, nearest first. A place
  // reached in a straight line is the shortest way to itself, so the first such place that is
  // nearer than every path found so far wins.
  for (let i = 0; i < 12; i++) {
    RING_X[i] = tp.x + touch * RING_COS[i];
    RING_Y[i] = tp.y + touch * RING_SIN[i];
    RING_D[i] = dist(from.x, from.y, RING_X[i], RING_Y[i]);
    RING_I[i] = i;
  }
  // Nearest first (insertion sort of twelve; ties by angle).
  for (let i = 1; i < 12; i++) {
    const k = RING_I[i];
    let j = i - 1;
    while (j >= 0 && RING_D[RING_I[j]] > RING_D[k]) {
      RING_I[j + 1] = RING_I[j];
      j--;
    }
    RING_I[j + 1] = k;
  }
  let best: MovePlan | null = null;
  // The bases that could overlap a place of the ring (kit placeFree's test: centres nearer than
  // 2 radii − 1e-6), gathered at the first place tried: every place is `touch` from the target, so
  // only a base within touch + 2 radii of it can — a margin keeps the rounding of the ring's
  // coordinates on the safe side. The same test, asked of these instead of every figure.
  let nNear = -1;
  const baseLim = 2 * sc.radius - 1e-6;
  const lim2 = baseLim * baseLim;
  for (let n = 0; n < 12; n++) {
    const i = RING_I[n];
    const cx = RING_X[i];
    const cy = RING_Y[i];
    const cd = RING_D[i];
    if (cd > al.full + 1e-9) break;
    if (best && cd >= best.length) break;
    if (!sc.nav.isFree(cx, cy)) continue;
    if (nNear < 0) nNear = ringBases(s, f, tp.x, tp.y, touch + baseLim + 1e-3);
    let taken = false;
    for (let j = 0; j < nNear; j++) {
      const dx = RING_BX[j] - cx;
      const dy = RING_BY[j] - cy;
      if (dx * dx + dy * dy < lim2) {
        taken = true;
        break;
      }
    }
    if (taken || (coh !== null && !coh(cx, cy))) continue;
    const p = sc.nav.clear(from.x, from.y, cx, cy) ? { points: [from, { x: cx, y: cy }], length: cd } : sc.nav.path(from, { x: cx, y: cy });
    if (!p) continue;
    const lim = reachAlong(s, p.points, al);
    if (p.length > lim + 1e-9) continue;
    if (ask) return EXISTS;
    if (!best || p.length < best.length - 1e-9) best = { points: p.points, to: { x: cx, y: cy }, length: p.length, limit: lim };
  }
  return best;
}

/**
 * False when no place within `r` of (x, y) can pass {@link cohesionRule} for `f`: some band-mate
 * stands further from (x, y), less `r`, than the rule lets `f` end from it (with a margin of 1e-6
 * far above rounding). Every place a charge may end at — the straight approach's stop and the
 * twelve places round the target — lies within a base width of the target, so when this is false
 * {@link chargeSearch} finds nothing, and need not look.
 */
function mayCloseWith(s: PiratesState, f: number, x: number, y: number, r: number): boolean {
  const b = s.band[f];
  if (b < 0) return true;
  const figs = s.sc.sides[s.bandSide[b]].figures;
  for (let i = 0; i < figs.length; i++) {
    const g = figs[i];
    if (g === f || s.band[g] !== b || s.status[g] !== ACTIVE) continue;
    // The rule's limit from this mate: cohesionTest's max(gap, where f stands now) + 1e-9.
    const l = Math.max(COHESION, dist(s.x[f], s.y[f], s.x[g], s.y[g])) + 1e-9;
    if (dist(x, y, s.x[g], s.y[g]) - r > l + 1e-6) return false;
  }
  return true;
}

/** True when a weapon's dice never rise with range (each band's die at most the one before). */
function diesFallWithRange(w: { ranges: readonly { die: number }[] }): boolean {
  for (let i = 1; i < w.ranges.length; i++) if (w.ranges[i].die > w.ranges[i - 1].die) return false;
  return true;
}

/** True when `f` may fire now (§7–§8): a loaded missile weapon that may be used here. */
export function canFire(s: PiratesState, f: number): boolean {
  const w = s.sc.figures[f].weapon;
  return w.ranges.length > 0 && s.loaded[f] === 1 && s.reloading[f] === 0 && !(w.shipGun && s.sc.inPort);
}

/** The base die `f` would fire at `t` with from (x, y): 0 when out of range or out of sight. */
export function fireDieFrom(s: PiratesState, f: number, t: number, x: number, y: number): number {
  const die = rangeDieFrom(s, f, t, x, y);
  if (die === 0) return 0;
  return lineOfSight(s, x, y, s.x[t], s.y[t]) ? die : 0;
}

/** The base die of `f`'s weapon for the range from (x, y) to `t`, sight not considered (0 out of range). */
export function rangeDieFrom(s: PiratesState, f: number, t: number, x: number, y: number): number {
  return fireDie(s.sc.figures[f].weapon, Math.max(0, dist(x, y, s.x[t], s.y[t]) - 2 * s.sc.radius));
}

/**
 * §6 move & fire: move up to half the allowance toward `t` and fire at one step down. The figure
 * stops at the first place along the way with the best range band in sight; offered only when that
 * band is better than the one it has where it stands (or it has no shot from there).
 * `cohesion`: the §3.F rule of `f` when the caller has it already (else it is worked out).
 */
export function moveFirePlan(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null): MovePlan | null {
  return moveFireSearch(s, f, t, cohesion, false);
}

/**
 * Whether {@link moveFirePlan} would find a plan (the same answer, found more cheaply: the walk
 * along the way stops at the first place with a better range band than here, in sight, free and
 * in cohesion — such a place exists exactly when the plan does). For offering move & fire;
 * `apply` plans it in full.
 */
export function moveFireOffered(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null, here?: number): boolean {
  return moveFireSearch(s, f, t, cohesion, true, here) !== null;
}

/** `hereDie`: fireDieFrom(s, f, t, where f stands), when the caller knows it (else it is worked out). */
function moveFireSearch(s: PiratesState, f: number, t: number, cohesion: ((x: number, y: number) => boolean) | null | undefined, ask: boolean, hereDie?: number): MovePlan | null {
  const sc = s.sc;
  const al = allowanceOf(s, f, true);
  const from = { x: s.x[f], y: s.y[f] };
  const here = hereDie ?? fireDieFrom(s, f, t, from.x, from.y);
  if (here >= 10) return null;
  // No place within the allowance can be nearer the target than its straight distance less the
  // allowance: when even that range band is no better than here (dies falling with range, as in
  // §7.A's table), moving cannot help and the path is not worth finding.
  const w = sc.figures[f].weapon;
  if (diesFallWithRange(w)) {
    const nearest = Math.max(0, dist(from.x, from.y, s.x[t], s.y[t]) - al.full - 2 * sc.radius);
    if (fireDie(w, nearest) <= here) return null;
  }
  // One sight-blocking area hiding the target from every place within the allowance (the walk
  // below goes no further along the way): no place sees it, so the way is not worth finding.
  if (here === 0 && sc.table.shadowsDisc(from.x, from.y, al.full, s.x[t], s.y[t])) return null;
  const path = sc.nav.path(from, { x: s.x[t], y: s.y[t] });
  if (!path) return null;
  const reach = reachAlong(s, path.points, al);
  const maxd = Math.min(reach, path.length - 2 * sc.radius);
  const coh = cohesion === undefined ? cohesionRule(s, f) : cohesion;
  let bestD = -1;
  // Asked only whether a plan exists: places no better than here cannot make one.
  let bestDie = ask ? here : 0;
  const p = ALONG;
  const tp = TARGET;
  tp.x = s.x[t];
  tp.y = s.y[t];
  for (let d = 0.5; d <= maxd + 1e-9 && bestDie < 10; d += 0.5) {
    pointAlongInto(path.points, d, p);
    // The range band first (cheap); sight, room and cohesion only for a band better than the best.
    const die = rangeDieFrom(s, f, t, p.x, p.y);
    if (die <= bestDie) continue;
    if (sc.table.lineOfSightBetween(p, tp) && placeFreeAt(viewOf(s), p, f) && (coh === null || coh(p.x, p.y))) {
      if (ask) return EXISTS;
      bestDie = die;
      bestD = d;
    }
  }
  // Offered only when moving reaches a better range band (or a line of sight) than standing still.
  if (bestD < 0 || bestDie <= here) return null;
  const pts = truncatePath(path.points, bestD);
  return { points: pts, to: pts[pts.length - 1], length: pathLength(pts), limit: reach };
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
  let free = false;
  for (let l = want; l > 0.05 && !free; l -= 0.25) {
    const p = pointAlong(pts, l);
    free = placeFree(viewOf(s), p.x, p.y, f);
  }
  return { why: free ? 'cohesion' : 'no free place', at, by };
}

/** Why a group move of the followers `F` toward `key` found no plan, worked out again for the record. */
export function groupBlockedReason(s: PiratesState, F: readonly number[], key: string): BlockedReason {
  const c = centreOf(s, F, F.length);
  const d = destination(s, key, c, s.sc.figures[F[0]].side, true, -1);
  if (!d) return { why: 'no way there' };
  if (d.path.length - d.stopShort <= 0.05) return { why: 'there already' };
  return { why: 'no room' };
}
