/**
 * The scripted policy's reckoning of chance (src/rules/escarmouche/policy.ts): the exact odds of an
 * opposed roll (remembered), the chance a roll of n dice ends the side's or the figure's turn, the
 * cost of that risk, and the value of an effect landing on a figure (in "average figures").
 */
import type { EscState } from './state.js';
import { onObjective } from './queries.js';
import { type Effect, duelOdds, fightingEffect, shootingEffect } from './tables.js';

/**
 * Weights of the script (hand-set against Mill Bridge, heuristic v heuristic, issue 19): what each
 * not-yet-acted figure is assumed to be worth to its side this turn, the pull of the main objective
 * and of the nearest enemy (per base width), the pull of an enemy the figure would strike first
 * (per base width), the worth of a friend already at the same enemy's ZOC (outnumbering), and the
 * worth of pushing a figure off an objective (times its objective weight).
 */
export const K = { restBase: 0.12, restShot: 0.25, restZoc: 0.2, main: 0.012, near: 0.025, fsNear: 0.04, gang: 0.2, push: 0.3 } as const;

/** Hurting a figure that stands on an objective counts for more, the more so late in the game: the weight (0 off objectives). */
export function objectiveWeight(s: EscState, t: number): number {
  const sc = s.sc;
  let standsOnOne = false;
  for (let i = 0; i < sc.objectives.length && !standsOnOne; i++) standsOnOne = onObjective(s, t, i);
  return standsOnOne ? 0.3 + 1.5 * lateness(s) : 0;
}

/** Objective weight: holding matters more as the game nears its end. */
export function lateness(s: EscState): number {
  const t = Math.min(1, s.turn / s.sc.maxTurns);
  return 0.15 + 0.9 * t * t;
}

/** Value (in "average figures") of `eff` landing on figure `t`, whose {@link objectiveWeight} is `onObj` (reckoned once per attack, not per outcome). */
export function effectValueOn(s: EscState, t: number, eff: Effect, onObj: number): number {
  const sc = s.sc;
  const info = sc.figures[t];
  const worth = (info.rating / 3) * (1 + onObj);
  let v = 0;
  if (eff.hits > 0) {
    const left = s.wounds[t];
    v += (Math.min(eff.hits, left) / info.wounds) * worth;
    if (eff.hits >= left) v += 0.4 * worth;
  }
  v += eff.shaken * 0.12;
  if (eff.cowered && !s.cowered[t]) v += 0.2;
  if (eff.disarmed && !s.disarmed[t]) v += info.hasPike ? 0.25 : 0.15;
  if (eff.pushed) v += (s.cover[t] ? 0.1 : 0.02) + (onObj > 0 ? K.push * onObj : 0);
  return v;
}

const ODDS = new Map<number | string, ReturnType<typeof duelOdds>>();

/**
 * {@link duelOdds}, remembered (a pure function of its arguments; only the ratings' order matters).
 * Keyed by a number when both dice counts are small whole numbers (no string built per call).
 */
export function odds(a: number, d: number, ra: number, rd: number): ReturnType<typeof duelOdds> {
  const sign = Math.sign(ra - rd);
  const key =
    Number.isInteger(a) && Number.isInteger(d) && a >= 0 && d >= 0 && a < 1024 && d < 1024
      ? (a * 1024 + d) * 4 + (sign + 1)
      : `${a},${d},${sign}`;
  let o = ODDS.get(key);
  if (!o) {
    o = duelOdds(a, d, sign, 0);
    ODDS.set(key, o);
  }
  return o;
}

/** Chances that a roll of `n` dice ends the side's turn and only the figure's turn, given the side's 1s so far. */
export function rollRisk(s: EscState, n: number): { side: number; figure: number } {
  rollRiskNow(s, n);
  return { side: RISK.side, figure: RISK.figure };
}

/** Chances of exactly one 1 and of two or more in a roll of n dice, n < RISK_TABLE (the same floats as reckoned per call). */
const RISK_TABLE = 64;

const RISK_ONE = new Float64Array(RISK_TABLE);

const RISK_TWO = new Float64Array(RISK_TABLE);
for (let n = 0; n < RISK_TABLE; n++) {
  const none = (5 / 6) ** n;
  const one = n > 0 ? (n / 6) * (5 / 6) ** (n - 1) : 0;
  RISK_ONE[n] = one;
  // Clamped: for one die 1 − 5/6 − 1/6 is −2.8e-17 in floats, not 0, and the pick order's test
  // "this roll cannot end the side's turn" (a chance of exactly 0) never held (found in 2.2.0).
  RISK_TWO[n] = Math.max(0, 1 - none - one);
}

/**
 * What {@link rollRiskNow} reckoned last: the chance the roll ends the side's turn (`side`) and only
 * the figure's turn (`figure`). One object written in place (no object per call; read it at once).
 */
export const RISK = { side: 0, figure: 0 };

export function rollRiskNow(s: EscState, n: number): void {
  let two: number;
  let one: number;
  if (Number.isInteger(n) && n >= 0 && n < RISK_TABLE) {
    two = RISK_TWO[n];
    one = RISK_ONE[n];
  } else {
    const none = (5 / 6) ** n;
    one = n > 0 ? (n / 6) * (5 / 6) ** (n - 1) : 0;
    two = Math.max(0, 1 - none - one);
  }
  if (s.ones >= 1) {
    RISK.side = two + one;
    RISK.figure = 0;
  } else {
    RISK.side = two;
    RISK.figure = one;
  }
}

/** The cost of a roll of `dice` dice: the chance it ends the side's turn times (`rest` + `cont`), plus the chance it ends the figure's turn times `cont`. */
export function riskCost(s: EscState, dice: number, rest: number, cont: number): number {
  rollRiskNow(s, dice);
  return RISK.side * (rest + cont) + RISK.figure * cont;
}

/** {@link shootingEffect} and {@link fightingEffect} rows, made once per difference (read only). */
const SHOT_EFFECTS: Effect[] = [];

const FIGHT_EFFECTS: Effect[] = [];

export function shotEffect(k: number): Effect {
  return SHOT_EFFECTS[k] ?? (SHOT_EFFECTS[k] = shootingEffect(k));
}

export function fightEffect(k: number): Effect {
  return FIGHT_EFFECTS[k] ?? (FIGHT_EFFECTS[k] = fightingEffect(k));
}

/** The two ways a lone figure may fight (no array literal per loop). */
export const FIGHT_MODES = ['alone', 'all'] as const;
