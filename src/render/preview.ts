/**
 * A scenario file drawn before any game is played: the table as its ruleset sets it up (the
 * forward model's `setup` on the compiled scenario, then its `view.scene`), as the one frame of a
 * {@link RecordFrames}, so that `render --scenario` draws it with the same SVG and HTML as a
 * record's frames. What the setup deals by chance (first cards, dice) comes from `seed`.
 */
import { GameSession, type LoadedScenario } from '../core/game.js';
import { ScenarioError, type GameEvent } from '../core/model.js';
import type { LogEntry, RecordFrames } from './frames.js';

/**
 * The setup of `scenario` as frames with one frame (step 0) and the setup's events in words.
 * `origin` names the file in errors. Throws a {@link ScenarioError} when the ruleset has no
 * `view.scene` (it cannot draw its tables).
 */
export function scenarioFrames(scenario: LoadedScenario, origin: string, seed: number | string = 1): RecordFrames {
  const ruleset = scenario.ruleset;
  const view = ruleset.view;
  if (!view) throw new ScenarioError(origin, '', `the ${ruleset.id} ruleset cannot draw its tables (it has no view.scene())`);
  const log: LogEntry[] = [];
  const g = new GameSession(
    scenario,
    seed,
    {},
    {
      onEvent: (e: GameEvent) => {
        const text = ruleset.describeEvent(scenario.compiled, e);
        if (text !== null) log.push({ step: 0, kind: e.e, text: text.trim() });
      },
    },
  );
  const raw = scenario.raw as { name?: unknown } | null;
  const sides = ruleset.sides(scenario.compiled);
  return {
    title: typeof raw?.name === 'string' ? raw.name : scenario.id,
    scenario: scenario.id,
    unit: ruleset.traits.units,
    seed,
    agents: Object.fromEntries(sides.map((s) => [s, '—'])),
    result: 'none — the setup of the scenario file, no game played',
    frames: [{ step: 0, side: null, action: '', why: [], log: [0, log.length], scene: view.scene(g.state) }],
    log,
  };
}
