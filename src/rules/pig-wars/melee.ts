/**
 * Mêlée ([R8], [R20]): one round for every pair of enemies in base contact in a card's mêlée step,
 * both sides' D12 with the version's factors, the victory margin to kill, and the turn to face
 * the opponent after the round.
 */
import { angleTo } from '../../core/geometry.js';
import { roll, type Rng } from '../../core/rng.js';
import { inBaseContact } from '../../core/table/index.js';
import { ACTIVE, C, type PigState } from './state.js';
import { meleeFactors, meleeSum, MELEE_USED, meleeOutcome, type MeleeSide } from './tables.js';
import { deg, type Emit, obstacleBetween, figureView, arcOf } from './queries.js';
import { casualty } from './leaders.js';

/**
 * A fighter's side of one round against `opp` as the state stands, written into `out` (the
 * mêlée step's two scratch sides, or a caller's own — `odds.ts` reads a round before it is fought).
 */
export function meleeSide(s: PigState, f: number, opp: number, out: MeleeSide): MeleeSide {
  const sc = s.sc;
  const info = sc.figures[f];
  out.stripes = info.stripes;
  out.weapons = info.weapons;
  out.loaded = s.loaded[f] === 1;
  out.mounted = info.mounted;
  out.firstRound = s.rounds[f] === 0;
  out.charging = s.chargeBonus[f] === 1;
  out.arc = arcOf(s, f, opp);
  out.opponentUphill = sc.table.heightOf(s.x, s.y, opp) > 0 && !(sc.table.heightOf(s.x, s.y, f) > 0);
  out.opponentObstacle = obstacleBetween(s, f, opp);
  out.wounds = s.hits[f];
  return out;
}

/** A blank side of a round, to be filled by {@link meleeSide}. */
export const newSide = (): MeleeSide => ({
  stripes: 0,
  weapons: [],
  loaded: false,
  mounted: false,
  firstRound: false,
  charging: false,
  arc: 'front',
  opponentUphill: false,
  opponentObstacle: false,
  wounds: 0,
});
/** The two sides of the round being fought ({@link meleeSide}), read only within that round. */
const SIDE_A = newSide();
const SIDE_B = newSide();

/** The victory margin needed to kill figure t attacked by a. */
export function victoryMargin(s: PigState, t: number, a: number): number {
  const sc = s.sc;
  const info = sc.figures[t];
  return sc.version.victoryMargin(info, sc.version.shieldWall && s.wall[info.unit] === 1 && arcOf(s, a, t) === 'front');
}

/**
 * Scratch of {@link meleeStep}: the pairs in base contact when the step begins (`PAIR_F` of the
 * acting side, `PAIR_E` the enemy), in the order the step fights them, and 1 per figure engaged.
 */
const PAIR_F: number[] = [];

const PAIR_E: number[] = [];

const ENGAGED: number[] = [];

/** Scratch of {@link meleeStep}: the enemy side's active figures and their places when the step begins. */
const FOE_G: number[] = [];
const FOE_X: number[] = [];
const FOE_Y: number[] = [];

/** Scratch of {@link meleeStep}: per figure, the opponent of its first round in the step (−1 none). */
const FOUGHT: number[] = [];

/**
 * Step 4 of side `side`'s card: every pair of active enemies in base contact when the step begins
 * fights one round (the acting side's figure as `a`), kills resolved at once; then the rounds
 * counted and the survivors turned to face their opponents ([R8]).
 */
