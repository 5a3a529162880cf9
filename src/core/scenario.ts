/**
 * Scenario files: reading, validating and naming. A scenario file is JSON with at least
 * `{ "ruleset": "<id>", "id": "<scenario id>" }`; the ruleset's own zod schema checks the rest.
 * Errors name the file and the JSON path (`$.sides[0].figures[2].weapon`) or the line and column
 * of a JSON syntax error.
 */
import { readFileSync, readdirSync, existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { ScenarioError } from './model.js';
import { canonicalJson, hashString } from './hash.js';
import { LIMITS, jsonTextDepth, limitText } from './limits.js';
import { checkScenarioLimits } from './scenario-limits.js';

/** The real path of `p` (links resolved) when it exists; `p` otherwise. */
function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Absolute path of the project root (the folder holding package.json and scenarios/). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scenarios'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the project root (package.json with scenarios/)');
}

/** A scenario file read from disk: its parsed JSON, where it came from and its content hash. */
export interface ScenarioSource {
  /** Path as given or resolved (used in error messages). */
  path: string;
  /** Parsed JSON (not yet validated). */
  raw: unknown;
  /** Hash of the canonical JSON text (key order does not matter). */
  hash: string;
  /** The `ruleset` field. */
  ruleset: string;
  /** The `id` field. */
  id: string;
}

/** Render a zod issue path as `$.a[0].b`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let s = '$';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `.${String(p)}`;
  return s;
}

/**
 * Validate `raw` against `schema`; on failure throw a {@link ScenarioError} naming `source` and the
 * JSON path of the first problem.
 */
export function parseScenario<T extends z.ZodType>(schema: T, raw: unknown, source: string): z.output<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  // The first problem names the error's path; the value found there is quoted when it is a plain
  // value (a designer sees "halberd", not only what was expected), and up to four more follow.
  const said = (issue: z.core.$ZodIssue): string => {
    const got = valueAt(raw, issue.path);
    const shown = typeof got === 'string' || typeof got === 'number' || typeof got === 'boolean' ? ` (found ${JSON.stringify(got)})` : '';
    return `${issue.message}${shown}`;
  };
  const [first, ...rest] = r.error.issues;
  const more = rest
    .slice(0, 4)
    .map((i) => `; also at ${jsonPath(i.path)}: ${said(i)}`)
    .join('');
  const left = rest.length > 4 ? `; and ${rest.length - 4} more` : '';
  throw new ScenarioError(source, jsonPath(first.path), `${said(first)}${more}${left}`);
}

/** The value at a zod issue's path in `raw` (undefined where the path leads nowhere). */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** Line and column of a character offset in a text. */
function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let col = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      col = 1;
    } else col++;
  }
  return { line, col };
}

/** Parse JSON text; a syntax error becomes a {@link ScenarioError} with line and column. */
export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    if (m) {
      const { line, col } = lineCol(text, Number(m[1]));
      throw new ScenarioError(source, '', `invalid JSON at line ${line}, column ${col}: ${msg}`);
    }
    throw new ScenarioError(source, '', `invalid JSON: ${msg}`);
  }
}

/** Built-in scenario files: scenarios/<ruleset>/<id>.json. */
export function builtinScenarioFiles(): string[] {
  const root = join(projectRoot(), 'scenarios');
  const out: string[] = [];
  for (const d of readdirSync(root)) {
    const dir = join(root, d);
    if (!statSync(dir).isDirectory() || d === 'schema') continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.json')) out.push(join(dir, f));
  }
  return out.sort();
}

/** Read and parse a scenario file from a path (no validation beyond `ruleset` and `id`); `inherit` is resolved. */
export function readScenarioFile(path: string, depth = 0): ScenarioSource {
  return fromRaw(resolveInherit(readScenarioJson(path), path, depth), path);
}

/**
 * A scenario file's JSON, read within the limits (src/core/limits.ts): a regular file (a FIFO
 * would block, a device never end) of at most `files.scenarioBytes`, nested at most `json.depth`
 * deep (checked on the text, before parsing); a UTF-8 byte order mark is skipped.
 */
