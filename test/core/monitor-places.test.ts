/**
 * The invariant monitors' checks of where figures stand after a decision (Pig Wars, State of War,
 * Escarmouche: read from the state, for the figures that changed — src/core/table/step-changes.ts):
 * a figure put onto another's base is reported as an overlap, and one put off the table as standing
 * where it may not, at the decision it happens; nothing while nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';

interface Placed {
  x: number[] | Float64Array;
  y: number[] | Float64Array;
}

const CASES = [
  { scenario: 'farmstead-raid', overlap: /overlap/, off: /stands off the table or in a building/ },
  { scenario: 'wagon-raid', overlap: /overlap/, off: /stands in a building or off the table/ },
  { scenario: 'mill-bridge', overlap: /bases of .* overlap/, off: /base stands on impassable ground or off the table/ },
];

describe('the monitors see a figure moved onto another or off the table', () => {
  for (const c of CASES) {
    it(`${c.scenario}: an overlap and a place off the table are reported when they happen`, () => {
      const sc = loadScenario(c.scenario);
      const r = sc.ruleset;
      const m = r.invariants!(sc.compiled);
      const s = r.setup(sc.compiled, { rng: gameStream(1), emit: (e) => m.event(e) }) as Placed;
      m.afterStep(s);
      m.afterStep(s);
      expect(m.violations).toEqual([]);
      // Figure 1 onto figure 0 (both on the table at the start).
      s.x[1] = s.x[0];
      s.y[1] = s.y[0];
      m.afterStep(s);
      expect(m.violations.join('\n')).toMatch(c.overlap);
      const n = m.violations.length;
      // Figure 2 far off the table.
      s.x[2] = -1000;
      s.y[2] = -1000;
      m.afterStep(s);
      expect(m.violations.slice(n).join('\n')).toMatch(c.off);
    });
  }
});
