/**
 * The forward-model contract (DESIGN.md §Contracts 1): the only thing agents, the game loop, the
 * records, the runner and the CLI know about a rule system. One conformance suite
 * (test/conformance.test.ts) checks every ruleset against it.
 *
 * A ruleset is a set of pure functions over its own state type `S` and action type `A`:
 *   setup → (currentSide, legalActions, apply)* → isTerminal/outcome.
 * Chance (dice, card draws) is resolved inside `setup` and `apply` from the {@link Rng} the caller
 * passes, so the same state, action and stream always give the same next state.
 */
import type { Rng } from './rng.js';
import type { Scene } from './scene.js';

/** A side's identifier as written in the scenario (e.g. `pirates`, `townsfolk`). */
export type SideId = string;

/** A JSON value: what records, actions and events are made of. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * One resolved event (card turned, dice rolled, figure moved, attack resolved, …): a flat JSON
 * object whose `e` field names its kind. Events are what records store and stories print.
 */
export interface GameEvent {
  /** The event kind, e.g. `card`, `move`, `attack`. */
  e: string;
  [field: string]: Json;
}

/** How a finished game ended. */
export interface Outcome {
  /** The winning side, or null for a draw. */
  winner: SideId | null;
  /** Why, in a few plain words ("booty landed: 15", "turn limit"). */
  reason: string;
}

/** Everything `apply` and `setup` may use besides the state. */
export interface StepContext {
  /** The stream every die roll and card draw comes from. */
  rng: Rng;
  /**
   * Receives each resolved event in order, when the caller wants them (records, stories);
   * absent in search rollouts, where building events would be wasted work.
   */
  emit?: (event: GameEvent) => void;
}

/**
 * A rule system. Methods are written as methods (not arrow properties) so that a
 * `Ruleset<PiratesState, PiratesAction>` can be held as an {@link AnyRuleset}.
 *
 * @typeParam S the state; owned by the ruleset, opaque to everyone else.
 * @typeParam A an action: plain JSON data (so records can store it verbatim).
 * @typeParam C the compiled scenario (validated, with precomputed geometry).
 */
export interface Ruleset<S, A extends Json = Json, C = unknown> {
  /** Stable identifier, also the folder name under src/rules/ and scenarios/ (e.g. `pirates`). */
  readonly id: string;
  /** Version of the rules implementation; part of every record header. Bump when results change. */
  readonly version: string;
  /** One line for `scenarios` and `--help`. */
  readonly title: string;

  /**
   * Validate a parsed scenario file and precompute what games on it need (navigation, distance
   * fields, decks). Throws a {@link ScenarioError} naming the JSON path of the first problem.
   * The result is immutable and may be shared by any number of states and threads' games.
   */
  compile(raw: unknown, source: string): C;

  /** The sides of a compiled scenario, in the scenario's order. */
  sides(scenario: C): SideId[];

  /**
   * A fresh game on `scenario`, with any opening chance (first cards, first dice) resolved from
   * `ctx.rng` and reported through `ctx.emit`. Postcondition: terminal, or `currentSide` is a side.
   */
  setup(scenario: C, ctx: StepContext): S;

  /** The side that must decide now; null exactly when the game is over. */
  currentSide(state: S): SideId | null;

  /**
   * The legal actions of the deciding side: finite, non-empty while the game is not over, in a
   * deterministic order. Each is one small decision (one band, one figure) — never the product of
   * several figures' choices. Precondition: not terminal.
   */
  legalActions(state: S): A[];

  /**
   * Apply one action of the deciding side, mutating `state`: resolve every die roll from
   * `ctx.rng`, report the events through `ctx.emit`, and advance through automatic steps (card
   * draws, end of turn) until a side must decide or the game ends. Precondition: `action` is
   * legal (in `legalActions`, or accepted by `checkAction`). Throws on an illegal action.
   */
  apply(state: S, action: A, ctx: StepContext): void;

  /** An independent copy: applying anything to either never changes the other. */
  clone(state: S): S;

  /** True when the game is over. */
  isTerminal(state: S): boolean;

  /** The result of a finished game; null while it goes on. */
  outcome(state: S): Outcome | null;

  /**
   * Heuristic value of `state` for `side`, in [0, 1] (1 = sure win, 0 = sure loss); on a terminal
   * state exactly 1, 0 or 0.5 (draw). Used by greedy look-ahead and to score cut-off rollouts.
   * `weights` (optional) replaces the default weights of a feature-based evaluation
   * (see {@link Ruleset.evaluation}); rulesets without one ignore it.
   */
  evaluate(state: S, side: SideId, weights?: readonly number[]): number;

