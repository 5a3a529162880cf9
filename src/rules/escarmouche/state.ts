/**
 * The Escarmouche game state: flat typed arrays indexed by figure plus a few scalars for the turn
 * machine, so a clone is a handful of `slice()` calls. Everything that can influence the rest of
 * the game is here and in {@link hashState}; the compiled scenario is shared, never copied.
 */
import { Hasher } from '../../core/hash.js';
import type { FigureView } from '../../core/table/index.js';
import type { EscScenario } from './compile.js';

/** Decision phases. */
export const PH_PICK = 0; // the side to act picks its next figure (or passes the rest of its turn)
export const PH_ACT = 1; // the acting figure chooses its next action (or ends its turn)
export const PH_INT = 2; // the other side may interrupt with a reserved action (or let it go)
export const PH_OVER = 3;

/** Why a side's turn ended (the `sideWhy` field). */
export const SIDE_PASS = 1; // the side passed the rest of its turn
export const SIDE_SECOND_ONE = 2; // a second single 1 this turn
export const SIDE_DOUBLE_ONE = 3; // two (or more) 1s in one roll
export const SIDE_ALL_ACTED = 4; // every figure has acted
/** Words for each {@link SIDE_PASS}-style code. */
export const SIDE_WHY = ['', 'passed', 'a second 1', 'two 1s in one roll', 'every figure has acted'] as const;

/** Most actions one figure may take in one turn (a safety bound: see docs/rules/escarmouche.md §PLAY). */
export const ACTION_CAP = 30;

/** The mutable state of one Escarmouche game. */
export interface EscState {
  /** The compiled scenario (shared, immutable). */
  readonly sc: EscScenario;
  /** Game turn, 1-based (each side has one turn per game turn). */
  turn: number;
  /** The side whose turn it is. */
  side: number;
  /** The side that takes the first turn of every game turn. */
  first: number;
  phase: number;
  /** The acting figure, −1 between figures. */
  actor: number;
  /** Active dice the actor has accumulated this turn (one per action other than moving). */
  pool: number;
  /** Actions the actor has taken this turn (all kinds; bounded by {@link ACTION_CAP}). */
  actions: number;
  /** Single 1s the side has rolled this turn (the second ends the side's turn). */
  ones: number;
  /** Why the side's turn is over (a SIDE_* code), 0 while it goes on. */
  sideWhy: number;
  /**
   * Pike vs cavalry / horse vs foot, per figure: 1 once the actor's first-strike round against that
   * enemy is over this turn (it struck first, or won against it), 0 otherwise; cleared when the
   * actor's turn ends. One mark per enemy (since 2.3.0, issue 38: a single "last enemy" mark was
   * overwritten by a fight with another, so first strike came back against the first) ([E47]).
   */
  fsBeat: Uint8Array;
  /** Pike fencing: the pikeman the actor has beaten pike against pike this turn (−1). */
  fenceBeat: number;
  /** Per figure: where its centre stands (table unit). */
  x: Float64Array;
  y: Float64Array;
  /** Per figure: wounds left (0 = out of action). */
  wounds: Uint8Array;
  /** Per figure: Shaken markers; Cowered (prone); Disarmed; in cover (took cover and has not moved). */
  shaken: Uint8Array;
  cowered: Uint8Array;
  disarmed: Uint8Array;
  cover: Uint8Array;
  /** Per figure: 1 once it has acted (or had its turn used) this side-turn. */
  acted: Uint8Array;
  /** Per figure: 1 while it holds a reserved action (one active die to interrupt with). */
  reserved: Uint8Array;
  /** Enemy figures that have just moved and may be interrupted (the window of PH_INT). */
  window: Int16Array;
  nWindow: number;
  /** Index of the winning side, −1 while going on (or for a draw when over). */
  winner: number;
  reason: string;
  /** Decisions applied so far. */
  decisions: number;
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: Int32Array;
  /** The figures as the table kit sees them (engine `figureView`): made on first use, never copied or hashed. */
  view: FigureView | null;
}

