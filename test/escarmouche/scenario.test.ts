/** Escarmouche scenario files: the Mill Bridge scenario, the committed schema, and errors with JSON paths. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ScenarioError } from '../../src/core/model.js';
import { fromRaw, resolveScenario } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import type { EscScenario } from '../../src/rules/escarmouche/compile.js';

const base = JSON.parse(readFileSync('scenarios/escarmouche/mill-bridge.json', 'utf8')) as Record<string, unknown>;
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
  it('Mill Bridge: seven figures a side (captain, mounted cornet, two pikes, two muskets, a gun), 35 zones, three objectives', () => {
    const loaded = compileSource(resolveScenario('mill-bridge'));
    const sc = loaded.compiled as EscScenario;
    expect(loaded.ruleset.id).toBe('escarmouche');
    expect(loaded.ruleset.sides(sc)).toEqual(['royalists', 'parliament']);
    expect(sc.map.size).toBe(35);
    for (const side of sc.sides) {
      const figs = side.figures.map((f) => sc.figures[f]);
      expect(figs.map((f) => f.type)).toEqual(['captain', 'mounted officer', 'pikeman', 'pikeman', 'musketeer', 'musketeer', 'gunner']);
      expect(figs.filter((f) => f.mounted)).toHaveLength(1);
      expect(side.breakPoint).toBe(4);
    }
    expect(sc.objectives.map((o) => [sc.map.zones[o.zone].id, o.value])).toEqual([['mill-bridge', 2], ['gallows-hill', 1], ['beacon-hill', 1]]);
  });
  it('Brawl at the Farmyard: five a side on a point-symmetric map (each zone\'s twin by a half turn has the same terrain)', () => {
    const sc = compileSource(resolveScenario('farmyard-brawl')).compiled as EscScenario;
    expect(sc.sides.map((s) => s.figures.length)).toEqual([5, 5]);
    const { maxX, maxY } = sc.map.box;
    for (const z of sc.map.zones) {
      const twin = sc.map.zones[sc.map.zoneAt(maxX - z.centre.x, maxY - z.centre.y)];
      expect([twin.terrain, twin.cover, twin.height]).toEqual([z.terrain, z.cover, z.height]);
    }
    for (const f of sc.figures.filter((x) => x.side === 0)) {
      const z = sc.map.zones[f.start];
      const twin = sc.map.zoneAt(maxX - z.centre.x, maxY - z.centre.y);
      expect(sc.figures.some((g) => g.side === 1 && g.type === f.type && g.start === twin)).toBe(true);
    }
  });
  it('the committed JSON Schema is the one generated from the zod schema', () => {
    const committed = JSON.parse(readFileSync('scenarios/schema/escarmouche.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(escarmouche.jsonSchema!())));
  });
  it('a figure in an unknown zone is reported with its JSON path', () => {
    const raw = clone();
    raw.sides[1].figures[3].zone = 'the-moon';
    expect(err(raw).jsonPath).toBe('$.sides[1].figures[3].zone');
  });
  it('an unknown terrain word, a mounted pikeman and an unknown objective zone are refused', () => {
    const a = clone();
    a.map.zones[4].terrain = 'lava';
    expect(err(a).jsonPath).toBe('$.map.zones[4].terrain');
    const b = clone();
    b.sides[0].figures[2].mounted = true;
    expect(err(b).jsonPath).toBe('$.sides[0].figures[2].pike');
    const c = clone();
    c.victory.objectives[0].zone = 'nowhere';
    expect(err(c).jsonPath).toBe('$.victory.objectives[0].zone');
  });
  it('an unknown field is refused (typos do not pass silently)', () => {
    const raw = clone();
    raw.sides[0].figures[0].ratng = 3;
    expect(err(raw).jsonPath).toBe('$.sides[0].figures[0]');
  });
});
