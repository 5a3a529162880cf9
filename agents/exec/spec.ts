/**
 * `exec:` agent specs: an agent that is any program speaking the JSON Lines protocol of
 * docs/PROTOCOL.md on its standard input and output.
 *
 *   exec:<command line>[#key=value,key=value]
 *
 * The command line is split into words as a POSIX shell would split a simple command (blanks
 * separate words; '…' quotes literally; "…" quotes with \" and \\ escapes; a backslash escapes the
 * next character) and run without a shell. The first unquoted `#` starts the options (as a shell
 * comment starts). Options named in {@link EXEC_RESERVED} are the simulator's; every other option
 * reaches the client in its `hello` message.
 */
import { existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { AgentSpecError } from '../options.js';

/** What every exec spec starts with. */
export const EXEC_PREFIX = 'exec:';

/**
 * Options of an exec spec that the simulator reads (the rest go to the client):
 * - `reuse` (`1`/`true`, `0`/`false`; default false): keep the client's process for the next game
 *   of the same spec on the same thread instead of starting one per game;
 * - `handles` (1 … 1,000,000; default {@link DEFAULT_HANDLES}): most forward-model states the
 *   client may hold at once;
 * - `calls` (1 … 10,000,000; default {@link DEFAULT_CALLS}): most forward-model requests in one decision.
 */
export const EXEC_RESERVED: readonly string[] = ['reuse', 'handles', 'calls'];

/** Default limit on live forward-model handles of one client. */
export const DEFAULT_HANDLES = 1000;
/** Default limit on forward-model requests (simulate and release) in one decision. */
export const DEFAULT_CALLS = 10_000;

/** A parsed exec spec. */
export interface ExecSpec {
  /** The canonical spec (words re-quoted where needed, options sorted). */
  spec: string;
  /** The program and its arguments (argv). */
  command: string[];
  /** The options for the client (every option not in {@link EXEC_RESERVED}). */
  clientOptions: Record<string, string>;
  /** Keep the process between games. */
  reuse: boolean;
  /** Most live handles. */
  handles: number;
  /** Most forward-model requests per decision. */
  calls: number;
}

/** True when `spec` is an exec spec (`exec:…`). */
export function isExecSpec(spec: string): boolean {
  return spec.trimStart().startsWith(EXEC_PREFIX);
}

/** Quote one word for a POSIX shell when it holds anything but safe characters. */
export function quoteWord(s: string): string {
  return /^[A-Za-z0-9_./:=@+%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Split a command line into words as a POSIX shell splits a simple command (no expansions), up to
 * the first unquoted `#`; returns the words and the text after the `#` (null when there is none).
 * Throws {@link AgentSpecError} for an unterminated quote.
 */
export function splitCommand(line: string): { words: string[]; rest: string | null } {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else if (c === '#') {
      if (inWord) words.push(cur);
      return { words, rest: line.slice(i + 1) };
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new AgentSpecError(`exec: unterminated ' in "${line}"`);
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      let closed = false;
      while (i < line.length) {
        const d = line[i];
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < line.length && (line[i + 1] === '"' || line[i + 1] === '\\')) {
          cur += line[i + 1];
          i += 2;
        } else {
          cur += d;
          i++;
        }
      }
      if (!closed) throw new AgentSpecError(`exec: unterminated " in "${line}"`);
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(cur);
  return { words, rest: null };
}

function intIn(options: Record<string, string>, key: string, dflt: number, min: number, max: number): number {
  const v = options[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AgentSpecError(`exec option ${key}=${v}: expected a whole number from ${min} to ${max}`);
  return n;
}

/** Parse an exec spec. Throws {@link AgentSpecError} naming what is wrong (no command, a bad option). */
export function parseExecSpec(spec: string): ExecSpec {
  const trimmed = spec.trim();
  if (!trimmed.startsWith(EXEC_PREFIX)) throw new AgentSpecError(`"${spec}" is not an exec spec (exec:<command line>)`);
  const { words, rest } = splitCommand(trimmed.slice(EXEC_PREFIX.length));
  if (words.length === 0) throw new AgentSpecError(`exec: needs a command line, e.g. exec:python3 clients/python/examples/random_agent.py`);
  const options: Record<string, string> = {};
  if (rest !== null && rest.trim() !== '') {
    for (const part of rest.split(',')) {
      const eq = part.indexOf('=');
      if (eq <= 0) throw new AgentSpecError(`bad option "${part.trim()}" in "${spec}": expected key=value after #`);
      options[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
    }
  }
  const reuseText = options.reuse;
  if (reuseText !== undefined && !['1', '0', 'true', 'false'].includes(reuseText))
    throw new AgentSpecError(`exec option reuse=${reuseText}: expected 1, 0, true or false`);
  const reuse = reuseText === '1' || reuseText === 'true';
  const handles = intIn(options, 'handles', DEFAULT_HANDLES, 1, 1_000_000);
  const calls = intIn(options, 'calls', DEFAULT_CALLS, 1, 10_000_000);
  const clientOptions: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) if (!EXEC_RESERVED.includes(k)) clientOptions[k] = v;
  const keys = Object.keys(options).sort();
  const canonical = `${EXEC_PREFIX}${words.map(quoteWord).join(' ')}${keys.length ? `#${keys.map((k) => `${k}=${options[k]}`).join(',')}` : ''}`;
  return { spec: canonical, command: words, clientOptions, reuse, handles, calls };
}

/**
 * Where the program of a command line is: a path (with a `/`) relative to the working folder, or
 * the first match on PATH; null when there is none (so a spec naming a missing program fails before
 * any game starts).
 */
export function findProgram(program: string): string | null {
  const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile();
  if (program.includes('/')) {
    const p = isAbsolute(program) ? program : resolve(program);
    return isFile(p) ? p : null;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const p = join(dir, program);
    if (isFile(p)) return p;
  }
  return null;
}

/**
 * The files an exec spec's command line names (its arguments that are existing files, relative to
 * the working folder, e.g. the client's script), for the hashes a resumed or queued run checks.
 * The program itself (python3) is not one of them.
 */
export function execFiles(spec: string): string[] {
  const { command } = parseExecSpec(spec);
  const out: string[] = [];
  for (const w of command.slice(1)) {
    if (w.startsWith('-')) continue;
    const p = isAbsolute(w) ? w : resolve(w);
    if (existsSync(p) && statSync(p).isFile()) out.push(w);
  }
  return out;
}
