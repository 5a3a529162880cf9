/**
 * The Pig Wars game state (both versions): flat arrays of numbers by figure, unit, pig and side, so
 * that a clone is a handful of `slice()` calls. Everything that can influence the rest of the game
 * is here and in {@link hashState}; the compiled scenario is shared, never copied.
 */
import { Hasher } from '../../core/hash.js';
import type { PigScenario } from './compile.js';

/** Figure status. */
export const ACTIVE = 0; // on the table, obeys orders
export const ROUT = 1; // routed (Morale "RT"): must rally or keep falling back
export const DEAD = 2;
export const GONE = 3; // off the table (routed off, or back aboard)

/** Pig (loot token) holder values besides a figure index. */
export const PIG_FREE = -1;
export const PIG_LANDED = -2;

/** Decision phases. */
export const PH_UNIT = 0; // the acting unit chooses its order
export const PH_OVER = 1;

/** Names of the rule-path counters. */
export const COUNTERS = ['orders', 'moves', 'charges', 'shots', 'shotHits', 'melees', 'kills', 'leaderHits', 'moraleChecks', 'fallBacks', 'routs', 'rallies', 'outOfCommand', 'lootTaken', 'lootLanded', 'walls'] as const;
export const C: Record<(typeof COUNTERS)[number], number> = Object.fromEntries(COUNTERS.map((n, i) => [n, i])) as Record<(typeof COUNTERS)[number], number>;

/** The mutable state of one game. */
export interface PigState {
  readonly sc: PigScenario;
  turn: number;
  /** Figure centres (inches) and facings (radians, 0 = +x, y down). */
  x: number[];
  y: number[];
  facing: number[];
  status: number[];
  /** Leader hits (Leader Combat); each is a wound (−1 in melee). */
  hits: number[];
  /** 1 when the missile weapon is loaded (pirates: pistols, muskets … must reload). */
  loaded: number[];
  /** 1 when carrying loot from the objective zone. Pigs are in pigBy. */
  carry: number[];
  /** Turn the figure last charged (chargers rest 1 turn), −9 never. */
  charged: number[];
  /** Turn up to which the figure may not charge (fall back: "may not charge on next turn"). */
  noCharge: number[];
  /** 1 when it charged into its current mêlée qualifying for the bonus. */
  chargeBonus: number[];
  /** Rounds of mêlée fought in its current mêlée (0 = the next is its first round). */
  rounds: number[];
  /** 1 when it has acted (moved, charged, shot, reloaded) in this activation. */
  moved: number[];
  /** Per unit: in shield wall; in close order; losses this turn; morale triggers pending (bits); standard lost; leader lost. */
  wall: number[];
  close: number[];
  lostTurn: number[];
  pending: number[];
  lossChecked: number[];
  standardLost: number[];
  leaderLost: number[];
  /** Per unit: the order given this activation (index into ORDER kinds, −1 none), for shooting rules. */
  order: number[];
  /** Pigs: position and holder (figure, PIG_FREE, PIG_LANDED). */
  pigX: number[];
  pigY: number[];
  pigBy: number[];
  /** Cards (chips) of each side not yet drawn this turn. */
  cardsLeft: number[];
  /** The side whose card is being played, −1 between cards. */
  actSide: number;
  /** The unit deciding now (PH_UNIT). */
  actUnit: number;
  phase: number;
  /** Loot landed by the raiders. */
  landed: number;
  winner: number;
  reason: string;
  decisions: number;
  counters: number[];
}

/** Morale trigger bits of PigState.pending. */
export const TRIG_LEADER = 1;
export const TRIG_LOSS = 2;
export const TRIG_STANDARD = 4;

