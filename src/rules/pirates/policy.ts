/**
 * The scripted Pirates! policy, both sides, as a score per legal action (the agent plays the best;
 * MCTS uses the scores as its prior).
 *
 * Raiders: big bands (3–4) march on the objective and pillage; carriers go home at half speed; small
 * bands screen, charging townsfolk who come near; pistols fire, then reload.
 * Defenders: clubs gang up on isolated raiders (charging the ones already hurt this turn so hits add
 * up), otherwise close on the raiders' route; the watch fire from where they stand or from cover
 * that lies between them and the nearest raider, reload, and keep out of melee.
 */
import { dist, pointInPolygon } from '../../core/geometry.js';
import type { PiratesAction } from './action.js';
import { newBandInto, newBandList } from './bands.js';
import { fullAllowanceOf, viewOf } from './table.js';
import { type NearestHit, nearestAble, nearestAbleDist } from '../../core/table/index.js';
import { ACTIVE, PH_BAND, PH_FIGURE, PH_GROUP, type PiratesState } from './state.js';
import { fireDie } from './tables.js';

/** The nearest active enemy of the last group scored (kit nearestAble's answer, reused: no object per call). */
const NE: NearestHit = { f: -1, d: Infinity };

/**
 * Loads the raiders still lack beyond those already on the way: loads needed − landed − carried −
 * raiders who may still pillage (never landed a load, §11) standing within 10 in of the objective.
 * Positive: more raiders must go to the objective.
 */
function loadsUncommitted(s: PiratesState, side: number): number {
  const sc = s.sc;
  let committed = s.landed;
  for (const f of sc.sides[side].figures) {
    if (s.status[f] !== ACTIVE) continue;
    if (s.booty[f]) committed++;
    else if (!s.hasLanded[f] && sc.objective.field.approx(s.x[f], s.y[f]) <= 10) committed++;
  }
  return sc.bootyToWin - committed;
}

function friendsNear(s: PiratesState, t: number, r: number): number {
  const side = s.sc.figures[t].side;
  let n = 0;
  for (const g of s.sc.sides[side].figures) {
    if (g !== t && s.status[g] === ACTIVE && dist(s.x[g], s.y[g], s.x[t], s.y[t]) <= r) n++;
  }
  return n;
}

function hasRanged(s: PiratesState, f: number): boolean {
  return s.sc.figures[f].weapon.ranges.length > 0;
}

function idx(s: PiratesState, id: string): number {
  return s.sc.figureIndex.get(id) ?? -1;
}

/** The figure a destination key `foe:<id>` names (−1 when none). */
function foeIdx(s: PiratesState, key: string): number {
  return s.sc.foeIndex.get(key) ?? -1;
}

/**
 * Per band of the side deciding (scratch, filled by {@link bandScores} in one pass over its
 * figures, in their order): active members, the sums of their positions, and flags — a member
 * carries booty, a member without booty stands in the objective, a member has a missile weapon.
 */
let BS_N = new Int32Array(0);
let BS_X = new Float64Array(0);
let BS_Y = new Float64Array(0);
let BS_BOOTY = new Uint8Array(0);
let BS_ZONE = new Uint8Array(0);
let BS_RANGED = new Uint8Array(0);

