/**
 * Movement ([R1], [R10], [R11]): each figure's allowance (dark ages: the move factor, rough-ground
 * dice; pirates: base + the unit's D6, −D6 crossing rough or an obstacle), the move along the
 * shortest path to the farthest place it may stand (the kit's PlaceFinder: the nearest reachable
 * free place, else the walk back), and a unit's move order carried out figure by figure.
 */
import { type Vec, angleTo, dist, pointAlongInto, truncateInto, truncatePath } from '../../core/geometry.js';
import { newPathScratch } from '../../core/nav.js';
import { roll, type Rng } from '../../core/rng.js';
import { nearestFigure } from '../../core/table/index.js';
import { hypot2 } from './hypot.js';
import { ACTIVE, C, PIG_FREE, type PigState } from './state.js';
import { daMoveFactor, daRoughDie, PIRATE_MOVE_BASE, type Mod } from './tables.js';
import type { PigAction } from './action.js';
import type { PigEventOf } from './events.js';
import { r3, deg, type Emit, onRough, figureView, freeFiguresInto, carrying, moveKind, unitIndex, homePoint } from './queries.js';
import { carryPigs, afterMove } from './loot.js';

/** The dice one order (or one morale result) rolls once and every figure of it shares. */
export interface MoveDice {
  /** Pirates: the unit's movement D6 and crossing D6 (0 = not rolled yet). */
  move: number;
  cross: number;
  /** Dark ages: the rough-ground die rolled, by its size (null until the first is rolled). */
  rough: Map<number, number> | null;
  /**
   * Pirates, one result's fall backs ({@link fallBack}): the close order (1) or not (0) the unit
   * stood in when the first of them fell back, before that fall back broke it (−1 = none yet).
   */
  close: number;
}

/** No die rolled yet. */
export function newDice(): MoveDice {
  return { move: 0, cross: 0, rough: null, close: -1 };
}

/** `d` set to no die rolled yet (as {@link newDice}), for a caller's scratch dice; returns `d`. */
export function resetDice(d: MoveDice): MoveDice {
  d.move = 0;
  d.cross = 0;
  d.rough = null;
  d.close = -1;
  return d;
}

/** Roll a D`sides` for unit `unit` and record it (a `die` event naming what it is for). */
export function rollNamed(rng: Rng, sides: number, emit: Emit, what: string, unit: string): number {
  const v = roll(rng, sides);
  emit?.({ e: 'die', unit, what, die: `d${sides}`, roll: v });
  return v;
}

/**
 * A figure's allowance for one move, as {@link allowanceFor} returns it: `full` (inches), the
 * `scale` a crossing −D6 is multiplied by (a carrier's fraction, else 1), and the note of its
 * parts — made only when someone records (`emit` given), else null.
 */
export interface Allowance {
  full: number;
  parts: Mod[] | null;
  scale: number;
}

/** The one {@link Allowance} {@link allowanceFor} fills (read at once by its caller). */
const ALLOWANCE: Allowance = { full: 0, parts: null, scale: 1 };

/**
 * A figure's allowance for this move (inches), and the note of its parts when someone records:
 * the same sum in the same order as summing the parts. Returns a shared object, valid until the
 * next call.
 */
export function allowanceFor(s: PigState, f: number, dice: MoveDice, rng: Rng, emit: Emit, charge: number): Allowance {
  const info = s.sc.figures[f];
  const parts: Mod[] | null = emit ? [] : null;
  let full = 0;
  if (s.sc.version.moveDie) {
    if (!dice.move) dice.move = rollNamed(rng, 6, emit, 'movement D6', uid(s, f));
    const kind = moveKind(s, f);
    full += PIRATE_MOVE_BASE[kind];
    full += dice.move;
    parts?.push({ name: kind, value: PIRATE_MOVE_BASE[kind] }, { name: 'D6', value: dice.move });
  } else {
    const wall = s.wall[info.unit] === 1;
    const rough = !wall && onRough(s.sc, s.x[f], s.y[f]);
    let die = 0;
    if (rough) {
      const size = daRoughDie(info.armour, info.mounted);
      dice.rough ??= new Map();
      const got = dice.rough.get(size);
      die = got ?? rollNamed(rng, size, emit, `rough-ground d${size}`, uid(s, f));
      dice.rough.set(size, die);
    }
    const v = daMoveFactor(info.armour, info.mounted, wall, rough, die);
    full += v;
    parts?.push({
      name: wall
        ? 'shield wall'
        : rough
          ? `rough d${daRoughDie(info.armour, info.mounted)}`
          : `${info.armour} ${info.mounted ? 'horse' : 'foot'}`,
      value: v,
    });
  }
  if (charge) {
    full += charge;
    parts?.push({ name: 'charge D6', value: charge });
  }
  const carry = carrying(s, f);
  if (carry) {
    full *= s.sc.carrySpeed;
    parts?.push({ name: `carrying loot ×${s.sc.carrySpeed}`, value: 0, factor: s.sc.carrySpeed });
  }
  const out = ALLOWANCE;
  out.full = full;
  out.parts = parts;
  out.scale = carry ? s.sc.carrySpeed : 1;
  return out;
}

