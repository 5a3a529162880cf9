/**
 * The browser side of `serve` (bundled by esbuild when the server starts): the setup page, and the
 * game — the table as `render` draws it (the server sends the SVG of the ruleset's scene), scaled to
 * the window, with an overlay for the person: the destinations of the legal actions as numbered
 * marks, a selected figure's reach (rings) and line of sight, and the figures an action concerns.
 * It knows the API's shapes (src/serve/protocol.ts) and nothing of any ruleset.
 */
import type { ActionView, DrawnMark, FigureAnswer, GameView, SetupAnswer, StepAnswer, StepReport } from '../serve/protocol.js';
import type { GlossaryTerm } from '../core/scene.js';
import { controlFont, figureChoice, tableControls } from './controls.js';
import { drawnTable, legendHtml } from './legend.js';
import { aiShapes } from './aimarks.js';
import { wireMeasure } from './measure.js';
import { standingHtml } from './standing.js';
import {
  DICE_TERMS,
  playerError,
  actionsFor,
  briefingHtml,
  dice,
  endSummaryHtml,
  esc,
  figurePanel,
  gameEntry,
  glossHtml,
  storyClass,
} from './panel.js';
import { SVG_NS, api, el, svgEl } from './dom.js';
import { fitLabels } from './labels.js';

let view: GameView | null = null;
let selected: string | null = null;
/** With band orders, the band whose orders the table shows (a click on its control chose it; null: the suggested order's band). */
let focusBand: string | null = null;
let reach: FigureAnswer | null = null;
let paused = false;
let aiRunning = false;
let busy = false;
/** The marks of the AI's decisions since the person's last decision, oldest first (drawn until the person decides). */
let aiMarks: DrawnMark[][] = [];

function setState(s: string): void {
  document.body.dataset.state = s;
}

function toast(text: string): void {
  const t = el('toast');
  t.textContent = text;
  t.style.display = 'block';
  window.setTimeout(() => (t.style.display = 'none'), 4000);
}

function reason(text: string): void {
  el('reason').textContent = text;
}

// ---------------------------------------------------------------- setup

let setup: SetupAnswer | null = null;

/** The setup answer (scenarios with their briefings, the rulesets' help), asked once. */
async function ensureSetup(): Promise<SetupAnswer> {
  setup ??= await api<SetupAnswer>('GET', '/api/setup');
  return setup;
}

/** The terms explained on hover in the game now: the ruleset's glossary and dice notation. */
function terms(): GlossaryTerm[] {
  const r = setup?.rulesets.find((x) => x.id === view?.ruleset);
  return [...(r?.glossary ?? []), ...DICE_TERMS];
}

/** Text as HTML with dice in bold and the glossary's terms explained on hover. */
function rich(text: string): string {
  return glossHtml(dice(text), terms());
}

/** The help sheet: the scenario's briefing, the ruleset's summary and glossary (`scenario` as `<ruleset>/<id>`). */
function openHelp(scenario: string, part: 'briefing' | 'rules'): void {
  const b = setup?.scenarios.find((x) => x.id === scenario);
  const r = setup?.rulesets.find((x) => x.id === b?.ruleset);
  const glossary = [...(r?.glossary ?? []), ...DICE_TERMS];
  el('help-body').innerHTML =
    (b ? `<section id="help-briefing" class="briefing">${briefingHtml(b, view?.human ?? null)}</section>` : '') +
    (r ? `<section id="help-rules"><h2>${esc(r.title)} — the rules in brief</h2>${r.summary}</section>` : '') +
    `<section id="help-glossary"><h2>Words used</h2><dl>${glossary.map((t) => `<dt>${esc(t.term)}</dt><dd>${esc(t.words)}</dd>`).join('')}</dl></section>`;
  el('help').hidden = false;
  if (part === 'rules') document.getElementById('help-rules')?.scrollIntoView();
  else el('help').scrollTop = 0; // the briefing opens the sheet: its top (and its Close button) in view
}

function showBriefing(): void {
  const b = setup?.scenarios.find((x) => x.id === el<HTMLSelectElement>('scenario').value);
  el('briefing').innerHTML = b ? briefingHtml(b) : '';
}

