/**
 * `serve` in headless Chromium (Debian's chromium driven by playwright-core, as the render test
 * does): a whole game of every registered ruleset against the heuristic, by clicks on the table only
 * (never the action list), whose downloaded record passes `replay --verify`; an exact move refused
 * with its reason and then accepted; the AI's turn step by step.
 * Set SKIRMISH_SCREENSHOTS=<dir> to keep screenshots of the setup page, each ruleset's table with its
 * controls and a selected figure, the AI's turn and the end of the game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { haveBrowser, launchChromium, shots, watchFaults } from '../helpers/browser.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import { readRecord } from '../../src/core/record.js';
import { RULESETS } from '../../src/rules/index.js';
import type { SetupAnswer } from '../../src/serve/protocol.js';

// What the page's functions see inside page.evaluate (the suite's tsconfig has no DOM library).
interface PageElement {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: unknown): boolean;
  scrollIntoView(opts: { block: string }): void;
  transform: { baseVal: { consolidate(): { matrix: { e: number; f: number } } | null } };
  getScreenCTM(): unknown;
}
declare const document: {
  body: { dataset: Record<string, string | undefined> };
  querySelector(sel: string): PageElement | null;
  elementFromPoint(x: number, y: number): unknown;
  querySelectorAll(sel: string): { length: number };
  getElementById(id: string): { textContent: string | null; value?: string } | null;
};
/** Enough of the DOM's MutationObserver for the page functions below. */
declare class MutationObserver {
  constructor(cb: (records: { oldValue: string | null }[]) => void);
  observe(target: unknown, opts: { attributes: boolean; attributeFilter: string[]; attributeOldValue: boolean }): void;
}
declare let location: { hash: string };
declare const innerWidth: number;
declare function getComputedStyle(e: never): { fontSize: string };
declare function requestAnimationFrame(cb: (t: number) => void): number;
declare class DOMPoint {
  constructor(x: number, y: number);
  matrixTransform(m: unknown): { x: number; y: number };
}

