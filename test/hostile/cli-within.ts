/** The CLI as a child process with a deadline, for the issue 45 tests of input that once hung it. */
import { spawnSync } from 'node:child_process';

/**
 * Run `skirmish <args>` (src/cli.ts under tsx) to its end or until `ms` have passed, then kill it
 * (SIGKILL): a command that hangs fails the test's assertions (its code is then the signal's name)
 * instead of blocking the test process. `input` is its standard input; `nodeFlags` go to Node
 * (e.g. `--max-old-space-size=512`: a file that exhausts memory fails, not the machine).
 */
export function cliWithin(
  ms: number,
  args: string[],
  input = '',
  nodeFlags: string[] = [],
): { code: number | string; out: string; err: string } {
  const r = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/cli.ts', ...args], {
    encoding: 'utf8',
    input,
    timeout: ms,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1_048_576,
  });
  return { code: r.status ?? r.signal ?? -1, out: r.stdout ?? '', err: r.stderr ?? '' };
}
