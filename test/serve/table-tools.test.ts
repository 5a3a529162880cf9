/**
 * Issue 41 in headless Chromium (Debian's chromium driven by playwright-core, as
 * test/serve/browser.test.ts does): the briefing opens by itself at Start and closes with one click;
 * the measuring tool measures a line on the table of every ruleset in its unit and says what the
 * game's rules say of sight along it (a line across a building blocked and named, a line in the open
 * clear: the lines of test/serve/sight.test.ts, chosen from the scenario files) and of two figures
 * (base to base, cover), giving no order meanwhile; standing band orders are shown and cancelled
 * with one click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { haveBrowser, launchChromium } from '../helpers/browser.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { SetupAnswer } from '../../src/serve/protocol.js';

// What the page's functions see inside page.evaluate (the suite's tsconfig has no DOM library).
declare const document: {
  querySelector(
    sel: string,
  ): { getScreenCTM(): unknown; getBoundingClientRect(): { left: number; top: number; width: number; height: number } } | null;
  querySelectorAll(sel: string): { length: number };
  elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null;
  body: { dataset: Record<string, string | undefined> };
};
declare class DOMPoint {
  constructor(x: number, y: number);
  matrixTransform(m: unknown): { x: number; y: number };
}

describe.skipIf(!haveBrowser)('serve in headless Chromium: briefing at Start, measuring, standing orders', () => {
  let app: FastifyInstance;
  let ctx: BrowserContext;
  let url: string;
  let setup: SetupAnswer;
  const dir = mkdtempSync(join(tmpdir(), 'skirmish-serve-tools-'));
  const errors: string[] = [];

  beforeAll(async () => {
    app = await buildApp({ saves: join(dir, 'saves'), loopbackOnly: true });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
    ctx = await launchChromium();
    setup = (await (await ctx.request.get(`${url}api/setup`)).json()) as SetupAnswer;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
  });

  /** A new game from the setup page (Start clicked); the briefing is left as Start leaves it. */
  async function started(scenario: string, seed: number, side?: string): Promise<Page> {
    const page = await ctx.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(url);
    await page.waitForSelector('body[data-state="setup"]');
    await page.selectOption('#scenario', scenario);
    await page.selectOption('#side', side ?? setup.scenarios.find((s) => s.id === scenario)!.sides[0].id);
    await page.selectOption('#opponent', 'normal');
    await page.fill('#seed', String(seed));
    await page.click('#start');
    await page.waitForSelector('#game:not([hidden])');
    return page;
  }

  /** The screen point of table point (x, y) (table units). */
  async function screen(page: Page, p: [number, number]): Promise<{ x: number; y: number }> {
    return page.evaluate(([x, y]) => {
      const svg = document.querySelector('#board svg');
      return new DOMPoint(x, y).matrixTransform(svg!.getScreenCTM());
    }, p);
  }

  /** Drag with the mouse from table point a to table point b. */
  async function drag(page: Page, a: [number, number], b: [number, number]): Promise<void> {
    const p = await screen(page, a);
    const q = await screen(page, b);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move((p.x + q.x) / 2, (p.y + q.y) / 2, { steps: 3 });
    await page.mouse.move(q.x, q.y, { steps: 3 });
    await page.mouse.up();
  }

  it("the scenario's briefing opens by itself at Start and one click closes it, leaving the table to click", async () => {
    const page = await started('pirates/supply-raid', 11);
    await page.waitForSelector('#help:not([hidden]) #help-briefing');
    const sc = setup.scenarios.find((s) => s.id === 'pirates/supply-raid')!;
    expect(await page.locator('#help-briefing').textContent()).toContain(sc.briefing.slice(0, 120));
    // Before it is closed, the sheet covers the table.
    const covered = await page.evaluate(() => {
      const r = document.querySelector('#board svg')!.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('#board') === null;
    });
    expect(covered).toBe(true);
    await page.click('#help-close');
    await page.waitForSelector('#help[hidden]', { state: 'attached' });
    const free = await page.evaluate(() => {
      const r = document.querySelector('#board svg')!.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('#board') !== null;
    });
    expect(free).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  // The lines of test/serve/sight.test.ts: across a building, and in the open (table units).
  const lines: [
    scenario: string,
    unit: string,
    blocked: [[number, number], [number, number], string],
    clear: [[number, number], [number, number]],
  ][] = [
    [
      'pirates/supply-raid',
      'in',
      [[14, 6.5], [30, 6.5], 'warehouse 1'],
      [
        [14, 13.5],
        [31, 13.5],
      ],
    ],
    [
      'escarmouche/mill-bridge',
      'in',
      [[28, 8], [28, 14.5], 'the mill'],
      [
        [5, 16],
        [45, 16],
      ],
    ],
    [
      'pig-wars/farmstead-raid',
      'in',
      [[34, 10], [46, 10], 'hall'],
      [
        [10, 5],
        [24, 5],
      ],
    ],
    [
      'pig-wars-pirates/kershner-supply-raid',
      'in',
      [[14, 6.5], [30, 6.5], 'warehouse 1'],
      [
        [14, 13.5],
        [31, 13.5],
      ],
    ],
    [
      'state-of-war/wagon-raid',
      'cm',
      [[115, 37], [150, 37], 'the farmhouse'],
      [
        [100, 60],
        [140, 60],
      ],
    ],
  ];

  it.each(lines)(
    '%s: the measuring tool measures in %s and says what the rules say of sight and cover, and gives no order',
    async (scenario, unit, blocked, clear) => {
      const page = await started(scenario, 3);
      await page.click('#help:not([hidden]) #help-close');
      await page.selectOption('#speed', '0');
      await page.waitForSelector('body[data-state="you"], body[data-state="over"]', { timeout: 120_000 });
      const decisions = await page.locator('#log li').count();
      await page.click('#measure');
      expect(await page.getAttribute('#measure', 'aria-pressed')).toBe('true');
      // Across the building: blocked, and what blocks it named.
      await drag(page, blocked[0], blocked[1]);
      await page.waitForFunction(() =>
        /Line of sight/.test(
          String(
            document.querySelector('#measure-out') &&
              (document.querySelector('#measure-out') as unknown as { textContent: string }).textContent,
          ),
        ),
      );
      const length = Math.hypot(blocked[1][0] - blocked[0][0], blocked[1][1] - blocked[0][1]);
      let out = (await page.locator('#measure-out').textContent()) ?? '';
      expect(out).toContain(`${length.toFixed(1)} ${unit}`);
      expect(out).toContain(`Line of sight: blocked by ${blocked[2]}`);
      expect(await page.locator('#ov-measure.blocked text').textContent()).toMatch(new RegExp(`${unit} · no sight$`));
      // In the open, by two clicks this time: clear.
      for (const p of clear) {
        const s = await screen(page, p);
        await page.mouse.click(s.x, s.y);
      }
      await page.waitForSelector('#ov-measure.clear');
      out = (await page.locator('#measure-out').textContent()) ?? '';
      expect(out).toContain('Line of sight: clear');
      expect(out).toContain(`${Math.hypot(clear[1][0] - clear[0][0], clear[1][1] - clear[0][1]).toFixed(1)} ${unit}`);
      // From one figure to another: centre to centre, base to base, and the far figure's cover.
      const figs = await page.evaluate(() => {
        const all = (
          document as unknown as {
            querySelectorAll(s: string): ArrayLike<{
              getAttribute(a: string): string | null;
              getBoundingClientRect(): { left: number; top: number; width: number; height: number };
            }>;
          }
        ).querySelectorAll('#board .fig[data-id]');
        const out: { id: string; x: number; y: number }[] = [];
        for (let i = 0; i < all.length; i++) {
          const r = all[i].getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          const hit = document.elementFromPoint(x, y)?.closest('.fig') as { getAttribute(a: string): string | null } | null;
          if (r.width > 0 && hit?.getAttribute('data-id') === all[i].getAttribute('data-id'))
            out.push({ id: all[i].getAttribute('data-id') ?? '', x, y });
        }
        return out;
      });
      expect(figs.length).toBeGreaterThan(1);
      const [f, g] = [figs[0], figs[figs.length - 1]];
      await page.mouse.move(f.x, f.y);
      await page.mouse.down();
      await page.mouse.move((f.x + g.x) / 2, (f.y + g.y) / 2, { steps: 3 });
      await page.mouse.move(g.x, g.y, { steps: 3 });
      await page.mouse.up();
      await page.waitForFunction(
        (ids) =>
          new RegExp(`${ids[0]} → ${ids[1]}:[^]*Cover of ${ids[1]}`).test(
            (document.querySelector('#measure-out') as unknown as { textContent: string } | null)?.textContent ?? '',
          ),
        [f.id, g.id],
      );
      out = (await page.locator('#measure-out').textContent()) ?? '';
      expect(out).toMatch(new RegExp(`centre to centre, [0-9.]+ ${unit} base to base`));
      expect(out).toMatch(/Line of sight: (clear|blocked by .+)/);
      // Measuring gave no order: the story is as it was; Esc ends the tool.
      expect(await page.locator('#log li').count()).toBe(decisions);
      await page.keyboard.press('Escape');
      expect(await page.getAttribute('#measure', 'aria-pressed')).toBe('false');
      expect(await page.locator('#ov-measure').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
    180_000,
  );

  it('standing band orders: the band holding an order is shown, and one click cancels it', async () => {
    const page = await started('pirates/supply-raid', 1, 'pirates');
    await page.click('#help:not([hidden]) #help-close');
    await page.selectOption('#speed', '0');
    await page.waitForSelector('body[data-state="you"]', { timeout: 120_000 });
    expect(await page.locator('#standing li').count()).toBe(0);
    // The suggested order (the list's ★): a band moving on the warehouse; it stands for that band.
    const words = (await page.locator('#actions button.suggested').textContent()) ?? '';
    const logged = await page.locator('#log li').count();
    await page.click('#actions button.suggested');
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, logged);
    await page.waitForSelector('#standing li');
    const line = (await page.locator('#standing li').first().textContent()) ?? '';
    // "<band> (<figures>): <the order in words> — while <situation> Cancel": the order the person gave.
    const order = line
      .replace(/^[^:]*: /, '')
      .split(' — while')[0]
      .trim();
    expect(order.length).toBeGreaterThan(5);
    expect(words).toContain(order);
    const band = await page.locator('#standing li').first().getAttribute('data-band');
    const before = await page.locator('#standing li').count();
    await page.click(`#standing button[data-cancel="${band}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#standing li').length < n, before);
    expect(await page.locator(`#standing li[data-band="${band}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
  it('a click begun on a decision mark counts for it when the overlay is drawn again under the pointer before the release', async () => {
    const page = await started('pirates/supply-raid', 12);
    await page.click('#help:not([hidden]) #help-close');
    await page.waitForSelector('body[data-state="you"]');
    const box = await page.locator('#board #ov [data-key].suggested').first().boundingBox();
    expect(box).not.toBeNull();
    const logged = await page.locator('#log li').count();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.down();
    // The overlay drawn again between press and release (as a figure's reach arriving does): the mark under the pointer is a new element.
    await page.evaluate(() => {
      const m = document.querySelector('#board #ov [data-key].suggested') as unknown as {
        replaceWith(n: unknown): void;
        cloneNode(d: boolean): unknown;
      };
      m.replaceWith(m.cloneNode(true));
    });
    await page.mouse.up();
    await page.waitForFunction((n) => document.body.dataset.state === 'over' || document.querySelectorAll('#log li').length > n, logged, {
      timeout: 30_000,
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
