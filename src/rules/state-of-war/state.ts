/**
 * The State of War game state: flat arrays of small numbers indexed by figure and by unit, so a
 * clone is a handful of `slice()` calls. Everything that can influence the rest of the game is here
 * and in {@link hashState}; the compiled scenario is shared, never copied. Lengths in cm, facings
 * in radians (0 = east, π/2 = south).
 */
import { Hasher } from '../../core/hash.js';
import type { SowScenario } from './compile.js';
import { OK } from './tables.js';
import type { SowAction } from './action.js';
import type { FigureView } from '../../core/table/index.js';

/** Figure status values. */
export const ACTIVE = 0; // on the table, able to act (may be wounded)
export const DISABLED = 1; // "incapable of fighting or moving"; lies where it fell
export const DEAD = 2;
export const GONE = 3; // ran off its rear edge

/** Decision phases. */
export const PH_ACT = 0; // the current figure chooses its next action
export const PH_OVER = 1;

/** The mutable state of one State of War game. */
export interface SowState {
  readonly sc: SowScenario;
  /** Current turn, 1-based. */
  turn: number;
  /** Index of the side whose action phase it is, and how many phases of this turn have begun (1 or 2). */
  side: number;
  phaseNo: number;
  phase: number;
  /** Figures of the phasing side that act this phase, in order, and the position reached. */
  queue: number[];
  qLen: number;
  qPos: number;
  /** Figure positions (cm) and facings (radians). */
  x: number[];
  y: number[];
  facing: number[];
  status: number[];
  wounds: number[];
  /** 1 while mounted. */
  mounted: number[];
  /** 1 while a dismounted rider's horse stands at (hx, hy) waiting for him. */
  horse: number[];
  hx: number[];
  hy: number[];
  /** Load actions still needed before the weapon can fire (0: loaded). */
  load: number[];
  /** Actions left this phase. */
  acts: number[];
  /** 1 when the figure moved into contact with an enemy this phase (charging, [W20]). */
  charged: number[];
  /** 1 when the figure used its ride-and-load this turn ([W3]). */
  rode: number[];
  /** 1 while the figure must spend its next action falling back ([W32]). */
  mustRetire: number[];
  /** Centimetres of the fence or wall in front of it the figure has climbed so far ([W5]; 0 when not climbing). */
  climbed: number[];
  /** The barrel the figure carries (index in the scenario's barrels), or −1 ([W6]). */
  carry: number[];
  /** The unit each figure belongs to now (a scenario unit or a detachment slot, [W6]). */
  unitOf: number[];
  /** Per barrel: where it stands when on the ground (cm), and who holds it (figure index), −1 on the ground, −2 used up. */
  bx: number[];
  by: number[];
  bHeld: number[];
  /** Per unit: its leader (NCO, or the figure that made the detachment) or −1, and its size when formed (0: slot unused) ([W6], [W26]). */
  leader: number[];
  size: number[];
  /** Per unit: morale status (tables OK … ROUTED), tested this phase, advanced this turn, won a melee this turn. */
  morale: number[];
  tested: number[];
  advanced: number[];
  wonMelee: number[];
  /**
   * Per unit: own action phases still to end before a "no advance" or "fall back" result is over
   * ([W32]); a fall back is carried out in the phase where this is 1. For a broken unit: 1 while it
   * has yet to run through an action phase of its own, 0 when it may try to rally at the end of one.
   */
  pending: number[];
  /** Per side: the turn its force commander fell (killed or disabled), 0 if he has not. */
  commanderFell: number[];
  /** Actions spent firing the objective. */
  burn: number;
  /** Winning side index, −1 while going on (or for a draw when over). */
  winner: number;
  reason: string;
  decisions: number;
  counters: number[];
  /**
   * The legal actions of the current decision once worked out (a cache: derived from the rest of
   * the state, cleared by every change, never copied, hashed or exported).
   */
  options: SowAction[] | null;
  /** Plans worked out for the current decision (a cache like `options`, cleared with it). */
  memo: Map<string, unknown> | null;
  /** The table kit's view of this state's figures (reads the arrays live; never copied). */
  view: FigureView | null;
}

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
export const C: Record<(typeof COUNTERS)[number], number> = Object.fromEntries(COUNTERS.map((n, i) => [n, i])) as Record<
  (typeof COUNTERS)[number],
  number
>;

