/** State of War scenario files: bad input is refused with the JSON path of the problem. */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/model.js';
import { compileStateOfWar } from '../../src/rules/state-of-war/compile.js';
import { scenarioFile } from './helpers.js';

function err(raw: Record<string, unknown>): ScenarioError {
  try {
    compileStateOfWar(raw, 'bad.json');
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('state-of-war scenario files', () => {
  const figs = [{ side: 0 as const }, { side: 1 as const }];
  it('a figure placed inside a building names its unit', () => {
    const raw = scenarioFile(figs, {
      terrain: [
        {
          id: 'house',
          kind: 'building',
          polygon: [
            [0, 180],
            [40, 180],
            [40, 199],
            [0, 199],
          ],
        },
      ],
    });
    const e = err(raw);
    expect(e.jsonPath).toBe('$.sides[0].units[0].at');
    expect(e.message).toMatch(/in a building/);
  });
  it('a concave building is refused at its terrain entry', () => {
    const raw = scenarioFile(figs, {
      terrain: [
        {
          id: 'L',
          kind: 'building',
          polygon: [
            [50, 50],
            [70, 50],
            [70, 55],
            [55, 55],
            [55, 70],
            [50, 70],
          ],
        },
      ],
    });
    expect(err(raw).jsonPath).toBe('$.terrain[0].polygon');
  });
  it('an unknown first side, objective side or weapon is named', () => {
    expect(err(scenarioFile(figs, { first: 'nobody' })).jsonPath).toBe('$.first');
    const raw = scenarioFile(figs);
    (raw.objective as Record<string, unknown>).side = 'nobody';
    expect(err(raw).jsonPath).toBe('$.objective.side');
    const bad = scenarioFile([{ side: 0, weapon: 'laser' }, { side: 1 }]);
    expect(err(bad).jsonPath).toMatch(/^\$\.sides\[0\]\.units\[0\]\.figures\[0\]\.weapon/);
  });
  it('two force commanders on a side are refused', () => {
    const raw = scenarioFile([{ side: 0, role: 'commander' }, { side: 0, role: 'commander' }, { side: 1 }]);
    expect(err(raw).jsonPath).toBe('$.sides[0].units[1].figures[0].role');
  });
});
