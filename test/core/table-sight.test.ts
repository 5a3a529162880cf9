/**
 * The kit's sight for a person measuring on the table: `Table.sightBlockerOn` (what blocks a line,
 * by the same test as `lineOfSight`) and `sightLine` (view.ts: a line between figures or points —
 * distance, base gap, sight, and the room's cover — which every room's `view.sight` is built on).
 */
import { describe, expect, it } from 'vitest';
import { Table, sightLine, type FigureView } from '../../src/core/table/index.js';

const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('table kit: sight for a person measuring', () => {
  const table = new Table({
    width: 20,
    height: 20,
    unit: 'in',
    radius: 0.5,
    areas: [
      { id: 'h', label: 'the house', kind: 'building', polygon: square(8, 2, 12, 6), impassable: true, blocksSight: true },
      { id: 'w', label: 'the wood', kind: 'wood', polygon: square(8, 10, 12, 14), blocksSight: true },
      { id: 'c', label: 'the crates', kind: 'cover', polygon: square(8, 16, 9, 17), cover: 'cover' },
    ],
  });

  it('names the first sight-blocking area across a line, null exactly when lineOfSight is true', () => {
    const lines: [number, number, number, number][] = [
      [2, 4, 18, 4],
      [2, 12, 18, 12],
      [2, 8, 18, 8],
      [2, 16.5, 18, 16.5],
      [10, 0, 10, 18],
    ];
    const names = lines.map(([ax, ay, bx, by]) => table.sightBlockerOn(ax, ay, bx, by)?.label ?? null);
    expect(names).toEqual(['the house', 'the wood', null, null, 'the house']);
    for (const [ax, ay, bx, by] of lines) expect(table.sightBlockerOn(ax, ay, bx, by) === null).toBe(table.lineOfSight(ax, ay, bx, by));
  });

  // Three figures: 0 and 1 on either side of the house, 2 off the table.
  const v: FigureView = {
    x: [2, 18, 5],
    y: [4, 4, 18],
    facing: [0, 0, 0],
    radius: 0.5,
    occupies: (i) => i !== 2,
  };
  const ids = [{ id: 'A' }, { id: 'B' }, { id: 'C' }];
  const rules = { cover: (_fx: number, _fy: number, t: number, f: number) => `cover of ${ids[t].id} from ${f}`, rules: '§1' };

  it('between figures: centre to centre, base edge to base edge, the blocker named, the target’s cover by the room', () => {
    expect(sightLine(table, v, ids, { figure: 'A' }, { figure: 'B' }, rules)).toEqual({
      from: [2, 4],
      to: [18, 4],
      distance: 16,
      gap: 15,
      clear: false,
      blockedBy: 'the house',
      cover: 'cover of B from 0',
      rules: '§1',
    });
  });

  it('to or from a point: no gap; no cover when the far end is a point; a figure off the table answers null', () => {
    const p = sightLine(table, v, ids, { at: [2, 8] }, { figure: 'A' }, rules);
    expect(p).toMatchObject({ distance: 4, gap: null, clear: true, blockedBy: null, cover: 'cover of A from -1' });
    expect(sightLine(table, v, ids, { figure: 'A' }, { at: [2, 8] }, rules)?.cover).toBeNull();
    expect(sightLine(table, v, ids, { figure: 'A' }, { figure: 'C' }, rules)).toBeNull();
    expect(sightLine(table, v, ids, { figure: 'nobody' }, { at: [1, 1] }, rules)).toBeNull();
  });

  it('a room’s own sight rule replaces the table’s sight-blocking areas', () => {
    const own = { ...rules, blockedBy: () => 'the smoke' };
    expect(sightLine(table, v, ids, { at: [2, 8] }, { at: [18, 8] }, own)).toMatchObject({ clear: false, blockedBy: 'the smoke' });
  });
});
