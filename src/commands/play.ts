/** `play`: a person plays one side in the terminal against any agent; `--resume` continues a saved game. */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { readRecord } from '../core/record.js';
import { loadScenario } from '../rules/index.js';
import { PlayGame } from '../play/session.js';
import { playInTerminal } from '../play/terminal.js';
import { EXIT, UsageError, checkWritableFile, fail, parseSeed } from './common.js';
import { resolveAgent } from '../../agents/index.js';
import { isLevelName, levelsOf } from '../core/levels.js';

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

/** The default record file of a new game: results/play-<id>-seed<seed>.jsonl, or -2, -3 … when taken (never overwrite a save). */
export function freshPlayFile(scenarioId: string, seed: number): string {
  const base = join('results', `play-${scenarioId}-seed${seed}`);
  if (!existsSync(`${base}.jsonl`)) return `${base}.jsonl`;
  for (let k = 2; ; k++) if (!existsSync(`${base}-${k}.jsonl`)) return `${base}-${k}.jsonl`;
}

/** Adds the `play` command to the program. */
export function registerPlay(program: Command): void {
  program
    .command('play')
    .description(
      'Play one side yourself, in the terminal, against an agent. Each decision shows the map, the cards, the movement and a numbered list of actions.',
    )
    .option('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file')
    .option('--side <side>', 'the side you play (e.g. pirates)')
    .option(
      '--opponent <level or spec>',
      "the agent playing the other side: a level of the scenario's ruleset (easy, normal, hard, expert: the specs `scenarios --levels` lists), or an agent spec (heuristic, random, greedy, mcts:iterations=500, an agent file)",
      'heuristic',
    )
    .option(
      '--seed <n>',
      'game seed (the deal and the dice; default: a new one each game, printed at the start so the game can be played again)',
      parseSeed,
    )
    .option(
      '--out <file>',
      'where the record is written: a new file (default results/play-<scenario>-seed<seed>.jsonl, or -2, -3 … after it when taken; with --resume, the resumed file)',
    )
    .option('--resume <record>', 'continue a game saved with `save` (scenario, seed, sides and opponent come from the record)')
    .option('--no-map', 'do not draw the map at every decision (the `map` command still draws it)')
    .option('--no-color', 'no colours on the map')
    .addHelpText(
      'after',
      `
At each prompt: a number takes that action; x,y moves the figure deciding now to exact coordinates
(in the table's unit — inches, or centimetres for a centimetre ruleset — where the rules allow free movement); help, map, actions, status <figure>, undo, save [file], quit.

Examples:
  npx tsx src/cli.ts play --scenario supply-raid --side pirates --opponent heuristic
  npx tsx src/cli.ts play --scenario supply-raid --side townsfolk --opponent hard --seed 7
  npx tsx src/cli.ts play --scenario mill-bridge --side royalists --opponent mcts:iterations=500
  npx tsx src/cli.ts play --resume results/play-supply-raid-seed7.jsonl`,
    )
    .action(async (o: PlayCliOptions) => {
      try {
        let game: PlayGame;
        let out: string;
        if (o.resume) {
          if (o.scenario || o.side)
            throw new UsageError('--resume takes the scenario, seed, sides and opponent from the record: give no --scenario or --side');
          game = await PlayGame.resume(readRecord(o.resume), o.resume);
          out = o.out ?? o.resume;
        } else {
          if (!o.scenario)
            throw new UsageError('give --scenario <id or path> (or --resume <record>); e.g. play --scenario supply-raid --side pirates');
          const asked = o.opponent ?? 'heuristic';
          if (!isLevelName(asked)) await resolveAgent(asked); // a bad spec fails before the scenario is compiled
          const sc = loadScenario(o.scenario);
          // A level is the ruleset's own spec; the record keeps the spec, so a resumed game plays the same agent.
          const opponent = isLevelName(asked) ? levelsOf(sc.ruleset)[asked] : asked;
          const sides = sc.ruleset.sides(sc.compiled);
          if (!o.side) throw new UsageError(`give --side: one of ${sides.join(', ')}`);
          if (!sides.includes(o.side)) throw new UsageError(`--side ${o.side}: no such side in ${sc.id} (sides: ${sides.join(', ')})`);
          if (sides.length !== 2) throw new UsageError(`play needs a two-sided scenario; ${sc.id} has ${sides.length} sides`);
          // A fresh deal each game unless --seed is given (the CLI's choice, not the rules': the seed is printed and recorded).
          const seed = o.seed ?? randomInt(1, 1_000_000);
          if (o.out !== undefined && existsSync(o.out)) {
            throw new UsageError(`--out ${o.out}: already holds a game; continue it with play --resume ${o.out}, or choose another --out`);
          }
          out = o.out ?? freshPlayFile(sc.id, seed);
          checkWritableFile(out, `--out ${out}`);
          game = await PlayGame.create(sc, seed, o.side, opponent);
        }
        if (o.resume) checkWritableFile(out, `--out ${out}`);
        let end;
        try {
          end = await playInTerminal(game, {
            input: process.stdin,
            output: process.stdout,
            out,
            showMap: o.map,
            colour: o.color ? undefined : false,
          });
        } finally {
          await game.close();
        }
        // The record could not go where asked (it went to a fallback file, named on screen).
        process.exit(end.saved !== null && end.saved !== out ? EXIT.badInput : EXIT.ok);
      } catch (e) {
        fail(e);
      }
    });
}
