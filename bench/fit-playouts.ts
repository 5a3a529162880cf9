/**
 * Fitted leaf evaluations with less noisy labels (issue 42, after "Fitted leaf evaluations on the
 * Farmstead Raid"): replays recorded games (one position every --every decisions, as `fit-eval`
 * does), labels each position twice — with the recorded game's outcome for the evaluation's side
 * (1, 0 or ½: what `fit-eval` fits) and with the mean outcome of --playouts playouts to the end of
 * the game from it (the `mcts` agent's own rollout: ε-greedy with the ruleset's rollout script, both
 * sides, its default ε) — and fits the logistic model σ(w·features) to each label and to their blend
 * (the outcome counted as one more playout). Every fifth game (by sorted file name) is held out:
 * each model, the ruleset's default weights and any --compare weights files are scored on the
 * held-out positions against both labels (log-loss and Brier score). --extra adds the labelled
 * positions of other record sets (their --cache files) to the training set only. --horizon cuts the
 * playouts (scored then with the default evaluation, as the search's rollouts are); --search labels
 * with a search's value instead (two-sided rulesets: the other side's value is 1 − it). Deterministic: playout j of
 * position p of game i uses stream hash(--seed, i, p, j).
 *
 * Labelling is the costly part (--playouts × positions games to the end); --cache keeps the
 * labelled positions in a JSON file that later runs with the same records, --every, --playouts and
 * --seed read instead.
 *
 *   node --import tsx bench/fit-playouts.ts /tmp/eval42/frec-4250 --every 5 --playouts 8 --seed 4290 \
 *     --cache /tmp/x.json --compare bench/weights/farmstead-raid-fit4250.json --out W.json
 */
import { Command } from 'commander';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readRecord, type ResultLine } from '../src/core/record.js';
import { rerunRecord } from '../src/rerun.js';
import { fitLogistic } from '../src/stats/logistic.js';
import { FastRng } from '../src/core/rng.js';
import { searchOptions } from '../agents/mcts/index.js';
import { sideScripts } from '../agents/heuristic/index.js';
import { ScriptedRollout, search } from '../agents/mcts/search.js';
import { recordFiles, mix } from './shared.js';

/** One labelled position. */
interface Row {
  /** Index of the game in the sorted file list (the held-out split is by game). */
  game: number;
  x: number[];
  /** The recorded game's outcome for the evaluation's side. */
  outcome: number;
  /** The mean outcome of the playouts from the position. */
  playout: number;
}

interface Data {
  key: string;
  ruleset: string;
  names: readonly string[];
  defaults: readonly number[];
  rows: Row[];
}

const sig = (z: number): number => 1 / (1 + Math.exp(-z));

/** Mean log-loss and Brier score of weights `w` on rows against labels `y` in [0, 1]. */
function score(x: readonly number[][], y: readonly number[], w: readonly number[]): { logLoss: number; brier: number } {
  let ll = 0;
  let br = 0;
  for (let i = 0; i < x.length; i++) {
    let z = 0;
    for (let j = 0; j < w.length; j++) z += x[i][j] * w[j];
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sig(z)));
    ll -= y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
    br += (p - y[i]) ** 2;
  }
  return { logLoss: ll / Math.max(1, x.length), brier: br / Math.max(1, x.length) };
}

