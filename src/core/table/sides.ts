/**
 * The side wiring of a ruleset on a measured table: the five forward-model methods that read only
 * which sides there are, who decides now and how the game ended — `sides`, `currentSide`,
 * `isTerminal`, `outcome`, `evaluate` (and the batched `evaluateSides`) — made once from what the
 * room knows (is the game over, whose decision is it, its evaluation by side index), instead of
 * being written again in every room's index.ts. Spread the result into `defineRuleset({ … })`.
 *
 * Sides are the compiled scenario's `sides` in their order (side index 0, 1, …); a state keeps the
 * winner as a side index (−1: none — a draw when the game is over) and the reason in words.
 */
import { type Outcome, sideIndicesInto } from '../model.js';
import type { SideId } from '../basics.js';

/** What the wiring reads of a compiled scenario: its sides in index order. */
export interface SidedScenario {
  readonly sides: readonly { readonly id: SideId }[];
}

/** What the wiring reads of a state: its scenario, the winner's side index (−1: none) and why the game ended. */
export interface SidedState<C extends SidedScenario> {
  readonly sc: C;
  readonly winner: number;
  readonly reason: string;
}

/** What a room tells the wiring. Every function is called with a state of the room, never changed. */
export interface SideWiringSpec<S> {
  /** True when the game is over (no side decides, `outcome` is given). */
  over(s: S): boolean;
  /** The index in `sc.sides` of the side whose decision it is; asked only while the game is not over. */
  deciding(s: S): number;
  /** The room's evaluation of `s` for side index `i` (0 … 1, the chance of winning as the room reckons it). */
  evaluateFor(s: S, i: number, weights?: readonly number[]): number;
  /**
   * Optional: the room's batched evaluation for side indices `idx[0 … n−1]` into `out` (the
   * forward model's `evaluateSides`, which a search calls at every leaf): allocation-free.
   */
  evaluateSides?(s: S, idx: readonly number[], n: number, weights: readonly number[] | undefined, out: number[]): void;
}

/** The forward-model methods {@link sideWiring} makes (see src/core/model.ts for each contract). */
export interface SideWiring<C, S> {
  sides(sc: C): SideId[];
  currentSide(s: S): SideId | null;
  isTerminal(s: S): boolean;
  outcome(s: S): Outcome | null;
  evaluate(s: S, side: SideId, weights?: readonly number[]): number;
  evaluateSides?(s: S, sides: readonly SideId[], n: number, weights: readonly number[] | undefined, out: number[]): void;
}

/**
 * `sides`, `currentSide`, `isTerminal`, `outcome`, `evaluate` and (when the room has it)
 * `evaluateSides` from `spec`. `evaluate` of a side the scenario does not have passes side index
 * −1 to the room. The functions are made once here (none per call); `evaluateSides` keeps one
 * scratch array of side indices, so one wiring serves one thread's searches at a time, as the
 * forward model is used.
 */
export function sideWiring<C extends SidedScenario, S extends SidedState<C>>(spec: SideWiringSpec<S>): SideWiring<C, S> {
  const { over, deciding, evaluateFor } = spec;
  const wiring: SideWiring<C, S> = {
    sides: (sc) => sc.sides.map((x) => x.id),
    currentSide: (s) => (over(s) ? null : s.sc.sides[deciding(s)].id),
    isTerminal: (s) => over(s),
    outcome: (s) => (over(s) ? { winner: s.winner >= 0 ? s.sc.sides[s.winner].id : null, reason: s.reason } : null),
    evaluate: (s, side, weights) =>
      evaluateFor(
        s,
        s.sc.sides.findIndex((x) => x.id === side),
        weights,
      ),
  };
  const batched = spec.evaluateSides;
  if (batched) {
    const index: number[] = [];
    wiring.evaluateSides = (s, sides, n, weights, out) => batched(s, sideIndicesInto(s.sc.sides, sides, n, index), n, weights, out);
  }
  return wiring;
}