/** A fresh state with every figure at its start, loaded, unhurt. */
export function newState(sc: SowScenario): SowState {
  const n = sc.figures.length;
  const u = sc.units.length;
  const zeros = (k: number): number[] => new Array<number>(k).fill(0);
  return {
    sc,
    turn: 1,
    side: sc.first,
    phaseNo: 1,
    phase: PH_ACT,
    queue: zeros(n),
    qLen: 0,
    qPos: 0,
    x: Array.from(sc.startX),
    y: Array.from(sc.startY),
    facing: Array.from(sc.startFacing),
    status: zeros(n),
    wounds: zeros(n),
    mounted: sc.figures.map((f) => (f.mounted ? 1 : 0)),
    horse: zeros(n),
    hx: zeros(n),
    hy: zeros(n),
    load: zeros(n),
    acts: zeros(n),
    charged: zeros(n),
    rode: zeros(n),
    mustRetire: zeros(n),
    climbed: zeros(n),
    carry: new Array<number>(n).fill(-1),
    unitOf: sc.figures.map((f) => f.unit),
    bx: sc.barrels.map((b) => b.x),
    by: sc.barrels.map((b) => b.y),
    bHeld: sc.barrels.map(() => -1),
    leader: sc.units.map((x) => x.nco),
    size: sc.units.map((x) => x.figures.length),
    morale: new Array<number>(u).fill(OK),
    tested: zeros(u),
    advanced: zeros(u),
    wonMelee: zeros(u),
    pending: zeros(u),
    commanderFell: zeros(2),
    burn: 0,
    winner: -1,
    reason: '',
    decisions: 0,
    counters: zeros(COUNTERS.length),
    options: null,
    memo: null,
    view: null,
  };
}

/** An independent copy (arrays copied, scenario shared). */
export function cloneState(s: SowState): SowState {
  return {
    sc: s.sc,
    turn: s.turn,
    side: s.side,
    phaseNo: s.phaseNo,
    phase: s.phase,
    queue: s.queue.slice(),
    qLen: s.qLen,
    qPos: s.qPos,
    x: s.x.slice(),
    y: s.y.slice(),
    facing: s.facing.slice(),
    status: s.status.slice(),
    wounds: s.wounds.slice(),
    mounted: s.mounted.slice(),
    horse: s.horse.slice(),
    hx: s.hx.slice(),
    hy: s.hy.slice(),
    load: s.load.slice(),
    acts: s.acts.slice(),
    charged: s.charged.slice(),
    rode: s.rode.slice(),
    mustRetire: s.mustRetire.slice(),
    climbed: s.climbed.slice(),
    carry: s.carry.slice(),
    unitOf: s.unitOf.slice(),
    bx: s.bx.slice(),
    by: s.by.slice(),
    bHeld: s.bHeld.slice(),
    leader: s.leader.slice(),
    size: s.size.slice(),
    morale: s.morale.slice(),
    tested: s.tested.slice(),
    advanced: s.advanced.slice(),
    wonMelee: s.wonMelee.slice(),
    pending: s.pending.slice(),
    commanderFell: s.commanderFell.slice(),
    burn: s.burn,
    winner: s.winner,
    reason: s.reason,
    decisions: s.decisions,
    counters: s.counters.slice(),
    options: null,
    memo: null,
    view: null,
  };
}

/** Hash of everything that can influence the rest of the game (16 hex digits). */
export function hashState(s: SowState): string {
  const h = new Hasher();
  h.str(s.sc.hash).int(s.turn).int(s.side).int(s.phaseNo).int(s.phase);
  h.nums(s.queue.slice(0, s.qLen)).int(s.qPos);
  h.nums(s.x).nums(s.y).nums(s.facing).nums(s.status).nums(s.wounds).nums(s.mounted).nums(s.horse).nums(s.hx).nums(s.hy);
  h.nums(s.load).nums(s.acts).nums(s.charged).nums(s.rode).nums(s.mustRetire);
  h.nums(s.climbed).nums(s.carry).nums(s.unitOf).nums(s.bx).nums(s.by).nums(s.bHeld).nums(s.leader).nums(s.size);
  h.nums(s.morale).nums(s.tested).nums(s.advanced).nums(s.wonMelee).nums(s.pending).nums(s.commanderFell);
  h.int(s.burn).int(s.winner).str(s.reason);
  return h.hex();
}

/** The state as structured-cloneable data (the scenario left out). */
export function exportState(s: SowState): Record<string, unknown> {
  const c = cloneState(s) as unknown as Record<string, unknown>;
  delete c.sc;
  delete c.options;
  delete c.memo;
  delete c.view;
  return c;
}

/** Rebuild a state exported by {@link exportState} on the same compiled scenario. */
export function importState(sc: SowScenario, data: unknown): SowState {
  const d = data as Omit<SowState, 'sc' | 'options' | 'memo' | 'view'>;
  if (!d || typeof d !== 'object' || !Array.isArray(d.x) || d.x.length !== sc.figures.length) {
    throw new Error('not an exported State of War state of this scenario');
  }
  return cloneState({ ...d, sc, options: null, memo: null, view: null });
}
