/**
 * State of War shooting [W13]–[W17]: who may fire, the targets a firer could hit (range, sight,
 * no firing into a melee, the front rank at short range), the dice pools and the shot itself.
 * Lengths in cm.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { roll } from '../../core/rng.js';
import { type PoolDie, rollContest } from '../../core/dice-contest.js';
import { angleTo, dist as geoDist } from '../../core/geometry.js';
import { engaged, coverOf, coverSourceOf, lineOfSightOf } from './table.js';
import {
  BAND_NAMES,
  COVER_DIE,
  type Cover,
  HORSE_HIT_ON,
  loadActions,
  maxRange,
  RANGE_DIE,
  rangeBand,
  type ShotResult,
  shotResult,
} from './tables.js';
import { type SowState, ACTIVE, C } from './state.js';
import { DEG, diceJson, r2 } from './action.js';
import { injure } from './injury.js';
import { liveUnitsInto, memoFor } from './units.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** Figure f may fire now: loaded, armed, not engaged [W7]. */
export function canFire(s: SowState, f: number): boolean {
  const w = s.sc.figures[f].weapon;
  return w !== null && s.load[f] === 0 && !engaged(s, f);
}

/** The figures of unit u that f could hit now, with their distances [W14], [W15]. */
export function shotCandidates(s: SowState, f: number, u: number): { t: number; d: number }[] {
  const m = memoFor(s, f);
  const k = m.shotAt + u;
  if (m.has(k)) return m.get(k) as { t: number; d: number }[];
  const c = candidates(s, f, u);
  m.set(k, c);
  return c;
}

/**
 * Whether figure t of the firer's enemies may be shot at from where f stands, its distance `d`
 * already within the weapon's reach: not touching one of the firer's side (no firing into a melee
 * [W14]) and in sight.
 */
function targetable(s: SowState, f: number, t: number): boolean {
  // Asked again and again in one decision (the legal list, the policy, the shot): kept in the
  // memo of the figure it holds (never moved to another figure from here).
  const m = s.memo;
  if (m === null || m.fig !== f) return targetableNow(s, f, t);
  const k = m.aimAt + t;
  if (m.has(k)) return m.get(k) === true;
  const v = targetableNow(s, f, t);
  m.set(k, v);
  return v;
}

/** {@link targetable}, worked out. */
function targetableNow(s: SowState, f: number, t: number): boolean {
  const sc = s.sc;
  const lim = sc.contact + 1e-9;
  const own = sc.sides[sc.figures[f].side].figures;
  const tx = s.x[t];
  const ty = s.y[t];
  for (let i = 0; i < own.length; i++) {
    const g = own[i];
    if (s.status[g] === ON && dist(s.x[g], s.y[g], tx, ty) <= lim) return false;
  }
  return lineOfSightOf(s, f, t);
}

/**
 * The nearest figure of unit u that f could hit now (ties: the lower index) — the first of
 * {@link shotCandidates} — or −1 when none; worked out without the list (a farther figure is not
 * looked at in sight).
 */
export function nearestShotCandidate(s: SowState, f: number, u: number): number {
  const sc = s.sc;
  const w = sc.figures[f].weapon;
  if (!w) return -1;
  const reach = maxRange(w);
  const targets = sc.sides[sc.units[u].side].figures;
  let best = -1;
  let bd = Infinity;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    if (s.status[t] !== ON || s.unitOf[t] !== u) continue;
    const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
    if (d > reach + 1e-9) continue;
    if (d > bd || (d === bd && t > best)) continue;
    if (!targetable(s, f, t)) continue;
    best = t;
    bd = d;
  }
  return best;
}

/** True when f could hit some figure of unit u now ({@link shotCandidates} not empty), stopping at the first. */
function anyShotCandidate(s: SowState, f: number, u: number): boolean {
  const sc = s.sc;
  const w = sc.figures[f].weapon;
  if (!w) return false;
  const reach = maxRange(w);
  const targets = sc.sides[sc.units[u].side].figures;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    if (s.status[t] !== ON || s.unitOf[t] !== u) continue;
    if (dist(s.x[f], s.y[f], s.x[t], s.y[t]) > reach + 1e-9) continue;
    if (targetable(s, f, t)) return true;
  }
  return false;
}

