/**
 * Issue 44 item 3 in headless Chromium (Debian's chromium driven by playwright-core, as
 * browser.test.ts does): on the workshop page (`serve --scenarios DIR`, /workshop) the Farmstead
 * Raid is opened, "test balance" is started with agents, games and seed chosen on the page, its
 * progress is seen while it runs, and its report's win rates (with their intervals), endings and
 * heat map over the table equal those of a `stress` run on the command line with the same agents,
 * games and seed; the page opened again shows the last job; a second job while one runs is refused
 * with the server's clear message, the page then follows the running job and cancels it; "watch AI
 * vs AI" gives a replay link and "play it" opens the scenario as a game in the play page.
 *
 * The settings are chosen before running, for a quick but real run: the heuristic against random
 * play, 8 games, seed 7 (a few seconds on one thread).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { haveBrowser, launchChromium, shots, watchFaults } from '../helpers/browser.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { BalanceJobView } from '../../src/serve/workshop-protocol.js';
import { cli } from '../runner/helpers.js';

// What the page's functions see inside page.evaluate (the suite's tsconfig has no DOM library).
interface PageNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelector(sel: string): PageNode | null;
  querySelectorAll(sel: string): ArrayLike<PageNode>;
};
declare class MutationObserver {
  constructor(cb: () => void);
  observe(target: unknown, opts: { childList: boolean; characterData: boolean; subtree: boolean }): void;
}
declare const window: { wsbSeen?: string[] };

/** The run the page starts and the command line repeats (chosen before running). */
const RUN = { vikings: 'heuristic', saxons: 'random', games: 8, seed: 7 };

