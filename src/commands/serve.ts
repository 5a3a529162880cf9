/** `serve`: play against the AI in a browser — a local web app (src/serve/, src/web/). */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { buildApp, DEFAULT_SAVES } from '../serve/app.js';
import { DEFAULT_WORKSHOP_RUNS } from '../serve/workshop.js';
import { AGENT_OPPONENTS, OPPONENT_NAME } from '../serve/protocol.js';
import { LEVEL_NAMES } from '../core/levels.js';
import { resolveAgent } from '../../agents/index.js';
import { UsageError, checkWritableDir, collect, fail, wholeNumber } from './common.js';

/** Options of the `serve` command. */
interface ServeCliOptions {
  port: number;
  host: string;
  saves: string;
  maxGames: number;
  opponent: string[];
  scenarios?: string;
  workshopRuns: string;
  workers?: number;
}

/**
 * `--opponent name=spec` settings as the setup page's further opponents: each name of the form
 * {@link OPPONENT_NAME} and not a level's, each spec one `resolveAgent` takes (checked now, so a bad
 * one stops the server before it listens).
 */
export async function parseOpponents(given: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const g of given) {
    const eq = g.indexOf('=');
    const name = eq > 0 ? g.slice(0, eq) : '';
    if (!OPPONENT_NAME.test(name))
      throw new UsageError(
        `--opponent ${g}: expected <name>=<agent spec> with a name of lower-case letters, digits and dashes, e.g. --opponent "mine=exec:python3 my_agent.py"`,
      );
    const taken = [...LEVEL_NAMES, ...Object.keys(AGENT_OPPONENTS)];
    if (taken.includes(name) || name in out)
      throw new UsageError(`--opponent ${g}: the name "${name}" is taken (taken: ${taken.join(', ')})`);
    out[name] = (await resolveAgent(g.slice(eq + 1))).spec;
  }
  return out;
}

function parsePort(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number 0–65535 (0: any free port)');
  return n;
}

function parseWorkersOption(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('expected a whole number 1–256');
  return n;
}

function parseGames(v: string): number {
  const n = wholeNumber(v);
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
    .option(
      '--host <address>',
      'the address to listen on; anything but loopback lets other machines play (and see your games)',
      '127.0.0.1',
    )
    .option('--saves <dir>', 'the one folder games are saved to and loaded from', DEFAULT_SAVES)
    .option('--max-games <n>', 'most games open at once (each runs on its own thread)', parseGames, 16)
    .option(
      '--opponent <name=spec>',
      'offer a further opponent by name on the setup page: any agent spec, e.g. an agent file or an exec: client (repeat); pages can choose only offered opponents',
      collect,
      [],
    )
    .option(
      '--scenarios <dir>',
      'turn on the scenario workshop: its page (/workshop: draw and check a scenario on the table) and API (/api/workshop/): list, open, validate and save scenario files in this folder only, and run balance jobs (stress) on them',
    )
    .option('--workshop-runs <dir>', 'the folder balance jobs write their run folders to', DEFAULT_WORKSHOP_RUNS)
    .option('--workers <n>', "worker threads of a balance job (default: the machine's cores)", parseWorkersOption)
    .addHelpText(
      'after',
      `
Open the address it prints. Pick a scenario, your side and an opponent — a level of the scenario's
ruleset (easy = the script with one decision in five at random, normal = the script, hard = the
ruleset's own search, expert = a larger search budget that still decides within a second; each
level named with its spec on the page, steps measured in docs/agents.md) or any built-in agent —
then play:
click a figure to see its reach and its actions, click an action or a numbered mark on the table.
Ctrl-C stops the server (save first: open games live in its memory).

The scenario workshop (--scenarios DIR) serves a page at /workshop (open a built-in scenario, a
file of DIR or a ruleset's blank table; draw terrain, figures, objectives, zones and exits by
clicks and drags, every edit checked as \`validate\` checks it; undo/redo; save into DIR; play it
against an AI, watch AI vs AI, test its balance with a heat map of where figures fall, tune it)
and JSON routes under /api/workshop/ (documented in
src/serve/workshop-protocol.ts): GET scenarios (the folder's files and the built-in ones), GET and
PUT files/<name> (load; save atomically, in the normal scenario format, never outside DIR),
POST validate (the problems \`validate\` reports, each with its JSON path and its place on the
table), POST preview (the setup as \`render --scenario\` draws it), GET rulesets and schema/<ruleset>
(each ruleset's scenario JSON Schema), POST balance (a \`stress\` run on worker threads) or POST tune
(\`tune\`'s search toward a target win rate, each evaluation shown as it ends, the best as a
scenario file) — one job at a time — GET balance (the job's progress, ETA, report), POST balance/cancel;
POST watch (one AI-vs-AI game played on the spot, shown in the replay viewer). POST /api/games
takes a scenario of DIR or unsaved JSON as well (play it).

Examples:
  npx tsx src/cli.ts serve
  npx tsx src/cli.ts serve --port 9000 --saves ~/skirmish-saves
  npx tsx src/cli.ts serve --opponent "mine=exec:python3 clients/python/examples/greedy.py"   # your own agent (docs/PROTOCOL.md)
  npx tsx src/cli.ts serve --scenarios my-scenarios --workers 2                  # the workshop API on the files of my-scenarios/`,
    )
    .action(async (o: ServeCliOptions) => {
      try {
        const loopback = LOOPBACK.has(o.host);
        if (o.host.trim() === '') throw new UsageError('--host needs an address');
        const opponents = await parseOpponents(o.opponent);
        // The saves folder is checked now (a file there, or no permission), not at the first save.
        checkWritableDir(o.saves, `--saves ${o.saves}`);
        if (o.scenarios !== undefined) {
          if (!existsSync(o.scenarios) || !statSync(o.scenarios).isDirectory())
            throw new UsageError(`--scenarios ${o.scenarios}: not a folder; create it first (the workshop saves only there)`);
          checkWritableDir(o.scenarios, `--scenarios ${o.scenarios}`);
          checkWritableDir(o.workshopRuns, `--workshop-runs ${o.workshopRuns}`);
        }
        const workshop = o.scenarios !== undefined ? { scenarios: o.scenarios, runs: o.workshopRuns, workers: o.workers } : undefined;
        const app = await buildApp({ saves: o.saves, maxGames: o.maxGames, loopbackOnly: loopback, opponents, workshop });
        let address: string;
        try {
          address = await app.listen({ port: o.port, host: o.host });
        } catch (e) {
          throw new UsageError(`cannot listen on ${o.host}:${o.port}: ${e instanceof Error ? e.message : String(e)}`);
        }
        process.stdout.write(
          `serving on ${address}/  (saves in ${o.saves}${o.scenarios !== undefined ? `; scenario workshop at ${address}/workshop on ${o.scenarios}` : ''}; Ctrl-C stops)\n`,
        );
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
