/** `tournament`: a round robin among agents on one scenario, played on worker threads, with a report. */
import type { Command } from 'commander';
import { resolveAgent } from '../../agents/index.js';
import { loadScenario } from '../rules/index.js';
import { RUN_FORMAT, pairings, type RunManifest } from '../runner/manifest.js';
import {
  addRunOptions,
  parseCount,
  commandLine,
  loadResumed,
  outDir,
  prepareNewRunDir,
  runAndReport,
  type RunCliOptions,
} from './run-options.js';
import { TournamentAnalysis, eloText } from '../report/tournament.js';
import { fail, UsageError } from './common.js';
import { releaseRunLocks } from '../runner/lock.js';

/**
 * Split `--agents` on commas, keeping an agent's own options together: in
 * `random,greedy:samples=4,depth=2,heuristic` the piece `depth=2` continues `greedy:…`, and in
 * `mcts:iterations=300,eval=results/w.json,heuristic` the piece `eval=results/w.json` continues `mcts:…`.
 */
export function splitAgentList(list: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const piece = raw.trim();
    if (piece === '') continue;
    // `key=value` (the value may be a path: eval=results/w.json) continues a spec that has options.
    const continues = /^[A-Za-z_][\w-]*=/.test(piece) && out.length > 0 && /[:#]/.test(out[out.length - 1]);
    if (continues) out[out.length - 1] += `,${piece}`;
    else out.push(piece);
  }
  return out;
}

/** Parse `--sprt elo0,elo1`. */
export function parseSprt(v: string): [number, number] {
  const parts = v.split(',').map((x) => Number(x.trim()));
  if (parts.length !== 2 || !parts.every(Number.isFinite) || !(parts[0] < parts[1])) {
    throw new UsageError(`--sprt ${v}: expected elo0,elo1 with elo0 < elo1, e.g. --sprt 0,50`);
  }
  return [parts[0], parts[1]];
}

interface TournamentOptions extends RunCliOptions {
  agents?: string;
  sprt?: string;
}

