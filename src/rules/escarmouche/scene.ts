/**
 * An Escarmouche state as a ruleset-agnostic {@link Scene} (src/core/scene.ts) for `play`'s map and
 * `render`'s pictures: every zone drawn as an area by its terrain (objectives marked), the figures
 * of a zone set around its centre, markers in words, the acting figure highlighted, and the turn,
 * initiative and objectives as info lines. Also {@link describeEscFigure} for `status <figure>`.
 */
import type { Scene, SceneArea, SceneFigure, SceneInfo } from '../../core/scene.js';
import { objectivePoints, outCount } from './engine.js';
import { PH_INT, PH_OVER, PH_PICK, type EscState } from './state.js';
import { RATINGS, SKILLS } from './tables.js';

const COLOURS = ['#b03a2e', '#1f4e79'];

/** Scene kind of a zone: what renderers know how to draw. */
function kindOf(z: { terrain: string; cover: boolean; blocksSight: boolean; height: number }): string {
  if (z.terrain === 'impassable') return 'building';
  if (z.blocksSight) return 'wood';
  if (z.height > 0) return 'hill';
  if (z.terrain === 'difficult') return 'water';
  if (z.terrain === 'broken' || z.terrain === 'heavy') return 'broken';
  if (z.cover) return 'cover';
  return 'open';
}

function markersOf(s: EscState, f: number): { markers: string[]; badge: string } {
  const info = s.sc.figures[f];
  const markers: string[] = [];
  let badge = '';
  if (info.mounted) markers.push('mounted');
  markers.push(`${s.wounds[f]} of ${info.wounds} wounds`);
  if (s.shaken[f]) {
    markers.push(`${s.shaken[f]} Shaken`);
    badge = `S${Math.min(9, s.shaken[f])}`;
  }
  if (s.cowered[f]) {
    markers.push('Cowered (prone)');
    badge ||= 'C';
  }
  if (s.disarmed[f]) {
    markers.push('Disarmed');
    badge ||= 'D';
  }
  if (s.cover[f]) markers.push('in cover');
  if (s.reserved[f]) {
    markers.push('reserved action');
    badge ||= 'R';
  }
  if (s.acted[f] && s.sc.figures[f].side === s.side) markers.push('has acted this turn');
  return { markers, badge };
}

/** The drawable state. */
export function escScene(s: EscState): Scene {
  const sc = s.sc;
  const map = sc.map;
  const areas: SceneArea[] = map.zones.map((z) => ({ id: z.id, kind: kindOf(z), label: `${z.name} (${z.terrain})`, points: z.poly.map((p) => [p.x, p.y] as [number, number]) }));
  for (const o of sc.objectives) {
    const z = map.zones[o.zone];
    areas.push({ id: `objective:${z.id}`, kind: 'objective', label: `${z.name}: objective worth ${o.value}`, points: z.poly.map((p) => [p.x, p.y] as [number, number]) });
  }
  const figures: SceneFigure[] = [];
  for (const zone of map.zones) {
    const here = sc.figures.filter((f) => s.zone[f.index] === zone.index);
    here.forEach((f, k) => {
      const angle = (2 * Math.PI * k) / Math.max(1, here.length);
      const ring = here.length > 1 ? 2 : 0;
      const m = markersOf(s, f.index);
      figures.push({
        id: f.id,
        name: f.name,
        x: zone.centre.x + ring * Math.cos(angle),
        y: zone.centre.y + ring * Math.sin(angle),
        r: 0.8,
        side: sc.sides[f.side].id,
        band: null,
        status: s.wounds[f.index] > 0 ? 'active' : 'dead',
        onTable: true,
        markers: m.markers,
        badge: m.badge,
        highlighted: s.actor === f.index,
        current: s.actor === f.index && s.phase !== PH_INT && s.phase !== PH_OVER,
      });
    });
  }
  const pts = objectivePoints(s);
  const info: SceneInfo[] = [
    { label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` },
    { label: 'Initiative', value: `${sc.sides[s.side].name}; 1s rolled this turn: ${s.ones}` },
    { label: 'Objectives held', value: sc.sides.map((side) => `${side.name} ${pts[side.index]}`).join(', ') },
    { label: 'Out of action', value: sc.sides.map((side) => `${side.name} ${outCount(s, side.index)} of ${side.figures.length} (breaks at ${side.breakPoint})`).join(', ') },
  ];
  if (s.actor >= 0) info.push({ label: 'Acting', value: `${sc.figures[s.actor].name} (${sc.figures[s.actor].id}), active pool ${s.pool}` });
  const caption =
    s.phase === PH_OVER
      ? `Game over: ${s.winner >= 0 ? `${sc.sides[s.winner].name} win` : 'a draw'} — ${s.reason}`
      : s.phase === PH_INT
        ? `Turn ${s.turn} — ${sc.sides[1 - s.side].name} may interrupt with a reserved action`
        : s.phase === PH_PICK
          ? `Turn ${s.turn} — ${sc.sides[s.side].name}: pick a figure to act`
          : `Turn ${s.turn} — ${sc.sides[s.side].name}: ${sc.figures[s.actor].name} acts (pool ${s.pool})`;
  const b = map.box;
  return {
    width: b.maxX,
    height: b.maxY,
    caption,
    sides: sc.sides.map((side) => ({ id: side.id, name: side.name, colour: COLOURS[side.index], mark: side.name[0].toUpperCase() })),
    areas,
    markers: [],
    figures,
    info,
    badges: [
      { mark: 'S#', words: 'Shaken (# markers)' },
      { mark: 'C', words: 'Cowered (prone)' },
      { mark: 'D', words: 'Disarmed' },
      { mark: 'R', words: 'holds a reserved action' },
    ],
    places: true,
  };
}

/** One figure in plain words (ids or names, any case), or null when there is no such figure. */
export function describeEscFigure(s: EscState, id: string): string | null {
  const sc = s.sc;
  const want = id.trim().toLowerCase();
  const f = sc.figures.find((x) => x.id.toLowerCase() === want || x.name.toLowerCase() === want);
  if (!f) return null;
  const i = f.index;
  const skills = SKILLS.filter((k) => f[k] > 0).map((k) => `${k} ${f[k]}`);
  const arms = [f.hasPike ? 'pike' : '', f.missile ? f.missile.name : '', f.mounted ? 'mounted' : ''].filter((x) => x).join(', ');
  const where = sc.map.zones[s.zone[i]];
  const state = s.wounds[i] === 0 ? 'out of action' : markersOf(s, i).markers.join(', ');
  return `${f.name} (${f.id}), ${f.type} of the ${sc.sides[f.side].name}: rating ${f.rating} (${RATINGS[f.rating] ?? ''})${skills.length ? `; skills ${skills.join(', ')}` : ''}${arms ? `; ${arms}` : ''}. In ${where.name} (${where.terrain}${where.cover ? ', offers cover' : ''}). ${state}.`;
}
