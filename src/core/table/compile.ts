/**
 * The compiled-table base: what every ruleset on a measured table compiles from its scenario file
 * the same way — the file's identity (id, name, canonical hash), the measured {@link Table} (with
 * its errors mapped to the file's JSON paths), the base radius and contact distance; and the
 * figures' index by id ({@link figureIndexOf}). A room's compile starts with
 * {@link parseTableScenario} (the file parsed with the room's schema, errors at its JSON paths, the
 * sides' ids checked), builds the base with its `base` (or {@link compileTableBase}) and spreads it
 * into its own compiled scenario, adding only what its rules need; zones to reach
 * ({@link zoneOf}), deployment places ({@link deploySlots}) and the start-overlap test
 * ({@link baseOverlapAt}) are here too.
 *
 * Lengths are in the table's unit (`in` or `cm`); angles in radians.
 */
import type { z } from 'zod';
import { canonicalJson, hashString } from '../hash.js';
import { ScenarioError } from '../basics.js';
import { type Polygon, type Vec, bbox, pointInPolygon, vertexMean } from '../geometry.js';
import type { DistanceField, NavMap } from '../nav.js';
import { parseScenario } from '../scenario.js';
import { Table, TableSpecError, type TableSpec } from './table.js';

/** What a compiled scenario knows of every figure, whatever the rules (a room's figure info extends it). */
export interface TableFigure {
  /** Index in the state's arrays. */
  readonly index: number;
  /** Id used in actions, events and records. */
  readonly id: string;
  /** Name for stories (a personal name, else the id). */
  readonly name: string;
  /** Side index (0, 1, …). */
  readonly side: number;
}

/** What a compiled scenario knows of every side (a room's side info extends it). */
export interface TableSide {
  readonly index: number;
  /** Its id in actions, events, records and agent specs. */
  readonly id: string;
  /** The side in plain words. */
  readonly name: string;
  /** Figure indices of the side, in the file's order. */
  readonly figures: readonly number[];
}

/**
 * The {@link TableFigure} part of figure `index` of side `si`, to spread into a room's figure info:
 * `id` as the room gives it (the file's, or one it makes), `name` the file's personal name or else
 * the id.
 */
export function tableFigure(index: number, id: string, name: string | undefined, si: number): TableFigure {
  return { index, id, name: name ?? id, side: si };
}

/**
 * The figure a person names in `words` (`play`'s `status <figure>`): its id or its name, in any
 * case, spaces around ignored: the first in the figures' order whose id or name it is; undefined
 * when none (or `words` is blank).
 */
export function figureNamed<F extends TableFigure>(figures: readonly F[], words: string): F | undefined {
  const want = words.trim().toLowerCase();
  if (want === '') return undefined;
  return figures.find((f) => f.id.toLowerCase() === want || f.name.toLowerCase() === want);
}

/**
 * The {@link TableSide} part of file side `s` at index `si`, to spread into a room's side info: its
 * id and name, and a new empty figure list for the compile to fill in the file's order.
 */
export function tableSide(s: { readonly id: string; readonly name: string }, si: number): TableSide & { figures: number[] } {
  return { index: si, id: s.id, name: s.name, figures: [] };
}

/** What every compiled scenario on a measured table holds. */
export interface CompiledTable<F> {
  /** The validated scenario file, as parsed. */
  readonly file: F;
  readonly id: string;
  readonly name: string;
  /** Hash of the file's canonical JSON as read (16 hex digits): records name the scenario by it. */
  readonly hash: string;
  /** The measured table: paths round obstacles, slow ground, sight, cover, heights. */
  readonly table: Table;
  /** Table size, in its unit. */
  readonly width: number;
  readonly height: number;
  /** Base radius, in the table's unit (one size for every figure). */
  readonly radius: number;
  /** Centre distance at or under which two figures are in base contact (2 radii + a tolerance). */
  readonly contact: number;
}

/** What {@link compileTableBase} needs besides the file. */
export interface TableBaseSpec {
  /** The file's name for errors (as `ScenarioError.source`). */
  source: string;
  /** The file as read (before parsing): the hash is of its canonical JSON. */
  raw: unknown;
  /** The table to build (areas in the file's order). */
  table: TableSpec;
  /** The JSON path of terrain area `i` in the file (e.g. `$.terrain[3]`), for table errors. */
  areaPath(i: number): string;
  /** Optional: a plainer message for a table error (e.g. "buildings must be convex…"). */
  tableMessage?(e: TableSpecError): string;
  /** Contact tolerance added to two radii (table units; default 0.1). */
  contactTolerance?: number;
}

/**
 * Build the compiled-table base of `file`. Throws {@link ScenarioError} naming the JSON path when
 * the table cannot be built (a table error at an area names `areaPath(i)` plus `.id` for duplicate
 * ids, `.polygon` otherwise; at the table, `$.table`).
 */
