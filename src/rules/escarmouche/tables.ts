/**
 * The tables and dice arithmetic of escarmouche.txt: scoring a roll (DICE), the passive dice of
 * moving (MOVING), the weapons' passive penalties (SHOOTING), the Shooting and Fighting Effects
 * tables, ratings and skills (FIGURE). Pure functions and constants only.
 */
import type { Rng } from '../../core/rng.js';

/** Terrain words a zone may carry. `impassable` (cliffs, deep water, houses) cannot be entered. */
export const TERRAINS = ['clear', 'broken', 'heavy', 'difficult', 'impassable'] as const;
/** A terrain word. */
export type Terrain = (typeof TERRAINS)[number];

/**
 * MOVING table: passive dice rolled at the end of a move through the terrain (clear or open
 * ground 2; broken, scrub, light woods, moderate hills 3; heavy ground 4; difficult ground 5).
 */
export const TERRAIN_DICE: Readonly<Record<Exclude<Terrain, 'impassable'>, number>> = { clear: 2, broken: 3, heavy: 4, difficult: 5 };

/** MOVING table, last row: "moving cumbersome items such as wagons and cannon" — 5 passive dice. */
export const CUMBERSOME_DICE = 5;

/** Passive dice of a move through `terrain` (Infinity for impassable ground). */
export function terrainDice(terrain: string): number {
  // A switch on the words (the compiler compares interned strings): asked for every move line.
  switch (terrain) {
    case 'clear':
      return TERRAIN_DICE.clear;
    case 'broken':
      return TERRAIN_DICE.broken;
    case 'heavy':
      return TERRAIN_DICE.heavy;
    case 'difficult':
      return TERRAIN_DICE.difficult;
    default:
      return Infinity;
  }
}

/** A missile weapon of the SHOOTING table. */
export interface Weapon {
  /** Key used in scenario files. */
  key: string;
  /** Words for stories. */
  name: string;
  /** Passive dice added to every shot ("time consumed in preparation and loading"). */
  penalty: number;
}

/** SHOOTING table: each missile weapon and its passive dice penalty. */
export const WEAPONS: Readonly<Record<string, Weapon>> = {
  thrown: { key: 'thrown', name: 'thrown object', penalty: 1 },
  shortbow: { key: 'shortbow', name: 'short bow', penalty: 2 },
  carbine: { key: 'carbine', name: 'carbine', penalty: 3 },
  pistol: { key: 'pistol', name: 'pistol', penalty: 3 },
  lightCrossbow: { key: 'lightCrossbow', name: 'light crossbow', penalty: 3 },
  longbow: { key: 'longbow', name: 'longbow', penalty: 3 },
  musket: { key: 'musket', name: 'musket', penalty: 4 },
  heavyCrossbow: { key: 'heavyCrossbow', name: 'heavy crossbow', penalty: 4 },
  cannon: { key: 'cannon', name: 'cannon', penalty: 5 },
};

/** FIGURE: the meaning of each rating. */
export const RATINGS: Readonly<Record<number, string>> = {
  1: 'lowest of the low or terrified noncombatant',
  2: 'raw troops or courageous noncombatant',
  3: 'average troops',
  4: 'veteran character',
  5: 'heroic character',
};

/** FIGURE: the six skills, in the text's order. */
export const SKILLS = ['shooter', 'fighter', 'rider', 'pike', 'artillerist', 'leader'] as const;
/** A skill name. */
export type Skill = (typeof SKILLS)[number];

/**
 * DICE: the score of a roll — the highest active die; each 6 beyond the first adds one
 * (6,3,2 → 6; 6,6,2,1 → 7; 6,6,6 → 8). No active dice score 0. Passive dice never count.
 */
export function score(active: readonly number[]): number {
  let best = 0;
  let sixes = 0;
  for (const d of active) {
    if (d > best) best = d;
    if (d === 6) sixes++;
  }
  return sixes > 1 ? 6 + sixes - 1 : best;
}

/** Number of 1s among the dice (PLAY: a single 1 loses the figure's initiative, two the side's). */
export function countOnes(...rolls: (readonly number[])[]): number {
  let n = 0;
  for (const r of rolls) for (const d of r) if (d === 1) n++;
  return n;
}

/** Roll `n` d6 (n ≥ 0) from `rng`, in order. */
export function d6s(rng: Rng, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = 1 + Math.floor(rng.next() * 6);
  return out;
}

/**
 * An opposed roll (DICE, FIGURE "Ratings also break a tied roll"): the side with the higher score
 * wins by the difference; on equal scores the higher rating wins by 0; equal scores and ratings
 * is no winner (docs/rules/escarmouche.md §FIGURE).
 */
