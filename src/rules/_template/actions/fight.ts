/** The fight action (§5): the actor strikes an enemy in base contact; the lower total goes down. */
import { canFight, rollFight, STRIKE_BONUS } from '../melee.js';
import { takeDown } from '../morale.js';
import { enemiesOf, sideOf } from '../query.js';
import { type ActionKind, type DuelAction, actionTable, figureOf, label } from './action.js';
import { reportDown } from './down.js';

/** `fight` (§5): listed against every enemy in base contact, in the scenario's order. */
export const fightKind: ActionKind<'fight'> = {
  k: 'fight',
  list(s, out: DuelAction[]) {
    const f = s.actor;
    const table = actionTable(s.sc);
    for (const e of enemiesOf(s, sideOf(s, f))) if (canFight(s, f, e)) out.push(table.fight[e]);
  },
  check(s, a) {
    const t = figureOf(s, a.t);
    return t >= 0 && canFight(s, s.actor, t) ? null : `${label(s, s.actor)} is not in base contact with ${a.t}`;
  },
  apply(s, a, ctx) {
    const f = s.actor;
    const t = figureOf(s, a.t);
    if (t < 0 || !canFight(s, f, t)) throw new Error(`illegal fight with ${a.t}`);
    const fight = rollFight(f, t, ctx.rng);
    s.facing[f] = Math.atan2(s.y[t] - s.y[f], s.x[t] - s.x[f]);
    ctx.emit?.({ e: 'fight', f: s.sc.figures[f].id, target: a.t, roll: fight.roll, bonus: STRIKE_BONUS, against: fight.against, loser: fight.loser >= 0 ? s.sc.figures[fight.loser].id : null });
    if (fight.loser >= 0) reportDown(s, fight.loser, takeDown(s, fight.loser), ctx.emit);
  },
  words(s, a) {
    const t = figureOf(s, a.t);
    return `${label(s, s.actor)}: fight ${t >= 0 ? label(s, t) : a.t} (D6+${STRIKE_BONUS} against D6)`;
  },
  key: (a) => `fight:${a.t}`,
};
