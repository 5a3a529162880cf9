/**
 * Failures inside a run: an agent file that throws on its 3rd decision, an agent that ends its
 * worker thread, an agent stuck in a decision. Each failing game becomes an error row with its
 * seed and a repro command; the rest of the run completes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cli, gameRows, tempDir } from './helpers.js';
import { deriveSeed } from '../../src/runner/seeds.js';

const root = tempDir('failures');

/** Run a repro command (`npx tsx src/cli.ts run …`, no quoting needed here) without npx. */
function runRepro(cmd: string): { code: number; out: string; err: string } {
  const words = cmd.split(' ');
  expect(words.slice(0, 3)).toEqual(['npx', 'tsx', 'src/cli.ts']);
  return cli(...words.slice(3), '--quiet', '--out', join(root, `repro-${Math.random().toString(36).slice(2)}.jsonl`));
}

describe('failures in a run', () => {
  it('an agent that throws on its 3rd decision loses those games as error rows with repro commands; the rest completes', () => {
    const out = join(root, 'throws');
    const fixture = 'test/fixtures/throw-third.ts';
    const r = cli(
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      `random,heuristic,${fixture}`,
      '--games',
      '2',
      '--workers',
      '2',
      '--out',
      out,
      '--quiet',
    );
    // Every game of the fixture failed: the run says so and exits 1 (issue 20); the others are fine.
    expect(r.err.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: every game of test\/fixtures\/throw-third\.ts \(4\) ended in an error, e\.g\. .*3rd decision/),
    ]);
    expect(r.code).toBe(1);
    const rows = gameRows(out);
    expect(rows.map((x) => x.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const failing = rows.filter((x) => Object.values(x.agents).includes(fixture));
    const others = rows.filter((x) => !Object.values(x.agents).includes(fixture));
    expect(failing).toHaveLength(4);
    expect(others).toHaveLength(2);
    for (const x of others) {
      expect(x.error).toBeUndefined();
      expect(x.winner).not.toBeNull();
    }
    for (const x of failing) {
      const side = Object.keys(x.agents).find((s) => x.agents[s] === fixture) as string;
      expect(x.error).toMatchObject({ kind: 'agent', side, agent: fixture });
      expect(x.error?.message).toMatch(/3rd decision/);
      expect(x.winner).not.toBe(side); // the failing side forfeits
      expect(x.winner).not.toBeNull();
      expect(x.error?.repro).toBe(
        `npx tsx src/cli.ts run --scenario supply-raid --seed ${x.seed} ${Object.entries(x.agents)
          .map(([s, a]) => `--agent ${s}=${a}`)
          .join(' ')}`,
      );
      expect(x.record).toBe(`records/game-${x.id}.jsonl.gz`); // --records errors (the default), compressed
      // The record, rebuilt from the seed and the decisions taken, holds them all, up to the failure.
      const record = gunzipSync(readFileSync(join(out, x.record as string)))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { t: string; n?: number });
      expect(record[0].t).toBe('header');
      expect(record.filter((l) => l.t === 'decision').map((l) => l.n)).toEqual(Array.from({ length: x.decisions }, (_, i) => i + 1));
      // It ends with a stop line saying who stopped play and why, and verifies up to it.
      expect(record.at(-1)).toEqual({ t: 'stop', reason: 'agent error', side, decisions: x.decisions, message: x.error?.message });
      const v = cli('replay', join(out, x.record as string), '--verify', '--quiet');
      expect(v.err).toBe('');
      expect(v.code).toBe(0);
      expect(v.out).toMatch(
        new RegExp(
          `verified: .* — ${x.decisions} decisions replayed, every line identical up to where play stopped without a result \\(${side}: agent error — .*3rd decision`,
        ),
      );
    }
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/4 game\(s\) ended in an error/);
    expect(md).toContain(failing[0].error?.repro);
    // The repro command replays the failure.
    // An agent's failure is a failed game (exit 1), not the simulator's defect (3): the agent's own
    // message and stack, and the game up to the failure written and verifiable.
    const again = runRepro(failing[0].error?.repro as string);
    expect(again.code).toBe(1);
    expect(again.err).not.toMatch(/internal error/);
    expect(again.err).toMatch(
      /^error: the agent of \w+ \(test\/fixtures\/throw-third\.ts\) failed: the agent threw at decision \d+: fixture agent: I always throw on my 3rd decision\nError: fixture agent.*\n\s+at .*throw-third\.ts/,
    );
    const kept = again.err.match(/The game up to the failure: (\S+) \(replay --verify checks it\)/);
    expect(kept).not.toBeNull();
    expect(cli('replay', kept![1], '--verify', '--quiet').code).toBe(0);
  });

  it('a worker that dies has its game retried once, then reported; the other games finish', () => {
    const out = join(root, 'dies');
    const games = 2;
    const seeds = Array.from({ length: games }, (_, i) => deriveSeed(4, i + 1));
    expect(seeds.some((s) => s % 2 === 0) && seeds.some((s) => s % 2 === 1)).toBe(true); // the fixture dies on even seeds
    const r = cli(
      'stress',
      '--scenario',
      'supply-raid',
      '--agent',
      'pirates=test/fixtures/exit-worker.ts',
      '--agent',
      'townsfolk=random',
      '--games',
      String(games),
      '--workers',
      '2',
      '--seed',
      '4',
      '--out',
      out,
      '--json',
      '--quiet',
    );
    expect(r.code).toBe(0);
    const rows = gameRows(out).sort((a, b) => a.id - b.id);
    expect(rows.map((x) => x.id)).toEqual([1, 2]);
    for (const x of rows) {
      if (x.seed % 2 === 0) {
        expect(x.error).toMatchObject({ kind: 'worker' });
        expect(x.error?.message).toMatch(/died twice/);
        expect(x.winner).toBeNull();
        expect(x.error?.repro).toContain(`--seed ${x.seed}`);
      } else {
        expect(x.error).toBeUndefined();
        expect(x.violations).toBe(0);
      }
    }
    const s = JSON.parse(r.out.trim()) as { errors: number; games: number };
    expect(s.games).toBe(2);
    expect(s.errors).toBe(seeds.filter((x) => x % 2 === 0).length);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { run: { retried: number } };
    expect(report.run.retried).toBe(seeds.filter((x) => x % 2 === 0).length); // once each
  });

  it('an agent stuck in a decision past the time limit loses by timeout; its worker is replaced and the run ends', () => {
    const out = join(root, 'stuck');
    const r = cli(
      'stress',
      '--scenario',
      'supply-raid',
      '--agent',
      'pirates=random',
      '--agent',
      'townsfolk=test/fixtures/stall.ts',
      '--games',
      '2',
      '--workers',
      '1',
      '--time-limit',
      '100',
      '--out',
      out,
      '--quiet',
    );
    expect(r.code).toBe(1); // every game of the stalling agent failed (issue 20)
    expect(r.err).toMatch(/every game of test\/fixtures\/stall\.ts \(2\) ended in an error/);
    const rows = gameRows(out);
    expect(rows).toHaveLength(2);
    for (const x of rows) {
      expect(x.error).toMatchObject({ kind: 'timeout', side: 'townsfolk', agent: 'test/fixtures/stall.ts', decision: expect.any(Number) });
      expect(x.error?.message).toMatch(/did not return within 1100 ms/);
      expect(x.winner).toBe('pirates');
      expect(x.error?.repro).toMatch(/ --time-limit 100$/); // the repro plays under the run's limit
    }
  });

  it('run --time-limit stops a game at a decision answered late: exit 1, the record kept up to it and verifiable', () => {
    const out = join(root, 'late.jsonl');
    const r = cli(
      'run',
      '--scenario',
      'supply-raid',
      '--seed',
      '3',
      '--agent',
      'pirates=test/fixtures/slow-third.ts',
      '--agent',
      'townsfolk=random',
      '--time-limit',
      '100',
      '--out',
      out,
      '--quiet',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^error: the agent of pirates \(test\/fixtures\/slow-third\.ts\) failed: decision \d+ took \d+ ms, past the time limit \(100 ms\)/,
    );
    const last = JSON.parse(readFileSync(out, 'utf8').trim().split('\n').at(-1) as string) as { t: string; reason: string; side: string };
    expect(last).toMatchObject({ t: 'stop', reason: 'time limit', side: 'pirates' });
    expect(cli('replay', out, '--verify', '--quiet').code).toBe(0);
    // Without a limit the same game plays through.
    expect(
      cli(
        'run',
        '--scenario',
        'supply-raid',
        '--seed',
        '3',
        '--agent',
        'pirates=test/fixtures/slow-third.ts',
        '--agent',
        'townsfolk=random',
        '--out',
        join(root, 'late-free.jsonl'),
        '--quiet',
      ).code,
    ).toBe(0);
  });

  it('an agent whose factory throws forfeits before its first decision; the other agent is not blamed; records verify; run exits 1', () => {
    const out = join(root, 'create');
    const fixture = 'test/fixtures/throw-create.ts';
    const r = cli(
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      `random,${fixture}`,
      '--games',
      '2',
      '--workers',
      '1',
      '--out',
      out,
      '--records',
      'all',
      '--quiet',
    );
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^error: every game of test\/fixtures\/throw-create\.ts \(2\) ended in an error, e\.g\. creating the agent failed: fixture agent: I cannot be created \(before its first decision\)/,
      ),
    ]);
    for (const x of gameRows(out)) {
      const side = Object.keys(x.agents).find((s) => x.agents[s] === fixture) as string;
      expect(x.error).toMatchObject({ kind: 'agent', side, agent: fixture, decision: 0 });
      expect(x.winner).toBe(Object.keys(x.agents).find((s) => s !== side));
      expect(x.decisions).toBe(0);
      expect(cli('replay', join(out, x.record as string), '--verify', '--quiet').code).toBe(0);
    }
    const file = join(root, 'create-run.jsonl');
    const one = cli('run', '--scenario', 'supply-raid', '--agent', `pirates=${fixture}`, '--out', file, '--quiet');
    expect(one.code).toBe(1);
    expect(one.err).toMatch(
      /^error: the agent of pirates \(test\/fixtures\/throw-create\.ts\) failed: creating the agent failed: fixture agent: I cannot be created\nError: fixture agent/,
    );
    expect(one.err).not.toMatch(/internal error/);
    expect(cli('replay', file, '--verify', '--quiet').code).toBe(0);
  });
});
