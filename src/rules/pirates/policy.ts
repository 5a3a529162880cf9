/**
 * The scripted Pirates! policy, both sides, as a score per legal action (the agent plays the best;
 * MCTS uses the scores as its prior).
 *
 * Raiders: big bands (3–4) march on the objective and pillage; carriers go home at half speed; small
 * bands screen, charging townsfolk who come near; pistols fire, then reload.
 * Defenders: clubs gang up on isolated raiders (charging the ones already hurt this turn so hits add
 * up), otherwise close on the raiders' route; the watch fire from where they stand or from cover,
 * reload, and keep out of melee.
 */
import { dist, pointInPolygon } from '../../core/geometry.js';
import type { PiratesAction } from './action.js';
import { bandMembers, newBandCandidates } from './turn.js';
import { allowanceOf, centreOf, inCover } from './movement.js';
import { ACTIVE, PH_BAND, PH_FIGURE, PH_GROUP, type PiratesState } from './state.js';
import { fireDie } from './tables.js';

function nearestEnemy(s: PiratesState, side: number, x: number, y: number): { f: number; d: number } {
  let best = -1;
  let bd = Infinity;
  for (const e of s.sc.sides[1 - side].figures) {
    if (s.status[e] !== ACTIVE) continue;
    const d = dist(x, y, s.x[e], s.y[e]);
    if (d < bd) {
      bd = d;
      best = e;
    }
  }
  return { f: best, d: bd };
}

/** Friends of figure `t` (same side, active) within `r` inches. */
function friendsNear(s: PiratesState, t: number, r: number): number {
  const side = s.sc.figures[t].side;
  let n = 0;
  for (const g of s.sc.sides[side].figures) {
    if (g !== t && s.status[g] === ACTIVE && dist(s.x[g], s.y[g], s.x[t], s.y[t]) <= r) n++;
  }
  return n;
}

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

function hasRanged(s: PiratesState, f: number): boolean {
  return s.sc.figures[f].weapon.ranges.length > 0;
}

function idx(s: PiratesState, id: string): number {
  return s.sc.figureIndex.get(id) ?? -1;
}

function bandScores(s: PiratesState, legal: readonly PiratesAction[], side: number, raider: boolean): number[] {
  const sc = s.sc;
  // Members of every band of the side, in one pass.
  const members = new Map<number, number[]>();
  for (const f of sc.sides[side].figures) {
    if (s.status[f] !== ACTIVE || s.band[f] < 0) continue;
    const m = members.get(s.band[f]);
    if (m) m.push(f);
    else members.set(s.band[f], [f]);
  }
  const candidates = new Map<string, number[]>();
  return legal.map((a) => {
    if (a.k === 'pass') return -5;
    if (a.k === 'band') {
      const m = members.get(a.b) ?? [];
      if (m.length === 0) return 0;
      const c = centreOf(s, m, m.length);
      const near = nearestEnemy(s, side, c.x, c.y).d;
      let v = m.length;
      if (raider) {
        if (m.some((f) => s.booty[f])) v += 4;
        if (m.some((f) => !s.booty[f] && pointInPolygon(s.x[f], s.y[f], sc.objective.poly))) v += 3;
        if (near < 8) v += 1;
      } else {
        if (near < 12) v += 2;
        if (m.some((f) => hasRanged(s, f))) v += 1;
      }
      return v;
    }
    if (a.k === 'new') {
      let v = a.n - 0.6;
      if (!raider) {
        let all = candidates.get(a.g);
        if (!all) {
          all = newBandCandidates(s, sc.groups.findIndex((x) => x.id === a.g), 13);
          candidates.set(a.g, all);
        }
        const m = all.slice(0, a.n);
        const near = nearestEnemy(s, side, s.x[m[0]], s.y[m[0]]).d;
        if (near < 20) v += 1;
        if (m.some((f) => hasRanged(s, f))) v += 0.5;
      }
      return v;
    }
    return 0;
  });
}

