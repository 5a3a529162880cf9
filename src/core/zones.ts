/**
 * Zone maps: the unmeasured alternative to the continuous table of src/core/nav.ts. A scenario may
 * describe its map as a set of terrain zones (convex polygons that tile the table) instead of
 * inches and obstacles; a ruleset whose movement is unmeasured (Escarmouche: "move in a straight
 * line until the terrain changes or you meet a zone of control") then works in zones only.
 *
 * What this module promises, for any ruleset:
 * - validation with errors naming the scenario file and JSON path (convex, non-overlapping zones,
 *   unique ids, known terrain words, links and cuts between existing zones);
 * - adjacency: two zones are adjacent when their outlines share a stretch of boundary (not just a
 *   corner), plus the scenario's explicit `links` (a bridge, a gate) and minus its `cuts` (a cliff,
 *   a wall with no gap);
 * - straight lines: from a zone into one of its neighbours and on through the zones whose centres
 *   keep closest to that line ({@link ZoneMap.ray}), precomputed;
 * - line of sight between zones ({@link ZoneMap.sees}): the segment between the zones' centres
 *   must not pass through the inside of a third zone that blocks sight (woods, buildings) or
 *   stands higher than both ends (a hill between them);
 * - hop counts and weighted all-pairs distances for evaluations and scripted agents.
 *
 * Coordinates are drawing units (x right, y down). They place zones for straight lines, sight and
 * pictures; no rule measures them. The terrain of a zone is a word whose meaning (passive dice,
 * impassable …) belongs to the ruleset.
 */
import { z } from 'zod';
import { ScenarioError } from './model.js';
import { type ConvexShape, type Polygon, type Vec, bbox, isConvex, pointInPolygon, segmentHitsConvex, signedArea, toHalfPlanes, vertexMean } from './geometry.js';

/** Schema of one zone in a scenario file (terrain words are the ruleset's). */
export function zoneSchema(terrains: readonly [string, ...string[]]) {
  return z
    .object({
      id: z.string().min(1).describe('zone id, used by figures, objectives, links and records'),
      name: z.string().min(1).optional().describe('name for stories (default: the id)'),
      terrain: z.enum(terrains).describe('terrain type of the whole zone'),
      polygon: z
        .array(z.tuple([z.number(), z.number()]))
        .min(3)
        .describe('convex outline [x, y] in drawing units; zones tile the map and share edges with their neighbours'),
      cover: z.boolean().default(false).describe('the zone offers cover (walls, hedges, buildings, trees) to a figure that takes it'),
      blocksSight: z.boolean().default(false).describe('sight cannot pass through this zone (woods, buildings); figures inside see and are seen'),
      height: z.number().int().min(0).max(9).default(0).describe('ground level: 0 flat, 1 hill, 2 high hill; a zone higher than both ends blocks sight'),
    })
    .strict();
}

/** Schema of a zone map: zones plus explicit links and cuts. */
export function zoneMapSchema(terrains: readonly [string, ...string[]]) {
  const pair = z.tuple([z.string().min(1), z.string().min(1)]);
  return z
    .object({
      zones: z.array(zoneSchema(terrains)).min(2),
      links: z.array(pair).default([]).describe('extra adjacencies between zones that do not share an edge (a bridge, a ford)'),
      cuts: z.array(pair).default([]).describe('shared edges that cannot be crossed (a cliff, a wall without a gap)'),
    })
    .strict();
}

/** A validated zone map file section (defaults filled in). */
export type ZoneMapFile = z.output<ReturnType<typeof zoneMapSchema>>;

/** One zone of a compiled map. Immutable. */
export interface Zone {
  /** Index in {@link ZoneMap.zones}, used in states. */
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** Terrain word (the ruleset gives it meaning). */
  readonly terrain: string;
  readonly poly: Polygon;
  /** Area centroid: the point straight lines and sight lines run through. */
  readonly centre: Vec;
  readonly shape: ConvexShape;
  readonly cover: boolean;
  readonly blocksSight: boolean;
  readonly height: number;
}

/** Largest turn (radians) between the line's heading and the next step of a straight line. */
const RAY_TURN = Math.PI / 4 + 1e-9;

