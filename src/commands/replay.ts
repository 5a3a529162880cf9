/** `replay`: print a record's story; `--verify` re-runs it and compares every line. */
import type { Command } from 'commander';
import { readRecord } from '../core/record.js';
import { storyOf, verifyRecord } from '../replay.js';
import { fail } from './common.js';

/** Adds the `replay` command to the program. */
export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('Print the story of a recorded game; with --verify, re-run it from its seed and check every line.')
    .argument('<file>', 'a record written by `run` (JSON Lines)')
    .option('--verify', 're-run the game from the seed and decisions; exit 1 and name the first differing line on a mismatch')
    .option('--quiet', 'do not print the story')
    .option('--why', "show agents' recorded explanations in the story")
    .addHelpText(
      'after',
      `
Example:
  npx tsx src/cli.ts replay results/supply-raid-seed7.jsonl --verify`,
    )
    .action((file: string, o: { verify?: boolean; quiet?: boolean; why?: boolean }) => {
      try {
        const lines = readRecord(file);
        if (!o.quiet) process.stdout.write(`${storyOf(lines, file, o.why).join('\n')}\n`);
        if (o.verify) {
          const v = verifyRecord(lines, file);
          if (!v.ok) {
            process.stderr.write(`verify FAILED: ${file}: ${v.message}\n`);
            process.exit(1);
          }
          process.stdout.write(`verified: ${file} — ${v.decisions} decisions replayed, every line identical, final hash ${v.hash}\n`);
        }
      } catch (e) {
        fail(e);
      }
    });
}
