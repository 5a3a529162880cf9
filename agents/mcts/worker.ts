/**
 * A Piscina worker that grows one MCTS tree (root parallelism). It loads only the ruleset the task
 * names (src/rules/load.ts, not the registry of every ruleset), compiles each scenario once
 * (cached by content hash) and rebuilds the root state with the ruleset's `threads.importState`.
 */
import { canonicalJson, hashString } from '../../src/core/hash.js';
import type { Json } from '../../src/core/model.js';
import { loadRuleset } from '../../src/rules/load.js';
import { againstRivals, sideScripts } from '../heuristic/index.js';
import { search, type SearchOptions, type SearchResult } from './search.js';

/** One tree to grow. */
export interface TreeTask {
  /** The ruleset's id (loaded on first use in this thread). */
  ruleset: string;
  /** The scenario file's JSON (compiled once per worker, cached by content hash). */
  scenario: Json;
  /** The root state, as the ruleset's `threads.exportState` gave it. */
  state: unknown;
  options: SearchOptions;
  seed: number;
  /** The policy variant the searching side follows (its name and that side), when not the main script. */
  variant?: { name: string; side: string };
  /** The policy variant the other sides are assumed to play below the root (`mcts:rival`), and those sides. */
  rivals?: { name: string; sides: string[] };
}

/** Compiled scenarios by ruleset id and content hash (a worker serves one game at a time, or few). */
const compiled = new Map<string, unknown>();

export default async function grow(task: TreeTask): Promise<SearchResult> {
  const r = await loadRuleset(task.ruleset);
  if (!r.threads) throw new Error(`ruleset ${task.ruleset} cannot be searched on a worker thread (it has no threads capability)`);
  const key = `${r.id}#${hashString(canonicalJson(task.scenario))}`;
  let sc = compiled.get(key);
  if (sc === undefined) {
    sc = r.compile(task.scenario, 'mcts worker');
    compiled.set(key, sc);
  }
  const state = r.threads.importState(sc, task.state);
  const { policy, fast } = sideScripts(r, task.variant?.name ?? null, task.variant?.side ?? '');
  return search(r, state, task.options, task.seed, policy, () => performance.now(), againstRivals(r, fast, task.rivals));
}
