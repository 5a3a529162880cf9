/**
 * Where figures fall, over the games of a stress run: a heat map of the table (issue 44: "where on
 * the table figures fall"). Each game's {@link GameFalls} (the dead figures' centres at the end)
 * is counted into a grid of {@link FALLS_COLUMNS} columns and as many rows as keep the cells
 * square; the sizes are the first game's table (every game of a run is on the same scenario).
 */
import type { SideId } from '../core/model.js';
import type { FallsJson } from './falls-json.js';
import type { GameFalls } from '../runner/types.js';

/** Columns of the heat map's grid. */
export const FALLS_COLUMNS = 24;

export type { FallsJson } from './falls-json.js';

/** Adds up games' falls into a grid (constant memory in the number of games). */
export class FallsMap {
  private table: [number, number] | null = null;
  private cell = 1;
  private rows = 0;
  private games = 0;
  private figures = 0;
  private cells: number[] = [];
  private readonly perSide: number[][];

  /** @param sides the scenario's sides, in order (a fall's side index refers to them) */
  constructor(private readonly sides: readonly SideId[]) {
    this.perSide = sides.map(() => []);
  }

  /** Count one game's falls. */
  add(f: GameFalls): void {
    if (this.table === null) {
      const [w, h] = f.table;
      if (!(w > 0 && h > 0)) return;
      this.table = [w, h];
      this.cell = w / FALLS_COLUMNS;
      this.rows = Math.max(1, Math.ceil(h / this.cell - 1e-9));
      this.cells = new Array<number>(FALLS_COLUMNS * this.rows).fill(0);
      for (let s = 0; s < this.perSide.length; s++) this.perSide[s] = new Array<number>(this.cells.length).fill(0);
    }
    this.games++;
    for (const [x, y, side] of f.at) {
      const c = Math.min(FALLS_COLUMNS - 1, Math.max(0, Math.floor(x / this.cell)));
      const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.cell)));
      const i = r * FALLS_COLUMNS + c;
      this.cells[i]++;
      this.figures++;
      if (side >= 0 && side < this.perSide.length) this.perSide[side][i]++;
    }
  }

  /** The games counted. */
  get count(): number {
    return this.games;
  }

  /** The map as data, or null before any game with a table. */
  toJson(): FallsJson | null {
    if (this.table === null) return null;
    const bySide: Record<SideId, number[]> = {};
    this.sides.forEach((s, i) => (bySide[s] = [...this.perSide[i]]));
    return {
      table: this.table,
      cell: Math.round(this.cell * 1e4) / 1e4,
      columns: FALLS_COLUMNS,
      rows: this.rows,
      games: this.games,
      figures: this.figures,
      cells: [...this.cells],
      bySide,
    };
  }

  /** The heat map as a standalone SVG: one square per cell, darker red for more falls, the count in words in each cell's title. */
  svg(title: string): string {
    const j = this.toJson();
    if (!j) return '';
    const px = 24;
    const max = Math.max(1, ...j.cells);
    const w = j.columns * px;
    const h = j.rows * px;
    const rects: string[] = [];
    j.cells.forEach((n, i) => {
      if (n === 0) return;
      const x = (i % j.columns) * px;
      const y = Math.floor(i / j.columns) * px;
      const a = (0.15 + (0.85 * n) / max).toFixed(3);
      rects.push(
        `<rect x="${x}" y="${y}" width="${px}" height="${px}" fill="#b00020" fill-opacity="${a}"><title>${n} fallen</title></rect>`,
      );
    });
    const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -28 ${w} ${h + 28}" width="${w}" height="${h + 28}" font-family="sans-serif" font-size="13">
<text x="0" y="-10">${esc(title)}</text>
<rect x="0" y="0" width="${w}" height="${h}" fill="#f4efe2" stroke="#555"/>
${rects.join('\n')}
</svg>
`;
  }
}
