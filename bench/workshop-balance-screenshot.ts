/**
 * A screenshot of the scenario workshop's balance report (issue 44 item 3): `serve --scenarios`
 * on a fresh folder, the workshop page (/workshop) in Debian's headless Chromium driven by
 * playwright-core (as test/serve/workshop-balance-browser.test.ts), a built-in scenario opened,
 * "test balance" run with the agents, games and seed given here, and the page shot once the report
 * is in, with the heat map of where figures fall drawn on the table and the side panel scrolled to
 * the report. Prints the PNG's path and the job's command (the same games on the command line). A
 * hand-run tool, not a test.
 *
 *   npx tsx bench/workshop-balance-screenshot.ts      # results/screenshots/workshop-balance.png
 *   npx tsx bench/workshop-balance-screenshot.ts --scenario builtin:pig-wars/farmstead-raid --games 40 --seed 1 \
 *     --agent vikings=heuristic --agent saxons=heuristic --out results/screenshots
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../test/helpers/browser.js';
import { buildApp } from '../src/serve/app.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
function args(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === `--${name}` && i + 1 < process.argv.length ? [process.argv[i + 1]] : []));
}

const out = resolve(arg('out') ?? 'results/screenshots');
const scenario = arg('scenario') ?? 'builtin:pig-wars/farmstead-raid';
const games = arg('games') ?? '40';
const seed = arg('seed') ?? '1';
const agents = args('agent').map((a) => a.split('=', 2) as [string, string]);

mkdirSync(out, { recursive: true });
const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-shots-'));
mkdirSync(join(root, 'scenarios'));
const app = await buildApp({
  saves: join(root, 'saves'),
  loopbackOnly: true,
  workshop: { scenarios: join(root, 'scenarios'), runs: join(root, 'runs') },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const ctx = await launchChromium();
try {
  const page = await ctx.newPage();
  await page.goto(`${url}/workshop`);
  await page.waitForSelector('body[data-state="ready"]');
  await page.selectOption('#ws-open', scenario);
  await page.click('#ws-open-go');
  await page.waitForSelector('#ws-table svg');
  await page.waitForSelector('#wsb-agents input[data-side]');
  for (const [side, spec] of agents) await page.fill(`#wsb-agents input[data-side="${side}"]`, spec);
  await page.fill('#wsb-games', games);
  await page.fill('#wsb-seed', seed);
  await page.click('#wsb-test');
  await page.waitForSelector('#ws-balance[data-job="done"]', { timeout: 600_000 });
  // The side panel scrolled so that the report shows beside the table.
  await page.evaluate(`document.querySelector('#wsb-progress').scrollIntoView({ block: 'start' })`);
  const file = join(out, 'workshop-balance.png');
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n${await page.textContent('#wsb-command')}\n${await page.textContent('#wsb-progress')}\n`);
} finally {
  await ctx.close();
  await app.close();
}
