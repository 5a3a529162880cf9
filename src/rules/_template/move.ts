/**
 * §3 Movement: a figure moves up to {@link MOVE} inches along the shortest way round buildings,
 * only {@link SLOW} when its route enters (or starts in) a wood; it ends free of every other base.
 * All of it is the kit's: `Table.path` for the route, `planAlong` for the furthest free place within
 * the allowance (`Table.reachAlong` for the wood), `PlaceFinder` to say why an exact place fails.
 * Lengths in inches.
 */
import type { Vec } from '../../core/geometry.js';
import { type MovePlan, planAlong } from '../../core/table/moves.js';
import { PlaceFinder } from '../../core/table/places.js';
import type { Table } from '../../core/table/table.js';
import { type DuelState } from './state.js';
import { viewOf } from './query.js';

/** §3: the move allowance, inches. */
export const MOVE = 6;
/** §3: the allowance of a route that enters or starts in a wood, inches. */
export const SLOW = 3;

/**
 * The move of figure `f` toward `to`, stopping `stopShort` inches before it (a base width, 2r, to
 * end in base contact with an enemy standing there): the furthest free place along the shortest way
 * within the allowance (§3). Null when there is no way there or the figure cannot move at all.
 * Precondition: `f` is up.
 */
export function planMove(s: DuelState, f: number, to: Vec, stopShort: number): MovePlan | null {
  const table = s.sc.table;
  const path = table.path({ x: s.x[f], y: s.y[f] }, to);
  if (path === null) return null;
  return planAlong(table, viewOf(s), f, path, stopShort, MOVE, SLOW, null);
}

/** One place finder per table (it holds no game state between calls). */
const FINDERS = new WeakMap<Table, PlaceFinder>();
function finderFor(table: Table): PlaceFinder {
  let pf = FINDERS.get(table);
  if (pf === undefined) {
    pf = new PlaceFinder(table);
    FINDERS.set(table, pf);
  }
  return pf;
}

/**
 * The exact move of figure `f` to (x, y) inches (a person's click, §3), or why it is not allowed:
 * the place must be free (the kit's place test says of what), reachable, and no further along the
 * shortest way than the allowance of that way.
 */
export function exactPlan(s: DuelState, f: number, x: number, y: number): MovePlan | string {
  const table = s.sc.table;
  const pf = finderFor(table);
  pf.set(viewOf(s), f, null, 0);
  const why = pf.why(x, y);
  if (why !== null)
    return why.kind === 'terrain'
      ? 'the place is off the table or on a building'
      : `another base stands at (${why.x.toFixed(1)}, ${why.y.toFixed(1)})`;
  const path = table.path({ x: s.x[f], y: s.y[f] }, { x, y });
  if (path === null) return 'no way leads there';
  if (path.length < 1e-6) return 'the figure stands there already';
  const limit = table.reachAlong(path.points, MOVE, SLOW);
  if (path.length > limit + 1e-9) return `the way there is ${path.length.toFixed(2)} in; the figure may move ${limit} in along it`;
  return { points: path.points.slice(), to: { x, y }, length: path.length, limit };
}

/** Facing (radians) of a figure that ends a move along `points`: the direction of its last leg. */
export function facingAfter(points: readonly Vec[], before: number): number {
  const n = points.length;
  if (n < 2) return before;
  const a = points[n - 2];
  const b = points[n - 1];
  return a.x === b.x && a.y === b.y ? before : Math.atan2(b.y - a.y, b.x - a.x);
}