/** Names of the rule-path counters kept in {@link EscState.counters}. */
export const COUNTERS = [
  'sideTurns',
  'picks',
  'moves',
  'zocStops',
  'marshals',
  'marshalTriple',
  'develops',
  'readies',
  'covers',
  'stands',
  'rallies',
  'rearms',
  'reserves',
  'interrupts',
  'shots',
  'volleys',
  'cannonShots',
  'fights',
  'gangFights',
  'massedPike',
  'pikeFencing',
  'firstStrikeIgnored',
  'uphill',
  'ties',
  'shaken',
  'cowered',
  'disarmed',
  'pushed',
  'pushBlocked',
  'separated',
  'apartBlocked',
  'hits',
  'outOfAction',
  'figureInitiativeLost',
  'sideSecondOne',
  'sideDoubleOne',
  'passes',
  'ends',
  'actionCap',
] as const;
/** Index of each counter. */
export const C: Record<(typeof COUNTERS)[number], number> = Object.fromEntries(COUNTERS.map((n, i) => [n, i])) as Record<
  (typeof COUNTERS)[number],
  number
>;

/** A fresh state: every figure at its starting place, unhurt, nothing rolled yet. */
export function newState(sc: EscScenario): EscState {
  const n = sc.figures.length;
  return {
    sc,
    turn: 1,
    side: 0,
    first: 0,
    phase: PH_PICK,
    actor: -1,
    pool: 0,
    actions: 0,
    ones: 0,
    sideWhy: 0,
    fsBeat: new Uint8Array(n),
    fenceBeat: -1,
    x: Float64Array.from(sc.figures.map((f) => f.start.x)),
    y: Float64Array.from(sc.figures.map((f) => f.start.y)),
    wounds: Uint8Array.from(sc.figures.map((f) => f.wounds)),
    shaken: new Uint8Array(n),
    cowered: new Uint8Array(n),
    disarmed: new Uint8Array(n),
    cover: new Uint8Array(n),
    acted: new Uint8Array(n),
    reserved: new Uint8Array(n),
    window: new Int16Array(n),
    nWindow: 0,
    winner: -1,
    reason: '',
    decisions: 0,
    counters: new Int32Array(COUNTERS.length),
    view: null,
  };
}

/** An independent copy (typed arrays copied, scenario shared). */
export function cloneState(s: EscState): EscState {
  return {
    sc: s.sc,
    turn: s.turn,
    side: s.side,
    first: s.first,
    phase: s.phase,
    actor: s.actor,
    pool: s.pool,
    actions: s.actions,
    ones: s.ones,
    sideWhy: s.sideWhy,
    fsBeat: s.fsBeat.slice(),
    fenceBeat: s.fenceBeat,
    x: s.x.slice(),
    y: s.y.slice(),
    wounds: s.wounds.slice(),
    shaken: s.shaken.slice(),
    cowered: s.cowered.slice(),
    disarmed: s.disarmed.slice(),
    cover: s.cover.slice(),
    acted: s.acted.slice(),
    reserved: s.reserved.slice(),
    window: s.window.slice(),
    nWindow: s.nWindow,
    winner: s.winner,
    reason: s.reason,
    decisions: s.decisions,
    counters: s.counters.slice(),
    view: null,
  };
}

/** Hash of everything that can influence the rest of the game (16 hex digits). */
export function hashState(s: EscState): string {
  const h = new Hasher();
  h.str(s.sc.hash).int(s.turn).int(s.side).int(s.first).int(s.phase).int(s.actor).int(s.pool).int(s.actions);
  h.int(s.ones).int(s.sideWhy).nums(s.fsBeat).int(s.fenceBeat);
  h.nums(s.x).nums(s.y).nums(s.wounds).nums(s.shaken).nums(s.cowered).nums(s.disarmed).nums(s.cover);
  h.nums(s.acted).nums(s.reserved).nums(s.window.subarray(0, s.nWindow));
  h.int(s.winner).str(s.reason);
  return h.hex();
}

/** True when figure `f` is still in play (not out of action). */
export function inPlay(s: EscState, f: number): boolean {
  return s.wounds[f] > 0;
}

/** The state as structured-cloneable data (typed arrays and numbers), without the shared scenario. */
export function exportState(s: EscState): Record<string, unknown> {
  const c = cloneState(s) as unknown as Record<string, unknown>;
  delete c.sc;
  delete c.view;
  return c;
}

/** Rebuild a state exported by {@link exportState} on the same compiled scenario. */
export function importState(sc: EscScenario, data: unknown): EscState {
  const d = data as Omit<EscState, 'sc'>;
  if (!d || typeof d !== 'object' || !(d.x instanceof Float64Array) || d.x.length !== sc.figures.length) {
    throw new Error('not an exported Escarmouche state of this scenario');
  }
  return cloneState({ ...d, sc, view: null });
}
