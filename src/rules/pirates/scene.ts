/**
 * A Pirates! state as a ruleset-agnostic {@link Scene} (src/core/scene.ts) for `play`'s map and
 * `render`'s pictures: the harbour, buildings, cover and slow ground, the ship (home) and the
 * warehouse front (objective), the exits, every figure by side and band with its markers, the
 * acting band highlighted, and the cards turned and movement allowances as info lines.
 * Also the exact-coordinates move a person may give in `play` ({@link piratesExactMove}).
 */
import type { Scene, SceneArea, SceneBadge, SceneFigure, SceneInfo } from '../../core/scene.js';
import { sceneArea, sceneFigure } from '../../core/table/index.js';
import type { PiratesAction } from './action.js';
import { allowanceOf } from './table.js';
import { ACTIVE, CAPTURED, DEAD, FLEEING, GONE, PH_BAND, PH_FIGURE, PH_GROUP, PH_OVER, type PiratesState } from './state.js';
import { figureLabel, heading } from './story.js';

export { describePiratesFigure } from './figure.js';

/** CSS colours for the card colours of the sides. */
const COLOURS: Record<'red' | 'black', string> = { red: '#c0392b', black: '#1f2d3d' };

/** The letter on a base for each weapon (§4's weapon list): blades S, knives K, clubs C, pistol P, rifle R, guns G. */
const WEAPON_GLYPH: Record<string, string> = {
  cutlass: 'S',
  sword: 'S',
  dagger: 'K',
  knife: 'K',
  'hand-axe': 'A',
  club: 'C',
  'belaying-pin': 'C',
  none: 'H',
  pistol: 'P',
  rifle: 'R',
  'swivel-gun': 'G',
  'deck-cannon': 'G',
};

/** What kind of figure `info` is for a player: a personality (★) or its weapon, and its base's form. */
export function piratesKind(info: { personality: boolean; mounted: boolean; weapon: { id: string; name: string; shipGun?: boolean } }): {
  kind: string;
  glyph: string;
  form: 'foot' | 'mounted' | 'gun';
} {
  const gun = info.weapon.id === 'swivel-gun' || info.weapon.id === 'deck-cannon';
  return {
    kind: info.personality ? `personality (${info.weapon.name})` : info.weapon.name,
    glyph: info.personality ? '★' : (WEAPON_GLYPH[info.weapon.id] ?? info.weapon.name.charAt(0).toUpperCase()),
    form: gun ? 'gun' : info.mounted ? 'mounted' : 'foot',
  };
}

/** Words for the markers of figure `f`, and its badge (the most telling one). */
function markersOf(s: PiratesState, f: number): { markers: string[]; badge: string } {
  const info = s.sc.figures[f];
  const markers: string[] = [];
  let badge = '';
  if (info.personality) markers.push('personality');
  if (info.mounted) markers.push('mounted');
  if (s.booty[f]) {
    markers.push('booty');
    badge = '$';
  }
  if (s.pillage[f] > 0) markers.push(`pillaging (${s.pillage[f]} of ${s.sc.pillageTurns})`);
  if (info.weapon.ranges.length > 0) {
    if (s.reloading[f]) {
      markers.push('reloading');
      badge ||= 'r';
    } else if (!s.loaded[f]) {
      markers.push('unloaded');
      badge ||= 'u';
    }
  }
  if (s.hits[f] > 0) {
    markers.push(`${s.hits[f]} hit${s.hits[f] > 1 ? 's' : ''} this turn`);
    badge ||= `${s.hits[f]}h`;
  }
  if (s.attacked[f]) markers.push('has attacked this turn');
  return { markers, badge };
}

function cardText(s: PiratesState, c: number): string {
  const card = s.sc.deck[c];
  return `${card.label} (${s.sc.sides[card.side].name})`;
}

/** The marks a figure's badges carry, explained in the legend. */
const BADGES: SceneBadge[] = [
  { mark: '$', words: 'carries booty' },
  { mark: 'r', words: 'reloading' },
  { mark: 'u', words: 'unloaded (fired, not yet reloaded)' },
  { mark: '#h', words: 'hits taken this turn (# of them)' },
];

