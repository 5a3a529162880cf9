/**
 * The forward-model contract (docs/ARCHITECTURE.md, "The forward model"): the only thing agents, the game loop, the
 * records, the runner and the CLI know about a rule system. One conformance suite
 * (test/conformance.test.ts) checks every ruleset against it.
 *
 * A ruleset is a set of pure functions over its own state type `S` and action type `A`:
 *   setup → (currentSide, legalActions, apply)* → isTerminal/outcome.
 * Chance (dice, card draws) is resolved inside `setup` and `apply` from the {@link Rng} the caller
 * passes, so the same state, action and stream always give the same next state.
 */
import type { Rng } from './rng.js';
import type { ActionTargets, FigureReach, GlossaryTerm, Scene, SceneMark, SightEnd, SightLine } from './scene.js';
import { checkParameters, withoutParameters, withParametersSchema } from './parameters.js';
import type { Json, SideId } from './basics.js';
import type { LevelName } from './levels.js';
import type { ZodType } from 'zod';

export { ScenarioError, type Json, type SideId } from './basics.js';

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
export interface StepContext<E extends GameEvent = GameEvent> {
  /** The stream every die roll and card draw comes from. */
  rng: Rng;
  /**
   * Receives each resolved event in order, when the caller wants them (records, stories);
   * absent in search rollouts, where building events would be wasted work.
   */
  emit?: (event: E) => void;
}

/**
 * A rule system, declared with {@link defineRuleset} in `src/rules/<id>/index.ts` and registered
 * with one line in src/rules/registered.ts. Required members are the forward model; optional
 * capabilities come in groups (`policy`, `evaluation`, `threads`, `view`) that a ruleset provides
 * whole or not at all. Methods are written as methods (not arrow properties) so that a
 * `Ruleset<PiratesState, PiratesAction>` can be held as an {@link AnyRuleset}.
 *
 * @typeParam S the state; owned by the ruleset, opaque to everyone else.
 * @typeParam A an action: plain JSON data (so records can store it verbatim).
 * @typeParam C the compiled scenario (validated, with precomputed geometry).
 */
export interface Ruleset<S, A extends Json = Json, C = unknown, E extends GameEvent = GameEvent> {
  /** Stable identifier, also the folder name under src/rules/ and scenarios/ (e.g. `pirates`). */
  readonly id: string;
  /** Version of the rules implementation; part of every record header. Bump when results change. */
  readonly version: string;
  /** One line for `scenarios` and `--help`. */
  readonly title: string;
  /** What kind of game this is, declared once (see {@link RulesetTraits}). */
  readonly traits: RulesetTraits;
  /**
   * The ids of the built-in scenarios, each a file `scenarios/<ruleset id>/<scenario id>.json`
   * whose `ruleset` field is this id. The conformance suite plays every one of them; a built-in
   * scenario file not listed here (or listed but missing) fails the suite.
   */
  readonly scenarios: readonly string[];

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
  setup(scenario: C, ctx: StepContext<E>): S;

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
  apply(state: S, action: A, ctx: StepContext<E>): void;

  /**
   * Optional: {@link apply} for an action that is an element of the list `legalActions(state)`
   * returned for this very state, unchanged since — the same result (events, dice, state), without
   * the checks by which `apply` refuses an illegal action (working some of them out again costs as
   * much as listing the action did). The game loop calls it for an agent's pick from the list it
   * was given, a search for the actions it has just been offered; everything else calls `apply`.
   */
  applyLegal?(state: S, action: A, ctx: StepContext<E>): void;

  /** An independent copy: applying anything to either never changes the other. */
  clone(state: S): S;

  /**
   * Optional: make `into` — a state of the same game that no one needs any more (a search's
   * scratch state) — a copy of `from`, the same as `clone(from)`, reusing `into`'s storage, and
   * return it (or a fresh clone when it cannot reuse it). A search copies its root once an
   * iteration; this spares it the allocation.
   */
  cloneInto?(into: S, from: S): S;

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

  /**
   * Optional: the values {@link evaluate} gives the first `n` of `sides`, written to `out[0 … n−1]`
   * — the same numbers, worked out once for all of them (a search scores every leaf for each side
   * that decided on the way to it).
   */
  evaluateSides?(state: S, sides: readonly SideId[], n: number, weights: readonly number[] | undefined, out: number[]): void;

