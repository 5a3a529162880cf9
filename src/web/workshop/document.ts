/**
 * The workshop's document model, apart from the DOM (unit-tested in test/web/workshop-document.test.ts):
 * JSON paths into a scenario, immutable edits at a path, the geometric items a ruleset's layout
 * (src/core/workshop-layout.ts) finds in a scenario, the edits the table makes (add, move, drag a
 * vertex, delete), and the undo/redo history. Coordinates are the file's table units.
 */
import type { WorkshopCollection, WorkshopLayout } from '../../core/workshop-layout.js';

/** A place in a JSON value: field names and array indexes from the top. */
export type JsonPath = readonly (string | number)[];
/** A point [x, y] in table units. */
export type Point = [number, number];
/** A scenario file's JSON object. */
export type Scenario = Record<string, unknown>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The path of a problem as the check writes it (`$.sides[1].figures[0].at`, `sides.1.figures`, or
 * `` for the whole file) as a {@link JsonPath}.
 */
export function parseProblemPath(p: string): JsonPath {
  const out: (string | number)[] = [];
  const s = p.replace(/^\$\.?/, '');
  const re = /\[(\d+)\]|\[["']([^"']*)["']\]|([^.[\]]+)/g;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(m[2]);
    else if (m[3] !== undefined) out.push(/^\d+$/.test(m[3]) ? Number(m[3]) : m[3]);
  }
  return out;
}