  /** A short hash of everything that can influence the rest of the game (hex string). */
  hash(state: S): string;

  /** A stable string identity of an action within one decision (for trees, tests and records). */
  actionKey(action: A): string;

  /** The action in plain words for people ("Band 3 (4 cutlasses): move toward warehouse 1"). */
  describeAction(state: S, action: A): string;

  /** One line of story for an event of a game on `scenario`, or null when it is not worth telling. */
  describeEvent(scenario: C, event: GameEvent): string | null;

  /**
   * Optional: check an action that need not be in `legalActions` (e.g. a person's exact move
   * coordinates). Returns null when legal, else the reason in plain words.
   */
  checkAction?(state: S, action: A): string | null;

  /** Optional: numeric statistics of a game for reports (casualties, booty, …). */
  stats?(state: S): Record<string, number>;

  /**
   * Optional: a safety bound on the number of decisions a game may take. A game that exceeds it
   * is a defect (the conformance suite checks that games end well inside it).
   */
  decisionLimit?(scenario: C): number;

  /** Optional: a fresh invariant monitor for one game on `scenario`. */
  invariants?(scenario: C): InvariantMonitor<S>;

  /** Optional: the JSON Schema of this ruleset's scenario files (for editors and `schema`). */
  jsonSchema?(): Json;

  /** Optional: a compact text picture of the state (ASCII map), for `play` and debugging. */
  render?(state: S): string;

  /**
   * Optional: the current turn number (1-based), for agents that look ahead "to the end of the
   * turn" (MCTS `horizon=turn`).
   */
  turn?(state: S): number;

  /**
   * Optional: the state as structured-cloneable data (plain objects, numbers, strings, typed
   * arrays), so that another thread holding the same compiled scenario can rebuild it with
   * {@link importState}. Used by MCTS root parallelism.
   */
  exportState?(state: S): unknown;

  /** Optional: rebuild a state exported by {@link exportState} (same ruleset version and scenario). */
  importState?(scenario: C, data: unknown): S;

  /**
   * Optional: the feature model behind {@link evaluate}, so that `fit-eval` can fit its weights
   * to recorded games. `evaluate(state, side, weights)` must then be the logistic model
   * σ(weights · features(state)) for `side(scenario)` (one minus it for the other side).
   */
  evaluation?: {
    /** Feature names, in order. */
    readonly names: readonly string[];
    /** Weights used when none are given. */
    readonly defaultWeights: readonly number[];
    /** The side whose chance of winning the model predicts. */
    side(scenario: C): SideId;
    /** The feature vector of a state. */
    features(state: S): number[];
  };

  /**
   * Optional: the state as a ruleset-agnostic drawing (table, terrain, figures by side and band,
   * the acting band highlighted, cards and allowances as info lines) for `play`'s map and
   * `render`'s SVG and HTML (src/core/scene.ts). Read only.
   */
  scene?(state: S): Scene;

  /**
   * Optional: one figure in plain words for `play`'s `status <figure>` (where it stands, its
   * band, weapon, hits, markers, what it may still do this turn). `id` is as the person typed it
   * (ids and names, any case). Null when no figure has that id.
   */
  describeFigure?(state: S, id: string): string | null;

  /**
   * Optional: the action that moves the figure deciding now to exact table coordinates (inches),
   * for a person in `play`; the caller checks it with {@link checkAction} before applying it.
   * Null when the current decision takes no free movement (then null for every x, y).
   */
  exactMove?(state: S, x: number, y: number): A | null;
}

/**
 * Watches one game for broken rule invariants (a move beyond its allowance, a dead figure acting,
 * …). The game loop feeds it every event, and every state after a decision; property tests,
 * fuzz runs and `stress` report what it finds (it must find nothing).
 */
export interface InvariantMonitor<S = unknown> {
  /** Called with each event, in order, as it is emitted. */
  event(event: GameEvent): void;
  /** Called with the state after each applied decision (read only). */
  afterStep(state: S): void;
  /** Violations found so far, in words (empty when all is well). */
  readonly violations: string[];
}

/** A ruleset with its types erased, as the runner and agents hold it. */
export type AnyRuleset = Ruleset<unknown, Json, unknown>;

/** Error in a scenario file: carries the file and the JSON path of the problem. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly jsonPath: string,
    message: string,
  ) {
    super(`${source}: ${jsonPath === '' ? '' : `at ${jsonPath}: `}${message}`);
    this.name = 'ScenarioError';
  }
}
