/**
 * The measuring tool of the web table (issue 41): with the tool on (the ruler button, or the `m`
 * key), the person drags from one point or figure to another — or clicks one, then the other — and
 * the table draws the line with its length in the table's unit (inches or centimetres, as the game's
 * ruleset declares). At the end of the line the server is asked what the game's rules say of it
 * (`POST /api/games/:id/sight`, the ruleset's `view.sight`): the distance (base to base between
 * figures), whether sight is clear or what blocks it, and the cover the far figure has from the near
 * one. Nothing of line of sight or cover is worked out here. While the tool is on, clicks on the
 * table measure and give no orders; Escape or the button turns it off. Names no ruleset.
 */
import type { SightEnd } from '../core/scene.js';
import type { GameView, SightAnswer } from '../serve/protocol.js';
import { esc } from './panel.js';
import { SVG_NS } from './dom.js';
import { sightWords } from './sight-words.js';

/** What the tool needs of the page. */
export interface MeasureHost {
  /** The game shown now (null on the setup page). */
  view(): GameView | null;
  /** The element holding the table's SVG (redrawn by the page with each view). */
  board: HTMLElement;
  /** The ruler button (toggles the tool) and the box the answer is written in. */
  button: HTMLElement;
  out: HTMLElement;
}

/** One end of the line: a figure (by id, at its centre) or a point, in table units. */
interface End {
  figure: string | null;
  x: number;
  y: number;
}

