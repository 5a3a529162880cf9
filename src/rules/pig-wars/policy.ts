/**
 * The scripted policy of both Pig Wars versions: a score per legal order of the unit deciding
 * now (higher is better), playing the objective. Raiders: units go for the loot, drovers' units
 * head home, units charge enemies that stand in their way or threaten drovers when the odds are
 * fair. Defenders: chase drovers and guard the loot, charging raiders near it.
 */
import type { Json } from '../../core/model.js';
import { type Vec, dist } from '../../core/geometry.js';
import { nearestFigure, newScores } from '../../core/table/index.js';
import type { PigAction } from './action.js';
import { baseMove, figureView, freeFiguresInto } from './queries.js';
import { shotTarget } from './shooting.js';
import { victoryMargin } from './melee.js';
import { meleeSum, type MeleeSide } from './tables.js';
import { ACTIVE, PIG_FREE, type PigState } from './state.js';

function strength(s: PigState, u: number): number {
  let t = 0;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] !== ACTIVE) continue;
    const info = s.sc.figures[f];
    t +=
      1 +
      info.stripes * 0.25 +
      (info.armour === 'FA' ? 0.3 : info.armour === 'PA' ? 0.15 : 0) +
      (info.mounted ? 0.5 : 0) +
      (info.leader ? 0.5 : 0);
  }
  return t;
}

/**
 * Nearest distance between active figures of units u and v (Infinity when none): the root of the
 * least square — the same double as the least of the roots (the rounded root is monotone).
 */
function nearestDist(s: PigState, u: number, v: number): number {
  let best = Infinity;
  const xs = s.x;
  const ys = s.y;
  const fs = s.sc.units[u].figures;
  const es = s.sc.units[v].figures;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i];
    if (s.status[f] !== ACTIVE) continue;
    for (let j = 0; j < es.length; j++) {
      const e = es[j];
      if (s.status[e] !== ACTIVE) continue;
      const dx = xs[e] - xs[f];
      const dy = ys[e] - ys[f];
      const d2 = dx * dx + dy * dy;
      if (d2 < best) best = d2;
    }
  }
  return Math.sqrt(best);
}

/** Scratch of {@link scoresWith}: per unit v, {@link nearestDist} from the deciding unit (−1: not asked yet in this call). */
const NEAR_D: number[] = [];

/** Scratch of {@link scoresWith}: the loot point the raiders aim at (read within the call). */
const LOOT = { x: 0.5, y: 0.5 };

/** {@link nearestDist}(s, u, v) asked once per call of {@link scoresWith} (a foe order and a charge at the same unit both read it). */
function nearestDistOnce(s: PigState, u: number, v: number): number {
  let d = NEAR_D[v];
  if (d < 0) {
    d = nearestDist(s, u, v);
    NEAR_D[v] = d;
  }
  return d;
}

/**
 * Nearest distance from any active figure of unit u to the point `p` (the root of the least square,
 * as {@link nearestDist}); the point as an object, its coordinates would be boxed passed one by one.
 */
function distTo(s: PigState, u: number, p: Vec): number {
  const x = p.x;
  const y = p.y;
  let best = Infinity;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] !== ACTIVE) continue;
    const dx = x - s.x[f];
    const dy = y - s.y[f];
    const d2 = dx * dx + dy * dy;
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

/**
 * The script's score for a defenders' unit marching on the loot point when no raider is driving or
 * carrying loot: below holding (3) and every chase, so idle defenders mostly stand where they are.
 */
const IDLE_GUARD = 2;

/**
 * The same score in the `guard` variant: above holding and below chasing drovers (5.5), so defenders
 * with no drover to chase close on the loot and stand between it and the raiders. Chosen from a sweep
 * of scripted raids on the Kershner Supply Raid (docs/rules/pig-wars.md, issue 16): 2 → 24% townsfolk
 * wins, 4 and 5 → 35%, 6 → 38.5%, 8 and 12 → 22% (200 games each, stress seed 100).
 */
