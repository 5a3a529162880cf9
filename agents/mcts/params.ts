/**
 * The options of the `mcts` agent, each declared once: its kind, default, range and meaning (as
 * TAG's `MCTSParams` declares its tunable parameters). Everything else derives from this table:
 * the search settings' type and defaults ({@link SearchOptions}, {@link DEFAULT_SEARCH}), the
 * names the agent accepts ({@link MCTS_OPTIONS}), the parser (`searchOptions` in ./index.ts), the
 * one-line usage shown by `--help` ({@link mctsUsage}) and the options table of docs/agents.md
 * ({@link mctsOptionsMarkdown}; a test keeps the document equal to it).
 */

/** One declared option. */
export interface ParamSpec {
  /**
   * `int`: a whole number from `min` to `max`; `num`: any number from `min` to `max`;
   * `name`: a policy variant's name (a word of a-z, 0-9 and -); `file`: a path.
   */
  readonly kind: 'int' | 'num' | 'name' | 'file';
  /** The value when a spec (and the ruleset's `searchDefaults`) leaves the option out; null: none. */
  readonly default: number | null;
  readonly min?: number;
  readonly max?: number;
  /** A word accepted instead of a number (`horizon=turn`). */
  readonly word?: string;
  /** `search`: a field of {@link SearchOptions} (the tree search's settings); `agent`: the agent's own. */
  readonly scope: 'search' | 'agent';
  /** What it means, in one or two sentences (shown in docs/agents.md). */
  readonly help: string;
}

/** The `mcts` options, in the order they are listed. */
export const MCTS_PARAMS = {
  iterations: {
    kind: 'int',
    default: 300,
    min: 0,
    max: 1e9,
    scope: 'search',
    help: 'Iterations per tree (deterministic). A spec naming `calls` or `ms` and not `iterations` has no iteration budget (0).',
  },
  calls: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 1e9,
    scope: 'search',
    help: 'Forward-model calls per tree, in re-play and rollouts (deterministic); 0: no such budget.',
  },
  ms: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 3_600_000,
    scope: 'search',
    help: 'Wall-clock milliseconds per decision, shared by sequential trees; 0: none. The one budget that is not deterministic.',
  },
  c: {
    kind: 'num',
    default: 1,
    min: 0,
    max: 100,
    scope: 'search',
    help: 'UCB exploration constant, times the spread σ of the rewards seen so far in the search.',
  },
  bias: {
    kind: 'num',
    default: 3,
    min: 0,
    max: 100,
    scope: 'search',
    help: "Progressive-bias weight of the prior (the scripted policy's softmax), times σ, decaying as 1/(n+1).",
  },
  k: {
    kind: 'num',
    default: 2,
    min: 0.1,
    max: 1000,
    scope: 'search',
    help: 'Progressive widening: a table visited n times may have ⌈k·(n+1)^α⌉ children, added in prior order.',
  },
  alpha: { kind: 'num', default: 0.5, min: 0, max: 1, scope: 'search', help: 'Progressive widening exponent α (above).' },
  eps: {
    kind: 'num',
    default: 0.05,
    min: 0,
    max: 1,
    scope: 'search',
    help: "Rollouts: the probability of a random action instead of the scripted policy's best (always random without a policy).",
  },
  horizon: {
    kind: 'int',
    default: 12,
    min: 0,
    max: 100_000,
    word: 'turn',
    scope: 'search',
    help: 'Rollout length in decisions (0: evaluate the leaf at once), or `turn`: to the end of the current turn (a ruleset with turns).',
  },
  align: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 1,
    scope: 'search',
    help: "1: re-seed the iteration's random stream before every decision below the root and in rollouts (the d-th decision from the root draws from a stream of (the root visit, d)), so root actions that roll different numbers of dice are still compared on the same dice afterwards; 0: one stream for the whole iteration. A prototype (issue 42).",
  },
  paired: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 1,
    scope: 'search',
    help: "1: the root's actions are compared on the streams they share (the k-th visit of every root action uses the same dice): each one's mean, for UCB, is the most-visited action's mean plus the mean difference from it over its own visits' streams; 0: plain means. The choice and the guard are unchanged. A prototype (issue 42).",
  },
  halving: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 64,
    scope: 'search',
    help: 'm ≥ 2: sequential halving at the root over the m best-prior actions (all when fewer): the iteration budget split into ⌈log₂ m⌉ rounds, each giving every remaining action an equal share of visits, then keeping the better half by mean — so a larger budget buys each finalist more samples rather than more candidates; below the root UCB as usual. Only on contested decisions (those `focus` leaves the whole budget); one the script is sure of keeps UCB and the guard. 0: UCB with progressive widening at the root everywhere. Needs an iteration budget. A prototype (issue 42).',
  },
  keep: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 1,
    scope: 'search',
    help: "With `halving`: 1 keeps the script's choice (the best-prior action) among the survivors of every round but the last, so the guard weighs the winner against it on as many visits as the other finalists had; 0: it stays only on its mean. A prototype (issue 42).",
  },
  confidence: {
    kind: 'num',
    default: 1,
    min: 0,
    max: 100,
    scope: 'search',
    help: "Standard errors by which the most-visited action must beat the scripted policy's choice to be played instead (0: plain most-visited). Left out, a policy variant this side may follow can declare a stricter one.",
  },
  focus: {
    kind: 'num',
    default: 0.1,
    min: 0.01,
    max: 1,
    scope: 'search',
    help: 'Share of the budget spent on a decision the scripted policy is sure of: budget × max(focus, 2·(1 − top prior)); 1: the whole budget every time.',
  },
  workers: {
    kind: 'int',
    default: 1,
    min: 1,
    max: 64,
    scope: 'agent',
    help: 'Root parallelism: that many independent trees whose root visits are merged, on worker threads when the agent may start them, else one after the other (the same choice with a deterministic budget).',
  },
  eval: { kind: 'file', default: null, scope: 'agent', help: "A weights file written by `fit-eval` for the ruleset's feature evaluation." },
  variant: {
    kind: 'name',
    default: null,
    scope: 'agent',
    help: "The ruleset's policy variant of that name as this side's script in the search (root prior, rollouts, the guard's favourite).",
  },
  portfolio: {
    kind: 'int',
    default: 0,
    min: 0,
    max: 1000,
    scope: 'agent',
    help: 'Rounds of whole-game playouts per decision with which the agent chooses between the main script and its variants (agents/mcts/portfolio.ts); 0: off. Not with `variant`.',
  },
  rival: {
    kind: 'name',
    default: null,
    scope: 'agent',
    help: "The ruleset's policy variant of that name as the other sides' script below the root and in rollouts (the opponent the search assumes).",
  },
} as const satisfies Record<string, ParamSpec>;