/** The id of figure f's unit (for the words of a die roll). */
function uid(s: PigState, f: number): string {
  return s.sc.units[s.sc.figures[f].unit].id;
}

/** Distance along `points` at which the route first enters rough ground (0 when it starts there), Infinity if never. */
export function roughEntry(s: PigState, points: readonly Vec[]): number {
  return s.sc.table.slowEntry(points);
}

/** Radius of the ring search for a free place when the one a move reaches is taken (in). */
export const ALT_RADIUS = 2;

/** Options of the kit's `PlaceFinder.nearestReachableAt`: the ring search and its reach, and the same with a bound across rough ground (set just before use). */
export const NEAR = { radius: ALT_RADIUS, reach: 0.5 };

const NEAR_SLOW = { radius: ALT_RADIUS, slowReach: 0, reach: 0.5 };

/** Scratch of {@link moveFigure}: the place its route reaches, round which the ring search looks (read at once). */
const NEAR_AT = { x: 0.5, y: 0.5 };

/** Every place will do (the goal of a move only needs to be free of terrain). */
const ANYWHERE = (): boolean => true;

/**
 * The `move` event of figure `f`, standing at the end of `pts` (the way taken, inches) with its new
 * facing: the way's `length` and the `allowance` (inches), the parts that make the allowance, and
 * why it moved. Built only where an event is wanted (`emit?.(moveEvent(…))`).
 */
export function moveEvent(
  s: PigState,
  f: number,
  pts: readonly Vec[],
  length: number,
  allowance: number,
  parts: readonly Mod[],
  why: string,
): PigEventOf<'move'> {
  return {
    e: 'move',
    f: s.sc.figures[f].id,
    path: pts.map((p): [number, number] => [r3(p.x), r3(p.y)]),
    facing: deg(s.facing[f]),
    length: r3(length),
    allowance: r3(allowance),
    parts: parts.map((p) =>
      p.factor === undefined ? { name: p.name, value: p.value } : { name: p.name, value: p.value, factor: p.factor },
    ),
    why,
  };
}

/**
 * Scratch of {@link moveFigure}: where a route is cut, where the figure stands before it moves, and
 * its route when straight (NavMap.pathInto) — read before it returns (an event copies the points).
 */
const CUT = { x: 0, y: 0 };
const FROM = { x: 0, y: 0 };
const ROUTE = newPathScratch();

/**
 * Move figure f toward `target` along the shortest path, at most `full` inches (shield wall:
 * not into rough; pirates: −D6 when the route crosses rough or a wall), to the farthest place
 * along the route where it may stand. Returns the distance moved. Emits a `move` event. `parts`:
 * the allowance's parts for the event (null when nobody records).
 */
