/** The table kit's plain cells (Table.plainAreaAt): the top area of a cell no edge comes near, as topAreaAt gives it; and the flat area boxes. */
import { describe, expect, it } from 'vitest';
import { PLAIN_CELLS, Table } from '../../src/core/table/index.js';
import { distToPolygonBoundary } from '../../src/core/geometry.js';
import { streamFromString } from '../../src/core/rng.js';

/** Overlapping areas (later ones on top), a slanted one and a thin one, on a 48 × 32 in table. */
function table(): Table {
  return new Table({
    width: 48,
    height: 32,
    unit: 'in',
    radius: 0.5,
    areas: [
      {
        id: 'field',
        kind: 'broken',
        polygon: [
          { x: 4, y: 4 },
          { x: 20, y: 4 },
          { x: 20, y: 20 },
          { x: 4, y: 20 },
        ],
      },
      {
        id: 'wood',
        kind: 'woods',
        polygon: [
          { x: 10, y: 10 },
          { x: 26, y: 12 },
          { x: 22, y: 26 },
          { x: 8, y: 18 },
        ],
      },
      {
        id: 'hedge',
        kind: 'hedge',
        polygon: [
          { x: 30, y: 2 },
          { x: 30.3, y: 2 },
          { x: 41, y: 30 },
          { x: 40.7, y: 30 },
        ],
      },
      {
        id: 'house',
        kind: 'building',
        polygon: [
          { x: 12, y: 6 },
          { x: 15, y: 6 },
          { x: 15, y: 8 },
          { x: 12, y: 8 },
        ],
        impassable: true,
      },
    ],
  });
}

describe('Table.plainAreaAt', () => {
  it('answers as topAreaAt wherever it answers, and only where no edge comes within a millionth', () => {
    const t = table();
    const rng = streamFromString('plain');
    let plain = 0;
    let near = 0;
    for (let k = 0; k < 20_000; k++) {
      const x = rng.next() * 48;
      const y = rng.next() * 32;
      const p = t.plainAreaAt(x, y);
      const nearest = Math.min(...t.areas.map((a) => distToPolygonBoundary(x, y, a.poly)));
      if (p === undefined) {
        near++;
        continue;
      }
      plain++;
      expect(p).toBe(t.topAreaAt(x, y));
      expect(nearest).toBeGreaterThan(1e-6);
    }
    // Most of the table is far from every edge; the cells an edge crosses are left to the exact way.
    expect(plain).toBeGreaterThan(near);
    expect(near).toBeGreaterThan(0);
  });

  it('leaves points on or next to an edge, and points off the table, to the exact way', () => {
    const t = table();
    for (const [x, y] of [
      [20, 10], // on the field's right edge
      [20 + 1e-7, 10],
      [18, 11], // on the wood's top edge (10,10)–(26,12)
      [30.15, 2], // on the hedge's short edge
      [-1, 5],
      [48, 5],
      [5, 32.05], // past the table's far edge, in the last row of cells
      [Number.NaN, 3],
    ])
      expect(t.plainAreaAt(x, y)).toBeUndefined();
  });

  it('gives the same answer at every point of a plain cell, and null where no area lies', () => {
    const t = table();
    const cell = 48 / PLAIN_CELLS;
    // A cell well inside the house (which lies in the field, drawn over it).
    const inHouse = t.plainAreaAt(13.5, 7);
    expect(inHouse?.id).toBe('house');
    const c = Math.floor(13.5 / cell);
    const r = Math.floor(7 / cell);
    for (const [fx, fy] of [
      [0, 0],
      [0.999, 0],
      [0, 0.999],
      [0.999, 0.999],
    ])
      expect(t.plainAreaAt((c + fx) * cell, (r + fy) * cell)?.id).toBe('house');
    // Where the wood lies over the field, the wood is on top.
    expect(t.plainAreaAt(15, 15)?.id).toBe('wood');
    expect(t.plainAreaAt(2, 30)).toBeNull();
  });
});

describe('Table.areaBoxes', () => {
  it("holds every area's box, flat, in the spec's order", () => {
    const t = table();
    expect(t.areaBoxes.length).toBe(4 * t.areas.length);
    t.areas.forEach((a, i) =>
      expect([...t.areaBoxes.subarray(4 * i, 4 * i + 4)]).toEqual([a.box.minX, a.box.minY, a.box.maxX, a.box.maxY]),
    );
    expect([...t.areaBoxes.subarray(8, 12)]).toEqual([30, 2, 41, 30]);
  });
});
