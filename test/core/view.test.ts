/** The table kit's view helpers (src/core/table/view.ts): move ends, attack targets, sight within range, reach rings. */
import { describe, expect, it } from 'vitest';
import { type FigureView, Table, attackTargets, figureReach, moveEndAt, moveTargets, sightWithin } from '../../src/core/table/index.js';
import { rect } from '../../src/core/geometry.js';

/** 40 × 20 in with a house (blocks sight) at x 20–24, y 0–10. */
const table = new Table({
  width: 40,
  height: 20,
  unit: 'in',
  radius: 0.5,
  areas: [{ id: 'house', kind: 'house', polygon: rect(20, 0, 24, 10), impassable: true, blocksSight: true }],
});

/** Figures: 0 at (10, 5) the shooter; 1 at (16, 5) in the open; 2 at (30, 5) behind the house; 3 at (10, 15) not able; 4 at (10, 17.9). */
const xs = [10, 16, 30, 10, 10];
const ys = [5, 5, 5, 15, 17.9];
const view: FigureView = { x: xs, y: ys, facing: xs.map(() => 0), radius: 0.5, occupies: () => true, able: (i) => i !== 3 };
const ids = xs.map((_, i) => ({ id: `f${i}` }));

describe('moveEndAt / moveTargets', () => {
  const path = {
    points: [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ],
    length: 20,
  };
  it('ends `allow` along the path, or `stopShort` before its end when that is nearer', () => {
    expect(moveEndAt(path, 0, 15)).toEqual([10, 5]);
    expect(moveEndAt(path, 1, Infinity)).toEqual([10, 9]);
    expect(moveEndAt(path, 25, 8)).toEqual([0, 0]);
  });
  it('names the figures and the end; no point without a way', () => {
    expect(moveTargets(['e1'], path, 1, 4)).toEqual({ figures: ['e1'], at: [4, 0] });
    expect(moveTargets([], null, 0, 4)).toEqual({ figures: [], at: null });
    expect(attackTargets('e1')).toEqual({ figures: ['e1'], at: null });
  });
});

describe('sightWithin', () => {
  it('counts able figures within range base to base that nothing blocks the sight of', () => {
    expect(sightWithin(table, view, 0, [1, 2, 3, 4], 30)).toEqual([1, 4]);
    // f1 is 6 in centre to centre: 5 in base to base.
    expect(sightWithin(table, view, 0, [1], 5)).toEqual([1]);
    expect(sightWithin(table, view, 0, [1], 4.9)).toEqual([]);
  });
});

describe('figureReach', () => {
  it('gives the moving rings, then the range ring round the centre, and the enemies in sight', () => {
    const move = { kind: 'move', label: 'moves 8 in', radius: 8 };
    expect(figureReach(table, view, 0, { moves: [move] }, ids)).toEqual({ rings: [move], sight: [] });
    const r = figureReach(table, view, 0, { moves: [move], weapon: { range: 12, label: 'musket 12 in', enemies: [1, 2, 3, 4] } }, ids);
    expect(r.rings).toEqual([move, { kind: 'range', label: 'musket 12 in', radius: 13 }]);
    expect(r.sight).toEqual(['f1', 'f4']);
  });
});
