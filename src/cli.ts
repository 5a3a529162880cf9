#!/usr/bin/env node
/**
 * The command line: `skirmish <command>` (built) or `npx tsx src/cli.ts <command>` (development).
 * Each command lives in src/commands/<name>.ts and registers itself here.
 * Exit codes (src/commands/common.ts EXIT; the README lists them): 0 success; 1 a failed check (or
 * batches that failed on a `--queue`); 2 bad input (a file, a spec, an option, an unwritable output);
 * 3 an internal error; 130 Ctrl-C.
 */
import { Command } from 'commander';
import { BUILTIN_AGENTS } from '../agents/index.js';
import { fail, tolerateClosedPipes } from './commands/common.js';
import { registerRun } from './commands/run.js';
import { registerReplay } from './commands/replay.js';
import { registerScenarios } from './commands/scenarios.js';
import { registerFitEval } from './commands/fit-eval.js';
import { registerTournament } from './commands/tournament.js';
import { registerStress } from './commands/stress.js';
import { registerTune } from './commands/tune.js';
import { registerPlay } from './commands/play.js';
import { registerRender } from './commands/render.js';
import { registerWorker } from './commands/worker.js';
import { rerunOutsideTsxRelay, underTsxCli } from './commands/interrupt.js';
import { registerServe } from './commands/serve.js';

tolerateClosedPipes();

// Long runs keep their Ctrl-C under `npx tsx src/cli.ts …` too (tsx's relay would kill them; see interrupt.ts).
const LONG_RUNS = ['tournament', 'stress', 'worker'];
if (underTsxCli() && LONG_RUNS.includes(process.argv[2] ?? '')) await rerunOutsideTsxRelay();

const program = new Command();
program
  .name('skirmish')
  .description('Headless simulator for tabletop skirmish wargames: play games between AI agents, verify records, list scenarios.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  // Bad input (an unknown option, a value that does not parse) exits 2, as every other bad input does.
  .exitOverride((err) => {
    process.exit(err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2);
  })
  .addHelpText(
    'after',
    `
Examples:
  npx tsx src/cli.ts run --scenario supply-raid --seed 7 --agent pirates=heuristic --agent townsfolk=random
  npx tsx src/cli.ts replay results/supply-raid-seed7.jsonl --verify
  npx tsx src/cli.ts scenarios

Agents: ${Object.entries(BUILTIN_AGENTS)
      .map(([n, a]) => `${n} (${a.description})`)
      .join('; ')}; or a path to your own agent module (default export: (ctx) => agent; see src/core/agent.ts).`,
  );

// One line per command module.
registerRun(program);
registerReplay(program);
registerScenarios(program);
registerFitEval(program);
registerTournament(program);
registerStress(program);
registerTune(program);
registerPlay(program);
registerRender(program);
registerServe(program);
registerWorker(program);

program.parseAsync(process.argv).catch(fail);
