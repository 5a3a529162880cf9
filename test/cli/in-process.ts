/** Run CLI commands inside the test process (no Node start-up per call): exit, stdout and stderr are stubbed. */
import { Command } from 'commander';

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * Register commands with `register` on a fresh program and run `args`; returns the exit code
 * (`process.exit` or `process.exitCode`, else 0) and what was written to stdout and stderr.
 */
export async function inProcess(register: (p: Command) => void, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const program = new Command().name('skirmish').exitOverride();
  register(program);
  let out = '';
  let err = '';
  const real = { exit: process.exit, out: process.stdout.write, err: process.stderr.write, exitCode: process.exitCode };
  process.exitCode = undefined;
  process.exit = ((code?: number) => {
    throw new Exit(code ?? 0);
  }) as typeof process.exit;
  process.stdout.write = ((s: string | Uint8Array) => (
    (out += typeof s === 'string' ? s : Buffer.from(s).toString()),
    true
  )) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => (
    (err += typeof s === 'string' ? s : Buffer.from(s).toString()),
    true
  )) as typeof process.stderr.write;
  try {
    await program.parseAsync(['node', 'skirmish', ...args]);
    return { code: typeof process.exitCode === 'number' ? process.exitCode : 0, out, err };
  } catch (e) {
    if (e instanceof Exit) return { code: e.code, out, err };
    throw e;
  } finally {
    process.exit = real.exit;
    process.stdout.write = real.out;
    process.stderr.write = real.err;
    process.exitCode = real.exitCode;
  }
}
