/**
 * Escarmouche's map in the terminal (issue 20, item 9): objectives drawn with the `$` its legend
 * lists, the places its actions name labelled and listed, and no talk of bands (it has none).
 * Since Escarmouche moved onto the measured table (issue 19) the places are its terrain areas.
 */
import { describe, expect, it } from 'vitest';
import { GameSession } from '../../src/core/game.js';
import { sceneToAscii } from '../../src/render/ascii.js';
import { loadScenario } from '../../src/rules/index.js';

describe('Escarmouche ASCII map', () => {
  const sc = loadScenario('mill-bridge');
  const g = new GameSession(sc, 1, { royalists: 'random', parliament: 'random' });
  const scene = sc.ruleset.view?.scene(g.state);
  if (!scene) throw new Error('escarmouche draws no scene');
  const text = sceneToAscii(scene);
  const lines = text.split('\n');
  const legendAt = lines.findIndex((l) => /^\s+~ water/.test(l));
  const [map, legend] = [lines.slice(1, legendAt).join('\n'), lines.slice(legendAt).join('\n')];

  it('draws $ on the objectives (Mill Bridge, Gallows Hill, Beacon Hill) that its legend lists', () => {
    expect(legend).toMatch(/\$ objectives: Mill Bridge \(2\); Gallows Hill \(1\); Beacon Hill \(1\)/);
    expect((map.match(/\$/g) ?? []).length).toBeGreaterThan(10);
  });

  it('labels every place the actions name and lists them (on the table: every named terrain area)', () => {
    const acts = g
      .legal()
      .map((a) => sc.ruleset.describeAction(g.state, a))
      .join('\n');
    expect(acts).toMatch(/Gallows Hill/);
    expect(legend).toMatch(/places: a the Mill Stream, b Mill Bridge, c Gallows Hill/);
    for (const name of ['the west copse', 'the east hedge', "the miller's house", 'the mill']) expect(legend).toContain(name);
    expect(map).toMatch(/a~/); // the key drawn on its area
  });

  it('says nothing of bands', () => {
    expect(text).not.toMatch(/band/);
    expect(legend).toMatch(/Royalists: R\n/);
  });
});
