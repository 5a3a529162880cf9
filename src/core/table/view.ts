/**
 * What a person pointing at a measured table needs of a ruleset's `view` (src/core/model.ts
 * `targets` and `reach`, drawn by `serve`'s web table): where a move along a route ends, the rings
 * of how far a figure reaches, and the enemies it sees within its weapon's range. No ruleset's
 * words or rules here: a room passes its allowances, ranges and labels. Lengths in the table's
 * unit; points rounded to hundredths (as records write them). Read only; for the view, not for
 * the game's hot paths (these make their lists).
 */
import { dist, pointAlong } from '../geometry.js';
import type { Path } from '../nav.js';
import type { ActionTargets, FigureReach, ReachRing, ScenePoint, SightEnd, SightLine } from '../scene.js';
import type { Table } from './table.js';
import type { FigureView } from './figures.js';

/**
 * Where a move along `path` ends when it stops `stopShort` before the path's end (2 radii short of
 * an enemy's centre, 0 for a place) and goes at most `allow` along it (the allowance; Infinity:
 * no limit): the point that far along the path, rounded to hundredths. Terrain that slows the move
 * and bases in the way are not considered (the point the move heads for, as the menu shows it).
 */
export function moveEndAt(path: Path, stopShort: number, allow: number): ScenePoint {
  const go = Math.max(0, Math.min(path.length - stopShort, allow));
  const p = pointAlong(path.points, go);
  return [Math.round(p.x * 100) / 100, Math.round(p.y * 100) / 100];
}

/**
 * The `targets` of a move (`view.targets`): the figures it names (e.g. the enemy it heads for, or
 * a band's members) and where it ends ({@link moveEndAt}); `at` null when there is no way there
 * (`path` null).
 */
export function moveTargets(figures: string[], path: Path | null, stopShort: number, allow: number): ActionTargets {
  return { figures, at: path === null ? null : moveEndAt(path, stopShort, allow) };
}

/** The `targets` of an attack (fight, charge, fire…) on the figures `ids`: the figures, no point. */
export function attackTargets(...ids: string[]): ActionTargets {
  return { figures: ids, at: null };
}

/**
 * The figures of `candidates` (an enemy side: the side filter) that figure `f` sees within `range`:
 * able to act (the view's `able`, else `occupies`), their base within `range` of `f`'s base (edge to
 * edge: centres at most `range` + 2 radii apart) and nothing blocking the line between the centres
 * ({@link Table.lineOfSight}; figures do not block). In the order of `candidates`.
 */
export function sightWithin(table: Table, v: FigureView, f: number, candidates: ArrayLike<number>, range: number): number[] {
  const out: number[] = [];
  const fx = v.x[f];
  const fy = v.y[f];
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i];
    if (e === f || !(v.able ? v.able(e) : v.occupies(e))) continue;
    if (dist(fx, fy, v.x[e], v.y[e]) - 2 * v.radius > range) continue;
    if (table.lineOfSight(fx, fy, v.x[e], v.y[e])) out.push(e);
  }
  return out;
}

/** What a figure reaches ({@link figureReach}): its rings by moving and its weapon, if any. */
export interface ReachSpec {
  /** Rings by moving (kind `move`, `charge`…): radius = the allowance, centre to centre (table unit). */
  moves: readonly ReachRing[];
  /**
   * The figure's missile weapon, absent when it does not shoot: its longest `range` (base edge to
   * base edge, table unit), the ring's `label`, and the figures it may shoot at (`enemies`).
   */
  weapon?: { range: number; label: string; enemies: ArrayLike<number> };
}

/**
 * `view.reach` of figure `f`: the rings by moving as given, then (for a figure with a weapon) a
 * `range` ring of radius `range` + 2 radii (the range is measured base to base; the ring round the
 * centre) and the ids (`ids[e]`) of the enemies in sight within range ({@link sightWithin}).
 */
export function figureReach(table: Table, v: FigureView, f: number, spec: ReachSpec, ids: readonly { id: string }[]): FigureReach {
  const rings: ReachRing[] = [...spec.moves];
  const sight: string[] = [];
  const w = spec.weapon;
  if (w !== undefined) {
    rings.push({ kind: 'range', label: w.label, radius: w.range + 2 * v.radius });
    for (const e of sightWithin(table, v, f, w.enemies, w.range)) sight.push(ids[e].id);
  }
  return { rings, sight };
}

/** What a room's rules say of a line, for {@link sightLine} (lengths in the table's unit). */
export interface SightRules {
  /**
   * What blocks sight along the line a→b by the room's rule, by name, or null when it is clear.
   * Absent: the table's sight-blocking areas ({@link Table.sightBlockerOn}, named by their label).
   */
  blockedBy?(ax: number, ay: number, bx: number, by: number): string | null;
  /**
   * The cover figure `t` has against a shot or attack from (fx, fy) — figure `f`'s centre, or a
   * point when `f` is −1 — in a player's words with its effect, or null in the open.
   */
  cover(fx: number, fy: number, t: number, f: number): string | null;
  /** The rules' sections these answers follow (see {@link SightLine.rules}). */
  rules: string;
}

/** Round to hundredths (as records write lengths and points). */
function r2(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * `view.sight` from a room's rules: the ends resolved (a figure by its id in `ids`, which must be on
 * the table — {@link FigureView.occupies} — or a point), the distance centre to centre, the gap base
 * edge to base edge between two figures, sight by `rules.blockedBy` (the table's sight-blocking
 * areas when absent) and the `to` figure's cover by `rules.cover`. Null when an end names no figure
 * on the table. Read only.
 */
export function sightLine(
  table: Table,
  v: FigureView,
  ids: readonly { id: string }[],
  from: SightEnd,
  to: SightEnd,
  rules: SightRules,
): SightLine | null {
  const end = (e: SightEnd): { f: number; x: number; y: number } | null => {
    if ('at' in e) return { f: -1, x: e.at[0], y: e.at[1] };
    const f = ids.findIndex((x) => x.id === e.figure);
    return f < 0 || !v.occupies(f) ? null : { f, x: v.x[f], y: v.y[f] };
  };
  const a = end(from);
  const b = end(to);
  if (a === null || b === null) return null;
  const d = dist(a.x, a.y, b.x, b.y);
  const blockedBy = rules.blockedBy ? rules.blockedBy(a.x, a.y, b.x, b.y) : (table.sightBlockerOn(a.x, a.y, b.x, b.y)?.label ?? null);
  return {
    from: [r2(a.x), r2(a.y)],
    to: [r2(b.x), r2(b.y)],
    distance: r2(d),
    gap: a.f >= 0 && b.f >= 0 ? r2(Math.max(0, d - 2 * v.radius)) : null,
    clear: blockedBy === null,
    blockedBy,
    cover: b.f >= 0 ? rules.cover(a.x, a.y, b.f, a.f) : null,
    rules: rules.rules,
  };
}