/** An option's name. */
export type MctsOptionName = keyof typeof MCTS_PARAMS;

/** The names of the options that are search settings. */
type SearchParamName = { [K in MctsOptionName]: (typeof MCTS_PARAMS)[K]['scope'] extends 'search' ? K : never }[MctsOptionName];

/**
 * The settings of one tree search: every `search` option of {@link MCTS_PARAMS} as a number, and
 * two that options decide indirectly: `horizonTurn` (`horizon=turn`; `horizon` is then 10,000) and
 * `weights` (read from the `eval` file; undefined: the ruleset's default weights).
 */
export type SearchOptions = { [K in SearchParamName]: number } & {
  /** Stop rollouts at the end of the current turn as well (needs `ruleset.turn`). */
  horizonTurn: boolean;
  /** Weights for the ruleset's feature evaluation (undefined: its defaults). */
  weights?: readonly number[];
};

/** The option names `mcts` accepts. */
export const MCTS_OPTIONS = Object.keys(MCTS_PARAMS) as readonly MctsOptionName[];

/** The search settings when nothing is given: the declared defaults. */
export const DEFAULT_SEARCH: SearchOptions = Object.freeze(
  Object.fromEntries(
    Object.entries(MCTS_PARAMS as Record<string, ParamSpec>)
      .filter(([, p]) => p.scope === 'search')
      .flatMap(([k, p]): [string, unknown][] =>
        k === 'horizon'
          ? [
              [k, p.default],
              ['horizonTurn', false],
            ]
          : [[k, p.default]],
      ),
  ) as SearchOptions,
);

/** An option's value as a spec writes it, for usage lines: `name=default`, or a placeholder. */
function usageOf(name: string, p: ParamSpec): string {
  if (p.kind === 'file') return `${name}=FILE`;
  if (p.kind === 'name') return `${name}=NAME`;
  return `${name}=${String(p.default)}${p.word ? `|${p.word}` : ''}`;
}

/** The options in one line, with their defaults (`iterations=300, calls=0, …`), for `--help`. */
export function mctsUsage(): string {
  return Object.entries(MCTS_PARAMS as Record<string, ParamSpec>)
    .map(([k, p]) => usageOf(k, p))
    .join(', ');
}

/** The options as a Markdown table (name, default, range, meaning), as docs/agents.md lists them. */
export function mctsOptionsMarkdown(): string {
  const rows = Object.entries(MCTS_PARAMS as Record<string, ParamSpec>).map(([k, p]) => {
    const dflt = p.default === null ? '—' : String(p.default);
    const range =
      p.kind === 'int' || p.kind === 'num'
        ? `${p.kind === 'int' ? 'whole number' : 'number'} ${fmt(p.min)}–${fmt(p.max)}${p.word ? ` or \`${p.word}\`` : ''}`
        : p.kind === 'file'
          ? 'a path'
          : 'a variant name';
    return `| \`${k}\` | ${dflt} | ${range} | ${p.help} |`;
  });
  return ['| option | default | accepts | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

function fmt(x: number | undefined): string {
  if (x === undefined) return '';
  return x >= 1e9 ? x.toExponential().replace('e+', 'e') : x.toLocaleString('en-GB');
}
