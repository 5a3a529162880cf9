/**
 * The scripted policy's attacks (src/rules/escarmouche/policy.ts): the expected gain of a shot or a
 * fight from the exact odds and the effects' values, the best attack open to a figure, and the
 * charges it could make (a move that ends at an enemy's zone of control).
 */
import type { EscState } from './state.js';
import { atZoc, sees, visibleEnemies } from './queries.js';
import { fightSetup } from './fighting.js';
import { shotDice } from './shooting.js';
import { FIGHT_MODES, RISK, effectValueOn, fightEffect, objectiveWeight, odds, riskCost, rollRiskNow, shotEffect } from './policy-risk.js';
import { memo, memoFor, memoMoveOption } from './policy-memo.js';
import { canFight, atAnEnemysZoc } from './policy-position.js';

/** `dice`: the dice rolled by the attack the last {@link shotGain} or {@link fightGain} reckoned (written in place; read it at once). */
export const GAIN = { dice: 0 };

/** Expected gain of `f` shooting at `t` (with `helpers`, `pool` dice); its dice go to {@link GAIN.dice}. */
export function shotGain(s: EscState, f: number, t: number, helpers: readonly number[], pool: number): number {
  // A lone shot (no helpers) is memoised for the state being scored: it reads no figure's place
  // but the target's, and the script never shoots while it has a figure moved for a reckoning.
  if (helpers.length === 0 && Number.isInteger(pool) && pool >= 0 && pool < 1024 && f < 1024 && t < 1024) {
    memoFor(s);
    if (memo.shotsStamp !== memo.stamp) {
      memo.shotsStamp = memo.stamp;
      memo.shotGain.clear();
      memo.shotDice.clear();
    }
    const key = (f * 1024 + t) * 1024 + pool;
    const g = memo.shotGain.get(key);
    if (g !== undefined) {
      GAIN.dice = memo.shotDice.get(key) ?? 0;
      return g;
    }
    const gain = shotGainNow(s, f, t, helpers, pool);
    memo.shotGain.set(key, gain);
    memo.shotDice.set(key, GAIN.dice);
    return gain;
  }
  return shotGainNow(s, f, t, helpers, pool);
}

function shotGainNow(s: EscState, f: number, t: number, helpers: readonly number[], pool: number): number {
  const sc = s.sc;
  const d = shotDice(s, f, t, helpers, pool);
  const o = odds(d.active, sc.figures[t].rating, sc.figures[f].rating, sc.figures[t].rating);
  let gain = 0;
  const onObj = objectiveWeight(s, t);
  for (let k = 0; k < o.win.length; k++) if (o.win[k] > 0) gain += o.win[k] * effectValueOn(s, t, shotEffect(k), onObj);
  GAIN.dice = d.active + d.passive;
  return gain;
}

/** Expected gain of `f` fighting `t` in `mode` (with `pool` dice); its dice go to {@link GAIN.dice}. */
export function fightGain(
  s: EscState,
  f: number,
  t: number,
  mode: 'alone' | 'all' | 'massed' | 'close',
  pool: number,
  interrupt: boolean,
): number {
  const sc = s.sc;
  const fs = fightSetup(s, f, t, mode, pool);
  const o = odds(fs.active, fs.defence, sc.figures[f].rating, sc.figures[t].rating);
  const fsApplies = fs.firstStrike >= 0 && (interrupt || s.fsBeat[t] === 0);
  let gain = 0;
  const onObjT = objectiveWeight(s, t);
  const onObjF = objectiveWeight(s, f);
  for (let k = 0; k < o.win.length; k++) {
    if (o.win[k] > 0 && !(fsApplies && fs.firstStrike === t)) gain += o.win[k] * effectValueOn(s, t, fightEffect(k), onObjT);
    if (o.lose[k] > 0 && !(fsApplies && fs.firstStrike === f)) gain -= o.lose[k] * effectValueOn(s, f, fightEffect(k), onObjF);
  }
  if (mode === 'massed') gain -= 0.15 * fs.spent.length;
  GAIN.dice = fs.active + fs.passive;
  return gain;
}

/**
 * The best attack (shot or fight) figure `f` could make now with `pool` accumulated dice: its
 * gain minus the cost of its roll's risk (−Infinity when it has none).
 */
/** No volley helpers (shared, never written). */
export const NO_HELPERS: readonly number[] = [];

export function bestAttack(s: EscState, f: number, pool: number, rest: number, fightsOnly = false): number {
  const sc = s.sc;
  let best = -Infinity;
  const foes = sc.sides[1 - sc.figures[f].side].figures;
  if (sc.figures[f].missile && !fightsOnly) {
    for (const t of foes) {
      if (s.wounds[t] === 0 || !sees(s, f, t)) continue;
      const gain = shotGain(s, f, t, NO_HELPERS, pool);
      best = Math.max(best, gain - riskCost(s, GAIN.dice, rest, 0.08));
    }
  }
  for (const t of foes) {
    if (s.wounds[t] === 0 || !canFight(s, f, t)) continue;
    for (const m of FIGHT_MODES) {
      const gain = fightGain(s, f, t, m, pool, false);
      best = Math.max(best, gain - riskCost(s, GAIN.dice, rest, 0.08));
    }
  }
  return best;
}

/** The best fight `f` could make (as {@link bestAttack}) if it stood at (x, y) (the state is put back). */
export function bestFightAt(s: EscState, f: number, x: number, y: number, pool: number, rest: number): number {
  const ox = s.x[f];
  const oy = s.y[f];
  s.x[f] = x;
  s.y[f] = y;
  try {
    return bestAttack(s, f, pool, rest, true);
  } finally {
    s.x[f] = ox;
    s.y[f] = oy;
  }
}

/** A charge: a move toward an enemy in sight that ends at its zone of control (where the figure could then fight it). */
export interface Charge {
  x: number;
  y: number;
  /** Passive dice of the move. */
  dice: number;
}

/** The charges open to `f` now (none when it is prone or already at an enemy's ZOC). */
export function charges(s: EscState, f: number): Charge[] {
  const sc = s.sc;
  if (s.cowered[f] || atAnEnemysZoc(s, f)) return [];
  const out: Charge[] = [];
  for (const e of visibleEnemies(s, f)) {
    const opt = memoMoveOption(s, f, `foe:${sc.figures[e].id}`);
    if (!opt || opt.length < 0.1 * sc.radius) continue;
    const ox = s.x[f];
    const oy = s.y[f];
    s.x[f] = opt.to.x;
    s.y[f] = opt.to.y;
    const ok = atZoc(s, f, e);
    s.x[f] = ox;
    s.y[f] = oy;
    if (ok) out.push({ x: opt.to.x, y: opt.to.y, dice: Math.max(opt.dice, sc.figures[f].moveFloor) });
  }
  return out;
}

/**
 * The best charge with `pool` dice: the move's roll must keep the figure's turn (and the side's),
 * then the best fight from where it stops; the move's risk is paid.
 */
export function chargeValue(s: EscState, f: number, cs: readonly Charge[], pool: number, rest: number): number {
  let best = -Infinity;
  for (const c of cs) {
    rollRiskNow(s, pool + c.dice);
    const side = RISK.side;
    const figure = RISK.figure;
    const reach = 1 - side - figure;
    const v = reach * Math.max(0, bestFightAt(s, f, c.x, c.y, pool, rest)) - (side * (rest + 0.08) + figure * 0.08);
    best = Math.max(best, v);
  }
  return best;
}