export function moveFigure(
  s: PigState,
  f: number,
  target: Vec,
  full: number,
  parts: Mod[] | null,
  dice: MoveDice,
  shy: boolean,
  rng: Rng,
  emit: Emit,
  why: string,
  scale = 1,
): number {
  const sc = s.sc;
  const from = FROM;
  from.x = s.x[f];
  from.y = s.y[f];
  let goal = target;
  if (!sc.nav.isFreeAt(goal)) {
    const g = sc.nav.nearestFree(goal.x, goal.y, 6, ANYWHERE);
    if (!g) return 0;
    goal = g;
  }
  const path = sc.nav.pathInto(from, goal, ROUTE);
  if (!path || path.length < 1e-6) return 0;
  let limit = Math.min(full, path.length);
  // How far along its own path a free place may be when the one reached is taken: the figure's
  // allowance ([R1]), not what is left of the path to a goal already within reach (that bound
  // left drovers stuck short of a crowded landing place).
  let reach = full;
  const wallRough = sc.version.shieldWall && s.wall[sc.figures[f].unit] === 1;
  if (wallRough) {
    const entry = sc.table.slowEntryUpTo(path.points, limit);
    if (entry < Infinity) {
      limit = Math.max(0, Math.min(limit, entry - 0.01));
      reach = limit;
    }
  }
  let crossed = false;
  if (sc.version.crossingDie && full > 0) {
    const entry = sc.table.slowEntryUpTo(path.points, limit);
    if (entry < Infinity) {
      crossed = true;
      if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid(s, f));
      // the −D6 comes off the movement factor, before a carrier's fraction of it ([R11])
      if (parts) parts = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
      full = Math.max(0, full - dice.cross * scale);
      limit = Math.min(limit, full);
      reach = full;
    }
  }
  let d = limit;
  pointAlongInto(path.points, d, CUT);
  let atX = CUT.x;
  let atY = CUT.y;
  // The way taken, when it is not the route cut at d.
  let way: readonly Vec[] | null = null;
  // The place test asks only the bases and enemies near the place reached (and its ring of
  // alternatives), then, walking back, only those near the route.
  const P = sc.places;
  const v = figureView(s);
  const keepers = shy ? sc.sides[1 - sc.figures[f].side].figures : null;
  const keepOff = shy ? sc.contact + 0.5 : 0;
  P.setNear(v, f, keepers, keepOff, atX, atY, ALT_RADIUS);
  if (!P.okNear(atX, atY)) {
    // the place is taken: the nearest free place within 2 in that the allowance still reaches
    const c = NEAR_AT;
    c.x = atX;
    c.y = atY;
    NEAR.reach = reach;
    let alt = P.nearestReachableAt(from, c, NEAR);
    let p = P.path;
    // The way to that place is a route of its own and meets the same terrain rules (audit A5): a
    // shield wall takes no way into rough ground ([R10]); a pirate whose planned route crossed
    // nothing pays the −D6 on a way that enters rough ground or a wall ([R11]). When the place
    // found first is reached by such a way, the search is made again with that rule: the nearest
    // place reached by a way clear of rough within the allowance, or across rough within the
    // allowance less the −D6 (shield wall: none across rough).
    if (alt && p && (wallRough || (sc.version.crossingDie && !crossed && full > 0)) && roughEntry(s, p.points) < Infinity) {
      let left = -1;
      if (!wallRough) {
        if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid(s, f));
        left = Math.max(0, full - dice.cross * scale);
      }
      NEAR_SLOW.slowReach = left;
      NEAR_SLOW.reach = reach;
      alt = P.nearestReachableAt(from, c, NEAR_SLOW);
      p = P.path;
      if (alt && p && !wallRough && roughEntry(s, p.points) < Infinity) {
        if (parts) parts = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
        full = left;
      }
    }
    if (alt && p) {
      way = p.points;
      d = p.length;
      atX = alt.x;
      atY = alt.y;
    } else {
      P.setRoute(v, f, keepers, path.points, d);
      d = P.walkBack(path.points, d, 0.2);
      atX = P.at.x;
      atY = P.at.y;
    }
  }
  // The point the figure comes from last: the way's last corner, or the route's before the cut.
  let last: Vec;
  if (way) last = way[way.length - 2] ?? from;
  else {
    if (d <= 1e-6) return 0;
    const k = truncateInto(path.points, d, CUT);
    last = CUT.x === CUT.x ? path.points[k - 1] : (path.points[k - 2] ?? from);
  }
  s.x[f] = atX;
  s.y[f] = atY;
  s.facing[f] = angleTo(last.x, last.y, atX, atY);
  s.moved[f] = 1;
  s.counters[C.moves]++;
  emit?.(moveEvent(s, f, way ?? truncatePath(path.points, d), d, full, parts ?? [], why));
  carryPigs(s, f);
  afterMove(s, f, emit);
  return d;
}

/** Where a move order sends figure f (before its formation offset), as {@link orderTargetInto} writes it. */
export interface OrderTarget {
  x: number;
  y: number;
  /** The figure keeps its offset from the unit's centre (a formation move). */
  offset: boolean;
}

/** Where a move order sends figure f (before its formation offset): {@link orderTargetInto} into a new object. */
export function orderTarget(
  s: PigState,
  f: number,
  a: PigAction,
  centre: Vec,
  pigFor: ReadonlyMap<number, number>,
): { t: Vec; offset: boolean } {
  const o: OrderTarget = { x: 0, y: 0, offset: false };
  orderTargetInto(s, f, a, centre, pigFor, o);
  return { t: { x: o.x, y: o.y }, offset: o.offset };
}

