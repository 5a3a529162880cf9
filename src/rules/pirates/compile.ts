/**
 * A Pirates! scenario compiled for play: validated, figures expanded and placed, the deck built,
 * and the map's navigation and distance fields precomputed. Immutable; shared by every state of
 * every game on the scenario (one per worker thread).
 */
import type { DistanceField, NavMap } from '../../core/nav.js';
import {
  type CompiledTable,
  type TableFigure,
  type TableSide,
  type TableZone,
  type TerrainArea,
  StartPlaces,
  deploySlots,
  figureIndexOf,
  parseTableScenario,
  polygonOf,
  radiansOf,
  terrainAreaOf,
  zoneOf,
  tableFigure,
  tableSide,
} from '../../core/table/index.js';
import { type Vec, pointInPolygon, distToPolygon } from '../../core/geometry.js';
import { count } from '../../core/words.js';
import { piratesScenarioSchema, type PiratesScenarioFile } from './schema.js';
import { WEAPONS, type Weapon, cardFace, deckForFigures } from './tables.js';

/** A terrain polygon with its bounding box (for fast rejection): the table kit's area. */
export type Area = TerrainArea;

/** What never changes about a figure. */
export interface FigureInfo extends TableFigure {
  weapon: Weapon;
  personality: boolean;
  mounted: boolean;
  /** Deployment group index. */
  group: number;
  /** The destination key toward this figure, `foe:<id>` (made once: the hot path compares keys, never builds them). */
  foeKey: string;
}

/** A deployment group: figures that start together and form bands together. */
export interface GroupInfo {
  index: number;
  id: string;
  side: number;
  /** Figure indices, in id order. */
  figures: number[];
}

/** A side of the compiled scenario. */
export interface SideInfo extends TableSide {
  colour: 'red' | 'black';
  flee: 'home' | 'edge';
  /** Card values of the side (ascending). */
  cards: number[];
  /** Figure indices of the side. */
  figures: number[];
  /** Deployment group indices of the side. */
  groups: number[];
  /** True when any figure of the side is mounted (a 4d10 roll is made each turn). */
  hasMounted: boolean;
}

/** One activation card of the combined deck (§3.A). */
export interface Card {
  index: number;
  side: number;
  value: number;
  /** Face and suit, e.g. `4♥`. */
  label: string;
}

/** A zone to reach (the objective building front, or home) with its distance field: the kit's. */
export type Zone = TableZone;

/** A compiled Pirates! scenario. */
export interface PiratesScenario extends CompiledTable<PiratesScenarioFile> {
  /** The validated file (defaults filled in). */
  readonly file: PiratesScenarioFile;
  /** The table's navigation (same as `table.nav`). */
  nav: NavMap;
  /** Polygons that block line of sight (buildings). */
  sightBlockers: readonly Area[];
  /** Impassable areas (buildings and water), for drawing. */
  obstacles: readonly Area[];
  broken: readonly Area[];
  hills: readonly Area[];
  cover: readonly Area[];
  objective: Zone;
  home: Zone;
  exits: { point: Vec; field: DistanceField }[];
  raiders: number;
  sides: SideInfo[];
  figures: FigureInfo[];
  groups: GroupInfo[];
  /** Starting positions and facings (radians). */
  startX: Float64Array;
  startY: Float64Array;
  startFacing: Float64Array;
  deck: Card[];
  maxTurns: number;
  bootyToWin: number;
  pillageTurns: number;
  captures: boolean;
  inPort: boolean;
  figureIndex: Map<string, number>;
  /** Figure index by destination key `foe:<id>` (see {@link FigureInfo.foeKey}). */
  foeIndex: Map<string, number>;
}

const SUITS: Record<'red' | 'black', [string, string]> = { red: ['♥', '♦'], black: ['♠', '♣'] };