  /** A short hash of everything that can influence the rest of the game (hex string). */
  hash(state: S): string;

  /** A stable string identity of an action within one decision (for trees, tests and records). */
  actionKey(action: A): string;

  /** The action in plain words for people ("Band 3 (4 cutlasses): move toward warehouse 1"). */
  describeAction(state: S, action: A): string;

  /** One line of story for an event of a game on `scenario`, or null when it is not worth telling. */
  describeEvent(scenario: C, event: E): string | null;

  /**
   * Optional: the ruleset's events as a schema (a zod discriminated union on `e`, one member per
   * event kind, every field with its meaning and unit): what `E` is, checked where events cross
   * the record boundary (the conformance suite parses every event of its games with it) and
   * documented field by field in docs/RECORDS.md.
   */
  readonly events?: ZodType<E>;

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
  invariants?(scenario: C): InvariantMonitor<S, E>;

  /** Optional: the JSON Schema of this ruleset's scenario files (for editors and `schema`). */
  jsonSchema?(): Json;

  /**
   * Optional: where the scenario workshop (`serve --scenarios`) finds the geometry it edits in this
   * ruleset's scenario files, and the blank table a new one starts from — the room's
   * `workshop.json`, of the form src/core/workshop-layout.ts `WorkshopLayout` (checked when served).
   */
  readonly workshop?: unknown;

  /**
   * Optional: the current turn number (1-based), for agents that look ahead "to the end of the
   * turn" (MCTS `horizon=turn`).
   */
  turn?(state: S): number;

  /**
   * Optional: the `mcts` options this ruleset's games are searched with when an agent spec leaves
   * them out (option name → value as written in a spec, e.g. `{ iterations: '200', eps: '1' }`),
   * chosen by measurement so that plain `mcts` decides in about a second or less on the reference
   * 2-core machine and plays as well as the ruleset's search can at that cost. Options given in the
   * spec win; a spec that names any budget (`iterations`, `calls`, `ms`) replaces the default
   * budget whole. The conformance suite checks that `mcts` accepts every entry. Absent: the
   * search's own defaults (agents/mcts/search.ts).
   */
  readonly searchDefaults?: Readonly<Record<string, string>>;

  /**
   * Optional: the agent spec of each difficulty level a person may choose (`easy`, `normal`,
   * `hard`, `expert`; src/core/levels.ts), chosen by measurement for this ruleset: each level a
   * step above the one below, every budget deterministic (iterations, not milliseconds), and
   * `expert` the strongest search that still decides within 1 s p99 on the reference 2-core
   * machine (bench/decision-time.ts). Levels left out take the kit's (`KIT_LEVELS`). The
   * conformance suite checks that every level's spec makes an agent.
   */
  readonly levels?: Readonly<Partial<Record<LevelName, string>>>;

  /**
   * Optional: the ruleset's scripted policy — how its own rules text would have a sensible player
   * choose — as a score per legal action. The `heuristic` agent plays the best score (the first on
   * ties); MCTS uses the scores as its prior and in its rollouts (agents/). Like boardgame.io's
   * `ai` on the game object, it lives with the rules it knows, in src/rules/<id>/policy.ts.
   */
  policy?: {
    /**
     * One finite score per element of `legal` (same order; higher is better). `legal` is
     * `legalActions(state)` or a subset of it; `state` is read only. Deterministic: no dice, no
     * clock, no memory between calls.
     */
    scores(state: S, legal: readonly A[]): number[];
    /**
     * Optional: cheaper scores of the same kind, for search (MCTS uses them for its rollouts and
     * for the priors of every node but the root, where it keeps {@link scores}). Same contract as
     * `scores`. Without it, search uses `scores` everywhere.
     */
    rollout?(state: S, legal: readonly A[]): number[];
    /**
     * Optional: other settings of the same script — a portfolio a search may choose among by
     * simulation (`mcts:portfolio=…`, agents/mcts/portfolio.ts: it plays each one out to the end of
     * the game against the main script and follows the one that wins most for its side). Names are
     * unique words of `[a-z0-9-]`, none of them `script` (the main scores' name).
     */
    variants?: readonly PolicyVariant<S, A, C>[];
  };

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
   * Optional: moving states between threads, for MCTS root parallelism (agents/mcts). A worker
   * thread compiles the same scenario file itself and rebuilds the state there.
   */
  threads?: {
    /**
     * The state as structured-cloneable data (plain objects, numbers, strings, typed arrays),
     * from which {@link importState} rebuilds an equal state (same hash, same future) on another
     * thread holding the same compiled scenario.
     */
    exportState(state: S): unknown;
    /** Rebuild a state exported by {@link exportState} (same ruleset version and scenario). */
    importState(scenario: C, data: unknown): S;
  };