export function readScenarioJson(path: string): unknown {
  let text: string;
  try {
    const st = statSync(path);
    if (!st.isFile())
      throw new ScenarioError(path, '', 'not a regular file (a folder, a device, a pipe or a socket); give a scenario file');
    if (st.size > LIMITS.files.scenarioBytes)
      throw new ScenarioError(path, '', `${st.size} bytes, more than a scenario file may have (${limitText('files.scenarioBytes')})`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    throw new ScenarioError(path, '', `cannot read file: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (jsonTextDepth(text) > LIMITS.json.depth)
    throw new ScenarioError(path, '', `nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
  return parseJsonText(text, path);
}

/**
 * Fields shared with another scenario file (e.g. one table's terrain played under two rule
 * systems). A file may say `"inherit": { "from": "<file path relative to this file>", "fields":
 * ["table", "terrain", …] }` — or `"from": "builtin:<ruleset>/<scenario id>"`, a built-in scenario
 * wherever this file lies (so a copy saved elsewhere, or unsaved JSON, still finds it) —: each
 * listed top-level field the file does not set itself is copied
 * from that file (itself read with its own `inherit` resolved). The `inherit` field is removed, so
 * the result (what records embed and hash) stands alone. Any ruleset may use it; the copied
 * fields must still pass the inheriting ruleset's schema. Errors name this file and `$.inherit`.
 */
export function resolveInherit(raw: unknown, path: string, depth = 0): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const o = raw as Record<string, unknown>;
  if (o.inherit === undefined) return raw;
  const inh = o.inherit as { from?: unknown; fields?: unknown };
  if (
    inh === null ||
    typeof inh !== 'object' ||
    typeof inh.from !== 'string' ||
    !Array.isArray(inh.fields) ||
    !inh.fields.every((f) => typeof f === 'string')
  ) {
    throw new ScenarioError(
      path,
      '$.inherit',
      'expected { "from": "<path of a scenario file, relative to this one>", "fields": ["<top-level field>", …] }',
    );
  }
  if (depth >= Math.min(4, LIMITS.scenario.inheritDepth))
    throw new ScenarioError(path, '$.inherit', `inherit nested too deep (a cycle?) (${limitText('scenario.inheritDepth')})`);
  const builtin = /^builtin:([a-z][a-z0-9-]*)\/([a-z0-9][a-z0-9-]*)$/.exec(inh.from);
  if (inh.from.startsWith('builtin:') && !builtin)
    throw new ScenarioError(
      path,
      '$.inherit.from',
      `${inh.from}: expected builtin:<ruleset>/<scenario id>, e.g. builtin:pirates/supply-raid`,
    );
  const fromPath = builtin ? join(projectRoot(), 'scenarios', builtin[1], `${builtin[2]}.json`) : resolve(dirname(path), inh.from);
  // Confined: a regular file under this file's folder, or a built-in scenario (never /dev/zero, a FIFO, ~/.ssh/…).
  const within = (dir: string): boolean => {
    const r = relative(dir, realOrSelf(fromPath));
    return r !== '' && !r.startsWith('..') && !isAbsolute(r);
  };
  if (!within(realOrSelf(dirname(path))) && !within(realOrSelf(join(projectRoot(), 'scenarios')))) {
    throw new ScenarioError(
      path,
      '$.inherit.from',
      `${inh.from}: inherit only from a file in this file's folder (or below it) or a built-in scenario`,
    );
  }
  if (!existsSync(fromPath))
    throw new ScenarioError(
      path,
      '$.inherit.from',
      builtin ? `no built-in scenario ${builtin[1]}/${builtin[2]}` : `no such file: ${inh.from}`,
    );
  let parent: Record<string, unknown>;
  try {
    parent = readScenarioFile(fromPath, depth + 1).raw as Record<string, unknown>;
  } catch (e) {
    // Name this file and its `inherit` too: the error is about the inherited file, reached from here.
    if (e instanceof ScenarioError && !e.message.startsWith(path))
      throw new ScenarioError(path, '$.inherit.from', `${inh.from}: ${e.message}`);
    throw e;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== 'inherit') out[k] = v;
  (inh.fields as string[]).forEach((f, i) => {
    if (out[f] !== undefined) return;
    if (parent[f] === undefined) throw new ScenarioError(path, `$.inherit.fields[${i}]`, `${inh.from} has no field "${f}"`);
    out[f] = parent[f];
  });
  return out;
}

/** Wrap already-parsed scenario JSON (e.g. embedded in a record). */
export function fromRaw(raw: unknown, path: string): ScenarioSource {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new ScenarioError(path, '$', 'expected a JSON object');
  const o = raw as Record<string, unknown>;
  if (typeof o.ruleset !== 'string') throw new ScenarioError(path, '$.ruleset', 'missing: the ruleset id (e.g. "pirates")');
  if (typeof o.id !== 'string') throw new ScenarioError(path, '$.id', 'missing: the scenario id');
  checkScenarioLimits(raw, path); // before hashing (recursive) and before the ruleset sees it
  return { path, raw, hash: hashString(canonicalJson(raw)), ruleset: o.ruleset, id: o.id };
}

/**
 * Find a scenario by path or by id: an existing file path wins; otherwise `name` is matched
 * against the `id` of the built-in scenarios (`supply-raid`) or `<ruleset>/<id>`.
 */
export function resolveScenario(name: string): ScenarioSource {
  if (existsSync(name) && statSync(name).isFile()) return readScenarioFile(resolve(name));
  const matches: ScenarioSource[] = [];
  for (const f of builtinScenarioFiles()) {
    const s = readScenarioFile(f);
    if (s.id === name || `${s.ruleset}/${s.id}` === name) matches.push(s);
  }
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) throw new ScenarioError(name, '', `ambiguous scenario id; use <ruleset>/<id>`);
  const known = builtinScenarioFiles()
    .map((f) => readScenarioFile(f).id)
    .sort();
  throw new ScenarioError(name, '', `no such file or built-in scenario (built-in: ${known.join(', ')})`);
}

// Tunable parameters live in ./parameters.ts (no Node modules: model.ts uses them, and the browser code type-checks model.ts).
export * from './parameters.js';
