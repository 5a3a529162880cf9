/**
 * The legal actions of State of War [W3]–[W7], [W11]: the destinations offered to a figure, and
 * every action open to the figure acting now (moves, climbs, loads, shots, charges, mounting,
 * firing the objective, barrels, detachments).
 */
import { dist as geoDist } from '../../core/geometry.js';
import { nearestFiguresToInto } from '../../core/table/index.js';
import { engaged, inCoverAt, viewOf } from './table.js';
import { OK } from './tables.js';
import { ACTIVE, MOVE_KEYS, type SowState } from './state.js';
import type { SowAction } from './action.js';
import { listedActions } from './listed.js';
import { climbPlan } from './climb.js';
import { chargePlan, coveredFromEnemy, movePlanAt } from './movement.js';
import { fireTargetsInto } from './shooting.js';
import { activeMembers, actor, running } from './units.js';

/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** Scratch lists of the kit's nearestFiguresToInto: the enemies a figure may move toward or charge, and distances. */
const FOES: number[] = [];

const FOES_D: number[] = [];

/** Scratch list of {@link figureOptions} (its first n are the options; copied out). */
const OPTIONS: SowAction[] = [];

/** Scratch list of the units figure options may fire at (shooting.ts fireTargetsInto). */
const FIRE_UNITS: number[] = [];

/** Destination slots (units.ts `moveSlots`): the keys without a figure, and the first `foe:<id>` key's. */
const OBJ = MOVE_KEYS.indexOf('obj');
const COVER = MOVE_KEYS.indexOf('cover');
const REAR = MOVE_KEYS.indexOf('rear');
const ROUND = MOVE_KEYS.indexOf('round');
const UNIT = MOVE_KEYS.indexOf('unit');
const AWAY = MOVE_KEYS.indexOf('away');
const FOE0 = MOVE_KEYS.length;

/** Scratch list of {@link destinationSlots}. */
const SLOTS: number[] = [];

/** The destinations offered to figure f [W11], as memo slots (units.ts `moveSlots`) into `out`; returns how many. */
function destinationSlots(s: SowState, f: number, out: number[]): number {
  const sc = s.sc;
  if (running(s, f)) {
    out[0] = REAR;
    const n = roundToo(s, f, out, 1);
    // No way to the rear runs: the runner runs aside, away from the enemy ([W32], second reading C2).
    if (n === 1 && !movePlanAt(s, f, REAR)) {
      out[0] = AWAY;
      return 1;
    }
    return n;
  }
  // A figure already in cover from its nearest enemy has no nearer cover to fall back to: it goes
  // to the rear ([W32]; since 1.4.0, second outside reading C1: before, it shuffled along its cover).
  if (s.mustRetire[f]) {
    let n = 0;
    if (!coveredFromEnemy(s, f)) out[n++] = COVER;
    out[n++] = REAR;
    return roundToo(s, f, out, n);
  }
  let n = 0;
  // The objective is a destination for both sides: one to fire it, the other to guard it.
  if (!atObjective(s, f)) out[n++] = OBJ;
  const nFoes = nearestFiguresToInto(viewOf(s), sc.sides[1 - sc.figures[f].side].figures, f, 2, FOES, FOES_D, true);
  for (let i = 0; i < nFoes; i++) out[n++] = FOE0 + FOES[i];
  if (!inCoverAt(sc, s.x[f], s.y[f])) out[n++] = COVER;
  out[n++] = REAR;
  // The centre of the unit's other active members (summed in figure order; no list made).
  const u = s.unitOf[f];
  const mates = sc.sides[sc.units[u].side].figures;
  let m = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < mates.length; i++) {
    const g = mates[i];
    if (g === f || s.unitOf[g] !== u || s.status[g] !== ACTIVE) continue;
    cx += s.x[g];
    cy += s.y[g];
    m++;
  }
  if (m > 0 && dist(s.x[f], s.y[f], cx / m, cy / m) > 8) out[n++] = UNIT;
  return n;
}

/**
 * A runner's or falling-back figure's destinations (the first `n` of `out`), with `round` (the
 * rear edge by a way round fence and wall lines) added when that way ends elsewhere than the
 * straight `rear` one ([W32], audit C5); returns how many.
 */
function roundToo(s: SowState, f: number, out: number[], n: number): number {
  const round = movePlanAt(s, f, ROUND);
  if (!round) return n;
  const rear = movePlanAt(s, f, REAR);
  if (rear && dist(rear.to.x, rear.to.y, round.to.x, round.to.y) < 0.3) return n;
  out[n] = ROUND;
  return n + 1;
}

