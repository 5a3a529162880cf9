/**
 * §6 Morale and victory: a figure that goes down is removed from the table (status DEAD) and
 * counted against its side; a side with half its figures or more down breaks, and loses.
 */
import { DEAD, type DuelState } from './state.js';

/** Put figure `f` down (§4, §5): removed from the table, counted against its side. Returns that side's count now. */
export function takeDown(s: DuelState, f: number): number {
  const side = s.sc.figures[f].side;
  s.status[f] = DEAD;
  s.down[side]++;
  return s.down[side];
}

/** True when side `side` has half or more of its figures down (§6). */
export function broken(s: DuelState, side: number): boolean {
  return 2 * s.down[side] >= s.sc.sides[side].figures.length;
}

/** The first side that is broken (§6), or −1. (One figure goes down at a time, so at most one breaks at once.) */
export function brokenSide(s: DuelState): number {
  for (let i = 0; i < 2; i++) if (broken(s, i)) return i;
  return -1;
}