/** A fresh state with every figure at its start and nothing drawn yet. */
export function newState(sc: PigScenario): PigState {
  const n = sc.figures.length;
  const u = sc.units.length;
  const zeros = (k: number): number[] => new Array<number>(k).fill(0);
  return {
    sc,
    turn: 1,
    x: Array.from(sc.startX),
    y: Array.from(sc.startY),
    facing: Array.from(sc.startFacing),
    status: zeros(n),
    hits: zeros(n),
    loaded: sc.figures.map((f) => (f.missile ? 1 : 0)),
    carry: zeros(n),
    charged: new Array<number>(n).fill(-9),
    noCharge: new Array<number>(n).fill(-9),
    chargeBonus: zeros(n),
    rounds: zeros(n),
    moved: zeros(n),
    wall: zeros(u),
    close: sc.units.map((x) => (x.close ? 1 : 0)),
    lostTurn: zeros(u),
    pending: zeros(u),
    lossChecked: zeros(u),
    standardLost: zeros(u),
    leaderLost: zeros(u),
    order: new Array<number>(u).fill(-1),
    pigX: sc.pigStart.map((p) => p.x),
    pigY: sc.pigStart.map((p) => p.y),
    pigBy: sc.pigStart.map(() => PIG_FREE),
    cardsLeft: sc.sides.map((s) => s.cards),
    actSide: -1,
    actUnit: -1,
    phase: PH_UNIT,
    landed: 0,
    winner: -1,
    reason: '',
    decisions: 0,
    counters: zeros(COUNTERS.length),
  };
}

/** The state's array fields (those {@link hashState} reads, `counters` aside). */
const ARRAYS = ['x', 'y', 'facing', 'status', 'hits', 'loaded', 'carry', 'charged', 'noCharge', 'chargeBonus', 'rounds', 'moved', 'wall', 'close', 'lostTurn', 'pending', 'lossChecked', 'standardLost', 'leaderLost', 'order', 'pigX', 'pigY', 'pigBy', 'cardsLeft', 'counters'] as const satisfies readonly ArrayField[];

/** The names of PigState's array fields. */
type ArrayField = { [K in keyof PigState]-?: PigState[K] extends readonly number[] ? K : never }[keyof PigState];
/**
 * Compiles only while {@link ARRAYS} names every array field: a field added to the state and to
 * {@link cloneState} (whose object literal the compiler checks whole) but not to ARRAYS would be left
 * out of the hash, and two states differing in it would hash alike.
 */
const ARRAYS_COMPLETE: [Exclude<ArrayField, (typeof ARRAYS)[number]>] extends [never] ? true : never = true;
void ARRAYS_COMPLETE;

/** An independent copy (arrays copied, scenario shared). */
export function cloneState(s: PigState): PigState {
  return {
    sc: s.sc,
    turn: s.turn,
    x: s.x.slice(),
    y: s.y.slice(),
    facing: s.facing.slice(),
    status: s.status.slice(),
    hits: s.hits.slice(),
    loaded: s.loaded.slice(),
    carry: s.carry.slice(),
    charged: s.charged.slice(),
    noCharge: s.noCharge.slice(),
    chargeBonus: s.chargeBonus.slice(),
    rounds: s.rounds.slice(),
    moved: s.moved.slice(),
    wall: s.wall.slice(),
    close: s.close.slice(),
    lostTurn: s.lostTurn.slice(),
    pending: s.pending.slice(),
    lossChecked: s.lossChecked.slice(),
    standardLost: s.standardLost.slice(),
    leaderLost: s.leaderLost.slice(),
    order: s.order.slice(),
    pigX: s.pigX.slice(),
    pigY: s.pigY.slice(),
    pigBy: s.pigBy.slice(),
    cardsLeft: s.cardsLeft.slice(),
    actSide: s.actSide,
    actUnit: s.actUnit,
    phase: s.phase,
    landed: s.landed,
    winner: s.winner,
    reason: s.reason,
    decisions: s.decisions,
    counters: s.counters.slice(),
  };
}

/** Hash of everything that can influence the rest of the game (16 hex digits). */
export function hashState(s: PigState): string {
  const h = new Hasher();
  h.str(s.sc.hash).int(s.turn);
  for (const k of ARRAYS) if (k !== 'counters') h.nums(s[k]);
  h.int(s.actSide).int(s.actUnit).int(s.phase).int(s.landed).int(s.winner).str(s.reason);
  return h.hex();
}

/** The state as structured-cloneable data (the scenario left out). */
export function exportState(s: PigState): Record<string, unknown> {
  const c = cloneState(s) as unknown as Record<string, unknown>;
  delete c.sc;
  return c;
}

/** Rebuild a state exported by {@link exportState} on the same compiled scenario. */
export function importState(sc: PigScenario, data: unknown): PigState {
  const d = data as Omit<PigState, 'sc'>;
  if (!d || typeof d !== 'object' || !Array.isArray(d.x) || d.x.length !== sc.figures.length) throw new Error('not an exported Pig Wars state of this scenario');
  return cloneState({ ...d, sc });
}
