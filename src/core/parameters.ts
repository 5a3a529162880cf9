/**
 * Tunable parameters of scenario files (issue 17): a scenario may declare `parameters`, each naming
 * values of the file by JSON path and the values they may take; the file's own values are the
 * defaults. Re-exported by ./scenario.ts. No Node modules here: ./model.ts wraps every ruleset's
 * compile with {@link checkParameters}, and the browser code type-checks model.ts.
 */
import { z } from 'zod';
import { ScenarioError, type Json } from './basics.js';
import { canonicalJson } from './hash.js';

/** Render a path as `$.a[0].b`. */
function jsonPath(path: readonly PropertyKey[]): string {
  let s = '$';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `.${String(p)}`;
  return s;
}

/** A JSON value (scenario files are plain JSON). */
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const JSON_PATH = /^\$((\.[A-Za-z_$][A-Za-z0-9_$-]*)|(\[\d+\]))+$/;
/** Most values one parameter may have (a range is cut into at most this many steps). */
export const MAX_PARAMETER_VALUES = 1000;

const jsonPathText = z
  .string()
  .regex(JSON_PATH, 'expected a JSON path such as $.victory.maxTurns or $.sides[1].figures[0].count (keys and [index] only)');

const parameterCommon = {
  name: z
    .string()
    .regex(PARAM_NAME, 'a name of letters, digits, - and _, starting with a letter')
    .describe("the parameter's name, as `tune` reports it and `--set name=value` would give it"),
  description: z.string().optional().describe('what the parameter changes, in words'),
};

const rangeFields = {
  min: z.number().describe('the smallest value'),
  max: z.number().describe('the largest value'),
  step: z.number().positive().optional().describe('the values are min, min+step, … up to max (default 1)'),
};

const setRange = z
  .object({
    ...parameterCommon,
    path: jsonPathText.optional().describe('the JSON path of the number it sets'),
    paths: z.array(jsonPathText).min(1).optional().describe('several JSON paths set to the same value (one knob)'),
    ...rangeFields,
  })
  .strict();
const setChoice = z
  .object({
    ...parameterCommon,
    path: jsonPathText.optional().describe('the JSON path of the value it sets'),
    paths: z.array(jsonPathText).min(1).optional().describe('several JSON paths set to the same value (one knob)'),
    choices: z
      .array(z.json())
      .min(1)
      .max(MAX_PARAMETER_VALUES)
      .describe('the values it may take (any JSON: a weapon, a figure list, a polygon…)'),
  })
  .strict();
const moveRange = z
  .object({
    ...parameterCommon,
    move: z
      .union([jsonPathText, z.array(jsonPathText).min(1)])
      .describe('the JSON path(s) of point lists ([[x, y], …]: a terrain polygon, a deployment area) moved together'),
    axis: z.enum(['x', 'y']).describe('the axis it moves them along'),
    ...rangeFields,
  })
  .strict()
  .describe('its value is the smallest x (or y) of the points: setting it shifts every point by the same amount');

/**
 * The zod schema of one tunable parameter of a scenario file (the `parameters` array). Three
 * kinds, each naming where in the file it acts by JSON path:
 * - a number range `{ name, path | paths, min, max, step? }` — sets the number(s) there;
 * - a choice `{ name, path | paths, choices }` — sets the value(s) there to one of the choices;
 * - a move `{ name, move, axis, min, max, step? }` — shifts point lists along an axis; the value
 *   is their smallest coordinate on that axis.
 * The parameter's default is the file's own value (the text's): it must be one of the choices, or
 * lie within the range (a value off the steps is added to the range's values).
 */
export const scenarioParameterSchema = z.union([moveRange, setChoice, setRange]);

/** The `parameters` field of a scenario file. */
export const scenarioParametersSchema = z
  .array(scenarioParameterSchema)
  .describe(
    "Tunable parameters (for `tune`): each names a value of this file by JSON path and the values it may take. The file's own values are the defaults; `validate` checks them and that every parameter's extreme values still give a valid scenario.",
  );

/** One tunable parameter, as declared. */
export type ScenarioParameter = z.output<typeof scenarioParameterSchema>;

/** A declared parameter with its values worked out. */
export interface ParameterDomain {
  /** The declaration. */
  param: ScenarioParameter;
  /** Its index in the file's `parameters` array (for error paths). */
  index: number;
  /** Every value it may take, in order (numbers ascending for a range or a move). */
  values: JsonValue[];
  /** The index in `values` of the file's own value (the default). */
  current: number;
}

