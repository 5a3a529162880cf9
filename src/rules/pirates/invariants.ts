/**
 * Rule invariants of Pirates!, checked from the events of a game (independently of the engine's own
 * bookkeeping) and from the state after each decision. Used by the property tests, the fuzz bench
 * and `stress`; any violation is a defect.
 */
import type { GameEvent, InvariantMonitor, Json } from '../../core/model.js';
import { dist } from '../../core/geometry.js';
import type { PiratesScenario } from './compile.js';
import { ACTIVE, FLEEING, type PiratesState } from './state.js';

const TOL = 0.02; // event lengths are rounded to hundredths

function num(v: Json | undefined): number {
  return typeof v === 'number' ? v : NaN;
}
function pt(v: Json | undefined): { x: number; y: number } {
  const a = v as number[];
  return { x: a[0], y: a[1] };
}

/** A monitor for one game on `sc`. */
export function piratesInvariants(sc: PiratesScenario): InvariantMonitor<PiratesState> {
  const violations: string[] = [];
  const status = new Map<string, string>(sc.figures.map((f) => [f.id, 'active']));
  const bands = new Map<number, Set<string>>();
  let turnCards: string[] = [];
  const deck = sc.deck.map((c) => c.label).sort();
  const attackedThisTurn = new Set<string>();
  let turn = 1;
  const moved = new Set<string>();
  const bad = (msg: string): void => {
    if (violations.length < 50) violations.push(`turn ${turn}: ${msg}`);
  };
  const mustBeActive = (id: string, what: string): void => {
    const st = status.get(id);
    if (st !== 'active') bad(`${id} (${st ?? 'unknown'}) ${what}`);
  };
  return {
    violations,
    event(e: GameEvent) {
      switch (e.e) {
        case 'turn':
          turn = num(e.turn);
          turnCards = [];
          attackedThisTurn.clear();
          break;
        case 'card':
          turnCards.push(String(e.card));
          break;
        case 'turnEnd': {
          const got = [...turnCards].sort();
          if (got.join(',') !== deck.join(',')) bad(`cards turned this turn ${got.join(',')} differ from the deck ${deck.join(',')}`);
          break;
        }
        case 'activate': {
          const figs = e.figures as string[];
          if (figs.length > num(e.value)) bad(`band ${String(e.band)} of ${figs.length} activated by a ${String(e.card)}`);
          for (const id of figs) mustBeActive(id, 'activated');
          const b = num(e.band);
          if (e.formed) {
            if (bands.has(b)) bad(`band ${b} formed twice`);
            for (const [ob, m] of bands) for (const id of figs) if (m.has(id)) bad(`${id} joins band ${b} while in band ${ob}`);
            bands.set(b, new Set(figs));
          } else {
            const m = bands.get(b);
            if (!m) bad(`band ${b} acts before it was formed`);
            else for (const id of figs) if (!m.has(id)) bad(`${id} acts with band ${b} but is not in it (§3.C)`);
          }
          break;
        }
        case 'move': {
          mustBeActive(String(e.figure), 'moved');
          const path = num(e.path);
          const limit = num(e.limit);
          const allowance = num(e.allowance);
          if (!(path <= limit + TOL)) bad(`${String(e.figure)} moved ${path} in with a limit of ${limit}`);
          if (!(limit <= allowance + TOL)) bad(`${String(e.figure)} limit ${limit} over its allowance ${allowance}`);
          const from = pt(e.from);
          const to = pt(e.to);
          moved.add(String(e.figure));
          const travelled = e.kind === 'group' ? num(e.route) : path;
          const geo = sc.nav.clear(from.x, from.y, to.x, to.y) ? dist(from.x, from.y, to.x, to.y) : sc.nav.distance(from, to);
          if (Number.isFinite(geo) && travelled < geo - 0.05) bad(`${String(e.figure)} went ${travelled} in where the shortest way around buildings is ${geo.toFixed(2)} (through a building?)`);
          break;
        }
        case 'run': {
          const path = num(e.path);
          if (!(path <= num(e.allowance) + TOL)) bad(`${String(e.figure)} ran ${path} in on an allowance of ${String(e.allowance)}`);
          if (status.get(String(e.figure)) !== 'fleeing') bad(`${String(e.figure)} runs but is ${status.get(String(e.figure))}`);
          moved.add(String(e.figure));
          if (e.gone) status.set(String(e.figure), 'gone');
          break;
        }
        case 'attack': {
          const a = String(e.attacker);
          mustBeActive(a, 'attacked');
          mustBeActive(String(e.defender), 'was attacked');
          if (attackedThisTurn.has(a)) bad(`${a} attacked twice in one turn (§5.B(3))`);
          attackedThisTurn.add(a);
          const die = num(e.attackerDie);
          if (![4, 6, 8, 10, 12].includes(die)) bad(`attacker die d${die}`);
          if (num(e.margin) !== num(e.attackerRoll) - num(e.defenderRoll)) bad('attack margin is not the difference of the rolls');
          if (num(e.attackerRoll) < 1 || num(e.attackerRoll) > die || num(e.defenderRoll) < 1 || num(e.defenderRoll) > 6) bad('a roll off its die');
          break;
        }
        case 'kill':
          status.set(String(e.figure), 'dead');
          break;
        case 'capture':
          status.set(String(e.figure), 'captured');
          break;
        case 'flee':
          mustBeActive(String(e.figure), 'started to flee');
          status.set(String(e.figure), 'fleeing');
          break;
        case 'pillage':
          mustBeActive(String(e.figure), 'pillaged');
          break;
        case 'reload':
          mustBeActive(String(e.figure), 'reloaded');
          break;
        default:
          break;
      }
    },
    afterStep(s: PiratesState) {
      // Status agrees with the events for every figure; where it stands is checked for those that moved.
      const lim = 2 * sc.radius - 1e-6;
      for (const f of sc.figures) {
        const st = s.status[f.index];
        const expect = st === ACTIVE ? 'active' : st === FLEEING ? 'fleeing' : null;
        if (expect !== null && status.get(f.id) !== expect) bad(`${f.id} is ${expect} in the state but ${status.get(f.id)} from the events`);
      }
      for (const id of moved) {
        const i = sc.figureIndex.get(id) as number;
        if (s.status[i] !== ACTIVE && s.status[i] !== FLEEING) continue;
        if (!sc.nav.isFree(s.x[i], s.y[i])) bad(`${id} stands inside a building, water or off the table`);
        for (let g = 0; g < sc.figures.length; g++) {
          if (g === i || (s.status[g] !== ACTIVE && s.status[g] !== FLEEING)) continue;
          if (dist(s.x[i], s.y[i], s.x[g], s.y[g]) < lim) bad(`${id} and ${sc.figures[g].id} overlap`);
        }
      }
      moved.clear();
    },
  };
}
