/**
 * The Escarmouche invariant monitor's own table geometry and record readers (invariants.ts): what it
 * needs to judge a place or a blocked move from the events alone, written independently of the
 * engine's table queries so that a defect in those is not repeated here. Bases are round; places in
 * the record are rounded to thousandths, hence the tolerances.
 */
import type { Json } from '../../core/model.js';
import { type Polygon, distToPolygon, distToSegment, pointInPolygon, segmentsCross } from '../../core/geometry.js';
import type { EscScenario } from './compile.js';

/** A record field read as a number (NaN when it is not one). */
export function num(v: Json | undefined): number {
  return typeof v === 'number' ? v : NaN;
}
/** A record field read as a list of numbers (NaN for each entry that is not one; empty when not a list). */
export function nums(v: Json | undefined): number[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : NaN)) : [];
}
/** A record field read as a list of strings (empty when not a list). */
export function strs(v: Json | undefined): string[] {
  return Array.isArray(v) ? v.map((x) => String(x)) : [];
}
/** A record place `[x, y]` (table unit), or null when the field is not one. */
export function point(v: Json | undefined): [number, number] | null {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number' ? [v[0], v[1]] : null;
}

/** Distance between segment a–b and a polygon (0 when they meet), table unit. */
export function segmentToPolygon(ax: number, ay: number, bx: number, by: number, poly: Polygon): number {
  if (pointInPolygon(ax, ay, poly)) return 0;
  let d = Math.min(distToPolygon(ax, ay, poly), distToPolygon(bx, by, poly));
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (segmentsCross(ax, ay, bx, by, poly[j].x, poly[j].y, poly[i].x, poly[i].y)) return 0;
    d = Math.min(d, distToSegment(poly[i].x, poly[i].y, ax, ay, bx, by));
  }
  return d;
}

/** The monitor's place tests on `sc`'s table for round bases of its radius; `tol` is the record's rounding (table unit). */
export function tableTests(
  sc: EscScenario,
  tol: number,
): {
  /** A round base at (x, y) stands on the table and off impassable ground (within `tol`). */
  standsFree: (x: number, y: number) => boolean;
  /** A round base at (x, y) touches impassable ground or the table edge (within `within`): where a blocked move stops. */
  touchesObstacle: (x: number, y: number, within: number) => boolean;
} {
  const table = sc.table;
  const R = sc.radius;
  return {
    standsFree: (x, y) =>
      x >= R - tol &&
      y >= R - tol &&
      x <= table.width - R + tol &&
      y <= table.height - R + tol &&
      table.obstacles.every((a) => distToPolygon(x, y, a.poly) >= R - tol),
    touchesObstacle: (x, y, within) =>
      Math.min(x - R, y - R, table.width - R - x, table.height - R - y) <= within ||
      table.obstacles.some((a) => distToPolygon(x, y, a.poly) - R <= within),
  };
}

/**
 * How far (beyond touching, table unit) a base at (x, y) stands from what a blocked move, push or
 * step names: `impassable` and the area's id, `figure` or `zone of control` and the figure's id
 * (placed at `px`/`py`, in play while `wounds` > 0), `table edge`. NaN when the name is not one of
 * these or names nothing on the table.
 */
export function gapToBlocker(
  sc: EscScenario,
  px: Float64Array,
  py: Float64Array,
  wounds: Int16Array,
  x: number,
  y: number,
  by: string,
  blocker: string | null,
): number {
  const table = sc.table;
  const R = sc.radius;
  if (by === 'table edge') return Math.min(x - R, y - R, table.width - R - x, table.height - R - y);
  if (by === 'impassable') {
    const a = table.obstacles.find((o) => o.id === blocker);
    return a ? distToPolygon(x, y, a.poly) - R : NaN;
  }
  const g = blocker === null ? undefined : sc.figureIndex.get(blocker);
  if (g === undefined || wounds[g] <= 0) return NaN;
  const dg = Math.sqrt((x - px[g]) ** 2 + (y - py[g]) ** 2);
  return by === 'figure' ? dg - 2 * R : by === 'zone of control' ? dg - 2 * R - sc.zoc : NaN;
}