export function opposed(a: number, d: number, ratingA: number, ratingD: number): { winner: 'a' | 'd' | null; diff: number } {
  if (a > d) return { winner: 'a', diff: a - d };
  if (d > a) return { winner: 'd', diff: d - a };
  if (ratingA > ratingD) return { winner: 'a', diff: 0 };
  if (ratingD > ratingA) return { winner: 'd', diff: 0 };
  return { winner: null, diff: 0 };
}

/** One row of an effects table, as applied to the loser. */
export interface Effect {
  /** Row name for stories and records. */
  name: string;
  /** Shaken markers placed. */
  shaken: number;
  cowered: boolean;
  disarmed: boolean;
  /** Wounds lost. */
  hits: number;
  pushed: boolean;
}

/** Shooting Effects table by the winning difference (0 Shaken; 1 Cowered; 2 Hit & Shaken; 3+ one hit more per point over 2). */
export function shootingEffect(diff: number): Effect {
  if (diff <= 0) return { name: 'shaken', shaken: 1, cowered: false, disarmed: false, hits: 0, pushed: false };
  if (diff === 1) return { name: 'cowered', shaken: 0, cowered: true, disarmed: false, hits: 0, pushed: false };
  if (diff === 2) return { name: 'hit', shaken: 1, cowered: false, disarmed: false, hits: 1, pushed: false };
  return { name: 'hits', shaken: 1, cowered: false, disarmed: false, hits: diff - 1, pushed: false };
}

/**
 * Fighting Effects table by the winning difference (0 Pushed back; 1 Shaken; 2 Disarmed; 3 Hit &
 * Shaken; 4+ one hit more per point over 3; the loser is pushed back on every row).
 */
export function fightingEffect(diff: number): Effect {
  if (diff <= 0) return { name: 'pushed', shaken: 0, cowered: false, disarmed: false, hits: 0, pushed: true };
  if (diff === 1) return { name: 'shaken', shaken: 1, cowered: false, disarmed: false, hits: 0, pushed: true };
  if (diff === 2) return { name: 'disarmed', shaken: 0, cowered: false, disarmed: true, hits: 0, pushed: true };
  if (diff === 3) return { name: 'hit', shaken: 1, cowered: false, disarmed: false, hits: 1, pushed: true };
  return { name: 'hits', shaken: 1, cowered: false, disarmed: false, hits: diff - 2, pushed: true };
}

/** The no-effect row (lost or tied opposed rolls, first strike ignoring a win). */
export const NO_EFFECT: Effect = { name: 'none', shaken: 0, cowered: false, disarmed: false, hits: 0, pushed: false };

/**
 * Probability distribution of the score of `n` active d6: p[s] for s = 0 … n + 5 (exact).
 * Used by agents and evaluations, never by the rules.
 */
export function scoreDistribution(n: number): number[] {
  const p = new Array<number>(n + 6).fill(0);
  if (n <= 0) {
    p[0] = 1;
    return p;
  }
  for (let m = 1; m <= 5; m++) p[m] = (m / 6) ** n - ((m - 1) / 6) ** n;
  // k ≥ 1 sixes: score 5 + k.
  let c = 1; // C(n, k)
  for (let k = 1; k <= n; k++) {
    c = (c * (n - k + 1)) / k;
    p[5 + k] = c * (1 / 6) ** k * (5 / 6) ** (n - k);
  }
  return p;
}

/**
 * Exact odds of an opposed roll of `a` active dice against `d` dice, with the tie rule of
 * {@link opposed} for ratings `ra` and `rd`: `win[k]` is the chance the first roller wins by
 * exactly k (k = 0 only through a higher rating), `lose[k]` the chance it loses by k, `none`
 * the chance of no winner. For agents and descriptions, never for the rules.
 */
export function duelOdds(a: number, d: number, ra: number, rd: number): { win: number[]; lose: number[]; none: number } {
  const pa = scoreDistribution(a);
  const pd = scoreDistribution(d);
  const size = Math.max(pa.length, pd.length) + 1;
  const win = new Array<number>(size).fill(0);
  const lose = new Array<number>(size).fill(0);
  let none = 0;
  for (let x = 0; x < pa.length; x++) {
    if (pa[x] === 0) continue;
    for (let y = 0; y < pd.length; y++) {
      const p = pa[x] * pd[y];
      if (p === 0) continue;
      if (x > y) win[x - y] += p;
      else if (y > x) lose[y - x] += p;
      else if (ra > rd) win[0] += p;
      else if (rd > ra) lose[0] += p;
      else none += p;
    }
  }
  return { win, lose, none };
}

/** Chance that a roll of `n` dice shows no 1 (the roller keeps the initiative). */
export function noOneChance(n: number): number {
  return (5 / 6) ** Math.max(0, n);
}

/** Chance that a roll of `n` dice shows two or more 1s (the side's turn ends at once). */
export function doubleOneChance(n: number): number {
  if (n < 2) return 0;
  return 1 - (5 / 6) ** n - (n / 6) * (5 / 6) ** (n - 1);
}
