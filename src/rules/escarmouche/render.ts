/**
 * ASCII picture of an Escarmouche table: terrain by character (`.` clear, `:` broken, `%` heavy,
 * `~` difficult, `#` impassable, `+` clear ground with cover, `^` a clear hill; upper-case `O` marks
 * an objective's centre), each figure's id written where it stands, then the terrain areas by name
 * with the figures in each, and the figures on open ground.
 */
import { PH_OVER, type EscState } from './state.js';
import { onObjective } from './engine.js';
import { areaWords } from './scene.js';
import type { TerrainArea } from '../../core/table/index.js';

const SAMPLES: readonly [number, number][] = [
  [0.5, 0.5],
  [0.1, 0.1],
  [0.9, 0.1],
  [0.1, 0.9],
  [0.9, 0.9],
];

const TERRAIN_MARK: Record<string, string> = { clear: '.', broken: ':', heavy: '%', difficult: '~', impassable: '#' };

/** The table as text, with the figures of each named area listed. */
export function renderAscii(s: EscState): string {
  const sc = s.sc;
  const t = sc.table;
  const cols = 72;
  const rows = Math.max(8, Math.round((cols * t.height) / t.width / 2));
  const grid: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: string[] = [];
    for (let c = 0; c < cols; c++) {
      // The top-most area seen at the cell's centre or corners (so thin walls and hedges show).
      let a: TerrainArea | null = null;
      let ai = -1;
      for (const [fx, fy] of SAMPLES) {
        const b = t.topAreaAt(((c + fx) / cols) * t.width, ((r + fy) / rows) * t.height);
        const bi = b ? t.areas.indexOf(b) : -1;
        if (bi > ai) {
          a = b;
          ai = bi;
        }
      }
      if (!a) line.push(TERRAIN_MARK[sc.ground] ?? '.');
      else if (a.impassable) line.push('#');
      else if (a.kind === 'clear' && a.height > 0) line.push('^');
      else if (a.kind === 'clear' && a.cover) line.push('+');
      else line.push(TERRAIN_MARK[a.kind] ?? '?');
    }
    grid.push(line);
  }
  const at = (x: number, y: number): [number, number] => [
    Math.min(cols - 1, Math.max(0, Math.floor((x / t.width) * cols))),
    Math.min(rows - 1, Math.max(0, Math.floor((y / t.height) * rows))),
  ];
  const write = (x: number, y: number, text: string): void => {
    const [c, r] = at(x, y);
    const start = Math.max(0, Math.min(cols - text.length, c - Math.floor(text.length / 2)));
    for (let i = 0; i < text.length && start + i < cols; i++) grid[r][start + i] = text[i];
  };
  for (const o of sc.objectives) write(o.centre.x, o.centre.y, 'O');
  for (const f of sc.figures) {
    if (s.wounds[f.index] === 0) continue;
    write(s.x[f.index], s.y[f.index], f.id + (s.actor === f.index && s.phase !== PH_OVER ? '*' : ''));
  }
  const who = (i: number): string => {
    const f = sc.figures[i];
    const marks = [s.shaken[i] ? `S${s.shaken[i]}` : '', s.cowered[i] ? 'C' : '', s.disarmed[i] ? 'D' : '', s.cover[i] ? 'cover' : '', s.reserved[i] ? 'R' : '']
      .filter((x) => x)
      .join(' ');
    return `${f.id} ${f.type} w${s.wounds[i]}${marks ? ` [${marks}]` : ''}`;
  };
  const lines: string[] = [];
  const placed = new Set<number>();
  for (const a of t.areas) {
    const here = sc.figures.filter((f) => s.wounds[f.index] > 0 && !placed.has(f.index) && t.topAreaAt(s.x[f.index], s.y[f.index]) === a);
    const obj = sc.objectives.findIndex((o) => o.area === a);
    const objWords = obj >= 0 ? ` — objective worth ${sc.objectives[obj].value}` : '';
    if (here.length === 0 && obj < 0) continue;
    for (const f of here) placed.add(f.index);
    const held = obj >= 0 ? sc.figures.filter((f) => s.wounds[f.index] > 0 && onObjective(s, f.index, obj)).map((f) => f.id) : [];
    const extra = obj >= 0 && held.length > 0 && held.some((id) => !here.some((f) => f.id === id)) ? ` (standing in it: ${held.join(' ')})` : '';
    lines.push(`  ${areaWords(a)}${objWords}: ${here.length ? here.map((f) => who(f.index)).join(', ') : '—'}${extra}`);
  }
  const open = sc.figures.filter((f) => s.wounds[f.index] > 0 && !placed.has(f.index));
  if (open.length > 0) lines.push(`  open ground (${sc.ground}): ${open.map((f) => who(f.index)).join(', ')}`);
  const head = `Turn ${s.turn}, ${sc.sides[s.side].name} to act${s.actor >= 0 ? `: ${sc.figures[s.actor].id}, pool ${s.pool}` : ''}; side 1s this turn: ${s.ones}`;
  return [
    head,
    ...grid.map((l) => l.join('')),
    ...lines,
    '  . clear  : broken  % heavy  ~ difficult  # impassable  + cover  ^ hill  O objective; * acting; S shaken C cowered D disarmed R reserved',
  ].join('\n');
}
