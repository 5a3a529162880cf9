/**
 * The AI's turn drawn on the table: the marks of its decisions since the person's last one
 * (src/serve/marks.ts fills in the figures' places) as shapes of the overlay — a way as a line from
 * a small ring where the figure stood to an arrowhead where it ended (dashed for a move, red for a
 * charge, dotted grey for a run or a push back), a shot as an orange dashed line from shooter to
 * target, a melee as a thick red line, each attack with its result beside the target. The latest
 * decision's marks are drawn strong, the earlier ones of the same turn faded. Pure (no DOM): it
 * gives the shapes, the page makes the SVG elements; sizes keep their size on the screen (`px`
 * screen pixels per table unit), the result labels at {@link RESULT_PX} px.
 */
import type { DrawnMark } from '../serve/protocol.js';

/** The font size of an attack's result label, in screen pixels (the table's labels are at least 10 px). */
export const RESULT_PX = 11;
/** The length of an arrowhead, in screen pixels. */
const ARROW_PX = 10;

/** One shape of the overlay: an SVG element's tag and attributes, and its text for a label. */
export interface Shape {
  tag: 'polyline' | 'line' | 'polygon' | 'circle' | 'text';
  attrs: Record<string, string | number>;
  text?: string;
}

/** The AI's marks of one decision, and whether it is the latest one drawn. */
export interface MarkedStep {
  marks: DrawnMark[];
  latest: boolean;
}

function fmt(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** An arrowhead at `to`, pointing from `from`, `len` long (table units); null for a zero-length segment. */
function arrow(from: [number, number], to: [number, number], len: number, cls: string): Shape | null {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const d = Math.hypot(dx, dy);
  if (d < 1e-9) return null;
  const ux = dx / d;
  const uy = dy / d;
  const bx = to[0] - ux * len;
  const by = to[1] - uy * len;
  const w = len * 0.45;
  const pts = [to, [bx - uy * w, by + ux * w], [bx + uy * w, by - ux * w]].map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(' ');
  return { tag: 'polygon', attrs: { class: `ai-head ${cls}`, points: pts } };
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A figure's name for the tooltip-free result words (its id when the page does not know it). */
type Names = ReadonlyMap<string, string>;

/**
 * The shapes of the AI's marks (`steps` oldest first) at `px` screen pixels per table unit; `names`
 * maps figure ids to names for the result labels' words. Labels that would overlap one kept before
 * are left out (the story tells every result).
 */
export function aiShapes(steps: readonly MarkedStep[], px: number, names: Names = new Map()): Shape[] {
  const out: Shape[] = [];
  const labels: { shape: Shape; box: Box }[] = [];
  const unit = px > 0 ? 1 / px : 0;
  const head = ARROW_PX * unit;
  const font = RESULT_PX * unit;
  for (const step of steps) {
    const age = step.latest ? 'ai-new' : 'ai-old';
    for (const m of step.marks) {
      const pts = m.points;
      if (pts.length < 2) continue;
      const a = pts[pts.length - 2];
      const b = pts[pts.length - 1];
      if (m.kind === 'path') {
        const cls = `ai-path ai-${m.how || 'move'} ${age}`;
        out.push({ tag: 'circle', attrs: { class: `ai-start ${cls}`, cx: fmt(pts[0][0]), cy: fmt(pts[0][1]), r: fmt(3 * unit) } });
        out.push({
          tag: 'polyline',
          attrs: { class: cls, points: pts.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(' '), 'data-figure': m.figures[0] ?? '' },
        });
        const h = arrow(a, b, head, cls);
        if (h) out.push(h);
        continue;
      }
      const cls = `ai-${m.kind}${m.hit ? ' ai-hit' : ''} ${age}`;
      out.push({
        tag: 'line',
        attrs: {
          class: cls,
          x1: fmt(a[0]),
          y1: fmt(a[1]),
          x2: fmt(b[0]),
          y2: fmt(b[1]),
          'data-from': m.figures[0] ?? '',
          'data-to': m.figures[1] ?? '',
        },
      });
      const h = arrow(a, b, head, cls);
      if (h) out.push(h);
      if (m.result === '') continue;
      const who = names.get(m.figures[1] ?? '') ?? m.figures[1] ?? '';
      const text = `${m.kind === 'shot' ? '➶' : '⚔'} ${who}: ${m.result}`;
      // Above the target, clear of its base (a few pixels up), centred.
      const w = text.length * 0.55 * font;
      labels.push({
        shape: {
          tag: 'text',
          attrs: { class: `ai-result${m.hit ? ' ai-hit' : ''} ${age}`, x: fmt(b[0]), y: fmt(b[1] - 14 * unit), 'font-size': fmt(font) },
          text,
        },
        box: { x: b[0] - w / 2, y: b[1] - 14 * unit - font, w, h: font * 1.2 },
      });
    }
  }
  // The latest results first: an earlier label that would overlap a later one is left out.
  const kept: Box[] = [];
  const shown = new Set<number>();
  for (let i = labels.length - 1; i >= 0; i--) {
    const b = labels[i].box;
    if (kept.some((k) => b.x < k.x + k.w && k.x < b.x + b.w && b.y < k.y + k.h && k.y < b.y + b.h)) continue;
    kept.push(b);
    shown.add(i);
  }
  return [...out, ...labels.filter((_, i) => shown.has(i)).map((l) => l.shape)];
}
