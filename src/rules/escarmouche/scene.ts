/**
 * An Escarmouche state as a ruleset-agnostic {@link Scene} (src/core/scene.ts) for `play`'s map and
 * `render`'s pictures: every terrain area drawn by its terrain type and named (objectives marked),
 * the figures where they stand on the table, markers in words, the acting figure highlighted, and the turn,
 * initiative and objectives as info lines. Also {@link describeEscFigure} for `status <figure>`.
 */
import type { Scene, SceneArea, SceneBadge, SceneFigure, SceneInfo } from '../../core/scene.js';
import { type TerrainArea, figureNamed, sceneArea, sceneFigure, status } from '../../core/table/index.js';
import { objectivePoints, outCount } from './queries.js';
import { PH_INT, PH_OVER, PH_PICK, type EscState } from './state.js';
import { RATINGS, SKILLS } from './tables.js';

const COLOURS = ['#b03a2e', '#1f4e79'];
/** Facings of the figures: none (Escarmouche has no facing), so a scene figure has none. */
const NO_FACING: ArrayLike<number> = [];

/** Scene kind of a terrain area: what renderers know how to draw. */
export function kindOf(a: TerrainArea): string {
  if (a.impassable) return 'building';
  if (a.blocksSight) return 'wood';
  if (a.height > 0) return 'hill';
  if (a.kind === 'difficult') return 'water';
  if (a.kind === 'broken' || a.kind === 'heavy') return 'broken';
  if (a.cover) return 'cover';
  return 'open';
}

/** An area in words: its name and what it is (`the Mill Stream (difficult)`, `the hedge (clear, cover)`). */
export function areaWords(a: TerrainArea): string {
  const what = [
    a.impassable ? 'impassable' : a.kind,
    a.cover ? 'cover' : '',
    a.blocksSight ? 'blocks sight' : '',
    a.height ? `height ${a.height}` : '',
  ].filter((x) => x);
  return `${a.label} (${what.join(', ')})`;
}

/**
 * What kind of figure `f` is for a player (its type, "mounted officer") and its mark on the table:
 * a gun G on a square base, a leader ★, a rider H on a long base, a pike P, a shooter its weapon's
 * initial (musket M, carbine C), anyone else F.
 */
