/**
 * A Pig Wars scenario compiled for play (either version): validated, units and figures expanded
 * and placed, terrain sorted by what it does, navigation and distance fields precomputed.
 * Immutable; shared by every state of every game on the scenario.
 */
import type { NavMap } from '../../core/nav.js';
import {
  type CompiledTable,
  PlaceFinder,
  type TableFigure,
  type TableSide,
  type TableZone,
  type TerrainAreaSpec,
  StartPlaces,
  deploySlots,
  figureIndexOf,
  parseTableScenario,
  polygonOf,
  zoneOf,
  tableFigure,
  tableSide,
} from '../../core/table/index.js';
import { type Box, type Polygon, type Vec, bbox } from '../../core/geometry.js';
import { pigWarsSchema, type PigWarsFile } from './schema.js';
import type { Version } from './version.js';
import type { Weapon, Rank } from './tables.js';

/** A terrain polygon with its bounding box. */
export interface Area {
  id: string;
  kind: string;
  label: string;
  poly: Polygon;
  box: Box;
}

/** What never changes about a figure. */
export interface FigureInfo extends TableFigure {
  unit: number;
  /** Class index 0 = elite … 3 = militia/green. */
  klass: number;
  /** Stripes (dark ages) or level (pirates). */
  stripes: number;
  weapons: Weapon[];
  /** The first missile weapon, or null. */
  missile: Weapon | null;
  armour: 'UA' | 'PA' | 'FA';
  shield: boolean;
  mounted: boolean;
  /** Pirate movement kind key of PIRATE_MOVE_BASE. */
  moveKind: string;
  leader: boolean;
  rank: Rank;
  standard: boolean;
  /** Two melee weapons (pirates: "Two wpns +1", victory margin "double weapon"). */
  twoWeapons: boolean;
}

/** A unit: figures that activate, move and check morale together. */
export interface UnitInfo {
  index: number;
  id: string;
  name: string;
  side: number;
  klass: number;
  close: boolean;
  figures: number[];
  /** May form a shield wall (dark ages: foot, every figure with a shield). */
  canWall: boolean;
  hasStandard: boolean;
}

export interface SideInfo extends TableSide {
  colour: string;
  prefix: string;
  cards: number;
  flee: 'home' | 'north' | 'south' | 'east' | 'west';
  units: number[];
  figures: number[];
}

/** A zone to reach, with its distance field: the kit's. */
export type Zone = TableZone;

/**
 * A compiled Pig Wars scenario: the kit's compiled-table base (file, id, name, hash, table, width,
 * height, radius, contact — base contact at 2 radii + 0.1 in) and what the Pig Wars rules add.
 */
export interface PigScenario extends CompiledTable<PigWarsFile> {
  version: Version;
  nav: NavMap;
  /**
   * The kit's place test for this table (where a figure may stand, the walk back, the nearest
   * reachable free place): scratch arrays only, set for one figure at a time, no game state.
   */
  places: PlaceFinder;
  obstacles: Area[];
  /** Rough ground (rough, broken, wood, and walls to cross). */
  rough: Area[];
  hills: Area[];
  /** Cover: [area, 'partial' | 'full']. */
  cover: { area: Area; full: boolean }[];
  walls: Area[];
  woods: Area[];
  home: Zone;
  objective: Zone | null;
  pigStart: Vec[];
  raiders: number;
  sides: SideInfo[];
  units: UnitInfo[];
  figures: FigureInfo[];
  startX: Float64Array;
  startY: Float64Array;
  startFacing: Float64Array;
  maxTurns: number;
  lootToWin: number;
  carrySpeed: number;
  commandRadius: { captain: number; mate: number };
  /** Figure id → index. */
  figureIndex: Map<string, number>;
}

const DEFAULT_STRIPES = [3, 2, 1, 0];

function area(id: string, kind: string, label: string | undefined, poly: [number, number][]): Area {
  const p = poly.map(([x, y]) => ({ x, y }));
  return { id, kind, label: label ?? id, poly: p, box: bbox(p) };
}