/** Wire the tool to the page; returns whether it is on (the page's own click handling stands aside then). */
export function wireMeasure(host: MeasureHost): { on(): boolean } {
  let on = false;
  let a: End | null = null;
  let b: End | null = null;
  /** `drag`: the button is down after the first end; `second`: the first end placed by a click, waiting for the second; `done`: a line measured. */
  let phase: 'idle' | 'drag' | 'second' | 'done' = 'idle';
  let down: [number, number] = [0, 0];
  let answer: SightAnswer | null = null;
  let asked = 0;

  const svg = (): SVGSVGElement | null => host.board.querySelector('svg');

  const endAt = (ev: MouseEvent): End | null => {
    const s = svg();
    const m = s?.getScreenCTM();
    const v = host.view();
    if (!s || !m || !v) return null;
    const fig = (ev.target as Element | null)?.closest?.('.fig[data-id]');
    const id = fig?.getAttribute('data-id') ?? null;
    const f = id !== null ? v.figures.find((x) => x.id === id && x.onTable) : undefined;
    if (f) return { figure: f.id, x: f.x, y: f.y };
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { figure: null, x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
  };

  const name = (e: End): string => (e.figure !== null ? e.figure : `(${e.x.toFixed(1)}, ${e.y.toFixed(1)})`);
  const asEnd = (e: End): SightEnd => (e.figure !== null ? { figure: e.figure } : { at: [e.x, e.y] });

  /** Figures' ends follow them to where the current view has them. */
  const follow = (e: End | null): End | null => {
    if (e === null || e.figure === null) return e;
    const f = host.view()?.figures.find((x) => x.id === e.figure && x.onTable);
    return f ? { figure: f.id, x: f.x, y: f.y } : null;
  };

  const draw = (): void => {
    const s = svg();
    if (!s) return;
    s.querySelector('#ov-measure')?.remove();
    if (!on || a === null || b === null) return;
    const v = host.view();
    const px = s.getScreenCTM()?.a ?? 0;
    if (!v || !(px > 0)) return;
    const g = document.createElementNS(SVG_NS, 'g');
    g.id = 'ov-measure';
    const state = phase === 'done' && answer !== null ? (answer.clear ? ' clear' : ' blocked') : '';
    g.setAttribute('class', `ov-measure${state}`);
    const line = document.createElementNS(SVG_NS, 'line');
    for (const [k, val] of Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y })) line.setAttribute(k, String(val));
    g.appendChild(line);
    for (const e of [a, b]) {
      const c = document.createElementNS(SVG_NS, 'circle');
      c.setAttribute('cx', String(e.x));
      c.setAttribute('cy', String(e.y));
      c.setAttribute('r', String(4 / px));
      g.appendChild(c);
    }
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    const t = document.createElementNS(SVG_NS, 'text');
    t.setAttribute('x', String((a.x + b.x) / 2 + 6 / px));
    t.setAttribute('y', String((a.y + b.y) / 2 - 6 / px));
    t.setAttribute('font-size', String(14 / px));
    t.textContent =
      phase === 'done' && answer !== null
        ? `${answer.distance.toFixed(1)} ${answer.units}${answer.clear ? '' : ' · no sight'}`
        : `${d.toFixed(1)} ${v.units}`;
    g.appendChild(t);
    s.appendChild(g);
  };

  const say = (lines: string[]): void => {
    host.out.innerHTML = lines.map((l) => `<div>${esc(l)}</div>`).join('');
    host.out.hidden = lines.length === 0;
  };

  const ask = async (): Promise<void> => {
    const v = host.view();
    if (!v || a === null || b === null) return;
    const n = ++asked;
    const from = a;
    const to = b;
    answer = null;
    say([`${name(from)} → ${name(to)}: asking the rules…`]);
    try {
      const res = await fetch(`/api/games/${v.id}/sight`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: asEnd(from), to: asEnd(to) }),
      });
      const data = (await res.json()) as SightAnswer | { error: string };
      if (n !== asked) return;
      if ('error' in data) {
        say([`Cannot measure: ${data.error}`]);
        return;
      }
      answer = data;
      say(sightWords(data, name(from), name(to), to.figure !== null));
      draw();
    } catch (e) {
      if (n === asked) say([`Cannot measure: ${e instanceof Error ? e.message : String(e)}`]);
    }
  };

  const setOn = (want: boolean): void => {
    on = want && host.view()?.sight === true;
    document.body.classList.toggle('measuring', on);
    host.button.classList.toggle('active', on);
    host.button.setAttribute('aria-pressed', String(on));
    a = b = null;
    answer = null;
    phase = 'idle';
    say(on ? ['Measuring: drag from a figure or point to another (or click one, then the other). Esc: done.'] : []);
    draw();
  };

  host.button.addEventListener('click', () => setOn(!on));
  document.addEventListener('keydown', (ev) => {
    const typing = (ev.target as Element | null)?.closest?.('input, select, textarea');
    if (ev.key === 'Escape' && on) setOn(false);
    else if ((ev.key === 'm' || ev.key === 'M') && !typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey && host.view()) setOn(!on);
  });
  // While on, the table's pointer events measure: they stop here (capture) before the page's own
  // handlers (orders, selection, panning) see them.
  host.board.addEventListener(
    'pointerdown',
    (ev) => {
      if (!on || ev.button !== 0) return;
      ev.stopPropagation();
      ev.preventDefault();
      const e = endAt(ev);
      if (e === null) return;
      if (phase === 'second') {
        b = e;
        phase = 'done';
        draw();
        void ask();
        return;
      }
      a = e;
      b = e;
      answer = null;
      phase = 'drag';
      down = [ev.clientX, ev.clientY];
      draw();
    },
    true,
  );
  host.board.addEventListener(
    'pointermove',
    (ev) => {
      if (!on || (phase !== 'drag' && phase !== 'second')) return;
      ev.stopPropagation();
      const e = endAt(ev);
      if (e === null) return;
      b = e;
      draw();
    },
    true,
  );
  host.board.addEventListener(
    'pointerup',
    (ev) => {
      if (!on || phase !== 'drag') return;
      ev.stopPropagation();
      const e = endAt(ev);
      if (Math.hypot(ev.clientX - down[0], ev.clientY - down[1]) < 6 || e === null) {
        phase = 'second'; // a click: the first end placed; the next click places the second
        return;
      }
      b = e;
      phase = 'done';
      draw();
      void ask();
    },
    true,
  );
  host.board.addEventListener(
    'click',
    (ev) => {
      if (!on) return;
      ev.stopPropagation();
      ev.preventDefault();
    },
    true,
  );
  // The page redraws the table with each view (and another game may be opened): the line follows
  // its figures, and a measured line is asked again of the game as it stands now.
  new MutationObserver(() => {
    const v = host.view();
    if (on && v?.sight !== true) {
      setOn(false);
      return;
    }
    if (!on || svg()?.querySelector('#ov-measure')) return;
    a = follow(a);
    b = follow(b);
    if (a === null || b === null) {
      a = b = null;
      phase = 'idle';
      answer = null;
      return;
    }
    draw();
    if (phase === 'done') void ask();
  }).observe(host.board, { childList: true });
  return { on: () => on };
}
