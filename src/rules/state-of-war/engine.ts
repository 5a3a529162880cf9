/**
 * The State of War turn machine ([W1]): two action phases a turn, one per side; in its phase each
 * of the side's figures, in order, spends its actions one decision at a time; melee at the end of
 * every phase ([W20]); morale tests when triggered ([W25]). Readings [Wn]: docs/rules/state-of-war.md.
 * All lengths in cm.
 */
import type { GameEvent, Json, StepContext } from '../../core/model.js';
import { roll } from '../../core/rng.js';
import { type PoolDie, type RolledDie, rollContest } from '../../core/dice-contest.js';
import { type Vec, angleDiff, angleTo, dist as geoDist, pathLength, pointAlong, pointAlongInto, truncatePath } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import {
  type Reach,
  contacts,
  coverSourceAt,
  coverSourceOf,
  fenceCrossing,
  heightAt,
  inCoverAt,
  lineOfSight,
  foeDistance,
  foeOf,
  nearestFence,
  reachAlong,
  rearDistance,
  rearPoint,
  viewOf,
} from './table.js';
import { PlaceFinder, arcOf, nearestFiguresInto, nearestFreeListed, placeFree } from '../../core/table/index.js';
import {
  BAND_NAMES,
  BROKEN,
  CARRY_COST,
  CLIMB_LADDER,
  CLIMB_WALL,
  COMMANDER_RANGE,
  HORSE_JUMP,
  COVER_DIE,
  DMT_WOUND_ON,
  FALL_BACK,
  HORSE_DIE,
  HORSE_HIT_ON,
  MAX_AGAINST_ONE,
  MORALE_MODS,
  MORALE_NAMES,
  NO_ADVANCE,
  OK,
  PUSH_BACK,
  RALLY_ON,
  RANGE_DIE,
  RETIRING_RANGE,
  ROUTED,
  actionsFor,
  applyInjury,
  loadActions,
  maxRange,
  meleeResult,
  meleeWeaponDie,
  moraleResult,
  moveRate,
  per20,
  phaseActions,
  rangeBand,
  shotResult,
  turnCost,
} from './tables.js';
import { ACTIVE, C, DEAD, DISABLED, GONE, PH_ACT, PH_OVER, type SowState, newState } from './state.js';
import type { SowScenario } from './compile.js';
/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/**
 * One decision of State of War: an action of the figure acting now. Figures are named by id,
 * units by id, destinations by key: `obj` (the objective), `foe:<id>` (toward an enemy, stopping
 * short of contact), `cover`, `rear` (the side's rear edge), `unit` (back to its unit).
 */
export type SowAction =
  | { k: 'done' }
  | { k: 'move'; to: string }
  | { k: 'ride'; to: string }
  | { k: 'moveTo'; x: number; y: number }
  | { k: 'charge'; t: string }
  | { k: 'fire'; u: string }
  | { k: 'load' }
  | { k: 'climb' }
  | { k: 'mount' }
  | { k: 'dismount' }
  | { k: 'burn' }
  | { k: 'carry'; b: string }
  | { k: 'drop' }
  | { k: 'detach' };

/** Round to 2 decimals for events. */
export function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

const DEG = 180 / Math.PI;

// ───────────────────────────── helpers ─────────────────────────────

/** The figure deciding now (−1 when none). */
export function actor(s: SowState): number {
  return s.phase === PH_ACT && s.qPos < s.qLen ? s.queue[s.qPos] : -1;
}

/** Active figures of a unit now (its members by `unitOf`, [W6]). */
export function activeMembers(s: SowState, u: number): number[] {
  const out: number[] = [];
  for (const f of s.sc.sides[s.sc.units[u].side].figures) if (s.unitOf[f] === u && s.status[f] === ON) out.push(f);
  return out;
}

/** Every figure of a unit now, whatever its status. */
export function unitMembers(s: SowState, u: number): number[] {
  return s.sc.sides[s.sc.units[u].side].figures.filter((f) => s.unitOf[f] === u);
}

/** The units of a side with at least one active figure now, in index order. */
export function liveUnits(s: SowState, side: number): number[] {
  const seen: number[] = [];
  for (const f of s.sc.sides[side].figures) if (s.status[f] === ON && !seen.includes(s.unitOf[f])) seen.push(s.unitOf[f]);
  return seen.sort((a, b) => a - b);
}

/** The quality die held by most of the unit's active figures (ties: the smaller) [W26]; 0 if none. */
export function majorityDie(s: SowState, u: number): number {
  const count = new Map<number, number>();
  for (const f of activeMembers(s, u)) count.set(s.sc.figures[f].die, (count.get(s.sc.figures[f].die) ?? 0) + 1);
  let best = 0;
  let n = 0;
  for (const [d, k] of [...count].sort((a, b) => a[0] - b[0])) {
    if (k > n) {
      best = d;
      n = k;
    }
  }
  return best;
}

/** True when the unit's figures must run (broken or routed). */
export function running(s: SowState, f: number): boolean {
  return s.morale[s.unitOf[f]] >= BROKEN;
}

// ───────────────────────────── flow ─────────────────────────────

/** A new game: deployment reported figure by figure, then the first action phase. */
export function setupGame(sc: SowScenario, ctx: StepContext): SowState {
  const s = newState(sc);
  if (ctx.emit) {
    for (const f of sc.figures) {
      ctx.emit({
        e: 'deploy',
        figure: f.id,
        unit: sc.units[f.unit].id,
        side: sc.sides[f.side].id,
        at: [r2(s.x[f.index]), r2(s.y[f.index])],
        facing: r2(s.facing[f.index] * DEG),
        quality: `d${f.die}`,
        weapon: f.weapon ? f.weapon.key : 'none',
        melee: f.melee.key,
        mounted: f.mounted,
        loaded: true,
        role: f.role,
      });
    }
  }
  startPhase(s, ctx);
  return s;
}

function startPhase(s: SowState, ctx: StepContext): void {
  const sc = s.sc;
  s.tested.fill(0);
  s.charged.fill(0);
  let n = 0;
  for (const f of sc.sides[s.side].figures) {
    s.acts[f] = s.status[f] === ON ? phaseActions(s.wounds[f], s.carry[f] >= 0) : 0;
    const u = s.unitOf[f];
    s.mustRetire[f] = s.morale[u] === FALL_BACK && s.pending[u] === 1 ? 1 : 0;
    if (s.acts[f] > 0) s.queue[n++] = f;
  }
  s.qLen = n;
  s.qPos = 0;
  ctx.emit?.({ e: 'phase', turn: s.turn, side: sc.sides[s.side].id });
  // Carrying a barrel costs its carrier 1 action of this phase [W6].
  for (const f of sc.sides[s.side].figures) {
    if (s.carry[f] >= 0 && s.status[f] === ON) {
      ctx.emit?.({ e: 'burden', turn: s.turn, figure: sc.figures[f].id, barrel: sc.barrels[s.carry[f]].id, cost: CARRY_COST, actions: s.acts[f] });
    }
  }
  advance(s, ctx);
}

/** Move on to the next figure with a choice to make, or end the phase. */
function advance(s: SowState, ctx: StepContext): void {
  s.options = null;
  s.memo = null;
  while (s.qPos < s.qLen) {
    const f = s.queue[s.qPos];
    if (s.status[f] === ON && s.acts[f] > 0) {
      const opts = figureOptions(s, f);
      if (opts.length > 1 || opts[0].k !== 'done') {
        s.options = opts;
        return;
      }
    }
    s.acts[f] = 0;
    s.mustRetire[f] = 0;
    s.qPos++;
  }
  endPhase(s, ctx);
}

function endPhase(s: SowState, ctx: StepContext): void {
  const sc = s.sc;
  fightMelees(s, ctx);
  if (s.phase === PH_OVER) return;
  for (const u of sc.sides[s.side].units) {
    // A broken unit tries to rally at the end of an action phase it began broken (it has run) [W32].
    if (s.morale[u] === BROKEN && s.pending[u] === 0 && activeMembers(s, u).length > 0) {
      const d = majorityDie(s, u);
      const face = roll(ctx.rng, d);
      const ok = face >= RALLY_ON;
      ctx.emit?.({ e: 'rally', turn: s.turn, unit: sc.units[u].id, die: `d${d}`, face, rallied: ok });
      if (ok) {
        s.morale[u] = OK;
        s.counters[C.rallies]++;
      }
    }
    if (s.pending[u] > 0) {
      s.pending[u]--;
      if (s.pending[u] === 0 && (s.morale[u] === NO_ADVANCE || s.morale[u] === FALL_BACK)) {
        // The record says when a result has run its course ([W32]; ruleset 1.3.0, audit B3: before,
        // a reader had to rebuild the timing).
        ctx.emit?.({ e: 'statusEnd', turn: s.turn, unit: sc.units[u].id, was: MORALE_NAMES[s.morale[u]] });
        s.morale[u] = OK;
      }
    }
  }
  for (const f of sc.sides[s.side].figures) {
    s.acts[f] = 0;
    s.mustRetire[f] = 0;
  }
  if (checkVictory(s, ctx)) return;
  if (s.phaseNo === 1) {
    s.phaseNo = 2;
    s.side = 1 - s.side;
    startPhase(s, ctx);
    return;
  }
  ctx.emit?.({ e: 'turnEnd', turn: s.turn });
  if (s.turn >= sc.maxTurns) {
    gameOver(s, 1 - sc.objective.side, `turn limit: ${sc.objective.name} not fired`, ctx);
    return;
  }
  s.turn++;
  s.advanced.fill(0);
  s.wonMelee.fill(0);
  s.rode.fill(0);
  s.phaseNo = 1;
  s.side = sc.first;
  startPhase(s, ctx);
}