/** True when figure f is in base contact with the objective (it may fire it). */
export function atObjective(s: SowState, f: number): boolean {
  const sc = s.sc;
  const o = sc.objective;
  const x = s.x[f];
  const y = s.y[f];
  if (x < o.box.minX - 3 || x > o.box.maxX + 3 || y < o.box.minY - 3 || y > o.box.maxY + 3) return false;
  for (let i = 0, j = o.poly.length - 1; i < o.poly.length; j = i++) {
    const a = o.poly[j];
    const b = o.poly[i];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l2 = dx * dx + dy * dy;
    const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / l2));
    if (dist(x, y, a.x + t * dx, a.y + t * dy) <= sc.contact - sc.radius + 1e-9) return true;
  }
  return false;
}

/** The legal actions of figure f now (starting with `done`, except for a figure that must run or fall back). */
export function figureOptions(s: SowState, f: number): SowAction[] {
  const sc = s.sc;
  const info = sc.figures[f];
  const A = listedActions(sc);
  // Gathered in a scratch list kept between calls (no backing store grown by push), returned as a copy of its first n.
  const out = OPTIONS;
  let n = 0;
  out[n++] = A.done;
  const inContact = engaged(s, f);
  const run = running(s, f);
  // "When figures are in contact with enemy figures, melee ensues" [W20]: a figure that charged
  // into contact this phase stays in it and fights at the end of the phase; its other actions are lost.
  if (inContact && s.charged[f] && !run) return out.slice(0, n);
  const keys = SLOTS;
  const nKeys = destinationSlots(s, f, keys);
  for (let i = 0; i < nKeys; i++) if (movePlanAt(s, f, keys[i])) out[n++] = A.move[keys[i]];
  if (climbPlan(s, f)) out[n++] = A.climb;
  // Runners must spend their actions running, a falling-back figure its first action falling back
  // ([W32]); stopping is allowed only when they cannot move.
  if (run || s.mustRetire[f]) return n > 1 ? out.slice(1, n) : out.slice(0, n);
  const carrying = s.carry[f] >= 0;
  if (carrying) {
    // A carrier's hands are full [W6]: he may move, climb, set the barrel down, or fire the objective with it.
    out[n++] = A.drop;
    if (!inContact && info.side === sc.objective.side && atObjective(s, f)) out[n++] = A.burn;
    return out.slice(0, n);
  }
  if (!inContact) {
    const u = s.unitOf[f];
    if (info.weapon && s.load[f] > 0) {
      out[n++] = A.load;
      // The same destinations as the moves above (nothing has changed since; the plans are memoised).
      if (s.mounted[f] && !s.rode[f]) for (let i = 0; i < nKeys; i++) if (movePlanAt(s, f, keys[i])) out[n++] = A.ride[keys[i]];
    }
    const nFire = fireTargetsInto(s, f, FIRE_UNITS);
    for (let i = 0; i < nFire; i++) out[n++] = A.fire[FIRE_UNITS[i]];
    if (s.morale[u] === OK) {
      // The three nearest active enemies (copied: a charge plan may ask for nearest figures again).
      const nFoes = nearestFiguresToInto(viewOf(s), sc.sides[1 - info.side].figures, f, 3, FOES, FOES_D, true);
      const e0 = nFoes > 0 ? FOES[0] : -1;
      const e1 = nFoes > 1 ? FOES[1] : -1;
      const e2 = nFoes > 2 ? FOES[2] : -1;
      if (e0 >= 0 && chargePlan(s, f, e0)) out[n++] = A.charge[e0];
      if (e1 >= 0 && chargePlan(s, f, e1)) out[n++] = A.charge[e1];
      if (e2 >= 0 && chargePlan(s, f, e2)) out[n++] = A.charge[e2];
    }
    if (s.mounted[f]) out[n++] = A.dismount;
    else if (s.horse[f] && horseNear(s, f)) out[n++] = A.mount;
    if (info.side === sc.objective.side && atObjective(s, f)) out[n++] = A.burn;
    if (!s.mounted[f] && s.wounds[f] === 0) for (let b = 0; b < s.bHeld.length; b++) if (barrelAtHand(s, f, b)) out[n++] = A.carry[b];
    if (mayDetach(s, f)) out[n++] = A.detach;
  }
  return out.slice(0, n);
}

