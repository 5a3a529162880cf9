/**
 * An opponent's reasons in a player's words, for the web app's AI panel, from what any agent
 * tells (its `Explanation`) and what any ruleset offers (`describeAction`, the scripted `policy`):
 * no ruleset or agent is named here. A search (candidates with visits and values, values in [0, 1]
 * from its side: 1 a sure win) reads as the options it tried with its estimate of its chances; an
 * agent that is not a search is quoted (its `summary`, e.g. an exec client's reasons) and compared
 * with the rules' scripted policy, when the ruleset has one.
 */
import type { Explanation } from '../core/agent.js';
import type { LoadedScenario } from '../core/game.js';
import type { Json } from '../core/model.js';

function words(sc: LoadedScenario, state: unknown, action: Json): string {
  try {
    return sc.ruleset.describeAction(state, action);
  } catch {
    return sc.ruleset.actionKey(action);
  }
}

/**
 * At most `top` + 1 lines: why the agent took `chosen` in `state` (before it was applied), with
 * `legal` the options it had. [] when nothing can be said.
 */
export function playerWhy(
  sc: LoadedScenario,
  state: unknown,
  legal: readonly Json[],
  chosen: Json,
  explanation: Explanation | null,
  top = 3,
): string[] {
  const r = sc.ruleset;
  const cands = (explanation?.candidates ?? []).filter((c) => typeof c.visits === 'number' && c.visits > 0);
  if (cands.length > 0) {
    const tries = cands.reduce((a, c) => a + (c.visits ?? 0), 0);
    const out = [`It played out ${tries} possible continuations from here and chose the option it tried most:`];
    for (const c of cands.slice(0, top)) {
      const chance = typeof c.value === 'number' ? `, about ${Math.round(c.value * 100)}% to win by its estimate` : '';
      out.push(`• ${words(sc, state, c.action)} — tried ${c.visits}×${chance}`);
    }
    return out;
  }
  // An agent that is not a search speaks for itself (an exec client's summary, docs/PROTOCOL.md).
  const own = explanation?.summary ? [`In its own words: ${explanation.summary}`] : [];
  if (legal.length <= 1) return [...own, 'It had no other choice.'];
  const policy = r.policy;
  if (!policy) return own;
  const scores = policy.scores(state, legal);
  const order = legal.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const key = r.actionKey(chosen);
  const rank = order.findIndex((i) => r.actionKey(legal[i]) === key);
  if (rank < 0) return own;
  const next = order.find((i) => r.actionKey(legal[i]) !== key);
  const head =
    rank === 0
      ? `The rules’ scripted policy rates this the best of its ${legal.length} options.`
      : `The rules’ scripted policy rates this ${rank + 1}${['st', 'nd', 'rd'][rank] ?? 'th'} of its ${legal.length} options.`;
  return next === undefined
    ? [...own, head]
    : [...own, head, `${rank === 0 ? 'Next best' : 'Its first choice'}: ${words(sc, state, legal[rank === 0 ? next : order[0]])}.`];
}
