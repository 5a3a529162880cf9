/**
 * State of War movement [W8]–[W12], [W32]: where a destination key leads, a move of one action
 * along a route (allowance, difficult ground, turning, fences; the walk back is the kit's
 * PlaceFinder), falling back and running, a charge into contact [W11]. Moves to exact coordinates
 * and moves carried out: execute.ts. All lengths in cm.
 */
import {
  type Vec,
  angleDiff,
  angleTo,
  dist as geoDist,
  pathLength,
  pointAlong,
  pointAlongInto,
  pointAlongIntoAt,
} from '../../core/geometry.js';
import { type Path, newPathScratch } from '../../core/nav.js';
import { nearestFreeListed, PlaceFinder, placeFree, placeFreeAt } from '../../core/table/index.js';
import {
  type Reach,
  clearOfEnemies,
  coverSourceOf,
  engaged,
  foeDistance,
  foeOf,
  reachAlongInto,
  rearDistance,
  rearPoint,
  rearPointAt,
  viewOf,
} from './table.js';
import { BROKEN, moveRate, OK, turnCost } from './tables.js';
import { type SowState, ACTIVE, MOVE_KEYS, type SowMemo } from './state.js';
import type { SowScenario } from './compile.js';
import { DEG } from './action.js';
import { memoFor, moveSlots, running } from './units.js';
import { type MovePlan, FIRST, PLAN_IN, WalkedPlan, firstPlaceFree, shortWords } from './plan.js';
import { LEAVE_GAP } from './execute.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** The spot {@link destination} found (scratch of the kit's nearestFreeListed; copied when kept). */
const SPOT = { x: 0, y: 0 };

/**
 * The start and end of the way {@link destination} and {@link planCharge} ask for, and the way
 * (the NavMap's pathInto scratch): read at once by the plan, which copies the route it keeps.
 */
const FROM = { x: 0.5, y: 0.5 };
const TO = { x: 0.5, y: 0.5 };
const WAY = newPathScratch();
/** The point behind a figure on its rear edge ({@link rearPointAt}'s scratch). */
const REAR = { x: 0.5, y: 0.5 };
/** What {@link destination} found (scratch, read at once): the way, and how far short of its end to stop. */
const DEST: { path: Path; stopShort: number } = { path: WAY, stopShort: 0 };

/**
 * The way from {@link FROM} to {@link TO} into {@link DEST} (null when there is none), its stop
 * short as the caller set it in DEST: the ends and the stop short in scratch, not passed (a double
 * handed to a call that is not inlined is boxed).
 */
function wayToTarget(sc: SowScenario): { path: Path; stopShort: number } | null {
  const path = sc.table.nav.pathInto(FROM, TO, WAY);
  if (!path) return null;
  DEST.path = path;
  return DEST;
}

/** `path` into {@link DEST} with no stop short (null when there is no path). */
function wayOf(path: Path | null): { path: Path; stopShort: number } | null {
  if (!path) return null;
  DEST.path = path;
  DEST.stopShort = 0;
  return DEST;
}

/**
 * Where a destination key leads for figure f: a path and how far short of its end to stop (a
 * scratch, valid until the next call: the way may be {@link WAY}).
 */
