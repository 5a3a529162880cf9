/**
 * The play page's table labels fitted to the screen (src/web/main.ts calls {@link fitLabels} after
 * every drawing, resize and zoom): texts kept readable, labels that would not fit left out (their
 * tooltips still name them), bases grown to carry their letter, and bands whose numbers are left out
 * tagged once beside their figures. Sizes are in table units (the SVG's user space) unless named px.
 */
import type { GameView } from '../serve/protocol.js';
import { baseFit, bandTags, type Box } from './tablefit.js';
import { SVG_NS, svgEl } from './dom.js';

/** The smallest label on the table, in screen pixels. */
const MIN_LABEL_PX = 10;

/**
 * Labels sized to the screen: every text of the table (not the overlay) at least
 * {@link MIN_LABEL_PX} on the screen at the current size and zoom (the renderer's own size when
 * larger). Reads every size first, then writes (one style recalculation).
 */
export function fitLabels(svg: SVGSVGElement | null, view: GameView | null): void {
  const m = svg?.getScreenCTM();
  if (!svg || !m || !(m.a > 0)) return;
  svg.querySelector('#bandtags')?.remove(); // made again below
  const texts = [...svg.querySelectorAll<SVGTextElement>('text')].filter((t) => !t.closest('#ov'));
  for (const t of texts) if (t.dataset.fs === undefined) t.dataset.fs = String(parseFloat(getComputedStyle(t).fontSize) || 0);
  const min = MIN_LABEL_PX / m.a;
  for (const t of texts) {
    const fs = Number(t.dataset.fs);
    const size = fs > 0 && fs < min ? min : fs;
    t.style.fontSize = size !== fs ? `${size}px` : '';
    t.style.display = hideLabel(t, size) ? 'none' : '';
    if (t.classList.contains('glyph')) fitBase(t, size, m.a);
  }
  unclutterAreaLabels(svg);
  tagBands(svg, m.a, view);
}

/**
 * A base that carries a letter drawn large enough on the screen for the letter to sit inside it (up
 * to a limit, src/web/tablefit.ts); the letter shown only when it fits.
 */
function fitBase(t: SVGTextElement, size: number, px: number): void {
  const fig = t.closest('.fig');
  const base = fig?.querySelector<SVGGraphicsElement>('.base');
  if (!fig || !base) return;
  const r = Number(base.getAttribute('r') ?? '0');
  const across = r > 0 ? 2 * r : Math.min(Number(base.getAttribute('width') ?? '0'), Number(base.getAttribute('height') ?? '0'));
  const fit = baseFit(across * px, size * px);
  for (const e of fig.querySelectorAll('.base, .ring, .cross')) {
    if (fit.factor > 1) e.setAttribute('transform', `scale(${fit.factor.toFixed(3)})`);
    else e.removeAttribute('transform');
  }
  fig.setAttribute('data-fit', fit.factor.toFixed(3));
  t.style.display = fit.letter ? '' : 'none';
}

/** The font size of a band's tag on the screen (px). */
const TAG_PX = 11;

/**
 * Each band whose numbers under its bases are left out named once, by a tag beside its figures
 * (src/web/tablefit.ts), clear of the area names shown and of every figure.
 */
function tagBands(svg: SVGSVGElement, px: number, v: GameView | null): void {
  if (!v) return;
  const hidden = new Set<string>();
  for (const t of svg.querySelectorAll<SVGTextElement>('.fig .band')) {
    const fig = t.closest('.fig');
    const id = fig?.getAttribute('data-id');
    if (id && t.style.display === 'none' && (t.textContent ?? '') !== '') hidden.add(id);
  }
  if (hidden.size === 0) return;
  const figs = v.figures.filter((f) => f.onTable && f.band !== null && hidden.has(f.id) && f.status !== 'dead');
  const avoid: Box[] = [];
  for (const t of svg.querySelectorAll<SVGTextElement>('text.alabel')) {
    if (t.style.display === 'none') continue;
    const b = t.getBBox();
    avoid.push({ x: b.x, y: b.y, w: b.width, h: b.height });
  }
  for (const f of v.figures) if (f.onTable) avoid.push({ x: f.x - f.r, y: f.y - f.r, w: 2 * f.r, h: 2 * f.r });
  const tags = bandTags(
    figs.map((f) => ({ x: f.x, y: f.y, r: f.r, band: f.band ?? '', side: f.side })),
    px,
    TAG_PX,
    avoid,
    v.width,
  );
  const g = document.createElementNS(SVG_NS, 'g');
  g.id = 'bandtags';
  const colour = new Map(v.sides.map((x) => [x.id, x.colour]));
  for (const t of tags) {
    const e = svgEl('text', {
      class: 'bandtag',
      x: t.x,
      y: t.y,
      'font-size': TAG_PX / px,
      'stroke-width': 3 / px,
      fill: colour.get(t.side) ?? '#1b2631',
      'data-tag': t.band,
    });
    e.textContent = t.text;
    g.appendChild(e);
  }
  const ov = svg.querySelector('#ov');
  if (ov) svg.insertBefore(g, ov);
  else svg.appendChild(g);
}

/**
 * Whether a table label at `size` (table units) is left out, to be read when zoomed in or in its
 * tooltip: a figure's label taller than its base or spilling far past it, a band number under a
 * base smaller than the number, an area's name much wider than its area.
 */
function hideLabel(t: SVGTextElement, size: number): boolean {
  const chars = (t.textContent ?? '').length;
  const fig = t.closest('.fig');
  if (fig) {
    const r = Number(fig.getAttribute('data-r') ?? '0') || figureRadius(fig);
    if (!(r > 0)) return false;
    // Hidden when taller than the base, or (a band number under it) than its radius, or spilling far past it.
    return size > (t.classList.contains('sub') ? r : 2 * r) || chars * 0.55 * size > 2.2 * r;
  }
  const w = Number(t.dataset.w ?? '0');
  return w > 0 && Number(t.dataset.chars ?? chars) * 0.5 * size > 1.15 * w;
}

/** Area names that would overlap one drawn before them are left out (their area's tooltip names them). */
function unclutterAreaLabels(svg: SVGSVGElement): void {
  // The objective and the homes first: the names the scenario's briefing uses.
  const rank = (t: SVGTextElement): number => ['objective', 'home'].indexOf(t.dataset.kind ?? '') + 1 || 3;
  const shown = [...svg.querySelectorAll<SVGTextElement>('text.alabel')]
    .filter((t) => t.style.display !== 'none')
    .sort((a, b) => rank(a) - rank(b));
  const boxes = shown.map((t) => t.getBBox());
  const kept: DOMRect[] = [];
  shown.forEach((t, i) => {
    const b = boxes[i];
    const hit = kept.some((k) => b.x < k.x + k.width && k.x < b.x + b.width && b.y < k.y + k.height && k.y < b.y + b.height);
    if (hit) t.style.display = 'none';
    else kept.push(b);
  });
}

/** A figure's base radius (table units) from its drawn base (a disc's r, or half a long base's width). */
function figureRadius(fig: Element): number {
  const base = fig.querySelector('.base');
  if (!base) return 0;
  const r = Number(base.getAttribute('r') ?? '0');
  const r2 = r > 0 ? r : Number(base.getAttribute('width') ?? '0') / 2;
  fig.setAttribute('data-r', String(r2));
  return r2;
}
