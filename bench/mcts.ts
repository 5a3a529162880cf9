/**
 * MCTS speed: iterations per second on the Nim fixture and on a fixed mid-game position of each
 * scenario asked for (heuristic play from seed 1 for 300 decisions, or for half the game when it
 * is shorter), single thread and with root parallelism on 2 worker threads, and the heap
 * allocated per iteration (bench/alloc.ts).
 * For an A/B of two checkouts' search in one process see bench/ab-mcts.ts; against boardgame.io
 * on tic-tac-toe, bench/tictactoe.ts.
 *
 *   npx tsx bench/mcts.ts [--scenario supply-raid,wagon-raid|all] [--iterations 4000] [--position-decisions 300]
 *   npx tsx bench/mcts.ts --ms 1000        (wall-clock budget per decision instead)
 *
 * Iterations/s with workers = (sum of iterations of all trees) / wall time of the decision.
 * With an iteration budget every tree grows the same number of iterations, so the decision waits
 * for the slower tree (trees differ by ±5–10% in forward-model calls); with `--ms` every tree
 * searches for the same wall time, which is how a time-limited player uses its threads.
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { mctsAgent } from '../agents/mcts/index.js';
import { agentStream } from '../src/core/rng.js';
import { nim, nimScenario } from '../test/fixtures/nim.js';
import type { AnyRuleset, Json } from '../src/core/model.js';
import { search, DEFAULT_SEARCH } from '../agents/mcts/search.js';
import { scriptedPolicy } from '../agents/heuristic/index.js';
import { measureAllocation } from './alloc.js';

/** One scenario per ruleset (`--scenario all`). */
const EVERY = ['supply-raid', 'farmstead-raid', 'kershner-supply-raid', 'wagon-raid', 'mill-bridge'];

const o = new Command()
  .option('--scenario <ids>', 'scenarios, comma-separated, or `all` (one per ruleset)', 'supply-raid')
  .option('--iterations <n>', 'iterations per tree', (v) => Number(v), 4000)
  .option('--ms <n>', 'wall-clock budget per decision (ms) instead of an iteration budget (0 = use --iterations)', (v) => Number(v), 0)
  .option('--position-decisions <n>', 'decisions of heuristic play before the measured position', (v) => Number(v), 300)
  .option('--repeat <n>', 'decisions measured per round (each a fresh search)', (v) => Number(v), 3)
  .option('--warm <n>', 'decisions of each set-up before the first round, not counted', (v) => Number(v), 3)
  .option('--rounds <n>', 'rounds, alternating 1 thread and 2 workers; the medians are reported', (v) => Number(v), 5)
  .parse()
  .opts<{ scenario: string; iterations: number; ms: number; positionDecisions: number; repeat: number; warm: number; rounds: number }>();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

type Decide = { agent: ReturnType<typeof mctsAgent>; state: unknown; ruleset: AnyRuleset; legal: Json[] };

/**
 * An agent for the measurements, warmed up by `warm` decisions that are not counted (JIT, worker
 * start-up, the workers' path caches). The same agent — and so the same worker threads — serves
 * every round: a game keeps its pool between decisions, and a cold pool per round would measure
 * start-up instead of search.
 */
async function prepare(
  ruleset: AnyRuleset,
  scenario: unknown,
  scenarioData: Json | undefined,
  state: unknown,
  options: Record<string, string>,
  maxThreads: number,
  warm: number,
): Promise<Decide> {
  const agent = mctsAgent({
    ruleset,
    scenario,
    scenarioData,
    side: ruleset.currentSide(state) as string,
    rng: agentStream(1, 'bench'),
    seed: 1,
    options,
    maxThreads,
  });
  const legal = ruleset.legalActions(state) as Json[];
  for (let i = 0; i < warm; i++) await agent.decide({ ruleset, state, side: ruleset.currentSide(state) as string, legal });
  return { agent, state, ruleset, legal };
}

/** Iterations per second over `o.repeat` fresh searches of the position (wall clock). */
async function measure(label: string, d: Decide): Promise<number> {
  let iters = 0;
  const t0 = performance.now();
  for (let i = 0; i < o.repeat; i++) {
    await d.agent.decide({ ruleset: d.ruleset, state: d.state, side: d.ruleset.currentSide(d.state) as string, legal: d.legal });
    const m = /^(\d+) iterations/.exec(d.agent.explain?.()?.summary ?? '');
    iters += m ? Number(m[1]) : 0;
  }
  const s = (performance.now() - t0) / 1000;
  const rate = iters / s;
  console.log(`${label}: ${Math.round(rate)} iterations/s (${iters} iterations in ${s.toFixed(2)} s)`);
  return rate;
}

