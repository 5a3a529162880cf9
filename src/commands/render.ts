/** `render`: a record as one self-contained HTML player, or one still frame as an SVG file. */
import type { Command } from 'commander';
import { readRecord } from '../core/record.js';
import { recordFrames } from '../render/frames.js';
import { frameToSvg, framesToHtml } from '../render/html.js';
import { UsageError, checkWritableFile, fail, wholeNumber } from './common.js';
import { writeAtomic } from '../core/files.js';

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
      'Draw a recorded game: one HTML file (no network) with the table as SVG, step buttons, a slider and the event log; or one step as an SVG file.',
    )
    .argument(
      '<record>',
      "one record (JSON Lines, plain or gzip-compressed) written by `run`, `play` or `serve`, or one of a run folder's records/",
    )
    .option('--out <file>', 'the HTML file to write (default: the record with .html)')
    .option('--svg <file>', 'write the still frame of --step as an SVG file (then no HTML unless --out is given)')
    .option('--step <n>', 'the step for --svg: 0 is the setup, n the table after decision n, or "last"', 'last')
    .addHelpText(
      'after',
      `
Examples:
  npx tsx src/cli.ts render results/supply-raid-seed7.jsonl                       # results/supply-raid-seed7.html
  npx tsx src/cli.ts render results/supply-raid-seed7.jsonl --svg turn.svg --step 120`,
    )
    .action((file: string, o: { out?: string; svg?: string; step: string }) => {
      try {
        const step = parseStep(o.step);
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