function candidates(s: SowState, f: number, u: number): { t: number; d: number }[] {
  const n = candidatesInto(s, f, u);
  const out: { t: number; d: number }[] = [];
  for (let i = 0; i < n; i++) out.push({ t: CAND_T[i], d: CAND_D[i] });
  return out;
}

/**
 * The figures of unit u that f could hit now ({@link shotCandidates}' list, in its order) into
 * {@link CAND_T} with their distances in {@link CAND_D}; returns how many. No list or pair made:
 * for the shot carried out, which reads the list at once.
 */
export function candidatesInto(s: SowState, f: number, u: number): number {
  const sc = s.sc;
  const w = sc.figures[f].weapon;
  if (!w) return 0;
  const ts = CAND_T;
  const ds = CAND_D;
  let n = 0;
  const reach = maxRange(w);
  const figs = sc.sides[sc.units[u].side].figures;
  for (let k = 0; k < figs.length; k++) {
    const t = figs[k];
    if (s.status[t] !== ON || s.unitOf[t] !== u) continue;
    const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
    if (d > reach + 1e-9) continue;
    if (!targetable(s, f, t)) continue;
    ts[n] = t;
    ds[n] = d;
    n++;
  }
  if (n === 0) return 0;
  // Nearest first, ties by index (a total order, so the same list as any sort): by insertion, in
  // place (a unit is a few figures).
  for (let i = 1; i < n; i++) {
    const ct = ts[i];
    const cd = ds[i];
    let j = i;
    while (j > 0 && (ds[j - 1] > cd || (ds[j - 1] === cd && ts[j - 1] > ct))) {
      ts[j] = ts[j - 1];
      ds[j] = ds[j - 1];
      j--;
    }
    ts[j] = ct;
    ds[j] = cd;
  }
  // At short range only the front rank: within 3 cm of the nearest candidate's distance [W15] (a
  // prefix of the sorted list).
  if (rangeBand(w, ds[0]) === 0) {
    const lim = ds[0] + 3;
    let k = 1;
    while (k < n && ds[k] <= lim) k++;
    n = k;
  }
  return n;
}

/** Scratch of {@link candidatesInto}: the candidates' figures and distances (read at once). */
export const CAND_T: number[] = [];
const CAND_D: number[] = [];

/** Enemy units figure f can fire at now (ids in scenario order). */
export function fireTargets(s: SowState, f: number): number[] {
  const n = fireTargetsInto(s, f, FIRE_AT);
  return FIRE_AT.slice(0, n);
}

/** {@link fireTargets} written into `out` (its first entries; no list made): returns how many. */
export function fireTargetsInto(s: SowState, f: number, out: number[]): number {
  if (!canFire(s, f)) return 0;
  const n = liveUnitsInto(s, 1 - s.sc.figures[f].side, LIVE_FOES);
  let k = 0;
  for (let i = 0; i < n; i++) if (anyShotCandidate(s, f, LIVE_FOES[i])) out[k++] = LIVE_FOES[i];
  return k;
}

/** Scratch lists of {@link fireTargets} and {@link fireTargetsInto}. */
const FIRE_AT: number[] = [];
const LIVE_FOES: number[] = [];