/** True when dismounted figure f's horse stands within 3 cm of it (centre to centre; dist's float, written out: no coordinates passed). */
function horseNear(s: SowState, f: number): boolean {
  const dx = s.hx[f] - s.x[f];
  const dy = s.hy[f] - s.y[f];
  return Math.sqrt(dx * dx + dy * dy) <= 3;
}

/**
 * Barrels on the ground within reach of figure f: its base touches the barrel's place (within
 * radius + 1.5 cm) [W6]. Only an unwounded man on foot may pick one up (a wound makes him drop it).
 */
export function barrelsAtHand(s: SowState, f: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < s.bHeld.length; b++) if (barrelAtHand(s, f, b)) out.push(b);
  return out;
}

/** True when barrel b lies on the ground within reach of figure f ({@link barrelsAtHand} one barrel at a time). */
function barrelAtHand(s: SowState, f: number, b: number): boolean {
  return s.bHeld[b] === -1 && dist(s.x[f], s.y[f], s.bx[b], s.by[b]) <= s.sc.radius + BARREL_REACH + 1e-9;
}

/** How far (cm) beyond its base edge a figure reaches a barrel. */
export const BARREL_REACH = 1.5;

/**
 * The detachment figure f would make now [W6], or null when it may not: its unit is a scenario unit
 * with a free detachment slot, at least 2 active figures and OK morale, and f is not engaged. The
 * detachment is half the unit's active figures (rounded down): f and the active members nearest to
 * it (ties by figure order), never the unit's leader unless f is he.
 */
export function detachment(s: SowState, f: number): { slot: number; figures: number[] } | null {
  const sc = s.sc;
  const u = s.unitOf[f];
  const unit = sc.units[u];
  if (unit.parent >= 0 || s.morale[u] !== OK) return null;
  let slot = -1;
  for (let i = 0; i < unit.slots.length && slot < 0; i++) if (s.size[unit.slots[i]] === 0) slot = unit.slots[i];
  if (slot < 0) return null;
  const act = activeMembers(s, u);
  const n = Math.floor(act.length / 2);
  if (n < 1 || engaged(s, f)) return null;
  // The n − 1 members nearest f (ties: the lower index), neither f nor the leader: kept in order
  // by insertion (no comparator closure, no object per member).
  const want = n - 1;
  const near: number[] = [];
  const nearD: number[] = [];
  for (const g of act) {
    if (g === f || g === s.leader[u]) continue;
    const d = dist(s.x[f], s.y[f], s.x[g], s.y[g]);
    if (near.length === want && !(d < nearD[want - 1] || (d === nearD[want - 1] && g < near[want - 1]))) continue;
    let i = near.length < want ? near.length : want - 1;
    if (near.length < want) {
      near.push(g);
      nearD.push(d);
    }
    while (i > 0 && (nearD[i - 1] > d || (nearD[i - 1] === d && near[i - 1] > g))) {
      near[i] = near[i - 1];
      nearD[i] = nearD[i - 1];
      i--;
    }
    near[i] = g;
    nearD[i] = d;
  }
  if (near.length < want) return null;
  // f first, then the others in figure order.
  for (let i = 1; i < near.length; i++) {
    const g = near[i];
    let k = i;
    while (k > 0 && near[k - 1] > g) {
      near[k] = near[k - 1];
      k--;
    }
    near[k] = g;
  }
  const figures = [f];
  for (const g of near) figures.push(g);
  return { slot, figures };
}

/** True when figure f may make a detachment now: {@link detachment} is not null (worked out without making it). */
export function mayDetach(s: SowState, f: number): boolean {
  const sc = s.sc;
  const u = s.unitOf[f];
  const unit = sc.units[u];
  if (unit.parent >= 0 || s.morale[u] !== OK) return false;
  let free = false;
  for (let i = 0; i < unit.slots.length && !free; i++) free = s.size[unit.slots[i]] === 0;
  if (!free) return false;
  // Active members, and those that may go with f (neither f nor the leader).
  let act = 0;
  let others = 0;
  const side = sc.sides[unit.side].figures;
  for (let i = 0; i < side.length; i++) {
    const g = side[i];
    if (s.unitOf[g] !== u || s.status[g] !== ACTIVE) continue;
    act++;
    if (g !== f && g !== s.leader[u]) others++;
  }
  const n = Math.floor(act / 2);
  return n >= 1 && others >= n - 1 && !engaged(s, f);
}

/** The legal actions of the deciding side (see {@link Ruleset.legalActions}). */
export function legalActions(s: SowState): SowAction[] {
  const f = actor(s);
  if (f < 0) return [];
  if (!s.options) s.options = figureOptions(s, f);
  return s.options.slice();
}
