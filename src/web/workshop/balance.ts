/**
 * The workshop page's "try it" and balance panel (issue 44 items 2 and 3), mounted in the page's
 * `#ws-balance` section (./panels.ts):
 *
 * - "Play it": the scenario as it stands opens as a game against an AI in the play page (a new
 *   tab, `/#<game id>`; `POST /api/games` with the file, the built-in id or the unsaved JSON).
 * - "Watch AI vs AI": one game played on the spot on the server by the agents chosen here, shown
 *   in the replay viewer (`POST /api/workshop/watch`).
 * - "Test balance": a `stress` run on the server's worker threads with the agents, games and seed
 *   chosen here, its progress bar and ETA, cancel, and the report: each side's win rate with its
 *   interval, game length, how games end, and where figures fall as a heat map over the table
 *   (ctx.tableSvg(): an overlay `<g>` in table units, drawn again after each redraw of the table).
 * - "Tune": the NTBEA search over the scenario's declared parameters toward a target win rate, its
 *   candidates as they come in, and the recommended setting opened as a new, unsaved document.
 *
 * Jobs live on the server (one at a time): on mount the panel reads the current or last job, so a
 * closed tab opened again shows its progress. The words and numbers come from ./balance-model.ts.
 */
import type { BalanceJobView, ScenarioCheck, ScenarioPreview, WatchView } from '../../serve/workshop-protocol.js';
import type { GameView, SetupAnswer } from '../../serve/protocol.js';
import type { WorkshopContext } from './context.js';
import { SVG_NS, api } from '../dom.js';
import {
  bestWords,
  candidateRows,
  endingWords,
  gameScenario,
  heatCells,
  percent,
  progressModel,
  reportModel,
  scenarioRef,
} from './balance-model.js';
import type { FallsJson } from '../../report/falls-json.js';

/** How often a running job is read again, ms. */
const POLL_MS = 500;

/** Agent specs offered in the agents' fields (any built-in spec may be typed). */
const AGENT_CHOICES = ['heuristic', 'random', 'greedy', 'heuristic:blunder=0.2', 'mcts:iterations=50', 'mcts:iterations=150', 'mcts'];

const STYLE = `
#ws-balance .wsb-row{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:center;margin:3px 0}
#ws-balance .wsb-row label{display:inline;margin:0}
#ws-balance input[type=number]{width:6em}
#ws-balance input.wsb-agent{width:11em}
#ws-balance progress{width:100%;height:14px}
#ws-balance .wsb-words{font-size:12px;color:#444}
#ws-balance .wsb-error{color:#922b21;background:#fdedec;padding:3px 6px;border-radius:2px;font-size:12px}
#ws-balance .wsb-error:empty{display:none}
#ws-balance table{border-collapse:collapse;font-size:12px;width:100%}
#ws-balance td,#ws-balance th{padding:1px 4px;text-align:left;border-bottom:1px solid #e5dcc8;vertical-align:top}
#ws-balance .wsb-bar{position:relative;height:12px;background:#eee6d3;border-radius:2px;min-width:80px}
#ws-balance .wsb-bar i{position:absolute;top:0;bottom:0;background:#1a5276;border-radius:2px}
#ws-balance .wsb-bar b{position:absolute;top:5px;height:2px;background:#e67e22}
#ws-balance .wsb-hist{display:flex;align-items:flex-end;gap:1px;height:40px;margin:2px 0}
#ws-balance .wsb-hist span{background:#8a7354;min-width:6px;flex:1}
#ws-balance tr.wsb-best td{background:#d5f5e3}
#ws-balance h4{margin:8px 0 2px;font-size:13px}
`;

