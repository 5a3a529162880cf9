/**
 * Issue 45, item 6: `run --time-limit` stops an agent that never returns (a synchronous loop) and
 * one whose promise never settles: exit 1, the record kept up to the decision and verifiable;
 * `mcts:iterations=0` (no budget) is refused; an agent that allocates without end fails alone.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from '../runner/helpers.js';
import { cliWithin } from './cli-within.js';
import { inProcess } from '../cli/in-process.js';
import { registerRun } from '../../src/commands/run.js';

describe('issue 45 item 6: run --time-limit holds for any agent', () => {
  it('item 6: a synchronous agent looping for ever is stopped: exit 1, the record up to it verifies', () => {
    const out = join(tempDir('item6'), 'g.jsonl');
    const r = cliWithin(120_000, [
      'run',
      '--scenario',
      'farmstead-raid',
      '--seed',
      '2',
      '--agent',
      'vikings=test/fixtures/hostile/loop.ts',
      '--agent',
      'saxons=random',
      '--time-limit',
      '300',
      '--out',
      out,
      '--quiet',
    ]);
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/did not return within 1300 ms \(time limit 300 ms\); it was stopped/);
    const last = JSON.parse(readFileSync(out, 'utf8').trim().split('\n').at(-1) as string) as { t: string; reason: string; side: string };
    expect(last).toMatchObject({ t: 'stop', reason: 'time limit', side: 'vikings' });
    const v = cli('replay', out, '--verify', '--quiet');
    expect(v.code, v.err).toBe(0);
  }, 150_000);

  it('item 6: an agent whose promise never settles loses by the time limit: exit 1, not 0 mid-game', () => {
    const out = join(tempDir('item6'), 'g.jsonl');
    const r = cliWithin(120_000, [
      'run',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=test/fixtures/hostile/never.ts',
      '--agent',
      'saxons=random',
      '--time-limit',
      '200',
      '--out',
      out,
      '--quiet',
    ]);
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/the agent of vikings \(never\) failed: decision \d+ took longer than the time limit \(200 ms\)/);
  }, 150_000);

  it('item 6: without --time-limit, an agent whose promise never settles ends run with exit 1 saying so, not exit 0 mid-game', () => {
    const r = cliWithin(120_000, [
      'run',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=test/fixtures/hostile/never.ts',
      '--agent',
      'saxons=random',
      '--out',
      join(tempDir('item6'), 'g.jsonl'),
      '--quiet',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/an agent never answered decision \d+/);
  }, 150_000);

  it('item 6: an agent that allocates without end fails alone (exit 1, the record kept), not a V8 fatal error', () => {
    const out = join(tempDir('item6'), 'g.jsonl');
    // A 512 MB heap for the CLI (the bound): the agent's own thread has less, and only it fails.
    const r = cliWithin(
      120_000,
      [
        'run',
        '--scenario',
        'farmstead-raid',
        '--agent',
        'vikings=test/fixtures/hostile/hog.ts',
        '--agent',
        'saxons=random',
        '--time-limit',
        '3000',
        '--out',
        out,
        '--quiet',
      ],
      '',
      ['--max-old-space-size=512'],
    );
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/the agent of vikings \(test\/fixtures\/hostile\/hog\.ts\) failed: decision \d+/);
    const last = JSON.parse(readFileSync(out, 'utf8').trim().split('\n').at(-1) as string) as { t: string; side: string };
    expect(last).toMatchObject({ t: 'stop', side: 'vikings' });
  }, 150_000);

  it('item 6: with --time-limit a game plays as without it (same record)', async () => {
    const dir = tempDir('item6');
    const a = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--seed',
      '4',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=heuristic',
      '--out',
      join(dir, 'a.jsonl'),
      '--quiet',
    );
    const b = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--seed',
      '4',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=heuristic',
      '--time-limit',
      '10000',
      '--out',
      join(dir, 'b.jsonl'),
      '--quiet',
    );
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(readFileSync(join(dir, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'a.jsonl'), 'utf8'));
  }, 150_000);

  it('item 6: mcts:iterations=0 (no budget at all) is refused with exit 2', () => {
    // A child with a deadline and a 512 MB heap: at 109c6c4 the search ran without bound (1.37 GB in 180 s).
    const r = cliWithin(
      120_000,
      [
        'run',
        '--scenario',
        'farmstead-raid',
        '--agent',
        'vikings=mcts:iterations=0',
        '--out',
        join(tempDir('item6'), 'g.jsonl'),
        '--quiet',
      ],
      '',
      ['--max-old-space-size=512'],
    );
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('no budget bounds a decision');
  }, 150_000);
});
