/** writeAtomic (src/core/files.ts) replaces only a regular file or writes a new path (issue 45 item 7). */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotRegularFileError, writeAtomic } from '../../src/core/files.js';
import { tempDir } from '../runner/helpers.js';

function fifo(): string {
  const f = join(tempDir('item7'), 'pipe');
  expect(spawnSync('mkfifo', [f]).status).toBe(0);
  return f;
}

describe('writeAtomic', () => {
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
