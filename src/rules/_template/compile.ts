/**
 * A Duel scenario compiled for play: the file validated, the kit's compiled-table base built
 * (identity, hash, table, radius, contact distance), and the figures and sides indexed. Immutable;
 * shared by every state of every game on the scenario (one per worker thread). Lengths in inches,
 * facings in radians.
 */
import {
  type CompiledTable,
  type TableFigure,
  type TableSide,
  baseOverlapAt,
  figureIndexOf,
  parseTableScenario,
  tableFigure,
  tableSide,
} from '../../core/table/compile.js';
import { radiansOf, terrainAreaOf } from '../../core/table/schema.js';
import { duelScenarioSchema, type DuelScenarioFile } from './schema.js';

/** What never changes about a figure: the kit's index, id, name and side (a room adds its own). */
export type FigureInfo = TableFigure;

/** A side of the compiled scenario. */
export interface SideInfo extends TableSide {
  /** Figure indices of the side, in the file's order (the order they act in, §2). */
  readonly figures: readonly number[];
}

/** A compiled Duel scenario: the kit's base plus the figures, sides and turn limit. */
export interface DuelScenario extends CompiledTable<DuelScenarioFile> {
  readonly sides: readonly SideInfo[];
  readonly figures: readonly FigureInfo[];
  /** Figure id → index. */
  readonly figureIndex: ReadonlyMap<string, number>;
  /** Starting centres (inches) and facings (radians), by figure index. */
  readonly startX: Float64Array;
  readonly startY: Float64Array;
  readonly startFacing: Float64Array;
  /** After this many turns the game is a draw (§6). */
  readonly maxTurns: number;
}

/**
 * Validate a parsed scenario file and compile it on the kit's compile start ({@link parseTableScenario}).
 * Throws a `ScenarioError` naming the JSON path of the first problem: a schema error, a side id used
 * twice, a terrain area the table refuses (a concave building), a figure id used twice, or a figure
 * that does not stand free on the table.
 */
export function compileDuel(raw: unknown, source: string): DuelScenario {
  const { file, fail, radius, base: tableBase } = parseTableScenario(duelScenarioSchema, raw, source);
  const base = tableBase({
    // §1: a building is impassable and blocks sight; §3–4: a wood is slow ground and cover.
    table: {
      unit: 'in',
      areas: file.terrain.map((t) =>
        terrainAreaOf(t, t.kind === 'building' ? { impassable: true, blocksSight: true } : { slow: true, cover: 'wood' }),
      ),
    },
  });
  const figures: FigureInfo[] = [];
  const paths: string[] = [];
  const sides: SideInfo[] = file.sides.map((s, si) => {
    const side = tableSide(s, si);
    s.figures.forEach((f, fi) => {
      side.figures.push(figures.length);
      paths.push(`$.sides[${si}].figures[${fi}]`);
      figures.push(tableFigure(figures.length, f.id, f.name, si));
    });
    return side;
  });
  const figureIndex = figureIndexOf(figures, source, (i) => `${paths[i]}.id`);
  const all = file.sides.flatMap((s) => s.figures);
  const startX = Float64Array.from(all, (f) => f.at[0]);
  const startY = Float64Array.from(all, (f) => f.at[1]);
  const startFacing = Float64Array.from(all, (f) => radiansOf(f.facing));
  for (let i = 0; i < all.length; i++) {
    if (!base.table.isFree(startX[i], startY[i]))
      fail(`${paths[i]}.at`, 'the figure does not stand free on the table (off it, or on a building)');
    const j = baseOverlapAt(startX, startY, i, startX[i], startY[i], radius);
    if (j >= 0) fail(`${paths[i]}.at`, `the figure's base overlaps ${figures[j].id}'s`);
  }
  return { ...base, sides, figures, figureIndex, startX, startY, startFacing, maxTurns: file.maxTurns };
}
