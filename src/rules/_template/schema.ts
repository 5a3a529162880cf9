/**
 * The Duel scenario file format, as a zod schema (README.md §1). `npm run schema` writes the JSON
 * Schema generated from it to scenarios/schema/<id>.schema.json once the ruleset is registered.
 * Lengths in inches; points `[x, y]` with x from the table's left edge and y down from its top edge;
 * facings in degrees (0 = east, 90 = south). The shared pieces (the header, point, terrain entry,
 * side id, table size, facing) come from the table kit (src/core/table/schema.ts): a room never writes its own.
 */
import { z } from 'zod';
import { tableSchemas } from '../../core/table/schema.js';

/** The kit's pieces in inches (one unit for the whole file). */
const T = tableSchemas('in');

/** One terrain area: a building (impassable, blocks sight) or a wood (slow ground, cover). */
const terrain = T.terrain(
  ['building', 'wood'],
  'building: no figure enters it and no one sees through it (§1); wood: slow ground (§3) and cover (§4)',
);

/** One figure: its id, where it starts and which way it faces. */
const figure = z
  .object({
    id: z.string().min(1).describe('figure id, unique in the scenario (named in actions and events)'),
    name: z.string().optional().describe('a personal name for stories'),
    at: T.point.describe('starting place of the base centre (inches)'),
    facing: T.facing,
  })
  .strict();

/** One side and its figures. */
const side = z
  .object({
    ...T.side,
    figures: z.array(figure).min(1),
  })
  .strict();

/** Schema of a Duel scenario file. */
export const duelScenarioSchema = z
  .object({
    ...T.fileShape('duel', 1, 'figure base diameter in inches (§1)'),
    terrain: z.array(terrain).default([]),
    sides: z.array(side).length(2).describe('the two sides; the first takes the first turn (§2)'),
    maxTurns: z.number().int().min(1).default(6).describe('after this many turns the game is a draw (§6)'),
  })
  .strict();

/** A validated Duel scenario file (defaults filled in). */
export type DuelScenarioFile = z.infer<typeof duelScenarioSchema>;
