/**
 * What the scripted policy costs a search, call by call: the states on which a search asks the
 * policy below its root (the rollouts' picks and the priors of new tables), gathered from the
 * bench/ab-mcts.ts search (`--scenario S --position-decisions N`, heuristic play from seed 1, the
 * same settings; `--agent-settings` as there), then the policy asked again on each of them — CPU
 * microseconds and bytes allocated per call — in interleaved rounds of two checkouts. Each
 * checkout gathers its own states (the same searches on the same seeds: the same states when the
 * games are the same), and the scores each gives are hashed: "the same scores" means the policy
 * still makes every choice it made (the rollouts take the first best score; the priors read them).
 *
 *   npx tsx bench/policy-cost.ts --a /path/to/old-checkout --b . --scenario kershner-supply-raid --position-decisions 40
 *
 * Both checkouts need their own node_modules. Bytes are bench/alloc.ts's measure (what the
 * collector freed plus the heap's growth) over every call of a round.
 */
import { Command } from 'commander';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { measureAllocation } from './alloc.js';
import { benchSearchOptions } from './shared.js';

const o = new Command()
  .description('CPU and bytes per call of the scripted policy on the states a search asks it about (two checkouts, interleaved)')
  .option('--a <dir>', 'checkout A', '.')
  .option('--b <dir>', 'checkout B', '.')
  .option('--scenario <id>', 'scenario', 'kershner-supply-raid')
  .option('--position-decisions <n>', 'decisions of heuristic play (seed 1) before the searched position', (v) => Number(v), 40)
  .option('--iterations <n>', 'iterations per search', (v) => Number(v), 1000)
  .option('--searches <n>', 'searches that gather states (seeds 1..n)', (v) => Number(v), 2)
  .option('--agent-settings', 'search as the mcts agent does on this ruleset (its rollout scores too)')
  .option('--rounds <n>', 'interleaved rounds', (v) => Number(v), 5)
  .option('--reps <n>', 'times each gathered state is asked per round', (v) => Number(v), 3)
  .parse()
  .opts<{
    a: string;
    b: string;
    scenario: string;
    positionDecisions: number;
    iterations: number;
    searches: number;
    agentSettings?: boolean;
    rounds: number;
    reps: number;
  }>();

type Scores = (s: unknown, legal: readonly unknown[]) => readonly number[];
interface Side {
  /** The policy the search asks below its root. */
  fast: Scores;
  states: unknown[];
  legals: unknown[][];
  /** Hash of every score the policy gave on the gathered states. */
  hash: string;
}