function gameOver(s: SowState, winner: number, reason: string, ctx: StepContext): void {
  s.phase = PH_OVER;
  s.options = null;
  s.memo = null;
  s.winner = winner;
  s.reason = reason;
  s.qLen = 0;
  s.qPos = 0;
  ctx.emit?.({ e: 'end', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** True (and the game over) when the objective burns or a side has nobody left to fight [W34]. */
function checkVictory(s: SowState, ctx: StepContext): boolean {
  if (s.phase === PH_OVER) return true;
  const sc = s.sc;
  const raiders = sc.objective.side;
  if (s.burn >= sc.objective.fireActions) {
    gameOver(s, raiders, `${sc.objective.name} fired`, ctx);
    return true;
  }
  // A figure is judged by the unit it belongs to now (`unitOf`: its detachment, if it went with one,
  // [W6a]), whose morale it tests and obeys — not by the scenario unit it started in (since ruleset
  // 1.6.0, issue 38 item 1: before, raiders of unrouted detachments whose parent unit had routed
  // counted as routed and the game ended with them still fighting; and raiders of routed
  // detachments whose parent had not routed kept the game going).
  const fighting = (side: number): boolean => sc.sides[side].figures.some((f) => s.status[f] === ON && s.morale[s.unitOf[f]] !== ROUTED);
  if (!fighting(raiders)) {
    gameOver(s, 1 - raiders, `every ${sc.sides[raiders].name} figure is down, gone or routed`, ctx);
    return true;
  }
  if (!sc.sides[1 - raiders].figures.some((f) => s.status[f] === ON)) {
    gameOver(s, raiders, `every ${sc.sides[1 - raiders].name} figure is down or gone`, ctx);
    return true;
  }
  return false;
}

// ───────────────────────────── moves ─────────────────────────────

/** A planned move: the route (first point = start), where it ends, and the facing after. */
export interface MovePlan {
  points: Vec[];
  to: Vec;
  facing: number;
  length: number;
  /** The walk that limited it. */
  reach: Reach;
  /** True when the figure only turns (a mounted figure that spends the action turning, [W10]). */
  turnOnly: boolean;
  /**
   * The place the move went toward (its destination key's place, less any stop short of an enemy
   * or the unit), for the record [W11]; absent for a charge.
   */
  toward?: Vec;
  /**
   * Why the move ended short of {@link toward}, in the order they cut it: `allowance` (the move's cm
   * ran out, [W8]–[W10]), `line` (a fence or wall, [W5]), `base` (another base where it would
   * stop), `blocked` (a building or the table's margin there), `contact` (an enemy's base there), `no advance` (nearer the nearest enemy under a
   * result below OK, [W32]); empty when it got there. Since ruleset 1.5.0 (third outside reading B3).
   */
  short?: string[];
}

/**
 * The route `points` without legs of zero length (a route cut at one of its corners repeats it),
 * and the heading of its last leg — the figure's facing after the move [W12] — or `facing` when it
 * has none. Since ruleset 1.5.0 (third outside reading A3): before, a route whose last leg had
 * zero length left the figure facing 0° (east), whatever way it went, and a rider paid turning
 * from that facing on his next move.
 */
function cleanRoute(points: readonly Vec[], facing: number): { points: Vec[]; facing: number } {
  const out: Vec[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = out[out.length - 1];
    if (dist(a.x, a.y, points[i].x, points[i].y) > 1e-9) out.push(points[i]);
  }
  if (out.length < 2) return { points: out, facing };
  const a = out[out.length - 2];
  const b = out[out.length - 1];
  return { points: out, facing: angleTo(a.x, a.y, b.x, b.y) };
}

/** The spot {@link destination} found (scratch of the kit's nearestFreeListed; copied when kept). */
const SPOT = { x: 0, y: 0 };

/** Where a destination key leads for figure f: a path and how far short of its end to stop. */
function destination(s: SowState, f: number, key: string): { path: Path; stopShort: number } | null {
  const sc = s.sc;
  const from = { x: s.x[f], y: s.y[f] };
  const side = sc.figures[f].side;
  if (key === 'obj') {
    if (!nearestFreeListed(viewOf(s), f, sc.objective.spotXY, -1, SPOT) || dist(from.x, from.y, SPOT.x, SPOT.y) < 0.3) return null;
    const path = sc.table.path(from, { x: SPOT.x, y: SPOT.y });
    return path ? { path, stopShort: 0 } : null;
  }
  if (key.startsWith('foe:')) {
    const t = sc.figureIndex.get(key.slice(4));
    if (t === undefined || s.status[t] !== ON || sc.figures[t].side === side) return null;
    const path = sc.table.path(from, { x: s.x[t], y: s.y[t] });
    return path ? { path, stopShort: 2 * sc.radius + 1.5 } : null;
  }
  if (key === 'cover') {
    if (s.mustRetire[f]) {
      const fb = fallBackCover(s, f);
      return fb ? { path: fb, stopShort: 0 } : null;
    }
    if (!nearestFreeListed(viewOf(s), f, sc.coverSpots, 0.25, SPOT)) return null;
    const path = sc.table.path(from, { x: SPOT.x, y: SPOT.y });
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'rear') {
    const p = rearPoint(sc, side, from.x, from.y);
    const q = sc.table.isFree(p.x, p.y) ? p : sc.table.nav.nearestFree(p.x, p.y, 20, () => true);
    if (!q) return null;
    const path = sc.table.path(from, q);
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'round') {
    // The rear edge by a way round fence and wall lines (through a gap, round an end): a runner's or a
    // falling-back figure's way when the straight one is cut by a line ([W32]; since ruleset 1.4.0,
    // audit C5: before, "rear" was only the point straight behind, and a runner stopped at a fence
    // beside a gap with its actions unspent).
    const nav = sc.runNav;
    const p = rearPoint(sc, side, from.x, from.y);
    const q = nav.isFree(p.x, p.y) ? p : nav.nearestFree(p.x, p.y, 20, () => true);
    if (!q) return null;
    const path = roundPath(s, f, q);
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'unit') {
    const others = activeMembers(s, s.unitOf[f]).filter((g) => g !== f);
    if (others.length === 0) return null;
    let cx = 0;
    let cy = 0;
    for (const g of others) {
      cx += s.x[g];
      cy += s.y[g];
    }
    cx /= others.length;
    cy /= others.length;
    let near = others[0];
    for (const g of others) if (dist(cx, cy, s.x[g], s.y[g]) < dist(cx, cy, s.x[near], s.y[near])) near = g;
    const path = sc.table.path(from, { x: s.x[near], y: s.y[near] });
    return path ? { path, stopShort: 2 * sc.radius + 0.5 } : null;
  }
  return null;
}

/**
 * Figure f's way to `q` round fence and wall lines (through a gap, round an end), never stopping at
 * one: the runners' way-finding ({@link SowScenario.runNav}). A base standing by a line is not clear
 * of its bar: the way starts from the nearest clear place, and ends from the clear place nearest a
 * `q` by a line (a cover place just behind it). Null when there is none.
 */
function roundPath(s: SowState, f: number, q: Vec): Path | null {
  const nav = s.sc.runNav;
  const from = { x: s.x[f], y: s.y[f] };
  const start = nav.isFree(from.x, from.y) ? from : nav.nearestFree(from.x, from.y, 1, () => true);
  if (!start) return null;
  const end = nav.isFree(q.x, q.y) ? q : nav.nearestFree(q.x, q.y, 1, () => true);
  if (!end) return null;
  const path = nav.path(start, end);
  if (!path) return null;
  if (start === from && end === q) return path;
  const points = [...(start === from ? [] : [from]), ...path.points, ...(end === q ? [] : [q])];
  return { points, length: pathLength(points) };
}

/**
 * Where a falling-back figure's "Move towards nearest cover" goes ([W32]), and the way there: a free
 * cover place that is cover from its nearest enemy (a shot from him there would throw a cover die,
 * [W17]), no farther forward than the figure stands (no nearer the enemy's table edge: it retires),
 * out of contact and no nearer the nearest enemy (where the move may end, [W32]). The way goes round
 * fence and wall lines, never stopping at one ({@link roundPath}). The place is the one this action
 * reaches that costs least to reach (ties: the nearest in a straight line, then the first listed);
 * when the action reaches none, the nearest in a straight line, the move going toward it.
 * Since ruleset 1.4.0, a second outside reading (C1): before, the nearest place of any cover,
 * whoever the enemy. Since ruleset 1.5.0, a third outside reading (A1): before, the place was the
 * nearest in a straight line, and the way to it was planned round buildings only, so a figure on the
 * enemy's face of a fence whose cover lay behind it walked to the line and stopped there, in the
 * open, beside the line's end; and a place nearer the enemy than the figure stood was taken and the
 * move cut short of it, in the open. Null when there is none (the figure falls back to the rear).
 */
function fallBackCover(s: SowState, f: number): Path | null {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const fx = s.x[f];
  const fy = s.y[f];
  const e = foeOf(s, side, fx, fy);
  const ed = foeDistance(s, side, fx, fy);
  const back = rearDistance(sc, side, fx, fy);
  const xy = sc.coverSpots;
  const spots: { j: number; d: number }[] = [];
  for (let j = 0; j < xy.length >> 1; j++) {
    const x = xy[2 * j];
    const y = xy[2 * j + 1];
    const d = dist(fx, fy, x, y);
    if (d <= 0.5) continue;
    if (rearDistance(sc, side, x, y) > back + 1e-9) continue;
    if (e >= 0 && coverSourceOf(sc, s.x[e], s.y[e], x, y).cover === 'open') continue;
    if (!placeFree(viewOf(s), x, y, f) || !placeAllowed(s, side, true, ed, x, y)) continue;
    spots.push({ j, d });
  }
  if (spots.length === 0) return null;
  spots.sort((a, b) => a.d - b.d || a.j - b.j);
  const reach = moveRate(s.mounted[f] === 1);
  let best: Path | null = null;
  let bestCost = Infinity;
  for (const c of spots) {
    // A place further in a straight line than the allowance, or than the cheapest found, costs more.
    if (c.d > reach + 1e-9 || c.d > bestCost + 1e-9) break;
    const q = { x: xy[2 * c.j], y: xy[2 * c.j + 1] };
    const path = roundPath(s, f, q);
    if (!path || path.length > reach + 1e-9) continue;
    const plan = routePlan(s, f, path, 0, side, true, ed);
    if (!plan || plan.turnOnly || dist(plan.to.x, plan.to.y, q.x, q.y) > 1e-6) continue;
    if (plan.reach.cost < bestCost - 1e-9) {
      best = path;
      bestCost = plan.reach.cost;
    }
  }
  if (best) return best;
  const c = spots[0];
  return roundPath(s, f, { x: xy[2 * c.j], y: xy[2 * c.j + 1] });
}

/** True when figure f stands in cover from its nearest enemy: a shot from him would throw a cover die [W17], [W32]. */
export function coveredFromEnemy(s: SowState, f: number): boolean {
  const e = foeOf(s, s.sc.figures[f].side, s.x[f], s.y[f]);
  return e >= 0 && coverSourceOf(s.sc, s.x[e], s.y[e], s.x[f], s.y[f]).cover !== 'open';
}

/** True when no active enemy of `side` stands in base contact with a figure at (x, y). */
function clearOfEnemies(s: SowState, side: number, x: number, y: number): boolean {
  const lim = s.sc.contact + 1e-9;
  for (const e of s.sc.sides[1 - side].figures) if (s.status[e] === ON && dist(x, y, s.x[e], s.y[e]) <= lim) return false;
  return true;
}

/**
 * Plan figure f's move of one action along `path`, stopping `stopShort` before its end, as far as
 * [W8]–[W10] and fences allow, at the furthest point free of other bases and enemies' contact and,
 * under `noAdvance`, no nearer the nearest enemy than `before` (less 0.01 cm) — walked back a
 * quarter cm at a time by the kit's PlaceFinder. A mounted figure whose turning eats the whole
 * allowance turns in place (turnOnly).
 */
function routePlan(s: SowState, f: number, path: Path, stopShort: number, side: number, noAdvance: boolean, before: number): MovePlan | null {
  const sc = s.sc;
  const mounted = s.mounted[f] === 1;
  const reach = reachAlong(sc, path.points, s.facing[f], mounted);
  const aim = Math.max(0, path.length - stopShort);
  const want = Math.min(reach.dist, aim);
  const toward = aim >= path.length - 1e-9 ? path.points[path.points.length - 1] : pointAlong(path.points, aim);
  const short: string[] = [];
  if (reach.dist < aim - 1e-6) short.push(reach.fence ? 'line' : 'allowance');
  const p = ALONG;
  // A move goes at least 0.3 cm, except a runner's last, which takes his base to the rear edge, where
  // he leaves the table, however little is left of the way ([W32]; since ruleset 1.6.0, issue 38
  // item 4: a runner leaves only at the edge, so one stopped a few mm short must be able to go on).
  let last = false;
  if (want > 1e-6 && want <= 0.3 && running(s, f)) {
    pointAlongInto(path.points, want, p);
    last = rearDistance(sc, side, p.x, p.y) <= sc.radius + LEAVE_GAP;
  }
  const finder = finderOf(sc);
  // Bases and enemies' contact (an active enemy's centre within the contact distance) near the way.
  finder.setRoute(viewOf(s), f, sc.sides[1 - side].figures, path.points, want, sc.contact + 2e-9);
  WALK.s = s;
  WALK.side = side;
  WALK.before = before;
  const extra = noAdvance ? noAdvanceOk : null;
  const d = last ? finder.walkBack(path.points, want, want, 0, extra) : finder.walkBack(path.points, want, 0.25, 0.3, extra);
  WALK.s = null;
  for (let i = 0; i < finder.nMet; i++) short.push(REFUSAL_WORDS[finder.met[i]]);
  if (last ? d > 0 : d > 0.3) {
    const at = finder.at;
    const route = cleanRoute(truncatePath(path.points, d), s.facing[f]);
    const used = reachAlong(sc, route.points, s.facing[f], mounted);
    return { points: route.points, to: { x: at.x, y: at.y }, facing: route.facing, length: pathLength(route.points), reach: used, turnOnly: false, toward, short };
  }
  if (mounted && path.points.length >= 2 && reach.dist < 0.3 && !reach.fence) {
    const a = path.points[0];
    const b = path.points[1];
    const dir = angleTo(a.x, a.y, b.x, b.y);
    const deg = angleDiff(dir, s.facing[f]) * DEG;
    if (deg > 5) {
      // The turn alone, at the sheet's rate: its cm are what it used of the action, which it spends
      // (since ruleset 1.5.0, third outside reading D1: before, the record's `used` was the whole
      // allowance, counting the few mm the route would have gone on after the turn).
      const turning: Reach = { dist: 0, cost: Math.min(moveRate(true), turnCost(deg)), turned: deg, fence: false, difficult: 0 };
      return { points: [a], to: { x: a.x, y: a.y }, facing: dir, length: 0, reach: turning, turnOnly: true, toward, short };
    }
  }
  return null;
}

/** The kit's place finder for a scenario's table (one per thread; re-made when another scenario's table comes). */
let FINDER: PlaceFinder | null = null;
function finderOf(sc: SowScenario): PlaceFinder {
  if (FINDER === null || FINDER_TABLE !== sc.table) {
    FINDER = new PlaceFinder(sc.table);
    FINDER_TABLE = sc.table;
  }
  return FINDER;
}
let FINDER_TABLE: unknown = null;

/** The words of the kit's refusal kinds in a move's `short` list ({@link MovePlan.short}). */
const REFUSAL_WORDS: readonly string[] = ['', 'base', 'contact', 'blocked', 'no advance'];

/** What {@link noAdvanceOk} compares with, set by {@link routePlan} for the walk (no closure per move). */
const WALK: { s: SowState | null; side: number; before: number } = { s: null, side: 0, before: 0 };

/** A place no nearer the nearest enemy than the move began (less 0.01 cm), [W32]: the walk's extra test under "no advance". */
function noAdvanceOk(x: number, y: number): boolean {
  const n = WALK;
  return !(foeDistance(n.s!, n.side, x, y) < n.before - 0.01);
}

/**
 * The state's memo of values worked out once per decision (cleared whenever the state changes),
 * made on first use. Callers look a key up and set it themselves (no closure made per call).
 */
function memoMap(s: SowState): Map<string, unknown> {
  if (!s.memo) s.memo = new Map();
  return s.memo;
}

/** The plan of figure f's move toward destination `key`, or null when it gets nowhere. */
export function movePlan(s: SowState, f: number, key: string): MovePlan | null {
  const k = `m${f}:${key}`;
  const m = memoMap(s);
  const v = m.get(k);
  if (v !== undefined || m.has(k)) return v as MovePlan | null;
  const plan = planMove(s, f, key);
  m.set(k, plan);
  return plan;
}

function planMove(s: SowState, f: number, key: string): MovePlan | null {
  if (key === 'away') return awayPlan(s, f);
  const d = destination(s, f, key);
  if (!d) return null;
  const side = s.sc.figures[f].side;
  const u = s.unitOf[f];
  const before = foeDistance(s, side, s.x[f], s.y[f]);
  // "No Advance towards enemy" holds for every result from 0 down ([W32]): a unit falling back (−2)
  // may not use its other action to advance either (ruleset 1.3.0, audit C2; before, the worse
  // result lifted a running "no advance").
  const noAdvance = s.morale[u] !== OK;
  const plan = routePlan(s, f, d.path, d.stopShort, side, noAdvance, before);
  // "Break and run, use both actions must end further from the enemy" ([W32]): a running figure's
  // move ends further from the nearest enemy than it began (more than 0.01 cm), and a turn on the
  // spot is only for a figure that has another action left to run with (since ruleset 1.3.0, a
  // second outside reading: a wounded rider spent its one action turning and ended no further).
  if (plan && s.morale[u] >= BROKEN) {
    if (plan.turnOnly ? s.acts[f] < 2 : foeDistance(s, side, plan.to.x, plan.to.y) <= before + 0.01) return null;
  }
  // An engaged figure may move only away from the enemy, a move that ends out of contact [W7]: a
  // rider's turn in place ([W10]) ends where he stands, in contact, so it is not offered to him —
  // runner or not (since ruleset 1.6.0, issue 38 item 2: before, only a runner's one-action turn was
  // barred, and engaged riders spent their only action turning, two of them their backs to the enemy).
  if (plan && plan.turnOnly && contacts(s, f).length > 0) return null;
  return plan;
}

/**
 * A runner's move straight away from its nearest enemy, or at 45° or 90° to that line, whichever
 * ends nearest its rear edge (ties: in that order), as far as one action takes it and ending
 * further from the nearest enemy ([W32]); null when none does. Offered only when neither `rear`
 * nor `round` is ({@link destinationKeys}): "use both actions" is a duty to run while any way
 * runs (since ruleset 1.4.0, second outside reading C2: a runner whose way to the rear led nearer
 * an enemy — one beside its rear, or a rider facing the enemy with one action, whose turn about
 * cost it all — was passed over although it could run aside).
 */
function awayPlan(s: SowState, f: number): MovePlan | null {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const e = foeOf(s, side, s.x[f], s.y[f]);
  if (e < 0) return null;
  const before = foeDistance(s, side, s.x[f], s.y[f]);
  const from = { x: s.x[f], y: s.y[f] };
  const base = angleTo(s.x[e], s.y[e], from.x, from.y);
  const reach = moveRate(s.mounted[f] === 1);
  let best: MovePlan | null = null;
  let bestBack = Infinity;
  for (const off of AWAY_TURNS) {
    const a = base + (off * Math.PI) / 180;
    // The point one move away on that heading, drawn in to the table's usable area.
    let len = reach;
    let to = { x: from.x + Math.cos(a) * len, y: from.y + Math.sin(a) * len };
    while (len > 0.5 && !sc.table.isFree(to.x, to.y)) {
      len -= 0.5;
      to = { x: from.x + Math.cos(a) * len, y: from.y + Math.sin(a) * len };
    }
    if (len <= 0.5) continue;
    const path = sc.table.path(from, to);
    if (!path) continue;
    const plan = routePlan(s, f, path, 0, side, true, before);
    if (!plan || plan.turnOnly || foeDistance(s, side, plan.to.x, plan.to.y) <= before + 0.01) continue;
    const back = rearDistance(sc, side, plan.to.x, plan.to.y);
    if (back < bestBack - 1e-9) {
      best = plan;
      bestBack = back;
    }
  }
  return best;
}

/** The headings of {@link awayPlan}, in degrees off the line straight away from the nearest enemy. */
const AWAY_TURNS = [0, 45, -45, 90, -90];

/**
 * The move's own test of a place (x, y) for a figure of `side`: clear of enemies, and for a unit
 * whose morale forbids advancing, no nearer the nearest enemy than `before` (less 0.01).
 */
function placeAllowed(s: SowState, side: number, noAdvance: boolean, before: number, x: number, y: number): boolean {
  if (!clearOfEnemies(s, side, x, y)) return false;
  if (noAdvance && foeDistance(s, side, x, y) < before - 0.01) return false;
  return true;
}

/** Scratch point of {@link routePlan} (copied when kept). */
const ALONG: { x: number; y: number } = { x: 0, y: 0 };

/** The plan of figure f's move to exact coordinates (a person in `play`), or the reason it cannot. */
export function exactMovePlan(s: SowState, f: number, x: number, y: number): MovePlan | string {
  const sc = s.sc;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (x < 0 || y < 0 || x > sc.width || y > sc.height) return `(${x}, ${y}) is off the table (${sc.width} × ${sc.height} cm)`;
  if (!sc.table.isFree(x, y)) return `(${x}, ${y}) is inside a building or too close to the table edge`;
  const path = sc.table.path({ x: s.x[f], y: s.y[f] }, { x, y });
  if (!path) return `(${x}, ${y}) cannot be reached from here`;
  const reach = reachAlong(sc, path.points, s.facing[f], s.mounted[f] === 1);
  if (path.length > reach.dist + 1e-6) {
    return `the way there is ${path.length.toFixed(1)} cm; this action reaches ${reach.dist.toFixed(1)} cm${reach.fence ? ' (a fence or wall is in the way: climb it)' : ''}`;
  }
  if (!placeFree(viewOf(s), x, y, f)) return `another figure stands at (${x}, ${y})`;
  const side = sc.figures[f].side;
  if (!clearOfEnemies(s, side, x, y)) return 'that is in contact with an enemy: charge instead';
  const u = s.unitOf[f];
  if (s.morale[u] !== OK && foeDistance(s, side, x, y) < foeDistance(s, side, s.x[f], s.y[f]) - 0.01) {
    return `the unit may not advance (${MORALE_NAMES[s.morale[u]]})`;
  }
  if (s.morale[u] >= BROKEN && foeDistance(s, side, x, y) <= foeDistance(s, side, s.x[f], s.y[f]) + 0.01) {
    return `a running figure must end further from the enemy (${MORALE_NAMES[s.morale[u]]})`;
  }
  const route = cleanRoute(path.points, s.facing[f]);
  return { points: route.points, to: { x, y }, facing: route.facing, length: path.length, reach, turnOnly: false, toward: { x, y }, short: [] };
}

/** Figure f's charge into base contact with enemy t, or null when it cannot reach [W11]. */
export function chargePlan(s: SowState, f: number, t: number): MovePlan | null {
  const k = `c${f}:${t}`;
  const m = memoMap(s);
  const v = m.get(k);
  if (v !== undefined || m.has(k)) return v as MovePlan | null;
  const plan = planCharge(s, f, t);
  m.set(k, plan);
  return plan;
}

function planCharge(s: SowState, f: number, t: number): MovePlan | null {
  const sc = s.sc;
  const from = { x: s.x[f], y: s.y[f] };
  const d0 = dist(from.x, from.y, s.x[t], s.y[t]);
  if (d0 - 2 * sc.radius > moveRate(s.mounted[f] === 1) + 0.5) return null;
  const ring = 2 * sc.radius + 0.05;
  const cands: Vec[] = [];
  const ux = (from.x - s.x[t]) / (d0 || 1);
  const uy = (from.y - s.y[t]) / (d0 || 1);
  cands.push({ x: s.x[t] + ux * ring, y: s.y[t] + uy * ring });
  for (let k = 1; k < 12; k++) {
    const a = Math.atan2(uy, ux) + (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 6);
    cands.push({ x: s.x[t] + Math.cos(a) * ring, y: s.y[t] + Math.sin(a) * ring });
  }
  const reachMax = moveRate(s.mounted[f] === 1);
  for (const c of cands) {
    if (dist(from.x, from.y, c.x, c.y) > reachMax + 1e-9) continue;
    if (!sc.table.isFree(c.x, c.y)) continue;
    const path = sc.table.path(from, c);
    if (!path) continue;
    const reach = reachAlong(sc, path.points, s.facing[f], s.mounted[f] === 1);
    const d = Math.min(reach.dist, path.length);
    const p = d >= path.length - 1e-9 ? c : pointAlong(path.points, d);
    if (dist(p.x, p.y, s.x[t], s.y[t]) > sc.contact) continue;
    if (!placeFree(viewOf(s), p.x, p.y, f) || !sc.table.isFree(p.x, p.y)) continue;
    const pts = cleanRoute(truncatePath(path.points, d), s.facing[f]).points;
    const used = reachAlong(sc, pts, s.facing[f], s.mounted[f] === 1);
    return { points: pts, to: p, facing: angleTo(p.x, p.y, s.x[t], s.y[t]), length: pathLength(pts), reach: used, turnOnly: false };
  }
  return null;
}

/** A climb of the fence or wall in front of a figure [W5]. */
export interface ClimbPlan {
  /** Where the figure stands once over (2 cm beyond the line). */
  to: Vec;
  fence: number;
  /** Its height (cm). */
  height: number;
  /** The ladder used (index in the scenario's ladders), or −1. */
  ladder: number;
  /** Cm climbed by one action: 6 at a ladder, else 3. */
  rate: number;
}

/**
 * The climb of the nearest fence or wall open to figure f now, or null [W5]: its base touches the
 * line, the place 2 cm beyond is free and out of contact with enemies; a mounted figure only jumps
 * fences of up to 3 cm (one action); a figure on foot within 2 cm of a ladder on that line climbs
 * 6 cm an action, else 3.
 */
export function climbPlan(s: SowState, f: number): ClimbPlan | null {
  const sc = s.sc;
  const nf = nearestFence(sc, s.x[f], s.y[f]);
  if (nf.fence < 0 || nf.d > sc.radius + 0.6) return null;
  const height = sc.fences[nf.fence].height;
  const mounted = s.mounted[f] === 1;
  if (mounted && height > HORSE_JUMP + 1e-9) return null;
  let ladder = -1;
  if (!mounted) {
    for (let i = 0; i < sc.ladders.length; i++) {
      const l = sc.ladders[i];
      if (l.fence === nf.fence && dist(s.x[f], s.y[f], l.x, l.y) <= sc.radius + LADDER_REACH + 1e-9) {
        ladder = i;
        break;
      }
    }
  }
  const seg = sc.fenceSegs[nf.seg];
  const dx = seg.bx - seg.ax;
  const dy = seg.by - seg.ay;
  const l2 = dx * dx + dy * dy;
  const t = Math.max(0, Math.min(1, ((s.x[f] - seg.ax) * dx + (s.y[f] - seg.ay) * dy) / l2));
  const px = seg.ax + t * dx;
  const py = seg.ay + t * dy;
  let nx = px - s.x[f];
  let ny = py - s.y[f];
  const l = Math.hypot(nx, ny);
  if (l < 1e-6) return null;
  nx /= l;
  ny /= l;
  const to = { x: px + nx * (sc.radius + 2), y: py + ny * (sc.radius + 2) };
  if (!sc.table.isFree(to.x, to.y) || !placeFree(viewOf(s), to.x, to.y, f)) return null;
  const cross = fenceCrossing(sc, s.x[f], s.y[f], to.x, to.y);
  if (!cross) return null;
  const side = sc.figures[f].side;
  if (!clearOfEnemies(s, side, to.x, to.y)) return null;
  if (!climbWayAllowed(s, f, to)) return null;
  return { to, fence: nf.fence, height, ladder, rate: ladder >= 0 ? CLIMB_LADDER : CLIMB_WALL };
}

/**
 * A climb goes where the unit's morale lets its moves go [W32]: for a unit under any result from
 * "no advance" down (fall back, broken, routed), the place beyond the line is no nearer the nearest enemy (as a move's end,
 * {@link placeAllowed}); for a figure that must run ("use both actions, must end further from the
 * enemy") or must fall back this action ("towards ... table edge to rear"), it is also nearer its
 * side's rear edge. Ruleset 1.3.0; before, a runner could climb toward the enemy (audit A1).
 */
function climbWayAllowed(s: SowState, f: number, to: Vec): boolean {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const m = s.morale[s.unitOf[f]];
  if (m !== OK && foeDistance(s, side, to.x, to.y) < foeDistance(s, side, s.x[f], s.y[f]) - 0.01) return false;
  if ((m >= BROKEN || s.mustRetire[f]) && rearDistance(sc, side, to.x, to.y) >= rearDistance(sc, side, s.x[f], s.y[f])) return false;
  return true;
}

/** A figure uses a ladder when its base edge is within this many cm of the ladder's foot [W5]. */
export const LADDER_REACH = 2;

// ───────────────────────────── shooting ─────────────────────────────

/** Figure f may fire now: loaded, armed, not engaged [W7]. */
function canFire(s: SowState, f: number): boolean {
  const w = s.sc.figures[f].weapon;
  return w !== null && s.load[f] === 0 && contacts(s, f).length === 0;
}

/** The figures of unit u that f could hit now, with their distances [W14], [W15]. */
export function shotCandidates(s: SowState, f: number, u: number): { t: number; d: number }[] {
  const k = `s${f}:${u}`;
  const m = memoMap(s);
  const v = m.get(k);
  if (v !== undefined || m.has(k)) return v as { t: number; d: number }[];
  const c = candidates(s, f, u);
  m.set(k, c);
  return c;
}

function candidates(s: SowState, f: number, u: number): { t: number; d: number }[] {
  const sc = s.sc;
  const w = sc.figures[f].weapon;
  if (!w) return [];
  const side = sc.figures[f].side;
  const out: { t: number; d: number }[] = [];
  const reach = maxRange(w);
  for (const t of sc.sides[sc.units[u].side].figures) {
    if (s.status[t] !== ON || s.unitOf[t] !== u) continue;
    const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
    if (d > reach + 1e-9) continue;
    // No firing into a melee: a target touching one of the firer's side is out [W14].
    let melee = false;
    const lim = sc.contact + 1e-9;
    for (const g of sc.sides[side].figures) if (s.status[g] === ON && dist(s.x[g], s.y[g], s.x[t], s.y[t]) <= lim) melee = true;
    if (melee) continue;
    if (!lineOfSight(sc, s.x[f], s.y[f], s.x[t], s.y[t])) continue;
    out.push({ t, d });
  }
  if (out.length === 0) return out;
  out.sort((a, b) => a.d - b.d || a.t - b.t);
  // At short range only the front rank: within 3 cm of the nearest candidate's distance [W15].
  if (rangeBand(w, out[0].d) === 0) return out.filter((c) => c.d <= out[0].d + 3);
  return out;
}

/** Enemy units figure f can fire at now (ids in scenario order). */
function fireTargets(s: SowState, f: number): number[] {
  if (!canFire(s, f)) return [];
  const sc = s.sc;
  const out: number[] = [];
  for (const u of liveUnits(s, 1 - sc.figures[f].side)) if (shotCandidates(s, f, u).length > 0) out.push(u);
  return out;
}

/** The dice pools of a shot from f at t: the firer's quality die against cover and range dice [W16]. */
export function shotPools(s: SowState, f: number, t: number): { firer: PoolDie[]; target: PoolDie[]; cover: string; coverBy: string | null; band: number; d: number } {
  const sc = s.sc;
  const w = sc.figures[f].weapon!;
  const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
  const band = rangeBand(w, d);
  const { cover, by } = coverSourceOf(sc, s.x[f], s.y[f], s.x[t], s.y[t]);
  return {
    firer: [{ sides: sc.figures[f].die, label: 'quality' }],
    target: [
      { sides: COVER_DIE[cover], label: `cover (${cover})` },
      { sides: RANGE_DIE[Math.max(0, band)], label: `range (${BAND_NAMES[Math.max(0, band)]})` },
    ],
    cover,
    coverBy: by,
    band,
    d,
  };
}

function diceJson(dice: readonly RolledDie[]): Json[] {
  return dice.map((x) => ({ die: `d${x.sides}`, face: x.face, score: x.score, for: x.label }));
}

// ───────────────────────────── legal actions ─────────────────────────────

/** Scratch lists of the kit's nearestFiguresInto: the enemies a figure may move toward or charge, and distances. */
const FOES: number[] = [];
const FOES_D: number[] = [];

/** Destination keys offered to figure f [W11]. */
function destinationKeys(s: SowState, f: number): string[] {
  const sc = s.sc;
  if (running(s, f)) {
    const keys = roundToo(s, f, ['rear']);
    // No way to the rear runs: the runner runs aside, away from the enemy ([W32], second reading C2).
    if (keys.length === 1 && !movePlan(s, f, 'rear')) return ['away'];
    return keys;
  }
  // A figure already in cover from its nearest enemy has no nearer cover to fall back to: it goes
  // to the rear ([W32]; since 1.4.0, second outside reading C1: before, it shuffled along its cover).
  if (s.mustRetire[f]) return roundToo(s, f, coveredFromEnemy(s, f) ? ['rear'] : ['cover', 'rear']);
  const keys: string[] = [];
  // The objective is a destination for both sides: one to fire it, the other to guard it.
  if (!atObjective(s, f)) keys.push('obj');
  const nFoes = nearestFiguresInto(viewOf(s), sc.sides[1 - sc.figures[f].side].figures, s.x[f], s.y[f], 2, FOES, FOES_D, true);
  for (let i = 0; i < nFoes; i++) keys.push(`foe:${sc.figures[FOES[i]].id}`);
  if (!inCoverAt(sc, s.x[f], s.y[f])) keys.push('cover');
  keys.push('rear');
  const others = activeMembers(s, s.unitOf[f]).filter((g) => g !== f);
  if (others.length > 0) {
    let cx = 0;
    let cy = 0;
    for (const g of others) {
      cx += s.x[g];
      cy += s.y[g];
    }
    if (dist(s.x[f], s.y[f], cx / others.length, cy / others.length) > 8) keys.push('unit');
  }
  return keys;
}

/**
 * A runner's or falling-back figure's destinations, with `round` (the rear edge by a way round fence
 * and wall lines) when that way ends elsewhere than the straight `rear` one ([W32], audit C5).
 */
function roundToo(s: SowState, f: number, keys: string[]): string[] {
  const round = movePlan(s, f, 'round');
  if (!round) return keys;
  const rear = movePlan(s, f, 'rear');
  if (rear && dist(rear.to.x, rear.to.y, round.to.x, round.to.y) < 0.3) return keys;
  return [...keys, 'round'];
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
  const out: SowAction[] = [{ k: 'done' }];
  const engaged = contacts(s, f).length > 0;
  const run = running(s, f);
  // "When figures are in contact with enemy figures, melee ensues" [W20]: a figure that charged
  // into contact this phase stays in it and fights at the end of the phase; its other actions are lost.
  if (engaged && s.charged[f] && !run) return out;
  for (const key of destinationKeys(s, f)) if (movePlan(s, f, key)) out.push({ k: 'move', to: key });
  if (climbPlan(s, f)) out.push({ k: 'climb' });
  // Runners must spend their actions running, a falling-back figure its first action falling back
  // ([W32]); stopping is allowed only when they cannot move.
  if (run || s.mustRetire[f]) return out.length > 1 ? out.slice(1) : out;
  const carrying = s.carry[f] >= 0;
  if (carrying) {
    // A carrier's hands are full [W6]: he may move, climb, set the barrel down, or fire the objective with it.
    out.push({ k: 'drop' });
    if (!engaged && info.side === sc.objective.side && atObjective(s, f)) out.push({ k: 'burn' });
    return out;
  }
  if (!engaged) {
    const u = s.unitOf[f];
    if (info.weapon && s.load[f] > 0) {
      out.push({ k: 'load' });
      if (s.mounted[f] && !s.rode[f]) for (const key of destinationKeys(s, f)) if (movePlan(s, f, key)) out.push({ k: 'ride', to: key });
    }
    for (const t of fireTargets(s, f)) out.push({ k: 'fire', u: sc.units[t].id });
    if (s.morale[u] === OK) {
      // The three nearest active enemies (copied: a charge plan may ask for nearest figures again).
      const nFoes = nearestFiguresInto(viewOf(s), sc.sides[1 - info.side].figures, s.x[f], s.y[f], 3, FOES, FOES_D, true);
      const e0 = nFoes > 0 ? FOES[0] : -1;
      const e1 = nFoes > 1 ? FOES[1] : -1;
      const e2 = nFoes > 2 ? FOES[2] : -1;
      if (e0 >= 0 && chargePlan(s, f, e0)) out.push({ k: 'charge', t: sc.figures[e0].id });
      if (e1 >= 0 && chargePlan(s, f, e1)) out.push({ k: 'charge', t: sc.figures[e1].id });
      if (e2 >= 0 && chargePlan(s, f, e2)) out.push({ k: 'charge', t: sc.figures[e2].id });
    }
    if (s.mounted[f]) out.push({ k: 'dismount' });
    else if (s.horse[f] && dist(s.x[f], s.y[f], s.hx[f], s.hy[f]) <= 3) out.push({ k: 'mount' });
    if (info.side === sc.objective.side && atObjective(s, f)) out.push({ k: 'burn' });
    if (!s.mounted[f] && s.wounds[f] === 0) for (const b of barrelsAtHand(s, f)) out.push({ k: 'carry', b: sc.barrels[b].id });
    if (detachment(s, f)) out.push({ k: 'detach' });
  }
  return out;
}

/**
 * Barrels on the ground within reach of figure f: its base touches the barrel's place (within
 * radius + 1.5 cm) [W6]. Only an unwounded man on foot may pick one up (a wound makes him drop it).
 */
export function barrelsAtHand(s: SowState, f: number): number[] {
  const out: number[] = [];
  const reach = s.sc.radius + BARREL_REACH;
  for (let b = 0; b < s.bHeld.length; b++) if (s.bHeld[b] === -1 && dist(s.x[f], s.y[f], s.bx[b], s.by[b]) <= reach + 1e-9) out.push(b);
  return out;
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
  const slot = unit.slots.find((k) => s.size[k] === 0);
  if (slot === undefined) return null;
  const act = activeMembers(s, u);
  const n = Math.floor(act.length / 2);
  if (n < 1 || contacts(s, f).length > 0) return null;
  const others = act
    .filter((g) => g !== f && g !== s.leader[u])
    .map((g) => ({ g, d: dist(s.x[f], s.y[f], s.x[g], s.y[g]) }))
    .sort((a, b) => a.d - b.d || a.g - b.g)
    .slice(0, n - 1)
    .map((x) => x.g);
  if (others.length < n - 1) return null;
  return { slot, figures: [f, ...others.sort((a, b) => a - b)] };
}

/** The legal actions of the deciding side (see {@link Ruleset.legalActions}). */
export function legalActions(s: SowState): SowAction[] {
  const f = actor(s);
  if (f < 0) return [];
  if (!s.options) s.options = figureOptions(s, f);
  return s.options.slice();
}

// ───────────────────────────── apply ─────────────────────────────

function fail(s: SowState, a: SowAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: SowState, a: SowAction, ctx: StepContext): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  const f = actor(s);
  if (f < 0) fail(s, a, 'no figure is acting');
  s.decisions++;
  if (a.k === 'done') {
    s.acts[f] = 0;
  } else {
    // A climb half done is given up by any other action [W5].
    if (a.k !== 'climb') s.climbed[f] = 0;
    act(s, f, a, ctx);
    s.acts[f] = Math.max(0, s.acts[f] - 1);
    s.mustRetire[f] = 0;
  }
  if (s.phase === PH_OVER) return;
  if (s.acts[f] === 0 || s.status[f] !== ON) {
    s.acts[f] = 0;
    s.qPos++;
  }
  advance(s, ctx);
}

function act(s: SowState, f: number, a: SowAction, ctx: StepContext): void {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'move':
    case 'ride': {
      if (a.k === 'ride' && (!s.mounted[f] || s.rode[f] || !info.weapon || s.load[f] === 0)) fail(s, a, 'cannot ride and load now');
      const plan = movePlan(s, f, a.to);
      if (!plan) fail(s, a, `no move toward ${a.to}`);
      execMove(s, f, plan, a.k, ctx);
      if (a.k === 'ride') {
        s.rode[f] = 1;
        doLoad(s, f, ctx, true);
      }
      return;
    }
    case 'moveTo': {
      const plan = exactMovePlan(s, f, a.x, a.y);
      if (typeof plan === 'string') fail(s, a, plan);
      execMove(s, f, plan, 'move', ctx);
      return;
    }
    case 'charge': {
      const t = sc.figureIndex.get(a.t);
      if (t === undefined || s.status[t] !== ON || sc.figures[t].side === info.side) fail(s, a, `no enemy "${a.t}" to charge`);
      const mu = s.unitOf[f];
      if (s.morale[mu] !== OK || s.carry[f] >= 0) fail(s, a, 'the unit may not advance');
      const plan = chargePlan(s, f, t);
      if (!plan) fail(s, a, `cannot reach ${a.t}`);
      const tu = s.unitOf[t];
      const mine = activeMembers(s, mu).length;
      const theirs = activeMembers(s, tu).length;
      if (theirs > mine || majorityDie(s, tu) > majorityDie(s, mu)) {
        // [W25]: charging better or more numerous enemies needs a test first.
        const r = moraleTest(s, mu, 'charging a bigger or better unit', ctx);
        if (r !== OK) {
          ctx.emit?.({ e: 'balk', turn: s.turn, figure: info.id, target: a.t });
          return;
        }
      }
      s.counters[C.charges]++;
      execMove(s, f, plan, 'charge', ctx);
      s.charged[f] = 1;
      if (s.status[t] === ON) moraleTest(s, tu, 'charged', ctx);
      return;
    }
    case 'fire': {
      const u = sc.unitIndex.get(a.u);
      if (u === undefined || !canFire(s, f) || s.carry[f] >= 0) fail(s, a, 'cannot fire now');
      const cands = shotCandidates(s, f, u);
      if (cands.length === 0) fail(s, a, `no figure of ${a.u} to shoot at`);
      fire(s, f, cands, ctx);
      return;
    }
    case 'load':
      if (!info.weapon || s.load[f] === 0 || contacts(s, f).length > 0 || s.carry[f] >= 0) fail(s, a, 'nothing to load');
      doLoad(s, f, ctx);
      return;
    case 'climb': {
      const p = climbPlan(s, f);
      if (!p) fail(s, a, 'no fence or wall to climb here');
      s.counters[C.climbs]++;
      const from = [r2(s.x[f]), r2(s.y[f])];
      s.facing[f] = angleTo(s.x[f], s.y[f], p.to.x, p.to.y);
      // [W5]: each climb action climbs 3 cm of wall or fence (6 cm at a ladder); over at the top.
      const climbed = s.climbed[f] + p.rate;
      const over = climbed >= p.height - 1e-9;
      s.climbed[f] = over ? 0 : climbed;
      if (over) {
        const before = foeDistance(s, info.side, s.x[f], s.y[f]);
        s.x[f] = p.to.x;
        s.y[f] = p.to.y;
        // A climb over the line is a move for "+1 Unit moving towards the nearest enemy" as it is for
        // "No Advance" ([W31], [W32]; since ruleset 1.4.0, second outside reading D8).
        if (foeDistance(s, info.side, s.x[f], s.y[f]) < before - 0.01) s.advanced[s.unitOf[f]] = 1;
      }
      ctx.emit?.({
        e: 'climb',
        turn: s.turn,
        figure: info.id,
        fence: sc.fences[p.fence].id,
        height: p.height,
        ladder: p.ladder >= 0 ? sc.ladders[p.ladder].id : null,
        rate: p.rate,
        climbed,
        over,
        from,
        to: over ? [r2(p.to.x), r2(p.to.y)] : from,
        facing: r2(s.facing[f] * DEG),
      });
      if (over) leaveIfRunning(s, f, ctx);
      return;
    }
    case 'carry': {
      const b = sc.barrels.findIndex((x) => x.id === a.b);
      if (b < 0 || s.mounted[f] || s.wounds[f] > 0 || s.carry[f] >= 0 || contacts(s, f).length > 0 || !barrelsAtHand(s, f).includes(b)) fail(s, a, `no barrel "${a.b}" at hand`);
      s.bHeld[b] = f;
      s.carry[f] = b;
      s.counters[C.carries]++;
      ctx.emit?.({ e: 'carry', turn: s.turn, figure: info.id, barrel: sc.barrels[b].id, at: [r2(s.bx[b]), r2(s.by[b])] });
      return;
    }
    case 'drop':
      if (s.carry[f] < 0) fail(s, a, 'carries nothing');
      dropBarrel(s, f, 'set down', ctx);
      return;
    case 'detach': {
      const d = detachment(s, f);
      if (!d) fail(s, a, 'may not make a detachment now');
      const u = s.unitOf[f];
      const k = d.slot;
      for (const g of d.figures) s.unitOf[g] = k;
      s.size[k] = d.figures.length;
      s.size[u] -= d.figures.length;
      s.leader[k] = f;
      if (s.leader[u] === f) s.leader[u] = -1;
      // The detachment keeps its parent's morale and this turn's record [W6].
      s.morale[k] = s.morale[u];
      s.pending[k] = s.pending[u];
      s.tested[k] = s.tested[u];
      s.advanced[k] = s.advanced[u];
      s.wonMelee[k] = s.wonMelee[u];
      s.counters[C.detachments]++;
      ctx.emit?.({
        e: 'detach',
        turn: s.turn,
        figure: info.id,
        from: sc.units[u].id,
        unit: sc.units[k].id,
        figures: d.figures.map((g) => sc.figures[g].id),
        size: s.size[k],
        leftSize: s.size[u],
        leader: info.id,
        leftLeader: s.leader[u] >= 0 ? sc.figures[s.leader[u]].id : null,
      });
      return;
    }
    case 'dismount':
      if (!s.mounted[f]) fail(s, a, 'not mounted');
      s.mounted[f] = 0;
      s.horse[f] = 1;
      s.hx[f] = s.x[f];
      s.hy[f] = s.y[f];
      s.counters[C.dismounts]++;
      ctx.emit?.({ e: 'dismount', turn: s.turn, figure: info.id, horseAt: [r2(s.x[f]), r2(s.y[f])] });
      return;
    case 'mount':
      if (s.mounted[f] || !s.horse[f] || dist(s.x[f], s.y[f], s.hx[f], s.hy[f]) > 3) fail(s, a, 'no horse at hand');
      s.mounted[f] = 1;
      s.horse[f] = 0;
      ctx.emit?.({ e: 'mount', turn: s.turn, figure: info.id });
      return;
    case 'burn': {
      if (info.side !== sc.objective.side || !atObjective(s, f) || contacts(s, f).length > 0) fail(s, a, 'not at the objective');
      // A carried barrel is emptied on it: the action counts the barrel's worth of firing (at least 1) [W6].
      const b = s.carry[f];
      const counts = b >= 0 ? Math.max(1, sc.barrels[b].fire) : 1;
      if (b >= 0) {
        s.bHeld[b] = -2;
        s.carry[f] = -1;
      }
      s.burn += counts;
      s.counters[C.burns]++;
      ctx.emit?.({ e: 'burn', turn: s.turn, figure: info.id, barrel: b >= 0 ? sc.barrels[b].id : null, counts, progress: s.burn, needed: sc.objective.fireActions });
      checkVictory(s, ctx);
      return;
    }
    default:
      fail(s, a, 'unknown action');
  }
}

/** Figure f puts down (or lets fall) the barrel it carries where it stands [W6]. */
function dropBarrel(s: SowState, f: number, cause: string, ctx: StepContext): void {
  const b = s.carry[f];
  if (b < 0) return;
  s.carry[f] = -1;
  s.bHeld[b] = -1;
  s.bx[b] = s.x[f];
  s.by[b] = s.y[f];
  s.counters[C.drops]++;
  ctx.emit?.({ e: 'drop', turn: s.turn, figure: s.sc.figures[f].id, barrel: s.sc.barrels[b].id, at: [r2(s.x[f]), r2(s.y[f])], cause });
}

function doLoad(s: SowState, f: number, ctx: StepContext, ride = false): void {
  s.load[f] = Math.max(0, s.load[f] - 1);
  s.counters[C.loads]++;
  ctx.emit?.({ e: 'load', turn: s.turn, figure: s.sc.figures[f].id, left: s.load[f], ride });
}

function execMove(s: SowState, f: number, plan: MovePlan, kind: string, ctx: StepContext): void {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const before = foeDistance(s, side, s.x[f], s.y[f]);
  const from = [r2(s.x[f]), r2(s.y[f])];
  s.x[f] = plan.to.x;
  s.y[f] = plan.to.y;
  s.facing[f] = plan.facing;
  s.counters[C.moves]++;
  ctx.emit?.({
    e: 'move',
    turn: s.turn,
    figure: sc.figures[f].id,
    kind: plan.turnOnly ? 'turn' : kind,
    from,
    via: plan.points.slice(1, -1).map((p) => [r2(p.x), r2(p.y)]),
    to: [r2(plan.to.x), r2(plan.to.y)],
    ...(plan.toward ? { toward: [r2(plan.toward.x), r2(plan.toward.y)], short: plan.short ?? [] } : {}),
    facing: r2(plan.facing * DEG),
    length: r2(plan.length),
    allowance: moveRate(s.mounted[f] === 1),
    used: r2(plan.reach.cost),
    turned: r2(plan.reach.turned),
    difficult: r2(plan.reach.difficult),
  });
  if (!plan.turnOnly && foeDistance(s, side, s.x[f], s.y[f]) < before - 0.01) s.advanced[s.unitOf[f]] = 1;
  leaveIfRunning(s, f, ctx);
}

/**
 * How near (cm) its rear edge a running figure's base edge must be to leave the table [W32]: the
 * place a move to the rear goes to lies 0.01 cm off the edge ({@link rearPoint}), and 0.01 more is
 * rounding. Since ruleset 1.6.0 (issue 38 item 4): before, 0.6 cm, so runners left 0.12–0.57 cm
 * short of the edge, where the sheet has them reach it.
 */
export const LEAVE_GAP = 0.02;

/** A running figure whose base reaches its rear edge leaves the table [W32]. */
function leaveIfRunning(s: SowState, f: number, ctx: StepContext): void {
  const sc = s.sc;
  if (!running(s, f)) return;
  if (rearDistance(sc, sc.figures[f].side, s.x[f], s.y[f]) > sc.radius + LEAVE_GAP) return;
  s.status[f] = GONE;
  s.acts[f] = 0;
  s.counters[C.fled]++;
  ctx.emit?.({ e: 'leave', turn: s.turn, figure: sc.figures[f].id });
  checkVictory(s, ctx);
}

function fire(s: SowState, f: number, cands: { t: number; d: number }[], ctx: StepContext): void {
  const sc = s.sc;
  const info = sc.figures[f];
  let pickDie = 0;
  let pickFace = 1;
  if (cands.length > 1) {
    pickDie = cands.length;
    pickFace = roll(ctx.rng, pickDie);
  }
  const t = cands[pickFace - 1].t;
  const pools = shotPools(s, f, t);
  const c = rollContest(ctx.rng, pools.firer, pools.target);
  s.load[f] = loadActions(info.weapon!);
  s.facing[f] = angleTo(s.x[f], s.y[f], s.x[t], s.y[t]);
  s.counters[C.shots]++;
  const result = shotResult(c.margin);
  ctx.emit?.({
    e: 'fire',
    turn: s.turn,
    figure: info.id,
    weapon: info.weapon!.key,
    unit: sc.units[s.unitOf[t]].id,
    candidates: cands.map((x) => sc.figures[x.t].id),
    pick: pickDie > 0 ? { die: `d${pickDie}`, face: pickFace } : null,
    target: sc.figures[t].id,
    range: r2(pools.d),
    band: BAND_NAMES[Math.max(0, pools.band)],
    cover: pools.cover,
    coverBy: pools.coverBy,
    firer: diceJson(c.a.dice),
    against: diceJson(c.b.dice),
    margin: c.margin,
    result,
    facing: r2(s.facing[f] * DEG),
  });
  if (result === 'none' || result === 'graze') return;
  s.counters[C.hits]++;
  if (s.mounted[t]) {
    const face = roll(ctx.rng, 6);
    const horse = face >= HORSE_HIT_ON;
    ctx.emit?.({ e: 'horseHit', turn: s.turn, figure: sc.figures[t].id, die: 'd6', face, horseHit: horse });
    if (horse) {
      s.mounted[t] = 0;
      s.horse[t] = 0;
      s.counters[C.horsesHit]++;
      return;
    }
  }
  injure(s, t, result, 'shot', ctx);
}

/** Apply an injury to figure t and the morale tests it triggers [W18], [W25]. */
function injure(s: SowState, t: number, injury: 'wound' | 'disabled' | 'killed', cause: string, ctx: StepContext): void {
  const sc = s.sc;
  if (s.status[t] !== ON && s.status[t] !== DISABLED) return;
  const h = applyInjury({ wounds: s.wounds[t], disabled: s.status[t] === DISABLED, dead: false }, injury);
  s.wounds[t] = h.wounds;
  const was = s.status[t];
  s.status[t] = h.dead ? DEAD : h.disabled ? DISABLED : ACTIVE;
  if (s.status[t] !== ON) s.acts[t] = 0;
  else if (s.side === sc.figures[t].side) s.acts[t] = Math.min(s.acts[t], actionsFor(s.wounds[t], false));
  ctx.emit?.({ e: 'hurt', turn: s.turn, figure: sc.figures[t].id, injury, cause, wounds: h.wounds, status: h.dead ? 'killed' : h.disabled ? 'disabled' : 'wounded' });
  // A hurt carrier lets the barrel fall where he stands [W6].
  dropBarrel(s, t, h.dead ? 'killed' : h.disabled ? 'disabled' : 'wounded', ctx);
  const side = sc.figures[t].side;
  if (t === sc.sides[side].commander && was === ON && s.status[t] !== ON) {
    s.commanderFell[side] = s.turn;
    // "All units must test if the Force commander is killed": every unit tests, even one that has
    // tested this phase (ruleset 1.3.0, audit C1; [W25]). His own unit's test for the fall is also
    // its test for a member hurt (one event, one test).
    for (const u of liveUnits(s, side)) moraleTest(s, u, 'force commander fell', ctx, true);
    // His own unit, left with no active member, has its line too ([W25], third outside reading D2).
    if (activeMembers(s, s.unitOf[t]).length === 0) moraleTest(s, s.unitOf[t], 'force commander fell', ctx, true);
  } else {
    moraleTest(s, s.unitOf[t], 'a member hurt', ctx);
  }
  checkVictory(s, ctx);
}

// ───────────────────────────── morale ─────────────────────────────

/** Centre and mean facing of a unit's active figures. */
function unitPose(s: SowState, u: number): { x: number; y: number; facing: number; n: number } {
  const m = activeMembers(s, u);
  let x = 0;
  let y = 0;
  let cx = 0;
  let cy = 0;
  for (const f of m) {
    x += s.x[f];
    y += s.y[f];
    cx += Math.cos(s.facing[f]);
    cy += Math.sin(s.facing[f]);
  }
  const n = Math.max(1, m.length);
  return { x: x / n, y: y / n, facing: Math.atan2(cy, cx), n: m.length };
}

/**
 * The unit's active members in cover now, whoever the enemy ([W31]): figure id → the id of the
 * area, building or fence that covers it ({@link coverSourceAt}).
 */
export function unitCover(s: SowState, u: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of activeMembers(s, u)) {
    const by = coverSourceAt(s.sc, s.x[f], s.y[f]);
    if (by !== null) out[s.sc.figures[f].id] = by;
  }
  return out;
}

