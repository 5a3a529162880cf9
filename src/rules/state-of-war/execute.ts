/**
 * State of War moves carried out [W8]–[W12], [W32]: a move to exact coordinates (a person's),
 * a planned move or charge made (the figure put where its plan ends, the record written), and a
 * runner leaving the table at its rear edge. All lengths in cm.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { placeFree } from '../../core/table/index.js';
import { clearOfEnemies, foeDistance, reachAlong, rearDistance, viewOf } from './table.js';
import { BROKEN, MORALE_NAMES, moveRate, OK } from './tables.js';
import { type SowState, C, GONE } from './state.js';
import { DEG, r2 } from './action.js';
import { running } from './units.js';
import { checkVictory } from './victory.js';
import { type MovePlan, cleanRoute } from './plan.js';

/** The plan of figure f's move to exact coordinates (a person in `play`), or the reason it cannot. */
export function exactMovePlan(s: SowState, f: number, x: number, y: number): MovePlan | string {
  const sc = s.sc;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (x < 0 || y < 0 || x > sc.width || y > sc.height) return `(${x}, ${y}) is off the table (${sc.width} × ${sc.height} cm)`;
  if (!sc.table.isFree(x, y)) return `(${x}, ${y}) is inside a building or too close to the table edge`;
  const path = sc.table.path({ x: s.x[f], y: s.y[f] }, { x, y });
  if (!path) return `(${x}, ${y}) cannot be reached from here`;
  const reach = reachAlong(sc, path.points, s.facing[f], s.mounted[f] === 1);
  if (path.length > reach.dist + 1e-6) {
    return `the way there is ${path.length.toFixed(1)} cm; this action reaches ${reach.dist.toFixed(1)} cm${reach.fence ? ' (a fence or wall is in the way: climb it)' : ''}`;
  }
  if (!placeFree(viewOf(s), x, y, f)) return `another figure stands at (${x}, ${y})`;
  const side = sc.figures[f].side;
  if (!clearOfEnemies(s, side, x, y)) return 'that is in contact with an enemy: charge instead';
  const u = s.unitOf[f];
  if (s.morale[u] !== OK && foeDistance(s, side, x, y) < foeDistance(s, side, s.x[f], s.y[f]) - 0.01) {
    return `the unit may not advance (${MORALE_NAMES[s.morale[u]]})`;
  }
  if (s.morale[u] >= BROKEN && foeDistance(s, side, x, y) <= foeDistance(s, side, s.x[f], s.y[f]) + 0.01) {
    return `a running figure must end further from the enemy (${MORALE_NAMES[s.morale[u]]})`;
  }
  const route = cleanRoute(path.points, s.facing[f]);
  return {
    points: route.points,
    to: { x, y },
    facing: route.facing,
    length: path.length,
    reach,
    turnOnly: false,
    toward: { x, y },
    short: [],
  };
}

export function execMove(s: SowState, f: number, plan: MovePlan, kind: 'move' | 'ride' | 'charge', ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const before = foeDistance(s, side, s.x[f], s.y[f]);
  const from: [number, number] = [r2(s.x[f]), r2(s.y[f])];
  s.x[f] = plan.to.x;
  s.y[f] = plan.to.y;
  s.facing[f] = plan.facing;
  s.counters[C.moves]++;
  ctx.emit?.({
    e: 'move',
    turn: s.turn,
    figure: sc.figures[f].id,
    kind: plan.turnOnly ? 'turn' : kind,
    from,
    via: plan.points.slice(1, -1).map((p) => [r2(p.x), r2(p.y)]),
    to: [r2(plan.to.x), r2(plan.to.y)],
    ...(plan.toward ? { toward: [r2(plan.toward.x), r2(plan.toward.y)], short: plan.short ?? [] } : {}),
    facing: r2(plan.facing * DEG),
    length: r2(plan.length),
    allowance: moveRate(s.mounted[f] === 1),
    used: r2(plan.reach.cost),
    turned: r2(plan.reach.turned),
    difficult: r2(plan.reach.difficult),
  });
  if (!plan.turnOnly && foeDistance(s, side, s.x[f], s.y[f]) < before - 0.01) s.advanced[s.unitOf[f]] = 1;
  leaveIfRunning(s, f, ctx);
}

/**
 * How near (cm) its rear edge a running figure's base edge must be to leave the table [W32]: the
 * place a move to the rear goes to lies 0.01 cm off the edge ({@link rearPoint}), and 0.01 more is
 * rounding. Since ruleset 1.6.0 (issue 38 item 4): before, 0.6 cm, so runners left 0.12–0.57 cm
 * short of the edge, where the sheet has them reach it.
 */
export const LEAVE_GAP = 0.02;

/** A running figure whose base reaches its rear edge leaves the table [W32]. */
export function leaveIfRunning(s: SowState, f: number, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  if (!running(s, f)) return;
  if (rearDistance(sc, sc.figures[f].side, s.x[f], s.y[f]) > sc.radius + LEAVE_GAP) return;
  s.status[f] = GONE;
  s.acts[f] = 0;
  s.counters[C.fled]++;
  ctx.emit?.({ e: 'leave', turn: s.turn, figure: sc.figures[f].id });
  checkVictory(s, ctx);
}
