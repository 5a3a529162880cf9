/**
 * The scenario workshop's page script (issue 44; bundled as /workshop.js when `serve --scenarios DIR`
 * runs): opens a built-in scenario, a file of the folder or a ruleset's blank table; draws the
 * table from the ruleset's workshop layout (src/core/workshop-layout.ts: where its format keeps
 * terrain, figures, objectives, zones and exits) and edits it by clicks and drags (./document.ts
 * holds the edits and the undo/redo history, apart from the DOM); checks every edit with the
 * server's `validate` (debounced) and marks each problem on the table where it is; saves into the
 * scenarios folder (byte for byte when nothing changed) or downloads. It implements the
 * {@link WorkshopContext} the panels mounted on the page use (./panels.ts). It knows the workshop
 * API (src/serve/workshop-protocol.ts) and nothing of any ruleset: a ruleset without a layout opens
 * with the ruleset's own drawing of its setup and JSON editing only.
 */
import type {
  LoadedFile,
  SavedFile,
  ScenarioCheck,
  ScenarioPreview,
  ScenarioProblem,
  WorkshopCollection,
  WorkshopLayout,
  WorkshopList,
  WorkshopRuleset,
} from '../../serve/workshop-protocol.js';
import type { WorkshopContext, WorkshopDocument } from './context.js';
import { mountPanels } from './panels.js';
import { ApiError, SVG_NS, api, el, svgEl } from '../dom.js';
import { esc } from '../panel.js';
import {
  History,
  type Item,
  type JsonPath,
  type Point,
  type Scenario,
  addElement,
  chosenFields,
  collectionPlaces,
  fieldChoices,
  formatPath,
  getAt,
  insertVertex,
  items,
  moveItem,
  moveVertex,
  parseProblemPath,
  removeItem,
  removeVertex,
  setAt,
  tableSize,
  templateChoice,
} from './document.js';

