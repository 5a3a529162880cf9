/**
 * Issue 41, "the legend is the Pirates! one on every ruleset": the page's legend is made from what
 * this game's table holds (its SVG) — the kinds of figure with their glyphs and bases, the terrain by
 * kind with the places' names, the marked points, the ruleset's badges — so each ruleset's legend
 * names its own and nothing of another's.
 */
import { describe, expect, it } from 'vitest';
import { RULESETS, loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import type { Scene } from '../../src/core/scene.js';
import { sceneToSvg } from '../../src/render/svg.js';
import { drawnTable, legendHtml } from '../../src/web/legend.js';

function legendOf(id: string): { scene: Scene; html: string; text: string } {
  const sc = loadScenario(id);
  const scene = sc.ruleset.view!.scene(sc.ruleset.setup(sc.compiled, { rng: gameStream(1) }));
  const svg = sceneToSvg(scene, { legend: false, unit: sc.ruleset.traits.units });
  const drawn = drawnTable(svg, new Map(scene.figures.map((f) => [f.id, f.side])));
  const html = legendHtml(drawn, scene.sides, scene.sides[0].id, scene.badges ?? [], sc.ruleset.traits.units);
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { scene, html, text };
}

describe("each game's legend is its ruleset's own", () => {
  it('reads every figure, area and marked point back from the SVG', () => {
    const sc = loadScenario('escarmouche/mill-bridge');
    const scene = sc.ruleset.view!.scene(sc.ruleset.setup(sc.compiled, { rng: gameStream(1) }));
    const drawn = drawnTable(sceneToSvg(scene, { legend: false }), new Map(scene.figures.map((f) => [f.id, f.side])));
    expect(drawn.figures.map((f) => f.kind)).toEqual(scene.figures.map((f) => f.kind));
    expect(drawn.figures.map((f) => f.glyph)).toEqual(scene.figures.map((f) => f.glyph));
    expect(drawn.figures.map((f) => f.form)).toEqual(scene.figures.map((f) => f.form ?? 'foot'));
    expect(drawn.figures.map((f) => f.side)).toEqual(scene.figures.map((f) => f.side));
    expect(drawn.areas.length).toBe(scene.areas.length);
    expect(drawn.markers.length).toBe(scene.markers.length);
  });

  it('every ruleset: its sides, every kind of figure, every kind of terrain with the places named, its badges', () => {
    for (const r of RULESETS.values()) {
      if (!r.view || r.scenarios.length === 0) continue;
      const { scene, text } = legendOf(`${r.id}/${r.scenarios[0]}`);
      for (const s of scene.sides) expect(text, r.id).toContain(s.name);
      for (const f of scene.figures) expect(text, `${r.id} ${f.id}`).toContain(f.kind!);
      for (const a of scene.areas.slice(0, 3)) expect(text, `${r.id} ${a.label}`).toContain(a.label);
      for (const b of scene.badges ?? []) expect(text, r.id).toContain(b.words.replace(/#/g, 'n'));
    }
  });

  it("Mill Bridge's legend has pikemen, riders on long bases and a gun on a square one, and nothing of the Pirates' harbour", () => {
    const { text } = legendOf('escarmouche/mill-bridge');
    expect(text).toContain('pikeman');
    expect(text).toMatch(/trooper \(long base\)/);
    expect(text).toMatch(/gunner \(square base\)/);
    expect(text).toContain('the Mill Stream');
    expect(text).not.toMatch(/booty|harbour|schooner/);
    expect(text).not.toMatch(/its band/); // Escarmouche's figures act alone: no band numbers drawn, none explained
  });

  it("Supply Raid's legend has the harbour, the ship and the exits, and no pikemen", () => {
    const { text } = legendOf('pirates/supply-raid');
    expect(text).toMatch(/water ?: harbour/);
    expect(text).toMatch(/the schooner/);
    expect(text).toMatch(/small brown dots: exit/);
    expect(text).toMatch(/personality \(cutlass\)/);
    expect(text).not.toMatch(/pikeman|gunner/);
    // No band formed yet at the start of a Supply Raid: no band numbers drawn; Pig Wars' units are bands from the start.
    expect(text).not.toMatch(/its band/);
    expect(legendOf('pig-wars/farmstead-raid').text).toMatch(/small number under a base: its band/);
  });
});