/** An element with a class, text and children. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

/** Mount the try-it, balance and tune panel in `root` (the page's `#ws-balance`). */
export function mountBalance(root: HTMLElement, ctx: WorkshopContext): void {
  root.append(h('style', { text: STYLE }));
  const datalist = h('datalist', { id: 'wsb-agent-choices' }, ...AGENT_CHOICES.map((a) => h('option', { value: a })));
  root.append(datalist);

  // --- the agents, games and seed (shared by watch, test balance and tune) ---
  const agentsBox = h('div', { id: 'wsb-agents' });
  const games = h('input', { id: 'wsb-games', type: 'number', min: '1', max: '10000', value: '100' });
  const seed = h('input', { id: 'wsb-seed', type: 'number', min: '0', value: '1' });
  root.append(
    h('h3', { text: 'Try it and test its balance' }),
    h('div', { class: 'wsb-words', text: 'Each side’s agent (any built-in agent: heuristic, random, mcts:iterations=50 …):' }),
    agentsBox,
    h('div', { class: 'wsb-row' }, h('label', { text: 'Games ' }, games), h('label', { text: 'Seed ' }, seed)),
  );

  // --- try it ---
  const playSide = h('select', { id: 'wsb-play-side' });
  const opponent = h('select', { id: 'wsb-opponent' });
  const playBtn = h('button', { id: 'wsb-play', text: 'Play it' });
  const watchBtn = h('button', { id: 'wsb-watch', text: 'Watch AI vs AI' });
  const tryOut = h('div', { id: 'wsb-try', class: 'wsb-words' });
  root.append(
    h('div', { class: 'wsb-row' }, playBtn, h('label', { text: 'as ' }, playSide), h('label', { text: 'against ' }, opponent)),
    h('div', { class: 'wsb-row' }, watchBtn, h('span', { class: 'wsb-words', text: 'one game of the agents above, on the seed above' })),
    tryOut,
  );

  // --- balance ---
  const testBtn = h('button', { id: 'wsb-test', class: 'primary', text: 'Test balance' });
  const cancelBtn = h('button', { id: 'wsb-cancel', text: 'Cancel' });
  cancelBtn.disabled = true;
  const bar = h('progress', { id: 'wsb-bar', max: '1', value: '0', 'aria-label': 'games played of the job' });
  const barWords = h('div', { id: 'wsb-progress', class: 'wsb-words' });
  const error = h('div', { id: 'wsb-error', class: 'wsb-error', role: 'alert' });
  const command = h('div', { id: 'wsb-command', class: 'wsb-words' });
  const report = h('div', { id: 'wsb-report' });
  const showFalls = h('input', { id: 'wsb-falls-show', type: 'checkbox' });
  showFalls.checked = true;
  const fallsSide = h('select', { id: 'wsb-falls-side' }, h('option', { value: '', text: 'all sides' }));
  root.append(h('h4', { text: 'Balance' }), h('div', { class: 'wsb-row' }, testBtn, cancelBtn), bar, barWords, error, command, report);

  // --- tune ---
  const targetSide = h('select', { id: 'wsb-target-side' });
  const targetRate = h('input', { id: 'wsb-target-rate', type: 'number', min: '0', max: '1', step: '0.05', value: '0.5' });
  const budget = h('input', { id: 'wsb-budget', type: 'number', min: '1', max: '500', value: '30' });
  const perEval = h('input', { id: 'wsb-tune-games', type: 'number', min: '1', max: '1000', value: '10' });
  const tuneBtn = h('button', { id: 'wsb-tune', text: 'Tune' });
  const tuneOut = h('div', { id: 'wsb-tune-out' });
  root.append(
    h('h4', { text: 'Tune the declared parameters' }),
    h(
      'div',
      { class: 'wsb-row' },
      h('label', { text: 'so that ' }, targetSide),
      h('label', { text: 'wins ' }, targetRate),
      h('label', { text: 'tries ' }, budget),
      h('label', { text: 'games a try ' }, perEval),
      tuneBtn,
    ),
    tuneOut,
  );

  let sides: { id: string; name: string }[] = [];
  let falls: FallsJson | null = null;
  let poll: number | null = null;

  // The sides come from the scenario's setup (the preview route), read again when the JSON changes.
  let sidesOf = '';
  let sidesTimer: number | null = null;
  const agentInputs = new Map<string, HTMLInputElement>();
  const setSides = (list: { id: string; name: string }[]): void => {
    if (list.map((s) => s.id).join('\n') === sides.map((s) => s.id).join('\n')) return;
    sides = list;
    agentsBox.replaceChildren(
      ...list.map((s) => {
        const input = agentInputs.get(s.id) ?? h('input', { class: 'wsb-agent', list: 'wsb-agent-choices', value: 'heuristic' });
        input.dataset.side = s.id;
        agentInputs.set(s.id, input);
        return h('div', { class: 'wsb-row' }, h('label', { text: `${s.name} (${s.id}) ` }, input));
      }),
    );
    for (const sel of [playSide, targetSide]) {
      const was = sel.value;
      sel.replaceChildren(...list.map((s) => h('option', { value: s.id, text: s.name })));
      if (list.some((s) => s.id === was)) sel.value = was;
    }
    const was = fallsSide.value;
    fallsSide.replaceChildren(
      h('option', { value: '', text: 'all sides' }),
      ...list.map((s) => h('option', { value: s.id, text: s.name })),
    );
    if (list.some((s) => s.id === was)) fallsSide.value = was;
  };
  const readSides = (): void => {
    const doc = ctx.current();
    if (!doc) return;
    const key = JSON.stringify(doc.scenario);
    if (key === sidesOf) return;
    sidesOf = key;
    // Checked first (always answered 200), set up only when valid: work in progress is no error here.
    const body = { scenario: doc.scenario, ...(doc.file ? { name: doc.file } : {}) };
    api<ScenarioCheck>('POST', '/api/workshop/validate', body)
      .then((check) => (check.ok && key === sidesOf ? api<ScenarioPreview>('POST', '/api/workshop/preview', body) : null))
      .then((p) => {
        const scene = p?.scene as { sides?: { id: string; name: string }[] } | undefined;
        if (Array.isArray(scene?.sides)) setSides(scene.sides.map((s) => ({ id: s.id, name: s.name })));
      })
      .catch(() => undefined); // an invalid scenario keeps the sides it had; the editor shows its problems
  };

  const agents = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const s of sides) {
      const v = agentInputs.get(s.id)?.value.trim();
      if (v) out[s.id] = v;
    }
    return out;
  };
  const intOf = (input: HTMLInputElement, fallback: number): number => {
    const n = Number(input.value);
    return Number.isInteger(n) ? n : fallback;
  };

  const say = (e: unknown): void => {
    error.textContent = e instanceof Error ? e.message : String(e);
  };

  // --- the heat map over the table ---
  const drawFalls = (): void => {
    const svg = ctx.tableSvg();
    if (!svg) return;
    svg.querySelector('g.wsb-falls')?.remove();
    if (!falls || !showFalls.checked) return;
    const { cells, max } = heatCells(falls, fallsSide.value === '' ? null : fallsSide.value);
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('class', 'wsb-falls');
    g.setAttribute('pointer-events', 'none');
    for (const c of cells) {
      const r = document.createElementNS(SVG_NS, 'rect');
      r.setAttribute('x', String(c.x));
      r.setAttribute('y', String(c.y));
      r.setAttribute('width', String(c.size));
      r.setAttribute('height', String(c.size));
      r.setAttribute('fill', '#b00020');
      r.setAttribute('fill-opacity', String(c.opacity));
      r.setAttribute('data-n', String(c.n));
      const t = document.createElementNS(SVG_NS, 'title');
      t.textContent = `${c.n} fallen here (most in a cell: ${max})`;
      r.append(t);
      g.append(r);
    }
    svg.append(g);
  };
  showFalls.addEventListener('change', drawFalls);
  fallsSide.addEventListener('change', drawFalls);

  // --- a job's view: progress, report, candidates ---
  const renderReport = (v: BalanceJobView): void => {
    report.replaceChildren();
    falls = null;
    if (v.kind !== 'balance' || v.report === null) {
      drawFalls();
      return;
    }
    const m = reportModel(v.report);
    falls = m.falls;
    const rows = m.sides.map((s) =>
      h(
        'tr',
        {
          'data-side': s.side,
          'data-rate': String(s.rate),
          'data-low': String(s.low),
          'data-high': String(s.high),
          'data-wins': String(s.wins),
        },
        h('td', { text: s.side }),
        h('td', { text: s.agent }),
        h('td', { class: 'wsb-rate', text: percent(s.rate) }),
        h('td', { text: `${percent(s.low)}–${percent(s.high)}` }),
        h(
          'td',
          {},
          h(
            'div',
            { class: 'wsb-bar', title: s.words },
            h('i', { style: `left:0;width:${(s.rate * 100).toFixed(1)}%` }),
            h('b', { style: `left:${(s.low * 100).toFixed(1)}%;width:${((s.high - s.low) * 100).toFixed(1)}%` }),
          ),
        ),
      ),
    );
    const most = Math.max(1, ...m.length.histogram.map((b) => b.count));
    report.append(
      h('div', { class: 'wsb-words', text: `${m.games} games of ${v.settings.scenario}, seed ${v.settings.seed}` }),
      h('h4', { text: 'Win rate per side (95% interval)' }),
      h(
        'table',
        { id: 'wsb-sides' },
        h(
          'tr',
          {},
          h('th', { text: 'side' }),
          h('th', { text: 'agent' }),
          h('th', { text: 'wins' }),
          h('th', { text: 'interval' }),
          h('th'),
        ),
        ...rows,
      ),
      h('div', { class: 'wsb-words', text: `Draws: ${m.draws}. Games without a result (errors): ${m.noResult}.` }),
      h('h4', { text: 'Game length' }),
      h('div', { id: 'wsb-length', class: 'wsb-words', text: m.length.words }),
      h(
        'div',
        { class: 'wsb-hist' },
        ...m.length.histogram.map((b) =>
          h('span', { style: `height:${Math.round((100 * b.count) / most)}%`, title: `${b.count} games of ${b.x} turns` }),
        ),
      ),
      h('h4', { text: 'How games end (which objectives decide them)' }),
      h(
        'table',
        { id: 'wsb-endings' },
        h('tr', {}, h('th', { text: 'ending' }), h('th', { text: 'games' }), h('th', { text: 'winners' })),
        ...m.endings.map((e) =>
          h(
            'tr',
            { 'data-ending': e.ending, 'data-games': String(e.games) },
            h('td', { text: endingWords(e.ending) }),
            h('td', { text: `${e.games} (${percent(e.share)})` }),
            h('td', { text: e.winners }),
          ),
        ),
      ),
      h('h4', { text: 'Where figures fall' }),
      h('div', { id: 'wsb-falls-words', class: 'wsb-words', text: `${m.fallsWords} (drawn on the table).` }),
      h('div', { class: 'wsb-row' }, h('label', {}, showFalls, ' show on the table'), fallsSide),
    );
    drawFalls();
  };

  const renderTune = (v: BalanceJobView): void => {
    tuneOut.replaceChildren();
    const t = v.tune;
    if (v.kind !== 'tune' || !t) return;
    const rows = candidateRows(t.evaluations);
    const bestKey = t.best ? JSON.stringify(t.best.values) : null;
    tuneOut.append(
      h('div', {
        class: 'wsb-words',
        text: `Target: ${t.target.side} wins ${percent(t.target.rate)}; ${t.evaluations.length} of ${t.budget} tries so far.`,
      }),
      h(
        'table',
        { id: 'wsb-candidates' },
        h(
          'tr',
          {},
          h('th', { text: '#' }),
          h('th', { text: 'setting' }),
          h('th', { text: `${t.target.side} wins` }),
          h('th', { text: 'fitness' }),
        ),
        ...rows.map((r, i) =>
          h(
            'tr',
            bestKey !== null && JSON.stringify(t.evaluations[i].values) === bestKey ? { class: 'wsb-best' } : {},
            h('td', { text: String(r.index) }),
            h('td', { text: r.values, ...(r.invalid ? { title: r.invalid } : {}) }),
            h('td', { text: r.rate }),
            h('td', { text: r.fitness }),
          ),
        ),
      ),
    );
    const best = bestWords(v);
    if (best !== null && t.bestScenario !== null && typeof t.bestScenario === 'object') {
      const scenario = t.bestScenario as Record<string, unknown>;
      const open = h('button', { id: 'wsb-open-best', text: 'Open the recommended setting as a new file' });
      open.addEventListener('click', () => {
        const ruleset = typeof scenario.ruleset === 'string' ? scenario.ruleset : (ctx.current()?.ruleset ?? '');
        ctx.openScenario(ruleset, scenario, `tuned: ${best}`);
      });
      tuneOut.append(h('div', { id: 'wsb-best', class: 'wsb-words', text: `Recommended: ${best}` }), open);
    } else if (v.state !== 'running')
      tuneOut.append(h('div', { class: 'wsb-words', text: 'No recommendation (no valid candidate was tried).' }));
  };

  const render = (v: BalanceJobView): void => {
    const p = progressModel(v);
    bar.value = p.fraction;
    barWords.textContent = `${v.kind === 'tune' ? 'Tune' : 'Balance'} of ${v.settings.scenario}: ${p.words}`;
    command.textContent = `The same games on the command line: ${v.command}`;
    cancelBtn.disabled = !p.running;
    root.dataset.job = v.state;
    if (!p.running || v.kind === 'tune') {
      if (v.kind === 'balance') renderReport(v);
      renderTune(v);
    }
  };

  const follow = (): void => {
    if (poll !== null) return;
    const tick = (): void => {
      api<BalanceJobView>('GET', '/api/workshop/balance')
        .then((v) => {
          render(v);
          poll = v.state === 'running' ? window.setTimeout(tick, POLL_MS) : null;
        })
        .catch((e: unknown) => {
          say(e);
          poll = null;
        });
    };
    poll = window.setTimeout(tick, POLL_MS);
  };

  const start = async (path: string, body: Record<string, unknown>): Promise<void> => {
    error.textContent = '';
    try {
      const v = await api<BalanceJobView>('POST', path, body);
      if (v.kind === 'balance') report.replaceChildren();
      render(v);
      follow();
    } catch (e) {
      const status = (e as { status?: number }).status;
      say(status === 409 ? `Refused: ${e instanceof Error ? e.message : String(e)}` : e);
      if (status === 409) {
        // Show the job that runs (started in another tab, or by another person on this server).
        api<BalanceJobView>('GET', '/api/workshop/balance')
          .then((v) => {
            render(v);
            if (v.state === 'running') follow();
          })
          .catch(() => undefined);
      }
    }
  };

  testBtn.addEventListener('click', () => {
    const doc = ctx.current();
    if (!doc) return say('Open or draw a scenario first.');
    void start('/api/workshop/balance', { scenario: scenarioRef(doc), agents: agents(), games: intOf(games, 100), seed: intOf(seed, 1) });
  });
  tuneBtn.addEventListener('click', () => {
    const doc = ctx.current();
    if (!doc) return say('Open or draw a scenario first.');
    void start('/api/workshop/tune', {
      scenario: scenarioRef(doc),
      agents: agents(),
      target: { side: targetSide.value, rate: Number(targetRate.value) },
      budget: intOf(budget, 30),
      games: intOf(perEval, 10),
      seed: intOf(seed, 1),
    });
  });
  cancelBtn.addEventListener('click', () => {
    cancelBtn.disabled = true;
    api<BalanceJobView>('POST', '/api/workshop/balance/cancel', {}).then(render).catch(say);
  });

  // --- try it ---
  playBtn.addEventListener('click', () => {
    const doc = ctx.current();
    if (!doc) return say('Open or draw a scenario first.');
    error.textContent = '';
    // The tab is opened now (a click's own), then sent to the game once it exists.
    const tab = window.open('about:blank', '_blank');
    tryOut.textContent = 'Opening a game…';
    api<GameView>('POST', '/api/games', {
      scenario: gameScenario(doc),
      side: playSide.value,
      opponent: opponent.value || 'normal',
      seed: intOf(seed, 1),
    })
      .then((v) => {
        const url = `/#${v.id}`;
        if (tab) tab.location.href = url;
        tryOut.replaceChildren(
          `Game ${v.id} (${v.name}, seed ${v.seed}): `,
          h('a', { href: url, target: '_blank', text: 'open it in the play page' }),
        );
      })
      .catch((e: unknown) => {
        tab?.close();
        tryOut.textContent = '';
        say(e);
      });
  });
  watchBtn.addEventListener('click', () => {
    const doc = ctx.current();
    if (!doc) return say('Open or draw a scenario first.');
    error.textContent = '';
    watchBtn.disabled = true;
    tryOut.textContent = 'Playing a game on the server…';
    api<WatchView>('POST', '/api/workshop/watch', { scenario: scenarioRef(doc), agents: agents(), seed: intOf(seed, 1) })
      .then((w) => {
        const how = w.result ? `${w.result.winner ?? 'nobody'} won — ${w.result.reason}` : `stopped: ${w.stopped ?? ''}`;
        tryOut.replaceChildren(
          `${how} (${w.decisions} decisions). `,
          h('a', { id: 'wsb-replay', href: w.replay, target: '_blank', text: 'Watch the replay' }),
        );
      })
      .catch((e: unknown) => {
        tryOut.textContent = '';
        say(e);
      })
      .finally(() => (watchBtn.disabled = false));
  });
  // The opponents: the ruleset's levels (easy … expert), then the other offered opponents.
  let setup: SetupAnswer | null = null;
  let opponentsOf = '';
  const fillOpponents = (): void => {
    const ruleset = ctx.current()?.ruleset ?? '';
    if (!setup || ruleset === opponentsOf) return;
    opponentsOf = ruleset;
    const was = opponent.value;
    const levels = setup.rulesets.find((r) => r.id === ruleset)?.levels ?? [];
    const all = [...levels, ...setup.opponents.filter((o) => !levels.some((l) => l.id === o.id))];
    opponent.replaceChildren(...all.map((o) => h('option', { value: o.id, text: o.id, title: o.words })));
    opponent.value = all.some((o) => o.id === was) ? was : all.some((o) => o.id === 'normal') ? 'normal' : (all[0]?.id ?? '');
  };
  api<SetupAnswer>('GET', '/api/setup')
    .then((s) => {
      setup = s;
      fillOpponents();
    })
    .catch(() => opponent.replaceChildren(h('option', { value: 'normal', text: 'normal' })));

  // --- the document and the table ---
  ctx.onChange(() => {
    if (sidesTimer !== null) window.clearTimeout(sidesTimer);
    sidesTimer = window.setTimeout(readSides, 300);
    drawFalls(); // the table was drawn again: the overlay goes back on it
    fillOpponents();
  });
  readSides();

  // A job started earlier (this tab closed and opened again, or another tab): show it.
  api<{ job: BalanceJobView | null }>('GET', '/api/workshop/job')
    .then(({ job }) => {
      if (!job) return;
      render(job);
      if (job.state === 'running') follow();
    })
    .catch(say);
}
