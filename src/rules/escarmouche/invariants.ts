/**
 * Rule invariants of Escarmouche, checked from the events of a game (with their own bookkeeping,
 * independent of the engine's) and from the state after each decision. Used by the property
 * tests, the fuzz bench and `stress`; any violation is a defect.
 *
 * Checked: dice are d6 and scores follow DICE; the active pool grows by one per action other than
 * moving and is lost at the end of the figure's turn; 1s end the figure's or the side's turn as
 * PLAY says (and marshal's three 1s stop everybody); only the side with the initiative acts, each
 * figure once a turn; moves go along straight lines of one terrain, stop at the first enemy zone
 * of control, and roll the terrain's passive dice; shooters see their targets and fighters share
 * their zone; the effects applied are the table rows of the winning difference (or none, when a
 * first strike ignores the win); markers, wounds and zones in the state agree with the events;
 * out-of-action figures never act; interrupts come only from reserved figures of the other side.
 */
import type { GameEvent, InvariantMonitor, Json } from '../../core/model.js';
import type { EscScenario } from './compile.js';
import type { EscState } from './state.js';
import { fightingEffect, score, shootingEffect, terrainDice } from './tables.js';

function num(v: Json | undefined): number {
  return typeof v === 'number' ? v : NaN;
}
function nums(v: Json | undefined): number[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : NaN)) : [];
}
function strs(v: Json | undefined): string[] {
  return Array.isArray(v) ? v.map((x) => String(x)) : [];
}

