/**
 * Issue 45, item 7: `--out` refuses anything but a regular file or a new path (a device, a FIFO,
 * a folder) with exit 2, and never replaces it. (No device is used here: a test run as root that
 * failed would replace it. writeAtomic itself: test/core/write-atomic.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inProcess } from '../cli/in-process.js';
import { registerRun } from '../../src/commands/run.js';
import { tempDir } from '../runner/helpers.js';
import { cliWithin } from './cli-within.js';

function fifo(): string {
  const f = join(tempDir('item7'), 'pipe');
  expect(spawnSync('mkfifo', [f]).status).toBe(0);
  return f;
}

describe('issue 45 item 7: --out takes only a regular file or a new path', () => {
  it('item 7: run --out <a FIFO> is refused with exit 2 before the game; the FIFO stays a FIFO', () => {
    const f = fifo();
    // A child process with a deadline: at 109c6c4 the record's write to the FIFO waited for a reader.
    const r = cliWithin(60_000, [
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
    ]);
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
    const r = cliWithin(60_000, ['render', rec, '--svg', f]);
    expect(r.code).toBe(2);
    expect(statSync(f).isFIFO()).toBe(true);
  });
});
