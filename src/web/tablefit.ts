/**
 * Figures legible on a small table (pure, no DOM; src/web/main.ts applies it after sizing the
 * labels): a base that carries a letter (its kind's glyph, at least 10 px on the screen) is drawn
 * large enough on the screen for the letter to sit inside it — up to {@link MAX_BASE_FACTOR} times
 * its true size, so that figures in close order still read as separate bases; a base too small
 * even then leaves its letter to the tooltip and the zoom. Where the bands' numbers under each base
 * do not fit, each band is named once, by a tag beside its figures, tags never overlapping one
 * another.
 */

/** How much larger than the letter's font size a base is drawn across, at least (when it may be). */
export const BASE_PER_FONT = 1.5;
/** The most a base is enlarged on the screen (beyond, it would cover its neighbours in close order). */
export const MAX_BASE_FACTOR = 1.25;
/** A letter shows on its base when the base, as drawn, is at least this many times the letter's font size across. */
export const LETTER_FITS = 1.1;

/**
 * How a base that carries a letter is drawn: the factor its true size is scaled by on the screen
 * (1 when it is large enough already), and whether its letter shows. `acrossPx`: the base's true
 * smaller extent on the screen (a disc's diameter, a long base's depth); `fontPx`: the letter's size.
 */
export function baseFit(acrossPx: number, fontPx: number): { factor: number; letter: boolean } {
  if (!(acrossPx > 0) || !(fontPx > 0)) return { factor: 1, letter: false };
  const factor = Math.min(MAX_BASE_FACTOR, Math.max(1, (BASE_PER_FONT * fontPx) / acrossPx));
  return { factor, letter: acrossPx * factor >= LETTER_FITS * fontPx };
}

/** A figure as the band tags need it: where it stands (table units), its base radius, its band and side. */
export interface TagFigure {
  x: number;
  y: number;
  r: number;
  band: string;
  side: string;
}

/** One band's tag: its words and where it is written (table units; `x`, `y` the text's start on its baseline). */
export interface BandTag {
  band: string;
  side: string;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One tag per band of `figs` (by side and band), written just above the band's figures at their
 * left (within the table's `width`), at `fontPx` on the screen (`px` screen pixels per table unit);
 * a tag that would overlap another, or one of `avoid` (boxes in table units), is tried below the
 * band instead, then left out.
 */
export function bandTags(figs: readonly TagFigure[], px: number, fontPx: number, avoid: readonly Box[] = [], width = Infinity): BandTag[] {
  if (!(px > 0)) return [];
  const size = fontPx / px;
  const groups = new Map<string, TagFigure[]>();
  for (const f of figs) {
    if (f.band === '') continue;
    const key = `${f.side}\u0000${f.band}`;
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  const kept: Box[] = [...avoid];
  const out: BandTag[] = [];
  for (const g of groups.values()) {
    const text = `band ${g[0].band}`;
    const w = text.length * 0.58 * size;
    // At the band's left, kept on the table (`width` wide) when the band stands at its right edge.
    const left = Math.max(0, Math.min(Math.min(...g.map((f) => f.x - f.r)), width - w));
    const top = Math.min(...g.map((f) => f.y - f.r));
    const bottom = Math.max(...g.map((f) => f.y + f.r));
    const h = size * 1.1;
    for (const y of [top - 0.25 * size, bottom + size]) {
      const box = { x: left, y: y - size, w, h };
      if (kept.some((k) => overlaps(k, box))) continue;
      kept.push(box);
      out.push({ band: g[0].band, side: g[0].side, text, x: left, y, w, h });
      break;
    }
  }
  return out;
}

/** A box: its top-left corner (x, y) and its size (w, h), all in one unit (the caller's). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Whether two boxes overlap (sharing an edge is not overlapping). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
