/**
 * The story of a Duel game: one line per event in plain words, read from the typed events
 * (events.ts) with no casts. Lengths in inches.
 */
import type { DuelScenario } from './compile.js';
import type { DuelEvent } from './events.js';

/** The figure with id `id` in words: its name and id, or the id alone. */
export function figureWords(sc: DuelScenario, id: string): string {
  const f = sc.figureIndex.get(id);
  if (f === undefined) return id;
  const info = sc.figures[f];
  return info.name === info.id ? info.id : `${info.name} (${info.id})`;
}

/** The side with id `id` in words. */
function sideWords(sc: DuelScenario, id: string): string {
  return sc.sides.find((s) => s.id === id)?.name ?? id;
}

/** One line of story for `e` (every event is told). */
export function describeEvent(sc: DuelScenario, e: DuelEvent): string | null {
  switch (e.e) {
    case 'turn':
      return `Turn ${e.turn}: ${sideWords(sc, e.side)} act.`;
    case 'move': {
      const goal =
        e.toward === 'cover'
          ? 'toward the nearest wood'
          : e.toward === 'point'
            ? `to (${e.to[0]}, ${e.to[1]})`
            : `toward ${figureWords(sc, e.toward.slice(4))}`;
      return `${figureWords(sc, e.f)} moves ${goal}: ${e.length} in of ${e.limit}.`;
    }
    case 'shoot':
      return `${figureWords(sc, e.f)} shoots at ${figureWords(sc, e.target)} (${e.gap} in${e.cover ? `, in cover of ${e.cover}` : ''}): rolls ${e.roll}, needs ${e.need} — ${e.hit ? 'hit' : 'miss'}.`;
    case 'fight':
      return `${figureWords(sc, e.f)} fights ${figureWords(sc, e.target)}: ${e.roll}+${e.bonus} against ${e.against} — ${e.loser === null ? 'a tie' : `${figureWords(sc, e.loser)} loses`}.`;
    case 'hold':
      return `${figureWords(sc, e.f)} holds.`;
    case 'down':
      return `${figureWords(sc, e.f)} is down (${sideWords(sc, e.side)}: ${e.down} of ${e.of} down).`;
    case 'broken':
      return `${sideWords(sc, e.side)} break with ${e.down} of ${e.of} down.`;
    case 'over':
      return `Game over: ${e.winner === null ? 'a draw' : `${sideWords(sc, e.winner)} win`} (${e.reason}).`;
  }
}
