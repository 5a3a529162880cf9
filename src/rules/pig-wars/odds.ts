/**
 * The odds of an order before it is given, for a person choosing one (`describeAction`, which
 * `serve` and `play` show): the first shot of a holding unit ([R13]–[R16], the hit D12 then the
 * block or save D12, [R21] a leader's Leader Combat) and the first round of a charge's lead
 * pairing ([R7] the charger, [R17]–[R20] D12 + factors v D12 + factors held to 1–12, [R18]/[R25]
 * a kill at the loser's victory margin, [R21] a leader's). Exact (every face, or pair of faces,
 * of the D12s counted), pure: no dice are rolled and the state is not changed (a charge is read
 * on a copy with the charger in base contact).
 */
import { angleTo, dist } from '../../core/geometry.js';
import { STATE, ACTIVE, type PigState } from './state.js';
import {
  DA_BLOCK,
  PIRATE_MOVE_BASE,
  PIRATE_SAVE,
  clampD12,
  daMoveFactor,
  daRoughDie,
  meleeSum,
  pirateProtection,
  protectionUp,
  shotDice,
  type DaProtection,
  type MeleeSide,
} from './tables.js';
import { arcOf, carrying, coverAt, freeFigures, moveKind, onRough } from './queries.js';
import { moveUnit, roughEntry } from './movement.js';
import type { PigAction } from './action.js';
import type { Rng } from '../../core/rng.js';
import { shotOnHold } from './shooting.js';
import { meleeSide, newSide, victoryMargin } from './melee.js';
import { chargers, contactSpot } from './charge.js';

/** The probability that a hit which gets through (not blocked or saved) takes figure `t` off the table. */
function fallsGivenHit(s: PigState, t: number, natural: number): number {
  const v = s.sc.version;
  if (!s.sc.figures[t].leader) return 1;
  // [R21]: Leader Combat; a leader dies on the range, or is eliminated by his third hit
  const third = s.hits[t] + 1 >= 3;
  if (third) return 1;
  const [lo, hi] = v.leaderDies;
  if (v.leaderRoll === 'fresh') return (hi - lo + 1) / 12;
  return natural >= lo && natural <= hi ? 1 : 0;
}

/** The odds of one shot, as probabilities in [0, 1] (exact fractions of the D12's faces). */
export interface ShotOdds {
  /** The shooter and the target (figure indices). */
  f: number;
  t: number;
  /** Distance centre to centre (in) and the range band it falls in ([R13]). */
  dist: number;
  range: 'short' | 'long';
  /** Dice the weapon throws at this range (cannon 4 / 2, else 1); the odds are of the first. */
  dice: number;
  /** The D12 to hit: hits at or under `need` (dark ages) or when D12 + `mod` ≥ `need` (pirates). */
  need: number;
  mod: number;
  hit: number;
  /** The target's protection after cover or shield wall, and the D12 that stops a hit ([R14]: 1–`stopOn`; [R15]: `stopOn`–12). */
  protection: string;
  stopOn: number;
  /** A hit is blocked or saved. */
  stopped: number;
  /** The shot hits and is not stopped (a casualty: a leader goes to Leader Combat). */
  through: number;
  /** The target is off the table after the shot (killed, or a leader killed / eliminated, [R21]). */
  kill: number;
}

