/**
 * Duel, the template rule system (README.md in this folder), declared with {@link defineRuleset}:
 * the forward model, its policy, threads and view, wired from the room's files. It is NOT
 * registered (src/rules/registered.ts): a room copied from this one adds its line there.
 */
import { defineTableRuleset } from '../../core/table/ruleset.js';
import { compileDuel, type DuelScenario } from './compile.js';
import { duelEvents, type DuelEvent } from './events.js';
import { evaluateFor } from './evaluate.js';
import { duelInvariants } from './invariants.js';
import { applyAction, applyLegalAction, actionKey, checkAction, describeAction, legalActions } from './legal.js';
import { duelScores } from './policy.js';
import { duelExactMove, duelReach, duelScene, duelTargets } from './scene.js';
import { duelScenarioSchema } from './schema.js';
import { ACTIVE, type DuelState, STATE } from './state.js';
import { describeEvent } from './story.js';
import { setupGame } from './turn.js';
import type { DuelAction } from './actions/action.js';

export type { DuelAction } from './actions/action.js';
export type { DuelState } from './state.js';
export type { DuelScenario } from './compile.js';
export type { DuelEvent } from './events.js';

/** The Duel ruleset. */
export const duel = defineTableRuleset<DuelState, DuelAction, DuelScenario, DuelEvent>({
  id: 'duel',
  version: '1.0.0',
  title: 'Duel — the template rule system (src/rules/_template/README.md)',
  // One D6 per shot, two per fight, rolled in apply; nothing hidden; side turns (§2). Two sides,
  // sampled dice, perfect information: what every table game is (the kit's defineTableRuleset).
  table: { units: 'in', activation: 'side-turns' },
  scenarios: ['example'],
  compile: compileDuel,
  schema: duelScenarioSchema,
  state: STATE,
  deciding: (s) => s.side,
  over: (s) => s.over === 1,
  evaluation: { evaluateFor },
  setup: setupGame,
  legalActions,
  apply: applyAction,
  applyLegal: applyLegalAction,
  policy: { scores: duelScores },
  actionKey,
  describeAction,
  describeEvent,
  events: duelEvents,
  // Every action is checked by its kind (legal.ts), listed or not.
  checkFree: checkAction,
  stats: {
    base: (s) => ({ turns: s.turn, decisions: s.decisions }),
    status: { active: ACTIVE },
    side: (s, i) => ({ down: s.down[i] }),
  },
  // Each figure acts at most once a turn (§2): a game takes at most maxTurns × figures decisions.
  decisionLimit: (sc) => sc.maxTurns * sc.figures.length + 10,
  invariants: duelInvariants,
  view: { scene: duelScene, exactMove: duelExactMove, targets: duelTargets, reach: duelReach },
});

/** The ruleset this folder declares (the name the registry and lazy loading look for). */
export const ruleset = duel;