function destination(s: SowState, f: number, key: string): { path: Path; stopShort: number } | null {
  const sc = s.sc;
  const from = FROM;
  from.x = s.x[f];
  from.y = s.y[f];
  const side = sc.figures[f].side;
  const to = TO;
  if (key === 'obj') {
    if (!nearestFreeListed(viewOf(s), f, sc.objective.spotXY, -1, SPOT)) return null;
    // dist(from, SPOT) written out (the same float).
    const dx = SPOT.x - from.x;
    const dy = SPOT.y - from.y;
    if (Math.sqrt(dx * dx + dy * dy) < 0.3) return null;
    to.x = SPOT.x;
    to.y = SPOT.y;
    DEST.stopShort = 0;
    return wayToTarget(sc);
  }
  if (key.startsWith('foe:')) {
    // The figure a `foe:<id>` key names, by its memo slot (no id cut out of the key).
    const k = moveSlots(s).slot.get(key);
    const t = k === undefined ? undefined : k - MOVE_KEYS.length;
    if (t === undefined || s.status[t] !== ON || sc.figures[t].side === side) return null;
    to.x = s.x[t];
    to.y = s.y[t];
    DEST.stopShort = 2 * sc.radius + 1.5;
    return wayToTarget(sc);
  }
  if (key === 'cover') {
    if (s.mustRetire[f]) return wayOf(fallBackCover(s, f));
    if (!nearestFreeListed(viewOf(s), f, sc.coverSpots, 0.25, SPOT)) return null;
    to.x = SPOT.x;
    to.y = SPOT.y;
    DEST.stopShort = 0;
    return wayToTarget(sc);
  }
  if (key === 'rear') {
    const p = rearPointAt(sc, side, from, REAR);
    const q = sc.table.nav.isFreeAt(p) ? p : sc.table.nav.nearestFree(p.x, p.y, 20, () => true);
    if (!q) return null;
    to.x = q.x;
    to.y = q.y;
    DEST.stopShort = 0;
    return wayToTarget(sc);
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
    return wayOf(roundPath(s, f, q));
  }
  if (key === 'unit') {
    // The unit's other active members (in figure order; no list made): their centre, then the
    // member nearest it (ties: the first).
    const u = s.unitOf[f];
    const mates = sc.sides[sc.units[u].side].figures;
    let n = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < mates.length; i++) {
      const g = mates[i];
      if (g === f || s.unitOf[g] !== u || s.status[g] !== ON) continue;
      cx += s.x[g];
      cy += s.y[g];
      n++;
    }
    if (n === 0) return null;
    cx /= n;
    cy /= n;
    let near = -1;
    for (let i = 0; i < mates.length; i++) {
      const g = mates[i];
      if (g === f || s.unitOf[g] !== u || s.status[g] !== ON) continue;
      if (near < 0 || dist(cx, cy, s.x[g], s.y[g]) < dist(cx, cy, s.x[near], s.y[near])) near = g;
    }
    to.x = s.x[near];
    to.y = s.y[near];
    DEST.stopShort = 2 * sc.radius + 0.5;
    return wayToTarget(sc);
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
  // The places past the cheap tests (not where it stands, no farther forward), nearest first (ties:
  // the first listed); the dearer ones (cover from the enemy, free, allowed) asked of each in that
  // order only as far as the choice below reads: the same places in the same order as testing
  // every place first.
  const cand = FB_J;
  const candD = FB_D;
  let n = 0;
  for (let j = 0; j < xy.length >> 1; j++) {
    const x = xy[2 * j];
    const y = xy[2 * j + 1];
    const d = dist(fx, fy, x, y);
    if (d <= 0.5) continue;
    if (rearDistance(sc, side, x, y) > back + 1e-9) continue;
    candD[j] = d;
    cand[n++] = j;
  }
  cand.length = n;
  cand.sort(byCoverDistance);
  const reach = moveRate(s.mounted[f] === 1);
  let first = -1;
  let best: Path | null = null;
  let bestCost = Infinity;
  for (let i = 0; i < n; i++) {
    const j = cand[i];
    const x = xy[2 * j];
    const y = xy[2 * j + 1];
    if (e >= 0 && coverSourceOf(sc, s.x[e], s.y[e], x, y).cover === 'open') continue;
    if (!placeFree(viewOf(s), x, y, f) || !placeAllowed(s, side, true, ed, x, y)) continue;
    if (first < 0) first = j;
    // A place further in a straight line than the allowance, or than the cheapest found, costs more.
    const d = candD[j];
    if (d > reach + 1e-9 || d > bestCost + 1e-9) break;
    const q = { x, y };
    const path = roundPath(s, f, q);
    if (!path || path.length > reach + 1e-9) continue;
    const plan = routePlan(s, f, wayOf(path)!, side, true, null);
    if (!plan || plan.turnOnly || dist(plan.to.x, plan.to.y, q.x, q.y) > 1e-6) continue;
    if (plan.reach.cost < bestCost - 1e-9) {
      best = path;
      bestCost = plan.reach.cost;
    }
  }
  if (first < 0) return null;
  if (best) return best;
  return roundPath(s, f, { x: xy[2 * first], y: xy[2 * first + 1] });
}