/** The odds of figure `f`'s first shot die at figure `t` as the state stands ([R13]–[R16], [R21]). */
export function shotOdds(s: PigState, f: number, t: number): ShotOdds {
  const sc = s.sc;
  const info = sc.figures[f];
  const m = info.missile!;
  const tInfo = sc.figures[t];
  const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
  const long = d > m.short + 1e-9;
  const block = sc.version.shotDefence === 'block';
  let need: number;
  let mod = 0;
  let protection: string;
  let stopOn: number;
  let stopFaces: number;
  if (block) {
    need = long ? 3 : 6;
    let prot: DaProtection = tInfo.armour;
    if (s.wall[tInfo.unit] && arcOf(s, f, t) === 'front') prot = 'SW';
    const p2 = protectionUp(prot, coverAt(sc, s.x[t], s.y[t]) !== 'none');
    protection = p2;
    stopOn = DA_BLOCK[p2];
    stopFaces = stopOn;
  } else {
    need = long ? 10 : 7;
    mod = info.stripes + (s.close[info.unit] === 1 && !info.mounted ? 1 : 0) + (s.close[tInfo.unit] === 1 && !tInfo.mounted ? 1 : 0);
    const prot = pirateProtection(tInfo.leader, coverAt(sc, s.x[t], s.y[t]));
    protection = prot;
    stopOn = PIRATE_SAVE[prot];
    stopFaces = 13 - stopOn;
  }
  const pStop = stopFaces / 12;
  let hits = 0;
  let kill = 0;
  for (let r = 1; r <= 12; r++) {
    const hit = block ? r <= need : r + mod >= need;
    if (!hit) continue;
    hits++;
    kill += fallsGivenHit(s, t, r);
  }
  return {
    f,
    t,
    dist: d,
    range: long ? 'long' : 'short',
    dice: shotDice(m, long),
    need,
    mod,
    hit: hits / 12,
    protection,
    stopOn,
    stopped: pStop,
    through: (hits / 12) * (1 - pStop),
    kill: (kill / 12) * (1 - pStop),
  };
}

/**
 * The first shot a hold order of unit `u` would make: its first free figure (in the unit's order)
 * with a target ({@link shotOnHold}), and that shot's odds; null when none would shoot.
 */
export function holdShotOdds(s: PigState, u: number): ShotOdds | null {
  for (const f of freeFigures(s, u)) {
    const t = shotOnHold(s, f);
    if (t >= 0) return shotOdds(s, f, t);
  }
  return null;
}

/**
 * The first shot a dark-ages move order would make (DA [R13]: a unit that moved still shoots in
 * its card's shooting step — the sequence is move, then shoot): over every throw of the dice the
 * move rolls ([R9] a rough-ground die, a carrier's crossing die), the chance a figure of the unit
 * has a target after it, the chance that shot kills ([R14] hit and block, [R21] a leader's), and
 * the first shot's odds when every throw gives the same shot (same shooter, target and range
 * band; `first` null otherwise).
 */
export interface MoveShotOdds {
  /** The chance the unit's first free figure that may shoot has a target after the move. */
  shot: number;
  /** The chance that first shot takes its target off the table. */
  kill: number;
  /** The first shot when it is the same over every throw of the move's dice, else null. */
  first: ShotOdds | null;
  /** How many throws of the move's dice were counted (1 when it rolls none). */
  throws: number;
}

/** A stream that throws `faces` in order (face k of a d`n` as the middle of its share of [0, 1)), then face 1 for any further die. */
function scripted(faces: readonly number[], sides: readonly number[]): Rng {
  let i = 0;
  return {
    next(): number {
      const k = i++;
      return k < faces.length ? (faces[k] - 0.5) / sides[k] : 0;
    },
  };
}

/**
 * {@link MoveShotOdds} of move order `a` (`obj`, `home`, `foe`, `moveTo`) of unit `u` on the
 * dark-ages sheet: the move carried out on a copy for every throw of the dice it rolls (counted
 * exactly, each throw weighted by its chance), then the first shot of the unit as
 * {@link holdShotOdds} reads it (its free figures in order, the nearest target, [R13]). Null on the
 * pirates sheet (a unit that moves does not shoot, [R13] one action), for other orders, and when
 * no figure of the unit carries a missile weapon it could shoot.
 */
