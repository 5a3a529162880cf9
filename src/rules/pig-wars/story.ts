/**
 * Pig Wars events and orders in plain words (stories, `run --story`, `play`).
 */
import type { PigScenario } from './compile.js';
import type { PigAction } from './action.js';
import type { PigEvent } from './events.js';
import { freeFigures } from './queries.js';
import { shotOnHold } from './shooting.js';
import { chargeOdds, chargeWords, holdShotOdds, moveShotOdds, moveShotWords, shotWords } from './odds.js';
import type { PigState } from './state.js';

function name(sc: PigScenario, id: string): string {
  const i = sc.figureIndex.get(id);
  if (i === undefined) return id;
  const f = sc.figures[i];
  return f.name === f.id ? f.id : `${f.name} (${f.id})`;
}
function unitName(sc: PigScenario, id: string): string {
  const u = sc.units.find((x) => x.id === id);
  return u ? u.name : String(id);
}
function mods(m: readonly { name: string; value: number }[] | undefined): string {
  if (!m || m.length === 0) return '';
  return m.map((o) => `${o.value >= 0 ? '+' : ''}${o.value} ${o.name}`).join(', ');
}

/** A dark-ages move order's shot after the move, in words (`; then first shot: …`), or '' when none ([R13]; odds.ts). */
function afterMove(s: PigState, a: PigAction): string {
  const u = s.sc.units[s.actUnit];
  const o = u ? moveShotOdds(s, u.index, a) : null;
  return o !== null && o.shot > 0 ? `; ${moveShotWords(s, o)}` : '';
}

/** The order in words ("Hirdmen: charge the Levy"). */
export function describeAction(s: PigState, a: PigAction): string {
  const sc = s.sc;
  const u = sc.units[s.actUnit];
  const who = u ? `${u.name} (${freeFigures(s, u.index).length} free)` : 'unit';
  switch (a.k) {
    case 'hold': {
      // Shooting is named only when a figure of the unit would shoot (and, pirates, reloading only
      // when one would reload): a hold with nothing in range is no attack.
      let shoot = 0;
      let reload = 0;
      for (const f of u ? freeFigures(s, u.index) : []) {
        if (shotOnHold(s, f) >= 0) shoot++;
        const info = sc.figures[f];
        if (!s.loaded[f] && ((info.missile && info.missile.reload) || info.weapons.some((w) => w.pistol))) reload++;
      }
      // the odds of the first shot the order makes ([R13]–[R16]; odds.ts)
      const first = shoot && u ? holdShotOdds(s, u.index) : null;
      const odds = first ? `; ${shotWords(s, first)}` : '';
      if (!sc.version.oneAction) return `${who}: hold${shoot ? ` and shoot (${shoot} with a target${odds})` : ''}`;
      const what = [shoot ? `${shoot} shoot` : '', reload ? `${reload} reload` : ''].filter((x) => x).join(', ');
      return `${who}: hold${what ? ` (${what}${odds})` : ''}`;
    }
    case 'wall':
      return `${who}: form shield wall`;
    case 'unwall':
      return `${who}: leave shield wall`;
    case 'obj':
      return `${who}: move toward the loot${u && u.side === sc.raiders ? ' (drovers head home)' : ' (guard it, chase drovers)'}${afterMove(s, a)}`;
    case 'home':
      return `${who}: move toward ${sc.home.name}${afterMove(s, a)}`;
    case 'foe':
      return `${who}: advance on ${unitName(sc, a.u)}${afterMove(s, a)}`;
    case 'charge': {
      // the odds of the lead pairing's first round ([R7], [R17]–[R20]; odds.ts)
      const v = sc.units.findIndex((x) => x.id === a.u);
      const o = u && v >= 0 ? chargeOdds(s, u.index, v) : null;
      return `${who}: charge ${unitName(sc, a.u)}${o ? ` (${chargeWords(s, o)})` : ''}`;
    }
    case 'moveTo':
      return `${who}: move to (${a.x}, ${a.y})${afterMove(s, a)}`;
  }
}