function toast(text: string): void {
  const t = el('toast');
  t.textContent = text;
  t.style.display = 'block';
  setTimeout(() => (t.style.display = 'none'), 5000);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The open document: its history, where it came from, and its text as loaded (saved as is while unchanged). */
interface OpenDoc {
  ruleset: string;
  history: History;
  /** The scenario as loaded or last saved: the document is dirty when the present is another. */
  baseline: Scenario;
  /** The file's text as loaded or last saved: while the document is its baseline (unchanged, or undone back to it), a save writes these bytes. */
  text?: string;
  file?: string;
  builtin?: string;
  note: string;
  /** The check that came with the loaded file (a built-in's `inherit` resolves from its own place: used while unchanged). */
  loadedCheck?: ScenarioCheck;
  /** The fields an `inherit` copies from the scenario it names, fetched for drawing only (drawn faded, not editable here). */
  inherited?: Scenario;
}

type Tool = 'select' | 'terrain' | 'figure' | 'zone';

let doc: OpenDoc | null = null;
let svg: SVGSVGElement | null = null;
let layer: SVGGElement | null = null;
const listeners: (() => void)[] = [];
let rulesets: WorkshopRuleset[] = [];
const schemas = new Map<string, unknown>();
let tool: Tool = 'select';
/** The selected item's path (and a vertex of it), or null. */
let selected: { path: JsonPath } | null = null;
/** The vertices of the polygon being drawn. */
let draft: Point[] = [];
let problems: ScenarioProblem[] = [];
let checkTimer: ReturnType<typeof setTimeout> | undefined;
let checkSeq = 0;
/** The items drawn now, by their index in the layer's `data-i`. */
let drawn: Item[] = [];
/**
 * Where the ruleset's setup puts the figures the file places without a point of their own (packed
 * into a group's area), from the preview of the last valid check: drawn faded, not editable.
 */
let ghosts: { x: number; y: number; r: number; side: number; name: string }[] = [];

const layoutOf = (ruleset: string): WorkshopLayout | undefined => rulesets.find((r) => r.id === ruleset)?.layout;
const current = (): Scenario | null => doc?.history.current ?? null;

function notify(): void {
  for (const l of listeners) {
    try {
      l();
    } catch (e) {
      toast(`a panel failed: ${message(e)}`);
    }
  }
}

// ---------------------------------------------------------------- drawing

const PALETTE: Record<string, string> = {
  building: '#a0785a',
  water: '#7fb3d5',
  wood: '#58a15a',
  hill: '#d4c27a',
  rough: '#b7a98a',
  broken: '#b7a98a',
  difficult: '#9c9a6b',
  heavy: '#8d8b5d',
  impassable: '#6e5a4a',
  cover: '#9fbf8f',
  wall: '#7f7f7f',
  clear: '#f0e6c8',
};
const ZONE_COLOURS = ['#c0392b', '#1a5276', '#7d3c98', '#b9770e', '#117a65', '#566573'];
const SIDE_COLOURS = ['#c0392b', '#1a5276', '#1e8449', '#7d3c98'];

function kindColour(kind: string | undefined): string {
  if (kind === undefined) return '#cfc1a0';
  if (PALETTE[kind]) return PALETTE[kind];
  let h = 0;
  for (const c of kind) h = (h * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${h},35%,60%)`;
}

function centroid(poly: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p[0];
    y += p[1];
  }
  return [x / poly.length, y / poly.length];
}

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((k, i) => k === path[i]);
}

/** Where a problem is on the table: its `at`, else the item its path lies in. */
function problemPlace(p: ScenarioProblem): Point | null {
  if (p.at) return [p.at.x, p.at.y];
  const path = parseProblemPath(p.path);
  let best: Item | null = null;
  for (const it of drawn) if (startsWith(path, it.path) && (!best || it.path.length > best.path.length)) best = it;
  if (!best) return null;
  return best.point ?? (best.polygon && best.polygon.length > 0 ? centroid(best.polygon) : null);
}

/** The scenario as drawn: the document with the fields it inherits (and does not give itself). */
function drawnScenario(): Scenario | null {
  const sc = current();
  if (!sc || !doc?.inherited) return sc;
  const out: Scenario = { ...sc };
  for (const [k, v] of Object.entries(doc.inherited)) if (!(k in sc)) out[k] = v;
  return out;
}

/**
 * Fetch the fields `d`'s `inherit` names from the scenario it names: a `builtin:<ruleset>/<id>`
 * from the built-ins, else relative to where `d` is (a built-in from the built-ins, a file from
 * the folder); left out when it cannot be reached.
 */
async function loadInherited(d: OpenDoc): Promise<void> {
  const inh = d.baseline.inherit as { from?: unknown; fields?: unknown } | undefined;
  if (!inh || typeof inh.from !== 'string' || !Array.isArray(inh.fields)) return;
  const here = d.builtin ?? d.file ?? '';
  const parts = here.split('/').slice(0, -1);
  for (const p of inh.from.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  const target = parts.join('/');
  // `builtin:<ruleset>/<id>` names a built-in wherever the file lies (src/core/scenario.ts resolveInherit).
  const route = inh.from.startsWith('builtin:')
    ? `/api/workshop/builtin/${inh.from.slice('builtin:'.length)}`
    : d.builtin !== undefined
      ? `/api/workshop/builtin/${target.replace(/\.json$/, '')}`
      : `/api/workshop/files/${target}`;
  try {
    const f = await api<LoadedFile>('GET', route);
    const parent = f.scenario as Scenario;
    d.inherited = Object.fromEntries(
      inh.fields.filter((k): k is string => typeof k === 'string' && k in parent).map((k) => [k, parent[k]]),
    );
  } catch {
    // Not reachable from here: the page draws what the file itself gives.
  }
}

/** Redraw the table of the open document (its layer; panels' own groups stay). */
function render(): void {
  const sc = drawnScenario();
  const own = current();
  if (!doc || !sc || !own) return;
  const layout = layoutOf(doc.ruleset);
  const size = layout ? tableSize(sc, layout) : null;
  if (!layout || !size) {
    void drawPreview();
    return;
  }
  const host = el('ws-table');
  if (!svg || !host.contains(svg) || !layer) {
    host.innerHTML = '';
    svg = document.createElementNS(SVG_NS, 'svg');
    svg.id = 'ws-svg';
    host.append(svg);
    layer = svgEl('g', { id: 'ws-layer' }, svg);
    wireTable(svg);
  }
  const { width, height } = size;
  const unit = Math.max(width, height) / 48;
  const m = 2 * unit;
  svg.setAttribute('viewBox', `${-m} ${-m} ${width + 2 * m} ${height + 2 * m}`);
  svg.setAttribute('class', `tool-${tool}`);
  svg.dataset.width = String(width);
  svg.dataset.height = String(height);
  const g = layer;
  if (!g) return;
  g.replaceChildren();
  svgEl('rect', { class: 'ws-ground', x: 0, y: 0, width, height, 'stroke-width': 0.1 * unit }, g);
  drawn = items(sc, layout);
  const inheritedItem = (it: Item): boolean => typeof it.path[0] === 'string' && !(it.path[0] in own);
  const zoneIds = layout.collections.filter((c) => c.role === 'zone').map((c) => c.id);
  const labels: [Point, string][] = [];
  drawn.forEach((it, i) => {
    const sel = selected !== null && samePath(selected.path, it.path);
    const cls = (base: string): string => `${base}${sel ? ' ws-sel' : ''}`;
    const zc = ZONE_COLOURS[Math.max(0, zoneIds.indexOf(it.coll.id)) % ZONE_COLOURS.length];
    let shape: SVGElement | null = null;
    if (it.polygon && it.polygon.length > 0) {
      const pts = it.polygon.map((p) => p.join(',')).join(' ');
      if (it.coll.shape === 'line')
        shape = svgEl(
          'polyline',
          { class: cls('ws-terrain line'), points: pts, fill: 'none', stroke: kindColour(it.kind), 'stroke-width': 0.4 * unit },
          g,
        );
      else if (it.coll.role === 'terrain')
        shape = svgEl('polygon', { class: cls('ws-terrain'), points: pts, fill: kindColour(it.kind), 'stroke-width': 0.08 * unit }, g);
      else
        shape = svgEl(
          'polygon',
          {
            class: cls('ws-zone'),
            points: pts,
            fill: it.coll.role === 'figure' ? SIDE_COLOURS[(it.stars[0] ?? 0) % 4] : zc,
            stroke: it.coll.role === 'figure' ? SIDE_COLOURS[(it.stars[0] ?? 0) % 4] : zc,
            'stroke-width': 0.1 * unit,
            'stroke-dasharray': `${0.4 * unit} ${0.2 * unit}`,
          },
          g,
        );
      const words = it.name ?? it.kind ?? (it.coll.role === 'zone' ? (it.id ?? it.coll.label) : undefined);
      if (words) labels.push([centroid(it.polygon), words]);
    } else if (it.point) {
      if (it.coll.role === 'figure') {
        shape = svgEl(
          'circle',
          {
            class: cls('ws-fig'),
            cx: it.point[0],
            cy: it.point[1],
            r: 0.5 * unit,
            fill: SIDE_COLOURS[(it.stars[0] ?? 0) % 4],
            'stroke-width': 0.06 * unit,
          },
          g,
        );
      } else {
        const r = 0.6 * unit;
        const [x, y] = it.point;
        shape = svgEl(
          'polygon',
          {
            class: cls('ws-zone point'),
            points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`,
            fill: zc,
            stroke: zc,
            'stroke-width': 0.1 * unit,
          },
          g,
        );
        // A named point is labelled; unnamed ones (exits, loot) say what they are in their tooltip only.
        const words = it.name ?? it.id;
        if (words !== undefined) labels.push([[x, y + 1.6 * r], words]);
      }
    }
    if (shape && sel && it.coll.shape !== 'line') shape.setAttribute('stroke-width', String(0.2 * unit));
    if (shape && inheritedItem(it)) shape.classList.add('ws-inherited');
    else if (shape) {
      shape.dataset.i = String(i);
      shape.dataset.path = formatPath(it.path);
      const t = document.createElementNS(SVG_NS, 'title');
      t.textContent = `${it.coll.label}${it.name ? `: ${it.name}` : ''}${it.kind ? ` (${it.kind})` : ''}`;
      shape.append(t);
    }
  });
  for (const gh of ghosts) {
    const c = svgEl(
      'circle',
      { class: 'ws-ghost', cx: gh.x, cy: gh.y, r: gh.r, fill: SIDE_COLOURS[gh.side % 4], 'stroke-width': 0.04 * unit },
      g,
    );
    const t = document.createElementNS(SVG_NS, 'title');
    t.textContent = `${gh.name} (placed by the ruleset's setup: give it a point of its own to move it)`;
    c.append(t);
  }
  for (const [p, words] of labels)
    svgEl(
      'text',
      { class: 'ws-label', x: p[0], y: p[1], 'text-anchor': 'middle', 'font-size': 0.7 * unit, 'stroke-width': 0.12 * unit },
      g,
    ).textContent = words;
  // The selected polygon's vertices, to drag.
  const selItem = selected ? drawn.find((it) => samePath(it.path, selected?.path ?? [])) : undefined;
  if (selItem?.polygon)
    selItem.polygon.forEach((p, v) => {
      const h = svgEl('circle', { class: 'ws-vertex', cx: p[0], cy: p[1], r: 0.35 * unit, 'stroke-width': 0.08 * unit }, g);
      h.dataset.vertex = String(v);
    });
  // The polygon being drawn.
  if (draft.length > 0) {
    const closing = draftMin() === 3;
    svgEl(
      'polyline',
      {
        class: 'ws-draft',
        points: draft.map((p) => p.join(',')).join(' '),
        'stroke-width': 0.1 * unit,
        'stroke-dasharray': `${0.3 * unit} ${0.15 * unit}`,
      },
      g,
    );
    const first = closing ? draft[0] : draft[draft.length - 1];
    svgEl('circle', { class: 'ws-draft-start', cx: first[0], cy: first[1], r: 0.4 * unit }, g);
  }
  // The problems, where they are.
  problems.forEach((p, n) => {
    const at = problemPlace(p);
    if (!at) return;
    const mark = svgEl('g', { class: `ws-problem-mark ${p.severity}` }, g);
    mark.dataset.problem = String(n);
    svgEl('circle', { class: `ws-problem ${p.severity}`, cx: at[0], cy: at[1], r: 1.1 * unit, 'stroke-width': 0.15 * unit }, mark);
    svgEl(
      'text',
      { class: 'ws-problem-text', x: at[0], y: at[1] - 1.3 * unit, 'text-anchor': 'middle', 'font-size': unit, 'stroke-width': 0.2 * unit },
      mark,
    ).textContent = `${n + 1}`;
  });
  notify();
}

