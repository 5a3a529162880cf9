/**
 * The shape of a stress run's heat map of falls (src/report/falls.ts), in a file of its own with no
 * runtime imports so that the browser pages (src/web/, built without Node's types) read the same
 * declaration the report writes.
 */
import type { SideId } from '../core/basics.js';

/**
 * The heat map as data (report.json's `falls`): the table's size in its unit, the grid's columns
 * and rows (cells of `cell` × `cell`; the last row and column may reach past the table's edge),
 * the games counted and the figures fallen, `cells` the falls per cell over all sides (row by row,
 * from the table's top-left corner) and `bySide` the same per side.
 */
export interface FallsJson {
  table: [number, number];
  cell: number;
  columns: number;
  rows: number;
  games: number;
  figures: number;
  cells: number[];
  bySide: Record<SideId, number[]>;
}
