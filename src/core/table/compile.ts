/**
 * The compiled-table base: what every ruleset on a measured table compiles from its scenario file
 * the same way — the file's identity (id, name, canonical hash), the measured {@link Table} (with
 * its errors mapped to the file's JSON paths), the base radius and contact distance; and the
 * figures' index by id ({@link figureIndexOf}). A room's compile calls {@link compileTableBase}
 * and spreads the result into its own compiled scenario, adding only what its rules need.
 *
 * Lengths are in the table's unit (`in` or `cm`); angles in radians.
 */
import { canonicalJson, hashString } from '../hash.js';
import { ScenarioError } from '../basics.js';
import { Table, TableSpecError, type TableSpec } from './table.js';

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
export function figureIndexOf(figures: readonly { readonly id: string }[], source: string, pathOf: (i: number) => string): Map<string, number> {
  const index = new Map<string, number>();
  figures.forEach(({ id }, i) => {
    if (index.has(id)) throw new ScenarioError(source, pathOf(i), `figure id "${id}" is used twice`);
    index.set(id, i);
  });
  return index;
}