/** A ruleset without a layout: the ruleset's drawing of the setup (when the scenario is valid). */
async function drawPreview(): Promise<void> {
  const sc = current();
  if (!sc) return;
  const host = el('ws-table');
  try {
    const p = await api<ScenarioPreview>('POST', '/api/workshop/preview', { scenario: sc });
    host.innerHTML = p.svg;
    svg = host.querySelector('svg');
  } catch (e) {
    host.textContent = `${message(e)} (this ruleset declares no workshop layout: edit its JSON on the right)`;
    svg = null;
  }
  layer = null;
  notify();
}

// ---------------------------------------------------------------- editing

/** Make `next` the document's present (a step of the history), redraw, check. */
function edit(next: Scenario): void {
  if (!doc) return;
  doc.history.apply(next);
  afterChange();
}

function afterChange(): void {
  if (!doc) return;
  if (selected && getAt(doc.history.current, selected.path) === undefined) selected = null;
  render();
  showSelected();
  showFields();
  updateButtons();
  scheduleCheck();
}

function updateButtons(): void {
  el<HTMLButtonElement>('ws-undo').disabled = !doc?.history.canUndo();
  el<HTMLButtonElement>('ws-redo').disabled = !doc?.history.canRedo();
  el<HTMLButtonElement>('ws-delete').disabled = selected === null;
  const dirty = doc !== null && doc.history.current !== doc.baseline;
  el('ws-title').textContent = doc ? `${doc.note}${dirty ? ' •' : ''}` : '';
  document.body.dataset.dirty = String(dirty);
}

function scheduleCheck(): void {
  if (checkTimer !== undefined) clearTimeout(checkTimer);
  document.body.dataset.check = 'pending';
  checkTimer = setTimeout(() => void check(), 250);
}

