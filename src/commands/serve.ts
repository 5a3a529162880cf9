/** `serve`: play against the AI in a browser — a local web app (src/serve/, src/web/). */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { buildApp, DEFAULT_SAVES } from '../serve/app.js';
import { UsageError, fail } from './common.js';

/** Options of the `serve` command. */
interface ServeCliOptions {
  port: number;
  host: string;
  saves: string;
  maxGames: number;
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number 0–65535 (0: any free port)');
  return n;
}

function parseGames(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('expected a whole number 1–256');
  return n;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Adds the `serve` command to the program. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Play against the AI in your browser: starts a local web app and prints its address.')
    .option('--port <n>', 'the port to listen on (0: any free port)', parsePort, 8080)
    .option('--host <address>', 'the address to listen on; anything but loopback lets other machines play (and see your games)', '127.0.0.1')
    .option('--saves <dir>', 'the one folder games are saved to and loaded from', DEFAULT_SAVES)
    .option('--max-games <n>', 'most games open at once (each runs on its own thread)', parseGames, 16)
    .addHelpText(
      'after',
      `
Open the address it prints. Pick a scenario, your side and an opponent (easy = the script with
one decision in five at random, normal = the script, hard = mcts:iterations=150 — steps measured in
docs/agents.md — or any built-in agent), then play:
click a figure to see its reach and its actions, click an action or a numbered mark on the table.
Ctrl-C stops the server (save first: open games live in its memory).

Examples:
  npx tsx src/cli.ts serve
  npx tsx src/cli.ts serve --port 9000 --saves ~/skirmish-saves`,
    )
    .action(async (o: ServeCliOptions) => {
      try {
        const loopback = LOOPBACK.has(o.host);
        if (o.host.trim() === '') throw new UsageError('--host needs an address');
        const app = await buildApp({ saves: o.saves, maxGames: o.maxGames, loopbackOnly: loopback });
        let address: string;
        try {
          address = await app.listen({ port: o.port, host: o.host });
        } catch (e) {
          throw new UsageError(`cannot listen on ${o.host}:${o.port}: ${e instanceof Error ? e.message : String(e)}`);
        }
        process.stdout.write(`serving on ${address}/  (saves in ${o.saves}; Ctrl-C stops)\n`);
        if (!loopback) process.stderr.write(`warning: listening on ${o.host}: other machines can reach this app\n`);
        const stop = (): void => {
          process.stdout.write('stopping…\n');
          void app.close().then(() => process.exit(130));
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (e) {
        fail(e);
      }
    });
}