const IDLE_GUARD_VARIANT = 6;

/** Scores of the legal orders (same order as `legal`). */
export function pigScores(s: PigState, legal: readonly Json[]): number[] {
  return scoresWith(s, legal, IDLE_GUARD);
}

/** {@link pigScores} with the defenders' `guard` variant (raiders decide as in the script). */
export function pigGuardScores(s: PigState, legal: readonly Json[]): number[] {
  return scoresWith(s, legal, IDLE_GUARD_VARIANT);
}

/** Scratch of {@link scoresWith}: 1 per unit index with an active raider carrying loot. */
const DROVER_UNIT: number[] = [];
/** Scratch of {@link scoresWith}: the deciding unit's free figures (read within the call). */
const FREE: number[] = [];

/** Index of the unit with id `id` (−1 when none), as `sc.units.findIndex((x) => x.id === id)` without a closure. */
function unitIndexOf(s: PigState, id: string): number {
  const units = s.sc.units;
  for (let i = 0; i < units.length; i++) if (units[i].id === id) return i;
  return -1;
}

/** Some free figure of the list is a shooter that may shoot soon (as counting them, `> 0`, stopping at the first). */
function anyShotNow(s: PigState, free: readonly number[]): boolean {
  for (const f of free) if (isShooter(s, f) && mayShootSoon(s, f)) return true;
  return false;
}

/**
 * The scores of {@link pigScores}: the same numbers, in a loop over the legal list (no closure or
 * list per call); counts without filtered lists, the drovers' units as flags by unit, and whether a
 * missile unit has a shot asked only where the score reads it (the tests are pure).
 */
