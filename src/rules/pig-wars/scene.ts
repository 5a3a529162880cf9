/**
 * A Pig Wars state as a ruleset-agnostic {@link Scene} for `play` and `render`: terrain, home and
 * loot, pigs as markers, every figure with facing, unit, leader/standard/loot markers, the unit
 * deciding highlighted; also one figure in words (`status`) and the exact-coordinates order.
 */
import type { Scene, SceneArea, SceneFigure, SceneInfo, SceneMarker } from '../../core/scene.js';
import type { PigAction } from './action.js';
import { exactMoveAction } from './actions.js';
import { levelShift } from './leaders.js';
import { carrying, engaged } from './queries.js';
import { ACTIVE, GONE, PH_UNIT, PIG_FREE, type PigState } from './state.js';
import { figureNamed, sceneArea, sceneFigure, status } from '../../core/table/index.js';

/** Status words: the kit's (a routed figure is 'fleeing'). */
const STATUS = status.STATUS_WORDS;
const KIND: Record<string, string> = {
  rough: 'broken',
  broken: 'broken',
  wood: 'wood',
  hill: 'hill',
  cover: 'cover',
  wall: 'cover',
  building: 'building',
  water: 'water',
};

/** The letter on a base for a figure's telling weapon (its missile weapon, else its first): spear P, sword W, axe A, bow B, sling S… */
const WEAPON_GLYPH: Record<string, string> = {
  spear: 'P',
  pike: 'P',
  lance: 'L',
  sword: 'W',
  'great sword': 'W',
  cutlass: 'W',
  axe: 'A',
  'dane axe': 'X',
  'double hand edged': 'X',
  seax: 'K',
  knife: 'K',
  bayonet: 'K',
  club: 'C',
  improvised: 'C',
  javelin: 'J',
  bow: 'B',
  sling: 'S',
  crossbow: 'Q',
  pistol: 'T',
  musket: 'M',
  blunderbus: 'M',
  cannon: 'G',
};

/** What kind of figure `info` is for a player (leader, mounted, its weapons) and its mark: ★ a leader, H a rider, else its telling weapon's letter. */
export function pigKind(info: {
  leader: boolean;
  mounted: boolean;
  weapons: readonly { name: string }[];
  missile: { name: string } | null;
}): { kind: string; glyph: string; form: 'foot' | 'mounted' | 'gun' } {
  const arms = info.weapons.map((w) => w.name).join(' & ');
  const telling = info.missile?.name ?? info.weapons[0]?.name ?? 'improvised';
  const gun = telling === 'cannon';
  return {
    kind: `${info.leader ? 'leader' : info.mounted ? 'rider' : 'warrior'}${arms ? ` (${arms})` : ''}`,
    glyph: info.leader ? '★' : info.mounted && !gun ? 'H' : (WEAPON_GLYPH[telling] ?? telling.charAt(0).toUpperCase()),
    form: gun ? 'gun' : info.mounted ? 'mounted' : 'foot',
  };
}

function markersOf(s: PigState, f: number): { markers: string[]; badge: string } {
  const info = s.sc.figures[f];
  const markers: string[] = [];
  let badge = '';
  if (info.leader) {
    markers.push(s.sc.version.ranks ? info.rank : 'leader');
    badge = 'L';
  }
  if (info.standard) {
    markers.push('standard');
    badge ||= 'S';
  }
  if (carrying(s, f)) {
    markers.push(s.sc.objective ? 'loot' : 'driving a pig');
    badge = '$';
  }
  if (info.mounted) markers.push('mounted');
  if (s.wall[info.unit]) markers.push('shield wall');
  if (s.sc.version.pirates) markers.push(s.close[info.unit] ? 'close order' : 'loose order');
  if (s.hits[f]) {
    markers.push(`${s.hits[f]} hit${s.hits[f] > 1 ? 's' : ''}`);
    badge ||= `${s.hits[f]}h`;
  }
  if (info.missile && info.missile.reload && !s.loaded[f]) {
    markers.push('unloaded');
    badge ||= 'u';
  }
  if (s.charged[f] === s.turn - 1 || s.charged[f] === s.turn) markers.push('charged (resting)');
  if (s.status[f] === ACTIVE && engaged(s, f)) markers.push('in mêlée');
  return { markers, badge };
}