/** Parse `$.a.b[0]` into keys and indices (the syntax of {@link jsonPath}). */
export function parseJsonPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /\.([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path.slice(1))) !== null) out.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return out;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The value at `path` in `raw`, or `undefined` when there is none. */
function getAt(raw: unknown, keys: readonly (string | number)[]): unknown {
  let v: unknown = raw;
  for (const k of keys) {
    if (typeof k === 'number') {
      if (!Array.isArray(v) || k >= v.length) return undefined;
      v = v[k];
    } else {
      if (!isObj(v) || !Object.prototype.hasOwnProperty.call(v, k)) return undefined;
      v = v[k];
    }
  }
  return v;
}

/** Set the value at `keys` (which must exist) in a deep copy's node. */
function setAt(raw: unknown, keys: readonly (string | number)[], value: unknown): void {
  let v: unknown = raw;
  for (let i = 0; i < keys.length - 1; i++) v = (v as Record<string | number, unknown>)[keys[i]];
  (v as Record<string | number, unknown>)[keys[keys.length - 1]] = value;
}

function deepCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** The JSON paths a parameter acts on. */
function pathsOf(p: ScenarioParameter): string[] {
  if ('move' in p) return typeof p.move === 'string' ? [p.move] : p.move;
  const out: string[] = [];
  if (p.path !== undefined) out.push(p.path);
  if (p.paths !== undefined) out.push(...p.paths);
  return out;
}

/** The field a parameter's paths are declared in (for error paths). */
function pathField(p: ScenarioParameter): string {
  return 'move' in p ? 'move' : p.path !== undefined ? 'path' : 'paths';
}