function scoresWith(s: PigState, legal: readonly Json[], idleGuard: number): number[] {
  const sc = s.sc;
  const u = s.actUnit;
  const unit = sc.units[u];
  const raider = unit.side === sc.raiders;
  const free = freeFiguresInto(s, u, FREE);
  const carrier = markCarriers(s);
  let drovers = 0;
  let shooters = 0;
  for (const f of free) {
    if (carrier[f] === 1) drovers++;
    if (isShooter(s, f)) shooters++;
  }
  const missileUnit = shooters * 2 >= free.length;
  const mine = strength(s, u);
  // The unit's centre (unitCentre's sums, or the origin when no figure is active), without an object.
  let cx = 0;
  let cy = 0;
  {
    let n = 0;
    for (const f of unit.figures) {
      if (s.status[f] !== ACTIVE) continue;
      cx += s.x[f];
      cy += s.y[f];
      n++;
    }
    if (n) {
      cx /= n;
      cy /= n;
    }
  }
  const droverUnit = DROVER_UNIT;
  for (let v = 0; v < sc.units.length; v++) {
    droverUnit[v] = 0;
    NEAR_D[v] = -1;
  }
  let droverUnits = 0;
  for (const f of sc.sides[sc.raiders].figures) {
    if (s.status[f] === ACTIVE && carrier[f] === 1) {
      const v = sc.figures[f].unit;
      if (!droverUnit[v]) droverUnits++;
      droverUnit[v] = 1;
    }
  }
  // the loot point the raiders aim at
  let lx = 0;
  let ly = 0;
  if (sc.objective) {
    lx = sc.objective.target.x;
    ly = sc.objective.target.y;
  } else {
    let bd = Infinity;
    for (let p = 0; p < s.pigBy.length; p++) {
      if (s.pigBy[p] !== PIG_FREE) continue;
      const d = dist(cx, cy, s.pigX[p], s.pigY[p]);
      if (d < bd) {
        bd = d;
        lx = s.pigX[p];
        ly = s.pigY[p];
      }
    }
  }
  const loot = LOOT;
  loot.x = lx;
  loot.y = ly;
  // With loot in hand the unit goes home together (a drover alone is easy prey, and a pirate
  // away from his leader is out of command); without loose pigs left there is nothing else to do.
  const goHome = drovers > 0 && (drovers * 3 >= free.length || (!sc.objective && freePigsLeft(s) === 0));
  // An enemy close enough to fall on the unit's drovers before they are home: then the whole
  // unit goes home together as their escort. Otherwise `obj` is the better order for a unit with
  // loot: its drovers head home while the others fetch more (pigs or loads), and no escort
  // crowds the landing place in front of the drovers.
  const threatened = drovers > 0 && droverThreat(s, u, carrier) <= (sc.version.pirates ? 10 : 14);
  // The escort only once the loot landed and in hand is enough to win: short of that, the unit's
  // free hands fetch more (`obj`) while its drovers head home.
  const escort = goHome && threatened && s.landed + carriedLoot(s, carrier) >= sc.lootToWin;
  const acts = legal as PigAction[];
  const out = newScores(acts.length);
  for (let i = 0; i < acts.length; i++) {
    const a = acts[i];
    switch (a.k) {
      case 'hold':
        // a raiders' missile unit shoots only while there is no loot within its reach to take
        if (missileUnit && anyShotNow(s, free)) {
          out[i] = raider && distTo(s, u, loot) > 12 ? 4.5 : 6;
          continue;
        }
        out[i] = raider ? 0.5 : 3;
        continue;
      case 'wall':
        out[i] = 0.2;
        continue;
      case 'unwall':
        out[i] = 3;
        continue;
      case 'obj':
        if (raider) {
          out[i] = drovers > 0 ? (escort ? 2 : 8) : 5;
          continue;
        }
        out[i] = droverUnits > 0 ? 5 : idleGuard;
        continue;
      case 'home':
        out[i] = raider ? (escort ? 8 : 0.1) : 0;
        continue;
      case 'foe': {
        const v = unitIndexOf(s, a.u);
        const d = nearestDistOnce(s, u, v);
        if (raider) {
          out[i] = missileUnit ? 3 - d / 30 : 1 - d / 40;
          continue;
        }
        const nearLoot = distTo(s, v, loot);
        out[i] = (droverUnit[v] === 1 ? 5.5 : 2) - d / 30 - nearLoot / 60;
        continue;
      }
      case 'charge': {
        const v = unitIndexOf(s, a.u);
        const theirs = strength(s, v);
        const odds = mine / Math.max(0.5, theirs);
        if (missileUnit) {
          out[i] = 0;
          continue;
        }
        // a charge most of whose figures will fall short is a wasted move
        const reach = reachFraction(s, free, v);
        if (reach < 0.4) {
          out[i] = 0.3;
          continue;
        }
        if (raider) {
          if (escort) {
            out[i] = 0;
            continue;
          }
          // charge what stands between us and the loot, or what is about to hit us
          const d = nearestDistOnce(s, u, v);
          const block = distTo(s, v, loot) < dist(cx, cy, lx, ly);
          // strike first at what is about to strike us, or at what stands on the way to the loot
          // ... and only where the first round promises more kills than losses: the raiders'
          // men are their time, and a charge into horse or a shield wall costs more than it takes
          if (chargeExchange(s, free, v) < 1) {
            out[i] = 0.5;
            continue;
          }
          if (d <= (sc.version.pirates ? 5 : 9) && odds >= 0.8) {
            out[i] = 5.5 + odds;
            continue;
          }
          if (block && odds >= 1.2 && drovers === 0) {
            out[i] = 3.5 + odds;
            continue;
          }
          out[i] = 0.5;
          continue;
        }
        if (droverUnit[v] === 1) {
          out[i] = 5 + 2 * Math.min(1.5, odds) - nearestDistOnce(s, u, v) / 15;
          continue;
        }
        // otherwise only at good odds: time is on the defenders' side
        out[i] = odds >= 1.3 ? 2 + 2 * Math.min(2, odds) - nearestDistOnce(s, u, v) / 15 : 0;
        continue;
      }
      case 'moveTo':
        out[i] = 0;
        continue;
    }
  }
  return out;
}

