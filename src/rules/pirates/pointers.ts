/**
 * What a person pointing at the table needs (the `view` members `delegable`, `targets` and `reach`
 * of src/core/model.ts), for `serve`'s web table: which figures and which point each legal action
 * concerns, how far a selected figure reaches, and which decisions belong to an order its band has
 * already been given. Read only: nothing here changes the state.
 */
import type { Vec } from '../../core/geometry.js';
import type { ActionTargets, FigureReach, ReachRing } from '../../core/scene.js';
import type { BandOrderAt } from '../../core/model.js';
import { type PiratesAction, actionKey } from './action.js';
import { destination } from './movement.js';
import { allowanceOf, canFire, centreOf, fullAllowanceOf, viewOf } from './table.js';
import { attackTargets, figureReach, moveTargets } from '../../core/table/index.js';
import { maxRange } from './tables.js';
import { ACTIVE, PH_BAND, PH_FIGURE, PH_GROUP, type PiratesState } from './state.js';
import { bandMembers, newBandCandidates } from './bands.js';

/**
 * True while each figure of an acting band of two or more chooses its own action (PH_FIGURE): the
 * band was chosen, and its group move (or none) given, by an earlier decision of the same card
 * (§3.E). A band of one has no band-level order to give, so its figure's action is the player's.
 */
export function piratesDelegable(s: PiratesState): boolean {
  return s.phase === PH_FIGURE && s.qLen >= 2;
}

/**
 * `view.bandOrder`: choosing which band answers the card (PH_BAND) only chooses who acts; the
 * acting band's group move (PH_GROUP) and a lone figure's action are that band's order. An order
 * lapses when the band's situation changes between `engaged` (an enemy within a member's charge —
 * half its move, §4 — base to base, or in contact) and `clear`.
 */
export function piratesBandOrder(s: PiratesState): BandOrderAt | null {
  if (s.phase === PH_BAND) return { kind: 'choose' };
  if (s.actBand < 0 || (s.phase !== PH_GROUP && s.phase !== PH_FIGURE)) return null;
  return { kind: 'order', band: `band ${s.actBand}`, lapse: situation(s, s.actBand) };
}

/** Band `b`'s situation now as {@link piratesBandOrder} words it: `engaged` or `clear`. */
function situation(s: PiratesState, b: number): 'engaged' | 'clear' {
  const sc = s.sc;
  for (const f of bandMembers(s, b)) {
    const reach = fullAllowanceOf(s, f, true) + 2 * sc.radius;
    for (const e of sc.sides[1 - sc.figures[f].side].figures) {
      if (s.status[e] === ACTIVE && Math.hypot(s.x[e] - s.x[f], s.y[e] - s.y[f]) <= reach) return 'engaged';
    }
  }
  return 'clear';
}

/**
 * `view.orderLive`: an order of band `band N` lives while the band has active members, its
 * situation is still `lapse`, and the enemy the order names (attack, shoot, or a move toward
 * `foe:<id>`) is still active.
 */
export function piratesOrderLive(s: PiratesState, band: string, lapse: string, key: string): boolean {
  const m = /^band (\d+)$/.exec(band);
  if (m === null) return false;
  const b = Number(m[1]);
  if (bandMembers(s, b).length === 0 || situation(s, b) !== lapse) return false;
  const named = /^(?:attack|shoot):([^:]+)/.exec(key);
  const foe = /^(?:group|move):(foe:.+)$/.exec(key);
  const t = named !== null ? s.sc.figureIndex.get(named[1]) : foe !== null ? s.sc.foeIndex.get(foe[1]) : -1;
  return t === -1 || (t !== undefined && s.status[t] === ACTIVE);
}

/** `view.orderKey`: charging an enemy and fighting it are one order (`attack:<id>`), as are firing at it with or without a move first (`shoot:<id>`). */
export function piratesOrderKey(_s: PiratesState, a: PiratesAction): string {
  if (a.k === 'fight' || a.k === 'charge') return `attack:${a.t}${a.capture ? ':capture' : ''}`;
  if (a.k === 'fire' || a.k === 'moveFire') return `shoot:${a.t}`;
  return actionKey(a);
}

