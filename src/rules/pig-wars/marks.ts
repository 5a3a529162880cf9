/**
 * What a Pig Wars event shows on the table (`view.marks`, src/core/scene.ts `SceneMark`), in both
 * versions: every move as the way taken (a charge, a fall back or a rout told apart by the move's
 * `why`), shots with their hit, block or save, and mêlée rounds with their result.
 */
import type { SceneMark } from '../../core/scene.js';
import type { PigScenario } from './compile.js';
import type { PigEvent } from './events.js';

/** How a move went, from its `why` (the order or rule that moved it). */
function how(e: Extract<PigEvent, { e: 'move' }>): 'move' | 'charge' | 'run' {
  if (e.charge !== undefined || e.why.startsWith('charge')) return 'charge';
  return e.why === 'routs' || e.why === 'falls back' ? 'run' : 'move';
}

/** The marks of one event (see `Ruleset.view.marks`). */
export function pigMarks(_sc: PigScenario, e: PigEvent): SceneMark[] {
  switch (e.e) {
    case 'move':
      return e.path.length === 0 ? [] : [{ kind: 'path', figure: e.f, how: how(e), points: e.path }];
    case 'shoot': {
      const harm = e.hit && e.blocked !== true && e.saved !== true;
      return [
        {
          kind: 'shot',
          from: e.f,
          to: e.target,
          result: !e.hit ? 'missed' : e.blocked === true ? 'blocked' : e.saved === true ? 'saved' : 'hit',
          hit: harm,
        },
      ];
    }
    case 'melee':
      return [
        {
          kind: 'melee',
          from: e.a,
          to: e.b,
          result:
            e.result === 'a kills' ? 'killed' : e.result === 'b kills' ? 'killed by him' : e.result === 'tie' ? 'tie' : 'fight goes on',
          hit: e.result === 'a kills',
        },
      ];
    default:
      return [];
  }
}
