/** The fight action (§5): the actor strikes an enemy in base contact; the lower total goes down. */
import { canFight, rollFight, STRIKE_BONUS } from '../melee.js';
import { takeDown } from '../morale.js';
import { type ActionKind, type DuelAction, actionTable, allowedTarget, figureOf, label, listAgainstEnemies } from './action.js';
import { reportDown } from './down.js';

/** `fight` (§5): listed against every enemy in base contact, in the scenario's order. */
export const fightKind: ActionKind<'fight'> = {
  k: 'fight',
  list(s, out: DuelAction[]) {
    listAgainstEnemies(s, out, actionTable(s.sc).fight, canFight);
  },
  check(s, a) {
    return allowedTarget(s, a.t, canFight) >= 0 ? null : `${label(s, s.actor)} is not in base contact with ${a.t}`;
  },
  apply(s, a, ctx) {
    const f = s.actor;
    const t = allowedTarget(s, a.t, canFight);
    if (t < 0) throw new Error(`illegal fight with ${a.t}`);
    const fight = rollFight(f, t, ctx.rng);
    s.facing[f] = Math.atan2(s.y[t] - s.y[f], s.x[t] - s.x[f]);
    ctx.emit?.({
      e: 'fight',
      f: s.sc.figures[f].id,
      target: a.t,
      roll: fight.roll,
      bonus: STRIKE_BONUS,
      against: fight.against,
      loser: fight.loser >= 0 ? s.sc.figures[fight.loser].id : null,
    });
    if (fight.loser >= 0) reportDown(s, fight.loser, takeDown(s, fight.loser), ctx.emit);
  },
  words(s, a) {
    const t = figureOf(s, a.t);
    return `${label(s, s.actor)}: fight ${t >= 0 ? label(s, t) : a.t} (D6+${STRIKE_BONUS} against D6)`;
  },
  key: (a) => `fight:${a.t}`,
};