/** Round away binary noise (0.1 + 0.2) so range values print and compare as written. */
function tidy(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

function rangeValues(min: number, max: number, step: number): number[] | string {
  if (!(max >= min)) return `max (${max}) is below min (${min})`;
  const n = Math.floor(tidy((max - min) / step)) + 1;
  if (n > MAX_PARAMETER_VALUES)
    return `${n} values from ${min} to ${max} in steps of ${step}: at most ${MAX_PARAMETER_VALUES}; take a larger step`;
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(tidy(min + k * step));
  return out;
}

/** A point list at a move parameter's path, or a reason it is not one. */
function pointsAt(raw: unknown, keys: readonly (string | number)[]): [number, number][] | null {
  const v = getAt(raw, keys);
  if (!Array.isArray(v) || v.length === 0) return null;
  for (const pt of v) if (!Array.isArray(pt) || pt.length !== 2 || typeof pt[0] !== 'number' || typeof pt[1] !== 'number') return null;
  return v as [number, number][];
}

/** The smallest coordinate along `axis` of the point lists at `paths`. */
function moveValue(raw: unknown, paths: readonly string[], axis: 'x' | 'y'): number {
  const a = axis === 'x' ? 0 : 1;
  let m = Infinity;
  for (const p of paths) for (const pt of pointsAt(raw, parseJsonPath(p)) ?? []) m = Math.min(m, pt[a]);
  return m;
}

/** The index of `v` in `values` by canonical JSON (numbers within 1e-9), or -1. */
function indexOfValue(values: readonly JsonValue[], v: unknown): number {
  if (typeof v === 'number') return values.findIndex((x) => typeof x === 'number' && Math.abs(x - v) < 1e-9);
  const key = canonicalJson(v);
  return values.findIndex((x) => canonicalJson(x) === key);
}

/** A value in words for messages: JSON, cut short. */
function shown(v: unknown): string {
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/**
 * The declared parameters of a scenario file's JSON (after `inherit`), each with its values and
 * the file's own value among them. Throws a {@link ScenarioError} naming `source` and the JSON
 * path of the first problem: a malformed declaration (`$.parameters[2].min`), a duplicate name,
 * a path with nothing there or not a number (`$.parameters[0].path`), or a file value that is not
 * one of the parameter's values. A file without `parameters` has none (an empty list).
 */
export function scenarioParameters(raw: unknown, source: string): ParameterDomain[] {
  if (!isObj(raw) || raw.parameters === undefined) return [];
  const parsed = scenarioParametersSchema.safeParse(raw.parameters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // A union's error says little; point at the first field the declaration is missing or has wrong.
    throw new ScenarioError(source, jsonPath(['parameters', ...issue.path]), issueMessage(issue, raw.parameters));
  }
  const out: ParameterDomain[] = [];
  const seen = new Set<string>();
  parsed.data.forEach((p, i) => {
    const at = (field: string): string => `$.parameters[${i}]${field === '' ? '' : `.${field}`}`;
    if (seen.has(p.name)) throw new ScenarioError(source, at('name'), `a second parameter named "${p.name}"`);
    seen.add(p.name);
    const paths = pathsOf(p);
    if (paths.length === 0) throw new ScenarioError(source, at(''), 'says nowhere to act: give "path" (or "paths")');
    if (!('move' in p) && p.path !== undefined && p.paths !== undefined)
      throw new ScenarioError(source, at('paths'), 'give "path" or "paths", not both');
    let values: JsonValue[];
    let current: unknown;
    if ('move' in p) {
      const vs = rangeValues(p.min, p.max, p.step ?? 1);
      if (typeof vs === 'string') throw new ScenarioError(source, at('max'), vs);
      values = vs;
      paths.forEach((path, k) => {
        if (pointsAt(raw, parseJsonPath(path)) === null)
          throw new ScenarioError(
            source,
            typeof p.move === 'string' ? at('move') : at(`move[${k}]`),
            `${path} is not a list of [x, y] points in this file`,
          );
      });
      current = moveValue(raw, paths, p.axis);
    } else {
      paths.forEach((path, k) => {
        const v = getAt(raw, parseJsonPath(path));
        const where = p.path !== undefined ? at('path') : at(`paths[${k}]`);
        if (v === undefined)
          throw new ScenarioError(source, where, `${path} is not in this file (a parameter changes a value the file gives: its default)`);
        if (
          path === '$.parameters' ||
          path.startsWith('$.parameters.') ||
          path.startsWith('$.parameters[') ||
          path === '$.ruleset' ||
          path === '$.id'
        ) {
          throw new ScenarioError(source, where, `${path} cannot be a parameter`);
        }
      });
      const first = getAt(raw, parseJsonPath(paths[0]));
      paths.forEach((path, k) => {
        if (canonicalJson(getAt(raw, parseJsonPath(path))) !== canonicalJson(first)) {
          throw new ScenarioError(
            source,
            at(`paths[${k}]`),
            `${path} holds ${shown(getAt(raw, parseJsonPath(path)))} but ${paths[0]} holds ${shown(first)}: the paths of one parameter hold one value`,
          );
        }
      });
      current = first;
      if ('choices' in p) values = p.choices as JsonValue[];
      else {
        if (typeof first !== 'number')
          throw new ScenarioError(
            source,
            at(pathField(p)),
            `${paths[0]} holds ${shown(first)}, not a number: a range sets numbers (use "choices" for other values)`,
          );
        const vs = rangeValues(p.min, p.max, p.step ?? 1);
        if (typeof vs === 'string') throw new ScenarioError(source, at('max'), vs);
        values = vs;
      }
    }
    let idx = indexOfValue(values, current);
    // A range's own value off its steps (31 turns, steps of 2 from 10) is one of its values too.
    if (idx < 0 && !('choices' in p) && typeof current === 'number' && current >= p.min && current <= p.max) {
      values = [...values.filter((v) => (v as number) < current), current, ...values.filter((v) => (v as number) > current)];
      idx = indexOfValue(values, current);
    }
    if (idx < 0) {
      const what = 'choices' in p ? 'one of its choices' : `within its range (${p.min} to ${p.max})`;
      throw new ScenarioError(
        source,
        at('choices' in p ? 'choices' : 'min'),
        `the file's own value ${shown(current)} at ${paths[0]}${'move' in p ? ` (smallest ${p.axis})` : ''} must be ${what}: it is the default`,
      );
    }
    out.push({ param: p, index: i, values, current: idx });
  });
  return out;
}

/** A readable message for a parameter declaration's first zod issue. */
function issueMessage(issue: z.core.$ZodIssue, params: unknown): string {
  if (issue.code === 'invalid_union') {
    const i = typeof issue.path[0] === 'number' ? issue.path[0] : -1;
    const d = Array.isArray(params) && i >= 0 ? (params[i] as unknown) : undefined;
    if (isObj(d)) {
      if (typeof d.name !== 'string') return 'missing "name"';
      if (d.move !== undefined && d.axis === undefined) return 'a move needs "axis": "x" or "y"';
      if (d.choices === undefined && (d.min === undefined || d.max === undefined))
        return 'give "min" and "max" (a range or a move) or "choices"';
      if (d.move !== undefined && d.choices !== undefined) return 'a move takes "min" and "max", not "choices"';
      const extra = Object.keys(d).filter(
        (k) => !['name', 'description', 'path', 'paths', 'move', 'axis', 'min', 'max', 'step', 'choices'].includes(k),
      );
      if (extra.length)
        return `unknown field "${extra[0]}" (a parameter has name, description, path or paths or move, axis, min, max, step, choices)`;
      if (d.choices !== undefined && (d.min !== undefined || d.max !== undefined || d.step !== undefined))
        return '"choices" or "min"/"max"/"step", not both';
    }
    return 'expected { name, path | paths, min, max, step? } or { name, path | paths, choices } or { name, move, axis, min, max, step? }';
  }
  return issue.message;
}

/**
 * The scenario JSON with each named parameter set to a value: numbers and choices are written at
 * their paths, moves shift their point lists. The `parameters` field stays (its defaults are now
 * the values set), so the result is a complete scenario file that can be tuned again. Pure: `raw`
 * is not changed. Throws a {@link ScenarioError} naming `source` for an unknown name or a value
 * that is not one of the parameter's.
 */
export function setParameters(raw: unknown, values: Readonly<Record<string, unknown>>, source: string): unknown {
  const domains = scenarioParameters(raw, source);
  const out = deepCopy(raw);
  for (const [name, value] of Object.entries(values)) {
    const d = domains.find((x) => x.param.name === name);
    if (!d)
      throw new ScenarioError(
        source,
        '$.parameters',
        `no parameter named "${name}" (declared: ${domains.map((x) => x.param.name).join(', ') || 'none'})`,
      );
    const k = indexOfValue(d.values, value);
    if (k < 0)
      throw new ScenarioError(
        source,
        `$.parameters[${d.index}]`,
        `${shown(value)} is not a value of parameter "${name}" (${describeDomain(d)})`,
      );
    const p = d.param;
    const v = d.values[k];
    if ('move' in p) {
      const delta = (v as number) - moveValue(out, pathsOf(p), p.axis);
      const a = p.axis === 'x' ? 0 : 1;
      for (const path of pathsOf(p)) for (const pt of pointsAt(out, parseJsonPath(path)) ?? []) pt[a] = tidy(pt[a] + delta);
    } else for (const path of pathsOf(p)) setAt(out, parseJsonPath(path), deepCopy(v));
  }
  return out;
}

/** A parameter's values in words: `8 to 20 in steps of 1` or `one of "rifle", "pistol"`. */
export function describeDomain(d: ParameterDomain): string {
  const p = d.param;
  if ('choices' in p) return `one of ${d.values.map(shown).join(', ')}`;
  return `${p.min} to ${p.max} in steps of ${p.step ?? 1}`;
}

/**
 * What a ruleset's `compile` is given: the scenario JSON without its `parameters` field (the
 * values themselves are already in the file). {@link defineRuleset} wraps every ruleset's
 * `compile` with it and then {@link checkParameters}, so rulesets never see the field.
 */
export function withoutParameters(raw: unknown): unknown {
  if (!isObj(raw) || raw.parameters === undefined) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (k !== 'parameters') out[k] = v;
  return out;
}

/** Check a scenario file's `parameters` (see {@link scenarioParameters}); throws a {@link ScenarioError}. */
export function checkParameters(raw: unknown, source: string): void {
  scenarioParameters(raw, source);
}

/**
 * A ruleset's scenario JSON Schema with the `parameters` property added (as the last property), as {@link scenarioParametersSchema} documents it. A schema that
 * is not an object with `properties` is returned unchanged.
 */
export function withParametersSchema(schema: Json): Json {
  if (!isObj(schema) || !isObj(schema.properties)) return schema;
  const gen = z.toJSONSchema(scenarioParametersSchema, { io: 'input' }) as Record<string, unknown>;
  const param: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(gen)) if (k !== '$schema') param[k] = v;
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema.properties)) props[k] = v;
  props.parameters = param;
  return { ...schema, properties: props } as Json;
}
