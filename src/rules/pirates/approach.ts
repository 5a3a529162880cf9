/**
 * §6 move & fight and move & fire for Pirates!: where a charge ends in base contact with its target
 * (half a move), and where a move & fire stops with a better range band in sight — and whether
 * either exists, for offering them. On the table kit; pure functions of the state.
 */
import { dist, pathLength, pointAlong, pointAlongInto, truncatePath } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import { type MovePlan, placeFree, placeFreeAt } from '../../core/table/index.js';
import { fireDie } from './tables.js';
import { COHESION } from './action.js';
import { ACTIVE, type PiratesState } from './state.js';
import { type Allowance, allowanceDivisor, allowanceOf, fireDieFrom, rangeDieFrom, reachAlong, viewOf } from './table.js';
import { cohesionRule } from './movement.js';

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

function chargeSearch(
  s: PiratesState,
  f: number,
  t: number,
  cohesion: ((x: number, y: number) => boolean) | null | undefined,
  ask: boolean,
): MovePlan | null {
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

/**
 * §6 move & fire: move up to half the allowance toward `t` and fire at one step down. The figure
 * stops at the first place along the way with the best range band in sight; offered only when that
 * band is better than the one it has where it stands (or it has no shot from there).
 * `cohesion`: the §3.F rule of `f` when the caller has it already (else it is worked out).
 */
export function moveFirePlan(
  s: PiratesState,
  f: number,
  t: number,
  cohesion?: ((x: number, y: number) => boolean) | null,
): MovePlan | null {
  return moveFireSearch(s, f, t, cohesion, false);
}

/**
 * Whether {@link moveFirePlan} would find a plan (the same answer, found more cheaply: the walk
 * along the way stops at the first place with a better range band than here, in sight, free and
 * in cohesion — such a place exists exactly when the plan does). For offering move & fire;
 * `apply` plans it in full.
 */
export function moveFireOffered(
  s: PiratesState,
  f: number,
  t: number,
  cohesion?: ((x: number, y: number) => boolean) | null,
  here?: number,
): boolean {
  return moveFireSearch(s, f, t, cohesion, true, here) !== null;
}

/** `hereDie`: fireDieFrom(s, f, t, where f stands), when the caller knows it (else it is worked out). */
function moveFireSearch(
  s: PiratesState,
  f: number,
  t: number,
  cohesion: ((x: number, y: number) => boolean) | null | undefined,
  ask: boolean,
  hereDie?: number,
): MovePlan | null {
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