function bandScores(s: PiratesState, legal: readonly PiratesAction[], side: number, raider: boolean): number[] {
  const sc = s.sc;
  const figs = sc.sides[side].figures;
  const nb = s.nBands;
  if (BS_N.length < nb) {
    const cap = Math.max(nb, 2 * BS_N.length, 16);
    BS_N = new Int32Array(cap);
    BS_X = new Float64Array(cap);
    BS_Y = new Float64Array(cap);
    BS_BOOTY = new Uint8Array(cap);
    BS_ZONE = new Uint8Array(cap);
    BS_RANGED = new Uint8Array(cap);
  }
  for (let b = 0; b < nb; b++) {
    BS_N[b] = 0;
    BS_X[b] = 0;
    BS_Y[b] = 0;
    BS_BOOTY[b] = 0;
    BS_ZONE[b] = 0;
    BS_RANGED[b] = 0;
  }
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    const b = s.band[f];
    if (s.status[f] !== ACTIVE || b < 0) continue;
    BS_N[b]++;
    BS_X[b] += s.x[f];
    BS_Y[b] += s.y[f];
    if (raider) {
      if (s.booty[f]) BS_BOOTY[b] = 1;
      else if (BS_ZONE[b] === 0 && pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) BS_ZONE[b] = 1;
    } else if (hasRanged(s, f)) BS_RANGED[b] = 1;
  }
  const out: number[] = [];
  // The candidates of the last group asked about ('new' actions of one group come together), the
  // distance from the first of them to the nearest enemy, and the place of the first with a
  // missile weapon (nCand when none): the same for every 'new' action of the group.
  let candG: string | null = null;
  let nCand = 0;
  let candNear = Infinity;
  let candRanged = 0;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i];
    if (a.k === 'pass') out.push(-5);
    else if (a.k === 'band') {
      const b = a.b;
      const n = b >= 0 && b < nb ? BS_N[b] : 0;
      if (n === 0) {
        out.push(0);
        continue;
      }
      const near = nearestAbleDist(viewOf(s), sc.sides[1 - side].figures, BS_X[b] / n, BS_Y[b] / n);
      let v = n;
      if (raider) {
        if (BS_BOOTY[b]) v += 4;
        if (BS_ZONE[b]) v += 3;
        if (near < 8) v += 1;
      } else {
        if (near < 12) v += 2;
        if (BS_RANGED[b]) v += 1;
      }
      out.push(v);
    } else if (a.k === 'new') {
      let v = a.n - 0.6;
      if (!raider) {
        if (candG !== a.g) {
          let g = -1;
          for (let j = 0; j < sc.groups.length; j++) {
            if (sc.groups[j].id === a.g) {
              g = j;
              break;
            }
          }
          nCand = newBandInto(s, g, 13);
          const cand = newBandList();
          candG = a.g;
          candNear = nCand > 0 ? nearestAbleDist(viewOf(s), sc.sides[1 - side].figures, s.x[cand[0]], s.y[cand[0]]) : Infinity;
          candRanged = 0;
          while (candRanged < nCand && !hasRanged(s, cand[candRanged])) candRanged++;
        }
        const m = Math.min(a.n, nCand);
        const near = m > 0 ? candNear : Infinity;
        if (near < 20) v += 1;
        if (candRanged < m) v += 0.5;
      }
      out.push(v);
    } else out.push(0);
  }
  return out;
}