/** Check the present scenario as `validate` does; show the problems in the list and on the table. */
async function check(): Promise<void> {
  const sc = current();
  if (!sc || !doc) return;
  const seq = ++checkSeq;
  let c: ScenarioCheck;
  if (doc.loadedCheck && sc === doc.baseline && doc.builtin !== undefined) c = doc.loadedCheck;
  else
    try {
      c = await api<ScenarioCheck>('POST', '/api/workshop/validate', {
        scenario: sc,
        ...(doc.file !== undefined ? { name: doc.file } : {}),
      });
    } catch (e) {
      c = { ok: false, problems: [{ severity: 'error', kind: 'invalid', path: '', paths: [], message: message(e) }] };
    }
  if (seq !== checkSeq) return; // a later edit's check is on its way
  problems = c.problems;
  const ul = el('ws-problems');
  ul.replaceChildren();
  if (problems.length === 0) {
    const li = document.createElement('li');
    li.className = 'ok';
    li.textContent = 'No problems: the scenario passes validate.';
    ul.append(li);
  }
  problems.forEach((p, n) => {
    const li = document.createElement('li');
    li.className = p.severity;
    li.dataset.path = p.path;
    li.textContent = `${n + 1}. ${p.severity}${p.path ? ` at ${p.path}` : ''}: ${p.message}`;
    li.addEventListener('click', () => {
      const path = parseProblemPath(p.path);
      const hit = [...drawn].reverse().find((it) => startsWith(path, it.path));
      if (hit) select(hit.path);
      else showFieldFor(path);
    });
    ul.append(li);
  });
  document.body.dataset.check = c.ok ? 'ok' : 'error';
  if (c.ok) await loadGhosts(sc, seq);
  else ghosts = [];
  render();
}

/** The setup's places of the figures the file gives no point (see {@link ghosts}), when there are any. */
async function loadGhosts(sc: Scenario, seq: number): Promise<void> {
  const layout = doc ? layoutOf(doc.ruleset) : undefined;
  const unplaced = layout ? items(sc, layout).some((it) => it.coll.role === 'figure' && !it.point && !it.polygon) : false;
  if (!unplaced || !doc || doc.inherited) {
    ghosts = [];
    return;
  }
  try {
    const p = await api<ScenarioPreview>('POST', '/api/workshop/preview', {
      scenario: sc,
      ...(doc.file !== undefined ? { name: doc.file } : {}),
    });
    if (seq !== checkSeq) return;
    const scene = p.scene as { sides?: { id: string }[]; figures?: { x: number; y: number; r: number; side: string; name: string }[] };
    const sides = (scene.sides ?? []).map((x) => x.id);
    const own = new Set(drawn.filter((it) => it.coll.role === 'figure' && it.point).map((it) => `${it.point?.[0]},${it.point?.[1]}`));
    ghosts = (scene.figures ?? [])
      .filter((f) => !own.has(`${f.x},${f.y}`))
      .map((f) => ({ x: f.x, y: f.y, r: f.r, side: Math.max(0, sides.indexOf(f.side)), name: f.name }));
  } catch {
    ghosts = [];
  }
}

function select(path: JsonPath | null): void {
  selected = path ? { path } : null;
  render();
  showSelected();
  updateButtons();
}

/** The selected element's JSON, editable. */
function showSelected(): void {
  const box = el('ws-selected');
  const sc = current();
  const it = selected ? drawn.find((x) => samePath(x.path, selected?.path ?? [])) : undefined;
  if (!sc || !it) {
    box.innerHTML = '<span class="ws-hint">Nothing selected: click a piece, a figure or a zone.</span>';
    return;
  }
  box.innerHTML = `<b>${esc(it.coll.label)}</b> <code>${esc(formatPath(it.path))}</code><br><textarea id="ws-sel-json" spellcheck="false" style="width:100%;height:110px;font:12px ui-monospace,monospace"></textarea><button id="ws-sel-apply">Apply</button><span id="ws-sel-err" style="color:#a93226"></span>`;
  el<HTMLTextAreaElement>('ws-sel-json').value = JSON.stringify(getAt(sc, it.path), null, 1);
  el('ws-sel-apply').addEventListener('click', () => {
    try {
      const v = JSON.parse(el<HTMLTextAreaElement>('ws-sel-json').value) as unknown;
      edit(setAt(sc, it.path, v));
    } catch (e) {
      el('ws-sel-err').textContent = ` ${message(e)}`;
    }
  });
}

/** The JSON text editor of the fields with no place on the table. */
function showFields(): void {
  const sc = current();
  const layout = doc ? layoutOf(doc.ruleset) : undefined;
  const sel = el<HTMLSelectElement>('ws-field');
  const keep = sel.value;
  const names = layout ? [...layout.fields] : [];
  if (sc) for (const k of Object.keys(sc)) if (!names.includes(k) && !layout) names.push(k);
  const options = [...names, '(whole file)'];
  if ([...sel.options].map((o) => o.value).join('\n') !== options.join('\n')) {
    sel.replaceChildren();
    for (const n of options) {
      const o = document.createElement('option');
      o.value = n;
      o.textContent = n;
      sel.append(o);
    }
  }
  if (options.includes(keep)) sel.value = keep;
  fillFieldText();
}

function fillFieldText(): void {
  const sc = current();
  const f = el<HTMLSelectElement>('ws-field').value;
  const v = sc ? (f === '(whole file)' ? sc : sc[f]) : undefined;
  const ta = el<HTMLTextAreaElement>('ws-json');
  ta.value = v === undefined ? '' : JSON.stringify(v, null, 2);
  ta.classList.remove('bad');
  el('ws-json-err').textContent = '';
}

