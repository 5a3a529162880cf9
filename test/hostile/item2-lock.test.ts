/**
 * Issue 45, item 2: a run folder is locked (PID + start time in `run.lock`, created exclusively);
 * a live holder is refused with exit 2 naming it, a stale lock (its process gone) is said and taken over.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cli, cliInProcess, gameRows, tempDir } from '../runner/helpers.js';
import { LOCK_FILE, RunLockError, lockRunDir, processStart } from '../../src/runner/lock.js';

function writeLock(dir: string, pid: number, started: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify({ pid, started, host: hostname(), command: 'skirmish stress --out x' })}\n`);
}

/** The PID of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('issue 45 item 2: the run-folder lock', () => {
  it('item 2: a new run on a folder a live process holds is refused with exit 2 naming the holder; nothing is written', async () => {
    const dir = tempDir('item2');
    writeLock(dir, process.pid, processStart(process.pid) ?? Date.now());
    const r = await cliInProcess(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=random',
      '--agent',
      'saxons=random',
      '--games',
      '1',
      '--out',
      dir,
      '--quiet',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(`in use by another run: process ${process.pid}`);
    expect(existsSync(join(dir, 'run.json'))).toBe(false);
  });

  it('item 2: --resume beside a live run is refused with exit 2 (no games played twice)', async () => {
    const dir = tempDir('item2');
    writeFileSync(join(dir, 'run.json'), '{}');
    writeLock(dir, process.pid, processStart(process.pid) ?? Date.now());
    const r = await cliInProcess('tournament', '--resume', dir, '--quiet');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/in use by another run: process \d+/);
  });

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
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('item 2: a PID reused by a later process does not keep a lock alive', () => {
    const dir = tempDir('item2');
    // This process's PID, but a lock written an hour before it started: another process's.
    writeLock(dir, process.pid, (processStart(process.pid) ?? Date.now()) - 3_600_000);
    const lock = lockRunDir(dir);
    expect(lock.tookOver?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('item 2: a process killed with SIGKILL leaves a stale lock, taken over; a live holder refuses a second taker', () => {
    const dir = tempDir('item2');
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/runner/lock.ts').then((m) => { m.lockRunDir(${JSON.stringify(dir)}); try { m.lockRunDir(${JSON.stringify(dir)}); console.log('again ok'); } catch (e) { console.log('refused'); } process.kill(process.pid, 'SIGKILL'); })`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stdout.trim()).toBe('again ok'); // the same process holds it already
    expect(child.signal).toBe('SIGKILL');
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    const lock = lockRunDir(dir); // the child is gone: stale
    expect(lock.tookOver).not.toBeNull();
    writeLock(join(dir, 'sub'), process.pid, processStart(process.pid) ?? Date.now());
    expect(() => lockRunDir(join(dir, 'sub'))).toThrow(RunLockError);
    lock.release();
  });
});