async function showSetup(): Promise<void> {
  view = null;
  history.replaceState(null, '', '#');
  el('game').hidden = true;
  el('setup').hidden = false;
  el('help-open').hidden = true;
  el('panel-toggle').hidden = true;
  el('hstatus').textContent = '';
  document.body.classList.remove('panel-open');
  el('caption').textContent = '';
  setup = await api<SetupAnswer>('GET', '/api/setup');
  const scen = el<HTMLSelectElement>('scenario');
  scen.innerHTML = setup.scenarios.map((s) => `<option value="${esc(s.id)}">${esc(s.title)}</option>`).join('');
  fillSides();
  el('saves').innerHTML = setup.saves.length
    ? setup.saves.map((n) => `<button data-load="${esc(n)}">Load ${esc(n)}</button>`).join('')
    : '<i>none yet</i>';
  el('games').innerHTML = setup.games.length
    ? setup.games.map((g) => `<button data-open="${esc(g.id)}">${esc(gameEntry(g, Date.now()))}</button>`).join('')
    : '<i>none</i>';
  setState('setup');
}

function fillSides(): void {
  if (!setup) return;
  const id = el<HTMLSelectElement>('scenario').value;
  const sc = setup.scenarios.find((s) => s.id === id);
  el<HTMLSelectElement>('side').innerHTML = (sc?.sides ?? []).map((s) => `<option value="${esc(s.id)}">${esc(s.name)}</option>`).join('');
  // The scenario's ruleset's levels first (their specs are the ruleset's own), then the other opponents.
  const opp = el<HTMLSelectElement>('opponent');
  const chosen = opp.value || 'normal';
  const levels = setup.rulesets.find((r) => r.id === sc?.ruleset)?.levels ?? [];
  opp.innerHTML = [...levels, ...setup.opponents]
    .map((o) => `<option value="${esc(o.id)}"${o.id === chosen ? ' selected' : ''}>${esc(o.words)}</option>`)
    .join('');
  showBriefing();
}

async function start(): Promise<void> {
  const seedText = el<HTMLInputElement>('seed').value.trim();
  const body: Record<string, unknown> = {
    scenario: el<HTMLSelectElement>('scenario').value,
    side: el<HTMLSelectElement>('side').value,
    opponent: el<HTMLSelectElement>('opponent').value,
    orders: el<HTMLSelectElement>('orders').value,
  };
  if (seedText !== '') {
    const seed = Number(seedText);
    if (!/^\d+$/.test(seedText) || seed > 2 ** 31 - 1) {
      toast(playerError('bad new game at seed: not a whole number in range'));
      return;
    }
    body.seed = seed;
  }
  setState('busy');
  try {
    openGame(await api<GameView>('POST', '/api/games', body));
    // The briefing opens by itself at Start (closed with one click: Close, the backdrop or Esc).
    openHelp(String(body.scenario), 'briefing');
  } catch (e) {
    toast(playerError(e instanceof Error ? e.message : String(e)));
    setState('setup');
  }
}

// ---------------------------------------------------------------- the game

function openGame(v: GameView): void {
  el('setup').hidden = true;
  el('game').hidden = false;
  el('help-open').hidden = false;
  el('panel-toggle').hidden = false;
  el('help').hidden = true;
  if (location.hash !== `#${v.id}`) history.replaceState(null, '', `#${v.id}`);
  // Nothing of the game shown before stays: its last AI move, its selection, its story.
  el('aimove').textContent = '—';
  reason('');
  aiMarks = [];
  selected = null;
  reach = null;
  zoomBox = null;
  setStory(v.log ?? []);
  show(v);
  void maybeRunAi();
}

/** Replace the story with `lines` (the server's whole story of the game). */
function setStory(lines: string[]): void {
  el('log').innerHTML = '';
  addLog(lines.map((line) => [line, storyClass(line)]));
}

/** Take in an answer: the whole story when it carries one (undo, resign), else its steps added to the story. */
function take(a: StepAnswer): void {
  if (a.view.log !== null) {
    aiMarks = []; // an undo, a resignation: the table shows the game as it now stands
    setStory(a.view.log);
    const taken = [...a.view.log].reverse().find((l) => storyClass(l) === 'undo');
    if (taken && a.steps.length === 0 && a.view.log.at(-1) === taken) {
      el('aimove').textContent = '—';
      toast(taken);
    }
  } else report(a.steps);
}

/** Append lines to the story at once (one layout, not one per line). */
function addLog(lines: [text: string, cls: string][]): void {
  if (lines.length === 0) return;
  const frag = document.createDocumentFragment();
  for (const [text, cls] of lines) {
    const li = document.createElement('li');
    li.className = cls;
    li.innerHTML = rich(text);
    frag.appendChild(li);
  }
  const log = el('log');
  log.appendChild(frag);
  log.scrollTop = log.scrollHeight;
}

