/**
 * The scripted State of War policy, both sides, as a score per legal action of the figure acting
 * now (the `heuristic` agent plays the best; search agents use the scores as a prior).
 *
 * Raiders (the objective side) make for the objective and fire it; they shoot when the odds are
 * good, charge defenders that stand near the objective, climb fences in their way, and ride and
 * load on the move. Defenders keep loaded and shoot (the nearer the target is to the objective, the
 * better), take cover, and close with raiders that get near the objective. Runners run.
 * Odds come from the exact contest distributions (src/core/dice-contest.ts).
 */
import { type Vec, dist as geoDist } from '../../core/geometry.js';
import { newScores } from '../../core/table/index.js';
import { marginDistribution } from '../../core/dice-contest.js';
import type { SowAction } from './action.js';
import { meleeBonusAgainst, meleePool, meleePoolCode } from './melee.js';
import { chargePlan, movePlan } from './movement.js';
import { nearestShotCandidate, shotPools } from './shooting.js';
import { actor, moveSlots } from './units.js';
import { ACTIVE, type SowState } from './state.js';
import { coverOf, foeDistance, inCoverAt, rearDistance } from './table.js';
import { COVER_DIE, RANGE_DIE, rangeBand } from './tables.js';
/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/**
 * Distance (cm, by the way round buildings) from figure f where it stands to the objective (500
 * when none is known), written to {@link OBJ_D}: by index, and {@link toObjectiveAt} by point — no
 * coordinates passed, and no distance returned (a double passed to or returned from a call that is
 * not inlined is boxed). Read OBJ_D[0] at once.
 */
function toObjectiveOf(s: SowState, f: number): void {
  const d = s.sc.objective.field.approx(s.x[f], s.y[f]);
  OBJ_D[0] = Number.isFinite(d) ? d : 500;
}

/** {@link toObjectiveOf} from the point p (into {@link OBJ_D}). */
function toObjectiveAt(s: SowState, p: Vec): void {
  const d = s.sc.objective.field.approxAt(p);
  OBJ_D[0] = Number.isFinite(d) ? d : 500;
}

/** The distance {@link toObjectiveOf} or {@link toObjectiveAt} worked out last. */
const OBJ_D = new Float64Array(1);

/** Chance of at least `m` margin in a contest. */
function atLeast(dist: Map<number, number>, m: number): number {
  let p = 0;
  for (const [k, q] of dist) if (k >= m) p += q;
  return p;
}

/**
 * The odds a contest's margin distribution gives, read once when the distribution is made (the same
 * sums, in the same order, as reading the distribution every time; no iteration per call).
 */
interface Odds {
  /** Chance of a margin of at least 1, 2, 4 and 0. */
  ge1: number;
  ge2: number;
  ge4: number;
  ge0: number;
}

function oddsOf(m: Map<number, number>): Odds {
  return { ge1: atLeast(m, 1), ge2: atLeast(m, 2), ge4: atLeast(m, 4), ge0: atLeast(m, 0) };
}

/** Odds of shots by firer die, cover die and range die (pure, so shared by every game). */
const SHOT_ODDS = new Map<number, Odds>();

/** Value of shooting at unit `u`: wound-or-worse and disabling odds on the nearest candidate (into `out[i]`, see {@link actionScore}). */
function fireValue(s: SowState, f: number, u: number, raider: boolean, out: number[], i: number): void {
  const t = nearestShotCandidate(s, f, u);
  if (t < 0) {
    out[i] = -1;
    return;
  }
  // The pools' dice (shotPools' sides: quality, cover, range) as a number, the pools made only
  // for a key not seen before.
  const sc = s.sc;
  const band = rangeBand(sc.figures[f].weapon!, dist(s.x[f], s.y[f], s.x[t], s.y[t]));
  const key = sc.figures[f].die * 65536 + COVER_DIE[coverOf(sc, s.x[f], s.y[f], s.x[t], s.y[t])] * 256 + RANGE_DIE[Math.max(0, band)];
  let m = SHOT_ODDS.get(key);
  if (!m) {
    const pools = shotPools(s, f, t);
    m = oddsOf(marginDistribution(pools.firer, pools.target));
    SHOT_ODDS.set(key, m);
  }
  const wound = m.ge2;
  const disable = m.ge4;
  let v = 20 * wound + 6 * disable;
  toObjectiveOf(s, t);
  const dObj = OBJ_D[0];
  if (!raider) v += 8 * Math.max(0, 1 - dObj / 60);
  else v += 6 * Math.max(0, 1 - dObj / 30);
  out[i] = v;
}

