/**
 * The one atomic file writer (src/core/files.ts): the whole new file or the old one, never part of
 * one, and never a temporary file left behind — on success or on failure.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAtomic } from '../../src/core/files.js';

const dirs: string[] = [];
const scratch = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'skirmish-files-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeAtomic', () => {
  it('writes text and bytes, creating the folders, and replaces an existing file', () => {
    const d = scratch();
    const f = join(d, 'a', 'b', 'report.json');
    writeAtomic(f, 'first\n');
    expect(readFileSync(f, 'utf8')).toBe('first\n');
    writeAtomic(f, new Uint8Array([0x1f, 0x8b, 0x08]));
    expect([...readFileSync(f)]).toEqual([0x1f, 0x8b, 0x08]);
    expect(readdirSync(join(d, 'a', 'b'))).toEqual(['report.json']); // no temporary file left
  });

  it('a failed write leaves the target as it was and no temporary file', () => {
    const d = scratch();
    // The target is a folder holding a file: the rename over it fails.
    const f = join(d, 'game-1.jsonl');
    mkdirSync(f);
    writeFileSync(join(f, 'keep'), 'kept');
    expect(() => writeAtomic(f, 'new')).toThrow();
    expect(readdirSync(d)).toEqual(['game-1.jsonl']);
    expect(readFileSync(join(f, 'keep'), 'utf8')).toBe('kept');
  });
});
