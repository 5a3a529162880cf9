/**
 * Shared zod pieces of scenario files on a measured table: the header every file opens with, a
 * point, a polygon, a terrain entry, a zone, a side id, a table size and a facing, each described
 * with its unit (inches, cm, or the unit the file names for its table), so that every ruleset's schema (and the JSON
 * Schema `npm run schema` writes from it) says the same thing the same way. With the converters a
 * compile needs: file points ([x, y]) to kit points ({x, y}), degrees to radians.
 *
 * Coordinates: x across the table from its left edge, y down the table from its top edge, in the
 * table's unit (`in` or `cm`). Facings in a file are degrees (0 = east, 90 = south); in a compiled
 * scenario and a state they are radians (the kit's convention, figures.ts).
 */
import { z } from 'zod';
import type { Json } from '../basics.js';
import type { Vec } from '../geometry.js';
import type { TableUnit, TerrainAreaSpec } from './table.js';

/**
 * The unit a file's lengths are written in: inches, centimetres, or `table` — the unit the file
 * itself names for its table (Escarmouche's `table.unit`, inches or cm).
 */
export type FileUnit = TableUnit | 'table';

/** The unit's words in a description ("inches", "cm", "the table's unit"). */
export function unitWords(unit: FileUnit): string {
  return unit === 'in' ? 'inches' : unit === 'cm' ? 'cm' : "the table's unit";
}

/** A point `[x, y]` in the file's unit. */
export function pointSchema(unit: FileUnit) {
  return z.tuple([z.number(), z.number()]).describe(`[x, y] in ${unitWords(unit)} (x from the left edge, y down from the top edge)`);
}

/** A polygon: three or more points in order, implicitly closed, in the file's unit. */
export function polygonSchema(unit: FileUnit) {
  return z
    .array(pointSchema(unit))
    .min(3)
    .describe(`polygon vertices in order, implicitly closed (${unitWords(unit)})`);
}

/** The table's size, in the file's unit: `{ width, height }`, both positive (extend it for a table with more fields). */
export function tableSizeSchema(unit: FileUnit) {
  const u = unitWords(unit);
  return z
    .object({ width: z.number().positive().describe(`across, in ${u}`), height: z.number().positive().describe(`down, in ${u}`) })
    .strict();
}

/**
 * The fields every scenario file opens with, to spread into its schema's object: an optional
 * `$schema` (for editors), the `ruleset` it is for, its `id` (lower-case letters, digits and
 * dashes: records name it), a `name` and a `description` (default '').
 */
export function scenarioHeaderShape<const R extends string>(ruleset: R) {
  return {
    $schema: z.string().optional(),
    ruleset: z.literal(ruleset),
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    name: z.string().min(1),
    description: z.string().default(''),
  };
}

/**
 * A terrain entry (see {@link TerrainEntry}): a unique id, the ruleset's `kind` words (described by
 * `kinds`), a polygon in the file's unit and an optional label. `extra` adds a ruleset's own fields.
 */
export function terrainEntrySchema<const K extends readonly [string, ...string[]], X extends z.ZodRawShape = Record<never, never>>(
  unit: FileUnit,
  kinds: K,
  describe: string,
  extra?: X,
) {
  return z
    .object({
      id: z.string().min(1),
      kind: z.enum(kinds).describe(describe),
      polygon: polygonSchema(unit),
      label: z.string().optional().describe('name shown on maps and in stories'),
      ...(extra ?? ({} as X)),
    })
    .strict();
}

/** A zone of the table (`{ id, name, polygon }`, polygon in the file's unit): an objective, a home. */
export function zoneSchema(unit: FileUnit) {
  return z.object({ id: z.string().min(1), name: z.string().min(1), polygon: polygonSchema(unit) }).strict();
}

/** A side id: lower-case letters, digits and dashes; names the side in actions, events and records. */
export const sideIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter')
  .describe('side id (lower-case letters, digits and dashes): names the side in records and agent specs');

