/**
 * Plain-words text for Pirates! events (the story `run` and `replay` print) and actions (the
 * menus of `play`).
 */
import type { Json } from '../../core/model.js';
import type { PiratesEvent } from './events.js';
import { dist } from '../../core/geometry.js';
import { count } from '../../core/words.js';
import type { PiratesScenario } from './compile.js';
import type { PiratesAction } from './action.js';
import { bandMembers, newBandCandidates } from './bands.js';
import { soloMovePlan } from './movement.js';
import { chargePlan } from './approach.js';
import { PH_BAND, type PiratesState } from './state.js';
import { allowanceOf } from './table.js';
import { type AttackAction, attackOddsNow, oddsWords } from './odds.js';

function str(v: Json | undefined): string {
  return v === undefined || v === null ? '' : String(v);
}

/** Name of a figure id with its weapon, e.g. `Black Coat (P01, cutlass)` or `T07 (club)`. */
export function figureLabel(sc: PiratesScenario, id: string): string {
  const i = sc.figureIndex.get(id);
  if (i === undefined) return id;
  const f = sc.figures[i];
  return f.name === f.id ? `${f.id} (${f.weapon.name})` : `${f.name} (${f.id}, ${f.weapon.name})`;
}

/** Plain words for a destination key. */
export function destinationLabel(sc: PiratesScenario, key: string): string {
  if (key === 'obj') return sc.objective.name;
  if (key === 'home') return sc.home.name;
  if (key === 'cover') return 'the nearest cover';
  if (key === 'away') return 'away from the nearest enemy';
  if (key === 'band') return 'back to its band';
  if (key.startsWith('foe:')) return figureLabel(sc, key.slice(4));
  return key;
}

/**
 * Where a move goes, as words that follow a verb: "toward warehouse 1", "away from the nearest
 * enemy", "back to its band".
 */
export function heading(sc: PiratesScenario, key: string): string {
  return key === 'away' || key === 'band' ? destinationLabel(sc, key) : `toward ${destinationLabel(sc, key)}`;
}

