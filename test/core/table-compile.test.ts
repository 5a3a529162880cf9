/**
 * The kit's compile start (src/core/table/compile.ts): a scenario file parsed with a room's schema
 * reports its problems at the file's JSON paths, builds the compiled-table base at the file's size,
 * and gives zones, deployment places and the start-overlap test every room places figures with.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScenarioError } from '../../src/core/basics.js';
import {
  StartPlaces,
  baseOverlapAt,
  deploySlots,
  figureNamed,
  parseTableScenario,
  tableFigure,
  tableSide,
  zoneOf,
} from '../../src/core/table/compile.js';
import { polygonSchema, sideIdSchema, tableSizeSchema, terrainAreaOf } from '../../src/core/table/schema.js';

const schema = z
  .object({
    id: z.string(),
    name: z.string(),
    table: tableSizeSchema('in'),
    terrain: z.array(z.object({ id: z.string(), kind: z.literal('building'), polygon: polygonSchema('in') })).default([]),
    sides: z.array(z.object({ id: sideIdSchema })).length(2),
  })
  .strict();
const file = { id: 't', name: 'T', table: { width: 20, height: 10 }, sides: [{ id: 'red' }, { id: 'blue' }] };
/** A ScenarioError's message names the file and the JSON path: `f.json: at <path>: …`. */
const at = (path: string): RegExp => new RegExp(`^f\\.json: at ${path.replace(/[$.[\]]/g, '\\$&')}: `);

describe('table kit: parseTableScenario', () => {
  it('a schema error and a side id used twice are reported at their JSON paths', () => {
    expect(() => parseTableScenario(schema, { ...file, table: { width: 0, height: 1 } }, 'f.json')).toThrow(ScenarioError);
    expect(() => parseTableScenario(schema, { ...file, table: { width: 0, height: 1 } }, 'f.json')).toThrow(at('$.table.width'));
    expect(() => parseTableScenario(schema, { ...file, sides: [{ id: 'red' }, { id: 'red' }] }, 'f.json')).toThrow(at('$.sides[1].id'));
    expect(() => parseTableScenario(schema, { ...file, sides: [{ id: 'red' }, { id: 'red' }] }, 'f.json')).toThrow(/used twice/);
  });

  it('sideIndex finds a side or fails at the path; fail throws at the path', () => {
    const p = parseTableScenario(schema, file, 'f.json');
    expect(p.sideIndex('blue', '$.first')).toBe(1);
    expect(() => p.sideIndex('green', '$.first')).toThrow(at('$.first'));
    expect(() => p.fail('$.x', 'no')).toThrow(at('$.x'));
  });

  it('base builds the table at the file size; a concave building is reported at $.terrain[i].polygon', () => {
    const p = parseTableScenario(schema, file, 'f.json');
    const b = p.base({ table: { unit: 'in', radius: 0.5, areas: [] } });
    expect([b.width, b.height, b.radius, b.contact, b.id, b.name]).toEqual([20, 10, 0.5, 1.1, 't', 'T']);
    const concave: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 1],
      [0, 4],
    ];
    const q = parseTableScenario(schema, { ...file, terrain: [{ id: 'b', kind: 'building', polygon: concave }] }, 'f.json');
    expect(() =>
      q.base({ table: { unit: 'in', radius: 0.5, areas: q.file.terrain.map((t) => terrainAreaOf(t, { impassable: true })) } }),
    ).toThrow(at('$.terrain[0].polygon'));
  });

  it("the base radius: half the file's baseDiameter, else what the compile's radiusOf reads, else the one base() is given", () => {
    const d = parseTableScenario(schema.extend({ baseDiameter: z.number() }), { ...file, baseDiameter: 1.25 }, 'f.json');
    expect(d.radius).toBe(0.625);
    expect(d.base({ table: { unit: 'in', areas: [] } }).radius).toBe(0.625);
    expect(d.base({ table: { unit: 'in', radius: 0.5, areas: [] } }).radius).toBe(0.5);
    const r = parseTableScenario(schema, file, 'f.json', (f) => f.table.width / 40);
    expect(r.base({ table: { unit: 'in', areas: [] } }).radius).toBe(0.5);
    const none = parseTableScenario(schema, file, 'f.json');
    expect(none.radius).toBeNaN();
    expect(() => none.base({ table: { unit: 'in', areas: [] } })).toThrow(/no base radius/);
  });
});

