/** The table kit's list queries: contact with any of a list, the nearest figure, the chip draw, the place finder. */
import { describe, expect, it } from 'vitest';
import { PlaceFinder, Table, drawChip, inBaseContact, inContactAt, inContactWithAny, nearestFigure, nearestFigures, turnCard, type FigureView } from '../../src/core/table/index.js';
import { streamFromString } from '../../src/core/rng.js';

/** Five figures of radius 0.5 on a 24 × 24 in table; figure 3 cannot act, figure 4 is off the table. */
function view(): FigureView {
  const st = [0, 0, 0, 1, 2];
  return { x: [5, 6.05, 9, 5, 5.5], y: [5, 5, 5, 6.05, 5], facing: [0, 0, 0, 0, 0], radius: 0.5, occupies: (i) => st[i] < 2, able: (i) => st[i] === 0 };
}

describe('table kit queries', () => {
  it('inContactWithAny agrees with inBaseContact over a list, counting only figures able to act', () => {
    const v = view();
    expect(inBaseContact(v, 0, 1)).toBe(true);
    expect(inContactWithAny(v, 0, [1, 2])).toBe(true);
    expect(inContactWithAny(v, 0, [2])).toBe(false);
    // figure 3 touches 0 but cannot act; figure 4 overlaps 0 but is off the table
    expect(inBaseContact(v, 0, 3)).toBe(true);
    expect(inContactWithAny(v, 0, [3, 4])).toBe(false);
    expect(inContactWithAny({ ...v, able: undefined }, 0, [3])).toBe(true);
  });

  it('inContactAt asks the same of a place: a base at (x, y) touching an able figure of the list', () => {
    const v = view();
    expect(inContactAt(v, 8.2, 5, [2])).toBe(true); // 0.8 apart: touching within 0.1
    expect(inContactAt(v, 7.85, 5, [2])).toBe(false); // 1.15 apart: beyond 2 radii + 0.1
    expect(inContactAt(v, 7.85, 5, [2], 0.3)).toBe(true); // within 2 radii + 0.3
    expect(inContactAt(v, 5, 6.5, [3])).toBe(false); // figure 3 cannot act
    expect(inContactAt(v, v.x[0], v.y[0], [1, 2])).toBe(inContactWithAny(v, 0, [1, 2]));
  });

  it('nearestFigure is nearestFigures with k = 1 (first on ties), optionally only figures able to act', () => {
    const v = view();
    expect(nearestFigure(v, [2, 1, 3], 5, 5)).toBe(nearestFigures(v, [2, 1, 3], 5, 5, 1)[0].f);
    expect(nearestFigure(v, [1, 3], 5, 5.5)).toBe(3);
    expect(nearestFigure(v, [1, 3], 5, 5.5, true)).toBe(1);
    expect(nearestFigure(v, [4], 5, 5)).toBe(-1);
    // ties: the first listed
    expect(nearestFigure(v, [1, 0], 5.525, 5)).toBe(1);
  });

  it('drawChip draws as turnCard on a deck of the owners’ chips in owner order, and empties the cup', () => {
    const a = streamFromString('chips');
    const b = streamFromString('chips');
    const left = [3, 2];
    const deck = [1, 1, 1, 1, 1];
    const got: number[] = [];
    for (let i = 0; i < 5; i++) {
      const side = drawChip(left, a);
      const card = turnCard(deck, b);
      got.push(side);
      // flags still set in each owner's part of the deck equal the counts left
      expect([deck[0] + deck[1] + deck[2], deck[3] + deck[4]]).toEqual(left);
      expect(side).toBe(card < 3 ? 0 : 1);
    }
    expect(got.filter((x) => x === 0).length).toBe(3);
    expect(drawChip(left, a)).toBe(-1);
  });

  it('PlaceFinder: the near test agrees with the full test, the walk back stops at the first free place', () => {
    const table = new Table({ width: 24, height: 24, unit: 'in', radius: 0.5, areas: [] });
    const v = view();
    const P = new PlaceFinder(table);
    P.set(v, 2, [0, 1, 3], 1.6);
    P.setNear(v, 2, [0, 1, 3], 1.6, 6, 5, 2);
    for (const [x, y] of [
      [7, 5],
      [7.7, 5],
      [8, 5],
      [6, 7],
    ])
      expect(P.okNear(x, y)).toBe(P.ok(x, y));
    const route = [
      { x: 9, y: 5 },
      { x: 5, y: 5 },
    ];
    P.setRoute(v, 2, [0, 1, 3], route, 4);
    const d = P.walkBack(route, 4, 0.2);
    expect(P.ok(P.at.x, P.at.y)).toBe(true);
    expect(P.ok(9 - (d + 0.2), 5)).toBe(false);
  });
});
