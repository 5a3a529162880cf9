/**
 * The legal list and apply: the orders the unit deciding now may be given (hold, form or leave
 * shield wall, move toward the loot, home or an enemy unit, charge an enemy unit in reach, or an
 * exact place), each carried out at once, then the turn machine runs on to the next decision.
 */
import type { StepContext } from '../../core/model.js';
import { ACTIVE, C, PH_UNIT, type PigState } from './state.js';
import { type PigAction, O_HOLD, O_MOVE, O_CHARGE, O_FORM, orderTable, actionKey } from './action.js';
import { unitIndex, enemyUnitsInto } from './queries.js';
import { lootLeft, carriesLoot } from './loot.js';
import { moveUnit } from './movement.js';
import { chargers, chargersInto, chargeable, chargeUnit } from './charge.js';
import { reloadUnit } from './shooting.js';
import { advance, checkEnd } from './turn.js';

/** The legal orders of the unit deciding now (shared actions of the scenario's {@link OrderTable}). */
export function legalActions(s: PigState): PigAction[] {
  if (s.phase !== PH_UNIT) return [];
  const u = s.actUnit;
  const unit = s.sc.units[u];
  const t = orderTable(s.sc);
  // The orders worked out into scratch first, then copied into a list made at its length (a list
  // grown by push makes its backing store twice).
  const pick = PICKED;
  let k = 0;
  pick[k++] = t.hold;
  if (unit.canWall) pick[k++] = s.wall[u] ? t.unwall : t.wall;
  const raider = unit.side === s.sc.raiders;
  if (!raider || lootLeft(s) || carriesLoot(s, u)) pick[k++] = t.obj;
  if (raider) pick[k++] = t.home;
  const nFoes = enemyUnitsInto(s, u, FOES);
  for (let i = 0; i < nFoes; i++) pick[k++] = t.foe[FOES[i]];
  if (nFoes > 0) {
    const cs = CHARGERS;
    const n = chargersInto(s, u, cs);
    for (let i = 0; i < nFoes; i++) if (chargeable(s, cs, FOES[i], n)) pick[k++] = t.charge[FOES[i]];
  }
  const out: PigAction[] = new Array<PigAction>(k);
  for (let i = 0; i < k; i++) out[i] = pick[i];
  return out;
}

/** Scratch of {@link legalActions}: the deciding unit's chargers, the enemy units it may name, the orders listed. */
const CHARGERS: number[] = [];
const FOES: number[] = [];
const PICKED: PigAction[] = [];

/** True when `a` is one of {@link legalActions} now (the same test, without listing them all). */
export function isLegal(s: PigState, a: PigAction): boolean {
  if (s.phase !== PH_UNIT) return false;
  const u = s.actUnit;
  const unit = s.sc.units[u];
  const raider = unit.side === s.sc.raiders;
  switch (a.k) {
    case 'hold':
      return true;
    case 'wall':
      return unit.canWall && !s.wall[u];
    case 'unwall':
      return unit.canWall && !!s.wall[u];
    case 'obj':
      return !raider || lootLeft(s) || carriesLoot(s, u);
    case 'home':
      return raider;
    case 'foe':
    case 'charge': {
      const v = s.sc.units.findIndex((x) => x.id === a.u);
      if (v < 0 || s.sc.units[v].side === unit.side || !s.sc.units[v].figures.some((f) => s.status[f] === ACTIVE)) return false;
      return a.k === 'foe' || chargeable(s, chargers(s, u), v);
    }
    default:
      return false;
  }
}

/** Apply the order of the unit deciding now, then run on to the next decision or the end. */
export function applyAction(s: PigState, a: PigAction, ctx: StepContext): void {
  if (s.phase !== PH_UNIT) throw new Error('the game is over');
  if (a.k === 'moveTo') {
    const why = checkMoveTo(s, a.x, a.y);
    if (why) throw new Error(`illegal action moveTo: ${why}`);
  } else {
    if (!isLegal(s, a)) throw new Error(`illegal action ${actionKey(a)}`);
  }
  applyLegalAction(s, a, ctx);
}

/**
 * {@link applyAction} for an order just listed by {@link legalActions} for this very state (the
 * ruleset's `applyLegal`): the same effect, without working out again whether it is legal.
 */
export function applyLegalAction(s: PigState, a: PigAction, ctx: StepContext): void {
  s.decisions++;
  s.counters[C.orders]++;
  const u = s.actUnit;
  const emit = ctx.emit;
  emit?.({ e: 'order', turn: s.turn, unit: s.sc.units[u].id, order: actionKey(a) });
  switch (a.k) {
    case 'hold':
      s.order[u] = O_HOLD;
      if (s.sc.version.oneAction) reloadUnit(s, u, emit);
      break;
    case 'wall':
    case 'unwall':
      s.order[u] = O_FORM;
      s.wall[u] = a.k === 'wall' ? 1 : 0;
      if (a.k === 'wall') s.counters[C.walls]++;
      emit?.({ e: 'formation', unit: s.sc.units[u].id, wall: a.k === 'wall' });
      break;
    case 'charge':
      s.order[u] = O_CHARGE;
      chargeUnit(s, u, unitIndex(s, a.u), ctx.rng, emit);
      break;
    default:
      s.order[u] = O_MOVE;
      moveUnit(s, u, a, ctx.rng, emit);
  }
  checkEnd(s, emit);
  advance(s, ctx);
}

/** Why a unit may not be ordered to exact coordinates (null when it may). */
export function checkMoveTo(s: PigState, x: number, y: number): string | null {
  if (s.phase !== PH_UNIT) return 'no unit is choosing an order now';
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (!s.sc.nav.isFree(x, y)) return `(${x}, ${y}) is off the table or inside a building or water`;
  return null;
}

/** Where a person's exact move for the unit deciding now would be checked (null = fine). */
export function exactMoveAction(s: PigState, x: number, y: number): PigAction | null {
  if (s.phase !== PH_UNIT) return null;
  return { k: 'moveTo', x, y };
}
