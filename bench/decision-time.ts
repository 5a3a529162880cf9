/**
 * How long an agent takes per decision: plays games and reports the median, 95th percentile and
 * longest decision (wall clock), counting only decisions with more than one legal action. With
 * --cpu it also reports this process's CPU time per decision (process.cpuUsage, user + system),
 * which a busy shared machine does not inflate as it does the wall clock (single-threaded agents
 * only: worker threads' time is not this thread's).
 *
 *   node --single-threaded --import tsx bench/decision-time.ts --agent mcts:iterations=1000 --games 2
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveAgent } from '../agents/index.js';

const o = new Command()
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--agent <spec>', 'the agent timed (plays every side)', 'mcts:iterations=1000')
  .option('--games <n>', 'games', (v) => Number(v), 2)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 1)
  .option('--cpu', 'also report CPU time per decision')
  .parse()
  .opts<{ scenario: string; agent: string; games: number; firstSeed: number; cpu?: boolean }>();
const sc = loadScenario(o.scenario);
const a = await resolveAgent(o.agent);
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < o.games; i++) {
  const seed = o.firstSeed + i;
  const agents = makeAgents(sc, seed, Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, a])), 1);
  const g = new GameSession(sc, seed, {});
  for (let side = g.current(); side !== null; side = g.current()) {
    const legal = g.legal();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const action = await agents[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal });
    if (legal.length > 1) {
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    g.submit(action, legal);
  }
  for (const ag of Object.values(agents)) await ag.close?.();
  process.stderr.write(`  game ${i + 1}: ${times.length} timed decisions so far\n`);
}
times.sort((x, y) => x - y);
const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const out = {
  agent: a.spec,
  decisions: times.length,
  medianMs: q(0.5),
  p95Ms: q(0.95),
  p99Ms: q(0.99),
  maxMs: times[times.length - 1],
  meanMs: times.reduce((x, y) => x + y, 0) / times.length,
};
console.log(
  `${a.spec}: ${out.decisions} decisions; median ${out.medianMs.toFixed(1)} ms, 95th percentile ${out.p95Ms.toFixed(1)} ms, 99th ${out.p99Ms.toFixed(1)} ms, longest ${out.maxMs.toFixed(1)} ms`,
);
console.log(JSON.stringify(out));
if (o.cpu) {
  cpu.sort((x, y) => x - y);
  const c = (p: number): number => cpu[Math.min(cpu.length - 1, Math.floor(p * cpu.length))];
  const cout = {
    agent: a.spec,
    decisions: cpu.length,
    cpuMedianMs: c(0.5),
    cpuP95Ms: c(0.95),
    cpuP99Ms: c(0.99),
    cpuMaxMs: cpu[cpu.length - 1],
  };
  console.log(
    `${a.spec} CPU time: median ${cout.cpuMedianMs.toFixed(1)} ms, 95th percentile ${cout.cpuP95Ms.toFixed(1)} ms, 99th ${cout.cpuP99Ms.toFixed(1)} ms, longest ${cout.cpuMaxMs.toFixed(1)} ms`,
  );
  console.log(JSON.stringify(cout));
}