/** The fields every side of a scenario file opens with, to spread into its schema's object: its id ({@link sideIdSchema}) and name. */
export const sideShape = {
  id: sideIdSchema,
  name: z.string().min(1).describe('the side in plain words'),
};

/** A facing in degrees (0 = east, 90 = south), default 0. */
export const facingSchema = z.number().default(0).describe('facing in degrees (0 = east, 90 = south)');

/**
 * The pieces of a scenario file on a table measured in one unit, the unit named once: its point,
 * polygon, zone, table size and terrain entries in that unit, the facing and side pieces, and
 * {@link TableSchemas.fileShape} (the header, the table size and the base diameter every such file
 * opens with). Each call makes its own zod objects (the same descriptions as the single pieces).
 */
export function tableSchemas(unit: FileUnit) {
  return {
    unit,
    /** {@link pointSchema} in this unit. */
    point: pointSchema(unit),
    /** {@link polygonSchema} in this unit. */
    polygon: polygonSchema(unit),
    /** {@link zoneSchema} in this unit. */
    zone: zoneSchema(unit),
    /** {@link tableSizeSchema} in this unit. */
    tableSize: tableSizeSchema(unit),
    /** {@link facingSchema}. */
    facing: facingSchema,
    /** {@link sideShape}. */
    side: sideShape,
    /** {@link terrainEntrySchema} in this unit. */
    terrain<const K extends readonly [string, ...string[]], X extends z.ZodRawShape = Record<never, never>>(
      kinds: K,
      describe: string,
      extra?: X,
    ) {
      return terrainEntrySchema(unit, kinds, describe, extra);
    },
    /**
     * What a file opens with, to spread into its schema's object: the header of `ruleset`
     * ({@link scenarioHeaderShape}), the `table` size in this unit and `baseDiameter` (positive,
     * default `base`; described by `words` when given).
     */
    fileShape<const R extends string>(ruleset: R, base: number, words?: string) {
      const diameter = z.number().positive().default(base);
      return {
        ...scenarioHeaderShape(ruleset),
        table: tableSizeSchema(unit),
        baseDiameter: words === undefined ? diameter : diameter.describe(words),
      };
    },
  };
}

/** What {@link tableSchemas} gives. */
export type TableSchemas = ReturnType<typeof tableSchemas>;

/** A file point `[x, y]` as a kit point `{x, y}` (same unit). */
export function vecOf(p: readonly [number, number]): Vec {
  return { x: p[0], y: p[1] };
}

/** A file polygon as kit points (same unit, same order). */
export function polygonOf(poly: readonly (readonly [number, number])[]): Vec[] {
  return poly.map(vecOf);
}

/** Degrees (a file's facing) to radians (a state's facing). */
export function radiansOf(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Radians (a state's facing) to degrees rounded to 0.1 (a record's facing). */
export function degreesOf(radians: number): number {
  return Math.round((radians * 1800) / Math.PI) / 10;
}

/** A terrain entry of a scenario file: its id, the ruleset's word for it, its outline and an optional label. */
export interface TerrainEntry {
  readonly id: string;
  readonly kind: string;
  readonly polygon: readonly (readonly [number, number])[];
  readonly label?: string;
}

/** The rules' effects of a terrain kind, as the kit's area spec says them. */
export type TerrainEffects = Pick<TerrainAreaSpec, 'impassable' | 'blocksSight' | 'slow' | 'cover' | 'height'>;

/** A file's terrain entry as the kit's area spec (id, label, kind, outline as kit points), with the effects the room's rules give its kind. */
export function terrainAreaOf(t: TerrainEntry, effects: TerrainEffects): TerrainAreaSpec {
  return { id: t.id, label: t.label, kind: t.kind, polygon: polygonOf(t.polygon), ...effects };
}

/** A ruleset's `jsonSchema`: the JSON Schema of its scenario files as written (zod's input side, defaults optional). */
export function scenarioJsonSchema(schema: z.ZodType): () => Json {
  return () => z.toJSONSchema(schema, { io: 'input' }) as Json;
}
