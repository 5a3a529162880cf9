/**
 * `view.sight` of State of War (src/core/model.ts): a person measuring on the table (in cm) and
 * asking whether one figure sees another. Sight is [W14]'s, by the room's own `lineOfSight`
 * (docs/rules/state-of-war.md): buildings block; a wood blocks a line through it unless the firer or
 * the target stands in that wood; figures and the wagon do not block. Cover is the [W17] cover die by
 * the room's own `coverSourceOf`: hard d8 (a building or hard cover the base touches, a hard wall the
 * line crosses within 3 cm of the base edge), soft d6 (woods, soft areas, rail fences, higher ground
 * than the firer), open d4. Ranges in State of War run centre to centre ([W13]): the `distance`.
 * Read only.
 */
import { distToPolygon, segmentEntersPolygon } from '../../core/geometry.js';
import type { SightEnd, SightLine } from '../../core/scene.js';
import { sightLine } from '../../core/table/index.js';
import type { SowState } from './state.js';
import { coverSourceOf, lineOfSight, viewOf } from './table.js';
import { COVER_DIE } from './tables.js';

/** `view.sight`: the line between two ends by [W14] (sight) and [W17] (cover); null when an end names no figure on the table. */
export function sowSight(s: SowState, from: SightEnd, to: SightEnd): SightLine | null {
  const sc = s.sc;
  const name = (id: string): string =>
    id === 'higher ground'
      ? 'higher ground than the firer'
      : (sc.table.areas.find((a) => a.id === id)?.label ?? sc.fences.find((f) => f.id === id)?.label ?? id);
  return sightLine(sc.table, viewOf(s), sc.figures, from, to, {
    blockedBy: (ax, ay, bx, by) => {
      if (lineOfSight(sc, ax, ay, bx, by)) return null;
      // What the rule found in the way: a building, else a wood neither end stands in.
      const building = sc.table.sightBlockerOn(ax, ay, bx, by);
      if (building !== null) return building.label;
      const outside = (x: number, y: number, w: { poly: Parameters<typeof distToPolygon>[2] }): boolean =>
        distToPolygon(x, y, w.poly) > sc.radius + 1e-9;
      const wood = sc.woods.find((w) => segmentEntersPolygon(ax, ay, bx, by, w.poly) && outside(ax, ay, w) && outside(bx, by, w));
      return wood?.label ?? 'a wood';
    },
    cover: (fx, fy, t) => {
      const c = coverSourceOf(sc, fx, fy, s.x[t], s.y[t]);
      if (c.cover === 'open') return null;
      return `${c.cover} cover${c.by !== null ? ` (${name(c.by)})` : ''}: cover die d${COVER_DIE[c.cover]} instead of d${COVER_DIE.open} [W17]`;
    },
    rules:
      '[W14] line of sight (buildings block; a wood blocks unless an end stands in it); [W17] cover die; ranges centre to centre [W13]',
  });
}
