/**
 * What a person pointing at the table needs (the `view` members `targets`, `reach` and `exactMove`
 * of src/core/model.ts), for `serve`'s web table and `play`: which figures and which point each
 * legal action concerns, how far a selected figure reaches, and the exact move to a point. Read
 * only: nothing here changes the state. Escarmouche has no bands (a marshal is one decision), so
 * no decision is delegable; for band orders (`view.bandOrder`), picking the figure that acts only
 * chooses who acts, and its first action names it. Lengths in the table's unit.
 */
import type { ActionTargets, FigureReach, ReachRing } from '../../core/scene.js';
import type { BandOrderAt } from '../../core/model.js';
import { attackTargets, sightWithin } from '../../core/table/index.js';
import type { EscAction } from './actions.js';
import { minMove, moveOption } from './moving.js';
import { MARSHAL_MAX, marshalFollowers } from './marshal.js';
import { volleyHelpers } from './shooting.js';
import { figureView } from './queries.js';
import { PH_ACT, PH_PICK, type EscState } from './state.js';

/** The id of the figure a destination key names (`foe:P3`, `friend:R4`), or null. */
function keyFigure(key: string): string | null {
  return key.startsWith('foe:') ? key.slice(4) : key.startsWith('friend:') ? key.slice(7) : null;
}

/** A point for the table (thousandths of the table unit, as the records give places). */
function scenePoint(x: number, y: number): [number, number] {
  return [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000];
}

/**
 * The figures and the point action `a` concerns (see `view.targets`): a pick, the figure picked; a
 * move, where its straight line ends and the figure it heads for; a marshal, also the friends that
 * go; a shot or a fight, the enemy (and a volley's shooters); an interrupt, the reserved figure and
 * its enemy; the acting figure's other actions, that figure. Null for pass and wait.
 */
export function escTargets(s: EscState, a: EscAction): ActionTargets | null {
  const sc = s.sc;
  const id = (f: number): string => sc.figures[f].id;
  const actor = s.actor >= 0 ? [id(s.actor)] : [];
  switch (a.k) {
    case 'pick':
      return { figures: [a.f], at: null };
    case 'move':
    case 'marshal': {
      if (s.phase !== PH_ACT || s.actor < 0) return null;
      const opt = moveOption(s, s.actor, a.to);
      const named = keyFigure(a.to);
      const figures = named ? [named] : [];
      if (a.k === 'marshal') for (const g of marshalFollowers(s, s.actor).slice(0, Math.min(a.n, MARSHAL_MAX))) figures.push(id(g));
      return { figures, at: opt ? scenePoint(opt.to.x, opt.to.y) : null };
    }
    case 'shoot':
      return attackTargets(a.t);
    case 'volley': {
      const t = sc.figureIndex.get(a.t);
      const helpers = t === undefined || s.actor < 0 ? [] : volleyHelpers(s, s.actor, t).map(id);
      return attackTargets(a.t, ...helpers);
    }
    case 'fight':
      return attackTargets(a.t);
    case 'int':
      return a.t ? attackTargets(a.f, a.t) : attackTargets(a.f);
    case 'dev':
    case 'reserve':
    case 'end':
      return { figures: actor, at: null };
    default:
      return null;
  }
}

/**
 * How far figure `id` reaches now (see `view.reach`): movement is unmeasured (a straight line
 * through one terrain type), so no move ring; its zone of control (one base width round its base:
 * where it may fight and where an enemy's move stops); and, for a figure with a missile weapon
 * ("projectile weapons range the board": no range ring), the enemies in play it sees. Null for an unknown figure
 * or one out of action.
 */
export function escReach(s: EscState, id: string): FigureReach | null {
  const sc = s.sc;
  const f = sc.figureIndex.get(id);
  if (f === undefined || s.wounds[f] === 0) return null;
  const info = sc.figures[f];
  const rings: ReachRing[] = [
    { kind: 'zoc', label: `zone of control ${sc.zoc} ${sc.table.unit} (fights; moves stop at it)`, radius: sc.radius + sc.zoc },
  ];
  const sight = info.missile
    ? sightWithin(sc.table, figureView(s), f, sc.sides[1 - info.side].figures, Infinity).map((e) => sc.figures[e].id)
    : [];
  return { rings, sight };
}

/**
 * The acting figure's exact move to (x, y) (see `view.exactMove`): a straight move toward that
 * point (`at:x,y`), checked by {@link escCheckExactMove}. Null outside the acting figure's decision
 * or for a Cowered figure (standing up comes first).
 */
export function escExactMove(s: EscState, x: number, y: number): EscAction | null {
  if (s.phase !== PH_ACT || s.actor < 0 || s.cowered[s.actor]) return null;
  return { k: 'move', to: `at:${Math.round(x * 1000) / 1000},${Math.round(y * 1000) / 1000}` };
}

/**
 * Why an exact move (`move` toward `at:x,y`) is not legal now, or null when it is: the acting
 * figure may move (not Cowered) and its straight line toward the point is at least as long as a
 * move offered (MOVING: it goes as far as the terrain, zones of control and bases let it).
 */
export function escCheckExactMove(s: EscState, a: EscAction): string | null {
  if (a.k !== 'move' || !a.to.startsWith('at:')) return 'not an exact move';
  if (s.phase !== PH_ACT || s.actor < 0) return 'no figure is acting';
  if (s.cowered[s.actor]) return 'a cowered figure must stand up first';
  const opt = moveOption(s, s.actor, a.to);
  if (!opt) return 'not a point of the table';
  if (opt.length < minMove(s)) return 'it cannot move that way from here';
  return null;
}

/**
 * `view.bandOrder`: picking the figure that acts (PH_PICK) only chooses who acts, so a person giving
 * orders picks it with its first action; each action of the acting figure is its own decision (a
 * roll risked each time: two 1s end the side’s turn), so none stands for the next: the lapse word changes with every action.
 */
export function escBandOrder(s: EscState): BandOrderAt | null {
  if (s.phase === PH_PICK) return { kind: 'choose' };
  if (s.phase !== PH_ACT || s.actor < 0) return null;
  return { kind: 'order', band: s.sc.figures[s.actor].id, lapse: `turn ${s.turn} action ${s.actions}` };
}

/** `view.orderLive`: an order of figure `band` lives only while that figure takes the same action of its turn ({@link escBandOrder}'s lapse words). */
export function escOrderLive(s: EscState, band: string, lapse: string): boolean {
  const at = escBandOrder(s);
  return at?.kind === 'order' && at.band === band && at.lapse === lapse;
}
