/**
 * The kit's shared scenario-file pieces (src/core/table/schema.ts): points, polygons, side ids and
 * facings parse as every ruleset's files write them, and the converters give the kit's units.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  scenarioHeaderShape,
  sideShape,
  terrainEntrySchema,
  zoneSchema,
  terrainAreaOf,
  degreesOf,
  facingSchema,
  pointSchema,
  polygonOf,
  polygonSchema,
  radiansOf,
  sideIdSchema,
  tableSizeSchema,
  vecOf,
  tableSchemas,
} from '../../src/core/table/index.js';

describe('table kit: scenario-file pieces', () => {
  it('a point is [x, y]; a polygon needs three of them', () => {
    expect(pointSchema('in').parse([1, 2])).toEqual([1, 2]);
    expect(pointSchema('cm').safeParse([1]).success).toBe(false);
    expect(
      polygonSchema('in').safeParse([
        [0, 0],
        [1, 0],
      ]).success,
    ).toBe(false);
    expect(
      polygonOf(
        polygonSchema('in').parse([
          [0, 0],
          [1, 0],
          [1, 1],
        ]),
      ),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ]);
    expect(vecOf([3, 4])).toEqual({ x: 3, y: 4 });
  });

  it('a table size is positive; a side id is a lower-case word; a facing defaults to 0 degrees', () => {
    expect(tableSizeSchema('in').safeParse({ width: 0, height: 4 }).success).toBe(false);
    expect(sideIdSchema.safeParse('red-2').success).toBe(true);
    expect(sideIdSchema.safeParse('Red').success).toBe(false);
    expect(facingSchema.parse(undefined)).toBe(0);
  });

  it('a terrain entry becomes a kit area spec with the effects of its kind', () => {
    const t = {
      id: 'w',
      kind: 'wood',
      polygon: [
        [0, 0],
        [2, 0],
        [2, 2],
      ] as [number, number][],
    };
    expect(terrainAreaOf(t, { slow: true, cover: 'wood' })).toEqual({
      id: 'w',
      label: undefined,
      kind: 'wood',
      polygon: [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 2, y: 2 },
      ],
      slow: true,
      cover: 'wood',
    });
  });

  it('degrees and radians: 90° is south (π/2); records get degrees to 0.1', () => {
    expect(radiansOf(90)).toBeCloseTo(Math.PI / 2, 12);
    expect(degreesOf(radiansOf(135))).toBe(135);
    expect(degreesOf(1)).toBe(57.3);
  });

  it("a file's own table unit is described as such; the header, terrain entry and zone parse as the rooms write them", () => {
    expect(pointSchema('table').description).toMatch(/the table's unit/);
    expect(polygonSchema('cm').description).toMatch(/\(cm\)/);
    const file = z
      .object({
        ...scenarioHeaderShape('duel'),
        t: terrainEntrySchema('in', ['wood'], 'w', { height: z.number().default(1) }),
        z: zoneSchema('in'),
      })
      .strict();
    const ok = {
      ruleset: 'duel',
      id: 'a-1',
      name: 'A',
      t: {
        id: 'w1',
        kind: 'wood',
        polygon: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
      z: {
        id: 'home',
        name: 'Home',
        polygon: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    };
    const parsed = file.parse(ok);
    expect(parsed.description).toBe('');
    expect(parsed.t.height).toBe(1);
    expect(file.safeParse({ ...ok, ruleset: 'other' }).success).toBe(false);
    expect(file.safeParse({ ...ok, id: 'A B' }).success).toBe(false);
    expect(file.safeParse({ ...ok, t: { ...ok.t, kind: 'hill' } }).success).toBe(false);
    expect(file.safeParse({ ...ok, t: { ...ok.t, extra: 1 } }).success).toBe(false);
    const side = z.object({ ...sideShape }).strict();
    expect(side.safeParse({ id: 'red', name: 'Red' }).success).toBe(true);
    expect(side.safeParse({ id: 'Red', name: 'Red' }).success).toBe(false);
    expect(side.safeParse({ id: 'red', name: '' }).success).toBe(false);
  });
});

describe('table kit: tableSchemas, the pieces in one unit', () => {
  it('point, polygon, zone and table size in the unit; fileShape opens a file with the header, table and base diameter', () => {
    const T = tableSchemas('cm');
    expect(T.point.description).toContain('cm');
    expect(
      T.polygon.safeParse([
        [0, 0],
        [1, 0],
      ]).success,
    ).toBe(false);
    expect(
      T.zone.parse({
        id: 'z',
        name: 'Zone',
        polygon: [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      }).id,
    ).toBe('z');
    const file = z.object({ ...T.fileShape('x-rules', 2.5, 'figure base diameter (cm)') }).strict();
    const ok = file.parse({ ruleset: 'x-rules', id: 'one', name: 'One', table: { width: 10, height: 5 } });
    expect(ok.baseDiameter).toBe(2.5);
    expect(ok.description).toBe('');
    expect(file.safeParse({ ruleset: 'other', id: 'one', name: 'One', table: { width: 10, height: 5 } }).success).toBe(false);
    expect(file.shape.baseDiameter.description).toBe('figure base diameter (cm)');
    const terrain = T.terrain(['wood'], 'wood: slow');
    expect(
      terrain.parse({
        id: 'w',
        kind: 'wood',
        polygon: [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      }).kind,
    ).toBe('wood');
  });
});