function groupScores(s: PiratesState, legal: PiratesAction[], side: number, raider: boolean): number[] {
  const sc = s.sc;
  const m = bandMembers(s, s.actBand);
  const c = centreOf(s, m, m.length);
  const half = Math.min(...m.map((f) => allowanceOf(s, f, true).full));
  const full = Math.min(...m.map((f) => allowanceOf(s, f, false).full));
  const ne = nearestEnemy(s, side, c.x, c.y);
  let want = 'solo';
  if (raider) {
    const inZone = m.filter((f) => pointInPolygon(s.x[f], s.y[f], sc.objective.poly)).length;
    if (m.some((f) => s.booty[f])) want = 'home';
    else if (inZone === m.length) want = 'solo';
    else if (ne.d <= half + 1.5) want = 'solo';
    else if (m.some((f) => !s.hasLanded[f]) && (m.length >= 3 || loadsUncommitted(s, side) > 0)) want = 'obj';
    else {
      // Screens go for the watch first (their rifles are the raiders' worst enemy), then anyone near.
      const shooter = legal.find((a) => a.k === 'group' && a.to.startsWith('foe:') && hasRanged(s, idx(s, a.to.slice(4))));
      want = shooter && shooter.k === 'group' ? shooter.to : ne.d <= 16 ? `foe:${sc.figures[ne.f].id}` : 'obj';
    }
  } else if (m.some((f) => hasRanged(s, f))) {
    want = ne.d <= 30 + half ? 'solo' : 'obj';
  } else {
    // Clubs: charge what they can reach; otherwise close on the most isolated raider in reach.
    if (ne.d <= half + 1.5) want = 'solo';
    else if (ne.d <= 2 * full) {
      let best = '';
      let bestIso = Infinity;
      for (const a of legal) {
        if (a.k !== 'group' || !a.to.startsWith('foe:')) continue;
        const t = idx(s, a.to.slice(4));
        const iso = friendsNear(s, t, 4) - (s.booty[t] ? 2 : 0);
        if (iso < bestIso) {
          bestIso = iso;
          best = a.to;
        }
      }
      want = best || 'obj';
    } else want = 'obj';
  }
  if (!legal.some((a) => (a.k === 'group' && a.to === want) || (a.k === 'solo' && want === 'solo'))) want = 'solo';
  return legal.map((a) => {
    if (a.k === 'solo') return want === 'solo' ? 10 : 1;
    if (a.k !== 'group') return 0;
    if (a.to === want) return 10;
    if (a.to === 'obj') return 5;
    if (a.to.startsWith('foe:')) return 4;
    return 0;
  });
}

function figureScore(s: PiratesState, f: number, a: PiratesAction, raider: boolean): number {
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
        const ne = nearestEnemy(s, info.side, s.x[f], s.y[f]);
        if (a.to === 'cover') return ne.d <= 30 && !inCover(s, s.x[f], s.y[f]) ? 4 : 1;
        if (a.to === 'obj') return 3.5;
        if (a.to.startsWith('foe:')) return ne.d > 20 ? 3 : 0.5;
        return 1;
      }
      if (a.to.startsWith('foe:')) {
        const t = idx(s, a.to.slice(4));
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
        return 6 + 1.5 * hits - pers + (hasRanged(s, t) ? 2 : 0) + (a.k === 'charge' && bandSize >= 3 ? -1 : 0);
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

/** Scores of the legal actions of a Pirates! state for the side deciding (higher is better). */
export function piratesScores(s: PiratesState, legal: readonly PiratesAction[]): number[] {
  const side = s.sc.deck[s.actCard].side;
  const raider = side === s.sc.raiders;
  if (s.phase === PH_BAND) return bandScores(s, legal, side, raider);
  if (s.phase === PH_GROUP) return groupScores(s, [...legal], side, raider);
  if (s.phase === PH_FIGURE) {
    const f = s.queue[s.qPos];
    return legal.map((a) => figureScore(s, f, a, raider));
  }
  return legal.map(() => 0);
}