describe.skipIf(!haveBrowser)('serve in headless Chromium', () => {
  let app: FastifyInstance;
  let ctx: BrowserContext;
  let url: string;
  const dir = mkdtempSync(join(tmpdir(), 'skirmish-serve-browser-'));
  const errors: string[] = [];

  beforeAll(async () => {
    // This file's tests open more than 16 games on one server and leave them open (as a person's closed tab
    // does too); the default cap of 16 games at once is tested on its own in api.test.ts.
    app = await buildApp({ saves: join(dir, 'saves'), maxGames: 64, loopbackOnly: true });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
    ctx = await launchChromium({ acceptDownloads: true });
    if (shots) mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
  });

  async function open(): Promise<Page> {
    const page = await ctx.newPage();
    // A refused move is answered 400 by design (the page shows the reason); anything else is a fault.
    watchFaults(page, errors, (m) => /status of 400 \(Bad Request\)/.test(m.text()));
    await page.goto(url);
    await page.waitForSelector('body[data-state="setup"]');
    return page;
  }

  async function start(page: Page, scenario: string, side: string, opponent: string, seed: number): Promise<void> {
    await page.selectOption('#scenario', scenario);
    await page.selectOption('#side', side);
    await page.selectOption('#opponent', opponent);
    await page.fill('#seed', String(seed));
    await page.click('#start');
    // The briefing opens by itself at Start; one click closes it (test/serve/table-tools.test.ts checks both).
    await page.click('#help:not([hidden]) #help-close');
  }

  /** Wait until the person decides or the game is over; returns which. */
  async function settled(page: Page): Promise<'you' | 'over'> {
    const h = await page.waitForSelector('body[data-state="you"], body[data-state="over"]', { timeout: 120_000 });
    return (await h.getAttribute('data-state')) as 'you' | 'over';
  }

  /**
   * One click of the person: the rules' suggestion (★), which the table always shows (a numbered
   * mark at a place, or a labelled control beside the figure it concerns or in the table-side
   * strip) — a real mouse click on a visible part of it (its centre, else another point of it that
   * nothing covers). Throws when the table does not show the suggestion.
   */
  async function clickSuggested(page: Page): Promise<'figure' | 'control'> {
    // When the decision is which figure or band acts, the suggested one's figure itself (Wesnoth's
    // "select a unit"), when it shows.
    const beside = await page.evaluate(() => {
      const c = document.querySelector('#board #ov .ov-ctl.suggested[data-choose="figure"]') as unknown as {
        dataset: Record<string, string | undefined>;
      } | null;
      return c?.dataset.beside ?? '';
    });
    if (beside !== '') {
      const fig = await visible(page, `#board .fig[data-id="${beside}"]`);
      if (fig && !('covered' in fig)) {
        await page.mouse.click(fig.x, fig.y);
        return 'figure';
      }
    }
    const at = await visible(page, '#board #ov [data-key].suggested');
    if (at === undefined)
      throw new Error(`the suggested action is not on the table: ${await page.locator('#actions button.suggested').textContent()}`);
    if ('covered' in at)
      throw new Error(
        `the suggested action's control is covered on the table: ${await page.locator('#actions button.suggested').textContent()} — ${at.covered}`,
      );
    await page.mouse.click(at.x, at.y);
    return 'control';
  }

  /**
   * A point of the screen where the first element matching `sel` that shows shows (its centre, else
   * another point of it that nothing covers); what covers the first when every one is covered; undefined when none matches.
   */
  async function visible(page: Page, sel: string): Promise<{ x: number; y: number } | { covered: string } | undefined> {
    return page.evaluate((s) => {
      const all = (document as unknown as { querySelectorAll(x: string): ArrayLike<PageElement> }).querySelectorAll(s);
      if (all.length === 0) return undefined;
      for (let i = 0; i < all.length; i++) {
        const e = all[i];
        const r = e.getBoundingClientRect();
        for (const [fx, fy] of [
          [0.5, 0.5],
          [0.25, 0.5],
          [0.75, 0.5],
          [0.5, 0.25],
          [0.5, 0.75],
          [0.15, 0.5],
          [0.85, 0.5],
          [0.25, 0.25],
          [0.75, 0.75],
        ]) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          const hit = document.elementFromPoint(x, y);
          if (hit && e.contains(hit)) return { x, y };
        }
      }
      const e = all[0];
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) as { outerHTML?: string } | null;
      return {
        covered: `at (${r.left.toFixed(0)}, ${r.top.toFixed(0)}) ${r.width.toFixed(0)}×${r.height.toFixed(0)} px under ${hit?.outerHTML?.slice(0, 160) ?? 'nothing'}`,
      };
    }, sel);
  }

  /** Count the person's clicks from here on: on the table (the SVG board and its overlays), on the action list's buttons, and anywhere else. */
  /**
   * Counts the person's clicks: on the table (a press and its release both on the table's drawing —
   * counted by the pointer, since the browser sends no click when the mark pressed is drawn again
   * before the release, which still decides), on the action lists' buttons, and anywhere else.
   */
  async function countClicks(page: Page): Promise<void> {
    await page.evaluate(() => {
      const g = globalThis as unknown as { clicks: { table: number; list: number; other: number } };
      g.clicks = { table: 0, list: 0, other: 0 };
      const on = (
        document as unknown as {
          addEventListener(t: string, f: (ev: { target: { closest(s: string): unknown } }) => void, c: boolean): void;
        }
      ).addEventListener.bind(document);
      let downInTable = false;
      on('pointerdown', (ev) => (downInTable = Boolean(ev.target.closest('#board svg'))), true);
      on(
        'pointerup',
        (ev) => {
          if (downInTable && ev.target.closest('#board svg')) g.clicks.table++;
          downInTable = false;
        },
        true,
      );
      on(
        'click',
        (ev) => {
          if (ev.target.closest('#board svg')) return;
          if (ev.target.closest('#actions button, #selected button')) g.clicks.list++;
          else g.clicks.other++;
        },
        true,
      );
    });
  }

  interface WholeGame {
    page: Page;
    decisions: number;
    clicks: { table: number; list: number; other: number };
    file: string;
    ms: number;
  }

  /**
   * A whole game of `scenario` as `side` against the heuristic (normal), played by clicks on the
   * table only: the rules' suggestion each decision (the figure itself when the decision is which
   * figure or band acts, else its control), and once a click on a figure of the person's that
   * decides nothing (it is described). Ends when the game does; downloads the record and checks it with `replay
   * --verify`.
   */
  async function wholeGame(scenario: string, side: string, seed: number, name: string): Promise<WholeGame> {
    const t0 = Date.now();
    const page = await open();
    await start(page, scenario, side, 'normal', seed);
    await page.waitForSelector('#game:not([hidden])');
    await page.selectOption('#speed', '0'); // the AI's decisions at once
    await countClicks(page);
    let decisions = 0;
    let byFigure = 0;
    let looked = false;
    let shot = false;
    let aiMarked = false;
    for (;;) {
      if ((await settled(page)) === 'over') break;
      const choosing = async (): Promise<boolean> =>
        page.evaluate(
          () =>
            (document.querySelector('#ov-marks') as unknown as { dataset: Record<string, string | undefined> } | null)?.dataset.choosing ===
            'true',
        );
      if (!looked && decisions >= 1 && !(await choosing())) {
        // A click on one of the person's figures: it is described (a table click, not a decision).
        const fig = (await visible(page, '#board .fig.cur, #board .fig.hl')) ?? (await visible(page, '#board .fig:not(.off)'));
        if (!fig || 'covered' in fig) throw new Error(`no figure to click shows on the table ${fig ? fig.covered : ''}`);
        await page.mouse.click(fig.x, fig.y);
        await page.waitForSelector('#selected h3');
        looked = true;
        if (shots) await page.screenshot({ path: join(shots, `table-${name}-selected.png`) });
      }
      if (shots && !shot && (await page.locator('#ov .ov-ctl').count()) >= 2) {
        await page.screenshot({ path: join(shots, `table-${name}.png`) });
        shot = true;
      }
      // The AI's turn is drawn on the table (its moves, shots and melees) until this decision.
      aiMarked ||= (await page.locator('#ov-ai polyline, #ov-ai line').count()) > 0;
      const logged = await page.locator('#log li').count();
      if ((await clickSuggested(page)) === 'figure') byFigure++;
      // Each click is a decision: the story tells it (or the game ends) before the next click.
      await page.waitForFunction((n) => document.body.dataset.state === 'over' || document.querySelectorAll('#log li').length > n, logged, {
        timeout: 60_000,
      });
      decisions++;
      expect(decisions).toBeLessThan(2000);
    }
    expect(await page.locator('#status').textContent()).toMatch(/Game over/);
    const clicks = await page.evaluate(() => (globalThis as unknown as { clicks: { table: number; list: number; other: number } }).clicks);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(dir, `${name}.jsonl`);
    await download.saveAs(file);
    const lines = readRecord(file);
    expect(lines[lines.length - 1].t).toBe('result');
    const verify = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'replay', file, '--verify'], { encoding: 'utf8' });
    expect(verify.status, verify.stderr).toBe(0);
    const ms = Date.now() - t0;
    process.stdout.write(
      `serve: whole ${scenario} as ${side} by table clicks only: ${decisions} decisions (${byFigure} by a click on the figure or band chosen), ${clicks.table} table clicks, ${clicks.list} action-list clicks, ${(ms / 1000).toFixed(1)} s\n`,
    );
    expect(clicks.list).toBe(0);
    expect(clicks.other).toBe(0);
    expect(aiMarked, `${scenario}: the AI's turn drawn on the table at some decision`).toBe(true);
    expect(clicks.table).toBe(decisions + 1);
    return { page, decisions, clicks, file, ms };
  }

  it('plays a whole Supply Raid as the pirates against the heuristic by table clicks only, and its downloaded record verifies', async () => {
    const first = await open();
    if (shots) await first.screenshot({ path: join(shots, '1-setup.png') });
    await first.close();
    const { page, decisions, file } = await wholeGame('pirates/supply-raid', 'pirates', 4, 'pirates');
    if (shots) await page.screenshot({ path: join(shots, '4-end.png') });
    const lines = readRecord(file);
    const cards = lines.filter((l) => l.t === 'event' && l.e === 'card' && l.side === 'pirates').length;
    const perCard = decisions / cards;
    process.stdout.write(
      `serve: whole Supply Raid: ${decisions} clicks for ${cards} pirate cards = ${perCard.toFixed(2)} clicks per card\n`,
    );
    expect(perCard).toBeLessThanOrEqual(2);
    // The finished game offers its replay viewer.
    const [viewer] = await Promise.all([page.waitForEvent('popup'), page.click('#replay')]);
    await viewer.waitForSelector('svg');
    expect(await viewer.title()).toMatch(/supply-raid|Supply Raid/i);
    await viewer.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);

  // One scenario of every other ruleset, as the first side its setup lists.
  const others: [ruleset: string, scenario: string][] = [
    ['escarmouche', 'mill-bridge'],
    ['pig-wars', 'farmstead-raid'],
    ['pig-wars-pirates', 'kershner-supply-raid'],
    ['state-of-war', 'wagon-raid'],
  ];
  it('every registered ruleset has a whole game by table clicks here', () => {
    expect(new Set(['pirates', ...others.map(([r]) => r)])).toEqual(new Set(RULESETS.keys()));
  });
  it.each(others)(
    'plays a whole game of %s (%s) against the heuristic by table clicks only, and its downloaded record verifies',
    async (ruleset, scenario) => {
      const setup = (await (await ctx.request.get(`${url}api/setup`)).json()) as SetupAnswer;
      const sc = setup.scenarios.find((s) => s.id === `${ruleset}/${scenario}`);
      expect(sc, `${ruleset}/${scenario} on the setup page`).toBeDefined();
      const { page } = await wholeGame(`${ruleset}/${scenario}`, sc!.sides[0].id, 2, ruleset);
      if (shots) await page.screenshot({ path: join(shots, `table-${ruleset}-end.png`) });
      expect(errors).toEqual([]);
      await page.close();
    },
    600_000,
  );

  it('per-figure orders: an exact move out of reach is refused with its reason, one in reach is made; the AI plays step by step', async () => {
    const page = await open();
    await start(page, 'pirates/supply-raid', 'pirates', 'normal', 4);
    await page.waitForSelector('#game:not([hidden])');
    await page.selectOption('#speed', '0');
    await settled(page);
    await page.selectOption('#mode', 'figure');
    await page.waitForFunction(() => document.body.dataset.state === 'you' && document.getElementById('mode')?.value === 'figure');
    // Band choice, then "no group move": each figure decides, and may be moved to exact coordinates.
    await page.locator('#actions button').first().click();
    await settled(page);
    const solo = page.locator('#actions button', { hasText: 'no group move' });
    if ((await solo.count()) > 0) {
      await solo.click();
      await settled(page);
    }
    const exact = await page.evaluate(() => document.querySelector('#board .fig.cur') !== null);
    expect(exact).toBe(true);
    /** Screen coordinates of table point (x, y), or of the deciding figure's centre plus (x, y) when `relative`. */
    const screen = async (x: number, y: number, relative: boolean): Promise<{ x: number; y: number }> =>
      page.evaluate(
        ([px, py, rel]) => {
          const svg = document.querySelector('#board svg') as PageElement;
          const g = document.querySelector('#board .fig.cur') as PageElement;
          const at = rel ? (g.transform.baseVal.consolidate()?.matrix ?? { e: 0, f: 0 }) : { e: 0, f: 0 };
          const s = new DOMPoint(px + at.e, py + at.f).matrixTransform(svg.getScreenCTM());
          return { x: s.x, y: s.y };
        },
        [x, y, relative ? 1 : 0],
      );
    const far = await screen(22, 26.5, false);
    await page.mouse.click(far.x, far.y);
    await page.waitForFunction(() => /Not allowed/.test(document.getElementById('reason')?.textContent ?? ''));
    expect(await page.locator('#reason').textContent()).toMatch(/Not allowed: .+/);
    // Then places nearer and nearer to the open ground east of it, until the rules accept one.
    const before = await page.locator('#log li').count();
    let accepted = false;
    for (let dx = 9; dx >= 1.5 && !accepted; dx -= 1.5) {
      const near = await screen(dx, 0, true);
      await page.mouse.click(near.x, near.y);
      await page.waitForFunction(() => document.body.dataset.state !== 'busy');
      accepted = (await page.locator('#log li').count()) > before;
    }
    expect(accepted).toBe(true);
    expect(await page.locator('#reason').textContent()).toBe('');
    // The AI's turn, one decision at a time at a person's speed. The page is 'ai' only while the AI
    // plays (150 ms a decision here): a poll of the page can miss so short a state on a loaded
    // machine (CI 2026-11-24 timed out after 30 s waiting for it, most likely between polls), so the page
    // itself records every change of state from here on.
    await page.evaluate(() => {
      const g = globalThis as unknown as { sawAi?: boolean };
      g.sawAi = document.body.dataset.state === 'ai';
      new MutationObserver((records) => {
        if (document.body.dataset.state === 'ai' || records.some((r) => r.oldValue === 'ai')) g.sawAi = true;
      }).observe(document.body, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
    });
    await page.selectOption('#speed', '150');
    for (let i = 0; i < 40 && (await page.evaluate(() => document.body.dataset.state)) === 'you'; i++) {
      // Each click must take effect (a new log line, or the turn passes) before the next one: on a
      // loaded machine a click made before the page re-drew was lost, and 40 lost clicks left it 'you'.
      const logged = await page.locator('#log li').count();
      await clickSuggested(page);
      await page.waitForFunction((n) => document.body.dataset.state !== 'you' || document.querySelectorAll('#log li').length > n, logged);
      await page.waitForFunction(() => document.body.dataset.state !== 'busy');
    }
    await page.waitForFunction(() => (globalThis as unknown as { sawAi?: boolean }).sawAi === true);
    await page.waitForFunction(() => (document.getElementById('aimove')?.textContent ?? '—') !== '—');
    if (shots) await page.screenshot({ path: join(shots, '3-ai-turn.png') });
    await settled(page);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
  it.each([
    ['pirates/supply-raid', 'townsfolk'],
    ['state-of-war/wagon-raid', 'union'],
  ])(
    "the AI's turn shown (%s as %s): its moves and attacks drawn on the table until the person's next decision, the why kept",
    async (scenario, side) => {
      const page = await open();
      await start(page, scenario, side, 'normal', 4);
      await page.waitForSelector('#game:not([hidden])');
      await page.selectOption('#speed', '0');
      /** The AI's marks on the table: ways (their figure), attack lines (attacker and target), result labels. */
      const drawn = async (): Promise<{ ways: string[]; attacks: string[]; results: string[] }> =>
        page.evaluate(() => {
          const all = (s: string) =>
            (
              document as unknown as {
                querySelectorAll(x: string): ArrayLike<{ getAttribute(a: string): string | null; textContent: string | null }>;
              }
            ).querySelectorAll(s);
          const list = (s: string, f: (e: { getAttribute(a: string): string | null; textContent: string | null }) => string): string[] =>
            Array.from(all(s)).map(f);
          return {
            ways: list('#ov-ai polyline', (e) => e.getAttribute('data-figure') ?? ''),
            attacks: list('#ov-ai line', (e) => `${e.getAttribute('data-from')}>${e.getAttribute('data-to')}`),
            results: list('#ov-ai text', (e) => e.textContent ?? ''),
          };
        });
      // Play the suggestions until an AI turn has moved a figure and attacked one (at most 60 decisions).
      let moved = false;
      let attacked = false;
      for (let i = 0; i < 60 && !(moved && attacked); i++) {
        expect(await settled(page)).toBe('you');
        const d = await drawn();
        // Every AI line of the story since the person's last decision is drawn from its events: each way
        // belongs to a figure on the table, each attack joins two.
        for (const id of [...d.ways, ...d.attacks.flatMap((a) => a.split('>'))])
          expect(await page.locator(`#board .fig[data-id="${id}"]`).count(), id).toBe(1);
        moved ||= d.ways.length > 0;
        attacked ||= d.attacks.length > 0 && d.results.length > 0;
        if (d.ways.length + d.attacks.length > 0) {
          // The why of the AI's last decision is still told beside the table.
          expect(await page.locator('#aimove').textContent()).not.toBe('—');
          if (shots && attacked) await page.screenshot({ path: join(shots, `5-ai-marks-${side}.png`) });
        }
        if (moved && attacked) break;
        const logged = await page.locator('#log li').count();
        await clickSuggested(page);
        await page.waitForFunction(
          (n) => document.body.dataset.state === 'over' || document.querySelectorAll('#log li').length > n,
          logged,
        );
      }
      expect(moved).toBe(true);
      expect(attacked).toBe(true);
      // The person's next decision clears them (the AI paused, so that it draws nothing new).
      await page.click('#pause');
      const logged = await page.locator('#log li').count();
      await clickSuggested(page);
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, logged);
      await page.waitForFunction(() => document.body.dataset.state !== 'busy');
      expect(await drawn()).toEqual({ ways: [], attacks: [], results: [] });
      expect(errors).toEqual([]);
      await page.close();
    },
    300_000,
  );

  it('Pirates! odds before acting: a control at an enemy shows the exact chance to hit of its die against the d6 (§5.A)', async () => {
    const page = await open();
    await start(page, 'pirates/supply-raid', 'townsfolk', 'normal', 4);
    await page.waitForSelector('#game:not([hidden])');
    await page.selectOption('#speed', '0');
    let found: { title: string; label: string } | null = null;
    for (let i = 0; i < 40 && found === null; i++) {
      expect(await settled(page)).toBe('you');
      found = await page.evaluate(() => {
        const cs = (
          document as unknown as {
            querySelectorAll(x: string): ArrayLike<{ querySelector(s: string): { textContent: string | null } | null }>;
          }
        ).querySelectorAll('#board #ov .ov-ctl.enemy');
        for (let j = 0; j < cs.length; j++) {
          const title = cs[j].querySelector('title')?.textContent ?? '';
          if (/% to hit \(d\d+ v d6/.test(title)) return { title, label: cs[j].querySelector('text')?.textContent ?? '' };
        }
        return null;
      });
      if (found) break;
      const logged = await page.locator('#log li').count();
      await clickSuggested(page);
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, logged);
    }
    expect(found, 'an attack offered on the table within 40 decisions').not.toBeNull();
    const [, pct, die] = /(\d+)% to hit \(d(\d+) v d6/.exec(found!.title)!;
    // The chance a d<n> beats a d6: face k of the die beats min(k − 1, 6) of the d6's faces.
    let beats = 0;
    for (let k = 1; k <= Number(die); k++) beats += Math.min(k - 1, 6);
    expect(Number(pct)).toBe(Math.round((100 * beats) / (6 * Number(die))));
    expect(found!.label).toMatch(new RegExp(` · ${pct}%$`));
    if (shots) await page.screenshot({ path: join(shots, '6-pirates-odds.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('honest state: a new game shows no earlier AI move, and the address bar selects the game', async () => {
    const page = await open();
    await start(page, 'pirates/supply-raid', 'townsfolk', 'normal', 4); // the pirates (the AI) decide first
    await page.waitForSelector('#game:not([hidden])');
    await page.selectOption('#speed', '0');
    await settled(page);
    await page.waitForFunction(() => (document.getElementById('aimove')?.textContent ?? '—') !== '—');
    const first = await page.evaluate(() => location.hash);
    expect(first).toMatch(/^#g[0-9a-f]{16}$/);
    // A new game where the person decides first: no AI move is shown (the earlier game's is gone).
    await page.click('#new');
    await page.waitForSelector('body[data-state="setup"]');
    await start(page, 'pirates/supply-raid', 'pirates', 'normal', 11);
    await page.waitForSelector('body[data-state="you"]');
    expect(await page.locator('#aimove').textContent()).toBe('—');
    expect(await page.locator('#log li.ai').count()).toBe(0);
    const second = await page.evaluate(() => location.hash);
    expect(second).not.toBe(first);
    expect(await page.locator('#caption').textContent()).toContain('seed 11');
    // The address names the first game: the page shows it (and its record is the one downloaded).
    await page.evaluate((h) => {
      location.hash = h;
    }, first);
    await page.waitForFunction(() => (document.getElementById('caption')?.textContent ?? '').includes('seed 4 '));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(dir, 'by-address.jsonl');
    await download.saveAs(file);
    expect((readRecord(file)[0] as { seed?: unknown }).seed).toBe(4);
    // The list of open games tells the two apart.
    await page.click('#new');
    await page.waitForSelector('body[data-state="setup"]');
    const entries = await page.locator('#games button').allTextContents();
    expect(entries.some((e) => /Supply Raid as Townsfolk vs heuristic · seed 4 · .*last played/.test(e))).toBe(true);
    expect(entries.some((e) => /Supply Raid as Pirates vs heuristic · seed 11 · /.test(e))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
  it("briefing and help: every built-in scenario's briefing before Start; briefing and the rules summary one click away in play", async () => {
    const page = await open();
    const setup = (await (await page.request.get(`${url}api/setup`)).json()) as SetupAnswer;
    expect(setup.scenarios.length).toBeGreaterThan(5);
    for (const sc of setup.scenarios) {
      await page.selectOption('#scenario', sc.id);
      await page.waitForFunction((name) => (document.getElementById('briefing')?.textContent ?? '').includes(name), sc.name);
      const text = (await page.locator('#briefing').textContent()) ?? '';
      expect(text, sc.id).toContain(sc.briefing.slice(0, 120));
      expect(text, sc.id).toContain(`Turn limit: ${sc.turns} turns`);
      for (const side of sc.sides) expect(text, sc.id).toContain(side.name);
    }
    await page.click('#rules-open');
    await page.waitForSelector('#help:not([hidden]) #help-rules h2');
    await page.click('#help-close');
    await start(page, 'pirates/supply-raid', 'pirates', 'normal', 11);
    await page.waitForSelector('body[data-state="you"]');
    await page.click('#help-open');
    await page.waitForSelector('#help:not([hidden]) #help-briefing');
    if (shots) await page.screenshot({ path: join(shots, '6-briefing-in-play.png') });
    const sc = setup.scenarios.find((s) => s.id === 'pirates/supply-raid')!;
    expect(await page.locator('#help-briefing').textContent()).toContain(sc.briefing.slice(0, 120));
    expect(await page.locator('#help-rules').textContent()).toMatch(/the rules in brief/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#help[hidden]', { state: 'attached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
  it("a readable table in every ruleset: ≥ 90% of a phone's width at 390×844, no label under 10 px at 1400×900, the legend from the ruleset's badges", async () => {
    const setup = (await (await ctx.request.get(`${url}api/setup`)).json()) as SetupAnswer;
    const sizes: [number, number][] = [
      [390, 844],
      [800, 600],
      [1400, 900],
    ];
    const lines: string[] = [];
    for (const ruleset of RULESETS.keys()) {
      const sc = setup.scenarios.find((s) => s.ruleset === ruleset);
      if (!sc) continue;
      const page = await open();
      await start(page, sc.id, sc.sides[0].id, 'normal', 3);
      await page.waitForSelector('#game:not([hidden])');
      await page.selectOption('#speed', '0');
      await settled(page);
      for (const [w, h] of sizes) {
        await page.setViewportSize({ width: w, height: h });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const m = await page.evaluate(() => {
          const svg = document.querySelector('#board svg') as unknown as {
            querySelectorAll(s: string): ArrayLike<PageElement & { textContent: string | null; closest(s: string): unknown }>;
            getScreenCTM(): { a: number } | null;
          };
          const table = document.querySelector('#board svg rect.tbl') as PageElement;
          const scale = svg.getScreenCTM()?.a ?? 0;
          let min = Infinity;
          const texts = svg.querySelectorAll('text');
          for (let i = 0; i < texts.length; i++) {
            const t = texts[i];
            if (!t.textContent?.trim() || t.closest('#ov') || t.getBoundingClientRect().width === 0) continue;
            min = Math.min(min, parseFloat(getComputedStyle(t as never).fontSize) * scale);
          }
          return { table: table.getBoundingClientRect().width, width: innerWidth, minLabel: min };
        });
        lines.push(
          `${ruleset} ${w}×${h}: table ${Math.round(m.table)} px (${((100 * m.table) / m.width).toFixed(0)}% of the width), smallest label ${m.minLabel.toFixed(1)} px`,
        );
        if (w === 390) expect(m.table / m.width, `${ruleset} at 390×844`).toBeGreaterThanOrEqual(0.9);
        const asideAt = async (): Promise<{ left: number; top: number }> =>
          page.evaluate(() => document.querySelector('#game aside')!.getBoundingClientRect());
        const tableTop = await page.evaluate(() => document.querySelector('#board svg rect.tbl')!.getBoundingClientRect().top);
        // A phone: the table first, the panel below it.
        if (w === 390) expect((await asideAt()).top, `${ruleset} panel below the table`).toBeGreaterThan(tableTop);
        if (w === 800) {
          // A middle-sized screen: the table the whole width, the panel a drawer, the status in the header.
          expect(m.table / m.width, `${ruleset} at 800×600`).toBeGreaterThanOrEqual(0.6);
          expect((await asideAt()).left, `${ruleset} drawer closed`).toBeGreaterThanOrEqual(w);
          expect(await page.locator('#hstatus').textContent()).toMatch(/Your decision|Game over/);
          await page.click('#panel-toggle');
          expect((await asideAt()).left, `${ruleset} drawer open`).toBeLessThan(w);
          await page.dispatchEvent('#tablewrap', 'pointerdown'); // a touch on the table closes it
          expect((await asideAt()).left, `${ruleset} drawer closed again`).toBeGreaterThanOrEqual(w);
        }
        if (w === 1400) expect(m.minLabel, `${ruleset} at 1400×900`).toBeGreaterThanOrEqual(10);
        if (w === 1400) {
          // Letters sit inside their bases (src/web/tablefit.ts): every letter shown is at most 1/1.1 of its
          // base as drawn across; band tags never overlap one another.
          const fit = await page.evaluate(() => {
            const figs = (
              document as unknown as {
                querySelectorAll(x: string): ArrayLike<
                  PageElement & {
                    querySelector(s: string): (PageElement & { style: { display: string } }) | null;
                    getAttribute(a: string): string | null;
                  }
                >;
              }
            ).querySelectorAll('#board svg .fig[data-glyph]');
            // Font sizes are in table units: times the screen's pixels per unit.
            const scale =
              (document.querySelector('#board svg') as unknown as { getScreenCTM(): { a: number } | null }).getScreenCTM()?.a ?? 0;
            let shown = 0;
            let worst = Infinity;
            let live = 0;
            for (let i = 0; i < figs.length; i++) {
              const g = figs[i];
              if (/\b(st-dead|off)\b/.test(g.getAttribute('class') ?? '')) continue;
              live++;
              const t = g.querySelector('.glyph');
              const b = g.querySelector('.base');
              if (!t || !b || t.style.display === 'none' || t.getBoundingClientRect().width === 0) continue;
              shown++;
              const r = b.getBoundingClientRect();
              worst = Math.min(worst, Math.min(r.width, r.height) / (parseFloat(getComputedStyle(t as never).fontSize) * scale));
            }
            const tags = (document as unknown as { querySelectorAll(x: string): ArrayLike<PageElement> }).querySelectorAll(
              '#board svg #bandtags text',
            );
            const boxes = Array.from(tags).map((t) => t.getBoundingClientRect());
            let overlaps = 0;
            for (let i = 0; i < boxes.length; i++)
              for (let j = i + 1; j < boxes.length; j++) {
                const [a, c] = [boxes[i], boxes[j]];
                if (
                  a.left < c.left + c.width - 0.5 &&
                  c.left < a.left + a.width - 0.5 &&
                  a.top < c.top + c.height - 0.5 &&
                  c.top < a.top + a.height - 0.5
                )
                  overlaps++;
              }
            return { live, shown, worst, tags: boxes.length, overlaps };
          });
          lines.push(
            `${ruleset} 1400×900: ${fit.shown} of ${fit.live} letters shown, each base ≥ ${fit.worst.toFixed(2)}× its letter; ${fit.tags} band tags`,
          );
          if (fit.shown > 0) expect(fit.worst, `${ruleset}: letters inside their bases`).toBeGreaterThanOrEqual(1.1);
          expect(fit.overlaps, `${ruleset}: band tags overlapping`).toBe(0);
          if (ruleset === 'state-of-war')
            expect(fit.shown / fit.live, 'State of War letters shown at 1400×900').toBeGreaterThanOrEqual(0.9);
        }
        if (shots) await page.screenshot({ path: join(shots, `${ruleset}-${w}x${h}.png`), fullPage: w === 390 });
      }
      const badges = (await (await page.request.get(`${url}api/games/${(await page.evaluate(() => location.hash)).slice(1)}`)).json()) as {
        badges: { words: string }[];
      };
      const legend = (await page.locator('#legend').textContent()) ?? '';
      for (const b of badges.badges) expect(legend).toContain(b.words.replace(/#/g, 'n'));
      if (ruleset !== 'pirates') expect(legend).not.toContain('booty');
      // The legend names every kind of figure drawn on this table (a glyph on each base).
      const kinds = await page
        .locator('#board svg .fig[data-kind]')
        .evaluateAll((gs) => gs.map((g) => (g as unknown as { getAttribute(n: string): string }).getAttribute('data-kind')));
      expect(kinds.length, ruleset).toBeGreaterThan(0);
      for (const k of new Set(kinds)) expect(legend, `${ruleset} legend`).toContain(k);
      await page.close();
    }
    process.stdout.write(`serve: the table on screens\n  ${lines.join('\n  ')}\n`);
    expect(errors).toEqual([]);
  }, 300_000);
  it('the end of the game: a summary with play again and swap sides; a save over another asks first', async () => {
    const page = await open();
    await start(page, 'pirates/supply-raid', 'pirates', 'normal', 11);
    await page.waitForSelector('body[data-state="you"]');
    await page.click('#resign');
    await page.click('#resign'); // "Really resign?"
    await page.waitForSelector('#end:not([hidden])');
    expect(await page.locator('#end h2').textContent()).toBe('Townsfolk win');
    if (shots) await page.screenshot({ path: join(shots, '5-end-summary.png') });
    expect(await page.locator('#end').textContent()).toMatch(/you resigned — after \d+ decisions/);
    expect(await page.locator('#caption').textContent()).toMatch(/Game over — Townsfolk win: you resigned/);
    // Saving: a second save under the same name asks before it overwrites.
    await page.fill('#savename', 'end-test');
    await page.click('#save');
    await page.waitForFunction(() => /Saved as end-test/.test(document.getElementById('toast')?.textContent ?? ''));
    await page.click('#save');
    expect(await page.locator('#save').textContent()).toBe('Overwrite end-test?');
    await page.click('#save');
    await page.waitForFunction(() => document.getElementById('save')?.textContent === 'Save');
    const before = await page.evaluate(() => location.hash);
    await page.click('#swap');
    await page.waitForFunction((h) => location.hash !== h && document.body.dataset.state !== 'busy', before);
    expect(await page.locator('#caption').textContent()).toContain('you: townsfolk');
    expect(await page.locator('#end').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
