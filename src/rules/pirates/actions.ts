/**
 * Pirates! actions: the legal actions of the deciding side (§3–§9) and applying one — band
 * choices, group moves (§4.D), moves, fights, charges, fire, pillage, reload.
 */
import { dist, pointInPolygon } from '../../core/geometry.js';
import { maxRange } from './tables.js';
import { blockedData, cohesionRule, destinationKeysInto, execMove, exactMovePlan, soloBlockedReason, soloMovePlan } from './movement.js';
import { allowanceOf, canFire, fireDieFrom, rangeDieFrom } from './table.js';
import { chargeOffered, chargePlan, moveFireOffered, moveFirePlan } from './approach.js';
import { resolveAttack } from './combat.js';
import { GROUP_STOP_SHORT, type PiratesAction, actionTable } from './action.js';
import { bandCount, newBandMembers } from './bands.js';
import { bandChoices, checkVictory, nextCard, nextFigure, startActivation } from './turn.js';
import { ACTIVE, C, PH_BAND, PH_FIGURE, PH_GROUP, PH_OVER, type PiratesState } from './state.js';
import type { PiratesCtx } from './events.js';

// ───────────────────────────── legal actions ─────────────────────────────

/** The legal actions of the deciding side, in a fixed order. Precondition: not over. */
export function legalActions(s: PiratesState): PiratesAction[] {
  if (s.phase === PH_BAND) {
    const out = bandChoices(s, s.actCard);
    out.push(actionTable(s.sc).pass);
    return out;
  }
  if (s.phase === PH_GROUP) return groupOptions(s);
  if (s.phase === PH_FIGURE) return figureOptions(s, s.queue[s.qPos]);
  return [];
}

function groupOptions(s: PiratesState): PiratesAction[] {
  // The centre of the band's active members (centreOf's sums, in id order), into a scratch point.
  const b = s.actBand;
  const side = s.bandSide[b];
  const figs = s.sc.sides[side].figures;
  let n = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.band[f] !== b || s.status[f] !== ACTIVE) continue;
    n++;
    x += s.x[f];
    y += s.y[f];
  }
  const c = FO_FROM;
  c.x = x / n;
  c.y = y / n;
  const out: PiratesAction[] = [];
  const A = actionTable(s.sc);
  const nk = destinationKeysInto(s, c, side, -1, GROUP_STOP_SHORT + 0.5, FO_KEYS);
  for (let i = 0; i < nk; i++) out.push(A.group.get(FO_KEYS[i]) ?? { k: 'group', to: FO_KEYS[i] });
  out.push(A.solo);
  return out;
}

/**
 * Scratch lists of {@link figureOptions} (no allocation per call): enemies in contact; and, as
 * figure and distance sorted by distance (ties: lower figure) as they are found, those a charge may
 * reach and those within a shot's reach plus half a move (with whether each is in sight, asked
 * lazily). Grown to the scenario's figure count when short.
 */
let FO_CAP = 0;
let FO_CONTACT = new Int32Array(0);
let FO_CH_F = new Int32Array(0);
let FO_CH_D = new Float64Array(0);
let FO_SHOT_F = new Int32Array(0);
let FO_SHOT_D = new Float64Array(0);
let FO_SIGHT = new Uint8Array(0);
/** Distances from the deciding figure to the enemies, by position in its enemies' list (active ones only). */
let FO_FOE_D = new Float64Array(0);

function figureScratch(n: number): void {
  if (FO_CAP >= n) return;
  FO_CAP = n;
  FO_FOE_D = new Float64Array(n);
  FO_CONTACT = new Int32Array(n);
  FO_CH_F = new Int32Array(n);
  FO_CH_D = new Float64Array(n);
  FO_SHOT_F = new Int32Array(n);
  FO_SHOT_D = new Float64Array(n);
  FO_SIGHT = new Uint8Array(n);
}

/** Insert (f, d) into the first `n` entries of a list sorted by distance, then figure (the order of a sort by `d - d' || f - f'`). */
function insertByDist(F: Int32Array, D: Float64Array, n: number, f: number, d: number): void {
  let i = n;
  while (i > 0 && (D[i - 1] > d || (D[i - 1] === d && F[i - 1] > f))) {
    F[i] = F[i - 1];
    D[i] = D[i - 1];
    i--;
  }
  F[i] = f;
  D[i] = d;
}