const program = new Command()
  .argument('<records...>', 'run folders or record files')
  .option('--every <n>', 'one position every n decisions', (v) => Number(v), 5)
  .option('--playouts <n>', 'playouts to the end per position', (v) => Number(v), 8)
  .option('--seed <n>', 'seed of the playout streams', (v) => Number(v), 1)
  .option(
    '--horizon <n>',
    "playouts stop after n decisions and score the state with the ruleset's default evaluation (default: play to the end)",
    (v) => Number(v),
  )
  .option(
    '--search <spec>',
    "label each position instead with the value a mcts search with these options (over the agent defaults, e.g. iterations=200) gives it: the mean of its most-visited root action, for the evaluation's side; search seed hash(--seed, game, position)",
  )
  .option('--lambda <x>', 'L2 penalty', (v) => Number(v), 1e-3)
  .option('--cache <file>', 'read the labelled positions from / write them to this JSON file')
  .option('--extra <files>', 'comma-separated --cache files of other records whose positions join the training set only', '')
  .option('--compare <files>', 'comma-separated weights files to score on the held-out positions', '')
  .option('--out <file>', 'write the model fitted to the playout labels as a weights file for mcts:eval')
  .option('--out-outcome <file>', 'write the model fitted to the outcomes as a weights file for mcts:eval (with --playouts 0: no playouts)')
  .option('--out-blend <file>', 'write the model fitted to the blend as a weights file for mcts:eval')
  .action(
    (
      paths: string[],
      o: {
        every: number;
        playouts: number;
        seed: number;
        horizon?: number;
        search?: string;
        lambda: number;
        cache?: string;
        extra: string;
        compare: string;
        out?: string;
        outBlend?: string;
        outOutcome?: string;
      },
    ) => {
      const list = recordFiles(paths);
      const key = JSON.stringify({ list, every: o.every, playouts: o.playouts, seed: o.seed, horizon: o.horizon, search: o.search });
      let data: Data | null = null;
      if (o.cache && existsSync(o.cache)) {
        const d = JSON.parse(readFileSync(o.cache, 'utf8')) as Data;
        if (d.key === key) data = d;
        else console.log(`(cache ${o.cache} is for other options: labelling again)`);
      }
      const t0 = process.cpuUsage();
      if (!data) {
        const rows: Row[] = [];
        let names: readonly string[] = [];
        let ruleset = '';
        let defaults: readonly number[] = [];
        const rng = new FastRng(0);
        const ctx = { rng };
        const out = [0];
        list.forEach((file, gi) => {
          const lines = readRecord(file);
          const res = lines[lines.length - 1] as ResultLine;
          const pending: { state: unknown; x: number[] }[] = [];
          let n = 0;
          const run = rerunRecord(lines, file, {
            before(g) {
              if (n++ % o.every !== 0) return;
              const ev = g.scenario.ruleset.evaluation;
              if (!ev) throw new Error('no feature evaluation');
              pending.push({ state: g.scenario.ruleset.clone(g.state), x: ev.features(g.state) });
            },
          });
          const r = run.scenario.ruleset;
          const ev = r.evaluation;
          if (!ev) throw new Error('no feature evaluation');
          names = ev.names;
          ruleset = r.id;
          defaults = ev.defaultWeights;
          const side = ev.side(run.scenario.compiled);
          const outcome = res.winner === null ? 0.5 : res.winner === side ? 1 : 0;
          const { opts } = searchOptions({}, r);
          const { policy, fast } = sideScripts(r, null, side);
          const roll = new ScriptedRollout(r, { ...opts, horizon: o.horizon ?? 1e9, horizonTurn: false }, policy, fast);
          const spec = o.search
            ? searchOptions(
                Object.fromEntries(
                  o.search
                    .split(',')
                    .filter(Boolean)
                    .map((kv) => kv.split('=') as [string, string]),
                ),
                r,
              ).opts
            : null;
          pending.forEach((p, pi) => {
            if (spec) {
              const toMove = r.currentSide(p.state);
              if (toMove === null) return;
              const sp = sideScripts(r, null, toMove);
              const res = search(r, p.state, spec, mix(mix(o.seed, gi), pi), sp.policy, undefined, sp.fast);
              const top = res.stats[0];
              const v = top && top.visits > 0 ? top.total / top.visits : 0.5;
              rows.push({ game: gi, x: p.x, outcome, playout: toMove === side ? v : 1 - v });
              return;
            }
            let sum = 0;
            for (let j = 0; j < o.playouts; j++) {
              rng.reseed(mix(mix(o.seed, gi), mix(pi, j)));
              const s = r.clone(p.state);
              roll.evaluate(s, ctx, Infinity, [side], 1, out);
              sum += out[0];
            }
            rows.push({ game: gi, x: p.x, outcome, playout: sum / Math.max(1, o.playouts) });
          });
          if ((gi + 1) % 25 === 0) process.stderr.write(`  labelled ${gi + 1}/${list.length} games, ${rows.length} positions\n`);
        });
        data = { key, ruleset, names, defaults, rows };
        if (o.cache) writeFileSync(o.cache, JSON.stringify(data));
      }
      const cpu = process.cpuUsage(t0);
      const { rows, names } = data;
      const train = rows.filter((r) => r.game % 5 !== 4);
      const hold = rows.filter((r) => r.game % 5 === 4);
      const games = new Set(rows.map((r) => r.game)).size;
      console.log(
        `${games} games, ${train.length} + ${hold.length} positions (every ${o.every}), ${o.search ? `labelled by a search (${o.search})` : `${o.playouts} playouts each${o.horizon !== undefined ? ` cut at ${o.horizon} decisions` : ''}`} (seed ${o.seed}); labelling CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s`,
      );
      let extraGames = 0;
      for (const f of o.extra ? o.extra.split(',') : []) {
        const d = JSON.parse(readFileSync(f, 'utf8')) as Data;
        if (d.ruleset !== data.ruleset || d.names.join() !== names.join()) throw new Error(`${f}: another ruleset or other features`);
        extraGames += new Set(d.rows.map((r) => r.game)).size;
        for (const r of d.rows) train.push(r);
        console.log(`+ ${f}: ${d.rows.length} positions of ${new Set(d.rows.map((r) => r.game)).size} games, training only`);
      }
      const agree = rows.reduce((a, r) => a + (Math.abs(r.playout - r.outcome) < 0.5 ? 1 : 0), 0) / rows.length;
      const mp = rows.reduce((a, r) => a + r.playout, 0) / rows.length;
      const mo = rows.reduce((a, r) => a + r.outcome, 0) / rows.length;
      console.log(
        `mean outcome ${mo.toFixed(3)}, mean playout label ${mp.toFixed(3)}; playout label on the outcome's side of ½: ${(100 * agree).toFixed(1)}%`,
      );
      const k = o.playouts;
      const blend = (r: Row): number => (k * r.playout + r.outcome) / (k + 1);
      const labels: { name: string; y: (r: Row) => number }[] = [
        { name: 'outcome', y: (r) => r.outcome },
        { name: 'playouts', y: (r) => r.playout },
        { name: 'blend', y: blend },
      ];
      const hx = hold.map((r) => r.x);
      const models: { name: string; w: readonly number[] }[] = [{ name: 'default weights', w: data.defaults }];
      for (const f of o.compare ? o.compare.split(',') : []) {
        const wf = JSON.parse(readFileSync(f, 'utf8')) as { names: string[]; weights: number[] };
        models.push({ name: f, w: names.map((nm) => wf.weights[wf.names.indexOf(nm)] ?? 0) });
      }
      const fitted: Record<string, number[]> = {};
      for (const l of labels) {
        const fit = fitLogistic(
          train.map((r) => r.x),
          train.map(l.y),
          new Array<number>(names.length).fill(0),
          o.lambda,
        );
        fitted[l.name] = fit.weights.map((w) => Math.round(w * 1e6) / 1e6);
        models.push({ name: `fitted to ${l.name}`, w: fitted[l.name] });
      }
      console.log('');
      console.log('| model | held-out log-loss vs outcome | Brier vs outcome | log-loss vs playout mean | Brier vs playout mean |');
      console.log('|---|--:|--:|--:|--:|');
      for (const m of models) {
        const a = score(
          hx,
          hold.map((r) => r.outcome),
          m.w,
        );
        const b = score(
          hx,
          hold.map((r) => r.playout),
          m.w,
        );
        console.log(`| ${m.name} | ${a.logLoss.toFixed(4)} | ${a.brier.toFixed(4)} | ${b.logLoss.toFixed(4)} | ${b.brier.toFixed(4)} |`);
      }
      for (const l of labels) console.log(`\n${l.name}: ${names.map((nm, j) => `${nm} ${fitted[l.name][j].toFixed(3)}`).join(', ')}`);
      const write = (file: string, label: string): void => {
        const fit = {
          games,
          extraGames,
          trainPositions: train.length,
          holdoutPositions: hold.length,
          every: o.every,
          playouts: o.playouts,
          seed: o.seed,
          label,
        };
        writeFileSync(file, `${JSON.stringify({ ruleset: data.ruleset, names, weights: fitted[label], fit }, null, 2)}\n`);
        console.log(`wrote ${file}`);
      };
      if (o.out) write(o.out, 'playouts');
      if (o.outBlend) write(o.outBlend, 'blend');
      if (o.outOutcome) write(o.outOutcome, 'outcome');
    },
  );

program.parse();
