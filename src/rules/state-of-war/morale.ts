/**
 * State of War morale [W25]–[W32]: a unit's pose and cover, flanking, the test's modifiers and the
 * test itself with its results.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { roll } from '../../core/rng.js';
import { angleDiff, angleTo, dist as geoDist } from '../../core/geometry.js';
import { coverSourceAt, foeDistance, foeOf, heightAt, lineOfSightOf } from './table.js';
import {
  BROKEN,
  COMMANDER_RANGE,
  FALL_BACK,
  MORALE_MODS,
  MORALE_NAMES,
  moraleResult,
  NO_ADVANCE,
  per20,
  RETIRING_RANGE,
} from './tables.js';
import { type SowState, ACTIVE, C, DEAD, DISABLED } from './state.js';
import { DEG } from './action.js';
import { activeCount, activeMembers, dropBarrel, majorityDie } from './units.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** Centre and mean facing of a unit's active figures. */
function unitPose(s: SowState, u: number): { x: number; y: number; facing: number; n: number } {
  // The active members in figure order ({@link activeMembers}' order; no list made).
  const figs = s.sc.sides[s.sc.units[u].side].figures;
  let m = 0;
  let x = 0;
  let y = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.unitOf[f] !== u || s.status[f] !== ON) continue;
    m++;
    x += s.x[f];
    y += s.y[f];
    cx += Math.cos(s.facing[f]);
    cy += Math.sin(s.facing[f]);
  }
  const n = Math.max(1, m);
  return { x: x / n, y: y / n, facing: Math.atan2(cy, cx), n: m };
}

/**
 * The unit's active members in cover now, whoever the enemy ([W31]): figure id → the id of the
 * area, building or fence that covers it ({@link coverSourceAt}).
 */
export function unitCover(s: SowState, u: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of activeMembers(s, u)) {
    const by = coverSourceAt(s.sc, s.x[f], s.y[f]);
    if (by !== null) out[s.sc.figures[f].id] = by;
  }
  return out;
}

/**
 * The enemy that puts a unit's flank or rear at risk ([W30]), or −1: the nearest enemy to the unit's
 * centre, more than 45° off its mean facing and nearer than any friendly figure of another unit.
 * Enemies within 0.01 cm of the nearest distance are all "the nearest": if any of them is off to a
 * flank, the flank is threatened (the first such by figure order is named). Since ruleset 1.4.0,
 * second outside reading D7: before, the first by figure order alone decided.
 */
export function flankedBy(s: SowState, u: number): number {
  const sc = s.sc;
  const side = sc.units[u].side;
  if (activeCount(s, u) === 0) return -1;
  const pose = unitPose(s, u);
  const e = foeOf(s, side, pose.x, pose.y);
  if (e < 0) return -1;
  const ed = foeDistance(s, side, pose.x, pose.y);
  let friend = Infinity;
  for (const g of sc.sides[side].figures) {
    if (s.status[g] !== ON || s.unitOf[g] === u) continue;
    friend = Math.min(friend, dist(pose.x, pose.y, s.x[g], s.y[g]));
  }
  if (!(ed < friend)) return -1;
  for (const g of sc.sides[1 - side].figures) {
    if (s.status[g] !== ON || dist(pose.x, pose.y, s.x[g], s.y[g]) > ed + FLANK_TIE) continue;
    if (angleDiff(angleTo(pose.x, pose.y, s.x[g], s.y[g]), pose.facing) * DEG > 45) return g;
  }
  return -1;
}

/** Enemies within this many cm of the nearest one's distance count as equally near ([W30]). */
export const FLANK_TIE = 0.01;

