/**
 * Plain-words text for Escarmouche events (the story `run` and `replay` print) and actions (the
 * menus of `play`).
 */
import type { EscScenario } from './compile.js';
import type { EscEvent } from './events.js';
import { count } from '../../core/words.js';
import type { EscAction } from './actions.js';
import { fightSetup } from './fighting.js';
import { moveOption } from './moving.js';
import { marshalFollowers } from './marshal.js';
import { shotDice, volleyHelpers } from './shooting.js';
import { placeWords } from './scene.js';
import { PH_INT, type EscState } from './state.js';
import { duelOdds } from './tables.js';

function list(v: readonly (string | number)[]): string {
  return v.join(',');
}

/** A figure id in words, e.g. `Captain Hale (R1, captain)` or `R3 (pikeman)`. */
export function figureLabel(sc: EscScenario, id: string): string {
  const i = sc.figureIndex.get(id);
  if (i === undefined) return id;
  const f = sc.figures[i];
  return f.name === f.id ? `${f.id} (${f.type})` : `${f.name} (${f.id}, ${f.type})`;
}

/** A move destination key in words: `foe:P3` → toward Pikeman (P3), `obj:mill-bridge` → toward Mill Bridge, `dir:ne` → north-east. */
export function destinationLabel(sc: EscScenario, key: string): string {
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const arg = colon < 0 ? '' : key.slice(colon + 1);
  const area = (id: string): string => sc.table.areas.find((a) => a.id === id)?.label ?? id;
  switch (kind) {
    case 'foe':
      return `toward ${figureLabel(sc, arg)}`;
    case 'friend':
      return `to ${figureLabel(sc, arg)}'s side`;
    case 'obj':
      return `toward ${area(arg)}`;
    case 'cover':
      return `to the cover of ${area(arg)}`;
    case 'dir':
      return `${DIRECTION_WORDS[arg] ?? arg}`;
    case 'away':
      return 'away from the nearest enemy';
    case 'at':
      return `toward (${arg})`;
    default:
      return key;
  }
}

const DIRECTION_WORDS: Record<string, string> = {
  n: 'north',
  ne: 'north-east',
  e: 'east',
  se: 'south-east',
  s: 'south',
  sw: 'south-west',
  w: 'west',
  nw: 'north-west',
};

const STOP_WORDS: Record<string, string> = {
  target: '',
  ground: ', stopping where the terrain changes',
  keepOff: ', stopping at an enemy zone of control',
  figure: ', stopping against another base',
  blocked: ', stopping at impassable ground or the table edge',
};

/** Where a point is, in words: the named area at it, or open ground. */
function whereWords(sc: EscScenario, p: readonly [number, number]): string {
  const [x, y] = p;
  const a = sc.table.topAreaAt(x, y);
  return `(${x.toFixed(1)}, ${y.toFixed(1)})${a ? ` in ${a.label}` : ''}`;
}

