/** Running the CLI's run commands from tests, and reading what they write. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameRow } from '../../src/runner/types.js';

/** A fresh temporary folder. */
export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `skirmish-${tag}-`));
}

/** Run the CLI to its end. */
export function cli(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** Start the CLI in the background. */
export function cliStart(...args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The exit code of a started process (or its signal's name). */
export function exited(p: ChildProcess): Promise<number | string> {
  return new Promise((resolve) => p.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/** Complete lines of a games file (a cut-off last line is left out). */
export function gameLines(dir: string): string[] {
  const file = join(dir, 'games.jsonl');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  lines.pop(); // after the last newline: '' or a partial line
  return lines.filter((l) => l !== '');
}

/** The rows of a games file. */
export function gameRows(dir: string): GameRow[] {
  return gameLines(dir).map((l) => JSON.parse(l) as GameRow);
}

/** The games file's lines sorted by game id, as one text (for byte comparisons). */
export function sortedGames(dir: string): string {
  return gameLines(dir)
    .map((l) => ({ id: (JSON.parse(l) as GameRow).id, l }))
    .sort((a, b) => a.id - b.id)
    .map((x) => x.l)
    .join('\n');
}

/** Wait until `test()` holds, polling every 10 ms (fails after `ms`). */
export async function until(test: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Thrown by the stubbed `process.exit` of {@link cliInProcess}. */
class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * Run `tournament`/`stress` in this process (fast: for checks of bad input that end before any
 * game is played). `process.exit` and stderr are stubbed for the call.
 */
export async function cliInProcess(...args: string[]): Promise<{ code: number; err: string }> {
  const { Command } = await import('commander');
  const { registerTournament } = await import('../../src/commands/tournament.js');
  const { registerStress } = await import('../../src/commands/stress.js');
  const program = new Command().name('skirmish');
  registerTournament(program);
  registerStress(program);
  let err = '';
  const realExit = process.exit;
  const realWrite = process.stderr.write;
  process.exit = ((code?: number) => {
    throw new Exit(code ?? 0);
  }) as typeof process.exit;
  process.stderr.write = ((s: string | Uint8Array) => {
    err += typeof s === 'string' ? s : Buffer.from(s).toString();
    return true;
  }) as typeof process.stderr.write;
  try {
    await program.parseAsync(['node', 'skirmish', ...args]);
    return { code: 0, err };
  } catch (e) {
    if (e instanceof Exit) return { code: e.code, err };
    throw e;
  } finally {
    process.exit = realExit;
    process.stderr.write = realWrite;
  }
}
