import type { PiratesScenario } from './compile.js';

/**
 * What a Pirates! decision is: the action type (one small decision — a band, a group move, one
 * figure's action) and the distances the band rules use.
 */
/**
 * One decision of Pirates!. Figures are named by id (`P07`), destinations by key:
 * `obj` (the objective), `home`, `foe:<id>`, `cover`, `away` (from the nearest enemy), `band`
 * (back to the band's centre). A `new` band takes the engine's pick of `n` figures of group `g`
 * (the legal list's), or, with `figures`, exactly those (a player's own choice of members, §3.C;
 * accepted by checkAction, not listed).
 */
export type PiratesAction =
  | { k: 'band'; b: number }
  | { k: 'new'; g: string; n: number; figures?: string[] }
  | { k: 'pass' }
  | { k: 'group'; to: string }
  | { k: 'solo' }
  | { k: 'follow' }
  | { k: 'hold' }
  | { k: 'move'; to: string }
  | { k: 'moveTo'; x: number; y: number }
  | { k: 'fight'; t: string; capture: boolean }
  | { k: 'charge'; t: string; capture: boolean }
  | { k: 'fire'; t: string }
  | { k: 'moveFire'; t: string }
  | { k: 'pillage' }
  | { k: 'reload' };

/** Largest distance (inches) between band members that still counts as together (§3.F). */
export const COHESION = 6;
/** How far a group move toward an enemy stops short of it, centre to centre (inches). */
export const GROUP_STOP_SHORT = 2;
/**
 * Radius of a group's formation after a group move (inches): each follower's spot keeps his offset
 * from the old centre, clamped to this, round the point the centre was steered to, and he stands
 * within FORMATION + 1 of that point (the table kit's planGroupMove; docs/rules/pirates.md §4.D).
 */
export const FORMATION = 2;

/**
 * The actions a legal list offers, made once per compiled scenario and shared by every list (and
 * frozen: a list's actions are never changed by anyone). The same fields in the same order as an
 * action written out where it is offered, so records and keys are unchanged; legal lists then
 * allocate only the list itself.
 */
export interface ActionTable {
  pass: PiratesAction;
  solo: PiratesAction;
  follow: PiratesAction;
  hold: PiratesAction;
  pillage: PiratesAction;
  reload: PiratesAction;
  /** By destination key (`obj`, `home`, `cover`, `away`, `band` and every `foe:<id>`). */
  move: Map<string, PiratesAction>;
  group: Map<string, PiratesAction>;
  /** By figure index: fight, fight to capture, charge, charge to capture, fire, move & fire at it. */
  fight: PiratesAction[];
  fightCapture: PiratesAction[];
  charge: PiratesAction[];
  chargeCapture: PiratesAction[];
  fire: PiratesAction[];
  moveFire: PiratesAction[];
  /** `band[b]`: activate band b (b < the number of figures, the most bands there can be). */
  band: PiratesAction[];
  /** `newBand[g][n - 1]`: form a band of n from group g (n up to 13, the highest card). */
  newBand: PiratesAction[][];
}

/**
 * The key of an action (see {@link Ruleset.actionKey}): `band:<b>`, `new:<g>:<n>`, `group:<to>`,
 * `move:<to>`, `moveTo:<x>,<y>`, `fight:<id>` / `charge:<id>` (`:capture` added when capturing),
 * `fire:<id>`, `moveFire:<id>`, else the kind. An action of an {@link ActionTable} carries its key,
 * made once (a hidden property: not enumerable, so records and copies never see it).
 */
export function actionKey(a: PiratesAction): string {
  const made = (a as { [KEY]?: string })[KEY];
  return made !== undefined ? made : keyOf(a);
}

/** The hidden property holding a shared action's key. */
const KEY: unique symbol = Symbol('pirates action key');

function keyOf(a: PiratesAction): string {
  switch (a.k) {
    case 'band':
      return `band:${a.b}`;
    case 'new':
      return `new:${a.g}:${a.n}${a.figures ? `:${a.figures.join(',')}` : ''}`;
    case 'group':
      return `group:${a.to}`;
    case 'move':
      return `move:${a.to}`;
    case 'moveTo':
      return `moveTo:${a.x},${a.y}`;
    case 'fight':
    case 'charge':
      return `${a.k}:${a.t}${a.capture ? ':capture' : ''}`;
    case 'fire':
    case 'moveFire':
      return `${a.k}:${a.t}`;
    default:
      return a.k;
  }
}

/** The destination keys that are not an enemy's (`foe:<id>`). */
const PLACE_KEYS = ['obj', 'home', 'cover', 'away', 'band'] as const;

let lastScenario: PiratesScenario | null = null;
let lastTable: ActionTable | null = null;
const tables = new WeakMap<PiratesScenario, ActionTable>();

/** The {@link ActionTable} of a compiled scenario (made on first use, then kept with it). */
export function actionTable(sc: PiratesScenario): ActionTable {
  if (sc === lastScenario && lastTable !== null) return lastTable;
  let t = tables.get(sc);
  if (t === undefined) {
    t = makeActionTable(sc);
    tables.set(sc, t);
  }
  lastScenario = sc;
  lastTable = t;
  return t;
}

function makeActionTable(sc: PiratesScenario): ActionTable {
  const fz = (a: PiratesAction): PiratesAction => {
    Object.defineProperty(a, KEY, { value: keyOf(a), enumerable: false });
    return Object.freeze(a);
  };
  const figureIds = sc.figures.map((f) => f.id);
  const move = new Map<string, PiratesAction>();
  const group = new Map<string, PiratesAction>();
  for (const to of [...PLACE_KEYS, ...sc.figures.map((f) => f.foeKey)]) {
    move.set(to, fz({ k: 'move', to }));
    group.set(to, fz({ k: 'group', to }));
  }
  return {
    pass: fz({ k: 'pass' }),
    solo: fz({ k: 'solo' }),
    follow: fz({ k: 'follow' }),
    hold: fz({ k: 'hold' }),
    pillage: fz({ k: 'pillage' }),
    reload: fz({ k: 'reload' }),
    move,
    group,
    fight: figureIds.map((t) => fz({ k: 'fight', t, capture: false })),
    fightCapture: figureIds.map((t) => fz({ k: 'fight', t, capture: true })),
    charge: figureIds.map((t) => fz({ k: 'charge', t, capture: false })),
    chargeCapture: figureIds.map((t) => fz({ k: 'charge', t, capture: true })),
    fire: figureIds.map((t) => fz({ k: 'fire', t })),
    moveFire: figureIds.map((t) => fz({ k: 'moveFire', t })),
    band: figureIds.map((_, b) => fz({ k: 'band', b })),
    newBand: sc.groups.map((g) => Array.from({ length: 13 }, (_, i) => fz({ k: 'new', g: g.id, n: i + 1 }))),
  };
}
