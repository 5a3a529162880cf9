/**
 * The Pirates! game state: flat typed arrays indexed by figure (and by band and card), so that a
 * clone is a handful of `slice()` calls. Everything that can influence the rest of the game is
 * here and in {@link hashState}; the compiled scenario is shared, never copied.
 */
import { Hasher } from '../../core/hash.js';
import type { PiratesScenario } from './compile.js';

/** Figure status values. */
export const ACTIVE = 0; // on the table and able to act
export const FLEEING = 1; // disengaged (§5.C(2)) or ran after a morale check (§10): runs each turn until gone
export const GONE = 2; // ran off the table, or back aboard the ship
export const DEAD = 3;
export const CAPTURED = 4;

/** Decision phases. */
export const PH_BAND = 0; // choose which band the turned card activates
export const PH_GROUP = 1; // choose the band's group move (or none)
export const PH_FIGURE = 2; // each figure of the band chooses its action
export const PH_OVER = 3; // the game is over

/** The mutable state of one Pirates! game. */
export interface PiratesState {
  /** The compiled scenario (shared, immutable). */
  readonly sc: PiratesScenario;
  /** Current turn, 1-based. */
  turn: number;
  /** Figure centre positions (inches) and facings (radians). */
  x: Float64Array;
  y: Float64Array;
  facing: Float64Array;
  /** Figure status: ACTIVE, FLEEING, GONE, DEAD, CAPTURED. */
  status: Uint8Array;
  /** Band id of each figure, −1 when in no band. */
  band: Int16Array;
  /** Hits taken this turn (§5.C, cumulative within the turn) and capture margin this turn (§5.E). */
  hits: Uint8Array;
  capHits: Uint8Array;
  /** 1 when the missile weapon is loaded (§8); 1 when reloading this turn (loaded at the turn's end). */
  loaded: Uint8Array;
  reloading: Uint8Array;
  /** 1 when carrying a load of booty (§11.C); turns of pillage done toward the next load (§9). */
  booty: Uint8Array;
  pillage: Uint8Array;
  /** 1 when the figure has attacked this turn (§5.B(3)). */
  attacked: Uint8Array;
  /** Exit index a fleeing figure runs for (−1: home, or not fleeing). */
  fleeExit: Int8Array;
  /** 1 once a raider has stood in the objective zone (statistics). */
  reached: Uint8Array;
  /** Per band: side, size when formed, and 1 when activated this turn (§3.G). */
  bandSide: Int8Array;
  bandSize: Uint8Array;
  bandDone: Uint8Array;
  /** Number of bands formed so far (band ids are 0 … nBands−1). */
  nBands: number;
  /** Per card of the deck: 1 while not yet turned this turn. */
  inDeck: Uint8Array;
  /** The pair of cards turned (§3.B): card indices, −1 for none; `pairAt` is the one being resolved. */
  pair: Int16Array;
  pairAt: number;
  /** Current decision phase. */
  phase: number;
  /** The band being activated, and the card activating it. */
  actBand: number;
  actCard: number;
  /** Figures of the band still to decide this activation, in order, and the position reached. */
  queue: Int16Array;
  qLen: number;
  qPos: number;
  /** Group move chosen for the activation ('' for none) and the figures that follow it. */
  groupTo: string;
  followers: Int16Array;
  nFollow: number;
  /**
   * Movement this turn per side (§4.B–C): [allowance, broken-ground allowance, mounted allowance,
   * mounted broken-ground allowance], inches, at index side*4.
   */
  moveAllow: Int16Array;
  /** Killed figures per side, and morale checks taken per side (§10: one per 10 killed). */
  killed: Int16Array;
  moraleTaken: Int16Array;
  /** Booty loads landed at home, and loads pillaged. */
  landed: number;
  pillaged: number;
  /** Index of the winning side, −1 while going on (or for a draw when over). */
  winner: number;
  /** Why the game ended ('' while going on). */
  reason: string;
  /** Decisions applied so far. */
  decisions: number;
  /** Counters of rule paths, for reports (see {@link COUNTERS}). */
  counters: Int32Array;
}

/** Names of the rule-path counters kept in {@link PiratesState.counters}. */
export const COUNTERS = [
  'fights',
  'fires',
  'charges',
  'kills',
  'flights',
  'captures',
  'captureAttempts',
  'reloads',
  'pillages',
  'moraleChecks',
  'moraleFailures',
  'moraleRunners',
  'groupMoves',
  'passes',
] as const;
/** Index of each counter. */
export const C: Record<(typeof COUNTERS)[number], number> = Object.fromEntries(COUNTERS.map((n, i) => [n, i])) as Record<
  (typeof COUNTERS)[number],
  number
