/**
 * Issue 45, items 3 and 4: degenerate geometry and oversized files are refused before any work,
 * naming the file, the JSON path and the limit (src/core/limits.ts); `inherit` reads only regular
 * files under the scenario's folder or the built-in scenarios.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inProcess } from '../cli/in-process.js';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { builtin, writeScenario } from './scenario-files.js';
import { tempDir } from '../runner/helpers.js';
import { cliWithin } from './cli-within.js';

async function refused(data: unknown, expected: RegExp, name?: string): Promise<void> {
  const f = writeScenario(data, name);
  const t0 = Date.now();
  const r = await inProcess(registerScenarios, 'validate', f);
  expect(r.code, r.err).toBe(2);
  expect(r.err).toContain(f);
  expect(r.err).toMatch(expected);
  expect(Date.now() - t0).toBeLessThan(5_000);
}

/**
 * As {@link refused}, through `validate` in a child process with a 512 MB heap and a 60 s deadline
 * (item 4's files once hung or exhausted the machine: at 109c6c4 they fail here, not hang the test).
 */
function refusedWithin(data: unknown, expected: RegExp, name?: string): void {
  const f = writeScenario(data, name);
  const r = cliWithin(60_000, ['validate', f], '', ['--max-old-space-size=512']);
  expect(r.code, r.err).toBe(2);
  expect(r.err).toContain(f);
  expect(r.err).toMatch(expected);
}

type Terrain = { id: string; polygon: number[][] }[];

function farmyard(edit: (terrain: Terrain, d: Record<string, unknown>) => void): Record<string, unknown> {
  const d = builtin('escarmouche/farmyard-brawl.json');
  edit(d.terrain as Terrain, d);
  return d;
}

describe('issue 45 item 3: degenerate geometry is refused', () => {
  it('item 3: a building of three collinear points (no area)', async () => {
    await refused(
      farmyard(
        (t) =>
          ((t.find((x) => x.id === 'barn') as { polygon: number[][] }).polygon = [
            [10.25, 8.5],
            [13.25, 8.5],
            [16.25, 8.5],
          ]),
      ),
      /terrain\[\d+\]\.polygon: the polygon has no area.*limit scenario\.minArea/,
    );
  });
  // The issue: "passes validate in all five rulesets". A building of each ruleset's built-in scenario
  // made three collinear points (the Kershner raid's terrain written out instead of inherited).
  for (const rel of [
    'escarmouche/farmyard-brawl.json',
    'pirates/supply-raid.json',
    'pig-wars/farmstead-raid.json',
    'state-of-war/wagon-raid.json',
    'pig-wars-pirates/kershner-supply-raid.json',
  ]) {
    it(`item 3: ${rel}: a building of three collinear points is refused naming the area limit`, async () => {
      const d = builtin(rel);
      if (d.inherit) {
        const from = builtin('pirates/supply-raid.json');
        for (const k of (d.inherit as { fields: string[] }).fields) d[k] = from[k];
        delete d.inherit;
      }
      const terrain = d.terrain as { kind?: string; terrain?: string; polygon?: number[][] }[];
      const b = terrain.find((t) => (t.kind === 'building' || t.terrain === 'impassable') && t.polygon) as { polygon: number[][] };
      const [x, y] = b.polygon[0];
      b.polygon = [
        [x, y],
        [x + 1, y],
        [x + 2, y],
      ];
      await refused(d, /polygon: the polygon has no area.*limit scenario\.minArea/);
    });
  }
  it('item 3: a building of one repeated point', async () => {
    await refused(
      farmyard(
        (t) =>
          (t[5].polygon = [
            [12, 8],
            [12, 8],
            [12, 8],
            [12, 8],
          ]),
      ),
      /no area/,
    );
  });
  it('item 3: a self-crossing (bow-tie) polygon', async () => {
    await refused(
      farmyard(
        (t) =>
          (t[5].polygon = [
            [12, 7.5],
            [14.5, 9.5],
            [14.5, 7.5],
            [12, 9],
          ]),
      ),
      /not simple/,
    );
  });
  it('item 3: coordinates ≥ 1e160 and off the table', () => {
    // A child with a deadline: at 109c6c4 validate of these buildings did not end.
    refusedWithin(
      farmyard(
        (t) =>
          (t[5].polygon = [
            [1e160, 1e160],
            [-1e160, 1e160],
            [0, -1e160],
          ]),
      ),
      /off the 30 × 20 table.*limit scenario\.coordinateMargin/,
    );
    refusedWithin(
      farmyard(
        (t) =>
          (t[5].polygon = [
            [12, 7.5],
            [70, 7.5],
            [70, 9.5],
            [12, 9.5],
          ]),
      ),
      /\(70, 7\.5\) is off the 30 × 20 table/,
    );
  }, 150_000);
  it("item 3: the Supply Raid's objective warehouse made a line", async () => {
    const d = builtin('pirates/supply-raid.json');
    (d.objective as { polygon: number[][] }).polygon = [
      [14, 3],
      [17, 3],
      [20, 3],
      [23, 3],
    ];
    await refused(d, /\$\.objective\.polygon: the polygon has no area/);
  });
  it('item 3: a figure placed off the table', async () => {
    const d = builtin('escarmouche/farmyard-brawl.json');
    (d.sides as { figures: { at: number[] }[] }[])[0].figures[0].at = [-31, 10];
    await refused(d, /\.at: \(-31, 10\) is off the 30 × 20 table/);
  });
});

