/**
 * State of War's listed actions: one frozen object per action and scenario, shared by every legal
 * list (options.ts), so a list holds no fresh action objects and a search may match them by identity.
 */
import type { SowAction } from './action.js';
import type { SowScenario } from './compile.js';
import { MOVE_KEYS } from './state.js';

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