/** Scratch of the destination keys offered now, and of the point they are asked from (read at once, never kept). */
const FO_KEYS: string[] = [];
const FO_FROM: { x: number; y: number } = { x: 0, y: 0 };

/** Scratch points of {@link sightTo}. */
const SIGHT_A: { x: number; y: number } = { x: 0, y: 0 };
const SIGHT_B: { x: number; y: number } = { x: 0, y: 0 };

/** 1 when figure `f` sees figure `t`, else 2 (lineOfSight between their centres, asked with points: no boxed coordinates). */
function sightTo(s: PiratesState, f: number, t: number): number {
  SIGHT_A.x = s.x[f];
  SIGHT_A.y = s.y[f];
  SIGHT_B.x = s.x[t];
  SIGHT_B.y = s.y[t];
  return s.sc.table.lineOfSightBetween(SIGHT_A, SIGHT_B) ? 1 : 2;
}

function figureOptions(s: PiratesState, f: number): PiratesAction[] {
  const sc = s.sc;
  const info = sc.figures[f];
  const side = info.side;
  const out: PiratesAction[] = [];
  const A = actionTable(sc);
  const group = s.groupTo !== '';
  if (group) out.push(A.follow);
  out.push(A.hold);
  figureScratch(sc.figures.length);
  const foes = sc.sides[1 - side].figures;
  const fx = s.x[f];
  const fy = s.y[f];
  // The distance to each active enemy, worked out once for the destinations and the attacks.
  const foeDist = FO_FOE_D;
  if (!group || !s.attacked[f]) {
    for (let i = 0; i < foes.length; i++) {
      const e = foes[i];
      if (s.status[e] === ACTIVE) foeDist[i] = dist(fx, fy, s.x[e], s.y[e]);
    }
  }
  if (!group) {
    const from = FO_FROM;
    from.x = fx;
    from.y = fy;
    const nk = destinationKeysInto(s, from, side, f, sc.contact, FO_KEYS, foeDist);
    for (let i = 0; i < nk; i++) out.push(A.move.get(FO_KEYS[i]) ?? { k: 'move', to: FO_KEYS[i] });
  }
  if (!s.attacked[f]) {
    // The §3.F rule is made only when a charge or move & fire is to be tried.
    let coh: ReturnType<typeof cohesionRule> = null;
    let cohMade = false;
    const half = allowanceOf(s, f, true).full;
    const fire = canFire(s, f);
    const reach = fire ? maxRange(info.weapon) + 2 * sc.radius : 0;
    const contact = FO_CONTACT;
    let nContact = 0;
    let nCharge = 0;
    let nShot = 0;
    for (let i = 0; i < foes.length; i++) {
      const e = foes[i];
      if (s.status[e] !== ACTIVE) continue;
      const d = foeDist[i];
      if (d <= sc.contact) contact[nContact++] = e;
      else if (d - 2 * sc.radius <= half) insertByDist(FO_CH_F, FO_CH_D, nCharge++, e, d);
      // Enemies a shot could concern, nearest first; whether each is in sight is asked only when needed.
      if (fire && d <= reach + half) insertByDist(FO_SHOT_F, FO_SHOT_D, nShot++, e, d);
    }
    for (let i = 0; i < nContact; i++) {
      const e = contact[i];
      out.push(A.fight[e]);
      if (sc.captures) out.push(A.fightCapture[e]);
    }
    for (let i = 0; i < nCharge && i < 3; i++) {
      const c = FO_CH_F[i];
      if (!cohMade) {
        coh = cohesionRule(s, f);
        cohMade = true;
      }
      if (!chargeOffered(s, f, c, coh)) continue;
      out.push(A.charge[c]);
      if (sc.captures) out.push(A.chargeCapture[c]);
    }
    if (fire) {
      // Targets: enemies within reach and in sight (their die from here is the range band's). The
      // first four, nearest first, may be fired at. Sight is asked lazily (FO_SIGHT: 0 not asked,
      // 1 in sight, 2 not), as the lists below need it, in order of distance.
      const sight = FO_SIGHT;
      for (let i = 0; i < nShot; i++) sight[i] = 0;
      let nFire = 0;
      for (let i = 0; i < nShot && nFire < 4; i++) {
        const t = FO_SHOT_F[i];
        if (FO_SHOT_D[i] > reach) break;
        sight[i] = sightTo(s, f, t);
        if (sight[i] === 1) {
          out.push(A.fire[t]);
          nFire++;
        }
      }
      // Move & fire candidates, nearest first: targets whose range band could improve (die < 10),
      // and the rest within reach plus half a move (out of sight, or out of range).
      let n = 0;
      for (let i = 0; i < nShot; i++) {
        if (n >= 3) break;
        const t = FO_SHOT_F[i];
        let target = false;
        if (FO_SHOT_D[i] <= reach) {
          if (sight[i] === 0) sight[i] = sightTo(s, f, t);
          target = sight[i] === 1;
        }
        if (target && rangeDieFrom(s, f, t, s.x[f], s.y[f]) >= 10) continue;
        if (!cohMade) {
          coh = cohesionRule(s, f);
          cohMade = true;
        }
        if (moveFireOffered(s, f, t, coh, target ? rangeDieFrom(s, f, t, s.x[f], s.y[f]) : undefined)) {
          out.push(A.moveFire[t]);
          n++;
        }
      }
    }
  }
  if (side === sc.raiders && !s.booty[f] && !s.hasLanded[f] && pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) out.push(A.pillage);
  if (info.weapon.ranges.length > 0 && !s.loaded[f] && !s.reloading[f]) out.push(A.reload);
  return out;
}

