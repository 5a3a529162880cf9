/**
 * The registry of rule systems: every ruleset listed in src/rules/registered.ts (one line each),
 * by id. Everything else finds a ruleset here by the `ruleset` field of a scenario file or a
 * record header. Loading this module loads every ruleset; code that needs one ruleset by id on a
 * thread of its own (MCTS workers) uses {@link loadRuleset} from ./load.ts instead.
 */
import type { AnyRuleset } from '../core/model.js';
import * as registered from './registered.js';

function registry(entries: readonly [string, AnyRuleset][]): ReadonlyMap<string, AnyRuleset> {
  const out = new Map<string, AnyRuleset>();
  for (const [name, r] of entries) {
    // The line's name is the id, so that the folder, the id and the line read the same.
    if (name !== r.id) throw new Error(`src/rules/registered.ts exports the ruleset "${r.id}" as "${name}"; use its id`);
    out.set(r.id, r);
  }
  // Sorted by id: listings (`scenarios`, `schema`) do not depend on the order of the lines.
  return new Map([...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every registered ruleset, by id (sorted by id). */
export const RULESETS: ReadonlyMap<string, AnyRuleset> = registry(Object.entries(registered) as [string, AnyRuleset][]);

/** The ruleset with this id; throws with the list of known ids otherwise. */
export function getRuleset(id: string): AnyRuleset {
  const r = RULESETS.get(id);
  if (!r) throw new Error(`unknown ruleset "${id}" (known: ${[...RULESETS.keys()].join(', ')})`);
  return r;
}

import { ScenarioError } from '../core/model.js';
import { describeDomain, fromRaw, resolveScenario, scenarioParameters, setParameters, type ScenarioSource } from '../core/scenario.js';
import type { LoadedScenario } from '../core/game.js';

/** Compile a scenario source with its ruleset. Throws {@link ScenarioError} on a bad file. */
export function compileSource(src: ScenarioSource): LoadedScenario {
  const ruleset = RULESETS.get(src.ruleset);
  if (!ruleset)
    throw new ScenarioError(src.path, '$.ruleset', `unknown ruleset "${src.ruleset}" (known: ${[...RULESETS.keys()].join(', ')})`);
  const compiled = ruleset.compile(src.raw, src.path);
  return { ruleset, compiled, raw: src.raw, hash: src.hash, id: src.id };
}

const cache = new Map<string, LoadedScenario>();

/**
 * Load a scenario by built-in id or file path, compiled once per process (compiling builds the
 * navigation and distance fields, which takes a moment).
 */
export function loadScenario(nameOrPath: string): LoadedScenario {
  const src = resolveScenario(nameOrPath);
  const key = `${src.path}#${src.hash}`;
  let s = cache.get(key);
  if (!s) {
    s = compileSource(src);
    cache.set(key, s);
  }
  return s;
}

/** Load a scenario from JSON already in hand (a record's embedded copy), cached by content hash. */
export function loadScenarioData(raw: unknown, origin: string): LoadedScenario {
  const src = fromRaw(raw, origin);
  const key = `data#${src.hash}`;
  let s = cache.get(key);
  if (!s) {
    s = compileSource(src);
    cache.set(key, s);
  }
  return s;
}

/**
 * Check a scenario's tunable parameters beyond their declaration: for each parameter, the file
 * with it set to its smallest and largest value (every choice, for a choice of up to 12) must
 * compile too. Returns the number of parameters; throws the first {@link ScenarioError}, its
 * message naming the parameter and value (`parameter "max-turns" = 40: …`).
 */
export function checkParameterValues(src: ScenarioSource): number {
  const ruleset = RULESETS.get(src.ruleset);
  if (!ruleset)
    throw new ScenarioError(src.path, '$.ruleset', `unknown ruleset "${src.ruleset}" (known: ${[...RULESETS.keys()].join(', ')})`);
  const domains = scenarioParameters(src.raw, src.path);
  for (const d of domains) {
    const idx = d.values.length <= 12 && 'choices' in d.param ? d.values.map((_, i) => i) : [0, d.values.length - 1];
    for (const i of new Set(idx)) {
      if (i === d.current) continue;
      const raw = setParameters(src.raw, { [d.param.name]: d.values[i] }, src.path);
      try {
        ruleset.compile(raw, src.path);
      } catch (e) {
        if (e instanceof ScenarioError) {
          const prefix = `${e.source}: ${e.jsonPath === '' ? '' : `at ${e.jsonPath}: `}`;
          const detail = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
          throw new ScenarioError(
            src.path,
            `$.parameters[${d.index}]`,
            `parameter "${d.param.name}" = ${JSON.stringify(d.values[i])} (${describeDomain(d)}) gives an invalid scenario: ${e.jsonPath === '' ? '' : `at ${e.jsonPath}: `}${detail}`,
          );
        }
        throw e;
      }
    }
  }
  return domains.length;
}
