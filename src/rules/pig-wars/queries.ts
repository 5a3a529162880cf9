/**
 * Pig Wars table queries (both versions): who stands where and can act, base contact (the kit's),
 * the ground under a figure (rough, hill, cover, sight, walls between), facing arcs with the shield
 * side, a unit's centre and free figures, loot carried, the home zone, and the figures as the
 * table kit sees them. Reads the state, never changes it. Lengths in inches, angles in radians.
 */
import type { PigEvent } from './events.js';
import { type Vec, angleTo, distToPolygon, nearestOnBoundaryInto, pointInPolygon, segmentEntersPolygonOf } from '../../core/geometry.js';
import { type FigureView, arcOf as kitArcOf, inBaseContact, inContactWithAny, stateView } from '../../core/table/index.js';
import { hypot2 } from './hypot.js';
import type { PigScenario } from './compile.js';
import { ACTIVE, ROUT, type PigState } from './state.js';

/** A length rounded to 0.001 in for records. */
export const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/** An angle in radians as whole degrees for records. */
export const deg = (a: number): number => Math.round((a * 180) / Math.PI);

/** The event sink of a step (undefined: nobody records). */
export type Emit = ((e: PigEvent) => void) | undefined;

/** True while the figure stands on the table and can fight (not routed, dead or gone). */
export function isActive(s: PigState, f: number): boolean {
  return s.status[f] === ACTIVE;
}

/** True while the figure stands on the table (active or routed): its base takes room. */
export function onTable(s: PigState, f: number): boolean {
  return s.status[f] === ACTIVE || s.status[f] === ROUT;
}

/** True when figures a and b (enemies or not) are in base contact (the kit's `inBaseContact`, the scenario's contact distance). */
export function inContact(s: PigState, a: number, b: number): boolean {
  return inBaseContact(figureView(s), a, b);
}

/** Figure f is in base contact with an active enemy. */
export function engaged(s: PigState, f: number): boolean {
  return inContactWithAny(figureView(s), f, s.sc.sides[1 - s.sc.figures[f].side].figures);
}

/** Unit u has a free figure (as `freeFigures(s, u).length > 0`, without the list). */
export function hasFree(s: PigState, u: number): boolean {
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f)) return true;
  return false;
}

/** The figure's centre stands on rough ground (rough, broken, wood, wall: the table's slow ground). */
export function onRough(sc: PigScenario, x: number, y: number): boolean {
  const at = AT_ONE[0];
  at.x = x;
  at.y = y;
  return sc.table.slowEntry(AT_ONE) === 0;
}

/** Scratch of {@link onRough}: a route of one point (read at once). */
const AT_ONE: { x: number; y: number }[] = [{ x: 0.5, y: 0.5 }];

/** Cover touching the base: 'full', 'partial' or 'none' (the best touched). */
export function coverAt(sc: PigScenario, x: number, y: number): 'none' | 'partial' | 'full' {
  const a = sc.table.coverAt(x, y, COVER_RANK);
  return a === null ? 'none' : a.cover === 'full' ? 'full' : 'partial';
}

/** The cover classes by rank, best last (Table.coverAt). */
const COVER_RANK: readonly string[] = ['partial', 'full'];

/** Nothing blocks sight between two points (buildings block). */
export function lineOfSight(sc: PigScenario, ax: number, ay: number, bx: number, by: number): boolean {
  return sc.table.lineOfSight(ax, ay, bx, by);
}

/**
 * A linear obstacle (wall) lies between figures a and b, or b stands in one and a does not. The
 * centres are read here and the segment handed on in a scratch array (coordinates passed to a call
 * that is not inlined are boxed).
 */
export function obstacleBetween(s: PigState, a: number, b: number): boolean {
  const walls = s.sc.walls;
  if (walls.length === 0) return false;
  const seg = SEG;
  seg[0] = s.x[a];
  seg[1] = s.y[a];
  seg[2] = s.x[b];
  seg[3] = s.y[b];
  for (const w of walls) {
    const aIn = pointInPolygon(seg[0], seg[1], w.poly);
    const bIn = pointInPolygon(seg[2], seg[3], w.poly);
    if (bIn && !aIn) return true;
    if (!aIn && !bIn && segmentEntersPolygonOf(seg, w.poly)) return true;
  }
  return false;
}

/** Scratch of {@link obstacleBetween}: the segment between the two centres. */
const SEG = new Float64Array(4);

/** The figures of a state as the table kit sees them. */
export function figureView(s: PigState): FigureView {
  // Kept in the state's `view` cache (a search asks for it thousands of times); routed figures take room.
  return stateView(s, ROUT);
}

/** Where attacker `a` stands relative to target `t`'s facing: front (±45°), rear (±45° behind), else flank (right flank unshielded). */
export function arcOf(s: PigState, a: number, t: number): 'front' | 'flank' | 'unshielded' | 'rear' {
  const arc = kitArcOf(figureView(s), a, t);
  if (arc !== 'flank') return arc;
  // y grows down the table: the right hand of a figure facing θ is toward θ + 90°, so the
  // attacker is on the right when the signed bearing off the facing is positive (its sine; a
  // flank bearing is 45°–135° either way, never near 0 or 180°). [R20]: the left is the shield side.
  const bearing = angleTo(s.x[t], s.y[t], s.x[a], s.y[a]);
  const right = Math.sin(bearing - s.facing[t]) > 0;
  return right || !s.sc.figures[t].shield ? 'unshielded' : 'flank';
}

