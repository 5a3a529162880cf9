/**
 * Every decision of the person placed on the table, as pure functions of the server's view (no DOM,
 * so tests run them without a browser; like the rest of src/web/, it names no ruleset). Battle for
 * Wesnoth's way: a place is a numbered mark where the move ends; an attack is a labelled control
 * beside the enemy it names; a decision about one's own figure or band (choose the band, hold, load,
 * stop, a group move's "each figure on its own") is a labelled control beside that figure or band;
 * a decision that concerns nothing on the table (pass, end the turn) is a control beside the figure
 * deciding now or, when none is, in a marked strip at the top-left corner of the table as shown. The action list
 * of the side panel offers the same decisions; nothing here needs it.
 *
 * Sizes: table units (the scene's, inches or cm) for places, and for the labelled controls screen
 * pixels divided by `pxPerUnit` (the table's drawing scale now), so their labels stay readable at
 * any zoom.
 */
import type { ActionView, FigureView, GameView } from '../serve/protocol.js';
import { type Box, overlaps } from './tablefit.js';

/**
 * What a control stands for on the table; `band`: a band whose orders are not shown now (band
 * orders, where the decision is which band acts): a click on it shows them, and decides nothing.
 */
export type ControlKind = 'place' | 'enemy' | 'own' | 'side' | 'band';

/** One decision as the table shows it. */
export interface TableControl {
  /** The action's key; for a `band` control, the key of the choice that sets the band acting (its orders' `band.key`). */
  key: string;
  /** Its number in the action list (1-based), shown on the mark. */
  n: number;
  words: string;
  /** Short words drawn on a labelled control (empty for a place mark). */
  label: string;
  kind: ControlKind;
  suggested: boolean;
  /** The figures it names (for hover rings and the selection's emphasis). */
  figures: string[];
  /** The figure it stands beside (enemy or own), or null for places and the table-side strip. */
  beside: string | null;
  /** A place mark: its centre (table units). A labelled control: its box's top-left corner. */
  x: number;
  y: number;
  /** A labelled control's box (table units); a place mark's diameter. */
  w: number;
  h: number;
  /** A place mark: the point the move ends at (where the mark stands unless others crowd it there). */
  at?: [number, number];
}

/** Screen pixels of a labelled control: text size, height, width of a character, gap. */
const FONT_PX = 12;
const ROW_PX = 18;
const CHAR_PX = 6.8;
const PAD_PX = 8;
const LABEL_MAX = 34;

/** Where a crowded place mark may stand, nearest first: a grid of half a mark round its point, out to twelve marks (in marks). */
const SPOTS: readonly [number, number][] = (() => {
  const out: [number, number][] = [];
  for (let i = -24; i <= 24; i++) for (let j = -24; j <= 24; j++) if (Math.hypot(i, j) <= 24) out.push([i / 2, j / 2]);
  return out.sort((a, b) => Math.hypot(a[0], a[1]) - Math.hypot(b[0], b[1]));
})();

/** The font size of a labelled control's text in table units at `pxPerUnit`. */
export function controlFont(pxPerUnit: number): number {
  return FONT_PX / pxPerUnit;
}

/**
 * An action's words made short enough for a control on the table: what is in parentheses and after
 * the first comma left out (the tooltip has all the words), cut to {@link LABEL_MAX} characters, and any odds it states (a
 * percentage) kept at the end.
 */
export function shortLabel(words: string): string {
  let s = words;
  for (let i = 0; i < 3; i++) s = s.replace(/\s*\([^()]*\)/g, '');
  s = s.replace(/\s+/g, ' ').trim();
  // The first clause only (details follow a comma), without a preposition its parentheses had ended.
  s = s.split(', ')[0].replace(/\s+(at|to|from|in)$/, '');
  if (s.length > LABEL_MAX) s = `${s.slice(0, LABEL_MAX - 1).trimEnd()}…`;
  const odds = /\b\d+%/.exec(words)?.[0];
  if (odds && !s.includes(odds)) s += ` · ${odds}`;
  return s;
}

/** Of `figs`, the one nearest to point (x, y). */
function nearest(figs: FigureView[], x: number, y: number): FigureView {
  let best = figs[0];
  for (const f of figs) if (Math.hypot(f.x - x, f.y - y) < Math.hypot(best.x - x, best.y - y)) best = f;
  return best;
}

