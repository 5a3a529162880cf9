/**
 * The scenario workshop's page script (issue 44; bundled as /workshop.js when `serve --scenarios DIR`
 * runs): opens a built-in scenario, a file of the folder or a ruleset's blank table, draws its table,
 * and implements the {@link WorkshopContext} the panels mounted on the page use (./panels.ts).
 * It knows the workshop API (src/serve/workshop-protocol.ts) and nothing of any ruleset.
 */
import type { LoadedFile, ScenarioPreview, WorkshopList, WorkshopRuleset } from '../../serve/workshop-protocol.js';
import type { WorkshopContext, WorkshopDocument } from './context.js';
import { mountPanels } from './panels.js';

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} is missing`);
  return e as T;
}

/** A request to the workshop API; throws with the server's words on an error status. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await fetch(path, init);
  const data = (await res.json()) as unknown;
  if (!res.ok) {
    const msg =
      typeof data === 'object' && data !== null && 'error' in data ? String((data as { error: unknown }).error) : `HTTP ${res.status}`;
    throw new Error(msg);
  }
  return data as T;
}

let doc: WorkshopDocument | null = null;
let svg: SVGSVGElement | null = null;
const listeners: (() => void)[] = [];
let rulesets: WorkshopRuleset[] = [];

function toast(text: string): void {
  const t = el('toast');
  t.textContent = text;
  t.style.display = 'block';
  setTimeout(() => (t.style.display = 'none'), 4000);
}

function changed(): void {
  for (const l of listeners) l();
}

/** Draw the table of the open document: the ruleset's setup drawing from the preview route. */
async function draw(): Promise<void> {
  if (!doc) return;
  const host = el('ws-table');
  try {
    const p = await api<ScenarioPreview>('POST', '/api/workshop/preview', { scenario: doc.scenario });
    host.innerHTML = p.svg;
    svg = host.querySelector('svg');
  } catch (e) {
    host.textContent = e instanceof Error ? e.message : String(e);
    svg = null;
  }
  changed();
}

async function open(value: string): Promise<void> {
  const [what, ...rest] = value.split(':');
  const name = rest.join(':');
  const f = await api<LoadedFile>('GET', what === 'builtin' ? `/api/workshop/builtin/${name}` : `/api/workshop/files/${name}`);
  const sc = f.scenario as Record<string, unknown>;
  doc = {
    ruleset: String(sc.ruleset),
    scenario: sc,
    ...(what === 'builtin' ? { builtin: name } : { file: name }),
    dirty: false,
  };
  el('ws-title').textContent = `${String(sc.name ?? sc.id)} (${doc.ruleset})`;
  await draw();
}

const ctx: WorkshopContext = {
  current: () => (doc ? { ...doc, scenario: structuredClone(doc.scenario) } : null),
  tableSvg: () => svg,
  onChange: (l) => listeners.push(l),
  openScenario: (ruleset, scenario, note) => {
    if (doc?.dirty && !confirm('Discard the unsaved changes?')) return;
    doc = { ruleset, scenario: structuredClone(scenario), dirty: true };
    el('ws-title').textContent = `${note} (${ruleset})`;
    void draw();
  },
};

async function start(): Promise<void> {
  const list = await api<WorkshopList>('GET', '/api/workshop/scenarios');
  rulesets = await api<WorkshopRuleset[]>('GET', '/api/workshop/rulesets');
  const sel = el<HTMLSelectElement>('ws-open');
  const opt = (value: string, text: string): void => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    sel.append(o);
  };
  for (const b of list.builtin) opt(`builtin:${b.ruleset}/${b.id}`, `built-in: ${b.title} (${b.ruleset})`);
  for (const f of list.files) if (!f.error) opt(`file:${f.name}`, `file: ${f.name}`);
  el('ws-open-go').addEventListener('click', () => void open(sel.value).catch((e: unknown) => toast(String(e))));
  mountPanels(el('ws-balance'), ctx);
  document.body.dataset.state = 'ready';
  void rulesets;
}

void start().catch((e: unknown) => toast(e instanceof Error ? e.message : String(e)));
