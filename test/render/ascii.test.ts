/** The ASCII map of a scene (`play`): terrain, figures by side and band, the acting band and the figure deciding. */
import { describe, expect, it } from 'vitest';
import type { Scene, SceneFigure } from '../../src/core/scene.js';
import { bandLetters, sceneToAscii } from '../../src/render/ascii.js';

function fig(id: string, side: string, x: number, y: number, band: string | null, extra: Partial<SceneFigure> = {}): SceneFigure {
  return {
    id,
    name: id,
    x,
    y,
    r: 0.5,
    side,
    band,
    status: 'active',
    onTable: true,
    markers: [],
    badge: '',
    highlighted: false,
    current: false,
    ...extra,
  };
}

const scene: Scene = {
  width: 20,
  height: 10,
  caption: 'test',
  sides: [
    { id: 'red', name: 'Reds', colour: '#c00', mark: 'R' },
    { id: 'blue', name: 'Blues', colour: '#00c', mark: 'B' },
  ],
  areas: [
    {
      id: 'h',
      kind: 'building',
      label: 'house',
      points: [
        [10, 0],
        [14, 0],
        [14, 4],
        [10, 4],
      ],
    },
    {
      id: 'o',
      kind: 'objective',
      label: 'the well',
      points: [
        [16, 6],
        [20, 6],
        [20, 10],
        [16, 10],
      ],
    },
  ],
  markers: [],
  figures: [
    fig('R1', 'red', 1.5, 1, '0', { highlighted: true, current: true }),
    fig('R2', 'red', 3.5, 1, '0', { highlighted: true }),
    fig('R3', 'red', 5.5, 1, '4'),
    fig('R4', 'red', 7.5, 1, null),
    fig('B1', 'blue', 1.5, 7, '1'),
    fig('B2', 'blue', 3.5, 7, null, { status: 'fleeing' }),
    fig('B3', 'blue', 5.5, 7, '1', { status: 'dead' }),
  ],
  info: [],
};

describe('ASCII map', () => {
  it('marks figures by side and band, the acting band and the figure deciding, with a legend', () => {
    const text = sceneToAscii(scene);
    const rows = text.split('\n');
    expect(rows[0].trim()).toBe('0         1');
    expect(rows[1]).toBe('  0 .@.*.C.R..####......'); // letters skip the sides' marks (R, B)
    expect(rows[4]).toBe('  6 .a.!............$$$$');
    expect(text).toContain('# building');
    expect(text).toContain('$ the well');
    expect(text).toContain('Reds: R in no band; bands A=0 C=4');
    expect(text).toContain('Blues: B in no band; bands a=1');
    expect(text).toContain('* band A=0 acting, @ R1 deciding'); // the acting band by its letter, as the legend and play's choices name it
    expect(bandLetters(scene).get('red\u00000')).toBe('A');
  });

  it('in colour keeps the band letters and shows the acting band in reverse video', () => {
    const text = sceneToAscii(scene, { colour: true });
    expect(text).toContain('\u001b[31;1;7;4mA\u001b[0m'); // R1: side colour, bold, reverse, underlined
    expect(text).toContain('\u001b[31;1;7mA\u001b[0m'); // R2: reverse
    expect(text).toContain('reverse video: band A=0 acting');
  });
});

describe('ASCII map markers', () => {
  it('draws a marker that carries a glyph under the figures and names its kind in the legend; one without a glyph is not drawn', () => {
    const s: Scene = {
      ...scene,
      areas: [],
      markers: [
        { kind: 'pig', label: 'pig 1', x: 2.5, y: 2.5, glyph: 'o' },
        { kind: 'pig', label: 'pig 2', x: 5.5, y: 2.5, glyph: 'o' },
        { kind: 'exit', label: 'exit 1', x: 8.5, y: 2.5 },
      ],
      figures: [fig('R1', 'red', 5.5, 2.5, null)],
    };
    const rows = sceneToAscii(s).split('\n');
    // row 1 covers y 2–4: pig 1 at column 2, the figure over pig 2 at column 5, no exit at 8
    expect(rows[2].slice(4)).toBe('..o..R..............');
    expect(rows.some((l) => /(^|\s)o pig(\s|$)/.test(l))).toBe(true);
    expect(rows.join('\n')).not.toContain('exit');
  });
});

describe('Pig Wars map', () => {
  it('shows the loose pigs of the farmstead pen (o) and no pig once all are taken', async () => {
    const { loadScenario } = await import('../../src/rules/index.js');
    const { gameStream } = await import('../../src/core/rng.js');
    const L = loadScenario('farmstead-raid');
    const st = L.ruleset.setup(L.compiled, { rng: gameStream(1) }) as { pigBy: number[] };
    const view = L.ruleset.view;
    if (!view) throw new Error('no view');
    const count = (t: string): number => t.split('\n').slice(1, 19).join('').split('o').length - 1;
    // 8 pigs in the pen (Farmstead Raid), two to a cell at most on a 1 in × 2 in grid
    expect(count(sceneToAscii(view.scene(st)))).toBeGreaterThanOrEqual(4);
    st.pigBy.fill(-2);
    expect(count(sceneToAscii(view.scene(st)))).toBe(0);
  });
});

describe('place keys (Escarmouche: the areas the actions name)', () => {
  it('every key listed under the map is drawn on it once, even for areas narrower than a cell, overlapping, or under a figure', () => {
    const places: Scene = {
      ...scene,
      places: true,
      areas: [
        {
          id: 'yard',
          kind: 'open',
          label: 'the yard',
          points: [
            [0, 0],
            [8, 0],
            [8, 4],
            [0, 4],
          ],
        },
        {
          id: 'barn',
          kind: 'building',
          label: 'the barn',
          points: [
            [0, 0],
            [8, 0],
            [8, 4],
            [0, 4],
          ],
        }, // the same cells as the yard
        {
          id: 'wall',
          kind: 'wall',
          label: 'the wall',
          points: [
            [12, 5],
            [18, 5],
            [18, 5.2],
            [12, 5.2],
          ],
        }, // thinner than a line of the map
        {
          id: 'o',
          kind: 'objective',
          label: 'the well',
          points: [
            [16, 6],
            [20, 6],
            [20, 10],
            [16, 10],
          ],
        },
      ],
      figures: [fig('R1', 'red', 0.5, 0.5, null, { current: true })], // on the yard's first cell
    };
    const text = sceneToAscii(places);
    const lines = text.split('\n');
    const rows = lines.slice(1, 1 + 5).map((l) => l.slice(4));
    expect(text).toMatch(/places: a the yard, b the barn, c the wall/);
    for (const key of ['a', 'b', 'c']) expect(rows.join('').split(key).length - 1, `${key} in\n${rows.join('\n')}`).toBe(1);
  });
});
