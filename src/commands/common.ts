/**
 * Helpers shared by the CLI commands: errors that are the user's to fix (exit 2), atomic writes,
 * option parsers, and turning `--agent side=spec` options into agent factories.
 */
import { InvalidArgumentError } from 'commander';
import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ScenarioError, type SideId } from '../core/model.js';
import { RecordError } from '../core/record.js';
import type { AgentFactory } from '../core/agent.js';
import { NotAnAgentError, type LoadedScenario } from '../core/game.js';
import { LimitError } from '../core/limits.js';
import { AgentSpecError, resolveAgent } from '../../agents/index.js';
import { WorkerStartError } from '../runner/pool.js';
import { QueueAddressError } from '../runner/queue.js';
import { RunLockError } from '../runner/lock.js';

/** An error that is the user's to fix: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** True for errors caused by bad input (a file, a spec, an option) rather than by a defect. */
export function isUserError(e: unknown): boolean {
  return (
    e instanceof UsageError ||
    e instanceof ScenarioError ||
    e instanceof AgentSpecError ||
    e instanceof RecordError ||
    e instanceof WorkerStartError ||
    e instanceof QueueAddressError ||
    e instanceof RunLockError ||
    e instanceof NotAnAgentError ||
    e instanceof LimitError
  );
}

/** File-system error codes that mean "this path cannot be read or written", not a defect. */
const PATH_ERRORS = new Set([
  'ENOTREG',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOTDIR',
  'EISDIR',
  'ENOENT',
  'ENOSPC',
  'EDQUOT',
  'EEXIST',
  'ENAMETOOLONG',
  'ELOOP',
]);