/** The dice pools of a shot from f at t: the firer's quality die against cover and range dice [W16]. */
export function shotPools(
  s: SowState,
  f: number,
  t: number,
): { firer: PoolDie[]; target: PoolDie[]; cover: Cover; coverBy: string | null; band: number; d: number } {
  const sc = s.sc;
  const w = sc.figures[f].weapon!;
  const d = dist(s.x[f], s.y[f], s.x[t], s.y[t]);
  const band = rangeBand(w, d);
  const { cover, by } = coverSourceOf(sc, s.x[f], s.y[f], s.x[t], s.y[t]);
  return {
    firer: [{ sides: sc.figures[f].die, label: 'quality' }],
    target: [
      { sides: COVER_DIE[cover], label: `cover (${cover})` },
      { sides: RANGE_DIE[Math.max(0, band)], label: `range (${BAND_NAMES[Math.max(0, band)]})` },
    ],
    cover,
    coverBy: by,
    band,
    d,
  };
}

/** Figure f's shot at one of the first `n` figures of `cands` (the candidates in order, {@link candidatesInto}; a die picks when several) [W14]–[W18]. */
export function fire(s: SowState, f: number, cands: readonly number[], n: number, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  const info = sc.figures[f];
  let pickDie = 0;
  let pickFace = 1;
  if (n > 1) {
    pickDie = n;
    pickFace = roll(ctx.rng, pickDie);
  }
  const t = cands[pickFace - 1];
  if (!ctx.emit) {
    // No record: the contest's margin alone, from the same draws in the same order (the firer's
    // quality die, then the cover and range dice; no adjustments), without pools or rolled dice.
    const band = rangeBand(info.weapon!, dist(s.x[f], s.y[f], s.x[t], s.y[t]));
    const cover = coverOf(sc, s.x[f], s.y[f], s.x[t], s.y[t]);
    const a = roll(ctx.rng, info.die);
    const b1 = roll(ctx.rng, COVER_DIE[cover]);
    const b2 = roll(ctx.rng, RANGE_DIE[Math.max(0, band)]);
    shotDone(s, f, t, shotResult(a - (b2 > b1 ? b2 : b1)), ctx);
    return;
  }
  const pools = shotPools(s, f, t);
  const c = rollContest(ctx.rng, pools.firer, pools.target);
  const result = shotResult(c.margin);
  s.load[f] = loadActions(info.weapon!);
  s.facing[f] = angleTo(s.x[f], s.y[f], s.x[t], s.y[t]);
  ctx.emit({
    e: 'fire',
    turn: s.turn,
    figure: info.id,
    weapon: info.weapon!.key,
    unit: sc.units[s.unitOf[t]].id,
    candidates: cands.slice(0, n).map((x) => sc.figures[x].id),
    pick: pickDie > 0 ? { die: `d${pickDie}`, face: pickFace } : null,
    target: sc.figures[t].id,
    range: r2(pools.d),
    band: BAND_NAMES[Math.max(0, pools.band)],
    cover: pools.cover,
    coverBy: pools.coverBy,
    firer: diceJson(c.a.dice),
    against: diceJson(c.b.dice),
    margin: c.margin,
    result,
    facing: r2(s.facing[f] * DEG),
  });
  shotDone(s, f, t, result, ctx);
}

/**
 * What follows a shot of f at t with `result` [W16]–[W18]: the weapon to load again, the firer
 * facing the target, and a hit's horse roll and injury. (The record's `fire` event, when there is
 * one, is written before: {@link fire} sets the load and facing it reads first.)
 */
function shotDone(s: SowState, f: number, t: number, result: ShotResult, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  s.load[f] = loadActions(sc.figures[f].weapon!);
  s.facing[f] = angleTo(s.x[f], s.y[f], s.x[t], s.y[t]);
  s.counters[C.shots]++;
  if (result === 'none' || result === 'graze') return;
  s.counters[C.hits]++;
  if (s.mounted[t]) {
    const face = roll(ctx.rng, 6);
    const horse = face >= HORSE_HIT_ON;
    ctx.emit?.({ e: 'horseHit', turn: s.turn, figure: sc.figures[t].id, die: 'd6', face, horseHit: horse });
    if (horse) {
      s.mounted[t] = 0;
      s.horse[t] = 0;
      s.counters[C.horsesHit]++;
      return;
    }
  }
  injure(s, t, result, 'shot', ctx);
}
