/**
 * The Pig Wars scenarios: the pirate Supply Raid shares the Pirates! harbour through `inherit`
 * (src/core/scenario.ts), never a hand copy; bad references name the file and JSON path.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readScenarioFile } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';

describe('scenario inherit', () => {
  it('kershner-supply-raid takes table, base, terrain, warehouse front and schooner from pirates/supply-raid', () => {
    const pw = readScenarioFile(resolve('scenarios/pig-wars-pirates/kershner-supply-raid.json')).raw as Record<string, unknown>;
    const pi = readScenarioFile(resolve('scenarios/pirates/supply-raid.json')).raw as Record<string, unknown>;
    for (const k of ['table', 'baseDiameter', 'terrain', 'objective', 'home']) expect(pw[k]).toEqual(pi[k]);
    expect(pw.inherit).toBeUndefined();
    const sc = compileSource(readScenarioFile(resolve('scenarios/pig-wars-pirates/kershner-supply-raid.json')));
    expect(sc.ruleset.id).toBe('pig-wars-pirates');
  });
  it('a field the other file lacks is an error at $.inherit.fields[i]', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-'));
    const base = join(dir, 'base.json');
    writeFileSync(base, JSON.stringify({ ruleset: 'x', id: 'base', table: { width: 1, height: 1 } }));
    const child = join(dir, 'child.json');
    writeFileSync(child, JSON.stringify({ ruleset: 'x', id: 'child', inherit: { from: 'base.json', fields: ['table', 'terrain'] } }));
    expect(() => readScenarioFile(child)).toThrow(/child\.json: at \$\.inherit\.fields\[1\]: base\.json has no field "terrain"/);
    writeFileSync(child, JSON.stringify({ ruleset: 'x', id: 'child', inherit: { from: 'nope.json', fields: ['table'] } }));
    expect(() => readScenarioFile(child)).toThrow(/at \$\.inherit\.from: no such file/);
    writeFileSync(
      child,
      JSON.stringify({ ruleset: 'x', id: 'child', table: { width: 5, height: 5 }, inherit: { from: 'base.json', fields: ['table'] } }),
    );
    expect((readScenarioFile(child).raw as { table: unknown }).table).toEqual({ width: 5, height: 5 });
  });
});
