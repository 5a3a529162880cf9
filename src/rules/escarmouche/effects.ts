/**
 * The effects tables applied (SHOOTING and FIGHTING effects: Shaken markers, Cowered, Disarmed,
 * pushed back, hits; out of action at no wounds left).
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { C, type EscState } from './state.js';
import { outCount } from './queries.js';
import { type Effect, NO_EFFECT } from './tables.js';

/**
 * Apply one row of an effects table to figure `t`: Shaken markers (any number), Cowered (prone),
 * Disarmed (one marker at most), push-back (out of the cover it had taken), hits off its wounds;
 * at no wounds left it is out of action.
 */
export function applyEffect(s: EscState, t: number, eff: Effect, ctx: StepContext<EscEvent>): void {
  if (eff === NO_EFFECT) return;
  if (eff.shaken) {
    s.shaken[t] = Math.min(255, s.shaken[t] + eff.shaken);
    s.counters[C.shaken]++;
  }
  if (eff.cowered) {
    s.cowered[t] = 1;
    s.counters[C.cowered]++;
  }
  if (eff.disarmed) {
    s.disarmed[t] = 1;
    s.counters[C.disarmed]++;
  }
  if (eff.pushed) s.counters[C.pushed]++;
  if (eff.hits > 0) {
    s.counters[C.hits] += eff.hits;
    s.wounds[t] = Math.max(0, s.wounds[t] - eff.hits);
    if (s.wounds[t] === 0) {
      s.cover[t] = 0;
      s.reserved[t] = 0;
      s.counters[C.outOfAction]++;
      const sc = s.sc;
      ctx.emit?.({
        e: 'out',
        turn: s.turn,
        figure: sc.figures[t].id,
        side: sc.sides[sc.figures[t].side].id,
        out: outCount(s, sc.figures[t].side),
      });
    }
  }
}
