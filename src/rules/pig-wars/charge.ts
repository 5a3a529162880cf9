/**
 * Charges ([R7]): who may charge (not in shield wall, not resting, not fallen back), which enemy
 * units are within reach to be named, and the charge carried out: the unit's charge D6, each
 * figure to a free place in base contact with its target or as far as it gets.
 */
import { type Vec, angleTo, dist } from '../../core/geometry.js';
import { newPathScratch } from '../../core/nav.js';
import type { Rng } from '../../core/rng.js';
import { ACTIVE, C, type PigState } from './state.js';
import { type Emit, engaged, figureView, freeFiguresInto, baseMove, moveKind } from './queries.js';
import { carryPigs } from './loot.js';
import { type MoveDice, newDice, resetDice, rollNamed, allowanceFor, roughEntry, moveFigure, moveEvent } from './movement.js';

/** The unit may charge: not in shield wall, and at least one free figure not resting and not fallen back. */
export function chargers(s: PigState, u: number): number[] {
  const out: number[] = [];
  chargersInto(s, u, out);
  return out;
}

/** {@link chargers} written into the first entries of `out` (a scratch list); returns how many. */
export function chargersInto(s: PigState, u: number, out: number[]): number {
  if (s.wall[u]) return 0;
  let n = 0;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] === ACTIVE && s.charged[f] < s.turn - 1 && s.noCharge[f] < s.turn && !engaged(s, f)) out[n++] = f;
  }
  return n;
}

/**
 * Farthest an enemy unit may be (straight line, nearest figures) to be named in a charge: base
 * move + 6. `cs`: the unit's {@link chargers} (its first `n`, all by default).
 */
export function chargeable(s: PigState, cs: readonly number[], v: number, n = cs.length): boolean {
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const f = cs[i];
    const reach = baseMove(s, f) + s.sc.version.chargeReachExtra + 6 + s.sc.contact;
    for (const e of s.sc.units[v].figures) if (s.status[e] === ACTIVE && dist(s.x[f], s.y[f], s.x[e], s.y[e]) <= reach) return true;
  }
  return false;
}

/** Scratch of {@link chargeUnit}: per figure of the charged unit, how many chargers have taken it as their target. */
const CLAIMS: number[] = [];
/**
 * Scratch of {@link chargeUnit}: the unit's chargers, its free figures, their order (figure and
 * distance, nearest first) and the point a figure heads for (read by moveFigure at once).
 */
const ABLE: number[] = [];
const FIGS: number[] = [];
const ORDER_F: number[] = [];
const ORDER_D: number[] = [];
const TARGET = { x: 0, y: 0 };

/** Where figure t stands, in {@link TARGET}. */
function targetPoint(s: PigState, t: number): Vec {
  TARGET.x = s.x[t];
  TARGET.y = s.y[t];
  return TARGET;
}

/** Figure f is one of the first n of `list`. */
function listed(list: readonly number[], n: number, f: number): boolean {
  for (let i = 0; i < n; i++) if (list[i] === f) return true;
  return false;
}

/** Scratch of {@link chargeUnit}: the dice of one charge (reset at its start). */
const CHARGE_DICE = newDice();

/** Scratch of {@link chargeUnit}: a charger's way to its contact spot (read before the next figure's). */
const CHARGE_WAY = newPathScratch();
/** Scratch of {@link chargeUnit}: where the charger stands before it moves (the first point of its way). */
const CHARGE_FROM = { x: 0.5, y: 0.5 };

