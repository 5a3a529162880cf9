/**
 * The rule systems this build knows: one line per ruleset folder, each re-exporting the `ruleset`
 * its `index.ts` declares with `defineRuleset` (under the ruleset's id as the name). Adding a rule
 * system is its folder src/rules/<id>/ plus one line here (docs/ARCHITECTURE.md, "Adding a rule
 * system"). Only src/rules/index.ts imports this file; agents and worker threads that need one
 * ruleset load it alone by id (src/rules/load.ts).
 */
export { ruleset as pirates } from './pirates/index.js';
export { ruleset as escarmouche } from './escarmouche/index.js';
export { ruleset as 'state-of-war' } from './state-of-war/index.js';
export { pigWars as 'pig-wars', pigWarsPirates as 'pig-wars-pirates' } from './pig-wars/index.js';