function sideName(sc: PiratesScenario, id: Json | undefined): string {
  return sc.sides.find((s) => s.id === id)?.name ?? str(id);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** One line of story for an event, or null for events that would only repeat another line. */
export function describeEvent(sc: PiratesScenario, e: PiratesEvent): string | null {
  switch (e.e) {
    case 'turn':
      return `── Turn ${str(e.turn)} ──`;
    case 'moveRoll':
      return `${sideName(sc, e.side)} roll ${e.dice.join(', ')} for movement: ${str(e.allowance)} in this turn (${str(e.broken)} in over broken ground or uphill).`;
    case 'card':
      return `Card ${str(e.card)} (${sideName(sc, e.side)}).`;
    case 'skip':
      return `  ${str(e.card)}: no ${sideName(sc, e.side)} band can answer it.`;
    case 'pass':
      return `  ${sideName(sc, e.side)} pass on ${str(e.card)}.`;
    case 'activate': {
      const figs = e.figures.map((id) => figureLabel(sc, id)).join(', ');
      return e.formed
        ? `  ${str(e.card)}: ${sideName(sc, e.side)} form band ${str(e.band)}: ${figs}.`
        : `  ${str(e.card)}: ${sideName(sc, e.side)} band ${str(e.band)} acts: ${figs}.`;
    }
    case 'groupMove':
      return `    Band ${str(e.band)} moves ${str(e.distance)} in ${heading(sc, str(e.to))} (allowance ${str(e.allowance)} in).`;
    case 'move': {
      if (e.kind === 'group') return null;
      const verb = e.kind === 'charge' ? 'charges' : e.kind === 'moveFire' ? 'moves to fire' : 'moves';
      return `    ${figureLabel(sc, str(e.figure))} ${verb} ${str(e.path)} in (of ${str(e.allowance)}).`;
    }
    case 'attack': {
      const mods = e.modifiers
        .map((m) => ` ${signed(m.step)} ${m.name}${m.name === 'defender in cover' && typeof e.cover === 'string' ? ` (${e.cover})` : ''}`)
        .join(',');
      const how =
        e.mode === 'fire'
          ? `fires (${str(e.weapon)}, ${str(e.range)} in) at`
          : e.capture
            ? 'tries to capture'
            : `attacks (${str(e.weapon)})`;
      return (
        `    ${figureLabel(sc, str(e.attacker))} ${how} ${figureLabel(sc, str(e.defender))}: ` +
        `d${str(e.baseDie)}${mods ? `${mods} →` : ''} d${str(e.attackerDie)} vs d${str(e.defenderDie)}; ` +
        `rolls ${str(e.attackerRoll)} vs ${str(e.defenderRoll)} — ${str(e.result)}` +
        (Number(e.margin) > 0 && e.result === 'hit' ? ` (${count(str(e.hitsThisTurn), 'hit')} this turn)` : '') +
        '.'
      );
    }
    case 'blocked': {
      const why =
        e.why === undefined ? '' : ` (${str(e.why)}${Array.isArray(e.by) && e.by.length > 0 ? `: ${e.by.join(', ')} in the way` : ''})`;
      return e.figure === undefined
        ? `    Band ${str(e.band)} finds no room to move ${heading(sc, str(e.to))} together${why}.`
        : `    ${figureLabel(sc, str(e.figure))} finds no room to move ${heading(sc, str(e.to))}${why}.`;
    }
    case 'drop':
      return `    ${figureLabel(sc, str(e.figure))} drops his booty.`;
    case 'setup':
      return `The table: ${str(e.table[0])} × ${str(e.table[1])} in, ${e.figures.length} figures.`;
    case 'kill':
      return `    ${figureLabel(sc, str(e.figure))} is killed (${sideName(sc, e.side)} dead: ${str(e.killed)}).`;
    case 'capture':
      return `    ${figureLabel(sc, str(e.figure))} is captured by ${figureLabel(sc, str(e.by))}.`;
    case 'flee':
      return e.why === 'morale'
        ? `    ${figureLabel(sc, str(e.figure))} loses heart and runs.`
        : `    ${figureLabel(sc, str(e.figure))} disengages and runs for the rest of the game.`;
    case 'run':
      return e.gone
        ? `    ${figureLabel(sc, str(e.figure))} ${sc.figures[sc.figureIndex.get(str(e.figure)) ?? 0].side === sc.raiders ? `is back at ${sc.home.name}` : 'has left the table'}.`
        : null;
    case 'morale':
      return e.result === 'pass'
        ? `  Morale: ${sideName(sc, e.side)} (${str(e.killed)} dead) roll ${str(e.roll)} vs ${str(e.against)} and hold.`
        : `  Morale: ${sideName(sc, e.side)} (${str(e.killed)} dead) roll ${str(e.roll)} vs ${str(e.against)}: ${e.runners.length} run (${e.runners.join(', ')}).`;
    case 'pillage':
      return e.booty
        ? `    ${figureLabel(sc, str(e.figure))} pillages ${sc.objective.name} and shoulders a load of booty (${str(e.pillaged)} taken).`
        : `    ${figureLabel(sc, str(e.figure))} pillages ${sc.objective.name}.`;
    case 'land':
      return `    ${figureLabel(sc, str(e.figure))} lands booty at ${sc.home.name}: ${str(e.landed)} of ${sc.bootyToWin}.`;
    case 'reload':
      return `    ${figureLabel(sc, str(e.figure))} reloads.`;
    case 'turnEnd':
      return e.reloaded.length ? `  End of turn ${str(e.turn)}: reloaded ${e.reloaded.map((id) => figureLabel(sc, id)).join(', ')}.` : null;
    case 'gameOver':
      return `Game over on turn ${str(e.turn)}: ${e.winner === null ? 'a draw' : `${sideName(sc, e.winner)} win`} — ${str(e.reason)}.`;
    default:
      return null;
  }
}

function weaponsSummary(s: PiratesState, figs: number[]): string {
  const counts = new Map<string, number>();
  for (const f of figs) {
    const w = s.sc.figures[f].weapon.name;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].map(([w, n]) => `${n} ${w}${n > 1 ? (w.endsWith('s') ? 'es' : 's') : ''}`).join(', ');
}

/** The odds of the deciding figure's attack on `id`, as `, 56% to hit (…)`; '' when it cannot be worked out (no such figure, no way). */
function odds(s: PiratesState, k: AttackAction, id: string, capture: boolean): string {
  const t = s.sc.figureIndex.get(id);
  if (t === undefined || s.qPos >= s.qLen) return '';
  const o = attackOddsNow(s, s.queue[s.qPos], t, k, capture);
  return o === null || o.die === 0 ? '' : `, ${oddsWords(o, capture)}`;
}

/** An action in plain words, e.g. `Band 3 (4 cutlasses): move toward Warehouse 1`. */
export function describeAction(s: PiratesState, a: PiratesAction): string {
  const sc = s.sc;
  switch (a.k) {
    case 'band': {
      const m = bandMembers(s, a.b);
      return `Band ${a.b} (${weaponsSummary(s, m)}) acts`;
    }
    case 'new': {
      const g = sc.groups.findIndex((x) => x.id === a.g);
      const m = a.figures ? a.figures.map((id) => sc.figureIndex.get(id) ?? -1).filter((f) => f >= 0) : newBandCandidates(s, g, a.n);
      return `Form a new band of ${a.n} from ${a.g}${a.figures ? `: ${a.figures.join(', ')}` : ''} (${weaponsSummary(s, m)})`;
    }
    case 'pass':
      return s.phase === PH_BAND ? 'Pass: activate no band with this card' : 'Pass';
    case 'group': {
      const m = bandMembers(s, s.actBand);
      const al = Math.min(...m.map((f) => allowanceOf(s, f, false).full));
      return `Band ${s.actBand} (${weaponsSummary(s, m)}): move together ${heading(sc, a.to)}, up to ${al} in`;
    }
    case 'solo':
      return `Band ${s.actBand}: no group move — each figure acts on its own`;
    case 'follow':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: go with the band ${heading(sc, s.groupTo)}`;
    case 'hold':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: stay put`;
    case 'move': {
      const f = s.queue[s.qPos];
      const plan = soloMovePlan(s, f, a.to);
      return `${figureLabel(sc, sc.figures[f].id)}: move ${heading(sc, a.to)}${plan ? `, ${plan.length.toFixed(1)} in` : ''}`;
    }
    case 'moveTo': {
      const f = s.queue[s.qPos];
      return `${figureLabel(sc, sc.figures[f].id)}: move to (${a.x}, ${a.y}), ${dist(s.x[f], s.y[f], a.x, a.y).toFixed(1)} in as the crow flies`;
    }
    case 'fight':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: ${a.capture ? 'try to capture' : 'fight'} ${figureLabel(sc, a.t)}${odds(s, 'fight', a.t, a.capture)}`;
    case 'charge': {
      const f = s.queue[s.qPos];
      const t = sc.figureIndex.get(a.t) ?? -1;
      const plan = t >= 0 ? chargePlan(s, f, t) : null;
      return `${figureLabel(sc, sc.figures[f].id)}: ${a.capture ? 'rush in to capture' : 'charge'} ${figureLabel(sc, a.t)}${plan ? ` (${plan.length.toFixed(1)} in)` : ''}${odds(s, 'charge', a.t, a.capture)}`;
    }
    case 'fire':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: fire at ${figureLabel(sc, a.t)}${odds(s, 'fire', a.t, false)}`;
    case 'moveFire':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: move up to half and fire at ${figureLabel(sc, a.t)} (one die down)${odds(s, 'moveFire', a.t, false)}`;
    case 'pillage':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: pillage ${sc.objective.name}`;
    case 'reload':
      return `${figureLabel(sc, sc.figures[s.queue[s.qPos]].id)}: reload`;
  }
}
