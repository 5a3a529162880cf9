/**
 * What an Escarmouche event shows on the table (`view.marks`, src/core/scene.ts `SceneMark`): moves
 * and a marshal's movers as their straight lines, the free move into base contact before a fight,
 * the push-back and the stepping apart after one, shots and fights with their effect (the Shooting
 * and Fighting Effects rows, in the story's words).
 */
import type { SceneMark } from '../../core/scene.js';
import type { EscScenario } from './compile.js';
import type { EscEvent } from './events.js';

/** An effect row in a word or two. */
const EFFECT: Record<string, string> = {
  none: 'no effect',
  shaken: 'Shaken',
  cowered: 'Cowered',
  hit: 'hit',
  hits: 'hits',
  pushed: 'pushed back',
  disarmed: 'disarmed',
};

/** The marks of one event (see `Ruleset.view.marks`). */
export function escMarks(_sc: EscScenario, e: EscEvent): SceneMark[] {
  switch (e.e) {
    case 'move':
      return [{ kind: 'path', figure: e.figure, how: 'move', points: [e.from, e.to] }];
    case 'marshal':
      return e.places.map((p) => ({ kind: 'path', figure: p.figure, how: 'move', points: [p.from, p.to] }));
    case 'shift':
      return e.from[0] === e.to[0] && e.from[1] === e.to[1]
        ? []
        : [{ kind: 'path', figure: e.figure, how: e.why === 'pushed' ? 'pushed' : 'move', points: [e.from, e.to] }];
    case 'shoot':
      return [
        {
          kind: 'shot',
          from: e.figure,
          to: e.target,
          result: e.won ? (EFFECT[e.effect] ?? e.effect) : 'missed',
          hit: e.won && e.effect !== 'none',
        },
      ];
    case 'fight': {
      const out: SceneMark[] = [];
      if (e.contact !== null) out.push({ kind: 'path', figure: e.figure, how: 'charge', points: [e.contact] });
      const won = e.winner === e.figure && !e.ignored;
      out.push({
        kind: 'melee',
        from: e.figure,
        to: e.target,
        result:
          e.winner === null
            ? 'stand-off'
            : e.ignored
              ? 'first strike'
              : won
                ? (EFFECT[e.effect] ?? e.effect)
                : `beaten off: ${EFFECT[e.effect] ?? e.effect}`,
        hit: won && e.effect !== 'none',
      });
      return out;
    }
    default:
      return [];
  }
}
