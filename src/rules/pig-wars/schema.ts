/**
 * The Pig Wars scenario file format (both versions), as a zod schema built per version: the
 * `ruleset` literal, the class names (militia / green) and the weapon names differ. All lengths are
 * inches; coordinates are [x, y], x across from the left edge, y down from the top (north) edge.
 * A file may take fields from another scenario with `inherit` (resolved by the loader,
 * src/core/scenario.ts, before this schema sees the file).
 */
import { z } from 'zod';
import { tableSchemas } from '../../core/table/schema.js';

/** The kit's pieces in inches. */
const T = tableSchemas('in');

/** Terrain kinds both versions understand (docs/rules/pig-wars.md §Terrain). */
export const TERRAIN_KINDS = ['building', 'water', 'rough', 'broken', 'wood', 'hill', 'cover', 'wall'] as const;

const terrain = T.terrain(
  TERRAIN_KINDS,
  'building: impassable, blocks sight; water: impassable; rough / broken: rough ground (dark ages: the movement die; ' +
    'pirates: -D6 crossing); wood: rough ground and cover; hill: a figure on it is uphill of one off it; cover: partial cover; ' +
    'wall: a linear obstacle — crossing it is rough (pirates -D6), fighting across it is "vs obstacle", and it is cover (pirates: full cover)',
);

/** Schema of one version's scenario file. */
export function pigWarsSchema(
  ruleset: 'pig-wars' | 'pig-wars-pirates',
  classes: readonly [string, ...string[]],
  weapons: readonly [string, ...string[]],
) {
  const pirates = ruleset === 'pig-wars-pirates';
  const figure = z
    .object({
      count: z.number().int().min(1).default(1),
      name: z.string().optional().describe('a personal name (only with count 1)'),
      weapons: z
        .array(z.enum(weapons))
        .min(1)
        .describe('melee and missile weapons carried; the best applies in melee, the first missile weapon shoots'),
      class: z.enum(classes).optional().describe("morale class; default the unit's class"),
      stripes: z
        .number()
        .int()
        .min(0)
        .max(5)
        .optional()
        .describe(
          `${pirates ? 'level' : 'stripes'} added in melee${pirates ? ' and shooting' : ''}; default by class (elite 3, veteran 2, average 1, ${classes[3]} 0)`,
        ),
      armour: z.enum(['UA', 'PA', 'FA']).default('UA').describe('dark ages protection: unarmoured, partial, full armour'),
      shield: z.boolean().default(false).describe('carries a shield (dark ages: shield wall; the right flank is the unshielded one)'),
      mounted: z.boolean().default(false),
      kind: z.enum(['foot', 'gun', 'wagon', 'mule']).default('foot').describe('pirate movement kind (mounted figures use mounted)'),
      leader: z.boolean().default(false).describe('a leader (dark ages); pirates: any rank above crewman'),
      rank: z.enum(['captain', 'mate', 'crewman']).default('crewman').describe('pirate rank (victory margins, command)'),
      standard: z.boolean().default(false).describe("carries the unit's standard (dark ages)"),
      at: T.point.optional().describe('exact starting place (only with count 1); otherwise packed into the unit area'),
    })
    .strict();
  const unit = z
    .object({
      id: z.string().min(1),
      name: z.string().optional(),
      class: z.enum(classes),
      order: z.enum(['close', 'loose']).default('loose').describe('pirate foot: close or loose order'),
      area: T.polygon.describe('where the unit starts; its figures are packed inside, 1.2 base diameters apart'),
      facing: T.facing,
      figures: z.array(figure).min(1),
    })
    .strict();
  const side = z
    .object({
      ...T.side,
      colour: z.string().min(1).describe('CSS colour of its figures'),
      prefix: z.string().min(1).describe('figure id prefix'),
      cards: z.number().int().min(1).max(4).default(1).describe('activation cards (chips) of the side in the deck each turn'),
      flee: z
        .enum(['home', 'north', 'south', 'east', 'west'])
        .describe('where its falling-back and routing figures run: the home zone or a table edge'),
      units: z.array(unit).min(1),
    })
    .strict();
  return z
    .object({
      ...T.fileShape(ruleset, 1),
      inherit: z.unknown().optional().describe('fields taken from another scenario (resolved by the loader; see src/core/scenario.ts)'),
      terrain: z.array(terrain).default([]),
      exits: z.array(T.point).optional().describe('ignored (kept so that Pirates! terrain can be shared)'),
      objective: T.zone.optional().describe('where raiders take loot without limit (a storehouse front); alternative to pigs'),
      pigs: z.array(T.point).optional().describe('livestock to drive off: one loot each'),
      home: T.zone.describe("where the raiders' loot is landed (their ship, or a strip along their table edge)"),
      raiders: z.string().describe('id of the side that takes loot'),
      carrySpeed: z.number().positive().max(1).default(0.5).describe('fraction of its move a figure carrying loot (driving a pig) makes'),
      commandRadius: z
        .object({ captain: z.number().positive().default(18), mate: z.number().positive().default(12) })
        .strict()
        .default({ captain: 18, mate: 12 })
        .describe('pirates: a figure farther than this from every leader of its side is out of command and routs'),
      sides: z.array(side).length(2),
      victory: z
        .object({
          maxTurns: z.number().int().min(1).describe('the defenders win when this many turns end'),
          lootToWin: z.number().int().min(1).describe('loot landed at home that wins for the raiders'),
        })
        .strict(),
    })
    .strict();
}

/** A validated scenario file (defaults filled in). */
export type PigWarsFile = z.output<ReturnType<typeof pigWarsSchema>>;