/** The modifiers of a unit's morale test now, by name [W26]–[W31]. */
export function moraleModifiers(s: SowState, u: number): Record<string, number> {
  const sc = s.sc;
  const unit = sc.units[u];
  const side = unit.side;
  const mods: Record<string, number> = {};
  const majority = majorityDie(s, u);
  // The unit's leader: its NCO, or the figure that made the detachment [W6], [W26].
  const lead = s.leader[u];
  if (lead >= 0 && s.status[lead] === ON && sc.figures[lead].die > majority) mods.betterLeader = MORALE_MODS.betterLeader;
  if (s.commanderFell[side] === s.turn) mods.commanderFell = MORALE_MODS.commanderFell;
  // Per 20% of the unit as formed (a scenario unit less its detachments; a detachment as made).
  const size = s.size[u];
  let out = 0;
  let wounded = 0;
  // The unit's members ({@link unitMembers}, with no list made).
  const own = sc.sides[side].figures;
  for (let i = 0; i < own.length; i++) {
    const f = own[i];
    if (s.unitOf[f] !== u) continue;
    if (s.status[f] === DISABLED || s.status[f] === DEAD) out++;
    else if (s.status[f] === ON && s.wounds[f] === 1) wounded++;
  }
  if (per20(out, size) > 0) mods.out = MORALE_MODS.per20Out * per20(out, size);
  if (lead >= 0 && (s.status[lead] === DISABLED || s.status[lead] === DEAD)) mods.ncoFell = MORALE_MODS.ncoFell;
  if (per20(wounded, size) > 0) mods.wounded = MORALE_MODS.per20Wounded * per20(wounded, size);
  const members = activeMembers(s, u);
  // Retiring: the unit, or a friendly unit with a member within 20 cm.
  let retiring = s.morale[u] >= FALL_BACK;
  for (const v of sc.sides[side].units) {
    if (retiring) break;
    if (v === u || s.morale[v] < FALL_BACK) continue;
    for (let i = 0; i < own.length; i++) {
      const g = own[i];
      if (s.unitOf[g] !== v || s.status[g] !== ON) continue;
      for (const f of members) if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= RETIRING_RANGE) retiring = true;
    }
  }
  if (retiring) mods.retiring = MORALE_MODS.retiring;
  if (flankedBy(s, u) >= 0) mods.flanked = MORALE_MODS.flanked;
  if (s.advanced[u]) mods.advancing = MORALE_MODS.advancing;
  for (const v of sc.sides[side].units) {
    if (v === u || !(s.advanced[v] || s.wonMelee[v])) continue;
    let seen = false;
    // One member seeing one of them is enough (line of sight is pure: asking on changes nothing).
    for (let i = 0; i < own.length; i++) {
      const g = own[i];
      if (s.unitOf[g] !== v || s.status[g] !== ON) continue;
      for (const f of members) {
        if (lineOfSightOf(s, f, g)) {
          seen = true;
          break;
        }
      }
      if (seen) break;
    }
    if (seen) {
      mods.friends = MORALE_MODS.friendsAdvancing;
      break;
    }
  }
  if (members.length > 0) {
    // "+1 : Uphill of all enemies or in cover" is one +1; the record names which gave it: `cover`
    // when most active members are in cover (the morale event's `inCover` says what covers whom),
    // else `uphill` (ruleset 1.3.0, audit B1; before, one merged `uphillOrCover`).
    // How many active members are in cover ({@link unitCover}'s entries, counted without building it).
    let inCover = 0;
    for (const f of members) if (coverSourceAt(sc, s.x[f], s.y[f]) !== null) inCover++;
    let low = Infinity;
    for (const f of members) low = Math.min(low, heightAt(sc, s.x[f], s.y[f]));
    let high = -Infinity;
    for (const e of sc.sides[1 - side].figures) if (s.status[e] === ON) high = Math.max(high, heightAt(sc, s.x[e], s.y[e]));
    if (inCover * 2 > members.length) mods.cover = MORALE_MODS.uphillOrCover;
    else if (low > high) mods.uphill = MORALE_MODS.uphillOrCover;
  }
  const cmd = sc.sides[side].commander;
  if (cmd >= 0 && s.status[cmd] === ON) {
    for (const f of members.length > 0 ? members : []) {
      // dist(f, cmd) written out (the same float; four coordinates passed would be boxed).
      const dx = s.x[cmd] - s.x[f];
      const dy = s.y[cmd] - s.y[f];
      if (Math.sqrt(dx * dx + dy * dy) <= COMMANDER_RANGE && lineOfSightOf(s, f, cmd)) {
        mods.commanderNear = MORALE_MODS.commanderNear;
        break;
      }
    }
  }
  return mods;
}

/**
 * A unit's morale test [W25]–[W32], at most once per action phase unless `always` (the force
 * commander's fall); returns the unit's morale status after it. A result can worsen the status,
 * never improve it.
 */
export function moraleTest(s: SowState, u: number, trigger: string, ctx: StepContext<SowEvent>, always = false): number {
  const sc = s.sc;
  if (activeCount(s, u) === 0) {
    // A hurt that leaves the unit no active member: no one is left to test, and the record says so,
    // so every hurt has its line [W25] (since ruleset 1.5.0, third outside reading D2).
    ctx.emit?.({ e: 'noTest', turn: s.turn, unit: sc.units[u].id, trigger, why: 'no active member', status: MORALE_NAMES[s.morale[u]] });
    return s.morale[u];
  }
  if (s.tested[u] && !always) {
    // At most one test a unit per action phase [W25]; the record says so, so no trigger goes untold.
    ctx.emit?.({
      e: 'noTest',
      turn: s.turn,
      unit: sc.units[u].id,
      trigger,
      why: 'tested this action phase',
      status: MORALE_NAMES[s.morale[u]],
    });
    return s.morale[u];
  }
  s.tested[u] = 1;
  const die = majorityDie(s, u);
  const face = roll(ctx.rng, die);
  const mods = moraleModifiers(s, u);
  let score = face;
  // The modifiers summed in their order (Object.values' order, without its list).
  for (const k in mods) score += mods[k];
  const result = moraleResult(score);
  s.counters[C.moraleTests]++;
  const before = s.morale[u];
  const own = s.side === sc.units[u].side;
  if (result > before) {
    s.morale[u] = result;
    s.counters[C.moraleFailures]++;
    if (result === NO_ADVANCE || result === FALL_BACK) s.pending[u] = own ? 2 : 1;
    // Broken in its own phase, it runs through its next one before it may try to rally [W32].
    if (result === BROKEN) s.pending[u] = own ? 1 : 0;
  } else if (result === before && (result === NO_ADVANCE || result === FALL_BACK)) {
    // The same result again holds for the unit's next action phase too ("next turn", [W32]).
    s.pending[u] = Math.max(s.pending[u], own ? 2 : 1);
  }
  // The record's flanker, worked out only for a record.
  const flank = ctx.emit && mods.flanked !== undefined ? flankedBy(s, u) : -1;
  ctx.emit?.({
    e: 'morale',
    turn: s.turn,
    unit: sc.units[u].id,
    trigger,
    die: `d${die}`,
    face,
    mods,
    inCover: unitCover(s, u),
    ...(flank >= 0 ? { flankedBy: sc.figures[flank].id } : {}),
    score,
    result: MORALE_NAMES[result],
    status: MORALE_NAMES[s.morale[u]],
  });
  // Running men drop what they carry [W6], [W32].
  if (s.morale[u] >= BROKEN) for (const f of activeMembers(s, u)) dropBarrel(s, f, 'running', ctx);
  return s.morale[u];
}