export function moveShotOdds(s: PigState, u: number, a: PigAction): MoveShotOdds | null {
  const sc = s.sc;
  if (sc.version.oneAction || (a.k !== 'obj' && a.k !== 'home' && a.k !== 'foe' && a.k !== 'moveTo')) return null;
  const able = freeFigures(s, u).some((f) => {
    const m = sc.figures[f].missile;
    return m !== null && m !== undefined && (!m.reload || s.loaded[f] === 1);
  });
  if (!able) return null;
  let shot = 0;
  let kill = 0;
  let throws = 0;
  let first: ShotOdds | null = null;
  let same = true;
  const visit = (faces: number[], sides: number[], weight: number): void => {
    const at = STATE.clone(s);
    const rolled: number[] = [];
    moveUnit(at, u, a, scripted(faces, sides), (e) => {
      if (e.e === 'die') rolled.push(Number(String(e.die).slice(1)));
    });
    if (rolled.length > faces.length) {
      // a die not yet thrown: every face of it in turn
      const n = rolled[faces.length];
      for (let k = 1; k <= n; k++) visit([...faces, k], [...sides, n], weight / n);
      return;
    }
    throws++;
    const o = holdShotOdds(at, u);
    if (o !== null) {
      shot += weight;
      kill += weight * o.kill;
    }
    if (throws === 1) first = o;
    else if (first === null || o === null || o.f !== first.f || o.t !== first.t || o.range !== first.range) same = false;
  };
  visit([], [], 1);
  return { shot, kill, first: same ? first : null, throws };
}

/** The odds of one round of mêlée between `a` and `b` (exact fractions of the 144 pairs of D12 faces). */
export interface RoundOdds {
  /** The charger (or first fighter) and its opponent (figure indices). */
  a: number;
  b: number;
  /** Each side's factors added to its D12 ([R19], [R20]; the total is held to 1–12, [R18]). */
  modA: number;
  modB: number;
  /** The victory margin each needs to kill the other ([R18], [R25]): `marginA` is what `a` needs against `b`. */
  marginA: number;
  marginB: number;
  /** `a` wins by its margin (b is struck down: killed, or a leader hit, [R21]). */
  aKills: number;
  /** `b` wins by its margin. */
  bKills: number;
  /** Neither (a tie or a smaller margin: a continuing mêlée). */
  neither: number;
  /** `b` is off the table after the round (a leader only on Leader Combat's roll, [R21]). */
  bFalls: number;
  /** Whether `a` fights with the charge bonus ([R7]); null when it depends on the move die. */
  bonus: boolean | null;
  /** The chance `a` reaches base contact with `b` ([R7]: its move and the charge D6, [R9] / [R11] its dice). */
  reach: number;
  /** The length of `a`'s way to its place in contact (in; Infinity when there is none). */
  length: number;
}

/**
 * The chance a charger `f` whose way to its contact place is `length` in long reaches it ([R7]):
 * every face of the dice its allowance takes counted — the charge D6; dark ages its class's move,
 * or its rough-ground die when it starts on rough ([R9]); pirates its kind's base + the move D6,
 * less the crossing −D6 when the way enters rough or a wall ([R11]); times the carrying fraction
 * ([R12]) — as chargeUnit and allowanceFor work it out.
 */
function reachChance(s: PigState, f: number, length: number, crosses: boolean): number {
  const sc = s.sc;
  const info = sc.figures[f];
  const scale = carrying(s, f) ? sc.carrySpeed : 1;
  const pirate = sc.version.moveDie;
  const roughSize = !pirate && onRough(sc, s.x[f], s.y[f]) ? daRoughDie(info.armour, info.mounted) : 0;
  const moveFaces = pirate ? 6 : roughSize > 0 ? roughSize : 1;
  const crossFaces = sc.version.crossingDie && crosses ? 6 : 1;
  const base = pirate ? PIRATE_MOVE_BASE[moveKind(s, f)] : 0;
  let yes = 0;
  let n = 0;
  for (let c = 1; c <= 6; c++)
    for (let m = 1; m <= moveFaces; m++)
      for (let x = 1; x <= crossFaces; x++) {
        const move = pirate ? base + m : daMoveFactor(info.armour, info.mounted, false, roughSize > 0, m);
        const full = (move + c) * scale;
        const allowance = crossFaces > 1 ? Math.max(0, full - x * scale) : full;
        n++;
        if (length <= allowance + 1e-9) yes++;
      }
  return yes / n;
}

