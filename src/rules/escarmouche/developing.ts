/**
 * DEVELOPING: building the pool, taking cover, standing up, rallying, picking up a weapon — each
 * a developing action that adds an active die and rolls the pool for the initiative.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { C, type EscState } from './state.js';
import { endFigure, initiative } from './initiative.js';
import { countOnes, d6s } from './tables.js';

/** A developing action (DEVELOPING): build the pool, take cover, stand up, remove a Shaken marker, pick up a weapon. */
export type DevKind = 'ready' | 'cover' | 'stand' | 'rally' | 'rearm';

/** DEVELOPING: the action takes place, the figure gains an active die, and rolls its pool for the initiative. */
export function doDevelop(s: EscState, f: number, d: DevKind, ctx: StepContext<EscEvent>): void {
  const sc = s.sc;
  switch (d) {
    case 'ready':
      s.counters[C.readies]++;
      break;
    case 'cover':
      s.cover[f] = 1;
      s.counters[C.covers]++;
      break;
    case 'stand':
      s.cowered[f] = 0;
      s.counters[C.stands]++;
      break;
    case 'rally':
      s.shaken[f]--;
      s.counters[C.rallies]++;
      break;
    case 'rearm':
      s.disarmed[f] = 0;
      s.counters[C.rearms]++;
      break;
  }
  s.counters[C.develops]++;
  const { pool, act, ones, init } = rollDeveloped(s, ctx);
  ctx.emit?.({ e: 'develop', turn: s.turn, figure: sc.figures[f].id, what: d, pool, active: act, ones, init, interrupt: false });
  if (init !== 'keep') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
}

/**
 * Special development — reserved action: a developing action (one more active die, and the pool is
 * rolled like any action's), which ends the figure's turn and keeps one active die.
 */
export function doReserve(s: EscState, f: number, ctx: StepContext<EscEvent>): void {
  const { pool, act, ones, init } = rollDeveloped(s, ctx);
  s.reserved[f] = 1;
  s.counters[C.reserves]++;
  s.counters[C.develops]++;
  ctx.emit?.({ e: 'reserve', turn: s.turn, figure: s.sc.figures[f].id, pool, active: act, ones, init });
  endFigure(s, 'reserve', ctx);
}

/** A developing action's dice (DEVELOPING): one more active die, and the pool rolled for the initiative (`pool` as it was before). */
function rollDeveloped(
  s: EscState,
  ctx: StepContext<EscEvent>,
): { pool: number; act: number[]; ones: number; init: ReturnType<typeof initiative> } {
  const pool = s.pool;
  s.pool++;
  s.actions++;
  const act = d6s(ctx.rng, s.pool);
  const ones = countOnes(act);
  return { pool, act, ones, init: initiative(s, ones) };
}