export function compileTableBase<F extends { readonly id: string; readonly name: string }>(file: F, spec: TableBaseSpec): CompiledTable<F> {
  let table: Table;
  try {
    table = new Table(spec.table);
  } catch (e) {
    if (e instanceof TableSpecError) {
      const path = e.index >= 0 ? `${spec.areaPath(e.index)}${e.message.startsWith('duplicate') ? '.id' : '.polygon'}` : '$.table';
      throw new ScenarioError(spec.source, path, spec.tableMessage ? spec.tableMessage(e) : e.message);
    }
    throw e;
  }
  return {
    file,
    id: file.id,
    name: file.name,
    hash: hashString(canonicalJson(spec.raw)),
    table,
    width: spec.table.width,
    height: spec.table.height,
    radius: spec.table.radius,
    contact: 2 * spec.table.radius + (spec.contactTolerance ?? 0.1),
  };
}

/**
 * Figure id → index, for figures listed in index order. Throws {@link ScenarioError} at
 * `pathOf(i)` of the second figure with an id already used.
 */
export function figureIndexOf(
  figures: readonly { readonly id: string }[],
  source: string,
  pathOf: (i: number) => string,
): Map<string, number> {
  const index = new Map<string, number>();
  figures.forEach(({ id }, i) => {
    if (index.has(id)) throw new ScenarioError(source, pathOf(i), `figure id "${id}" is used twice`);
    index.set(id, i);
  });
  return index;
}

/** What every scenario file on a measured table holds: its identity and the table's size. */
export interface TableFile {
  readonly id: string;
  readonly name: string;
  readonly table: { readonly width: number; readonly height: number };
  /** The two (or more) sides, each with its id. */
  readonly sides: readonly { readonly id: string }[];
  /** The figures' base diameter (table unit), where the file gives it under this name. */
  readonly baseDiameter?: number;
}

/** The table a room builds on its file: {@link TableBaseSpec} without what the file already says. */
export interface TableOfFile extends Omit<TableBaseSpec, 'source' | 'raw' | 'table' | 'areaPath'> {
  /** The table spec; its size is the file's `table` (width, height); its radius, when left out, the file's ({@link ParsedTableScenario.radius}). */
  table: Omit<TableSpec, 'width' | 'height' | 'radius'> & { radius?: number };
  /** The JSON path of terrain area `i` (default `$.terrain[i]`: the file's terrain in its order). */
  areaPath?(i: number): string;
}

/** A scenario file parsed for a room's compile (see {@link parseTableScenario}). */
export interface ParsedTableScenario<F extends TableFile> {
  /** The validated file (defaults filled in). */
  readonly file: F;
  /** The file's name for errors. */
  readonly source: string;
  /** Throw a {@link ScenarioError} at `path` (a JSON path of the file, e.g. `$.sides[0].figures[2].at`). */
  fail(path: string, message: string): never;
  /**
   * The index of the side with id `id` in the file's order; fails at `path` when there is none
   * (`other`: the field's other allowed words, named in the message, e.g. `"roll"`).
   */
  sideIndex(id: string, path: string, other?: string): number;
  /**
   * The figures' base radius (table unit): half the file's `baseDiameter`, or what the compile's
   * `radiusOf` reads for a file that gives its bases otherwise (Escarmouche's `table.base`); NaN
   * when neither (then {@link base} needs the radius in its spec).
   */
  readonly radius: number;
  /** {@link compileTableBase} of the file with `spec` (its size from the file's `table`, its radius {@link radius} unless `spec` gives one). */
  base(spec: TableOfFile): CompiledTable<F>;
}

/**
 * The start of every room's compile: `raw` validated with the room's zod `schema` (a
 * {@link ScenarioError} at the JSON path of the first problem, as {@link parseScenario} reports
 * it), then the sides' ids checked to differ (fails at `$.sides[j].id`). Returns the file and the
 * means to report further problems at its JSON paths and build the compiled-table base.
 * `radiusOf` reads the base radius (table unit) of a file without `baseDiameter`.
 */
export function parseTableScenario<T extends z.ZodType<TableFile>>(
  schema: T,
  raw: unknown,
  source: string,
  radiusOf?: (file: z.output<T>) => number,
): ParsedTableScenario<z.output<T>> {
  const file = parseScenario(schema, raw, source);
  const radius = radiusOf ? radiusOf(file) : file.baseDiameter === undefined ? NaN : file.baseDiameter / 2;
  const fail = (path: string, message: string): never => {
    throw new ScenarioError(source, path, message);
  };
  file.sides.forEach((s, j) => {
    if (file.sides.findIndex((o) => o.id === s.id) < j)
      fail(`$.sides[${j}].id`, `side id "${s.id}" is used twice: the sides need different ids`);
  });
  return {
    file,
    source,
    fail,
    sideIndex(id, path, other) {
      const i = file.sides.findIndex((s) => s.id === id);
      return i >= 0 ? i : fail(path, `no side with id "${id}"${other === undefined ? '' : ` (or ${other})`}`);
    },
    radius,
    base(spec) {
      const r = spec.table.radius ?? radius;
      if (Number.isNaN(r)) throw new Error(`${source}: no base radius for the table (no baseDiameter, no radiusOf, none given)`);
      return compileTableBase(file, {
        ...spec,
        source,
        raw,
        table: { ...spec.table, radius: r, width: file.table.width, height: file.table.height },
        areaPath: spec.areaPath ?? ((i) => `$.terrain[${i}]`),
      });
    },
  };
}

