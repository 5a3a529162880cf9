/**
 * Escarmouche's map in the terminal (issue 20, item 9): objectives drawn with the `$` its legend
 * lists, the places its actions name labelled and listed, and no talk of bands (it has none).
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
  const [map, legend] = [text.split('\n').slice(1, 21).join('\n'), text.split('\n').slice(21).join('\n')];

  it('draws $ on the objectives (Mill Bridge, Gallows Hill, Beacon Hill) that its legend lists', () => {
    expect(legend).toMatch(/\$ objectives: Mill Bridge: objective worth 2; Gallows Hill: objective worth 1; Beacon Hill: objective worth 1/);
    expect((map.match(/\$/g) ?? []).length).toBeGreaterThan(30);
  });

  it('labels every place the actions name and lists them', () => {
    const acts = g.legal().map((a) => sc.ruleset.describeAction(g.state, a)).join('\n');
    expect(acts).toMatch(/west road/);
    expect(legend).toMatch(/places: a the north-west field/);
    expect(legend).toMatch(/o the west road/);
    expect(map).toMatch(/o\.{9}/); // the key drawn in its zone
  });

  it('says nothing of bands', () => {
    expect(text).not.toMatch(/band/);
    expect(legend).toMatch(/Royalists: R\n/);
  });
});
