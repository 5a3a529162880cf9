/**
 * A {@link Scene} as an ASCII map for the terminal (`play`): one character per inch across and one
 * line per two inches down (about square on a terminal), a ruler in inches, and a legend.
 *
 * Figures are marked by side and band: the first side's bands are capital letters, the second
 * side's small letters (the legend says which letter is which band), a figure in no band shows its
 * side's mark, `!` is a figure running away. The band acting now is `*` and the figure deciding
 * now `@`; with colour on, figures keep their letters, coloured by side, the acting band is
 * drawn in reverse video instead and the deciding figure also underlined (the legend says so). The dead and those off the table are not drawn.
 * Markers that carry a glyph (Pig Wars' loose pigs) are drawn under the figures, named in the legend.
 */
import type { Scene, SceneFigure } from '../core/scene.js';

/** Options of {@link sceneToAscii}. */
export interface AsciiOptions {
  /** ANSI colours (for a terminal that shows them). Default false. */
  colour?: boolean;
  /** Characters per inch across (default 1). */
  perInch?: number;
  /** Inches per line down (default 2). */
  inchesPerLine?: number;
  /** The table's unit as the legend names it (`in` or `cm`, the ruleset's traits.units; default `in`). Scales are per that unit. */
  unit?: string;
}

/** Fill characters of area kinds, painted in this order (later kinds cover earlier ones). */
const FILL: [kind: string, ch: string, words: string][] = [
  ['deploy', ',', 'deployment'],
  ['home', '=', 'home'],
  ['objective', '$', 'objective'],
  ['broken', ':', 'broken ground'],
  ['hill', '^', 'hill'],
  ['wood', '&', 'wood'],
  ['cover', '%', 'cover'],
  ['water', '~', 'water'],
  ['building', '#', 'building'],
];

function inside(px: number, py: number, pts: [number, number][]): boolean {
  let c = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function bandOrder(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The letter of each band of each side: capitals for the first side, small letters for the others,
 * skipping the letters the sides use as marks. Keyed by `side\u0000band`.
 */
export function bandLetters(scene: Scene): Map<string, string> {
  const marks = new Set(scene.sides.map((s) => s.mark.toUpperCase()));
  const alphabet = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => !marks.has(c));
  const out = new Map<string, string>();
  scene.sides.forEach((side, i) => {
    const bands = [...new Set(scene.figures.filter((f) => f.side === side.id && f.band !== null).map((f) => f.band as string))].sort(
      bandOrder,
    );
    bands.forEach((b, k) => {
      const ch = alphabet[k % alphabet.length];
      out.set(`${side.id}\u0000${b}`, i === 0 ? ch : ch.toLowerCase());
    });
  });
  return out;
}

const ESC = '\u001b[';

/** The terrain part of the map, cached by table and areas (they rarely change during a game). */
const terrainCache = new Map<string, { grid: string[][]; legend: Map<string, string> }>();

function terrainGrid(
  scene: Scene,
  cols: number,
  rows: number,
  perInch: number,
  perLine: number,
): { grid: string[][]; legend: Map<string, string> } {
  const key = `${cols}x${rows}/${perInch}/${perLine}/${JSON.stringify(scene.areas)}`;
  const hit = terrainCache.get(key);
  if (hit) return hit;
  const layers = FILL.map(([kind, fill, words]) => ({ fill, words, kind, areas: scene.areas.filter((a) => a.kind === kind) })).filter(
    (l) => l.areas.length > 0,
  );
  const grid: string[][] = [];
  const legend = new Map<string, string>();
  for (let r = 0; r < rows; r++) {
    const line: string[] = [];
    const y = (r + 0.5) * perLine;
    for (let c = 0; c < cols; c++) {
      const x = (c + 0.5) / perInch;
      let ch = '.';
      for (const l of layers) {
        for (const a of l.areas) {
          if (!inside(x, y, a.points)) continue;
          ch = l.fill;
          if (!legend.has(l.fill)) legend.set(l.fill, l.kind === 'home' || l.kind === 'objective' ? a.label : l.words);
        }
      }
      line.push(ch);
    }
    grid.push(line);
  }
  // Objectives stay visible when other ground covers them (Escarmouche's objectives are a hill or a
  // bridge): their outline is drawn with the objective's mark over whatever is there.
  for (const a of scene.areas.filter((x) => x.kind === 'objective')) {
    const isIn = (r: number, c: number): boolean =>
      r >= 0 && r < rows && c >= 0 && c < cols && inside((c + 0.5) / perInch, (r + 0.5) * perLine, a.points);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (!isIn(r, c)) continue;
        if (isIn(r - 1, c) && isIn(r + 1, c) && isIn(r, c - 1) && isIn(r, c + 1)) continue;
        grid[r][c] = '$';
      }
    }
  }
  const objectives = scene.areas.filter((x) => x.kind === 'objective');
  if (objectives.length > 1) legend.set('$', `objectives: ${objectives.map((o) => o.label).join('; ')}`);
  if (terrainCache.size > 16) terrainCache.clear();
  const out = { grid, legend };
  terrainCache.set(key, out);
  return out;
}

