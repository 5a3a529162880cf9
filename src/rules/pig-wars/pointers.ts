/**
 * What a person pointing at the table needs (the `view` members `targets`, `reach` and `delegable`
 * of src/core/model.ts), for `serve`'s web table: which figures and which point each legal order
 * concerns, how far a selected figure reaches, and whether a decision belongs to an order already
 * given. Read only: nothing here changes the state. Lengths in inches.
 */
import type { Vec } from '../../core/geometry.js';
import { dist } from '../../core/geometry.js';
import type { ActionTargets, FigureReach, ReachRing } from '../../core/scene.js';
import { attackTargets, figureReach, moveTargets } from '../../core/table/index.js';
import type { PigAction } from './action.js';
import { orderTarget } from './movement.js';
import { baseMove, figureView, freeFigures, unitCentre, unitIndex } from './queries.js';
import { shotOnHold } from './shooting.js';
import { ACTIVE, PH_UNIT, PIG_FREE, type PigState } from './state.js';

/**
 * Never: every Pig Wars decision is a whole unit's order ([R1]: a card activates a side, each of
 * its units is given one order), so no decision is one figure's share of an order already given.
 */
export function pigDelegable(): boolean {
  return false;
}

/** The enemy figures the free figures of unit `u` would shoot at if it held now ({@link shotOnHold}). */
function shotTargets(s: PigState, u: number): string[] {
  const out: string[] = [];
  for (const f of freeFigures(s, u)) {
    const t = shotOnHold(s, f);
    if (t >= 0 && !out.includes(s.sc.figures[t].id)) out.push(s.sc.figures[t].id);
  }
  return out;
}

/** The free pig nearest (x, y), or −1. */
function nearestPig(s: PigState, x: number, y: number): number {
  let best = -1;
  let bd = Infinity;
  for (let p = 0; p < s.pigBy.length; p++) {
    if (s.pigBy[p] !== PIG_FREE) continue;
    const d = dist(x, y, s.pigX[p], s.pigY[p]);
    if (d < bd) {
      bd = d;
      best = p;
    }
  }
  return best;
}

/**
 * The figures and the point order `a` of the unit deciding now concerns (see `view.targets`): a
 * move names the enemy unit it heads for (`foe`) and ends where the unit's centre gets with its
 * slowest figure's move along the shortest way to the order's goal (the goal of the unit's figure
 * nearest its centre); a charge names the enemy unit's figures; a hold names the enemies its
 * figures would shoot at; forming names the unit. Null when no unit is deciding.
 */
export function pigTargets(s: PigState, a: PigAction): ActionTargets | null {
  if (s.phase !== PH_UNIT) return null;
  const sc = s.sc;
  const u = s.actUnit;
  const own = freeFigures(s, u);
  const ids = (fs: readonly number[]): string[] => fs.map((f) => sc.figures[f].id);
  const enemy = (id: string): string[] => ids(sc.units[unitIndex(s, id)].figures.filter((f) => s.status[f] === ACTIVE));
  switch (a.k) {
    case 'hold': {
      const shot = shotTargets(s, u);
      return { figures: shot.length > 0 ? shot : ids(own), at: null };
    }
    case 'wall':
    case 'unwall':
      return { figures: ids(own), at: null };
    case 'charge':
      return attackTargets(...enemy(a.u));
    case 'moveTo':
      return { figures: [], at: [a.x, a.y] };
    default: {
      if (own.length === 0) return null;
      const centre = unitCentre(s, u) ?? { x: s.x[own[0]], y: s.y[own[0]] };
      // the unit's figure nearest its centre stands for the unit
      let lead = own[0];
      for (const f of own) if (dist(s.x[f], s.y[f], centre.x, centre.y) < dist(s.x[lead], s.y[lead], centre.x, centre.y)) lead = f;
      const pigFor = new Map<number, number>();
      if (a.k === 'obj' && sc.units[u].side === sc.raiders && !sc.objective) {
        const p = nearestPig(s, s.x[lead], s.y[lead]);
        if (p >= 0) pigFor.set(lead, p);
      }
      const { t } = orderTarget(s, lead, a, centre, pigFor);
      const goal: Vec = sc.nav.isFree(t.x, t.y) ? t : (sc.nav.nearestFree(t.x, t.y, 6, () => true) ?? t);
      let allow = Infinity;
      for (const f of own) allow = Math.min(allow, baseMove(s, f));
      const path = sc.nav.path(centre, goal);
      return moveTargets(a.k === 'foe' ? enemy(a.u) : [], path, a.k === 'foe' ? 2 * sc.radius : 0, allow);
    }
  }
}

/**
 * How far figure `id` reaches now (see `view.reach`): its move (dark ages: the movement factor;
 * pirates: base + 3.5, the mean D6), the farthest an enemy may stand to be named in a charge, and
 * for a figure with a missile weapon its long range (centre to centre) with the enemies in sight
 * within it. Null when no figure has that id or it is not active.
 */
export function pigReach(s: PigState, id: string): FigureReach | null {
  const sc = s.sc;
  const f = sc.figureIndex.get(id);
  if (f === undefined || s.status[f] !== ACTIVE) return null;
  const info = sc.figures[f];
  const move = baseMove(s, f);
  const charge = move + sc.version.chargeReachExtra + 6;
  const moves: ReachRing[] = [
    { kind: 'move', label: `moves about ${move} in`, radius: move },
    { kind: 'charge', label: `charges an enemy within ${charge} in`, radius: charge + sc.contact },
  ];
  const m = info.missile;
  const enemies = sc.sides[1 - info.side].figures;
  // Pig Wars measures ranges centre to centre: the kit's ring is the range + 2 radii round the centre.
  const weapon = m
    ? { range: m.long - 2 * sc.radius, label: `${m.name} range ${m.long} in${m.reload && !s.loaded[f] ? ' (not loaded)' : ''}`, enemies }
    : undefined;
  return figureReach(sc.table, figureView(s), f, { moves, weapon }, sc.figures);
}