export function escKind(f: {
  type: string;
  leader: number;
  mounted: boolean;
  hasPike: boolean;
  artillerist: number;
  missile: { key: string; name: string } | null;
}): { kind: string; glyph: string; form: 'foot' | 'mounted' | 'gun' } {
  const gun = f.missile?.key === 'cannon';
  const glyph = gun
    ? 'G'
    : f.leader > 0
      ? '★'
      : f.mounted
        ? 'H'
        : f.hasPike
          ? 'P'
          : f.missile
            ? f.missile.name.charAt(0).toUpperCase()
            : 'F';
  return { kind: f.type, glyph, form: gun ? 'gun' : f.mounted ? 'mounted' : 'foot' };
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

/** The marks a figure's badges carry, explained in the legend. */
const BADGES: SceneBadge[] = [
  { mark: 'S#', words: 'Shaken (# markers)' },
  { mark: 'C', words: 'Cowered (prone)' },
  { mark: 'D', words: 'Disarmed' },
  { mark: 'R', words: 'holds a reserved action' },
];

/** The drawable state. */
export function escScene(s: EscState): Scene {
  const sc = s.sc;
  const table = sc.table;
  // Areas are labelled by name (what a viewer prints on the table); the terrain shows by the kind.
  const areas: SceneArea[] = table.areas.map((a) => sceneArea(a, kindOf(a)));
  for (const o of sc.objectives)
    areas.push({ ...sceneArea(o.area, 'objective'), id: `objective:${o.area.id}`, label: `${o.area.label} (${o.value})` });
  // The kit's figure arrays: Escarmouche has no facings, and a figure is in play (ACTIVE) or out of
  // action (DEAD, drawn where it fell).
  const arrays = {
    x: s.x,
    y: s.y,
    facing: NO_FACING,
    status: sc.figures.map((f) => (s.wounds[f.index] > 0 ? status.ACTIVE : status.DEAD)),
  };
  const figures: SceneFigure[] = sc.figures.map((f) => {
    const m = markersOf(s, f.index);
    return sceneFigure(sc, arrays, f.index, {
      band: null,
      markers: m.markers,
      badge: m.badge,
      highlighted: s.actor === f.index,
      current: s.actor === f.index && s.phase !== PH_INT && s.phase !== PH_OVER,
      onTable: true,
      ...escKind(f),
    });
  });
  const pts = objectivePoints(s);
  const info: SceneInfo[] = [
    { label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` },
    { label: 'Initiative', value: `${sc.sides[s.side].name}; 1s rolled this turn: ${s.ones}` },
    { label: 'Objectives held', value: sc.sides.map((side) => `${side.name} ${pts[side.index]}`).join(', ') },
    {
      label: 'Out of action',
      value: sc.sides
        .map((side) => `${side.name} ${outCount(s, side.index)} of ${side.figures.length} (breaks at ${side.breakPoint})`)
        .join(', '),
    },
  ];
  if (s.actor >= 0) info.push({ label: 'Acting', value: `${nameAndId(sc.figures[s.actor])}, active pool ${s.pool}` });
  const caption =
    s.phase === PH_OVER
      ? `Game over: ${s.winner >= 0 ? `${sc.sides[s.winner].name} win` : 'a draw'} — ${s.reason}`
      : s.phase === PH_INT
        ? `Turn ${s.turn} — ${sc.sides[1 - s.side].name} may interrupt with a reserved action`
        : s.phase === PH_PICK
          ? `Turn ${s.turn} — ${sc.sides[s.side].name}: pick a figure to act`
          : `Turn ${s.turn} — ${sc.sides[s.side].name}: ${sc.figures[s.actor].name} acts (pool ${s.pool})`;
  return {
    width: table.width,
    height: table.height,
    caption,
    sides: sc.sides.map((side) => ({ id: side.id, name: side.name, colour: COLOURS[side.index], mark: side.name[0].toUpperCase() })),
    areas,
    markers: [],
    figures,
    info,
    badges: BADGES,
    places: true,
  };
}

/** One figure in plain words (ids or names, any case), or null when there is no such figure. */
export function describeEscFigure(s: EscState, id: string): string | null {
  const sc = s.sc;
  const f = figureNamed(sc.figures, id);
  if (!f) return null;
  const i = f.index;
  const skills = SKILLS.filter((k) => f[k] > 0).map((k) => `${k} ${f[k]}`);
  const arms = [f.hasPike ? 'pike' : '', f.missile ? f.missile.name : '', f.mounted ? 'mounted' : ''].filter((x) => x).join(', ');
  const state = s.wounds[i] === 0 ? 'out of action' : markersOf(s, i).markers.join(', ');
  return `${f.name} (${f.id}), ${f.type} of the ${sc.sides[f.side].name}: rating ${f.rating} (${RATINGS[f.rating] ?? ''})${skills.length ? `; skills ${skills.join(', ')}` : ''}${arms ? `; ${arms}` : ''}. At ${placeWords(s, i)}. ${state}.`;
}

/** Where figure `f` stands in words: its coordinates, the area it stands in (or the open ground), cover it touches. */
export function placeWords(s: EscState, f: number): string {
  const sc = s.sc;
  const x = s.x[f];
  const y = s.y[f];
  const top = sc.table.topAreaAt(x, y);
  const cover = sc.table.coverAt(x, y);
  const where = top ? top.label : `open ground (${sc.ground})`;
  const by = cover && cover !== top ? `, by ${cover.label} (cover)` : '';
  return `(${x.toFixed(1)}, ${y.toFixed(1)} ${sc.table.unit}), in ${where}${by}`;
}

/** A figure's name with its id in brackets, or the id alone when the name is the id. */
function nameAndId(f: { name: string; id: string }): string {
  return f.name === f.id ? f.id : `${f.name} (${f.id})`;
}
