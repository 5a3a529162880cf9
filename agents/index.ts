/**
 * The agent catalogue: built-in agents by name, and users' agent files by path. Every agent is
 * created through {@link resolveAgent}, from a spec such as `heuristic`, `greedy:samples=4`,
 * `mcts:iterations=2000` or `./my-agent.ts`.
 *
 * A user's agent file is an ES module whose default export is an {@link AgentFactory}
 * (see agents/examples/).
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import type { AgentFactory } from '../src/core/agent.js';
import { randomAgent } from './random.js';
import { greedyAgent } from './greedy.js';
import { heuristicAgent } from './heuristic/index.js';
import { MCTS_OPTIONS, mctsAgent, searchOptions } from './mcts/index.js';
import { mctsUsage } from './mcts/params.js';
import { AgentSpecError, canonicalSpec, checkOptions, checkVariantName, intOption, numOption, parseSpec } from './options.js';
import { isExecSpec, resolveExec } from './exec/index.js';

export { AgentSpecError } from './options.js';
export { closeIdleClients, isExecSpec } from './exec/index.js';

/** A built-in agent: its factory, its options and one line for `--help`. */
export interface BuiltinAgent {
  factory: AgentFactory;
  options: readonly string[];
  description: string;
  /** Checks option values before any game starts (throws AgentSpecError). */
  validate?: (options: Record<string, string>) => void;
}

/** Built-in agents by name. */
export const BUILTIN_AGENTS: Record<string, BuiltinAgent> = {
  random: { factory: randomAgent, options: [], description: 'uniformly random legal actions' },
  greedy: {
    factory: greedyAgent,
    options: ['samples'],
    description: 'one-step look-ahead on the ruleset evaluation (samples=N dice draws per action)',
    validate: (o) => void intOption(o, 'samples', 1, 1, 1000),
  },
  heuristic: {
    factory: heuristicAgent,
    options: ['blunder', 'variant'],
    description:
      "the ruleset's scripted policy (blunder=P: that share of decisions at random instead; variant=NAME: one of the ruleset's policy variants for this side)",
    validate: (o) => {
      numOption(o, 'blunder', 0, 0, 1);
      if (o.variant !== undefined) checkVariantName(o.variant);
    },
  },
  mcts: {
    factory: mctsAgent,
    options: MCTS_OPTIONS,
    validate: (o) => void searchOptions(o, null),
    description: `open-loop Monte Carlo tree search (options with their defaults: ${mctsUsage()}; meanings in docs/agents.md)`,
  },
};

/** An agent ready to instantiate per game: factory, options, and its canonical spec. */
export interface ResolvedAgent {
  spec: string;
  factory: AgentFactory;
  options: Record<string, string>;
}

/**
 * Resolve a built-in spec synchronously, or an `exec:` spec (a client program speaking
 * docs/PROTOCOL.md, agents/exec/). Throws {@link AgentSpecError} for unknown names or options.
 */
export function resolveBuiltinAgent(spec: string): ResolvedAgent {
  if (isExecSpec(spec)) return resolveExec(spec);
  const p = parseSpec(spec);
  if (p.isFile) throw new AgentSpecError(`"${spec}" is a file; load it with resolveAgent`);
  // Own names only: `constructor`, `toString`, `__proto__` are the object's prototype, not agents.
  const b = Object.hasOwn(BUILTIN_AGENTS, p.name) ? BUILTIN_AGENTS[p.name] : undefined;
  if (!b)
    throw new AgentSpecError(
      `unknown agent "${p.name}" (built-in: ${Object.keys(BUILTIN_AGENTS).join(', ')}; or give a path to an agent file)`,
    );
  checkOptions(p.name, p.options, b.options);
  b.validate?.(p.options);
  return { spec: canonicalSpec(p.name, p.options), factory: b.factory, options: p.options };
}

let esmHooks: Promise<void> | null = null;
let cjsHooks: Promise<void> | null = null;

/**
 * Import a user's agent module. A TypeScript file needs tsx's hooks (tsx is a dependency):
 * - under the built CLI (`node dist/src/cli.js`) Node refuses `.ts` (ERR_UNKNOWN_FILE_EXTENSION):
 *   tsx's ESM and require hooks are registered in this thread, once, and the import is retried;
 * - on a worker thread started from sources only tsx's ESM hooks are there (src/core/threads.ts),
 *   and a `.ts` file outside any "type": "module" package (a user's own folder) is CommonJS to
 *   Node, which fails without tsx's require hook: it is registered then, once, and the import
 *   retried. (Registering it up front in every worker would slow every run down.)
 */
async function importAgentFile(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  let first: unknown;
  try {
    return await import(url);
  } catch (e) {
    if (!/\.[mc]?ts$/.test(file)) throw e;
    first = e;
  }
  const code = (first as { code?: unknown } | null)?.code;
  try {
    cjsHooks ??= import('tsx/cjs/api').then((cjs) => void cjs.register());
    await cjsHooks;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      esmHooks ??= import('tsx/esm/api').then((esm) => void esm.register());
      await esmHooks;
    }
    return await import(`${url}?tsx`);
  } catch {
    throw first;
  }
}

/** Resolve any spec: a built-in name with options, an `exec:` client, or a path to a user's agent module. */
export async function resolveAgent(spec: string): Promise<ResolvedAgent> {
  if (isExecSpec(spec)) return resolveExec(spec);
  const p = parseSpec(spec);
  if (!p.isFile) return resolveBuiltinAgent(spec);
  const file = isAbsolute(p.name) ? p.name : resolve(p.name);
  if (!existsSync(file)) throw new AgentSpecError(`agent file not found: ${p.name}`);
  let mod: unknown;
  try {
    mod = await importAgentFile(file);
  } catch (e) {
    throw new AgentSpecError(`cannot load agent file ${p.name}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let factory = (mod as { default?: unknown }).default;
  // A .ts file outside a "type": "module" package is compiled as CommonJS: its `export default`
  // arrives as `default.default`.
  if (typeof factory !== 'function' && typeof (factory as { default?: unknown } | null)?.default === 'function')
    factory = (factory as { default: unknown }).default;
  if (typeof factory !== 'function') throw new AgentSpecError(`agent file ${p.name} must default-export a function (ctx) => agent`);
  return { spec, factory: factory as AgentFactory, options: p.options };
}
