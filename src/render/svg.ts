/**
 * A {@link Scene} as SVG: the table in inches (the viewBox is the table, so coordinates are the
 * rules' own), terrain polygons by kind, each named, exits, and every figure as a coloured base (a
 * disc, a long base when mounted, a square for a gun) with its kind's glyph or its band number, a
 * ring round the acting band, a thicker ring round the figure deciding, a cross on the dead, a
 * dashed edge on those running, and a small badge (e.g. `$` for booty). The HTML player
 * (src/render/html.ts) draws the same SVG once and then only changes each figure's attributes, to
 * the values {@link figureLook} gives, so a still frame and the player's frame are drawn alike.
 */
import type { Scene, SceneFigure } from '../core/scene.js';

/** A figure's move during one step, drawn as a faint line: from, to, side index. */
export type Trail = [x0: number, y0: number, x1: number, y1: number, side: number];

/** Options of {@link sceneToSvg}. */
export interface SvgOptions {
  /** Pixels per table unit for the width and height attributes (default 14 a inch, 14 / 2.54 a centimetre). */
  pxPerInch?: number;
  /**
   * The table's unit (the ruleset's `traits.units`; default inches). On a centimetre table margins,
   * lettering, lines, grid (10 cm) and ruler (every 20 cm) are drawn 2.54 times larger in table units,
   * so the picture looks the same size as an inch table's.
   */
  unit?: string;
  /** Moves made in the step shown. */
  trails?: Trail[];
  /** Write the caption and a legend under the table (default true; the HTML player shows its own). */
  legend?: boolean;
  /** Extra attributes on the root element, e.g. `id="table"`. */
  attrs?: string;
}

/** Margin round the table, inches (room for the ruler); times {@link unitScale} on other tables. */
const BASE_PAD = 2;

/** XML-escape text. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function n2(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** How one figure is drawn: what the SVG writes and the player sets, attribute by attribute. */
export interface FigureLook {
  /** The `class` attribute of the figure's group. */
  cls: string;
  /** Centre, rounded to hundredths of an inch. */
  x: number;
  y: number;
  /** The band number written on the base. */
  band: string;
  badge: string;
  /** The tooltip. */
  title: string;
}

/** How figure `f` of `scene` is drawn. */
export function figureLook(scene: Scene, f: SceneFigure): FigureLook {
  const si = Math.max(
    0,
    scene.sides.findIndex((s) => s.id === f.side),
  );
  const cls = ['fig', `s${si}`, `st-${/^[a-z]+$/.test(f.status) ? f.status : 'active'}`];
  if (!f.onTable) cls.push('off');
  if (f.highlighted) cls.push('hl');
  if (f.current) cls.push('cur');
  const side = scene.sides[si]?.name ?? f.side;
  const title = `${f.name === f.id ? f.id : `${f.name} (${f.id})`} — ${side}${f.kind ? `, ${f.kind}` : ''}${f.band !== null ? `, band ${f.band}` : ', no band'}; ${f.status}${f.markers.length ? `; ${f.markers.join(', ')}` : ''}`;
  return { cls: cls.join(' '), x: Math.round(f.x * 100) / 100, y: Math.round(f.y * 100) / 100, band: f.band ?? '', badge: f.badge, title };
}

/** Fill and edge colours of area kinds (the key `other` for kinds without their own). */
export const AREA_STYLE: Readonly<Record<string, readonly [fill: string, stroke: string]>> = {
  building: ['#a1887f', '#5d4037'],
  water: ['#a9cce3', '#7fb3d5'],
  broken: ['#d7c79e', '#a38f5d'],
  hill: ['#c5d6a4', '#8aa05c'],
  wood: ['#9ccc9c', '#4e8a4e'],
  cover: ['#d4b483', '#7a5c2e'],
  home: ['#c8a27a', '#6e4b2a'],
  objective: ['#f7dc6f', '#b7950b'],
  deploy: ['none', '#888'],
  open: ['none', '#c9bc9f'],
  other: ['#e3d9c2', '#b8a98c'],
};

/** What each area kind is, in a player's words (tooltips and legends); kinds without words are named by their label alone. */
export const AREA_WORDS: Readonly<Record<string, string>> = {
  building: 'buildings',
  water: 'water',
  broken: 'rough or slow ground',
  hill: 'hills',
  wood: 'woods',
  cover: 'cover',
  home: 'where a side starts or returns to',
  objective: 'the objective',
  open: 'open ground (an outline)',
  deploy: 'where a side deploys',
  other: 'other ground',
};

