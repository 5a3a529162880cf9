/**
 * `fit-eval`: fit the weights of a ruleset's feature evaluation to the outcomes of recorded games
 * (logistic regression by iteratively reweighted least squares, ml-matrix), and write them to a
 * file the MCTS agent loads with `mcts:eval=<file>`.
 */
import { RerunMismatch, rerunRecord } from '../rerun.js';
import type { Command } from 'commander';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyRuleset } from '../core/model.js';
import { RECORD_NAME, readRecord, type ResultLine } from '../core/record.js';
import { fitLogistic, logisticScore } from '../stats/logistic.js';
import { UsageError, checkWritableFile, fail, parsePositive } from './common.js';
import { writeAtomic } from '../core/files.js';

function recordFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    if (st.isDirectory()) {
      // A run folder (tournament, stress, tune: run.json beside games.jsonl, the run's list of games
      // — not a record) keeps its records in records/.
      if (existsSync(join(p, 'run.json'))) {
        const rec = join(p, 'records');
        if (!existsSync(rec))
          throw new UsageError(`${p}: a run folder without records/ (it was run with --records none or errors); run it with --records all`);
        out.push(...recordFiles([rec]));
        continue;
      }
      for (const f of readdirSync(p).sort()) {
        const full = join(p, f);
        if (RECORD_NAME.test(f) && statSync(full).isFile()) out.push(full);
        else if (statSync(full).isDirectory()) out.push(...recordFiles([full]).filter((x) => RECORD_NAME.test(x)));
      }
    } else out.push(p);
  }
  return out;
}

/** Positions sampled from one record: features and the label (1 = the model's side won). */
function samples(file: string, every: number): { ruleset: AnyRuleset; x: number[][]; y: number } {
  const lines = readRecord(file);
  const res = lines[lines.length - 1] as ResultLine;
  if (res.t !== 'result') throw new UsageError(`${file}: the record has no result line (an unfinished game)`);
  // The one re-runner (src/rerun.ts): every line is checked as the positions are sampled, so a
  // record that does not replay is refused instead of fitting positions it never had.
  const x: number[][] = [];
  let n = 0;
  let run;
  try {
    run = rerunRecord(lines, file, {
      before(g) {
        const ev = g.scenario.ruleset.evaluation;
        if (!ev) throw new UsageError(`${file}: ruleset "${g.scenario.ruleset.id}" has no feature evaluation to fit`);
        if (n++ % every === 0) x.push(ev.features(g.state));
      },
    });
  } catch (e) {
    if (e instanceof RerunMismatch) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
  const ev = run.scenario.ruleset.evaluation;
  if (!ev) throw new UsageError(`${file}: ruleset "${run.scenario.ruleset.id}" has no feature evaluation to fit`);
  const side = ev.side(run.scenario.compiled);
  const y = res.winner === null ? 0.5 : res.winner === side ? 1 : 0;
  return { ruleset: run.scenario.ruleset, x, y };
}

/** Adds the `fit-eval` command to the program. */
export function registerFitEval(program: Command): void {
  program
    .command('fit-eval')
    .description("Fit the weights of a ruleset's evaluation to recorded games and write them for mcts:eval=<file>.")
    .argument('<records...>', 'record files or folders of them, or run folders (their records/) — all from one ruleset')
    .requiredOption('--out <file>', 'where to write the weights (JSON)')
    .option('--every <n>', 'sample one position every n decisions of each game', parsePositive, 10)
    .option('--lambda <x>', 'L2 penalty', (v) => Number(v), 1e-3)
    .addHelpText(
      'after',
      `
Every fifth game is held out to measure the fit (log-loss, accuracy) against the default weights.
Example:
  npx tsx src/cli.ts stress --scenario supply-raid --agent pirates=heuristic --agent townsfolk=heuristic --games 300 --records all --out results/selfplay
  npx tsx src/cli.ts fit-eval results/selfplay --out results/pirates-weights.json
  npx tsx src/cli.ts run --scenario supply-raid --agent pirates=mcts:eval=results/pirates-weights.json`,
    )
    .action((paths: string[], o: { out: string; every: number; lambda: number }) => {
      try {
        checkWritableFile(o.out, `--out ${o.out}`);
        const files = recordFiles(paths);
        if (files.length < 5) throw new UsageError(`need at least 5 records, found ${files.length}`);
        let ruleset: AnyRuleset | null = null;
        const train = { x: [] as number[][], y: [] as number[] };
        const hold = { x: [] as number[][], y: [] as number[] };
        files.forEach((f, i) => {
          const s = samples(f, o.every);
          if (ruleset && s.ruleset.id !== ruleset.id)
            throw new UsageError(`${f}: ruleset ${s.ruleset.id}, but earlier records are ${ruleset.id}`);
          ruleset = s.ruleset;
          const into = i % 5 === 4 ? hold : train;
          for (const row of s.x) {
            into.x.push(row);
            into.y.push(s.y);
          }
          if ((i + 1) % 50 === 0) process.stderr.write(`  read ${i + 1}/${files.length} records\n`);
        });
        const r = ruleset as AnyRuleset | null;
        if (!r || !r.evaluation) throw new UsageError('no records');
        const start = [...r.evaluation.defaultWeights];
        const fit = fitLogistic(train.x, train.y, start, o.lambda);
        const before = logisticScore(hold.x, hold.y, start);
        const after = logisticScore(hold.x, hold.y, fit.weights);
        const report = {
          ruleset: r.id,
          names: [...r.evaluation.names],
          weights: fit.weights.map((w) => Math.round(w * 1e6) / 1e6),
          fit: {
            games: files.length,
            trainPositions: train.x.length,
            holdoutPositions: hold.x.length,
            iterations: fit.iterations,
            trainLogLoss: fit.logLoss,
            holdoutLogLoss: after.logLoss,
            holdoutAccuracy: after.accuracy,
            defaultHoldoutLogLoss: before.logLoss,
            defaultHoldoutAccuracy: before.accuracy,
          },
        };
        writeAtomic(o.out, `${JSON.stringify(report, null, 2)}\n`);
        if (after.logLoss > before.logLoss) {
          process.stderr.write(
            `warning: the fitted weights predict the held-out games worse than the defaults (log-loss ${before.logLoss.toFixed(4)} → ${after.logLoss.toFixed(4)}); ` +
              `${files.length} games are too few to trust the fit — record more (hundreds) before using ${o.out}\n`,
          );
        }
        process.stdout.write(
          `${r.evaluation.names.map((n, i) => `${n.padEnd(12)} ${start[i].toFixed(3).padStart(8)} → ${report.weights[i].toFixed(3).padStart(8)}`).join('\n')}\n`,
        );
        process.stdout.write(
          `held-out games: log-loss ${before.logLoss.toFixed(4)} → ${after.logLoss.toFixed(4)}, accuracy ${(before.accuracy * 100).toFixed(1)}% → ${(after.accuracy * 100).toFixed(1)}% ` +
            `(${files.length} games, ${train.x.length} + ${hold.x.length} positions). Wrote ${o.out}\n`,
        );
      } catch (e) {
        fail(e);
      }
    });
}
