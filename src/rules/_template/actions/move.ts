/**
 * The move actions (§3): `move` toward an enemy (ending in base contact if the allowance reaches)
 * or toward the nearest place in a wood, offered in the legal list; and `moveTo`, an exact place a
 * person gives in `play` (checked by `checkAction`, never listed). A figure in base contact with an
 * enemy does not move (§3: it fights or holds). Lengths in inches.
 */
import type { Vec } from '../../../core/geometry.js';
import type { MovePlan } from '../../../core/table/moves.js';
import { pt, r3, type DuelEvent } from '../events.js';
import { exactPlan, facingAfter, planMove } from '../move.js';
import { engaged, enemiesOf, isUp, sideOf } from '../query.js';
import type { DuelState } from '../state.js';
import { type ActionKind, type DuelAction, actionTable, figureOf, label } from './action.js';

/** Where `move` toward `to` heads, and how far short of it it stops; null when `to` names nothing to go to now. */
export function moveGoal(s: DuelState, f: number, to: string): { at: Vec; stopShort: number } | null {
  if (to === 'cover') {
    if (s.sc.table.inCover(s.x[f], s.y[f])) return null;
    const p = s.sc.table.nearestCoverPoint(s.x[f], s.y[f]);
    return p === null ? null : { at: p, stopShort: 0 };
  }
  if (!to.startsWith('foe:')) return null;
  const t = figureOf(s, to.slice(4));
  if (t < 0 || !isUp(s, t) || sideOf(s, t) === sideOf(s, f)) return null;
  return { at: { x: s.x[t], y: s.y[t] }, stopShort: 2 * s.sc.radius };
}

/** The plan of the actor's `move` toward `to` (§3), or null when it cannot go there now. */
export function movePlanOf(s: DuelState, f: number, to: string): MovePlan | null {
  if (engaged(s, f)) return null;
  const goal = moveGoal(s, f, to);
  if (goal === null) return null;
  const plan = planMove(s, f, goal.at, goal.stopShort);
  return plan !== null && plan.length > 0.05 ? plan : null;
}

/** Carry out a planned move of figure `f` (position, facing) and report it. */
function moveAlong(s: DuelState, f: number, plan: MovePlan, toward: string, emit: ((e: DuelEvent) => void) | undefined): void {
  const from = pt(s.x[f], s.y[f]);
  s.x[f] = plan.to.x;
  s.y[f] = plan.to.y;
  s.facing[f] = facingAfter(plan.points, s.facing[f]);
  emit?.({
    e: 'move',
    f: s.sc.figures[f].id,
    toward,
    from,
    to: pt(plan.to.x, plan.to.y),
    path: plan.points.map((p) => pt(p.x, p.y)),
    length: r3(plan.length),
    limit: r3(plan.limit),
  });
}

/** `move` (§3): listed toward every enemy it can approach, then toward cover. */
export const moveKind: ActionKind<'move'> = {
  k: 'move',
  list(s, out: DuelAction[]) {
    const f = s.actor;
    if (engaged(s, f)) return;
    const table = actionTable(s.sc);
    for (const e of enemiesOf(s, sideOf(s, f)))
      if (isUp(s, e) && movePlanOf(s, f, `foe:${s.sc.figures[e].id}`) !== null) out.push(table.toward[e]);
    if (movePlanOf(s, f, 'cover') !== null) out.push(table.cover);
  },
  check(s, a) {
    return movePlanOf(s, s.actor, a.to) === null ? `${label(s, s.actor)} cannot move toward ${a.to} now` : null;
  },
  apply(s, a, ctx) {
    const plan = movePlanOf(s, s.actor, a.to);
    if (plan === null) throw new Error(`illegal move toward ${a.to}`);
    moveAlong(s, s.actor, plan, a.to, ctx.emit);
  },
  words(s, a) {
    const who = label(s, s.actor);
    if (a.to === 'cover') return `${who}: move toward the nearest wood`;
    const t = figureOf(s, a.to.slice(4));
    return `${who}: move toward ${t >= 0 ? label(s, t) : a.to}${t >= 0 ? ` (${Math.hypot(s.x[t] - s.x[s.actor], s.y[t] - s.y[s.actor]).toFixed(1)} in away)` : ''}`;
  },
  key: (a) => `move:${a.to}`,
};

/** `moveTo` (§3): an exact place; never listed, offered by `view.exactMove` and checked by `checkAction`. */
export const moveToKind: ActionKind<'moveTo'> = {
  k: 'moveTo',
  list() {},
  check(s, a) {
    if (engaged(s, s.actor)) return `${label(s, s.actor)} is in base contact with an enemy: fight or hold`;
    const plan = exactPlan(s, s.actor, a.x, a.y);
    return typeof plan === 'string' ? plan : null;
  },
  apply(s, a, ctx) {
    const plan = exactPlan(s, s.actor, a.x, a.y);
    if (typeof plan === 'string') throw new Error(`illegal move: ${plan}`);
    moveAlong(s, s.actor, plan, 'point', ctx.emit);
  },
  words: (s, a) => `${label(s, s.actor)}: move to (${a.x.toFixed(1)}, ${a.y.toFixed(1)})`,
  key: (a) => `moveTo:${a.x},${a.y}`,
};
