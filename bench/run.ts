/**
 * Engine speed, one thread, for every ruleset: games/s and decisions/s for random-vs-random and
 * heuristic-vs-heuristic games with the heap allocated per decision, the cost of the raw
 * forward-model calls (legalActions + apply, clone) and of one call of the ruleset's scripted
 * policy (what MCTS pays at every rollout step).
 *
 *   npm run bench                                  (every built-in ruleset, one scenario each)
 *   npx tsx bench/run.ts --scenario supply-raid --games 200
 *   taskset -c 1 npx tsx bench/run.ts              (pinned, for figures to quote; `uptime` beside)
 *
 * Figures depend on the machine and its load; quote decisions per CPU-second (steadier than the
 * wall clock on a shared machine) with `uptime`. Allocation is measured with bench/alloc.ts (bytes
 * freed by the collector plus heap growth), so it is the garbage a step makes, not what it keeps.
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGameSync } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { gameStream, randInt, streamFromString } from '../src/core/rng.js';
import type { Json } from '../src/core/model.js';
import { measureAllocation } from './alloc.js';

/** One scenario per ruleset (pig-wars has two rule versions: both). */
const EVERY = ['supply-raid', 'farmstead-raid', 'kershner-supply-raid', 'wagon-raid', 'mill-bridge'];

const o = new Command()
  .option('--scenario <ids>', 'scenarios, comma-separated (default: one per ruleset)', EVERY.join(','))
  .option('--games <n>', 'games per pairing and scenario', (v) => Number(v), 100)
  .option('--steps <n>', 'raw forward-model steps per scenario', (v) => Number(v), 50_000)
  .parse()
  .opts<{ scenario: string; games: number; steps: number }>();

interface Figures {
  gps: number;
  dps: number;
  decisions: number;
  cpuDps: number;
  bytesPerDecision: number;
}

function games(sc: ReturnType<typeof loadScenario>, spec: string, n: number): Figures {
  const sides = sc.ruleset.sides(sc.compiled);
  const a = resolveBuiltinAgent(spec);
  const fac = Object.fromEntries(sides.map((s) => [s, a]));
  // Warm up (JIT) on a few games not counted.
  for (let seed = 1_000_000; seed < 1_000_005; seed++) playGameSync(sc, seed, makeAgents(sc, seed, fac, 1));
  let decisions = 0;
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const { bytes } = measureAllocation(() => {
    for (let seed = 1; seed <= n; seed++) decisions += playGameSync(sc, seed, makeAgents(sc, seed, fac, 1)).result.decisions;
  });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  // Decisions per second of this process's own CPU time (user + system): far steadier than wall
  // time on a shared machine, though still touched by cache and frequency contention.
  const cpu = (c.user + c.system) / 1e6;
  return { gps: n / s, dps: decisions / s, decisions: decisions / n, cpuDps: decisions / cpu, bytesPerDecision: bytes / decisions };
}

/** Raw forward-model calls on random play: legalActions + apply per decision, clone, policy. */
function forwardModel(sc: ReturnType<typeof loadScenario>, maxSteps: number): Record<string, number> {
  const r = sc.ruleset;
  const rng = gameStream(1);
  const pick = streamFromString('bench');
  let steps = 0;
  let clones = 0;
  let tClone = 0n;
  let policyCalls = 0;
  let tPolicy = 0n;
  const { bytes } = measureAllocation(() => {
    while (steps < maxSteps) {
      const s = r.setup(sc.compiled, { rng });
      while (!r.isTerminal(s) && steps < maxSteps) {
        const legal = r.legalActions(s);
        if (steps % 10 === 5 && r.policy && legal.length > 1) {
          const c0 = process.hrtime.bigint();
          r.policy.scores(s, legal);
          tPolicy += process.hrtime.bigint() - c0;
          policyCalls++;
        }
        r.apply(s, legal[randInt(pick, legal.length)] as Json, { rng });
        steps++;
        if (steps % 10 === 0) {
          const c0 = process.hrtime.bigint();
          r.clone(s);
          tClone += process.hrtime.bigint() - c0;
          clones++;
        }
      }
    }
  });
  return { steps, clones, tClone: Number(tClone), policyCalls, tPolicy: Number(tPolicy), bytes };
}

const out: Record<string, unknown> = { node: process.version };
for (const id of o.scenario.split(',')) {
  const sc = loadScenario(id);
  const row: Record<string, unknown> = { ruleset: sc.ruleset.id };
  for (const spec of sc.ruleset.policy ? ['random', 'heuristic'] : ['random']) {
    const r = games(sc, spec, o.games);
    console.log(
      `${id} (${sc.ruleset.id}), ${spec} vs ${spec}: ${r.gps.toFixed(1)} games/s, ${Math.round(r.dps)} decisions/s, ${r.decisions.toFixed(0)} decisions/game; ` +
        `${Math.round(r.cpuDps)} decisions per CPU-second; ${(r.bytesPerDecision / 1024).toFixed(1)} KB allocated per decision`,
    );
    row[spec] = r;
  }
  {
    // Warm-up, then the measured steps (clone and policy time taken out of the step time).
    forwardModel(sc, 2000);
    const t0 = process.hrtime.bigint();
    const f = forwardModel(sc, o.steps);
    const total = Number(process.hrtime.bigint() - t0) - f.tClone - f.tPolicy;
    const perStep = total / f.steps / 1e3;
    const perClone = f.tClone / Math.max(1, f.clones) / 1e3;
    const perPolicy = f.tPolicy / Math.max(1, f.policyCalls) / 1e3;
    console.log(
      `${id} forward model: legalActions + apply ${perStep.toFixed(1)} µs/decision (${Math.round(1e6 / perStep)}/s); clone ${perClone.toFixed(2)} µs` +
        (f.policyCalls ? `; scripted policy ${perPolicy.toFixed(1)} µs/call` : '') +
        `; ${(f.bytes / f.steps / 1024).toFixed(1)} KB allocated per decision (with the clones and policy calls)`,
    );
    row.forwardModel = {
      usPerDecision: perStep,
      usPerClone: perClone,
      usPerPolicyCall: f.policyCalls ? perPolicy : null,
      bytesPerDecision: f.bytes / f.steps,
    };
  }
  out[id] = row;
}
console.log(JSON.stringify(out));