/** The Pirates! state as a {@link Scene}. */
export function piratesScene(s: PiratesState): Scene {
  const sc = s.sc;
  const areas: SceneArea[] = [];
  for (const a of sc.obstacles) areas.push(sceneArea(a, sc.sightBlockers.includes(a) ? 'building' : 'water'));
  for (const a of sc.broken) areas.push(sceneArea(a, 'broken'));
  for (const a of sc.hills) areas.push(sceneArea(a, 'hill'));
  for (const a of sc.cover) areas.push(sceneArea(a, 'cover'));
  areas.push({ id: `home:${sc.home.id}`, kind: 'home', label: sc.home.name, points: sc.home.poly.map((p) => [p.x, p.y]) });
  areas.push({
    id: `objective:${sc.objective.id}`,
    kind: 'objective',
    label: sc.objective.name,
    points: sc.objective.poly.map((p) => [p.x, p.y]),
  });

  const acting = s.phase === PH_GROUP || s.phase === PH_FIGURE ? s.actBand : -1;
  const deciding = s.phase === PH_FIGURE ? s.queue[s.qPos] : -1;
  const figures: SceneFigure[] = sc.figures.map((info) => {
    const f = info.index;
    const st = s.status[f];
    const { markers, badge } = markersOf(s, f);
    // The kit's figure and status words; the dead are drawn where they fell (on the table).
    return sceneFigure(sc, s, f, {
      band: s.band[f] >= 0 ? String(s.band[f]) : null,
      markers,
      badge,
      highlighted: acting >= 0 && s.band[f] === acting && st === ACTIVE,
      current: f === deciding,
      onTable: st === ACTIVE || st === FLEEING || st === DEAD,
      ...piratesKind(info),
    });
  });

  const info: SceneInfo[] = [];
  info.push({ label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` });
  const turned: string[] = [];
  for (let i = 0; i < 2; i++)
    if (s.pair[i] >= 0)
      turned.push(`${cardText(s, s.pair[i])}${s.phase !== PH_OVER && i === s.pairAt && s.pair[1 - i] >= 0 ? ' ← now' : ''}`);
  if (turned.length > 0) info.push({ label: 'Cards turned', value: turned.join(' and ') });
  let left = 0;
  for (let i = 0; i < s.inDeck.length; i++) left += s.inDeck[i];
  info.push({ label: 'Cards left this turn', value: String(left) });
  const moves = sc.sides.map((side) => {
    const o = side.index * 4;
    return `${side.name} ${s.moveAllow[o]} in (${s.moveAllow[o + 1]} over broken ground)${side.hasMounted ? `, mounted ${s.moveAllow[o + 2]} in` : ''}`;
  });
  info.push({ label: 'Movement this turn', value: moves.join('; ') });
  if (deciding >= 0) {
    const al = allowanceOf(s, deciding, false);
    const half = allowanceOf(s, deciding, true);
    info.push({
      label: 'This figure moves',
      value: `up to ${al.full} in (${al.slow} over broken ground)${s.booty[deciding] ? ', halved for booty' : ''}; ${half.full} in to charge or move & fire`,
    });
  }
  info.push({ label: 'Booty', value: `${s.landed} of ${sc.bootyToWin} loads landed at ${sc.home.name}; ${s.pillaged} pillaged` });
  info.push({
    label: 'Losses',
    value: sc.sides
      .map((side) => {
        const n = (st: number): number => side.figures.filter((f) => s.status[f] === st).length;
        return `${side.name} ${n(DEAD)} dead, ${n(FLEEING) + n(GONE)} ran, ${n(CAPTURED)} captured, ${n(ACTIVE)} fighting`;
      })
      .join('; '),
  });

  return {
    width: sc.width,
    height: sc.height,
    caption: caption(s),
    sides: sc.sides.map((side) => ({
      id: side.id,
      name: side.name,
      colour: COLOURS[side.colour],
      mark: (sc.file.sides[side.index].prefix || side.name).charAt(0).toUpperCase(),
    })),
    areas,
    markers: sc.exits.map((e, i) => ({ kind: 'exit', label: `exit ${i + 1}`, x: e.point.x, y: e.point.y })),
    figures,
    info,
    badges: BADGES,
  };
}

/** Where the game stands, in one line. */
function caption(s: PiratesState): string {
  const sc = s.sc;
  if (s.phase === PH_OVER)
    return `Turn ${s.turn} — game over: ${s.winner >= 0 ? `${sc.sides[s.winner].name} win` : 'a draw'} (${s.reason})`;
  const card = s.actCard >= 0 ? cardText(s, s.actCard) : '';
  if (s.phase === PH_BAND) return `Turn ${s.turn} — ${card}: ${sc.sides[sc.deck[s.actCard].side].name} choose a band`;
  if (s.phase === PH_GROUP) return `Turn ${s.turn} — ${card}: band ${s.actBand} chooses a group move`;
  const f = s.queue[s.qPos];
  const group = s.groupTo !== '' ? ` (group move ${heading(sc, s.groupTo)})` : '';
  return `Turn ${s.turn} — ${card}: band ${s.actBand}${group}, ${figureLabel(sc, sc.figures[f].id)} acts`;
}

/**
 * A person's exact move for the figure deciding now ({@link Ruleset.exactMove}): offered when a
 * figure chooses its own action and its band is not making a group move.
 */
export function piratesExactMove(s: PiratesState, x: number, y: number): PiratesAction | null {
  if (s.phase !== PH_FIGURE || s.groupTo !== '') return null;
  return { k: 'moveTo', x, y };
}
