/**
 * The Duel invariant monitor: every event checked against the rules from its own fields (a move
 * within its limit, a shot's score and result from its die, a fight's loser from its dice, the
 * down counts), and every state after a decision (bases free of terrain and of each other, the
 * deciding figure one of the side's own that is up and not yet activated). Reads the typed events
 * with no casts. Lengths in inches.
 */
import type { InvariantMonitor } from '../../core/model.js';
import type { DuelScenario } from './compile.js';
import type { DuelEvent } from './events.js';
import { MOVE, SLOW } from './move.js';
import { NEED, NEED_IN_COVER, RANGE } from './shoot.js';
import { ACTIVE, type DuelState } from './state.js';

/** A fresh monitor for one game on `sc` (the game loop feeds it; `violations` must stay empty). */
export function duelInvariants(sc: DuelScenario): InvariantMonitor<DuelState, DuelEvent> {
  const violations: string[] = [];
  const down = [0, 0];
  let over = false;
  const bad = (why: string): void => {
    if (violations.length < 50) violations.push(why);
  };
  return {
    violations,
    event(e) {
      if (over) bad(`event ${e.e} after the game ended`);
      switch (e.e) {
        case 'move':
          if (e.limit > MOVE + 1e-9 || e.length > e.limit + 1e-3)
            bad(`${e.f} moved ${e.length} in, limit ${e.limit} (§3: ${MOVE}, or ${SLOW} in a wood)`);
          if (e.path.length < 2 || e.path[0][0] !== e.from[0] || e.path[0][1] !== e.from[1])
            bad(`${e.f}'s route does not start where it stood`);
          break;
        case 'shoot':
          if (e.gap > RANGE + 1e-3) bad(`${e.f} shot ${e.target} at ${e.gap} in (§4: at most ${RANGE})`);
          if (e.need !== (e.cover === null ? NEED : NEED_IN_COVER)) bad(`${e.f}'s shot needed ${e.need} with cover ${e.cover}`);
          if (e.hit !== e.roll >= e.need) bad(`${e.f}'s shot: roll ${e.roll}, need ${e.need}, hit ${e.hit}`);
          break;
        case 'fight': {
          const a = e.roll + e.bonus;
          const want = a > e.against ? e.target : a < e.against ? e.f : null;
          if (e.loser !== want) bad(`${e.f} fought ${e.target}: ${a} against ${e.against}, loser ${e.loser}`);
          break;
        }
        case 'down': {
          const i = sc.sides.findIndex((x) => x.id === e.side);
          if (i < 0) bad(`down: unknown side ${e.side}`);
          else if (e.down !== ++down[i]) bad(`${e.side} has ${down[i]} down, the event says ${e.down}`);
          break;
        }
        case 'broken':
          if (2 * e.down < e.of) bad(`${e.side} broke with ${e.down} of ${e.of} down (§6: half or more)`);
          break;
        case 'over':
          over = true;
          break;
        default:
          break;
      }
    },
    afterStep(s) {
      const n = sc.figures.length;
      for (let f = 0; f < n; f++) {
        if (s.status[f] !== ACTIVE) continue;
        if (!sc.table.isFree(s.x[f], s.y[f])) bad(`${sc.figures[f].id} stands off the table or on a building`);
        for (let g = 0; g < f; g++) {
          if (s.status[g] === ACTIVE && Math.hypot(s.x[f] - s.x[g], s.y[f] - s.y[g]) < 2 * sc.radius - 1e-6)
            bad(`${sc.figures[f].id} overlaps ${sc.figures[g].id}`);
        }
      }
      if (s.over) return;
      const a = s.actor;
      if (a < 0 || s.status[a] !== ACTIVE || sc.figures[a].side !== s.side || s.done[a] !== 0)
        bad(`the deciding figure ${a} is not an active, unactivated figure of the side whose turn it is`);
    },
  };
}