/**
 * A compiled zone map: zones, adjacency, straight lines, sight and distances, all precomputed.
 * Immutable after construction; build it once per scenario (compile) and share it between states.
 */
export class ZoneMap {
  /** The zones, in file order. */
  readonly zones: readonly Zone[];
  /** Zone index by id. */
  readonly index: ReadonlyMap<string, number>;
  /** Neighbours of each zone, ascending index. */
  readonly neighbours: readonly (readonly number[])[];
  /** Bounding box of all zones (drawing units). */
  readonly box: { minX: number; minY: number; maxX: number; maxY: number };
  private readonly n: number;
  private readonly adj: Uint8Array;
  private readonly sight: Uint8Array;
  private readonly hop: Int16Array;
  private readonly rays: number[][][];

  /** Use {@link compileZoneMap}: it validates first. */
  constructor(zones: Zone[], links: [number, number][], cuts: [number, number][]) {
    this.zones = zones;
    this.n = zones.length;
    const n = this.n;
    this.index = new Map(zones.map((zn) => [zn.id, zn.index]));
    this.adj = new Uint8Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (sharesEdge(zones[i].poly, zones[j].poly)) this.adj[i * n + j] = this.adj[j * n + i] = 1;
      }
    }
    for (const [a, b] of links) this.adj[a * n + b] = this.adj[b * n + a] = 1;
    for (const [a, b] of cuts) this.adj[a * n + b] = this.adj[b * n + a] = 0;
    const nb: number[][] = [];
    for (let i = 0; i < n; i++) {
      const row: number[] = [];
      for (let j = 0; j < n; j++) if (this.adj[i * n + j]) row.push(j);
      nb.push(row);
    }
    this.neighbours = nb;
    const boxes = zones.map((zn) => bbox(zn.poly));
    this.box = {
      minX: Math.min(...boxes.map((b) => b.minX)),
      minY: Math.min(...boxes.map((b) => b.minY)),
      maxX: Math.max(...boxes.map((b) => b.maxX)),
      maxY: Math.max(...boxes.map((b) => b.maxY)),
    };
    this.sight = new Uint8Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) {
        const v = i === j || this.computeSight(i, j) ? 1 : 0;
        this.sight[i * n + j] = this.sight[j * n + i] = v;
      }
    }
    this.hop = new Int16Array(n * n).fill(-1);
    for (let s = 0; s < n; s++) {
      const q = [s];
      this.hop[s * n + s] = 0;
      for (let k = 0; k < q.length; k++) {
        const u = q[k];
        for (const v of nb[u]) {
          if (this.hop[s * n + v] < 0) {
            this.hop[s * n + v] = this.hop[s * n + u] + 1;
            q.push(v);
          }
        }
      }
    }
    this.rays = nb.map((row, from) => row.map((first) => this.computeRay(from, first)));
  }

  /** Number of zones. */
  get size(): number {
    return this.n;
  }

  /** True when a figure may step from zone `a` straight into zone `b`. */
  adjacent(a: number, b: number): boolean {
    return this.adj[a * this.n + b] === 1;
  }

  /** True when figures in zones `a` and `b` see each other (always true within one zone). */
  sees(a: number, b: number): boolean {
    return this.sight[a * this.n + b] === 1;
  }

  /** Fewest steps between zones `a` and `b` over the adjacency (−1 when not connected). */
  hops(a: number, b: number): number {
    return this.hop[a * this.n + b];
  }

  /**
   * The straight line from zone `from` into its neighbour `first` and on: `first`, then each next
   * zone whose centre stays closest to the line through the two centres, while it keeps going the
   * same way (turning at most 45° from the heading at any step). Ends at the map's edge or where
   * no neighbour continues the line. Never revisits a zone. Precondition: `first` is a neighbour
   * of `from`. The caller cuts the line where its rules stop a figure (terrain, zones of control).
   */
  ray(from: number, first: number): readonly number[] {
    const k = this.neighbours[from].indexOf(first);
    if (k < 0) throw new RangeError(`zone ${this.zones[first]?.id ?? first} is not next to ${this.zones[from]?.id ?? from}`);
    return this.rays[from][k];
  }

  /** The zone containing point (x, y), or −1. */
  zoneAt(x: number, y: number): number {
    for (const zn of this.zones) if (pointInPolygon(x, y, zn.poly)) return zn.index;
    return -1;
  }

  /**
   * All-pairs least costs over the adjacency (Floyd–Warshall): `cost(from, to)` is the price of
   * stepping between two adjacent zones (Infinity forbids the step). Returns an n×n array,
   * row-major by source zone; Infinity where unreachable.
   */
  allPairs(cost: (from: number, to: number) => number): Float64Array {
    const n = this.n;
    const d = new Float64Array(n * n).fill(Infinity);
    for (let i = 0; i < n; i++) {
      d[i * n + i] = 0;
      for (const j of this.neighbours[i]) d[i * n + j] = Math.min(d[i * n + j], cost(i, j));
    }
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        const ik = d[i * n + k];
        if (ik === Infinity) continue;
        for (let j = 0; j < n; j++) {
          const v = ik + d[k * n + j];
          if (v < d[i * n + j]) d[i * n + j] = v;
        }
      }
    }
    return d;
  }

  /**
   * A character picture of the map: `cols` characters across and `rows` lines down, each cell
   * showing `mark(zone)` for the zone under its centre (space outside every zone).
   */
  raster(cols: number, rows: number, mark: (zone: number) => string): string[] {
    const b = this.box;
    const out: string[] = [];
    for (let r = 0; r < rows; r++) {
      let line = '';
      for (let c = 0; c < cols; c++) {
        const x = b.minX + ((c + 0.5) * (b.maxX - b.minX)) / cols;
        const y = b.minY + ((r + 0.5) * (b.maxY - b.minY)) / rows;
        const zn = this.zoneAt(x, y);
        line += zn < 0 ? ' ' : mark(zn);
      }
      out.push(line);
    }
    return out;
  }

  private computeSight(a: number, b: number): boolean {
    const A = this.zones[a];
    const B = this.zones[b];
    const top = Math.max(A.height, B.height);
    for (const Z of this.zones) {
      if (Z.index === a || Z.index === b) continue;
      if (!Z.blocksSight && Z.height <= top) continue;
      if (segmentHitsConvex(Z.shape, A.centre.x, A.centre.y, B.centre.x, B.centre.y)) return false;
    }
    return true;
  }

  private computeRay(from: number, first: number): number[] {
    const o = this.zones[from].centre;
    const f = this.zones[first].centre;
    const hx = f.x - o.x;
    const hy = f.y - o.y;
    const hl = Math.hypot(hx, hy) || 1;
    const ux = hx / hl;
    const uy = hy / hl;
    const seen = new Set<number>([from, first]);
    const line = [first];
    let cur = first;
    for (;;) {
      const c = this.zones[cur].centre;
      const along = (c.x - o.x) * ux + (c.y - o.y) * uy;
      let best = -1;
      let bestOff = Infinity;
      for (const nx of this.neighbours[cur]) {
        if (seen.has(nx)) continue;
        const p = this.zones[nx].centre;
        const dx = p.x - c.x;
        const dy = p.y - c.y;
        const dl = Math.hypot(dx, dy);
        if (dl < 1e-9) continue;
        const cos = (dx * ux + dy * uy) / dl;
        if (cos < Math.cos(RAY_TURN)) continue;
        if ((p.x - o.x) * ux + (p.y - o.y) * uy <= along + 1e-9) continue;
        const off = Math.abs((p.x - o.x) * uy - (p.y - o.y) * ux);
        if (off < bestOff - 1e-9) {
          bestOff = off;
          best = nx;
        }
      }
      if (best < 0) return line;
      seen.add(best);
      line.push(best);
      cur = best;
    }
  }
}

