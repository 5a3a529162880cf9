/**
 * A State of War scenario compiled for play: validated, figures expanded and placed in their units'
 * ranks, the table's navigation (buildings and the objective are obstacles) and distance field to
 * the objective precomputed, cover spots listed. Immutable; shared by every state of every game on
 * the scenario. All lengths in centimetres.
 */
import { type DistanceField, NavMap } from '../../core/nav.js';
import { type Box, type Polygon, type Vec, bbox, distToPolygon, isConvex, pointInPolygon, vertexMean } from '../../core/geometry.js';
import {
  type CompiledTable,
  type TableFigure,
  type TableSide,
  type TerrainArea,
  type TerrainAreaSpec,
  baseOverlapAt,
  figureIndexOf,
  parseTableScenario,
  polygonOf,
  tableFigure,
  tableSide,
} from '../../core/table/index.js';
import { stateOfWarScenarioSchema, type StateOfWarScenarioFile } from './schema.js';
import { type Cover, MELEE_WEAPONS, type MeleeWeapon, QUALITY, WEAPONS, type Weapon } from './tables.js';

/** A terrain area of the table kit; `cover` is null, 'soft' or 'hard' here. */
export type Area = TerrainArea;

/** One straight piece of a fence or wall. */
export interface FenceSeg {
  /** Index of the fence in {@link SowScenario.fences}. */
  fence: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Its length (cm). */
  len: number;
}

/** A fence or wall line. */
export interface Fence {
  index: number;
  id: string;
  label: string;
  kind: 'fence' | 'wall';
  cover: Cover;
  height: number;
  points: Vec[];
}

/** What never changes about a figure. */
export interface FigureInfo extends TableFigure {
  type: string;
  unit: number;
  /** Quality class name and die. */
  quality: string;
  die: number;
  weapon: Weapon | null;
  melee: MeleeWeapon;
  /** Mounted at the start (cavalry). */
  mounted: boolean;
  role: 'man' | 'nco' | 'commander';
}

/**
 * A unit for morale: a scenario group, or one of the detachment slots compiled for it ([W6]: a
 * scenario unit of n figures may make up to n − 1 detachments, each taking the slot `<unit>-d<k>`).
 * Membership, leader and size during a game are in the state (`unitOf`, `leader`, `size`).
 */
export interface UnitInfo {
  index: number;
  id: string;
  name: string;
  side: number;
  /** The figures in it at the start (none for a detachment slot). */
  figures: number[];
  /** Its NCO's figure index at the start, or −1. */
  nco: number;
  /** The scenario unit a detachment slot belongs to, or −1 for a scenario unit. */
  parent: number;
  /** A scenario unit's detachment slots, in order (empty for a slot). */
  slots: number[];
}

/** A ladder against a fence or wall ([W5]). */
export interface Ladder {
  id: string;
  label: string;
  x: number;
  y: number;
  /** Index of the fence or wall it stands against. */
  fence: number;
}

/** A barrel-sized object ([W6]). */
export interface BarrelInfo {
  index: number;
  id: string;
  name: string;
  x: number;
  y: number;
  /** Fire actions an objective-side carrier's fire action counts when he empties it at the objective (0: none). */
  fire: number;
}

/** A side of the compiled scenario. */
export interface SideInfo extends TableSide {
  prefix: string;
  rear: 'north' | 'south' | 'east' | 'west';
  figures: number[];
  units: number[];
  /** The force commander's figure index, or −1. */
  commander: number;
}

/**
 * A compiled State of War scenario: the kit's compiled table (identity, hash, the measured table —
 * paths round buildings and the objective, cover, heights — base radius in cm, and contact: two
 * radii + 0.3 cm, [W20]) and what this ruleset adds.
 */