/**
 * The enemy that puts a unit's flank or rear at risk ([W30]), or −1: the nearest enemy to the unit's
 * centre, more than 45° off its mean facing and nearer than any friendly figure of another unit.
 * Enemies within 0.01 cm of the nearest distance are all "the nearest": if any of them is off to a
 * flank, the flank is threatened (the first such by figure order is named). Since ruleset 1.4.0,
 * second outside reading D7: before, the first by figure order alone decided.
 */
export function flankedBy(s: SowState, u: number): number {
  const sc = s.sc;
  const side = sc.units[u].side;
  if (activeMembers(s, u).length === 0) return -1;
  const pose = unitPose(s, u);
  const e = foeOf(s, side, pose.x, pose.y);
  if (e < 0) return -1;
  const ed = foeDistance(s, side, pose.x, pose.y);
  let friend = Infinity;
  for (const g of sc.sides[side].figures) {
    if (s.status[g] !== ON || s.unitOf[g] === u) continue;
    friend = Math.min(friend, dist(pose.x, pose.y, s.x[g], s.y[g]));
  }
  if (!(ed < friend)) return -1;
  for (const g of sc.sides[1 - side].figures) {
    if (s.status[g] !== ON || dist(pose.x, pose.y, s.x[g], s.y[g]) > ed + FLANK_TIE) continue;
    if (angleDiff(angleTo(pose.x, pose.y, s.x[g], s.y[g]), pose.facing) * DEG > 45) return g;
  }
  return -1;
}

