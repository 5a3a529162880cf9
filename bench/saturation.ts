/**
 * Why more search does not help (issue 42): at positions of heuristic-vs-heuristic games, the noise
 * of the values a search averages against the gaps between the root actions it must tell apart, and
 * how stable the search's choice is at the default budget and at a larger one. Deterministic: every
 * game seed, position, sample stream and search seed is fixed by the options (stated in the output).
 *
 *   taskset -c 1 node --single-threaded --import tsx bench/saturation.ts --scenarios supply-raid --positions 12
 *
 * See `--help` for what is measured and how; docs/agents.md ("Why more search does not help")
 * explains the figures.
 */
import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { searchGuard, searchOptions } from '../agents/mcts/index.js';
import { sideScripts } from '../agents/heuristic/index.js';
import { chooseRoot, search, RandomRollout, ScriptedRollout, type Evaluator, type SearchOptions } from '../agents/mcts/search.js';
import { FastRng } from '../src/core/rng.js';
import type { AnyRuleset, Json, SideId } from '../src/core/model.js';
import { mix } from './shared.js';

const HELP = `
What it measures, per scenario:

 1. Positions. --games heuristic-vs-heuristic games are played with game seeds --game-seed,
    --game-seed+1, …; every decision with two or more legal actions is a candidate, and --positions
    of them are taken evenly spaced through that pool (the k-th of K at index ⌊(k+½)·P/K⌋).

 2. Returns per root action. At each position the --actions root actions with the highest prior
    (the scripted policy's softmax, as the search orders them) — plus any action a search below
    picked — are each given --samples independent returns: apply the action, then roll out as the
    mcts agent does (ε-greedy with the ruleset's rollout script) for H decisions and score the state
    with the ruleset's evaluation (the logistic σ(w·features) where a ruleset has one), for each H of
    --horizons; \`end\` plays to the end of the game and scores the raw outcome (1, 0 or ½), with
    --end-samples returns. Sample j of every action uses the same random stream (common random
    numbers, as the search does at its root). From them: each action's mean and standard deviation
    σ; the gap between the best and the second-best mean; σ_d, the spread of the paired difference
    of those two; and the samples per action needed to tell them apart at --z standard errors:
    n = (z·σ_d/gap)² (paired, as the root's common random numbers allow) and
    n = z²·(σ₁²+σ₂²)/gap² (unpaired). Also a held-out gap: the best and second chosen on the first
    half of the samples, their gap measured on the second half (the plain gap is biased upwards).
    With \`end\` among the horizons, the bias of each cut-off horizon: the regret, in the raw
    outcome's means, of playing the horizon's best action instead of the raw outcome's best.

 3. Stability of the search. The mcts agent's own search (the ruleset's searchDefaults over the
    declared defaults, main script — no portfolio, the keep-the-script guard as the agent sets it)
    runs --seeds times (search seeds 1…n) at the default budget and at --scale times it. Reported:
    how often two seeds choose the same action (over all pairs), the same for the plain most-visited
    action, the share of root visits on the most-visited action, and how often the choice is not
    the script's favourite.

The tables (Markdown) go to stdout; --json writes every figure per position. CPU seconds of each
part are printed (process.cpuUsage), so runs can be kept short on a shared machine.`;

