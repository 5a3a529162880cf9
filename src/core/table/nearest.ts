/**
 * The nearest figure of a list (an enemy side, a band, a group) to a point, over a
 * {@link FigureView}: allocation-free queries for the hot paths of moves and policies. A ruleset
 * passes the candidates (e.g. the other side's figures: the side filter) and which of them count
 * (the view's `able`, else `occupies`). Lengths in the table's unit; distances centre to centre,
 * straight line (no terrain).
 */
import { dist } from '../geometry.js';
import type { FigureView } from './figures.js';
import { nearestFigure } from './moves.js';

/** Where {@link nearestAble} writes its answer: a caller keeps one and reuses it (no object per call). */
export interface NearestHit {
  /** The figure found (an id of the view), or −1 when no candidate counts. */
  f: number;
  /** Its distance from the point, centre to centre (table unit); Infinity when none. */
  d: number;
}

/**
 * The figure of `candidates` nearest to (x, y) that is able to act (`v.able`, else `v.occupies`),
 * written into `out` (returned). Ties: the earlier in `candidates`. Distances are compared as
 * {@link dist} gives them, so the figure found is the one a loop over `candidates` with
 * `dist(…) < best` finds.
 */
export function nearestAble(v: FigureView, candidates: ArrayLike<number>, x: number, y: number, out: NearestHit): NearestHit {
  const f = nearestFigure(v, candidates, x, y, true);
  out.f = f;
  out.d = f < 0 ? Infinity : dist(x, y, v.x[f], v.y[f]);
  return out;
}

/**
 * {@link nearestAble}'s distance alone (Infinity when no candidate counts): found on squared
 * distances with one square root at the end — the same number, the square root being monotone
 * and correctly rounded.
 */
export function nearestAbleDist(v: FigureView, candidates: ArrayLike<number>, x: number, y: number): number {
  let b2 = Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i];
    if (!(v.able ? v.able(e) : v.occupies(e))) continue;
    const dx = v.x[e] - x;
    const dy = v.y[e] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < b2) b2 = d2;
  }
  return Math.sqrt(b2);
}
