/**
 * Which features of a ruleset's evaluation predict the outcome (issue 42, fitted leaf evaluations):
 * replays recorded games (as `fit-eval` does: one position every --every decisions, labelled with the
 * game's outcome for the model's side, every fifth game held out) and fits logistic models on
 * feature subsets — the first --base features, all of them, and all of them plus the pairwise
 * products of all but the bias (a check of whether a linear model saturates) — reporting held-out
 * log-loss and accuracy for each, beside the ruleset's default weights. Deterministic.
 *
 *   npx tsx bench/fit-features.ts /tmp/eval42/frec-4250 --base 10 --every 10
 */
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { readRecord, type ResultLine } from '../src/core/record.js';
import { rerunRecord } from '../src/rerun.js';
import { fitLogistic, logisticScore } from '../src/stats/logistic.js';
import { recordFiles } from './shared.js';

const program = new Command()
  .argument('<records...>', 'run folders or record files')
  .option('--every <n>', 'one position every n decisions', (v) => Number(v), 10)
  .option('--base <n>', 'the number of leading features that make the "base" model', (v) => Number(v), 10)
  .option('--lambda <x>', 'L2 penalty', (v) => Number(v), 1e-3)
  .option('--out-base <file>', 'write the base model as a weights file for mcts:eval (the other features weighted 0)')
  .option('--drop <names>', 'comma-separated features the "all" model leaves out (an ablation)', '')
  .option('--out-all <file>', 'write the "all" model as a weights file for mcts:eval (dropped features weighted 0)')
  .action((paths: string[], o: { every: number; base: number; lambda: number; outBase?: string; drop: string; outAll?: string }) => {
    const list = recordFiles(paths);
    const train = { x: [] as number[][], y: [] as number[] };
    const hold = { x: [] as number[][], y: [] as number[] };
    let names: readonly string[] = [];
    let rulesetId = '';
    let defaults: readonly number[] = [];
    list.forEach((file, i) => {
      const lines = readRecord(file);
      const res = lines[lines.length - 1] as ResultLine;
      const x: number[][] = [];
      let n = 0;
      const run = rerunRecord(lines, file, {
        before(g) {
          if (n++ % o.every === 0) x.push(g.scenario.ruleset.evaluation?.features(g.state) ?? []);
        },
      });
      const ev = run.scenario.ruleset.evaluation;
      if (!ev) throw new Error('no feature evaluation');
      names = ev.names;
      rulesetId = run.scenario.ruleset.id;
      defaults = ev.defaultWeights;
      const side = ev.side(run.scenario.compiled);
      const y = res.winner === null ? 0.5 : res.winner === side ? 1 : 0;
      const into = i % 5 === 4 ? hold : train;
      for (const row of x) {
        into.x.push(row);
        into.y.push(y);
      }
    });
    const d = names.length;
    const products = (row: number[]): number[] => {
      const out = [...row];
      for (let a = 1; a < d; a++) for (let b = a; b < d; b++) out.push(row[a] * row[b]);
      return out;
    };
    const dropped = new Set(o.drop ? o.drop.split(',') : []);
    const kept = names.map((nm, j) => (dropped.has(nm) ? -1 : j)).filter((j) => j >= 0);
    const models: { name: string; cols: (row: number[]) => number[] }[] = [
      { name: `base (${o.base} features)`, cols: (r) => r.slice(0, o.base) },
      {
        name: `all (${kept.length} features${dropped.size ? `, without ${[...dropped].join(', ')}` : ''})`,
        cols: (r) => kept.map((j) => r[j]),
      },
      { name: `all + pairwise products (${d + ((d - 1) * d) / 2})`, cols: products },
    ];
    const dflt = logisticScore(hold.x, hold.y, defaults);
    console.log(`${list.length} games, ${train.x.length} + ${hold.x.length} positions (every ${o.every})`);
    console.log(`default weights: held-out log-loss ${dflt.logLoss.toFixed(4)}, accuracy ${(dflt.accuracy * 100).toFixed(1)}%`);
    for (const m of models) {
      const tx = train.x.map(m.cols);
      const hx = hold.x.map(m.cols);
      const fit = fitLogistic(tx, train.y, new Array<number>(tx[0].length).fill(0), o.lambda);
      const s = logisticScore(hx, hold.y, fit.weights);
      console.log(
        `${m.name}: train ${fit.logLoss.toFixed(4)}, held-out log-loss ${s.logLoss.toFixed(4)}, accuracy ${(s.accuracy * 100).toFixed(1)}%`,
      );
      if (m === models[0] && o.outBase) {
        const weights = names.map((_, j) => (j < o.base ? Math.round(fit.weights[j] * 1e6) / 1e6 : 0));
        writeFileSync(o.outBase, `${JSON.stringify({ ruleset: rulesetId, names, weights }, null, 2)}\n`);
        console.log(`  wrote ${o.outBase}: ${weights.slice(0, o.base).join(', ')}`);
      }
      if (m === models[1]) {
        const weights = names.map(() => 0);
        kept.forEach((j, k) => (weights[j] = Math.round(fit.weights[k] * 1e6) / 1e6));
        console.log(`  ${names.map((nm, j) => `${nm} ${weights[j].toFixed(3)}`).join(', ')}`);
        if (o.outAll) writeFileSync(o.outAll, `${JSON.stringify({ ruleset: rulesetId, names, weights }, null, 2)}\n`);
      }
    }
  });

program.parse();
