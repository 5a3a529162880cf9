/**
 * §2 and §6, the turn machine: the sides take turns, the first side first; in its turn a side
 * activates each of its figures that is up once, in the scenario's order (the figure deciding now
 * is `state.actor`). When it has none left the other side's turn begins; after the second side's
 * turn the next turn begins. A side that breaks loses at once (§6); after `maxTurns` turns the game
 * is a draw.
 */
import type { StepContext } from '../../core/model.js';
import type { DuelScenario } from './compile.js';
import type { DuelEvent } from './events.js';
import { brokenSide } from './morale.js';
import { isUp } from './query.js';
import { type DuelState, newState } from './state.js';

/** Where the turn machine reports its events (absent in search rollouts). */
type Emit = ((e: DuelEvent) => void) | undefined;

/** A fresh game on `sc`: turn 1 of the first side, its first figure deciding (§2). No chance at setup. */
export function setupGame(sc: DuelScenario, ctx: StepContext<DuelEvent>): DuelState {
  const s = newState(sc);
  beginSide(s, 0, ctx.emit);
  return s;
}

/** The first figure of the side whose turn it is that is up and not yet activated, or −1. */
function nextActor(s: DuelState): number {
  const own = s.sc.sides[s.side].figures;
  for (let k = 0; k < own.length; k++) if (isUp(s, own[k]) && s.done[own[k]] === 0) return own[k];
  return -1;
}

/** Begin side `side`'s turn: its figures not yet activated, the first of them deciding. */
function beginSide(s: DuelState, side: number, emit: Emit): void {
  s.side = side;
  for (const f of s.sc.sides[side].figures) s.done[f] = 0;
  emit?.({ e: 'turn', turn: s.turn, side: s.sc.sides[side].id });
  s.actor = nextActor(s);
}

/** End the game: `winner` a side index or −1 for a draw. */
export function finish(s: DuelState, winner: number, reason: string, emit: Emit): void {
  s.over = 1;
  s.actor = -1;
  s.winner = winner;
  s.reason = reason;
  emit?.({ e: 'over', winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/**
 * After the actor's action: mark it activated, test morale (§6), then hand the decision to the
 * side's next figure, or to the other side, or to the next turn, or end the game on the turn limit.
 */
export function advance(s: DuelState, emit: Emit): void {
  s.done[s.actor] = 1;
  s.decisions++;
  const b = brokenSide(s);
  if (b >= 0) {
    emit?.({ e: 'broken', side: s.sc.sides[b].id, down: s.down[b], of: s.sc.sides[b].figures.length });
    finish(s, 1 - b, `${s.sc.sides[b].name} broke`, emit);
    return;
  }
  s.actor = nextActor(s);
  if (s.actor >= 0) return;
  if (s.side === 0) {
    beginSide(s, 1, emit);
    return;
  }
  if (s.turn >= s.sc.maxTurns) {
    finish(s, -1, 'turn limit', emit);
    return;
  }
  s.turn++;
  beginSide(s, 0, emit);
}
