/** Mutated copies of built-in scenario files for the issue 45 tests. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../runner/helpers.js';

/** A built-in scenario file's JSON (a fresh copy). */
export function builtin(rel: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join('scenarios', rel), 'utf8')) as Record<string, unknown>;
}

/** Write `data` (JSON, or text as given) to a new file in a fresh folder; returns its path. */
export function writeScenario(data: unknown, name = 'hostile.json'): string {
  const f = join(tempDir('h45'), name);
  writeFileSync(f, typeof data === 'string' ? data : JSON.stringify(data));
  return f;
}
