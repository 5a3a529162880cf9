/**
 * The limits of src/core/limits.ts applied to a scenario's JSON before anything else looks at it
 * (hashing, the ruleset's schema, compiling, navigation grids): checks that hold in every ruleset,
 * because every ruleset's file describes its table, its shapes and its figures with the same keys —
 * `table: { width, height }`; polygons under `polygon` and `area` (`[[x, y], …]`); points under
 * `at`, and point lists under `line`, `pigs` and `exits`; figures in `figures` arrays (an entry
 * with `count` stands for that many); `baseDiameter`.
 *
 * What it checks (each error names the file, the JSON path and the limit): nesting depth; every
 * number finite; the table's size; polygons with 3 to {@link LIMITS}`.scenario.vertices` vertices,
 * an area, and no edge crossing another (simple); every point on the table; counts of shapes,
 * vertices and figures; a base no larger than a share of the table. The ruleset's schema and
 * compile step check the rest.
 */
import { ScenarioError } from './model.js';
import { LIMITS, forbiddenKey, jsonValueDepth, limitText } from './limits.js';

type Pt = [number, number];

const isPoint = (v: unknown): v is Pt => Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

/** Keys whose value is a polygon. */
const POLYGON_KEYS = new Set(['polygon', 'area']);
/** Keys whose value is a list of points (not a polygon). */
const POINT_LIST_KEYS = new Set(['line', 'pigs', 'exits']);

/** Twice the signed area of a polygon (shoelace). */
function area2(p: readonly Pt[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x0, y0] = p[i];
    const [x1, y1] = p[(i + 1) % p.length];
    a += x0 * y1 - x1 * y0;
  }
  return a;
}

function orient(a: Pt, b: Pt, c: Pt): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v > 1e-12 ? 1 : v < -1e-12 ? -1 : 0;
}

function onSegment(a: Pt, b: Pt, c: Pt): boolean {
  return (
    Math.min(a[0], b[0]) - 1e-12 <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) + 1e-12 &&
    Math.min(a[1], b[1]) - 1e-12 <= c[1] &&
    c[1] <= Math.max(a[1], b[1]) + 1e-12
  );
}

/** True when segments ab and cd share a point. */
function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** The first pair of non-adjacent edges of polygon `p` that meet, as edge indices; null for a simple polygon. */
export function selfCrossing(p: readonly Pt[]): [number, number] | null {
  const n = p.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // adjacent edges share a vertex
      if (segmentsMeet(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])) return [i, j];
    }
  }
  return null;
}

/**
 * Check a scenario's JSON against the limits (see the module comment). Throws {@link ScenarioError}
 * naming `path`, the JSON path and the limit. Cheap: linear in the file, quadratic only within one
 * polygon of at most {@link LIMITS}`.scenario.vertices` vertices.
 */
export function checkScenarioLimits(raw: unknown, path: string): void {
  const S = LIMITS.scenario;
  if (jsonValueDepth(raw) > LIMITS.json.depth)
    throw new ScenarioError(path, '$', `nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
  const bad = forbiddenKey(raw);
  if (bad !== null) throw new ScenarioError(path, bad, 'a key that is never data (__proto__, constructor, prototype)');
  const fail = (at: string, msg: string): never => {
    throw new ScenarioError(path, at, msg);
  };
  // The table, when the file has one (a file that inherits it has it by now).
  const o = raw as Record<string, unknown>;
  let W = Infinity;
  let H = Infinity;
  const t = o.table as { width?: unknown; height?: unknown } | undefined;
  if (t !== null && typeof t === 'object') {
    for (const k of ['width', 'height'] as const) {
      const v = t[k];
      if (typeof v !== 'number') continue; // the schema says what is missing
      if (!Number.isFinite(v) || v < S.minTableSize || v > S.tableSize)
        fail(
          `$.table.${k}`,
          `${String(v)}: a table side must be from ${S.minTableSize} to ${S.tableSize} (${limitText(v > S.tableSize ? 'scenario.tableSize' : 'scenario.minTableSize')})`,
        );
    }
    if (typeof t.width === 'number') W = t.width;
    if (typeof t.height === 'number') H = t.height;
  }
  const onTable = (p: Pt, at: string): void => {
    const m = S.coordinateMargin;
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) fail(at, 'a coordinate must be a finite number');
    const inside = p[0] >= -m * W && p[0] <= W * (1 + m) && p[1] >= -m * H && p[1] <= H * (1 + m);
    if (Number.isFinite(W) && Number.isFinite(H) && !inside)
      fail(at, `(${p[0]}, ${p[1]}) is off the ${W} × ${H} table (${limitText('scenario.coordinateMargin')})`);
    if (!Number.isFinite(W) && (Math.abs(p[0]) > S.tableSize || Math.abs(p[1]) > S.tableSize))
      fail(at, `(${p[0]}, ${p[1]}) is farther out than any table (${limitText('scenario.tableSize')})`);
  };
  let shapes = 0;
  let vertices = 0;
  let figures = 0;
  const stack: [unknown, string, string][] = [[raw, '$', '']];
  while (stack.length) {
    const [v, at, key] = stack.pop() as [unknown, string, string];
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) fail(at, 'a number must be finite');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      if (POLYGON_KEYS.has(key) && v.length > 0 && v.every(isPoint)) {
        const poly = v as Pt[];
        shapes++;
        vertices += poly.length;
        if (shapes > S.areas) fail(at, `more than ${S.areas} shapes (${limitText('scenario.areas')})`);
        if (poly.length > S.vertices)
          fail(at, `${poly.length} vertices; a polygon has at most ${S.vertices} (${limitText('scenario.vertices')})`);
        if (vertices > S.totalVertices) fail(at, `more than ${S.totalVertices} vertices in all (${limitText('scenario.totalVertices')})`);
        poly.forEach((p, i) => onTable(p, `${at}[${i}]`));
        if (poly.length < 3) fail(at, `a polygon needs at least 3 vertices (it has ${poly.length})`);
        const a = Math.abs(area2(poly)) / 2;
        if (!(a >= S.minArea))
          fail(at, `the polygon has no area (${a}): its vertices lie on a line or on one point (${limitText('scenario.minArea')})`);
        const x = selfCrossing(poly);
        if (x) fail(at, `the polygon is not simple: its edge ${x[0]} (from vertex ${x[0]}) meets its edge ${x[1]} (from vertex ${x[1]})`);
        continue;
      }
      if (POINT_LIST_KEYS.has(key) && v.every(isPoint)) {
        (v as Pt[]).forEach((p, i) => onTable(p, `${at}[${i}]`));
        vertices += v.length;
        if (vertices > S.totalVertices) fail(at, `more than ${S.totalVertices} vertices in all (${limitText('scenario.totalVertices')})`);
        continue;
      }
      if (key === 'at' && isPoint(v)) {
        onTable(v, at);
        continue;
      }
      if (key === 'figures') {
        for (const f of v) {
          const c = (f as { count?: unknown } | null)?.count;
          figures += typeof c === 'number' && Number.isFinite(c) && c > 0 ? c : 1;
        }
        if (figures > S.figures) fail(at, `more than ${S.figures} figures (${limitText('scenario.figures')})`);
      }
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`, key]);
      continue;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) stack.push([x, `${at}.${k}`, k]);
  }
  const base = o.baseDiameter;
  if (typeof base === 'number' && Number.isFinite(W) && Number.isFinite(H) && base > S.baseShare * Math.min(W, H)) {
    fail('$.baseDiameter', `${base}: a base larger than ${S.baseShare} of the table's smaller side (${limitText('scenario.baseShare')})`);
  }
}