  /**
   * Optional: what `play` and `render` show of a state (src/play/, src/render/). Everything here is
   * read only and never changes the game.
   */
  view?: {
    /**
     * The state as a ruleset-agnostic drawing (table, terrain, figures by side and band, the
     * acting band highlighted, cards and allowances as info lines) for `play`'s map and `render`'s
     * SVG and HTML (src/core/scene.ts). Coordinates in the table's own unit.
     */
    scene(state: S): Scene;
    /**
     * Optional: one figure in plain words for `play`'s `status <figure>` (where it stands, its
     * band, weapon, hits, markers, what it may still do this turn). `id` is as the person typed it
     * (ids and names, any case). Null when no figure has that id.
     */
    describeFigure?(state: S, id: string): string | null;
    /**
     * Optional: the action that moves the figure deciding now to exact table coordinates (in
     * {@link RulesetTraits.units}), for a person in `play`; the caller checks it with
     * {@link Ruleset.checkAction} before applying it (so a ruleset with `exactMove` must have
     * `checkAction`). Null when the current decision takes no free movement (then null for every
     * x, y).
     */
    exactMove?(state: S, x: number, y: number): A | null;
    /**
     * Optional: true when the decision now is one figure's share of an order its band has already
     * been given this activation (Pirates!: each figure's action after the band was chosen and its
     * group move given). A person playing with band orders (`serve`, `play`) leaves such decisions
     * to the ruleset's {@link Ruleset.policy}, so one decision moves the band; in per-figure mode
     * they decide them. False (or absent) for decisions that stand alone.
     */
    delegable?(state: S): boolean;
    /**
     * Optional: what the decision now is to a person giving band orders (`serve`'s band-orders
     * mode, src/serve/host.ts), beyond {@link delegable}: `choose` when it only chooses which band
     * or unit acts next (Pirates!: which band answers the card) — band orders leave that to the
     * ruleset's {@link Ruleset.policy}, and the person gives the band it chose its order; `order`
     * when it is an order of band or unit `band` (an id stable for the game). An order the person
     * gives a band stands: later decisions of the same band take the same action (by
     * {@link orderKey}; of the band's last few orders under the same `lapse`, the latest that is
     * legal, so "fire, then load" is a drill) while the policy would give it too and `lapse` is
     * unchanged — a word that changes
     * when the band's orders should lapse (a new action phase, the band meeting the enemy), so the
     * person is asked again. Null for a decision band orders leave to the person as it is.
     */
    bandOrder?(state: S): BandOrderAt | null;
    /**
     * Optional: the order a band's action gives, as {@link bandOrder} compares them: actions with
     * the same order key are the same order (Pirates!: charging an enemy and then fighting it are one
     * order, to attack it). Absent: the action's {@link Ruleset.actionKey}.
     */
    orderKey?(state: S, action: A): string;
    /**
     * Optional: what one legal action concerns on the table, so a person can pick it by clicking
     * there: the figures it names (the band chosen, the enemy attacked) and the point it heads for
     * (a move's end, in {@link RulesetTraits.units} as the scene draws it), either possibly empty.
     * Null when the action concerns nothing on the table (pass). Read only.
     */
    targets?(state: S, action: A): ActionTargets | null;
    /**
     * Optional: how far figure `id` reaches now, for a person who selects it: rings round it
     * (movement, charge, weapon range — radii in table units) and the enemy figures it can see
     * within its range. Null when no figure has that id or it is off the table.
     */
    reach?(state: S, id: string): FigureReach | null;
    /**
     * Optional: the straight line between two ends (figures by id, or table points) as the
     * ruleset's rules see it now — its length, whether anything blocks sight along it and what, and
     * the cover the `to` figure has from `from` (see {@link SightLine}) — for a person measuring and
     * checking line of sight on the table (`serve`). Null when an end names no figure on the table.
     * Read only; the same answer for the same state.
     */
    sight?(state: S, from: SightEnd, to: SightEnd): SightLine | null;
    /**
     * Optional: what the ruleset's own words mean to a player — every term its actions, badges,
     * info lines and dice lines use that a newcomer would not know (see {@link GlossaryTerm}).
     * Constant for the ruleset (not per state); `serve` shows a term's words on hover. The
     * scene's `badges` explain badges already and need not be repeated here.
     */
    glossary?: readonly GlossaryTerm[];
    /**
     * Optional: what event `event` of a game on `scenario` shows on the table — the ways figures
     * went and the attacks made (see {@link SceneMark}), in the order they happened — so that `serve`
     * can draw the other side's turn as it is played. Empty for an event that moves nobody and
     * attacks nobody. Pure: from the event alone.
     */
    marks?(scenario: C, event: E): SceneMark[];
  };
}