function showFieldFor(path: JsonPath): void {
  const top = path[0];
  const sel = el<HTMLSelectElement>('ws-field');
  if (typeof top === 'string' && [...sel.options].some((o) => o.value === top)) sel.value = top;
  else sel.value = '(whole file)';
  fillFieldText();
  el('ws-json').focus();
}

function applyFieldText(): void {
  const sc = current();
  if (!sc) return;
  const f = el<HTMLSelectElement>('ws-field').value;
  const ta = el<HTMLTextAreaElement>('ws-json');
  let v: unknown;
  try {
    v = ta.value.trim() === '' ? undefined : (JSON.parse(ta.value) as unknown);
  } catch (e) {
    ta.classList.add('bad');
    el('ws-json-err').textContent = ` not JSON: ${message(e)}`;
    return;
  }
  if (f === '(whole file)') {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      ta.classList.add('bad');
      el('ws-json-err').textContent = ' a scenario file is a JSON object';
      return;
    }
    edit(v as Scenario);
  } else edit(setAt(sc, [f], v));
}

// ---------------------------------------------------------------- tools

function collections(role: WorkshopCollection['role']): WorkshopCollection[] {
  const layout = doc ? layoutOf(doc.ruleset) : undefined;
  return layout ? layout.collections.filter((c) => c.role === role) : [];
}

function optionList(values: readonly string[], labels?: readonly string[]): string {
  return values.map((v, i) => `<option value="${esc(v)}">${esc(labels?.[i] ?? v)}</option>`).join('');
}

/** The options of the tool in hand: which collection, which side, kind and the schema's lists, a name. */
function showToolOptions(): void {
  const box = el('ws-tool-opts');
  const sc = current();
  box.replaceChildren();
  for (const b of document.querySelectorAll<HTMLButtonElement>('#ws-tools button[data-tool]'))
    b.classList.toggle('on', b.dataset.tool === tool);
  if (!sc || tool === 'select') {
    box.innerHTML =
      '<span class="ws-hint">Click to select; drag a piece, a figure, a zone or a selected piece’s vertex to move it; double-click a selected piece to add a vertex, a vertex to remove it.</span>';
    return;
  }
  const colls = collections(tool === 'terrain' ? 'terrain' : tool === 'figure' ? 'figure' : 'zone');
  if (colls.length === 0) {
    box.innerHTML = '<span class="ws-hint">This ruleset’s format has none.</span>';
    return;
  }
  let html = `<label>What <select id="ws-coll">${optionList(
    colls.map((c) => c.id),
    colls.map((c) => c.label),
  )}</select></label><div id="ws-coll-opts"></div>`;
  html += '<span class="ws-hint" id="ws-tool-hint"></span>';
  box.innerHTML = html;
  const collSel = el<HTMLSelectElement>('ws-coll');
  const keep = box.dataset[tool];
  if (keep && colls.some((c) => c.id === keep)) collSel.value = keep;
  collSel.addEventListener('change', () => {
    box.dataset[tool] = collSel.value;
    draft = [];
    showCollOptions();
    render();
  });
  showCollOptions();
}

function toolCollection(): WorkshopCollection | undefined {
  const v = (document.getElementById('ws-coll') as HTMLSelectElement | null)?.value;
  const layout = doc ? layoutOf(doc.ruleset) : undefined;
  return layout?.collections.find((c) => c.id === v);
}

function showCollOptions(): void {
  const box = el('ws-coll-opts');
  const coll = toolCollection();
  const sc = current();
  if (!coll || !sc || !doc) return;
  let html = '';
  const places = collectionPlaces(sc, coll);
  if (places.length > 1 || (places[0]?.stars.length ?? 0) > 0) {
    const labels = places.map((p) => {
      const parts = coll.path.split('.');
      const starEl = getAt(sc, p.path.slice(0, parts.lastIndexOf('*') + 1)) as Record<string, unknown> | undefined;
      return typeof starEl?.name === 'string' ? starEl.name : typeof starEl?.id === 'string' ? starEl.id : formatPath(p.path);
    });
    html += `<label>Side <select id="ws-place">${optionList(
      places.map((_, i) => String(i)),
      labels,
    )}</select></label>`;
  }
  for (const c of fieldChoices(schemas.get(doc.ruleset), coll)) {
    const tmpl = templateChoice(coll, c.field);
    const initial = Array.isArray(tmpl) ? tmpl[0] : tmpl;
    html += `<label title="${esc(c.description ?? '')}">${esc(c.field.replace('.', ': '))} <select class="ws-choice" data-field="${esc(c.field)}" data-list="${c.list ? '1' : ''}">${
      tmpl === undefined && c.field !== coll.kind ? '<option value="">—</option>' : ''
    }${c.values.map((v) => `<option${v === initial ? ' selected' : ''}>${esc(v)}</option>`).join('')}</select></label>`;
  }
  if (coll.name) html += `<label>${esc(coll.name)} <input id="ws-elname" placeholder="(optional)"></label>`;
  box.innerHTML = html;
  const hint = document.getElementById('ws-tool-hint');
  if (hint)
    hint.textContent =
      coll.shape === 'point'
        ? `Click the table to place a ${coll.label}.`
        : coll.role === 'figure'
          ? `Click the table to place a ${coll.label} (its area a square there: select it and drag its corners to shape it).`
          : coll.shape === 'line'
            ? `Click the points of the ${coll.label}; end on the last one, by double-click or Enter (Esc cancels).`
            : `Click the corners of the ${coll.label}; close on the first one, by double-click or Enter (Esc cancels).${
                coll.single ? ' It replaces the one there is.' : ''
              }`;
  const prev = box.dataset.place;
  const placeSel = document.getElementById('ws-place') as HTMLSelectElement | null;
  if (placeSel && prev !== undefined && Number(prev) < places.length) placeSel.value = prev;
  placeSel?.addEventListener('change', () => (box.dataset.place = placeSel.value));
}

