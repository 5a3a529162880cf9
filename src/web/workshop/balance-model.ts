/**
 * The workshop's balance panel as data (issue 44 item 3), apart from the DOM so it is tested in
 * Node: which scenario a request names, a job's progress and ETA in words, a `stress` report
 * (report.json, src/report/stress.ts) as the rows the panel shows, a tune job's candidates, and the
 * heat map of where figures fall (report.json's `falls`, src/report/falls.ts `FallsJson`) as cells
 * in table units to draw over the table. Names no ruleset.
 */
import type { BalanceJobView, TuneEvaluationView } from '../../serve/workshop-protocol.js';
import type { FallsJson } from '../../report/falls-json.js';

/**
 * What a request needs of the document (./context.ts `WorkshopDocument` has these fields; not
 * imported from there so that this module stays free of the DOM's types, for Node's tests).
 */
export interface DocumentRef {
  scenario: Record<string, unknown>;
  file?: string;
  builtin?: string;
  dirty: boolean;
}

/** Which scenario a job, a watched game or "play it" names (src/serve/workshop-protocol.ts `balanceScenario`). */
export type ScenarioRef = { file: string } | { builtin: string } | { data: Record<string, unknown> };

/**
 * The reference for `doc`: its file when saved and unchanged (the server reads the file), the
 * built-in scenario when opened from one and unchanged, else its JSON as it stands (unsaved work).
 */
export function scenarioRef(doc: DocumentRef): ScenarioRef {
  if (!doc.dirty && doc.file !== undefined) return { file: doc.file };
  if (!doc.dirty && doc.builtin !== undefined) return { builtin: doc.builtin };
  return { data: doc.scenario };
}

/** `scenarioRef` for `POST /api/games`, which names built-in scenarios by their `<ruleset>/<id>` string. */
export function gameScenario(doc: DocumentRef): string | { file: string } | { data: Record<string, unknown> } {
  const r = scenarioRef(doc);
  return 'builtin' in r ? r.builtin : r;
}

/** A duration in words: `0.4 s`, `8 s`, `2 min 5 s`, `1 h 3 min`. */
export function durationWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 1) return `${Math.round(seconds * 10) / 10} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** A rate 0–1 as a whole percentage (`83%`); one decimal below 10% and above 90% when not whole. */
export function percent(x: number): string {
  const p = x * 100;
  const whole = Math.round(p);
  if ((p < 10 || p > 90) && Math.abs(p - whole) >= 0.05) return `${Math.round(p * 10) / 10}%`;
  return `${whole}%`;
}

/** The progress bar's fill (0–1) and its words: games done of total, time so far, time left or how it ended. */
export function progressModel(v: BalanceJobView): { fraction: number; words: string; running: boolean } {
  const p = v.progress;
  const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  const what = v.kind === 'tune' ? 'games (tune)' : 'games';
  const errors = p.errors > 0 ? ` (${p.errors} with errors)` : '';
  const done = `${p.done} of ${p.total} ${what}${errors}`;
  switch (v.state) {
    case 'running': {
      const left = p.etaSeconds === null ? 'time left: after the first game' : `about ${durationWords(p.etaSeconds)} left`;
      return { fraction, running: true, words: `${done} · ${durationWords(p.elapsedSeconds)} so far · ${left}` };
    }
    case 'done':
      return { fraction, running: false, words: `done: ${done} in ${durationWords(p.elapsedSeconds)}` };
    case 'cancelled':
      return { fraction, running: false, words: `cancelled after ${done} (${durationWords(p.elapsedSeconds)}); the report counts those` };
    case 'failed':
      return { fraction, running: false, words: `failed after ${done}: ${v.error ?? 'an error'}` };
  }
}

/** One side's line of the report: its win rate with the 95% interval. */
export interface SideRow {
  side: string;
  agent: string;
  rate: number;
  low: number;
  high: number;
  wins: number;
  games: number;
  words: string;
}

/** How games ended, one line per ending (the rules' reason, numbers as `#`): which objectives decide games. */
export interface EndingRow {
  ending: string;
  games: number;
  share: number;
  /** Winners in words (`vikings 5`; drawn games as `draw 2`, as the report keys them). */
  winners: string;
}

