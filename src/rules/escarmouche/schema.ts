/**
 * The Escarmouche scenario file format, as a zod schema. `npx tsx src/cli.ts schema` writes the
 * JSON Schema generated from it to scenarios/schema/escarmouche.schema.json (a test keeps the two
 * in step). The map is a zone map (src/core/zones.ts): movement is unmeasured.
 */
import { z } from 'zod';
import { zoneMapSchema } from '../../core/zones.js';
import { TERRAINS, WEAPONS } from './tables.js';

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
    zone: z.string().min(1).describe('the zone it starts in'),
  })
  .strict();

const side = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    prefix: z.string().min(1).describe('figure ids are the prefix and a number: R1, R2 …'),
    figures: z.array(figure).min(1),
  })
  .strict();

/** Schema of an Escarmouche scenario file. */
export const escarmoucheScenarioSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('escarmouche'),
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    name: z.string().min(1),
    description: z.string().default(''),
    map: zoneMapSchema(TERRAINS),
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
          .array(z.object({ zone: z.string().min(1), value: z.number().int().min(1).default(1) }).strict())
          .default([])
          .describe('zones counted after the last turn: held by a side with figures there and no enemy'),
      })
      .strict(),
  })
  .strict();

/** A validated Escarmouche scenario file (defaults filled in). */
export type EscarmoucheScenarioFile = z.output<typeof escarmoucheScenarioSchema>;