/** Adds the `tournament` command to the program. */
export function registerTournament(program: Command): void {
  const cmd = program
    .command('tournament')
    .description(
      'Round robin among agents on a scenario, on worker threads: every pairing plays the same seeds in both side orders. Writes <dir>/games.jsonl (one line per game, as each finishes) and <dir>/report.md (win matrix, per-side win rates with 95% Wilson intervals, Bradley–Terry ratings with a side-advantage term on an Elo scale, charts), report.json, CSV and SVG.',
    )
    .option('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file; two sides')
    .option('--agents <spec,spec,…>', 'the agents (at least two): built-in specs with options (greedy:samples=4) or agent files')
    .option(
      '--games <n>',
      'games per pairing, half in each side order (an odd number is rounded up; default 20); with --resume, a larger number extends the run',
      parseCount,
    )
    .option(
      '--sprt <elo0,elo1>',
      'two agents only: stop early when an SPRT (α = β = 0.05) decides between "the first agent is elo0 stronger" and "elo1 stronger"; the test is taken after each whole deal (both side orders), in game-id order; --games is then the most games played',
    );
  addRunOptions(cmd)
    .addHelpText(
      'after',
      `
Examples:
  npx tsx src/cli.ts tournament --scenario supply-raid --agents random,greedy,heuristic --games 20 --workers 2 --seed 1 --out results/rr
  npx tsx src/cli.ts tournament --scenario supply-raid --agents heuristic,greedy:samples=4 --games 400 --sprt 0,50
  npx tsx src/cli.ts tournament --resume results/rr          # finish an interrupted run

Game ids run deal by deal; deal d uses the seed derived from --seed and d in every pairing. Ctrl-C stops the run
keeping every finished game (and writes the report so far); --resume finishes it.`,
    )
    .action(async (o: TournamentOptions) => {
      try {
        let manifest: RunManifest;
        let dir: string;
        let sc;
        let resume = false;
        let clear = (): void => undefined;
        if (o.resume !== undefined) {
          if (o.agents !== undefined || o.sprt !== undefined)
            throw new UsageError("--resume takes the run's settings from its run.json; drop --agents and --sprt");
          ({ dir, manifest, scenario: sc } = loadResumed('tournament', o.resume, o));
          resume = true;
          const t = manifest.tournament;
          if (o.games !== undefined && t) {
            // Extend the run with more deals on the same seeds; never fewer games per pairing than it has.
            const perPairing = Math.ceil(o.games / 2) * 2;
            if (perPairing < t.gamesPerPairing)
              throw new UsageError(
                `--games ${o.games}: the run already plays ${t.gamesPerPairing} games per pairing; give more to extend it, or leave --games out`,
              );
            manifest = {
              ...manifest,
              games: perPairing * pairings(t.agents.length).length,
              tournament: { ...t, gamesPerPairing: perPairing },
            };
          }
        } else {
          if (o.scenario === undefined) throw new UsageError('--scenario is required (or --resume <run>)');
          if (o.agents === undefined) throw new UsageError('--agents is required, e.g. --agents random,greedy,heuristic');
          sc = loadScenario(o.scenario);
          const sides = sc.ruleset.sides(sc.compiled);
          if (sides.length !== 2)
            throw new UsageError(`--scenario ${o.scenario}: a tournament needs a two-sided scenario (${sc.id} has ${sides.length} sides)`);
          const specs = splitAgentList(o.agents);
          const canonical: string[] = [];
          for (const s of specs) canonical.push((await resolveAgent(s)).spec);
          if (canonical.length < 2) throw new UsageError(`--agents ${o.agents}: give at least two agents`);
          const dup = canonical.find((s, i) => canonical.indexOf(s) !== i);
          if (dup !== undefined) throw new UsageError(`--agents ${o.agents}: ${dup} is listed twice`);
          const sprt = o.sprt !== undefined ? parseSprt(o.sprt) : null;
          if (sprt && canonical.length !== 2) throw new UsageError('--sprt compares two agents: give exactly two in --agents');
          const perPairing = o.games ?? 20;
          const deals = Math.ceil(perPairing / 2);
          if (perPairing % 2 === 1 && !o.quiet)
            process.stderr.write(
              `note: --games ${perPairing} rounded up to ${deals * 2} so that every seed is played in both side orders\n`,
            );
          const seed = o.seed ?? 1;
          dir = outDir(o.out, 'tournament', sc.id, seed);
          clear = prepareNewRunDir(dir, o.overwrite === true, o.quiet === true);
          manifest = {
            format: RUN_FORMAT,
            kind: 'tournament',
            scenario: { arg: o.scenario, id: sc.id, hash: sc.hash, ruleset: sc.ruleset.id, rulesetVersion: sc.ruleset.version },
            seed,
            games: deals * 2 * pairings(canonical.length).length,
            records: o.records ?? 'errors',
            timeLimitMs: o.timeLimit ?? 10_000,
            tournament: { agents: canonical, gamesPerPairing: deals * 2, sprt },
            command: commandLine(),
          };
        }
        const t = manifest.tournament;
        if (!t) throw new UsageError(`${dir}/run.json: a tournament run without its agents`);
        const sides = sc.ruleset.sides(sc.compiled);
        const analysis = new TournamentAnalysis(t.agents, [sides[0], sides[1]], t.sprt);
        clear();
        await runAndReport({
          kind: 'tournament',
          manifest,
          dir,
          scenario: sc,
          analysis,
          o,
          resume,
          describe: (s) => {
            const lines = [
              `Tournament on ${manifest.scenario.id}: ${String(s.games)} of ${manifest.games} games, ${String(s.errors)} error(s).`,
            ];
            const ratings = s.ratings as { agent: string; elo: number; low: number; high: number }[];
            for (const r of ratings)
              lines.push(`  ${r.agent.padEnd(24)} ${eloText(r.elo).padStart(6)} Elo  [${eloText(r.low)} … ${eloText(r.high)}]`);
            const sprt = s.sprt as { verdict: string | null; decidedAt: number | null } | null;
            if (sprt) {
              lines.push(
                `  SPRT: ${sprt.verdict ? `${sprt.verdict} accepted after ${sprt.decidedAt} games (whole deals, in game-id order); no more games were started, and those already under way were finished and are in the report` : 'no verdict'}`,
              );
            }
            return lines;
          },
        });
      } catch (e) {
        fail(e);
      } finally {
        releaseRunLocks();
      }
    });
}