const out: Record<string, number> = {};
{
  const sc = nimScenario([3, 4, 5]);
  const state = nim.setup(sc, { rng: agentStream(0, 'x') });
  const d = await prepare(nim as unknown as AnyRuleset, sc, undefined, state, { iterations: String(o.iterations) }, 1, 1);
  out.nim = await measure('Nim (3,4,5), 1 thread', d);
  await d.agent.close?.();
  // Root parallelism needs the ruleset's threads capability (exportState/importState); the Nim fixture has none, so only one thread.
}
for (const id of o.scenario === 'all' ? EVERY : o.scenario.split(',')) {
  const sc = loadScenario(id);
  const h = resolveBuiltinAgent('heuristic');
  const sides = sc.ruleset.sides(sc.compiled);
  // The position: after `--position-decisions` decisions of heuristic play, or half the game when it is shorter.
  const play = (decisions: number): { g: GameSession; played: number } => {
    const agents = makeAgents(sc, 1, Object.fromEntries(sides.map((x) => [x, h])), 1);
    const g = new GameSession(sc, 1, Object.fromEntries(sides.map((x) => [x, 'heuristic'])));
    let played = 0;
    for (; played < decisions && g.current() !== null; played++) {
      const side = g.current() as string;
      const legal = g.legal();
      g.submit(agents[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal }) as Json, legal);
    }
    return { g, played };
  };
  let { g, played } = play(o.positionDecisions);
  if (g.current() === null) ({ g, played } = play(Math.floor(played / 2)));
  console.log(
    `${id} position after ${played} decisions: turn ${sc.ruleset.turn?.(g.state)}, ${g.legal().length} legal actions for ${g.current()}`,
  );
  // Rounds alternate the two set-ups, so that a passing load on the machine hits both alike.
  const ones: number[] = [];
  const twos: number[] = [];
  const budget: Record<string, string> = o.ms > 0 ? { ms: String(o.ms) } : { iterations: String(o.iterations) };
  console.log(`budget per tree: ${o.ms > 0 ? `${o.ms} ms` : `${o.iterations} iterations`}`);
  // The tree search alone: `portfolio=0`, as the figures before the Supply Raid's default portfolio
  // (its whole-game playouts, a few a decision, are not iterations; bench/decision-time.ts times them).
  const one = await prepare(sc.ruleset, sc.compiled, sc.raw as Json, g.state, { ...budget, focus: '1', portfolio: '0' }, 1, o.warm);
  const two = await prepare(
    sc.ruleset,
    sc.compiled,
    sc.raw as Json,
    g.state,
    { ...budget, workers: '2', focus: '1', portfolio: '0' },
    2,
    o.warm,
  );
  for (let round = 1; round <= o.rounds; round++) {
    ones.push(await measure(`round ${round}: ${id} mid-game, 1 thread`, one));
    twos.push(await measure(`round ${round}: ${id} mid-game, 2 worker threads`, two));
  }
  await one.agent.close?.();
  await two.agent.close?.();
  // Heap allocation per iteration on this thread: searches as the 1-thread agent makes them (the
  // workers' allocation happens in their own isolates and is not seen here).
  {
    const policy = scriptedPolicy(sc.ruleset);
    let iters = 0;
    const { bytes } = measureAllocation(() => {
      for (let k = 1; k <= 2; k++)
        iters += search(sc.ruleset, g.state, { ...DEFAULT_SEARCH, iterations: o.iterations, focus: 1 }, k, policy).iterations;
    });
    out[`${id}:bytesPerIteration`] = bytes / iters;
    console.log(`${id} allocation: ${(bytes / iters / 1024).toFixed(1)} KB per iteration (one thread, ${iters} iterations)`);
  }
  const one1 = median(ones);
  const two2 = median(twos);
  const speedup = median(twos.map((t, i) => t / ones[i]));
  // On a shared machine other work only ever slows a round down: the best round of each set-up is
  // the least disturbed measurement of it.
  const best1 = Math.max(...ones);
  const best2 = Math.max(...twos);
  Object.assign(out, { [`${id}:1`]: one1, [`${id}:2`]: two2, [`${id}:speedup`]: speedup, [`${id}:best1`]: best1, [`${id}:best2`]: best2 });
  console.log(
    `${id} medians: 1 thread ${Math.round(one1)} iterations/s; 2 workers ${Math.round(two2)} iterations/s; speed-up ${speedup.toFixed(2)}× (per round: ${twos.map((t, i) => (t / ones[i]).toFixed(2)).join(', ')})`,
  );
  console.log(
    `${id} best rounds: 1 thread ${Math.round(best1)} iterations/s; 2 workers ${Math.round(best2)} iterations/s; speed-up ${(best2 / best1).toFixed(2)}×`,
  );
}
console.log(JSON.stringify(out));
