/**
 * What a Pirates! event shows on the table (`view.marks`, src/core/scene.ts `SceneMark`): moves,
 * charges, moves to fire and runs as the way the figure went (`from`, the corners of `via`, `to`),
 * attacks as a shot (§7) or a melee (§5) with their result.
 */
import type { ScenePoint, SceneMark } from '../../core/scene.js';
import type { PiratesScenario } from './compile.js';
import type { PiratesEvent } from './events.js';

function way(from: ScenePoint, via: readonly ScenePoint[], to: ScenePoint): ScenePoint[] {
  return [from, ...via, to];
}

/** The marks of one event (see `Ruleset.view.marks`). */
export function piratesMarks(_sc: PiratesScenario, e: PiratesEvent): SceneMark[] {
  switch (e.e) {
    case 'move':
      return [{ kind: 'path', figure: e.figure, how: e.kind === 'charge' ? 'charge' : 'move', points: way(e.from, e.via, e.to) }];
    case 'run':
      return [{ kind: 'path', figure: e.figure, how: 'run', points: way(e.from, e.via, e.to) }];
    case 'attack':
      return [
        {
          kind: e.mode === 'fire' ? 'shot' : 'melee',
          from: e.attacker,
          to: e.defender,
          result: e.result === 'no effect' ? 'missed' : e.result,
          hit: e.result !== 'no effect' && e.result !== 'not captured',
        },
      ];
    default:
      return [];
  }
}