/** Carry out a charge on enemy unit v: a charge D6 for the unit; figures that reach base contact charge home. */
export function chargeUnit(s: PigState, u: number, v: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const uid = sc.units[u].id;
  const d6 = rollNamed(rng, 6, emit, 'charge D6', uid);
  const dice = resetDice(CHARGE_DICE);
  const able = ABLE;
  const nAble = chargersInto(s, u, able);
  // figures of v already claimed as targets by this charge, by figure (scratch, zeroed for v's figures)
  const claims = CLAIMS;
  for (const e of sc.units[v].figures) claims[e] = 0;
  s.counters[C.charges]++;
  const figs = freeFiguresInto(s, u, FIGS);
  // nearest first: by distance to the nearest active figure of v, ties to the lower figure index
  // (sortByDistance's order), by insertion into scratch lists
  const n = figs.length;
  for (let i = 0; i < n; i++) {
    const f = figs[i];
    let bd = Infinity;
    for (const e of sc.units[v].figures) if (s.status[e] === ACTIVE) bd = Math.min(bd, dist(s.x[f], s.y[f], s.x[e], s.y[e]));
    let j = i - 1;
    while (j >= 0 && (ORDER_D[j] > bd || (ORDER_D[j] === bd && ORDER_F[j] > f))) {
      ORDER_D[j + 1] = ORDER_D[j];
      ORDER_F[j + 1] = ORDER_F[j];
      j--;
    }
    ORDER_D[j + 1] = bd;
    ORDER_F[j + 1] = f;
  }
  for (let k = 0; k < n; k++) {
    const f = ORDER_F[k];
    if (s.status[f] !== ACTIVE) continue;
    let target = -1;
    let best = Infinity;
    for (const e of sc.units[v].figures) {
      if (s.status[e] !== ACTIVE) continue;
      const score = dist(s.x[f], s.y[f], s.x[e], s.y[e]) + 4 * claims[e];
      if (score < best) {
        best = score;
        target = e;
      }
    }
    if (target < 0) break;
    if (!listed(able, nAble, f)) {
      // a carrier's −D6 comes off its movement factor before its fraction, as in every other move
      // ([R11], [R12]; ruleset 0.5.0 — before, (8 + D6) × ½ − D6 here, issue 38, item 8)
      const { full, parts, scale } = allowanceFor(s, f, dice, rng, emit, 0);
      moveFigure(
        s,
        f,
        targetPoint(s, target),
        full,
        parts,
        dice,
        true,
        rng,
        emit,
        emit ? `behind the charge on ${sc.units[v].id} (may not charge)` : '',
        scale,
      );
      continue;
    }
    const { full, parts, scale } = allowanceFor(s, f, dice, rng, emit, d6);
    const spot = contactSpot(s, f, target);
    if (spot) {
      const from = CHARGE_FROM;
      from.x = s.x[f];
      from.y = s.y[f];
      const path = sc.nav.pathInto(from, spot, CHARGE_WAY);
      let allowance = full;
      let ps = parts;
      if (path && sc.version.crossingDie && roughEntry(s, path.points) < Infinity) {
        if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid);
        allowance = Math.max(0, full - dice.cross * scale);
        if (parts) ps = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
      }
      if (path && path.length <= allowance + 1e-9) {
        const info = sc.figures[f];
        const normal = baseMoveNoDice(s, f, dice);
        const qualifies = info.mounted ? path.length >= normal / 2 - 1e-9 : path.length >= 2 - 1e-9;
        s.x[f] = spot.x;
        s.y[f] = spot.y;
        s.facing[f] = angleTo(spot.x, spot.y, s.x[target], s.y[target]);
        s.charged[f] = s.turn;
        s.chargeBonus[f] = qualifies ? 1 : 0;
        s.rounds[f] = 0;
        s.moved[f] = 1;
        claims[target]++;
        s.counters[C.moves]++;
        emit?.({
          ...moveEvent(s, f, path.points, path.length, allowance, ps ?? [], `charge ${sc.figures[target].id}`),
          charge: sc.figures[target].id,
          bonus: qualifies,
        });
        carryPigs(s, f);
        continue;
      }
    }
    // A charge that falls short is still a charge ([R7]): the figure moved with the charge D6, so
    // it is a charger that must rest 1 turn; it reached no mêlée, so it has no bonus (audit A2).
    // A figure that could not move at all (its way and every place near it taken) made no charge
    // and need not rest (ruleset 0.5.0; before, it was barred from charging on the next turn
    // although its record showed no charge — issue 38, item 7).
    s.chargeBonus[f] = 0;
    if (
      moveFigure(
        s,
        f,
        targetPoint(s, target),
        full,
        parts,
        dice,
        true,
        rng,
        emit,
        emit ? `charge on ${sc.units[v].id} falls short` : '',
        scale,
      ) > 0
    )
      s.charged[f] = s.turn;
  }
}

/** The figure's normal move this activation without the charge die (for the charge bonus test). */
export function baseMoveNoDice(s: PigState, f: number, dice: MoveDice): number {
  return s.sc.version.normalMove(s.sc.figures[f], moveKind(s, f), false, dice.move);
}

/**
 * A free place in base contact with `t` on the side facing `f`, or null: where a charger on `t`
 * stops when it reaches it ([R7]). Pure (reads the table's scratch of places); the place is a
 * scratch object, valid until the next call.
 */
export function contactSpot(s: PigState, f: number, t: number): Vec | null {
  const sc = s.sc;
  const gap = 2 * sc.radius + 0.02;
  const base = angleTo(s.x[t], s.y[t], s.x[f], s.y[f]);
  // every place tried is `gap` from t's centre: only the bases near that circle are asked
  const P = sc.places;
  P.setNear(figureView(s), f, null, 0, s.x[t], s.y[t], gap);
  for (let k = 0; k < 13; k++) {
    const off = ((k + 1) >> 1) * (k % 2 ? 1 : -1) * (Math.PI / 12);
    const a = base + off;
    const x = s.x[t] + gap * Math.cos(a);
    const y = s.y[t] + gap * Math.sin(a);
    if (P.okNear(x, y)) {
      const out = CONTACT_SPOT;
      out.x = x;
      out.y = y;
      return out;
    }
  }
  return null;
}

/** Scratch of {@link contactSpot}: the place it returns. */
const CONTACT_SPOT = { x: 0.5, y: 0.5 };