describe('table kit: what every figure and side is, and a figure a person names', () => {
  it('tableFigure and tableSide give the index, id, name and side (a figure without a name goes by its id)', () => {
    expect(tableFigure(3, 'P04', undefined, 1)).toEqual({ index: 3, id: 'P04', name: 'P04', side: 1 });
    expect(tableFigure(0, 'P01', 'Black Tom', 0)).toEqual({ index: 0, id: 'P01', name: 'Black Tom', side: 0 });
    const a = tableSide({ id: 'red', name: 'Red' }, 0);
    const b = tableSide({ id: 'red', name: 'Red' }, 0);
    expect(a).toEqual({ index: 0, id: 'red', name: 'Red', figures: [] });
    a.figures.push(7);
    expect(b.figures).toEqual([]);
  });
  it('figureNamed finds the first figure by id or name in any case, spaces around ignored; none for blank or unknown words', () => {
    const figures = [tableFigure(0, 'P01', 'Black Tom', 0), tableFigure(1, 'T01', undefined, 1), tableFigure(2, 'T02', 'p01', 1)];
    expect(figureNamed(figures, '  black tom ')?.index).toBe(0);
    expect(figureNamed(figures, 't01')?.index).toBe(1);
    expect(figureNamed(figures, 'P01')?.index).toBe(0);
    expect(figureNamed(figures, '   ')).toBeUndefined();
    expect(figureNamed(figures, 'nobody')).toBeUndefined();
  });
});

describe('table kit: zones, deployment places, start overlap', () => {
  const p = parseTableScenario(
    schema,
    {
      ...file,
      terrain: [
        {
          id: 'b',
          kind: 'building',
          polygon: [
            [8, 0],
            [12, 0],
            [12, 10],
            [8, 10],
          ],
        },
      ],
    },
    'f.json',
  );
  const base = p.base({ table: { unit: 'in', radius: 0.5, areas: p.file.terrain.map((t) => terrainAreaOf(t, { impassable: true })) } });
  const nav = base.table.nav;

  it('a zone aims at a free place inside it; a zone with none fails at its polygon', () => {
    const z = zoneOf(
      nav,
      {
        id: 'home',
        name: 'Home',
        polygon: [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
        ],
      },
      '$.home',
      6,
      p.fail,
    );
    expect(z.target).toEqual({ x: 2, y: 2 });
    expect(z.field).toBeDefined();
    expect(() =>
      zoneOf(
        nav,
        {
          id: 'in',
          name: 'In',
          polygon: [
            [9, 4],
            [11, 4],
            [11, 6],
            [9, 6],
          ],
        },
        '$.objective',
        1,
        p.fail,
      ),
    ).toThrow(at('$.objective.polygon'));
  });

  it('deployment places lie inside the area and free, nearest its centre first', () => {
    const slots = deploySlots(
      nav,
      [
        { x: 0, y: 0 },
        { x: 4, y: 0 },
        { x: 4, y: 4 },
        { x: 0, y: 4 },
      ],
      1.1,
    );
    expect(slots.length).toBe(9); // 0.5, 1.6, 2.7 each way
    const d = slots.map((s) => Math.hypot(s.x - 2, s.y - 2));
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(slots.every((s) => s.x >= 0.5 && s.x <= 3.5 && nav.isFree(s.x, s.y))).toBe(true);
  });

  it('baseOverlapAt names the first placed figure a base would overlap', () => {
    const xs = [1, 5, 5.5];
    const ys = [1, 1, 1];
    expect(baseOverlapAt(xs, ys, 3, 5.2, 1, 0.5)).toBe(1);
    expect(baseOverlapAt(xs, ys, 1, 5.2, 1, 0.5)).toBe(-1);
    expect(baseOverlapAt(xs, ys, 3, 2, 1, 0.5)).toBe(-1); // touching exactly: no overlap
  });
});

describe('table kit: StartPlaces', () => {
  it('places figures in index order, tells an overlap with one placed before (touching allowed), gives the start arrays', () => {
    const start = new StartPlaces(0.5);
    expect(start.add({ x: 1, y: 1 }, 0)).toBe(0);
    expect(start.overlapAt(1.5, 1)).toBe(0);
    expect(start.overlaps({ x: 2, y: 1 })).toBe(false);
    expect(start.add({ x: 2, y: 1 }, Math.PI)).toBe(1);
    expect(start.count).toBe(2);
    expect(start.overlapAt(2.5, 1.2)).toBe(1);
    const a = start.arrays();
    expect(Array.from(a.startX)).toEqual([1, 2]);
    expect(Array.from(a.startY)).toEqual([1, 1]);
    expect(Array.from(a.startFacing)).toEqual([0, Math.PI]);
    expect(a.startX).toBeInstanceOf(Float64Array);
  });
});