/**
 * One round of D12 + `modA` against D12 + `modB`, each total held to 1–12 ([R18]): of the 144
 * pairs of faces, how many give `a` a win by at least `marginA` and how many give `b` one by at
 * least `marginB` (the rest: a continuing mêlée).
 */
export function roundCounts(modA: number, modB: number, marginA: number, marginB: number): { aKills: number; bKills: number } {
  let aKills = 0;
  let bKills = 0;
  for (let ra = 1; ra <= 12; ra++) {
    const x = clampD12(ra + modA);
    for (let rb = 1; rb <= 12; rb++) {
      const y = clampD12(rb + modB);
      if (x - y >= marginA) aKills++;
      else if (y - x >= marginB) bKills++;
    }
  }
  return { aKills, bKills };
}

const SIDE_A: MeleeSide = newSide();
const SIDE_B: MeleeSide = newSide();

/** The odds of one round between `a` and `b` as the state stands (`s` may be a copy with a charger placed). */
export function roundOdds(s: PigState, a: number, b: number): Omit<RoundOdds, 'bonus' | 'reach' | 'length'> {
  const sc = s.sc;
  const A = meleeSide(s, a, b, SIDE_A);
  const B = meleeSide(s, b, a, SIDE_B);
  const modA = meleeSum(sc.version.melee, A, B);
  const modB = meleeSum(sc.version.melee, B, A);
  // as the mêlée step: victoryMargin(s, f, e) is what e needs to kill f
  const marginA = victoryMargin(s, b, a);
  const marginB = victoryMargin(s, a, b);
  const c = roundCounts(modA, modB, marginA, marginB);
  let bf = c.aKills;
  if (sc.figures[b].leader) {
    // [R21]: a leader struck down may live, by the winner's natural roll (pirates) or a fresh D12
    bf = 0;
    for (let ra = 1; ra <= 12; ra++) {
      const x = clampD12(ra + modA);
      for (let rb = 1; rb <= 12; rb++) if (x - clampD12(rb + modB) >= marginA) bf += fallsGivenHit(s, b, ra);
    }
  }
  const ak = c.aKills;
  const bk = c.bKills;
  return { a, b, modA, modB, marginA, marginB, aKills: ak / 144, bKills: bk / 144, neither: (144 - ak - bk) / 144, bFalls: bf / 144 };
}

/**
 * The lead pairing of unit `u`'s charge on unit `v` ([R7]): the free figure nearest to an active
 * figure of `v` that may charge, against the nearest active figure of `v` (the first charger takes
 * its target before any is claimed), with the odds of their first round if it reaches base contact
 * — read on a copy of the state with the charger in the place it would take, facing its target.
 * Null when no figure may charge or no place in contact is free.
 */
export function chargeOdds(s: PigState, u: number, v: number): RoundOdds | null {
  const sc = s.sc;
  const able = chargers(s, u);
  let f = -1;
  let fd = Infinity;
  for (const g of freeFigures(s, u)) {
    let bd = Infinity;
    for (const e of sc.units[v].figures) if (s.status[e] === ACTIVE) bd = Math.min(bd, dist(s.x[g], s.y[g], s.x[e], s.y[e]));
    if (able.includes(g) && (bd < fd || (bd === fd && g < f))) {
      f = g;
      fd = bd;
    }
  }
  if (f < 0) return null;
  let t = -1;
  let td = Infinity;
  for (const e of sc.units[v].figures) {
    if (s.status[e] !== ACTIVE) continue;
    const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
    if (d < td) {
      td = d;
      t = e;
    }
  }
  if (t < 0) return null;
  const found = contactSpot(s, f, t);
  if (!found) return null;
  // a copy of the scratch spot (the kept way of NavMap.path may hold its ends)
  const spot = { x: found.x, y: found.y };
  const path = sc.nav.path({ x: s.x[f], y: s.y[f] }, spot);
  const length = path ? path.length : Infinity;
  const reach = path ? reachChance(s, f, length, roughEntry(s, path.points) < Infinity) : 0;
  // [R7] the bonus: foot moved at least 2 in, mounted at least half its normal move (pirates: the
  // normal move holds the unit's move D6, so the bonus may hang on it)
  const info = sc.figures[f];
  let bonus: boolean | null;
  if (!info.mounted) bonus = length >= 2 - 1e-9;
  else {
    let yes = 0;
    for (let die = 1; die <= 6; die++) if (length >= sc.version.normalMove(info, moveKind(s, f), false, die) / 2 - 1e-9) yes++;
    bonus = yes === 6 ? true : yes === 0 ? false : null;
  }
  const at = STATE.clone(s);
  at.x[f] = spot.x;
  at.y[f] = spot.y;
  at.facing[f] = angleTo(spot.x, spot.y, s.x[t], s.y[t]);
  at.chargeBonus[f] = bonus === false ? 0 : 1;
  at.rounds[f] = 0;
  return { ...roundOdds(at, f, t), bonus, reach, length };
}

