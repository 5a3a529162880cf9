/**
 * The Escarmouche scenario file format, as a zod schema. `npx tsx src/cli.ts schema` writes the
 * JSON Schema generated from it to scenarios/schema/escarmouche.schema.json (a test keeps the two
 * in step). The table is a measured table (src/core/table/): terrain areas of the text's terrain types
 * on a ground of one type. Movement is unmeasured (straight lines through one terrain type), but
 * figures stand at real positions, in the table's unit.
 */
import { z } from 'zod';
import { scenarioHeaderShape, tableSchemas } from '../../core/table/schema.js';
import { TERRAINS, WEAPONS } from './tables.js';

/** The kit's pieces in the unit the file names for its table (`table.unit`, inches or cm). */
const T = tableSchemas('table');

const area = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1).optional().describe('name for maps and stories (default: the id)'),
    terrain: z.enum(TERRAINS).describe('MOVING table terrain type; impassable: buildings, deep water, cliffs (never entered)'),
    polygon: T.polygon.describe('vertices in order, in the table unit (impassable and sight-blocking areas must be convex)'),
    cover: z.boolean().default(false).describe('a figure whose base touches it may take cover (walls, hedges, woods, buildings)'),
    blocksSight: z.boolean().default(false).describe('no line of sight passes through it (buildings, dense woods)'),
    height: z.number().int().min(0).max(9).default(0).describe('ground height (a hill 1); a defender standing higher is uphill'),
  })
  .strict();

const skill = z.number().int().min(0).max(3).default(0);

const figure = z
  .object({
    name: z.string().min(1).optional().describe('a personal name for stories (default: the id)'),
    type: z.string().min(1).default('figure').describe('what it is, for stories: pikeman, musketeer, captain …'),
    rating: z.number().int().min(1).max(5).describe('1 terrified noncombatant … 3 average troops … 5 heroic character'),
    skills: z
      .object({ shooter: skill, fighter: skill, rider: skill, pike: skill, artillerist: skill, leader: skill })
      .strict()
      .default({ shooter: 0, fighter: 0, rider: 0, pike: 0, artillerist: 0, leader: 0 })
      .describe('skill levels 0–3 (FIGURE)'),
    missile: z
      .enum(['none', ...(Object.keys(WEAPONS) as [string, ...string[]])])
      .default('none')
      .describe('missile weapon (SHOOTING table); a cannon is moved as a cumbersome item'),
    pike: z.boolean().default(false).describe('armed with a pike (the pike special fights)'),
    mounted: z.boolean().default(false).describe('a horseman (horse vs foot, pike vs cavalry)'),
    at: T.point.describe('where its centre starts, in the table unit'),
  })
  .strict();

const side = z
  .object({
    ...T.side,
    prefix: z.string().min(1).describe('figure ids are the prefix and a number: R1, R2 …'),
    figures: z.array(figure).min(1),
  })
  .strict();

/** Schema of an Escarmouche scenario file. */
export const escarmoucheScenarioSchema = z
  .object({
    ...scenarioHeaderShape('escarmouche'),
    table: T.tableSize.extend({
      unit: z.enum(['in', 'cm']).default('in').describe("the table's unit: every length of the file is in it"),
      base: z.number().positive().describe('base width of every figure (its zone of control is one base width)'),
      ground: z.enum(TERRAINS).default('clear').describe('terrain type wherever no area lies'),
    }),
    terrain: z.array(area).default([]).describe('terrain areas; where they overlap, the later one lies on top'),
    wounds: z.enum(['rating', 'one']).default('rating').describe('FIGURE: every figure has as many wounds as its rating, or only one'),
    first: z.string().default('roll').describe('the side that takes the first turn of every game turn, or "roll" for a roll-off'),
    sides: z.array(side).length(2),
    victory: z
      .object({
        maxTurns: z.number().int().min(1).max(100).describe('game turns (each side one turn) before the objectives are counted'),
        breakPoint: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('figures out of action that break a side (it loses at once); default half its figures, rounded up'),
        objectives: z
          .array(z.object({ area: z.string().min(1), value: z.number().int().min(1).default(1) }).strict())
          .default([])
          .describe('terrain areas counted after the last turn: held by a side with a figure standing in it and no enemy'),
      })
      .strict(),
  })
  .strict();

/** A validated Escarmouche scenario file (defaults filled in). */
export type EscarmoucheScenarioFile = z.output<typeof escarmoucheScenarioSchema>;
