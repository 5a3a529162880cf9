/**
 * Issue 45, item 9: `replay --verify` refuses a tampered record: the result line removed, a header
 * field removed, an unknown key or `__proto__` added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inProcess } from '../cli/in-process.js';
import { registerRun } from '../../src/commands/run.js';
import { registerReplay } from '../../src/commands/replay.js';
import { tempDir } from '../runner/helpers.js';
import { cliWithin } from './cli-within.js';

let dir = '';
let lines: string[] = [];

function tampered(name: string, ls: string[]): string {
  const f = join(dir, name);
  writeFileSync(f, `${ls.join('\n')}\n`);
  return f;
}

function verify(file: string): Promise<{ code: number; out: string; err: string }> {
  return inProcess(registerReplay, 'replay', file, '--verify', '--quiet');
}

function header(edit: (h: Record<string, unknown>) => void): string[] {
  const h = JSON.parse(lines[0]) as Record<string, unknown>;
  edit(h);
  return [JSON.stringify(h), ...lines.slice(1)];
}

describe('issue 45 item 9: replay --verify refuses tampered records', () => {
  beforeAll(async () => {
    dir = tempDir('item9');
    const out = join(dir, 'game.jsonl');
    const r = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--seed',
      '3',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=random',
      '--out',
      out,
      '--quiet',
    );
    expect(r.code).toBe(0);
    lines = readFileSync(out, 'utf8').trim().split('\n');
    expect((await verify(out)).code).toBe(0);
  }, 60_000);

  it('item 9: the result line removed: exit 1, naming the missing result line', async () => {
    const r = await verify(tampered('no-result.jsonl', lines.slice(0, -1)));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/without its result line/);
  });

  for (const field of ['agents', 'seed', 'scenarioData', 'ruleset', 'scenarioHash']) {
    it(`item 9: the header without "${field}": exit 2, naming the field`, async () => {
      const r = await verify(
        tampered(
          `no-${field}.jsonl`,
          header((h) => delete h[field]),
        ),
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain(`missing field "${field}"`);
    });
  }

  it('item 9: an extra "__proto__" key in the header: exit 2', async () => {
    const ls = [lines[0].replace(/^\{/, '{"__proto__":{"x":1},'), ...lines.slice(1)];
    const r = await verify(tampered('proto.jsonl', ls));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/forbidden key at \$\.__proto__/);
  });

  it('item 9: an unknown key in the header or the result line: exit 2', async () => {
    let r = await verify(
      tampered(
        'extra.jsonl',
        header((h) => (h.note = 'hi')),
      ),
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown field "note" in a header line');
    const res = JSON.parse(lines.at(-1) as string) as Record<string, unknown>;
    res.bonus = 1;
    r = await verify(tampered('extra-result.jsonl', [...lines.slice(0, -1), JSON.stringify(res)]));
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown field "bonus" in a result line');
  });

  it('item 9 / item 8: a line nested 100,000 arrays deep and a gzip bomb are refused with exit 2 naming the limit', async () => {
    const deep = `{"t":"event","e":"x","v":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    let r = await verify(tampered('deep.jsonl', [lines[0], deep, ...lines.slice(1)]));
    expect(r.code).toBe(2);
    expect(r.err).toContain('limit json.depth');
    const bomb = join(dir, 'bomb.jsonl.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(300 * 1_048_576, 0x20), { level: 9 }));
    r = await verify(bomb);
    expect(r.code).toBe(2);
    expect(r.err).toContain('limit files.recordDecompressedBytes');
  });

  it('item 9: a record that is a FIFO or a device is refused (not read) with exit 2', () => {
    // A child process with a deadline: at 109c6c4 the read of /dev/zero never ended.
    const r = cliWithin(30_000, ['replay', '/dev/zero', '--verify', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not a regular file');
  });
});