/** Centre of a unit's active figures (or of all its figures on the table), or null when none. */
export function unitCentre(s: PigState, u: number, activeOnly = true): Vec | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const f of s.sc.units[u].figures) {
    if (activeOnly ? s.status[f] !== ACTIVE : !onTable(s, f)) continue;
    sx += s.x[f];
    sy += s.y[f];
    n++;
  }
  return n ? { x: sx / n, y: sy / n } : null;
}

/** Active figures of unit u not in base contact with an enemy (those that take orders). */
export function freeFigures(s: PigState, u: number): number[] {
  return freeFiguresInto(s, u, []);
}

/**
 * {@link freeFigures} written into `out` (a caller's scratch list, its length set to theirs) and
 * returned: the same figures in the same order, no list made per call.
 */
export function freeFiguresInto(s: PigState, u: number, out: number[]): number[] {
  let n = 0;
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f)) out[n++] = f;
  out.length = n;
  return out;
}

/** The figure carries loot (a pig or a load from the objective). */
export function carrying(s: PigState, f: number): boolean {
  if (s.carry[f]) return true;
  for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === f) return true;
  return false;
}

/** The base movement allowance of a figure (no dice): the dark ages factor, or the pirate base + 3.5 (the mean D6) for planning. */
export function baseMove(s: PigState, f: number): number {
  const info = s.sc.figures[f];
  return s.sc.version.normalMove(info, moveKind(s, f), s.wall[info.unit] === 1, 3.5);
}

/** The figure's movement kind (PIRATE_MOVE_BASE); foot by `close`, its unit's order (by default the order it stands in now). */
export function moveKind(s: PigState, f: number, close = s.close[s.sc.figures[f].unit] === 1): string {
  const info = s.sc.figures[f];
  if (info.moveKind === 'close-foot' || info.moveKind === 'loose-foot') return close ? 'close-foot' : 'loose-foot';
  return info.moveKind;
}

/** The index of the unit with id `id`; throws when there is none. */
export function unitIndex(s: PigState, id: string): number {
  const i = s.sc.units.findIndex((x) => x.id === id);
  if (i < 0) throw new Error(`no unit "${id}"`);
  return i;
}

/** Enemy units an order may name (with active figures), in index order, written into the first entries of `out` (a caller's scratch list); returns how many. */
export function enemyUnitsInto(s: PigState, u: number, out: number[]): number {
  const side = s.sc.units[u].side;
  let n = 0;
  for (const v of s.sc.sides[1 - side].units) if (anyActive(s, v)) out[n++] = v;
  return n;
}

/** True when unit v has an active figure. */
function anyActive(s: PigState, v: number): boolean {
  for (const f of s.sc.units[v].figures) if (s.status[f] === ACTIVE) return true;
  return false;
}

/** The base of a figure centred at (x, y) is in or touches the home zone (where loot is landed, [R29]). */
export function atHome(sc: PigScenario, x: number, y: number): boolean {
  return pointInPolygon(x, y, sc.home.poly) || distToPolygon(x, y, sc.home.poly) <= sc.radius + 1e-9;
}

/** Scratch of {@link homePoint}: the zone edge's point nearest the figure. */
const EDGE_POINT = { x: 0, y: 0 };

/**
 * The place in the home zone nearest figure f (1 in inside its edge, toward the zone's centre); the
 * zone's middle for a figure already in it. A point kept by the scenario or by this function: read
 * it before the next call, never change it.
 */
export function homePoint(s: PigState, f: number): Vec {
  const home = s.sc.home;
  const poly = home.poly;
  const px = s.x[f];
  const py = s.y[f];
  // already home: on toward its middle, clearing the way in for those behind
  if (pointInPolygon(px, py, poly)) return home.target;
  // The point of the zone's edge nearest the figure, without an object per edge.
  nearestOnBoundaryInto(px, py, poly, EDGE_POINT);
  const qx = EDGE_POINT.x;
  const qy = EDGE_POINT.y;
  const dx = home.target.x - qx;
  const dy = home.target.y - qy;
  const l = hypot2(dx, dy);
  const out = HOME_POINT;
  if (l < 1e-9) {
    out.x = qx;
    out.y = qy;
    return out;
  }
  const k = Math.min(1, l) / l;
  out.x = qx + dx * k;
  out.y = qy + dy * k;
  return out;
}

/** Scratch of {@link homePoint}: the point it returns. */
const HOME_POINT = { x: 0.5, y: 0.5 };

/**
 * Sort by distance, then figure index: what `sort((p, q) => p.d - q.d || p.f - q.f)` gives (that
 * order is total, so any sort gives it), by insertion — a comparator sort boxes every double it
 * compares.
 */
export function sortByDistance<T extends { f: number; d: number }>(list: T[]): void {
  for (let i = 1; i < list.length; i++) {
    const p = list[i];
    let j = i - 1;
    while (j >= 0 && (list[j].d > p.d || (list[j].d === p.d && list[j].f > p.f))) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = p;
  }
}