function centroid(figs: FigureView[]): [number, number] {
  return [figs.reduce((s, f) => s + f.x, 0) / figs.length, figs.reduce((s, f) => s + f.y, 0) / figs.length];
}

/**
 * With band orders, where the decision is which band acts ({@link ActionView.band}): the band whose
 * orders the table shows — `focus` (a band's key, as a click on its `band` control gives it) when
 * some order names it, else the suggested order's band, else the first band's. Null when no
 * action names a band.
 */
export function shownBand(v: GameView, focus: string | null = null): string | null {
  if (focus !== null && v.actions.some((a) => a.band?.key === focus)) return focus;
  return v.actions.find((a) => a.suggested && a.band)?.band?.key ?? v.actions.find((a) => a.band)?.band?.key ?? null;
}

/**
 * Where each of the person's actions goes on the table now (none when it is not the person's
 * decision). With band orders naming their bands, only the orders of the band {@link shownBand}
 * gives (`focus`) have controls; every other band has one `band` control beside its figures. `pxPerUnit` is the table's drawing scale on the screen; `k` the mark size in table
 * units (1 for inches, 2.54 for centimetres); `corner` the top-left corner of the part of the
 * table shown (zoomed in), where the table-side strip stands (its heading's row first). Labelled controls never overlap one another nor a
 * place mark; place marks that would cover each other are set side by side.
 */
