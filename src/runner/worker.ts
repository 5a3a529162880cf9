/**
 * The Piscina worker of the runner: plays a batch of games and posts each row as it finishes.
 *
 * Per worker (per thread), once: the scenario is compiled from the JSON in `workerData` (cached by
 * content hash in loadScenarioData), and each agent spec is resolved (user agent files are imported
 * once). Agents are created per game with `maxThreads: 1`.
 */
import { workerData } from 'piscina';
import { closeIdleClients, resolveAgent } from '../../agents/index.js';
import { compileSource, loadScenarioData } from '../rules/index.js';
import { canonicalJson } from '../core/hash.js';
import { fromRaw, setParameters } from '../core/scenario.js';
import type { LoadedScenario } from '../core/game.js';
import { ScenarioError, type SideId } from '../core/model.js';
import { playRow, type FactoryEntry, type PlayEnv } from './play.js';
import { reproCommand } from './seeds.js';
import { ROW_FLUSH_MS, WATCH, type BatchTask, type GameRow, type GameSpec, type RowMessage, type WorkerConfig } from './types.js';

const config = workerData as WorkerConfig;
const scenario = loadScenarioData(config.scenarioRaw, config.scenarioOrigin);
const agentCache = new Map<string, Promise<FactoryEntry>>();

function factoryFor(spec: string): Promise<FactoryEntry> {
  let p = agentCache.get(spec);
  if (!p) {
    p = resolveAgent(spec).then((r) => ({ factory: r.factory, options: r.options }));
    agentCache.set(spec, p);
  }
  return p;
}

/** The last candidate compiled (`tune` plays a candidate's games together; a compiled Supply Raid holds tens of MB, so one is kept). */
let last: { key: string; scenario: LoadedScenario | ScenarioError } | null = null;

/**
 * The run's scenario with tunable parameters set (`tune`), or the {@link ScenarioError} that says
 * why it does not compile (`tune` checks its candidates first, so this is a last line of defence:
 * a failure here would otherwise reject the task and pass for a worker that cannot start).
 */
function scenarioWith(params: Record<string, unknown>): LoadedScenario | ScenarioError {
  const key = canonicalJson(params);
  if (last?.key !== key) {
    let compiled: LoadedScenario | ScenarioError;
    try {
      compiled = compileSource(fromRaw(setParameters(config.scenarioRaw, params, config.scenarioOrigin), config.scenarioOrigin));
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      compiled = e;
    }
    last = { key, scenario: compiled };
  }
  return last.scenario;
}

/** The row of a game whose scenario does not compile: kind `scenario`, no result. */
function scenarioErrorRow(game: GameSpec, e: ScenarioError): GameRow {
  return {
    id: game.id,
    seed: game.seed,
    agents: game.agents,
    ...(game.params ? { params: game.params } : {}),
    winner: null,
    reason: 'the scenario with these parameters does not compile: no result',
    turns: null,
    decisions: 0,
    stats: {},
    error: { kind: 'scenario', message: e.message, repro: reproCommand(config.scenarioArg, game.seed, game.agents, game.params) },
  };
}

/** Play the batch's games in order; returns how many rows were posted. */
export default async function runBatch(task: BatchTask): Promise<number> {
  const watch = new Int32Array(task.watch);
  const env: PlayEnv = {
    scenario,
    scenarioArg: config.scenarioArg,
    timeLimitMs: config.timeLimitMs,
    invariants: config.invariants,
    measures: config.measures,
    records: config.records,
    outDir: config.outDir,
    watch,
    epoch: config.epoch,
  };
  let posted = 0;
  let held: GameRow[] = [];
  let since = performance.now(); // the last post (or the task's start)
  const flush = (): void => {
    if (!held.length) return;
    since = performance.now();
    const msg: RowMessage = { t: 'rows', rows: held };
    task.port.postMessage(msg);
    posted += held.length;
    held = [];
  };
  try {
    for (const game of task.games) {
      Atomics.store(watch, WATCH.game, game.id);
      const sc = game.params ? scenarioWith(game.params) : scenario;
      let row: GameRow;
      if (sc instanceof ScenarioError) row = scenarioErrorRow(game, sc);
      else {
        env.scenario = sc;
        const factories: Record<SideId, FactoryEntry> = {};
        for (const [side, spec] of Object.entries(game.agents)) factories[side] = await factoryFor(spec);
        row = await playRow(env, game, factories);
      }
      // The clock here only paces messages (the runner, not a game): rows are the same either way.
      held.push(row);
      if (performance.now() - since >= ROW_FLUSH_MS) flush();
    }
  } finally {
    flush(); // rows of the games finished before an error in this task (a terminated thread loses its held rows: those games are played again)
    // The port stays open: the main thread drains it after the task settles, then closes it.
    Atomics.store(watch, WATCH.game, 0);
    // Client processes kept between games (`exec:…#reuse=1`) end with the batch: a pool may end this
    // thread from outside, and a terminated thread cannot reap its children.
    await closeIdleClients();
  }
  return posted;
}
