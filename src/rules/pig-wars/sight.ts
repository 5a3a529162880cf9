/**
 * `view.sight` of Pig Wars, both versions (src/core/model.ts): a person measuring on the table and
 * asking whether one figure sees another. Sight is [R13]'s (docs/rules/pig-wars.md): buildings block
 * it, nothing else does. Cover is the target's ground, whoever shoots: dark ages [R14] "Target
 * protection is up one level if in woods or cover" (its base touches a wood, cover or wall area);
 * pirates [R15] partial cover saves on 6–12, full cover (a wall) on 4–12 (the quick reference's
 * protection table). Read only.
 */
import type { SightEnd, SightLine } from '../../core/scene.js';
import { sightLine } from '../../core/table/index.js';
import { figureView } from './queries.js';
import type { PigState } from './state.js';
import { PIRATE_SAVE } from './tables.js';

/** `view.sight`: the line between two ends by [R13] (sight) and [R14]/[R15] (cover); null when an end names no figure on the table. */
export function pigSight(s: PigState, from: SightEnd, to: SightEnd): SightLine | null {
  const sc = s.sc;
  const block = sc.version.shotDefence === 'block';
  return sightLine(sc.table, figureView(s), sc.figures, from, to, {
    cover: (_fx, _fy, t) => {
      const a = sc.table.coverAt(s.x[t], s.y[t], ['partial', 'full']);
      if (a === null) return null;
      if (block) return `in cover (${a.label}): its protection one level up [R14]`;
      const full = a.cover === 'full';
      return `${full ? 'full' : 'partial'} cover (${a.label}): saves on ${full ? PIRATE_SAVE.full : PIRATE_SAVE.partial}–12 [R15]`;
    },
    rules: block
      ? '[R13] line of sight (buildings block, nothing else); [R14] target in woods or cover'
      : '[R13] line of sight (buildings block, nothing else); [R15] partial and full cover',
  });
}