describe('issue 45 item 4: one small file does not hang or exhaust the machine', () => {
  it('item 4: a building of 20,000 vertices is refused naming the vertex limit', () => {
    const ring = Array.from({ length: 20_000 }, (_, i) => [
      15 + 4 * Math.cos((2 * Math.PI * i) / 20_000),
      10 + 4 * Math.sin((2 * Math.PI * i) / 20_000),
    ]);
    refusedWithin(
      farmyard((t) => (t[5].polygon = ring)),
      /20000 vertices.*limit scenario\.vertices = 256/,
    );
  }, 150_000);
  it('item 4: a 100,000 × 100,000 table and a base diameter of 1e6', () => {
    refusedWithin(
      farmyard((_t, d) => Object.assign(d.table as object, { width: 100_000, height: 100_000 })),
      /limit scenario\.tableSize/,
    );
    const p = builtin('pirates/supply-raid.json');
    p.baseDiameter = 1e6;
    refusedWithin(p, /\$\.baseDiameter.*limit scenario\.baseShare/);
  }, 150_000);
  it('item 4: corners at 1e300 are refused naming the coordinate limit', () => {
    refusedWithin(
      farmyard(
        (t) =>
          (t[5].polygon = [
            [0, 0],
            [1e300, 0],
            [0, 1e300],
          ]),
      ),
      /off the 30 × 20 table.*limit scenario\.coordinateMargin/,
    );
  }, 150_000);
  it('item 4: 3,000 tiny buildings are refused naming the shape limit', () => {
    refusedWithin(
      farmyard((t) => {
        for (let i = 0; i < 3000; i++)
          t.push({
            id: `hut-${i}`,
            name: 'hut',
            terrain: 'impassable',
            polygon: [
              [20 + (i % 50) * 0.1, 14 + Math.floor(i / 50) * 0.08],
              [20.05 + (i % 50) * 0.1, 14 + Math.floor(i / 50) * 0.08],
              [20.05 + (i % 50) * 0.1, 14.05 + Math.floor(i / 50) * 0.08],
            ],
          } as unknown as Terrain[number]);
      }),
      /limit scenario\.areas = 500/,
    );
  }, 150_000);
  it('item 4: a 50 MB file is refused by its size before it is read', () => {
    const d = builtin('pirates/supply-raid.json');
    d.description = 'x'.repeat(50 * 1_048_576);
    refusedWithin(d, /limit files\.scenarioBytes = 1048576/); // the README's figure (src/core/limits.ts)
  }, 150_000);
  it('item 4: inherit from /dev/zero, from a FIFO, from outside the folder: refused at once naming $.inherit.from', () => {
    // Children with a deadline and a 512 MB heap: at 109c6c4 /dev/zero was read without end and a FIFO blocked for ever.
    const base = builtin('pig-wars-pirates/kershner-supply-raid.json');
    refusedWithin(
      { ...base, inherit: { from: '/dev/zero', fields: ['table'] } },
      /\$\.inherit\.from: \/dev\/zero: inherit only from a file in this file's folder/,
    );
    refusedWithin({ ...base, inherit: { from: '../../../etc/passwd', fields: ['table'] } }, /inherit only from/);
    const dir = tempDir('item4');
    const fifo = join(dir, 'pipe.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const f = join(dir, 'k.json');
    writeFileSync(f, JSON.stringify({ ...base, inherit: { from: 'pipe.json', fields: ['table'] } }));
    const r = cliWithin(60_000, ['validate', f], '', ['--max-old-space-size=512']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(f);
    expect(r.err).toContain('not a regular file');
  }, 200_000);

  it('item 4: inherit from a file beside it or a built-in scenario still works; an error in the inherited file names both files', async () => {
    const dir = tempDir('item4');
    const sub = join(dir, 'maps', 'raid.json');
    mkdirSync(dirname(sub), { recursive: true });
    const table = builtin('pirates/supply-raid.json');
    writeFileSync(sub, JSON.stringify(table));
    const k = join(dir, 'k.json');
    writeFileSync(
      k,
      JSON.stringify({
        ...builtin('pig-wars-pirates/kershner-supply-raid.json'),
        inherit: { from: 'maps/raid.json', fields: ['table', 'baseDiameter', 'terrain', 'objective', 'home'] },
      }),
    );
    expect((await inProcess(registerScenarios, 'validate', k)).code).toBe(0);
    (table.objective as { polygon: number[][] }).polygon = [
      [14, 3],
      [17, 3],
      [20, 3],
    ];
    writeFileSync(sub, JSON.stringify(table));
    const r = await inProcess(registerScenarios, 'validate', k);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${k}: at $.inherit.from: maps/raid.json: ${sub}: at $.objective.polygon`);
  });
});
