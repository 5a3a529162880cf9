/**
 * An Escarmouche scenario compiled for play: validated, the measured table built (terrain areas,
 * obstacles, sight, cover, height: src/core/table/), figures expanded with their fixed properties,
 * objectives resolved. Immutable; shared by every state of every game on the scenario.
 */
import { type Polygon, type Vec, distToSegment, pointInPolygon, vertexMean } from '../../core/geometry.js';
import {
  type CompiledTable,
  type TableFigure,
  type TableSide,
  type TerrainArea,
  baseOverlapAt,
  figureIndexOf,
  parseTableScenario,
  polygonOf,
  tableFigure,
  tableSide,
} from '../../core/table/index.js';
import { escarmoucheScenarioSchema, type EscarmoucheScenarioFile } from './schema.js';
import { CUMBERSOME_DICE, WEAPONS, type Weapon, terrainDice } from './tables.js';

/**
 * A point this near an area's edge is on it ([E19]): on it up to rounding, and no wider, so that a
 * line running along an edge meets the crossing where that edge ends (the table kit finds a
 * crossing of an edge within 1e-12 of its length beyond its ends; edges here are 0.1 in or longer).
 */
const EDGE_TOL = 1e-13;
/** How far across an edge its two sides are probed. */
const EDGE_PROBE = 1e-6;
/**
 * An edge whose box the point lies farther outside than this (table unit) cannot be within
 * {@link EDGE_TOL} of it, rounding included (errors of ~1e-14 on a table's coordinates): it is
 * passed by without measuring.
 */
const EDGE_NEAR = 1e-9;

/**
 * True when (x, y) lies within {@link EDGE_TOL} of an edge of `poly` — as `distToPolygonBoundary(x,
 * y, poly) <= EDGE_TOL` (the least distance is within it exactly when one is), measuring only the
 * edges the point is near the box of.
 */
function onBoundary(x: number, y: number, poly: Polygon): boolean {
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const ax = poly[j].x;
    const ay = poly[j].y;
    const bx = poly[i].x;
    const by = poly[i].y;
    if (
      x < Math.min(ax, bx) - EDGE_NEAR ||
      x > Math.max(ax, bx) + EDGE_NEAR ||
      y < Math.min(ay, by) - EDGE_NEAR ||
      y > Math.max(ay, by) + EDGE_NEAR
    )
      continue;
    if (distToSegment(x, y, ax, ay, bx, by) <= EDGE_TOL) return true;
  }
  return false;
}

/** What never changes about a figure. */
export interface FigureInfo extends TableFigure {
  /** What it is (pikeman, musketeer …). */
  type: string;
  rating: number;
  /** Wounds at the start (its rating, or 1 under the one-wound option). */
  wounds: number;
  shooter: number;
  fighter: number;
  rider: number;
  pike: number;
  artillerist: number;
  leader: number;
  /** Missile weapon, or null. */
  missile: Weapon | null;
  /** Armed with a pike (loses the pike specials while Disarmed). */
  hasPike: boolean;
  mounted: boolean;
  /** Passive dice of any move it makes, at least (5 with a cannon, else 0). */
  moveFloor: number;
  /** Where its centre starts (table unit). */
  start: Vec;
}

/** A side of the compiled scenario. */
export interface SideInfo extends TableSide {
  /** Figure indices of the side, in id order. */
  figures: number[];
  /** Figures out of action that break the side. */
  breakPoint: number;
}

/**
 * A compiled Escarmouche scenario: the kit's compiled-table base (file, id, name, hash, the measured
 * table — areas by terrain type, `kind` = the terrain word, obstacles, sight, cover, height — and
 * the base radius, half the base width, in the table unit) plus what the rules need.
 */
export interface EscScenario extends CompiledTable<EscarmoucheScenarioFile> {
  /** Zone of control: one base width (MOVING, FIGHTING), edge to edge. */
  zoc: number;
  /** Terrain type wherever no area lies. */
  ground: string;
  /** The terrain type at a point: the top area's, else the ground's. */
  terrainAt(x: number, y: number): string;
  sides: SideInfo[];
  figures: FigureInfo[];
  figureIndex: Map<string, number>;
  /** Side index that starts every game turn, or −1 for a roll-off at set-up. */
  first: number;
  maxTurns: number;
  /** Objective areas and their values (`centre`: the mean of the polygon's vertices, where agents head). */
  objectives: { area: TerrainArea; value: number; centre: Vec }[];
  /** Largest number of figures on a side. */
  maxFigures: number;
}

