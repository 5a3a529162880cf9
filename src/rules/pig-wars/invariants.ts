/**
 * Rule invariants of Pig Wars (both versions), checked from the events of a game independently of
 * the engine's bookkeeping, and from the state after each decision. Any violation is a defect.
 */
import type { InvariantMonitor } from '../../core/model.js';
import type { PigEvent } from './events.js';
import type { PigScenario } from './compile.js';
import { ACTIVE, DEAD, GONE, ROUT, type PigState } from './state.js';
import { PIRATE_MOVE_BASE, clampD12, daMoveFactor } from './tables.js';
import { StepChanges } from '../../core/table/index.js';

const TOL = 0.01;

/** The sum of recorded modifiers' values. */
function sum(m: readonly { value: number }[]): number {
  let t = 0;
  for (const x of m) t += x.value;
  return t;
}
/** The length of a recorded path (inches). */
function pathLen(a: readonly (readonly [number, number])[]): number {
  let t = 0;
  for (let i = 0; i + 1 < a.length; i++) t += Math.hypot(a[i + 1][0] - a[i][0], a[i + 1][1] - a[i][1]);
  return t;
}

/** The part of a fall back (its `value` is the whole 1½ moves). */
const FALL_BACK_PART = '1½ move';

/**
 * A monitor for one game on `sc`. Besides the tallies of every ruleset (statuses, dice, mêlée
 * arithmetic, overlaps) it checks, from the events alone (issue 38, items 5–9):
 * - a move's allowance is its parts' values summed, times every part's `factor`, never below 0
 *   ([R11], [R12]); a part named "× k" carries `factor` k;
 * - a fall back is 1½ × the figure's move ([R27]): DA its movement factor; PI its kind's base by the
 *   order its unit stood in when the unit's fall-back D6 was rolled (before the first fall back
 *   of that result broke it) + that D6;
 * - no figure charges (reaches contact or falls short) in the turn it or the next after it charged
 *   or fell back — morale, rout out of command or a failed rally ([R7], [R27]), and a figure held
 *   "behind the charge (may not charge)" did one of those in that turn or the one before.
 */
