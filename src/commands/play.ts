/** `play`: a person plays one side in the terminal against any agent; `--resume` continues a saved game. */
import type { Command } from 'commander';
import { join } from 'node:path';
import { readRecord } from '../core/record.js';
import { loadScenario } from '../rules/index.js';
import { PlayGame } from '../play/session.js';
import { playInTerminal } from '../play/terminal.js';
import { UsageError, fail, parseSeed } from './common.js';
import { resolveAgent } from '../../agents/index.js';

/** Options of the `play` command. */
interface PlayCliOptions {
  scenario?: string;
  side?: string;
  opponent?: string;
  seed?: number;
  out?: string;
  resume?: string;
  map: boolean;
  color: boolean;
}

/** Adds the `play` command to the program. */
export function registerPlay(program: Command): void {
  program
    .command('play')
    .description('Play one side yourself, in the terminal, against an agent. Each decision shows the map, the cards, the movement and a numbered list of actions.')
    .option('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file')
    .option('--side <side>', 'the side you play (e.g. pirates)')
    .option('--opponent <spec>', 'the agent playing the other side: heuristic, random, greedy, mcts, or an agent file', 'heuristic')
    .option('--seed <n>', 'game seed (the dice)', parseSeed, 1)
    .option('--out <file>', 'where the record is written (default results/play-<scenario>-seed<seed>.jsonl; with --resume, the resumed file)')
    .option('--resume <record>', 'continue a game saved with `save` (scenario, seed, sides and opponent come from the record)')
    .option('--no-map', 'do not draw the map at every decision (the `map` command still draws it)')
    .option('--no-color', 'no colours on the map')
    .addHelpText(
      'after',
      `
At each prompt: a number takes that action; x,y moves the figure deciding now to exact coordinates
(inches, where the rules allow free movement); help, map, actions, status <figure>, undo, save [file], quit.

Examples:
  npx tsx src/cli.ts play --scenario supply-raid --side pirates --opponent heuristic
  npx tsx src/cli.ts play --scenario supply-raid --side townsfolk --opponent mcts --seed 7
  npx tsx src/cli.ts play --resume results/play-supply-raid-seed1.jsonl`,
    )
    .action(async (o: PlayCliOptions) => {
      try {
        let game: PlayGame;
        let out: string;
        if (o.resume) {
          if (o.scenario || o.side) throw new UsageError('--resume takes the scenario, seed, sides and opponent from the record: give no --scenario or --side');
          game = await PlayGame.resume(readRecord(o.resume), o.resume);
          out = o.out ?? o.resume;
        } else {
          if (!o.scenario) throw new UsageError('give --scenario <id or path> (or --resume <record>); e.g. play --scenario supply-raid --side pirates');
          await resolveAgent(o.opponent ?? 'heuristic'); // a bad spec fails before the scenario is compiled
          const sc = loadScenario(o.scenario);
          const sides = sc.ruleset.sides(sc.compiled);
          if (!o.side) throw new UsageError(`give --side: one of ${sides.join(', ')}`);
          if (!sides.includes(o.side)) throw new UsageError(`--side ${o.side}: no such side in ${sc.id} (sides: ${sides.join(', ')})`);
          if (sides.length !== 2) throw new UsageError(`play needs a two-sided scenario; ${sc.id} has ${sides.length} sides`);
          const seed = o.seed ?? 1;
          game = await PlayGame.create(sc, seed, o.side, o.opponent ?? 'heuristic');
          out = o.out ?? join('results', `play-${sc.id}-seed${seed}.jsonl`);
        }
        try {
          await playInTerminal(game, { input: process.stdin, output: process.stdout, out, showMap: o.map, colour: o.color ? undefined : false });
        } finally {
          await game.close();
        }
        process.exit(0);
      } catch (e) {
        fail(e);
      }
    });
}
