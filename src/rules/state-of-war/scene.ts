/**
 * A State of War state as a ruleset-agnostic {@link Scene} (src/core/scene.ts) for `play`'s map and
 * `render`'s pictures (table coordinates in cm): buildings, woods, the creek, hills, cover, fences
 * and walls (drawn as thin strips), the objective, every figure by side and unit with its markers,
 * the acting figure highlighted; turn, morale and the objective as info lines. Also
 * {@link describeSowFigure} for `status <figure>` and the exact-coordinates move of `play`.
 */
import type { Scene, SceneArea, SceneFigure, SceneInfo } from '../../core/scene.js';
import type { SowAction } from './action.js';
import { figureOptions } from './options.js';
import { activeCount, actor } from './units.js';
import { ACTIVE, DEAD, DISABLED, GONE, PH_OVER, type SowState } from './state.js';
import { STATUS_WORDS } from '../../core/table/status.js';
import { figureNamed } from '../../core/table/compile.js';
import { MORALE_NAMES, actionsFor, loadActions } from './tables.js';
import { heightAt, inCoverAt } from './table.js';

const COLOURS = ['#7f8c8d', '#1f4e79'];

/**
 * What kind of figure `f` is for a player (its type, with "mounted") and its mark on the table: a
 * commander ★, a rider H on a long base, anyone else its type's initial (sergeant S, corporal C,
 * infantryman I, teamster T).
 */
export function sowKind(f: { type: string; mounted: boolean; role: 'man' | 'nco' | 'commander' }): {
  kind: string;
  glyph: string;
  form: 'foot' | 'mounted' | 'gun';
} {
  const glyph = f.role === 'commander' ? '★' : f.mounted && f.role === 'man' ? 'H' : f.type.charAt(0).toUpperCase();
  return { kind: f.mounted ? `${f.type} (mounted)` : f.type, glyph, form: f.mounted ? 'mounted' : 'foot' };
}

function markersOf(s: SowState, f: number): { markers: string[]; badge: string } {
  const info = s.sc.figures[f];
  const markers: string[] = [];
  let badge = '';
  if (info.role !== 'man') markers.push(info.role === 'nco' ? 'NCO' : 'force commander');
  if (s.mounted[f]) markers.push('mounted');
  else if (info.mounted) markers.push(s.horse[f] ? 'dismounted (horse waiting)' : 'unhorsed');
  if (s.wounds[f] > 0) {
    markers.push(`${s.wounds[f]} wound${s.wounds[f] > 1 ? 's' : ''}`);
    badge = `${s.wounds[f]}w`;
  }
  if (s.status[f] === DISABLED) {
    markers.push('disabled');
    badge = 'D';
  }
  if (info.weapon && s.load[f] > 0) {
    markers.push(`unloaded (${s.load[f]} of ${loadActions(info.weapon)} load actions to go)`);
    badge ||= 'u';
  }
  if (s.carry[f] >= 0) {
    markers.push(`carrying ${s.sc.barrels[s.carry[f]].name}`);
    badge ||= 'b';
  }
  if (s.climbed[f] > 0) markers.push(`climbing (${s.climbed[f]} cm up)`);
  const m = s.morale[s.unitOf[f]];
  if (m > 0) {
    markers.push(MORALE_NAMES[m]);
    badge ||= m >= 3 ? '!' : '~';
  }
  return { markers, badge };
}

/** A figure's band label: its scenario unit's number on its side, with a letter for a detachment (1a, 1b …). */
function bandOf(s: SowState, f: number): string {
  const sc = s.sc;
  const u = sc.units[s.unitOf[f]];
  const top = u.parent >= 0 ? sc.units[u.parent] : u;
  const n = String(sc.sides[top.side].units.indexOf(top.index) + 1);
  return u.parent >= 0 ? n + String.fromCharCode(97 + top.slots.indexOf(u.index)) : n;
}

