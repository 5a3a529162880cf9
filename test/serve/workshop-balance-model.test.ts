/**
 * The workshop's balance panel as data (src/web/workshop/balance-model.ts, issue 44 item 3): which
 * scenario a request names (a saved file, a built-in, or the unsaved JSON), progress and ETA in
 * words, a `stress` report as the panel's rows (win rate with its interval, game length, how games
 * end), the heat map's cells in table units over the table, and a tune job's candidates.
 */
import { describe, expect, it } from 'vitest';
import {
  bestWords,
  candidateRows,
  durationWords,
  endingWords,
  gameScenario,
  heatCells,
  percent,
  progressModel,
  reportModel,
  scenarioRef,
} from '../../src/web/workshop/balance-model.js';
import type { FallsJson } from '../../src/report/falls-json.js';
import type { BalanceJobView } from '../../src/serve/workshop-protocol.js';

const scenario = { ruleset: 'r', id: 'x' };

describe('which scenario a request names', () => {
  it('the saved file or built-in while unchanged, else the JSON as it stands', () => {
    expect(scenarioRef({ scenario, file: 'a/b.json', dirty: false })).toEqual({ file: 'a/b.json' });
    expect(scenarioRef({ scenario, file: 'a/b.json', dirty: true })).toEqual({ data: scenario });
    expect(scenarioRef({ scenario, builtin: 'r/x', dirty: false })).toEqual({ builtin: 'r/x' });
    expect(scenarioRef({ scenario, builtin: 'r/x', dirty: true })).toEqual({ data: scenario });
    expect(scenarioRef({ scenario, dirty: false })).toEqual({ data: scenario });
    // POST /api/games names a built-in by its string.
    expect(gameScenario({ scenario, builtin: 'r/x', dirty: false })).toBe('r/x');
    expect(gameScenario({ scenario, file: 'a.json', dirty: false })).toEqual({ file: 'a.json' });
  });
});

function job(over: Partial<BalanceJobView> & { progress: BalanceJobView['progress'] }): BalanceJobView {
  return {
    id: 'b1',
    kind: 'balance',
    state: 'running',
    settings: { scenario: 'x', source: 'builtin:r/x', agents: {}, games: 40, seed: 1, workers: 1 },
    command: 'skirmish stress …',
    report: null,
    dir: '/tmp/x',
    ...over,
  };
}

describe('progress and ETA in words', () => {
  it('durations', () => {
    expect(durationWords(0.42)).toBe('0.4 s');
    expect(durationWords(8)).toBe('8 s');
    expect(durationWords(60)).toBe('1 min');
    expect(durationWords(125)).toBe('2 min 5 s');
    expect(durationWords(3780)).toBe('1 h 3 min');
    expect(durationWords(-1)).toBe('?');
  });
  it('running, before and after the first game; done; cancelled; failed', () => {
    const first = progressModel(job({ progress: { done: 0, total: 40, errors: 0, elapsedSeconds: 1.2, etaSeconds: null } }));
    expect(first).toEqual({ fraction: 0, running: true, words: '0 of 40 games · 1 s so far · time left: after the first game' });
    const mid = progressModel(job({ progress: { done: 12, total: 40, errors: 1, elapsedSeconds: 8.4, etaSeconds: 20 } }));
    expect(mid.fraction).toBeCloseTo(0.3, 10);
    expect(mid.words).toBe('12 of 40 games (1 with errors) · 8 s so far · about 20 s left');
    const done = progressModel(job({ state: 'done', progress: { done: 40, total: 40, errors: 0, elapsedSeconds: 30, etaSeconds: 0 } }));
    expect(done).toEqual({ fraction: 1, running: false, words: 'done: 40 of 40 games in 30 s' });
    const cancelled = progressModel(
      job({ state: 'cancelled', progress: { done: 7, total: 40, errors: 0, elapsedSeconds: 5, etaSeconds: 0 } }),
    );
    expect(cancelled.words).toBe('cancelled after 7 of 40 games (5 s); the report counts those');
    const failed = progressModel(
      job({ state: 'failed', error: 'boom', progress: { done: 2, total: 40, errors: 0, elapsedSeconds: 1, etaSeconds: 0 } }),
    );
    expect(failed).toMatchObject({ running: false, words: 'failed after 2 of 40 games: boom' });
  });
});

/** A report of the shape `stress` writes (report.json; numbers from a 6-game run). */
const report = {
  games: 6,
  bySide: {
    vikings: { agent: 'heuristic', rate: 0.8333, low: 0.4365, high: 0.9699, wins: 5, games: 6 },
    saxons: { agent: 'random', rate: 0.1667, low: 0.0301, high: 0.5635, wins: 1, games: 6 },
  },
  draws: 0,
  meanTurns: 11.5,
  noResult: 0,
  errors: 0,
  endings: [
    { ending: '# loot landed', games: 5, share: 0.8333, winners: { vikings: 5 } },
    { ending: 'Vikings destroyed or fled', games: 1, share: 0.1667, winners: { saxons: 1 } },
  ],
  turns: {
    histogram: [
      { x: 9, count: 1 },
      { x: 10, count: 1 },
      { x: 11, count: 2 },
      { x: 14, count: 2 },
    ],
    median: 11,
    p10: 9,
    p90: 14,
  },
  // A 7 × 4 table in cells of 2: 4 columns (the last reaching past the edge), 2 rows.
  falls: {
    table: [7, 4],
    cell: 2,
    columns: 4,
    rows: 2,
    games: 6,
    figures: 10,
    cells: [4, 0, 0, 1, 0, 2, 0, 3],
    bySide: { vikings: [4, 0, 0, 0, 0, 2, 0, 0], saxons: [0, 0, 0, 1, 0, 0, 0, 3] },
  },
};

