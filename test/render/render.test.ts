/**
 * `render` (issue 5): a record becomes one self-contained HTML player and still SVG frames. The
 * HTML is opened in headless Chromium (Debian's chromium, driven by playwright-core), stepped
 * forward and back with its buttons, slider and keys, and at each step what is drawn is checked
 * against the state at that step (computed here independently), with no console errors and no
 * request other than the file itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { haveBrowser, launchChromium } from '../helpers/browser.js';
import { GameSession } from '../../src/core/game.js';
import { readRecord } from '../../src/core/record.js';
import type { GameEvent, Json } from '../../src/core/model.js';
import type { Scene } from '../../src/core/scene.js';
import { loadScenario } from '../../src/rules/index.js';
import { recordFrames } from '../../src/render/frames.js';
import { frameToSvg, framesToHtml } from '../../src/render/html.js';
import { playSpecs } from '../helpers/games.js';

/** The little of the DOM the page checks use (the project compiles without the DOM library). */
interface DomEl {
  getAttribute(name: string): string | null;
  querySelector(sel: string): DomEl | null;
  textContent: string | null;
}
declare const document: {
  querySelectorAll(sel: string): Iterable<DomEl>;
  getElementById(id: string): DomEl | null;
  body: { dataset: Record<string, string | undefined> };
};

const dir = mkdtempSync(join(tmpdir(), 'skirmish-render-'));
const sc = loadScenario('supply-raid');
const SEED = 2;
const recordFile = join(dir, 'game.jsonl');
const lines = playSpecs(sc, SEED, { pirates: 'heuristic', townsfolk: 'random' }, true).lines as string[];
writeFileSync(recordFile, `${lines.join('\n')}\n`);

/** The state's scene and the step's story lines after each decision, computed without the renderer. */
function expected(): { scenes: Scene[]; story: string[][] } {
  const r = sc.ruleset;
  const story: string[][] = [[]];
  const g = new GameSession(
    sc,
    SEED,
    {},
    {
      onEvent: (e: GameEvent) => {
        const t = r.describeEvent(sc.compiled, e);
        if (t !== null) story[story.length - 1].push(t.trim());
      },
    },
  );
  const scenes: Scene[] = [r.view!.scene(g.state)];
  for (const l of lines) {
    const d = JSON.parse(l) as { t: string; action?: Json };
    if (d.t !== 'decision') continue;
    story.push([]);
    g.submit(d.action as Json);
    scenes.push(r.view!.scene(g.state));
  }
  return { scenes, story };
}

describe('render: frames and still SVG', () => {
  it('captures one frame per decision plus the setup; a still frame is an SVG of that step', () => {
    const rf = recordFrames(readRecord(recordFile), recordFile);
    const { scenes, story } = expected();
    expect(rf.frames.length).toBe(scenes.length);
    for (const k of [0, 1, 100, scenes.length - 1]) {
      expect(rf.frames[k].scene).toEqual(scenes[k]);
      const [a, b] = rf.frames[k].log;
      expect(
        rf.log
          .slice(a, b)
          .filter((l) => l.kind !== 'decision')
          .map((l) => l.text),
      ).toEqual(story[k]);
    }
    const k = 100;
    const svg = frameToSvg(rf, k);
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    for (const f of scenes[k].figures) {
      expect(svg).toContain(`id="f-${f.id}"`);
      expect(svg).toMatch(
        new RegExp(`id="f-${f.id}"[^>]*transform="translate\\(${Math.round(f.x * 100) / 100} ${Math.round(f.y * 100) / 100}\\)"`),
      );
    }
    expect(svg).toContain(scenes[k].caption.replace(/&/g, '&amp;'));
  });

  it('the CLI writes the HTML and an SVG frame, and refuses a record that does not replay', () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { encoding: 'utf8' });
    const html = join(dir, 'cli.html');
    const svg = join(dir, 'cli.svg');
    const a = cli('render', recordFile, '--out', html, '--svg', svg, '--step', '5');
    expect(a.status, a.stderr).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readFileSync(svg, 'utf8')).toContain('<svg');
    expect(cli('render', recordFile, '--svg', svg, '--step', '999999').status).toBe(2);
    const changed = readFileSync(recordFile, 'utf8').replace(/"action":\{"k":"pass"\}/, '"action":{"k":"band","b":99}');
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, changed);
    const b = cli('render', bad, '--out', join(dir, 'bad.html'));
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/does not replay/);
    expect(existsSync(join(dir, 'bad.html'))).toBe(false);
  });
});

