/**
 * Screenshots of the scenario workshop's page (issue 44; `serve --scenarios DIR`, /workshop) at
 * 1400×900 in Debian's headless Chromium driven by playwright-core (as test/serve/workshop-browser.test.ts):
 * a scenario drawn on a blank table by clicks (a building, an objective, each side's figures) with a
 * figure inside the building shown as an error on the table (`workshop-error.png`), the same table
 * once fixed with a terrain piece selected — its vertices ready to drag (`workshop-editing.png`) — and
 * each ruleset's first built-in scenario opened in the workshop (`workshop-<ruleset>.png`). The
 * scenarios folder is a fresh temporary one. A hand-run tool, not a test.
 *
 *   npx tsx bench/workshop-screenshots.ts                 # results/screenshots/workshop/*.png
 *   npx tsx bench/workshop-screenshots.ts --out <dir>
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser.js';
import { buildApp } from '../src/serve/app.js';
import type { WorkshopList, WorkshopRuleset } from '../src/serve/workshop-protocol.js';

// What the page function below sees (the suite's tsconfig has no DOM library).
declare const document: { querySelector(sel: string): { getScreenCTM(): { a: number; d: number; e: number; f: number } | null } | null };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const out = resolve(arg('out') ?? 'results/screenshots/workshop');
mkdirSync(out, { recursive: true });
const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-shots-'));
mkdirSync(join(root, 'scenarios'));
const app = await buildApp({
  saves: join(root, 'saves'),
  loopbackOnly: true,
  workshop: { scenarios: join(root, 'scenarios'), runs: join(root, 'runs'), workers: 1 },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchChromium();
const written: string[] = [];
try {
  const page = await browser.newPage();
  page.on('dialog', (d) => void d.accept());
  page.on('pageerror', (e) => process.stderr.write(`page error: ${e.message}\n`));
  await page.goto(`${url}/workshop`);
  await page.waitForSelector('body[data-state="ready"]');

  const screen = async (x: number, y: number): Promise<{ x: number; y: number }> =>
    page.evaluate(
      ([tx, ty]) => {
        const m = document.querySelector('#ws-svg')?.getScreenCTM();
        if (!m) throw new Error('no table');
        return { x: m.a * tx + m.e, y: m.d * ty + m.f };
      },
      [x, y] as const,
    );
  const clickAt = async (x: number, y: number): Promise<void> => {
    const p = await screen(x, y);
    await page.mouse.click(p.x, p.y);
  };
  const polygon = async (pts: [number, number][]): Promise<void> => {
    for (const [x, y] of pts) await clickAt(x, y);
    await clickAt(pts[0][0], pts[0][1]);
  };
  const checked = async (p: Page): Promise<void> => {
    await p.waitForSelector('body[data-check="ok"], body[data-check="error"]');
  };
  const shot = async (name: string): Promise<void> => {
    const file = join(out, name);
    await page.screenshot({ path: file });
    written.push(file);
  };

  // The ruleset of the browser test: terrain with buildings, figures by a point, an objective to draw.
  const rulesets = (await (await fetch(`${url}/api/workshop/rulesets`)).json()) as WorkshopRuleset[];
  const r = rulesets.find(
    (x) =>
      x.layout?.collections.some((c) => c.role === 'figure' && c.shape === 'point') &&
      x.layout.collections.some((c) => c.role === 'zone' && c.single && !(c.path in (x.layout?.blank ?? {}))),
  );
  if (!r?.layout) throw new Error('no ruleset with a blank table to draw an objective on');
  const objective = r.layout.collections.find((c) => c.role === 'zone' && c.single && !(c.path in (r.layout?.blank ?? {})));
  await page.selectOption('#ws-open', `blank:${r.id}`);
  await page.click('#ws-open-go');
  await page.waitForSelector(`body[data-doc="blank:${r.id}"] #ws-svg`);
  await page.click('#ws-tools [data-tool="terrain"]');
  await page.selectOption('#ws-coll-opts select[data-field="kind"]', 'building');
  await page.fill('#ws-elname', 'the chapel');
  await polygon([
    [14, 14],
    [20, 14],
    [20, 20],
    [14, 20],
  ]);
  await page.selectOption('#ws-coll-opts select[data-field="kind"]', 'water');
  await page.fill('#ws-elname', 'the pond');
  await polygon([
    [24, 2],
    [30, 3],
    [29, 7],
    [23, 6],
  ]);
  await page.click('#ws-tools [data-tool="zone"]');
  if (objective) await page.selectOption('#ws-coll', objective.id);
  await polygon([
    [16, 3],
    [20, 3],
    [20, 7],
    [16, 7],
  ]);
  await page.click('#ws-tools [data-tool="figure"]');
  await page.selectOption('#ws-place', '0');
  for (const [x, y] of [
    [2, 10],
    [3, 12],
    [2, 14],
  ] as const)
    await clickAt(x, y);
  await page.selectOption('#ws-place', '1');
  for (const [x, y] of [
    [30, 10],
    [30, 13],
    [17, 17],
  ] as const)
    await clickAt(x, y);
  await checked(page);
  await shot('workshop-error.png');

  // Fixed by a drag, and the building selected (its vertices shown to drag).
  await page.click('#ws-tools [data-tool="select"]');
  const from = await screen(17, 17);
  const to = await screen(26, 17);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await clickAt(15, 15);
  await checked(page);
  await shot('workshop-editing.png');

  // Each ruleset's first built-in, as the workshop shows it.
  const list = (await (await fetch(`${url}/api/workshop/scenarios`)).json()) as WorkshopList;
  const seen = new Set<string>();
  for (const b of list.builtin) {
    if (seen.has(b.ruleset)) continue;
    seen.add(b.ruleset);
    const value = `builtin:${b.ruleset}/${b.id}`;
    await page.selectOption('#ws-open', value);
    await page.click('#ws-open-go');
    await page.waitForSelector(`body[data-doc="${value}"] #ws-svg`);
    await checked(page);
    await shot(`workshop-${b.ruleset}.png`);
  }
} finally {
  await browser.close();
  await app.close();
}
process.stdout.write(`${written.join('\n')}\n`);