/** Validate and compile a scenario for `version`. Throws a `ScenarioError` naming the JSON path (the kit's parseTableScenario). */
export function compilePig(version: Version, raw: unknown, source: string): PigScenario {
  const schema = pigWarsSchema(version.id, version.classNames, Object.keys(version.weapons) as [string, ...string[]]);
  const { file, fail, sideIndex, radius, base: tableBase } = parseTableScenario(schema, raw, source);
  const obstacles: Area[] = [];
  const rough: Area[] = [];
  const hills: Area[] = [];
  const cover: { area: Area; full: boolean }[] = [];
  const walls: Area[] = [];
  const woods: Area[] = [];
  const specs: TerrainAreaSpec[] = [];
  const ids = new Set<string>();
  file.terrain.forEach((t, i) => {
    if (ids.has(t.id)) fail(`$.terrain[${i}].id`, `duplicate terrain id "${t.id}"`);
    ids.add(t.id);
    const a = area(t.id, t.kind, t.label, t.polygon);
    const spec: TerrainAreaSpec = { id: t.id, label: a.label, kind: t.kind, polygon: a.poly };
    switch (t.kind) {
      case 'building':
        Object.assign(spec, { impassable: true, blocksSight: true });
        obstacles.push(a);
        break;
      case 'water':
        spec.impassable = true;
        obstacles.push(a);
        break;
      case 'rough':
      case 'broken':
        spec.slow = true;
        rough.push(a);
        break;
      case 'wood':
        Object.assign(spec, { slow: true, cover: 'partial' });
        rough.push(a);
        woods.push(a);
        cover.push({ area: a, full: false });
        break;
      case 'hill':
        spec.height = 1;
        hills.push(a);
        break;
      case 'cover':
        spec.cover = 'partial';
        cover.push({ area: a, full: false });
        break;
      case 'wall':
        Object.assign(spec, { slow: true, cover: 'full' });
        walls.push(a);
        rough.push(a);
        cover.push({ area: a, full: true });
        break;
    }
    specs.push(spec);
  });
  const base = tableBase({ table: { unit: 'in', areas: specs } });
  const table = base.table;
  const nav = table.nav;
  const home = zoneOf(nav, file.home, '$.home', 8, fail);
  const objective = file.objective ? zoneOf(nav, file.objective, '$.objective', 8, fail) : null;
  const pigStart = (file.pigs ?? []).map(([x, y], i) => {
    if (!nav.isFree(x, y)) fail(`$.pigs[${i}]`, `(${x}, ${y}) is inside a building or water, or off the table`);
    return { x, y };
  });
  if (!objective && pigStart.length === 0) fail('$', 'no loot: give "pigs" or an "objective" zone');
  const raiders = sideIndex(file.raiders, '$.raiders');

  const sides: SideInfo[] = [];
  const units: UnitInfo[] = [];
  const figures: FigureInfo[] = [];
  const start = new StartPlaces(radius);
  file.sides.forEach((s, si) => {
    const side: SideInfo = {
      ...tableSide(s, si),
      colour: s.colour,
      prefix: s.prefix,
      cards: s.cards,
      flee: s.flee,
      units: [],
    };
    sides.push(side);
    s.units.forEach((u, ui) => {
      const upath = `$.sides[${si}].units[${ui}]`;
      if (units.some((o) => o.id === u.id)) fail(`${upath}.id`, `duplicate unit id "${u.id}"`);
      const klass = version.classNames.indexOf(u.class);
      const unit: UnitInfo = {
        index: units.length,
        id: u.id,
        name: u.name ?? u.id,
        side: si,
        klass,
        close: u.order === 'close',
        figures: [],
        canWall: false,
        hasStandard: false,
      };
      units.push(unit);
      side.units.push(unit.index);
      const slots = deploySlots(nav, polygonOf(u.area), 2.4 * radius);
      let next = 0;
      u.figures.forEach((f, fi) => {
        const fpath = `${upath}.figures[${fi}]`;
        if (f.name !== undefined && f.count !== 1) fail(`${fpath}.name`, 'a named figure must have count 1');
        for (let k = 0; k < f.count; k++) {
          let slot: Vec | undefined;
          if (f.at) {
            if (f.count !== 1) fail(`${fpath}.at`, 'an exact place needs count 1');
            slot = { x: f.at[0], y: f.at[1] };
            if (!nav.isFree(slot.x, slot.y)) fail(`${fpath}.at`, 'inside a building or water, or off the table');
            if (start.overlaps(slot)) fail(`${fpath}.at`, 'overlaps another figure');
          } else {
            while (next < slots.length && start.overlaps(slots[next])) next++;
            slot = slots[next++];
            if (!slot) fail(`${upath}.area`, `unit "${u.id}" has room for only ${slots.length} figures`);
          }
          const fk = f.class !== undefined ? version.classNames.indexOf(f.class) : klass;
          const weapons = f.weapons.map((n) => version.weapons[n]);
          const index = start.add(slot as Vec, (u.facing * Math.PI) / 180);
          const id = `${s.prefix}${String(side.figures.length + 1).padStart(2, '0')}`;
          const rank = version.ranks ? f.rank : f.leader ? 'mate' : 'crewman';
          figures.push({
            ...tableFigure(index, id, f.name, si),
            unit: unit.index,
            klass: fk,
            stripes: f.stripes ?? DEFAULT_STRIPES[fk],
            weapons,
            missile: weapons.find((w) => w.long > 0) ?? null,
            armour: f.armour,
            shield: f.shield,
            mounted: f.mounted,
            moveKind: f.mounted ? 'mounted' : f.kind === 'foot' ? (u.order === 'close' ? 'close-foot' : 'loose-foot') : f.kind,
            leader: version.ranks ? f.rank !== 'crewman' : f.leader,
            rank,
            standard: f.standard,
            twoWeapons: weapons.filter((w) => w.melee).length >= 2,
          });
          unit.figures.push(index);
          side.figures.push(index);
        }
      });
      const fs = unit.figures.map((i) => figures[i]);
      unit.canWall = version.shieldWall && fs.every((f) => f.shield && !f.mounted);
      unit.hasStandard = fs.some((f) => f.standard);
    });
  });
  return {
    ...base,
    version,
    nav,
    places: new PlaceFinder(table),
    obstacles,
    rough,
    hills,
    cover,
    walls,
    woods,
    home,
    objective,
    pigStart,
    raiders,
    sides,
    units,
    figures,
    ...start.arrays(),
    maxTurns: file.victory.maxTurns,
    lootToWin: file.victory.lootToWin,
    carrySpeed: file.carrySpeed,
    commandRadius: file.commandRadius,
    figureIndex: figureIndexOf(figures, source, () => '$.sides'),
  };
}