/** Validate and compile an Escarmouche scenario. Throws a `ScenarioError` naming the JSON path (the kit's parseTableScenario). */
export function compileEscarmouche(raw: unknown, source: string): EscScenario {
  const { file, fail, sideIndex, base: tableBase } = parseTableScenario(escarmoucheScenarioSchema, raw, source, (f) => f.table.base / 2);
  const t = file.table;
  const base = tableBase({
    table: {
      unit: t.unit,
      areas: file.terrain.map((a) => ({
        id: a.id,
        label: a.name ?? a.id,
        kind: a.terrain,
        polygon: polygonOf(a.polygon),
        impassable: a.terrain === 'impassable',
        blocksSight: a.blocksSight,
        cover: a.cover ? 'cover' : undefined,
        height: a.height,
      })),
    },
  });
  const table = base.table;
  if (t.base * 4 > Math.min(t.width, t.height)) fail('$.table.base', 'the base is too large for the table');
  const ground = t.ground;
  if (ground === 'impassable') fail('$.table.ground', 'the ground cannot be impassable');
  // The top area's kind (as table.topAreaAt), among the areas that may lie there (table.areasNear).
  const kindAt = (x: number, y: number): string => {
    const near = table.areasNear(x, y);
    for (let i = near.length - 1; i >= 0; i--) {
      const a = near[i];
      const b = a.box;
      if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) continue;
      if (pointInPolygon(x, y, a.poly)) return a.kind;
    }
    return ground;
  };
  // MOVING ([E19], [E20]): the terrain type at a figure's place is the one under its centre; a centre
  // exactly on an edge where two terrain types meet stands half in each, and counts as in the worse
  // (more passive dice) — so a centre sliding along an area's edge pays for the area (since 2.2.0,
  // second outside reading D1). The sides are probed EDGE_PROBE off the point, across the edge.
  const terrainAt = (x: number, y: number): string => {
    // Far from every edge (most points): the cell's top area, remembered by the table.
    const plain = table.plainAreaAt(x, y);
    if (plain !== undefined) return plain === null ? ground : plain.kind;
    const here = kindAt(x, y);
    let onEdge = false;
    for (const a of table.areasNear(x, y)) {
      const b = a.box;
      if (x < b.minX - EDGE_TOL || x > b.maxX + EDGE_TOL || y < b.minY - EDGE_TOL || y > b.maxY + EDGE_TOL) continue;
      if (onBoundary(x, y, a.poly)) {
        onEdge = true;
        break;
      }
    }
    if (!onEdge) return here;
    let worst = here;
    for (let k = 0; k < 4; k++) {
      const t = kindAt(x + (k === 0 ? EDGE_PROBE : k === 1 ? -EDGE_PROBE : 0), y + (k === 2 ? EDGE_PROBE : k === 3 ? -EDGE_PROBE : 0));
      if (t !== 'impassable' && terrainDice(t) > terrainDice(worst)) worst = t;
    }
    return worst;
  };
  const radius = base.radius;
  const figures: FigureInfo[] = [];
  const sides: SideInfo[] = [];
  const ids = new Set<string>();
  const startX: number[] = [];
  const startY: number[] = [];
  file.sides.forEach((s, si) => {
    const info: SideInfo = { ...tableSide(s, si), breakPoint: 0 };
    sides.push(info);
    s.figures.forEach((f, fi) => {
      const id = `${s.prefix}${fi + 1}`;
      if (ids.has(id)) fail(`$.sides[${si}].prefix`, `figure id "${id}" is used twice`);
      ids.add(id);
      const start = { x: f.at[0], y: f.at[1] };
      if (!table.roundFree(start.x, start.y))
        fail(`$.sides[${si}].figures[${fi}].at`, 'the base must stand on the table, clear of impassable terrain');
      const g = baseOverlapAt(startX, startY, figures.length, start.x, start.y, radius);
      if (g >= 0) fail(`$.sides[${si}].figures[${fi}].at`, `its base overlaps ${figures[g].id}'s`);
      startX.push(start.x);
      startY.push(start.y);
      if (f.pike && f.mounted)
        fail(`$.sides[${si}].figures[${fi}].pike`, 'pikes are foot weapons here: a figure cannot be both mounted and a pikeman');
      if (f.mounted && f.missile === 'cannon') fail(`$.sides[${si}].figures[${fi}].missile`, 'a cannon is served on foot');
      const missile = f.missile === 'none' ? null : WEAPONS[f.missile];
      const index = figures.length;
      figures.push({
        ...tableFigure(index, id, f.name, si),
        type: f.type,
        rating: f.rating,
        wounds: file.wounds === 'one' ? 1 : f.rating,
        ...f.skills,
        missile,
        hasPike: f.pike,
        mounted: f.mounted,
        moveFloor: missile?.key === 'cannon' ? CUMBERSOME_DICE : 0,
        start,
      });
      info.figures.push(index);
    });
    info.breakPoint = file.victory.breakPoint ?? Math.ceil(info.figures.length / 2);
    if (info.breakPoint > info.figures.length) fail('$.victory.breakPoint', `side "${s.id}" has only ${info.figures.length} figures`);
  });
  let first = -1;
  if (file.first !== 'roll') first = sideIndex(file.first, '$.first', '"roll"');
  const objectives = file.victory.objectives.map((o, i) => {
    const area = table.areas.find((a) => a.id === o.area);
    if (area === undefined) return fail(`$.victory.objectives[${i}].area`, `no terrain area "${o.area}"`);
    if (area.impassable) fail(`$.victory.objectives[${i}].area`, `area "${o.area}" is impassable`);
    const centre = vertexMean(area.poly);
    if (!pointInPolygon(centre.x, centre.y, area.poly))
      fail(`$.victory.objectives[${i}].area`, 'an objective area must contain the mean of its vertices');
    return { area, value: o.value, centre };
  });
  return {
    ...base,
    zoc: t.base,
    ground,
    terrainAt,
    sides,
    figures,
    figureIndex: figureIndexOf(figures, source, (i) => `$.sides[${figures[i].side}].figures[${i - sides[figures[i].side].figures[0]}]`),
    first,
    maxTurns: file.victory.maxTurns,
    objectives,
    maxFigures: Math.max(sides[0].figures.length, sides[1].figures.length),
  };
}
