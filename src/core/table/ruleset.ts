/**
 * A ruleset on a measured table declared from its room's pieces: {@link defineTableRuleset} takes
 * what only the room knows — its state declaration, whether the game is over and whose decision it
 * is, its evaluation, its scenario schema, how its figures and counters are counted — and makes
 * the registration every table room would otherwise write again in its index.ts: the traits every
 * table game shares, `sides`/`currentSide`/`isTerminal`/`outcome`/`evaluate` ({@link sideWiring}),
 * `clone`/`cloneInto`/`hash`/`turn`/`threads` ({@link stateWiring}), the listed-action check,
 * `stats` and the JSON Schema. What it makes is checked by the core's `defineRuleset` like any
 * other ruleset.
 */
import type { z } from 'zod';
import type { SideId } from '../basics.js';
import { defineRuleset, type GameEvent, type Ruleset, type RulesetTraits } from '../model.js';
import type { Json } from '../basics.js';
import { sideWiring, type SidedScenario, type SidedState, type SideWiringSpec } from './sides.js';
import { stateWiring, type StateKit } from './state.js';
import { scenarioJsonSchema } from './schema.js';
import { counterStats, listedCheck, sideStatusCounts } from './wiring.js';

/** The room's evaluation: its value by side index (and batched), and the feature model behind it when it has one. */
export interface TableEvaluation<C, S> extends Pick<SideWiringSpec<S>, 'evaluateFor' | 'evaluateSides'> {
  /** The feature model (see the core's `Ruleset.evaluation`); absent for a room without one. */
  readonly model?: NonNullable<Ruleset<S, Json, C>['evaluation']>;
}

/** How a room's statistics are counted (the order of the keys is the order written here). */
export interface TableStats<C, S> {
  /** The game's own figures first (turns, decisions, loads landed …). */
  base(s: S): Record<string, number>;
  /**
   * Per side, the figures whose status is in each group: `"<side id>.<name>"` (as
   * {@link sideStatusCounts}).
   */
  readonly status?: Readonly<Record<string, number | readonly number[]>>;
  /** Per side, after its status counts: the room's own counts of side index `i` by name (written as `"<side id>.<name>"`). */
  side?(s: S, i: number): Record<string, number>;
  /** The names of the rule-path counters kept in the state's `counters` field, copied last. */
  readonly counters?: readonly string[];
  /** Type carrier; never set. */
  readonly _sc?: C;
}

/** What a state of a table room has that the wiring reads. */
export interface TableState<C> extends SidedState<C & SidedScenario> {
  readonly sc: C &
    SidedScenario & { readonly hash: string; readonly sides: readonly { readonly id: SideId; readonly figures: readonly number[] }[] };
  turn: number;
  /** Figure status codes by figure index (the kit's, status.ts), when the room keeps them. */
  readonly status?: ArrayLike<number>;
  /** Rule-path counters, when the room keeps them. */
  readonly counters?: ArrayLike<number>;
}

/** The parts of a ruleset that {@link defineTableRuleset} makes, left out of a room's declaration. */
type Made = 'traits' | 'sides' | 'currentSide' | 'isTerminal' | 'outcome' | 'evaluate' | 'evaluateSides' | 'evaluation';
type MadeToo = 'clone' | 'cloneInto' | 'hash' | 'turn' | 'threads' | 'checkAction' | 'stats' | 'jsonSchema';

/** A table room's declaration: the core's ruleset fields it writes itself, and its pieces. */
export interface TableRulesetSpec<
  S extends TableState<C>,
  A extends Json,
  C extends SidedScenario & { readonly hash: string },
  E extends GameEvent,
> extends Omit<Ruleset<S, A, C, E>, Made | MadeToo> {
  /**
   * The traits that differ between table games: the unit of its lengths and how sides take
   * turns. Every table game has two sides, dice sampled in apply, perfect information, sequential
   * decisions and a win, loss or draw.
   */
  readonly table: Pick<RulesetTraits, 'units' | 'activation'>;
  /** The state declaration (clone, cloneInto, hash, turn, threads come from it). */
  readonly state: StateKit<C, S>;
  /** True when the game is over. */
  over(s: S): boolean;
  /** The side index whose decision it is (asked only while the game is not over). */
  deciding(s: S): number;
  /** The room's evaluation. */
  readonly evaluation: TableEvaluation<C, S>;
  /** The zod schema of the room's scenario files (its JSON Schema is made from it). */
  readonly schema: z.ZodType;
  /**
   * The check of an action not taken from the legal list: null when legal, the reason in words
   * when not, or `undefined` for an action that must be one of `legalActions` (checked by its key).
   * Absent: every action must be listed.
   */
  checkFree?(s: S, a: A): string | null | undefined;
  /** The words of a listed check's refusal (default "not one of the legal actions now"). */
  readonly notListed?: string;
  /** How the room's statistics are counted. */
  readonly stats: TableStats<C, S>;
}