/** An area's tooltip: its name and, unless the name already says its effect (in brackets), what kind of ground it is. */
export function areaTitle(label: string, kind: string): string {
  const words = AREA_WORDS[kind];
  return words && !label.includes('(') ? `${label} — ${words}` : label;
}

/** The style sheet of the drawing (side colours from the scene). */
export function svgStyle(scene: Scene, k = 1): string {
  const areas = Object.entries(AREA_STYLE)
    .map(([k, [fill, stroke]]) => `.k-${k}{fill:${fill};stroke:${stroke}}`)
    .join('');
  const sides = scene.sides.map((s, i) => `.s${i} .base{fill:${s.colour}}.sw${i}{fill:${s.colour}}.tr${i}{stroke:${s.colour}}`).join('');
  return (
    scaleStyle(
      '.k-cover{stroke-dasharray:.25 .12}.tbl{fill:#efe6d2;stroke:#6b5b45;stroke-width:.08}.grid{stroke:#000;stroke-opacity:.07;stroke-width:.04}' +
        '.ruler{font:.7px sans-serif;fill:#6b5b45}.area{stroke-width:.08}.k-home{stroke-dasharray:.4 .2}.k-objective{fill-opacity:.8}' +
        '.alabel{font:italic .85px serif;fill:#3e2f22;text-anchor:middle;pointer-events:none}' +
        '.exit{fill:#6b5b45}.fig .base{stroke:#fff;stroke-width:.08}.fig .ring{fill:none;stroke:none}' +
        '.fig.hl .ring{stroke:#f1c40f;stroke-width:.18}.fig.cur .ring{stroke:#e67e22;stroke-width:.32}' +
        '.fig .band{font:bold .5px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}' +
        '.fig .glyph{font:bold .55px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}.fig.st-dead .glyph{display:none}' +
        '.fig .band.sub{font:bold .36px sans-serif;fill:#222;stroke:#fff;stroke-width:.06;paint-order:stroke;text-anchor:start}' +
        '.fig .badge{font:bold .6px sans-serif;fill:#1e8449;stroke:#fff;stroke-width:.1;paint-order:stroke;pointer-events:none}' +
        '.fig .cross{stroke:none;stroke-width:.15}.fig.st-dead .cross{stroke:#000}.fig.st-dead .base{fill:#9e9e9e;fill-opacity:.6}' +
        '.fig.st-dead .band{display:none}.fig.st-fleeing .base{stroke:#000;stroke-dasharray:.15 .1;fill-opacity:.55}' +
        '.fig.off{display:none}.trail{stroke-width:.12;stroke-opacity:.55;stroke-dasharray:.3 .15;fill:none}' +
        '.cap{font:.9px sans-serif;fill:#222}.leg{font:.7px sans-serif;fill:#333}',
      k,
    ) +
    areas +
    sides
  );
}

/** The style's lengths (font sizes, stroke widths, dashes) times k. */
function scaleStyle(css: string, k: number): string {
  if (k === 1) return css;
  const times = (v: string): string => n2(Number(v) * k);
  return css
    .replace(/(\d*\.?\d+)px/g, (_m, v: string) => `${times(v)}px`)
    .replace(/(stroke-width:)(\d*\.?\d+)/g, (_m, p: string, v: string) => `${p}${times(v)}`)
    .replace(/(stroke-dasharray:)(\d*\.?\d+) (\d*\.?\d+)/g, (_m, p: string, a: string, b: string) => `${p}${times(a)} ${times(b)}`);
}

/** The drawing scale of a table unit: 1 for inches, 2.54 for centimetres. */
export function unitScale(unit: string | undefined): number {
  return unit === 'cm' ? 2.54 : 1;
}

function centroid(points: [number, number][]): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/** A figure's base by its form: a disc (foot), a long rounded base (mounted), a square (a gun). */
function baseSvg(f: SceneFigure): string {
  const r = f.r;
  if (f.form === 'mounted')
    return `<rect class="base" x="${n2(-r * 1.15)}" y="${n2(-r * 0.72)}" width="${n2(r * 2.3)}" height="${n2(r * 1.44)}" rx="${n2(r * 0.3)}"/>`;
  if (f.form === 'gun')
    return `<rect class="base" x="${n2(-r * 0.88)}" y="${n2(-r * 0.88)}" width="${n2(r * 1.76)}" height="${n2(r * 1.76)}"/>`;
  return `<circle class="base" r="${n2(r)}"/>`;
}