/** The fields the tool's options set on a new element. */
function toolFields(coll: WorkshopCollection): Record<string, unknown> | undefined {
  const chosen: Record<string, unknown> = {};
  for (const s of document.querySelectorAll<HTMLSelectElement>('#ws-coll-opts select.ws-choice')) {
    const f = s.dataset.field ?? '';
    if (s.value === '') continue;
    chosen[f] = s.dataset.list ? [s.value] : s.value;
  }
  const out = chosenFields(coll, chosen);
  const name = (document.getElementById('ws-elname') as HTMLInputElement | null)?.value.trim();
  if (coll.name && name) out[coll.name] = name;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Add the tool's element at `geometry`. */
function addHere(coll: WorkshopCollection, geometry: Point | Point[]): void {
  const sc = current();
  if (!sc) return;
  const places = collectionPlaces(sc, coll);
  const i = Number((document.getElementById('ws-place') as HTMLSelectElement | null)?.value ?? 0);
  const place = places[i] ?? places[0];
  if (!place) {
    toast(`nowhere to add a ${coll.label}: ${coll.path} leads nowhere in this file`);
    return;
  }
  const fields = toolFields(coll);
  const r = addElement(sc, coll, { place, geometry, ...(fields ? { fields } : {}) });
  selected = { path: r.path };
  edit(r.scenario);
}

/** The fewest vertices the tool's shape takes (a line 2, a polygon 3). */
function draftMin(): number {
  return toolCollection()?.shape === 'line' ? 2 : 3;
}

function closeDraft(): void {
  const coll = toolCollection();
  if (!coll || draft.length < draftMin()) return;
  const poly = draft;
  draft = [];
  addHere(coll, poly);
}

// ---------------------------------------------------------------- the table's pointer

function tablePoint(s: SVGSVGElement, e: PointerEvent | MouseEvent): Point {
  const m = s.getScreenCTM();
  if (!m) return [0, 0];
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

interface Drag {
  start: Point;
  item: Item;
  vertex: number | null;
  base: Scenario;
  moved: boolean;
}
let drag: Drag | null = null;

/**
 * A double click on the table: ends the polygon or line being drawn; with a polygon or line
 * selected, on one of its vertices removes it, elsewhere on the piece adds one on the nearest edge.
 * True when it did something.
 */
function doubleClick(s: SVGSVGElement, e: PointerEvent): boolean {
  if (tool !== 'select') {
    if (draft.length < draftMin()) return false;
    closeDraft();
    return true;
  }
  const sc = current();
  const selItem = selected ? drawn.find((it) => samePath(it.path, selected?.path ?? [])) : undefined;
  if (!sc || !selItem?.polygon) return false;
  const target = document.elementFromPoint(e.clientX, e.clientY);
  const vertex = target?.closest('[data-vertex]') as SVGElement | null | undefined;
  if (vertex) edit(removeVertex(sc, selItem, Number(vertex.dataset.vertex)));
  else if ((target?.closest('[data-i]') as SVGElement | null | undefined)?.dataset.path === formatPath(selItem.path))
    edit(insertVertex(sc, selItem, tablePoint(s, e)).scenario);
  else return false;
  return true;
}

function wireTable(s: SVGSVGElement): void {
  // A double click is told by the page itself (two presses close in time and place): each press
  // redraws the table, so the browser's own dblclick may find its target gone.
  let lastPress: { t: number; x: number; y: number } | null = null;
  s.addEventListener('pointerdown', (e) => {
    if (!doc || e.button !== 0) return;
    const sc = doc.history.current;
    const p = tablePoint(s, e);
    const double =
      lastPress !== null && e.timeStamp - lastPress.t < 450 && Math.hypot(e.clientX - lastPress.x, e.clientY - lastPress.y) < 6;
    lastPress = double ? null : { t: e.timeStamp, x: e.clientX, y: e.clientY };
    if (double && doubleClick(s, e)) return;
    const target = e.target as Element;
    const layout = layoutOf(doc.ruleset);
    if (!layout) return;
    if (tool === 'select') {
      const vertex = target.closest('[data-vertex]') as SVGElement | null;
      const shape = target.closest('[data-i]') as SVGElement | null;
      const selItem = selected ? drawn.find((it) => samePath(it.path, selected?.path ?? [])) : undefined;
      if (vertex && selItem) drag = { start: p, item: selItem, vertex: Number(vertex.dataset.vertex), base: sc, moved: false };
      else if (shape) {
        const item = drawn[Number(shape.dataset.i)];
        select(item.path);
        drag = { start: p, item, vertex: null, base: sc, moved: false };
      } else select(null);
      if (drag) s.setPointerCapture(e.pointerId);
      return;
    }
    const coll = toolCollection();
    if (!coll) return;
    if (coll.shape === 'point') {
      addHere(coll, p);
      return;
    }
    const unit = Math.max(Number(s.dataset.width), Number(s.dataset.height)) / 48;
    // A unit placed by its area: one click puts a square of 4 table-widths/48 around the point (drag its corners to shape it).
    if (coll.role === 'figure' && draft.length === 0) {
      const h = 2 * unit;
      addHere(coll, [
        [p[0] - h, p[1] - h],
        [p[0] + h, p[1] - h],
        [p[0] + h, p[1] + h],
        [p[0] - h, p[1] + h],
      ]);
      return;
    }
    // A polygon closes on its first vertex; a line ends on its last.
    const end = coll.shape === 'line' ? draft[draft.length - 1] : draft[0];
    if (draft.length >= draftMin() && end && Math.hypot(p[0] - end[0], p[1] - end[1]) < 0.8 * unit) closeDraft();
    else {
      draft = [...draft, p];
      render();
    }
  });
  s.addEventListener('pointermove', (e) => {
    if (!drag || !doc) return;
    const p = tablePoint(s, e);
    const dx = p[0] - drag.start[0];
    const dy = p[1] - drag.start[1];
    if (!drag.moved && Math.hypot(dx, dy) < 0.05) return;
    const next =
      drag.vertex !== null
        ? moveVertex(drag.base, drag.item, drag.vertex, [
            (drag.item.polygon?.[drag.vertex]?.[0] ?? 0) + dx,
            (drag.item.polygon?.[drag.vertex]?.[1] ?? 0) + dy,
          ])
        : moveItem(drag.base, drag.item, dx, dy);
    if (!drag.moved) doc.history.apply(next);
    else doc.history.replace(next);
    drag.moved = true;
    render();
  });
  const end = (): void => {
    if (drag?.moved) afterChange();
    drag = null;
  };
  s.addEventListener('pointerup', end);
  s.addEventListener('pointercancel', end);
}

// ---------------------------------------------------------------- open, save, download

async function ensureSchema(ruleset: string): Promise<void> {
  if (schemas.has(ruleset) || !rulesets.find((r) => r.id === ruleset)?.schema) return;
  try {
    schemas.set(ruleset, await api<unknown>('GET', `/api/workshop/schema/${ruleset}`));
  } catch {
    schemas.set(ruleset, {});
  }
}

async function setDoc(d: OpenDoc): Promise<void> {
  await ensureSchema(d.ruleset);
  await loadInherited(d);
  doc = d;
  selected = null;
  draft = [];
  problems = [];
  ghosts = [];
  svg = null;
  layer = null;
  const id = d.history.current.id;
  el<HTMLInputElement>('ws-name').value = d.file ?? (typeof id === 'string' ? `${id}.json` : 'my-scenario.json');
  showToolOptions();
  afterChange();
}

function confirmDiscard(): boolean {
  return !doc || doc.history.current === doc.baseline || confirm('The open scenario has unsaved changes. Discard them?');
}

async function open(value: string): Promise<void> {
  if (!confirmDiscard()) return;
  delete document.body.dataset.doc;
  await openDoc(value);
  document.body.dataset.doc = value; // what is open (the browser test waits for it)
}

async function openDoc(value: string): Promise<void> {
  const [what, ...rest] = value.split(':');
  const name = rest.join(':');
  if (what === 'blank') {
    const layout = layoutOf(name);
    if (!layout) throw new Error(`no blank table for ${name}`);
    const sc = structuredClone(layout.blank);
    await setDoc({ ruleset: name, history: new History(sc), baseline: sc, note: `new scenario (${name})` });
    return;
  }
  const f = await api<LoadedFile>('GET', what === 'builtin' ? `/api/workshop/builtin/${name}` : `/api/workshop/files/${name}`);
  if (f.scenario === null || typeof f.scenario !== 'object' || Array.isArray(f.scenario))
    throw new Error(`${name} is not a scenario file: ${f.check.problems[0]?.message ?? 'not a JSON object'}`);
  const sc = f.scenario as Scenario;
  await setDoc({
    ruleset: String(sc.ruleset),
    history: new History(sc),
    baseline: sc,
    text: f.text,
    loadedCheck: f.check,
    ...(what === 'builtin' ? { builtin: name } : { file: name }),
    note: `${typeof sc.name === 'string' ? sc.name : name} (${String(sc.ruleset)}${what === 'builtin' ? ', built-in' : `, ${name}`})`,
  });
}

/** The document's file text: the loaded bytes while unchanged, else the normal format (two-space JSON and a newline). */
function fileText(): string {
  const sc = current();
  if (!doc || !sc) return '';
  return doc.text !== undefined && sc === doc.baseline ? doc.text : `${JSON.stringify(sc, null, 2)}\n`;
}

async function save(): Promise<void> {
  const sc = current();
  if (!doc || !sc) return;
  let name = el<HTMLInputElement>('ws-name').value.trim();
  if (name === '') return toast('give the file a name, e.g. my-raid.json');
  if (!name.endsWith('.json')) name += '.json';
  el<HTMLInputElement>('ws-name').value = name;
  const body = doc.text !== undefined && sc === doc.baseline ? { text: doc.text } : { scenario: sc };
  let r: SavedFile;
  try {
    r = await api<SavedFile>('PUT', `/api/workshop/files/${name}`, body);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 409) throw e;
    if (!confirm(`${name} exists in the scenarios folder. Replace it?`)) return;
    r = await api<SavedFile>('PUT', `/api/workshop/files/${name}`, { ...body, overwrite: true });
  }
  doc.baseline = sc;
  doc.text = 'text' in body ? body.text : `${JSON.stringify(sc, null, 2)}\n`; // what the file holds now (the server writes a scenario so)
  doc.file = r.name;
  delete doc.builtin;
  doc.note = `${typeof sc.name === 'string' ? sc.name : r.name} (${doc.ruleset}, ${r.name})`;
  el('ws-status').textContent = `Saved ${r.name} (${r.bytes} bytes${r.replaced ? ', replaced' : ''}): ${
    r.check.ok ? 'it passes validate' : `${r.check.problems.filter((p) => p.severity === 'error').length} error(s) left`
  }.`;
  document.body.dataset.saved = r.name;
  updateButtons();
  notify();
}

/** The ruleset's own drawing of the setup (the preview route), in a sheet over the page; the check's first error when it is not valid. */
async function preview(): Promise<void> {
  const sc = current();
  if (!sc || !doc) return;
  const body = el('ws-preview-body');
  try {
    const p = await api<ScenarioPreview>('POST', '/api/workshop/preview', {
      scenario: sc,
      ...(doc.file !== undefined ? { name: doc.file } : {}),
    });
    body.innerHTML = p.svg;
  } catch (e) {
    body.textContent = `No preview: ${message(e)}`;
  }
  el('ws-preview-box').hidden = false;
}

function download(): void {
  const sc = current();
  if (!sc) return;
  const a = document.createElement('a');
  a.href = `data:application/json;charset=utf-8,${encodeURIComponent(fileText())}`;
  a.download = el<HTMLInputElement>('ws-name').value.split('/').pop() || 'scenario.json';
  document.body.append(a);
  a.click();
  a.remove();
}

// ---------------------------------------------------------------- the panels' context

const ctx: WorkshopContext = {
  current: () => {
    const sc = current();
    if (!doc || !sc) return null;
    return {
      ruleset: doc.ruleset,
      scenario: structuredClone(sc),
      ...(doc.file !== undefined ? { file: doc.file } : {}),
      ...(doc.builtin !== undefined && sc === doc.baseline ? { builtin: doc.builtin } : {}),
      dirty: sc !== doc.baseline,
    } satisfies WorkshopDocument;
  },
  tableSvg: () => svg,
  onChange: (l) => listeners.push(l),
  openScenario: (ruleset, scenario, note) => {
    if (!confirmDiscard()) return;
    const blank: Scenario = {};
    const sc = structuredClone(scenario);
    const h = new History(blank);
    h.apply(sc); // unsaved: the baseline is an empty document
    void setDoc({ ruleset, history: h, baseline: blank, note }).catch((e: unknown) => toast(message(e)));
  },
};

// ---------------------------------------------------------------- start

function setTool(t: Tool): void {
  tool = t;
  draft = [];
  showToolOptions();
  render();
}

function undo(): void {
  if (doc?.history.undo()) afterChange();
}
function redo(): void {
  if (doc?.history.redo()) afterChange();
}
function deleteSelected(): void {
  const sc = current();
  const it = selected ? drawn.find((x) => samePath(x.path, selected?.path ?? [])) : undefined;
  if (!sc || !it) return;
  selected = null;
  edit(removeItem(sc, it));
}

async function start(): Promise<void> {
  const list = await api<WorkshopList>('GET', '/api/workshop/scenarios');
  rulesets = await api<WorkshopRuleset[]>('GET', '/api/workshop/rulesets');
  const sel = el<HTMLSelectElement>('ws-open');
  const group = (label: string, entries: [string, string][]): void => {
    if (entries.length === 0) return;
    const g = document.createElement('optgroup');
    g.label = label;
    for (const [value, text] of entries) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      g.append(o);
    }
    sel.append(g);
  };
  group(
    'New: a blank table',
    rulesets.filter((r) => r.layout).map((r) => [`blank:${r.id}`, `blank table — ${r.title}`]),
  );
  group(
    `Files in ${list.folder}`,
    list.files.filter((f) => !f.error).map((f) => [`file:${f.name}`, `${f.name}${f.title ? ` — ${f.title}` : ''}`]),
  );
  group(
    'Built-in scenarios (save under a name to change one)',
    list.builtin.map((b) => [`builtin:${b.ruleset}/${b.id}`, `${b.title} (${b.ruleset})`]),
  );
  el('ws-open-go').addEventListener('click', () => void open(sel.value).catch((e: unknown) => toast(message(e))));
  for (const b of document.querySelectorAll<HTMLButtonElement>('#ws-tools button[data-tool]'))
    b.addEventListener('click', () => setTool(b.dataset.tool as Tool));
  el('ws-undo').addEventListener('click', undo);
  el('ws-redo').addEventListener('click', redo);
  el('ws-delete').addEventListener('click', deleteSelected);
  el('ws-save').addEventListener('click', () => void save().catch((e: unknown) => toast(message(e))));
  el('ws-download').addEventListener('click', download);
  el('ws-preview').addEventListener('click', () => void preview());
  el('ws-preview-close').addEventListener('click', () => (el('ws-preview-box').hidden = true));
  el('ws-field').addEventListener('change', fillFieldText);
  el('ws-json-apply').addEventListener('click', applyFieldText);
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    const typing = t !== null && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
    if (typing) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === 'z' && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if ((e.ctrlKey || e.metaKey) && (key === 'y' || (key === 'z' && e.shiftKey))) {
      e.preventDefault();
      redo();
    } else if (e.key === 'Enter' && draft.length > 0 && draft.length >= draftMin()) closeDraft();
    else if (e.key === 'Escape') {
      draft = [];
      render();
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected) deleteSelected();
  });
  window.addEventListener('beforeunload', (e) => {
    if (doc && doc.history.current !== doc.baseline) e.preventDefault();
  });
  updateButtons();
  showToolOptions();
  mountPanels(el('ws-balance'), ctx);
  document.body.dataset.state = 'ready';
}

void start().catch((e: unknown) => toast(message(e)));