function report(steps: StepReport[]): void {
  const lines: [string, string][] = [];
  for (const s of steps) {
    const who = s.who === 'ai' ? 'AI' : s.who === 'you' ? 'You' : 'Band order';
    lines.push([`${who} (${s.side}): ${s.words}`, s.who === 'ai' ? 'ai' : s.who === 'you' ? 'you' : 'order']);
    for (const e of s.events) lines.push([`  ${e}`, 'ev']);
  }
  addLog(lines);
  for (const s of steps) if (s.who === 'ai' && s.marks.length > 0) aiMarks.push(s.marks);
  const ai = [...steps].reverse().find((s) => s.who === 'ai');
  if (ai)
    el('aimove').innerHTML =
      `<b>${rich(ai.words)}</b>${ai.why.length ? `\n${ai.why.map(rich).join('\n')}` : ''}${ai.events.length ? `\n${ai.events.map(rich).join('\n')}` : ''}`;
}

/** The drawing scale of a table unit, as the renderer's (1 for inches, 2.54 for centimetres). */
function unitScale(units: string): number {
  return units === 'cm' ? 2.54 : 1;
}

/** The zoomed part of the table (a viewBox), or null for the whole table; kept while the game is shown. */
let zoomBox: [number, number, number, number] | null = null;

function fullBox(): [number, number, number, number] | null {
  const b = (svgRoot()?.dataset.full ?? '').split(/[\s,]+/).map(Number);
  return b.length === 4 && b.every((n) => Number.isFinite(n)) ? [b[0], b[1], b[2], b[3]] : null;
}

function setZoom(box: [number, number, number, number] | null): void {
  const svg = svgRoot();
  const full = fullBox();
  if (!svg || !full) return;
  if (box && box[2] >= full[2] * 0.999) box = null;
  zoomBox = box;
  svg.setAttribute('viewBox', (box ?? full).join(' '));
  svg.style.touchAction = box ? 'none' : 'auto';
  fitLabels(svgRoot(), view);
  drawOverlay(); // the table's controls keep their size on the screen
}

/** Zoom by `factor` (< 1: closer) keeping table point (cx, cy) where it is. */
function zoomAt(factor: number, cx: number, cy: number): void {
  const full = fullBox();
  if (!full) return;
  const [x, y, w, h] = zoomBox ?? full;
  const nw = Math.min(full[2], Math.max(full[2] / 10, w * factor));
  const f = nw / w;
  const nh = h * f;
  const nx = Math.min(full[0] + full[2] - nw, Math.max(full[0], cx - (cx - x) * f));
  const ny = Math.min(full[1] + full[3] - nh, Math.max(full[1], cy - (cy - y) * f));
  setZoom([nx, ny, nw, nh]);
}

function zoomCentre(factor: number): void {
  const [x, y, w, h] = zoomBox ?? fullBox() ?? [0, 0, 0, 0];
  zoomAt(factor, x + w / 2, y + h / 2);
}

/** A drag on the table pans it (when zoomed); the click that ends a drag is not an order. */
let drag: { x: number; y: number; box: [number, number, number, number]; moved: boolean } | null = null;
let dragged = false;
/** The decision mark the last press on the table began on (null: none). */
let pressedMark: Element | null = null;

