/**
 * Rule invariants of Escarmouche, checked from the events of a game (with their own bookkeeping,
 * independent of the engine's) and from the state after each decision. Used by the property
 * tests, the fuzz bench and `stress`; any violation is a defect.
 *
 * Checked: dice are d6 and scores follow DICE; the active pool grows by one per action other than
 * moving and is lost at the end of the figure's turn; 1s end the figure's or the side's turn as
 * PLAY says (and marshal's three 1s stop everybody); only the side with the initiative acts, each
 * figure once a turn; moves go in a straight line through one terrain type, never into or through
 * an enemy's zone of control, and roll the terrain's passive dice; no two bases overlap; shooters
 * have a line of sight to their targets and fighters stand at each other's zone of control, the
 * attacker then in base contact unless it touched already or lies prone; a
 * push-back is at most a base width; after a fight its two principals stand a zone of control apart
 * unless the step of each was recorded as blocked ([E40]); the effects applied are the table rows of the winning difference (or none, when a
 * first strike ignores the win); markers, wounds and zones in the state agree with the events;
 * out-of-action figures never act; interrupts come only from reserved figures of the other side.
 * Since 2.3.0 (issue 38), with bases round against impassable areas as against each other: no base
 * stands on impassable ground (within its radius of an area); a move, push or step said to be
 * blocked stops touching what it names — the area, the base, the zone of control or the table edge
 * (so none stops short where the round base had room, and none names a building where a base
 * blocked); an attacker is set aside ([E40b]) only when its straight slide into contact was not
 * free; and first strike holds for one round only between an attacker and each enemy in its turn,
 * also after a fight with another in between ([E47]).
 */
import type { InvariantMonitor, Json } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { distToPolygonBoundary, distToSegment } from '../../core/geometry.js';
import { gapToBlocker, num, nums, point, segmentToPolygon, strs, tableTests } from './invariants-table.js';
import type { EscScenario } from './compile.js';
import type { EscState } from './state.js';
import { fightingEffect, score, shootingEffect, terrainDice } from './tables.js';
import { StepChanges } from '../../core/table/index.js';

