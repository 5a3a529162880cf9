/**
 * ASCII picture of a State of War table (2 cm a character across, 4 cm down): `#` buildings, `T`
 * woods, `~` difficult ground, `^` hills, `:` cover, `|` fences and walls, `W` the objective;
 * figures by their side's letter (lower case when disabled), `*` the acting figure.
 */
import { pointInPolygon } from '../../core/geometry.js';
import { actor } from './engine.js';
import { ACTIVE, DISABLED, PH_OVER, type SowState } from './state.js';
import { nearestFence } from './table.js';
import { MORALE_NAMES } from './tables.js';

/** The table as text, with one line per unit. */
export function renderAscii(s: SowState): string {
  const sc = s.sc;
  const cols = Math.ceil(sc.width / 2);
  const rows = Math.ceil(sc.height / 4);
  const grid: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: string[] = [];
    for (let c = 0; c < cols; c++) {
      const x = (c + 0.5) * 2;
      const y = (r + 0.5) * 4;
      let ch = '.';
      if (sc.hills.some((a) => pointInPolygon(x, y, a.poly))) ch = '^';
      if (sc.coverAreas.some((a) => a.kind === 'cover' && pointInPolygon(x, y, a.poly))) ch = ':';
      if (sc.difficult.some((a) => pointInPolygon(x, y, a.poly))) ch = '~';
      if (sc.woods.some((a) => pointInPolygon(x, y, a.poly))) ch = 'T';
      if (nearestFence(sc, x, y).d <= 1) ch = '|';
      if (sc.buildings.some((a) => pointInPolygon(x, y, a.poly))) ch = '#';
      if (pointInPolygon(x, y, sc.objective.poly)) ch = 'W';
      line.push(ch);
    }
    grid.push(line);
  }
  const cur = actor(s);
  for (const f of sc.figures) {
    const i = f.index;
    if (s.status[i] > DISABLED) continue;
    const c = Math.min(cols - 1, Math.floor(s.x[i] / 2));
    const r = Math.min(rows - 1, Math.floor(s.y[i] / 4));
    const mark = sc.sides[f.side].prefix[0];
    grid[r][c] = i === cur ? '*' : s.status[i] === ACTIVE ? mark.toUpperCase() : mark.toLowerCase();
  }
  const head =
    s.phase === PH_OVER
      ? `Game over after turn ${s.turn}: ${s.reason}`
      : `Turn ${s.turn} of ${sc.maxTurns}, ${sc.sides[s.side].name} act${cur >= 0 ? `: ${sc.figures[cur].id} (${s.acts[cur]} left)` : ''}; ${sc.objective.name} fired ${s.burn}/${sc.objective.fireActions}`;
  for (const b of sc.barrels) {
    if (s.bHeld[b.index] !== -1) continue;
    const c = Math.min(cols - 1, Math.floor(s.bx[b.index] / 2));
    const r = Math.min(rows - 1, Math.floor(s.by[b.index] / 4));
    if (grid[r][c] === '.' || grid[r][c] === '|') grid[r][c] = 'o';
  }
  const units = sc.units
    .filter((u) => s.size[u.index] > 0)
    .map((u) => {
      const act = sc.figures.filter((f) => s.unitOf[f.index] === u.index && s.status[f.index] === ACTIVE).length;
      return `  ${u.id}: ${act}/${s.size[u.index]} active, ${MORALE_NAMES[s.morale[u.index]]}`;
    });
  return [head, ...grid.map((l) => l.join('')), ...units, '  # building T wood ~ difficult ^ hill : cover | fence/wall W objective o barrel; * acting (2 cm across, 4 cm down)'].join('\n');
}