/** Scratch sides of {@link chargeExchange}: the charger's and the target's (see {@link foreseeSide}). */
const SIDE_A: MeleeSide = {
  stripes: 0,
  weapons: [],
  loaded: false,
  mounted: false,
  firstRound: true,
  charging: true,
  arc: 'front',
  opponentUphill: false,
  opponentObstacle: false,
  wounds: 0,
};
const SIDE_B: MeleeSide = {
  stripes: 0,
  weapons: [],
  loaded: false,
  mounted: false,
  firstRound: true,
  charging: false,
  arc: 'front',
  opponentUphill: false,
  opponentObstacle: false,
  wounds: 0,
};

/** Write into `out` one fighter's side of a first round of mêlée as the policy foresees it: front to front, on the flat. */
function foreseeSide(s: PigState, f: number, charging: boolean, out: MeleeSide): MeleeSide {
  const info = s.sc.figures[f];
  out.stripes = info.stripes;
  out.weapons = info.weapons;
  out.loaded = s.loaded[f] === 1;
  out.mounted = info.mounted;
  out.firstRound = true;
  out.charging = charging;
  out.arc = 'front';
  out.opponentUphill = false;
  out.opponentObstacle = false;
  out.wounds = s.hits[f];
  return out;
}

/**
 * Chances that a kills b and that b kills a in one round (D12 each, totals held to 1–12, victory
 * margins), into the scratch `ODDS`. Memoised by its four whole-number inputs when the modifiers
 * lie in −16…15 and the margins in 0…7 (a table of the same quotients; other inputs are worked out
 * each time).
 */
const ODDS = { kill: 0, die: 0 };
const ODDS_KILL = new Float64Array(32 * 32 * 8 * 8).fill(NaN);
const ODDS_DIE = new Float64Array(32 * 32 * 8 * 8);
function oddsKey(ma: number, mb: number, vmA: number, vmB: number): number {
  if (!Number.isInteger(ma) || !Number.isInteger(mb) || !Number.isInteger(vmA) || !Number.isInteger(vmB)) return -1;
  if (ma < -16 || ma > 15 || mb < -16 || mb > 15 || vmA < 0 || vmA > 7 || vmB < 0 || vmB > 7) return -1;
  return (((ma + 16) * 32 + (mb + 16)) * 8 + vmA) * 8 + vmB;
}
function roundOdds(ma: number, mb: number, vmA: number, vmB: number): { kill: number; die: number } {
  const key = oddsKey(ma, mb, vmA, vmB);
  if (key >= 0 && !Number.isNaN(ODDS_KILL[key])) {
    ODDS.kill = ODDS_KILL[key];
    ODDS.die = ODDS_DIE[key];
    return ODDS;
  }
  let kill = 0;
  let die = 0;
  for (let ra = 1; ra <= 12; ra++) {
    const a = Math.min(12, Math.max(1, ra + ma));
    for (let rb = 1; rb <= 12; rb++) {
      const b = Math.min(12, Math.max(1, rb + mb));
      if (a - b >= vmB) kill++;
      else if (b - a >= vmA) die++;
    }
  }
  ODDS.kill = kill / 144;
  ODDS.die = die / 144;
  if (key >= 0) {
    ODDS_KILL[key] = ODDS.kill;
    ODDS_DIE[key] = ODDS.die;
  }
  return ODDS;
}

/**
 * The exchange a charge of unit u's free figures into unit v promises: the chance of killing over
 * the chance of being killed in the first round, summed over each charger against the nearest
 * figure of v (the charge bonus counted; stripes, weapons, mounted, victory margins with shield wall).
 */