/** The targets of a move toward destination `key` from `from` with `allow` inches, naming `figures` (kit moveTargets: where it would end). */
function moveTo(
  s: PiratesState,
  figures: string[],
  key: string,
  from: Vec,
  side: number,
  group: boolean,
  self: number,
  allow: number,
): ActionTargets {
  const d = destination(s, key, from, side, group, self);
  return moveTargets(figures, d === null ? null : d.path, d === null ? 0 : d.stopShort, allow);
}

/** The targets of the acting band's group move toward `key` (§4.D): its members, the enemy it heads for, and where its centre would end. */
function groupMoveTargets(s: PiratesState, key: string): ActionTargets | null {
  const sc = s.sc;
  const members = bandMembers(s, s.actBand);
  if (members.length === 0) return null;
  const side = sc.figures[members[0]].side;
  let allow = Infinity;
  for (const f of members) allow = Math.min(allow, allowanceOf(s, f, false).full);
  const figures = members.map((f) => sc.figures[f].id);
  if (key.startsWith('foe:')) figures.push(key.slice(4));
  return moveTo(s, figures, key, centreOf(s, members, members.length), side, true, -1, allow);
}

/** The figures and the point action `a` concerns (see `view.targets`). */
export function piratesTargets(s: PiratesState, a: PiratesAction): ActionTargets | null {
  const sc = s.sc;
  const ids = (fs: readonly number[]): string[] => fs.map((f) => sc.figures[f].id);
  switch (a.k) {
    case 'band':
      return { figures: ids(bandMembers(s, a.b)), at: null };
    case 'new': {
      const g = sc.groups.findIndex((x) => x.id === a.g);
      if (a.figures) return { figures: [...a.figures], at: null };
      return g < 0 ? null : { figures: ids(newBandCandidates(s, g, a.n)), at: null };
    }
    case 'group':
      return s.phase === PH_GROUP ? groupMoveTargets(s, a.to) : null;
    case 'follow':
      // Going with the band's group move (§4.D): the point the band's centre heads for.
      return s.phase === PH_FIGURE && s.groupTo !== '' ? groupMoveTargets(s, s.groupTo) : null;
    case 'move': {
      if (s.phase !== PH_FIGURE) return null;
      const f = s.queue[s.qPos];
      return moveTo(
        s,
        a.to.startsWith('foe:') ? [a.to.slice(4)] : [],
        a.to,
        { x: s.x[f], y: s.y[f] },
        sc.figures[f].side,
        false,
        f,
        allowanceOf(s, f, false).full,
      );
    }
    case 'moveTo':
      return { figures: [], at: [a.x, a.y] };
    case 'fight':
    case 'charge':
    case 'fire':
    case 'moveFire':
      return attackTargets(a.t);
    default:
      return null;
  }
}

/** How far figure `id` reaches now (see `view.reach`): move, charge and weapon-range rings, and the enemies in sight within range. */
export function piratesReach(s: PiratesState, id: string): FigureReach | null {
  const sc = s.sc;
  const f = sc.figureIndex.get(id);
  if (f === undefined || s.status[f] !== ACTIVE) return null;
  const info = sc.figures[f];
  const full = allowanceOf(s, f, false);
  const half = allowanceOf(s, f, true);
  const rings: ReachRing[] = [
    { kind: 'move', label: `moves up to ${full.full} in (${full.slow} over broken ground)`, radius: full.full },
    { kind: 'charge', label: `charges or moves & fires up to ${half.full} in`, radius: half.full },
  ];
  if (info.weapon.ranges.length === 0) return figureReach(sc.table, viewOf(s), f, { moves: rings }, sc.figures);
  const range = maxRange(info.weapon);
  const weapon = {
    range,
    label: `${info.weapon.name} range ${range} in${canFire(s, f) ? '' : ' (not loaded)'}`,
    enemies: sc.sides[1 - info.side].figures,
  };
  return figureReach(sc.table, viewOf(s), f, { moves: rings, weapon }, sc.figures);
}