/** A zone to reach (an objective, home): its outline, a free point inside it that paths aim for, and the distance field to that point. */
export interface TableZone {
  readonly id: string;
  readonly name: string;
  readonly poly: Polygon;
  /** A free standing place inside the zone, the nearest to its vertices' mean within the search radius. */
  readonly target: Vec;
  /** Distance (table units, round obstacles) to `target` (the field named `zone:<id>`). */
  readonly field: DistanceField;
}

/**
 * The zone a file describes as `{ id, name, polygon }`. Its target is the nearest free place to the
 * polygon's vertex mean within `search` (table units) that lies inside the polygon; fails at
 * `<path>.polygon` when there is none.
 */
export function zoneOf(
  nav: NavMap,
  z: { readonly id: string; readonly name: string; readonly polygon: readonly (readonly [number, number])[] },
  path: string,
  search: number,
  fail: (path: string, message: string) => never,
): TableZone {
  const poly = z.polygon.map(([x, y]) => ({ x, y }));
  const c = vertexMean(poly);
  const target = nav.nearestFree(c.x, c.y, search, (x, y) => pointInPolygon(x, y, poly));
  if (!target) return fail(`${path}.polygon`, 'no free standing place inside this zone');
  return { id: z.id, name: z.name, poly, target, field: nav.field(`zone:${z.id}`, target) };
}

/**
 * Standing places inside a deployment area: a grid `step` apart from a base radius inside the
 * area's bounding box, inside the polygon and free on `nav`, rounded to 0.001, nearest the area's
 * vertex mean first (ties: by y, then x) — so the first figures of a group stand close together.
 */
export function deploySlots(nav: NavMap, poly: Polygon, step: number): Vec[] {
  const b = bbox(poly);
  const c = vertexMean(poly);
  const r = nav.radius;
  const slots: Vec[] = [];
  for (let y = b.minY + r; y <= b.maxY - r + 1e-9; y += step) {
    for (let x = b.minX + r; x <= b.maxX - r + 1e-9; x += step) {
      if (pointInPolygon(x, y, poly) && nav.isFree(x, y)) slots.push({ x: Math.round(x * 1000) / 1000, y: Math.round(y * 1000) / 1000 });
    }
  }
  slots.sort((p, q) => (p.x - c.x) ** 2 + (p.y - c.y) ** 2 - ((q.x - c.x) ** 2 + (q.y - c.y) ** 2) || p.y - q.y || p.x - q.x);
  return slots;
}

/**
 * The first of the `n` figures placed so far (centres `xs[j]`, `ys[j]`) whose base a base of
 * `radius` centred at (x, y) would overlap (centres closer than two radii, less 1e-6), or −1.
 */
export function baseOverlapAt(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, x: number, y: number, radius: number): number {
  const d = (2 * radius - 1e-6) ** 2;
  for (let j = 0; j < n; j++) if ((xs[j] - x) ** 2 + (ys[j] - y) ** 2 < d) return j;
  return -1;
}

/**
 * The starting places of a scenario's figures as a compile places them, in figure index order:
 * centres (table unit) and facings (radians), with the overlap test against the figures placed
 * before (bases of radius `radius` may touch, not overlap: {@link baseOverlapAt}). What every
 * room's compile kept as three growing arrays and a closure.
 */
export class StartPlaces {
  private readonly xs: number[] = [];
  private readonly ys: number[] = [];
  private readonly fs: number[] = [];

  constructor(readonly radius: number) {}

  /** How many figures are placed (the next one's index). */
  get count(): number {
    return this.xs.length;
  }

  /** The index of the first placed figure whose base a base centred at (x, y) would overlap, or −1. */
  overlapAt(x: number, y: number): number {
    return baseOverlapAt(this.xs, this.ys, this.xs.length, x, y, this.radius);
  }

  /** True when a base at `p` would overlap a placed figure's. */
  overlaps(p: Vec): boolean {
    return this.overlapAt(p.x, p.y) >= 0;
  }

  /** Place the next figure at `p` facing `facing` (radians); returns its index. */
  add(p: Vec, facing: number): number {
    this.xs.push(p.x);
    this.ys.push(p.y);
    this.fs.push(facing);
    return this.xs.length - 1;
  }

  /** The compiled scenario's start arrays (fresh copies, by figure index). */
  arrays(): { startX: Float64Array; startY: Float64Array; startFacing: Float64Array } {
    return { startX: Float64Array.from(this.xs), startY: Float64Array.from(this.ys), startFacing: Float64Array.from(this.fs) };
  }
}
