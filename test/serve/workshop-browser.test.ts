/**
 * Issue 44, the scenario workshop's page (`serve --scenarios DIR`, /workshop) in headless Chromium
 * (Debian's chromium driven by playwright-core, as browser.test.ts does): a small scenario built
 * from a ruleset's blank table by clicks only (a building, a deployment of each side, an objective),
 * a figure placed inside the building shown as an error on the table where it stands, fixed by a
 * drag, saved into the folder, and the saved file passes `validate` and plays with `run`; undo and
 * redo; every ruleset's blank table takes terrain and a figure by clicks; every built-in scenario
 * opens on a drawn table and, saved unchanged, is byte-identical to its file. The ruleset built on is
 * the first whose layout places figures by a point and whose blank table lacks a single polygon
 * zone to draw (its objective), found through the API, not named here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { haveBrowser, launchChromium, shots, watchFaults } from '../helpers/browser.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import { builtinScenarioFiles } from '../../src/core/scenario.js';
import type { WorkshopRuleset } from '../../src/serve/workshop-protocol.js';
import { cli } from '../runner/helpers.js';

// What the page's functions see inside page.evaluate (the suite's tsconfig has no DOM library).
declare const document: {
  querySelector(sel: string): {
    getScreenCTM(): { a: number; d: number; e: number; f: number } | null;
    getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  } | null;
  querySelectorAll(sel: string): { length: number };
};

describe.skipIf(!haveBrowser)('the scenario workshop in headless Chromium', () => {
  let app: FastifyInstance;
  let ctx: BrowserContext;
  let url: string;
  const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-browser-'));
  const folder = join(root, 'scenarios');
  mkdirSync(folder);
  const errors: string[] = [];
  /** The messages of the page's dialogs (confirm), each accepted. */
  const dialogs: string[] = [];
  let rulesets: WorkshopRuleset[] = [];

  beforeAll(async () => {
    app = await buildApp({
      saves: join(root, 'saves'),
      loopbackOnly: true,
      workshop: { scenarios: folder, runs: join(root, 'runs'), workers: 1 },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    rulesets = (await (await fetch(`${url}/api/workshop/rulesets`)).json()) as WorkshopRuleset[];
    ctx = await launchChromium({ acceptDownloads: true });
    if (shots) mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
  });

  async function open(): Promise<Page> {
    const page = await ctx.newPage();
    // A save over an existing file is answered 409 by design (the page then asks); anything else is a fault.
    watchFaults(page, errors, (m) => /status of 409 \(Conflict\)/.test(m.text()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.goto(`${url}/workshop`);
    await page.waitForSelector('body[data-state="ready"]');
    return page;
  }

  /** The screen point of table point (x, y) (the table's SVG maps table units to the screen). */
  async function screen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
    return page.evaluate(
      ([tx, ty]) => {
        const m = document.querySelector('#ws-svg')?.getScreenCTM();
        if (!m) throw new Error('no table');
        return { x: m.a * tx + m.e, y: m.d * ty + m.f };
      },
      [x, y] as const,
    );
  }

  async function clickAt(page: Page, x: number, y: number): Promise<void> {
    const p = await screen(page, x, y);
    await page.mouse.click(p.x, p.y);
  }

  /** The check after the last edit (waits for it). */
  async function checked(page: Page): Promise<'ok' | 'error'> {
    const h = await page.waitForSelector('body[data-check="ok"], body[data-check="error"]');
    return (await h.getAttribute('data-check')) as 'ok' | 'error';
  }

  /** Draw a polygon with the current tool: click each vertex, then the first one again. */
  async function polygon(page: Page, pts: [number, number][]): Promise<void> {
    for (const [x, y] of pts) await clickAt(page, x, y);
    await clickAt(page, pts[0][0], pts[0][1]);
  }

  it('the page is served only with --scenarios, and the play page links to it then', async () => {
    const page = await (await fetch(`${url}/`)).text();
    expect(page).toContain('href="/workshop"');
    expect((await fetch(`${url}/workshop`)).status).toBe(200);
    expect((await fetch(`${url}/workshop.js`)).headers.get('content-type')).toMatch(/javascript/);
    const off = await buildApp({ saves: join(root, 'saves'), loopbackOnly: true });
    try {
      const headers = { host: '127.0.0.1:8080' };
      expect((await off.inject({ method: 'GET', url: '/workshop', headers })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/workshop.js', headers })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/', headers })).body).not.toContain('/workshop');
    } finally {
      await off.close();
    }
  }, 60_000);

  it('builds a scenario from a blank table by clicks, shows a figure in a building on the table, fixes it, saves a file that validates and plays', async () => {
    const r = rulesets.find(
      (x) =>
        x.layout?.collections.some((c) => c.role === 'terrain') &&
        x.layout.collections.some((c) => c.role === 'figure' && c.shape === 'point') &&
        x.layout.collections.some((c) => c.role === 'zone' && c.single && c.shape === 'polygon' && !(c.id in (x.layout?.blank ?? {}))),
    );
    expect(r, 'a ruleset whose blank table lacks a single polygon zone (its objective) and places figures by points').toBeDefined();
    if (!r?.layout) return;
    const objective = r.layout.collections.find((c) => c.role === 'zone' && c.single && !(c.path in r.layout!.blank))!;
    const page = await open();
    await page.selectOption('#ws-open', `blank:${r.id}`);
    await page.click('#ws-open-go');
    await page.waitForSelector(`body[data-doc="blank:${r.id}"] #ws-svg`);
    // The blank table lacks its objective: the check says so.
    expect(await checked(page)).toBe('error');

    // A building, by clicks.
    await page.click('#ws-tools [data-tool="terrain"]');
    await page.selectOption('#ws-coll-opts select[data-field="kind"]', 'building');
    await page.fill('#ws-elname', 'the chapel');
    await polygon(page, [
      [14, 14],
      [20, 14],
      [20, 20],
      [14, 20],
    ]);
    await page.waitForSelector('#ws-svg .ws-terrain');
    // The objective.
    await page.click('#ws-tools [data-tool="zone"]');
    await page.selectOption('#ws-coll', objective.id);
    await polygon(page, [
      [16, 3],
      [20, 3],
      [20, 7],
      [16, 7],
    ]);
    // Two sides' figures: one in each side's deployment zone, one of the second side inside the building.
    await page.click('#ws-tools [data-tool="figure"]');
    await page.selectOption('#ws-place', '0');
    await clickAt(page, 2, 10);
    await clickAt(page, 3, 12);
    await page.selectOption('#ws-place', '1');
    await clickAt(page, 30, 10);
    await clickAt(page, 17, 17); // inside the chapel
    expect(await page.locator('#ws-svg .ws-fig').count()).toBe(4);

    // The error is listed and marked on the table where the figure stands.
    expect(await checked(page)).toBe('error');
    const problems = await page.locator('#ws-problems li.error').allTextContents();
    expect(problems.join('\n')).toMatch(/figures\[1\]\.at.*inside a building/);
    const mark = await page.evaluate(() => {
      const m = document.querySelector('#ws-svg .ws-problem-mark.error circle');
      return m ? m.getBoundingClientRect() : null;
    });
    const fig = await screen(page, 17, 17);
    expect(mark).not.toBeNull();
    expect(Math.abs(mark!.left + mark!.width / 2 - fig.x)).toBeLessThan(3);
    expect(Math.abs(mark!.top + mark!.height / 2 - fig.y)).toBeLessThan(3);
    if (shots) await page.screenshot({ path: join(shots, 'workshop-error.png') });

    // Undo removes the figure, redo puts it back.
    await page.keyboard.press('Control+z');
    expect(await page.locator('#ws-svg .ws-fig').count()).toBe(3);
    await page.keyboard.press('Control+y');
    expect(await page.locator('#ws-svg .ws-fig').count()).toBe(4);

    // Fix it: drag the figure out of the building.
    await page.click('#ws-tools [data-tool="select"]');
    const from = await screen(page, 17, 17);
    const to = await screen(page, 26, 17);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 3 });
    await page.mouse.up();
    expect(await checked(page)).toBe('ok');
    if (shots) await page.screenshot({ path: join(shots, 'workshop-editing.png') });

    // The chapel selected: a double-click inside it near its west wall adds a vertex there, a double-click on that vertex removes it.
    await clickAt(page, 16, 16);
    expect(await page.locator('#ws-svg .ws-vertex').count()).toBe(4);
    const near = await screen(page, 14.6, 17);
    await page.mouse.dblclick(near.x, near.y);
    await page.waitForFunction(() => document.querySelectorAll('#ws-svg .ws-vertex').length === 5);
    const added = await screen(page, 14.6, 17);
    await page.mouse.dblclick(added.x, added.y);
    await page.waitForFunction(() => document.querySelectorAll('#ws-svg .ws-vertex').length === 4);
    expect(await checked(page)).toBe('ok');

    // The turn limit through the JSON editor of the victory conditions: a bad one is an error, then fixed.
    await page.selectOption('#ws-field', 'victory');
    const victory = JSON.parse(await page.inputValue('#ws-json')) as Record<string, unknown>;
    const turns = Object.keys(victory).find((k) => /turns/i.test(k));
    expect(turns).toBeDefined();
    await page.fill('#ws-json', JSON.stringify({ ...victory, [turns!]: -3 }));
    await page.click('#ws-json-apply');
    expect(await checked(page)).toBe('error');
    expect((await page.locator('#ws-problems li.error').allTextContents()).join('\n')).toContain(`victory.${turns!}`);
    await page.fill('#ws-json', JSON.stringify({ ...victory, [turns!]: 12 }));
    await page.click('#ws-json-apply');
    expect(await checked(page)).toBe('ok');

    // Save, then the file validates and plays.
    await page.fill('#ws-name', 'built/chapel-raid.json');
    await page.click('#ws-save');
    await page.waitForSelector('body[data-saved="built/chapel-raid.json"]');
    const file = join(folder, 'built', 'chapel-raid.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { ruleset: string; victory: Record<string, unknown> };
    expect(saved.ruleset).toBe(r.id);
    expect(saved.victory[turns!]).toBe(12);
    // Saving again under the same name asks first (the page's confirm; accepted here).
    const asked = dialogs.length;
    await page.evaluate(() => delete (document as unknown as { body: { dataset: Record<string, string> } }).body.dataset.saved);
    await page.click('#ws-save');
    await page.waitForSelector('body[data-saved="built/chapel-raid.json"]');
    expect(dialogs.slice(asked).join('\n')).toMatch(/built\/chapel-raid\.json exists/);
    // Download gives the same bytes.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#ws-download')]);
    const dlPath = join(root, 'downloaded.json');
    await dl.saveAs(dlPath);
    expect(readFileSync(dlPath, 'utf8')).toBe(readFileSync(file, 'utf8'));
    const v = cli('validate', file);
    expect(v.code, v.out + v.err).toBe(0);
    const run = cli('run', '--scenario', file, '--seed', '1', '--quiet', '--out', join(root, 'chapel.jsonl'));
    expect(run.code, run.out + run.err).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('every ruleset with a layout: its blank table opens and takes a terrain piece and a figure (or unit) by clicks; every built-in opens on a drawn table', async () => {
    const page = await open();
    const withLayout = rulesets.filter((r) => r.layout);
    expect(withLayout.length).toBe(rulesets.length);
    for (const r of withLayout) {
      await page.selectOption('#ws-open', `blank:${r.id}`);
      await page.click('#ws-open-go');
      await page.waitForSelector(`body[data-doc="blank:${r.id}"] #ws-svg`);
      await checked(page);
      const size = await page.evaluate(() => {
        const s = document.querySelector('#ws-svg') as unknown as { dataset: Record<string, string> };
        return { w: Number(s.dataset.width), h: Number(s.dataset.height) };
      });
      const at = (fx: number, fy: number): [number, number] => [size.w * fx, size.h * fy];
      await page.click('#ws-tools [data-tool="terrain"]');
      await page.selectOption('#ws-coll', r.layout!.collections.find((c) => c.role === 'terrain' && c.shape === 'polygon')!.id);
      const before = await page.locator('#ws-svg .ws-terrain').count();
      await polygon(page, [at(0.4, 0.1), at(0.5, 0.1), at(0.5, 0.2), at(0.4, 0.2)]);
      expect(await page.locator('#ws-svg .ws-terrain').count(), r.id).toBe(before + 1);
      await page.click('#ws-tools [data-tool="figure"]');
      const fig = r.layout!.collections.find((c) => c.role === 'figure')!;
      const figs = async (): Promise<number> => page.locator(`#ws-svg [data-path^="$.sides[0].${fig.path.split('.').pop()}"]`).count();
      const n = await figs();
      await clickAt(page, ...at(0.1, 0.5)); // a point, or a unit's area around it
      expect(await figs(), r.id).toBe(n + 1);
      await checked(page);
    }
    const builtins = await page
      .locator('#ws-open option[value^="builtin:"]')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    for (const b of builtins) {
      await page.selectOption('#ws-open', b);
      await page.click('#ws-open-go');
      await page.waitForSelector(`body[data-doc="${b}"] #ws-svg .ws-terrain`);
      expect(await checked(page), b).toBe('ok');
      expect(await page.locator('#ws-svg [data-path^="$.sides[0]"]').count(), b).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('every built-in scenario opened and saved unchanged is byte-identical to its file', async () => {
    const page = await open();
    const builtins = await page
      .locator('#ws-open option[value^="builtin:"]')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
    expect(builtins.length).toBe(builtinScenarioFiles().length);
    for (const [n, value] of builtins.entries()) {
      const [ruleset, id] = value.slice('builtin:'.length).split('/');
      await page.selectOption('#ws-open', value);
      await page.click('#ws-open-go');
      await page.waitForSelector(`body[data-doc="${value}"] #ws-svg`);
      await checked(page);
      if (n === 0) {
        // The ruleset's own drawing of the setup, in a sheet over the page.
        await page.click('#ws-preview');
        await page.waitForSelector('#ws-preview-box:not([hidden]) #ws-preview-body svg');
        await page.click('#ws-preview-close');
      }
      const original = builtinScenarioFiles().find((f) => f.endsWith(join(ruleset, `${id}.json`)));
      expect(original, value).toBeDefined();
      const text = readFileSync(original!, 'utf8');
      if (text !== `${JSON.stringify(JSON.parse(text), null, 2)}\n`) {
        // A file not in JSON.stringify's layout, edited and the edit undone: unchanged, it still saves byte for byte.
        await page.selectOption('#ws-field', 'name');
        await page.fill('#ws-json', '"Renamed"');
        await page.click('#ws-json-apply');
        await page.waitForSelector('body[data-dirty="true"]');
        await page.click('#ws-undo');
        await page.waitForSelector('body[data-dirty="false"]');
      }
      await page.fill('#ws-name', `copies/${ruleset}-${id}.json`);
      await page.click('#ws-save');
      await page.waitForSelector(`body[data-saved="copies/${ruleset}-${id}.json"]`);
      expect(readFileSync(join(folder, 'copies', `${ruleset}-${id}.json`), 'utf8'), value).toBe(text);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