/** The drawable state. */
export function sowScene(s: SowState): Scene {
  const sc = s.sc;
  const areas: SceneArea[] = [];
  const poly = (id: string, kind: string, label: string, pts: { x: number; y: number }[]): void => {
    areas.push({ id, kind, label, points: pts.map((p) => [p.x, p.y]) });
  };
  for (const a of sc.difficult) poly(a.id, 'water', `${a.label} (difficult: each cm costs 2)`, [...a.poly]);
  for (const a of sc.hills) poly(a.id, 'hill', `${a.label} (height ${a.height})`, [...a.poly]);
  for (const a of sc.coverAreas) {
    if (a.kind === 'building') continue;
    poly(a.id, a.kind === 'wood' ? 'wood' : 'cover', `${a.label} (${a.cover} cover)`, [...a.poly]);
  }
  for (const a of sc.buildings) poly(a.id, 'building', `${a.label} (hard cover)`, [...a.poly]);
  for (const f of sc.fences) {
    for (let k = 1; k < f.points.length; k++) {
      const a = f.points[k - 1];
      const b = f.points[k];
      const l = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = (-(b.y - a.y) / l) * 0.4;
      const ny = ((b.x - a.x) / l) * 0.4;
      poly(`${f.id}:${k}`, f.kind === 'wall' ? 'building' : 'broken', `${f.label} (${f.kind}, ${f.cover} cover, ${f.height} cm)`, [
        { x: a.x + nx, y: a.y + ny },
        { x: b.x + nx, y: b.y + ny },
        { x: b.x - nx, y: b.y - ny },
        { x: a.x - nx, y: a.y - ny },
      ]);
    }
  }
  for (const l of sc.ladders) {
    poly(l.id, 'broken', `${l.label} (climb 6 cm an action)`, [
      { x: l.x - 1, y: l.y - 1 },
      { x: l.x + 1, y: l.y - 1 },
      { x: l.x + 1, y: l.y + 1 },
      { x: l.x - 1, y: l.y + 1 },
    ]);
  }
  poly(sc.objective.id, 'objective', `${sc.objective.name} (fired ${s.burn} of ${sc.objective.fireActions})`, [...sc.objective.poly]);
  const cur = actor(s);
  const figures: SceneFigure[] = sc.figures.map((f) => {
    const m = markersOf(s, f.index);
    return {
      id: f.id,
      name: f.name,
      x: s.x[f.index],
      y: s.y[f.index],
      r: sc.radius,
      facing: s.facing[f.index],
      side: sc.sides[f.side].id,
      band: bandOf(s, f.index),
      status: s.status[f.index] === DISABLED ? 'captured' : STATUS_WORDS[s.status[f.index]],
      onTable: s.status[f.index] !== GONE,
      markers: m.markers,
      badge: m.badge,
      highlighted: cur >= 0 && s.unitOf[cur] === s.unitOf[f.index],
      current: cur === f.index,
      ...sowKind(f),
    };
  });
  const info: SceneInfo[] = [
    { label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` },
    { label: 'Objective', value: `${sc.objective.name}: fired ${s.burn} of ${sc.objective.fireActions} actions` },
    {
      label: 'Morale',
      value:
        sc.units
          .filter((u) => s.morale[u.index] > 0 && activeCount(s, u.index) > 0)
          .map((u) => `${u.name}: ${MORALE_NAMES[s.morale[u.index]]}`)
          .join('; ') || 'all units OK',
    },
    { label: 'Lengths', value: 'centimetres' },
  ];
  if (cur >= 0) info.push({ label: 'Acting', value: `${nameAndId(sc.figures[cur])}, ${s.acts[cur]} action(s) left` });
  const caption =
    s.phase === PH_OVER
      ? `Game over: ${s.winner >= 0 ? `${sc.sides[s.winner].name} win` : 'a draw'} — ${s.reason}`
      : `Turn ${s.turn} — ${sc.sides[s.side].name}: ${cur >= 0 ? `${sc.figures[cur].name} acts (${s.acts[cur]} left)` : ''}`;
  return {
    width: sc.width,
    height: sc.height,
    caption,
    sides: sc.sides.map((side) => ({ id: side.id, name: side.name, colour: COLOURS[side.index], mark: side.prefix[0] })),
    areas,
    markers: sc.barrels
      .filter((b) => s.bHeld[b.index] === -1)
      .map((b) => ({
        kind: 'barrel',
        label: `${b.name} (pick it up: 1 action; carrying it: 1 action a phase)`,
        x: s.bx[b.index],
        y: s.by[b.index],
      })),
    figures,
    info,
  };
}

/** One figure in plain words (ids or names, any case), or null when there is no such figure. */
export function describeSowFigure(s: SowState, id: string): string | null {
  const sc = s.sc;
  const f = figureNamed(sc.figures, id);
  if (!f) return null;
  const i = f.index;
  const u = sc.units[s.unitOf[i]];
  const arms = `${f.weapon ? f.weapon.name : 'no firearm'}, ${f.melee.name} in melee`;
  const where = `at (${s.x[i].toFixed(1)}, ${s.y[i].toFixed(1)}) cm facing ${((s.facing[i] * 180) / Math.PI).toFixed(0)}°${inCoverAt(sc, s.x[i], s.y[i]) ? ', in cover' : ''}${heightAt(sc, s.x[i], s.y[i]) > 0 ? ', on high ground' : ''}`;
  const st = s.status[i] === ACTIVE ? 'active' : s.status[i] === DISABLED ? 'disabled' : s.status[i] === DEAD ? 'dead' : 'gone';
  const m = markersOf(s, i).markers;
  const acts =
    s.status[i] === ACTIVE
      ? `${actionsFor(s.wounds[i], false)} actions a turn${s.side === f.side ? `, ${s.acts[i]} left this phase` : ''}`
      : 'no actions';
  const options = actor(s) === i ? `; may: ${[...new Set(figureOptions(s, i).map((a: SowAction) => a.k))].join(', ')}` : '';
  return `${f.name} (${f.id}), ${f.type} (${f.quality}, d${f.die}) of ${u.name} [${activeCount(s, u.index)} of ${s.size[u.index]} active, ${MORALE_NAMES[s.morale[u.index]]}], ${sc.sides[f.side].name}: ${arms}. ${st}, ${where}${m.length ? `; ${m.join(', ')}` : ''}; ${acts}${options}.`;
}

/** The action moving the acting figure to exact coordinates (cm) for `play`, or null when no figure acts. */
export function sowExactMove(s: SowState, x: number, y: number): SowAction | null {
  return actor(s) >= 0 ? { k: 'moveTo', x, y } : null;
}

/** A figure's name with its id in brackets, or the id alone when the name is the id. */
function nameAndId(f: { name: string; id: string }): string {
  return f.name === f.id ? f.id : `${f.name} (${f.id})`;
}