async function load(root: string): Promise<Side> {
  const dir = resolve(root);
  const idx = (await import(`${dir}/src/rules/index.ts`)) as { loadScenario(id: string): { compiled: unknown; ruleset: unknown } };
  const game = (await import(`${dir}/src/core/game.ts`)) as {
    GameSession: new (
      sc: unknown,
      seed: number,
      names: Record<string, string>,
    ) => {
      state: unknown;
      current(): string | null;
      legal(): unknown[];
      submit(a: unknown, legal: unknown[]): void;
    };
    makeAgents(sc: unknown, seed: number, fac: unknown, n: number): Record<string, { decide(ctx: unknown): unknown }>;
  };
  const ag = (await import(`${dir}/agents/index.ts`)) as { resolveBuiltinAgent(spec: string): unknown };
  const mcts = (await import(`${dir}/agents/mcts/search.ts`)) as {
    DEFAULT_SEARCH: Record<string, unknown>;
    ScriptedRollout: new (r: unknown, opts: unknown, policy: Scores | null, fast: Scores | null) => unknown;
    searchWith(r: unknown, root: unknown, opts: unknown, seed: number, ev: unknown): { iterations: number };
  };
  const sc = idx.loadScenario(o.scenario);
  const r = sc.ruleset as {
    sides(c: unknown): string[];
    clone(s: unknown): unknown;
    searchDefaults?: Record<string, string>;
    policy?: { scores: Scores; rollout?: Scores };
  };
  const h = ag.resolveBuiltinAgent('heuristic');
  const sides = r.sides(sc.compiled);
  const agents = game.makeAgents(sc, 1, Object.fromEntries(sides.map((s) => [s, h])), 1);
  const g = new game.GameSession(sc, 1, Object.fromEntries(sides.map((s) => [s, 'heuristic'])));
  for (let i = 0; i < o.positionDecisions && g.current() !== null; i++) {
    const side = g.current() as string;
    const legal = g.legal();
    g.submit(agents[side].decide({ ruleset: r, state: g.state, side, legal, scenario: sc }), legal);
  }
  const p = r.policy;
  if (!p) throw new Error(`${o.scenario}: the ruleset has no scripted policy`);
  const policy: Scores = (s, legal) => p.scores(s, legal);
  // bench/ab-mcts.ts's settings: the declared defaults, or the agent's (its rollout scores too).
  const opts = benchSearchOptions(mcts.DEFAULT_SEARCH, o.iterations, r.searchDefaults, o.agentSettings === true);
  let fast = policy;
  if (o.agentSettings) {
    const rollout = p.rollout;
    if (rollout) fast = (s, legal) => rollout.call(p, s, legal);
  }
  const states: unknown[] = [];
  const legals: unknown[][] = [];
  const gather: Scores = (s, legal) => {
    states.push(r.clone(s));
    legals.push(legal.slice());
    return fast(s, legal);
  };
  const ev = new mcts.ScriptedRollout(r, opts, policy, gather);
  for (let seed = 1; seed <= o.searches; seed++) mcts.searchWith(r, g.state, opts, seed, ev);
  const hash = createHash('sha1');
  for (let i = 0; i < states.length; i++) hash.update(fast(states[i], legals[i]).join(','));
  return { fast, states, legals, hash: hash.digest('hex').slice(0, 16) };
}

const A = await load(o.a);
const B = await load(o.b);
console.log(
  `${o.scenario} after ${o.positionDecisions} decisions, ${o.searches} searches of ${o.iterations} iterations${o.agentSettings ? ' (agent settings)' : ''}: ` +
    `A asked its policy ${A.states.length} times, B ${B.states.length}`,
);
console.log(
  A.hash === B.hash && A.states.length === B.states.length
    ? `A and B give the same scores on every gathered state (${A.hash})`
    : `A and B give DIFFERENT scores (or gathered other states): ${A.hash} / ${B.hash}`,
);

function round(x: Side): { us: number; bytes: number } {
  const n = x.states.length * o.reps;
  const c0 = process.cpuUsage();
  const m = measureAllocation(() => {
    let sink = 0;
    for (let k = 0; k < o.reps; k++) for (let i = 0; i < x.states.length; i++) sink += x.fast(x.states[i], x.legals[i]).length;
    return sink;
  });
  const c = process.cpuUsage(c0);
  return { us: (c.user + c.system) / n, bytes: m.bytes / n };
}
round(A);
round(B);
const ra: number[] = [];
const rb: number[] = [];
const ba: number[] = [];
const bb: number[] = [];
for (let i = 0; i < o.rounds; i++) {
  const first = i % 2 === 0;
  const x = first ? round(A) : null;
  const y = round(B);
  const z = first ? x : round(A);
  if (!z) throw new Error('unreachable');
  ra.push(z.us);
  rb.push(y.us);
  ba.push(z.bytes);
  bb.push(y.bytes);
  console.log(
    `round ${i + 1}: A ${z.us.toFixed(2)} µs ${z.bytes.toFixed(0)} B, B ${y.us.toFixed(2)} µs ${y.bytes.toFixed(0)} B per call; B/A ${(y.us / z.us).toFixed(3)}`,
  );
}
const med = (v: number[]): number => [...v].sort((p, q) => p - q)[v.length >> 1];
const ratios = ra.map((v, i) => rb[i] / v);
console.log(
  `policy per call, ${o.scenario}: A ${med(ra).toFixed(2)} µs ${med(ba).toFixed(0)} B, B ${med(rb).toFixed(2)} µs ${med(bb).toFixed(0)} B (medians); B/A median ${med(ratios).toFixed(3)} over ${o.rounds} rounds`,
);