export function meleeStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const n = sc.figures.length;
  // Nothing moves during the step and nobody comes back to the fight, so the pairs in contact are
  // found once: each pair of active enemies asked once (as `engaged` asked it from both ends),
  // then fought in the same order as long as both stay active.
  const mine = sc.sides[side].figures;
  const theirs = sc.sides[1 - side].figures;
  const v = figureView(s);
  for (let f = 0; f < n; f++) ENGAGED[f] = 0;
  let np = 0;
  // A pair whose |dx| or |dy| alone passes the contact distance (with a margin) is not in contact:
  // the rounded root of dx² + dy² is never below |dx|, so inBaseContact would refuse it too. The
  // active enemies are listed once, in list order, with their places.
  const far = 2 * v.radius + 0.1 + 1e-6;
  const xs = s.x;
  const ys = s.y;
  let ne = 0;
  for (let j = 0; j < theirs.length; j++) {
    const e = theirs[j];
    if (s.status[e] !== ACTIVE) continue;
    FOE_G[ne] = e;
    FOE_X[ne] = xs[e];
    FOE_Y[ne] = ys[e];
    ne++;
  }
  for (let i = 0; i < mine.length; i++) {
    const f = mine[i];
    if (s.status[f] !== ACTIVE) continue;
    const fx = xs[f];
    const fy = ys[f];
    for (let j = 0; j < ne; j++) {
      const dx = FOE_X[j] - fx;
      const dy = FOE_Y[j] - fy;
      if (dx > far || -dx > far || dy > far || -dy > far) continue;
      const e = FOE_G[j];
      if (!inBaseContact(v, f, e)) continue;
      PAIR_F[np] = f;
      PAIR_E[np] = e;
      np++;
      ENGAGED[f] = 1;
      ENGAGED[e] = 1;
    }
  }
  for (let f = 0; f < n; f++) {
    if (s.status[f] === ACTIVE && !ENGAGED[f]) {
      // out of contact: the mêlée is over; a charge that did not reach contact earns no bonus later
      s.rounds[f] = 0;
      s.chargeBonus[f] = 0;
    }
  }
  const fought = FOUGHT;
  for (let f = 0; f < n; f++) fought[f] = -1;
  const turned: { f: string; facing: number }[] | null = emit ? [] : null;
  for (let k = 0; k < np; k++) {
    const f = PAIR_F[k];
    const e = PAIR_E[k];
    if (s.status[f] !== ACTIVE || s.status[e] !== ACTIVE) continue;
    const A = meleeSide(s, f, e, SIDE_A);
    const B = meleeSide(s, e, f, SIDE_B);
    // the sums of the modifiers without their lists (built only for the event)
    const ma = meleeSum(sc.version.melee, A, B);
    const wa = MELEE_USED.weapon;
    const mb = meleeSum(sc.version.melee, B, A);
    const wb = MELEE_USED.weapon;
    const ra = roll(rng, 12);
    const rb = roll(rng, 12);
    const vmA = victoryMargin(s, f, e);
    const vmB = victoryMargin(s, e, f);
    const out = meleeOutcome(ra, ma, rb, mb, vmA, vmB);
    s.counters[C.melees]++;
    if (wa?.pistol && A.firstRound && A.loaded) s.loaded[f] = 0;
    if (wb?.pistol && B.firstRound && B.loaded) s.loaded[e] = 0;
    emit?.({
      e: 'melee',
      a: sc.figures[f].id,
      b: sc.figures[e].id,
      rollA: ra,
      modsA: meleeFactors(sc.version.melee, A, B, sc.version.levelName).mods.map((m) => ({ ...m })),
      adjA: out.a,
      rollB: rb,
      modsB: meleeFactors(sc.version.melee, B, A, sc.version.levelName).mods.map((m) => ({ ...m })),
      adjB: out.b,
      marginToKillA: vmA,
      marginToKillB: vmB,
      // the facings (degrees) the round's arcs were read from ([R8]; audit B2)
      facingA: deg(s.facing[f]),
      facingB: deg(s.facing[e]),
      result: out.winner < 0 ? 'tie' : out.kill ? (out.winner === 0 ? 'a kills' : 'b kills') : 'continuing',
    });
    if (fought[f] < 0) fought[f] = e;
    if (fought[e] < 0) fought[e] = f;
    if (out.kill) {
      if (out.winner === 0) casualty(s, e, f, rng, emit, 'melee', ra);
      else casualty(s, f, e, rng, emit, 'melee', rb);
    }
  }
  for (let f = 0; f < n; f++) {
    // The charge bonus is for the first round of the mêlée the charge starts, fought in this step
    // ([R7]): a charger whose target fell before its round (to another figure's blow) fought no
    // round, and it keeps no bonus into a later mêlée — one where it may be the one charged (audit A3).
    s.chargeBonus[f] = 0;
    if (fought[f] < 0) continue;
    s.rounds[f]++;
    const o = fought[f];
    if (s.status[f] === ACTIVE && s.status[o] === ACTIVE) {
      const a = angleTo(s.x[f], s.y[f], s.x[o], s.y[o]);
      if (a !== s.facing[f]) {
        s.facing[f] = a;
        turned?.push({ f: sc.figures[f].id, facing: deg(a) });
      }
    }
  }
  // the turns of [R8], recorded (audit B2: the facing decides the flank and rear factors)
  if (emit && turned && turned.length) emit({ e: 'facing', why: 'after mêlée', turned });
}
