/**
 * Playing whole games in tests: by agent specs, with the ruleset's invariant monitor attached.
 */
import { makeAgents, playGameSync, type GameResult, type LoadedScenario } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';
import type { SideId } from '../../src/core/model.js';

/** Play one game; returns its result, record lines (when asked) and the invariant violations. */
export function playSpecs(
  sc: LoadedScenario,
  seed: number,
  specs: Record<SideId, string>,
  record = false,
): { result: GameResult; lines: string[] | null; violations: string[] } {
  const factories = Object.fromEntries(
    Object.entries(specs).map(([side, spec]) => {
      const r = resolveBuiltinAgent(spec);
      return [side, { factory: r.factory, options: r.options }];
    }),
  );
  const agents = makeAgents(sc, seed, factories);
  const monitor = sc.ruleset.invariants?.(sc.compiled);
  const { result, lines } = playGameSync(sc, seed, agents, { record, monitor });
  return { result, lines, violations: monitor ? [...monitor.violations] : [] };
}