/** Enemies within this many cm of the nearest one's distance count as equally near ([W30]). */
export const FLANK_TIE = 0.01;

/** The modifiers of a unit's morale test now, by name [W26]–[W31]. */
export function moraleModifiers(s: SowState, u: number): Record<string, number> {
  const sc = s.sc;
  const unit = sc.units[u];
  const side = unit.side;
  const mods: Record<string, number> = {};
  const majority = majorityDie(s, u);
  // The unit's leader: its NCO, or the figure that made the detachment [W6], [W26].
  const lead = s.leader[u];
  if (lead >= 0 && s.status[lead] === ON && sc.figures[lead].die > majority) mods.betterLeader = MORALE_MODS.betterLeader;
  if (s.commanderFell[side] === s.turn) mods.commanderFell = MORALE_MODS.commanderFell;
  // Per 20% of the unit as formed (a scenario unit less its detachments; a detachment as made).
  const size = s.size[u];
  let out = 0;
  let wounded = 0;
  for (const f of unitMembers(s, u)) {
    if (s.status[f] === DISABLED || s.status[f] === DEAD) out++;
    else if (s.status[f] === ON && s.wounds[f] === 1) wounded++;
  }
  if (per20(out, size) > 0) mods.out = MORALE_MODS.per20Out * per20(out, size);
  if (lead >= 0 && (s.status[lead] === DISABLED || s.status[lead] === DEAD)) mods.ncoFell = MORALE_MODS.ncoFell;
  if (per20(wounded, size) > 0) mods.wounded = MORALE_MODS.per20Wounded * per20(wounded, size);
  const members = activeMembers(s, u);
  // Retiring: the unit, or a friendly unit with a member within 20 cm.
  let retiring = s.morale[u] >= FALL_BACK;
  for (const v of sc.sides[side].units) {
    if (retiring) break;
    if (v === u || s.morale[v] < FALL_BACK) continue;
    for (const g of activeMembers(s, v)) {
      for (const f of members) if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= RETIRING_RANGE) retiring = true;
    }
  }
  if (retiring) mods.retiring = MORALE_MODS.retiring;
  if (flankedBy(s, u) >= 0) mods.flanked = MORALE_MODS.flanked;
  if (s.advanced[u]) mods.advancing = MORALE_MODS.advancing;
  for (const v of sc.sides[side].units) {
    if (v === u || !(s.advanced[v] || s.wonMelee[v])) continue;
    let seen = false;
    for (const g of activeMembers(s, v)) {
      for (const f of members) if (lineOfSight(sc, s.x[f], s.y[f], s.x[g], s.y[g])) seen = true;
      if (seen) break;
    }
    if (seen) {
      mods.friends = MORALE_MODS.friendsAdvancing;
      break;
    }
  }
  if (members.length > 0) {
    // "+1 : Uphill of all enemies or in cover" is one +1; the record names which gave it: `cover`
    // when most active members are in cover (the morale event's `inCover` says what covers whom),
    // else `uphill` (ruleset 1.3.0, audit B1; before, one merged `uphillOrCover`).
    const inCover = Object.keys(unitCover(s, u)).length;
    let low = Infinity;
    for (const f of members) low = Math.min(low, heightAt(sc, s.x[f], s.y[f]));
    let high = -Infinity;
    for (const e of sc.sides[1 - side].figures) if (s.status[e] === ON) high = Math.max(high, heightAt(sc, s.x[e], s.y[e]));
    if (inCover * 2 > members.length) mods.cover = MORALE_MODS.uphillOrCover;
    else if (low > high) mods.uphill = MORALE_MODS.uphillOrCover;
  }
  const cmd = sc.sides[side].commander;
  if (cmd >= 0 && s.status[cmd] === ON) {
    for (const f of members.length > 0 ? members : []) {
      if (dist(s.x[f], s.y[f], s.x[cmd], s.y[cmd]) <= COMMANDER_RANGE && lineOfSight(sc, s.x[f], s.y[f], s.x[cmd], s.y[cmd])) {
        mods.commanderNear = MORALE_MODS.commanderNear;
        break;
      }
    }
  }
  return mods;
}

