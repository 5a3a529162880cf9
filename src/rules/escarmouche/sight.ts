/**
 * `view.sight` of Escarmouche (src/core/model.ts): a person measuring on the table and asking whether
 * one figure sees another. Sight is SHOOTING's [E34] (docs/rules/escarmouche.md): between the
 * figures' centres, blocked by areas marked `blocksSight` (buildings, dense woods), never by figures
 * or hills. Cover is the figure's own, not the ground's: "Target has cover (as a result of a taking
 * cover in a developing action)" [E35] — or prone after Cowered [E17] — one passive die for an active
 * one (a fight's defender in cover too, FIGHTING). Read only.
 */
import type { SightEnd, SightLine } from '../../core/scene.js';
import { sightLine } from '../../core/table/index.js';
import { figureView } from './queries.js';
import type { EscState } from './state.js';

/** `view.sight`: the line between two ends by [E34] (sight) and [E35] (cover); null when an end names no figure on the table. */
export function escSight(s: EscState, from: SightEnd, to: SightEnd): SightLine | null {
  const sc = s.sc;
  return sightLine(sc.table, figureView(s), sc.figures, from, to, {
    cover: (_fx, _fy, t) =>
      s.cover[t]
        ? 'has taken cover (Developing): a passive die replaces one active die of a shot or fight against it [E35]'
        : s.cowered[t]
          ? 'prone (Cowered): a passive die replaces one active die of a shot at it [E35, E17]'
          : null,
    rules: 'SHOOTING [E34] line of sight (buildings and dense woods block; figures and hills do not); [E35] target in cover',
  });
}