function wireZoom(): void {
  const board = el('board');
  board.addEventListener(
    'wheel',
    (ev) => {
      if (!svgRoot()) return;
      ev.preventDefault();
      const p = tablePoint(ev, false);
      if (p) zoomAt(ev.deltaY < 0 ? 0.8 : 1.25, p[0], p[1]);
    },
    { passive: false },
  );
  board.addEventListener('pointerdown', (ev) => {
    if (!zoomBox || ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, box: zoomBox, moved: false };
  });
  board.addEventListener('pointermove', (ev) => {
    const svg = svgRoot();
    const m = svg?.getScreenCTM();
    if (!drag || !svg || !m) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    svg.classList.add('panning');
    const full = fullBox() ?? drag.box;
    const [x, y, w, h] = drag.box;
    const nx = Math.min(full[0] + full[2] - w, Math.max(full[0], x - dx / m.a));
    const ny = Math.min(full[1] + full[3] - h, Math.max(full[1], y - dy / m.d));
    zoomBox = [nx, ny, w, h];
    svg.setAttribute('viewBox', zoomBox.join(' '));
  });
  const end = (): void => {
    if (drag?.moved) {
      dragged = true;
      svgRoot()?.classList.remove('panning');
      drawOverlay(); // the table-side strip follows the part of the table shown
    }
    drag = null;
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
  el('zoom-in').addEventListener('click', () => zoomCentre(0.7));
  el('zoom-out').addEventListener('click', () => zoomCentre(1 / 0.7));
  el('zoom-fit').addEventListener('click', () => setZoom(null));
  let wasNarrow = narrow();
  window.addEventListener('resize', () => {
    if (view && narrow() !== wasNarrow) {
      wasNarrow = narrow();
      zoomBox = null;
      show(view);
    } else {
      fitLabels(svgRoot(), view);
      drawOverlay();
    }
  });
}

/** True on a screen too narrow for the side panel beside the table (the page's phone layout). */
function narrow(): boolean {
  return window.matchMedia('(max-width: 700px)').matches;
}

function svgRoot(): SVGSVGElement | null {
  return el('board').querySelector('svg');
}

function show(v: GameView): void {
  view = v;
  focusBand = null; // each decision opens on the suggested order's band
  el('caption').textContent = `${v.scenario} · seed ${v.seed} · you: ${v.human} · AI: ${v.opponent} · ${v.caption}`;
  const board = el('board');
  board.innerHTML = v.svg;
  const svg = svgRoot();
  if (svg) {
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    const ov = document.createElementNS(SVG_NS, 'g');
    ov.id = 'ov';
    for (const name of ['ai', 'reach', 'hover', 'marks']) {
      const g = document.createElementNS(SVG_NS, 'g');
      g.id = `ov-${name}`;
      ov.appendChild(g);
    }
    svg.appendChild(ov);
    // On a narrow screen the whole width goes to the table (its rulers, outside it, left out).
    const m = 0.25 * unitScale(v.units);
    if (narrow()) svg.setAttribute('viewBox', `${-m} ${-m} ${v.width + 2 * m} ${v.height + 2 * m}`);
    svg.dataset.full = svg.getAttribute('viewBox') ?? '';
    if (zoomBox) svg.setAttribute('viewBox', zoomBox.join(' '));
    svg.style.touchAction = zoomBox ? 'none' : 'auto';
  }
  const st = el('status');
  st.className = v.turn;
  if (v.turn === 'over') {
    const r = v.result;
    st.textContent = r
      ? `Game over: ${r.winner === null ? 'a draw' : r.winner === v.human ? 'you win' : `${v.sides.find((x) => x.id === r.winner)?.name ?? r.winner} win`} — ${r.reason}`
      : 'Game over';
  } else st.textContent = v.turn === 'you' ? `Your decision (${v.human})` : aiRunning ? 'The AI is playing…' : 'The AI’s turn';
  // The status in the header too, for screens where the panel is a drawer or below the table.
  el('hstatus').className = v.turn;
  el('hstatus').textContent = v.turn === 'over' ? 'Game over' : v.turn === 'you' ? 'Your decision' : 'AI’s turn';
  el<HTMLSelectElement>('mode').value = v.orders;
  el<HTMLButtonElement>('undo').disabled = !v.canUndo;
  el<HTMLButtonElement>('resign').disabled = v.turn === 'over';
  el<HTMLAnchorElement>('download').href = `/api/games/${v.id}/record`;
  el<HTMLAnchorElement>('download').setAttribute('download', `${v.scenario}-seed${v.seed}.jsonl`);
  el<HTMLAnchorElement>('replay').href = `/api/games/${v.id}/replay`;
  el('replay').textContent = v.turn === 'over' ? 'Watch the replay' : 'Replay viewer';
  el('decide').hidden = v.turn !== 'you';
  el('end').hidden = v.turn !== 'over';
  if (v.turn === 'over') {
    el('end-body').innerHTML = endSummaryHtml(v);
    el<HTMLAnchorElement>('end-replay').href = `/api/games/${v.id}/replay`;
  }
  el('actions').innerHTML = '';
  v.actions.forEach((a, i) => {
    const b = document.createElement('button');
    b.innerHTML = rich(`${i + 1}. ${a.words}`);
    b.dataset.key = a.key;
    if (a.suggested) b.classList.add('suggested');
    b.addEventListener('mouseenter', () => drawHover(a));
    b.addEventListener('mouseleave', () => drawHover(null));
    el('actions').appendChild(b);
  });
  el('standing').innerHTML = standingHtml(v);
  el('info').innerHTML = v.info.map((i) => `<div><b>${esc(i.label)}:</b> ${rich(i.value)}</div>`).join('');
  legend(v);
  if (selected && !v.figures.some((f) => f.id === selected && f.onTable)) {
    selected = null;
    reach = null;
  }
  showSelected();
  if (selected) void refreshReach(selected);
  drawOverlay();
  fitLabels(svgRoot(), view);
  setState(busy ? 'busy' : aiRunning ? 'ai' : v.turn === 'you' ? 'you' : v.turn === 'over' ? 'over' : 'ai-paused');
}

/** The legend of this game's table: what its drawing holds, the ruleset's badges, the overlay's marks. */
function legend(v: GameView): void {
  const drawn = drawnTable(v.svg, new Map(v.figures.map((f) => [f.id, f.side])));
  el('legend').innerHTML = legendHtml(drawn, v.sides, v.human, v.badges, v.units);
}

function showSelected(): void {
  const box = el('selected');
  if (!view || !selected) {
    box.innerHTML = '';
    return;
  }
  box.innerHTML = figurePanel(view, selected, reach);
  const acts = actionsFor(view, selected);
  if (view.turn === 'you') {
    for (const a of acts) {
      const b = document.createElement('button');
      b.innerHTML = rich(a.words);
      b.dataset.key = a.key;
      if (a.suggested) b.classList.add('suggested');
      box.appendChild(b);
    }
  }
}

/** The overlay's three layers (created with each drawing of the table): reach, destination marks, hover. */
function layer(name: 'ai' | 'reach' | 'marks' | 'hover'): SVGGElement | null {
  return document.getElementById(`ov-${name}`) as SVGGElement | null;
}

/**
 * Draw the selected figure's reach and every decision of the person on the table (after each new
 * view, selection or zoom): places as numbered marks, the rest as labelled controls beside the
 * figure they concern or in the table-side strip (src/web/controls.ts).
 */
function drawOverlay(): void {
  const reachG = layer('reach');
  const marks = layer('marks');
  if (!reachG || !marks || !view) return;
  drawAiMarks();
  reachG.innerHTML = '';
  marks.innerHTML = '';
  const fig = (id: string) => view?.figures.find((f) => f.id === id && f.onTable);
  if (selected && reach?.reach) {
    const f = fig(selected);
    if (f) {
      for (const r of reach.reach.rings)
        reachG.appendChild(
          svgEl('circle', {
            class: `ov-ring ${['move', 'charge', 'range'].includes(r.kind) ? r.kind : 'other'}`,
            cx: f.x,
            cy: f.y,
            r: r.radius,
          }),
        );
      for (const t of reach.reach.sight) {
        const e = fig(t);
        if (e) reachG.appendChild(svgEl('line', { class: 'ov-sight', x1: f.x, y1: f.y, x2: e.x, y2: e.y }));
      }
      reachG.appendChild(svgEl('circle', { class: 'ov-sel', cx: f.x, cy: f.y, r: f.r + 0.6 * unitScale(view.units) }));
    }
  }
  if (view.turn !== 'you') return;
  const k = unitScale(view.units);
  const px = svgRoot()?.getScreenCTM()?.a ?? 0;
  const shown = zoomBox ?? [0, 0];
  const controls = tableControls(view, px, k, [shown[0], shown[1]], focusBand);
  // A selected figure of the person's that some decisions name: those stand out, those naming other figures fade.
  const focus =
    selected !== null &&
    controls.some((c) => c.figures.includes(selected as string) && view?.figures.find((f) => f.id === selected)?.side === view?.human);
  const byKey = new Map(view.actions.map((a) => [a.key, a]));
  // Whether a click on some figure chooses it now (the decision is which figure or band acts).
  const v = view;
  marks.dataset.choosing = String(controls.some((c) => c.beside !== null && figureChoice(v, c.beside) === c.key));
  if (controls.some((c) => c.kind === 'side')) {
    const head = svgEl('text', {
      class: 'ov-strip',
      x: Math.max(0, shown[0]) + 0.3 * k,
      y: Math.max(0, shown[1]) + 0.3 * k + 13 / px,
      'font-size': controlFont(px),
    });
    head.textContent = 'This decision:';
    marks.appendChild(head);
  }
  for (const c of controls) {
    const dim = focus && c.figures.length > 0 && !c.figures.includes(selected as string) ? ' dim' : '';
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = `${c.n}. ${c.words}`;
    let g: SVGElement;
    if (c.kind === 'place') {
      if (c.at && Math.hypot(c.at[0] - c.x, c.at[1] - c.y) > 0.01) {
        // Crowded out of its point: a thin line and a dot show where the move ends.
        marks.appendChild(svgEl('line', { class: `ov-lead${dim}`, x1: c.at[0], y1: c.at[1], x2: c.x, y2: c.y }));
        marks.appendChild(svgEl('circle', { class: `ov-lead${dim}`, cx: c.at[0], cy: c.at[1], r: 0.15 * k }));
      }
      g = svgEl('g', {
        class: `ov-mark${c.suggested ? ' suggested' : ''}${dim}`,
        'data-key': c.key,
        transform: `translate(${c.x} ${c.y}) scale(${k})`,
      });
      g.appendChild(title);
      g.appendChild(svgEl('circle', { r: 0.8 }));
      const t = svgEl('text', { y: 0.28 });
      t.textContent = String(c.n);
      g.appendChild(t);
    } else {
      g = svgEl('g', {
        class: `ov-ctl ${c.kind}${c.suggested ? ' suggested' : ''}${dim}`,
        // A band's control shows its orders (data-band); every other control is a decision (data-key).
        [c.kind === 'band' ? 'data-band' : 'data-key']: c.key,
        'data-beside': c.beside ?? '',
      });
      if (c.beside !== null && figureChoice(view, c.beside) === c.key) g.dataset.choose = 'figure'; // a click on its figure gives it too
      g.appendChild(title);
      g.appendChild(svgEl('rect', { x: c.x, y: c.y, width: c.w, height: c.h, rx: c.h / 4 }));
      const t = svgEl('text', { x: c.x + 4 / px, y: c.y + c.h * 0.72, 'font-size': controlFont(px) });
      t.textContent = `${c.n}. ${c.label}`;
      g.appendChild(t);
    }
    const a = byKey.get(c.key) ?? null;
    g.addEventListener('mouseenter', () => drawHover(a));
    g.addEventListener('mouseleave', () => drawHover(null));
    marks.appendChild(g);
  }
}

/** The AI's turn on the table (src/web/aimarks.ts): its decisions' marks since the person's last decision. */
function drawAiMarks(): void {
  const g = layer('ai');
  const px = svgRoot()?.getScreenCTM()?.a ?? 0;
  if (!g || !view || !(px > 0)) return;
  g.innerHTML = '';
  const names = new Map(view.figures.map((f) => [f.id, f.name]));
  const steps = aiMarks.map((marks, i) => ({ marks, latest: i === aiMarks.length - 1 }));
  for (const s of aiShapes(steps, px, names)) {
    const e = svgEl(s.tag, s.attrs);
    if (s.text !== undefined) e.textContent = s.text;
    g.appendChild(e);
  }
}

/** Ring the figures the action under the pointer concerns. */
function drawHover(hover: ActionView | null): void {
  const g = layer('hover');
  if (!g || !view) return;
  g.innerHTML = '';
  for (const id of hover?.targets?.figures ?? []) {
    const f = view.figures.find((x) => x.id === id && x.onTable);
    if (f) g.appendChild(svgEl('circle', { class: 'ov-target', cx: f.x, cy: f.y, r: f.r + 0.5 }));
  }
}

async function select(id: string): Promise<void> {
  if (!view) return;
  selected = id;
  reach = null;
  showSelected();
  await refreshReach(id);
}

/** Ask for the selected figure's words and reach as the game stands now (an answer that comes after another selection or view is dropped). */
let reachAsked = 0;
async function refreshReach(id: string): Promise<void> {
  if (!view) return;
  const asked = ++reachAsked;
  const game = view.id;
  let answer: FigureAnswer | null;
  try {
    answer = await api<FigureAnswer>('GET', `/api/games/${game}/figure/${encodeURIComponent(id)}`);
  } catch (e) {
    answer = null;
    reason(playerError(e instanceof Error ? e.message : String(e)));
  }
  if (asked !== reachAsked || selected !== id || view?.id !== game) return;
  reach = answer;
  showSelected();
  drawOverlay();
}

async function send(body: { key: string } | { x: number; y: number }): Promise<void> {
  if (!view || busy) return;
  busy = true;
  setState('busy');
  try {
    const a = await api<StepAnswer>('POST', `/api/games/${view.id}/act`, body);
    reason('');
    aiMarks = []; // the person decided: the AI's last turn is cleared from the table
    take(a);
    busy = false;
    show(a.view);
    void maybeRunAi();
  } catch (e) {
    busy = false;
    reason(`Not allowed: ${playerError(e instanceof Error ? e.message : String(e))}`);
    setState(view.turn === 'you' ? 'you' : 'ai-paused');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => window.setTimeout(r, ms));
}

/** Play the AI's decisions, one at a time at the chosen speed (all at once when instant). */
async function maybeRunAi(): Promise<void> {
  if (aiRunning || !view || view.turn !== 'ai' || paused) return;
  aiRunning = true;
  setState('ai');
  const game = view.id;
  try {
    while (view && view.id === game && view.turn === 'ai' && !paused) {
      const ms = Number(el<HTMLSelectElement>('speed').value);
      el('status').textContent = 'The AI is thinking…';
      const a = await api<StepAnswer>('POST', `/api/games/${game}/agent`, { until: ms === 0 ? 'person' : 'step' });
      if (view?.id !== game) break; // another game was opened meanwhile: this answer is not its
      take(a);
      show(a.view);
      if (ms > 0 && a.view.turn === 'ai') await sleep(ms);
    }
  } catch (e) {
    toast(playerError(e instanceof Error ? e.message : String(e)));
  } finally {
    aiRunning = false;
    if (view) show(view);
  }
}

/** A new game of the same scenario (as this game plays it) against the same opponent (a fresh deal), on the same side or the other. */
async function again(swap: boolean): Promise<void> {
  if (!view) return;
  const v = view;
  const s = await ensureSetup();
  const side = swap ? (v.sides.find((x) => x.id !== v.human)?.id ?? v.human) : v.human;
  const levels = s.rulesets.find((r) => r.id === v.ruleset)?.levels ?? [];
  const opponent = [...levels, ...s.opponents].find((o) => o.spec === v.opponent)?.id ?? 'normal';
  setState('busy');
  try {
    // The scenario exactly as this game plays it (a workshop scenario has no built-in id to name).
    openGame(await api<GameView>('POST', '/api/games', { scenario: { game: v.id }, side, opponent, orders: v.orders }));
  } catch (e) {
    toast(playerError(e instanceof Error ? e.message : String(e)));
    show(v);
  }
}

async function control(path: string, body: unknown = {}): Promise<void> {
  if (!view) return;
  try {
    const a = await api<StepAnswer>('POST', `/api/games/${view.id}/${path}`, body);
    take(a);
    show(a.view);
    void maybeRunAi();
  } catch (e) {
    toast(playerError(e instanceof Error ? e.message : String(e)));
  }
}

function tablePoint(ev: MouseEvent, round = true): [number, number] | null {
  const svg = svgRoot();
  const m = svg?.getScreenCTM();
  if (!svg || !m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return round ? [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10] : [p.x, p.y];
}

function onBoardClick(ev: MouseEvent): void {
  if (!view) return;
  if (dragged) {
    dragged = false;
    return;
  }
  const target = ev.target as Element;
  const other = target.closest('[data-band]');
  if (other) {
    // Another band's orders shown on the table (no decision).
    focusBand = other.getAttribute('data-band');
    drawOverlay();
    return;
  }
  const mark = target.closest('[data-key]');
  if (mark) {
    void send({ key: mark.getAttribute('data-key') ?? '' });
    return;
  }
  const figEl = target.closest('.fig');
  if (figEl) {
    const id = figEl.getAttribute('data-id');
    if (!id) return;
    // When the decision is which figure or band acts, a click on one chooses it (and selects it).
    const choice = figureChoice(view, id);
    void select(id);
    if (choice !== null) void send({ key: choice });
    return;
  }
  if (view.turn !== 'you') return;
  const p = tablePoint(ev);
  if (!p) return;
  if (view.exact) {
    void send({ x: p[0], y: p[1] });
    return;
  }
  // A click near a destination mark gives that order.
  let best: ActionView | null = null;
  let bestD = 2;
  for (const a of view.actions) {
    const at = a.targets?.at;
    if (!at) continue;
    const d = Math.hypot(at[0] - p[0], at[1] - p[1]);
    if (d < bestD) {
      bestD = d;
      best = a;
    }
  }
  if (best) void send({ key: best.key });
  else reason(`Nothing moves to (${p[0]}, ${p[1]}) now: click a numbered mark or a labelled box on the table (or an action in the list).`);
}

function wire(): void {
  el('scenario').addEventListener('change', fillSides);
  el('rules-open').addEventListener('click', () => openHelp(el<HTMLSelectElement>('scenario').value, 'rules'));
  el('help-open').addEventListener('click', () => {
    if (view) openHelp(`${view.ruleset}/${view.scenario}`, 'briefing');
  });
  el('help-close').addEventListener('click', () => (el('help').hidden = true));
  el('help').addEventListener('click', (ev) => {
    if (ev.target === el('help')) el('help').hidden = true;
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') el('help').hidden = true;
  });
  el('start').addEventListener('click', () => void start());
  el('setup').addEventListener('click', (ev) => {
    const t = ev.target as HTMLElement;
    const load = t.getAttribute('data-load');
    const open = t.getAttribute('data-open');
    if (load)
      void api<GameView>('POST', '/api/load', { name: load })
        .then(openGame)
        .catch((e: unknown) => toast(playerError(e instanceof Error ? e.message : String(e))));
    if (open)
      void api<GameView>('GET', `/api/games/${open}`)
        .then(openGame)
        .catch((e: unknown) => toast(playerError(e instanceof Error ? e.message : String(e))));
  });
  // A press on a decision mark whose mark is drawn again under the pointer before the release (a
  // figure's reach arriving redraws the overlay) gets no click from the browser: the release on the
  // new mark of the same decision makes it.
  el('board').addEventListener('pointerdown', (ev) => {
    pressedMark = ev.button === 0 ? (ev.target as Element).closest('[data-key]') : null;
  });
  el('board').addEventListener('pointerup', (ev) => {
    const was = pressedMark;
    pressedMark = null;
    const up = (ev.target as Element).closest('[data-key]');
    if (was && up && up !== was && !was.isConnected && up.getAttribute('data-key') === was.getAttribute('data-key'))
      void send({ key: up.getAttribute('data-key') ?? '' });
  });
  el('board').addEventListener('click', onBoardClick);
  // The side panel as a drawer on middle-sized screens: opened and closed by its button, closed by a click on the table.
  const drawer = (open: boolean): void => {
    document.body.classList.toggle('panel-open', open);
    el('panel-toggle').setAttribute('aria-expanded', String(open));
  };
  el('panel-toggle').addEventListener('click', () => drawer(!document.body.classList.contains('panel-open')));
  el('tablewrap').addEventListener('pointerdown', () => drawer(false));
  wireZoom();
  for (const box of ['actions', 'selected']) {
    el(box).addEventListener('click', (ev) => {
      const b = (ev.target as HTMLElement).closest('button');
      const key = b?.dataset.key;
      if (key) void send({ key });
    });
  }
  el('standing').addEventListener('click', (ev) => {
    const band = (ev.target as HTMLElement).closest('button')?.dataset.cancel;
    if (band !== undefined) void control('standing/cancel', { band });
  });
  wireMeasure({ view: () => view, board: el('board'), button: el('measure'), out: el('measure-out') });
  el('mode').addEventListener('change', () => void control('orders', { orders: el<HTMLSelectElement>('mode').value }));
  el('undo').addEventListener('click', () => void control('undo'));
  let resignArmed = false;
  el('resign').addEventListener('click', () => {
    if (!resignArmed) {
      resignArmed = true;
      el('resign').textContent = 'Really resign?';
      window.setTimeout(() => {
        resignArmed = false;
        el('resign').textContent = 'Resign';
      }, 3000);
      return;
    }
    resignArmed = false;
    el('resign').textContent = 'Resign';
    void control('resign');
  });
  el('pause').addEventListener('click', () => {
    paused = !paused;
    el('pause').textContent = paused ? 'Resume AI' : 'Pause AI';
    if (view) show(view);
    void maybeRunAi();
  });
  el('new').addEventListener('click', () => void showSetup());
  el('again').addEventListener('click', () => void again(false));
  el('swap').addEventListener('click', () => void again(true));
  // A save over an existing one asks first (a second click within 3 s).
  let overwriteArmed = '';
  el('save').addEventListener('click', () => {
    if (!view) return;
    const name = el<HTMLInputElement>('savename').value.trim();
    if ((setup?.saves ?? []).includes(name) && overwriteArmed !== name) {
      overwriteArmed = name;
      el('save').textContent = `Overwrite ${name}?`;
      window.setTimeout(() => {
        overwriteArmed = '';
        el('save').textContent = 'Save';
      }, 3000);
      return;
    }
    overwriteArmed = '';
    el('save').textContent = 'Save';
    api<{ saved: string; saves: string[] }>('POST', `/api/games/${view.id}/save`, { name })
      .then((r) => {
        if (setup) setup.saves = r.saves;
        toast(`Saved as ${r.saved}`);
      })
      .catch((e: unknown) => toast(playerError(e instanceof Error ? e.message : String(e))));
  });
}

/** Show the game the address names (`#<game id>`), or the setup page when it names none. */
async function follow(): Promise<void> {
  const id = location.hash.slice(1);
  if (id && id === view?.id) return;
  if (id) {
    try {
      await ensureSetup();
      openGame(await api<GameView>('GET', `/api/games/${encodeURIComponent(id)}`));
      return;
    } catch (e) {
      toast(playerError(e instanceof Error ? e.message : String(e)));
    }
  }
  if (view !== null || el('setup').hidden) await showSetup();
}

async function main(): Promise<void> {
  wire();
  window.addEventListener('hashchange', () => void follow());
  await follow();
}

void main();
