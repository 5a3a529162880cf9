/**
 * Loading one ruleset by id without loading the others: for worker threads (MCTS root
 * parallelism) that receive a ruleset id and need only that ruleset. By the registry's convention
 * (src/core/model.ts, `Ruleset.id`) the ruleset with id `x` is the `ruleset` export of
 * src/rules/x/index.ts — or, for a variant that shares its family's room (`pig-wars-pirates` in
 * src/rules/pig-wars/), one of the `rulesets` exported by the folder named by the longest prefix of
 * the id that is a folder (`x-y-z` → `x-y` → `x`). Does not import the registry (src/rules/index.ts).
 */
import { RULESET_ID, type AnyRuleset } from '../core/model.js';

const loaded = new Map<string, Promise<AnyRuleset>>();

function isRuleset(v: unknown): v is AnyRuleset {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { id?: unknown }).id === 'string' &&
    typeof (v as { legalActions?: unknown }).legalActions === 'function'
  );
}

type RulesetModule = { ruleset?: unknown; rulesets?: unknown };

async function importRuleset(id: string): Promise<AnyRuleset> {
  if (!RULESET_ID.test(id)) throw new Error(`"${id}" is not a ruleset id`);
  let mod: RulesetModule | null = null;
  let folder = id;
  let first: unknown = null;
  for (;;) {
    try {
      // A computed specifier, resolved like a static one (tsx maps .js to the .ts source; dist/ has
      // the .js); the comment keeps bundlers (vitest's) from turning it into a glob of every folder.
      const spec = `./${folder}/index.js`;
      mod = (await import(/* @vite-ignore */ spec)) as RulesetModule;
      break;
    } catch (e) {
      first ??= e;
      const dash = folder.lastIndexOf('-');
      if (dash <= 0) break;
      folder = folder.slice(0, dash);
    }
  }
  if (!mod)
    throw new Error(
      `unknown ruleset "${id}" (cannot load src/rules/${id}/index: ${first instanceof Error ? first.message : String(first)})`,
    );
  const candidates = [mod.ruleset, ...(Array.isArray(mod.rulesets) ? mod.rulesets : [])];
  const r = candidates.find((c) => isRuleset(c) && c.id === id);
  if (!r || !isRuleset(r)) {
    if (folder !== id) throw new Error(`unknown ruleset "${id}" (src/rules/${folder}/index exports no ruleset "${id}" in \`rulesets\`)`);
    throw new Error(`src/rules/${id}/index does not export the ruleset "${id}" as \`ruleset\``);
  }
  return r;
}

/**
 * The ruleset with this id, imported on first use (once per thread). Rejects for an id that is not
 * a ruleset folder.
 */
export function loadRuleset(id: string): Promise<AnyRuleset> {
  let p = loaded.get(id);
  if (!p) {
    p = importRuleset(id);
    loaded.set(id, p);
    p.catch(() => loaded.delete(id));
  }
  return p;
}