describe.skipIf(!haveBrowser)('render: the HTML player in headless Chromium', () => {
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const requests: string[] = [];
  const htmlFile = join(dir, 'game.html');

  beforeAll(async () => {
    writeFileSync(htmlFile, framesToHtml(recordFrames(readRecord(recordFile), recordFile)));
    ctx = await launchChromium();
    page = await ctx.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(htmlFile).href);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** What the page draws now: each figure's position, class and band label, the step, the lit log. */
  async function drawn(): Promise<{
    step: number;
    label: string;
    caption: string;
    figs: { id: string; x: number; y: number; cls: string; band: string }[];
    lit: string[];
  }> {
    return page.evaluate(() => {
      const figs = [...document.querySelectorAll('#table g.fig')].map((g) => {
        const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute('transform') ?? '') ?? ['', 'NaN', 'NaN'];
        return {
          id: g.getAttribute('data-id') ?? '',
          x: Number(m[1]),
          y: Number(m[2]),
          cls: g.getAttribute('class') ?? '',
          band: g.querySelector('.band')?.textContent ?? '',
        };
      });
      return {
        step: Number(document.body.dataset.step),
        label: document.getElementById('step-label')?.textContent ?? '',
        caption: document.getElementById('caption')?.textContent ?? '',
        figs,
        lit: [...document.querySelectorAll('#log li.now:not(.k-decision)')].map((li) => li.textContent ?? ''),
      };
    });
  }

  it('steps forward and back (buttons, slider, keys); what is drawn matches the state at each step', async () => {
    const { scenes, story } = expected();
    const last = scenes.length - 1;
    const check = async (k: number): Promise<void> => {
      const d = await drawn();
      expect(d.step).toBe(k);
      expect(d.label).toContain(`Step ${k} of ${last}`);
      const s = scenes[k];
      expect(d.caption).toBe(s.caption);
      expect(d.figs.map((f) => f.id)).toEqual(s.figures.map((f) => f.id));
      s.figures.forEach((f, i) => {
        const got = d.figs[i];
        const cls = got.cls.split(' ');
        expect(Math.abs(got.x - f.x), `${f.id} x at step ${k}`).toBeLessThan(0.006);
        expect(Math.abs(got.y - f.y), `${f.id} y at step ${k}`).toBeLessThan(0.006);
        expect(cls, `${f.id} status at step ${k}`).toContain(`st-${f.status}`);
        expect(cls.includes('off'), `${f.id} on the table at step ${k}`).toBe(!f.onTable);
        expect(cls.includes('hl'), `${f.id} highlighted at step ${k}`).toBe(f.highlighted);
        expect(cls.includes('cur'), `${f.id} deciding at step ${k}`).toBe(f.current);
        expect(got.band, `${f.id} band at step ${k}`).toBe(f.band ?? '');
      });
      expect(d.lit).toEqual(story[k]);
    };
    await check(0);
    // Forward with the button, one step at a time.
    for (let k = 1; k <= 12; k++) {
      await page.click('#btn-next');
      await check(k);
    }
    // Back with the button.
    for (let k = 11; k >= 8; k--) {
      await page.click('#btn-prev');
      await check(k);
    }
    // The slider, far forward and back.
    for (const k of [Math.floor(last / 2), last - 3, 40]) {
      await page.locator('#slider').fill(String(k));
      await check(k);
    }
    // Keys.
    await page.keyboard.press('ArrowRight');
    await check(41);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await check(39);
    await page.keyboard.press('End');
    await check(last);
    await page.click('#btn-next'); // past the end stays at the end
    await check(last);
    // A whole turn forward: the step begins a turn.
    await page.click('#btn-first');
    await check(0);
    await page.click('#btn-next-turn');
    const t = (await drawn()).step;
    expect(t).toBeGreaterThan(0);
    await check(t);
    expect(story[t].some((l) => /^── Turn 2 ──$/.test(l))).toBe(true);
    await page.keyboard.press('Home');
    await check(0);
    await page.screenshot({ path: join(dir, 'frame.png') });
    expect(errors).toEqual([]);
    expect(requests.every((u) => u === pathToFileURL(htmlFile).href)).toBe(true);
  });
});
