/**
 * Rule invariants of State of War, checked from the events of a game (with bookkeeping of its own,
 * independent of the engine's) and from the state after each decision. Used by the property tests
 * and `stress`; any violation is a defect.
 */
import type { InvariantMonitor } from '../../core/model.js';
import type { SowEvent } from './events.js';
import type { DieJson } from './action.js';
import { dist, segmentsCross } from '../../core/geometry.js';
import type { SowScenario } from './compile.js';
import { ACTIVE, type SowState } from './state.js';
import { onTableStatus } from '../../core/table/status.js';
import { StepChanges } from '../../core/table/index.js';
import { rearDistance } from './table.js';
import {
  COVER_DIE,
  MAX_AGAINST_ONE,
  RANGE_DIE,
  BAND_NAMES,
  CLIMB_LADDER,
  CLIMB_WALL,
  HORSE_JUMP,
  actionsFor,
  applyInjury,
  phaseActions,
  loadActions,
  maxRange,
  moveRate,
  rangeBand,
  shotResult,
  turnCost,
} from './tables.js';

const TOL = 0.02; // event lengths are rounded to hundredths

/** The best score of rolled dice (0 for none). */
function best(a: readonly DieJson[]): number {
  let b = 0;
  a.forEach((d, i) => {
    if (i === 0 || d.score > b) b = d.score;
  });
  return b;
}

/** Melee modifiers that give a side its +1 [W21]: charging, uphill, behind a barricade. */
function plus(o: Readonly<Record<string, number | boolean>>): boolean {
  return o.charging !== undefined || o.uphill !== undefined || o.barricade !== undefined;
}

/** How far (cm) from its rear edge a leaving runner's base edge may be in the record: at the edge, to rounding [W32]. */
const LEAVE_TOL = 0.03;

/** True when a fence or wall line stands between the centres (ax, ay) and (bx, by) [W21]. */
function lineBetween(sc: SowScenario, ax: number, ay: number, bx: number, by: number): boolean {
  return sc.fenceSegs.some((g) => segmentsCross(ax, ay, bx, by, g.ax, g.ay, g.bx, g.by));
}

