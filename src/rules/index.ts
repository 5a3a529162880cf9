/**
 * The registry of rule systems. This is the one place that names every ruleset; everything else
 * finds a ruleset by the `ruleset` field of a scenario file.
 */
import type { AnyRuleset } from '../core/model.js';
import { pirates } from './pirates/index.js';
import { escarmouche } from './escarmouche/index.js';
import { pigWars, pigWarsPirates } from './pig-wars/index.js';

/** Every ruleset, by id. */
export const RULESETS: ReadonlyMap<string, AnyRuleset> = new Map<string, AnyRuleset>([[pirates.id, pirates as unknown as AnyRuleset], [escarmouche.id, escarmouche as unknown as AnyRuleset],
  [pigWars.id, pigWars as unknown as AnyRuleset],
  [pigWarsPirates.id, pigWarsPirates as unknown as AnyRuleset],
]);

/** The ruleset with this id; throws with the list of known ids otherwise. */
export function getRuleset(id: string): AnyRuleset {
  const r = RULESETS.get(id);
  if (!r) throw new Error(`unknown ruleset "${id}" (known: ${[...RULESETS.keys()].join(', ')})`);
  return r;
}

import { ScenarioError } from '../core/model.js';
import { fromRaw, resolveScenario, type ScenarioSource } from '../core/scenario.js';
import type { LoadedScenario } from '../core/game.js';

/** Compile a scenario source with its ruleset. Throws {@link ScenarioError} on a bad file. */
export function compileSource(src: ScenarioSource): LoadedScenario {
  const ruleset = RULESETS.get(src.ruleset);
  if (!ruleset) throw new ScenarioError(src.path, '$.ruleset', `unknown ruleset "${src.ruleset}" (known: ${[...RULESETS.keys()].join(', ')})`);
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
