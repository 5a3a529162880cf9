/**
 * An Escarmouche scenario compiled for play: validated, the zone map built (adjacency, straight
 * lines, sight), figures expanded with their fixed properties, objectives and distances resolved.
 * Immutable; shared by every state of every game on the scenario.
 */
import { ScenarioError } from '../../core/model.js';
import { parseScenario } from '../../core/scenario.js';
import { canonicalJson, hashString } from '../../core/hash.js';
import { compileZoneMap, type ZoneMap } from '../../core/zones.js';
import { escarmoucheScenarioSchema, type EscarmoucheScenarioFile } from './schema.js';
import { CUMBERSOME_DICE, WEAPONS, type Weapon, terrainDice } from './tables.js';

/** What never changes about a figure. */
export interface FigureInfo {
  /** Index in the state arrays. */
  index: number;
  /** Id used in actions, events and records (`R1`). */
  id: string;
  /** Name for stories (personal name, or the id). */
  name: string;
  /** What it is (pikeman, musketeer …). */
  type: string;
  /** Side index (0 or 1). */
  side: number;
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
  /** Starting zone index. */
  start: number;
}

/** A side of the compiled scenario. */
export interface SideInfo {
  index: number;
  id: string;
  name: string;
  /** Figure indices of the side, in id order. */
  figures: number[];
  /** Figures out of action that break the side. */
  breakPoint: number;
}

/** A compiled Escarmouche scenario. */
export interface EscScenario {
  file: EscarmoucheScenarioFile;
  id: string;
  name: string;
  /** Hash of the file's canonical JSON. */
  hash: string;
  map: ZoneMap;
  /** Passive dice of moving through each zone (Infinity: impassable). */
  zoneDice: Int8Array;
  /** Least passive dice to go from zone a to zone b (n×n, row-major), for agents and evaluation. */
  cost: Float64Array;
  sides: SideInfo[];
  figures: FigureInfo[];
  figureIndex: Map<string, number>;
  /** Side index that starts every game turn, or −1 for a roll-off at set-up. */
  first: number;
  maxTurns: number;
  /** Objective zones and their values. */
  objectives: { zone: number; value: number }[];
  /** Largest number of figures on a side. */
  maxFigures: number;
}

/** Validate and compile an Escarmouche scenario. Throws {@link ScenarioError} naming the JSON path. */
export function compileEscarmouche(raw: unknown, source: string): EscScenario {
  const file = parseScenario(escarmoucheScenarioSchema, raw, source);
  const fail = (path: string, msg: string): never => {
    throw new ScenarioError(source, path, msg);
  };
  const map = compileZoneMap(file.map, source, '$.map');
  const zoneDice = new Int8Array(map.size);
  for (const z of map.zones) zoneDice[z.index] = Number.isFinite(terrainDice(z.terrain)) ? terrainDice(z.terrain) : -1;
  const cost = map.allPairs((_a, b) => (zoneDice[b] < 0 ? Infinity : zoneDice[b]));
  if (file.sides[0].id === file.sides[1].id) fail('$.sides[1].id', 'the two sides need different ids');
  const figures: FigureInfo[] = [];
  const sides: SideInfo[] = [];
  const ids = new Set<string>();
  file.sides.forEach((s, si) => {
    const info: SideInfo = { index: si, id: s.id, name: s.name, figures: [], breakPoint: 0 };
    sides.push(info);
    s.figures.forEach((f, fi) => {
      const id = `${s.prefix}${fi + 1}`;
      if (ids.has(id)) fail(`$.sides[${si}].prefix`, `figure id "${id}" is used twice`);
      ids.add(id);
      const start = map.index.get(f.zone);
      if (start === undefined) return fail(`$.sides[${si}].figures[${fi}].zone`, `no zone "${f.zone}"`);
      if (zoneDice[start] < 0) fail(`$.sides[${si}].figures[${fi}].zone`, `zone "${f.zone}" is impassable`);
      if (f.pike && f.mounted) fail(`$.sides[${si}].figures[${fi}].pike`, 'pikes are foot weapons here: a figure cannot be both mounted and a pikeman');
      if (f.mounted && f.missile === 'cannon') fail(`$.sides[${si}].figures[${fi}].missile`, 'a cannon is served on foot');
      const missile = f.missile === 'none' ? null : WEAPONS[f.missile];
      const index = figures.length;
      figures.push({
        index,
        id,
        name: f.name ?? id,
        type: f.type,
        side: si,
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
  if (file.first !== 'roll') {
    first = sides.findIndex((s) => s.id === file.first);
    if (first < 0) fail('$.first', `no side "${file.first}" (or "roll")`);
  }
  const objectives = file.victory.objectives.map((o, i) => {
    const zone = map.index.get(o.zone);
    if (zone === undefined) return fail(`$.victory.objectives[${i}].zone`, `no zone "${o.zone}"`);
    if (zoneDice[zone] < 0) fail(`$.victory.objectives[${i}].zone`, `zone "${o.zone}" is impassable`);
    return { zone, value: o.value };
  });
  return {
    file,
    id: file.id,
    name: file.name,
    hash: hashString(canonicalJson(raw)),
    map,
    zoneDice,
    cost,
    sides,
    figures,
    figureIndex: new Map(figures.map((f) => [f.id, f.index])),
    first,
    maxTurns: file.victory.maxTurns,
    objectives,
    maxFigures: Math.max(sides[0].figures.length, sides[1].figures.length),
  };
}
