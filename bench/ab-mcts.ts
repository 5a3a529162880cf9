/**
 * A/B speed of the MCTS search of two checkouts in one process, one thread: iterations per
 * CPU-second and bytes allocated per iteration, on the bench:mcts position (Supply Raid after 300
 * decisions of heuristic play from seed 1), in interleaved rounds so that the machine's swings
 * touch both sides alike. Prints every round, the medians and the median ratio B/A, and whether
 * both checkouts' searches agree (same statistics for the same seed).
 *
 *   npx tsx bench/ab-mcts.ts --a /path/to/old-checkout --b . --rounds 11 --iterations 2000
 *
 * Both checkouts need their own node_modules (`npm ci`). Run it from inside this project (tsx
 * compiles files outside an ESM package to CommonJS, which slows the hot path). For figures to
 * quote, pin it: `taskset -c 1 npx tsx bench/ab-mcts.ts …`, with `uptime` beside it.
 *
 * By default both search with the declared defaults (agents/mcts/params.ts: rollouts of 12
 * decisions) and the full scripted policy at every node and in the rollouts; `--agent-settings`
 * searches as the `mcts` agent does on the ruleset — its `searchDefaults` (Escarmouche: no rollouts)
 * and its policy's cheaper `rollout` scores below the root.
 */
import { Command } from 'commander';
import { resolve } from 'node:path';
import { measureAllocation } from './alloc.js';
import { benchSearchOptions } from './shared.js';

const o = new Command()
  .description("A/B speed of two checkouts' MCTS search in one process (interleaved rounds, CPU time)")
  .option('--a <dir>', 'checkout A (e.g. a worktree of the old commit)', '.')
  .option('--b <dir>', 'checkout B', '.')
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--position-decisions <n>', 'decisions of heuristic play (seed 1) before the measured position', (v) => Number(v), 300)
  .option('--iterations <n>', 'iterations per search', (v) => Number(v), 2000)
  .option('--searches <n>', 'searches per round (seeds 1..n)', (v) => Number(v), 2)
  .option('--rounds <n>', 'interleaved rounds', (v) => Number(v), 11)
  .option(
    '--agent-settings',
    "search as the mcts agent does on this ruleset: its searchDefaults (all but the budget) over the declared defaults, and its policy's rollout scores below the root (default: the declared defaults and the full script everywhere)",
  )
  .parse()
  .opts<{
    a: string;
    b: string;
    scenario: string;
    positionDecisions: number;
    iterations: number;
    searches: number;
    rounds: number;
    agentSettings?: boolean;
  }>();

type Search = (seed: number) => {
  iterations: number;
  calls: number;
  line: string[];
  stats: { key: string; visits: number; total: number; totalSq: number; prior: number }[];
};

