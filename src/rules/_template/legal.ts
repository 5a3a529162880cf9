/**
 * The legal list and apply (§2–5): the actions of the figure deciding now, gathered from every
 * action kind's file in a fixed order (fight, shoot, move, hold), and an action applied by its
 * kind, after which the turn machine advances. The only place that knows every action kind.
 */
import type { StepContext } from '../../core/model.js';
import type { DuelEvent } from './events.js';
import type { DuelState } from './state.js';
import { advance } from './turn.js';
import type { DuelAction } from './actions/action.js';
import { fightKind } from './actions/fight.js';
import { holdKind } from './actions/hold.js';
import { moveKind, moveToKind } from './actions/move.js';
import { shootKind } from './actions/shoot.js';

/** The legal actions of the figure deciding now, in a deterministic order; never empty (hold). Precondition: not over. */
export function legalActions(s: DuelState): DuelAction[] {
  const out: DuelAction[] = [];
  fightKind.list(s, out);
  shootKind.list(s, out);
  moveKind.list(s, out);
  holdKind.list(s, out);
  return out;
}

/** The stable key of an action (`move:foe:B1`, `moveTo:x,y`, `shoot:B1`, `fight:B1`, `hold`). */
export function actionKey(a: DuelAction): string {
  switch (a.k) {
    case 'move':
      return moveKind.key(a);
    case 'moveTo':
      return moveToKind.key(a);
    case 'shoot':
      return shootKind.key(a);
    case 'fight':
      return fightKind.key(a);
    case 'hold':
      return holdKind.key(a);
  }
}

/** Null when `a` is legal now (listed actions, and exact moves), else why not in plain words. */
export function checkAction(s: DuelState, a: DuelAction): string | null {
  if (s.over) return 'the game is over';
  switch (a.k) {
    case 'move':
      return moveKind.check(s, a);
    case 'moveTo':
      return moveToKind.check(s, a);
    case 'shoot':
      return shootKind.check(s, a);
    case 'fight':
      return fightKind.check(s, a);
    case 'hold':
      return holdKind.check(s, a);
  }
}

/** `a` in plain words, naming the figure deciding now. */
export function describeAction(s: DuelState, a: DuelAction): string {
  switch (a.k) {
    case 'move':
      return moveKind.words(s, a);
    case 'moveTo':
      return moveToKind.words(s, a);
    case 'shoot':
      return shootKind.words(s, a);
    case 'fight':
      return fightKind.words(s, a);
    case 'hold':
      return holdKind.words(s, a);
  }
}

/** Apply an action taken from this state's legal list (or accepted by {@link checkAction}); no legality test of its own. */
export function applyLegalAction(s: DuelState, a: DuelAction, ctx: StepContext<DuelEvent>): void {
  switch (a.k) {
    case 'move':
      moveKind.apply(s, a, ctx);
      break;
    case 'moveTo':
      moveToKind.apply(s, a, ctx);
      break;
    case 'shoot':
      shootKind.apply(s, a, ctx);
      break;
    case 'fight':
      fightKind.apply(s, a, ctx);
      break;
    case 'hold':
      holdKind.apply(s, a, ctx);
      break;
  }
  advance(s, ctx.emit);
}

/** Apply any action: throws, changing nothing, when it is not legal now ({@link checkAction}). */
export function applyAction(s: DuelState, a: DuelAction, ctx: StepContext<DuelEvent>): void {
  const why = checkAction(s, a);
  if (why !== null) throw new Error(`illegal action ${actionKey(a)}: ${why}`);
  applyLegalAction(s, a, ctx);
}
