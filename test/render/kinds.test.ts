/**
 * Issue 41, a readable table: figures drawn by kind. Every ruleset with a view names each figure's
 * kind and gives it a glyph, so that a captain, a pikeman, a horseman and a gun look different on the
 * table (Escarmouche's Mill Bridge fields all four); the SVG draws the glyph on the base, a long base
 * for the mounted and a square one for a gun, names every area on the table and says what kind of
 * ground it is on hover.
 */
import { describe, expect, it } from 'vitest';
import { RULESETS, loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import type { Scene } from '../../src/core/scene.js';
import { sceneToSvg } from '../../src/render/svg.js';

function setupScene(id: string): Scene {
  const sc = loadScenario(id);
  return sc.ruleset.view!.scene(sc.ruleset.setup(sc.compiled, { rng: gameStream(1) }));
}

describe('figures by kind', () => {
  it('every figure of every built-in scenario has a kind in words and a one-character glyph', () => {
    let scenarios = 0;
    for (const r of RULESETS.values()) {
      if (!r.view) continue;
      for (const s of r.scenarios) {
        const scene = setupScene(`${r.id}/${s}`);
        scenarios++;
        for (const f of scene.figures) {
          expect(f.kind, `${r.id}/${s} ${f.id}`).toMatch(/\w/);
          expect([...(f.glyph ?? '')].length, `${r.id}/${s} ${f.id} glyph`).toBe(1);
        }
        // More than one kind is told apart in every scenario.
        expect(new Set(scene.figures.map((f) => f.glyph)).size, `${r.id}/${s}`).toBeGreaterThan(1);
      }
    }
    expect(scenarios).toBeGreaterThan(5);
  });

  it('Mill Bridge: a captain, a pikeman, a horseman and a gun look different (glyph and base)', () => {
    const scene = setupScene('escarmouche/mill-bridge');
    const look = (kind: string): string => {
      const f = scene.figures.find((x) => x.kind === kind);
      expect(f, kind).toBeDefined();
      return `${f!.glyph}/${f!.form ?? 'foot'}`;
    };
    const looks = ['captain', 'pikeman', 'trooper', 'gunner'].map(look);
    expect(new Set(looks).size).toBe(4);
    expect(look('trooper')).toMatch(/\/mounted$/);
    expect(look('gunner')).toMatch(/\/gun$/);
    expect(look('pikeman')).toMatch(/\/foot$/);
  });

  it('the SVG draws the glyph on the base, the band number small beneath, a long base for a rider and a square for a gun', () => {
    const scene = setupScene('escarmouche/mill-bridge');
    const svg = sceneToSvg(scene, { legend: false });
    const group = (kind: string): string => {
      const f = scene.figures.find((x) => x.kind === kind)!;
      const m = new RegExp(`<g id="f-${f.id}"[^>]*>(.*?)</g>`).exec(svg);
      expect(m, kind).not.toBeNull();
      expect(m![0]).toContain(`data-kind="${kind}"`);
      expect(m![1]).toContain(`<text class="glyph"`);
      expect(m![1]).toContain(`>${f.glyph}</text>`);
      return m![1];
    };
    expect(group('trooper')).toMatch(/<rect class="base"[^>]* rx="/);
    expect(group('gunner')).toMatch(/<rect class="base"(?![^>]* rx=)[^>]*\/>/);
    expect(group('pikeman')).toMatch(/<circle class="base"/);
    expect(group('pikeman')).toContain('<text class="band sub"');
  });

  it('every area with a name is named on the table, its effect on a second line', () => {
    const scene = setupScene('state-of-war/wagon-raid');
    const svg = sceneToSvg(scene, { legend: false, unit: 'cm' });
    const named = new Set(scene.areas.filter((a) => !['open', 'deploy'].includes(a.kind)).map((a) => a.label));
    const labels = [...svg.matchAll(/<text class="alabel"[^>]*>(.*?)<\/text>/g)].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    for (const name of named) expect(labels, name).toContain(name.replace(/&/g, '&amp;'));
    expect(svg).toMatch(/<tspan[^>]*>the farmhouse<\/tspan><tspan[^>]*>\(hard cover\)<\/tspan>/);
  });

  it("an area's tooltip names what kind of ground it is, unless its name already says its effect", () => {
    const pirates = sceneToSvg(setupScene('pirates/supply-raid'), { legend: false });
    expect(pirates).toMatch(/data-label="harbour"[^>]*><title>harbour — water<\/title>/);
    const sow = sceneToSvg(setupScene('state-of-war/wagon-raid'), { legend: false, unit: 'cm' });
    expect(sow).toMatch(/<title>the farmhouse \(hard cover\)<\/title>/);
  });
});