/**
 * The figure's SVG group (attributes from {@link figureLook}): its base by form; on it its kind's
 * glyph when the scene gives one (the band number then small below the base, `band sub`), else its
 * band number.
 */
function figureSvg(scene: Scene, f: SceneFigure): string {
  const k = figureLook(scene, f);
  const r = f.r;
  const c = r * 0.7;
  const glyph = f.glyph ? f.glyph.slice(0, 2) : '';
  return (
    `<g id="f-${esc(f.id)}" data-id="${esc(f.id)}" class="${k.cls}" transform="translate(${n2(k.x)} ${n2(k.y)})"${f.kind ? ` data-kind="${esc(f.kind)}"` : ''}${glyph ? ` data-glyph="${esc(glyph)}"` : ''}>` +
    `<title>${esc(k.title)}</title>` +
    `<circle class="ring" r="${n2(r + 0.35)}"/>` +
    baseSvg(f) +
    `<path class="cross" d="M${n2(-c)} ${n2(-c)}L${n2(c)} ${n2(c)}M${n2(-c)} ${n2(c)}L${n2(c)} ${n2(-c)}"/>` +
    (glyph
      ? `<text class="glyph" y="${n2(r * 0.4)}">${esc(glyph)}</text><text class="band sub" x="${n2(-r * 0.9)}" y="${n2(r * 1.55)}">${esc(k.band)}</text>`
      : `<text class="band" y="${n2(r * 0.36)}">${esc(k.band)}</text>`) +
    `<text class="badge" x="${n2(r * 0.9)}" y="${n2(-r * 0.9)}">${esc(k.badge)}</text>` +
    '</g>'
  );
}

/** The moves lines of one step. */
export function trailsSvg(trails: readonly Trail[]): string {
  return trails
    .map(([x0, y0, x1, y1, s]) => `<line class="trail tr${s}" x1="${n2(x0)}" y1="${n2(y0)}" x2="${n2(x1)}" y2="${n2(y1)}"/>`)
    .join('');
}

/** The moves between two scenes of the same game (figures whose centre changed). */
export function trailsBetween(prev: Scene | null, next: Scene): Trail[] {
  if (!prev) return [];
  const out: Trail[] = [];
  next.figures.forEach((f, i) => {
    const p = prev.figures[i];
    if (!p || p.id !== f.id || !f.onTable || !p.onTable) return;
    if (Math.abs(p.x - f.x) + Math.abs(p.y - f.y) < 0.01) return;
    out.push([
      p.x,
      p.y,
      f.x,
      f.y,
      Math.max(
        0,
        next.sides.findIndex((s) => s.id === f.side),
      ),
    ]);
  });
  return out;
}

