/**
 * The run-folder lock (src/runner/lock.ts; issue 45 item 2) through its API: a lock naming a live
 * process refuses a run; a PID reused by a later process does not keep a lock alive; a process
 * killed with SIGKILL leaves a stale lock that is taken over. (The CLI's behaviour, with a real
 * second run beside a live one: test/hostile/item2-lock.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cliInProcess, tempDir } from './helpers.js';
import { LOCK_FILE, RunLockError, lockRunDir, processStart } from '../../src/runner/lock.js';

function writeLock(dir: string, pid: number, started: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify({ pid, started, host: hostname(), command: 'skirmish stress --out x' })}\n`);
}

describe('the run-folder lock', () => {
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