/**
 * A unit's morale test [W25]–[W32], at most once per action phase unless `always` (the force
 * commander's fall); returns the unit's morale status after it. A result can worsen the status,
 * never improve it.
 */
export function moraleTest(s: SowState, u: number, trigger: string, ctx: StepContext, always = false): number {
  const sc = s.sc;
  if (activeMembers(s, u).length === 0) {
    // A hurt that leaves the unit no active member: no one is left to test, and the record says so,
    // so every hurt has its line [W25] (since ruleset 1.5.0, third outside reading D2).
    ctx.emit?.({ e: 'noTest', turn: s.turn, unit: sc.units[u].id, trigger, why: 'no active member', status: MORALE_NAMES[s.morale[u]] });
    return s.morale[u];
  }
  if (s.tested[u] && !always) {
    // At most one test a unit per action phase [W25]; the record says so, so no trigger goes untold.
    ctx.emit?.({ e: 'noTest', turn: s.turn, unit: sc.units[u].id, trigger, why: 'tested this action phase', status: MORALE_NAMES[s.morale[u]] });
    return s.morale[u];
  }
  s.tested[u] = 1;
  const die = majorityDie(s, u);
  const face = roll(ctx.rng, die);
  const mods = moraleModifiers(s, u);
  let score = face;
  for (const v of Object.values(mods)) score += v;
  const result = moraleResult(score);
  s.counters[C.moraleTests]++;
  const before = s.morale[u];
  const own = s.side === sc.units[u].side;
  if (result > before) {
    s.morale[u] = result;
    s.counters[C.moraleFailures]++;
    if (result === NO_ADVANCE || result === FALL_BACK) s.pending[u] = own ? 2 : 1;
    // Broken in its own phase, it runs through its next one before it may try to rally [W32].
    if (result === BROKEN) s.pending[u] = own ? 1 : 0;
  } else if (result === before && (result === NO_ADVANCE || result === FALL_BACK)) {
    // The same result again holds for the unit's next action phase too ("next turn", [W32]).
    s.pending[u] = Math.max(s.pending[u], own ? 2 : 1);
  }
  const flank = mods.flanked !== undefined ? flankedBy(s, u) : -1;
  ctx.emit?.({
    e: 'morale',
    turn: s.turn,
    unit: sc.units[u].id,
    trigger,
    die: `d${die}`,
    face,
    mods,
    inCover: unitCover(s, u),
    ...(flank >= 0 ? { flankedBy: sc.figures[flank].id } : {}),
    score,
    result: MORALE_NAMES[result],
    status: MORALE_NAMES[s.morale[u]],
  });
  // Running men drop what they carry [W6], [W32].
  if (s.morale[u] >= BROKEN) for (const f of activeMembers(s, u)) dropBarrel(s, f, 'running', ctx);
  return s.morale[u];
}

