/**
 * State of War (American Civil War skirmish, quick-reference sheet version 1a) as a
 * {@link Ruleset}: figure by figure, two actions each, dice contests of differently sized dice,
 * lengths in centimetres. Everything specific to the rules lives in this folder; the readings of
 * the sheet are in docs/rules/state-of-war.md.
 */
import { defineTableRuleset } from '../../core/table/ruleset.js';
import { stateOfWarScenarioSchema } from './schema.js';
import { compileStateOfWar, type SowScenario } from './compile.js';
import type { SowAction } from './action.js';
import { applyAction } from './apply.js';
import { exactMovePlan } from './execute.js';
import { legalActions } from './options.js';
import { setupGame } from './turn.js';
import { actor, downCount } from './units.js';
import { EVALUATION } from './evaluate.js';
import { ACTIVE, COUNTERS, DEAD, DISABLED, GONE, PH_OVER, type SowState, STATE } from './state.js';
import { describeAction, describeEvent } from './story.js';
import { type SowEvent, sowEvents } from './events.js';
import { stateOfWarInvariants } from './invariants.js';
import { describeSowFigure, sowExactMove, sowScene } from './scene.js';
import { sowBandOrder, sowDelegable, sowOrderLive, sowReach, sowTargets } from './pointers.js';
import { sowScores } from './policy.js';
// The words a newcomer would not know, a sentence each (docs/rules/state-of-war-summary.md), kept as data.
import GLOSSARY from './glossary.json' with { type: 'json' };
// Where the scenario workshop finds this format's geometry, and its blank table (src/core/workshop-layout.ts).
import WORKSHOP from './workshop.json' with { type: 'json' };
import { glossaryOf } from '../../core/scene.js';
import { sowMarks } from './marks.js';
import { sowSight } from './sight.js';

export type { SowAction } from './action.js';
export type { SowState } from './state.js';
export type { SowScenario } from './compile.js';
export type { SowEvent } from './events.js';

/** A stable key of an action within one decision. */
export function actionKey(a: SowAction): string {
  switch (a.k) {
    case 'move':
    case 'ride':
      return `${a.k}:${a.to}`;
    case 'moveTo':
      return `moveTo:${a.x},${a.y}`;
    case 'charge':
      return `charge:${a.t}`;
    case 'fire':
      return `fire:${a.u}`;
    case 'carry':
      return `carry:${a.b}`;
    default:
      return a.k;
  }
}

/** The State of War ruleset. */
export const stateOfWar = defineTableRuleset<SowState, SowAction, SowScenario, SowEvent>({
  id: 'state-of-war',
  workshop: WORKSHOP,
  version: '1.6.0',
  title: 'State of War — A.C.W. skirmish rules, quick reference sheet 1a (centimetres)',
  // Two sides taking action phases in turn; dice (and the random target within a group) are
  // sampled in apply; a measured table in centimetres.
  table: { units: 'cm', activation: 'side-turns' },
  scenarios: ['wagon-raid', 'wagon-raid-tuned'],
  compile: compileStateOfWar,
  schema: stateOfWarScenarioSchema,
  state: STATE,
  deciding: (s) => s.side,
  over: (s) => s.phase === PH_OVER,
  evaluation: EVALUATION,
  setup: setupGame,
  legalActions,
  apply: applyAction,
  policy: { scores: sowScores },
  // Plain `mcts` here: 300 iterations with rollouts of 30 decisions (docs/rules/state-of-war.md,
  // Measurements, 1.2.0). Under 1.2.0 a charger stays in contact and the melee is fought at the end
  // of the phase [W20], up to some 20 decisions on; the search's default 12-decision rollouts often stop
  // before it, so a charge's morale test was seen and its melee not. 30 decisions reach the phase's end.
  // 200 side-swapped games against the script each: 150 iterations 63.0% [56.1–69.4] (seed 7),
  // 300 iterations 65.5% [58.7–71.7] (seed 8; union 62% against 48%); 52.0% at the old default (seed 6).
  searchDefaults: { iterations: '300', horizon: '30' },
  // The ladder (src/core/levels.ts): easy and normal the kit's, hard the default search; expert the
  // largest of 4× or 2× the default budget whose decision time, scaled from the default's p99 measured
  // quiet (bench/RESULTS.md, 2026-12-07 16:33), stays under 0.8 s p99 — its own p99 and the steps
  // between the levels are measured in docs/agents.md ("The ladder per ruleset").
  levels: { expert: 'mcts:iterations=600' },
  view: {
    scene: sowScene,
    describeFigure: describeSowFigure,
    exactMove: sowExactMove,
    targets: sowTargets,
    reach: sowReach,
    sight: sowSight,
    delegable: sowDelegable,
    bandOrder: sowBandOrder,
    orderLive: sowOrderLive,
    glossary: glossaryOf(GLOSSARY),
    marks: sowMarks,
  },
  actionKey,
  describeAction,
  describeEvent,
  // Every action but an exact move is checked as listed.
  checkFree(s, a) {
    if (a.k !== 'moveTo') return undefined;
    const f = actor(s);
    if (f < 0) return 'no figure is acting now';
    if (!legalActions(s).some((o) => o.k === 'move' || o.k === 'done')) return 'this figure may not move now';
    const plan = exactMovePlan(s, f, a.x, a.y);
    return typeof plan === 'string' ? plan : null;
  },
  stats: {
    base: (s) => ({ turns: s.turn, decisions: s.decisions, burn: s.burn }),
    status: { active: ACTIVE, disabled: DISABLED, killed: DEAD, gone: GONE },
    side: (s, i) => ({ down: downCount(s, i) }),
    counters: COUNTERS,
  },
  // Per phase each figure makes at most 2 action decisions (and a stop); two phases a turn.
  decisionLimit: (sc) => sc.maxTurns * 2 * (sc.figures.length * 3 + 2) + 20,
  invariants: stateOfWarInvariants,
  events: sowEvents,
});

/** The ruleset this folder declares (the name the registry and lazy loading look for). */
export const ruleset = stateOfWar;
