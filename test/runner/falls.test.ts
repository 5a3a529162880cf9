/**
 * Issue 44 item 3 ("where on the table figures fall"): each stress game's row carries where its
 * dead figures lie at the end (fallsOf, from the ruleset's scene), and the stress report adds them
 * up into a heat map of square cells (FallsMap).
 */
import { describe, expect, it } from 'vitest';
import { FALLS_COLUMNS, FallsMap } from '../../src/report/falls.js';
import { fallsOf } from '../../src/runner/play.js';
import type { Scene, SceneFigure } from '../../src/core/scene.js';

function figure(id: string, side: string, x: number, y: number, status: string, onTable = true): SceneFigure {
  return { id, name: id, x, y, r: 0.5, side, band: null, status, onTable, markers: [], badge: '', highlighted: false, current: false };
}

describe('falls', () => {
  it('fallsOf keeps the dead figures on the table, rounded to 0.1, with their side index', () => {
    const scene: Scene = {
      width: 48,
      height: 24,
      caption: '',
      sides: [],
      areas: [],
      markers: [],
      info: [],
      figures: [
        figure('a1', 'a', 1.234, 2.26, 'dead'),
        figure('a2', 'a', 5, 5, 'active'),
        figure('b1', 'b', 47.96, 23.99, 'dead'),
        figure('b2', 'b', 9, 9, 'dead', false), // dead off the table: not where it fell
        figure('b3', 'b', 9, 9, 'captured'),
      ],
    };
    expect(fallsOf(scene, ['a', 'b'])).toEqual({
      table: [48, 24],
      at: [
        [1.2, 2.3, 0],
        [48, 24, 1],
      ],
    });
  });
  it('FallsMap counts falls per square cell and per side; points on the far edges fall in the last cells', () => {
    const m = new FallsMap(['a', 'b']);
    expect(m.toJson()).toBeNull();
    m.add({
      table: [48, 24],
      at: [
        [1, 1, 0],
        [1.9, 1.5, 1],
        [48, 24, 1],
      ],
    });
    m.add({ table: [48, 24], at: [] });
    const j = m.toJson();
    expect(j).toMatchObject({ table: [48, 24], cell: 2, columns: FALLS_COLUMNS, rows: 12, games: 2, figures: 3 });
    expect(j?.cells[0]).toBe(2);
    expect(j?.cells[12 * FALLS_COLUMNS - 1]).toBe(1);
    expect(j?.cells.reduce((s, n) => s + n, 0)).toBe(3);
    expect(j?.bySide.a[0]).toBe(1);
    expect(j?.bySide.b[0]).toBe(1);
    expect(j?.bySide.b[12 * FALLS_COLUMNS - 1]).toBe(1);
    const svg = m.svg('Where figures fall');
    expect(svg).toContain('<title>2 fallen</title>');
    expect(svg.match(/<rect /g)).toHaveLength(3); // the table and two cells
  });
});
