/**
 * `mcts`: open-loop Monte Carlo tree search through the forward model (agents/mcts/search.ts).
 * Works unchanged on every ruleset; uses the ruleset's scripted policy (`ruleset.policy`) for
 * priors and rollouts when there is one, and its `threads` capability for root parallelism.
 *
 * Options (`mcts:iterations=2000,workers=2`) are declared once, with their defaults, ranges and
 * meanings, in ./params.ts (`MCTS_PARAMS`; docs/agents.md lists them). Options left out of a spec
 * take the ruleset's `searchDefaults` when it declares them (src/core/model.ts), else the declared
 * defaults. Budgets: a spec naming `calls` or `ms` and not `iterations` has no iteration budget.
 * `workers` trees run on worker threads when the agent may start them (AgentContext.maxThreads > 1),
 * otherwise one after the other on this thread — with an iteration or call budget the choice is the
 * same either way. `variant` and `portfolio` exclude each other; `rival` has no effect on a side's
 * own decisions, nor when the variant plays only this side.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AgentFactory, Explanation } from '../../src/core/agent.js';
import { prepareWorker } from '../../src/core/threads.js';
import type { AnyRuleset, Json } from '../../src/core/model.js';
import { AgentSpecError, checkOptions, checkVariantName, intOption, numOption, canonicalSpec } from '../options.js';
import { DEFAULT_SEARCH, MCTS_OPTIONS, MCTS_PARAMS, type ParamSpec, type SearchOptions } from './params.js';
import { againstRivals, findVariant, sideScripts, type SideScripts } from '../heuristic/index.js';
import { Portfolio, type PortfolioChoice } from './portfolio.js';
import { chooseRoot, mergeRoots, search, type SearchResult } from './search.js';
import type { TreeTask } from './worker.js';

export { MCTS_OPTIONS } from './params.js';

/** A weights file for a ruleset's feature evaluation (written by `fit-eval`). */
export interface WeightsFile {
  ruleset: string;
  names: string[];
  weights: number[];
}

