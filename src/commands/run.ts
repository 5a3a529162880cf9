/** `run`: play one game, print its story, write its record. */
import type { Command } from 'commander';
import { join } from 'node:path';
import {
  AgentCreateError,
  AgentError,
  GameSession,
  IllegalActionError,
  NotAnAgentError,
  TimeLimitError,
  makeAgents,
  playGame,
} from '../core/game.js';
import { stopLineText } from '../core/record.js';
import type { GameEnd } from '../core/agent.js';
import { compileSource, loadScenario } from '../rules/index.js';
import { fromRaw, resolveScenario, setParameters } from '../core/scenario.js';
import type { LoadedScenario } from '../core/game.js';
import { agentSpecs, checkWritableFile, collect, EXIT, fail, isUserError, parseSeed, resolveFactories, UsageError } from './common.js';
import { writeAtomic } from '../core/files.js';
import { parseNonNegative } from './run-options.js';
import { playOnThread } from '../runner/run-thread.js';

/**
 * The scenario of `run`: the file or built-in id, with `--param name=value` settings of its declared
 * tunable parameters applied (a value is read as JSON when it parses, else as a string: `max-turns=26`,
 * `watch-arms=pistol`). Throws a UsageError for a malformed setting and a ScenarioError (naming the
 * file and the parameter) for an unknown name or a value outside its domain.
 */
export function scenarioWithParams(arg: string, settings: readonly string[]): LoadedScenario {
  if (settings.length === 0) return loadScenario(arg);
  const values: Record<string, unknown> = {};
  for (const t of settings) {
    const eq = t.indexOf('=');
    if (eq <= 0 || eq === t.length - 1) throw new UsageError(`--param ${t}: expected name=value, e.g. --param max-turns=26`);
    const text = t.slice(eq + 1);
    let v: unknown = text;
    try {
      v = JSON.parse(text);
    } catch {
      // not JSON: a string choice such as pistol
    }
    values[t.slice(0, eq)] = v;
  }
  const src = resolveScenario(arg);
  return compileSource(fromRaw(setParameters(src.raw, values, src.path), src.path));
}