function groupScores(s: PiratesState, legal: readonly PiratesAction[], side: number, raider: boolean): number[] {
  const sc = s.sc;
  // The band's active members (bandMembers, in id order, without the list): its side's figures.
  const b = s.actBand;
  const figs = sc.sides[s.bandSide[b]].figures;
  let n = 0;
  let cx = 0;
  let cy = 0;
  let half = Infinity;
  let full = Infinity;
  let booty = false;
  let ranged = false;
  let inZone = 0;
  let able = false; // a member who may still pillage (has not landed a load, §11)
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.band[f] !== b || s.status[f] !== ACTIVE) continue;
    n++;
    if (!s.hasLanded[f]) able = true;
    cx += s.x[f];
    cy += s.y[f];
    half = Math.min(half, fullAllowanceOf(s, f, true));
    full = Math.min(full, fullAllowanceOf(s, f, false));
    if (s.booty[f]) booty = true;
    if (hasRanged(s, f)) ranged = true;
    if (raider && pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) inZone++;
  }
  nearestAble(viewOf(s), sc.sides[1 - side].figures, cx / n, cy / n, NE);
  const neD = NE.d;
  const neF = NE.f;
  let want: string;
  if (raider) {
    if (booty) want = 'home';
    else if (inZone === n) want = 'solo';
    else if (neD <= half + 1.5) want = 'solo';
    else if (able && (n >= 3 || loadsUncommitted(s, side) > 0)) want = 'obj';
    else {
      // Screens go for the watch first (their rifles are the raiders' worst enemy), then anyone near.
      let shooter: string | null = null;
      for (let i = 0; i < legal.length; i++) {
        const a = legal[i];
        if (a.k === 'group' && a.to.startsWith('foe:') && hasRanged(s, foeIdx(s, a.to))) {
          shooter = a.to;
          break;
        }
      }
      want = shooter !== null ? shooter : neD <= 16 ? sc.figures[neF].foeKey : 'obj';
    }
  } else if (ranged) {
    want = neD <= 30 + half ? 'solo' : 'obj';
  } else {
    // Clubs: charge what they can reach; otherwise close on the most isolated raider in reach.
    if (neD <= half + 1.5) want = 'solo';
    else if (neD <= 2 * full) {
      let best = '';
      let bestIso = Infinity;
      for (let i = 0; i < legal.length; i++) {
        const a = legal[i];
        if (a.k !== 'group' || !a.to.startsWith('foe:')) continue;
        const t = foeIdx(s, a.to);
        const iso = friendsNear(s, t, 4) - (s.booty[t] ? 2 : 0);
        if (iso < bestIso) {
          bestIso = iso;
          best = a.to;
        }
      }
      want = best || 'obj';
    } else want = 'obj';
  }
  let offered = false;
  for (let i = 0; i < legal.length && !offered; i++) {
    const a = legal[i];
    if ((a.k === 'group' && a.to === want) || (a.k === 'solo' && want === 'solo')) offered = true;
  }
  if (!offered) want = 'solo';
  const out: number[] = [];
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i];
    if (a.k === 'solo') out.push(want === 'solo' ? 10 : 1);
    else if (a.k !== 'group') out.push(0);
    else if (a.to === want) out.push(10);
    else if (a.to === 'obj') out.push(5);
    else if (a.to.startsWith('foe:')) out.push(4);
    else out.push(0);
  }
  return out;
}

