/**
 * Loot ([R5], [R29]): pigs and stores a raider takes when it reaches them, carries with it, drops
 * when it falls back or dies, and lands in the home zone.
 */
import { type Vec, dist, distToPolygon, pointInPolygon } from '../../core/geometry.js';
import { ACTIVE, C, PIG_FREE, PIG_LANDED, type PigState } from './state.js';
import { r3, type Emit, engaged, carrying, atHome } from './queries.js';

/** Loot a raider may still take: a free pig, or the objective zone's stores. */
export function lootLeft(s: PigState): boolean {
  if (s.sc.objective) return true;
  for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === PIG_FREE) return true;
  return false;
}

/** A free figure of unit u carries loot (as `freeFigures(s, u).some(carrying)`, without the list). */
export function carriesLoot(s: PigState, u: number): boolean {
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f) && carrying(s, f)) return true;
  return false;
}

/** Carried pigs stay with their drover. */
export function carryPigs(s: PigState, f: number): void {
  for (let p = 0; p < s.pigBy.length; p++) {
    if (s.pigBy[p] === f) {
      s.pigX[p] = s.x[f];
      s.pigY[p] = s.y[f];
    }
  }
}

/** A raider takes loot it reaches and lands loot it brings home. */
export function afterMove(s: PigState, f: number, emit: Emit): void {
  const sc = s.sc;
  if (sc.figures[f].side !== sc.raiders || s.status[f] !== ACTIVE) return;
  if (!carrying(s, f)) {
    if (
      sc.objective &&
      nearBox(sc.objective.poly, s.x[f], s.y[f], sc.radius) &&
      (pointInPolygon(s.x[f], s.y[f], sc.objective.poly) || distToPolygon(s.x[f], s.y[f], sc.objective.poly) <= sc.radius)
    ) {
      s.carry[f] = 1;
      s.counters[C.lootTaken]++;
      emit?.({ e: 'loot', f: sc.figures[f].id, from: sc.objective.id });
    } else {
      for (let p = 0; p < s.pigBy.length; p++) {
        if (s.pigBy[p] === PIG_FREE && dist(s.x[f], s.y[f], s.pigX[p], s.pigY[p]) <= sc.contact + 0.5) {
          s.pigBy[p] = f;
          s.pigX[p] = s.x[f];
          s.pigY[p] = s.y[f];
          s.counters[C.lootTaken]++;
          emit?.({ e: 'loot', f: sc.figures[f].id, pig: p });
          break;
        }
      }
    }
  }
  if (carrying(s, f) && atHome(sc, s.x[f], s.y[f])) {
    let n = 0;
    if (s.carry[f]) {
      s.carry[f] = 0;
      n++;
    }
    for (let p = 0; p < s.pigBy.length; p++) {
      if (s.pigBy[p] === f) {
        s.pigBy[p] = PIG_LANDED;
        n++;
      }
    }
    s.landed += n;
    s.counters[C.lootLanded] += n;
    emit?.({ e: 'landed', f: sc.figures[f].id, n, landed: s.landed });
  }
}

/** Drop whatever figure f carries where it stands (pigs stay loose; a load from the stores is lost). */
export function dropLoot(s: PigState, f: number, emit: Emit): void {
  let dropped = false;
  if (s.carry[f]) {
    s.carry[f] = 0;
    dropped = true;
  }
  for (let p = 0; p < s.pigBy.length; p++) {
    if (s.pigBy[p] === f) {
      s.pigBy[p] = PIG_FREE;
      s.pigX[p] = s.x[f];
      s.pigY[p] = s.y[f];
      dropped = true;
    }
  }
  if (dropped) emit?.({ e: 'drop', f: s.sc.figures[f].id, x: r3(s.x[f]), y: r3(s.y[f]) });
}

/**
 * The point (x, y) lies within `r` (and a margin far above rounding) of the polygon's bounding box:
 * false means it is neither inside the polygon nor within `r` of it, so the two tests (whose
 * coordinates would be boxed, passed to calls that are not inlined) need not be asked.
 */
function nearBox(poly: readonly Vec[], x: number, y: number, r: number): boolean {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  const m = r + 1e-6;
  return x >= x0 - m && x <= x1 + m && y >= y0 - m && y <= y1 + m;
}