// ───────────────────────────── apply ─────────────────────────────

function fail(s: PiratesState, a: PiratesAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

function figureArg(s: PiratesState, a: PiratesAction, id: string): number {
  const t = s.sc.figureIndex.get(id);
  if (t === undefined) fail(s, a, `no figure "${id}"`);
  return t;
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: PiratesState, a: PiratesAction, ctx: PiratesCtx): void {
  applyDecision(s, a, ctx, true);
}

/**
 * Apply an action listed by {@link legalActions} for this state, unchanged since (see
 * {@link Ruleset.applyLegal}): the same as {@link applyAction}, without working out again that it
 * is offered (destinations, group moves, range and sight of a shot, contact of a fight).
 */
export function applyLegalAction(s: PiratesState, a: PiratesAction, ctx: PiratesCtx): void {
  applyDecision(s, a, ctx, false);
}

/** {@link applyAction} (`check`: refuse an illegal action) or {@link applyLegalAction}. */
function applyDecision(s: PiratesState, a: PiratesAction, ctx: PiratesCtx, check: boolean): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  s.decisions++;
  if (s.phase === PH_BAND) {
    const card = s.sc.deck[s.actCard];
    if (a.k === 'pass') {
      s.counters[C.passes]++;
      ctx.emit?.({ e: 'pass', side: s.sc.sides[card.side].id, card: card.label });
      nextCard(s, ctx);
      return;
    }
    if (a.k === 'band') {
      if (check) {
        const n = bandCount(s, a.b);
        if (a.b < 0 || a.b >= s.nBands || s.bandSide[a.b] !== card.side || s.bandDone[a.b] || n === 0 || n > card.value) {
          fail(s, a, `band ${a.b} cannot answer ${card.label}`);
        }
      }
      startActivation(s, a.b, false, ctx);
      return;
    }
    if (a.k === 'new') {
      const members = newBandMembers(s, a, card.side, card.value);
      if (typeof members === 'string') fail(s, a, members);
      const b = s.nBands++;
      s.bandSide[b] = card.side;
      s.bandSize[b] = a.n;
      for (let i = 0; i < a.n; i++) s.band[members[i]] = b;
      startActivation(s, b, true, ctx);
      return;
    }
    fail(s, a, 'a band must be chosen for the card');
  }
  if (s.phase === PH_GROUP) {
    if (a.k === 'solo') s.groupTo = '';
    else if (a.k === 'group') {
      if (check && !groupOptions(s).some((o) => o.k === 'group' && o.to === a.to)) fail(s, a, `no group move "${a.to}" now`);
      s.groupTo = a.to;
      s.counters[C.groupMoves]++;
    } else fail(s, a, 'a group move (or solo) must be chosen');
    s.phase = PH_FIGURE;
    nextFigure(s, ctx);
    return;
  }
  const f = s.queue[s.qPos];
  figureAction(s, f, a, ctx, check);
  if (s.phase === PH_OVER) return;
  if (checkVictory(s, ctx)) return;
  s.qPos++;
  nextFigure(s, ctx);
}

