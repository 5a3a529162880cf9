/**
 * The workshop page's document model apart from the DOM (src/web/workshop/document.ts): problem
 * paths, edits at a path that copy only what they change, the items a layout finds, adding, moving,
 * dragging a vertex and deleting, undo/redo, the schema's lists; and every room's workshop layout
 * (src/core/workshop-layout.ts): it parses, its collections lead somewhere in its blank table, and
 * a built-in scenario of the ruleset shows its terrain and figures through it.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  History,
  addElement,
  chosenFields,
  collectionPlaces,
  fieldChoices,
  fillTemplate,
  formatPath,
  getAt,
  insertVertex,
  inside,
  items,
  moveItem,
  moveVertex,
  parseProblemPath,
  removeItem,
  removeVertex,
  setAt,
  tableSize,
  templateChoice,
} from '../../src/web/workshop/document.js';
import { workshopLayout, type WorkshopLayout } from '../../src/core/workshop-layout.js';
import { RULESETS } from '../../src/rules/index.js';
import { builtinScenarioFiles } from '../../src/core/scenario.js';

const layout: WorkshopLayout = workshopLayout.parse({
  blank: {},
  width: 'table.width',
  height: 'table.height',
  collections: [
    { id: 'terrain', label: 'piece', role: 'terrain', path: 'terrain', shape: 'polygon', field: 'polygon', kind: 'kind', idField: 'id' },
    {
      id: 'figures',
      label: 'figure',
      role: 'figure',
      path: 'sides.*.figures',
      shape: 'point',
      field: 'at',
      template: { group: '{*}-start' },
    },
    { id: 'exits', label: 'exit', role: 'zone', path: 'exits', shape: 'point' },
    { id: 'goal', label: 'goal', role: 'zone', path: 'goal', single: true, shape: 'polygon', field: 'polygon', idField: 'id' },
  ],
});
const coll = (id: string) => layout.collections.find((c) => c.id === id)!;

const scenario = (): Record<string, unknown> => ({
  table: { width: 30, height: 20 },
  terrain: [
    {
      id: 'terrain-1',
      kind: 'wood',
      polygon: [
        [1, 1],
        [4, 1],
        [4, 4],
      ],
    },
  ],
  sides: [
    { id: 'red', figures: [{ group: 'red-start', at: [2, 10] }] },
    { id: 'blue', figures: [] },
  ],
  exits: [[30, 10]],
});

describe('the workshop document model', () => {
  it('reads the check’s paths and writes them back', () => {
    expect(parseProblemPath('$.sides[1].figures[0].at')).toEqual(['sides', 1, 'figures', 0, 'at']);
    expect(parseProblemPath('sides.1.figures')).toEqual(['sides', 1, 'figures']);
    expect(parseProblemPath('')).toEqual([]);
    expect(formatPath(['sides', 1, 'at'])).toBe('$.sides[1].at');
  });

  it('sets a value at a path copying only the path, and removes with undefined', () => {
    const sc = scenario();
    const next = setAt(sc, ['sides', 0, 'figures', 0, 'at'], [5, 5]);
    expect(getAt(next, ['sides', 0, 'figures', 0, 'at'])).toEqual([5, 5]);
    expect(getAt(sc, ['sides', 0, 'figures', 0, 'at'])).toEqual([2, 10]); // the old one unchanged
    expect(next.terrain).toBe(sc.terrain); // shared where not changed
    expect(getAt(setAt(sc, ['exits', 0], undefined), ['exits'])).toEqual([]);
    expect(getAt(setAt(sc, ['victory', 'maxTurns'], 9), ['victory'])).toEqual({ maxTurns: 9 });
    expect(() => setAt(sc, ['exits', 0, 'x'], 1)).toThrow(/inside a list/);
  });

  it('finds each collection’s items, a figure list per side', () => {
    const sc = scenario();
    expect(collectionPlaces(sc, coll('figures')).map((p) => p.path)).toEqual([
      ['sides', 0, 'figures'],
      ['sides', 1, 'figures'],
    ]);
    const found = items(sc, layout);
    expect(found.map((i) => [i.coll.id, formatPath(i.path)])).toEqual([
      ['terrain', '$.terrain[0]'],
      ['figures', '$.sides[0].figures[0]'],
      ['exits', '$.exits[0]'],
    ]);
    expect(found[0].kind).toBe('wood');
    expect(found[1].point).toEqual([2, 10]);
    expect(found[1].stars).toEqual([0]);
    expect(tableSize(sc, layout)).toEqual({ width: 30, height: 20 });
  });

  it('adds elements from the template with a fresh id, the side’s id in the template, geometry in tenths', () => {
    let sc = scenario();
    const blueFigures = collectionPlaces(sc, coll('figures'))[1];
    const a = addElement(sc, coll('figures'), { place: blueFigures, geometry: [7.123, 8.06], fields: { weapon: 'club' } });
    expect(a.path).toEqual(['sides', 1, 'figures', 0]);
    expect(getAt(a.scenario, a.path)).toEqual({ group: 'blue-start', weapon: 'club', at: [7.1, 8.1] });
    sc = a.scenario;
    const t = addElement(sc, coll('terrain'), {
      place: collectionPlaces(sc, coll('terrain'))[0],
      geometry: [
        [10, 10],
        [12, 10],
        [12, 12],
      ],
      fields: { kind: 'building' },
    });
    expect(getAt(t.scenario, [...t.path, 'id'])).toBe('terrain-2');
    const e = addElement(t.scenario, coll('exits'), { place: collectionPlaces(sc, coll('exits'))[0], geometry: [0, 5] });
    expect(getAt(e.scenario, ['exits'])).toEqual([
      [30, 10],
      [0, 5],
    ]);
    const g = addElement(e.scenario, coll('goal'), {
      place: collectionPlaces(sc, coll('goal'))[0],
      geometry: [
        [1, 1],
        [2, 1],
        [2, 2],
      ],
    });
    expect(getAt(g.scenario, ['goal'])).toEqual({
      id: 'goal-1',
      polygon: [
        [1, 1],
        [2, 1],
        [2, 2],
      ],
    });
    expect(fillTemplate({ a: ['{*}-x'], b: 2 }, 'red')).toEqual({ a: ['red-x'], b: 2 });
  });

  it('moves a piece, drags a vertex and deletes', () => {
    const sc = scenario();
    const [piece, fig] = items(sc, layout);
    expect(getAt(moveItem(sc, piece, 1, 0.5), ['terrain', 0, 'polygon'])).toEqual([
      [2, 1.5],
      [5, 1.5],
      [5, 4.5],
    ]);
    expect(getAt(moveItem(sc, fig, -1, 1), ['sides', 0, 'figures', 0, 'at'])).toEqual([1, 11]);
    expect(getAt(moveVertex(sc, piece, 2, [9.99, 9]), ['terrain', 0, 'polygon', 2])).toEqual([10, 9]);
    expect(getAt(removeItem(sc, fig), ['sides', 0, 'figures'])).toEqual([]);
    // A vertex added on the nearest edge (here the closing edge, from (4, 4) back to (1, 1)), and removed again.
    const ins = insertVertex(sc, piece, [2.4, 2.6]);
    expect(ins.index).toBe(3);
    expect(getAt(ins.scenario, ['terrain', 0, 'polygon'])).toEqual([
      [1, 1],
      [4, 1],
      [4, 4],
      [2.4, 2.6],
    ]);
    const [piece4] = items(ins.scenario, layout);
    expect(getAt(removeVertex(ins.scenario, piece4, 3), ['terrain', 0, 'polygon'])).toEqual(getAt(sc, ['terrain', 0, 'polygon']));
    expect(removeVertex(sc, piece, 0)).toBe(sc); // a triangle keeps its three
  });

  it('undoes and redoes, a new edit clearing redo', () => {
    const a = scenario();
    const h = new History(a);
    const b = setAt(a, ['exits'], []);
    const c = setAt(b, ['table', 'width'], 40);
    h.apply(b);
    h.apply(c);
    expect(h.undo()).toBe(true);
    expect(h.current).toBe(b);
    expect(h.undo()).toBe(true);
    expect(h.current).toBe(a);
    expect(h.undo()).toBe(false);
    expect(h.redo()).toBe(true);
    expect(h.current).toBe(b);
    h.apply(a);
    expect(h.canRedo()).toBe(false);
    h.replace(c); // a drag's later steps: no step of their own
    expect(h.undo()).toBe(true);
    expect(h.current).toBe(b);
  });

  it('offers the schema’s lists for a new element, the kind first', () => {
    const schema = {
      properties: {
        terrain: {
          items: { properties: { id: { type: 'string' }, cover: { enum: ['soft', 'hard'] }, kind: { enum: ['wood', 'building'] } } },
        },
        sides: { items: { properties: { figures: { items: { properties: { weapons: { items: { enum: ['spear', 'axe'] } } } } } } } },
      },
    };
    expect(fieldChoices(schema, coll('terrain')).map((c) => c.field)).toEqual(['kind', 'cover']);
    expect(fieldChoices(schema, coll('figures'))).toEqual([{ field: 'weapons', values: ['spear', 'axe'], list: true }]);
    // A unit's figures (a list the template gives): their lists offered one level down, set in every figure.
    const unit = workshopLayout.parse({
      blank: {},
      width: 'w',
      height: 'h',
      collections: [
        {
          id: 'units',
          label: 'unit',
          role: 'figure',
          path: 'sides.*.units',
          shape: 'polygon',
          field: 'area',
          template: { class: 'average', figures: [{ count: 4, weapons: ['spear'] }, { weapons: ['axe'] }] },
        },
      ],
    }).collections[0];
    const unitSchema = {
      properties: {
        sides: {
          items: {
            properties: {
              units: {
                items: {
                  properties: {
                    class: { enum: ['average', 'elite'] },
                    figures: { items: { properties: { weapons: { items: { enum: ['spear', 'axe', 'bow'] } } } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(fieldChoices(unitSchema, unit).map((c) => c.field)).toEqual(['class', 'figures.weapons']);
    expect(templateChoice(unit, 'figures.weapons')).toEqual(['spear']);
    expect(chosenFields(unit, { class: 'elite', 'figures.weapons': ['bow'] })).toEqual({
      class: 'elite',
      figures: [{ count: 4, weapons: ['bow'] }, { weapons: ['bow'] }],
    });
    expect(
      inside(
        [2, 2],
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
        ],
      ),
    ).toBe(true);
    expect(
      inside(
        [5, 2],
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
        ],
      ),
    ).toBe(false);
  });
});

describe('each ruleset’s workshop layout', () => {
  const withLayout = [...RULESETS.values()].filter((r) => r.workshop !== undefined);

  it('at least the rulesets with buildings and figures by a point declare one', () => {
    expect(withLayout.length).toBeGreaterThan(0);
  });

  it.each(withLayout.map((r) => [r.id, r] as const))(
    '%s: parses, its blank table has every collection’s place, its built-ins show terrain and figures',
    (_id, r) => {
      const l = workshopLayout.parse(r.workshop);
      const blank = l.blank;
      expect(blank.ruleset).toBe(r.id);
      expect(tableSize(blank, l)).not.toBeNull();
      for (const c of l.collections) if (!c.single) expect(collectionPlaces(blank, c).length, c.id).toBeGreaterThan(0);
      const schema = r.jsonSchema?.();
      expect(
        fieldChoices(
          schema,
          l.collections.find((c) => c.role === 'terrain')!,
        ).length,
      ).toBeGreaterThan(0);
      for (const file of builtinScenarioFiles()) {
        const sc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        if (sc.ruleset !== r.id || 'inherit' in sc) continue;
        const found = items(sc, l);
        expect(
          found.some((i) => i.coll.role === 'terrain' && i.polygon !== null),
          file,
        ).toBe(true);
        expect(
          found.some((i) => i.coll.role === 'figure'),
          file,
        ).toBe(true);
        expect(tableSize(sc, l), file).not.toBeNull();
      }
    },
  );
});
