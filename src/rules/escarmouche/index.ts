/**
 * Escarmouche (escarmouche.txt, Anubis Studios) as a {@link Ruleset}: pike & shot skirmish with
 * unmeasured movement — straight lines through one terrain type on a measured table (the table
 * kit, src/core/table/) — and a push-your-luck pool of active and passive d6. Everything specific to the rules lives in this folder; {@link defineRuleset} declares
 * it with its scripted policy, evaluation, threads and view (registered in src/rules/registered.ts).
 */
import { defineTableRuleset } from '../../core/table/ruleset.js';
import { escarmoucheScenarioSchema } from './schema.js';
import { compileEscarmouche, type EscScenario } from './compile.js';
import { type EscAction, applyAction, escActionKey, legalActions } from './actions.js';
import { outCount } from './queries.js';
import { setupGame } from './turn.js';
import { EVALUATION } from './evaluate.js';
import { ACTION_CAP, COUNTERS, type EscState, PH_INT, PH_OVER, STATE } from './state.js';
import { describeEscFigure, escScene } from './scene.js';
import { describeAction, describeEvent } from './story.js';
import { escarmoucheInvariants } from './invariants.js';
import { escarmoucheQuickScores, escarmoucheScores } from './policy.js';
import { type EscEvent, escEvents } from './events.js';
import { escBandOrder, escCheckExactMove, escExactMove, escReach, escTargets } from './pointers.js';
// The words a newcomer would not know, a sentence each (docs/rules/escarmouche-summary.md), kept as data.
import GLOSSARY from './glossary.json' with { type: 'json' };
// Where the scenario workshop finds this format's geometry, and its blank table (src/core/workshop-layout.ts).
import WORKSHOP from './workshop.json' with { type: 'json' };
import { glossaryOf } from '../../core/scene.js';
import { escMarks } from './marks.js';
import { escSight } from './sight.js';

export type { EscAction } from './actions.js';
export type { EscState } from './state.js';
export type { EscScenario } from './compile.js';
export type { EscEvent } from './events.js';

/** The action's key (actions.ts {@link escActionKey}: a shared listed action carries it). */
const actionKey = escActionKey;

/** The Escarmouche ruleset. */
export const escarmouche = defineTableRuleset<EscState, EscAction, EscScenario, EscEvent>({
  id: 'escarmouche',
  workshop: WORKSHOP,
  version: '2.3.0',
  title: 'Escarmouche — rules for pike & shot skirmish wargames (Anubis Studios)',
  // Two sides taking side turns (with interrupts); the dice pool is sampled in apply; unmeasured
  // movement (straight lines through one terrain type) on a table measured in inches.
  table: { units: 'in', activation: 'side-turns' },
  scenarios: ['farmyard-brawl', 'mill-bridge'],
  compile: compileEscarmouche,
  schema: escarmoucheScenarioSchema,
  state: STATE,
  // An interrupt is the other side's decision.
  deciding: (s) => (s.phase === PH_INT ? 1 - s.side : s.side),
  over: (s) => s.phase === PH_OVER,
  evaluation: EVALUATION,
  setup: setupGame,
  legalActions,
  apply: applyAction,
  policy: { scores: escarmoucheScores, rollout: escarmoucheQuickScores },
  // Plain `mcts` here: 1,000 iterations without rollouts (leaves scored by the fitted evaluation) —
  // 66.0% [59.2–72.2] against the script over 200 side-swapped games at a CPU p99 of 406 ms a
  // decision on the first Mill Bridge, 66.8% [60.0–72.9] on the redrawn one (docs/rules/escarmouche.md,
  // Measurements); policy rollouts cost ~25× the rest.
  searchDefaults: { iterations: '1000', horizon: '0' },
  // The ladder (src/core/levels.ts): easy and normal the kit's, hard the default search; expert the
  // largest of 4× or 2× the default budget whose decision time, scaled from the default's p99 measured
  // quiet (bench/RESULTS.md, 2026-12-07 16:33), stays under 0.8 s p99 — its own p99 and the steps
  // between the levels are measured in docs/agents.md ("The ladder per ruleset").
  levels: { expert: 'mcts:iterations=2000' },
  view: {
    scene: escScene,
    describeFigure: describeEscFigure,
    targets: escTargets,
    reach: escReach,
    sight: escSight,
    exactMove: escExactMove,
    bandOrder: escBandOrder,
    glossary: glossaryOf(GLOSSARY),
    marks: escMarks,
  },
  actionKey,
  describeAction,
  describeEvent,
  events: escEvents,
  // Every action but an exact move is checked as listed.
  checkFree: (s, a) => (a.k === 'move' && a.to.startsWith('at:') ? escCheckExactMove(s, a) : undefined),
  stats: {
    base: (s) => ({ turns: s.turn, decisions: s.decisions }),
    side: (s, i) => ({ out: outCount(s, i), inPlay: s.sc.sides[i].figures.length - outCount(s, i) }),
    counters: COUNTERS,
  },
  // Per side-turn: a pick (or pass) per figure, at most ACTION_CAP actions per figure, one interrupt
  // window after each action that moves, and at most one interrupt per reserved enemy figure.
  decisionLimit: (sc) => sc.maxTurns * 2 * (sc.maxFigures * (2 + 2 * ACTION_CAP) + sc.maxFigures + 2) + 10,
  invariants: escarmoucheInvariants,
});

/** The ruleset this folder declares (the name the registry and lazy loading look for). */
export const ruleset = escarmouche;
