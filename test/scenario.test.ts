/** Scenario files: validation errors name the file and the JSON path (or line and column). */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScenarioError } from '../src/core/model.js';
import { fromRaw, parseJsonText, readScenarioFile, resolveInherit, resolveScenario } from '../src/core/scenario.js';
import { compileSource } from '../src/rules/index.js';

const base = JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8')) as Record<string, unknown>;
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

describe('scenario validation', () => {
  it('the Supply Raid compiles: 40 pirates and 30 townsfolk', () => {
    const sc = compileSource(resolveScenario('supply-raid'));
    expect(sc.ruleset.sides(sc.compiled)).toEqual(['pirates', 'townsfolk']);
  });
  it('an unknown weapon is reported with its JSON path', () => {
    const raw = clone();
    raw.sides[0].figures[2].weapon = 'blunderbuss';
    const e = err(raw);
    expect(e.jsonPath).toBe('$.sides[0].figures[2].weapon');
    expect(e.message).toMatch(/^x\.json: at \$\.sides\[0\]\.figures\[2\]\.weapon/);
  });
  it('the value found is quoted, and further problems follow the first (a designer fixes them in one pass)', () => {
    const raw = clone();
    raw.sides[0].figures[2].weapon = 'halberd';
    raw.victory.maxTurns = 'thirty';
    const e = err(raw);
    expect(e.jsonPath).toBe('$.sides[0].figures[2].weapon');
    expect(e.message).toMatch(
      /at \$\.sides\[0\]\.figures\[2\]\.weapon: Invalid option: expected one of .* \(found "halberd"\); also at \$\.victory\.maxTurns: .* \(found "thirty"\)$/,
    );
  });
  it('a missing field is reported with its path', () => {
    const raw = clone();
    delete raw.victory.maxTurns;
    expect(err(raw).jsonPath).toBe('$.victory.maxTurns');
  });
  it('an unknown field is refused (typos do not pass silently)', () => {
    const raw = clone();
    raw.table.depth = 3;
    expect(err(raw).jsonPath).toBe('$.table');
  });
  it('a non-convex building is refused with its path', () => {
    const raw = clone();
    raw.terrain.push({
      id: 'ell',
      kind: 'building',
      polygon: [
        [30, 30],
        [34, 30],
        [32, 31],
        [34, 34],
        [30, 34],
      ],
    });
    expect(err(raw).jsonPath).toBe(`$.terrain[${raw.terrain.length - 1}].polygon`);
  });
  it('a group too small for its figures is refused', () => {
    const raw = clone();
    raw.sides[1].groups[3].area = [
      [28, 16],
      [30, 16],
      [30, 18],
      [28, 18],
    ];
    expect(err(raw).message).toMatch(/group "watch" has room for only/);
  });
  it('a group area partly off the table is refused saying so (not "make the area bigger")', () => {
    const raw = clone();
    raw.sides[0].groups[0].area = [
      [-10, 29],
      [2, 29],
      [2, 43],
      [-10, 43],
    ];
    raw.sides[0].figures = [{ count: 40, weapon: 'cutlass', group: 'schooner' }];
    const e = err(raw);
    expect(e.jsonPath).toBe('$.sides[0].groups[0].area');
    expect(e.message).toMatch(/2 of its corners lie off the 48 × 48" table \(e\.g\. \(-10, 29\)\); move the area onto the table/);
  });
  it('an unknown ruleset is refused', () => {
    const raw = clone();
    raw.ruleset = 'chess';
    expect(err(raw).jsonPath).toBe('$.ruleset');
  });
  it('a JSON syntax error names the line and column', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n  oops\n}', 'bad.json')).toThrow(/bad\.json: invalid JSON at line 3, column 3/);
  });
  it('an unknown scenario id lists the built-in ones', () => {
    // Every scenario file under scenarios/<ruleset>/ is a built-in, listed in name order.
    const builtIn = readdirSync('scenarios', { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'schema')
      .flatMap((d) =>
        readdirSync(`scenarios/${d.name}`)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.replace(/\.json$/, '')),
      )
      .sort();
    expect(builtIn).toContain('supply-raid');
    expect(() => resolveScenario('no-such-raid')).toThrow(
      `no-such-raid: no such file or built-in scenario (built-in: ${builtIn.join(', ')})`,
    );
  });
  it('the committed JSON Schema is the one generated from the zod schema', async () => {
    const { pirates } = await import('../src/rules/pirates/index.js');
    const committed = JSON.parse(readFileSync('scenarios/schema/pirates.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(pirates.jsonSchema!())));
  });
});

describe('inherit from a built-in scenario by name (`builtin:<ruleset>/<id>`)', () => {
  const kershner = 'scenarios/pig-wars-pirates/kershner-supply-raid.json';

  it('a copy of the Kershner raid saved in any folder (or given as unsaved JSON) finds the Supply Raid’s table, the same scenario to the hash', () => {
    const original = resolveScenario('pig-wars-pirates/kershner-supply-raid');
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-inherit-'));
    const copy = join(dir, 'deep', 'k.json');
    mkdirSync(dirname(copy), { recursive: true });
    writeFileSync(copy, readFileSync(kershner));
    const saved = readScenarioFile(copy);
    expect(saved.hash).toBe(original.hash);
    expect(saved.raw).toEqual(original.raw);
    const unsaved = resolveInherit(JSON.parse(readFileSync(kershner, 'utf8')), join(dir, 'unsaved.json'));
    expect(unsaved).toEqual(original.raw);
    expect(compileSource(saved).compiled).toBeDefined();
  });

  it('a malformed or unknown built-in name is refused naming $.inherit.from', () => {
    const raw = JSON.parse(readFileSync(kershner, 'utf8')) as Record<string, unknown>;
    for (const [from, words] of [
      ['builtin:../pirates/supply-raid', /expected builtin:<ruleset>\/<scenario id>/],
      ['builtin:pirates/no-such-raid', /no built-in scenario pirates\/no-such-raid/],
    ] as const) {
      let err: unknown;
      try {
        resolveInherit({ ...raw, inherit: { from, fields: ['table'] } }, '/tmp/x.json');
      } catch (e) {
        err = e;
      }
      expect(err, from).toBeInstanceOf(ScenarioError);
      expect(String((err as Error).message)).toContain('$.inherit.from');
      expect(String((err as Error).message)).toMatch(words);
    }
  });
});