export function tableControls(
  v: GameView,
  pxPerUnit: number,
  k: number,
  corner: readonly [number, number] = [0, 0],
  focus: string | null = null,
): TableControl[] {
  if (v.turn !== 'you' || !(pxPerUnit > 0)) return [];
  const onTable = new Map(v.figures.filter((f) => f.onTable).map((f) => [f.id, f]));
  const acting = v.figures.filter((f) => f.onTable && f.side === v.human && (f.current || f.highlighted));
  const current = acting.find((f) => f.current) ?? null;
  const u = 1 / pxPerUnit;
  const rowH = ROW_PX * u;
  const gap = 3 * u;
  const out: TableControl[] = [];
  const placed: Box[] = [];

  // Labelled controls first (each beside its figure), then place marks around them.
  const labelled: { a: ActionView; n: number; kind: ControlKind; beside: FigureView | null }[] = [];
  const places: { a: ActionView; n: number; at: [number, number] }[] = [];
  const band = shownBand(v, focus);
  const others = new Set<string>();
  v.actions.forEach((a, i) => {
    if (a.band && a.band.key !== band) {
      // Another band's orders: one control beside the band (its first order stands for it).
      if (others.has(a.band.key)) return;
      others.add(a.band.key);
      const own = a.band.figures.map((id) => onTable.get(id)).filter((f): f is FigureView => f !== undefined);
      const stand: ActionView = {
        key: a.band.key,
        words: `${a.band.words}: its orders`,
        targets: { figures: a.band.figures, at: null },
        suggested: false,
      };
      const [cx, cy] = own.length > 0 ? centroid(own) : [0, 0];
      labelled.push({ a: stand, n: i + 1, kind: 'band', beside: own.length > 0 ? nearest(own, cx, cy) : null });
      return;
    }
    const t = a.targets;
    if (t?.at) {
      places.push({ a, n: i + 1, at: t.at });
      return;
    }
    const named = (t?.figures ?? []).map((id) => onTable.get(id)).filter((f): f is FigureView => f !== undefined);
    const enemies = named.filter((f) => f.side !== v.human);
    const own = named.filter((f) => f.side === v.human);
    if (enemies.length > 0) {
      const from = own.length > 0 ? own : acting;
      const [cx, cy] = from.length > 0 ? centroid(from) : centroid(enemies);
      labelled.push({ a, n: i + 1, kind: 'enemy', beside: nearest(enemies, cx, cy) });
    } else if (own.length > 0) {
      const [cx, cy] = centroid(own);
      labelled.push({ a, n: i + 1, kind: 'own', beside: own.length === 1 ? own[0] : nearest(own, cx, cy) });
    } else if (current ?? acting.length > 0) {
      const [cx, cy] = centroid(acting);
      labelled.push({ a, n: i + 1, kind: 'own', beside: current ?? nearest(acting, cx, cy) });
    } else labelled.push({ a, n: i + 1, kind: 'side', beside: null });
  });

  // The table-side strip: its heading's row first.
  const side = labelled.filter((l) => l.beside === null);
  const stripX = Math.max(0, corner[0]) + 0.3 * k;
  let stripY = Math.max(0, corner[1]) + 0.3 * k + rowH;
  if (side.length > 0) placed.push({ x: stripX, y: stripY - rowH, w: 14 * CHAR_PX * u, h: rowH });
  // The strip's rows are set first, so that the controls beside figures near the corner make room for them.
  for (const l of [...side, ...labelled.filter((x) => x.beside !== null)]) {
    const label = shortLabel(l.a.words);
    const w = (`${l.n}. ${label}`.length * CHAR_PX + PAD_PX) * u;
    let box: Box;
    if (l.beside === null) {
      box = { x: stripX, y: stripY, w, h: rowH };
      stripY += rowH + gap;
    } else {
      const f = l.beside;
      const right = f.x + f.r + gap + w <= v.width || f.x - f.r - gap - w < 0;
      const first: Box = { x: right ? f.x + f.r + gap : f.x - f.r - gap - w, y: f.y - rowH / 2, w, h: rowH };
      box = first;
      // Down, then up, in rows, until it covers no other control (on the table).
      for (let i = 1; i < 200 && placed.some((p) => overlaps(p, box)); i++) {
        const step = Math.ceil(i / 2) * (rowH + gap) * (i % 2 === 1 ? 1 : -1);
        const b = { ...first, y: first.y + step };
        if (b.y >= 0 && b.y + b.h <= v.height) box = b;
      }
    }
    placed.push(box);
    out.push({
      key: l.a.key,
      n: l.n,
      words: l.a.words,
      label,
      kind: l.kind,
      suggested: l.a.suggested,
      figures: l.a.targets?.figures ?? [],
      beside: l.beside?.id ?? null,
      ...box,
    });
  }
  const d = 1.7 * k;
  const inside = (b: Box): boolean => b.x >= 0 && b.y >= 0 && b.x + b.w <= v.width && b.y + b.h <= v.height;
  for (const p of places) {
    const [px, py] = p.at;
    let box: Box = { x: px - d / 2, y: py - d / 2, w: d, h: d };
    for (const [sx, sy] of SPOTS) {
      const dx = sx * d;
      const dy = sy * d;
      const b = { x: px + dx - d / 2, y: py + dy - d / 2, w: d, h: d };
      if ((inside(b) || (dx === 0 && dy === 0)) && !placed.some((q) => overlaps(q, b))) {
        box = b;
        break;
      }
    }
    placed.push(box);
    out.push({
      key: p.a.key,
      n: p.n,
      words: p.a.words,
      label: '',
      kind: 'place',
      suggested: p.a.suggested,
      figures: p.a.targets?.figures ?? [],
      beside: null,
      x: box.x + d / 2,
      y: box.y + d / 2,
      w: d,
      h: d,
      at: p.at,
    });
  }
  return out;
}

/**
 * The action a click on figure `id` gives when the decision is which of the person's figures or
 * bands acts (Battle for Wesnoth's "select a unit"): no action moves to a place and every action
 * that names a figure on the table names only the person's. Then an action whose figures no other
 * action names (a band, a figure) is chosen by a click on any of them: its key. Otherwise — a
 * figure two actions name (the crew aboard, from which bands of 1, 2 or 3 may form), a decision with
 * places or enemies, a figure no action names — null, and a click on the figure only selects it.
 */
export function figureChoice(v: GameView, id: string): string | null {
  if (v.turn !== 'you') return null;
  const onTable = new Map(v.figures.filter((f) => f.onTable).map((f) => [f.id, f]));
  const naming = new Map<string, string[]>();
  for (const a of v.actions) {
    const t = a.targets;
    if (t?.at) return null;
    for (const f of t?.figures ?? []) {
      if (!onTable.has(f)) continue;
      if (onTable.get(f)?.side !== v.human) return null;
      naming.set(f, [...(naming.get(f) ?? []), a.key]);
    }
  }
  const keys = naming.get(id);
  if (keys?.length !== 1) return null;
  const a = v.actions.find((x) => x.key === keys[0]);
  return a?.targets?.figures.every((f) => !onTable.has(f) || naming.get(f)?.length === 1) ? keys[0] : null;
}
