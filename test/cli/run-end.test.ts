/**
 * How a run ends (issue 20, item 9): an early stop (SPRT) finishes the side-swapped pair of every
 * game it started, and a finished run can be extended with `--resume … --games N`.
 */
import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { registerStress } from '../../src/commands/stress.js';
import { inProcess } from './in-process.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runGames } from '../../src/runner/pool.js';
import { loadScenario } from '../../src/rules/index.js';
import { partnersOf, type RunManifest } from '../../src/runner/manifest.js';

describe('ending a run', () => {
  it('a stop after an odd number of rows still plays the other side order of each started deal', async () => {
    const sc = loadScenario('supply-raid');
    const sides = sc.ruleset.sides(sc.compiled);
    const m = { kind: 'tournament' } as RunManifest;
    const ids: number[] = [];
    const r = await runGames({
      config: {
        scenarioRaw: sc.raw,
        scenarioOrigin: 'supply-raid',
        scenarioArg: 'supply-raid',
        timeLimitMs: 0,
        invariants: false,
        measures: false,
        records: 'none',
        outDir: tmpdir(),
        epoch: Date.now(),
      },
      sides,
      workers: 1,
      total: 20,
      batchSize: 1,
      gameAt: (id) => ({ id, seed: Math.ceil(id / 2), agents: { pirates: 'random', townsfolk: 'random' } }),
      done: new Set(),
      onRow: (row) => ids.push(row.id),
      // An SPRT-like verdict after the second row: game 3 is already in flight then.
      shouldStop: () => ids.length >= 2,
      partners: (id) => partnersOf(m, id),
    });
    expect(r.ended).toBe('stopped');
    ids.sort((a, b) => a - b);
    expect(ids.length % 2).toBe(0);
    for (let k = 0; k < ids.length; k += 2) expect([ids[k], ids[k + 1]]).toEqual([ids[k], ids[k] + 1]);
  });
});

describe('--resume … --games N', () => {
  it('extends a finished stress run with more games on the same seeds; fewer is refused', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'skirmish-extend-')), 'run');
    const a = await inProcess(
      registerStress,
      'stress',
      '--scenario',
      'supply-raid',
      '--agent',
      'pirates=random',
      '--agent',
      'townsfolk=random',
      '--games',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      out,
    );
    expect(a.code, a.err).toBe(0);
    const first = readFileSync(join(out, 'games.jsonl'), 'utf8');
    const b = await inProcess(registerStress, 'stress', '--resume', out, '--games', '4', '--workers', '1', '--quiet');
    expect(b.code, b.err).toBe(0);
    expect(b.out).toMatch(/4 of 4 games/);
    const rows = readFileSync(join(out, 'games.jsonl'), 'utf8');
    expect(rows.startsWith(first)).toBe(true); // the first games are kept, not replayed
    expect(
      rows
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { games: number }).games).toBe(4);
    const c = await inProcess(registerStress, 'stress', '--resume', out, '--games', '3', '--quiet');
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/already has 4 games/);
  });
});