/** The map and its legend as lines of text. */
export function sceneToAscii(scene: Scene, opts: AsciiOptions = {}): string {
  const perInch = opts.perInch ?? 1;
  const perLine = opts.inchesPerLine ?? 2;
  const colour = opts.colour ?? false;
  // 1e-9: a scale chosen as columns ÷ width (76 / 180) must not round up to one column more.
  const cols = Math.max(1, Math.ceil(scene.width * perInch - 1e-9));
  const rows = Math.max(1, Math.ceil(scene.height / perLine - 1e-9));
  const terrain = terrainGrid(scene, cols, rows, perInch, perLine);
  const grid = terrain.grid.map((l) => [...l]);
  const kindsSeen = terrain.legend;

  // Places the actions name (scene.places): a key character in each (its first free cell), listed below.
  const placeKeys: string[] = [];
  if (scene.places) {
    const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789';
    // Each key on a cell of its own: the first cell inside the area that no other key, no figure and
    // no objective outline takes; else the first inside at all; else (an area narrower than a cell:
    // a wall, a bridge) the free cell nearest its middle — so that every listed key is on the map.
    const cellOf = (x: number, y: number): number =>
      Math.min(rows - 1, Math.max(0, Math.floor(y / perLine))) * cols + Math.min(cols - 1, Math.max(0, Math.floor(x * perInch)));
    const figures = new Set(
      scene.figures
        .filter((f) => f.onTable && f.status !== 'dead' && f.status !== 'captured' && f.status !== 'gone')
        .map((f) => cellOf(f.x, f.y)),
    );
    const keyed = new Set<number>();
    scene.areas
      .filter((a) => a.kind !== 'objective')
      .forEach((a, i) => {
        const key = KEYS[i] ?? '?';
        let best = -1;
        let any = -1;
        for (let r = 0; r < rows && best < 0; r++) {
          for (let c = 0; c < cols && best < 0; c++) {
            const at = r * cols + c;
            if (keyed.has(at) || !inside((c + 0.5) / perInch, (r + 0.5) * perLine, a.points)) continue;
            if (grid[r][c] !== '$' && !figures.has(at)) best = at;
            else if (any < 0) any = at;
          }
        }
        if (best < 0) best = any;
        if (best < 0) {
          const mx = a.points.reduce((t, p) => t + p[0], 0) / a.points.length;
          const my = a.points.reduce((t, p) => t + p[1], 0) / a.points.length;
          let bestD = Infinity;
          for (let r = 0; r < rows; r++) {
            for (let c = 0; c < cols; c++) {
              const at = r * cols + c;
              if (keyed.has(at) || figures.has(at)) continue;
              const d = ((c + 0.5) / perInch - mx) ** 2 + ((r + 0.5) * perLine - my) ** 2;
              if (d < bestD) {
                bestD = d;
                best = at;
              }
            }
          }
        }
        if (best >= 0) {
          keyed.add(best);
          grid[Math.floor(best / cols)][best % cols] = key;
        }
        placeKeys.push(`${key} ${a.label}`);
      });
  }
  // Markers with a glyph (loose pigs): under the figures, over the ground.
  const markerWords = new Map<string, string[]>();
  for (const m of scene.markers) {
    if (!m.glyph) continue;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(m.x * perInch)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(m.y / perLine)));
    grid[r][c] = m.glyph;
    const kinds = markerWords.get(m.glyph) ?? [];
    if (!kinds.includes(m.kind)) kinds.push(m.kind);
    markerWords.set(m.glyph, kinds);
  }
  const letters = bandLetters(scene);
  const sideIndex = new Map(scene.sides.map((s, i) => [s.id, i]));
  const rank = (f: SceneFigure): number => (f.current ? 3 : f.highlighted ? 2 : 1);
  const cell: (SceneFigure | null)[][] = grid.map((l) => l.map(() => null));
  for (const f of scene.figures) {
    if (!f.onTable || f.status === 'dead' || f.status === 'captured' || f.status === 'gone') continue;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(f.x * perInch)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(f.y / perLine)));
    const there = cell[r][c];
    if (!there || rank(f) >= rank(there)) cell[r][c] = f;
  }
  const glyph = (f: SceneFigure): string => {
    if (f.status === 'fleeing') return '!';
    if (!colour && f.current) return '@';
    if (!colour && f.highlighted) return '*';
    const side = scene.sides[sideIndex.get(f.side) ?? 0];
    return f.band !== null ? (letters.get(`${f.side}\u0000${f.band}`) ?? '?') : (side?.mark ?? '?');
  };
  const paint = (f: SceneFigure, ch: string): string => {
    if (!colour) return ch;
    const codes = [(sideIndex.get(f.side) ?? 0) === 0 ? '31' : '36', '1'];
    if (f.highlighted || f.current) codes.push('7');
    if (f.current) codes.push('4');
    return `${ESC}${codes.join(';')}m${ch}${ESC}0m`;
  };

  // A digit (tens of units) in the column where each multiple of 10 units falls.
  const ruler = Array.from({ length: cols }, (_, c) => {
    const from = c / perInch;
    const tens = Math.ceil(from / 10 - 1e-9) * 10;
    return tens < (c + 1) / perInch - 1e-9 ? String((tens / 10) % 10) : ' ';
  }).join('');
  const out: string[] = [`    ${ruler}`];
  for (let r = 0; r < rows; r++) {
    const parts = grid[r].map((ch, c) => {
      const f = cell[r][c];
      return f ? paint(f, glyph(f)) : ch;
    });
    out.push(`${String(r * perLine).padStart(3)} ${parts.join('')}`);
  }

  // Legend: terrain, then each side's bands, then the markings.
  const terrainWords = [
    ...kindsSeen.entries(),
    ...[...markerWords.entries()].map(([ch, kinds]): [string, string] => [ch, kinds.join(', ')]),
  ].map(([ch, words]) => `${ch} ${words}`);
  const u = opts.unit === 'cm' ? 'cm' : 'in';
  const one = u === 'cm' ? 'centimetre' : 'inch';
  out.push(
    `    ${terrainWords.join('  ')}  (one character per ${perInch === 1 ? one : `${Math.round(100 / perInch) / 100} ${u}`} across, ${perLine} ${u} down; ruler every 10 ${u})`,
  );
  // Rules without bands (Escarmouche) get no talk of bands: figures are their side's mark.
  const hasBands = scene.figures.some((f) => f.band !== null);
  scene.sides.forEach((side) => {
    if (!hasBands) {
      out.push(`    ${side.name}: ${side.mark}`);
      return;
    }
    const bands = [...letters.entries()]
      .filter(([k]) => k.startsWith(`${side.id}\u0000`))
      .filter(([k]) =>
        scene.figures.some((f) => `${f.side}\u0000${f.band}` === k && f.onTable && (f.status === 'active' || f.status === 'fleeing')),
      )
      .map(([k, ch]) => `${ch}=${k.slice(side.id.length + 1)}`);
    out.push(`    ${side.name}: ${side.mark} in no band${bands.length ? `; bands ${bands.join(' ')}` : ''}`);
  });
  if (placeKeys.length) {
    // The key, wrapped to about the map's width.
    let line = '    places:';
    for (const k of placeKeys) {
      if (line.length + k.length + 2 > Math.max(72, cols + 4)) {
        out.push(`${line},`);
        line = '           ';
      } else if (!line.endsWith(':')) line += ',';
      line += ` ${k}`;
    }
    out.push(line);
  }
  const acting = scene.figures.find((f) => f.highlighted || f.current);
  const marks = scene.figures.some((f) => f.status === 'fleeing') || hasBands ? ['! running'] : [];
  if (acting) {
    const cur = scene.figures.find((f) => f.current);
    if (acting.band === null && !hasBands) {
      if (cur) marks.push(colour ? `reverse video, underlined: ${cur.id} deciding` : `@ ${cur.id} deciding`);
      else marks.push(colour ? `reverse video: ${acting.id} acting` : `* ${acting.id} acting`);
    } else {
      // The acting band by its letter and name, as the legend's bands and play's choices ([A]) name it.
      const letter = acting.band !== null ? letters.get(`${acting.side}\u0000${acting.band}`) : undefined;
      const band = letter !== undefined ? `${letter}=${acting.band}` : (acting.band ?? '?');
      marks.push(
        colour
          ? `reverse video: band ${band} acting${cur ? `, underlined: ${cur.id} deciding` : ''}`
          : `* band ${band} acting${cur ? `, @ ${cur.id} deciding` : ''}`,
      );
    }
  }
  if (marks.length) out.push(`    ${marks.join('; ')}`);
  return out.join('\n');
}
