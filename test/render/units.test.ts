/**
 * Maps and help follow the table's unit (the ruleset's traits.units), not a ruleset's name: a
 * centimetre table (State of War's wagon-raid) is described in centimetres and drawn at about the
 * size of an inch table of the same real size.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import { sceneToAscii } from '../../src/render/ascii.js';
import { sceneToSvg } from '../../src/render/svg.js';
import { unitWords } from '../../src/play/terminal.js';

describe('the table unit in maps and help', () => {
  const sc = loadScenario('wagon-raid');
  const r = sc.ruleset;
  const state = r.setup(sc.compiled, { rng: gameStream(1) });
  const scene = r.view!.scene(state);
  it('a centimetre ruleset is described in centimetres, an inch one in inches', () => {
    expect(r.traits.units).toBe('cm');
    expect(unitWords(r.traits.units).plural).toBe('centimetres');
    expect(unitWords(loadScenario('supply-raid').ruleset.traits.units).plural).toBe('inches');
    const map = sceneToAscii(scene, { unit: r.traits.units, perInch: 76 / scene.width, inchesPerLine: 10 });
    expect(map).toMatch(/ruler every 10 cm/);
    expect(map).not.toMatch(/\bin\b (across|down)/);
    // Every 10 cm of the 180 cm table is marked on the ruler (a digit for each of 0 … 170).
    expect((map.split('\n')[0].match(/\d/g) ?? []).length).toBe(18);
  });
  it('the SVG of a 180 × 120 cm table is about a thousand pixels wide, not two and a half thousand', () => {
    const svg = sceneToSvg(scene, { unit: 'cm' });
    const w = Number(/width="(\d+)"/.exec(svg)![1]);
    expect(w).toBeGreaterThan(800);
    expect(w).toBeLessThan(1300);
    expect(Number(/width="(\d+)"/.exec(sceneToSvg(scene))![1])).toBeGreaterThan(2400);
  });
});