/** Scratch of {@link fallBackCover}: the cover places past its cheap tests, and each place's straight distance (by place index). */
const FB_J: number[] = [];
const FB_D: number[] = [];

/** Cover places by straight distance (in {@link FB_D}), ties by index. */
const byCoverDistance = (a: number, b: number): number => FB_D[a] - FB_D[b] || a - b;

/** True when figure f stands in cover from its nearest enemy: a shot from him would throw a cover die [W17], [W32]. */
export function coveredFromEnemy(s: SowState, f: number): boolean {
  const e = foeOf(s, s.sc.figures[f].side, s.x[f], s.y[f]);
  return e >= 0 && coverSourceOf(s.sc, s.x[e], s.y[e], s.x[f], s.y[f]).cover !== 'open';
}

/**
 * Plan figure f's move of one action along `way.path`, stopping `way.stopShort` before its end (the
 * way given as an object: the two read here, not passed), as far as [W8]–[W10] and fences allow,
 * at the furthest point free of other bases and enemies' contact and, under `noAdvance`, no nearer
 * the nearest enemy than f stands ({@link foeDistanceOf}; less 0.01 cm) — walked back a
 * quarter cm at a time by the kit's PlaceFinder. A mounted figure whose turning eats the whole
 * allowance turns in place (turnOnly).
 */