/** Validate and compile a Pirates! scenario. Throws a `ScenarioError` naming the JSON path (the kit's parseTableScenario). */
export function compilePirates(raw: unknown, source: string): PiratesScenario {
  const { file, fail, sideIndex, radius, base: tableBase } = parseTableScenario(piratesScenarioSchema, raw, source);
  const { width, height } = file.table;

  const base = tableBase({
    table: {
      unit: 'in',
      // What each kind does (§4.B broken ground, §5 cover, hills; buildings and water impassable).
      areas: file.terrain.map((t) =>
        terrainAreaOf(t, {
          impassable: t.kind === 'building' || t.kind === 'water',
          blocksSight: t.kind === 'building',
          slow: t.kind === 'broken',
          cover: t.kind === 'cover' ? 'cover' : undefined,
          height: t.kind === 'hill' ? 1 : 0,
        }),
      ),
    },
    tableMessage: (e) =>
      e.message.startsWith('impassable') ? 'buildings and water must be convex polygons (split an L-shaped building into two)' : e.message,
  });
  const table = base.table;
  const nav = table.nav;

  const objective = zoneOf(nav, file.objective, '$.objective', 6, fail);
  const home = zoneOf(nav, file.home, '$.home', 6, fail);
  const exits = file.exits.map(([x, y], i) => {
    const cx = Math.min(width - radius, Math.max(radius, x));
    const cy = Math.min(height - radius, Math.max(radius, y));
    const p = nav.nearestFree(cx, cy, 3, () => true);
    if (!p) return fail(`$.exits[${i}]`, 'no free place near this exit');
    return { point: p, field: nav.field(`exit:${i}`, p) };
  });

  const raiders = sideIndex(file.raiders, '$.raiders');

  /** What takes the room of a deployment area, in words (buildings and water over it, or the table's edge). */
  const inTheWay = (poly: Vec[]): string => {
    const near = (a: Area): boolean =>
      poly.some((p) => distToPolygon(p.x, p.y, a.poly) < radius) || a.poly.some((p) => pointInPolygon(p.x, p.y, poly));
    const off = poly.filter((p) => p.x < 0 || p.y < 0 || p.x > width || p.y > height);
    if (off.length)
      return `${off.length} of its corners lie off the ${width} × ${height}" table (e.g. (${off[0].x}, ${off[0].y})); move the area onto the table`;
    const over = table.obstacles.filter(near).map((a) => `${a.label} ("${a.id}")`);
    if (over.length)
      return `${over.join(' and ')} ${over.length > 1 ? 'cover' : 'covers'} part of its area, and figures need ${2 * radius}" of free ground each; move the area or make it bigger`;
    return `figures need ${2 * radius}" of free ground each, clear of buildings, water, the table's edge and figures placed before them; make the area bigger`;
  };
  const figures: FigureInfo[] = [];
  const groups: GroupInfo[] = [];
  const sides: SideInfo[] = [];
  const start = new StartPlaces(radius);
  const prefixCount = new Map<string, number>();
  const groupSlots: Vec[][] = [];
  const slotNext: number[] = [];

  file.sides.forEach((s, si) => {
    const info: SideInfo = {
      ...tableSide(s, si),
      colour: s.colour,
      flee: s.flee,
      cards: [],
      groups: [],
      hasMounted: false,
    };
    sides.push(info);
    s.groups.forEach((g, gi) => {
      if (groups.some((o) => o.id === g.id)) fail(`$.sides[${si}].groups[${gi}].id`, `duplicate group id "${g.id}"`);
      const poly = polygonOf(g.area);
      const slots = deploySlots(nav, poly, 1.1);
      groupSlots.push(slots);
      slotNext.push(0);
      info.groups.push(groups.length);
      groups.push({ index: groups.length, id: g.id, side: si, figures: [] });
    });
    s.figures.forEach((f, fi) => {
      const gIndex = groups.findIndex((g) => g.id === f.group && g.side === si);
      if (gIndex < 0) fail(`$.sides[${si}].figures[${fi}].group`, `no group "${f.group}" on side "${s.id}"`);
      if (f.name !== undefined && f.count !== 1) fail(`$.sides[${si}].figures[${fi}].name`, 'a named figure must have count 1');
      const groupDef = s.groups[info.groups.indexOf(gIndex)];
      for (let k = 0; k < f.count; k++) {
        const prefix = f.prefix ?? s.prefix;
        const n = (prefixCount.get(prefix) ?? 0) + 1;
        prefixCount.set(prefix, n);
        const id = `${prefix}${String(n).padStart(2, '0')}`;
        if (figures.some((o) => o.id === id)) fail(`$.sides[${si}].figures[${fi}].prefix`, `figure id "${id}" is used twice`);
        let slot: Vec | undefined;
        if (f.at) {
          if (f.count !== 1) fail(`$.sides[${si}].figures[${fi}].at`, 'an exact place needs count 1');
          slot = { x: f.at[0], y: f.at[1] };
          if (!nav.isFree(slot.x, slot.y))
            fail(`$.sides[${si}].figures[${fi}].at`, `(${f.at[0]}, ${f.at[1]}) is inside a building or water, or off the table`);
          if (start.overlaps(slot)) fail(`$.sides[${si}].figures[${fi}].at`, `(${f.at[0]}, ${f.at[1]}) overlaps another figure`);
        } else {
          const slots = groupSlots[gIndex];
          while (slotNext[gIndex] < slots.length && start.overlaps(slots[slotNext[gIndex]])) slotNext[gIndex]++;
          slot = slots[slotNext[gIndex]++];
          if (!slot) {
            const gi = s.groups.findIndex((g) => g.id === f.group);
            const need = s.figures.filter((o) => o.group === f.group && !o.at).reduce((n, o) => n + o.count, 0);
            fail(
              `$.sides[${si}].groups[${gi}].area`,
              `group "${f.group}" has room for only ${slots.length} of its ${count(need, 'figure')}: ${inTheWay(polygonOf(groupDef.area))}`,
            );
          }
        }
        const index = start.add(slot as Vec, radiansOf(groupDef.facing));
        figures.push({
          ...tableFigure(index, id, f.name, si),
          weapon: WEAPONS[f.weapon],
          personality: f.personality,
          mounted: f.mounted,
          group: gIndex,
          foeKey: `foe:${id}`,
        });
        groups[gIndex].figures.push(index);
        info.figures.push(index);
        if (f.mounted) info.hasMounted = true;
      }
    });
    if (s.cards) info.cards = s.cards.map((c) => (c === 'A' ? 1 : c)).sort((a, b) => a - b);
    else info.cards = deckForFigures(info.figures.length);
  });

  const deck: Card[] = [];
  for (const s of sides) {
    const seen = new Map<number, number>();
    for (const v of s.cards) {
      const k = seen.get(v) ?? 0;
      seen.set(v, k + 1);
      const suit = SUITS[s.colour][k % 2];
      deck.push({ index: deck.length, side: s.index, value: v, label: `${cardFace(v)}${suit}` });
    }
  }

  for (const o of [objective, home]) {
    if (table.obstacles.some((a) => distToPolygon(o.target.x, o.target.y, a.poly) < radius - 1e-9)) {
      fail('$', `zone ${o.id} has no free place`);
    }
  }

  return {
    ...base,
    file,
    nav,
    sightBlockers: table.sightBlockers,
    obstacles: table.obstacles,
    broken: table.slowGround,
    hills: table.raised,
    cover: table.coverAreas,
    objective,
    home,
    exits,
    raiders,
    sides,
    figures,
    groups,
    ...start.arrays(),
    deck,
    maxTurns: file.victory.maxTurns,
    bootyToWin: file.victory.bootyToWin,
    pillageTurns: file.victory.pillageTurns,
    captures: file.captures,
    inPort: file.inPort,
    figureIndex: figureIndexOf(figures, source, () => '$.sides'),
    foeIndex: new Map(figures.map((f) => [f.foeKey, f.index])),
  };
}