/** Where a move order sends figure f (before its formation offset), written into `out` (nothing allocated but a home point). */
export function orderTargetInto(
  s: PigState,
  f: number,
  a: PigAction,
  centre: Vec,
  pigFor: ReadonlyMap<number, number>,
  out: OrderTarget,
): void {
  const sc = s.sc;
  const raider = sc.figures[f].side === sc.raiders;
  // Written field by field here (a helper taking the coordinates would box them when not inlined).
  let t: Vec;
  let offset = false;
  switch (a.k) {
    case 'home':
      t = homePoint(s, f);
      break;
    case 'foe': {
      const best = nearestFigure(figureView(s), sc.units[unitIndex(s, a.u)].figures, s.x[f], s.y[f], true);
      if (best >= 0) {
        out.x = s.x[best];
        out.y = s.y[best];
        out.offset = false;
        return;
      }
      t = centre;
      offset = true;
      break;
    }
    case 'moveTo':
      out.x = a.x;
      out.y = a.y;
      out.offset = true;
      return;
    default: {
      // obj
      if (raider) {
        if (carrying(s, f)) t = homePoint(s, f);
        else if (sc.objective) {
          t = sc.objective.target;
          offset = true;
        } else {
          const p = pigFor.get(f);
          if (p !== undefined) {
            out.x = s.pigX[p];
            out.y = s.pigY[p];
            out.offset = false;
            return;
          }
          t = centre;
          offset = true;
        }
        break;
      }
      // defenders: the nearest drover, else the loot
      let best = -1;
      let bd = Infinity;
      for (const g of sc.sides[sc.raiders].figures) {
        if (s.status[g] !== ACTIVE || !carrying(s, g)) continue;
        const d = dist(s.x[f], s.y[f], s.x[g], s.y[g]);
        if (d < bd) {
          bd = d;
          best = g;
        }
      }
      if (best >= 0) {
        out.x = s.x[best];
        out.y = s.y[best];
        out.offset = false;
        return;
      }
      if (sc.objective) {
        t = sc.objective.target;
        offset = true;
        break;
      }
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let p = 0; p < s.pigBy.length; p++) {
        if (s.pigBy[p] !== PIG_FREE) continue;
        sx += s.pigX[p];
        sy += s.pigY[p];
        n++;
      }
      if (n) {
        out.x = sx / n;
        out.y = sy / n;
        out.offset = true;
        return;
      }
      t = centre;
      offset = true;
    }
  }
  out.x = t.x;
  out.y = t.y;
  out.offset = offset;
}

/** The pigs handed out by an order that hands none out (never written). */
const NO_PIGS: ReadonlyMap<number, number> = new Map();