/** A monitor for one game on `sc`. */
export function escarmoucheInvariants(sc: EscScenario): InvariantMonitor<EscState, EscEvent> {
  const violations: string[] = [];
  const n = sc.figures.length;
  const table = sc.table;
  const R = sc.radius;
  const K = 2 * R + sc.zoc; // centre distance at a zone of control
  const TOL = 2e-3; // events carry places rounded to thousandths
  /** What changed in the state since the last decision (centres, wounds): see afterStep. */
  const changes = new StepChanges(n);
  const px = Float64Array.from(sc.figures.map((f) => f.start.x));
  const py = Float64Array.from(sc.figures.map((f) => f.start.y));
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
  // FIGHTING: the principals of this step's fights, and the figures whose step apart was blocked.
  const fought: [number, number][] = [];
  const apartBlocked = new Set<number>();
  // [E47]: enemies (index) against whom the acting figure's first-strike round is over this turn.
  const fsOver = new Set<number>();
  const { standsFree, touchesObstacle } = tableTests(sc, TOL);
  /** How far (beyond touching) a base at (x, y) stands from what a blocked move, push or step names (see {@link gapToBlocker}). */
  const blockerGap = (x: number, y: number, by: string, blocker: string | null): number =>
    gapToBlocker(sc, px, py, wounds, x, y, by, blocker);
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
  const dAt = (f: number, g: number): number => Math.sqrt((px[f] - px[g]) ** 2 + (py[f] - py[g]) ** 2);
  /** Check one straight move of figure f from its tracked place to `to` through `terrain`, then put it there. */
  const checkLine = (f: number, fromV: Json | undefined, toV: Json | undefined, terrain: string, what: string): void => {
    const from = point(fromV);
    const to = point(toV);
    const id = sc.figures[f].id;
    if (!from || !to) {
      bad(`${id} ${what} without places`);
      return;
    }
    if (Math.abs(from[0] - px[f]) > TOL || Math.abs(from[1] - py[f]) > TOL)
      bad(`${id} ${what} from (${from.join(', ')}) but stands at (${px[f]}, ${py[f]})`);
    const len = Math.sqrt((to[0] - from[0]) ** 2 + (to[1] - from[1]) ** 2);
    // MOVING: "a straight line through the same terrain type".
    // Samples at irregular fractions, so that none falls exactly on a corner or edge of an area
    // (where "which area" is a matter of rounding, not of rules).
    for (let k = 0; k < 40; k++) {
      const t = ((k + 0.5123) / 40) * len;
      if (t < 0.03 || t > len - 0.005) continue;
      const x = from[0] + ((to[0] - from[0]) * t) / len;
      const y = from[1] + ((to[1] - from[1]) * t) / len;
      // A sample within 0.005 of an area's edge is left out: events give places to thousandths.
      if (sc.terrainAt(x, y) !== terrain && !table.areas.some((a) => distToPolygonBoundary(x, y, a.poly) < 0.005)) {
        bad(`${id} ${what} on past a change of terrain type (${terrain} → ${sc.terrainAt(x, y)} at ${x.toFixed(2)}, ${y.toFixed(2)})`);
        break;
      }
    }
    if (!standsFree(to[0], to[1])) bad(`${id} ${what} onto impassable ground or off the table`);
    // "When the figure reaches … an enemy's ZOC, it must stop": never into or through one it was outside.
    for (const e of sc.figures) {
      if (e.side === sc.figures[f].side || wounds[e.index] <= 0) continue;
      const ex = px[e.index];
      const ey = py[e.index];
      if (Math.sqrt((from[0] - ex) ** 2 + (from[1] - ey) ** 2) <= K + TOL) continue;
      let t = len > 0 ? ((ex - from[0]) * (to[0] - from[0]) + (ey - from[1]) * (to[1] - from[1])) / (len * len) : 0;
      t = Math.max(0, Math.min(1, t));
      const cx = from[0] + (to[0] - from[0]) * t;
      const cy = from[1] + (to[1] - from[1]) * t;
      if (Math.sqrt((cx - ex) ** 2 + (cy - ey) ** 2) < K - TOL) bad(`${id} ${what} into ${e.id}'s zone of control`);
    }
    if (len > 0) cover[f] = 0; // a figure that did not move keeps its cover
    px[f] = to[0];
    py[f] = to[1];
  };
  const d6ok = (d: number[]): boolean => d.every((x) => Number.isInteger(x) && x >= 1 && x <= 6);
  const ones = (...r: number[][]): number => r.reduce((k, a) => k + a.filter((x) => x === 1).length, 0);

  /** The initiative result the rules give for an actor's roll with `k` ones (and book it). */
  const expectInit = (k: number, marshal = false): string => {
    if (k === 0) return 'keep';
    if (k >= 2 || (marshal && k >= 3)) return 'side';
    sideOnes++;
    return sideOnes >= 2 ? 'side' : 'figure';
  };
  const checkActor = (e: { readonly pool: number }, f: number, what: string): void => {
    if (over) bad(`${what} after the game ended`);
    if (f !== actor) bad(`${sc.figures[f]?.id ?? f} ${what} but ${actor >= 0 ? sc.figures[actor].id : 'nobody'} is acting`);
    if (sideLost) bad(`${sc.figures[f]?.id} ${what} after its side lost the initiative`);
    if (f >= 0 && wounds[f] <= 0) bad(`${sc.figures[f].id} ${what} while out of action`);
    if (num(e.pool) !== pool) bad(`${sc.figures[f]?.id} ${what} with a pool of ${String(e.pool)} after ${pool} actions that build it`);
  };
  const afterInit = (e: { readonly init: string; readonly ones: number; readonly figure: string }, expected: string): void => {
    if (e.init !== expected)
      bad(`${String(e.figure)} rolled ${String(e.ones)} one(s): initiative "${String(e.init)}", the rules give "${expected}"`);
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
  const checkScores = (
    e: {
      readonly active: Json;
      readonly passive: Json;
      readonly defence: Json;
      readonly score: number;
      readonly defScore: number;
      readonly ones: number;
    },
    what: string,
  ): void => {
    const act = nums(e.active);
    const pas = nums(e.passive);
    const def = nums(e.defence);
    if (!d6ok(act) || !d6ok(pas) || !d6ok(def)) bad(`${what}: a die off the d6`);
    if (score(act) !== num(e.score) || score(def) !== num(e.defScore))
      bad(`${what}: score ${String(e.score)} v ${String(e.defScore)} does not follow the dice (DICE)`);
    if (ones(act, pas) !== num(e.ones)) bad(`${what}: ${String(e.ones)} ones counted on ${act.join(',')} + ${pas.join(',')}`);
  };
  const interrupter = (e: { readonly pool: number }, f: number, what: string): void => {
    if (f < 0) return;
    if (sc.figures[f].side === side) bad(`${sc.figures[f].id} ${what} by interrupt in its own side's turn`);
    if (wounds[f] <= 0) bad(`${sc.figures[f].id} ${what} while out of action`);
    if (num(e.pool) !== 0)
      bad(`${sc.figures[f].id} interrupts with a pool of ${String(e.pool)} (the reserved die is the action's only die)`);
  };

  return {
    violations,
    event(e: EscEvent) {
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
          fsOver.clear();
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
          const terrain = String(e.terrain);
          // A marshal pays the worst terrain any mover goes through ([E26b]): the event's `terrains`.
          const named =
            e.e === 'marshal' && e.terrains && typeof e.terrains === 'object' && !Array.isArray(e.terrains)
              ? Object.values(e.terrains)
              : [];
          const crossed = named.map((t) => terrainDice(String(t)));
          const want = Math.max(
            terrainDice(terrain),
            sc.figures[f].moveFloor,
            ...crossed,
            ...(e.e === 'marshal' ? strs(e.followers).map((g) => sc.figures[sc.figureIndex.get(g) ?? f].moveFloor) : []),
          );
          if (num(e.dice) !== want)
            bad(`${sc.figures[f].id} moves through ${terrain} with ${String(e.dice)} passive dice; the table gives ${want}`);
          const act = nums(e.active);
          const pas = nums(e.passive);
          if (!d6ok(act) || !d6ok(pas)) bad('a move die off the d6');
          if (ones(act, pas) !== num(e.ones)) bad(`${sc.figures[f].id}: ones miscounted on a move`);
          const followers = e.e === 'marshal' ? strs(e.followers).map((g) => idx(g)) : [];
          if (act.length !== pool + num(e.skill)) bad(`${sc.figures[f].id} moves rolling ${act.length} active dice with a pool of ${pool}`);
          if (pas.length + num(e.skill) !== num(e.dice) + followers.length)
            bad(
              `${sc.figures[f].id} moves rolling ${pas.length} passive dice (+${String(e.skill)} by skill) for ${String(e.dice)} + ${followers.length}`,
            );
          for (const g of followers) {
            if (g < 0) continue;
            if (sc.figures[g].side !== sc.figures[f].side || used[g] || cowered[g] || wounds[g] <= 0)
              bad(`${sc.figures[g].id} cannot be marshalled by ${sc.figures[f].id}`);
            if (!table.lineOfSight(px[f], py[f], px[g], py[g]))
              bad(`${sc.figures[g].id} marshalled out of ${sc.figures[f].id}'s line of sight`);
            used[g] = 1;
          }
          const k = num(e.ones);
          const moved = e.e === 'move' || k < 3;
          if (e.e === 'marshal' && e.moved !== moved) bad(`marshal with ${k} ones: moved=${String(e.moved)}`);
          if (e.e === 'move') {
            // A move stopped by impassable ground or the table edge stops touching it (round bases, since 2.3.0).
            const to = point(e.to);
            if (e.stop === 'blocked' && to && !touchesObstacle(to[0], to[1], TOL))
              bad(`${sc.figures[f].id}'s move stopped as blocked at (${to.join(', ')}), touching no impassable ground or table edge`);
            checkLine(f, e.from, e.to, terrain, 'moves');
          } else if (moved) {
            const places = Array.isArray(e.places) ? e.places : [];
            if (places.length !== followers.length + 1)
              bad(`${sc.figures[f].id} marshals ${followers.length} but ${places.length} places are given`);
            for (const p of places) {
              if (!p || typeof p !== 'object' || Array.isArray(p)) continue;
              const g = idx(p.figure);
              if (g < 0) continue;
              // A friend marshalled is moved ([E26]): a line shorter than a move offered is not marshalled.
              const pf = point(p.from);
              const pto = point(p.to);
              if (g !== f && pf && pto && Math.hypot(pto[0] - pf[0], pto[1] - pf[1]) < Math.max(0.05, sc.radius / 10) - TOL)
                bad(`${sc.figures[g].id} is marshalled but does not move`);
              if (p.stop === 'blocked' && pto && !touchesObstacle(pto[0], pto[1], TOL))
                bad(
                  `${sc.figures[g].id}'s marshalled move stopped as blocked at (${pto.join(', ')}), touching no impassable ground or table edge`,
                );
              checkLine(g, p.from, p.to, String(p.terrain), 'is marshalled');
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
            // "The single active dice is used in a single developing … action" ([E32]): one die rolled.
            const act = nums(e.active);
            if (act.length !== 1 || !d6ok(act) || ones(act) !== num(e.ones))
              bad(`${sc.figures[f].id} interrupts taking cover rolling ${JSON.stringify(e.active)}, not its reserved die`);
          } else {
            checkActor(e, f, `develops (${what})`);
            const act = nums(e.active);
            if (!d6ok(act)) bad('a develop die off the d6');
            if (act.length !== pool + 1)
              bad(`${sc.figures[f].id} develops rolling ${act.length} dice with a pool of ${pool} (+1 for the action)`);
            if (ones(act) !== num(e.ones)) bad('ones miscounted on a develop roll');
            pool++;
          }
          if (what === 'cover') {
            if (table.coverAt(px[f], py[f]) === null || cowered[f]) bad(`${sc.figures[f].id} takes cover where it cannot`);
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
          if (!d6ok(act) || act.length !== pool + 1)
            bad(`${sc.figures[f].id} reserves rolling ${act.length} dice with a pool of ${pool} (+1 for the action)`);
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
          if (sc.figures[t].side === sc.figures[f].side || wounds[t] <= 0)
            bad(`${sc.figures[f].id} shoots at ${sc.figures[t].id}, not an enemy in play`);
          if (!table.lineOfSight(px[f], py[f], px[t], py[t])) bad(`${sc.figures[f].id} shoots at ${sc.figures[t].id} out of sight`);
          const volley = strs(e.volley).map((g) => idx(g));
          if (volley.length === 0 && !sc.figures[f].missile) bad(`${sc.figures[f].id} shoots without a missile weapon`);
          for (const g of volley) {
            if (g < 0) continue;
            if (used[g] || wounds[g] <= 0 || !sc.figures[g].missile || !table.lineOfSight(px[g], py[g], px[t], py[t]))
              bad(`${sc.figures[g].id} cannot join a volley at ${sc.figures[t].id}`);
            used[g] = 1;
          }
          checkScores(e, `${sc.figures[f].id} shooting`);
          const total = nums(e.active).length + nums(e.passive).length;
          const want = num(e.pool) + 1 + num(e.bonus) + volley.length + num(e.penalty);
          if (total !== want) bad(`${sc.figures[f].id} shoots with ${total} dice; pool+1+bonus+volley+penalty is ${want}`);
          if (nums(e.defence).length !== sc.figures[t].rating)
            bad(`${sc.figures[t].id} defends with ${nums(e.defence).length} dice, rating ${sc.figures[t].rating}`);
          const sa = num(e.score);
          const sd = num(e.defScore);
          const won = sa > sd || (sa === sd && sc.figures[f].rating > sc.figures[t].rating);
          if (won !== e.won || (won && num(e.diff) !== sa - sd))
            bad(`${sc.figures[f].id} shooting ${sa} v ${sd}: won=${String(e.won)} diff ${String(e.diff)}`);
          const eff = won ? shootingEffect(sa - sd) : { name: 'none', hits: 0 };
          if (e.effect !== eff.name || num(e.hits) !== eff.hits)
            bad(`shooting by ${sa - sd}: effect ${String(e.effect)}/${String(e.hits)} hits; the table gives ${eff.name}/${eff.hits}`);
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
          if (dAt(a, d) > K + TOL)
            bad(`${sc.figures[a].id} fights ${sc.figures[d].id}, not at its zone of control (${dAt(a, d).toFixed(3)} apart)`);
          if (sc.figures[d].side === sc.figures[a].side || wounds[d] <= 0)
            bad(`${sc.figures[a].id} fights ${sc.figures[d].id}, not an enemy in play`);
          const att = strs(e.attackers).map((g) => idx(g));
          const def = strs(e.defenders).map((g) => idx(g));
          if (att[0] !== a || def[0] !== d) bad('fight principals are not listed first');
          if (att.length > 1 && def.length > 1)
            bad(`a fight of ${att.length} against ${def.length} (FIGHTING: not multiple against multiple)`);
          for (const g of att.slice(1))
            if (g >= 0 && (wounds[g] <= 0 || dAt(g, d) > K + TOL) && !strs(e.spent).includes(sc.figures[g].id))
              bad(`${sc.figures[g].id} is drawn into a fight away from ${sc.figures[d].id}'s zone of control`);
          for (const g of def.slice(1))
            if (g >= 0 && (wounds[g] <= 0 || dAt(g, a) > K + TOL))
              bad(`${sc.figures[g].id} is drawn into a fight away from ${sc.figures[a].id}'s zone of control`);
          const out = nums(e.outnumber);
          const massedDice = nums(e.massed);
          // Each other friendly figure in the fight adds one die (outnumbering, or massed pike for the supporters).
          const wantOut = [
            att.length > def.length ? att.length - 1 - (massedDice[0] ?? 0) : 0,
            def.length > att.length ? def.length - 1 : 0,
          ];
          if (out[0] !== wantOut[0] || out[1] !== wantOut[1]) bad(`outnumbering ${out.join('/')} for ${att.length} v ${def.length}`);
          // "Move the attacker into base contact as a free action … Once in base contact the attacker rolls" ([E40], [E40b]).
          const contact = point(e.contact);
          if (contact) {
            const cd = Math.sqrt((contact[0] - px[d]) ** 2 + (contact[1] - py[d]) ** 2);
            if (cd < 2 * R - TOL) bad(`${sc.figures[a].id} moves into ${sc.figures[d].id}'s base`);
            if (cd > 2 * R + TOL) bad(`${sc.figures[a].id} fights ${sc.figures[d].id} without base contact (${cd.toFixed(3)} apart)`);
            if (!standsFree(contact[0], contact[1])) bad(`${sc.figures[a].id} moves into contact onto impassable ground or off the table`);
            // [E40b]: set aside only when the straight slide to the defender's base was not free (round bases).
            if (e.contactHow === 'aside') {
              const l = dAt(a, d);
              const cx = px[d] + ((px[a] - px[d]) / l) * 2 * R;
              const cy = py[d] + ((py[a] - py[d]) / l) * 2 * R;
              let free = cx >= R + TOL && cy >= R + TOL && cx <= table.width - R - TOL && cy <= table.height - R - TOL;
              for (const o of table.obstacles) if (free && segmentToPolygon(px[a], py[a], cx, cy, o.poly) < R + TOL) free = false;
              for (let g = 0; g < n && free; g++) {
                if (g === a || g === d || wounds[g] <= 0) continue;
                if (distToSegment(px[g], py[g], px[a], py[a], cx, cy) < 2 * R + TOL) free = false;
              }
              if (free)
                bad(
                  `${sc.figures[a].id} was set aside into contact with ${sc.figures[d].id} although the straight slide from (${px[a]}, ${py[a]}) was free ([E40b])`,
                );
            }
            px[a] = contact[0];
            py[a] = contact[1];
            cover[a] = 0;
          } else if (e.contactHow === 'touching') {
            if (dAt(a, d) > 2 * R + TOL)
              bad(`${sc.figures[a].id} fights ${sc.figures[d].id} from ${dAt(a, d).toFixed(3)} apart, said to be touching`);
          } else bad(`${sc.figures[a].id} fights ${sc.figures[d].id} with no move into contact and no reason (${String(e.contactHow)})`);
          for (const g of strs(e.spent).map((x) => idx(x))) {
            if (g < 0) continue;
            if (used[g]) bad(`${sc.figures[g].id} supports a massed pike attack after using its turn`);
            used[g] = 1;
          }
          checkScores(e, `${sc.figures[a].id} fighting`);
          const massed = nums(e.massed);
          const total = nums(e.active).length + nums(e.passive).length;
          if (total !== num(e.pool) + 1 + out[0] + massed[0])
            bad(`${sc.figures[a].id} fights with ${total} dice; pool+1+outnumbering+massed is ${num(e.pool) + 1 + out[0] + massed[0]}`);
          if (nums(e.defence).length !== num(e.defBase) + out[1] + massed[1])
            bad(`${sc.figures[d].id} defends with the wrong number of dice`);
          if (num(e.defBase) < sc.figures[d].rating) bad(`${sc.figures[d].id} defends with fewer dice than its rating`);
          const sa = num(e.score);
          const sd = num(e.defScore);
          const ra = sc.figures[a].rating;
          const rd = sc.figures[d].rating;
          const w = sa > sd ? a : sd > sa ? d : ra > rd ? a : rd > ra ? d : -1;
          const winner = e.winner === null ? -1 : idx(e.winner);
          if (winner !== w || (w >= 0 && num(e.diff) !== Math.abs(sa - sd)))
            bad(`fight ${sa} v ${sd} (ratings ${ra}/${rd}): winner ${String(e.winner)} by ${String(e.diff)}`);
          if (e.ignored && (e.firstStrike === null || e.winner === e.firstStrike)) bad('a win ignored without a first strike against it');
          // [E47] "for the first round of fighting only": once the attacker struck first against an
          // enemy, or won a round against it, first strike does not come back against that enemy
          // this turn — whatever fights with others come in between.
          if (!e.interrupt) {
            if (e.firstStrike !== null && fsOver.has(d))
              bad(
                `${sc.figures[a].id} fights ${sc.figures[d].id} again this turn with first strike (${String(e.firstStrike)}) after its first round was over ([E47])`,
              );
            if (e.firstStrike !== null && (e.firstStrike === sc.figures[a].id || winner === a)) fsOver.add(d);
          }
          const eff = w >= 0 && !e.ignored ? fightingEffect(Math.abs(sa - sd)) : { name: 'none', hits: 0, pushed: false };
          if (e.effect !== eff.name || num(e.hits) !== eff.hits)
            bad(`fighting by ${Math.abs(sa - sd)}: effect ${String(e.effect)}/${String(e.hits)}; the table gives ${eff.name}/${eff.hits}`);
          const loser = w === a ? d : w === d ? a : -1;
          applyEffect(loser, eff.name, eff.hits);
          fought.push([a, d]);
          if (!e.interrupt) {
            pool++;
            afterInit(e, expectInit(num(e.ones)));
          }
          break;
        }
        case 'shift': {
          const f = idx(e.figure);
          if (f < 0) break;
          const from = point(e.from);
          const to = point(e.to);
          if (!from || !to) {
            bad(`${sc.figures[f].id} shifts without places`);
            break;
          }
          if (Math.abs(from[0] - px[f]) > TOL || Math.abs(from[1] - py[f]) > TOL)
            bad(`${sc.figures[f].id} shifts from (${from.join(', ')}) but stands at (${px[f]}, ${py[f]})`);
          const len = Math.sqrt((to[0] - from[0]) ** 2 + (to[1] - from[1]) ** 2);
          if (len > sc.zoc + TOL) bad(`${sc.figures[f].id} pushed or stepped back ${len.toFixed(3)}, more than a base width`);
          if (!standsFree(to[0], to[1])) bad(`${sc.figures[f].id} pushed onto impassable ground or off the table`);
          if (e.why === 'apart' && e.blocked === true) apartBlocked.add(f);
          if (e.blocked === true && (typeof e.blockedBy !== 'string' || (e.blockedBy !== 'table edge' && typeof e.blocker !== 'string')))
            bad(`${sc.figures[f].id}'s blocked shift does not say what blocked it`);
          if (e.blocked !== true && Math.abs(len - num(e.want)) > TOL)
            bad(`${sc.figures[f].id} shifts ${len.toFixed(3)} of ${String(e.want)} without being blocked`);
          // A blocked push or step stops touching what it names (a slide shorter than 0.002 in is
          // not made, so one not made may stand that much off): round bases, since 2.3.0.
          if (e.blocked === true && typeof e.blockedBy === 'string') {
            const off = blockerGap(to[0], to[1], e.blockedBy, typeof e.blocker === 'string' ? e.blocker : null);
            const slack = (len < TOL ? 2e-3 : 0) + TOL;
            if (!(off <= slack))
              bad(
                `${sc.figures[f].id}'s ${String(e.why)} shift is blocked by ${e.blockedBy}${typeof e.blocker === 'string' ? ` ${e.blocker}` : ''}, but at (${to.join(', ')}) it stands ${Number.isNaN(off) ? 'clear of nothing so named' : `${off.toFixed(3)} in clear of it`}`,
              );
          }
          px[f] = to[0];
          py[f] = to[1];
          if (len > 0) cover[f] = 0;
          break;
        }
        case 'out': {
          const f = idx(e.figure);
          if (f >= 0 && wounds[f] !== 0) bad(`${sc.figures[f].id} out of action with ${wounds[f]} wounds left`);
          break;
        }
        case 'figureEnd': {
          fsOver.clear();
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
          if (sideLost && e.why !== 'a second 1' && e.why !== 'two 1s in one roll')
            bad(`the side lost the initiative but its turn ended for "${String(e.why)}"`);
          if (!sideLost && (e.why === 'a second 1' || e.why === 'two 1s in one roll'))
            bad(`the turn ended for "${String(e.why)}" without such a roll`);
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
        if (Math.abs(s.x[f] - px[f]) > TOL || Math.abs(s.y[f] - py[f]) > TOL)
          bad(`${id} stands at (${s.x[f]}, ${s.y[f]}) in the state but (${px[f]}, ${py[f]}) from the events`);
        px[f] = s.x[f];
        py[f] = s.y[f];
        if (s.shaken[f] !== shaken[f] || s.cowered[f] !== cowered[f] || s.disarmed[f] !== disarmed[f] || s.cover[f] !== cover[f]) {
          bad(
            `${id} markers in the state (S${s.shaken[f]} C${s.cowered[f]} D${s.disarmed[f]} cover${s.cover[f]}) differ from the events (S${shaken[f]} C${cowered[f]} D${disarmed[f]} cover${cover[f]})`,
          );
        }
        if (s.reserved[f] !== reserved[f]) bad(`${id} reserved=${s.reserved[f]} in the state, ${reserved[f]} from the events`);
        if (s.disarmed[f] > 1) bad(`${id} has more than one Disarmed marker`);
      }
      // Where bases stand: a figure (or a pair) whose centre and wounds did not change stands as at the
      // previous decision, so only those that changed are looked at again (every one at the first).
      changes.update(s.x, s.y, s.wounds);
      const inPlay = (f: number): boolean => s.wounds[f] !== 0;
      for (let c = 0; c < changes.count; c++) {
        const f = changes.list[c];
        if (inPlay(f) && !table.roundFree(s.x[f], s.y[f])) bad(`${sc.figures[f].id}'s base stands on impassable ground or off the table`);
      }
      changes.pairs(inPlay, (f, g) => {
        if (Math.sqrt((s.x[f] - s.x[g]) ** 2 + (s.y[f] - s.y[g]) ** 2) < 2 * R - TOL)
          bad(`the bases of ${sc.figures[f].id} and ${sc.figures[g].id} overlap`);
      });
      // "All combatants are separated by their ZOC (a base width) at the end of the fight" ([E40]).
      for (const [a, d] of fought) {
        if (s.wounds[a] === 0 || s.wounds[d] === 0) continue;
        const apart = Math.sqrt((s.x[a] - s.x[d]) ** 2 + (s.y[a] - s.y[d]) ** 2);
        if (apart < K - TOL && !(apartBlocked.has(a) && apartBlocked.has(d)))
          bad(
            `${sc.figures[a].id} and ${sc.figures[d].id} end their fight ${apart.toFixed(3)} apart (centres), closer than a zone of control, without both steps recorded as blocked`,
          );
      }
      fought.length = 0;
      apartBlocked.clear();
      if (s.actor >= 0 && s.pool !== pool) bad(`the actor's pool is ${s.pool} in the state, ${pool} from the events`);
    },
  };
}
