/**
 * Small, dependency-free SVG charts for reports: dots with interval whiskers, grouped bars with
 * whiskers, and a histogram. Each function returns a complete standalone SVG document.
 */

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';
const COLOURS = ['#3366cc', '#dc6f18', '#2a9d5c', '#9c3fb8', '#c23b3b', '#6b7a8f'];

/** Escape text for SVG. */
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(Math.abs(x) < 1 ? 2 : 0);
}

/** About five round tick values covering [lo, hi]. */
export function ticks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.round(t / step) * step);
  return out;
}

function doc(width: number, height: number, body: string[], title: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${esc(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** One row of a dot-and-whisker chart. */
export interface WhiskerRow {
  label: string;
  value: number;
  low: number;
  high: number;
  /** Draw in the secondary colour (e.g. the side-advantage term). */
  secondary?: boolean;
}

/** Horizontal dots with interval whiskers, one row per item (ratings with intervals). */
export function dotWhiskerChart(title: string, rows: readonly WhiskerRow[], xLabel: string): string {
  const labelW = Math.min(260, 20 + 7 * Math.max(8, ...rows.map((r) => r.label.length)));
  const plotW = 460;
  const rowH = 26;
  const top = 40;
  const width = labelW + plotW + 40;
  const height = top + rows.length * rowH + 50;
  let lo = Math.min(0, ...rows.map((r) => r.low));
  let hi = Math.max(0, ...rows.map((r) => r.high));
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.05;
  lo -= pad;
  hi += pad;
  const X = (v: number): number => labelW + ((v - lo) / (hi - lo)) * plotW;
  const body: string[] = [];
  const bottom = top + rows.length * rowH;
  for (const t of ticks(lo, hi)) {
    body.push(
      `<line x1="${X(t).toFixed(1)}" y1="${top - 6}" x2="${X(t).toFixed(1)}" y2="${bottom}" stroke="${t === 0 ? '#888' : '#e3e3e3'}"/>`,
    );
    body.push(`<text x="${X(t).toFixed(1)}" y="${bottom + 16}" text-anchor="middle" fill="#444">${fmt(t)}</text>`);
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    const c = r.secondary ? COLOURS[1] : COLOURS[0];
    body.push(`<text x="${labelW - 8}" y="${y + 4}" text-anchor="end">${esc(r.label)}</text>`);
    body.push(`<line x1="${X(r.low).toFixed(1)}" y1="${y}" x2="${X(r.high).toFixed(1)}" y2="${y}" stroke="${c}" stroke-width="2"/>`);
    for (const v of [r.low, r.high])
      body.push(`<line x1="${X(v).toFixed(1)}" y1="${y - 5}" x2="${X(v).toFixed(1)}" y2="${y + 5}" stroke="${c}" stroke-width="2"/>`);
    body.push(
      `<circle cx="${X(r.value).toFixed(1)}" cy="${y}" r="5" fill="${c}"><title>${esc(`${r.label}: ${fmt(r.value)} [${fmt(r.low)}, ${fmt(r.high)}]`)}</title></circle>`,
    );
  });
  body.push(`<text x="${labelW + plotW / 2}" y="${bottom + 36}" text-anchor="middle" fill="#444">${esc(xLabel)}</text>`);
  return doc(width, height, body, title);
}

/** A bar with an interval. */
export interface Bar {
  value: number;
  low: number;
  high: number;
}

/** A group of bars (one per series) under one label. */
export interface BarGroup {
  label: string;
  bars: Bar[];
}

/** Width of one character of the charts' 12px sans-serif text, generously (px). */
const CHAR_W = 7.2;
/** Longest line of a bar group's label, in characters. */
const LABEL_CHARS = 22;

/** Split a label into lines of at most `max` characters, at spaces where possible (at most 3 lines). */
export function wrapLabel(label: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of label.split(' ')) {
    let w = word;
    while (w.length > max) {
      if (line) out.push(line);
      out.push(w.slice(0, max));
      line = '';
      w = w.slice(max);
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= max) line += ` ${w}`;
    else {
      out.push(line);
      line = w;
    }
  }
  if (line) out.push(line);
  return out.length > 3 ? [...out.slice(0, 2), `${out[2].slice(0, max - 1)}…`] : out;
}

/**
 * Vertical bars from 0 to `yMax` (rates: 1), grouped, with interval whiskers and a legend naming
 * the series (win rate by side).
 */
export function groupedBarChart(title: string, groups: readonly BarGroup[], series: readonly string[], yLabel: string, yMax = 1): string {
  const per = Math.max(1, series.length);
  const barW = 26;
  // Each group is at least as wide as its label's longest line, so labels never run together.
  const lines = groups.map((g) => wrapLabel(g.label, LABEL_CHARS));
  const longest = Math.max(0, ...lines.flat().map((l) => l.length));
  const groupW = Math.max(per * barW + 30, Math.ceil(longest * CHAR_W) + 16);
  const left = 60;
  const top = 50;
  const plotH = 240;
  const width = Math.max(360, left + groups.length * groupW + 30);
  const labelRows = Math.max(1, ...lines.map((l) => l.length));
  const height = top + plotH + 30 + labelRows * 14 + 20;
  const Y = (v: number): number => top + plotH - (Math.max(0, Math.min(yMax, v)) / yMax) * plotH;
  const body: string[] = [];
  for (const t of ticks(0, yMax)) {
    body.push(`<line x1="${left}" y1="${Y(t).toFixed(1)}" x2="${width - 20}" y2="${Y(t).toFixed(1)}" stroke="#e3e3e3"/>`);
    body.push(
      `<text x="${left - 6}" y="${(Y(t) + 4).toFixed(1)}" text-anchor="end" fill="#444">${yMax === 1 ? `${Math.round(t * 100)}%` : fmt(t)}</text>`,
    );
  }
  if (yMax === 1)
    body.push(
      `<line x1="${left}" y1="${Y(0.5).toFixed(1)}" x2="${width - 20}" y2="${Y(0.5).toFixed(1)}" stroke="#999" stroke-dasharray="4 3"/>`,
    );
  groups.forEach((g, gi) => {
    const x0 = left + 15 + gi * groupW + (groupW - 30 - per * barW) / 2;
    g.bars.forEach((b, bi) => {
      const x = x0 + bi * barW;
      const c = COLOURS[bi % COLOURS.length];
      body.push(
        `<rect x="${x}" y="${Y(b.value).toFixed(1)}" width="${barW - 4}" height="${(Y(0) - Y(b.value)).toFixed(1)}" fill="${c}" fill-opacity="0.8"><title>${esc(`${g.label} — ${series[bi] ?? ''}: ${(b.value * (yMax === 1 ? 100 : 1)).toFixed(1)}${yMax === 1 ? '%' : ''}`)}</title></rect>`,
      );
      const cx = x + (barW - 4) / 2;
      body.push(`<line x1="${cx}" y1="${Y(b.low).toFixed(1)}" x2="${cx}" y2="${Y(b.high).toFixed(1)}" stroke="#222" stroke-width="1.5"/>`);
      for (const v of [b.low, b.high])
        body.push(`<line x1="${cx - 4}" y1="${Y(v).toFixed(1)}" x2="${cx + 4}" y2="${Y(v).toFixed(1)}" stroke="#222" stroke-width="1.5"/>`);
    });
    lines[gi].forEach((w, wi) =>
      body.push(`<text x="${x0 + (per * barW) / 2}" y="${top + plotH + 16 + wi * 14}" text-anchor="middle">${esc(w)}</text>`),
    );
  });
  body.push(
    `<text x="16" y="${top + plotH / 2}" text-anchor="middle" transform="rotate(-90 16 ${top + plotH / 2})" fill="#444">${esc(yLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const x = left + i * 150;
    body.push(`<rect x="${x}" y="30" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}" fill-opacity="0.8"/>`);
    body.push(`<text x="${x + 16}" y="40">${esc(s)}</text>`);
  });
  return doc(width, height, body, title);
}