/** See `Ruleset.view.bandOrder`: a decision that only chooses which band acts, or one band's order. */
export type BandOrderAt = { kind: 'choose' } | { kind: 'order'; band: string; lapse: string };

/**
 * What kind of game a ruleset is, declared once (after OpenSpiel's `GameType`): what the game
 * loop, agents, tests and people may assume without looking inside. {@link defineRuleset} checks
 * the declaration; the conformance suite checks that games behave as declared.
 */
export interface RulesetTraits {
  /**
   * How many sides a scenario of this ruleset may have (inclusive). `compile` refuses others;
   * `sides(scenario).length` always lies in this range.
   */
  readonly sides: { readonly min: number; readonly max: number };
  /**
   * Where chance enters. `none`: no dice or draws — the same actions always give the same game,
   * whatever the stream. `sampled`: dice and card draws are resolved inside `setup` and `apply`
   * from `ctx.rng` (one outcome sampled per call; the outcomes are not offered as choices of a
   * chance player), so different game seeds give different games.
   */
  readonly chance: 'none' | 'sampled';
  /**
   * What each side may know. `perfect`: the state holds nothing one side may not see (future
   * dice and card orders are not in the state at all). `imperfect`: the state holds hidden
   * information (a hand of cards), which agents must not read for the other side.
   */
  readonly information: 'perfect' | 'imperfect';
  /** Decisions are `sequential`: exactly one side decides at a time (`currentSide`). */
  readonly dynamics: 'sequential';
  /**
   * How a game ends: `win-loss-draw` — one side wins (all others lose) or it is a draw; this is
   * what {@link Outcome} can say and what `evaluate` returns on a terminal state (1, 0, 0.5).
   */
  readonly utility: 'win-loss-draw';
  /**
   * The unit of table positions and distances in states, actions, events and scenes: `in`
   * (inches) or `cm` (centimetres) — measured tables — or `none` for a game without a table
   * (abstract games, test fixtures).
   */
  readonly units: 'in' | 'cm' | 'none';
  /**
   * Who acts when: `cards` (cards turned from a deck decide which side activates next),
   * `side-turns` (each side acts with its figures in its own turn, possibly with interrupts),
   * `alternate` (the sides alternate figure by figure).
   */
  readonly activation: 'cards' | 'side-turns' | 'alternate';
}

/**
 * The form of a ruleset id: the folder under src/rules/ and scenarios/ (lower-case letters, digits
 * and dashes, starting with a letter). {@link defineRuleset} checks it, and the loaders that find a
 * ruleset by id (src/rules/load.ts, load-static.ts) refuse any other string before looking.
 */
export const RULESET_ID = /^[a-z][a-z0-9-]*$/;

/**
 * For a ruleset's {@link Ruleset.evaluateSides}: the index in `order` (the scenario's sides, in its
 * order) of each of the first `n` of `sides`, written to `out[0 … n−1]` (−1 for an id not there);
 * returns `out`. Allocates nothing, so a search may call it at every leaf.
 */
export function sideIndicesInto(order: readonly { readonly id: SideId }[], sides: readonly SideId[], n: number, out: number[]): number[] {
  for (let k = 0; k < n; k++) {
    let i = -1;
    for (let j = 0; j < order.length; j++) {
      if (order[j].id === sides[k]) {
        i = j;
        break;
      }
    }
    out[k] = i;
  }
  return out;
}