/** A balance report as the panel shows it. */
export interface ReportModel {
  games: number;
  sides: SideRow[];
  draws: number;
  /** Games that ended without a result (engine or worker errors). */
  noResult: number;
  errors: number;
  length: {
    meanTurns: number | null;
    median: number | null;
    p10: number | null;
    p90: number | null;
    histogram: { x: number; count: number }[];
    words: string;
  };
  endings: EndingRow[];
  falls: FallsJson | null;
  fallsWords: string;
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const obj = (x: unknown): Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** The falls grid of a report, or null when it has none or it is malformed (cells not columns × rows). */
export function fallsOf(report: Record<string, unknown>): FallsJson | null {
  const f = obj(report.falls);
  const table = arr(f.table);
  const cell = num(f.cell);
  const columns = num(f.columns);
  const rows = num(f.rows);
  const cells = arr(f.cells);
  if (cell === null || cell <= 0 || columns === null || rows === null || cells.length !== columns * rows) return null;
  if (table.length !== 2 || num(table[0]) === null || num(table[1]) === null) return null;
  const bySide: Record<string, number[]> = {};
  for (const [s, c] of Object.entries(obj(f.bySide)))
    if (Array.isArray(c) && c.length === cells.length) bySide[s] = c.map((n) => num(n) ?? 0);
  return {
    table: [table[0] as number, table[1] as number],
    cell,
    columns,
    rows,
    games: num(f.games) ?? 0,
    figures: num(f.figures) ?? 0,
    cells: cells.map((n) => num(n) ?? 0),
    bySide,
  };
}

/** A `stress` report (report.json) as the panel's rows; fields it lacks come out empty. */
export function reportModel(report: Record<string, unknown>): ReportModel {
  const games = num(report.games) ?? 0;
  const sides: SideRow[] = Object.entries(obj(report.bySide)).map(([side, v]) => {
    const o = obj(v);
    const rate = num(o.rate) ?? 0;
    const low = num(o.low) ?? 0;
    const high = num(o.high) ?? 0;
    const wins = num(o.wins) ?? 0;
    const n = num(o.games) ?? games;
    const agent = typeof o.agent === 'string' ? o.agent : '?';
    return {
      side,
      agent,
      rate,
      low,
      high,
      wins,
      games: n,
      words: `${side} (${agent}): ${percent(rate)} (95% interval ${percent(low)}–${percent(high)}), ${wins} win${wins === 1 ? '' : 's'} of ${n}`,
    };
  });
  const turns = obj(report.turns);
  const histogram = arr(turns.histogram)
    .map((b) => ({ x: num(obj(b).x) ?? 0, count: num(obj(b).count) ?? 0 }))
    .filter((b) => b.count > 0);
  const meanTurns = num(report.meanTurns);
  const median = num(turns.median);
  const p10 = num(turns.p10);
  const p90 = num(turns.p90);
  const lengthWords =
    meanTurns === null
      ? 'no game ended'
      : `${meanTurns} turns on average${median !== null ? `, median ${median}` : ''}${p10 !== null && p90 !== null ? `; 8 games in 10 between ${p10} and ${p90}` : ''}`;
  const endings: EndingRow[] = arr(report.endings).map((e) => {
    const o = obj(e);
    const winners = Object.entries(obj(o.winners))
      .map(([w, n]) => `${w} ${num(n) ?? 0}`)
      .join(', ');
    return { ending: typeof o.ending === 'string' ? o.ending : '?', games: num(o.games) ?? 0, share: num(o.share) ?? 0, winners };
  });
  const falls = fallsOf(report);
  const fallsWords =
    falls === null
      ? 'no figure fell'
      : `${falls.figures} figures fell in ${falls.games} games (${Math.round((falls.figures / Math.max(1, falls.games)) * 10) / 10} a game), counted where they lay at the end in cells of ${falls.cell} × ${falls.cell}; the darker, the more`;
  return {
    games,
    sides,
    draws: num(report.draws) ?? 0,
    noResult: num(report.noResult) ?? 0,
    errors: num(report.errors) ?? 0,
    length: { meanTurns, median, p10, p90, histogram, words: lengthWords },
    endings,
    falls,
    fallsWords,
  };
}

/** An ending's words for people: the reason with its numbers (`#`) left as "…". */
export function endingWords(ending: string): string {
  return ending.replace(/#/g, '…');
}

/** One cell of the heat map, in table units: its square and its falls, and how dark to draw it (0–1). */
export interface HeatCell {
  x: number;
  y: number;
  size: number;
  n: number;
  opacity: number;
}

/**
 * The heat map's cells with falls, for all sides (`side` null) or one side: squares of the grid's
 * `cell` from the table's top-left corner, the darkest (opacity 0.8) for the most falls in a cell,
 * the lightest 0.15; cells past the table's edge are cut to it.
 */
export function heatCells(falls: FallsJson, side: string | null): { cells: HeatCell[]; max: number } {
  const counts = side === null ? falls.cells : (falls.bySide[side] ?? []);
  const max = Math.max(0, ...counts);
  const out: HeatCell[] = [];
  counts.forEach((n, i) => {
    if (n <= 0) return;
    const x = (i % falls.columns) * falls.cell;
    const y = Math.floor(i / falls.columns) * falls.cell;
    const size = Math.min(falls.cell, Math.max(0, falls.table[0] - x), Math.max(0, falls.table[1] - y));
    if (size <= 0) return;
    out.push({ x, y, size, n, opacity: Math.round((0.15 + (0.65 * n) / max) * 1000) / 1000 });
  });
  return { cells: out, max };
}

/** A tune evaluation as a row of the candidates' table. */
export interface CandidateRow {
  index: number;
  values: string;
  rate: string;
  fitness: string;
  invalid: string | null;
}

/** A parameter setting in words: `max-turns=12, loot-to-win=4`. */
export function valuesWords(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** A tune job's evaluations as rows, in the order they ended. */
export function candidateRows(evaluations: readonly TuneEvaluationView[]): CandidateRow[] {
  return evaluations.map((e) => ({
    index: e.index,
    values: valuesWords(e.values) + (e.repeat > 1 ? ` (try ${e.repeat})` : ''),
    rate: e.invalid !== undefined ? '—' : `${percent(e.score.rate)} (${percent(e.score.low)}–${percent(e.score.high)}) of ${e.score.games}`,
    fitness: e.invalid !== undefined ? 'invalid' : (Math.round(e.fitness * 1000) / 1000).toString(),
    invalid: e.invalid ?? null,
  }));
}

/** A tune job's recommendation in words, or null before it has one. */
export function bestWords(v: BalanceJobView): string | null {
  const t = v.tune;
  if (!t?.best) return null;
  const s = t.best.score;
  return `${valuesWords(t.best.values)}: ${t.target.side} wins ${percent(s.rate)} (${percent(s.low)}–${percent(s.high)}) over ${s.games} games (target ${percent(t.target.rate)})`;
}