/** Adds the `run` command to the program. */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description('Play one game: prints the story of the game and writes its record (JSON Lines) under results/.')
    .requiredOption('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file')
    .option('--seed <n>', 'game seed: the same seed and agents give the same game', parseSeed, 1)
    .option(
      '--agent <side=spec>',
      'the agent of a side, e.g. pirates=heuristic or townsfolk=greedy:samples=4 (repeat per side; default heuristic)',
      collect,
      [],
    )
    .option('--out <file>', 'where to write the record (default results/<scenario>-seed<seed>.jsonl)')
    .option('--json', 'print only one JSON summary line: winner, turns, record, …')
    .option('--quiet', 'print only the result line')
    .option('--explain', "keep agents' explanations in the record (e.g. MCTS root statistics)")
    .option(
      '--time-limit <ms>',
      'per-decision time limit in ms, as tournament and stress have it (a later answer stops the game: exit 1, the record kept up to it); default none',
      parseNonNegative,
      0,
    )
    .option(
      '--param <name=value>',
      'set one of the scenario\'s tunable parameters (repeat; see its "parameters" list), as `tune` plays its candidates: --param max-turns=26',
      collect,
      [],
    )
    .addHelpText(
      'after',
      `
Example:
  npx tsx src/cli.ts run --scenario supply-raid --seed 7 --agent pirates=heuristic --agent townsfolk=random --out results/game7.jsonl
  npx tsx src/cli.ts run --scenario supply-raid --seed 7 --param max-turns=26 --param booty-to-win=12   # a tune candidate`,
    )
    .action(
      async (o: {
        scenario: string;
        seed: number;
        agent: string[];
        out?: string;
        json?: boolean;
        quiet?: boolean;
        explain?: boolean;
        param: string[];
        timeLimit: number;
      }) => {
        try {
          const sc = scenarioWithParams(o.scenario, o.param);
          const { factories, canonical } = await resolveFactories(agentSpecs(sc, o.agent));
          const out = o.out ?? join('results', `${sc.id}-seed${o.seed}.jsonl`);
          checkWritableFile(out, `--out ${out}`); // before the game, not after it
          if (o.timeLimit > 0) {
            await runOnThread(sc, o, canonical, out);
            return;
          }
          let agents;
          try {
            agents = makeAgents(sc, o.seed, factories, undefined, o.timeLimit);
          } catch (e) {
            if (!(e instanceof AgentCreateError)) throw e;
            if (e.cause instanceof NotAnAgentError) throw new UsageError(`--agent ${e.side}=${canonical[e.side]}: ${e.cause.message}`);
            if (isUserError(e.cause)) throw e.cause; // a spec the agent refuses: bad input (exit 2)
            // The agent's own failure as it starts; the game, with no decision (the header and the setup's events), kept.
            const start = new GameSession(sc, o.seed, canonical, { record: true }).lines as string[];
            agentFailed(
              out,
              e.side,
              canonical[e.side],
              e.message,
              e.cause,
              start,
              'agent error',
              0,
              `${e.message} (before its first decision)`,
            );
            return;
          }
          const story = !o.json && !o.quiet;
          if (story)
            process.stdout.write(
              `${sc.id} — seed ${o.seed}; ${Object.entries(canonical)
                .map(([s, a]) => `${s}: ${a}`)
                .join(', ')}\n`,
            );
          let result;
          let lines;
          let end: GameEnd | undefined;
          let failure: {
            side: string;
            agent: string;
            message: string;
            cause: unknown;
            record: readonly string[] | null;
            reason: 'agent error' | 'time limit';
            decisions: number;
          } | null = null;
          // An agent whose promise never settles leaves Node nothing to do: the process would end at
          // once, mid-game, exit 0. Say so and fail instead (with --time-limit the limit ends it).
          let decided = 0;
          const stalled = (): void => {
            process.stderr.write(
              `error: an agent never answered decision ${decided + 1} (its promise neither resolved nor rejected), so the game cannot go on; give --time-limit <ms> to make it lose by the limit\n`,
            );
            process.exitCode = EXIT.failed;
          };
          process.once('beforeExit', stalled);
          try {
            ({ result, lines } = await playGame(sc, o.seed, agents, {
              record: true,
              explain: o.explain,
              timeLimitMs: o.timeLimit,
              onDecision: () => {
                decided++;
              },
              onEvent: story
                ? (e) => {
                    const t = sc.ruleset.describeEvent(sc.compiled, e);
                    if (t !== null) process.stdout.write(`${t}\n`);
                  }
                : undefined,
            }));
            end = { winner: result.winner, reason: result.reason };
          } catch (e) {
            if (e instanceof AgentError || e instanceof IllegalActionError || e instanceof TimeLimitError) {
              const reason = e instanceof TimeLimitError ? 'time limit' : 'agent error';
              failure = {
                side: e.side,
                agent: e.agent,
                message: e.message,
                cause: e instanceof AgentError ? e.cause : null,
                record: e.record ?? null,
                reason,
                decisions: e.decision - 1,
              };
              const others = sc.ruleset.sides(sc.compiled).filter((s) => s !== e.side);
              end = {
                winner: others.length === 1 ? others[0] : null,
                reason: `${e.side} forfeits: ${reason}`,
                error: { side: e.side, message: e.message },
              };
            } else throw e;
          } finally {
            process.off('beforeExit', stalled);
            for (const a of Object.values(agents)) await a.close?.(end);
          }
          if (failure || result === undefined) {
            if (!failure) throw new Error('the game ended without a result or a failure');
            // What the failing agent adds about a failure detected here (a client's last words on stderr).
            const note = agents[failure.side]?.failureNote?.();
            const message = note ? `${failure.message}; ${note}` : failure.message;
            agentFailed(
              out,
              failure.side,
              failure.agent,
              message,
              failure.cause,
              failure.record,
              failure.reason,
              failure.decisions,
              message,
            );
            return;
          }
          writeAtomic(out, `${(lines as string[]).join('\n')}\n`);
          if (o.json) {
            process.stdout.write(
              `${JSON.stringify({
                scenario: sc.id,
                seed: o.seed,
                agents: canonical,
                winner: result.winner,
                reason: result.reason,
                turns: result.stats.turns ?? null,
                decisions: result.decisions,
                hash: result.hash,
                record: out,
                stats: result.stats,
              })}\n`,
            );
          } else {
            process.stdout.write(`Result: ${result.winner ?? 'draw'} — ${result.reason}. Record: ${out}\n`);
          }
        } catch (e) {
          fail(e);
        }
      },
    );
}

