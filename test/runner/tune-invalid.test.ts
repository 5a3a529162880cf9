/**
 * `tune` with candidates whose parameters make an invalid scenario (a building moved over a
 * deployment area): each candidate is compiled before its games; an invalid one is recorded with
 * the reason (progress line, report.md, report.json), plays no game, gets the worst fitness and is
 * never recommended, and the search carries on. A scenario a worker cannot compile after all gives
 * error rows of kind `scenario`, not a failed start nor `worker` rows.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGames } from '../../src/runner/pool.js';
import type { GameRow } from '../../src/runner/types.js';
import { cli, gameRows, tempDir } from './helpers.js';

const root = tempDir('tune-invalid');

/** Supply Raid with a parameter that moves warehouse 2 along x: at 21 it covers the watch's deployment area (x 28–32). */
function movingWarehouse(): { file: string; raw: Record<string, unknown> } {
  const raw = JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8')) as Record<string, unknown> & { parameters: unknown[] };
  raw.parameters.push({ name: 'warehouse-x', move: '$.terrain[4].polygon', axis: 'x', min: 6, max: 36, step: 15 });
  const file = join(root, 'raid-move.json');
  writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`);
  return { file, raw };
}

describe('tune: invalid candidates', () => {
  it('are recorded as invalid with the reason, play no game, get the worst fitness, and the search carries on', () => {
    const { file } = movingWarehouse();
    const out = join(root, 'run');
    const r = cli(
      'tune',
      '--scenario',
      file,
      '--agent',
      'pirates=random',
      '--agent',
      'townsfolk=random',
      '--target',
      'pirates=0.5',
      '--only',
      'warehouse-x',
      '--budget',
      '8',
      '--games',
      '2',
      '--workers',
      '1',
      '--seed',
      '1',
      '--out',
      out,
    );
    expect(r.err).not.toMatch(/worker threads fail to start|died twice/);
    expect(r.code).toBe(0);
    const reason = 'at $.sides[1].groups[3].area: group "watch" has room for only 0 of its 5 figures';
    // The progress line of an invalid evaluation says so, with the reason and the worst fitness.
    const invalidLines = r.err.split('\n').filter((l) => l.includes('warehouse-x=21'));
    expect(invalidLines.length).toBeGreaterThan(0);
    for (const l of invalidLines) {
      expect(l).toContain(`invalid, no games: ${reason}`);
      expect(l).toContain('(fitness -1.000)');
    }
    expect(r.err.split('\n').filter((l) => l.startsWith('tune: evaluation '))).toHaveLength(8); // the search went on to its budget
    expect(r.out).toMatch(/\d+ candidates? invalid/);

    const data = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      evaluations: { values: Record<string, number>; fitness: number; score: { games: number }; invalid?: string }[];
      candidates: { values: Record<string, number>; invalid?: string }[];
      best: { values: Record<string, number> } | null;
    };
    expect(data.evaluations).toHaveLength(8);
    const invalid = data.evaluations.filter((e) => e.invalid !== undefined);
    const valid = data.evaluations.filter((e) => e.invalid === undefined);
    expect(invalid.length).toBe(invalidLines.length);
    for (const e of invalid) {
      expect(e.values['warehouse-x']).toBe(21);
      expect(e.invalid).toContain(reason);
      expect(e.fitness).toBe(-1);
      expect(e.score.games).toBe(0);
    }
    for (const e of valid) expect(e.values['warehouse-x']).not.toBe(21);
    expect(data.candidates.find((c) => c.values['warehouse-x'] === 21)?.invalid).toContain(reason);
    expect(data.best?.values['warehouse-x']).not.toBe(21);

    // No game for an invalid candidate, and no error rows at all.
    const rows = gameRows(out);
    expect(rows).toHaveLength(valid.length * 2);
    for (const row of rows) {
      expect(row.params?.['warehouse-x']).not.toBe(21);
      expect(row.error).toBeUndefined();
    }
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('## Invalid candidates');
    expect(md).toContain(`- warehouse-x=21: ${reason}`);
    expect(md).toMatch(/\| warehouse-x=21 \| \d+ \| 0 \| invalid \| — \|/);
    expect(JSON.parse(readFileSync(join(out, 'best.json'), 'utf8')).id).toBe('supply-raid-tuned');

    // A resumed, extended search replays the invalid evaluations without playing them.
    const again = cli('tune', '--resume', out, '--budget', '9', '--quiet');
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    const after = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as typeof data;
    expect(after.evaluations.slice(0, 8)).toEqual(data.evaluations);
    expect(gameRows(out).every((row) => row.params?.['warehouse-x'] !== 21)).toBe(true);
  }, 300_000);

  it('a game whose scenario a worker cannot compile is an error row of kind "scenario", not a failed start', async () => {
    const { file, raw } = movingWarehouse();
    const rows: GameRow[] = [];
    const r = await runGames({
      config: {
        scenarioRaw: raw,
        scenarioOrigin: file,
        scenarioArg: file,
        timeLimitMs: 0,
        invariants: false,
        measures: false,
        records: 'none',
        outDir: tmpdir(),
        epoch: Date.now(),
      },
      sides: ['pirates', 'townsfolk'],
      workers: 1,
      total: 3,
      batchSize: 1,
      gameAt: (id) => ({ id, seed: id, agents: { pirates: 'random', townsfolk: 'random' }, params: { 'warehouse-x': id === 2 ? 17 : 21 } }),
      done: new Set(),
      onRow: (row) => rows.push(row),
    });
    expect(r.ended).toBe('done');
    rows.sort((a, b) => a.id - b.id);
    expect(rows.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(rows[1].error).toBeUndefined();
    for (const row of [rows[0], rows[2]]) {
      expect(row.winner).toBeNull();
      expect(row.error?.kind).toBe('scenario');
      expect(row.error?.message).toContain('group "watch" has room for only 0 of its 5 figures');
      expect(row.error?.repro).toContain('--param warehouse-x=21');
    }
  }, 120_000);
});
