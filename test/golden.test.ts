/**
 * Golden records: committed games that must replay, line for line, to the hash on their result
 * line. A failure here means the rules engine's behaviour changed: if that was intended, bump the
 * ruleset version and run `npm run golden`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { readRecord, type ResultLine } from '../src/core/record.js';
import { verifyRecord } from '../src/replay.js';

const dir = 'test/golden';
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

describe('golden records', () => {
  it('there are at least two', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
  });
  for (const f of files) {
    it(`${f} replays to its recorded hash`, () => {
      const lines = readRecord(`${dir}/${f}`);
      const result = lines[lines.length - 1] as ResultLine;
      expect(result.t).toBe('result');
      const v = verifyRecord(lines, f);
      expect(v.message).toBeUndefined();
      expect(v.ok).toBe(true);
      expect(v.hash).toBe(result.hash);
    });
  }
});
