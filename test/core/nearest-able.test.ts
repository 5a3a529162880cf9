/** The table kit's nearestAble / nearestAbleDist (src/core/table/nearest.ts). */
import { describe, expect, it } from 'vitest';
import { type FigureView, type NearestHit, nearestAble, nearestAbleDist } from '../../src/core/table/index.js';

/** Five figures on a line y = 0 at x = 0, 3, 5, 5 (a tie), 9; figure 1 is not able, figure 4 occupies nothing. */
const xs = [0, 3, 5, 5, 9];
function view(withAble: boolean): FigureView {
  const v: FigureView = { x: xs, y: xs.map(() => 0), facing: xs.map(() => 0), radius: 0.5, occupies: (i) => i !== 4 };
  return withAble ? { ...v, able: (i) => i !== 1 && i !== 4 } : v;
}

describe('nearestAble', () => {
  it('finds the nearest candidate that is able to act (v.able), with its distance', () => {
    const out: NearestHit = { f: 0, d: 0 };
    expect(nearestAble(view(true), [1, 2, 3, 4], 2, 0, out)).toEqual({ f: 2, d: 3 });
    expect(nearestAbleDist(view(true), [1, 2, 3, 4], 2, 0)).toBe(3);
  });

  it('counts occupying figures when the view has no `able`', () => {
    const out: NearestHit = { f: 0, d: 0 };
    expect(nearestAble(view(false), [1, 2, 3, 4], 2, 0, out)).toEqual({ f: 1, d: 1 });
    expect(nearestAbleDist(view(false), [4], 2, 0)).toBe(Infinity);
  });

  it('keeps the earlier candidate on a tie, and answers −1 / Infinity when none counts', () => {
    const out: NearestHit = { f: 0, d: 0 };
    expect(nearestAble(view(true), [3, 2], 5, 4, out).f).toBe(3);
    expect(nearestAble(view(true), [2, 3], 5, 4, out).f).toBe(2);
    expect(nearestAble(view(true), [1, 4], 0, 0, out)).toEqual({ f: -1, d: Infinity });
  });

  it("reuses the caller's answer object (no object per call)", () => {
    const out: NearestHit = { f: 0, d: 0 };
    expect(nearestAble(view(true), [0], 0, 0, out)).toBe(out);
  });
});