export interface SowScenario extends CompiledTable<StateOfWarScenarioFile> {
  /**
   * Way-finding for runners and figures falling back ([W32]): the table's obstacles and every fence
   * or wall line as a thin bar, so a way to the rear goes round a line's end (through a gap) rather
   * than stopping at it.
   */
  runNav: NavMap;
  buildings: Area[];
  woods: Area[];
  difficult: Area[];
  hills: Area[];
  /** Every area giving cover to a figure touching it (buildings, woods, cover areas). */
  coverAreas: Area[];
  fences: Fence[];
  fenceSegs: FenceSeg[];
  ladders: Ladder[];
  barrels: BarrelInfo[];
  /** Places where a base stands in cover: x, y pairs. */
  coverSpots: Float64Array;
  objective: {
    id: string;
    name: string;
    poly: Polygon;
    box: Box;
    side: number;
    fireActions: number;
    /** Places where a base stands in contact with it, and the same as x, y pairs. */
    spots: Vec[];
    spotXY: Float64Array;
    /** Distance field to its first spot. */
    field: DistanceField;
  };
  sides: SideInfo[];
  units: UnitInfo[];
  figures: FigureInfo[];
  figureIndex: Map<string, number>;
  unitIndex: Map<string, number>;
  startX: Float64Array;
  startY: Float64Array;
  /** Radians, 0 = +x (east), π/2 = +y (south). */
  startFacing: Float64Array;
  first: number;
  maxTurns: number;
}

const deg = Math.PI / 180;

/** Base contact: centres at most two radii plus this (cm) apart ([W20]; the compiled `contact`). */
export const CONTACT_TOLERANCE = 0.3;

/** Half the side (cm) of the square kept clear round each end of a fence or wall line (see compile). */
export const FENCE_END_HALF = 0.15;
/** Half the thickness (cm) of a fence or wall line in the runners' way-finding ({@link SowScenario.runNav}). */
export const FENCE_HALF = 0.12;

