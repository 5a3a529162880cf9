/**
 * The Pirates! game state: flat arrays of small numbers indexed by figure (and by band and card),
 * so that a clone is a handful of `slice()` calls. Plain arrays, not typed arrays: V8 copies a
 * packed array of small integers several times faster than it allocates a typed array. Everything that can influence the rest of the game is
 * here and in {@link hashState}; the compiled scenario is shared, never copied.
 */
import { Hasher } from '../../core/hash.js';
import type { PiratesScenario } from './compile.js';
import type { FigureView } from '../../core/table/index.js';

/** Figure status values (see the comment on each). */
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
  x: number[];
  y: number[];
  facing: number[];
  /** Figure status: ACTIVE, FLEEING, GONE, DEAD, CAPTURED. */
  status: number[];
  /** Band id of each figure, −1 when in no band. */
  band: number[];
  /** Hits taken this turn (§5.C, cumulative within the turn) and capture margin this turn (§5.E). */
  hits: number[];
  capHits: number[];
  /** 1 when the missile weapon is loaded (§8); 1 when reloading this turn (loaded at the turn's end). */
  loaded: number[];
  reloading: number[];
  /** 1 when carrying a load of booty (§11.C). */
  booty: number[];
  /** 1 once the figure has landed a load at home: each raider brings back one load (§11, "15 of his boys"). */
  hasLanded: number[];
  /** Turns of pillage done toward the next load (§9). */
  pillage: number[];
  /** 1 when the figure has attacked this turn (§5.B(3)). */
  attacked: number[];
  /** Exit index a fleeing figure runs for (−1: home, or not fleeing). */
  fleeExit: number[];
  /** 1 once a raider has stood in the objective zone (statistics). */
  reached: number[];
  /** Per band: side, size when formed, and 1 when activated this turn (§3.G). */
  bandSide: number[];
  bandSize: number[];
  bandDone: number[];
  /** Number of bands formed so far (band ids are 0 … nBands−1). */
  nBands: number;
  /** Per card of the deck: 1 while not yet turned this turn. */
  inDeck: number[];
  /** The pair of cards turned (§3.B): card indices, −1 for none; `pairAt` is the one being resolved. */
  pair: number[];
  pairAt: number;
  /** Current decision phase. */
  phase: number;
  /** The band being activated, and the card activating it. */
  actBand: number;
  actCard: number;
  /** Figures of the band still to decide this activation, in order, and the position reached. */
  queue: number[];
  qLen: number;
  qPos: number;
  /** Group move chosen for the activation ('' for none) and the figures that follow it. */
  groupTo: string;
  followers: number[];
  nFollow: number;
  /**
   * Movement this turn per side (§4.B–C): [allowance, broken-ground allowance, mounted allowance,
   * mounted broken-ground allowance], inches, at index side*4.
   */
  moveAllow: number[];
  /** Killed figures per side, and morale checks taken per side (§10: one per 10 killed). */
  killed: number[];
  moraleTaken: number[];
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
  counters: number[];
  /**
   * The figures as the table kit sees them (movement.ts `viewOf`), made on first use and kept with
   * this state object — never copied by a clone (it reads this state's own arrays), not part of the
   * game (not hashed). A field rather than a WeakMap entry: search makes a state per iteration, and
   * weak tables of short-lived keys are dear to collect.
   */
  view: FigureView | null;
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
  const zeros = (k: number): number[] => new Array<number>(k).fill(0);
  const loaded = zeros(n);
  for (const f of sc.figures) loaded[f.index] = f.weapon.ranges.length > 0 ? 1 : 0;
  return {
    sc,
    turn: 1,
    x: Array.from(sc.startX),
    y: Array.from(sc.startY),
    facing: Array.from(sc.startFacing),
    status: zeros(n),
    band: new Array<number>(n).fill(-1),
    hits: zeros(n),
    capHits: zeros(n),
    loaded,
    reloading: zeros(n),
    booty: zeros(n),
    hasLanded: zeros(n),
    pillage: zeros(n),
    attacked: zeros(n),
    fleeExit: new Array<number>(n).fill(-1),
    reached: zeros(n),
    bandSide: zeros(n),
    bandSize: zeros(n),
    bandDone: zeros(n),
    nBands: 0,
    inDeck: zeros(sc.deck.length),
    pair: [-1, -1],
    pairAt: 0,
    phase: PH_BAND,
    actBand: -1,
    actCard: -1,
    queue: zeros(16),
    qLen: 0,
    qPos: 0,
    groupTo: '',
    followers: zeros(16),
    nFollow: 0,
    moveAllow: zeros(8),
    killed: zeros(2),
    moraleTaken: zeros(2),
    landed: 0,
    pillaged: 0,
    winner: -1,
    reason: '',
    decisions: 0,
    counters: zeros(COUNTERS.length),
    view: null,
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
    hasLanded: s.hasLanded.slice(),
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
    view: null,
  };
}