/** Area centroid of a simple polygon (the vertex mean for degenerate ones). */
function centroid(poly: Polygon): Vec {
  const a = signedArea(poly);
  if (Math.abs(a) < 1e-12) return vertexMean(poly);
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const cr = poly[j].x * poly[i].y - poly[i].x * poly[j].y;
    cx += (poly[j].x + poly[i].x) * cr;
    cy += (poly[j].y + poly[i].y) * cr;
  }
  return { x: cx / (6 * a), y: cy / (6 * a) };
}

/** True when two polygons share a boundary stretch longer than a hair (corners do not count). */
function sharesEdge(p: Polygon, q: Polygon): boolean {
  const tol = 1e-6;
  for (let i = 0; i < p.length; i++) {
    const a = p[i];
    const b = p[(i + 1) % p.length];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < tol) continue;
    const ux = dx / len;
    const uy = dy / len;
    for (let j = 0; j < q.length; j++) {
      const c = q[j];
      const d = q[(j + 1) % q.length];
      // Both ends of c–d on the line through a–b?
      const oc = (c.x - a.x) * uy - (c.y - a.y) * ux;
      const od = (d.x - a.x) * uy - (d.y - a.y) * ux;
      if (Math.abs(oc) > tol || Math.abs(od) > tol) continue;
      const tc = (c.x - a.x) * ux + (c.y - a.y) * uy;
      const td = (d.x - a.x) * ux + (d.y - a.y) * uy;
      const lo = Math.max(0, Math.min(tc, td));
      const hi = Math.min(len, Math.max(tc, td));
      if (hi - lo > 1e-3) return true;
    }
  }
  return false;
}

