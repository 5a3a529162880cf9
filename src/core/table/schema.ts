/**
 * Shared zod pieces of scenario files on a measured table: a point, a polygon, a side id, a table
 * size and a facing, each described with its unit, so that every ruleset's schema (and the JSON
 * Schema `npm run schema` writes from it) says the same thing the same way. With the converters a
 * compile needs: file points ([x, y]) to kit points ({x, y}), degrees to radians.
 *
 * Coordinates: x across the table from its left edge, y down the table from its top edge, in the
 * table's unit (`in` or `cm`). Facings in a file are degrees (0 = east, 90 = south); in a compiled
 * scenario and a state they are radians (the kit's convention, figures.ts).
 */
import { z } from 'zod';
import type { Vec } from '../geometry.js';
import type { TableUnit, TerrainAreaSpec } from './table.js';

/** A point `[x, y]` in the table's unit. */
export function pointSchema(unit: TableUnit) {
  return z.tuple([z.number(), z.number()]).describe(`[x, y] in ${unit === 'in' ? 'inches' : 'cm'} (x from the left edge, y down from the top edge)`);
}

/** A polygon: three or more points in order, implicitly closed, in the table's unit. */
export function polygonSchema(unit: TableUnit) {
  return z.array(pointSchema(unit)).min(3).describe(`polygon vertices in order, implicitly closed (${unit === 'in' ? 'inches' : 'cm'})`);
}

/** The table's size, in its unit: `{ width, height }`, both positive. */
export function tableSizeSchema(unit: TableUnit) {
  const u = unit === 'in' ? 'inches' : 'cm';
  return z.object({ width: z.number().positive().describe(`across, in ${u}`), height: z.number().positive().describe(`down, in ${u}`) }).strict();
}

/** A side id: lower-case letters, digits and dashes; names the side in actions, events and records. */
export const sideIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter')
  .describe('side id (lower-case letters, digits and dashes): names the side in records and agent specs');

/** A facing in degrees (0 = east, 90 = south), default 0. */
export const facingSchema = z.number().default(0).describe('facing in degrees (0 = east, 90 = south)');

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
