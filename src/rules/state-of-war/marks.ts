/**
 * What a State of War event shows on the table (`view.marks`, src/core/scene.ts `SceneMark`): moves,
 * rides and charges as their routes ([W5]–[W11]), a climb once over the fence, shots with what the
 * margin did ([W16]), and each melee between the figure fighting alone and every one against him,
 * with the result on the loser ([W23]), and each push back (the quick reference's P/B: "Push back 2
 * cms. Unengaged men behind are moved back also") as a `shift` of every figure it moved — the event
 * names how far, not from where, so the caller starts it where the figure stood.
 */
import type { SceneMark } from '../../core/scene.js';
import type { SowScenario } from './compile.js';
import type { SowEvent } from './events.js';

/** A melee result on the loser ([W23]) in a word or two. */
const EFFECT: Record<string, string> = {
  PB: 'pushed back',
  PBW: 'pushed back, wounded',
  W: 'wounded',
  D: 'disabled',
  K: 'killed',
  DMT: 'dismounted',
  DMTW: 'dismounted, wounded',
};

/** The marks of one event (see `Ruleset.view.marks`). */
export function sowMarks(_sc: SowScenario, e: SowEvent): SceneMark[] {
  switch (e.e) {
    case 'move':
      if (e.kind === 'turn' || (e.from[0] === e.to[0] && e.from[1] === e.to[1])) return [];
      return [{ kind: 'path', figure: e.figure, how: e.kind === 'charge' ? 'charge' : 'move', points: [e.from, ...e.via, e.to] }];
    case 'climb':
      return e.over ? [{ kind: 'path', figure: e.figure, how: 'move', points: [e.from, e.to] }] : [];
    case 'fire':
      return [{ kind: 'shot', from: e.figure, to: e.target, result: e.result === 'none' ? 'missed' : e.result, hit: e.result !== 'none' }];
    case 'melee':
      return e.many.map((m): SceneMark => {
        const decided = e.loser !== null && (e.loser === m || e.loser === e.one) && (e.winner === m || e.winner === e.one);
        const word = e.effect === null ? 'beaten' : (EFFECT[e.effect] ?? e.effect);
        // Drawn from the one fighting alone to each against him; the result told as what befell the loser.
        return {
          kind: 'melee',
          from: e.one,
          to: m,
          result: e.winner === null ? 'tie' : decided ? (e.loser === m ? word : `${e.one} ${word}`) : 'fought',
          hit: decided && e.loser === m,
        };
      });
    case 'push':
      return e.blocked ? [] : e.moved.map((id): SceneMark => ({ kind: 'shift', figure: id, how: 'pushed', by: [e.by[0], e.by[1]] }));
    default:
      return [];
  }
}