function routePlan(
  s: SowState,
  f: number,
  way: { path: Path; stopShort: number },
  side: number,
  noAdvance: boolean,
  into: WalkedPlan | null,
): MovePlan | null {
  const sc = s.sc;
  const path = way.path;
  const stopShort = way.stopShort;
  const before = foeDistanceOf(s, f);
  const mounted = s.mounted[f] === 1;
  const reach = reachAlongInto(sc, path.points, s.facing, f, mounted, REACH);
  const aim = Math.max(0, path.length - stopShort);
  const want = Math.min(reach.dist, aim);
  // Why it stops short, one reason per 3 bits in the order met (plan.ts shortWords).
  let shortCode = 0;
  let shortShift = 1;
  if (reach.dist < aim - 1e-6) {
    shortCode = reach.fence ? 2 : 1;
    shortShift = 8;
  }
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
  WALK.s = s;
  WALK.side = side;
  WALK.before = before;
  const extra = noAdvance ? noAdvanceOk : null;
  // The walk's first place — where the move wants to go — asked first against every base and enemy:
  // when it passes, the walk back below stops there having met no refusal (every figure that could
  // refuse it is one the route's near lists would hold), so they are not gathered.
  const args = finder.args;
  args[0] = want;
  if (want > (last ? 0 : 0.3) && firstPlaceFree(s, f, side, path.points, args, extra)) {
    WALK.s = null;
    const at = FIRST;
    const nums = PLAN_IN;
    nums[0] = want;
    nums[1] = NaN;
    nums[2] = aim;
    nums[3] = path.length;
    return (into ?? new WalkedPlan(sc)).set(path.points, s.facing, f, mounted, at, shortCode);
  }
  // Bases and enemies' contact (an active enemy's centre within the contact distance) near the way.
  // (The numbers in the finder's args, not passed: see PlaceFinder.args.)
  args[0] = want;
  args[1] = sc.contact + 2e-9;
  args[2] = 1;
  finder.setRouteFromArgs(viewOf(s), f, sc.sides[1 - side].figures, path.points);
  args[0] = want;
  args[1] = last ? want : 0.25;
  args[2] = last ? 0 : 0.3;
  const d = finder.walkBackFromArgs(path.points, extra);
  WALK.s = null;
  for (let i = 0; i < finder.nMet; i++) {
    shortCode += (finder.met[i] + 2) * shortShift;
    shortShift *= 8;
  }
  if (last ? d > 0 : d > 0.3) {
    const at = finder.at;
    const nums = PLAN_IN;
    nums[0] = d;
    nums[1] = NaN;
    nums[2] = aim;
    nums[3] = path.length;
    return (into ?? new WalkedPlan(sc)).set(path.points, s.facing, f, mounted, at, shortCode);
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
      // The points copied: the way may be a scratch.
      const last = path.points[path.points.length - 1];
      const toward = aim >= path.length - 1e-9 ? { x: last.x, y: last.y } : pointAlong(path.points, aim);
      const short = shortWords(shortCode);
      return {
        points: [{ x: a.x, y: a.y }],
        to: { x: a.x, y: a.y },
        facing: dir,
        length: 0,
        reach: turning,
        turnOnly: true,
        toward,
        short,
      };
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

/** What {@link noAdvanceOk} compares with, set by {@link routePlan} for the walk (no closure per move). */
const WALK: { s: SowState | null; side: number; before: number } = { s: null, side: 0, before: 0 };

/** A place no nearer the nearest enemy than the move began (less 0.01 cm), [W32]: the walk's extra test under "no advance". */
function noAdvanceOk(x: number, y: number): boolean {
  const n = WALK;
  return !(foeDistance(n.s!, n.side, x, y) < n.before - 0.01);
}

/** The plan of figure f's move toward destination `key`, or null when it gets nowhere. */
export function movePlan(s: SowState, f: number, key: string): MovePlan | null {
  const k = moveSlots(s).slot.get(key);
  // A key no destination has (an illegal action's) is planned without the memo: it gets nowhere.
  if (k === undefined) return planMove(s, f, key, null);
  return movePlanAt(s, f, k);
}

/** {@link movePlan} of the destination whose memo slot is k (units.ts `moveSlots`; no key looked up). */
export function movePlanAt(s: SowState, f: number, k: number): MovePlan | null {
  const m = memoFor(s, f);
  if (m.has(k)) return m.get(k) as MovePlan | null;
  const key = k < MOVE_KEYS.length ? MOVE_KEYS[k] : moveSlots(s).foeKey[k - MOVE_KEYS.length];
  const plan = planMove(s, f, key, keptPlan(m, k, s.sc));
  m.set(k, plan);
  return plan;
}

/** Figure f's distance (cm) to its nearest active enemy where it stands ({@link foeDistance}), worked out once per decision. */
function foeDistanceOf(s: SowState, f: number): number {
  const m = memoFor(s, f);
  if (m.hasFoeD()) return m.foeD;
  // `+`: the call's result made a number the compiler knows (merged with the memo's, read as a
  // number, an unknown one boxed the memo's at every ask; the same number).
  const d = +foeDistance(s, s.sc.figures[f].side, s.x[f], s.y[f]);
  m.setFoeD(d);
  return d;
}

/** The plan object memo slot k keeps for reuse (made on first use; see {@link WalkedPlan.set}). */
function keptPlan(m: SowMemo, k: number, sc: SowScenario): WalkedPlan {
  let p = m.kept[k] as WalkedPlan | null;
  if (p === null) {
    p = new WalkedPlan(sc);
    m.kept[k] = p;
  }
  return p;
}

/** Figure f's move toward `key` (see {@link movePlan}), a walked plan written into `into` (null: a new one). */
function planMove(s: SowState, f: number, key: string, into: WalkedPlan | null): MovePlan | null {
  if (key === 'away') return awayPlan(s, f);
  const d = destination(s, f, key);
  if (!d) return null;
  const side = s.sc.figures[f].side;
  const u = s.unitOf[f];
  const before = foeDistanceOf(s, f);
  // "No Advance towards enemy" holds for every result from 0 down ([W32]): a unit falling back (−2)
  // may not use its other action to advance either (ruleset 1.3.0, audit C2; before, the worse
  // result lifted a running "no advance").
  const noAdvance = s.morale[u] !== OK;
  const plan = routePlan(s, f, d, side, noAdvance, into);
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
  if (plan && plan.turnOnly && engaged(s, f)) return null;
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
    const plan = routePlan(s, f, wayOf(path)!, side, true, null);
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

/** Scratch reach of {@link routePlan} and {@link planCharge} (read at once, never kept). */
const REACH: Reach = { dist: 0, cost: 0, turned: 0, fence: false, difficult: 0 };

/** Scratch of {@link planCharge}: the distance along the way it asks the point of (not passed: see pointAlongIntoAt). */
const CHARGE_D = new Float64Array(1);

/** Scratch point of {@link routePlan} (copied when kept). */
const ALONG: { x: number; y: number } = { x: 0, y: 0 };

/** Figure f's charge into base contact with enemy t, or null when it cannot reach [W11]. */
export function chargePlan(s: SowState, f: number, t: number): MovePlan | null {
  const m = memoFor(s, f);
  const k = m.chargeAt + t;
  if (m.has(k)) return m.get(k) as MovePlan | null;
  const plan = planCharge(s, f, t, keptPlan(m, k, s.sc));
  m.set(k, plan);
  return plan;
}

function planCharge(s: SowState, f: number, t: number, into: WalkedPlan): MovePlan | null {
  const sc = s.sc;
  const from = FROM;
  const fx = s.x[f];
  const fy = s.y[f];
  const tx = s.x[t];
  const ty = s.y[t];
  from.x = fx;
  from.y = fy;
  // Distances and headings written out (the same floats as dist and angleTo): doubles passed to a
  // call that is not inlined are boxed, several per place tried.
  const d0 = Math.sqrt((tx - fx) * (tx - fx) + (ty - fy) * (ty - fy));
  const mounted = s.mounted[f] === 1;
  const reachMax = moveRate(mounted);
  if (d0 - 2 * sc.radius > reachMax + 0.5) return null;
  const ring = 2 * sc.radius + 0.05;
  const ux = (fx - tx) / (d0 || 1);
  const uy = (fy - ty) / (d0 || 1);
  // The heading of the nearest way, worked out only when a place beside it is tried.
  let base = NaN;
  const lim = reachMax + 1e-9;
  // Twelve places round the target, the nearest way first, then alternately either side by 30°
  // (the way to each in scratch: the plan copies the route it keeps).
  for (let k = 0; k < 12; k++) {
    const c = TO;
    if (k === 0) {
      c.x = tx + ux * ring;
      c.y = ty + uy * ring;
    } else {
      if (k === 1) base = Math.atan2(uy, ux);
      const a = base + (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 6);
      c.x = tx + Math.cos(a) * ring;
      c.y = ty + Math.sin(a) * ring;
    }
    const cdx = c.x - fx;
    const cdy = c.y - fy;
    if (Math.sqrt(cdx * cdx + cdy * cdy) > lim) continue;
    if (!isFreeAt(sc, c)) continue;
    const path = sc.table.nav.pathInto(from, c, WAY);
    if (!path) continue;
    const reach = reachAlongInto(sc, path.points, s.facing, f, mounted, REACH);
    const d = Math.min(reach.dist, path.length);
    const at = CHARGE_D;
    at[0] = d;
    const p = d >= path.length - 1e-9 ? c : pointAlongIntoAt(path.points, at, 0, ALONG);
    const pdx = tx - p.x;
    const pdy = ty - p.y;
    if (Math.sqrt(pdx * pdx + pdy * pdy) > sc.contact) continue;
    if (!placeFreeAt(viewOf(s), p, f) || !isFreeAt(sc, p)) continue;
    const nums = PLAN_IN;
    nums[0] = d;
    nums[1] = Math.atan2(ty - p.y, tx - p.x);
    nums[2] = NaN;
    nums[3] = 0;
    return into.set(path.points, s.facing, f, mounted, p, 0);
  }
  return null;
}

/** The table's isFree at a point given as an object (its coordinates read in the call: none boxed). */
function isFreeAt(sc: SowScenario, p: { x: number; y: number }): boolean {
  return sc.table.isFree(p.x, p.y);
}
