/**
 * The end of a State of War game [W34]: the objective fired, or a side with nobody left to fight;
 * the turn limit is the turn machine's (turn.ts).
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { ROUTED } from './tables.js';
import { type SowState, ACTIVE, PH_OVER } from './state.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;

export function gameOver(s: SowState, winner: number, reason: string, ctx: StepContext<SowEvent>): void {
  s.phase = PH_OVER;
  s.options = null;
  s.memo?.clear();
  s.winner = winner;
  s.reason = reason;
  s.qLen = 0;
  s.qPos = 0;
  ctx.emit?.({ e: 'end', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** True (and the game over) when the objective burns or a side has nobody left to fight [W34]. */
export function checkVictory(s: SowState, ctx: StepContext<SowEvent>): boolean {
  if (s.phase === PH_OVER) return true;
  const sc = s.sc;
  const raiders = sc.objective.side;
  if (s.burn >= sc.objective.fireActions) {
    gameOver(s, raiders, `${sc.objective.name} fired`, ctx);
    return true;
  }
  // A figure is judged by the unit it belongs to now (`unitOf`: its detachment, if it went with one,
  // [W6a]), whose morale it tests and obeys — not by the scenario unit it started in (since ruleset
  // 1.6.0, issue 38 item 1: before, raiders of unrouted detachments whose parent unit had routed
  // counted as routed and the game ended with them still fighting; and raiders of routed
  // detachments whose parent had not routed kept the game going).
  if (!fighting(s, raiders)) {
    gameOver(s, 1 - raiders, `every ${sc.sides[raiders].name} figure is down, gone or routed`, ctx);
    return true;
  }
  if (!anyActive(s, 1 - raiders)) {
    gameOver(s, raiders, `every ${sc.sides[1 - raiders].name} figure is down or gone`, ctx);
    return true;
  }
  return false;
}

/** True when a figure of `side` is active and its unit (now) has not routed (no closure per call). */
function fighting(s: SowState, side: number): boolean {
  const figs = s.sc.sides[side].figures;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.status[f] === ON && s.morale[s.unitOf[f]] !== ROUTED) return true;
  }
  return false;
}

/** True when a figure of `side` is active. */
function anyActive(s: SowState, side: number): boolean {
  const figs = s.sc.sides[side].figures;
  for (let i = 0; i < figs.length; i++) if (s.status[figs[i]] === ON) return true;
  return false;
}
