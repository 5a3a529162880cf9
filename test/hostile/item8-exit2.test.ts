/**
 * Issue 45, item 8: bad input ends with exit 2 and the file named — never exit 3 with a stack:
 * absurd table sizes, deep nesting, a record header without `agents`, an agent file returning
 * undefined, a prototype name given as an agent.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { inProcess } from '../cli/in-process.js';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { registerRun } from '../../src/commands/run.js';
import { registerRender } from '../../src/commands/render.js';
import { registerPlay } from '../../src/commands/play.js';
import { builtin, writeScenario } from './scenario-files.js';
import { tempDir } from '../runner/helpers.js';

const validate = (f: string): Promise<{ code: number; out: string; err: string }> => inProcess(registerScenarios, 'validate', f);

const FILES = [
  'escarmouche/farmyard-brawl.json',
  'pirates/supply-raid.json',
  'pig-wars/farmstead-raid.json',
  'state-of-war/wagon-raid.json',
  'pig-wars-pirates/kershner-supply-raid.json',
];

describe('issue 45 item 8: exit 2 with the file named, never 3', () => {
  for (const rel of FILES) {
    for (const width of [1e300, 100_000, -5, 0]) {
      it(`item 8: ${rel} with table width ${width}: exit 2 naming the file and $.table.width`, async () => {
        const d = builtin(rel);
        if (d.table === undefined) {
          // An inheriting file: give it a table of its own.
          d.table = { ...(builtin('pirates/supply-raid.json').table as object), width };
          d.inherit = {
            from: join(process.cwd(), 'scenarios/pirates/supply-raid.json'),
            fields: ['terrain', 'exits', 'objective', 'home', 'baseDiameter', 'inPort', 'captures'],
          };
        } else (d.table as { width: number }).width = width;
        const f = writeScenario(d);
        const r = await validate(f);
        expect(r.code).toBe(2);
        expect(r.err).toContain(f);
        expect(r.err).toMatch(/\$\.table\.width|inherit/);
      });
    }
  }

  it('item 8: 20,000-deep nesting in an extra key: exit 2 naming the limit, before hashing or the schema', async () => {
    const text = JSON.stringify(builtin('pirates/supply-raid.json')).replace(/^\{/, `{"extra":${'['.repeat(20_000)}${']'.repeat(20_000)},`);
    const f = writeScenario(text);
    const r = await validate(f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(f);
    expect(r.err).toContain('limit json.depth');
  });

  it('item 8: a UTF-8 byte order mark is read, not reported as "Unexpected token"', async () => {
    const f = writeScenario(`\ufeff${JSON.stringify(builtin('pirates/supply-raid.json'))}`);
    const r = await validate(f);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('item 8: a record header without agents: render and play --resume exit 2 naming the file', async () => {
    const dir = tempDir('item8');
    const rec = join(dir, 'g.jsonl');
    expect(
      (
        await inProcess(
          registerRun,
          'run',
          '--scenario',
          'farmstead-raid',
          '--agent',
          'vikings=random',
          '--agent',
          'saxons=random',
          '--out',
          rec,
          '--quiet',
        )
      ).code,
    ).toBe(0);
    const lines = readFileSync(rec, 'utf8').trim().split('\n');
    const h = JSON.parse(lines[0]) as Record<string, unknown>;
    delete h.agents;
    const bad = join(dir, 'no-agents.jsonl');
    writeFileSync(bad, `${[JSON.stringify(h), ...lines.slice(1, 30)].join('\n')}\n`);
    for (const args of [
      ['render', bad, '--out', join(dir, 'x.html')],
      ['play', '--resume', bad, '--out', join(dir, 'y.jsonl')],
    ]) {
      const r = await inProcess((p) => (registerRender(p), registerPlay(p)), ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(bad);
      expect(r.err).toContain('missing field "agents"');
    }
  });

  it('item 8: a file agent returning undefined: run exits 2 naming the agent file', async () => {
    const r = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=test/fixtures/hostile/returns-undefined.ts',
      '--out',
      join(tempDir('item8'), 'g.jsonl'),
      '--quiet',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('returns-undefined.ts');
    expect(r.err).toContain('not an agent');
  });

  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`item 8: --agent vikings=${name}:x=1 is not a built-in agent: exit 2`, async () => {
      const r = await inProcess(
        registerRun,
        'run',
        '--scenario',
        'farmstead-raid',
        '--agent',
        `vikings=${name}:x=1`,
        '--out',
        join(tempDir('item8'), 'g.jsonl'),
        '--quiet',
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain(`unknown agent "${name}"`);
    });
  }
});