const o = new Command()
  .name('saturation')
  .description('Noise of rollout returns vs gaps between root actions, and the stability of the search, per scenario (issue 42)')
  .addHelpText('after', HELP)
  .option('--scenarios <ids>', 'scenarios, comma-separated', 'supply-raid,mill-bridge,farmstead-raid,kershner-supply-raid,wagon-raid')
  .option('--games <n>', 'heuristic-vs-heuristic games per scenario from which positions are drawn', (v) => Number(v), 2)
  .option('--game-seed <n>', 'seed of the first game (then +1, +2, …)', (v) => Number(v), 1001)
  .option('--positions <n>', 'positions per scenario (K)', (v) => Number(v), 12)
  .option('--actions <n>', 'root actions sampled per position, by prior (M)', (v) => Number(v), 6)
  .option('--samples <n>', 'returns per root action and cut-off horizon', (v) => Number(v), 64)
  .option('--end-samples <n>', 'returns per root action when playing to the end (`end`)', (v) => Number(v), 16)
  .option('--horizons <list>', 'rollout horizons in decisions, and/or `end` (raw outcome); the ruleset default is added', '0,4,12,24,end')
  .option('--sample-seed <n>', 'seed of the return samples (sample j uses stream hash(seed, j))', (v) => Number(v), 7)
  .option('--seeds <n>', 'searches per position and budget (search seeds 1…n); 0: skip part 3', (v) => Number(v), 4)
  .option('--scale <n>', 'the larger budget as a multiple of the default', (v) => Number(v), 4)
  .option('--search <spec>', 'extra mcts options for part 3, over the agent defaults (e.g. horizon=0)', '')
  .option('--align', 'return samples with the stream re-seeded before every decision (decision-aligned common random numbers)')
  .option('--z <n>', 'standard errors in the samples-needed formula', (v) => Number(v), 1.96)
  .addOption(new Option('--json <file>', 'write every figure per position to this file'))
  .parse()
  .opts<{
    scenarios: string;
    games: number;
    gameSeed: number;
    positions: number;
    actions: number;
    samples: number;
    endSamples: number;
    horizons: string;
    sampleSeed: number;
    seeds: number;
    scale: number;
    search: string;
    z: number;
    align?: boolean;
    json?: string;
  }>();

/** A horizon: decisions, or Infinity for the raw outcome at the end of the game. */
type Horizon = number;
const END = Infinity;
const hName = (h: Horizon): string => (h === END ? 'end' : String(h));