function pct(p: number): string {
  return `${Math.round(p * 100)}%`;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

function label(s: PigState, f: number): string {
  const x = s.sc.figures[f];
  return x.name === x.id ? x.id : `${x.name} (${x.id})`;
}

/**
 * A shot's odds in words: `first shot: A03 at B02, 7.5 in short, 25% to kill (D12 1–6 hits: 50%;
 * PA blocks on 1–6)`, or (pirates) `… (D12+1 ≥ 7 hits: 58%; open saves on 10–12)`.
 */
export function shotWords(s: PigState, o: ShotOdds): string {
  const block = s.sc.version.shotDefence === 'block';
  const roll = block ? `D12 1–${o.need} hits` : `D12${o.mod ? signed(o.mod) : ''} ≥ ${o.need} hits`;
  const stop = block ? `${o.protection} blocks on 1–${o.stopOn}` : `${o.protection} saves on ${o.stopOn}–12`;
  const dice = o.dice > 1 ? `, first of ${o.dice} dice` : '';
  const leader = s.sc.figures[o.t].leader ? `, ${pct(o.through)} a leader hit` : '';
  return `first shot: ${label(s, o.f)} at ${label(s, o.t)}, ${o.dist.toFixed(1)} in ${o.range}${dice}, ${pct(o.kill)} to kill${leader} (${roll}: ${pct(o.hit)}; ${stop})`;
}

/**
 * A charge's odds in words: `lead pair A03 on B01 (11.2 in), 83% to reach contact; if he does: 38% to kill
 * (D12+3 v D12+1, kills at a margin of 2, is killed at 1; 12% killed)`.
 */
export function chargeWords(s: PigState, o: RoundOdds): string {
  const bonus = o.bonus === null ? ', with the charge bonus if the move die allows' : o.bonus ? '' : ', without the charge bonus';
  const leader = s.sc.figures[o.b].leader ? `, ${pct(o.aKills)} a leader hit` : '';
  const way = Number.isFinite(o.length) ? ` (${o.length.toFixed(1)} in)` : '';
  return `lead pair ${label(s, o.a)} on ${label(s, o.b)}${way}, ${pct(o.reach)} to reach contact; if he does${bonus}: ${pct(o.bFalls)} to kill${leader} (D12${signed(o.modA)} v D12${signed(o.modB)}, kills at a margin of ${o.marginA}, is killed at ${o.marginB}; ${pct(o.bKills)} killed)`;
}

/**
 * A move order's shot in words (DA [R13], after the move): the first shot as {@link shotWords}
 * when every throw of the move's dice gives it, else the chance of a shot and of a kill over the
 * throws: `then first shot: …`, or `then a shot after 67% of the 6 throws of the move's dice (…), 11% to kill`.
 */
export function moveShotWords(s: PigState, o: MoveShotOdds): string {
  const dice = o.throws > 1 ? ` (over the ${o.throws} throws of the move's dice: ${pct(o.kill)} to kill)` : '';
  if (o.first !== null && o.shot > 1 - 1e-9) return `then ${shotWords(s, o.first)}${dice}`;
  return `then a shot after ${pct(o.shot)} of the ${o.throws} throws of the move's dice (its shooter, target or range hangs on them), ${pct(o.kill)} to kill`;
}
