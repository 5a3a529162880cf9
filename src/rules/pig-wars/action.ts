/**
 * Pig Wars orders as data: the one decision of the game (the order of the unit deciding now), its
 * stable key, and the table of shared order objects a legal list hands out. Also the order kinds a
 * unit remembers for the rest of its activation (the shooting rules ask what it was ordered).
 */
import type { PigScenario } from './compile.js';

/** An order for the unit deciding now. Unit references are unit ids. */
export type PigAction =
  | { k: 'hold' }
  | { k: 'wall' }
  | { k: 'unwall' }
  | { k: 'obj' }
  | { k: 'home' }
  | { k: 'foe'; u: string }
  | { k: 'charge'; u: string }
  | { k: 'moveTo'; x: number; y: number };

/** Order kinds remembered per unit for the rest of the activation (shooting rules). */
export const O_HOLD = 0;

/** A move order (toward the loot, home, an enemy unit or a place). */
export const O_MOVE = 1;

/** A charge: the unit's figures may not shoot in this activation. */
export const O_CHARGE = 2;

/** Forming or leaving shield wall. */
export const O_FORM = 3;

/**
 * The orders a legal list offers, made once per compiled scenario and shared by every list (frozen:
 * nobody changes a listed action), each carrying its key in a hidden property (not enumerable:
 * records and copies never see it) — the same fields in the same order as written out, so records
 * and keys are unchanged, and a search compares the same key strings every visit.
 */
interface OrderTable {
  hold: PigAction;
  wall: PigAction;
  unwall: PigAction;
  obj: PigAction;
  home: PigAction;
  /** By unit index. */
  foe: PigAction[];
  charge: PigAction[];
}

/** The hidden property holding a shared order's key. */
const KEY: unique symbol = Symbol('pig-wars order key');

const ORDERS = new WeakMap<PigScenario, OrderTable>();

let lastOrdersSc: PigScenario | null = null;

let lastOrders: OrderTable | null = null;

/** The {@link OrderTable} of a compiled scenario (made on first use, then kept with it). */
export function orderTable(sc: PigScenario): OrderTable {
  if (sc === lastOrdersSc && lastOrders !== null) return lastOrders;
  let t = ORDERS.get(sc);
  if (t === undefined) {
    const fz = (a: PigAction): PigAction => {
      Object.defineProperty(a, KEY, { value: keyOf(a), enumerable: false });
      return Object.freeze(a);
    };
    t = {
      hold: fz({ k: 'hold' }),
      wall: fz({ k: 'wall' }),
      unwall: fz({ k: 'unwall' }),
      obj: fz({ k: 'obj' }),
      home: fz({ k: 'home' }),
      foe: sc.units.map((x) => fz({ k: 'foe', u: x.id })),
      charge: sc.units.map((x) => fz({ k: 'charge', u: x.id })),
    };
    ORDERS.set(sc, t);
  }
  lastOrdersSc = sc;
  lastOrders = t;
  return t;
}

/** A stable key of an action (a shared order carries it, made once). */
export function actionKey(a: PigAction): string {
  const made = (a as { [KEY]?: string })[KEY];
  return made !== undefined ? made : keyOf(a);
}

function keyOf(a: PigAction): string {
  switch (a.k) {
    case 'foe':
    case 'charge':
      return `${a.k}:${a.u}`;
    case 'moveTo':
      return `moveTo:${a.x},${a.y}`;
    default:
      return a.k;
  }
}
