/**
 * Screenshots of the web app (`serve`) for issue 41's "a readable table": each ruleset's first
 * built-in scenario (every built-in scenario with --all) at 390×844 (a phone), 800×600 and
 * 1400×900, in Debian's headless Chromium driven by playwright-core (as test/serve/browser.test.ts).
 * The person plays the first side against the heuristic (seed 3) and the shot is taken at their
 * first decision, with the decision's controls on the table. Beside each shot it measures the
 * table's width on the screen (its share of the window's) and the smallest label drawn on the
 * table (px), how many figures show their kind's letter and the least base-to-letter ratio drawn,
 * and the bands' tags, and writes them to <out>/index.md. A hand-run tool, not a test.
 *
 *   npx tsx bench/screenshots.ts                      # results/screenshots/<ruleset>-<w>x<h>.png
 *   npx tsx bench/screenshots.ts --all --out results/screenshots-all
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../test/helpers/browser.js';
import { buildApp } from '../src/serve/app.js';
import type { SetupAnswer } from '../src/serve/protocol.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const out = resolve(arg('out') ?? 'results/screenshots');
const all = process.argv.includes('--all');
const SIZES: [number, number][] = [
  [390, 844],
  [800, 600],
  [1400, 900],
];

/** In the page: the table's width on the screen, the window's, and the smallest table label (px; the overlay's controls not counted). */
const MEASURE = `(() => {
  const svg = document.querySelector('#board svg');
  const table = document.querySelector('#board svg rect.tbl');
  const scale = svg.getScreenCTM()?.a ?? 0;
  let min = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim() || t.closest('#ov') || t.getBoundingClientRect().width === 0) continue;
    min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  // Letters on bases (src/web/tablefit.ts): how many show of the figures standing, and the smallest
  // base drawn across, as a multiple of its letter's size; the bands' tags.
  let live = 0, shown = 0, worst = Infinity;
  for (const g of svg.querySelectorAll('.fig[data-glyph]')) {
    if (/\b(st-dead|off)\b/.test(g.getAttribute('class') ?? '')) continue;
    live++;
    const t = g.querySelector('.glyph');
    const b = g.querySelector('.base');
    if (!t || !b || t.style.display === 'none' || t.getBoundingClientRect().width === 0) continue;
    shown++;
    const r = b.getBoundingClientRect();
    worst = Math.min(worst, Math.min(r.width, r.height) / (parseFloat(getComputedStyle(t).fontSize) * scale));
  }
  const tags = svg.querySelectorAll('#bandtags text').length;
  return { table: table.getBoundingClientRect().width, width: innerWidth, minLabel: min, live, shown, worst, tags };
})()`;

mkdirSync(out, { recursive: true });
const app = await buildApp({ saves: mkdtempSync(join(tmpdir(), 'skirmish-shots-saves-')), loopbackOnly: true });
const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
const ctx = await launchChromium();
const lines: string[] = [
  '# Screenshots of `serve` (issue 41)',
  '',
  `Made by \`npx tsx bench/screenshots.ts${all ? ' --all' : ''}\`: the first side against the heuristic, seed 3, at the person's first decision.`,
  '',
  '| scenario | screen | file | table width | share of the window | smallest label | letters shown | base ÷ letter (least) | band tags |',
  '|---|---|---|---|---|---|---|---|---|',
];
try {
  const setup = (await (await ctx.request.get(`${url}api/setup`)).json()) as SetupAnswer;
  const seen = new Set<string>();
  const chosen = setup.scenarios.filter((s) => {
    if (all) return true;
    if (seen.has(s.ruleset)) return false;
    seen.add(s.ruleset);
    return true;
  });
  for (const sc of chosen) {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(url);
    await page.waitForSelector('body[data-state="setup"]');
    await page.selectOption('#scenario', sc.id);
    await page.selectOption('#side', sc.sides[0].id);
    await page.selectOption('#opponent', 'normal');
    await page.fill('#seed', '3');
    await page.click('#start');
    await page.waitForSelector('#game:not([hidden])');
    // The briefing opens at Start: one click closes it (the screenshots are of the table).
    await page.click('#help:not([hidden]) #help-close');
    await page.selectOption('#speed', '0');
    await page.waitForSelector('body[data-state="you"], body[data-state="over"]', { timeout: 120_000 });
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      const m = (await page.evaluate(MEASURE)) as {
        table: number;
        width: number;
        minLabel: number;
        live: number;
        shown: number;
        worst: number;
        tags: number;
      };
      const name = `${all ? sc.id.replace('/', '--') : sc.ruleset}-${w}x${h}.png`;
      await page.screenshot({ path: join(out, name), fullPage: w === 390 });
      const row = `| ${sc.id} | ${w}×${h} | ${name} | ${Math.round(m.table)} px | ${((100 * m.table) / m.width).toFixed(0)}% | ${m.minLabel.toFixed(1)} px | ${m.shown} of ${m.live} | ${m.shown > 0 ? m.worst.toFixed(2) : '–'} | ${m.tags} |`;
      lines.push(row);
      process.stdout.write(`${row}\n`);
    }
    await page.close();
  }
} finally {
  await ctx.close();
  await app.close();
}
writeFileSync(join(out, 'index.md'), `${lines.join('\n')}\n`);
process.stdout.write(`wrote ${out}/index.md\n`);