/** `$.a[0].b`: a path as the check writes it. */
export function formatPath(path: JsonPath): string {
  return `$${path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
}

/** The value at `path` in `root`, or undefined where the path leads nowhere. */
export function getAt(root: unknown, path: JsonPath): unknown {
  let cur = root;
  for (const k of path) {
    if (typeof k === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[k];
    } else {
      if (!isObject(cur)) return undefined;
      cur = cur[k];
    }
  }
  return cur;
}

/**
 * A copy of `root` with `value` at `path` (undefined: the field removed, the array element spliced
 * out); only the objects and arrays along the path are copied, the rest is shared. Missing objects
 * along the path are created. Throws when the path crosses a value that is neither.
 */
export function setAt<T>(root: T, path: JsonPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [k, ...rest] = path;
  if (typeof k === 'number') {
    const arr = Array.isArray(root) ? [...(root as unknown[])] : [];
    if (rest.length === 0 && value === undefined) arr.splice(k, 1);
    else arr[k] = setAt(arr[k], rest, value);
    return arr as T;
  }
  if (root !== undefined && !isObject(root)) throw new Error(`cannot set ${k} inside a ${Array.isArray(root) ? 'list' : typeof root}`);
  const obj: Record<string, unknown> = { ...(root ?? {}) };
  if (rest.length === 0 && value === undefined) delete obj[k];
  else obj[k] = setAt(obj[k], rest, value);
  return obj as T;
}

/** One place a collection's path matches in a scenario: the array (or single element) and the `*`s it went through. */
export interface CollectionPlace {
  /** The path of the array (or, for a `single` collection, of the element). */
  path: JsonPath;
  /** The indexes the path's `*` parts took, in order (a figure list's side index). */
  stars: number[];
}

/** Every place `coll`'s path matches in `sc` (a `*` part: each element of the array there). */
export function collectionPlaces(sc: Scenario, coll: WorkshopCollection): CollectionPlace[] {
  const parts = coll.path.split('.');
  const out: CollectionPlace[] = [];
  const walk = (i: number, path: (string | number)[], stars: number[]): void => {
    if (i === parts.length) {
      out.push({ path, stars });
      return;
    }
    if (parts[i] === '*') {
      const arr = getAt(sc, path);
      if (!Array.isArray(arr)) return;
      for (let j = 0; j < arr.length; j++) walk(i + 1, [...path, j], [...stars, j]);
    } else walk(i + 1, [...path, parts[i]], stars);
  };
  walk(0, [], []);
  return out;
}

/** One thing on the table the layout finds: which collection, where, its geometry and words. */
export interface Item {
  coll: WorkshopCollection;
  /** The element's path. */
  path: JsonPath;
  /** The path of its geometry (the element's `field`, or the element). */
  geomPath: JsonPath;
  /** Its point (shape `point`) or vertices (shapes `polygon` and `line`); null when it has none yet (a figure placed by its group). */
  point: Point | null;
  polygon: Point[] | null;
  /** The `*` indexes of its place (a figure's side index first). */
  stars: number[];
  kind?: string;
  name?: string;
  /** Its id (the collection's `idField`), when it has one. */
  id?: string;
}

function asPoint(v: unknown): Point | null {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number' ? [v[0], v[1]] : null;
}

function asPolygon(v: unknown): Point[] | null {
  if (!Array.isArray(v)) return null;
  const pts = v.map(asPoint);
  return pts.every((p): p is Point => p !== null) ? pts : null;
}

/** The item at element path `path` of collection `coll`. */
function itemAt(sc: Scenario, coll: WorkshopCollection, path: JsonPath, stars: number[]): Item | null {
  const el = getAt(sc, path);
  if (el === undefined) return null;
  const geomPath = coll.field !== undefined ? [...path, coll.field] : path;
  const g = getAt(sc, geomPath);
  const o = isObject(el) ? el : {};
  const kind = coll.kind !== undefined && typeof o[coll.kind] === 'string' ? (o[coll.kind] as string) : undefined;
  const name = coll.name !== undefined && typeof o[coll.name] === 'string' ? (o[coll.name] as string) : undefined;
  const id = coll.idField !== undefined && typeof o[coll.idField] === 'string' ? (o[coll.idField] as string) : undefined;
  return {
    coll,
    path,
    geomPath,
    point: coll.shape === 'point' ? asPoint(g) : null,
    polygon: coll.shape !== 'point' ? asPolygon(g) : null,
    stars,
    ...(kind !== undefined ? { kind } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(id !== undefined ? { id } : {}),
  };
}

/** Every item of `layout`'s collections in `sc`, in the layout's order (terrain first). */
export function items(sc: Scenario, layout: WorkshopLayout): Item[] {
  const out: Item[] = [];
  for (const coll of layout.collections) {
    for (const place of collectionPlaces(sc, coll)) {
      if (coll.single) {
        const it = itemAt(sc, coll, place.path, place.stars);
        if (it) out.push(it);
        continue;
      }
      const arr = getAt(sc, place.path);
      if (!Array.isArray(arr)) continue;
      for (let i = 0; i < arr.length; i++) {
        const it = itemAt(sc, coll, [...place.path, i], place.stars);
        if (it) out.push(it);
      }
    }
  }
  return out;
}

/** The table's size (the layout's width and height paths), or null when the file has none yet. */
export function tableSize(sc: Scenario, layout: WorkshopLayout): { width: number; height: number } | null {
  const w = getAt(sc, layout.width.split('.'));
  const h = getAt(sc, layout.height.split('.'));
  return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0 ? { width: w, height: h } : null;
}

/** A number rounded to a tenth of a unit (what the table's clicks and drags write). */
export function snap(v: number): number {
  return Math.round(v * 10) / 10;
}

/** `p` moved by dx, dy (rounded to tenths). */
function shifted(p: Point, dx: number, dy: number): Point {
  return [snap(p[0] + dx), snap(p[1] + dy)];
}

/** `sc` with the item at `item` moved by dx, dy (its point, or every vertex). */
export function moveItem(sc: Scenario, item: Item, dx: number, dy: number): Scenario {
  if (item.point) return setAt(sc, item.geomPath, shifted(item.point, dx, dy));
  if (item.polygon)
    return setAt(
      sc,
      item.geomPath,
      item.polygon.map((p) => shifted(p, dx, dy)),
    );
  return sc;
}

/** `sc` with vertex `index` of polygon item `item` at `to`. */
export function moveVertex(sc: Scenario, item: Item, index: number, to: Point): Scenario {
  if (!item.polygon || index < 0 || index >= item.polygon.length) return sc;
  return setAt(sc, [...item.geomPath, index], [snap(to[0]), snap(to[1])]);
}

/**
 * `sc` with a vertex at `at` added to polygon or line item `item`, on the edge nearest to it (for a
 * line, not the closing edge), and the index it got.
 */
export function insertVertex(sc: Scenario, item: Item, at: Point): { scenario: Scenario; index: number } {
  const poly = item.polygon;
  if (!poly || poly.length < 2) return { scenario: sc, index: -1 };
  const closed = item.coll.shape === 'polygon';
  let best = 0;
  let bestD = Infinity;
  const edges = closed ? poly.length : poly.length - 1;
  for (let i = 0; i < edges; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((at[0] - a[0]) * dx + (at[1] - a[1]) * dy) / len2));
    const d = Math.hypot(a[0] + t * dx - at[0], a[1] + t * dy - at[1]);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  const next: Point[] = [...poly];
  next.splice(best + 1, 0, [snap(at[0]), snap(at[1])]);
  return { scenario: setAt(sc, item.geomPath, next), index: best + 1 };
}

/** `sc` without vertex `index` of polygon or line item `item`, unless that leaves fewer than a polygon's 3 (a line's 2). */
export function removeVertex(sc: Scenario, item: Item, index: number): Scenario {
  const poly = item.polygon;
  const least = item.coll.shape === 'line' ? 2 : 3;
  if (!poly || poly.length <= least || index < 0 || index >= poly.length) return sc;
  return setAt(sc, item.geomPath, [...poly.slice(0, index), ...poly.slice(index + 1)]);
}

/** `sc` without the item (an array element spliced out; a single element removed). */
export function removeItem(sc: Scenario, item: Item): Scenario {
  return setAt(sc, item.path, undefined);
}

/** An id not yet used by the elements at `arrayPath`'s `idField` (`<base>-<n>`, n from 1). */
export function freshId(sc: Scenario, coll: WorkshopCollection, base: string): string {
  const used = new Set<string>();
  for (const it of items(sc, { blank: {}, width: '', height: '', fields: [], collections: [coll] })) {
    const el = getAt(sc, it.path);
    if (isObject(el) && coll.idField !== undefined && typeof el[coll.idField] === 'string') used.add(el[coll.idField] as string);
  }
  for (let n = 1; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A template's string values with `{*}` replaced by `star` (the id of the element the collection's last `*` took, e.g. the side). */
export function fillTemplate(template: Record<string, unknown>, star: string): Record<string, unknown> {
  const fill = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.split('{*}').join(star)
      : Array.isArray(v)
        ? v.map(fill)
        : isObject(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
          : v;
  return fill(template) as Record<string, unknown>;
}

/** What a new element gets besides its geometry: its kind, name, and other fields chosen on the page. */
export interface NewElement {
  /** The place to add it to (one of {@link collectionPlaces}). */
  place: CollectionPlace;
  /** Its point or vertices. */
  geometry: Point | Point[];
  /** Fields set on the page (kind, name, weapon …), over the template's. */
  fields?: Record<string, unknown>;
}

/**
 * `sc` with a new element of `coll`: the template (its `{*}` the id of the place's last `*`
 * element), the page's fields, a fresh id (when the collection has an `idField`) and the geometry
 * (rounded to tenths). A `single` collection's element replaces what is there. Returns the new
 * scenario and the element's path.
 */
export function addElement(sc: Scenario, coll: WorkshopCollection, add: NewElement): { scenario: Scenario; path: JsonPath } {
  const geometry: unknown = Array.isArray(add.geometry[0])
    ? (add.geometry as Point[]).map(([x, y]) => [snap(x), snap(y)])
    : [snap((add.geometry as Point)[0]), snap((add.geometry as Point)[1])];
  let starId = '';
  if (add.place.stars.length > 0) {
    const parts = coll.path.split('.');
    const lastStar = parts.lastIndexOf('*');
    const starPath = add.place.path.slice(0, lastStar + 1);
    const starEl = getAt(sc, starPath);
    starId = isObject(starEl) && typeof starEl.id === 'string' ? starEl.id : String(add.place.stars[add.place.stars.length - 1]);
  }
  let el: unknown;
  if (coll.field === undefined && Object.keys(coll.template).length === 0 && add.fields === undefined) el = geometry;
  else {
    const o: Record<string, unknown> = { ...fillTemplate(coll.template, starId), ...(add.fields ?? {}) };
    if (coll.idField !== undefined && (typeof o[coll.idField] !== 'string' || o[coll.idField] === ''))
      o[coll.idField] = freshId(sc, coll, coll.id);
    if (coll.field !== undefined) o[coll.field] = geometry;
    el = o;
  }
  if (coll.single) return { scenario: setAt(sc, add.place.path, el), path: add.place.path };
  const arr = getAt(sc, add.place.path);
  const n = Array.isArray(arr) ? arr.length : 0;
  const path = [...add.place.path, n];
  return { scenario: setAt(sc, path, el), path };
}

/**
 * The undo/redo history of one document: the present scenario, the states before it (undo) and
 * after it (redo, emptied by a new edit). At most `limit` states are kept behind.
 */
export class History {
  private past: Scenario[] = [];
  private future: Scenario[] = [];
  constructor(
    private present: Scenario,
    private readonly limit = 500,
  ) {}
  /** The scenario as it stands. */
  get current(): Scenario {
    return this.present;
  }
  /** Make `next` the present (no change when it is the present itself). */
  apply(next: Scenario): void {
    if (next === this.present) return;
    this.past.push(this.present);
    if (this.past.length > this.limit) this.past.shift();
    this.present = next;
    this.future = [];
  }
  /** Replace the present without a step of its own (the live drag of a piece, after its first step). */
  replace(next: Scenario): void {
    this.present = next;
  }
  canUndo(): boolean {
    return this.past.length > 0;
  }
  canRedo(): boolean {
    return this.future.length > 0;
  }
  /** Step back; false when there is nothing to undo. */
  undo(): boolean {
    const prev = this.past.pop();
    if (prev === undefined) return false;
    this.future.push(this.present);
    this.present = prev;
    return true;
  }
  /** Step forward again; false when there is nothing to redo. */
  redo(): boolean {
    const next = this.future.pop();
    if (next === undefined) return false;
    this.past.push(this.present);
    this.present = next;
    return true;
  }
}

/** The JSON Schema node at a layout path (`sides.*.figures` → the figure list's schema), or undefined. */
export function schemaAt(schema: unknown, path: string): Record<string, unknown> | undefined {
  let cur: unknown = schema;
  for (const part of path.split('.')) {
    if (!isObject(cur)) return undefined;
    if (part === '*' || /^\d+$/.test(part)) cur = cur.items;
    else cur = isObject(cur.properties) ? cur.properties[part] : undefined;
  }
  return isObject(cur) ? cur : undefined;
}

/** One choice the page offers for a new element: a field of the element's schema with a list of values. */
export interface FieldChoice {
  /** The field (`weapon`), or `list.field` for a field of the elements of a list the template gives (a unit's `figures.weapons`). */
  field: string;
  /** The values the schema allows (for an array field: its items' values, one chosen). */
  values: string[];
  /** The field is a list (`weapons`): the choice is written as a one-element list. */
  list: boolean;
  description?: string;
}

/**
 * The choices of an element of `coll` from the ruleset's JSON Schema: every field of the element
 * whose values are a list (enum) of strings (terrain kinds, weapons, ranks, classes …), the kind
 * field first.
 */
export function fieldChoices(schema: unknown, coll: WorkshopCollection): FieldChoice[] {
  let node = schemaAt(schema, coll.path);
  if (node && !coll.single) node = isObject(node.items) ? node.items : undefined;
  const out: FieldChoice[] = [];
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const collect = (n: Record<string, unknown> | undefined, prefix: string, nested: boolean): void => {
    const props = n && isObject(n.properties) ? n.properties : {};
    for (const [field, p] of Object.entries(props)) {
      if (!isObject(p)) continue;
      const desc = typeof p.description === 'string' ? { description: p.description } : {};
      if (strings(p.enum)) out.push({ field: prefix + field, values: p.enum, list: false, ...desc });
      else if (isObject(p.items) && strings(p.items.enum)) out.push({ field: prefix + field, values: p.items.enum, list: true, ...desc });
      // One level down: the fields of the elements of a list the template gives (a unit's figures).
      else if (!nested && isObject(p.items) && Array.isArray(coll.template[field]) && (coll.template[field] as unknown[]).every(isObject))
        collect(p.items, `${field}.`, true);
    }
  };
  collect(node, '', false);
  out.sort((a, b) => Number(b.field === coll.kind) - Number(a.field === coll.kind));
  return out;
}

/** The value the template gives a choice's field (a nested one: in the list's first element), or undefined. */
export function templateChoice(coll: WorkshopCollection, field: string): unknown {
  const [list, sub] = field.split('.');
  const v = coll.template[list];
  if (sub === undefined) return v;
  const first = Array.isArray(v) ? (v[0] as unknown) : undefined;
  return isObject(first) ? first[sub] : undefined;
}

/**
 * The fields of a new element of `coll` from the choices made (field → value, `list.field` for a
 * nested one): a plain field set as chosen, a nested one set in every element of the template's list.
 */
export function chosenFields(coll: WorkshopCollection, chosen: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(chosen)) {
    const [list, sub] = field.split('.');
    if (sub === undefined) {
      out[field] = value;
      continue;
    }
    const base = (out[list] ?? coll.template[list]) as unknown;
    if (Array.isArray(base)) out[list] = base.map((el: unknown) => (isObject(el) ? { ...el, [sub]: value } : el));
  }
  return out;
}

/** Whether point `p` lies inside polygon `poly` (even-odd rule). */
export function inside(p: Point, poly: readonly Point[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}
