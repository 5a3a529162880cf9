/**
 * The kit's scene parts (src/core/table/view.ts): a terrain area and a figure as a Scene draws them,
 * from the table and the state's standard arrays, with the kit's status words.
 */
import { describe, expect, it } from 'vitest';
import { Table, sceneArea, sceneFigure, status } from '../../src/core/table/index.js';

describe('table kit: scene parts', () => {
  const table = new Table({
    width: 10,
    height: 10,
    unit: 'in',
    radius: 0.5,
    areas: [
      {
        id: 'h',
        label: 'the house',
        kind: 'building',
        polygon: [
          { x: 1, y: 1 },
          { x: 3, y: 1 },
          { x: 3, y: 3 },
        ],
        impassable: true,
      },
    ],
  });

  it('an area keeps its id, label and outline; its kind is the ruleset word unless given', () => {
    expect(sceneArea(table.areas[0])).toEqual({
      id: 'h',
      kind: 'building',
      label: 'the house',
      points: [
        [1, 1],
        [3, 1],
        [3, 3],
      ],
    });
    expect(sceneArea(table.areas[0], 'water').kind).toBe('water');
  });

  it('a figure from the standard arrays: place, base, facing, side; status words and on-table from the kit codes unless given', () => {
    const sc = { radius: 0.5, figures: [{ id: 'A1', name: 'Ash', side: 1 }], sides: [{ id: 'red' }, { id: 'blue' }] };
    const s = { x: [4], y: [5], facing: [Math.PI], status: [status.DEAD] };
    const extra = { band: null, markers: [], badge: '', highlighted: false, current: true };
    expect(sceneFigure(sc, s, 0, extra)).toEqual({
      id: 'A1',
      name: 'Ash',
      x: 4,
      y: 5,
      r: 0.5,
      facing: Math.PI,
      side: 'blue',
      band: null,
      status: 'dead',
      onTable: false,
      markers: [],
      badge: '',
      highlighted: false,
      current: true,
    });
    expect(sceneFigure(sc, s, 0, { ...extra, onTable: true }).onTable).toBe(true);
  });

  it("a figure's kind, glyph and base form pass through when the room gives them, and are absent when it does not", () => {
    const sc = { radius: 0.5, figures: [{ id: 'A1', name: 'Ash', side: 0 }], sides: [{ id: 'red' }] };
    const s = { x: [4], y: [5], facing: [0], status: [status.ACTIVE] };
    const extra = { band: '1', markers: [], badge: '', highlighted: false, current: false };
    const plain = sceneFigure(sc, s, 0, extra);
    expect('kind' in plain || 'glyph' in plain || 'form' in plain).toBe(false);
    const kinded = sceneFigure(sc, s, 0, { ...extra, kind: 'trooper', glyph: 'H', form: 'mounted' });
    expect([kinded.kind, kinded.glyph, kinded.form]).toEqual(['trooper', 'H', 'mounted']);
  });
});
