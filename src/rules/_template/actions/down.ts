/** The `down` event, shared by the actions that put a figure down (shoot, fight; §4–5). */
import type { DuelEvent } from '../events.js';
import type { DuelState } from '../state.js';

/** Report that figure `t` went down, its side now having `count` figures down. */
export function reportDown(s: DuelState, t: number, count: number, emit: ((e: DuelEvent) => void) | undefined): void {
  const side = s.sc.sides[s.sc.figures[t].side];
  emit?.({ e: 'down', f: s.sc.figures[t].id, side: side.id, down: count, of: side.figures.length });
}