/** One line of story for an event, or null. */
export function describeEvent(sc: PigScenario, e: PigEvent): string | null {
  switch (e.e) {
    case 'setup':
      return `${sc.name}: ${sc.figures.length} figures in ${sc.units.length} units.`;
    case 'turn':
      return `— Turn ${e.turn} —`;
    case 'card':
      return `Card drawn: ${sc.sides.find((x) => x.id === e.side)?.name ?? String(e.side)}.`;
    case 'order':
      return `${unitName(sc, e.unit)}: ${String(e.order)}.`;
    case 'die':
      return `${unitName(sc, e.unit)} rolls ${String(e.die)} for ${String(e.what)}: ${String(e.roll)}.`;
    case 'formation':
      if (e.close === false) return `${unitName(sc, e.unit)} loses its close order (${String(e.why)}).`;
      return `${unitName(sc, e.unit)} ${e.wall ? 'forms' : 'leaves'} shield wall${e.why ? ` (${String(e.why)})` : ''}.`;
    case 'move':
      return `${name(sc, e.f)} moves ${String(e.length)} in of ${String(e.allowance)} (${String(e.why)}).`;
    case 'reload':
      return `${name(sc, e.f)} reloads.`;
    case 'shoot': {
      const head = `${name(sc, e.f)} shoots ${String(e.weapon)} at ${name(sc, e.target)} (${String(e.dist)} in, ${String(e.range)}): ${String(e.roll)}${e.mods ? ` ${mods(e.mods)} = ${String(e.total)}` : ''}`;
      if (!e.hit) return `${head}, misses.`;
      if (e.block !== undefined)
        return `${head}, hits; block (${String(e.protection)}, 1-${String(e.blockOn)}) ${String(e.block)}: ${e.blocked ? 'blocked' : 'not blocked'}.`;
      return `${head}, hits; save (${String(e.protection)}, ${String(e.saveOn)}-12) ${String(e.save)}: ${e.saved ? 'saved' : 'not saved'}.`;
    }
    case 'melee':
      return `Mêlée ${name(sc, e.a)} ${String(e.rollA)} ${mods(e.modsA)} → ${String(e.adjA)} vs ${name(sc, e.b)} ${String(e.rollB)} ${mods(e.modsB)} → ${String(e.adjB)}: ${String(e.result)}.`;
    case 'leader':
      return `${name(sc, e.f)}, a leader, is hit: ${String(e.roll)} (dies on ${String(e.diesOn)}) — ${e.dies ? 'dies' : `takes a hit (${String(e.hits)} of 3)${e.eliminated ? ', eliminated' : ''}`}.`;
    case 'kill':
      return `${name(sc, e.f)} falls (${String(e.how)}).`;
    case 'morale':
      return `${unitName(sc, e.unit)} checks morale (${e.triggers.join(', ')}): ${String(e.roll)} ${mods(e.mods)} = ${String(e.total)}; fall back ${e.fallBack.length}, rout ${e.rout.length}.`;
    case 'rally':
      return `${unitName(sc, e.unit)} rallies on ${String(e.roll)}: ${e.rallied.length} rally, ${e.failed.length} run on.`;
    case 'command':
      return `${name(sc, e.f)} is out of command and routs.`;
    case 'gone':
      return `${name(sc, e.f)} leaves the fight (${String(e.where)}).`;
    case 'stuck':
      return `${name(sc, e.f)} ${String(e.why)} but cannot move: ${String(e.reason)}.`;
    case 'loot':
      return e.pig !== undefined ? `${name(sc, e.f)} drives off pig ${Number(e.pig) + 1}.` : `${name(sc, e.f)} takes a load of loot.`;
    case 'drop':
      return `${name(sc, e.f)} drops the loot.`;
    case 'landed':
      return `${name(sc, e.f)} brings home ${String(e.n)} (total ${String(e.landed)}).`;
    case 'turnEnd':
      return null;
    case 'end':
      return `Game over: ${e.winner === null ? 'a draw' : `${sc.sides.find((x) => x.id === e.winner)?.name ?? String(e.winner)} win`} — ${String(e.reason)}.`;
    default:
      return null;
  }
}