/** Odds of melees by both pools and the bonus (pure, so shared by every game; keyed by the charger's meleePoolCode, then the target's and the bonus). */
const MELEE_ODDS = new Map<number, Map<number, Odds>>();

/** Value of charging enemy t (into `out[i]`, see {@link actionScore}). */
function chargeValue(s: SowState, f: number, t: number, raider: boolean, out: number[], i: number): void {
  const plan = chargePlan(s, f, t);
  if (!plan) {
    out[i] = -1;
    return;
  }
  // Both pools and the bonus as one number (pools made only for a key not seen before).
  const bonus = meleeBonusAgainst(s, t, f);
  // Keyed by the charger's pool, then by the target's pool and the bonus: two small integers (one
  // key above 2^31 was a heap number per look-up).
  const mine = meleePoolCode(s, f, t);
  let byTarget = MELEE_ODDS.get(mine);
  if (!byTarget) {
    byTarget = new Map<number, Odds>();
    MELEE_ODDS.set(mine, byTarget);
  }
  const key = meleePoolCode(s, t, f) * 2 + bonus;
  let m = byTarget.get(key);
  if (!m) {
    m = oddsOf(marginDistribution(meleePool(s, f, [t]), meleePool(s, t, [f]), 1, bonus));
    byTarget.set(key, m);
  }
  const win = m.ge1;
  const lose = 1 - m.ge0;
  toObjectiveOf(s, t);
  const dObj = OBJ_D[0];
  const near = Math.max(0, 1 - dObj / 25);
  out[i] = raider ? 10 * win - 7 * lose + 8 * near : 9 * win - 6 * lose + 9 * near - 1;
}

/** Path distance to the objective of the nearest raider still fighting (cm). */
function nearestRaiderTo(s: SowState): number {
  const sc = s.sc;
  let best = Infinity;
  for (const g of sc.sides[sc.objective.side].figures) {
    if (s.status[g] !== ON) continue;
    toObjectiveOf(s, g);
    best = Math.min(best, OBJ_D[0]);
  }
  return best;
}

/** Scores of the legal actions in `s` (higher is better), one per action in order. */
export function sowScores(s: SowState, legal: readonly SowAction[]): number[] {
  const sc = s.sc;
  const f = actor(s);
  if (f < 0) return legal.map(() => 0);
  const info = sc.figures[f];
  const raider = info.side === sc.objective.side;
  toObjectiveOf(s, f);
  const here = OBJ_D[0];
  const enemyD = foeDistance(s, info.side, s.x[f], s.y[f]);
  // One score per action, into an array of doubles (no closure or list of holes per call).
  const out = newScores(legal.length);
  // The two distances in a scratch (doubles passed to a call that is not inlined are boxed).
  AT.here = here;
  AT.enemyD = enemyD;
  AT.inCover = -1;
  AT.threat = NaN;
  for (let i = 0; i < legal.length; i++) actionScore(s, legal, i, f, raider, out);
  return out;
}

/**
 * Scratch of {@link sowScores}: the actor's distance to the objective and to its nearest enemy
 * (read by {@link actionScore}), whether it stands in cover (−1: not asked yet; 0 or 1), and the
 * nearest raider's distance to the objective ({@link nearestRaiderTo}; NaN: not asked yet).
 */
const AT = { here: 0.5, enemyD: 0.5, inCover: -1, threat: 0.5 };

/** Whether the actor f stands in cover ({@link inCoverAt} where it stands), asked once per call of {@link sowScores}. */
function actorInCover(s: SowState, f: number): boolean {
  if (AT.inCover < 0) AT.inCover = inCoverAt(s.sc, s.x[f], s.y[f]) ? 1 : 0;
  return AT.inCover === 1;
}

/**
 * {@link sowScores} of action i of `legal` for figure f (its side's `raider`; the distances in
 * {@link AT}), written into `out[i]`: a double returned from a call that is not inlined is boxed, a
 * heap number per action scored.
 */
