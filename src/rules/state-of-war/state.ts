/**
 * The State of War game state, declared once (src/core/table/state.ts): flat arrays of small
 * numbers indexed by figure and by unit, so a clone is a handful of `slice()` calls, and from the
 * declaration come the fresh state, clone, cloneInto, hash and thread export. Everything that can
 * influence the rest of the game is hashed; the compiled scenario is shared, never copied. Lengths
 * in cm, facings in radians (0 = east, π/2 = south).
 */
import { type StateType, counterIndex, defineState, field, figureFields, endFields } from '../../core/table/state.js';
import type { SowScenario } from './compile.js';
import { OK } from './tables.js';
import type { SowAction } from './action.js';
import type { FigureView } from '../../core/table/index.js';

/**
 * Figure status values: the kit's shared codes (src/core/table/status.ts). ACTIVE: on the table,
 * able to act (may be wounded); DISABLED: "incapable of fighting or moving", lies where it fell;
 * DEAD: killed; GONE: ran off its rear edge.
 */
export { ACTIVE, DEAD, DISABLED, GONE } from '../../core/table/status.js';

/** Names of the rule-path counters kept in {@link SowState.counters}. */
export const COUNTERS = [
  'moves',
  'charges',
  'climbs',
  'loads',
  'shots',
  'hits',
  'horsesHit',
  'melees',
  'pushBacks',
  'dismounts',
  'moraleTests',
  'moraleFailures',
  'rallies',
  'burns',
  'fled',
  'carries',
  'drops',
  'detachments',
] as const;
/** Index of each counter. */
export const C = counterIndex(COUNTERS);

/** Decision phases. */
export const PH_ACT = 0; // the current figure chooses its next action
export const PH_OVER = 1;

const figures = (sc: SowScenario): number => sc.figures.length;
const units = (sc: SowScenario): number => sc.units.length;
export const STATE = defineState<SowScenario>()('State of War', {
  /** Current turn, 1-based. */
  turn: field.int(1),
  /** Index of the side whose action phase it is (the scenario's first side at the start), and how many phases of this turn have begun (1 or 2). */
  side: field.int((sc: SowScenario) => sc.first),
  phaseNo: field.int(1),
  phase: field.int(PH_ACT),
  /** Figures of the phasing side that act this phase, in order, and the position reached. */
  queue: field.nums(figures, 0, { hashLen: 'qLen' }),
  qLen: field.int(0, { unhashed: 'hashed as the length of queue' }),
  qPos: field.int(0),
  /** Figure centres (cm) and facings (radians) from the start, and status (ACTIVE, DISABLED, DEAD, GONE): the kit's standard figure fields. */
  ...figureFields<SowScenario>(),
  wounds: field.nums(figures),
  /** 1 while mounted. */
  mounted: field.nums(figures, (sc, i) => (sc.figures[i].mounted ? 1 : 0)),
  /** 1 while a dismounted rider's horse stands at (hx, hy) waiting for him. */
  horse: field.nums(figures),
  hx: field.nums(figures),
  hy: field.nums(figures),
  /** Load actions still needed before the weapon can fire (0: loaded). */
  load: field.nums(figures),
  /** Actions left this phase. */
  acts: field.nums(figures),
  /** 1 when the figure moved into contact with an enemy this phase (charging, [W20]). */
  charged: field.nums(figures),
  /** 1 when the figure used its ride-and-load this turn ([W3]). */
  rode: field.nums(figures),
  /** 1 while the figure must spend its next action falling back ([W32]). */
  mustRetire: field.nums(figures),
  /** Centimetres of the fence or wall in front of it the figure has climbed so far ([W5]; 0 when not climbing). */
  climbed: field.nums(figures),
  /** The barrel the figure carries (index in the scenario's barrels), or −1 ([W6]). */
  carry: field.nums(figures, -1),
  /** The unit each figure belongs to now (a scenario unit or a detachment slot, [W6]). */
  unitOf: field.nums(figures, (sc, i) => sc.figures[i].unit),
  /** Per barrel: where it stands when on the ground (cm), and who holds it (figure index), −1 on the ground, −2 used up. */
  bx: field.nums(
    (sc) => sc.barrels.length,
    (sc, i) => sc.barrels[i].x,
  ),
  by: field.nums(
    (sc) => sc.barrels.length,
    (sc, i) => sc.barrels[i].y,
  ),
  bHeld: field.nums((sc) => sc.barrels.length, -1),
  /** Per unit: its leader (NCO, or the figure that made the detachment) or −1, and its size when formed (0: slot unused) ([W6], [W26]). */
  leader: field.nums(units, (sc, i) => sc.units[i].nco),
  size: field.nums(units, (sc, i) => sc.units[i].figures.length),
  /** Per unit: morale status (tables OK … ROUTED), tested this phase, advanced this turn, won a melee this turn. */
  morale: field.nums(units, OK),
  tested: field.nums(units),
  advanced: field.nums(units),
  wonMelee: field.nums(units),
  /**
   * Per unit: own action phases still to end before a "no advance" or "fall back" result is over
   * ([W32]); a fall back is carried out in the phase where this is 1. For a broken unit: 1 while it
   * has yet to run through an action phase of its own, 0 when it may try to rally at the end of one.
   */
  pending: field.nums(units),
  /** Per side: the turn its force commander fell (killed or disabled), 0 if he has not. */
  commanderFell: field.nums(2),
  /** Actions spent firing the objective. */
  burn: field.int(0),
  /** Winner (side index, −1 none), why the game ended, decisions applied: the kit's endFields. */
  ...endFields(),
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: field.nums(() => COUNTERS.length, 0, { unhashed: 'statistics only' }),
  /**
   * The legal actions of the current decision once worked out (a cache: derived from the rest of
   * the state, cleared by every change, never copied, hashed or exported).
   */
  options: field.cache<SowAction[]>({ reset: true }),
  /** Plans worked out for the current decision (a cache like `options`, cleared with it). */
  memo: field.cache<SowMemo>({ reset: 'clear' }),
  /** The table kit's view of this state's figures (table.ts `viewOf`; reads the arrays live; never copied). */
  view: field.cache<FigureView>(),
});

