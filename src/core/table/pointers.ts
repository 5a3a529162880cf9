/**
 * What a person pointing at the table is shown (the `view` members `targets` and `reach` of
 * src/core/model.ts), from the kit's figures and table: the figures one of them sees within a
 * range, and the rings round a figure. Lengths in the table's unit. Read only; not on a hot path
 * (one call per person's selection), so plain arrays are returned.
 */
import type { FigureView } from './figures.js';
import type { Table } from './table.js';

/**
 * The figures of `candidates` that stand on the table (`v.occupies`) and that figure `f` sees —
 * the table's line of sight between the two centres (terrain that blocks sight; figures never
 * block) — with their bases at most `range` apart, edge to edge (default: any distance), in the
 * order of `candidates`. `f` itself is left out.
 */
export function figuresInSight(table: Table, v: FigureView, f: number, candidates: ArrayLike<number>, range = Infinity): number[] {
  const out: number[] = [];
  const reach = range + 2 * v.radius;
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i];
    if (e === f || !v.occupies(e)) continue;
    const dx = v.x[e] - v.x[f];
    const dy = v.y[e] - v.y[f];
    if (dx * dx + dy * dy > reach * reach + 1e-9) continue;
    if (table.lineOfSight(v.x[f], v.y[f], v.x[e], v.y[e])) out.push(e);
  }
  return out;
}

/**
 * The radius of a ring round a figure's centre that shows everything within `gap` of its base, edge
 * to edge, for bases of radius `radius`: what a base at that gap from it would touch (`radius` +
 * `gap` to the near edge, +`radius` to the far base's centre when `toCentres`).
 */
export function ringRadius(radius: number, gap: number, toCentres = false): number {
  return radius + gap + (toCentres ? radius : 0);
}
