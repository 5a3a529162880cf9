/**
 * One scenario file checked the way `validate` checks it, as data: the ruleset's zod schema and
 * compile checks (figures off the table or in buildings, overlapping bases, deployment without
 * room, decks without cards, …), the tunable parameters at their extremes, and the warnings of
 * src/core/scenario-lint.ts (overlapping terrain). `serve`'s workshop (src/serve/workshop.ts)
 * answers its validate route with this; the `validate` command prints the same problems.
 */
import { ScenarioError } from '../core/model.js';
import { fromRaw, resolveInherit } from '../core/scenario.js';
import { scenarioWarnings, type ScenarioCheck, type ScenarioProblem } from '../core/scenario-lint.js';

export type { ScenarioCheck, ScenarioProblem } from '../core/scenario-lint.js';
import { checkParameterValues, compileSource } from './index.js';

/** `$.a[0].b` → ['a', 0, 'b'] (unparsable parts end the list). */
function pathKeys(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /\.([^.[\]]+)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path.replace(/^\$/, ''))) !== null) out.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return out;
}

function point(v: unknown): { x: number; y: number } | null {
  return Array.isArray(v) &&
    v.length >= 2 &&
    typeof v[0] === 'number' &&
    typeof v[1] === 'number' &&
    Number.isFinite(v[0]) &&
    Number.isFinite(v[1])
    ? { x: v[0], y: v[1] }
    : null;
}

function polygonMean(v: unknown): { x: number; y: number } | null {
  if (!Array.isArray(v) || v.length < 3) return null;
  const pts = v.map(point);
  if (pts.some((p) => p === null)) return null;
  const ps = pts as { x: number; y: number }[];
  return { x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length };
}

/**
 * Where on the table the part of `raw` at JSON path `path` is, in the file's unit: the nearest
 * enclosing value (the part itself, then its parents, never the whole file) that is a point
 * `[x, y]`, a polygon, or an object with `at` (a point), `polygon` or `area` (a polygon). Null
 * when nothing on the way has a place (a victory condition, a parameter).
 */
export function placeOf(raw: unknown, path: string): { x: number; y: number } | null {
  const keys = pathKeys(path);
  for (let n = keys.length; n >= 1; n--) {
    let v: unknown = raw;
    for (const k of keys.slice(0, n)) {
      if (v === null || typeof v !== 'object') {
        v = undefined;
        break;
      }
      v = (v as Record<string | number, unknown>)[k];
    }
    const here = point(v) ?? polygonMean(v);
    if (here) return here;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as { at?: unknown; polygon?: unknown; area?: unknown };
      const p = point(o.at) ?? polygonMean(o.polygon) ?? polygonMean(o.area);
      if (p) return p;
    }
  }
  return null;
}

/** The error's message without the `<source>: at <path>: ` that {@link ScenarioError} puts first. */
function bareMessage(e: ScenarioError): string {
  const prefix = `${e.source}: ${e.jsonPath === '' ? '' : `at ${e.jsonPath}: `}`;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

/**
 * Check scenario JSON already parsed (`raw`, as a file holds it; an `inherit` is resolved relative
 * to `source`, which also names the file in nothing returned). Returns the problems; throws only
 * for a defect (an error that is not a {@link ScenarioError}). Compile checks stop at the first
 * error, as `validate` does (a schema error's message lists up to four more), so a file has at
 * most one error; warnings are looked for only in a file that compiles.
 */
export function checkScenarioData(raw: unknown, source: string): ScenarioCheck {
  const error = (e: ScenarioError, kind: string, data: unknown): ScenarioProblem => {
    const at = e.jsonPath === '' ? null : placeOf(data, e.jsonPath);
    return {
      severity: 'error',
      kind,
      path: e.jsonPath,
      paths: e.jsonPath === '' ? [] : [e.jsonPath],
      message: bareMessage(e),
      ...(at ? { at } : {}),
    };
  };
  let resolved: unknown = raw;
  try {
    resolved = resolveInherit(raw, source);
    const src = fromRaw(resolved, source);
    const sc = compileSource(src);
    const head = { ruleset: sc.ruleset.id, id: sc.id, sides: sc.ruleset.sides(sc.compiled) };
    let parameters: number;
    try {
      parameters = checkParameterValues(src);
    } catch (e) {
      if (e instanceof ScenarioError) return { ok: false, ...head, problems: [error(e, 'parameter', resolved)] };
      throw e;
    }
    const warnings: ScenarioProblem[] = scenarioWarnings(src.raw).map((w) => ({
      severity: 'warning',
      kind: w.kind,
      path: w.paths[0] ?? '',
      paths: w.paths,
      message: w.message,
      ...(w.at ? { at: w.at } : {}),
    }));
    return { ok: true, ...head, parameters, problems: warnings };
  } catch (e) {
    if (e instanceof ScenarioError) return { ok: false, problems: [error(e, 'invalid', resolved)] };
    throw e;
  }
}
