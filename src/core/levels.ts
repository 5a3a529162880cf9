/**
 * The difficulty ladder a person chooses an opponent from (issue 42 item 3): four named levels,
 * each an agent spec, per ruleset. A ruleset declares the specs its measurements chose
 * (`Ruleset.levels`, src/core/model.ts); the levels it leaves out take the kit's ({@link KIT_LEVELS}). Every
 * level is a deterministic budget (iterations, never milliseconds), so a level plays as strongly on
 * any machine and a game against it stays a pure function of its seeds. The measured steps between
 * the levels are in docs/agents.md ("The ladder per ruleset").
 */

/** The levels, weakest first. */
export const LEVEL_NAMES = ['easy', 'normal', 'hard', 'expert'] as const;

/** A level's name. */
export type LevelName = (typeof LEVEL_NAMES)[number];

/** Whether `name` is a level's name. */
export function isLevelName(name: string): name is LevelName {
  return (LEVEL_NAMES as readonly string[]).includes(name);
}

/**
 * The kit's levels, for a ruleset that does not declare its own: easy is the scripted policy with
 * one decision in five at random, normal the scripted policy, hard the ruleset's own search
 * (`mcts` with its `searchDefaults`). Expert has no kit default that would be right for every
 * ruleset (it is the strongest search that still decides within 1 s p99 on the reference machine),
 * so every ruleset declares it; until one does, it is the hard level's spec.
 */
export const KIT_LEVELS: Readonly<Record<LevelName, string>> = {
  easy: 'heuristic:blunder=0.2',
  normal: 'heuristic',
  hard: 'mcts',
  expert: 'mcts',
};

/** The ruleset's ladder: its declared spec per level, the kit's for the levels it leaves out. */
export function levelsOf(ruleset: { readonly levels?: Readonly<Partial<Record<LevelName, string>>> }): Readonly<Record<LevelName, string>> {
  return { ...KIT_LEVELS, ...(ruleset.levels ?? {}) };
}