/**
 * Declare a rule system: checks the declaration and returns it, frozen. Each ruleset's
 * `src/rules/<id>/index.ts` exports the result as `ruleset`; the registry (src/rules/registered.ts)
 * lists it with one line, and the rest of the program finds it by id. Throws (at import time: a
 * defect, not bad input) when the declaration is inconsistent: an id that cannot be a folder name,
 * no built-in scenario, a side range that is empty, `exactMove` without `checkAction`, or an
 * `evaluation` whose default weights do not match its feature names.
 */
export function defineRuleset<S, A extends Json, C, E extends GameEvent = GameEvent>(def: Ruleset<S, A, C, E>): Ruleset<S, A, C, E> {
  const bad = (why: string): never => {
    throw new Error(`ruleset "${def.id}": ${why}`);
  };
  if (!RULESET_ID.test(def.id)) bad('the id must be lower case letters, digits and dashes (it names the folder src/rules/<id>/)');
  if (def.version === '') bad('no version');
  const { min, max } = def.traits.sides;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min)
    bad(`traits.sides ${min}…${max} is not a range of side counts`);
  if (def.scenarios.length === 0 || def.scenarios.some((id) => !RULESET_ID.test(id)))
    bad('scenarios must list its built-in scenario ids (scenarios/<ruleset>/<id>.json)');
  if (def.view?.exactMove && !def.checkAction) bad('view.exactMove needs checkAction (play checks exact moves with it)');
  if (def.evaluation && def.evaluation.defaultWeights.length !== def.evaluation.names.length)
    bad('evaluation.defaultWeights must hold one weight per feature name');
  // Every ruleset gets the scenario file's tunable `parameters` (src/core/scenario.ts): checked
  // and removed before its own compile sees the file, and documented in its JSON Schema.
  const compile = def.compile.bind(def);
  const jsonSchema = def.jsonSchema?.bind(def);
  return Object.freeze({
    ...def,
    compile: (raw: unknown, source: string): C => {
      // The ruleset's own checks first (a field the file lacks is reported as that, not as a
      // parameter that points at nothing), then the parameters' declarations.
      const compiled = compile(withoutParameters(raw), source);
      checkParameters(raw, source);
      return compiled;
    },
    ...(jsonSchema ? { jsonSchema: (): Json => withParametersSchema(jsonSchema()) } : {}),
  });
}

/**
 * Watches one game for broken rule invariants (a move beyond its allowance, a dead figure acting,
 * …). The game loop feeds it every event, and every state after a decision; property tests,
 * fuzz runs and `stress` report what it finds (it must find nothing).
 */
export interface InvariantMonitor<S = unknown, E extends GameEvent = GameEvent> {
  /** Called with each event, in order, as it is emitted. */
  event(event: E): void;
  /** Called with the state after each applied decision (read only). */
  afterStep(state: S): void;
  /** Violations found so far, in words (empty when all is well). */
  readonly violations: string[];
}

/** A ruleset with its types erased, as the runner and agents hold it. */

/**
 * One alternative setting of a ruleset's scripted policy ({@link Ruleset.policy}`.variants`): a
 * complete policy of the same contract as `policy.scores` (one finite score per legal action,
 * deterministic, `state` read only), which decides differently from the main script only for the
 * sides {@link PolicyVariant.sides} names and exactly as it does for every other side.
 */
export interface PolicyVariant<S, A extends Json = Json, C = unknown> {
  /** Unique among the ruleset's variants; a word of `[a-z0-9-]`, not `script`. */
  readonly name: string;
  /** What it changes, in one line (for `--help`, reports and explanations). */
  readonly summary: string;
  /** The sides of a scenario for which this variant decides differently from the main script. */
  sides(scenario: C): readonly SideId[];
  /** Scores, as {@link Ruleset.policy}`.scores`. */
  scores(state: S, legal: readonly A[]): number[];
  /**
   * Optional: the keep-the-script guard, in standard errors (`mcts`'s `confidence`), for a searching
   * side that has this variant in its portfolio or follows it — unless the agent's spec sets
   * `confidence` itself. A script much stronger than the main one loses more to the tree's noisy
   * departures from it, so the ruleset that measured it may ask for a stricter guard. Finite, ≥ 0.
   */
  readonly confidence?: number;
}

export type AnyRuleset = Ruleset<unknown, Json, unknown>;
