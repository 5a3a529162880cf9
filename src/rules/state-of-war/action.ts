/**
 * State of War's decisions and the words every part of the room writes them in: the action type
 * (one decision of the figure acting now), rounding and dice for events. Lengths in cm.
 */
import type { RolledDie } from '../../core/dice-contest.js';

/**
 * One decision of State of War: an action of the figure acting now. Figures are named by id,
 * units by id, destinations by key: `obj` (the objective), `foe:<id>` (toward an enemy, stopping
 * short of contact), `cover`, `rear` (the side's rear edge), `unit` (back to its unit).
 */
export type SowAction =
  | { k: 'done' }
  | { k: 'move'; to: string }
  | { k: 'ride'; to: string }
  | { k: 'moveTo'; x: number; y: number }
  | { k: 'charge'; t: string }
  | { k: 'fire'; u: string }
  | { k: 'load' }
  | { k: 'climb' }
  | { k: 'mount' }
  | { k: 'dismount' }
  | { k: 'burn' }
  | { k: 'carry'; b: string }
  | { k: 'drop' }
  | { k: 'detach' };

/** Round to 2 decimals for events. */
export function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

export const DEG = 180 / Math.PI;

/** One rolled die as events write it: the die (`d8`), its face, its score, what it stands for. */
export interface DieJson {
  die: string;
  face: number;
  score: number;
  for: string;
}

/** Rolled dice as events write them. */
export function diceJson(dice: readonly RolledDie[]): DieJson[] {
  return dice.map((x) => ({ die: `d${x.sides}`, face: x.face, score: x.score, for: x.label }));
}