/** Read and check a weights file for `ruleset`. */
export function loadWeights(path: string, ruleset: AnyRuleset): number[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new AgentSpecError(`cannot read weights file ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const w = data as Partial<WeightsFile>;
  if (w.ruleset !== ruleset.id) throw new AgentSpecError(`weights file ${path} is for ruleset "${String(w.ruleset)}", not "${ruleset.id}"`);
  const names = ruleset.evaluation?.names ?? [];
  if (
    !Array.isArray(w.weights) ||
    w.weights.length !== names.length ||
    !w.weights.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new AgentSpecError(`weights file ${path} must hold ${names.length} numbers (${names.join(', ')})`);
  }
  return w.weights;
}

/**
 * Parse mcts options into search settings (throws AgentSpecError naming the bad option). Without
 * a ruleset (checking a spec before any game) the ruleset-dependent checks — `horizon=turn`, the
 * `eval` file — are left for when the agent is created.
 */
export function searchOptions(
  given: Record<string, string>,
  ruleset: AnyRuleset | null,
): { opts: SearchOptions; workers: number; variant: string | null; portfolio: number; rival: string | null } {
  checkOptions('mcts', given, MCTS_OPTIONS);
  const options = withRulesetDefaults(given, ruleset);
  // Every number by its declaration (kind, default, range); a declared word (`horizon=turn`) aside.
  const num: Record<string, number> = {};
  for (const [name, p] of Object.entries(MCTS_PARAMS as Record<string, ParamSpec>)) {
    if ((p.kind === 'int' || p.kind === 'num') && !(p.word !== undefined && options[name] === p.word)) {
      num[name] = (p.kind === 'int' ? intOption : numOption)(options, name, p.default as number, p.min as number, p.max as number);
    }
  }
  // A spec naming another budget and not `iterations` has no iteration budget.
  if (options.iterations === undefined && (num.ms > 0 || num.calls > 0)) num.iterations = 0;
  // Some budget must bound each decision: without one the search would grow until memory runs out.
  if (num.iterations === 0 && num.calls === 0 && num.ms === 0)
    throw new AgentSpecError(
      'mcts: no budget bounds a decision (iterations=0 with neither calls nor ms); give iterations ≥ 1, calls ≥ 1 or ms ≥ 1',
    );
  const horizonTurn = options.horizon === MCTS_PARAMS.horizon.word;
  if (horizonTurn && ruleset && !ruleset.turn)
    throw new AgentSpecError(`horizon=turn needs a ruleset with turns; "${ruleset.id}" has none`);
  if (horizonTurn) num.horizon = 10_000;
  const opts = { ...DEFAULT_SEARCH } as SearchOptions;
  for (const name of Object.keys(opts) as (keyof SearchOptions)[]) if (name in num) (opts as Record<string, unknown>)[name] = num[name];
  opts.horizonTurn = horizonTurn;
  opts.weights = options.eval && ruleset ? loadWeights(options.eval, ruleset) : undefined;
  const variant = options.variant ?? null;
  if (variant !== null) checkVariantName(variant);
  if (variant !== null && ruleset) findVariant(ruleset, variant);
  const portfolio = num.portfolio;
  if (variant !== null && portfolio > 0)
    throw new AgentSpecError('options variant and portfolio exclude each other: a portfolio chooses the variant itself');
  if (portfolio > 0 && ruleset && !ruleset.policy)
    throw new AgentSpecError(`portfolio needs a scripted policy; ruleset "${ruleset.id}" declares none`);
  const rival = options.rival ?? null;
  if (rival !== null) checkVariantName(rival);
  if (rival !== null && ruleset) findVariant(ruleset, rival);
  return { opts, workers: num.workers, variant, portfolio, rival };
}

const BUDGET_OPTIONS = ['iterations', 'calls', 'ms'];

/**
 * The spec's options over the ruleset's {@link AnyRuleset.searchDefaults}: a spec naming any budget
 * option drops the default budget whole (so `ms=500` is a time budget, not time plus the default
 * iterations). Throws AgentSpecError when a ruleset default is not an `mcts` option (a defect of
 * the ruleset, caught by the conformance suite). A spec naming `variant` drops a default `portfolio`.
 */
export function withRulesetDefaults(options: Record<string, string>, ruleset: AnyRuleset | null): Record<string, string> {
  const defaults = ruleset?.searchDefaults;
  if (!defaults) return options;
  checkOptions('mcts', defaults, MCTS_OPTIONS);
  const specBudget = BUDGET_OPTIONS.some((k) => options[k] !== undefined);
  // A spec that fixes the variant drops a default portfolio (which would choose the variant itself).
  const kept = Object.entries(defaults).filter(
    ([k]) => !(specBudget && BUDGET_OPTIONS.includes(k)) && !(k === 'portfolio' && options.variant !== undefined),
  );
  return { ...Object.fromEntries(kept), ...options };
}

/**
 * The keep-the-script guard (standard errors) an `mcts` agent with spec options `given` uses for
 * `side`: the spec's `confidence` when it sets one; else the strictest `confidence` declared by the
 * policy variants this side may follow — those that play this side differently: the spec's `variant`,
 * or all of them when the options, with the ruleset's defaults, turn a portfolio on; else
 * `fallback` (the ruleset's or the search's default).
 */
export function searchGuard(ruleset: AnyRuleset, scenario: unknown, side: string, given: Record<string, string>, fallback: number): number {
  if (given.confidence !== undefined) return fallback;
  const options = withRulesetDefaults(given, ruleset);
  const portfolio =
    options.variant === undefined &&
    intOption(options, 'portfolio', MCTS_PARAMS.portfolio.default, MCTS_PARAMS.portfolio.min, MCTS_PARAMS.portfolio.max) > 0;
  const mine = (ruleset.policy?.variants ?? []).filter(
    (v) => (portfolio || v.name === options.variant) && v.sides(scenario).includes(side),
  );
  let z = -1;
  for (const v of mine) if (v.confidence !== undefined && v.confidence > z) z = v.confidence;
  return z >= 0 ? z : fallback;
}

let sharedPool: Piscina | null = null;
let sharedPoolThreads = 0;
let sharedPoolUsers = 0;

/** The search threads' module and flags: from sources a one-file bundle, built once per process when stale (src/core/bundle.ts). */
let entry: Promise<{ filename: string; execArgv: string[] }> | null = null;

/** The process-wide pool of search threads (created on first use, closed when its last agent closes). */
async function acquirePool(threads: number): Promise<Piscina> {
  entry ??= prepareWorker(import.meta.url, 'worker');
  const { filename, execArgv } = await entry;
  if (!sharedPool || sharedPoolThreads < threads) {
    void sharedPool?.destroy();
    sharedPool = new Piscina({ filename, execArgv, minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
    sharedPoolThreads = threads;
  }
  sharedPoolUsers++;
  return sharedPool;
}

async function releasePool(): Promise<void> {
  sharedPoolUsers--;
  if (sharedPoolUsers <= 0 && sharedPool) {
    const p = sharedPool;
    sharedPool = null;
    sharedPoolThreads = 0;
    sharedPoolUsers = 0;
    await p.destroy();
  }
}

/** Factory of `mcts` (options above). */
export const mctsAgent: AgentFactory = (ctx) => {
  const { opts, workers, variant, portfolio: rounds, rival } = searchOptions(ctx.options, ctx.ruleset);
  // The other sides the rival variant plays differently (none without `rival`).
  const rivalSides =
    rival === null
      ? []
      : findVariant(ctx.ruleset, rival)
          .sides(ctx.scenario)
          .filter((x) => x !== ctx.side);
  const rivals = rival !== null && rivalSides.length > 0 ? { name: rival, sides: rivalSides } : null;
  // This side's scripts by variant name (`script`: the main one), made on first use.
  const scripts = new Map<string, SideScripts>();
  scripts.set('script', sideScripts(ctx.ruleset, null, ctx.side));
  const scriptsOf = (name: string): SideScripts => {
    let p = scripts.get(name);
    if (!p) {
      p = sideScripts(ctx.ruleset, name, ctx.side);
      scripts.set(name, p);
    }
    return p;
  };
  const portfolio = rounds > 0 ? new Portfolio(ctx.ruleset, ctx.side, ctx.scenario, rounds) : null;
  const guard = searchGuard(ctx.ruleset, ctx.scenario, ctx.side, ctx.options, opts.confidence);
  const threads = Math.min(workers, Math.max(1, ctx.maxThreads), availableParallelism());
  const threadsCap = ctx.ruleset.threads;
  const parallel = workers > 1 && threads > 1 && ctx.scenarioData !== undefined && threadsCap !== undefined;
  let pool: Piscina | null = null;
  let last: Explanation | null = null;
  const spec = canonicalSpec('mcts', ctx.options);

  const explain = (merged: ReturnType<typeof mergeRoots>, results: SearchResult[], state: unknown): Explanation => ({
    candidates: merged.slice(0, 6).map((s) => ({
      action: s.action,
      visits: s.visits,
      value: s.visits ? Math.round((s.total / s.visits) * 1000) / 1000 : undefined,
      note: ctx.ruleset.describeAction(state, s.action),
    })),
    line: results[0]?.line ?? [],
    summary: `${results.reduce((a, r) => a + r.iterations, 0)} iterations, ${results.reduce((a, r) => a + r.calls, 0)} forward-model calls, ${results.length} tree${results.length > 1 ? 's' : ''}`,
  });

  return {
    spec,
    async decide(d) {
      if (d.legal.length === 1) {
        last = { candidates: [{ action: d.legal[0], note: 'the only legal action' }] };
        return d.legal[0];
      }
      // One seed per tree, drawn from the agent's own stream: the same game gives the same seeds.
      const seeds = Array.from({ length: workers }, () => Math.floor(ctx.rng.next() * 4294967296));
      // The script this side's search follows: fixed (`variant`), chosen by the portfolio's playouts, or the main one.
      let choice: PortfolioChoice | null = null;
      if (portfolio?.active) choice = portfolio.choose(d.state, Math.floor(ctx.rng.next() * 4294967296));
      const follow = variant ?? choice?.name ?? 'script';
      const { policy, fast } = scriptsOf(follow);
      let results: SearchResult[];
      if (parallel && threadsCap) {
        pool ??= await acquirePool(threads);
        const data = threadsCap.exportState(d.state);
        const tasks: TreeTask[] = seeds.map((seed) => ({
          ruleset: ctx.ruleset.id,
          scenario: ctx.scenarioData as Json,
          state: data,
          options: opts,
          seed,
          ...(follow === 'script' ? {} : { variant: { name: follow, side: ctx.side } }),
          ...(rivals ? { rivals } : {}),
        }));
        results = await Promise.all(tasks.map((t) => (pool as Piscina).run(t) as Promise<SearchResult>));
      } else {
        const now = (): number => performance.now();
        // Sequential trees share a wall-clock budget.
        const o = opts.ms > 0 ? { ...opts, ms: opts.ms / workers } : opts;
        const below = againstRivals(ctx.ruleset, fast, rivals); // below the root and in rollouts the rivals play the rival variant
        results = seeds.map((seed) => search(ctx.ruleset, d.state, o, seed, policy, now, below));
      }
      const merged = mergeRoots(results);
      last = explain(merged, results, d.state);
      if (choice && last) last.summary = `${last.summary}; portfolio: following ${follow} (${portfolioWords(choice)})`;
      else if (variant && last) last.summary = `${last.summary}; following the variant ${variant}`;
      const best = chooseRoot(merged, guard);
      if (best && last)
        last.summary = `${last.summary}; chose ${ctx.ruleset.describeAction(d.state, best.action)}${best !== merged[0] ? ' (the scripted choice: the most-visited one was not better by enough)' : ''}`;
      if (!best) return d.legal[0];
      // The chosen action as listed now (same key).
      return d.legal.find((a) => ctx.ruleset.actionKey(a) === best.key) ?? best.action;
    },
    explain: () => last,
    // The portfolio's statistics are what the agent learns during a game (play's undo and --resume put them back).
    memory: () => (portfolio?.active ? portfolio.memory() : null),
    restore(m) {
      if (!portfolio?.active) throw new Error(`${spec} keeps no memory between decisions`);
      portfolio.restore(m);
    },
    async close() {
      if (pool) {
        pool = null;
        await releasePool();
      }
    },
  };
};

/** A portfolio's figures in words: each variant's paired advantage over the main script ± its standard error. */
function portfolioWords(c: PortfolioChoice): string {
  const parts = Object.keys(c.advantage)
    .filter((n) => n !== 'script')
    .map(
      (n) => `${n} ${c.advantage[n] >= 0 ? '+' : ''}${c.advantage[n].toFixed(3)} ± ${Number.isFinite(c.se[n]) ? c.se[n].toFixed(3) : '∞'}`,
    );
  return `${parts.join(', ')} against the script over ${c.rounds.toFixed(1)} discounted rounds`;
}