>;

/** A fresh state with every figure at its start and nothing drawn yet. */
export function newState(sc: PiratesScenario): PiratesState {
  const n = sc.figures.length;
  const loaded = new Uint8Array(n);
  for (const f of sc.figures) loaded[f.index] = f.weapon.ranges.length > 0 ? 1 : 0;
  return {
    sc,
    turn: 1,
    x: sc.startX.slice(),
    y: sc.startY.slice(),
    facing: sc.startFacing.slice(),
    status: new Uint8Array(n),
    band: new Int16Array(n).fill(-1),
    hits: new Uint8Array(n),
    capHits: new Uint8Array(n),
    loaded,
    reloading: new Uint8Array(n),
    booty: new Uint8Array(n),
    pillage: new Uint8Array(n),
    attacked: new Uint8Array(n),
    fleeExit: new Int8Array(n).fill(-1),
    reached: new Uint8Array(n),
    bandSide: new Int8Array(n),
    bandSize: new Uint8Array(n),
    bandDone: new Uint8Array(n),
    nBands: 0,
    inDeck: new Uint8Array(sc.deck.length),
    pair: new Int16Array([-1, -1]),
    pairAt: 0,
    phase: PH_BAND,
    actBand: -1,
    actCard: -1,
    queue: new Int16Array(16),
    qLen: 0,
    qPos: 0,
    groupTo: '',
    followers: new Int16Array(16),
    nFollow: 0,
    moveAllow: new Int16Array(8),
    killed: new Int16Array(2),
    moraleTaken: new Int16Array(2),
    landed: 0,
    pillaged: 0,
    winner: -1,
    reason: '',
    decisions: 0,
    counters: new Int32Array(COUNTERS.length),
  };
}

/** An independent copy (typed arrays copied, scenario shared). */
export function cloneState(s: PiratesState): PiratesState {
  return {
    sc: s.sc,
    turn: s.turn,
    x: s.x.slice(),
    y: s.y.slice(),
    facing: s.facing.slice(),
    status: s.status.slice(),
    band: s.band.slice(),
    hits: s.hits.slice(),
    capHits: s.capHits.slice(),
    loaded: s.loaded.slice(),
    reloading: s.reloading.slice(),
    booty: s.booty.slice(),
    pillage: s.pillage.slice(),
    attacked: s.attacked.slice(),
    fleeExit: s.fleeExit.slice(),
    reached: s.reached.slice(),
    bandSide: s.bandSide.slice(),
    bandSize: s.bandSize.slice(),
    bandDone: s.bandDone.slice(),
    nBands: s.nBands,
    inDeck: s.inDeck.slice(),
    pair: s.pair.slice(),
    pairAt: s.pairAt,
    phase: s.phase,
    actBand: s.actBand,
    actCard: s.actCard,
    queue: s.queue.slice(),
    qLen: s.qLen,
    qPos: s.qPos,
    groupTo: s.groupTo,
    followers: s.followers.slice(),
    nFollow: s.nFollow,
    moveAllow: s.moveAllow.slice(),
    killed: s.killed.slice(),
    moraleTaken: s.moraleTaken.slice(),
    landed: s.landed,
    pillaged: s.pillaged,
    winner: s.winner,
    reason: s.reason,
    decisions: s.decisions,
    counters: s.counters.slice(),
  };
}

/** Hash of everything that can influence the rest of the game (16 hex digits). */
export function hashState(s: PiratesState): string {
  const h = new Hasher();
  h.str(s.sc.hash).int(s.turn).nums(s.x).nums(s.y).nums(s.facing);
  h.nums(s.status).nums(s.band).nums(s.hits).nums(s.capHits).nums(s.loaded).nums(s.reloading);
  h.nums(s.booty).nums(s.pillage).nums(s.attacked).nums(s.fleeExit).nums(s.reached);
  h.int(s.nBands).nums(s.bandSide.subarray(0, s.nBands)).nums(s.bandSize.subarray(0, s.nBands)).nums(s.bandDone.subarray(0, s.nBands));
  h.nums(s.inDeck).nums(s.pair).int(s.pairAt).int(s.phase).int(s.actBand).int(s.actCard);
  h.nums(s.queue.subarray(0, s.qLen)).int(s.qPos).str(s.groupTo).nums(s.followers.subarray(0, s.nFollow));
  h.nums(s.moveAllow).nums(s.killed).nums(s.moraleTaken).int(s.landed).int(s.pillaged).int(s.winner).str(s.reason);
  return h.hex();
}
