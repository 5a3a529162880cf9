/**
 * A Piscina worker that grows one MCTS tree (root parallelism). It compiles each scenario once
 * (cached by content) and rebuilds the root state with the ruleset's `importState`.
 */
import type { Json } from '../../src/core/model.js';
import { loadScenarioData } from '../../src/rules/index.js';
import { POLICIES } from '../heuristic/index.js';
import { search, type SearchOptions, type SearchResult } from './search.js';

/** One tree to grow. */
export interface TreeTask {
  ruleset: string;
  /** The scenario file's JSON (compiled once per worker, cached by content hash). */
  scenario: Json;
  /** The root state, as the ruleset's exportState gave it. */
  state: unknown;
  options: SearchOptions;
  seed: number;
}

export default function grow(task: TreeTask): SearchResult {
  const sc = loadScenarioData(task.scenario, 'mcts worker');
  const r = sc.ruleset;
  if (r.id !== task.ruleset || !r.importState) throw new Error(`ruleset ${task.ruleset} cannot be searched on a worker thread`);
  const state = r.importState(sc.compiled, task.state);
  return search(r, state, task.options, task.seed, POLICIES[r.id] ?? null, () => performance.now());
}