describe('the report as the panel shows it', () => {
  it('win rate per side with its interval, game length, how games end, where figures fall', () => {
    const m = reportModel(report);
    expect(m.games).toBe(6);
    expect(m.sides.map((s) => s.words)).toEqual([
      'vikings (heuristic): 83% (95% interval 44%–97%), 5 wins of 6',
      'saxons (random): 17% (95% interval 3%–56%), 1 win of 6',
    ]);
    expect(m.sides[0]).toMatchObject({ side: 'vikings', rate: 0.8333, low: 0.4365, high: 0.9699 });
    expect(m.length.words).toBe('11.5 turns on average, median 11; 8 games in 10 between 9 and 14');
    expect(m.length.histogram).toHaveLength(4);
    expect(m.endings).toEqual([
      { ending: '# loot landed', games: 5, share: 0.8333, winners: 'vikings 5' },
      { ending: 'Vikings destroyed or fled', games: 1, share: 0.1667, winners: 'saxons 1' },
    ]);
    expect(endingWords(m.endings[0].ending)).toBe('… loot landed');
    expect(m.falls?.figures).toBe(10);
    expect(m.fallsWords).toBe(
      '10 figures fell in 6 games (1.7 a game), counted where they lay at the end in cells of 2 × 2; the darker, the more',
    );
  });
  it('a report without games or with a malformed grid gives empty rows, not a crash', () => {
    const m = reportModel({ games: 0, bySide: {}, falls: { ...report.falls, cells: [1, 2] } });
    expect(m).toMatchObject({ games: 0, sides: [], endings: [], falls: null, fallsWords: 'no figure fell' });
    expect(m.length.words).toBe('no game ended');
  });
  it('percentages: whole, with a decimal near 0 and 100', () => {
    expect(percent(0.5)).toBe('50%');
    expect(percent(0.0301)).toBe('3%');
    expect(percent(0.034)).toBe('3.4%');
    expect(percent(0.9699)).toBe('97%');
    expect(percent(1)).toBe('100%');
  });
});

describe('the heat map over the table', () => {
  const falls = reportModel(report).falls as FallsJson;
  it('one square per cell with falls, in table units from the top-left corner, cut at the edge; the most falls darkest', () => {
    const { cells, max } = heatCells(falls, null);
    expect(max).toBe(4);
    expect(cells).toEqual([
      { x: 0, y: 0, size: 2, n: 4, opacity: 0.8 },
      { x: 6, y: 0, size: 1, n: 1, opacity: 0.313 },
      { x: 2, y: 2, size: 2, n: 2, opacity: 0.475 },
      { x: 6, y: 2, size: 1, n: 3, opacity: 0.638 },
    ]);
    // Every fallen figure is in a drawn cell.
    expect(cells.reduce((s, c) => s + c.n, 0)).toBe(falls.figures);
  });
  it("one side's falls alone", () => {
    const { cells, max } = heatCells(falls, 'saxons');
    expect(max).toBe(3);
    expect(cells.map((c) => [c.x, c.y, c.n])).toEqual([
      [6, 0, 1],
      [6, 2, 3],
    ]);
    expect(heatCells(falls, 'nobody').cells).toEqual([]);
  });
});

describe("a tune job's candidates", () => {
  it('rows as they come in; the recommendation once ended', () => {
    const v = job({
      kind: 'tune',
      state: 'done',
      progress: { done: 4, total: 4, errors: 0, elapsedSeconds: 2, etaSeconds: 0 },
      tune: {
        target: { side: 'vikings', rate: 0.5 },
        budget: 2,
        only: null,
        evaluations: [
          { index: 1, values: { 'loot-to-win': 4 }, repeat: 1, score: { rate: 0.5, low: 0.0945, high: 0.9055, games: 2 }, fitness: 0 },
          {
            index: 2,
            values: { 'loot-to-win': 9 },
            repeat: 1,
            score: { rate: 0, low: 0, high: 0, games: 0 },
            fitness: -1,
            invalid: 'too many',
          },
        ],
        best: { values: { 'loot-to-win': 4 }, score: { rate: 0.5, low: 0.0945, high: 0.9055, games: 2 }, evaluations: 1 },
        bestScenario: {},
      },
    });
    expect(candidateRows(v.tune?.evaluations ?? [])).toEqual([
      { index: 1, values: 'loot-to-win=4', rate: '50% (9.5%–90.6%) of 2', fitness: '0', invalid: null },
      { index: 2, values: 'loot-to-win=9', rate: '—', fitness: 'invalid', invalid: 'too many' },
    ]);
    expect(bestWords(v)).toBe('loot-to-win=4: vikings wins 50% (9.5%–90.6%) over 2 games (target 50%)');
    expect(bestWords({ ...v, tune: { ...(v.tune as NonNullable<BalanceJobView['tune']>), best: null } })).toBeNull();
  });
});
