/**
 * {@link loadRuleset} for one-file worker bundles (src/core/bundle.ts builds them with this module in
 * place of ./load.ts). load.ts imports `./<id>/index.js` by a path computed at run time, which a
 * bundle would resolve against its own folder; here the registry (src/rules/index.ts), which the
 * bundle holds whole, gives the ruleset by id instead. Same promise as load.ts: the registered
 * ruleset object with that id, or a rejection for an id that is not a ruleset's (a bundle knows only
 * the registered rulesets; from sources load.ts also finds an unregistered folder).
 */
import { RULESET_ID, type AnyRuleset } from '../core/model.js';
import { RULESETS } from './index.js';

/** The registered ruleset with this id. Rejects for an id that is not a registered ruleset's. */
export function loadRuleset(id: string): Promise<AnyRuleset> {
  if (!RULESET_ID.test(id)) return Promise.reject(new Error(`"${id}" is not a ruleset id`));
  const r = RULESETS.get(id);
  if (!r) return Promise.reject(new Error(`unknown ruleset "${id}" (known in this bundle: ${[...RULESETS.keys()].join(', ')})`));
  return Promise.resolve(r);
}
