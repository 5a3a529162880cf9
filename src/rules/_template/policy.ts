/**
 * The scripted Duel player (the ruleset's `policy.scores`): fight when in contact, else shoot the
 * easiest target, else close in on the nearest enemy (into a wood first when enemies can shoot and
 * it is not in cover), else hold. Deterministic; reads the state only. Scores are plain numbers,
 * higher is better.
 */
import type { DuelAction } from './actions/action.js';
import { figureOf } from './actions/action.js';
import { distance, enemiesOf, isUp, sideOf } from './query.js';
import { canShoot, shotNeed } from './shoot.js';
import type { DuelState } from './state.js';

/** True when some enemy could shoot figure `f` where it stands. */
function underFire(s: DuelState, f: number): boolean {
  for (const e of enemiesOf(s, sideOf(s, f))) if (canShoot(s, e, f)) return true;
  return false;
}

/** One score per action of `legal` (same order). */
export function duelScores(s: DuelState, legal: readonly DuelAction[]): number[] {
  const f = s.actor;
  const out = new Array<number>(legal.length);
  let threatened: boolean | null = null;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i];
    let v = 0;
    switch (a.k) {
      case 'fight':
        v = 10;
        break;
      case 'shoot': {
        const t = figureOf(s, a.t);
        v = 8 - shotNeed(s, f, t).need / 6;
        break;
      }
      case 'move':
        if (a.to === 'cover') {
          threatened ??= underFire(s, f);
          v = threatened ? 6 : 1;
        } else {
          const t = figureOf(s, a.to.slice(4));
          v = t >= 0 && isUp(s, t) ? 5 - distance(s, f, t) / 100 : 0;
        }
        break;
      case 'moveTo':
        v = 0.5;
        break;
      case 'hold':
        v = 0;
        break;
    }
    out[i] = v;
  }
  return out;
}