/**
 * `run --time-limit`: the game played with its agents on a worker thread (src/runner/run-thread.ts),
 * so that the limit holds for an agent that never returns; the same story, record, output and exit
 * codes as in this thread.
 */
async function runOnThread(
  sc: LoadedScenario,
  o: { seed: number; json?: boolean; quiet?: boolean; explain?: boolean; timeLimit: number },
  canonical: Record<string, string>,
  out: string,
): Promise<void> {
  const story = !o.json && !o.quiet;
  if (story)
    process.stdout.write(
      `${sc.id} — seed ${o.seed}; ${Object.entries(canonical)
        .map(([s, a]) => `${s}: ${a}`)
        .join(', ')}\n`,
    );
  const r = await playOnThread(
    sc,
    o.seed,
    canonical,
    o.timeLimit,
    o.explain === true,
    story
      ? (e) => {
          const t = sc.ruleset.describeEvent(sc.compiled, e);
          if (t !== null) process.stdout.write(`${t}\n`);
        }
      : undefined,
  );
  if (r.kind === 'create-failed') {
    if (r.userError) throw new UsageError(`--agent ${r.side}=${canonical[r.side]}: ${r.causeMessage}`);
    const cause = new Error(r.causeMessage);
    cause.stack = r.stack;
    agentFailed(out, r.side, canonical[r.side], r.message, cause, r.lines, 'agent error', 0, `${r.message} (before its first decision)`);
    return;
  }
  if (r.kind === 'failed') {
    const cause = r.stack ? Object.assign(new Error(r.message), { stack: r.stack }) : null;
    agentFailed(out, r.side, r.agent, r.message, cause, r.lines, r.reason, r.decisions, r.message);
    return;
  }
  writeAtomic(out, `${r.lines.join('\n')}\n`);
  const result = r.result;
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ scenario: sc.id, seed: o.seed, agents: canonical, winner: result.winner, reason: result.reason, turns: result.stats.turns ?? null, decisions: result.decisions, hash: result.hash, record: out, stats: result.stats })}\n`,
    );
  } else process.stdout.write(`Result: ${result.winner ?? 'draw'} — ${result.reason}. Record: ${out}\n`);
}

/**
 * An agent's failure in `run` — not the simulator's: its words and its own stack on stderr, the game so
 * far written to `out` with a stop line (so `replay --verify` checks it), exit code 1.
 */
function agentFailed(
  out: string,
  side: string,
  agent: string,
  message: string,
  cause: unknown,
  lines: readonly string[] | null,
  reason: 'agent error' | 'time limit',
  decisions: number,
  stopMessage: string,
): void {
  const stack = cause instanceof Error && cause.stack ? `\n${cause.stack}` : '';
  process.stderr.write(`error: the agent of ${side} (${agent}) failed: ${message}${stack}\n`);
  if (lines) {
    writeAtomic(out, `${[...lines, stopLineText({ reason, side, decisions, message: stopMessage })].join('\n')}\n`);
    process.stderr.write(`The game up to the failure: ${out} (replay --verify checks it).\n`);
  }
  process.exitCode = EXIT.failed;
}
