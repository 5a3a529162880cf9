/**
 * One Pirates! figure in plain words, for `play`'s `status <figure>` ({@link Ruleset.describeFigure}).
 */
import { dist, pointInPolygon } from '../../core/geometry.js';
import { figureNamed } from '../../core/table/index.js';
import { count } from '../../core/words.js';
import { allowanceOf, inCover } from './table.js';
import { ACTIVE, CAPTURED, DEAD, FLEEING, GONE, PH_FIGURE, PH_GROUP, type PiratesState } from './state.js';
import { figureLabel } from './story.js';

/** Several lines about figure `id` (id or name, any case), or null when there is no such figure. */
export function describePiratesFigure(s: PiratesState, id: string): string | null {
  const f = figureNamed(s.sc.figures, id)?.index ?? -1;
  if (f < 0) return null;
  const sc = s.sc;
  const info = sc.figures[f];
  const side = sc.sides[info.side];
  const st = s.status[f];
  const lines: string[] = [];
  const what = [info.personality ? 'personality' : '', info.mounted ? 'mounted' : ''].filter((x) => x).join(', ');
  lines.push(`${figureLabel(sc, info.id)} — ${side.name}${what ? `, ${what}` : ''}`);
  const where = `(${s.x[f].toFixed(1)}, ${s.y[f].toFixed(1)})`;
  if (st === DEAD) lines.push(`  killed; lies at ${where}`);
  else if (st === CAPTURED) lines.push('  captured: out of the game');
  else if (st === GONE)
    lines.push(info.side === sc.raiders ? `  back aboard ${sc.home.name}: out of the game` : '  has left the table: out of the game');
  else {
    const places: string[] = [];
    if (pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) places.push(`at ${sc.objective.name}`);
    if (pointInPolygon(s.x[f], s.y[f], sc.home.poly)) places.push(`at ${sc.home.name}`);
    if (inCover(s, s.x[f], s.y[f])) places.push('in cover');
    lines.push(
      `  stands at ${where}${places.length ? `, ${places.join(', ')}` : ''}${st === FLEEING ? '; running for the rest of the game' : ''}`,
    );
  }
  if (st === ACTIVE || st === FLEEING) {
    const b = s.band[f];
    if (b >= 0) {
      const mates = sc.figures.filter((g) => g.index !== f && s.band[g.index] === b && s.status[g.index] === ACTIVE);
      const far = mates.length ? Math.max(...mates.map((g) => dist(s.x[f], s.y[f], s.x[g.index], s.y[g.index]))) : 0;
      const acting = (s.phase === PH_GROUP || s.phase === PH_FIGURE) && s.actBand === b;
      lines.push(
        `  band ${b}: ${mates.length ? `with ${mates.map((g) => g.id).join(', ')} (furthest ${far.toFixed(1)} in)` : 'alone now'}; ` +
          (acting ? 'acting now' : s.bandDone[b] ? 'has acted this turn' : 'has not acted this turn'),
      );
    } else lines.push('  in no band yet (a card may form one from its group)');
    const w = info.weapon;
    const ranges = w.ranges.map((r) => `d${r.die} to ${r.maxRange} in`).join(', ');
    lines.push(
      `  weapon: ${w.name}, d${w.melee.die} in melee${ranges ? `; fires ${ranges}` : ''}${w.ranges.length ? (s.reloading[f] ? ' (reloading)' : s.loaded[f] ? ' (loaded)' : ' (unloaded)') : ''}`,
    );
    const al = allowanceOf(s, f, false);
    lines.push(`  movement this turn: ${al.full} in (${al.slow} in over broken ground)${s.booty[f] ? ' — halved: carrying booty' : ''}`);
    const notes: string[] = [];
    if (s.hits[f] > 0) notes.push(`${s.hits[f]} hit${s.hits[f] > 1 ? 's' : ''} this turn`);
    if (s.capHits[f] > 0) notes.push(`capture margin ${s.capHits[f]} this turn`);
    if (s.attacked[f]) notes.push('has attacked this turn');
    if (s.booty[f]) notes.push('carrying a load of booty');
    if (s.pillage[f] > 0) notes.push(`pillaged ${s.pillage[f]} of ${count(sc.pillageTurns, 'turn')} toward a load`);
    if (notes.length) lines.push(`  ${notes.join('; ')}`);
  }
  return lines.join('\n');
}
