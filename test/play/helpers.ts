/**
 * Driving `play` from tests: scripted input streams (a file, or answers computed at each prompt),
 * the output collected as text, and the answers a heuristic player would give.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { GameSession, type LoadedScenario } from '../../src/core/game.js';
import type { Json, SideId } from '../../src/core/model.js';
import { PlayGame } from '../../src/play/session.js';
import { playInTerminal, type PlayEnd } from '../../src/play/terminal.js';
import { playSpecs } from '../helpers/games.js';

/** What a driven session left behind. */
export interface Driven {
  end: PlayEnd;
  /** Everything written to the output. */
  text: string;
  game: PlayGame;
}

/** A prompt written by `play` (the decision prompt or a yes/no question). */
export const PROMPT = /(\[\d+-\d+\]> |\[y\/n\] )$/;

/** Output that collects text and calls `onPrompt` whenever a prompt has been written. */
function collector(onPrompt: (prompt: string) => void): { stream: Writable; text: () => string } {
  const parts: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      const s = chunk.toString();
      parts.push(s);
      if (PROMPT.test(s)) onPrompt(s);
      cb();
    },
  });
  return { stream, text: () => parts.join('') };
}

/** Play with input read from `input` (a scripted file or stream); `orders` as `play`'s (default here: each figure, as the scripts answer every decision). */
export async function driveStream(
  game: PlayGame,
  input: Readable,
  out: string,
  showMap = false,
  orders: 'band' | 'figure' = 'figure',
): Promise<Driven> {
  const c = collector(() => {});
  const end = await playInTerminal(game, { input, output: c.stream, out, tty: false, colour: false, showMap, orders });
  return { end, text: c.text(), game };
}

/** Play with a scripted input file. */
export async function driveFile(
  game: PlayGame,
  file: string,
  out: string,
  showMap = false,
  orders: 'band' | 'figure' = 'figure',
): Promise<Driven> {
  return driveStream(game, createReadStream(file, { encoding: 'utf8' }), out, showMap, orders);
}

/**
 * Play answering each prompt with `answer(prompt, game)`; null ends the input (as at the end of a
 * file). Lets a test steer by the state it sees.
 */
export async function driveAnswers(
  game: PlayGame,
  answer: (prompt: string, game: PlayGame) => string | null,
  out: string,
  showMap = false,
  orders: 'band' | 'figure' = 'figure',
): Promise<Driven> {
  const input = new PassThrough();
  const c = collector((p) => {
    const a = answer(p, game);
    if (a === null) input.end();
    else input.write(`${a}\n`);
  });
  const end = await playInTerminal(game, { input, output: c.stream, out, tty: false, colour: false, showMap, orders });
  return { end, text: c.text(), game };
}

/**
 * A heuristic-vs-heuristic game, and the answers (1-based action numbers) the person playing
 * `side` would type to make the same game.
 */
export function heuristicScript(sc: LoadedScenario, seed: number, side: SideId): { lines: string[]; answers: string[] } {
  const sides = sc.ruleset.sides(sc.compiled);
  const specs: Record<SideId, string> = Object.fromEntries(sides.map((s) => [s, 'heuristic']));
  const lines = playSpecs(sc, seed, specs, true).lines as string[];
  const g = new GameSession(sc, seed, specs);
  const answers: string[] = [];
  for (const l of lines) {
    const d = JSON.parse(l) as { t: string; side?: SideId; action?: Json };
    if (d.t !== 'decision') continue;
    if (d.side === side) {
      const key = sc.ruleset.actionKey(d.action as Json);
      answers.push(String(g.legal().findIndex((a) => sc.ruleset.actionKey(a) === key) + 1));
    }
    g.submit(d.action as Json);
  }
  return { lines, answers };
}

/** Write answer lines to a file (one a line). */
export function writeScript(file: string, answers: string[]): string {
  writeFileSync(file, `${answers.join('\n')}\n`);
  return file;
}

/** Record lines without the header's agents and decisions' `why` (what two plays of one game share). */
export function comparableRecord(lines: string[]): string[] {
  return lines.map((l) => {
    const v = JSON.parse(l) as Record<string, unknown>;
    if (v.t === 'header') delete v.agents;
    if (v.t === 'decision') delete v.why;
    return JSON.stringify(v);
  });
}