/** True when two convex polygons overlap by more than touching (separating-axis test). */
function convexOverlap(p: Polygon, q: Polygon): boolean {
  const tol = 1e-6;
  for (const poly of [p, q]) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i];
      const b = poly[(i + 1) % poly.length];
      const nx = b.y - a.y;
      const ny = a.x - b.x;
      let pMin = Infinity;
      let pMax = -Infinity;
      for (const v of p) {
        const t = v.x * nx + v.y * ny;
        pMin = Math.min(pMin, t);
        pMax = Math.max(pMax, t);
      }
      let qMin = Infinity;
      let qMax = -Infinity;
      for (const v of q) {
        const t = v.x * nx + v.y * ny;
        qMin = Math.min(qMin, t);
        qMax = Math.max(qMax, t);
      }
      const scale = Math.hypot(nx, ny);
      if (pMax <= qMin + tol * scale || qMax <= pMin + tol * scale) return false;
    }
  }
  return true;
}

/**
 * Validate and compile the zone map section of a scenario file. Throws {@link ScenarioError}
 * naming `source` and the JSON path under `path` (e.g. `$.map.zones[3].polygon`).
 * Precondition: `file` passed {@link zoneMapSchema}.
 */
export function compileZoneMap(file: ZoneMapFile, source: string, path = '$.map'): ZoneMap {
  const fail = (p: string, msg: string): never => {
    throw new ScenarioError(source, p, msg);
  };
  const ids = new Map<string, number>();
  const zones: Zone[] = file.zones.map((zf, i) => {
    if (ids.has(zf.id)) fail(`${path}.zones[${i}].id`, `duplicate zone id "${zf.id}"`);
    ids.set(zf.id, i);
    const poly = zf.polygon.map(([x, y]) => ({ x, y }));
    if (!isConvex(poly)) fail(`${path}.zones[${i}].polygon`, 'zones must be convex polygons (split an L-shaped field into two zones)');
    if (Math.abs(signedArea(poly)) < 1e-9) fail(`${path}.zones[${i}].polygon`, 'the zone has no area');
    return {
      index: i,
      id: zf.id,
      name: zf.name ?? zf.id,
      terrain: zf.terrain,
      poly,
      centre: centroid(poly),
      shape: toHalfPlanes(poly),
      cover: zf.cover,
      blocksSight: zf.blocksSight,
      height: zf.height,
    };
  });
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      if (convexOverlap(zones[i].poly, zones[j].poly)) fail(`${path}.zones[${j}].polygon`, `zone "${zones[j].id}" overlaps zone "${zones[i].id}"`);
    }
  }
  const pairs = (list: [string, string][], key: 'links' | 'cuts'): [number, number][] =>
    list.map(([a, b], k) => {
      const ia = ids.get(a);
      const ib = ids.get(b);
      if (ia === undefined) return fail(`${path}.${key}[${k}][0]`, `no zone "${a}"`);
      if (ib === undefined) return fail(`${path}.${key}[${k}][1]`, `no zone "${b}"`);
      if (ia === ib) return fail(`${path}.${key}[${k}]`, 'a zone cannot be linked to itself');
      return [ia, ib];
    });
  return new ZoneMap(zones, pairs(file.links, 'links'), pairs(file.cuts, 'cuts'));
}
