/**
 * The scripted policy's scratch for one decision (src/rules/escarmouche/policy.ts): move lines,
 * followers and marshal reckonings, potentials where the figures stand and lone shots, remembered
 * for the state being scored and forgotten on entry to and return from the public scoring functions.
 */
import type { EscState } from './state.js';
import { type MoveOption, moveOption } from './moving.js';
import { type MarshalLine, MARSHAL_MAX, marshalFollowers, marshalPlan } from './marshal.js';
import { terrainDice } from './tables.js';

/**
 * Work shared by the scoring of one state within one call of the script: the figures' potentials
 * where they stand, their move lines by destination key, the actor's followers and what each
 * follower's part of a marshal is worth. Valid while that state is not changed: the public scoring
 * functions forget it on entry and on return (the script itself only moves a figure for a
 * reckoning and puts it back, and asks no memoised thing while one is moved).
 */
export const memo = {
  state: null as EscState | null,
  stamp: 0,
  hereStamp: [] as number[],
  here: [] as number[],
  movesStamp: [] as number[],
  moves: [] as Map<string, MoveOption | null>[],
  followersStamp: [] as number[],
  followers: [] as number[][],
  marshalStamp: [] as number[],
  marshal: [] as Map<string, MarshalReckoning>[],
  /** Per figure: the potential where its move toward a destination key ends (a pick reckons each action twice). */
  towardStamp: [] as number[],
  toward: [] as Map<string, number>[],
  shotsStamp: 0,
  shotGain: new Map<number, number>(),
  shotDice: new Map<number, number>(),
};

/** Start using the memo for state `s` (forgetting what it held for another state). */
export function memoFor(s: EscState): void {
  if (memo.state !== s) {
    memo.state = s;
    memo.stamp++;
  }
}

/** Forget the memo (on entry to and return from the public scoring functions). */
export function forgetMemo(): void {
  memo.state = null;
  memo.stamp++;
}

/** {@link moveOption}, memoised for the state being scored (the result is shared: read only). */
export function memoMoveOption(s: EscState, f: number, key: string): MoveOption | null {
  memoFor(s);
  let m = memo.moves[f];
  if (memo.movesStamp[f] !== memo.stamp || m === undefined) {
    m = new Map();
    memo.moves[f] = m;
    memo.movesStamp[f] = memo.stamp;
  }
  let opt = m.get(key);
  if (opt === undefined) {
    opt = moveOption(s, f, key);
    m.set(key, opt);
  }
  return opt;
}

/** {@link marshalFollowers}, memoised for the state being scored (shared: read only). */
export function memoFollowers(s: EscState, f: number): readonly number[] {
  memoFor(s);
  if (memo.followersStamp[f] === memo.stamp) return memo.followers[f];
  const fl = marshalFollowers(s, f);
  memo.followers[f] = fl;
  memo.followersStamp[f] = memo.stamp;
  return fl;
}

/**
 * A marshal toward one destination as the rules play it ({@link marshalPlan}): who goes — the
 * nearest friends in sight that can go that way, up to {@link MARSHAL_MAX} — and the terrain dice of
 * the movers: `base[k]` with the first k followers, the worst terrain any of them goes through
 * ([E26b]); `terms` (made when first asked for) what each follower adds — its potential where its
 * line ends less where it stands, less 0.05.
 */
export interface MarshalReckoning {
  plan: MarshalLine[];
  base: number[];
  terms: number[] | null;
}

/** The {@link MarshalReckoning} of `f` marshalling toward `key` (whose line is `opt`), memoised for the state being scored. */
export function marshalReckoning(s: EscState, f: number, key: string, opt: MoveOption): MarshalReckoning {
  memoFor(s);
  let m = memo.marshal[f];
  if (memo.marshalStamp[f] !== memo.stamp || m === undefined) {
    m = new Map();
    memo.marshal[f] = m;
    memo.marshalStamp[f] = memo.stamp;
  }
  let r = m.get(key);
  if (r === undefined) {
    const plan = marshalPlan(s, f, opt, MARSHAL_MAX, memoFollowers(s, f));
    const base: number[] = [];
    let b = 0;
    for (const l of plan) {
      b = Math.max(b, terrainDice(l.terrain), s.sc.figures[l.figure].moveFloor);
      base.push(b);
    }
    r = { plan, base, terms: null };
    m.set(key, r);
  }
  return r;
}

/** How many friends go in a marshal with up to `n`, and the dice it rolls: the pool, the worst terrain's, one per follower. */
export function marshalDice(s: EscState, r: MarshalReckoning, n: number): { k: number; dice: number } {
  const k = Math.min(n, r.base.length - 1);
  return { k, dice: s.pool + r.base[k] + k };
}