/**
 * The ruleset of a table room, from its declaration (see the module note): the core's
 * `defineRuleset` of the room's own fields plus the ones made from its pieces.
 */
export function defineTableRuleset<
  S extends TableState<C>,
  A extends Json,
  C extends SidedScenario & { readonly hash: string },
  E extends GameEvent = GameEvent,
>(spec: TableRulesetSpec<S, A, C, E>): Ruleset<S, A, C, E> {
  const { table, state, over, deciding, evaluation, schema, checkFree, notListed, stats, ...own } = spec;
  const listed = listedCheck(spec.legalActions, spec.actionKey, notListed);
  const count = stats;
  return defineRuleset<S, A, C, E>({
    ...own,
    traits: {
      sides: { min: 2, max: 2 },
      chance: 'sampled',
      information: 'perfect',
      dynamics: 'sequential',
      utility: 'win-loss-draw',
      units: table.units,
      activation: table.activation,
    },
    ...sideWiring<C, S>({ over, deciding, evaluateFor: evaluation.evaluateFor, evaluateSides: evaluation.evaluateSides }),
    ...stateWiring(state),
    ...(evaluation.model ? { evaluation: evaluation.model } : {}),
    checkAction: checkFree
      ? (s, a) => {
          const why = checkFree(s, a);
          return why === undefined ? listed(s, a) : why;
        }
      : listed,
    stats(s) {
      const out = count.base(s);
      const sides = s.sc.sides;
      for (let i = 0; i < sides.length; i++) {
        if (count.status && s.status) sideStatusCounts(out, [sides[i]], s.status, count.status);
        if (count.side) for (const [name, n] of Object.entries(count.side(s, i))) out[`${sides[i].id}.${name}`] = n;
      }
      return count.counters && s.counters ? counterStats(out, count.counters, s.counters) : out;
    },
    jsonSchema: scenarioJsonSchema(schema),
  });
}

/** A logistic evaluation's model (see {@link logisticEvaluation}). */
export interface LogisticModel<C, S> {
  /** Feature names, in order. */
  readonly names: readonly string[];
  /** Weights used when none are given (one per name). */
  readonly defaultWeights: readonly number[];
  /** The side index whose chance of winning the model gives (the other side's is one minus it). */
  sideIndex(sc: C): number;
  /** Write every feature of `s` into `out[0 … names.length−1]` (assigning each) and return `out`. */
  featuresInto(s: S, out: number[]): number[];
  /** True when the game is over: the value is then exact, by the state's `winner`. */
  over(s: S): boolean;
}

/** A table room's logistic evaluation: {@link TableEvaluation} plus the modelled side's value. */
export interface LogisticEvaluation<C, S> extends TableEvaluation<C, S> {
  /**
   * The modelled side's chance of winning in [0, 1]: σ(Σ weights[i] · features[i]) (a missing
   * weight counts 0), or exactly 1, 0 or ½ (won, lost, drawn) once the game is over.
   */
  value(s: S, weights?: readonly number[]): number;
}

/**
 * The evaluation every table room with a fitted feature model writes the same way: the logistic
 * value of the modelled side (one minus it for the other), the batched values by side index, and
 * the model `fit-eval` fits. The features are worked out into one scratch array per evaluation
 * (allocation-free; one thread's searches at a time), and into a fresh array for the model's
 * `features`.
 */
export function logisticEvaluation<C extends SidedScenario, S extends { readonly sc: C; readonly winner: number }>(
  m: LogisticModel<C, S>,
): LogisticEvaluation<C, S> {
  const { names, defaultWeights, sideIndex, featuresInto, over } = m;
  const scratch: number[] = new Array<number>(names.length).fill(0);
  const value = (s: S, weights: readonly number[] = defaultWeights): number => {
    if (over(s)) return s.winner === sideIndex(s.sc) ? 1 : s.winner < 0 ? 0.5 : 0;
    const f = featuresInto(s, scratch);
    let z = 0;
    for (let i = 0; i < f.length; i++) z += f[i] * (weights[i] ?? 0);
    return 1 / (1 + Math.exp(-z));
  };
  return {
    value,
    evaluateFor: (s, side, weights) => {
      const v = value(s, weights);
      return side === sideIndex(s.sc) ? v : 1 - v;
    },
    evaluateSides: (s, sides, n, weights, out) => {
      const v = value(s, weights);
      const own = sideIndex(s.sc);
      for (let i = 0; i < n; i++) out[i] = sides[i] === own ? v : 1 - v;
    },
    model: {
      names,
      defaultWeights,
      side: (sc) => sc.sides[sideIndex(sc)].id,
      features: (s) => featuresInto(s, new Array<number>(names.length)),
    },
  };
}