function actionScore(s: SowState, legal: readonly SowAction[], i: number, f: number, raider: boolean, out: number[]): void {
  const a = legal[i];
  const sc = s.sc;
  const here = AT.here;
  switch (a.k) {
    case 'burn':
      out[i] = 1000;
      return;
    case 'done':
      out[i] = 0;
      return;
    case 'move':
    case 'ride':
      moveScore(s, a, f, raider, out, i);
      return;
    case 'moveTo':
      out[i] = 0;
      return;
    case 'climb':
      if (!raider) {
        out[i] = -1;
        return;
      }
      // Finish a climb begun [W5]; otherwise climb only when no move leads toward the objective.
      if (s.climbed[f] > 0) {
        out[i] = 9;
        return;
      }
      out[i] = legal.some((o) => o.k === 'move' && o.to === 'obj') ? 1 : 9;
      return;
    case 'carry': {
      // Raiders take up a barrel worth firing the objective with when it lies near their way in [W6].
      const b = sc.barrels.find((x) => x.id === a.b);
      if (!raider || !b || b.fire < 2 || sc.objective.fireActions - s.burn < 2) {
        out[i] = -1;
        return;
      }
      out[i] = here < 40 ? 7 : -1;
      return;
    }
    case 'drop':
      out[i] = raider ? -3 : 2;
      return;
    case 'detach':
      // The scripted policy keeps units whole (a detachment's morale counts each man as a bigger share).
      out[i] = -3;
      return;
    case 'fire': {
      const u = sc.unitIndex.get(a.u)!;
      fireValue(s, f, u, raider, out, i);
      return;
    }
    case 'load':
      out[i] = raider ? (here < 40 ? 1 : 2) : 6;
      return;
    case 'charge': {
      const t = sc.figureIndex.get(a.t)!;
      chargeValue(s, f, t, raider, out, i);
      return;
    }
    case 'mount':
      out[i] = 1;
      return;
    case 'dismount':
      out[i] = -2;
      return;
  }
  out[i] = 0;
  return;
}

/**
 * {@link actionScore} of a move or ride `a` (into `out[i]`): a function of its own, so that the
 * calls it makes are inlined into it (in the whole switch, the compiler's inlining budget ran out
 * and the distances passed to those calls were boxed).
 */
function moveScore(s: SowState, a: SowAction & { k: 'move' | 'ride' }, f: number, raider: boolean, out: number[], i: number): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const here = AT.here;
  const enemyD = AT.enemyD;
  const p = movePlan(s, f, a.to);
  if (!p) {
    out[i] = -5;
    return;
  }
  toObjectiveAt(s, p.to);
  const gain = here - OBJ_D[0];
  const ride = a.k === 'ride' ? 2 : 0;
  // To the rear, straight or round a fence's end: the way that gains most ground toward it.
  if (a.to === 'rear' || a.to === 'round' || a.to === 'away') {
    out[i] = (raider ? 0.2 : -1) + 0.01 * (rearDistance(sc, info.side, s.x[f], s.y[f]) - rearDistance(sc, info.side, p.to.x, p.to.y));
    return;
  }
  if (raider) {
    if (a.to === 'obj') {
      out[i] = 6 + 0.4 * gain + ride + (p.turnOnly ? -4 : 0);
      return;
    }
    if (a.to === 'cover') {
      out[i] = 1 + ride;
      return;
    }
    if (a.to.startsWith('foe:')) {
      out[i] = 1 + 0.2 * gain + ride;
      return;
    }
    out[i] = 0.5 + ride;
    return;
  }
  if (a.to === 'obj') {
    // Guard the objective when raiders draw near it.
    if (Number.isNaN(AT.threat)) AT.threat = nearestRaiderTo(s);
    const threat = AT.threat;
    out[i] = threat < 50 && here > 4 ? 5 + 0.2 * gain : -0.5;
    return;
  }
  if (a.to.startsWith('foe:')) {
    const t = moveSlots(s).foeIndex.get(a.to)!;
    toObjectiveOf(s, t);
    const dt = OBJ_D[0];
    out[i] = dt < 30 ? 7 - 0.1 * dt : -1;
    return;
  }
  if (a.to === 'cover') {
    // (The objective's distance asked only when the first two hold, as the && chain asked it.)
    let near = false;
    if (!actorInCover(s, f) && enemyD < 70) {
      toObjectiveAt(s, p.to);
      near = OBJ_D[0] < 35;
    }
    out[i] = near ? 3 : 0.3;
    return;
  }
  out[i] = 0.3;
  return;
}

/** Straight distance from figure f to the objective's nearest contact spot (cm). */
export function spotDistance(s: SowState, f: number): number {
  let best = Infinity;
  for (const p of s.sc.objective.spots) best = Math.min(best, dist(s.x[f], s.y[f], p.x, p.y));
  return best;
}