/** The median of the numbers that are not NaN (NaN when there are none). */
function median(all: readonly number[]): number {
  const xs = all.filter((x) => !Number.isNaN(x));
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const cpuS = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

interface Position {
  game: number;
  decision: number;
  side: SideId;
  state: unknown;
  legal: Json[];
}

/** Part 1: positions of heuristic-vs-heuristic games. */
async function positions(sc: ReturnType<typeof loadScenario>): Promise<{ list: Position[]; pool: number }> {
  const r = sc.ruleset;
  const h = resolveBuiltinAgent('heuristic');
  const sides = r.sides(sc.compiled);
  const pool: Position[] = [];
  for (let gi = 0; gi < o.games; gi++) {
    const seed = o.gameSeed + gi;
    const agents = makeAgents(sc, seed, Object.fromEntries(sides.map((s) => [s, h])), 1);
    const g = new GameSession(sc, seed, Object.fromEntries(sides.map((s) => [s, 'heuristic'])));
    for (let d = 0; g.current() !== null; d++) {
      const side = g.current() as SideId;
      const legal = g.legal();
      if (legal.length > 1) pool.push({ game: seed, decision: d, side, state: r.clone(g.state), legal });
      g.submit(await agents[side].decide({ ruleset: r, state: g.state, side, legal }), legal);
    }
  }
  const k = Math.min(o.positions, pool.length);
  const list = Array.from({ length: k }, (_, i) => pool[Math.floor(((i + 0.5) * pool.length) / k)]);
  return { list, pool: pool.length };
}

/** Returns of one root action: `n` samples at horizon `h` (sample j on stream mix(sampleSeed, j)). */
function returns(r: AnyRuleset, root: unknown, side: SideId, action: Json, ev: Evaluator, n: number, al: Aligned | null): number[] {
  if (al) return alignedReturns(r, root, side, action, al, n);
  const rng = new FastRng(0);
  const ctx = { rng };
  const out = [0];
  const xs: number[] = [];
  for (let j = 0; j < n; j++) {
    rng.reseed(mix(o.sampleSeed, j));
    const s = r.clone(root);
    r.apply(s, action, ctx);
    ev.evaluate(s, ctx, Infinity, [side], 1, out);
    xs.push(out[0]);
  }
  return xs;
}

/** What an aligned rollout needs (`--align`): the rollout as the search's evaluator plays it. */
interface Aligned {
  horizon: number;
  eps: number;
  fast: ((state: unknown, legal: readonly Json[]) => number[]) | null;
  weights: readonly number[] | undefined;
}

/**
 * {@link returns} with the random stream re-seeded before every decision (`--align`): the dice of
 * the d-th decision after the root come from stream hash(hash(seed, j), d) whatever was drawn
 * before, so two root actions that consume different numbers of dice are still compared on the same
 * dice from then on. The rollout is the evaluator's (ε-greedy with the rollout script), written out here.
 */
function alignedReturns(r: AnyRuleset, root: unknown, side: SideId, action: Json, al: Aligned, n: number): number[] {
  const rng = new FastRng(0);
  const ctx = { rng };
  const xs: number[] = [];
  for (let j = 0; j < n; j++) {
    const key = mix(o.sampleSeed, j);
    rng.reseed(key);
    const s = r.clone(root);
    r.apply(s, action, ctx);
    for (let d = 1; d <= al.horizon && !r.isTerminal(s); d++) {
      rng.reseed(mix(key, d));
      const legal = r.legalActions(s);
      let a = legal[0];
      if (legal.length > 1) {
        if (!al.fast || rng.next() < al.eps) a = legal[Math.floor(rng.next() * legal.length)];
        else {
          const sc = al.fast(s, legal);
          let b = 0;
          for (let i = 1; i < sc.length; i++) if (sc[i] > sc[b]) b = i;
          a = legal[b];
        }
      }
      r.apply(s, a, ctx);
    }
    xs.push(r.evaluate(s, side, al.weights));
  }
  return xs;
}

interface HorizonFigures {
  horizon: string;
  samples: number;
  /** Mean and σ per sampled action key. */
  means: Record<string, number>;
  sds: Record<string, number>;
  /** σ pooled over the sampled actions (root mean of their variances). */
  sigma: number;
  /** Classes of actions with equal returns sample for sample (1: the evaluation sees no difference). */
  classes: number;
  best: string;
  second: string;
  gap: number;
  sigmaD: number;
  nPaired: number;
  nUnpaired: number;
  heldOutGap: number;
}

function figures(h: Horizon, keys: string[], all: number[][]): HorizonFigures {
  // Actions whose returns are equal sample for sample (on the same streams) are one class: this
  // evaluation cannot tell them apart at any number of samples (often the same state). The gap is
  // between the best class and the next.
  const rep: number[] = [];
  for (let i = 0; i < all.length; i++) if (!rep.some((j) => all[j].every((x, t) => x === all[i][t]))) rep.push(i);
  const xs = rep.map((i) => all[i]);
  const ms = all.map(mean);
  const ss = all.map(sd);
  const order = rep.sort((a, b) => ms[b] - ms[a] || a - b);
  const classes = order.length;
  const b = order[0];
  const c = classes > 1 ? order[1] : order[0];
  const d = all[b].map((x, j) => x - all[c][j]);
  const gap = ms[b] - ms[c];
  const sD = sd(d);
  const z2 = o.z * o.z;
  const need = (v: number): number => (classes < 2 ? NaN : v === 0 ? 1 : gap <= 0 ? Infinity : (z2 * v) / (gap * gap));
  // Held out: rank on the first half, measure the chosen pair's gap on the second.
  const half = Math.floor(all[0].length / 2);
  const m1 = xs.map((x) => mean(x.slice(0, half)));
  const o1 = m1.map((_, i) => i).sort((p, q) => m1[q] - m1[p] || p - q);
  const heldOutGap = classes < 2 ? NaN : mean(xs[o1[0]].slice(half)) - mean(xs[o1[1]].slice(half));
  return {
    horizon: hName(h),
    samples: all[0].length,
    means: Object.fromEntries(keys.map((k, i) => [k, ms[i]])),
    sds: Object.fromEntries(keys.map((k, i) => [k, ss[i]])),
    sigma: Math.sqrt(mean(ss.map((s) => s * s))),
    classes,
    best: keys[b],
    second: keys[c],
    gap: classes < 2 ? NaN : gap,
    sigmaD: classes < 2 ? NaN : sD,
    nPaired: need(sD * sD),
    nUnpaired: need(ss[b] ** 2 + ss[c] ** 2),
    heldOutGap,
  };
}

interface SearchFigures {
  iterations: number;
  chosen: string[];
  mostVisited: string[];
  topShare: number[];
  offScript: number;
  /** CPU seconds of the searches (all seeds). */
  cpu: number;
}

/** Share of the pairs of `xs` that are equal. */
function agreement(xs: readonly string[]): number {
  let same = 0;
  let pairs = 0;
  for (let i = 0; i < xs.length; i++)
    for (let j = i + 1; j < xs.length; j++) {
      pairs++;
      if (xs[i] === xs[j]) same++;
    }
  return pairs ? same / pairs : NaN;
}

/** Mean ± standard error of per-position figures, two decimals. */
function ms(xs: readonly number[]): string {
  return `${fmt(mean(xs), 2)} ± ${fmt(sd(xs) / Math.sqrt(xs.length), 2)}`;
}

function fmt(x: number, d = 3): string {
  if (Number.isNaN(x)) return '—';
  if (x === Infinity) return '∞';
  return Math.abs(x) >= 1000 ? x.toExponential(1) : x.toFixed(d);
}

/** Everything measured at one position. */
interface PositionFigures {
  game: number;
  decision: number;
  side: SideId;
  legal: number;
  /** The top root prior, and the share of the budget `focus` leaves the search here. */
  topPrior: number;
  guard: number;
  searches: SearchFigures[];
  horizons: HorizonFigures[];
  /** By horizon: the held-out regret against the raw outcome's best, and whether the bests agree. */
  regret: Record<string, number>;
  sameAsEnd: Record<string, number>;
}

/** The Markdown table and the search line of a set of positions. */
function table(recs: readonly PositionFigures[], defH: string): string[] {
  const lines: string[] = [];
  if (recs.length === 0) return ['(no positions)'];
  lines.push(
    '| horizon | samples/action | median σ | no difference seen | median gap | median held-out gap | median σ_d | median n paired | median n unpaired | n paired ≤ ½ budget | same best as `end` | regret vs `end` (held out, mean ± se) |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const h of recs[0].horizons.map((f) => f.horizon)) {
    const fs = recs.map((p) => p.horizons.find((f) => f.horizon === h) as HorizonFigures);
    const seen = recs.filter((_, i) => fs[i].classes > 1);
    const within = recs.filter(
      (p, i) => p.searches.length > 0 && fs[i].classes > 1 && fs[i].nPaired <= p.searches[0].iterations / 2,
    ).length;
    const rg = recs.map((p) => p.regret[h]).filter((x) => x !== undefined);
    const sa = recs.map((p) => p.sameAsEnd[h]).filter((x) => x !== undefined);
    lines.push(
      `| ${h} | ${fs[0].samples} | ${fmt(median(fs.map((f) => f.sigma)))} | ${recs.length - seen.length}/${recs.length} | ${fmt(median(fs.map((f) => f.gap)), 4)} | ${fmt(median(fs.map((f) => f.heldOutGap)), 4)} | ${fmt(median(fs.map((f) => f.sigmaD)))} | ${fmt(median(fs.map((f) => f.nPaired)), 0)} | ${fmt(median(fs.map((f) => f.nUnpaired)), 0)} | ${within}/${seen.length} | ${sa.length ? `${sa.reduce((a, b) => a + b, 0)}/${sa.length}` : '—'} | ${rg.length ? `${fmt(mean(rg), 4)} ± ${fmt(sd(rg) / Math.sqrt(rg.length), 4)}` : '—'} |`,
    );
  }
  const withS = recs.filter((p) => p.searches.length === 2);
  if (withS.length) {
    const at = (i: number, f: (s: SearchFigures, p: PositionFigures) => number): number[] => withS.map((p) => f(p.searches[i], p));
    const ref = (s: SearchFigures, p: PositionFigures): number => {
      const best = p.horizons.find((f) => f.horizon === defH)?.best;
      return mean(s.chosen.map((k) => (k === best ? 1 : 0)));
    };
    lines.push('');
    lines.push(
      `Search (seeds 1–${o.seeds}; budget ×1 after focus: median ${median(at(0, (s) => s.iterations))} iterations): ` +
        `two seeds choose the same action ${ms(at(0, (s) => agreement(s.chosen)))} (×1) vs ${ms(at(1, (s) => agreement(s.chosen)))} (×${o.scale}); ` +
        `a ×1 and a ×${o.scale} search choose the same ${ms(withS.map((p) => mean(p.searches[0].chosen.flatMap((a) => p.searches[1].chosen.map((b) => (a === b ? 1 : 0))))))}; ` +
        `most-visited the same ${fmt(mean(at(0, (s) => agreement(s.mostVisited))), 2)} vs ${fmt(mean(at(1, (s) => agreement(s.mostVisited))), 2)}; ` +
        `top root-visit share ${fmt(median(at(0, (s) => mean(s.topShare))), 2)} vs ${fmt(median(at(1, (s) => mean(s.topShare))), 2)}; ` +
        `choice off the script ${fmt(mean(at(0, (s) => s.offScript / o.seeds)), 2)} vs ${fmt(mean(at(1, (s) => s.offScript / o.seeds)), 2)}; ` +
        `choice = best mean at horizon ${defH} ${fmt(mean(at(0, ref)), 2)} vs ${fmt(mean(at(1, ref)), 2)}; ` +
        `CPU per search ${fmt((1000 * mean(at(0, (s) => s.cpu))) / o.seeds, 1)} ms vs ${fmt((1000 * mean(at(1, (s) => s.cpu))) / o.seeds, 1)} ms.`,
    );
  }
  return lines;
}

const all: Record<string, unknown> = { options: o };

for (const id of o.scenarios.split(',')) {
  const sc = loadScenario(id);
  const r = sc.ruleset;
  const c0 = cpuS();
  const { list, pool } = await positions(sc);
  const c1 = cpuS();
  // The agent's own settings on this ruleset (searchDefaults over the declared defaults), and --search.
  const extra = Object.fromEntries(
    o.search
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const { opts } = searchOptions(extra, r);
  const horizons: Horizon[] = o.horizons.split(',').map((h) => (h === 'end' ? END : Number(h)));
  const defH = opts.horizonTurn ? NaN : opts.horizon;
  if (!Number.isNaN(defH) && !horizons.includes(defH)) horizons.splice(horizons.filter((h) => h < defH).length, 0, defH);
  const recs: PositionFigures[] = [];
  let cSearch = 0;
  let cReturns = 0;
  for (const pos of list) {
    const { policy, fast } = sideScripts(r, null, pos.side);
    const guard = searchGuard(r, sc.compiled, pos.side, extra, opts.confidence);
    const scores = policy ? policy(pos.state, pos.legal) : null;
    let topPrior = 1 / pos.legal.length;
    if (scores) {
      const mx = Math.max(...scores);
      const e = scores.map((x) => Math.exp(x - mx));
      topPrior = 1 / e.reduce((a, b) => a + b, 0);
    }
    // Part 3 first: its choices join the sampled actions.
    const t0 = cpuS();
    const runs: SearchFigures[] = [];
    for (const scale of o.seeds > 0 ? [1, o.scale] : []) {
      const so: SearchOptions = { ...opts, iterations: opts.iterations * scale };
      const f: SearchFigures = { iterations: 0, chosen: [], mostVisited: [], topShare: [], offScript: 0, cpu: 0 };
      const t = cpuS();
      for (let seed = 1; seed <= o.seeds; seed++) {
        const res = search(r, pos.state, so, seed, policy, undefined, fast);
        const best = chooseRoot(res.stats, guard);
        let fav = res.stats[0];
        for (const s of res.stats) if (s.prior > fav.prior) fav = s;
        f.iterations = res.iterations;
        f.chosen.push(best?.key ?? '');
        f.mostVisited.push(res.stats[0]?.key ?? '');
        f.topShare.push((res.stats[0]?.visits ?? 0) / Math.max(1, res.iterations));
        if (best && best.key !== fav.key) f.offScript++;
      }
      f.cpu = cpuS() - t;
      runs.push(f);
    }
    cSearch += cpuS() - t0;
    // Part 2: the candidate actions, by prior, plus the searches' choices.
    const t1 = cpuS();
    const idx = pos.legal.map((_, i) => i);
    if (scores) idx.sort((a, b) => scores[b] - scores[a] || a - b);
    const keyOf = (a: Json): string => r.actionKey(a);
    const cand = idx.slice(0, Math.min(o.actions, idx.length)).map((i) => pos.legal[i]);
    for (const f of runs)
      for (const k of [...f.chosen, ...f.mostVisited])
        if (k && !cand.some((a) => keyOf(a) === k)) {
          const a = pos.legal.find((x) => keyOf(x) === k);
          if (a !== undefined) cand.push(a);
        }
    const keys = cand.map(keyOf);
    const hf: HorizonFigures[] = [];
    let endXs: number[][] | null = null;
    for (const h of horizons) {
      const ho: SearchOptions = { ...opts, horizon: h === END ? 1e9 : h, horizonTurn: false };
      const ev: Evaluator = policy === null && fast === null ? new RandomRollout(r, ho) : new ScriptedRollout(r, ho, policy, fast);
      const n = h === END ? o.endSamples : o.samples;
      const al: Aligned | null = o.align ? { horizon: ho.horizon, eps: ho.eps, fast, weights: ho.weights } : null;
      const xs = cand.map((a) => returns(r, pos.state, pos.side, a, ev, n, al));
      if (h === END) endXs = xs;
      hf.push(figures(h, keys, xs));
    }
    const regret: Record<string, number> = {};
    const sameAsEnd: Record<string, number> = {};
    const endF = hf.find((f) => f.horizon === 'end');
    if (endF && endXs) {
      // Held out: the raw outcome's best on the first half of its samples, the regret of the
      // horizon's best measured on the second half (unbiased by the choice of the best).
      const half = Math.floor(endXs[0].length / 2);
      const m1 = endXs.map((x) => mean(x.slice(0, half)));
      const m2 = endXs.map((x) => mean(x.slice(half)));
      let top = 0;
      for (let i = 1; i < m1.length; i++) if (m1[i] > m1[top]) top = i;
      for (const f of hf) {
        if (f === endF) continue;
        regret[f.horizon] = m2[top] - m2[keys.indexOf(f.best)];
        sameAsEnd[f.horizon] = f.best === endF.best ? 1 : 0;
      }
    }
    cReturns += cpuS() - t1;
    recs.push({
      game: pos.game,
      decision: pos.decision,
      side: pos.side,
      legal: pos.legal.length,
      topPrior,
      guard,
      searches: runs,
      horizons: hf,
      regret,
      sameAsEnd,
    });
    process.stderr.write(
      `  ${id}: position ${recs.length}/${list.length} (game ${pos.game}, decision ${pos.decision}, ${pos.legal.length} legal)\n`,
    );
  }
  const c2 = cpuS();
  all[id] = { pool, positions: recs };
  // Contested: the script's top prior ≤ ½, so `focus` leaves the search its whole budget.
  const contested = recs.filter((p) => p.topPrior <= 0.5);
  const dh = Number.isNaN(defH) ? 'turn' : hName(defH);
  const lines = [
    `### ${id} (${r.id}; ${list.length} positions of ${pool} from ${o.games} heuristic games, seeds ${o.gameSeed}–${o.gameSeed + o.games - 1}; agent budget ${opts.iterations} iterations × focus share, horizon ${dh})`,
    '',
    `All ${recs.length} positions:`,
    '',
    ...table(recs, dh),
    '',
    `The ${contested.length} contested ones (the script's top prior ≤ ½: the search gets its whole budget):`,
    '',
    ...table(contested, dh),
    '',
    `CPU: positions ${(c1 - c0).toFixed(1)} s, searches ${cSearch.toFixed(1)} s, returns ${cReturns.toFixed(1)} s (total ${(c2 - c0).toFixed(1)} s).`,
    '',
  ];
  console.log(lines.join('\n'));
}

if (o.json) writeFileSync(o.json, JSON.stringify(all, null, 1));
