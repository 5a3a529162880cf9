/**
 * The Escarmouche turn machine (PLAY): the roll-off, side turns, moving on to the next figure or
 * the other side, the end of the game (a broken side; objectives at the turn limit).
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import type { EscScenario } from './compile.js';
import { ACTION_CAP, C, PH_ACT, PH_OVER, PH_PICK, SIDE_ALL_ACTED, SIDE_WHY, type EscState, newState } from './state.js';
import { objectivePoints, outCount, pickable } from './queries.js';
import { endFigure } from './initiative.js';
import { d6s } from './tables.js';

/** A new game: the roll-off for the first side (unless the scenario names it) and its first turn. */
export function setupGame(sc: EscScenario, ctx: StepContext<EscEvent>): EscState {
  const s = newState(sc);
  let first = sc.first;
  if (first < 0) {
    const rolls: [number, number][] = [];
    for (let i = 0; i < 50 && first < 0; i++) {
      const r = d6s(ctx.rng, 2);
      rolls.push([r[0], r[1]]);
      if (r[0] !== r[1]) first = r[0] > r[1] ? 0 : 1;
    }
    if (first < 0) first = 0;
    ctx.emit?.({ e: 'rollOff', rolls, first: sc.sides[first].id });
  }
  s.first = first;
  startSideTurn(s, first, ctx);
  return s;
}

function startSideTurn(s: EscState, side: number, ctx: StepContext<EscEvent>): void {
  s.side = side;
  s.phase = PH_PICK;
  s.actor = -1;
  s.pool = 0;
  s.actions = 0;
  s.ones = 0;
  s.sideWhy = 0;
  s.fsBeat.fill(0);
  s.fenceBeat = -1;
  s.nWindow = 0;
  for (const f of s.sc.sides[side].figures) {
    s.acted[f] = 0;
    s.reserved[f] = 0; // a reserved action lasts through one enemy turn
  }
  s.counters[C.sideTurns]++;
  ctx.emit?.({ e: 'turn', turn: s.turn, side: s.sc.sides[side].id });
}

function endSideTurn(s: EscState, ctx: StepContext<EscEvent>): void {
  const sc = s.sc;
  ctx.emit?.({ e: 'sideEnd', turn: s.turn, side: sc.sides[s.side].id, why: SIDE_WHY[s.sideWhy] });
  const next = 1 - s.side;
  if (next === s.first) {
    if (s.turn >= sc.maxTurns) {
      finalCount(s, ctx);
      return;
    }
    s.turn++;
  }
  startSideTurn(s, next, ctx);
}

/** Move on to the next decision: the actor's next action, the next figure, or the other side's turn. */
export function advance(s: EscState, ctx: StepContext<EscEvent>): void {
  for (let guard = 0; guard < 8; guard++) {
    if (s.phase === PH_OVER) return;
    if (s.sideWhy !== 0) {
      endFigure(s, 'side', ctx);
      endSideTurn(s, ctx);
      continue;
    }
    if (s.actor >= 0) {
      if (s.wounds[s.actor] === 0) endFigure(s, 'out', ctx);
      else if (s.actions >= ACTION_CAP) {
        s.counters[C.actionCap]++;
        endFigure(s, 'cap', ctx);
      } else {
        s.phase = PH_ACT;
        return;
      }
    }
    if (pickable(s).length > 0) {
      s.phase = PH_PICK;
      return;
    }
    s.sideWhy = SIDE_ALL_ACTED;
  }
  throw new Error(`the turn machine did not settle (turn ${s.turn}, side ${s.side})`);
}

function gameOver(s: EscState, winner: number, reason: string, ctx: StepContext<EscEvent>): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  s.actor = -1;
  s.nWindow = 0;
  ctx.emit?.({ e: 'gameOver', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** Victory: a side with `breakPoint` figures out of action is broken and loses at once. */
export function checkVictory(s: EscState, ctx: StepContext<EscEvent>): boolean {
  if (s.phase === PH_OVER) return true;
  const sc = s.sc;
  const broken = sc.sides.map((side) => outCount(s, side.index) >= side.breakPoint);
  if (broken[0] && broken[1]) {
    gameOver(s, -1, 'both sides broken', ctx);
    return true;
  }
  for (const side of sc.sides) {
    if (broken[side.index]) {
      gameOver(s, 1 - side.index, `${side.name} broken: ${outCount(s, side.index)} of ${side.figures.length} figures out of action`, ctx);
      return true;
    }
  }
  return false;
}

/** After the last game turn: the side holding more objective points wins; equal is a draw. */
function finalCount(s: EscState, ctx: StepContext<EscEvent>): void {
  const sc = s.sc;
  const p = objectivePoints(s);
  const tally = `${sc.sides[0].name} ${p[0]}, ${sc.sides[1].name} ${p[1]}`;
  if (p[0] === p[1]) gameOver(s, -1, `turn limit: objectives ${tally}`, ctx);
  else gameOver(s, p[0] > p[1] ? 0 : 1, `turn limit: objectives ${tally}`, ctx);
}
