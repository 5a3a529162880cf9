/**
 * The CLI's commands run in this process, as src/cli.ts runs them (the same command modules, the
 * same `fail` for what escapes them), with `process.exit` stubbed: the exit code a user would see,
 * without a process start per case (for the issue 45 fuzz suite: hundreds of cases).
 */
import { Command } from 'commander';
import { Readable } from 'node:stream';
import { fail } from '../../src/commands/common.js';
import { registerRun } from '../../src/commands/run.js';
import { registerReplay } from '../../src/commands/replay.js';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { registerPlay } from '../../src/commands/play.js';
import { registerRender } from '../../src/commands/render.js';

/** Thrown by the stubbed `process.exit`. */
class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * Run `skirmish <args>` (validate, run, replay, render, play) to its end in this process; `stdin`
 * is what the command reads as its input (then the input ends). The code is the first
 * `process.exit` called (a command that catches the stub's throw and exits again does not change
 * it), else `process.exitCode`, else 0.
 */
export async function cliMain(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const program = new Command()
    .name('skirmish')
    .exitOverride((e) => {
      process.exit(e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2);
    })
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  registerRun(program);
  registerReplay(program);
  registerScenarios(program);
  registerPlay(program);
  registerRender(program);
  let out = '';
  let err = '';
  let first: number | undefined;
  const real = { exit: process.exit, out: process.stdout.write, err: process.stderr.write, code: process.exitCode };
  const stdinDesc = Object.getOwnPropertyDescriptor(process, 'stdin');
  process.exitCode = undefined;
  process.exit = ((code?: number) => {
    first ??= code ?? 0;
    throw new Exit(code ?? 0);
  }) as typeof process.exit;
  process.stdout.write = ((s: string | Uint8Array) => {
    out += typeof s === 'string' ? s : Buffer.from(s).toString();
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    err += typeof s === 'string' ? s : Buffer.from(s).toString();
    return true;
  }) as typeof process.stderr.write;
  Object.defineProperty(process, 'stdin', { value: Readable.from([stdin]), configurable: true, enumerable: true });
  try {
    try {
      await program.parseAsync(['node', 'skirmish', ...args]);
    } catch (e) {
      if (!(e instanceof Exit)) fail(e); // as src/cli.ts: parseAsync(…).catch(fail)
    }
  } catch (e) {
    if (!(e instanceof Exit)) throw e;
  } finally {
    process.exit = real.exit;
    process.stdout.write = real.out;
    process.stderr.write = real.err;
    if (stdinDesc) Object.defineProperty(process, 'stdin', stdinDesc);
  }
  const code = first ?? (typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0));
  process.exitCode = real.code;
  return { code, out, err };
}
