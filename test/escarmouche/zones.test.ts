/**
 * The zone-map geometry of src/core/zones.ts (a scenario-level alternative to the measured table;
 * Escarmouche used it before it moved onto the table kit): validation, adjacency, straight lines, sight.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/model.js';
import { compileZoneMap, zoneMapSchema } from '../../src/core/zones.js';

/** Zone letters: `.` clear, `:` broken, `w` wood (broken, cover, blocks sight), `h` hill (broken, height 1), `#` impassable … */
const LETTERS: Record<string, { terrain: string; cover?: boolean; blocksSight?: boolean; height?: number }> = {
  '.': { terrain: 'clear' },
  ':': { terrain: 'broken' },
  '%': { terrain: 'heavy' },
  '~': { terrain: 'difficult' },
  '#': { terrain: 'impassable' },
  c: { terrain: 'clear', cover: true },
  w: { terrain: 'broken', cover: true, blocksSight: true },
  h: { terrain: 'broken', height: 1 },
  H: { terrain: 'clear', height: 1 },
};

/** Zone map JSON from rows of letters; zone ids are `r<row>c<col>` (10 × 8 rectangles). */
function gridMap(rows: string[]): { zones: Record<string, unknown>[] } {
  const zones: Record<string, unknown>[] = [];
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const x = c * 10;
      const y = r * 8;
      zones.push({ id: `r${r}c${c}`, ...LETTERS[ch], polygon: [[x, y], [x + 10, y], [x + 10, y + 8], [x, y + 8]] });
    });
  });
  return { zones };
}

const schema = zoneMapSchema(['clear', 'broken', 'heavy', 'difficult', 'impassable']);
const build = (raw: unknown) => compileZoneMap(schema.parse(raw), 'map.json');
const idx = (m: ReturnType<typeof build>, id: string): number => m.index.get(id)!;

describe('zone maps (src/core/zones.ts)', () => {
  it('zones sharing an edge are adjacent; zones touching only at a corner are not', () => {
    const m = build(gridMap(['...', '...']));
    expect(m.adjacent(idx(m, 'r0c0'), idx(m, 'r0c1'))).toBe(true);
    expect(m.adjacent(idx(m, 'r0c0'), idx(m, 'r1c0'))).toBe(true);
    expect(m.adjacent(idx(m, 'r0c0'), idx(m, 'r1c1'))).toBe(false);
    expect(m.neighbours[idx(m, 'r0c1')].map((z) => m.zones[z].id)).toEqual(['r0c0', 'r0c2', 'r1c1']);
    expect(m.hops(idx(m, 'r0c0'), idx(m, 'r1c2'))).toBe(3);
  });
  it('zones of different sizes are adjacent along a partly shared edge', () => {
    const m = build({
      zones: [
        { id: 'big', terrain: 'clear', polygon: [[0, 0], [20, 0], [20, 8], [0, 8]] },
        { id: 'a', terrain: 'clear', polygon: [[0, 8], [10, 8], [10, 16], [0, 16]] },
        { id: 'b', terrain: 'clear', polygon: [[10, 8], [20, 8], [20, 16], [10, 16]] },
      ],
    });
    expect(m.neighbours[idx(m, 'big')].map((z) => m.zones[z].id)).toEqual(['a', 'b']);
  });
  it('links add an adjacency (a bridge), cuts remove one (a cliff)', () => {
    const raw = { ...gridMap(['..', '..']), links: [['r0c0', 'r1c1']], cuts: [['r0c0', 'r0c1']] };
    const m = build(raw);
    expect(m.adjacent(idx(m, 'r0c0'), idx(m, 'r1c1'))).toBe(true);
    expect(m.adjacent(idx(m, 'r0c0'), idx(m, 'r0c1'))).toBe(false);
  });
  it('a straight line runs on through the zones in line, and ends at the map edge', () => {
    const m = build(gridMap(['....', '....']));
    const line = m.ray(idx(m, 'r0c0'), idx(m, 'r0c1')).map((z) => m.zones[z].id);
    expect(line).toEqual(['r0c1', 'r0c2', 'r0c3']);
    expect(m.ray(idx(m, 'r0c0'), idx(m, 'r1c0')).map((z) => m.zones[z].id)).toEqual(['r1c0']);
    expect(() => m.ray(idx(m, 'r0c0'), idx(m, 'r1c1'))).toThrow(/not next to/);
  });
  it('sight is blocked by a zone that blocks sight, or by higher ground between; never within a zone or into the blocking zone', () => {
    const woods = build({ zones: gridMap(['...']).zones.map((z, i) => (i === 1 ? { ...z, blocksSight: true } : z)) });
    expect(woods.sees(0, 2)).toBe(false);
    expect(woods.sees(0, 1)).toBe(true);
    expect(woods.sees(1, 1)).toBe(true);
    const hill = build({ zones: gridMap(['...']).zones.map((z, i) => (i === 1 ? { ...z, height: 1 } : z)) });
    expect(hill.sees(0, 2)).toBe(false);
    const onHill = build({ zones: gridMap(['...']).zones.map((z, i) => (i !== 0 ? { ...z, height: 1 } : z)) });
    expect(onHill.sees(0, 2)).toBe(true); // the far end is as high as the ground between
  });
  it('errors name the JSON path: a non-convex zone, overlapping zones, a duplicate id, an unknown zone in a link', () => {
    const err = (raw: unknown): ScenarioError => {
      try {
        build(raw);
      } catch (e) {
        if (e instanceof ScenarioError) return e;
        throw e;
      }
      throw new Error('no error');
    };
    const base = gridMap(['..']);
    const ell = { id: 'ell', terrain: 'clear', polygon: [[0, 20], [10, 20], [5, 22], [10, 30], [0, 30]] };
    expect(err({ zones: [...base.zones, ell] }).jsonPath).toBe('$.map.zones[2].polygon');
    const over = { id: 'over', terrain: 'clear', polygon: [[5, 0], [15, 0], [15, 8], [5, 8]] };
    expect(err({ zones: [...base.zones, over] }).message).toMatch(/zone "over" overlaps zone "r0c0"/);
    expect(err({ zones: [...base.zones, { ...base.zones[0], polygon: [[0, 40], [10, 40], [10, 48]] }] }).jsonPath).toBe('$.map.zones[2].id');
    expect(err({ ...base, links: [['r0c0', 'nowhere']] }).jsonPath).toBe('$.map.links[0][1]');
  });
  it('all-pairs least costs over the adjacency (here: passive dice of the zone entered)', () => {
    const m = build(gridMap(['.:.']));
    const dice = [2, 3, 2];
    const d = m.allPairs((_a, b) => dice[b]);
    expect(d[0 * 3 + 2]).toBe(5);
    expect(d[2 * 3 + 0]).toBe(5);
  });
});