/** The scene as a complete SVG document (or element, for inlining in HTML). */
export function sceneToSvg(scene: Scene, opts: SvgOptions = {}): string {
  const k = unitScale(opts.unit);
  const PAD = BASE_PAD * k;
  const px = opts.pxPerInch ?? 14 / k;
  const legend = opts.legend ?? true;
  const W = scene.width;
  const H = scene.height;
  const extra = legend ? (2.4 + 1.1 * Math.ceil(scene.sides.length / 2)) * k : 0;
  const vbW = W + 2 * PAD;
  const vbH = H + 2 * PAD + extra;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-PAD} ${-PAD} ${n2(vbW)} ${n2(vbH)}" width="${Math.round(vbW * px)}" height="${Math.round(vbH * px)}"${opts.attrs ? ` ${opts.attrs}` : ''}>`,
  );
  parts.push(`<style>${svgStyle(scene, k)}</style>`);
  parts.push(`<rect class="tbl" x="0" y="0" width="${n2(W)}" height="${n2(H)}"/>`);
  const grid: string[] = [];
  const step = k === 1 ? 6 : 10;
  for (let x = step; x < W; x += step) grid.push(`M${x} 0V${n2(H)}`);
  for (let y = step; y < H; y += step) grid.push(`M0 ${y}H${n2(W)}`);
  parts.push(`<path class="grid" d="${grid.join('')}"/>`);
  const ruler: string[] = [];
  const every = 2 * step;
  for (let x = 0; x <= W; x += every) ruler.push(`<text class="ruler" x="${x}" y="${n2(-0.5 * k)}" text-anchor="middle">${x}</text>`);
  for (let y = 0; y <= H; y += every)
    ruler.push(`<text class="ruler" x="${n2(-0.4 * k)}" y="${n2(y + 0.25 * k)}" text-anchor="end">${y}</text>`);
  parts.push(`<g class="rulers">${ruler.join('')}</g>`);
  parts.push('<g class="areas">');
  for (const a of scene.areas) {
    const k = AREA_STYLE[a.kind] ? a.kind : 'other';
    parts.push(
      `<polygon class="area k-${k}" data-label="${esc(a.label)}" points="${a.points.map((p) => `${n2(p[0])},${n2(p[1])}`).join(' ')}"><title>${esc(areaTitle(a.label, k))}</title></polygon>`,
    );
  }
  parts.push('</g><g class="labels">');
  const labelled = new Set<string>();
  for (const a of scene.areas) {
    // Every area with a name is named on the table (a viewer may hide one too small to hold it: `data-w`, its width).
    if (['open', 'deploy'].includes(a.kind) || a.label.trim() === '' || labelled.has(a.label)) continue;
    labelled.add(a.label);
    const [cx, cy] = centroid(a.points);
    // A name and its effect in brackets ("the farmhouse (hard cover)") on two lines.
    const cut = a.label.indexOf(' (');
    const lines = cut > 0 ? [a.label.slice(0, cut), a.label.slice(cut + 1)] : [a.label];
    const longest = Math.max(1, ...lines.map((l) => l.length));
    // Shrink a long label to fit its area's width (about half an em per character).
    const xs = a.points.map((p) => p[0]);
    const w = Math.max(...xs) - Math.min(...xs);
    const fit = (w * 0.92) / (0.5 * longest);
    const size = Math.max(0.35 * k, Math.min(0.85 * k, fit));
    const body =
      lines.length === 1
        ? esc(a.label)
        : `<tspan x="${n2(cx)}" dy="-0.55em">${esc(lines[0])}</tspan><tspan x="${n2(cx)}" dy="1.1em">${esc(lines[1])}</tspan>`;
    parts.push(
      `<text class="alabel" data-kind="${esc(a.kind)}" data-w="${n2(w)}" data-chars="${longest}" x="${n2(cx)}" y="${n2(cy + size / 3)}"${size < 0.85 * k ? ` style="font-size:${n2(size)}px"` : ''}>${body}</text>`,
    );
  }
  parts.push('</g><g class="markers">');
  for (const m of scene.markers) {
    parts.push(`<circle class="exit" cx="${n2(m.x)}" cy="${n2(m.y)}" r="${n2(0.3 * k)}"><title>${esc(m.label)}</title></circle>`);
  }
  parts.push(`</g><g id="trails">${trailsSvg(opts.trails ?? [])}</g><g class="figures">`);
  for (const f of scene.figures) parts.push(figureSvg(scene, f));
  parts.push('</g>');
  if (legend) {
    let y = H + 1.3 * k;
    parts.push(`<text class="cap" x="0" y="${n2(y)}">${esc(scene.caption)}</text>`);
    y += 1.1 * k;
    const items = scene.sides.map(
      (s, i) =>
        `<circle class="sw${i}" cx="${n2(((i % 2) * 16 + 0.4) * k)}" cy="${n2(y + (Math.floor(i / 2) * 1.1 - 0.25) * k)}" r="${n2(0.4 * k)}"/><text class="leg" x="${n2(((i % 2) * 16 + 1.1) * k)}" y="${n2(y + Math.floor(i / 2) * 1.1 * k)}">${esc(s.name)}</text>`,
    );
    parts.push(items.join(''));
    const marks = scene.figures.some((f) => f.glyph) ? 'letter: kind · small number: band' : 'number: band';
    parts.push(`<text class="leg" x="${n2(32 * k)}" y="${n2(y)}">${marks} · ring: acting band · orange: deciding</text>`);
  }
  parts.push('</svg>');
  return parts.join('');
}
