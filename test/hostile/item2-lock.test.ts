/**
 * Issue 45, item 2: a run folder is locked. Through the CLI only: a second run started on the
 * folder of a live run (the issue's `--resume` beside a run still going) is refused with exit 2
 * naming the holder, and no game is played twice; a stale lock (its process gone) is said and taken
 * over. (The lock's API — PID reuse, SIGKILL: test/runner/lock.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cli, cliStart, exited, gameRows, tempDir, until } from '../runner/helpers.js';

/** A lock file as a run writes it (run.lock: PID, start time, host, command). */
function writeLock(dir: string, pid: number, started: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'run.lock'), `${JSON.stringify({ pid, started, host: hostname(), command: 'skirmish stress --out x' })}\n`);
}

/** The PID of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('issue 45 item 2: the run-folder lock', () => {
  it('item 2: stress --resume beside a live run on the same folder is refused with exit 2 naming it; no game is played twice', async () => {
    const dir = join(tempDir('item2'), 'run');
    const args = ['--scenario', 'farmstead-raid', '--agent', 'vikings=random', '--agent', 'saxons=random', '--workers', '1'];
    const first = cliStart('stress', ...args, '--games', '400', '--out', dir, '--quiet');
    const done = exited(first);
    try {
      await until(() => gameRows(dir).length > 0, 60_000);
      // The case: the user thinks the run is dead and resumes it at once.
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'stress', '--resume', dir, '--quiet'], {
        encoding: 'utf8',
        timeout: 120_000,
        killSignal: 'SIGKILL',
      });
      expect(second.status, second.stderr).toBe(2);
      expect(second.stderr).toContain(`in use by another run: process ${first.pid}`);
    } finally {
      expect(await done).toBe(0);
    }
    const ids = gameRows(dir).map((g) => g.id);
    expect(ids).toHaveLength(400);
    expect(new Set(ids).size).toBe(ids.length);
  }, 240_000);

  it('item 2: a stale lock (its process gone) is said and taken over; the run plays and releases the lock', () => {
    const dir = tempDir('item2');
    const pid = deadPid();
    writeLock(dir, pid, Date.now() - 60_000);
    const r = cli(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=random',
      '--games',
      '2',
      '--workers',
      '1',
      '--out',
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain(`a stale lock (process ${pid}`);
    expect(r.err).toContain('taken over');
    expect(gameRows(dir)).toHaveLength(2);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
  });
});
