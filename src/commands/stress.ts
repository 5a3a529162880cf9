/** `stress`: many games of one scenario with fixed agents, on worker threads, with a report. */
import type { Command } from 'commander';
import { loadScenario } from '../rules/index.js';
import { RUN_FORMAT, type RunManifest } from '../runner/manifest.js';
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
import { PairingsAnalysis, StressAnalysis, joinPairings } from '../report/stress.js';
import { agentSpecs, collect, fail, resolveFactories, UsageError } from './common.js';
import { releaseRunLocks } from '../runner/lock.js';

interface StressOptions extends RunCliOptions {
  agent: string[];
  pairing: string[];
}

/** Adds the `stress` command to the program. */
export function registerStress(program: Command): void {
  const cmd = program
    .command('stress')
    .description(
      "Many games of one scenario with given agents, on worker threads, each watched by the ruleset's invariant monitor. Writes <dir>/games.jsonl and <dir>/report.md: win rate per side with 95% Wilson interval, how games end (the ruleset's reasons, with their winners), where figures fall (a heat map), game length, casualties, objectives, morale, rule paths, invariant violations (must be 0), errors, balance measures (balance, decisiveness, duration, drama); report.json, CSV and SVG.",
    )
    .option('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file')
    .option('--agent <side=spec>', 'the agent of a side, e.g. pirates=random (repeat per side; default heuristic)', collect, [])
    .option(
      '--pairing <side=spec,side=spec>',
      'a pairing of agents, one per side (repeat: two or more play side by side on the same seeds, e.g. script vs script, search vs search, mixed; a spec may carry several options, e.g. pirates=mcts:iterations=600,focus=1,townsfolk=heuristic; report.md shows the win rate per side for each, and compares each two deal by deal with a sign test); instead of --agent',
      collect,
      [],
    )
    .option(
      '--games <n>',
      'games to play (default 1000; with pairings, split among them, rounded up to a multiple of their number); with --resume, a larger number extends the run',
      parseCount,
    );
  addRunOptions(cmd)
    .addHelpText(
      'after',
      `
Examples:
  npx tsx src/cli.ts stress --scenario supply-raid --agent pirates=random --agent townsfolk=random --games 10000 --workers 2 --seed 1 --out results/stress
  npx tsx src/cli.ts stress --resume results/stress          # finish an interrupted run
  npx tsx src/cli.ts stress --scenario supply-raid --pairing pirates=heuristic,townsfolk=heuristic --pairing pirates=mcts:iterations=10,townsfolk=mcts:iterations=10 --pairing pirates=mcts:iterations=10,townsfolk=heuristic --games 60 --workers 1 --out results/balance
                                                             # balance under weak and strong play, side by side

Game id i uses the seed derived from --seed and i. Ctrl-C stops the run keeping every finished game (and writes
the report so far); --resume finishes it.`,
    )
    .action(async (o: StressOptions) => {
      try {
        let manifest: RunManifest;
        let dir: string;
        let sc;
        let resume = false;
        let clear = (): void => undefined;
        if (o.resume !== undefined) {
          if (o.agent.length || o.pairing.length)
            throw new UsageError("--resume takes the run's settings from its run.json; drop --agent and --pairing");
          ({ dir, manifest, scenario: sc } = loadResumed('stress', o.resume, o));
          resume = true;
          if (o.games !== undefined) {
            // Extend (or finish) the run: more games on the same seeds; never fewer than it has.
            if (o.games < manifest.games)
              throw new UsageError(
                `--games ${o.games}: the run already has ${manifest.games} games; give more to extend it, or leave --games out`,
              );
            manifest = { ...manifest, games: o.games };
          }
        } else {
          if (o.scenario === undefined) throw new UsageError('--scenario is required (or --resume <run>)');
          sc = loadScenario(o.scenario);
          if (o.pairing.length && o.agent.length) throw new UsageError('give --agent (one pairing) or --pairing (several), not both');
          if (o.pairing.length === 1)
            throw new UsageError('--pairing: give two or more to compare them (one pairing is --agent side=spec …)');
          const pairings: Record<string, string>[] = [];
          for (const p of o.pairing) {
            const sides = sc.ruleset.sides(sc.compiled);
            const given = splitPairing(p, sides);
            for (const s of sides)
              if (!given.some((g) => g.startsWith(`${s}=`)))
                throw new UsageError(`--pairing ${p}: no agent for side "${s}" (give ${sides.map((x) => `${x}=<spec>`).join(',')})`);
            pairings.push((await resolveFactories(agentSpecs(sc, given))).canonical);
          }
          const { canonical } = pairings.length ? { canonical: joinPairings(pairings) } : await resolveFactories(agentSpecs(sc, o.agent));
          const seed = o.seed ?? 1;
          // With P pairings, game i plays pairing (i − 1) mod P on deal ⌈i / P⌉: a count that is not a
          // multiple of P would leave the last deal without some pairings.
          let games = o.games ?? 1000;
          if (pairings.length && games % pairings.length !== 0) {
            const up = Math.ceil(games / pairings.length) * pairings.length;
            if (!o.quiet) process.stderr.write(`note: --games ${games} rounded up to ${up} so that every pairing plays every deal\n`);
            games = up;
          }
          dir = outDir(o.out, 'stress', sc.id, seed);
          clear = prepareNewRunDir(dir, o.overwrite === true, o.quiet === true);
          manifest = {
            format: RUN_FORMAT,
            kind: 'stress',
            scenario: { arg: o.scenario, id: sc.id, hash: sc.hash, ruleset: sc.ruleset.id, rulesetVersion: sc.ruleset.version },
            seed,
            games,
            records: o.records ?? 'errors',
            timeLimitMs: o.timeLimit ?? 10_000,
            stress: pairings.length ? { agents: canonical, pairings } : { agents: canonical },
            command: commandLine(),
          };
        }
        const agents = manifest.stress?.agents;
        if (!agents) throw new UsageError(`${dir}/run.json: a stress run without its agents`);
        const sides = sc.ruleset.sides(sc.compiled);
        const pairings = manifest.stress?.pairings;
        const analysis = pairings?.length
          ? new PairingsAnalysis(new StressAnalysis(sides, agents), sides, pairings)
          : new StressAnalysis(sides, agents);
        clear();
        await runAndReport({
          kind: 'stress',
          manifest,
          dir,
          scenario: sc,
          analysis,
          o,
          resume,
          describe: (s) => {
            const lines = [
              `Stress test of ${manifest.scenario.id}: ${String(s.games)} of ${manifest.games} games, ${String(s.errors)} error(s), ${String(s.violations)} invariant violation(s).`,
            ];
            const by = s.bySide as Record<string, { agent: string; rate: number; low: number; high: number }>;
            for (const [side, r] of Object.entries(by))
              lines.push(
                `  ${side} (${r.agent}): ${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}%]`,
              );
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

/**
 * The `side=spec` parts of one `--pairing` value: split at the commas that begin another side's
 * part, so an agent spec may carry several options (`pirates=mcts:iterations=600,focus=1,townsfolk=heuristic`).
 */
export function splitPairing(p: string, sides: readonly string[]): string[] {
  const out: string[] = [];
  let cur = '';
  for (const piece of p.split(',')) {
    const x = piece.trim();
    if (cur !== '' && !sides.some((s) => x.startsWith(`${s}=`))) cur = `${cur},${x}`;
    else {
      if (cur !== '') out.push(cur);
      cur = x;
    }
  }
  if (cur !== '') out.push(cur);
  return out;
}