// ───────────────────────────── melee ─────────────────────────────

/** A figure's dice in melee against `opps` [W21], [W22]. */
export function meleePool(s: SowState, f: number, opps: readonly number[]): PoolDie[] {
  const sc = s.sc;
  const info = sc.figures[f];
  // Mounted men (not lancers) cannot fight to the rear.
  const view = viewOf(s);
  const front = opps.filter((o) => !s.mounted[f] || info.melee.key === 'lance' || arcOf(view, o, f) !== 'rear');
  if (front.length === 0) return [];
  const pool: PoolDie[] = [{ sides: info.die, mod: -(opps.length - 1) - (s.wounds[f] > 0 ? 1 : 0), floor: 1, label: 'quality' }];
  const wd = meleeWeaponDie(info.melee, s.mounted[front[0]] === 1);
  if (wd > 0) pool.push({ sides: wd, label: info.melee.key });
  const bayonets = opps.some((o) => !s.mounted[o] && sc.figures[o].melee.key === 'bayonet');
  if (s.mounted[f] && !bayonets) pool.push({ sides: HORSE_DIE, label: 'horse' });
  return pool;
}

/** +1 to a figure's melee score: charging, uphill of all opponents, or defending a barricade [W21]. */
export function meleeBonus(s: SowState, f: number, opps: readonly number[]): number {
  return meleeBonusReason(s, f, opps) === null ? 0 : 1;
}