/** A monitor for one game on `sc`. */
export function escarmoucheInvariants(sc: EscScenario): InvariantMonitor<EscState> {
  const violations: string[] = [];
  const n = sc.figures.length;
  const map = sc.map;
  const zone = Int16Array.from(sc.figures.map((f) => f.start));
  const wounds = Int16Array.from(sc.figures.map((f) => f.wounds));
  const shaken = new Int16Array(n);
  const cowered = new Uint8Array(n);
  const disarmed = new Uint8Array(n);
  const cover = new Uint8Array(n);
  const reserved = new Uint8Array(n);
  const used = new Uint8Array(n); // picked or had its turn spent, this side-turn
  let side = -1;
  let turn = 0;
  let actor = -1;
  let pool = 0;
  let sideOnes = 0;
  let sideLost = false;
  let over = false;
  const bad = (msg: string): void => {
    if (violations.length < 50) violations.push(`turn ${turn}: ${msg}`);
  };
  const idx = (v: Json | undefined): number => {
    const i = sc.figureIndex.get(String(v));
    if (i === undefined) {
      bad(`unknown figure ${String(v)}`);
      return -1;
    }
    return i;
  };
  const zidx = (v: Json | undefined): number => map.index.get(String(v)) ?? -1;
  const d6ok = (d: number[]): boolean => d.every((x) => Number.isInteger(x) && x >= 1 && x <= 6);
  const ones = (...r: number[][]): number => r.reduce((k, a) => k + a.filter((x) => x === 1).length, 0);
  const enemyAt = (z: number, s: number): boolean => sc.figures.some((f) => f.side !== s && wounds[f.index] > 0 && zone[f.index] === z);

  /** The initiative result the rules give for an actor's roll with `k` ones (and book it). */
  const expectInit = (k: number, marshal = false): string => {
    if (k === 0) return 'keep';
    if (k >= 2 || (marshal && k >= 3)) return 'side';
    sideOnes++;
    return sideOnes >= 2 ? 'side' : 'figure';
  };
  const checkActor = (e: GameEvent, f: number, what: string): void => {
    if (over) bad(`${what} after the game ended`);
    if (f !== actor) bad(`${sc.figures[f]?.id ?? f} ${what} but ${actor >= 0 ? sc.figures[actor].id : 'nobody'} is acting`);
    if (sideLost) bad(`${sc.figures[f]?.id} ${what} after its side lost the initiative`);
    if (f >= 0 && wounds[f] <= 0) bad(`${sc.figures[f].id} ${what} while out of action`);
    if (num(e.pool) !== pool) bad(`${sc.figures[f]?.id} ${what} with a pool of ${String(e.pool)} after ${pool} actions that build it`);
  };
  const afterInit = (e: GameEvent, expected: string): void => {
    if (e.init !== expected) bad(`${String(e.figure)} rolled ${String(e.ones)} one(s): initiative "${String(e.init)}", the rules give "${expected}"`);
    if (expected === 'figure' || expected === 'side') actor = -1;
    if (expected === 'side') sideLost = true;
  };
  const applyEffect = (t: number, name: string, hits: number): void => {
    if (t < 0) return;
    if (name === 'shaken' || name === 'hit' || name === 'hits') shaken[t]++;
    if (name === 'cowered') cowered[t] = 1;
    if (name === 'disarmed') disarmed[t] = 1;
    wounds[t] = Math.max(0, wounds[t] - hits);
    if (wounds[t] === 0) {
      cover[t] = 0;
      reserved[t] = 0;
    }
  };
  const checkScores = (e: GameEvent, what: string): void => {
    const act = nums(e.active);
    const pas = nums(e.passive);
    const def = nums(e.defence);
    if (!d6ok(act) || !d6ok(pas) || !d6ok(def)) bad(`${what}: a die off the d6`);
    if (score(act) !== num(e.score) || score(def) !== num(e.defScore)) bad(`${what}: score ${String(e.score)} v ${String(e.defScore)} does not follow the dice (DICE)`);
    if (ones(act, pas) !== num(e.ones)) bad(`${what}: ${String(e.ones)} ones counted on ${act.join(',')} + ${pas.join(',')}`);
  };
  const interrupter = (e: GameEvent, f: number, what: string): void => {
    if (f < 0) return;
    if (sc.figures[f].side === side) bad(`${sc.figures[f].id} ${what} by interrupt in its own side's turn`);
    if (wounds[f] <= 0) bad(`${sc.figures[f].id} ${what} while out of action`);
    if (num(e.pool) !== 0) bad(`${sc.figures[f].id} interrupts with a pool of ${String(e.pool)} (the reserved die is the action's only die)`);
  };

  return {
    violations,
    event(e: GameEvent) {
      switch (e.e) {
        case 'turn': {
          const s = sc.sides.findIndex((x) => x.id === e.side);
          if (s < 0) bad(`turn of unknown side ${String(e.side)}`);
          if (side >= 0 && s === side) bad(`${String(e.side)} takes two turns in a row`);
          side = s;
          turn = num(e.turn);
          actor = -1;
          pool = 0;
          sideOnes = 0;
          sideLost = false;
          used.fill(0);
          for (const f of sc.sides[s]?.figures ?? []) reserved[f] = 0;
          break;
        }
        case 'pick': {
          const f = idx(e.figure);
          if (f < 0) break;
          if (sc.figures[f].side !== side) bad(`${sc.figures[f].id} picked in the other side's turn`);
          if (used[f]) bad(`${sc.figures[f].id} picked twice in one turn (PLAY: no return to an earlier figure)`);
          if (wounds[f] <= 0) bad(`${sc.figures[f].id} picked while out of action`);
          if (actor >= 0) bad(`${sc.figures[f].id} picked while ${sc.figures[actor].id} is still acting`);
          if (sideLost) bad('a figure picked after the side lost the initiative');
          used[f] = 1;
          actor = f;
          pool = 0;
          break;
        }
        case 'move':
        case 'marshal': {
          const f = idx(e.figure);
          if (f < 0) break;
          checkActor(e, f, 'moves');
          if (cowered[f]) bad(`${sc.figures[f].id} moves while Cowered`);
          const from = zidx(e.from);
          const to = zidx(e.to);
          const path = strs(e.path).map((z) => map.index.get(z) ?? -1);
          if (from !== zone[f]) bad(`${sc.figures[f].id} moves from ${String(e.from)} but stands in ${map.zones[zone[f]]?.id}`);
          if (path.length === 0 || path[path.length - 1] !== to || path.includes(-1)) bad(`${sc.figures[f].id}: move path ${strs(e.path).join('>')} does not end at ${String(e.to)}`);
          else {
            if (!map.adjacent(from, path[0])) bad(`${sc.figures[f].id} moves from ${String(e.from)} into ${map.zones[path[0]].id}, not adjacent`);
            else {
              const ray = map.ray(from, path[0]);
              if (path.some((z, i) => ray[i] !== z)) bad(`${sc.figures[f].id}: move path ${strs(e.path).join('>')} is not a straight line (MOVING)`);
            }
            const terrain = map.zones[path[0]].terrain;
            if (path.some((z) => map.zones[z].terrain !== terrain)) bad(`${sc.figures[f].id} moves on past a change of terrain (MOVING)`);
            if (path.slice(0, -1).some((z) => enemyAt(z, sc.figures[f].side))) bad(`${sc.figures[f].id} moves on through an enemy zone of control (MOVING)`);
            if (e.terrain !== terrain) bad(`${sc.figures[f].id}: move terrain ${String(e.terrain)}, path ${terrain}`);
            const want = Math.max(terrainDice(terrain), sc.figures[f].moveFloor, ...(e.e === 'marshal' ? strs(e.followers).map((g) => sc.figures[sc.figureIndex.get(g) ?? f].moveFloor) : []));
            if (num(e.dice) !== want) bad(`${sc.figures[f].id} moves through ${terrain} with ${String(e.dice)} passive dice; the table gives ${want}`);
          }
          const act = nums(e.active);
          const pas = nums(e.passive);
          if (!d6ok(act) || !d6ok(pas)) bad('a move die off the d6');
          if (ones(act, pas) !== num(e.ones)) bad(`${sc.figures[f].id}: ones miscounted on a move`);
          const followers = e.e === 'marshal' ? strs(e.followers).map((g) => idx(g)) : [];
          if (act.length !== pool + num(e.skill)) bad(`${sc.figures[f].id} moves rolling ${act.length} active dice with a pool of ${pool}`);
          if (pas.length + num(e.skill) !== num(e.dice) + followers.length) bad(`${sc.figures[f].id} moves rolling ${pas.length} passive dice (+${String(e.skill)} by skill) for ${String(e.dice)} + ${followers.length}`);
          for (const g of followers) {
            if (g < 0) continue;
            if (zone[g] !== from || sc.figures[g].side !== sc.figures[f].side || used[g] || cowered[g] || wounds[g] <= 0) bad(`${sc.figures[g].id} cannot be marshalled by ${sc.figures[f].id}`);
            used[g] = 1;
          }
          const k = num(e.ones);
          const moved = e.e === 'move' || k < 3;
          if (e.e === 'marshal' && e.moved !== moved) bad(`marshal with ${k} ones: moved=${String(e.moved)}`);
          if (moved && to >= 0) {
            for (const g of [f, ...followers]) {
              if (g < 0) continue;
              zone[g] = to;
              cover[g] = 0;
            }
          }
          afterInit(e, e.e === 'marshal' && k >= 3 ? 'side' : expectInit(k, e.e === 'marshal'));
          break;
        }
        case 'develop': {
          const f = idx(e.figure);
          if (f < 0) break;
          const what = String(e.what);
          if (e.interrupt) {
            interrupter(e, f, 'develops');
            if (what !== 'cover') bad(`${sc.figures[f].id} interrupts with ${what}`);
          } else {
            checkActor(e, f, `develops (${what})`);
            const act = nums(e.active);
            if (!d6ok(act)) bad('a develop die off the d6');
            if (act.length !== pool + 1) bad(`${sc.figures[f].id} develops rolling ${act.length} dice with a pool of ${pool} (+1 for the action)`);
            if (ones(act) !== num(e.ones)) bad('ones miscounted on a develop roll');
            pool++;
          }
          if (what === 'cover') {
            if (!map.zones[zone[f]].cover || sc.figures[f].mounted || cowered[f]) bad(`${sc.figures[f].id} takes cover where it cannot`);
            cover[f] = 1;
          } else if (what === 'stand') {
            if (!cowered[f]) bad(`${sc.figures[f].id} stands up but was not Cowered`);
            cowered[f] = 0;
          } else if (what === 'rally') {
            if (shaken[f] <= 0) bad(`${sc.figures[f].id} removes a Shaken marker it does not have`);
            shaken[f]--;
          } else if (what === 'rearm') {
            if (!disarmed[f]) bad(`${sc.figures[f].id} picks up a weapon but was not Disarmed`);
            disarmed[f] = 0;
          } else if (what !== 'ready') bad(`unknown developing action ${what}`);
          if (!e.interrupt) afterInit(e, expectInit(num(e.ones)));
          break;
        }
        case 'reserve': {
          const f = idx(e.figure);
          if (f < 0) break;
          checkActor(e, f, 'reserves');
          const act = nums(e.active);
          if (!d6ok(act) || act.length !== pool + 1) bad(`${sc.figures[f].id} reserves rolling ${act.length} dice with a pool of ${pool} (+1 for the action)`);
          if (ones(act) !== num(e.ones)) bad('ones miscounted on a reserve roll');
          afterInit(e, expectInit(num(e.ones)));
          reserved[f] = 1;
          actor = -1;
          break;
        }
        case 'interrupt': {
          const f = idx(e.figure);
          if (f < 0) break;
          if (!reserved[f]) bad(`${sc.figures[f].id} interrupts without a reserved action`);
          if (sc.figures[f].side === side) bad(`${sc.figures[f].id} interrupts its own side's turn`);
          reserved[f] = 0;
          break;
        }
        case 'shoot': {
          const f = idx(e.figure);
          const t = idx(e.target);
          if (f < 0 || t < 0) break;
          if (e.interrupt) interrupter(e, f, 'shoots');
          else checkActor(e, f, 'shoots');
          if (cowered[f]) bad(`${sc.figures[f].id} shoots while Cowered`);
          if (sc.figures[t].side === sc.figures[f].side || wounds[t] <= 0) bad(`${sc.figures[f].id} shoots at ${sc.figures[t].id}, not an enemy in play`);
          if (!map.sees(zone[f], zone[t])) bad(`${sc.figures[f].id} shoots at ${sc.figures[t].id} out of sight`);
          const volley = strs(e.volley).map((g) => idx(g));
          if (volley.length === 0 && !sc.figures[f].missile) bad(`${sc.figures[f].id} shoots without a missile weapon`);
          for (const g of volley) {
            if (g < 0) continue;
            if (used[g] || wounds[g] <= 0 || cowered[g] || !sc.figures[g].missile || !map.sees(zone[g], zone[t])) bad(`${sc.figures[g].id} cannot join a volley at ${sc.figures[t].id}`);
            used[g] = 1;
          }
          checkScores(e, `${sc.figures[f].id} shooting`);
          const total = nums(e.active).length + nums(e.passive).length;
          const want = num(e.pool) + 1 + num(e.bonus) + volley.length + num(e.penalty);
          if (total !== want) bad(`${sc.figures[f].id} shoots with ${total} dice; pool+1+bonus+volley+penalty is ${want}`);
          if (nums(e.defence).length !== sc.figures[t].rating) bad(`${sc.figures[t].id} defends with ${nums(e.defence).length} dice, rating ${sc.figures[t].rating}`);
          const sa = num(e.score);
          const sd = num(e.defScore);
          const won = sa > sd || (sa === sd && sc.figures[f].rating > sc.figures[t].rating);
          if (won !== e.won || (won && num(e.diff) !== sa - sd)) bad(`${sc.figures[f].id} shooting ${sa} v ${sd}: won=${String(e.won)} diff ${String(e.diff)}`);
          const eff = won ? shootingEffect(sa - sd) : { name: 'none', hits: 0 };
          if (e.effect !== eff.name || num(e.hits) !== eff.hits) bad(`shooting by ${sa - sd}: effect ${String(e.effect)}/${String(e.hits)} hits; the table gives ${eff.name}/${eff.hits}`);
          applyEffect(t, eff.name, eff.hits);
          if (!e.interrupt) {
            pool++;
            afterInit(e, expectInit(num(e.ones)));
          }
          break;
        }
        case 'fight': {
          const a = idx(e.figure);
          const d = idx(e.target);
          if (a < 0 || d < 0) break;
          if (e.interrupt) interrupter(e, a, 'fights');
          else checkActor(e, a, 'fights');
          if (cowered[a]) bad(`${sc.figures[a].id} fights while Cowered`);
          if (zone[a] !== zone[d]) bad(`${sc.figures[a].id} fights ${sc.figures[d].id} in another zone (not at its zone of control)`);
          if (sc.figures[d].side === sc.figures[a].side || wounds[d] <= 0) bad(`${sc.figures[a].id} fights ${sc.figures[d].id}, not an enemy in play`);
          const att = strs(e.attackers).map((g) => idx(g));
          const def = strs(e.defenders).map((g) => idx(g));
          if (att[0] !== a || def[0] !== d) bad('fight principals are not listed first');
          if (att.length > 1 && def.length > 1) bad(`a fight of ${att.length} against ${def.length} (FIGHTING: not multiple against multiple)`);
          for (const g of [...att, ...def]) if (g >= 0 && (zone[g] !== zone[a] || wounds[g] <= 0)) bad(`${sc.figures[g].id} is drawn into a fight away from it`);
          const out = nums(e.outnumber);
          const wantOut = [att.length > def.length ? att.length - 1 : 0, def.length > att.length ? def.length - 1 : 0];
          if (out[0] !== wantOut[0] || out[1] !== wantOut[1]) bad(`outnumbering ${out.join('/')} for ${att.length} v ${def.length}`);
          for (const g of strs(e.spent).map((x) => idx(x))) {
            if (g < 0) continue;
            if (used[g]) bad(`${sc.figures[g].id} supports a massed pike attack after using its turn`);
            used[g] = 1;
          }
          checkScores(e, `${sc.figures[a].id} fighting`);
          const massed = nums(e.massed);
          const total = nums(e.active).length + nums(e.passive).length;
          if (total !== num(e.pool) + 1 + out[0] + massed[0]) bad(`${sc.figures[a].id} fights with ${total} dice; pool+1+outnumbering+massed is ${num(e.pool) + 1 + out[0] + massed[0]}`);
          if (nums(e.defence).length !== num(e.defBase) + out[1] + massed[1]) bad(`${sc.figures[d].id} defends with the wrong number of dice`);
          if (num(e.defBase) < sc.figures[d].rating) bad(`${sc.figures[d].id} defends with fewer dice than its rating`);
          const sa = num(e.score);
          const sd = num(e.defScore);
          const ra = sc.figures[a].rating;
          const rd = sc.figures[d].rating;
          const w = sa > sd ? a : sd > sa ? d : ra > rd ? a : rd > ra ? d : -1;
          const winner = e.winner === null ? -1 : idx(e.winner);
          if (winner !== w || (w >= 0 && num(e.diff) !== Math.abs(sa - sd))) bad(`fight ${sa} v ${sd} (ratings ${ra}/${rd}): winner ${String(e.winner)} by ${String(e.diff)}`);
          if (e.ignored && (e.firstStrike === null || e.winner === e.firstStrike)) bad('a win ignored without a first strike against it');
          const eff = w >= 0 && !e.ignored ? fightingEffect(Math.abs(sa - sd)) : { name: 'none', hits: 0, pushed: false };
          if (e.effect !== eff.name || num(e.hits) !== eff.hits) bad(`fighting by ${Math.abs(sa - sd)}: effect ${String(e.effect)}/${String(e.hits)}; the table gives ${eff.name}/${eff.hits}`);
          const loser = w === a ? d : w === d ? a : -1;
          if (loser >= 0 && eff.pushed) cover[loser] = 0;
          applyEffect(loser, eff.name, eff.hits);
          if (!e.interrupt) {
            pool++;
            afterInit(e, expectInit(num(e.ones)));
          }
          break;
        }
        case 'out': {
          const f = idx(e.figure);
          if (f >= 0 && wounds[f] !== 0) bad(`${sc.figures[f].id} out of action with ${wounds[f]} wounds left`);
          break;
        }
        case 'figureEnd': {
          const f = idx(e.figure);
          if (e.why === 'ended' || e.why === 'cap') {
            if (f !== actor) bad(`${String(e.figure)} ends a turn it did not have`);
          }
          if (f === actor) actor = -1;
          pool = 0;
          break;
        }
        case 'sideEnd':
          if (sc.sides[side]?.id !== e.side) bad(`${String(e.side)}' turn ends in ${sc.sides[side]?.id}'s turn`);
          if (sideLost && e.why !== 'a second 1' && e.why !== 'two 1s in one roll') bad(`the side lost the initiative but its turn ended for "${String(e.why)}"`);
          if (!sideLost && (e.why === 'a second 1' || e.why === 'two 1s in one roll')) bad(`the turn ended for "${String(e.why)}" without such a roll`);
          actor = -1;
          break;
        case 'gameOver':
          over = true;
          break;
        default:
          break;
      }
    },
    afterStep(s: EscState) {
      for (let f = 0; f < n; f++) {
        const id = sc.figures[f].id;
        if (s.wounds[f] !== wounds[f]) bad(`${id} has ${s.wounds[f]} wounds in the state but ${wounds[f]} from the events`);
        if (s.wounds[f] === 0) continue;
        if (s.zone[f] !== zone[f]) bad(`${id} stands in ${map.zones[s.zone[f]].id} in the state but ${map.zones[zone[f]].id} from the events`);
        if (s.shaken[f] !== shaken[f] || s.cowered[f] !== cowered[f] || s.disarmed[f] !== disarmed[f] || s.cover[f] !== cover[f]) {
          bad(`${id} markers in the state (S${s.shaken[f]} C${s.cowered[f]} D${s.disarmed[f]} cover${s.cover[f]}) differ from the events (S${shaken[f]} C${cowered[f]} D${disarmed[f]} cover${cover[f]})`);
        }
        if (s.reserved[f] !== reserved[f]) bad(`${id} reserved=${s.reserved[f]} in the state, ${reserved[f]} from the events`);
        if (s.disarmed[f] > 1) bad(`${id} has more than one Disarmed marker`);
      }
      if (s.actor >= 0 && s.pool !== pool) bad(`the actor's pool is ${s.pool} in the state, ${pool} from the events`);
    },
  };
}