/** Carry out a move order: each free figure of the unit moves toward its place (formation kept loosely). */
export function moveUnit(s: PigState, u: number, a: PigAction, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const figs = freeFiguresInto(s, u, MOVE_FIGS);
  // The unit's centre (unitCentre, into a scratch point), else its first free figure's place.
  const centre = MOVE_CENTRE;
  let cx = 0;
  let cy = 0;
  let cn = 0;
  for (const f of sc.units[u].figures) {
    if (s.status[f] !== ACTIVE) continue;
    cx += s.x[f];
    cy += s.y[f];
    cn++;
  }
  if (cn) {
    centre.x = cx / cn;
    centre.y = cy / cn;
  } else if (figs.length > 0) {
    centre.x = s.x[figs[0]];
    centre.y = s.y[figs[0]];
  }
  const dice = resetDice(MOVE_DICE);
  // Raiders heading for pigs: each free pig to the nearest figure not yet given one.
  let pigFor = NO_PIGS;
  if (a.k === 'obj' && sc.units[u].side === sc.raiders && !sc.objective) {
    const handed = HANDED;
    handed.clear();
    pigFor = handed;
    const free = FREE_PIGS;
    free.length = 0;
    for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === PIG_FREE) free.push(p);
    for (const f of figs) {
      if (carrying(s, f)) continue;
      let best = -1;
      let bd = Infinity;
      for (const p of free) {
        const d = dist(s.x[f], s.y[f], s.pigX[p], s.pigY[p]);
        if (d < bd) {
          bd = d;
          best = p;
        }
      }
      if (best >= 0) {
        handed.set(f, best);
        if (free.length > 1) free.splice(free.indexOf(best), 1);
      }
    }
  }
  // Figures nearest the goal move first so that the rest can close up behind them: each figure's
  // goal worked out before anyone moves, in scratch arrays by plan (figure, goal, distance), then
  // the plans put in order of distance, ties to the lower figure index.
  const n = figs.length;
  for (let i = 0; i < n; i++) {
    const f = figs[i];
    const t = ORDER_TARGET;
    orderTargetInto(s, f, a, centre, pigFor, t);
    let tx = t.x;
    let ty = t.y;
    if (t.offset) {
      let ox = s.x[f] - centre.x;
      let oy = s.y[f] - centre.y;
      const ol = hypot2(ox, oy);
      if (ol > 3) {
        ox *= 3 / ol;
        oy *= 3 / ol;
      }
      tx += ox;
      ty += oy;
    }
    PLAN_F[i] = f;
    PLAN_X[i] = tx;
    PLAN_Y[i] = ty;
    PLAN_D[i] = dist(s.x[f], s.y[f], tx, ty);
    // insertion into the order so far (as sortByDistance)
    let j = i - 1;
    const d = PLAN_D[i];
    while (j >= 0 && (PLAN_D[PLAN_ORDER[j]] > d || (PLAN_D[PLAN_ORDER[j]] === d && PLAN_F[PLAN_ORDER[j]] > f))) {
      PLAN_ORDER[j + 1] = PLAN_ORDER[j];
      j--;
    }
    PLAN_ORDER[j + 1] = i;
  }
  // Going home with loot, the others keep pace with the drovers (they escort, not race ahead).
  let escort = false;
  if (a.k === 'home') for (let i = 0; i < n && !escort; i++) escort = carrying(s, figs[i]);
  const why = emit && a.k === 'foe' ? `toward ${a.u}` : a.k;
  for (let k = 0; k < n; k++) {
    const i = PLAN_ORDER[k];
    const f = PLAN_F[i];
    // [R5]: the raiders win as soon as their landed loot reaches the number — the rest of the
    // unit's order is not carried out (ruleset 0.3.0; before, the whole order was, audit D1).
    if (s.landed >= sc.lootToWin) break;
    const al = allowanceFor(s, f, dice, rng, emit, 0);
    const parts = al.parts;
    let { full, scale } = al;
    if (escort && !carrying(s, f)) {
      // The escort moves as the drovers do ([R1]): its whole movement factor, crossing −D6
      // included, at the drovers' fraction (ruleset 0.3.0; before, the −D6 came off whole after
      // the fraction, so across rough the escort fell behind the loot it escorts, audit B4/D3).
      full *= sc.carrySpeed;
      scale = sc.carrySpeed;
      parts?.push({ name: `keeping pace with the drovers ×${sc.carrySpeed}`, value: 0, factor: sc.carrySpeed });
    }
    const goal = PLAN_GOAL;
    goal.x = PLAN_X[i];
    goal.y = PLAN_Y[i];
    moveFigure(s, f, goal, full, parts, dice, true, rng, emit, why, scale);
  }
}

/**
 * Scratch of {@link moveUnit}, by plan: the figure, its goal and its distance to it, the plans in
 * the order they move, and the goal handed to {@link moveFigure} (read there at once).
 */
const PLAN_F: number[] = [];
const PLAN_X: number[] = [];
const PLAN_Y: number[] = [];
const PLAN_D: number[] = [];
const PLAN_ORDER: number[] = [];
const PLAN_GOAL = { x: 0, y: 0 };
/**
 * A scratch {@link OrderTarget} of its own class: its coordinates stay doubles stored in place (an
 * object literal of this shape shares its hidden class with every other such literal, whose fields
 * may have been widened, so that each coordinate written is a new heap number).
 */
class OrderTargetScratch implements OrderTarget {
  x = 0.5;
  y = 0.5;
  offset = false;
}

/** Scratch of {@link moveUnit}: one figure's order target (read at once). */
const ORDER_TARGET: OrderTarget = new OrderTargetScratch();
/** Scratch of {@link moveUnit}: the unit's free figures, its centre, the free pigs and the pig handed to each figure (read within one order). */
const MOVE_FIGS: number[] = [];
const MOVE_CENTRE = { x: 0.5, y: 0.5 };
const MOVE_DICE = newDice();
const FREE_PIGS: number[] = [];
const HANDED = new Map<number, number>();
