/** `replay`: print a record's story; `--verify` re-runs it and compares every line. */
import type { Command } from 'commander';
import { readRecord } from '../core/record.js';
import { stopWords, storyOf, verifyRecord } from '../replay.js';
import { EXIT, fail } from './common.js';

/** Adds the `replay` command to the program. */
export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('Print the story of a recorded game; with --verify, re-run it from its seed and check every line.')
    .argument('<file>', "a record (JSON Lines, plain or .gz) written by `run`, `play`, `serve` or a run folder's records/")
    .option(
      '--verify',
      "re-run the game from the seed and decisions; exit 1 and name the first differing line on a mismatch (a game that stopped without a result — an agent's error, a time limit, a resignation — is checked up to its stop line)",
    )
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
        if (!o.quiet) {
          process.stdout.write(`${storyOf(lines, file, o.why).join('\n')}\n`);
          if (o.why && !lines.some((l) => l.t === 'decision' && l.why !== undefined)) {
            process.stdout.write(
              "(This record holds no agents' explanations: they are kept by `run --explain`, and by `play` and `serve` for the AI's decisions.)\n",
            );
          }
        }
        if (o.verify) {
          const v = verifyRecord(lines, file);
          if (!v.ok) {
            process.stderr.write(`verify FAILED: ${file}: ${v.message}\n`);
            process.exitCode = EXIT.failed;
            return;
          }
          if (v.stopped) {
            process.stdout.write(
              `verified: ${file} — ${v.decisions} decisions replayed, every line identical up to where play stopped without a result (${stopWords(v.stopped)}); state hash there ${v.hash}\n`,
            );
          } else
            process.stdout.write(`verified: ${file} — ${v.decisions} decisions replayed, every line identical, final hash ${v.hash}\n`);
        }
      } catch (e) {
        fail(e);
      }
    });
}
