/**
 * The Pirates! scenario file format, as a zod schema. `npm run schema` writes the JSON Schema
 * generated from it to scenarios/schema/pirates.schema.json (a test keeps the two in step).
 * All lengths are inches; all coordinates are [x, y] with x across the table from the left edge
 * and y down the table from the top (north) edge.
 */
import { z } from 'zod';
import { tableSchemas } from '../../core/table/schema.js';
import { WEAPONS } from './tables.js';

/** The kit's pieces in inches. */
const T = tableSchemas('in');

const terrain = T.terrain(
  ['building', 'water', 'broken', 'hill', 'cover'],
  'building: impassable, blocks sight; water: impassable, does not block sight; broken: passable, ' +
    'a move over it uses the 2d10 allowance (§4.B); hill: entering it is uphill (§4.B); cover: a figure ' +
    'whose base touches it is "in cover" (§5.B(2))',
);

const figureEntry = z
  .object({
    count: z.number().int().min(1).default(1),
    weapon: z.enum(Object.keys(WEAPONS) as [string, ...string[]]),
    name: z.string().optional().describe('a personal name (only with count 1)'),
    personality: z.boolean().default(false).describe('a personality figure (§5.B(2))'),
    mounted: z.boolean().default(false).describe('rides a horse (§4.C)'),
    prefix: z.string().min(1).optional().describe("id prefix, default the side's prefix"),
    group: z.string().min(1).describe('the deployment group the figures start in'),
    at: T.point.optional().describe('exact starting place (only with count 1); otherwise packed into the group area'),
  })
  .strict();

const group = z
  .object({
    id: z.string().min(1),
    area: T.polygon.describe('where the group starts; figures are packed inside it, 1.1 in apart'),
    facing: T.facing,
  })
  .strict();

const side = z
  .object({
    ...T.side,
    colour: z.enum(['red', 'black']).describe('card colour: red = hearts & diamonds (§2.B)'),
    prefix: z.string().min(1).describe('figure id prefix'),
    cards: z
      .array(z.union([z.literal('A'), z.number().int().min(1).max(13)]))
      .min(
        1,
        'a side needs at least one activation card: without cards it never acts (leave "cards" out for the §12 table by figure count)',
      )
      .optional()
      .describe('explicit activation cards; when absent, the §12 table by figure count'),
    flee: z
      .enum(['home', 'edge'])
      .describe('where a figure that disengages runs (§5.C(2)): home = the side home zone (pirates: the ship), edge = off the table'),
    groups: z.array(group).min(1),
    figures: z.array(figureEntry).min(1),
  })
  .strict();

/** Schema of a Pirates! scenario file. */
export const piratesScenarioSchema = z
  .object({
    ...T.fileShape('pirates', 1, 'figure base diameter in inches'),
    inPort: z.boolean().default(true).describe('the ship is in port: the deck cannon is not fired (§7.A)'),
    captures: z.boolean().default(true).describe('whether declared captures (§5.E) are offered'),
    terrain: z.array(terrain).default([]),
    exits: z.array(T.point).min(1).describe('points on the table edge that figures running off the table head for'),
    objective: T.zone.describe('the building front where pirates pillage (warehouse 1)'),
    home: T.zone.describe('where raiders land booty and fleeing raiders go (the ship)'),
    raiders: z.string().describe('id of the side that pillages'),
    sides: z.array(side).length(2),
    victory: z
      .object({
        maxTurns: z.number().int().min(1).describe('the defenders win when this many turns end'),
        bootyToWin: z.number().int().min(1).describe('booty loads landed at home that win for the raiders'),
        pillageTurns: z.number().int().min(1).default(1).describe('turns of pillage that make one load (§9)'),
      })
      .strict(),
  })
  .strict();

/** A validated Pirates! scenario file (defaults filled in). */
export type PiratesScenarioFile = z.infer<typeof piratesScenarioSchema>;
