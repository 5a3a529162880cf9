/**
 * ASCII picture of a Pirates! table: one character per inch across, one line per two inches down.
 * Legend: `#` building, `~` water, `:` broken ground, `^` hill, `+` cover, `=` home (ship),
 * `o` objective; raiders are `P`, defenders `T` (lower case when fleeing, `*` for the band acting
 * now), personalities `@`.
 */
import { pointInPolygon } from '../../core/geometry.js';
import { ACTIVE, FLEEING, type PiratesState } from './state.js';

/** The table as text, with a legend line. */
export function renderAscii(s: PiratesState): string {
  const sc = s.sc;
  const cols = Math.ceil(sc.width);
  const rows = Math.ceil(sc.height / 2);
  const grid: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: string[] = [];
    for (let c = 0; c < cols; c++) {
      const x = c + 0.5;
      const y = r * 2 + 1;
      let ch = '.';
      if (pointInPolygon(x, y, sc.home.poly)) ch = '=';
      if (pointInPolygon(x, y, sc.objective.poly)) ch = 'o';
      for (const a of sc.broken) if (pointInPolygon(x, y, a.poly)) ch = ':';
      for (const a of sc.hills) if (pointInPolygon(x, y, a.poly)) ch = '^';
      for (const a of sc.cover) if (pointInPolygon(x, y, a.poly)) ch = '+';
      for (const a of sc.obstacles) if (pointInPolygon(x, y, a.poly)) ch = sc.sightBlockers.includes(a) ? '#' : '~';
      line.push(ch);
    }
    grid.push(line);
  }
  const acting = new Set<number>();
  for (let i = 0; i < s.qLen; i++) acting.add(s.queue[i]);
  for (const f of sc.figures) {
    const st = s.status[f.index];
    if (st !== ACTIVE && st !== FLEEING) continue;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(s.x[f.index])));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(s.y[f.index] / 2)));
    let ch = f.side === sc.raiders ? 'P' : 'T';
    if (f.personality) ch = '@';
    if (st === FLEEING) ch = ch.toLowerCase();
    if (acting.has(f.index) && st === ACTIVE) ch = '*';
    grid[r][c] = ch;
  }
  const ruler = Array.from({ length: cols }, (_, c) => (c % 10 === 0 ? String((c / 10) % 10) : ' ')).join('');
  const body = grid.map((l, r) => `${String(r * 2).padStart(3)} ${l.join('')}`).join('\n');
  return `    ${ruler}\n${body}\n    # building ~ water : broken ^ hill + cover = ${sc.home.name} o ${sc.objective.name}; P raider T defender @ personality * acting, lower case = running`;
}
