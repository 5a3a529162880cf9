/**
 * ASCII picture of an Escarmouche zone map: terrain by character (`.` clear, `:` broken, `%` heavy,
 * `~` difficult, `#` impassable; upper-case `O` marks an objective zone's centre), the figures of
 * each zone written at its centre, then one line per occupied zone.
 */
import { PH_OVER, type EscState } from './state.js';

const TERRAIN_MARK: Record<string, string> = { clear: '.', broken: ':', heavy: '%', difficult: '~', impassable: '#' };

/** The map as text, with the figures of each zone listed. */
export function renderAscii(s: EscState): string {
  const sc = s.sc;
  const map = sc.map;
  const b = map.box;
  const cols = 72;
  const rows = Math.max(8, Math.round((cols * (b.maxY - b.minY)) / (b.maxX - b.minX) / 2));
  const grid = map.raster(cols, rows, (z) => TERRAIN_MARK[map.zones[z].terrain] ?? '?').map((l) => l.split(''));
  const at = (x: number, y: number): [number, number] => [
    Math.min(cols - 1, Math.max(0, Math.floor(((x - b.minX) / (b.maxX - b.minX)) * cols))),
    Math.min(rows - 1, Math.max(0, Math.floor(((y - b.minY) / (b.maxY - b.minY)) * rows))),
  ];
  const lines: string[] = [];
  for (const z of map.zones) {
    const here = sc.figures.filter((f) => s.wounds[f.index] > 0 && s.zone[f.index] === z.index);
    const objective = sc.objectives.some((o) => o.zone === z.index);
    const [c, r] = at(z.centre.x, z.centre.y);
    const text = (objective ? 'O' : '') + here.map((f) => f.id + (s.actor === f.index && s.phase !== PH_OVER ? '*' : '')).join(' ');
    const start = Math.max(0, Math.min(cols - text.length, c - Math.floor(text.length / 2)));
    for (let i = 0; i < text.length && start + i < cols; i++) grid[r][start + i] = text[i];
    if (here.length > 0) {
      const who = here
        .map((f) => {
          const i = f.index;
          const marks = [s.shaken[i] ? `S${s.shaken[i]}` : '', s.cowered[i] ? 'C' : '', s.disarmed[i] ? 'D' : '', s.cover[i] ? 'cover' : '', s.reserved[i] ? 'R' : '']
            .filter((x) => x)
            .join(' ');
          return `${f.id} ${f.type} w${s.wounds[i]}${marks ? ` [${marks}]` : ''}`;
        })
        .join(', ');
      lines.push(`  ${z.name} (${z.terrain}${z.cover ? ', cover' : ''}${z.height ? `, height ${z.height}` : ''}): ${who}`);
    }
  }
  const head = `Turn ${s.turn}, ${sc.sides[s.side].name} to act${s.actor >= 0 ? `: ${sc.figures[s.actor].id}, pool ${s.pool}` : ''}; side 1s this turn: ${s.ones}`;
  return [head, ...grid.map((l) => l.join('')), ...lines, '  . clear  : broken  % heavy  ~ difficult  # impassable  O objective; * acting; S shaken C cowered D disarmed R reserved'].join('\n');
}