async function load(root: string): Promise<Search> {
  const dir = resolve(root);
  const idx = (await import(`${dir}/src/rules/index.ts`)) as {
    loadScenario(id: string): { compiled: unknown; ruleset: Ruleset };
  };
  type Ruleset = {
    sides(c: unknown): string[];
    currentSide(s: unknown): string | null;
    policy?: { scores(s: unknown, legal: readonly unknown[]): number[]; rollout?(s: unknown, legal: readonly unknown[]): number[] };
    searchDefaults?: Record<string, string>;
  };
  const game = (await import(`${dir}/src/core/game.ts`)) as {
    GameSession: new (
      sc: unknown,
      seed: number,
      specs: Record<string, string>,
    ) => { state: unknown; current(): string | null; legal(): unknown[]; submit(a: unknown, legal?: unknown[]): void };
    makeAgents(sc: unknown, seed: number, fac: unknown, n: number): Record<string, { decide(d: unknown): unknown }>;
  };
  const ag = (await import(`${dir}/agents/index.ts`)) as { resolveBuiltinAgent(spec: string): unknown };
  const mcts = (await import(`${dir}/agents/mcts/search.ts`)) as {
    DEFAULT_SEARCH: Record<string, unknown>;
    search(r: unknown, root: unknown, opts: unknown, seed: number, policy: unknown, now?: () => number, fast?: unknown): ReturnType<Search>;
  };
  const sc = idx.loadScenario(o.scenario);
  const h = ag.resolveBuiltinAgent('heuristic');
  const sides = sc.ruleset.sides(sc.compiled);
  const agents = game.makeAgents(sc, 1, Object.fromEntries(sides.map((s) => [s, h])), 1);
  const g = new game.GameSession(sc, 1, Object.fromEntries(sides.map((s) => [s, 'heuristic'])));
  for (let i = 0; i < o.positionDecisions && g.current() !== null; i++) {
    const side = g.current() as string;
    const legal = g.legal();
    g.submit(agents[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal }), legal);
  }
  const p = sc.ruleset.policy;
  const policy = p ? (s: unknown, legal: readonly unknown[]) => p.scores(s, legal) : null;
  const opts = benchSearchOptions(mcts.DEFAULT_SEARCH, o.iterations, sc.ruleset.searchDefaults, o.agentSettings === true);
  let fast = policy;
  if (o.agentSettings) {
    const rollout = p?.rollout;
    if (p && rollout) fast = (s: unknown, legal: readonly unknown[]) => rollout.call(p, s, legal);
  }
  return (seed) => mcts.search(sc.ruleset, g.state, opts, seed, policy, undefined, fast);
}

const sa = await load(o.a);
const sb = await load(o.b);
// Warm up (JIT) and compare the two searches on the same seeds.
let same = true;
for (let seed = 1; seed <= 2; seed++) {
  const x = sa(seed);
  const y = sb(seed);
  const sig = (z: ReturnType<Search>): string =>
    JSON.stringify([z.calls, z.line, z.stats.map((s) => [s.key, s.visits, s.total, s.totalSq, s.prior])]);
  if (sig(x) !== sig(y)) same = false;
}
console.log(
  same
    ? 'A and B give the same results for seeds 1 and 2 (root statistics, calls, line)'
    : 'A and B give DIFFERENT results for the same seeds',
);

function round(s: Search): { rate: number; bytes: number } {
  let iters = 0;
  const c0 = process.cpuUsage();
  const { bytes } = measureAllocation(() => {
    for (let k = 1; k <= o.searches; k++) iters += s(k).iterations;
  });
  const c = process.cpuUsage(c0);
  return { rate: iters / ((c.user + c.system) / 1e6), bytes: bytes / iters };
}
const ra: number[] = [];
const rb: number[] = [];
const ba: number[] = [];
const bb: number[] = [];
for (let r = 0; r < o.rounds; r++) {
  const order: [Search, number[], number[]][] =
    r % 2 === 0
      ? [
          [sa, ra, ba],
          [sb, rb, bb],
        ]
      : [
          [sb, rb, bb],
          [sa, ra, ba],
        ];
  for (const [s, rates, bytes] of order) {
    const x = round(s);
    rates.push(x.rate);
    bytes.push(x.bytes);
  }
  console.log(
    `round ${r + 1}: A ${Math.round(ra[r])} B ${Math.round(rb[r])} iterations per CPU-second, B/A ${(rb[r] / ra[r]).toFixed(3)}; allocation per iteration A ${(ba[r] / 1024).toFixed(1)} KB, B ${(bb[r] / 1024).toFixed(1)} KB`,
  );
}
const med = (x: number[]): number => {
  const s = [...x].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  `MCTS ${o.iterations} iterations${o.agentSettings ? ' (agent settings)' : ''}, ${o.scenario} after ${o.positionDecisions} decisions: A median ${Math.round(med(ra))}, B median ${Math.round(med(rb))} iterations per CPU-second; ` +
    `B/A median ${med(rb.map((b, i) => b / ra[i])).toFixed(3)} over ${o.rounds} rounds; allocation per iteration A ${(med(ba) / 1024).toFixed(1)} KB, B ${(med(bb) / 1024).toFixed(1)} KB`,
);
