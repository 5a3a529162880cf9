/**
 * The State of War scenario file format, as a zod schema. `npx tsx src/cli.ts schema` writes the
 * JSON Schema generated from it to scenarios/schema/state-of-war.schema.json. All lengths are
 * CENTIMETRES; coordinates are [x, y] with x across the table from the left edge and y down the
 * table from the top (north) edge.
 */
import { z } from 'zod';
import { tableSchemas } from '../../core/table/schema.js';
import { MELEE_WEAPONS, QUALITY_NAMES, WEAPONS } from './tables.js';

/** The kit's pieces in centimetres. */
const T = tableSchemas('cm');

const terrain = T.terrain(
  ['building', 'wood', 'difficult', 'hill', 'cover'],
  'building: impassable, blocks sight, hard cover to a figure touching it; wood: soft cover, blocks sight ' +
    'through it ([W14]); difficult: every cm inside costs 2 ([W9]); hill: raised ground (height); cover: an area giving its cover class',
  {
    cover: z.enum(['soft', 'hard']).optional().describe('cover class of a "cover" area (default soft)'),
    height: z.number().positive().default(1).describe('height of a hill (levels)'),
  },
);

const fence = z
  .object({
    id: z.string().min(1),
    kind: z.enum(['fence', 'wall']).describe('a rail fence (soft cover) or a wall (hard cover)'),
    line: z.array(T.point).min(2).describe('the fence line (cm), a polyline'),
    height: z
      .number()
      .positive()
      .max(30)
      .default(3)
      .describe('height in cm: each climb action climbs 3 cm of it (6 cm at a ladder); a horse jumps up to 3 cm ([W5])'),
    label: z.string().optional(),
  })
  .strict();

const ladder = z
  .object({
    id: z.string().min(1),
    at: T.point.describe('the foot of the ladder, on (within 1 cm of) a fence or wall line (cm)'),
    label: z.string().optional(),
  })
  .strict()
  .describe('a ladder against a fence or wall: a figure within 2 cm of its foot climbs 6 cm an action there ([W5])');

const barrel = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1).describe('what it is, for stories ("a barrel of lamp-oil")'),
    at: T.point.describe('where it stands at the start (cm)'),
    fire: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        "actions of firing the objective that the objective side's carrier's fire action counts when he empties it there ([W6]); 0: no use",
      ),
  })
  .strict()
  .describe('a barrel-sized object: picking it up is an action, carrying it costs its carrier 1 action a phase ([W6])');

const figure = z
  .object({
    count: z.number().int().min(1).default(1),
    name: z.string().optional().describe('a personal name (only with count 1)'),
    type: z.string().min(1).default('infantryman').describe('what it is, for stories'),
    quality: z.enum(QUALITY_NAMES).describe('quality class: green d6, trained d8, veteran d10, elite d12 ([W33])'),
    weapon: z.enum(['none', ...(Object.keys(WEAPONS) as [string, ...string[]])]).describe('missile weapon (Shooting table)'),
    melee: z.enum(Object.keys(MELEE_WEAPONS) as [string, ...string[]]).describe('melee weapon (Melee table)'),
    mounted: z.boolean().default(false),
    role: z.enum(['man', 'nco', 'commander']).default('man').describe("the unit's NCO, or the force commander"),
  })
  .strict();

const unit = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    at: T.point.describe('centre of the front rank at the start'),
    facing: T.facing,
    perRank: z.number().int().min(1).default(6).describe('figures per rank when placed'),
    spacing: z.number().positive().default(3).describe('cm between figure centres when placed'),
    figures: z.array(figure).min(1),
  })
  .strict();

const side = z
  .object({
    ...T.side,
    prefix: z.string().min(1).describe('figure ids are the prefix and a number'),
    rear: z.enum(['north', 'south', 'east', 'west']).describe('the table edge to its rear'),
    units: z.array(unit).min(1),
  })
  .strict();

/** Schema of a State of War scenario file. */
export const stateOfWarScenarioSchema = z
  .object({
    ...T.fileShape('state-of-war', 2.5, 'figure base diameter (cm)'),
    terrain: z.array(terrain).default([]),
    fences: z.array(fence).default([]),
    ladders: z.array(ladder).default([]),
    barrels: z.array(barrel).default([]),
    first: z.string().describe('the side whose action phase comes first in every turn'),
    objective: z
      .object({
        id: z.string().min(1),
        name: z.string().min(1),
        polygon: T.polygon.describe('the object to fire (impassable)'),
        side: z.string().describe('the side that must fire it'),
        fireActions: z.number().int().min(1).describe('actions spent in base contact that fire it ([W34])'),
      })
      .strict(),
    sides: z.array(side).length(2),
    victory: z.object({ maxTurns: z.number().int().min(1).max(100) }).strict(),
  })
  .strict();

/** A validated State of War scenario file (defaults filled in). */
export type StateOfWarScenarioFile = z.output<typeof stateOfWarScenarioSchema>;