/** The state as a {@link Scene}. */
export function pigScene(s: PigState): Scene {
  const sc = s.sc;
  // the table's areas are the file's terrain, in its order
  const areas: SceneArea[] = sc.table.areas.map((a) => sceneArea(a, KIND[a.kind] ?? a.kind));
  areas.push({ id: `home:${sc.home.id}`, kind: 'home', label: sc.home.name, points: sc.home.poly.map((p) => [p.x, p.y]) });
  if (sc.objective)
    areas.push({
      id: `objective:${sc.objective.id}`,
      kind: 'objective',
      label: sc.objective.name,
      points: sc.objective.poly.map((p) => [p.x, p.y]),
    });
  const markers: SceneMarker[] = [];
  for (let p = 0; p < s.pigBy.length; p++)
    if (s.pigBy[p] === PIG_FREE) markers.push({ kind: 'pig', label: `pig ${p + 1}`, x: s.pigX[p], y: s.pigY[p], glyph: 'o' });
  const acting = s.phase === PH_UNIT ? s.actUnit : -1;
  const figures: SceneFigure[] = sc.figures.map((info) => {
    const f = info.index;
    const { markers: m, badge } = markersOf(s, f);
    // a killed figure stays drawn where it fell; one gone off the table is not drawn
    return sceneFigure(sc, s, f, {
      band: sc.units[info.unit].id,
      markers: m,
      badge,
      highlighted: info.unit === acting,
      current: false,
      onTable: s.status[f] !== GONE,
      ...pigKind(info),
    });
  });
  const info: SceneInfo[] = [
    { label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` },
    { label: 'Loot landed', value: `${s.landed} of ${sc.lootToWin}` },
    { label: 'Cards left', value: sc.sides.map((x, i) => `${x.name} ${s.cardsLeft[i]}`).join(', ') },
  ];
  const side = s.actSide >= 0 ? sc.sides[s.actSide].name : '';
  const caption = s.phase === PH_UNIT ? `Turn ${s.turn} — ${side}: ${sc.units[s.actUnit].name} gives its order` : `Game over: ${s.reason}`;
  return {
    width: sc.width,
    height: sc.height,
    caption,
    sides: sc.sides.map((x) => ({ id: x.id, name: x.name, colour: x.colour, mark: x.prefix.charAt(0) })),
    areas,
    markers,
    figures,
    info,
  };
}

/** One figure in words for `status <figure>` (id or name, any case), or null. */
export function describePigFigure(s: PigState, id: string): string | null {
  const sc = s.sc;
  const info = figureNamed(sc.figures, id);
  if (!info) return null;
  const f = info.index;
  const { markers } = markersOf(s, f);
  const klass = sc.version.classNames[info.klass];
  const shift = levelShift(s, f);
  return [
    `${info.name} (${info.id}), ${sc.sides[info.side].name}, unit ${sc.units[info.unit].name}: ${STATUS[s.status[f]]} at (${s.x[f].toFixed(1)}, ${s.y[f].toFixed(1)}) facing ${Math.round((s.facing[f] * 180) / Math.PI)}°.`,
    `${klass}, ${sc.version.levelName} ${info.stripes}; weapons ${info.weapons.map((w) => w.name).join(', ')}${sc.version.ranks ? `; rank ${info.rank}` : `; armour ${info.armour}${info.shield ? ', shield' : ''}`}.`,
    `Morale level now ${shift > 0 ? 'up one' : shift < 0 ? 'down one' : 'as rated'}.${markers.length ? ` ${markers.join(', ')}.` : ''}`,
  ].join('\n');
}

/** The order moving the unit deciding now to (x, y), or null. */
export function pigExactMove(s: PigState, x: number, y: number): PigAction | null {
  return exactMoveAction(s, x, y);
}