/** The error's file-system code (`EACCES` …), if it has one. */
export function errorCode(e: unknown): string | undefined {
  const c = (e as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
}

/** A file-system error in one line: "cannot write results/x.jsonl: permission denied (EACCES)". */
export function pathErrorMessage(e: unknown): string | null {
  const code = errorCode(e);
  if (code === undefined || !PATH_ERRORS.has(code)) return null;
  const err = e as { path?: unknown; dest?: unknown; syscall?: unknown; message?: unknown };
  const path = typeof err.dest === 'string' ? err.dest : typeof err.path === 'string' ? err.path : null;
  const reason = String(err.message ?? code)
    .replace(/^[A-Z]+: /, '')
    .replace(/, \w+ .*$/, '');
  const verb = err.syscall === 'open' || err.syscall === 'scandir' || err.syscall === 'stat' ? 'cannot open' : 'cannot write';
  return `${path !== null ? `${verb} ${path}` : verb}: ${reason} (${code})`;
}

/**
 * Exit codes of the CLI (the README lists them): 0 success; 1 a failed check (`replay --verify`
 * found a difference, or a run in which every game of an agent failed); 2 bad input (a file, a
 * spec, an option, an output that cannot be written); 3 an internal error (a defect: printed with
 * its stack); 130 stopped by Ctrl-C.
 */
export const EXIT = { ok: 0, failed: 1, badInput: 2, internal: 3, interrupted: 130 } as const;

/**
 * Print an error and exit: 2 for bad input or a path that cannot be read or written (one line, no
 * stack), 3 for an internal error (with its stack).
 */
export function fail(e: unknown): never {
  if (isUserError(e)) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    process.exit(EXIT.badInput);
  }
  const path = pathErrorMessage(e);
  if (path !== null) {
    process.stderr.write(`error: ${path}\n`);
    process.exit(EXIT.badInput);
  }
  process.stderr.write(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(EXIT.internal);
}

/**
 * Check, before any work starts, that `file` can be written: it is new or a regular file (not a
 * folder, a device, a FIFO or a socket), the nearest
 * existing folder above it is a folder (not a file) and a file can be created there. Creates
 * nothing that stays. Throws a {@link UsageError} naming `option` and the reason.
 * @param option how the user gave the path, e.g. `--out results/x.jsonl`
 */
export function checkWritableFile(file: string, option: string): void {
  const abs = resolve(file);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UsageError(`${option}: is a folder; give a file name`);
  // Only a regular file is replaced: never a device (/dev/full), a FIFO or a socket.
  if (existsSync(abs) && !statSync(abs).isFile())
    throw new UsageError(`${option}: is not a regular file (a device, a FIFO or a socket); give a file name`);
  probeFolder(dirname(abs), option);
}

/**
 * Check, before any work starts, that files can be written into folder `dir` (created if missing).
 * Creates nothing that stays. Throws a {@link UsageError} naming `option` and the reason.
 */
export function checkWritableDir(dir: string, option: string): void {
  const abs = resolve(dir);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new UsageError(`${option}: exists and is not a folder`);
  probeFolder(abs, option);
}

function probeFolder(dir: string, option: string): void {
  let d = dir;
  while (!existsSync(d)) {
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  if (!statSync(d).isDirectory()) throw new UsageError(`${option}: ${d} is a file, not a folder`);
  const probe = join(d, `.skirmish-probe-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (e) {
    const why =
      errorCode(e) === 'EACCES' || errorCode(e) === 'EPERM'
        ? 'permission denied'
        : errorCode(e) === 'EROFS'
          ? 'read-only file system'
          : e instanceof Error
            ? e.message
            : String(e);
    throw new UsageError(`${option}: cannot write in ${d} (${why})`);
  }
}

/**
 * Standard output and error that may be closed early (`… | head -2`): a closed pipe is not an
 * error. Afterwards writes to that stream are dropped and the command carries on (it still writes
 * its files) and exits with its usual code. Call once, before any output.
 */
export function tolerateClosedPipes(): void {
  for (const s of [process.stdout, process.stderr]) {
    s.on('error', (e: unknown) => {
      const code = errorCode(e);
      if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ECONNRESET') return;
      throw e;
    });
  }
}

/**
 * A command-line whole number written in decimal digits (surrounding spaces allowed), else NaN:
 * `Number` alone reads `''` as 0 and `0x10` as 16, `1e3` as 1000 — never what was meant.
 */
export function wholeNumber(v: string): number {
  const t = v.trim();
  return /^[0-9]+$/.test(t) ? Number(t) : NaN;
}

/** Commander parser for a whole number ≥ 0 (seeds, counts). */
export function parseSeed(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

/** Commander parser for a whole number ≥ 1. */
export function parsePositive(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/** Commander collector for repeatable options. */
export function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

/** Parse `--agent side=spec` options against the scenario's sides; missing sides get `dflt`. */
export function agentSpecs(scenario: LoadedScenario, given: string[], dflt = 'heuristic'): Record<SideId, string> {
  const sides = scenario.ruleset.sides(scenario.compiled);
  const out: Record<SideId, string> = {};
  for (const g of given) {
    const eq = g.indexOf('=');
    if (eq <= 0) throw new UsageError(`--agent ${g}: expected <side>=<agent spec>, e.g. --agent ${sides[0]}=heuristic`);
    const side = g.slice(0, eq);
    if (!sides.includes(side)) throw new UsageError(`--agent ${g}: no side "${side}" in ${scenario.id} (sides: ${sides.join(', ')})`);
    if (Object.hasOwn(out, side))
      throw new UsageError(
        `--agent ${g}: the agent of ${side} is given twice (--agent ${side}=${out[side]} too); give one --agent per side`,
      );
    out[side] = g.slice(eq + 1);
    // A built-in agent given a policy variant for a side the variant does not play would silently be
    // the main script (in a tournament, where an agent plays both sides, it is: that is its point).
    const variant = /^(heuristic|mcts)[:#](?:.*,)?variant=([^,]+)/.exec(out[side]);
    if (variant) {
      const v = (scenario.ruleset.policy?.variants ?? []).find((x) => x.name === variant[2]);
      const plays = v?.sides(scenario.compiled);
      if (plays && !plays.includes(side)) {
        throw new UsageError(
          `--agent ${g}: policy variant "${variant[2]}" plays only ${plays.join(', ') || 'no side'} in ${scenario.id}; for ${side} it would be the main script — drop variant=${variant[2]}`,
        );
      }
    }
  }
  for (const s of sides) out[s] ??= dflt;
  return out;
}

/** Resolve each side's spec (built-in or file) into a factory, and its canonical spec. */
export async function resolveFactories(
  specs: Record<SideId, string>,
): Promise<{ factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }>; canonical: Record<SideId, string> }> {
  const factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }> = {};
  const canonical: Record<SideId, string> = {};
  for (const [side, spec] of Object.entries(specs)) {
    const r = await resolveAgent(spec);
    factories[side] = { factory: r.factory, options: r.options };
    canonical[side] = r.spec;
  }
  return { factories, canonical };
}
