/**
 * The kit's StepChanges (src/core/table/step-changes.ts): which figures changed between two
 * decisions, and the pairs an invariant monitor must look at again — each pair with a changed figure
 * exactly once, none of two unchanged figures.
 */
import { describe, expect, it } from 'vitest';
import { StepChanges } from '../../src/core/table/index.js';

function pairsOf(c: StepChanges, include: (f: number) => boolean = () => true): string[] {
  const out: string[] = [];
  c.pairs(include, (a, b) => out.push(`${a}-${b}`));
  return out.sort();
}

describe('StepChanges: what changed on the table between two decisions', () => {
  it('at the first update every figure counts as changed and every pair is visited once', () => {
    const c = new StepChanges(4);
    c.update([0, 1, 2, 3], [0, 0, 0, 0], [1, 1, 1, 1]);
    expect(c.first).toBe(true);
    expect([...c.list.subarray(0, c.count)]).toEqual([0, 1, 2, 3]);
    expect(pairsOf(c)).toEqual(['0-1', '0-2', '0-3', '1-2', '1-3', '2-3']);
  });

  it('then only figures whose centre, status or extra field differs exactly; their pairs once; before holds the last decision', () => {
    const c = new StepChanges(5);
    const x = [0, 1, 2, 3, 4];
    const y = [0, 0, 0, 0, 0];
    const st = [1, 1, 1, 1, 1];
    const band = [0, 0, 1, 1, -1];
    c.update(x, y, st, band);
    x[1] = 1.5; // moved
    st[3] = 0; // status changed
    band[4] = 1; // extra changed
    c.update(x, y, st, band);
    expect(c.first).toBe(false);
    expect([...c.list.subarray(0, c.count)]).toEqual([1, 3, 4]);
    expect([0, 1, 2, 3, 4].map((f) => c.changed(f))).toEqual([false, true, false, true, true]);
    expect(c.before.x[1]).toBe(1);
    expect(c.before.status[3]).toBe(1);
    expect(c.before.extra[4]).toBe(-1);
    // Every pair with 1, 3 or 4 in it, once; 0-2 (both unchanged) not at all.
    expect(pairsOf(c)).toEqual(['0-1', '0-3', '0-4', '1-2', '1-3', '1-4', '2-3', '2-4', '3-4']);
    // `include` leaves figures out on both ends.
    expect(pairsOf(c, (f) => f !== 3)).toEqual(['0-1', '0-4', '1-2', '1-4', '2-4']);
    // Nothing changes: nothing to look at; before now holds the second decision.
    c.update(x, y, st, band);
    expect(c.count).toBe(0);
    expect(pairsOf(c)).toEqual([]);
    expect(c.before.x[1]).toBe(1.5);
  });
});
