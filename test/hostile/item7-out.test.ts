/**
 * Issue 45, item 7: `--out` refuses anything but a regular file or a new path (a device, a FIFO,
 * a folder) with exit 2, and never replaces it. (No device is used here: a test run as root that
 * failed would replace it.)
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inProcess } from '../cli/in-process.js';
import { registerRun } from '../../src/commands/run.js';
import { registerRender } from '../../src/commands/render.js';
import { NotRegularFileError, writeAtomic } from '../../src/core/files.js';
import { tempDir } from '../runner/helpers.js';

function fifo(): string {
  const f = join(tempDir('item7'), 'pipe');
  expect(spawnSync('mkfifo', [f]).status).toBe(0);
  return f;
}

describe('issue 45 item 7: --out takes only a regular file or a new path', () => {
  it('item 7: run --out <a FIFO> is refused with exit 2 before the game; the FIFO stays a FIFO', async () => {
    const f = fifo();
    const r = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=random',
      '--out',
      f,
      '--quiet',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a regular file');
    expect(statSync(f).isFIFO()).toBe(true);
  });

  it('item 7: run --out <a folder> is refused with exit 2', async () => {
    const d = join(tempDir('item7'), 'folder');
    mkdirSync(d);
    const r = await inProcess(registerRun, 'run', '--scenario', 'farmstead-raid', '--out', d, '--quiet');
    expect(r.code).toBe(2);
    expect(r.err).toContain('is a folder');
  });

  it('item 7: render --svg <a FIFO> is refused with exit 2', async () => {
    const dir = tempDir('item7');
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
    const f = fifo();
    const r = await inProcess(registerRender, 'render', rec, '--svg', f);
    expect(r.code).toBe(2);
    expect(statSync(f).isFIFO()).toBe(true);
  });

  it('item 7: writeAtomic never renames a file over a FIFO or a folder; a regular file or a new path is written', () => {
    const f = fifo();
    expect(() => writeAtomic(f, 'x')).toThrow(NotRegularFileError);
    expect(statSync(f).isFIFO()).toBe(true);
    const d = tempDir('item7');
    expect(() => writeAtomic(d, 'x')).toThrow(NotRegularFileError);
    const file = join(d, 'a.txt');
    writeAtomic(file, 'new');
    writeFileSync(file, 'old');
    writeAtomic(file, 'replaced');
    expect(statSync(file).isFile()).toBe(true);
  });
});