/** A monitor for one game on `sc`. */
export function stateOfWarInvariants(sc: SowScenario): InvariantMonitor<SowState, SowEvent> {
  const violations: string[] = [];
  const n = sc.figures.length;
  const status = new Array<string>(n).fill('active');
  const wounds = new Array<number>(n).fill(0);
  const mounted = sc.figures.map((f) => f.mounted);
  const need = new Array<number>(n).fill(0);
  const spent = new Array<number>(n).fill(0);
  // [W5] climbing progress, [W6] carrying and unit membership, tracked from the events alone.
  const climbed = new Array<number>(n).fill(0);
  const carry = new Array<string | null>(n).fill(null);
  const carryAtStart = new Array<boolean>(n).fill(false);
  const unitOf = sc.figures.map((f) => sc.units[f.unit].id);
  const usedSlots = new Set<string>();
  /** Figures that charged this phase (they may do nothing more in it). */
  const charger = new Array<boolean>(n).fill(false);
  // Positions (cm): the state's after each decision, moved by the events of the next one (to the
  // record's hundredths) — for the contact, barricade and table-edge checks (issue 38).
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  /** Whether each figure was active when the last decision began (from the state). */
  const wasOn = new Array<boolean>(n).fill(true);
  /** What changed in the state since the last decision (centres, status): see afterStep. */
  const changes = new StepChanges(n);
  // Units routed for good [W32], from the morale events; the raiders are the objective's side [W34].
  const routed = new Set<string>();
  const raiders = sc.objective.side;
  /** The raiders' figures still in the fight: active, in a unit (their detachment, [W6a]) not routed. */
  const raidersFighting = (): string[] =>
    sc.sides[raiders].figures
      .filter((f) => status[f] === 'active' && !routed.has(unitOf[f]))
      .map((f) => `${sc.figures[f].id} (${unitOf[f]})`);
  let phases = 0;
  let side = '';
  let turn = 1;
  const bad = (msg: string): void => {
    if (violations.length < 50) violations.push(`turn ${turn}: ${msg}`);
  };
  const idx = (v: string): number => sc.figureIndex.get(v) ?? -1;
  const acting = (e: SowEvent & { figure: string }): void => {
    const f = idx(e.figure);
    if (f < 0) return bad(`${e.e} by unknown figure ${e.figure}`);
    if (status[f] !== 'active') bad(`${sc.figures[f].id} (${status[f]}) acts (${e.e})`);
    if (sc.sides[sc.figures[f].side].id !== side) bad(`${sc.figures[f].id} acts (${e.e}) in the other side's phase`);
    if (charger[f]) bad(`${sc.figures[f].id} acts (${e.e}) after charging this phase: it stays in contact and fights [W20]`);
    spent[f]++;
    if (e.e !== 'climb') climbed[f] = 0;
    const allowed = phaseActions(wounds[f], carryAtStart[f]);
    if (spent[f] > allowed) bad(`${sc.figures[f].id} spends action ${spent[f]} with ${wounds[f]} wound(s) (allowed ${allowed})`);
  };
  return {
    violations,
    event(e: SowEvent) {
      switch (e.e) {
        case 'phase':
        case 'turnEnd':
          // [W34]: a phase ends with the victory test, so after one the raiders are still in the
          // fight: an active raider whose unit (his detachment, if he went with one) is not routed.
          if (phases++ > 0 && raidersFighting().length === 0) {
            bad(`play goes on (${e.e}) though every ${sc.sides[raiders].name} figure is down, gone or in a routed unit [W34]`);
          }
          if (e.e === 'turnEnd') break;
          side = e.side;
          turn = e.turn;
          spent.fill(0);
          charger.fill(false);
          for (let f = 0; f < n; f++) carryAtStart[f] = carry[f] !== null && status[f] === 'active';
          break;
        case 'burden': {
          const f = idx(e.figure);
          if (f < 0 || carry[f] !== e.barrel) bad(`${e.figure} pays for carrying ${e.barrel} it does not carry`);
          else if (e.cost !== 1 || e.actions !== phaseActions(wounds[f], true))
            bad(`${sc.figures[f].id} carrying: cost ${e.cost}, ${e.actions} actions left`);
          break;
        }
        case 'carry': {
          acting(e);
          const f = idx(e.figure);
          if (f < 0) break;
          if (carry[f] !== null) bad(`${sc.figures[f].id} picks up ${e.barrel} while carrying ${carry[f]}`);
          if (mounted[f] || wounds[f] > 0) bad(`${sc.figures[f].id} picks up a barrel mounted or wounded`);
          if (carry.includes(e.barrel)) bad(`${e.barrel} is picked up while someone carries it`);
          carry[f] = e.barrel;
          break;
        }
        case 'drop': {
          const f = idx(e.figure);
          if (f < 0) break;
          if (carry[f] !== e.barrel) bad(`${sc.figures[f].id} drops ${e.barrel} it does not carry`);
          if (e.cause === 'set down') acting(e);
          carry[f] = null;
          break;
        }
        case 'detach': {
          acting(e);
          const f = idx(e.figure);
          if (f < 0) break;
          const from = e.from;
          const slot = e.unit;
          const parent = sc.units[sc.unitIndex.get(from) ?? 0];
          const su = sc.units[sc.unitIndex.get(slot) ?? 0];
          if (parent.id !== from || parent.parent >= 0) bad(`detachment from ${from}, not a scenario unit`);
          if (su.id !== slot || su.parent !== parent.index || usedSlots.has(slot))
            bad(`detachment into ${slot}, not a free slot of ${from}`);
          usedSlots.add(slot);
          const act = sc.figures.filter((g) => unitOf[g.index] === from && status[g.index] === 'active').length;
          const figs = e.figures.map(idx);
          if (figs.length !== Math.floor(act / 2)) bad(`detachment of ${figs.length} from ${act} active, should be ${Math.floor(act / 2)}`);
          if (!figs.includes(f)) bad(`${sc.figures[f].id} makes a detachment without going with it`);
          for (const g of figs) {
            if (g < 0 || unitOf[g] !== from || status[g] !== 'active') bad(`${String(g)} cannot go with the detachment`);
            else unitOf[g] = slot;
          }
          break;
        }
        case 'move': {
          const f = idx(e.figure);
          acting(e);
          if (f >= 0 && e.kind === 'turn') {
            // [W7]: an engaged figure moves only away, a move that ends out of contact; a turn in
            // place ends where it stands. The turn is the decision's first event, so the positions
            // are the state's before it.
            const side0 = sc.figures[f].side;
            for (const g of sc.sides[1 - side0].figures) {
              if (wasOn[g] && dist(px[f], py[f], px[g], py[g]) <= sc.contact + 1e-9) {
                bad(
                  `${sc.figures[f].id} turns in place in contact with ${sc.figures[g].id}: an engaged figure moves only out of contact [W7]`,
                );
                break;
              }
            }
          }
          if (f >= 0) {
            px[f] = e.to[0];
            py[f] = e.to[1];
            const allow = moveRate(mounted[f]);
            if (e.allowance !== allow) bad(`${sc.figures[f].id} moves with allowance ${e.allowance}, should be ${allow}`);
            if (e.length > allow + TOL) bad(`${sc.figures[f].id} moves ${e.length} cm > ${allow}`);
            if (e.used > allow + TOL) bad(`${sc.figures[f].id} uses ${e.used} cm of a ${allow} cm move`);
            // The allowance used is the route, its cm in difficult ground once more, and a horseman's
            // turning, from the event's own numbers ([W9], [W10]; audit D2).
            if (e.kind !== 'turn') {
              const cost = e.length + e.difficult + (mounted[f] ? turnCost(e.turned) : 0);
              if (Math.abs(cost - e.used) > 3 * TOL) bad(`${sc.figures[f].id} uses ${e.used} cm for a move costing ${cost.toFixed(2)} cm`);
            }
            if (dist(e.from[0], e.from[1], e.to[0], e.to[1]) > e.length + 2 * TOL)
              bad(`${sc.figures[f].id} ends further than its route is long`);
            if (e.kind === 'charge') charger[f] = true;
          }
          break;
        }
        case 'load': {
          const f = idx(e.figure);
          // A ride-and-load's load follows its move event: the action was counted there.
          if (f >= 0) need[f] = Math.max(0, need[f] - 1);
          if (f >= 0 && e.left !== need[f]) bad(`${sc.figures[f].id} load count ${e.left}, expected ${need[f]}`);
          if (!e.ride) acting(e);
          break;
        }
        case 'climb': {
          acting(e);
          const f = idx(e.figure);
          const fence = sc.fences.find((x) => x.id === e.fence);
          if (f < 0 || !fence) break;
          const ladder = e.ladder === null ? null : sc.ladders.find((l) => l.id === e.ladder);
          const rate = ladder ? CLIMB_LADDER : CLIMB_WALL;
          if (e.rate !== rate) bad(`${sc.figures[f].id} climbs ${e.rate} cm an action, should be ${rate}`);
          if (e.height !== fence.height) bad(`${fence.id} is ${fence.height} cm high, not ${e.height}`);
          if (mounted[f] && (ladder || fence.height > HORSE_JUMP)) bad(`${sc.figures[f].id} climbs ${fence.id} mounted`);
          climbed[f] += rate;
          if (e.climbed !== climbed[f]) bad(`${sc.figures[f].id} has climbed ${e.climbed} cm, expected ${climbed[f]}`);
          if (e.over !== climbed[f] >= fence.height - 1e-9)
            bad(`${sc.figures[f].id} over=${String(e.over)} after ${climbed[f]} of ${fence.height} cm`);
          px[f] = e.to[0];
          py[f] = e.to[1];
          if (e.over) climbed[f] = 0;
          break;
        }
        case 'push': {
          const by = e.by;
          for (const id of e.moved) {
            const g = idx(id);
            if (g < 0) continue;
            climbed[g] = 0;
            px[g] += by[0];
            py[g] += by[1];
          }
          break;
        }
        case 'morale':
          if (e.status === 'routed') routed.add(e.unit);
          break;
        case 'end':
          // [W34]: "every raider down, gone or routed" judges each by the unit he belongs to now.
          if (e.reason.endsWith('down, gone or routed')) {
            const left = raidersFighting();
            if (left.length > 0)
              bad(
                `the game ends as if every ${sc.sides[raiders].name} figure were down, gone or routed, but ${left.join(', ')} fight on [W34]`,
              );
          }
          break;
        case 'burn': {
          const f = idx(e.figure);
          if (f >= 0) {
            const b = e.barrel;
            if (b !== carry[f]) bad(`${sc.figures[f].id} fires the objective with ${String(b)}, carrying ${String(carry[f])}`);
            const worth = b === null ? 1 : Math.max(1, sc.barrels.find((x) => x.id === b)?.fire ?? 1);
            if (e.counts !== worth) bad(`a fire action counts ${e.counts}, should be ${worth}`);
            carry[f] = null;
          }
          acting(e);
          break;
        }
        case 'balk':
        case 'mount':
        case 'dismount':
          acting(e);
          if (e.e === 'mount') mounted[idx(e.figure)] = true;
          if (e.e === 'dismount') mounted[idx(e.figure)] = false;
          break;
        case 'fire': {
          acting(e);
          const f = idx(e.figure);
          if (f < 0) break;
          const w = sc.figures[f].weapon;
          if (!w) {
            bad(`${sc.figures[f].id} fires with no weapon`);
            break;
          }
          if (need[f] > 0) bad(`${sc.figures[f].id} fires unloaded (${need[f]} load actions to go)`);
          need[f] = loadActions(w);
          const range = e.range;
          if (range > maxRange(w) + TOL) bad(`${sc.figures[f].id} fires at ${range} cm, beyond ${maxRange(w)}`);
          const band = rangeBand(w, range);
          const fd = e.firer[0];
          if (fd.die !== `d${sc.figures[f].die}`) bad(`${sc.figures[f].id} throws ${fd.die}, its quality die is d${sc.figures[f].die}`);
          const ag = e.against;
          if (ag[0].die !== `d${COVER_DIE[e.cover]}`) bad(`cover ${e.cover} thrown as ${ag[0].die}`);
          if (band >= 0) {
            const b: number = band;
            if (Math.abs(range - (w.ranges[b] ?? 0)) > TOL && ag[1].die !== `d${RANGE_DIE[b]}`)
              bad(`range ${range} cm (${BAND_NAMES[b]}) thrown as ${ag[1].die}`);
          }
          const margin = best(e.firer) - best(e.against);
          if (margin !== e.margin || shotResult(margin) !== e.result)
            bad(`shot margin ${e.margin} / result ${e.result} do not follow from the dice`);
          const t = idx(e.target);
          if (t >= 0 && status[t] !== 'active') bad(`shot at ${sc.figures[t].id} (${status[t]})`);
          break;
        }
        case 'horseHit':
          if (e.horseHit) mounted[idx(e.figure)] = false;
          if (!(e.face >= 4) === e.horseHit) bad(`horse hit ${String(e.horseHit)} on a d6 of ${e.face}`);
          break;
        case 'unhorsed':
          mounted[idx(e.figure)] = false;
          break;
        case 'hurt': {
          const t = idx(e.figure);
          if (t < 0) break;
          const h = applyInjury({ wounds: wounds[t], disabled: status[t] === 'disabled', dead: status[t] === 'killed' }, e.injury);
          wounds[t] = h.wounds;
          const st = h.dead ? 'killed' : h.disabled ? 'disabled' : 'active';
          if (e.status !== (st === 'active' ? 'wounded' : st))
            bad(`${sc.figures[t].id} ${e.injury}: status ${e.status}, the ladder says ${st}`);
          status[t] = st;
          break;
        }
        case 'melee': {
          const many = e.many;
          if (many.length > MAX_AGAINST_ONE || many.length < 1) bad(`melee of ${many.length} against one`);
          for (const id of [e.one, ...many]) if (status[idx(id)] !== 'active') bad(`${id} (${status[idx(id)]}) fights`);
          // [W21]: a side scores its highest die, +1 when any of its primaries that throw dice is
          // charging, uphill or behind a barricade (the +1 is the side's, audit A2).
          const oneWant = e.oneDice.length > 0 ? best(e.oneDice) + (plus(e.oneMods) ? 1 : 0) : 0;
          if (e.oneScore !== oneWant) bad(`melee: ${e.one} scores ${e.oneScore}, its dice and +1 give ${oneWant}`);
          const manyMods = e.manyMods;
          let top = -Infinity;
          let bonus = 0;
          e.manyDice.forEach((dj, i) => {
            if (dj.length === 0) return;
            top = Math.max(top, best(dj));
            if (plus(manyMods[i] ?? {})) bonus = 1;
          });
          const manyWant = top === -Infinity ? 0 : top + bonus;
          if (e.manyScore !== manyWant)
            bad(`melee: ${many.join('+')} score ${e.manyScore}, their highest die and the side's +1 give ${manyWant}`);
          // [W21] "defending a barricade": a fence or wall between a figure and every opponent gives
          // it the +1 (the first reason found, so another may be named), whichever side's phase it is;
          // and no +1 is named `barricade` without one.
          const o = idx(e.one);
          const ms = many.map(idx);
          if (o >= 0 && ms.every((g) => g >= 0)) {
            const fighters: [number, number[], Readonly<Record<string, number | boolean>>][] = [
              [o, ms, e.oneMods],
              ...ms.map((g, i): [number, number[], Readonly<Record<string, number | boolean>>] => [g, [o], manyMods[i] ?? {}]),
            ];
            for (const [f, opps, mods] of fighters) {
              if (mods.noDice !== undefined) continue;
              const behind = opps.every((g) => lineBetween(sc, px[f], py[f], px[g], py[g]));
              if (behind && !plus(mods))
                bad(
                  `melee: ${sc.figures[f].id} defends a barricade against ${opps.map((g) => sc.figures[g].id).join('+')} without its +1 [W21]`,
                );
              if (!behind && mods.barricade !== undefined)
                bad(`melee: ${sc.figures[f].id} gets the barricade +1 with no fence or wall between it and every opponent [W21]`);
            }
          }
          break;
        }
        case 'leave': {
          const f = idx(e.figure);
          if (f < 0) break;
          // [W32] "a running figure that reaches its rear edge leaves the table": its base at the edge.
          const gap = rearDistance(sc, sc.figures[f].side, px[f], py[f]) - sc.radius;
          if (gap > LEAVE_TOL) bad(`${sc.figures[f].id} leaves the table ${gap.toFixed(2)} cm short of its rear edge [W32]`);
          status[f] = 'gone';
          break;
        }
        default:
          break;
      }
    },
    afterStep(s: SowState) {
      const onTable = (f: number): boolean => onTableStatus(s.status[f]);
      for (let f = 0; f < n; f++) {
        px[f] = s.x[f];
        py[f] = s.y[f];
        wasOn[f] = s.status[f] === ACTIVE;
      }
      const r2 = (2 * sc.radius - 1e-3) ** 2;
      for (let b = 0; b < sc.barrels.length; b++) {
        const h = s.bHeld[b];
        if (h >= 0 && (s.carry[h] !== b || s.status[h] !== ACTIVE || s.mounted[h] || s.wounds[h] > 0))
          bad(`${sc.barrels[b].id} held by ${sc.figures[h].id}, who cannot carry it`);
        if (
          (h >= 0 ? sc.figures[h].id : null) !==
          (carry.find((c, i) => c === sc.barrels[b].id && i >= 0) ? sc.figures[carry.indexOf(sc.barrels[b].id)].id : null)
        )
          bad(`${sc.barrels[b].id}: the events and the state disagree on its carrier`);
      }
      for (let f = 0; f < n; f++) {
        if (sc.units[s.unitOf[f]].id !== unitOf[f])
          bad(`${sc.figures[f].id} is in ${sc.units[s.unitOf[f]].id}, the events say ${unitOf[f]}`);
        if (s.climbed[f] !== climbed[f]) bad(`${sc.figures[f].id} has climbed ${s.climbed[f]} cm, the events say ${climbed[f]}`);
      }
      for (let f = 0; f < n; f++)
        if (s.status[f] === ACTIVE && s.acts[f] > actionsFor(s.wounds[f], false))
          bad(`${sc.figures[f].id} holds ${s.acts[f]} actions with ${s.wounds[f]} wounds`);
      // Where figures stand: a figure (or a pair) whose centre and status did not change stands as at the
      // previous decision, so only those that changed are looked at again (every one at the first).
      changes.update(s.x, s.y, s.status);
      for (let c = 0; c < changes.count; c++) {
        const f = changes.list[c];
        if (onTableStatus(s.status[f]) && !sc.table.isFree(s.x[f], s.y[f]))
          bad(`${sc.figures[f].id} stands in a building or off the table at (${s.x[f].toFixed(2)}, ${s.y[f].toFixed(2)})`);
      }
      changes.pairs(onTable, (f, g) => {
        if ((s.x[f] - s.x[g]) ** 2 + (s.y[f] - s.y[g]) ** 2 < r2) bad(`${sc.figures[f].id} and ${sc.figures[g].id} overlap`);
      });
    },
  };
}
