/**
 * Small pieces the bench scripts share (bench/fit-features.ts, fit-playouts.ts, saturation.ts; the
 * search options of ab-mcts.ts, mcts-phases.ts and policy-cost.ts).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_NAME } from '../src/core/record.js';

/** The game records named by `paths`: a file as it is; a folder's record files (its `records/` when it has one, as a run folder does), in name order. */
export function recordFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      const dir = existsSync(join(p, 'records')) ? join(p, 'records') : p;
      for (const f of readdirSync(dir).sort()) if (RECORD_NAME.test(f)) out.push(join(dir, f));
    } else out.push(p);
  }
  return out;
}

/** A 32-bit seed from two integers (a fixed integer hash: the same pair, the same seed). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * The options of a bench search (bench/ab-mcts.ts, mcts-phases.ts, policy-cost.ts): `defaults` (the
 * loaded checkout's `DEFAULT_SEARCH`: a bench may load another checkout's modules) at `iterations`
 * with `focus=1`, the whole budget every time as `bench:mcts` searches; with `agentSettings`, the
 * ruleset's `searchDefaults` over them, the budget aside, as the mcts agent applies them
 * (agents/mcts/index.ts; `horizon=turn` as 10,000 decisions and the turn's end).
 */
export function benchSearchOptions(
  defaults: object,
  iterations: number,
  searchDefaults: Readonly<Record<string, string>> | undefined,
  agentSettings: boolean,
): Record<string, unknown> {
  const opts: Record<string, unknown> = { ...defaults, iterations, focus: 1 };
  if (!agentSettings) return opts;
  for (const [k, v] of Object.entries(searchDefaults ?? {})) {
    if (!(k in opts) || k === 'iterations' || k === 'calls' || k === 'ms') continue;
    if (k === 'horizon' && v === 'turn') Object.assign(opts, { horizon: 10_000, horizonTurn: true });
    else opts[k] = Number(v);
  }
  return opts;
}
