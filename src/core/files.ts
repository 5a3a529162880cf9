/**
 * Writing a file atomically: THE way the project writes a file someone may read while it is being
 * written or after a crash — records, reports, run and tune state, scenario files, bundles and their
 * manifests. The bytes go to a temporary file beside the target, which is then renamed over it.
 */
import { mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Writes made by this thread: with the process id and the thread id, a temporary name no other writer uses. */
let serial = 0;

/**
 * Write `data` to `file` atomically, creating its folder. A reader (another process included) sees
 * the old file or the whole new one, never part of one: the data is written to
 * `<file>.tmp-<pid>-<thread>-<n>` in the same folder, then renamed over `file` (a rename within a
 * file system replaces the target in one step). Concurrent writers of one file never share a
 * temporary name; the last rename wins. On failure the temporary file is removed and the error
 * rethrown; `file` is then as it was. The temporary name never ends in `.jsonl` or `.gz`, so a
 * left-over one (after a kill) is not taken for a record.
 */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  refuseNonRegular(file);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}-${threadId}-${serial++}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    throw e;
  }
}

/**
 * Thrown by {@link writeAtomic} (and {@link refuseNonRegular}) for a target that exists and is not a
 * regular file: a device (`/dev/full`), a FIFO, a socket or a folder is never replaced by a file.
 * Carries `code` `ENOTREG`, `path` and `syscall` as Node's file-system errors do.
 */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  readonly syscall = 'write';
  constructor(readonly path: string) {
    super(`ENOTREG: not a regular file (a device, a FIFO, a socket or a folder); give a file name, write '${path}'`);
    this.name = 'NotRegularFileError';
  }
}

/** Throw {@link NotRegularFileError} when `file` exists (following links) and is not a regular file. */
export function refuseNonRegular(file: string): void {
  const st = statSync(file, { throwIfNoEntry: false });
  if (st && !st.isFile()) throw new NotRegularFileError(file);
}