function sideName(sc: EscScenario, id: string): string {
  return sc.sides.find((s) => s.id === id)?.name ?? id;
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function initWords(init: string): string {
  switch (init) {
    case 'keep':
      return 'keeps the initiative';
    case 'figure':
      return 'a 1: its turn ends';
    case 'side':
      return 'the side loses the initiative';
    default:
      return '';
  }
}

function dice(e: { active: readonly number[]; passive?: readonly number[] }): string {
  const a = e.active;
  const p = e.passive ?? [];
  return `${a.length ? a.join(',') : '—'}${p.length ? ` + passive ${p.join(',')}` : ''}`;
}

const EFFECT_WORDS: Record<string, string> = {
  none: 'no effect',
  shaken: 'Shaken',
  cowered: 'Cowered (prone)',
  hit: 'Hit & Shaken',
  hits: 'Multiple hits & Shaken',
  pushed: 'Pushed back',
  disarmed: 'Disarmed',
};

const DEV_WORDS: Record<string, string> = {
  ready: 'makes ready',
  cover: 'takes cover',
  stand: 'stands up',
  rally: 'steadies (removes a Shaken marker)',
  rearm: 'picks up a weapon',
};

/** One line of story for an event, or null for events that would only repeat another line. */
export function describeEvent(sc: EscScenario, e: EscEvent): string | null {
  const who = (id: string): string => figureLabel(sc, id);
  switch (e.e) {
    case 'rollOff':
      return `Roll-off ${e.rolls.map((r) => r.join(' v ')).join(', ')}: ${sideName(sc, e.first)} take the first turn of every game turn.`;
    case 'turn':
      return `── Turn ${e.turn}: ${sideName(sc, e.side)} ──`;
    case 'pick':
      return `  ${who(e.figure)} acts.`;
    case 'pass':
      return `  ${sideName(sc, e.side)} pass the rest of their turn.`;
    case 'move':
      return (
        `    ${who(e.figure)} moves ${destinationLabel(sc, e.toward)} through ${e.terrain} ground to ${whereWords(sc, e.to)}` +
        `${STOP_WORDS[e.stop] ?? ''}${e.zoc ? ' (at an enemy zone of control)' : ''}: ${dice(e)} — ${initWords(e.init)}.`
      );
    case 'marshal':
      return (
        `    ${who(e.figure)} marshals ${e.followers.map((id) => figureLabel(sc, id)).join(', ')} ${destinationLabel(sc, e.toward)}: ` +
        `${dice(e)} — ${e.moved ? 'they move' : 'three 1s: nobody moves'}; ${initWords(e.init)}.`
      );
    case 'shift': {
      const moved = JSON.stringify(e.from) !== JSON.stringify(e.to);
      const blocker = e.blocker ?? '';
      const by =
        e.blockedBy === 'figure'
          ? figureLabel(sc, blocker)
          : e.blockedBy === 'impassable' && e.blocker
            ? (sc.table.areas.find((a) => a.id === blocker)?.label ?? blocker)
            : (e.blockedBy ?? '');
      if (e.blocked && !moved)
        return `    ${who(e.figure)} cannot ${e.why === 'pushed' ? 'be pushed back' : 'step back'}: ${by} is in the way.`;
      const stop = e.blocked ? ` (as far as it can go: ${by} is in the way)` : '';
      return e.why === 'pushed'
        ? `    ${who(e.figure)} is pushed back to ${whereWords(sc, e.to)}${stop}.`
        : `    ${who(e.figure)} steps back to ${whereWords(sc, e.to)}${stop}: the combatants are separated by their zone of control.`;
    }
    case 'develop':
      return e.interrupt
        ? `    ${who(e.figure)} ${DEV_WORDS[e.what] ?? e.what}.`
        : `    ${who(e.figure)} ${DEV_WORDS[e.what] ?? e.what}: rolls ${dice(e)} — ${initWords(e.init)}.`;
    case 'reserve':
      return `    ${who(e.figure)} reserves an action: rolls ${dice(e)}${e.init === 'side' ? ' — the side loses the initiative' : ''}; one active die kept to interrupt.`;
    case 'interrupt':
      return `  Reserved action: ${who(e.figure)} interrupts (${e.what}${e.target ? ` ${figureLabel(sc, e.target)}` : ''}).`;
    case 'wait':
      return null;
    case 'shoot': {
      const how = e.weapon === 'volley' ? `directs a volley (with ${list(e.volley)})` : `shoots (${e.weapon})`;
      const factors = e.factors.length ? ` [${e.factors.join(', ')}]` : '';
      return (
        `    ${who(e.figure)} ${how} at ${who(e.target)}${factors}: ${dice(e)} → ${e.score} v ${list(e.defence)} → ${e.defScore}` +
        ` — ${e.won ? `wins by ${e.diff}: ${EFFECT_WORDS[e.effect] ?? e.effect}` : 'no effect'}` +
        `${e.init === 'none' ? '' : `; ${initWords(e.init)}`}.`
      );
    }
    case 'fight': {
      const sides = `${list(e.attackers)} v ${list(e.defenders)}`;
      const factors = e.factors.length ? ` [${e.factors.join(', ')}]` : '';
      const res =
        e.winner === null
          ? 'a stand-off'
          : `${figureLabel(sc, e.winner)} wins by ${e.diff}${e.ignored ? ` — ignored: ${figureLabel(sc, e.firstStrike ?? '')} has first strike` : `: ${EFFECT_WORDS[e.effect] ?? e.effect}`}`;
      return (
        `    ${who(e.figure)} fights ${who(e.target)}${e.mode === 'close' ? ' inside the pikes' : e.mode === 'massed' ? ' with massed pikes' : ''} (${sides})${factors}: ` +
        `${dice(e)} → ${e.score} v ${list(e.defence)} → ${e.defScore} — ${res}${e.init === 'none' ? '' : `; ${initWords(e.init)}`}.`
      );
    }
    case 'out':
      return `    ${who(e.figure)} is out of action (${sideName(sc, e.side)}: ${e.out} out).`;
    case 'figureEnd':
      return e.why === 'ended'
        ? `    ${who(e.figure)} ends its turn.`
        : e.why === 'cap'
          ? `    ${who(e.figure)} has done all it can this turn.`
          : null;
    case 'sideEnd':
      return `  ${possessive(sideName(sc, e.side))} turn ends: ${e.why}.`;
    case 'gameOver':
      return `Game over on turn ${e.turn}: ${e.winner === null ? 'a draw' : `${sideName(sc, e.winner)} win`} — ${e.reason}.`;
    default:
      return null;
  }
}

function pct(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** An action in plain words, with the dice it will roll and its odds where there are any. */
export function describeAction(s: EscState, a: EscAction): string {
  const sc = s.sc;
  const fig = (i: number): string => figureLabel(sc, sc.figures[i].id);
  const actor = s.actor;
  switch (a.k) {
    case 'pick': {
      const i = sc.figureIndex.get(a.f) ?? 0;
      const marks = [
        s.shaken[i] ? `${s.shaken[i]} Shaken` : '',
        s.cowered[i] ? 'Cowered' : '',
        s.disarmed[i] ? 'Disarmed' : '',
        s.cover[i] ? 'in cover' : '',
      ]
        .filter((x) => x)
        .join(', ');
      return `Act with ${fig(i)} at ${placeWords(s, i)}, ${s.wounds[i]} wound(s)${marks ? `, ${marks}` : ''}`;
    }
    case 'pass':
      return `Pass: end ${possessive(sc.sides[s.side].name)} turn`;
    case 'move':
    case 'marshal': {
      const opt = moveOption(s, actor, a.to);
      if (!opt) return `Move ${destinationLabel(sc, a.to)}`;
      const base = Math.max(opt.dice, sc.figures[actor].moveFloor);
      const where = `${whereWords(sc, [opt.to.x, opt.to.y])}, ${opt.length.toFixed(1)} ${sc.table.unit}${STOP_WORDS[opt.stop] ?? ''}`;
      if (a.k === 'move')
        return `Move ${destinationLabel(sc, a.to)} through ${opt.terrain} ground to ${where} (${base} passive dice with ${s.pool} active)`;
      const fl = marshalFollowers(s, actor).slice(0, a.n);
      return `Marshal ${fl.map(fig).join(', ')} and move together ${destinationLabel(sc, a.to)} to ${where} (${base + fl.length} passive dice with ${s.pool} active)`;
    }
    case 'dev': {
      const gain = `pool ${s.pool} → ${s.pool + 1}, roll ${count(s.pool + 1, 'die')}`;
      switch (a.d) {
        case 'ready':
          return `${sc.figures[actor].missile ? 'Load and aim' : 'Make ready'} (${gain})`;
        case 'cover':
          return `Take cover (${gain})`;
        case 'stand':
          return `Stand up (${gain})`;
        case 'rally':
          return `Remove a Shaken marker (${gain})`;
        case 'rearm':
          return `Pick up a weapon (${gain})`;
      }
      return a.d;
    }
    case 'reserve':
      return `Reserve an action: roll ${count(s.pool + 1, 'die')}, end the turn, keep one active die to interrupt the enemy`;
    case 'shoot':
    case 'volley': {
      const t = sc.figureIndex.get(a.t) ?? 0;
      const helpers = a.k === 'volley' ? volleyHelpers(s, actor, t) : [];
      const d = shotDice(s, actor, t, helpers, s.pool);
      const odds = duelOdds(d.active, sc.figures[t].rating, sc.figures[actor].rating, sc.figures[t].rating);
      const pWin = odds.win.reduce((x, y) => x + y, 0);
      const how =
        a.k === 'volley'
          ? `Direct a volley with ${helpers.map(fig).join(', ')} at`
          : `Shoot (${sc.figures[actor].missile?.name ?? '?'}) at`;
      return `${how} ${fig(t)}: ${d.active} active + ${d.passive} passive v ${count(sc.figures[t].rating, 'die')}, ${pct(pWin)} to hit home`;
    }
    case 'fight': {
      const t = sc.figureIndex.get(a.t) ?? 0;
      const f = fightSetup(s, actor, t, a.m, s.pool);
      const odds = duelOdds(f.active, f.defence, sc.figures[actor].rating, sc.figures[t].rating);
      const pWin = odds.win.reduce((x, y) => x + y, 0);
      const how =
        a.m === 'alone' ? 'alone' : a.m === 'all' ? 'with every friend here' : a.m === 'massed' ? 'with massed pikes' : 'inside the pikes';
      return `Fight ${fig(t)} ${how} (${f.attackers.length} v ${f.defenders.length}): ${f.active} active + ${f.passive} passive v ${count(f.defence, 'die')}, ${pct(pWin)} to win`;
    }
    case 'end':
      return `End ${actor >= 0 ? fig(actor) : 'the figure'}'s turn`;
    case 'int':
      return `${figureLabel(sc, a.f)} interrupts: ${a.a === 'cover' ? 'take cover' : `${a.a} ${figureLabel(sc, a.t)}`}`;
    case 'wait':
      return s.phase === PH_INT ? 'Let them be: keep the reserved actions for later' : 'Wait';
  }
}
