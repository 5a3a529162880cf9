/**
 * What a person pointing at the table needs of State of War (`view.targets`, `view.reach`,
 * `view.delegable`; src/core/model.ts): the figures an action names and the point it heads for —
 * the end of the move the engine itself plans ([W8]–[W12]) — how far a selected figure reaches
 * (its move, its charge and its weapon's longest range, with the enemies it sees within it,
 * [W14], [W15]), and which decisions follow an order its unit is under ([W32]). Read only; the
 * shapes are the kit's (src/core/table/view.ts). Lengths in cm.
 */
import type { ActionTargets, FigureReach, ScenePoint } from '../../core/scene.js';
import type { BandOrderAt } from '../../core/model.js';
import { attackTargets } from '../../core/table/index.js';
import type { SowAction } from './action.js';
import { climbPlan } from './climb.js';
import { chargePlan, movePlan } from './movement.js';
import { shotCandidates } from './shooting.js';
import { lineOfSight, viewOf } from './table.js';
import { ACTIVE, type SowState } from './state.js';
import { maxRange, moveRate } from './tables.js';
import { actor, running } from './units.js';

/** A point as the scene draws it: [x, y] in cm, to hundredths. */
function point(x: number, y: number): ScenePoint {
  return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
}

/**
 * `view.targets`: a move (`move`, `ride`) names the enemy it heads for (`foe:<id>`, else none)
 * and ends where the engine's plan of it ends; `moveTo` at its coordinates; a charge names its
 * target and ends in contact with it; a shot names the figures of the unit it could hit; a climb
 * ends over the line; picking up a barrel, where the barrel lies. Null for actions that concern
 * nothing on the table (stop, load, mount, dismount, set down, detach, fire the objective).
 */
export function sowTargets(s: SowState, a: SowAction): ActionTargets | null {
  const sc = s.sc;
  const f = actor(s);
  if (f < 0) return null;
  switch (a.k) {
    case 'move':
    case 'ride': {
      const p = movePlan(s, f, a.to);
      return { figures: a.to.startsWith('foe:') ? [a.to.slice(4)] : [], at: p ? point(p.to.x, p.to.y) : null };
    }
    case 'moveTo':
      return { figures: [], at: point(a.x, a.y) };
    case 'charge': {
      const t = sc.figureIndex.get(a.t);
      const p = t === undefined ? null : chargePlan(s, f, t);
      return { figures: [a.t], at: p ? point(p.to.x, p.to.y) : null };
    }
    case 'fire': {
      const u = sc.unitIndex.get(a.u);
      return attackTargets(...(u === undefined ? [] : shotCandidates(s, f, u).map((c) => sc.figures[c.t].id)));
    }
    case 'climb': {
      const p = climbPlan(s, f);
      return { figures: [], at: p ? point(p.to.x, p.to.y) : null };
    }
    case 'carry': {
      const b = sc.barrels.findIndex((x) => x.id === a.b);
      return b < 0 ? null : { figures: [], at: point(s.bx[b], s.by[b]) };
    }
    default:
      return null;
  }
}

/**
 * `view.reach` of figure `id`: rings of its move and its charge (12 cm on foot, 24 mounted, [W8],
 * [W11]) and, for a figure with a firearm, its longest range (centre to centre, as the sheet's
 * ranges are measured here, [W15]) with the active enemies it sees within it ([W14]: buildings
 * block, woods hide what is beyond them). Null for an unknown figure or one off the table.
 */
export function sowReach(s: SowState, id: string): FigureReach | null {
  const sc = s.sc;
  const f = sc.figureIndex.get(id);
  if (f === undefined || !viewOf(s).occupies(f)) return null;
  const info = sc.figures[f];
  const move = moveRate(s.mounted[f] === 1);
  const rings = [
    { kind: 'move', label: `moves ${move} cm`, radius: move },
    { kind: 'charge', label: `charges ${move} cm`, radius: move + 2 * sc.radius },
  ];
  const sight: string[] = [];
  if (info.weapon) {
    const range = maxRange(info.weapon);
    rings.push({ kind: 'range', label: `${info.weapon.name} range ${range} cm`, radius: range });
    for (const e of sc.sides[1 - info.side].figures) {
      if (s.status[e] !== ACTIVE) continue;
      if (Math.hypot(s.x[e] - s.x[f], s.y[e] - s.y[f]) > range + 1e-9) continue;
      if (lineOfSight(sc, s.x[f], s.y[f], s.x[e], s.y[e])) sight.push(sc.figures[e].id);
    }
  }
  return { rings, sight };
}

/**
 * `view.delegable`: true when the figure deciding now acts under an order its unit is under —
 * broken or routed, it must run; falling back, it must retire ([W32]) — so a person giving orders
 * unit by unit leaves its moves to the policy. False for free decisions.
 */
export function sowDelegable(s: SowState): boolean {
  const f = actor(s);
  return f >= 0 && (running(s, f) || s.mustRetire[f] === 1);
}

/**
 * `view.bandOrder`: every free decision of a figure is an order of its unit ([W6]); an order given
 * to a unit stands for the rest of its action phase ([W1]), so each later figure of the unit takes
 * the same action while it may, and the person orders the unit again in its next phase.
 */
export function sowBandOrder(s: SowState): BandOrderAt | null {
  const f = actor(s);
  if (f < 0) return null;
  return { kind: 'order', band: s.sc.units[s.unitOf[f]].id, lapse: `turn ${s.turn} phase ${s.phaseNo}` };
}

/**
 * `view.orderLive`: an order given to unit `band` lives for the rest of the action phase it was
 * given in ([W1]: `lapse` is that phase's words) while a figure of the unit is still to act in it
 * (active, at or after the queue's position); once the phase ends or every figure of the unit has
 * acted, it is done.
 */
export function sowOrderLive(s: SowState, band: string, lapse: string): boolean {
  if (lapse !== `turn ${s.turn} phase ${s.phaseNo}` || actor(s) < 0) return false;
  const u = s.sc.units.findIndex((x) => x.id === band);
  if (u < 0) return false;
  for (let i = s.qPos; i < s.qLen; i++) {
    const f = s.queue[i];
    if (s.unitOf[f] === u && s.status[f] === ACTIVE) return true;
  }
  return false;
}