export function pigInvariants(sc: PigScenario): InvariantMonitor<PigState, PigEvent> {
  const violations: string[] = [];
  const status = new Map<string, string>(sc.figures.map((f) => [f.id, 'active']));
  // The figures whose status the events changed since the last decision, and what changed in the
  // state (centres, status, leader hits): afterStep looks again only at those (see StepChanges).
  const statusTouched = new Set<string>();
  const setStatus = (id: string, st: string): void => {
    status.set(id, st);
    statusTouched.add(id);
  };
  const changes = new StepChanges(sc.figures.length);
  const pos = new Map<string, [number, number]>(sc.figures.map((f) => [f.id, [sc.startX[f.index], sc.startY[f.index]]]));
  let turn = 1;
  let cards = 0;
  const perTurn = sc.sides[0].cards + sc.sides[1].cards;
  const infoOf = new Map(sc.figures.map((f) => [f.id, f]));
  const unitId = (id: string): string => {
    const info = infoOf.get(id);
    return info ? sc.units[info.unit].id : id;
  };
  /** Each unit's close order now (PI), from the scenario and the `formation` events. */
  const close = new Map<string, boolean>(sc.units.map((u) => [u.id, u.close]));
  /** Each unit's last fall-back D6 and the order the unit stood in when it was rolled. */
  const fallDie = new Map<string, { roll: number; close: boolean }>();
  /** Turn each figure last charged (a charge move, home or short) and last fell back. */
  const charged = new Map<string, number>();
  const fellBack = new Map<string, number>();
  const recent = (m: Map<string, number>, id: string): number | undefined => {
    const t = m.get(id);
    return t !== undefined && t >= turn - 1 ? t : undefined;
  };
  const bad = (msg: string): void => {
    if (violations.length < 50) violations.push(`turn ${turn}: ${msg}`);
  };
  const die = (x: number, sides: number, what: string): void => {
    if (!Number.isInteger(x) || x < 1 || x > sides) bad(`${what} ${x} is not a d${sides} roll`);
  };
  return {
    violations,
    event(e: PigEvent) {
      switch (e.e) {
        case 'turn':
          turn = e.turn;
          cards = 0;
          break;
        case 'card':
          cards++;
          if (cards > perTurn) bad(`${cards} cards drawn in a turn of ${perTurn}`);
          break;
        case 'move': {
          const id = e.f;
          const st = status.get(id);
          if (st !== 'active' && st !== 'rout') bad(`${id} (${st}) moves`);
          const len = pathLen(e.path);
          if (Math.abs(len - e.length) > 0.02 * Math.max(1, len)) bad(`${id}: path length ${len.toFixed(2)} ≠ reported ${e.length}`);
          if (e.length > e.allowance + TOL) bad(`${id} moves ${e.length} in over its allowance ${e.allowance}`);
          const p0 = e.path[0];
          const was = pos.get(id);
          if (was && Math.hypot(was[0] - p0[0], was[1] - p0[1]) > 0.01)
            bad(`${id} starts its move at (${p0[0]}, ${p0[1]}) but stood at (${was[0].toFixed(3)}, ${was[1].toFixed(3)})`);
          const p1 = e.path[e.path.length - 1];
          pos.set(id, [p1[0], p1[1]]);
          const parts = e.parts;
          let total = 0;
          let scale = 1;
          for (const p of parts) {
            total += p.value;
            const named = /×\s*([0-9.]+)/.exec(p.name);
            if (named && p.factor !== Number(named[1])) bad(`${id}: move part "${p.name}" has factor ${String(p.factor)}`);
            if (p.factor !== undefined) scale *= p.factor;
          }
          if (parts.length && Math.abs(Math.max(0, total * scale) - e.allowance) > 0.002)
            bad(
              `${id}: allowance ${e.allowance} ≠ its parts (${parts.map((p) => `${p.name} ${p.value}${p.factor !== undefined ? ` ×${p.factor}` : ''}`).join(', ')}) = ${Math.max(0, total * scale).toFixed(3)}`,
            );
          const info = infoOf.get(id);
          if (parts.length === 1 && parts[0].name === FALL_BACK_PART && info) {
            let want: number;
            let how: string;
            if (sc.version.moveDie) {
              const die = fallDie.get(unitId(id));
              const foot = info.moveKind === 'close-foot' || info.moveKind === 'loose-foot';
              const kind = foot ? (die?.close ? 'close-foot' : 'loose-foot') : info.moveKind;
              want = die ? 1.5 * (PIRATE_MOVE_BASE[kind] + die.roll) : NaN;
              how = `1½ × (${kind} ${PIRATE_MOVE_BASE[kind]} + fall-back D6 ${String(die?.roll)})`;
            } else {
              want = 1.5 * daMoveFactor(info.armour, info.mounted, false, false, 0);
              how = `1½ × its movement factor`;
            }
            if (!(Math.abs(e.allowance - want) <= 0.002)) bad(`${id} falls back ${e.allowance} in, not ${how} = ${want}`);
          }
          const why = e.why;
          if (e.charge !== undefined || (why.startsWith('charge on ') && why.endsWith(' falls short'))) {
            const c = recent(charged, id);
            if (c !== undefined) bad(`${id} charges, having charged in turn ${c} (chargers rest 1 turn)`);
            const b = recent(fellBack, id);
            if (b !== undefined) bad(`${id} charges, having fallen back in turn ${b} (may not charge on next turn)`);
            charged.set(id, turn);
          } else if (why.startsWith('behind the charge') && recent(charged, id) === undefined && recent(fellBack, id) === undefined)
            bad(`${id} is held back from a charge (${why}) but neither charged nor fell back this turn or the last`);
          break;
        }
        case 'die':
          if (e.what === 'fall-back D6') fallDie.set(e.unit, { roll: e.roll, close: close.get(e.unit) === true });
          break;
        case 'formation':
          if (e.close !== undefined) close.set(e.unit, e.close);
          break;
        case 'shoot':
          if (status.get(e.f) !== 'active') bad(`${e.f} (${status.get(e.f)}) shoots`);
          die(e.roll, 12, 'shooting roll');
          if (e.block !== undefined) die(e.block, 12, 'block roll');
          if (e.save !== undefined) die(e.save, 12, 'save roll');
          break;
        case 'melee': {
          for (const id of [e.a, e.b]) if (status.get(id) !== 'active') bad(`${id} (${status.get(id)}) fights`);
          die(e.rollA, 12, 'melee roll');
          die(e.rollB, 12, 'melee roll');
          const a = clampD12(e.rollA + sum(e.modsA));
          const b = clampD12(e.rollB + sum(e.modsB));
          if (a !== e.adjA || b !== e.adjB) bad(`melee ${e.a}–${e.b}: adjusted rolls ${e.adjA}/${e.adjB} ≠ clamped ${a}/${b}`);
          const expect =
            a === b
              ? 'tie'
              : a > b
                ? a - b >= e.marginToKillB
                  ? 'a kills'
                  : 'continuing'
                : b - a >= e.marginToKillA
                  ? 'b kills'
                  : 'continuing';
          if (expect !== e.result) bad(`melee ${e.a}–${e.b}: result ${e.result}, the rolls say ${expect}`);
          break;
        }
        case 'leader':
          die(e.roll, 12, 'leader combat roll');
          break;
        case 'kill':
          if (status.get(e.f) === 'dead' || status.get(e.f) === 'gone') bad(`${e.f} killed twice`);
          setStatus(e.f, 'dead');
          break;
        case 'gone':
          setStatus(e.f, 'gone');
          break;
        case 'morale':
          die(e.roll, 12, 'morale roll');
          if (e.roll + sum(e.mods) !== e.total) bad(`morale of ${e.unit}: total ${e.total} ≠ roll + modifiers`);
          for (const id of e.rout) setStatus(id, 'rout');
          for (const id of [...e.fallBack, ...e.rout]) fellBack.set(id, turn);
          break;
        case 'rally':
          die(e.roll, 12, 'rally roll');
          for (const id of e.rallied) {
            if (status.get(id) !== 'rout') bad(`${id} rallies but was ${status.get(id)}`);
            setStatus(id, 'active');
          }
          for (const id of e.failed) fellBack.set(id, turn);
          break;
        case 'command':
          setStatus(e.f, 'rout');
          fellBack.set(e.f, turn);
          break;
      }
    },
    afterStep(s: PigState) {
      // Each figure's status against the events, its place and its leader hits: a figure that changed
      // in none of them, nor by the events, stands as at the previous decision (every one at the first).
      changes.update(s.x, s.y, s.status, s.hits);
      const figure = (i: number): void => {
        const f = sc.figures[i];
        const st = s.status[i];
        const want = status.get(f.id);
        const got = st === ACTIVE ? 'active' : st === ROUT ? 'rout' : st === DEAD ? 'dead' : st === GONE ? 'gone' : '?';
        if (want !== got) bad(`${f.id} is ${got} in the state but ${want} by the events`);
        if ((st === ACTIVE || st === ROUT) && !sc.nav.isFree(s.x[i], s.y[i])) bad(`${f.id} stands off the table or in a building`);
        if (s.hits[i] >= 3 && st === ACTIVE) bad(`${f.id} is active with ${s.hits[i]} leader hits`);
      };
      for (let c = 0; c < changes.count; c++) figure(changes.list[c]);
      for (const id of statusTouched) {
        const i = sc.figureIndex.get(id) ?? -1;
        if (i >= 0 && !changes.changed(i)) figure(i);
      }
      statusTouched.clear();
      let landedPigs = 0;
      for (const b of s.pigBy) if (b === -2) landedPigs++;
      if (!sc.objective && landedPigs !== s.landed) bad(`landed ${s.landed} but ${landedPigs} pigs are landed`);
      for (let p = 0; p < s.pigBy.length; p++)
        if (s.pigBy[p] >= 0 && s.status[s.pigBy[p]] !== ACTIVE) bad(`pig ${p} is held by ${sc.figures[s.pigBy[p]].id}, who is not active`);
      // No two figures on one spot (pairs with a figure that moved or changed status).
      const onTable = (i: number): boolean => s.status[i] === ACTIVE || s.status[i] === ROUT;
      changes.pairs(onTable, (a, b) => {
        if (Math.hypot(s.x[a] - s.x[b], s.y[a] - s.y[b]) < 2 * sc.radius - 0.01) bad(`${sc.figures[a].id} and ${sc.figures[b].id} overlap`);
      });
    },
  };
}
