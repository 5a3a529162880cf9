/** Escarmouche scenario files: Mill Bridge and the farmyard brawl on the table, the committed schema, and errors with JSON paths. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ScenarioError } from '../../src/core/model.js';
import { fromRaw, resolveScenario } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';
import { GameSession } from '../../src/core/game.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import type { EscScenario } from '../../src/rules/escarmouche/compile.js';

const base = JSON.parse(readFileSync('scenarios/escarmouche/mill-bridge.json', 'utf8')) as Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break the scenario by poking deep into a JSON copy
const clone = (): Record<string, any> => JSON.parse(JSON.stringify(base));
const err = (raw: unknown): ScenarioError => {
  try {
    compileSource(fromRaw(raw, 'x.json'));
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('no error');
};

describe('Escarmouche scenarios', () => {
  it('Mill Bridge: seven figures a side (captain, mounted cornet, two pikes, a musket, a mounted trooper, a gun) on a 48 × 32 in table, three objective areas, broken at four out, twelve turns', () => {
    const loaded = compileSource(resolveScenario('mill-bridge'));
    const sc = loaded.compiled as EscScenario;
    expect(loaded.ruleset.id).toBe('escarmouche');
    expect(loaded.ruleset.sides(sc)).toEqual(['royalists', 'parliament']);
    expect([sc.table.width, sc.table.height, sc.table.unit, sc.zoc, sc.radius]).toEqual([48, 32, 'in', 1, 0.5]);
    for (const side of sc.sides) {
      const figs = side.figures.map((f) => sc.figures[f]);
      expect(figs.map((f) => f.type)).toEqual(['captain', 'mounted officer', 'pikeman', 'pikeman', 'musketeer', 'trooper', 'gunner']);
      expect(figs.filter((f) => f.mounted).map((f) => f.type)).toEqual(['mounted officer', 'trooper']);
      expect(side.breakPoint).toBe(sc.file.victory.breakPoint);
    }
    expect([sc.file.victory.breakPoint, sc.maxTurns]).toEqual([4, 12]);
    expect(sc.objectives.map((o) => [o.area.label, o.value])).toEqual([
      ['Mill Bridge', 2],
      ['Gallows Hill', 1],
      ['Beacon Hill', 1],
    ]);
    // Each gun starts on its own hill; the bridge carries clear ground over the Mill Stream.
    expect(sc.table.topAreaAt(sc.figures[6].start.x, sc.figures[6].start.y)?.id).toBe('gallows-hill');
    expect(sc.table.topAreaAt(sc.figures[13].start.x, sc.figures[13].start.y)?.id).toBe('beacon-hill');
    expect([sc.terrainAt(24, 16), sc.terrainAt(24, 10)]).toEqual(['clear', 'difficult']);
    // The orchards screen the guns from each other at the start.
    const [g1, g2] = [sc.figures[6].start, sc.figures[13].start];
    expect(sc.table.lineOfSight(g1.x, g1.y, g2.x, g2.y)).toBe(false);
  });
  for (const id of ['mill-bridge', 'farmyard-brawl']) {
    it(`${id}: point-symmetric (the terrain and each figure's twin by a half turn about the centre are alike)`, () => {
      const sc = compileSource(resolveScenario(id)).compiled as EscScenario;
      const W = sc.table.width;
      const H = sc.table.height;
      const look = (x: number, y: number) => {
        const a = sc.table.topAreaAt(x, y);
        return [sc.terrainAt(x, y), a?.cover ?? null, a?.height ?? 0, a?.blocksSight ?? false];
      };
      // Sample points off the round numbers the areas are drawn with (so none lies on an edge).
      for (let x = 0.2371; x < W; x += 0.5) {
        for (let y = 0.1913; y < H; y += 0.5) expect(look(x, y), `${x}, ${y}`).toEqual(look(W - x, H - y));
      }
      for (const f of sc.figures.filter((g) => g.side === 0)) {
        const twin = sc.figures.find(
          (g) =>
            g.side === 1 &&
            g.type === f.type &&
            Math.abs(g.start.x - (W - f.start.x)) < 1e-9 &&
            Math.abs(g.start.y - (H - f.start.y)) < 1e-9,
        );
        expect(twin, f.id).toBeDefined();
      }
      expect(sc.objectives.map((o) => o.value).reduce((x, y) => x + y, 0)).toBe(4);
    });
  }
  it('Brawl at the Farmyard: five a side on a 30 × 20 in table around a walled farmyard', () => {
    const sc = compileSource(resolveScenario('farmyard-brawl')).compiled as EscScenario;
    expect(sc.sides.map((s) => s.figures.length)).toEqual([5, 5]);
    expect(sc.objectives.map((o) => [o.area.id, o.value])).toEqual([
      ['farmyard', 2],
      ['knoll', 1],
      ['mound', 1],
    ]);
  });
  it('the committed JSON Schema is the one generated from the zod schema', () => {
    const committed = JSON.parse(readFileSync('scenarios/schema/escarmouche.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(escarmouche.jsonSchema!())));
  });
  it("a figure off the table, on impassable ground or on another's base is reported with its JSON path", () => {
    const raw = clone();
    raw.sides[1].figures[3].at = [60, 5];
    expect(err(raw).jsonPath).toBe('$.sides[1].figures[3].at');
    const b = clone();
    b.sides[0].figures[0].at = [20, 21]; // inside the miller's house
    expect(err(b).jsonPath).toBe('$.sides[0].figures[0].at');
    const c = clone();
    c.sides[0].figures[1].at = [...c.sides[0].figures[0].at];
    expect(err(c).jsonPath).toBe('$.sides[0].figures[1].at');
  });
  it('an unknown terrain word, a concave impassable area, a mounted pikeman and an unknown objective area are refused', () => {
    const a = clone();
    a.terrain[4].terrain = 'lava';
    expect(err(a).jsonPath).toBe('$.terrain[4].terrain');
    const d = clone();
    d.terrain.push({
      id: 'ell',
      terrain: 'impassable',
      polygon: [
        [0, 0],
        [4, 0],
        [4, 1],
        [1, 1],
        [1, 4],
        [0, 4],
      ],
    });
    expect(err(d).jsonPath).toBe(`$.terrain[${d.terrain.length - 1}].polygon`);
    const b = clone();
    b.sides[0].figures[2].mounted = true;
    expect(err(b).jsonPath).toBe('$.sides[0].figures[2].pike');
    const c = clone();
    c.victory.objectives[0].area = 'nowhere';
    expect(err(c).jsonPath).toBe('$.victory.objectives[0].area');
  });
  it('an unknown field is refused (typos do not pass silently)', () => {
    const raw = clone();
    raw.sides[0].figures[0].ratng = 3;
    expect(err(raw).jsonPath).toBe('$.sides[0].figures[0]');
  });
});

describe('Escarmouche actions in words', () => {
  it('name a figure\'s place once with its unit: "(x, y in), in <area>" (a new user read "in in open ground")', () => {
    const loaded = compileSource(resolveScenario('mill-bridge'));
    const g = new GameSession(loaded, 1, { royalists: 'heuristic', parliament: 'heuristic' });
    const words = g.legal().map((a) => escarmouche.describeAction(g.state as never, a as never));
    const acts = words.filter((w) => w.startsWith('Act with'));
    expect(acts.length).toBeGreaterThan(0);
    for (const w of acts) {
      expect(w).not.toMatch(/ in in /);
      expect(w).toMatch(/ at \(\d+\.\d, \d+\.\d in\), in (open ground \(clear\)|.+)/);
    }
  });
});