function chargeExchange(s: PigState, free: readonly number[], v: number): number {
  const sc = s.sc;
  let kill = 0;
  let die = 0;
  for (const f of free) {
    const e = nearestFigure(figureView(s), s.sc.units[v].figures, s.x[f], s.y[f], true);
    if (e < 0) continue;
    const A = foreseeSide(s, f, true, SIDE_A);
    const B = foreseeSide(s, e, false, SIDE_B);
    const ma = meleeSum(sc.version.melee, A, B);
    const mb = meleeSum(sc.version.melee, B, A);
    const o = roundOdds(
      ma,
      mb,
      victoryMargin(s, f, e),
      sc.version.pirates ? victoryMargin(s, e, f) : s.wall[v] ? 6 : victoryMargin(s, e, f),
    );
    kill += o.kill;
    die += o.die;
  }
  return kill / Math.max(0.01, die);
}

/** A missile figure with an enemy in range and sight now (it would shoot if the unit held). */
function mayShootSoon(s: PigState, f: number): boolean {
  const m = s.sc.figures[f].missile;
  if (!m || (m.reload && !s.loaded[f] && !s.sc.version.oneAction)) return false;
  return shotTarget(s, f) >= 0 || (m.reload && !s.loaded[f]);
}

/** A figure that fights mainly by shooting (a missile weapon other than a pistol). */
function isShooter(s: PigState, f: number): boolean {
  const m = s.sc.figures[f].missile;
  return m !== null && !m.pistol;
}

/** Distance from the nearest drover of unit u to the nearest active enemy figure (Infinity when none); `carrier` as {@link markCarriers}. */
function droverThreat(s: PigState, u: number, carrier: readonly number[]): number {
  const sc = s.sc;
  const foes = sc.sides[1 - sc.units[u].side].figures;
  let best = Infinity;
  for (const f of sc.units[u].figures) {
    if (s.status[f] !== ACTIVE || carrier[f] !== 1) continue;
    for (const e of foes) if (s.status[e] === ACTIVE) best = Math.min(best, dist(s.x[f], s.y[f], s.x[e], s.y[e]));
  }
  return best;
}

/** Loot held by active raiders (pigs driven, loads carried); `carrier` as {@link markCarriers}. */
function carriedLoot(s: PigState, carrier: readonly number[]): number {
  let n = 0;
  for (const f of s.sc.sides[s.sc.raiders].figures) if (s.status[f] === ACTIVE && carrier[f] === 1) n++;
  return n;
}

/** Scratch of {@link markCarriers}. */
const CARRIER: number[] = [];

/**
 * Per figure, 1 when it carries loot (queries.ts's `carrying`: a load, or a pig it drives), else 0 — one
 * pass over the pigs for the whole call instead of one per figure asked. A shared array, valid
 * until the next call.
 */
function markCarriers(s: PigState): number[] {
  const n = s.sc.figures.length;
  const out = CARRIER;
  for (let f = 0; f < n; f++) out[f] = s.carry[f] ? 1 : 0;
  for (let p = 0; p < s.pigBy.length; p++) {
    const f = s.pigBy[p];
    if (f >= 0 && f < n) out[f] = 1;
  }
  return out;
}

function freePigsLeft(s: PigState): number {
  let n = 0;
  for (const b of s.pigBy) if (b === PIG_FREE) n++;
  return n;
}

/** Fraction of `free` figures whose nearest active enemy of unit v is within their move + 3.5 (the mean charge die). */
function reachFraction(s: PigState, free: readonly number[], v: number): number {
  if (free.length === 0) return 0;
  let n = 0;
  for (const f of free) {
    const reach = baseMove(s, f) + 3.5 + s.sc.contact;
    for (const e of s.sc.units[v].figures) {
      if (s.status[e] === ACTIVE && dist(s.x[f], s.y[f], s.x[e], s.y[e]) <= reach) {
        n++;
        break;
      }
    }
  }
  return n / free.length;
}