describe.skipIf(!haveBrowser)('the workshop balance panel in headless Chromium', () => {
  let app: FastifyInstance;
  let ctx: BrowserContext;
  let url: string;
  const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-balance-'));
  const folder = join(root, 'scenarios');
  mkdirSync(folder);
  const errors: string[] = [];

  beforeAll(async () => {
    app = await buildApp({
      saves: join(root, 'saves'),
      loopbackOnly: true,
      workshop: { scenarios: folder, runs: join(root, 'runs'), workers: 1 },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    ctx = await launchChromium();
    if (shots) mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
  });

  /** The workshop page with the Farmstead Raid open and its sides known to the panel. */
  async function open(): Promise<Page> {
    const page = await ctx.newPage();
    // By design: a second job is answered 409 (the page shows the message). Anything else is a fault.
    watchFaults(page, errors, (m) => /\/api\/workshop\/balance$/.test(m.location().url) && /status of 409 \(Conflict\)/.test(m.text()));
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${url}/workshop`);
    await page.waitForSelector('body[data-state="ready"]');
    await page.selectOption('#ws-open', 'builtin:pig-wars/farmstead-raid');
    await page.click('#ws-open-go');
    await page.waitForSelector('#ws-table svg');
    await page.waitForSelector('#wsb-agents input[data-side="saxons"]');
    return page;
  }

  async function choose(page: Page, games: number, seed: number): Promise<void> {
    await page.fill('#wsb-agents input[data-side="vikings"]', RUN.vikings);
    await page.fill('#wsb-agents input[data-side="saxons"]', RUN.saxons);
    await page.fill('#wsb-games', String(games));
    await page.fill('#wsb-seed', String(seed));
  }

  it('test balance: progress while it runs, then the report equal to stress with the same agents, games and seed, and the heat map on the table', async () => {
    const page = await open();
    await choose(page, RUN.games, RUN.seed);
    // Every progress line the page shows, kept as it changes (the run is short).
    await page.evaluate(() => {
      window.wsbSeen = [];
      const p = document.querySelector('#wsb-progress');
      new MutationObserver(() => window.wsbSeen?.push(p?.textContent ?? '')).observe(p, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.click('#wsb-test');
    await page.waitForSelector('#ws-balance[data-job="done"]', { timeout: 240_000 });
    const seen = await page.evaluate(() => window.wsbSeen ?? []);
    expect(
      seen.some((t) => new RegExp(`^Balance of farmstead-raid: \\d+ of ${RUN.games} games · .+ so far · `).test(t)),
      seen.join('\n'),
    ).toBe(true);
    expect(await page.textContent('#wsb-progress')).toMatch(
      new RegExp(`^Balance of farmstead-raid: done: ${RUN.games} of ${RUN.games} games in `),
    );
    expect(await page.getAttribute('#wsb-bar', 'value')).toBe('1');
    const command = `skirmish stress --scenario farmstead-raid --agent vikings=${RUN.vikings} --agent saxons=${RUN.saxons} --games ${RUN.games} --seed ${RUN.seed} --workers 1`;
    expect(await page.textContent('#wsb-command')).toBe(`The same games on the command line: ${command}`);

    // The same run on the command line.
    const out = join(root, 'cli-stress');
    const c = cli(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--agent',
      `vikings=${RUN.vikings}`,
      '--agent',
      `saxons=${RUN.saxons}`,
      '--games',
      String(RUN.games),
      '--seed',
      String(RUN.seed),
      '--out',
      out,
      '--quiet',
      '--json',
    );
    expect(c.code, c.err).toBe(0);
    const cliReport = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      games: number;
      bySide: Record<string, { rate: number; low: number; high: number; wins: number }>;
      endings: { ending: string; games: number }[];
      falls: { figures: number; cells: number[]; columns: number; cell: number };
    };
    expect(cliReport.games).toBe(RUN.games);

    // The page's win rate per side, with its interval and wins: the command line's.
    const rows = await page.$$eval('#wsb-sides tr[data-side]', (trs) =>
      trs.map((tr) => ({
        side: tr.getAttribute('data-side'),
        rate: Number(tr.getAttribute('data-rate')),
        low: Number(tr.getAttribute('data-low')),
        high: Number(tr.getAttribute('data-high')),
        wins: Number(tr.getAttribute('data-wins')),
        text: tr.textContent,
      })),
    );
    expect(rows.map((r) => r.side)).toEqual(['vikings', 'saxons']);
    for (const r of rows) {
      const want = cliReport.bySide[r.side ?? ''];
      expect({ rate: r.rate, low: r.low, high: r.high, wins: r.wins }, r.side ?? '').toEqual({
        rate: want.rate,
        low: want.low,
        high: want.high,
        wins: want.wins,
      });
      expect(r.text).toContain(`${Math.round(want.rate * 100)}%`);
    }
    // How games end: the command line's endings, in its order.
    const endings = await page.$$eval('#wsb-endings tr[data-ending]', (trs) =>
      trs.map((tr) => ({ ending: tr.getAttribute('data-ending'), games: Number(tr.getAttribute('data-games')) })),
    );
    expect(endings).toEqual(cliReport.endings.map((e) => ({ ending: e.ending, games: e.games })));
    expect(await page.textContent('#wsb-length')).toMatch(/turns on average/);
    // The heat map over the table: one square per cell with falls, every fallen figure counted once.
    const squares = await page.$$eval('#ws-table svg g.wsb-falls rect', (rs) =>
      rs.map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('y')), Number(r.getAttribute('data-n'))]),
    );
    const heat = squares.map((q) => q[2]);
    expect(heat.length).toBe(cliReport.falls.cells.filter((n) => n > 0).length);
    expect(heat.reduce((s, n) => s + n, 0)).toBe(cliReport.falls.figures);
    // Each square where the command line's grid has the cell, in table units from the table's corner.
    const f = cliReport.falls;
    const want = f.cells.flatMap((n, i) => (n > 0 ? [[(i % f.columns) * f.cell, Math.floor(i / f.columns) * f.cell, n]] : []));
    const sorted = (a: number[][]): number[][] => [...a].sort((p, q) => p[1] - q[1] || p[0] - q[0]);
    expect(sorted(squares)).toEqual(sorted(want));
    expect(cliReport.falls.figures).toBeGreaterThan(0);
    // One side's falls alone, then all again; off and on.
    await page.selectOption('#wsb-falls-side', 'saxons');
    const saxons = await page.$$eval('#ws-table svg g.wsb-falls rect', (rs) =>
      rs.reduce((s, r) => s + Number(r.getAttribute('data-n')), 0),
    );
    expect(saxons).toBeGreaterThan(0);
    expect(saxons).toBeLessThan(cliReport.falls.figures);
    await page.selectOption('#wsb-falls-side', '');
    await page.click('#wsb-falls-show');
    expect(await page.locator('#ws-table svg g.wsb-falls').count()).toBe(0);
    await page.click('#wsb-falls-show');
    expect(await page.locator('#ws-table svg g.wsb-falls rect').count()).toBe(heat.length);
    if (shots) await page.screenshot({ path: join(shots, 'workshop-balance.png'), fullPage: true });

    // A closed tab opened again reads the job from the server.
    await page.close();
    const again = await open();
    await again.waitForSelector('#ws-balance[data-job="done"]');
    expect(await again.textContent('#wsb-progress')).toMatch(new RegExp(`done: ${RUN.games} of ${RUN.games} games`));
    expect(await again.locator('#wsb-sides tr[data-side]').count()).toBe(2);
    await again.close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('a second job while one runs is refused with the clear message; the page follows the running job and cancels it', async () => {
    // A long job started elsewhere (another tab, another person): through the API.
    const started = await fetch(`${url}/api/workshop/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: { builtin: 'farmstead-raid' }, games: 5000, seed: 1 }),
    });
    expect(started.status).toBe(202);
    const job = (await started.json()) as BalanceJobView;
    const page = await open();
    await choose(page, RUN.games, RUN.seed);
    await page.click('#wsb-test');
    await page.waitForSelector('#wsb-error:not(:empty)');
    expect(await page.textContent('#wsb-error')).toMatch(
      new RegExp(
        `^Refused: a balance job is already running \\(job ${job.id}: farmstead-raid, \\d+ of 5000 games\\); one job at a time per server — wait for it to end or cancel it`,
      ),
    );
    await page.waitForSelector('#ws-balance[data-job="running"]');
    expect(await page.textContent('#wsb-progress')).toMatch(/of 5000 games/);
    await page.click('#wsb-cancel');
    await page.waitForSelector('#ws-balance[data-job="cancelled"]', { timeout: 60_000 });
    expect(await page.textContent('#wsb-progress')).toMatch(/cancelled after \d+ of 5000 games/);
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('tune: candidates as they come in, then the recommended setting opened as a new document and saved as a file', async () => {
    const page = await open();
    await choose(page, RUN.games, 3);
    await page.selectOption('#wsb-target-side', 'vikings');
    await page.fill('#wsb-target-rate', '0.5');
    await page.fill('#wsb-budget', '2');
    await page.fill('#wsb-tune-games', '2');
    await page.click('#wsb-tune');
    await page.waitForSelector('#ws-balance[data-job="done"]', { timeout: 240_000 });
    const v = (await (await fetch(`${url}/api/workshop/balance`)).json()) as BalanceJobView;
    expect(v.kind).toBe('tune');
    expect(v.command).toBe(
      `skirmish tune --scenario farmstead-raid --agent vikings=${RUN.vikings} --agent saxons=${RUN.saxons} --target vikings=0.5 --budget 2 --games 2 --seed 3 --workers 1`,
    );
    expect(await page.locator('#wsb-candidates tr').count()).toBe(1 + (v.tune?.evaluations.length ?? 0));
    expect(v.tune?.evaluations).toHaveLength(2);
    expect(await page.textContent('#wsb-best')).toMatch(/^Recommended: .+: vikings wins \d/);
    await page.click('#wsb-open-best');
    await page.waitForFunction(() => /^tuned: /.test(document.querySelector('#ws-title')?.textContent ?? ''));
    // Saved under a new name: the file is the recommended scenario, whole.
    await page.fill('#ws-name', 'farmstead-raid-tuned.json');
    await page.click('#ws-save');
    await page.waitForSelector('body[data-saved="farmstead-raid-tuned.json"]');
    expect(JSON.parse(readFileSync(join(folder, 'farmstead-raid-tuned.json'), 'utf8'))).toEqual(v.tune?.bestScenario);
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('watch AI vs AI gives the replay of a game played on the spot; play it opens the scenario in the play page', async () => {
    const page = await open();
    await choose(page, RUN.games, 4);
    await page.click('#wsb-watch');
    const link = await page.waitForSelector('#wsb-replay', { timeout: 120_000 });
    expect(await page.textContent('#wsb-try')).toMatch(/ won — .+ \(\d+ decisions\)\. Watch the replay$/);
    const replay = await fetch(`${url}${await link.getAttribute('href')}`);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toMatch(/^<!doctype html>/i);

    await page.selectOption('#wsb-play-side', 'saxons');
    const [tab] = await Promise.all([ctx.waitForEvent('page'), page.click('#wsb-play')]);
    await tab.waitForURL(/#g[0-9a-f]{16}$/, { timeout: 60_000 });
    await tab.waitForSelector('body[data-state="you"], body[data-state="ai"], body[data-state="ai-paused"], body[data-state="over"]', {
      timeout: 120_000,
    });
    const id = new URL(tab.url()).hash.slice(1);
    const view = (await (await fetch(`${url}/api/games/${id}`)).json()) as { scenario: string; human: string; seed: number };
    expect(view).toMatchObject({ scenario: 'farmstead-raid', human: 'saxons', seed: 4 });
    await tab.close();
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);
});