/** The mutable state of one State of War game (see {@link STATE} for each field). */
export type SowState = StateType<typeof STATE>;

/** A fresh state with every figure at its start, loaded, unhurt; the first side's first phase. */
export const newState: (sc: SowScenario) => SowState = STATE.create;

/** The destination keys that name no figure, in slot order (the `foe:<id>` keys follow, by figure index). */
export const MOVE_KEYS = ['obj', 'cover', 'rear', 'round', 'unit', 'away'] as const;

/**
 * The state's memo of values worked out once per decision for one figure (the one deciding): its
 * move plans by destination, charge plans by target and shot candidates by unit, in numbered slots
 * (units.ts `moveSlots` numbers a scenario's destination keys). Kept by the state (a cache: never
 * copied, hashed or exported), emptied by {@link SowMemo.clear} in O(1) — a generation number
 * per slot, no strings built, no Map. Values are pure functions of the state, the figure and the
 * slot's key, so a slot recomputed after a clear gives the same value.
 */
export class SowMemo {
  /** The figure whose values the slots hold (−1: none yet). */
  fig = -1;
  private gen = 1;
  private readonly stamp: Int32Array;
  private readonly vals: unknown[];
  /**
   * An object per slot that the slot's values are written into, made by the owner on first use and
   * kept for the next decisions (movement.ts: a move or charge plan per slot); never cleared.
   */
  readonly kept: unknown[];
  /**
   * First slot of the charge plans (by target figure), of the shot candidates (by unit) and of
   * whether the figure may shoot at a figure (by target figure: shooting.ts `targetable`).
   */
  readonly chargeAt: number;
  readonly shotAt: number;
  readonly aimAt: number;
  constructor(figures: number, units: number) {
    const moves = MOVE_KEYS.length + figures;
    this.chargeAt = moves;
    this.shotAt = moves + figures;
    this.aimAt = moves + figures + units;
    const n = moves + 2 * figures + units;
    this.stamp = new Int32Array(n);
    this.vals = new Array<unknown>(n).fill(null);
    this.kept = new Array<unknown>(n).fill(null);
  }
  /** True when slot i holds a value of this generation. */
  has(i: number): boolean {
    return this.stamp[i] === this.gen;
  }
  /** The value of slot i (precondition: {@link has}). */
  get(i: number): unknown {
    return this.vals[i];
  }
  set(i: number, v: unknown): void {
    this.vals[i] = v;
    this.stamp[i] = this.gen;
  }
  /** The distance (cm) from the figure to its nearest active enemy, when {@link foeGen} is this generation. */
  foeD = 0;
  foeGen = 0;
  /** Forget every value (the state changed). */
  clear(): void {
    this.gen++;
    this.fig = -1;
  }
  /** True when {@link foeD} holds this generation's value. */
  hasFoeD(): boolean {
    return this.foeGen === this.gen;
  }
  /** Keep the figure's nearest-enemy distance for this generation. */
  setFoeD(d: number): void {
    this.foeD = d;
    this.foeGen = this.gen;
  }
}
