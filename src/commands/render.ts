/**
 * `render`: a record as one self-contained HTML player, or one still frame as an SVG file; or, with
 * `--scenario`, a scenario file's table as its ruleset sets it up (a preview, no game played).
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { readRecord } from '../core/record.js';
import { recordFrames } from '../render/frames.js';
import { frameToSvg, framesToHtml } from '../render/html.js';
import { scenarioFrames } from '../render/preview.js';
import { loadScenario } from '../rules/index.js';
import { UsageError, checkWritableFile, fail, parseSeed, wholeNumber } from './common.js';
import { writeAtomic } from '../core/files.js';

/** Options of `render`. */
interface RenderOptions {
  out?: string;
  svg?: string;
  step?: string;
  scenario?: string;
  seed?: number;
}

/**
 * `render --scenario`: the scenario's setup as HTML (default `<file>.html` beside a file, or
 * `<id>.html` here for a built-in id) and/or as an SVG file.
 */
function renderScenario(name: string, o: RenderOptions): void {
  if (o.step !== undefined) throw new UsageError('--step goes with a record; a scenario preview has only its setup (step 0)');
  const seed = o.seed ?? 1;
  const isFile = /\.json$/i.test(name);
  const html = o.out ?? (o.svg ? undefined : isFile ? name.replace(/\.json$/i, '.html') : `${basename(name.replace(/\//g, '-'))}.html`);
  if (o.svg) checkWritableFile(o.svg, `--svg ${o.svg}`);
  if (html) checkWritableFile(html, o.out ? `--out ${html}` : `${html} (the default --out)`);
  const sc = loadScenario(name); // a file or a built-in id; a bad file is a ScenarioError (exit 2) naming the JSON path
  const rf = scenarioFrames(sc, name, seed);
  const what = `${rf.frames[0].scene.figures.length} figures, ${rf.frames[0].scene.areas.length} areas`;
  if (o.svg) {
    writeAtomic(o.svg, frameToSvg(rf, 0));
    process.stdout.write(`wrote ${o.svg} (the setup of ${sc.id}: ${what})\n`);
  }
  if (html) {
    writeAtomic(html, framesToHtml(rf));
    process.stdout.write(`wrote ${html} (the setup of ${sc.id}: ${what}; open it in a browser)\n`);
  }
}

function parseStep(v: string): number | 'last' {
  if (v === 'last') return 'last';
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new UsageError(`--step ${v}: expected a whole number ≥ 0 (0 is the setup, n the state after decision n) or "last"`);
  return n;
}

/** Adds the `render` command to the program. */
export function registerRender(program: Command): void {
  program
    .command('render')
    .description(
      'Draw a recorded game: one HTML file (no network) with the table as SVG, step buttons, a slider and the event log; or one step as an SVG file. With --scenario instead of a record: preview a scenario file, its table as the ruleset sets it up before the first decision.',
    )
    .argument(
      '[record]',
      "one record (JSON Lines, plain or gzip-compressed) written by `run`, `play` or `serve`, or one of a run folder's records/ (or --scenario instead)",
    )
    .option(
      '--scenario <file or id>',
      'preview a scenario file (or a built-in scenario id) instead of a record: terrain, objectives, figures where they deploy',
    )
    .option(
      '--seed <n>',
      'with --scenario: the game seed of the setup, for what it deals by chance (first cards, dice; default 1)',
      parseSeed,
    )
    .option('--out <file>', 'the HTML file to write (default: the record, or the scenario file, with .html)')
    .option('--svg <file>', 'write the still frame of --step as an SVG file (then no HTML unless --out is given)')
    .option('--step <n>', 'the step for --svg: 0 is the setup, n the table after decision n, or "last" (default)')
    .addHelpText(
      'after',
      `
A scenario preview checks the file as \`validate\` does first (a file that is not valid is refused
with its JSON path, exit 2), then draws the table after the ruleset's setup: look at it while you
edit the file, before \`stress\` plays it.

Examples:
  npx tsx src/cli.ts render results/supply-raid-seed7.jsonl                       # results/supply-raid-seed7.html
  npx tsx src/cli.ts render results/supply-raid-seed7.jsonl --svg turn.svg --step 120
  npx tsx src/cli.ts render --scenario my-raid.json                               # my-raid.html: the setup, in a browser
  npx tsx src/cli.ts render --scenario my-raid.json --svg my-raid.svg             # the setup as one SVG file`,
    )
    .action((file: string | undefined, o: RenderOptions) => {
      try {
        if (o.scenario !== undefined) {
          if (file !== undefined) throw new UsageError(`give a record or --scenario, not both (got ${file} and --scenario ${o.scenario})`);
          renderScenario(o.scenario, o);
          return;
        }
        if (file === undefined) throw new UsageError('give a record to draw, or --scenario <file> to preview a scenario');
        if (o.seed !== undefined) throw new UsageError('--seed goes with --scenario; a record has its own seed');
        const step = parseStep(o.step ?? 'last');
        const lines = readRecord(file);
        const html = o.out ?? (o.svg ? undefined : `${file.replace(/\.jsonl?(\.gz)?$/i, '')}.html`);
        if (o.svg) checkWritableFile(o.svg, `--svg ${o.svg}`);
        if (html) checkWritableFile(html, o.out ? `--out ${html}` : `${html} (the default --out)`);
        if (o.svg) {
          const decisions = lines.filter((l) => l.t === 'decision').length;
          const k = step === 'last' ? decisions : step;
          if (k > decisions) throw new UsageError(`--step ${k}: the record has ${decisions} decisions (steps 0 to ${decisions})`);
          const rf = recordFrames(lines, file, k);
          writeAtomic(o.svg, frameToSvg(rf, k));
          process.stdout.write(`wrote ${o.svg} (step ${k} of ${decisions})\n`);
        }
        if (html) {
          const rf = recordFrames(lines, file);
          writeAtomic(html, framesToHtml(rf));
          process.stdout.write(
            `wrote ${html} (${rf.frames.length - 1} decisions; open it in a browser: ← → step, PageUp/PageDown by turn)\n`,
          );
        }
      } catch (e) {
        fail(e);
      }
    });
}
