/**
 * `view.sight` of Pirates! (src/core/model.ts): a person measuring on the table and asking whether
 * one figure sees another. Sight is §7's, as docs/rules/pirates.md reads it: a straight line between
 * the centres that passes through no building (water, cover and figures do not block); cover is
 * §5.B(2)'s "Defender in Cover" — a cover area the defender's base touches that lies between the two
 * (the engine's own `coverFrom` test, src/core/table/table.ts), the attacker's die one down. Read only.
 */
import type { SightEnd, SightLine } from '../../core/scene.js';
import { sightLine } from '../../core/table/index.js';
import type { PiratesState } from './state.js';
import { viewOf } from './table.js';

/** `view.sight`: the line between two ends by §7 (sight) and §5.B(2) (cover); null when an end names no figure on the table. */
export function piratesSight(s: PiratesState, from: SightEnd, to: SightEnd): SightLine | null {
  const sc = s.sc;
  return sightLine(sc.table, viewOf(s), sc.figures, from, to, {
    cover: (fx, fy, t) => {
      const a = sc.table.coverFrom(fx, fy, s.x[t], s.y[t]);
      return a === null ? null : `in cover behind ${a.label}: the attacker's die one step down (§5.B(2))`;
    },
    rules: '§7 line of sight (buildings block; water, cover and figures do not); §5.B(2) defender in cover',
  });
}
