/**
 * The legend of the table the page shows, per game: what the drawing of THIS scenario holds (read
 * from its SVG, src/render/svg.ts) — the sides, the kinds of figure with their glyph and base, the
 * kinds of terrain with their colour and the names of the places, the marked points, the badges the
 * ruleset draws — and the marks of the overlay. Pure (no DOM), so tests run it without a browser;
 * like the rest of src/web/, it names no ruleset.
 */
import type { SceneBadge } from '../core/scene.js';
import { AREA_STYLE, AREA_WORDS } from '../render/svg.js';
import { esc } from './panel.js';

/** What the drawn table holds, as the page reads it from the SVG. */
export interface DrawnTable {
  /** Each area: its kind (the renderer's class `k-<kind>`) and its name (its tooltip). */
  areas: { kind: string; label: string }[];
  /** Each marked point's tooltip ("exit 1", "pig 2", "the barrel of lamp-oil"). */
  markers: string[];
  /** Each figure: side id, kind words, glyph, base form ('foot', 'mounted', 'gun'). */
  figures: { side: string; kind: string; glyph: string; form: string }[];
  /** True when some figure is drawn with a band number. */
  banded: boolean;
}

/** Undo the renderer's XML escapes. */
function unesc(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * What the table's SVG (as src/render/svg.ts writes it) holds: its areas' kinds and names, its
 * marked points, its figures' kinds, glyphs and base forms (`sides` maps a figure id to its side).
 */
export function drawnTable(svg: string, sides: ReadonlyMap<string, string>): DrawnTable {
  const t: DrawnTable = { areas: [], markers: [], figures: [], banded: /<text class="band[^"]*"[^>]*>[^<]+<\/text>/.test(svg) };
  for (const m of svg.matchAll(/<polygon class="area k-([\w-]+)" data-label="([^"]*)"/g)) t.areas.push({ kind: m[1], label: unesc(m[2]) });
  for (const m of svg.matchAll(/<circle class="exit"[^>]*><title>([^<]*)<\/title>/g)) t.markers.push(unesc(m[1]));
  for (const m of svg.matchAll(
    /<g id="f-[^"]*" data-id="([^"]*)"[^>]*?(?: data-kind="([^"]*)")?(?: data-glyph="([^"]*)")?>.*?<\/title>.*?<(circle|rect) class="base"([^>]*)>/g,
  )) {
    const form = m[4] === 'circle' ? 'foot' : / rx="/.test(m[5]) ? 'mounted' : 'gun';
    const id = unesc(m[1]);
    t.figures.push({ side: sides.get(id) ?? '', kind: unesc(m[2] ?? ''), glyph: unesc(m[3] ?? ''), form });
  }
  return t;
}

/** A marked point's words without its number ("exit 3" → "exit"). */
function markerKind(label: string): string {
  return label.replace(/\s*\d+$/, '').trim();
}

/** The legend (HTML) of game table `t` for sides `sides` (the person's `human`), with the ruleset's badges and the table's units. */
export function legendHtml(
  t: DrawnTable,
  sides: readonly { id: string; name: string; colour: string }[],
  human: string,
  badges: readonly SceneBadge[],
  units: string,
): string {
  const out: string[] = [];
  for (const s of sides)
    out.push(`<div><span class="sw" style="background:${esc(s.colour)}"></span>${esc(s.name)}${s.id === human ? ' (you)' : ' (AI)'}</div>`);
  // Figures by kind: glyph, base, and which sides field them.
  const kinds = new Map<string, { glyph: string; form: string; sides: Set<string> }>();
  for (const f of t.figures) {
    if (!f.kind) continue;
    const k = kinds.get(f.kind) ?? { glyph: f.glyph, form: f.form, sides: new Set<string>() };
    k.sides.add(f.side);
    kinds.set(f.kind, k);
  }
  if (kinds.size > 0) {
    const items = [...kinds.entries()].map(([kind, k]) => {
      const form = k.form === 'mounted' ? ' (long base)' : k.form === 'gun' ? ' (square base)' : '';
      const who =
        k.sides.size < sides.length ? ` — ${[...k.sides].map((id) => esc(sides.find((s) => s.id === id)?.name ?? id)).join(', ')}` : '';
      return `<span class="kind"><b class="glyph">${esc(k.glyph || '·')}</b> ${esc(kind)}${form}${who}</span>`;
    });
    out.push(`<div class="kinds"><b>Figures</b> (the letter on a base): ${items.join(' · ')}</div>`);
  }
  const band = !t.banded
    ? ''
    : kinds.size > 0
      ? 'small number under a base: its band (when zoomed in) · '
      : 'number on a base: its band · ';
  out.push(
    `<div>${band}yellow ring: the band acting · orange ring: the figure deciding · grey with a cross: dead · dashed edge: running</div>`,
  );
  if (badges.length > 0)
    out.push(
      `<div>beside a figure: ${badges.map((b) => `<b>${esc(b.mark.replace('#', 'n'))}</b> ${esc(b.words.replace(/#/g, 'n'))}`).join(' · ')}</div>`,
    );
  // Terrain by kind: a swatch in the table's colours and the places of that kind by name.
  const areas = new Map<string, string[]>();
  for (const a of t.areas) {
    const names = areas.get(a.kind) ?? [];
    if (a.label && !names.includes(a.label)) names.push(a.label);
    areas.set(a.kind, names);
  }
  if (areas.size > 0) {
    const rows = [...areas.entries()].map(([kind, names]) => {
      const [fill, stroke] = AREA_STYLE[kind] ?? AREA_STYLE.other;
      const shown = names.slice(0, 4).map(esc).join(', ') + (names.length > 4 ? ` and ${names.length - 4} more` : '');
      return `<div><span class="sw sq" style="background:${esc(fill === 'none' ? 'transparent' : fill)};border-color:${esc(stroke)}"></span><b>${esc(AREA_WORDS[kind] ?? kind)}</b>${shown ? `: ${shown}` : ''}</div>`;
    });
    out.push(`<div class="terrain"><b>Terrain</b> (its name and effect on hover)${rows.join('')}</div>`);
  }
  const marks = [...new Set(t.markers.map(markerKind).filter((m) => m !== ''))];
  if (marks.length > 0) out.push(`<div><span class="sw mk"></span>small brown dots: ${marks.map(esc).join(', ')}</div>`);
  out.push(
    '<div>every decision is on the table — numbered white marks: where a move ends; labelled boxes: beside the figure or band they concern (red: at that enemy), or in the purple strip at the top-left when they concern nothing on the table; green: the rules’ suggestion (★) — click one to give that order</div>' +
      '<div>selected figure: <span style="color:#2471a3">blue ring</span> its move, <span style="color:#c0392b">red dashed</span> charge, <span style="color:#1e8449">green dotted</span> weapon range and lines to enemies in sight</div>' +
      '<div>the AI’s turn, until your next decision: <span style="color:#1b2631">dashed line</span> a figure’s move (from the small ring to the arrow), <span style="color:#c0392b">red</span> a charge or a melee, <span style="color:#7f8c8d">grey dotted</span> a run or a push back, <span style="color:#d35400">orange dashed</span> a shot, with its result above the target (faded: its earlier decisions)</div>' +
      `<div>distances in ${esc(units)}</div>`,
  );
  return out.join('');
}
