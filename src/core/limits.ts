/**
 * The limits on what the program reads, declared once (issue 45): files handed over by strangers
 * must be refused — with the limit named — before they cost minutes or gigabytes, never after.
 * Every check that enforces one of these names it by its key in {@link LIMITS} in the message
 * (`limit files.scenarioBytes = 1048576`), so that the README (section "Commands", after the exit codes) and the errors agree.
 *
 * Built-in scenarios use a small fraction of each (a scenario file ≈ 15 KB, 40 figures, 30 terrain
 * pieces of ≤ 24 vertices, nesting depth ≤ 8; a record ≈ 0.4 MB, depth ≤ 10).
 */

/** Every limit, by group and name. Units in the names' comments. */
export const LIMITS = {
  files: {
    /** Bytes of a scenario file (and of each file it inherits from). */
    scenarioBytes: 1_048_576,
    /** Bytes of a record file as stored (plain or gzip). */
    recordBytes: 64 * 1_048_576,
    /** Bytes of a record once decompressed (a gzip bomb stops here). */
    recordDecompressedBytes: 256 * 1_048_576,
    /** Characters of one record line. */
    recordLineChars: 16 * 1_048_576,
    /** Bytes of any other JSON file read as input (agent settings, run.json, weights). */
    jsonBytes: 16 * 1_048_576,
  },
  json: {
    /** Nesting depth of arrays and objects in any JSON read (a scenario, a record line), checked on the text before parsing. */
    depth: 64,
  },
  scenario: {
    /** `inherit` chain length (a file inheriting from one that inherits…). */
    inheritDepth: 8,
    /** Figures (models, units) on the table, over all sides. */
    figures: 500,
    /** Terrain pieces and objectives (anything with a shape). */
    areas: 500,
    /** Vertices of one polygon. */
    vertices: 256,
    /** Vertices of all polygons together. */
    totalVertices: 10_000,
    /** Table width or depth, in the file's unit (inches or cm: the largest real tables are 6 × 4 feet, 183 × 122 cm). */
    tableSize: 500,
    /** Smallest table width or depth, in the file's unit. */
    minTableSize: 1,
    /**
     * A coordinate may lie this far (in table sizes) outside the table before the generic check
     * refuses it (a guard against absurd values: each ruleset says more precisely what must be on
     * the table, e.g. a deployment area's corners, in its own words).
     */
    coordinateMargin: 1,
    /** A figure's base diameter, at most this share of the table's smaller side. */
    baseShare: 0.5,
    /** Smallest area of a polygon, square inches (a line or a point has none). */
    minArea: 1e-6,
  },
} as const;

/** A file or value over one of the {@link LIMITS}: bad input (exit 2), its message names the limit. */
export class LimitError extends Error {
  constructor(
    /** Dotted key in {@link LIMITS}, e.g. `files.scenarioBytes`. */
    readonly limit: string,
    message: string,
  ) {
    super(message);
    this.name = 'LimitError';
  }
}

/** `limit files.scenarioBytes = 1048576`: how an error names a limit. */
export function limitText(key: string): string {
  const [group, name] = key.split('.');
  const v = (LIMITS as unknown as Record<string, Record<string, number>>)[group]?.[name];
  return `limit ${key} = ${String(v)}`;
}

/**
 * The deepest nesting of arrays and objects in JSON text, found by scanning the characters (no
 * recursion, no parse), stopping as soon as `max` is passed: returns a value > `max` then.
 * Brackets inside strings are skipped. Meant to run before `JSON.parse` and anything recursive.
 */
export function jsonTextDepth(text: string, max: number = LIMITS.json.depth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The deepest nesting of arrays and objects in a parsed value, iteratively (no recursion: safe on
 * any depth), stopping as soon as `max` is passed (returns a value > `max` then).
 */
export function jsonValueDepth(value: unknown, max: number = LIMITS.json.depth): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    const here = d + 1;
    if (here > deepest) {
      deepest = here;
      if (deepest > max) return deepest;
    }
    for (const x of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>))
      if (x !== null && typeof x === 'object') stack.push([x, here]);
  }
  return deepest;
}

/**
 * Throw a {@link LimitError} when JSON text nests deeper than {@link LIMITS}`.json.depth`.
 * @param what names the input in the message (a file, `file:line`)
 */
export function checkJsonTextDepth(text: string, what: string): void {
  const d = jsonTextDepth(text);
  if (d > LIMITS.json.depth)
    throw new LimitError('json.depth', `${what}: nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
}

/** Throw a {@link LimitError} when a parsed value nests deeper than {@link LIMITS}`.json.depth`. */
export function checkJsonValueDepth(value: unknown, what: string): void {
  const d = jsonValueDepth(value);
  if (d > LIMITS.json.depth)
    throw new LimitError('json.depth', `${what}: nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
}

/** Object keys no input may carry: they reach an object's prototype instead of the object. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The first forbidden key ({@link FORBIDDEN_KEYS}) anywhere in a parsed value, with its path; null when none. Iterative. */
export function forbiddenKey(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '$']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, `${path}[${i}]`]));
      continue;
    }
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) return `${path}.${k}`;
      stack.push([(v as Record<string, unknown>)[k], `${path}.${k}`]);
    }
  }
  return null;
}