function figureScore(s: PiratesState, f: number, a: PiratesAction, raider: boolean, attack: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  const carrying = s.booty[f] === 1;
  const ranged = info.weapon.ranges.length > 0;
  const bandSize = s.band[f] >= 0 ? s.bandSize[s.band[f]] : 1;
  switch (a.k) {
    case 'hold':
      return 0;
    case 'follow':
      return carrying ? 10 : 6.5;
    case 'pillage':
      return 9;
    case 'reload':
      return raider ? 5 : 7;
    case 'move': {
      if (raider) {
        if (carrying) return a.to === 'home' ? 10 : a.to === 'band' ? 2 : 0;
        if (a.to === 'obj') return s.hasLanded[f] ? 1 : bandSize >= 3 ? 6 : 5;
        if (a.to.startsWith('foe:')) return bandSize <= 2 ? 5.5 : 3;
        if (a.to === 'band') return 5.2;
        if (a.to === 'cover') return 1;
        return 0.5;
      }
      if (ranged) {
        // The nearest enemy of the figure: the same for all its moves, found once per call.
        if (FIG_NE_D < 0) FIG_NE_D = nearestAbleDist(viewOf(s), s.sc.sides[1 - info.side].figures, s.x[f], s.y[f]);
        const neD = FIG_NE_D;
        // 'cover' is offered only to a figure not yet in cover from its nearest enemy, and leads to
        // the nearest place where a cover area lies between them (movement.ts coverPointFrom; since
        // 1.4.0 — cover counts only between attacker and defender, so the nearest cover of all may
        // hide nothing).
        if (a.to === 'cover') return neD <= 30 ? 4 : 1;
        if (a.to === 'obj') return 3.5;
        if (a.to.startsWith('foe:')) return neD > 20 ? 3 : 0.5;
        return 1;
      }
      if (a.to.startsWith('foe:')) {
        const t = foeIdx(s, a.to);
        return 5 + (s.booty[t] ? 1 : 0) - 0.3 * friendsNear(s, t, 4);
      }
      if (a.to === 'obj') return 4;
      if (a.to === 'home') return 3.5;
      if (a.to === 'band') return 3;
      return 0.5;
    }
    case 'fight':
    case 'charge': {
      const t = idx(s, a.t);
      if (a.capture) return -5;
      const hits = s.hits[t];
      const pers = sc.figures[t].personality ? 1 : 0;
      if (raider) {
        if (carrying) return a.k === 'fight' ? 1 : -1;
        return attack + 1.5 * hits - pers + (hasRanged(s, t) ? 2 : 0) + (a.k === 'charge' && bandSize >= 3 ? -1 : 0);
      }
      if (ranged) return a.k === 'fight' ? 3 + hits : 1;
      return 7 + 2 * hits + (s.booty[t] ? 2 : 0) - 0.5 * friendsNear(s, t, 3) - 2 * pers;
    }
    case 'fire':
    case 'moveFire': {
      const t = idx(s, a.t);
      const range = Math.max(0, dist(s.x[f], s.y[f], s.x[t], s.y[t]) - 1);
      const die = fireDie(info.weapon, range);
      const base = a.k === 'fire' ? (raider ? 7 : 10) : raider ? 6 : 8;
      return base + die / 4 + s.hits[t] + (s.booty[t] ? 3 : 0);
    }
    default:
      return 0;
  }
}

/** Distance from the deciding figure to its nearest enemy, once found in this call of piratesScores (−1: not yet). */
let FIG_NE_D = -1;

/**
 * The script's base score of an attack (charge or fight) by a raider who carries no booty: below
 * following his band's group move (6.5) and level with marching on the objective (6), so big bands
 * walk past defenders they could strike.
 */
const ATTACK = 6;

/**
 * The base score of that attack in the `attack` variant: above following the band and marching on, so
 * a raider strikes what he reaches first (only pillaging and carrying booty home come before it) — the
 * defender never strikes back in his own fight (§5.A), and clubs left standing gang up on the raiders.
 * Chosen from a sweep of scripted-vs-scripted raids (docs/agents.md, issue 16): base 6 → 49% pirates'
 * wins, 7.5–12 a plateau of 70–73%, 8 → 73.3% on seeds not used to choose.
 */
const ATTACK_VARIANT = 8;

/** Scores of the legal actions of a Pirates! state for the side deciding (higher is better). */
export function piratesScores(s: PiratesState, legal: readonly PiratesAction[]): number[] {
  return scoresWith(s, legal, ATTACK);
}

/** {@link piratesScores} with the raiders' attack base score of the `attack` variant (the townsfolk decide as in the script). */
export function piratesAttackScores(s: PiratesState, legal: readonly PiratesAction[]): number[] {
  return scoresWith(s, legal, ATTACK_VARIANT);
}

function scoresWith(s: PiratesState, legal: readonly PiratesAction[], attack: number): number[] {
  const side = s.sc.deck[s.actCard].side;
  const raider = side === s.sc.raiders;
  if (s.phase === PH_BAND) return bandScores(s, legal, side, raider);
  if (s.phase === PH_GROUP) return groupScores(s, legal, side, raider);
  const out: number[] = [];
  if (s.phase === PH_FIGURE) {
    const f = s.queue[s.qPos];
    FIG_NE_D = -1;
    for (let i = 0; i < legal.length; i++) out.push(figureScore(s, f, legal[i], raider, attack));
  } else for (let i = 0; i < legal.length; i++) out.push(0);
  return out;
}
