/**
 * State of War's decisions and the words every part of the room writes them in: the action type
 * (one decision of the figure acting now), rounding and dice for events. Lengths in cm.
 */
import type { RolledDie } from '../../core/dice-contest.js';
import type { SowScenario } from './compile.js';
import { MOVE_KEYS } from './state.js';

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

/**
 * The actions a scenario's legal lists are made of, each one frozen object shared by every list
 * (a list holds no fresh action objects, and a search may match them by identity): the actions
 * without a parameter, and moves and rides by destination slot (units.ts `moveSlots`: the
 * {@link MOVE_KEYS}, then `foe:<id>` by figure index), charges by target figure, shots by unit,
 * barrels to carry by barrel.
 */
export interface ListedActions {
  done: SowAction;
  load: SowAction;
  climb: SowAction;
  mount: SowAction;
  dismount: SowAction;
  burn: SowAction;
  drop: SowAction;
  detach: SowAction;
  move: readonly SowAction[];
  ride: readonly SowAction[];
  charge: readonly SowAction[];
  fire: readonly SowAction[];
  carry: readonly SowAction[];
}

const LISTED = new WeakMap<SowScenario, ListedActions>();
let lastSc: SowScenario | null = null;
let last: ListedActions | null = null;

/** The {@link ListedActions} of a compiled scenario (made on first use, then kept with it). */
export function listedActions(sc: SowScenario): ListedActions {
  if (sc === lastSc && last !== null) return last;
  let t = LISTED.get(sc);
  if (t === undefined) {
    const keys = [...MOVE_KEYS, ...sc.figures.map((f) => `foe:${f.id}`)];
    t = {
      done: Object.freeze({ k: 'done' }),
      load: Object.freeze({ k: 'load' }),
      climb: Object.freeze({ k: 'climb' }),
      mount: Object.freeze({ k: 'mount' }),
      dismount: Object.freeze({ k: 'dismount' }),
      burn: Object.freeze({ k: 'burn' }),
      drop: Object.freeze({ k: 'drop' }),
      detach: Object.freeze({ k: 'detach' }),
      move: keys.map((to) => Object.freeze({ k: 'move' as const, to })),
      ride: keys.map((to) => Object.freeze({ k: 'ride' as const, to })),
      charge: sc.figures.map((f) => Object.freeze({ k: 'charge' as const, t: f.id })),
      fire: sc.units.map((u) => Object.freeze({ k: 'fire' as const, u: u.id })),
      carry: sc.barrels.map((b) => Object.freeze({ k: 'carry' as const, b: b.id })),
    };
    LISTED.set(sc, t);
  }
  lastSc = sc;
  last = t;
  return t;
}

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
