/**
 * State of War's figures and units as the rules count them: who acts now, a unit's members and
 * majority die [W26], who must run [W32], who is down, the barrel a hurt carrier drops [W6], and the
 * state's per-decision memo. Pure queries of the state, except {@link dropBarrel}. Lengths in cm.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { BROKEN } from './tables.js';
import { type SowState, ACTIVE, C, MOVE_KEYS, PH_ACT, SowMemo } from './state.js';
import { r2 } from './action.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;

/** The figure deciding now (−1 when none). */
export function actor(s: SowState): number {
  return s.phase === PH_ACT && s.qPos < s.qLen ? s.queue[s.qPos] : -1;
}

/** Active figures of a unit now (its members by `unitOf`, [W6]). */
export function activeMembers(s: SowState, u: number): number[] {
  const out: number[] = [];
  for (const f of s.sc.sides[s.sc.units[u].side].figures) if (s.unitOf[f] === u && s.status[f] === ON) out.push(f);
  return out;
}

/** How many active figures unit u has ({@link activeMembers}' length, with no list made). */
export function activeCount(s: SowState, u: number): number {
  const figs = s.sc.sides[s.sc.units[u].side].figures;
  let n = 0;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.unitOf[f] === u && s.status[f] === ON) n++;
  }
  return n;
}

/** Every figure of a unit now, whatever its status. */
export function unitMembers(s: SowState, u: number): number[] {
  return s.sc.sides[s.sc.units[u].side].figures.filter((f) => s.unitOf[f] === u);
}

/** The units of a side with at least one active figure now, in index order. */
export function liveUnits(s: SowState, side: number): number[] {
  const n = liveUnitsInto(s, side, LIVE);
  return LIVE.slice(0, n);
}

/**
 * {@link liveUnits} written into `out` (its first entries; no list made): returns how many. The
 * side's units are listed in index order (compile.ts: its scenario units, then their detachment
 * slots), so marking the units of its active figures and reading the list in order gives them
 * ascending.
 */
export function liveUnitsInto(s: SowState, side: number, out: number[]): number {
  const sc = s.sc;
  if (LIVE_MARK.length < sc.units.length) LIVE_MARK = new Int32Array(sc.units.length);
  if (++LIVE_PASS === 0x7fffffff) {
    LIVE_MARK.fill(0);
    LIVE_PASS = 1;
  }
  const pass = LIVE_PASS;
  const mark = LIVE_MARK;
  const figs = sc.sides[side].figures;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.status[f] === ON) mark[s.unitOf[f]] = pass;
  }
  const units = sc.sides[side].units;
  let k = 0;
  for (let i = 0; i < units.length; i++) if (mark[units[i]] === pass) out[k++] = units[i];
  return k;
}

/** Scratch of {@link liveUnitsInto}: the pass that last marked each unit, and the pass's number. */
let LIVE_MARK = new Int32Array(0);
let LIVE_PASS = 0;
/** Scratch list of {@link liveUnits}. */
const LIVE: number[] = [];

/** The quality die held by most of the unit's active figures (ties: the smaller) [W26]; 0 if none. */
export function majorityDie(s: SowState, u: number): number {
  // Each active member's die counted over the unit's active members (a unit is a few figures): the
  // die held by most, the smaller on a tie — no map, no list, no sort.
  const sc = s.sc;
  const figs = sc.sides[sc.units[u].side].figures;
  let best = 0;
  let n = 0;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.unitOf[f] !== u || s.status[f] !== ON) continue;
    const d = sc.figures[f].die;
    if (d === best) continue;
    let k = 0;
    for (let j = 0; j < figs.length; j++) {
      const g = figs[j];
      if (s.unitOf[g] === u && s.status[g] === ON && sc.figures[g].die === d) k++;
    }
    if (k > n || (k === n && d < best)) {
      best = d;
      n = k;
    }
  }
  return best;
}

/** True when the unit's figures must run (broken or routed). */
export function running(s: SowState, f: number): boolean {
  return s.morale[s.unitOf[f]] >= BROKEN;
}

/** Figures out of the fight on a side (disabled, dead or gone). */
export function downCount(s: SowState, side: number): number {
  let n = 0;
  for (const f of s.sc.sides[side].figures) if (s.status[f] !== ON) n++;
  return n;
}

/**
 * The state's memo for figure f (see {@link SowMemo}), made on first use; when it held another
 * figure's values, they are forgotten first.
 */
export function memoFor(s: SowState, f: number): SowMemo {
  let m = s.memo;
  if (!m) {
    m = new SowMemo(s.sc.figures.length, s.sc.units.length);
    s.memo = m;
  }
  if (m.fig !== f) {
    m.clear();
    m.fig = f;
  }
  return m;
}

/** Forget the state's memo (after a change): kept for reuse when there is one. */
export function clearMemo(s: SowState): void {
  if (s.memo) s.memo.clear();
}

/** A scenario's destination keys: the memo slot of each, and the `foe:<id>` key of each figure (the same string every time). */
export interface MoveSlots {
  slot: Map<string, number>;
  foeKey: string[];
  /** The figure index of each `foe:<id>` key (the same as `figureIndex` of the id after the prefix). */
  foeIndex: Map<string, number>;
}

let SLOTS: MoveSlots | null = null;
let SLOTS_SC: unknown = null;

/** The destination keys of the scenario of `s` (made once per scenario and thread). */
export function moveSlots(s: SowState): MoveSlots {
  if (SLOTS === null || SLOTS_SC !== s.sc) {
    const slot = new Map<string, number>();
    MOVE_KEYS.forEach((k, i) => slot.set(k, i));
    const foeKey = s.sc.figures.map((f) => `foe:${f.id}`);
    foeKey.forEach((k, t) => slot.set(k, MOVE_KEYS.length + t));
    const foeIndex = new Map<string, number>();
    foeKey.forEach((k, t) => foeIndex.set(k, s.sc.figureIndex.get(s.sc.figures[t].id) as number));
    SLOTS = { slot, foeKey, foeIndex };
    SLOTS_SC = s.sc;
  }
  return SLOTS;
}

/** Figure f puts down (or lets fall) the barrel it carries where it stands [W6]. */
export function dropBarrel(
  s: SowState,
  f: number,
  cause: 'set down' | 'wounded' | 'disabled' | 'killed' | 'running',
  ctx: StepContext<SowEvent>,
): void {
  const b = s.carry[f];
  if (b < 0) return;
  s.carry[f] = -1;
  s.bHeld[b] = -1;
  s.bx[b] = s.x[f];
  s.by[b] = s.y[f];
  s.counters[C.drops]++;
  ctx.emit?.({ e: 'drop', turn: s.turn, figure: s.sc.figures[f].id, barrel: s.sc.barrels[b].id, at: [r2(s.x[f]), r2(s.y[f])], cause });
}