/** Why a figure's melee score gets its +1 (the first that applies; they do not stack), or null [W21]. */
export function meleeBonusReason(s: SowState, f: number, opps: readonly number[]): 'charging' | 'uphill' | 'barricade' | null {
  const sc = s.sc;
  if (s.charged[f]) return 'charging';
  const h = heightAt(sc, s.x[f], s.y[f]);
  if (opps.every((o) => heightAt(sc, s.x[o], s.y[o]) < h)) return 'uphill';
  // "Defending a barricade": a fence or wall between the figure and every opponent, whichever side's
  // phase it is (since ruleset 1.6.0, issue 38 item 3: before, only the side whose phase it was not).
  if (opps.every((o) => fenceCrossing(sc, s.x[f], s.y[f], s.x[o], s.y[o]) !== null)) return 'barricade';
  return null;
}

/**
 * The modifiers of a figure's melee throw against `opps`, by name, for the record [W21], [W22]:
 * on its quality die −1 per enemy over 1 (`outnumbered`) and −1 if wounded (`wounded`); +1 to its
 * result for `charging`, `uphill` or `barricade`; `noDice: true` when a mounted man has every
 * opponent to his rear and throws nothing (a flag, not a number: since ruleset 1.5.0, third
 * outside reading D3; before, it was written 0 among the ±n modifiers).
 */
export function meleeMods(s: SowState, f: number, opps: readonly number[], pool: readonly PoolDie[]): Record<string, number | boolean> {
  const mods: Record<string, number | boolean> = {};
  if (pool.length === 0) {
    mods.noDice = true;
    return mods;
  }
  if (opps.length > 1) mods.outnumbered = -(opps.length - 1);
  if (s.wounds[f] > 0) mods.wounded = -1;
  const why = meleeBonusReason(s, f, opps);
  if (why) mods[why] = 1;
  return mods;
}