/**
 * Copy the numbers of `from` into `into` (same length in a state of one scenario). Two copies of
 * one loop: positions and facings are doubles, the rest small integers, and a loop that sees one
 * kind of array stays fast.
 */
function copyNums(into: number[], from: readonly number[]): void {
  const n = from.length;
  if (into.length !== n) into.length = n;
  for (let i = 0; i < n; i++) into[i] = from[i];
}
function copyFloats(into: number[], from: readonly number[]): void {
  const n = from.length;
  if (into.length !== n) into.length = n;
  for (let i = 0; i < n; i++) into[i] = from[i];
}

/**
 * Make `into` a copy of `from` — the state {@link cloneState} would make — in `into`'s own arrays,
 * allocating nothing, and return it; `into` must be a state no one needs any more. Its `view`
 * stays (it reads those same arrays). A state of another scenario gets a fresh clone instead.
 */
export function cloneStateInto(into: PiratesState, from: PiratesState): PiratesState {
  if (into.sc !== from.sc || into === from) return cloneState(from);
  into.turn = from.turn;
  copyFloats(into.x, from.x);
  copyFloats(into.y, from.y);
  copyFloats(into.facing, from.facing);
  copyNums(into.status, from.status);
  copyNums(into.band, from.band);
  copyNums(into.hits, from.hits);
  copyNums(into.capHits, from.capHits);
  copyNums(into.loaded, from.loaded);
  copyNums(into.reloading, from.reloading);
  copyNums(into.booty, from.booty);
  copyNums(into.hasLanded, from.hasLanded);
  copyNums(into.pillage, from.pillage);
  copyNums(into.attacked, from.attacked);
  copyNums(into.fleeExit, from.fleeExit);
  copyNums(into.reached, from.reached);
  copyNums(into.bandSide, from.bandSide);
  copyNums(into.bandSize, from.bandSize);
  copyNums(into.bandDone, from.bandDone);
  into.nBands = from.nBands;
  copyNums(into.inDeck, from.inDeck);
  copyNums(into.pair, from.pair);
  into.pairAt = from.pairAt;
  into.phase = from.phase;
  into.actBand = from.actBand;
  into.actCard = from.actCard;
  copyNums(into.queue, from.queue);
  into.qLen = from.qLen;
  into.qPos = from.qPos;
  into.groupTo = from.groupTo;
  copyNums(into.followers, from.followers);
  into.nFollow = from.nFollow;
  copyNums(into.moveAllow, from.moveAllow);
  copyNums(into.killed, from.killed);
  copyNums(into.moraleTaken, from.moraleTaken);
  into.landed = from.landed;
  into.pillaged = from.pillaged;
  into.winner = from.winner;
  into.reason = from.reason;
  into.decisions = from.decisions;
  copyNums(into.counters, from.counters);
  return into;
}

/** Hash of everything that can influence the rest of the game (16 hex digits). */
export function hashState(s: PiratesState): string {
  const h = new Hasher();
  h.str(s.sc.hash).int(s.turn).nums(s.x).nums(s.y).nums(s.facing);
  h.nums(s.status).nums(s.band).nums(s.hits).nums(s.capHits).nums(s.loaded).nums(s.reloading);
  h.nums(s.booty).nums(s.hasLanded).nums(s.pillage).nums(s.attacked).nums(s.fleeExit).nums(s.reached);
  h.int(s.nBands).nums(s.bandSide.slice(0, s.nBands)).nums(s.bandSize.slice(0, s.nBands)).nums(s.bandDone.slice(0, s.nBands));
  h.nums(s.inDeck).nums(s.pair).int(s.pairAt).int(s.phase).int(s.actBand).int(s.actCard);
  h.nums(s.queue.slice(0, s.qLen)).int(s.qPos).str(s.groupTo).nums(s.followers.slice(0, s.nFollow));
  h.nums(s.moveAllow).nums(s.killed).nums(s.moraleTaken).int(s.landed).int(s.pillaged).int(s.winner).str(s.reason);
  return h.hex();
}

/** The state as structured-cloneable data (typed arrays copied; the scenario left out). */
export function exportState(s: PiratesState): Record<string, unknown> {
  const c = cloneState(s) as unknown as Record<string, unknown>;
  delete c.sc;
  delete c.view;
  return c;
}

/** Rebuild a state exported by {@link exportState} on the same compiled scenario. */
export function importState(sc: PiratesScenario, data: unknown): PiratesState {
  const d = data as Omit<PiratesState, 'sc'>;
  if (!d || typeof d !== 'object' || !Array.isArray(d.x) || d.x.length !== sc.figures.length) {
    throw new Error('not an exported Pirates! state of this scenario');
  }
  return cloneState({ ...d, sc });
}
