/** The shoot action (§4): one D6 at an enemy in range and in sight; a hit puts it down. */
import { r3 } from '../events.js';
import { takeDown } from '../morale.js';
import { canShoot, rollShot, shotNeed } from '../shoot.js';
import { type ActionKind, type DuelAction, actionTable, allowedTarget, figureOf, label, listAgainstEnemies } from './action.js';
import { reportDown } from './down.js';

/** `shoot` (§4): listed at every enemy the actor may shoot, in the scenario's order. */
export const shootKind: ActionKind<'shoot'> = {
  k: 'shoot',
  list(s, out: DuelAction[]) {
    listAgainstEnemies(s, out, actionTable(s.sc).shoot, canShoot);
  },
  check(s, a) {
    return allowedTarget(s, a.t, canShoot) >= 0
      ? null
      : `${label(s, s.actor)} cannot shoot at ${a.t} (not in range, not in sight, or engaged)`;
  },
  apply(s, a, ctx) {
    const f = s.actor;
    const t = allowedTarget(s, a.t, canShoot);
    if (t < 0) throw new Error(`illegal shot at ${a.t}`);
    const shot = rollShot(s, f, t, ctx.rng);
    s.facing[f] = Math.atan2(s.y[t] - s.y[f], s.x[t] - s.x[f]);
    ctx.emit?.({
      e: 'shoot',
      f: s.sc.figures[f].id,
      target: a.t,
      gap: r3(shot.gap),
      cover: shot.cover,
      need: shot.need,
      roll: shot.roll,
      hit: shot.hit,
    });
    if (shot.hit) reportDown(s, t, takeDown(s, t), ctx.emit);
  },
  words(s, a) {
    const t = figureOf(s, a.t);
    const need = t >= 0 ? shotNeed(s, s.actor, t) : null;
    return `${label(s, s.actor)}: shoot at ${t >= 0 ? label(s, t) : a.t}${need ? ` (needs ${need.need}+${need.cover ? ', in cover' : ''})` : ''}`;
  },
  key: (a) => `shoot:${a.t}`,
};