/** Validate and compile a State of War scenario. Throws a `ScenarioError` naming the JSON path (the kit's parseTableScenario). */
export function compileStateOfWar(raw: unknown, source: string): SowScenario {
  const { file, fail, sideIndex, radius, base: tableBase } = parseTableScenario(stateOfWarScenarioSchema, raw, source);
  const { width: W, height: H } = file.table;
  // The table kit's areas: buildings impassable, sight-blocking, hard cover; woods soft cover (their
  // sight rule [W14] is this ruleset's own); difficult ground slow; hills raised; the objective impassable.
  const specs: TerrainAreaSpec[] = file.terrain.map((t) => {
    const cover: Cover | undefined =
      t.kind === 'building' ? 'hard' : t.kind === 'wood' ? 'soft' : t.kind === 'cover' ? (t.cover ?? 'soft') : undefined;
    return {
      id: t.id,
      label: t.label,
      kind: t.kind,
      polygon: polygonOf(t.polygon),
      impassable: t.kind === 'building',
      blocksSight: t.kind === 'building',
      slow: t.kind === 'difficult',
      cover,
      height: t.kind === 'hill' ? t.height : 0,
    };
  });
  const o = file.objective;
  const objPoly = polygonOf(o.polygon);
  if (!isConvex(objPoly)) fail('$.objective.polygon', 'the objective must be convex');
  specs.push({ id: o.id, label: o.name, kind: 'objective', polygon: objPoly, impassable: true });
  // The ends of each fence or wall line, as small squares no base may stand on or cross: routes go
  // round a line's end with the base clear of it, never over it ([W5], [W11]; since ruleset 1.4.0,
  // audit D3: before, only the centre's route was kept off the line, so bases passed over its ends).
  const fenceEnds: Vec[] = [];
  for (const f of file.fences) {
    const first = f.line[0];
    const last = f.line[f.line.length - 1];
    fenceEnds.push({ x: first[0], y: first[1] });
    if (last[0] !== first[0] || last[1] !== first[1]) fenceEnds.push({ x: last[0], y: last[1] });
  }
  fenceEnds.forEach((e, k) => {
    const h = FENCE_END_HALF;
    specs.push({
      id: `fence end ${k + 1}`,
      kind: 'fence end',
      polygon: [
        { x: e.x - h, y: e.y - h },
        { x: e.x + h, y: e.y - h },
        { x: e.x + h, y: e.y + h },
        { x: e.x - h, y: e.y + h },
      ],
      impassable: true,
    });
  });
  const nTerrain = file.terrain.length;
  const base = tableBase({
    table: { unit: 'cm', areas: specs, cell: 2 },
    // Terrain entries in the file's order, then the objective, then the squares at fence ends.
    areaPath: (i) => (i < nTerrain ? `$.terrain[${i}]` : i === nTerrain ? '$.objective' : '$.fences'),
    contactTolerance: CONTACT_TOLERANCE,
  });
  const table = base.table;
  const buildings = table.areas.filter((a) => a.kind === 'building');
  const woods = table.areas.filter((a) => a.kind === 'wood');
  const difficult = [...table.slowGround];
  const hills = [...table.raised];
  const coverAreas = [...table.coverAreas];
  const fences: Fence[] = [];
  const fenceSegs: FenceSeg[] = [];
  file.fences.forEach((f, i) => {
    const points = polygonOf(f.line);
    fences.push({
      index: i,
      id: f.id,
      label: f.label ?? f.id,
      kind: f.kind,
      cover: f.kind === 'wall' ? 'hard' : 'soft',
      height: f.height,
      points,
    });
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1];
      const b = points[k];
      fenceSegs.push({ fence: i, ax: a.x, ay: a.y, bx: b.x, by: b.y, len: Math.hypot(b.x - a.x, b.y - a.y) });
    }
  });
  const first = sideIndex(file.first, '$.first');
  const objSide = sideIndex(o.side, '$.objective.side');
  // Spots round the objective where a base stands in contact with it.
  const c = vertexMean(objPoly);
  const spots: Vec[] = [];
  for (let k = 0; k < 24; k++) {
    const a = (k / 24) * 2 * Math.PI;
    // Walk out from the centre until the base is clear of the objective: the spot's gap is 0.15–0.2 cm,
    // inside base contact (0.3 cm, [W20], [W34]; since ruleset 1.4.0, audit D5: the walk was in
    // 0.25 cm steps, leaving gaps up to 0.4 cm, and contact with the objective allowed 0.5 cm).
    for (let r = 0.5; r < 200; r += 0.05) {
      const x = c.x + r * Math.cos(a);
      const y = c.y + r * Math.sin(a);
      if (distToPolygon(x, y, objPoly) >= radius + 0.15 && !pointInPolygon(x, y, objPoly)) {
        if (table.isFree(x, y)) spots.push({ x, y });
        break;
      }
    }
  }
  if (spots.length === 0) fail('$.objective.polygon', 'no room for a figure beside the objective');
  const figures: FigureInfo[] = [];
  const units: UnitInfo[] = [];
  const sides: SideInfo[] = [];
  const sx: number[] = [];
  const sy: number[] = [];
  const sf: number[] = [];
  const unitIds = new Set<string>();
  file.sides.forEach((s, si) => {
    const side: SideInfo = { ...tableSide(s, si), prefix: s.prefix, rear: s.rear, units: [], commander: -1 };
    sides.push(side);
    s.units.forEach((u, ui) => {
      const up = `$.sides[${si}].units[${ui}]`;
      if (unitIds.has(u.id)) fail(`${up}.id`, `unit id "${u.id}" is used twice`);
      unitIds.add(u.id);
      const info: UnitInfo = { index: units.length, id: u.id, name: u.name, side: si, figures: [], nco: -1, parent: -1, slots: [] };
      units.push(info);
      side.units.push(info.index);
      const face = u.facing * deg;
      // Ranks across the facing: along (−sin, cos) from the front-rank centre, ranks behind.
      const ax = -Math.sin(face);
      const ay = Math.cos(face);
      const bx = -Math.cos(face);
      const by = -Math.sin(face);
      let k = 0;
      const total = u.figures.reduce((n, f) => n + f.count, 0);
      u.figures.forEach((f, fi) => {
        const fp = `${up}.figures[${fi}]`;
        if (f.name && f.count > 1) fail(`${fp}.name`, 'a personal name needs count 1');
        if (f.role !== 'man' && f.count > 1) fail(`${fp}.role`, `a ${f.role} needs count 1`);
        for (let n = 0; n < f.count; n++, k++) {
          const rank = Math.floor(k / u.perRank);
          const inRank = Math.min(u.perRank, total - rank * u.perRank);
          const pos = (k % u.perRank) - (inRank - 1) / 2;
          const x = u.at[0] + ax * pos * u.spacing + bx * rank * u.spacing;
          const y = u.at[1] + ay * pos * u.spacing + by * rank * u.spacing;
          if (!table.isFree(x, y))
            fail(
              `${up}.at`,
              `figure ${k + 1} of unit "${u.id}" would stand at (${x.toFixed(1)}, ${y.toFixed(1)}), off the table or in a building`,
            );
          const g = baseOverlapAt(sx, sy, sx.length, x, y, radius);
          if (g >= 0) fail(`${up}.at`, `figure ${k + 1} of unit "${u.id}" overlaps ${figures[g].id}`);
          const index = figures.length;
          const id = `${s.prefix}${String(side.figures.length + 1).padStart(2, '0')}`;
          figures.push({
            ...tableFigure(index, id, f.name, si),
            type: f.type,
            unit: info.index,
            quality: f.quality,
            die: QUALITY[f.quality],
            weapon: f.weapon === 'none' ? null : WEAPONS[f.weapon],
            melee: MELEE_WEAPONS[f.melee],
            mounted: f.mounted,
            role: f.role,
          });
          sx.push(x);
          sy.push(y);
          sf.push(face);
          side.figures.push(index);
          info.figures.push(index);
          if (f.role === 'nco') {
            if (info.nco >= 0) fail(`${fp}.role`, `unit "${u.id}" has two NCOs`);
            info.nco = index;
          }
          if (f.role === 'commander') {
            if (side.commander >= 0) fail(`${fp}.role`, `side "${s.id}" has two force commanders`);
            side.commander = index;
          }
        }
      });
    });
  });
  // Detachment slots [W6]: after every scenario unit, n − 1 for a unit of n figures.
  const scenarioUnits = units.length;
  for (let u = 0; u < scenarioUnits; u++) {
    const parent = units[u];
    for (let k = 1; k < parent.figures.length; k++) {
      const id = `${parent.id}-d${k}`;
      if (unitIds.has(id)) fail(`$.sides[${parent.side}].units`, `unit id "${id}" is taken by a detachment of "${parent.id}"`);
      unitIds.add(id);
      const slot: UnitInfo = {
        index: units.length,
        id,
        name: `detachment ${k} of ${parent.name}`,
        side: parent.side,
        figures: [],
        nco: -1,
        parent: u,
        slots: [],
      };
      units.push(slot);
      parent.slots.push(slot.index);
      sides[parent.side].units.push(slot.index);
    }
  }
  // Ladders stand against a fence or wall line [W5].
  const ladders: Ladder[] = file.ladders.map((l, i) => {
    let best = -1;
    let bd = Infinity;
    for (const s of fenceSegs) {
      const dx = s.bx - s.ax;
      const dy = s.by - s.ay;
      const l2 = dx * dx + dy * dy;
      const tt = l2 > 0 ? Math.max(0, Math.min(1, ((l.at[0] - s.ax) * dx + (l.at[1] - s.ay) * dy) / l2)) : 0;
      const d = Math.hypot(l.at[0] - (s.ax + tt * dx), l.at[1] - (s.ay + tt * dy));
      if (d < bd) {
        bd = d;
        best = s.fence;
      }
    }
    if (best < 0 || bd > 1) fail(`$.ladders[${i}].at`, 'a ladder must stand on a fence or wall line (within 1 cm)');
    return { id: l.id, label: l.label ?? `the ladder against ${fences[best].label}`, x: l.at[0], y: l.at[1], fence: best };
  });
  const barrels: BarrelInfo[] = file.barrels.map((b, i) => {
    if (!table.isFree(b.at[0], b.at[1])) fail(`$.barrels[${i}].at`, `(${b.at[0]}, ${b.at[1]}) is off the table or in a building`);
    return { index: i, id: b.id, name: b.name, x: b.at[0], y: b.at[1], fire: b.fire };
  });
  // Cover spots: the kit's places touching cover areas, and places just behind a fence or wall.
  const spotsCover: number[] = Array.from(table.coverSpots);
  for (const f of fenceSegs) {
    const l = Math.hypot(f.bx - f.ax, f.by - f.ay);
    const nx = -(f.by - f.ay) / l;
    const ny = (f.bx - f.ax) / l;
    for (let t = 1.5; t < l - 1; t += 3) {
      for (const sgn of [1, -1]) {
        const x = f.ax + ((f.bx - f.ax) * t) / l + sgn * nx * (radius + 0.1);
        const y = f.ay + ((f.by - f.ay) * t) / l + sgn * ny * (radius + 0.1);
        if (table.isFree(x, y)) spotsCover.push(x, y);
      }
    }
  }
  // And places touching a building's walls ("Hard cover is walls, buildings"): the kit's grid spots
  // never touch an impassable area (a base that touches it stands exactly a radius off its edge), so
  // points a radius out from each edge, every 2 cm and at both ends, are added (ruleset 1.3.0,
  // audit A3: before, "towards the nearest cover" never led to a building).
  for (const b of buildings) {
    const poly = b.poly;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i];
      const e = poly[(i + 1) % poly.length];
      const l = Math.hypot(e.x - a.x, e.y - a.y);
      if (l < 1e-9) continue;
      const n = Math.max(1, Math.ceil(l / 2));
      for (let k = 0; k <= n; k++) {
        const t = k / n;
        for (const sgn of [1, -1]) {
          const x = a.x + (e.x - a.x) * t + (sgn * -(e.y - a.y) * radius) / l;
          const y = a.y + (e.y - a.y) * t + (sgn * (e.x - a.x) * radius) / l;
          if (table.isFree(x, y) && table.coverAt(x, y) !== null) spotsCover.push(x, y);
        }
      }
    }
  }
  // The runners' way-finding: the table's obstacles and each fence or wall segment as a bar.
  const bars: Polygon[] = table.obstacles.map((a) => a.poly);
  for (const f of fenceSegs) {
    const l = Math.hypot(f.bx - f.ax, f.by - f.ay);
    if (l < 1e-9) continue;
    const ux = ((f.bx - f.ax) / l) * FENCE_HALF;
    const uy = ((f.by - f.ay) / l) * FENCE_HALF;
    bars.push([
      { x: f.ax - ux + uy, y: f.ay - uy - ux },
      { x: f.bx + ux + uy, y: f.by + uy - ux },
      { x: f.bx + ux - uy, y: f.by + uy + ux },
      { x: f.ax - ux - uy, y: f.ay - uy + ux },
    ]);
  }
  const runNav = new NavMap(W, H, bars, radius, 2);
  return {
    ...base,
    runNav,
    buildings,
    woods,
    difficult,
    hills,
    coverAreas,
    fences,
    fenceSegs,
    ladders,
    barrels,
    coverSpots: Float64Array.from(spotsCover),
    objective: {
      id: o.id,
      name: o.name,
      poly: objPoly,
      box: bbox(objPoly),
      side: objSide,
      fireActions: o.fireActions,
      spots,
      spotXY: Float64Array.from(spots.flatMap((p) => [p.x, p.y])),
      field: table.field('objective', spots[0]),
    },
    sides,
    units,
    figures,
    figureIndex: figureIndexOf(figures, source, () => '$.sides'),
    unitIndex: new Map(units.map((u) => [u.id, u.index])),
    startX: Float64Array.from(sx),
    startY: Float64Array.from(sy),
    startFacing: Float64Array.from(sf),
    first,
    maxTurns: file.victory.maxTurns,
  };
}
