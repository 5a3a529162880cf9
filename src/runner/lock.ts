/**
 * The run-folder lock: one process at a time plays a run (`stress`, `tournament`, `tune`). Two
 * processes on one folder (a `--resume` started while the first still runs — under `npx tsx` the
 * run lives in a child process that a `kill -9` of the parent leaves running — or two runs given
 * the same `--out`) would both append to games.jsonl and play every game twice.
 *
 * The lock is `<dir>/run.lock`, created exclusively (`wx`), holding the holder's PID, the start
 * time of its process and its host. A lock whose process is gone (or whose PID now belongs to a
 * process started later: a reused PID) is stale: it is taken over, and the caller says so. A live
 * one is refused with a {@link RunLockError} naming the holder.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file's name in a run folder. */
export const LOCK_FILE = 'run.lock';

/** What a lock file holds. */
export interface LockInfo {
  pid: number;
  /** When the holder's process started, ms since the epoch (to tell a reused PID). */
  started: number;
  host: string;
  /** The holder's command line, for the message. */
  command: string;
}

/** A run folder locked by a live process: bad input for the caller (exit 2). */
export class RunLockError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `${dir} is in use by another run: process ${holder.pid} on ${holder.host}, started ${new Date(holder.started).toISOString()} (${holder.command}); wait for it to end or stop it (kill ${holder.pid}), then try again`,
    );
    this.name = 'RunLockError';
  }
}

/** A lock this process holds. */
export interface RunLock {
  readonly file: string;
  /** The stale lock taken over, if any (the caller says so). */
  readonly tookOver: LockInfo | null;
  /** Remove the lock file (idempotent). */
  release(): void;
}

const held = new Map<string, RunLock>();
let exitHook = false;

/** When process `pid` started (ms since the epoch), from /proc on Linux; null where unknown (no such process, another system). */
export function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime, in clock ticks after boot), counted after the `(comm)` field, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    if (!Number.isFinite(ticks) || !Number.isFinite(uptime)) return null;
    return Date.now() - uptime * 1000 + (ticks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** This process's start time, as written in its locks. */
function ownStart(): number {
  return processStart(process.pid) ?? Date.now() - process.uptime() * 1000;
}

/** True when the lock's holder still runs (a different host: assumed to, as it cannot be checked). */
export function holderAlive(info: LockInfo): boolean {
  if (info.host !== hostname()) return true;
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'EPERM') return false; // ESRCH: no such process
  }
  const start = processStart(info.pid);
  // A process with that PID started well after the lock was written: the PID was reused.
  return start === null || Math.abs(start - info.started) < 5_000;
}

function readLock(file: string): LockInfo | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof v.pid !== 'number' || !Number.isSafeInteger(v.pid) || v.pid <= 0 || typeof v.started !== 'number') return null;
    return {
      pid: v.pid,
      started: v.started,
      host: typeof v.host === 'string' ? v.host : hostname(),
      command: typeof v.command === 'string' ? v.command : '?',
    };
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

/**
 * Lock run folder `dir` (created if missing, and removed again on release when still empty) for this process. Throws {@link RunLockError} when a
 * live process holds it; takes over a stale lock (reported in {@link RunLock.tookOver}). The lock is
 * released by {@link RunLock.release}, by {@link releaseRunLocks}, or when the process exits.
 */
export function lockRunDir(dir: string): RunLock {
  const file = join(dir, LOCK_FILE);
  const mine = held.get(file);
  if (mine) return mine;
  const created = !existsSync(dir);
  mkdirSync(dir, { recursive: true });
  const info: LockInfo = { pid: process.pid, started: ownStart(), host: hostname(), command: process.argv.slice(1).join(' ') };
  let tookOver: LockInfo | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(info)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EEXIST' || attempt >= 2) throw e;
      const other = readLock(file);
      if (other && holderAlive(other)) throw new RunLockError(dir, other);
      tookOver = other ?? { pid: 0, started: 0, host: '?', command: '(unreadable lock file)' };
      try {
        unlinkSync(file); // stale: remove it and try to create ours again (another taker may win the race)
      } catch {
        // Someone else removed it first.
      }
    }
  }
  const lock: RunLock = {
    file,
    tookOver,
    release() {
      if (held.get(file) !== lock) return;
      held.delete(file);
      try {
        const now = readLock(file);
        if (now && now.pid === info.pid && now.started === info.started) unlinkSync(file);
      } catch {
        // Already gone.
      }
      // A folder made for the lock and left empty (the run stopped before writing anything) goes too.
      if (created) {
        try {
          rmdirSync(dir);
        } catch {
          // Not empty: the run's files stay.
        }
      }
    },
  };
  held.set(file, lock);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', releaseRunLocks);
  }
  return lock;
}

/** Release every run lock this process holds (at exit, and when a command ends in-process). */
export function releaseRunLocks(): void {
  for (const l of [...held.values()]) l.release();
}
