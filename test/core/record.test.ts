/**
 * Record files (issue 12 item 6): run folders write records gzip-compressed; every reader
 * (`replay`, `render`, `play --resume`, `fit-eval`) goes through `readRecord`, which reads plain and
 * compressed records alike, telling them apart by the gzip magic bytes rather than the name.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { RECORD_NAME, RecordError, encodeRecord, isGzip, readRecord } from '../../src/core/record.js';
import { loadScenario } from '../../src/rules/index.js';
import { recordFrames } from '../../src/render/frames.js';
import { verifyRecord } from '../../src/replay.js';
import { playSpecs } from '../helpers/games.js';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-record-'));
const sc = loadScenario('supply-raid');
const lines = playSpecs(sc, 4, { pirates: 'heuristic', townsfolk: 'heuristic' }, true).lines as string[];

describe('records: plain and gzip-compressed', () => {
  const plain = join(dir, 'game.jsonl');
  const gz = join(dir, 'game.jsonl.gz');
  const gzNamedPlain = join(dir, 'gz-inside.jsonl');
  const plainNamedGz = join(dir, 'plain-inside.jsonl.gz');
  writeFileSync(plain, encodeRecord(lines, false));
  writeFileSync(gz, encodeRecord(lines, true));
  writeFileSync(gzNamedPlain, encodeRecord(lines, true));
  writeFileSync(plainNamedGz, encodeRecord(lines, false));

  it('encodeRecord writes JSON Lines ending in a newline, or the same text gzip-compressed (magic bytes 1f 8b)', () => {
    expect(readFileSync(plain, 'utf8')).toBe(`${lines.join('\n')}\n`);
    const bytes = readFileSync(gz);
    expect(isGzip(bytes)).toBe(true);
    expect(isGzip(readFileSync(plain))).toBe(false);
    expect(gunzipSync(bytes).toString('utf8')).toBe(`${lines.join('\n')}\n`);
    expect(bytes.length).toBeLessThan(readFileSync(plain).length / 4);
  });

  it('readRecord reads both forms by content, whatever the name says', () => {
    const expected = readRecord(plain);
    expect(expected.length).toBe(lines.length);
    for (const f of [gz, gzNamedPlain, plainNamedGz]) expect(readRecord(f)).toEqual(expected);
    expect(verifyRecord(readRecord(gz), gz).ok).toBe(true);
  });

  it('render draws a compressed record the same as the plain one', () => {
    expect(recordFrames(readRecord(gz), gz, 30)).toEqual(recordFrames(readRecord(plain), plain, 30));
  });

  it('a damaged compressed record is refused with the file named', () => {
    const bad = join(dir, 'bad.jsonl.gz');
    const bytes = readFileSync(gz);
    writeFileSync(bad, bytes.subarray(0, bytes.length >> 1));
    expect(() => readRecord(bad)).toThrow(RecordError);
    expect(() => readRecord(bad)).toThrow(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a readable gzip file`));
  });

  it('a folder is refused with a record in it named (a run folder: one of its records/)', () => {
    const run = mkdtempSync(join(tmpdir(), 'skirmish-run-'));
    mkdirSync(join(run, 'records'));
    writeFileSync(join(run, 'games.jsonl'), '{}\n');
    for (const n of [10, 2, 1]) writeFileSync(join(run, 'records', `game-${n}.jsonl.gz`), encodeRecord(lines, true));
    expect(() => readRecord(run)).toThrow(`${run}: is a folder; give one record, e.g. ${join(run, 'records', 'game-1.jsonl.gz')}`);
    const empty = mkdtempSync(join(tmpdir(), 'skirmish-empty-'));
    expect(() => readRecord(empty)).toThrow(`${empty}: is a folder; give one record (none in it)`);
  });

  it('record file names: .jsonl and .jsonl.gz', () => {
    expect(['a.jsonl', 'a.jsonl.gz', 'A.JSONL.GZ'].every((n) => RECORD_NAME.test(n))).toBe(true);
    expect(['a.json', 'a.gz', 'a.jsonl.tmp'].some((n) => RECORD_NAME.test(n))).toBe(false);
  });
});