/**
 * The combats of this melee phase [W20]: each a single figure against 1–3 opponents, a figure in
 * one combat, formed so that as many figures in base contact as can fight do ("When figures are in
 * contact with enemy figures, melee ensues"; "a maximum of 3 figures can fight against 1").
 * Deterministic: the figures in contact are taken most-surrounded first (then by index), each one
 * tried first as the single figure against its free contacts (up to 3, nearest first), then as one
 * of the several against each free contact (nearest first), then left out; the first formation
 * found in that order that has the most figures fighting is kept — so where the greedy formation
 * (the first tried, 1.0.0–1.4.0's) already lets everyone fight, it is the one. Since ruleset 1.5.0
 * (third outside reading C1): before, the greedy formation alone, which left chargers in contact
 * out of the melee where another formation let every figure fight (7 figures in 6 of 247 phase
 * ends). The search is bounded ({@link COMBAT_SEARCH} steps per phase): past it, the best found so
 * far stands (the greedy formation at worst).
 */
export function formCombats(s: SowState): { one: number; many: number[] }[] {
  const sc = s.sc;
  const live: number[] = [];
  const cs = new Map<number, number[]>();
  for (let f = 0; f < sc.figures.length; f++) {
    if (s.status[f] !== ON) continue;
    const c = contacts(s, f);
    if (c.length > 0) {
      live.push(f);
      cs.set(f, c);
    }
  }
  live.sort((a, b) => cs.get(b)!.length - cs.get(a)!.length || a - b);
  const used = new Set<number>();
  const cur: { one: number; many: number[] }[] = [];
  let best: { one: number; many: number[] }[] = [];
  let bestN = -1;
  let budget = COMBAT_SEARCH;
  // Figures not yet placed (fighting or left out), from position i of `live`.
  const search = (i: number, fighting: number): void => {
    if (budget <= 0) return;
    budget--;
    while (i < live.length && used.has(live[i])) i++;
    if (i >= live.length) {
      if (fighting > bestN) {
        bestN = fighting;
        best = cur.map((c) => ({ one: c.one, many: [...c.many] }));
      }
      return;
    }
    // Every figure still unplaced could at most fight: no better formation down this way.
    let open = 0;
    for (let k = i; k < live.length; k++) if (!used.has(live[k])) open++;
    if (fighting + open <= bestN) return;
    const f = live[i];
    const free = cs.get(f)!.filter((g) => !used.has(g));
    // f as the single figure, against up to 3 of its free contacts (the most first, nearest first).
    for (let k = Math.min(MAX_AGAINST_ONE, free.length); k >= 1; k--) {
      for (const many of subsets(free, k)) {
        used.add(f);
        for (const g of many) used.add(g);
        cur.push({ one: f, many });
        search(i + 1, fighting + 1 + k);
        cur.pop();
        used.delete(f);
        for (const g of many) used.delete(g);
      }
    }
    // f as one of the several against a free contact g, with up to 2 more of g's free contacts.
    for (const g of free) {
      const others = cs.get(g)!.filter((h) => h !== f && !used.has(h));
      for (let k = Math.min(MAX_AGAINST_ONE - 1, others.length); k >= 1; k--) {
        for (const more of subsets(others, k)) {
          const many = cs.get(g)!.filter((h) => h === f || more.includes(h));
          used.add(g);
          for (const h of many) used.add(h);
          cur.push({ one: g, many });
          search(i + 1, fighting + 1 + many.length);
          cur.pop();
          used.delete(g);
          for (const h of many) used.delete(h);
        }
      }
    }
    // f left out.
    used.add(f);
    search(i + 1, fighting);
    used.delete(f);
  };
  search(0, 0);
  // In the record's order: by the single figure's place among the figures in contact.
  const rank = new Map(live.map((f, i) => [f, i]));
  return best.sort((a, b) => rank.get(a.one)! - rank.get(b.one)!);
}

/** How many steps {@link formCombats}' search takes in a phase at most. */
export const COMBAT_SEARCH = 20000;

/** The k-element subsets of `xs`, each in `xs`'s order, in lexicographic order of positions. */
function subsets(xs: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const go = (start: number): void => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let j = start; j <= xs.length - (k - pick.length); j++) {
      pick.push(xs[j]);
      go(j + 1);
      pick.pop();
    }
  };
  go(0);
  return out;
}

function fightMelees(s: SowState, ctx: StepContext): void {
  const sc = s.sc;
  for (const c of formCombats(s)) {
    if (s.phase === PH_OVER) return;
    const one = c.one;
    const many = c.many.filter((g) => s.status[g] === ON);
    if (s.status[one] !== ON || many.length === 0) continue;
    s.counters[C.melees]++;
    const poolOne = meleePool(s, one, many);
    const pools = many.map((g) => meleePool(s, g, [one]));
    // Roll the single figure, then each opponent in turn.
    const rolled = rollContest(ctx.rng, poolOne, pools[0] ?? []);
    const rolls = [rolled.b];
    for (let i = 1; i < many.length; i++) rolls.push(rollContest(ctx.rng, [], pools[i]).b);
    const scoreOne = rolled.a.dice.length > 0 ? rolled.a.best + meleeBonus(s, one, many) : 0;
    // "+1 to result" is the side's [W21]: its highest die, +1 when any of its primaries that throw
    // dice is charging, uphill of its opponent or defending a barricade (ruleset 1.3.0, audit A2;
    // before, each figure's +1 counted only on its own best die). The figure with that highest die
    // (the first on ties) is the side's winner.
    let best = -1;
    let bestDie = 0;
    let bonus = 0;
    many.forEach((g, i) => {
      if (rolls[i].dice.length === 0) return;
      if (meleeBonus(s, g, [one]) > 0) bonus = 1;
      if (best < 0 || rolls[i].best > bestDie) {
        best = g;
        bestDie = rolls[i].best;
      }
    });
    const bestScore = best < 0 ? 0 : bestDie + bonus;
    if (best < 0) best = many[0];
    const margin = scoreOne - bestScore;
    let loser = -1;
    let winner = -1;
    let pick: Json = null;
    if (margin > 0) {
      winner = one;
      if (many.length === 1) loser = many[0];
      else {
        const face = roll(ctx.rng, many.length);
        pick = { die: `d${many.length}`, face };
        loser = many[face - 1];
      }
    } else if (margin < 0) {
      winner = best;
      loser = one;
    }
    const effect = loser >= 0 ? meleeResult(Math.abs(margin), s.mounted[loser] === 1) : null;
    const ev: GameEvent = {
      e: 'melee',
      turn: s.turn,
      one: sc.figures[one].id,
      many: many.map((g) => sc.figures[g].id),
      oneDice: diceJson(rolled.a.dice),
      manyDice: rolls.map((r) => diceJson(r.dice)),
      oneMods: meleeMods(s, one, many, poolOne),
      manyMods: many.map((g, i) => meleeMods(s, g, [one], pools[i])),
      oneScore: scoreOne,
      manyScore: bestScore,
      margin: Math.abs(margin),
      winner: winner >= 0 ? sc.figures[winner].id : null,
      loser: loser >= 0 ? sc.figures[loser].id : null,
      pick,
      effect,
    };
    ctx.emit?.(ev);
    if (loser < 0 || effect === null) continue;
    s.wonMelee[s.unitOf[winner]] = 1;
    applyMeleeEffect(s, loser, winner, effect, ctx);
  }
}

function applyMeleeEffect(s: SowState, loser: number, winner: number, effect: string, ctx: StepContext): void {
  const sc = s.sc;
  if (effect === 'PB' || effect === 'PBW') pushBack(s, loser, winner, ctx);
  if (effect === 'DMT' || effect === 'DMTW') {
    s.mounted[loser] = 0;
    s.horse[loser] = 0;
    s.counters[C.dismounts]++;
    // DMT: "horse flees, rider now on foot. Suffers wound on 5+ (D6)"; DMT+W is that and a wound [W23].
    const face = roll(ctx.rng, 6);
    const fall = face >= DMT_WOUND_ON;
    const plus = effect === 'DMTW';
    ctx.emit?.({ e: 'unhorsed', turn: s.turn, figure: sc.figures[loser].id, die: 'd6', face, wounded: fall, plusWound: plus });
    if (fall) injure(s, loser, 'wound', 'fall', ctx);
    if (plus) injure(s, loser, 'wound', 'melee', ctx);
    return;
  }
  if (effect === 'PBW' || effect === 'W') injure(s, loser, 'wound', 'melee', ctx);
  else if (effect === 'D') injure(s, loser, 'disabled', 'melee', ctx);
  else if (effect === 'K') injure(s, loser, 'killed', 'melee', ctx);
}

/** P/B: the loser goes back 2 cm from the winner, with unengaged friends just behind him [W23]. */
function pushBack(s: SowState, loser: number, winner: number, ctx: StepContext): void {
  const sc = s.sc;
  const dx = s.x[loser] - s.x[winner];
  const dy = s.y[loser] - s.y[winner];
  const l = Math.hypot(dx, dy) || 1;
  const ux = (dx / l) * PUSH_BACK;
  const uy = (dy / l) * PUSH_BACK;
  const side = sc.figures[loser].side;
  // Friends behind: within a base and 1 cm behind the loser in the push direction, not engaged.
  const behind: number[] = [];
  for (const g of sc.sides[side].figures) {
    if (g === loser || s.status[g] !== ON || contacts(s, g).length > 0) continue;
    const px = s.x[g] - s.x[loser];
    const py = s.y[g] - s.y[loser];
    const along = (px * dx + py * dy) / l;
    if (along > 0 && dist(s.x[g], s.y[g], s.x[loser], s.y[loser]) <= 2 * sc.radius + 1) behind.push(g);
  }
  const moving = [loser, ...behind];
  const ignore = new Set(moving);
  const ok = moving.every((g) => {
    const x = s.x[g] + ux;
    const y = s.y[g] + uy;
    if (!sc.table.isFree(x, y) || fenceCrossing(sc, s.x[g], s.y[g], x, y)) return false;
    for (let h = 0; h < s.x.length; h++) {
      if (ignore.has(h) || s.status[h] > DISABLED) continue;
      if (dist(x, y, s.x[h], s.y[h]) < 2 * sc.radius - 1e-6) return false;
    }
    return true;
  });
  if (!ok) {
    ctx.emit?.({ e: 'push', turn: s.turn, figure: sc.figures[loser].id, moved: [], by: [0, 0], blocked: true });
    return;
  }
  for (const g of moving) {
    s.x[g] += ux;
    s.y[g] += uy;
    s.climbed[g] = 0;
  }
  s.counters[C.pushBacks]++;
  ctx.emit?.({ e: 'push', turn: s.turn, figure: sc.figures[loser].id, moved: moving.map((g) => sc.figures[g].id), by: [r2(ux), r2(uy)], blocked: false });
}

/** Figures out of the fight on a side (disabled, dead or gone). */
export function downCount(s: SowState, side: number): number {
  let n = 0;
  for (const f of s.sc.sides[side].figures) if (s.status[f] !== ON) n++;
  return n;
}