function figureAction(s: PiratesState, f: number, a: PiratesAction, ctx: PiratesCtx, check: boolean): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const group = s.groupTo !== '';
  switch (a.k) {
    case 'hold':
      return;
    case 'follow':
      if (!group) fail(s, a, 'no group move to follow');
      s.followers[s.nFollow++] = f;
      return;
    case 'move': {
      if (check) {
        if (group) fail(s, a, 'the band is making a group move: follow it or act in place');
        const from = FO_FROM;
        from.x = s.x[f];
        from.y = s.y[f];
        const nk = destinationKeysInto(s, from, info.side, f, sc.contact, FO_KEYS);
        let offered = false;
        for (let i = 0; i < nk && !offered; i++) offered = FO_KEYS[i] === a.to;
        if (!offered) fail(s, a, `"${a.to}" is not a destination now`);
      }
      const plan = soloMovePlan(s, f, a.to);
      if (plan) execMove(s, f, plan, 'move', allowanceOf(s, f, false).full, ctx);
      else if (ctx.emit) ctx.emit({ e: 'blocked', figure: info.id, to: a.to, ...blockedData(soloBlockedReason(s, f, a.to)) });
      return;
    }
    case 'moveTo': {
      if (group) fail(s, a, 'the band is making a group move: follow it or act in place');
      const plan = exactMovePlan(s, f, a.x, a.y);
      if (typeof plan === 'string') fail(s, a, plan);
      execMove(s, f, plan, 'move', allowanceOf(s, f, false).full, ctx);
      return;
    }
    case 'fight': {
      const t = figureArg(s, a, a.t);
      if (check) {
        if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
        if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
        if (dist(s.x[f], s.y[f], s.x[t], s.y[t]) > sc.contact) fail(s, a, `${a.t} is not in base contact`);
        if (a.capture && !sc.captures) fail(s, a, 'captures are off in this scenario');
      }
      resolveAttack(s, f, t, { mode: 'fight', charged: false, moved: false, capture: a.capture }, ctx);
      return;
    }
    case 'charge': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      if (a.capture && !sc.captures) fail(s, a, 'captures are off in this scenario');
      const plan = chargePlan(s, f, t);
      if (!plan) fail(s, a, `cannot reach ${a.t} on half a move`);
      execMove(s, f, plan, 'charge', allowanceOf(s, f, true).full, ctx);
      resolveAttack(s, f, t, { mode: 'fight', charged: true, moved: false, capture: a.capture }, ctx);
      return;
    }
    case 'fire': {
      const t = figureArg(s, a, a.t);
      if (check) {
        if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
        if (!canFire(s, f)) fail(s, a, 'no loaded missile weapon (§8)');
        if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
        if (fireDieFrom(s, f, t, s.x[f], s.y[f]) === 0) fail(s, a, `${a.t} is out of range or out of sight`);
      }
      resolveAttack(s, f, t, { mode: 'fire', charged: false, moved: false, capture: false }, ctx);
      return;
    }
    case 'moveFire': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (!canFire(s, f)) fail(s, a, 'no loaded missile weapon (§8)');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      const plan = moveFirePlan(s, f, t);
      if (!plan) fail(s, a, `no better place to fire at ${a.t} from within half a move`);
      execMove(s, f, plan, 'moveFire', allowanceOf(s, f, true).full, ctx);
      resolveAttack(s, f, t, { mode: 'fire', charged: false, moved: true, capture: false }, ctx);
      return;
    }
    case 'pillage': {
      if (info.side !== sc.raiders) fail(s, a, 'only raiders pillage');
      if (s.hasLanded[f]) fail(s, a, 'this pirate has landed his load already (§11: 15 of his boys)');
      if (s.booty[f]) fail(s, a, 'already carrying booty');
      if (!pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) fail(s, a, `not at ${sc.objective.name}`);
      s.pillage[f]++;
      s.counters[C.pillages]++;
      const load = s.pillage[f] >= sc.pillageTurns;
      if (load) {
        s.pillage[f] = 0;
        s.booty[f] = 1;
        s.pillaged++;
      }
      ctx.emit?.({ e: 'pillage', figure: info.id, booty: load, pillaged: s.pillaged });
      return;
    }
    case 'reload': {
      if (info.weapon.ranges.length === 0 || s.loaded[f] || s.reloading[f]) fail(s, a, 'nothing to reload');
      s.reloading[f] = 1;
      s.counters[C.reloads]++;
      ctx.emit?.({ e: 'reload', figure: info.id });
      return;
    }
    default:
      fail(s, a, 'not a figure action');
  }
}
