/**
 * Ctrl-C for long commands: the first stops the work cleanly, a later one quits at once.
 *
 * One Ctrl-C in a terminal sends SIGINT to the whole foreground process group, and launchers in it
 * relay it again to their child: `npx tsx src/cli.ts …` runs the CLI under tsx's CLI, which
 * forwards a SIGINT it cannot see its child acknowledge within 30 ms, and npm/npx forward signals
 * too. So the CLI may receive one key press two or three times within a few milliseconds.
 * Every SIGINT/SIGTERM within {@link SAME_CTRL_C_MS} of the first counts as that same Ctrl-C;
 * only one after that means "quit at once".
 */

/** Signals closer than this (ms) to the first count as the same Ctrl-C (relayed copies of it). */
export const SAME_CTRL_C_MS = 1500;

/**
 * Call `stop` on the first SIGINT or SIGTERM; a signal more than {@link SAME_CTRL_C_MS} after the
 * first exits at once with code 130. Returns the function that removes the handlers.
 * @param stop what the first Ctrl-C does (e.g. abort the run; the caller then writes its report)
 * @param now the clock (tests)
 */
export function onInterrupt(stop: () => void, now: () => number = Date.now): () => void {
  let first: number | null = null;
  const handler = (): void => {
    const t = now();
    if (first === null) {
      first = t;
      stop();
    } else if (t - first > SAME_CTRL_C_MS) process.exit(130);
    // else: the same Ctrl-C, relayed by a launcher (tsx, npm): already being handled.
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/**
 * True when this process is the child of tsx's command line (`npx tsx src/cli.ts …`). That parent
 * relays every SIGINT it gets to its child unless the child acknowledges its own copy within 30 ms,
 * and SIGKILLs the child when it does not acknowledge the relayed one within 30 ms more: a process
 * whose main thread is busy (worker threads on every core) is killed before it writes its report.
 */
export function underTsxCli(): boolean {
  return process.execArgv.some((a) => /[\\/]tsx[\\/]dist[\\/]preflight\.cjs$/.test(a));
}

/**
 * Run this same command (same Node flags minus tsx's signal relay, same arguments, same terminal)
 * in a child process and exit with its exit code. This process stays idle, so it acknowledges tsx's
 * signals at once; the child gets the terminal's Ctrl-C directly (it is in the same process group),
 * and the copy this process forwards arrives within {@link SAME_CTRL_C_MS}, so it counts once.
 */
export async function rerunOutsideTsxRelay(): Promise<never> {
  const { spawn } = await import('node:child_process');
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--require' && /[\\/]tsx[\\/]dist[\\/]preflight\.cjs$/.test(argv[i + 1] ?? '')) i++;
    else if (!/[\\/]tsx[\\/]dist[\\/]preflight\.cjs$/.test(argv[i])) flags.push(argv[i]);
  }
  const child = spawn(process.execPath, [...flags, ...process.argv.slice(1)], { stdio: 'inherit' });
  const forward = (sig: NodeJS.Signals): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('error', (e) => {
      process.stderr.write(`error: cannot start the command: ${e.message}\n`);
      resolve(3);
    });
    child.on('exit', (c, sig) => resolve(c ?? (sig === 'SIGINT' || sig === 'SIGTERM' ? 130 : 3)));
  });
  process.exit(code);
}