/** A histogram of counts per bin (`x` = the bin's lower edge, `width` = bin width). */
export function histogramChart(title: string, bins: readonly { x: number; count: number }[], width: number, xLabel: string): string {
  const left = 60;
  const top = 40;
  const plotW = 520;
  const plotH = 220;
  const W = left + plotW + 30;
  const H = top + plotH + 50;
  const body: string[] = [];
  if (bins.length === 0) {
    body.push(`<text x="${W / 2}" y="${top + plotH / 2}" text-anchor="middle" fill="#666">no games</text>`);
    return doc(W, H, body, title);
  }
  const lo = bins[0].x;
  const hi = bins[bins.length - 1].x + width;
  const maxC = Math.max(...bins.map((b) => b.count));
  const X = (v: number): number => left + ((v - lo) / (hi - lo)) * plotW;
  const Y = (c: number): number => top + plotH - (c / maxC) * plotH;
  for (const t of ticks(0, maxC)) {
    body.push(`<line x1="${left}" y1="${Y(t).toFixed(1)}" x2="${left + plotW}" y2="${Y(t).toFixed(1)}" stroke="#e3e3e3"/>`);
    body.push(`<text x="${left - 6}" y="${(Y(t) + 4).toFixed(1)}" text-anchor="end" fill="#444">${fmt(t)}</text>`);
  }
  for (const b of bins) {
    const x = X(b.x);
    const w = Math.max(1, X(b.x + width) - x - 1);
    body.push(
      `<rect x="${x.toFixed(1)}" y="${Y(b.count).toFixed(1)}" width="${w.toFixed(1)}" height="${(Y(0) - Y(b.count)).toFixed(1)}" fill="${COLOURS[0]}" fill-opacity="0.8"><title>${esc(`${b.x}${width > 1 ? `–${b.x + width - 1}` : ''}: ${b.count}`)}</title></rect>`,
    );
  }
  for (const t of ticks(lo, hi))
    body.push(
      `<text x="${X(t + (width === 1 ? 0.5 : 0)).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle" fill="#444">${fmt(t)}</text>`,
    );
  body.push(`<text x="${left + plotW / 2}" y="${top + plotH + 38}" text-anchor="middle" fill="#444">${esc(xLabel)}</text>`);
  body.push(
    `<text x="16" y="${top + plotH / 2}" text-anchor="middle" transform="rotate(-90 16 ${top + plotH / 2})" fill="#444">games</text>`,
  );
  return doc(W, H, body, title);
}
