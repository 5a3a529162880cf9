/**
 * Engine speed, one thread: games/s and decisions/s for random-vs-random and heuristic-vs-heuristic
 * Supply Raid games, plus the cost of the forward-model calls (legalActions, apply, clone).
 *
 *   npm run bench            (or: npx tsx bench/run.ts --games 200 --scenario supply-raid)
 *
 * Figures depend on the machine and its load; run on an idle machine and report `uptime` with them.
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGameSync } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { gameStream, randInt, streamFromString } from '../src/core/rng.js';

const o = new Command()
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--games <n>', 'games per pairing', (v) => Number(v), 200)
  .parse()
  .opts<{ scenario: string; games: number }>();
const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);

function games(spec: string, n: number): { gps: number; dps: number; decisions: number; cpuDps: number } {
  const a = resolveBuiltinAgent(spec);
  const fac = Object.fromEntries(sides.map((s) => [s, a]));
  // Warm up (JIT) on a few games not counted.
  for (let seed = 1_000_000; seed < 1_000_005; seed++) playGameSync(sc, seed, makeAgents(sc, seed, fac, 1));
  let decisions = 0;
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (let seed = 1; seed <= n; seed++) decisions += playGameSync(sc, seed, makeAgents(sc, seed, fac, 1)).result.decisions;
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  // Decisions per second of this process's own CPU time (user + system): far steadier than wall
  // time on a shared machine, though still touched by cache and frequency contention.
  const cpu = (c.user + c.system) / 1e6;
  return { gps: n / s, dps: decisions / s, decisions: decisions / n, cpuDps: decisions / cpu };
}

const out: Record<string, unknown> = { scenario: sc.id, node: process.version };
for (const spec of ['random', 'heuristic']) {
  const r = games(spec, o.games);
  console.log(`${spec} vs ${spec}: ${r.gps.toFixed(1)} games/s, ${Math.round(r.dps)} decisions/s, ${r.decisions.toFixed(0)} decisions/game; ${Math.round(r.cpuDps)} decisions per CPU-second`);
  out[spec] = r;
}

// Raw forward-model calls on random play: legalActions + apply, and clone.
{
  const r = sc.ruleset;
  const rng = gameStream(1);
  const pick = streamFromString('bench');
  let steps = 0;
  let clones = 0;
  let tClone = 0n;
  const t0 = process.hrtime.bigint();
  while (steps < 200_000) {
    const s = r.setup(sc.compiled, { rng });
    while (!r.isTerminal(s)) {
      const legal = r.legalActions(s);
      r.apply(s, legal[randInt(pick, legal.length)], { rng });
      steps++;
      if (steps % 10 === 0) {
        const c0 = process.hrtime.bigint();
        r.clone(s);
        tClone += process.hrtime.bigint() - c0;
        clones++;
      }
    }
  }
  const total = Number(process.hrtime.bigint() - t0 - tClone) / 1e9;
  const perStep = (total / steps) * 1e6;
  const perClone = Number(tClone) / clones / 1e3;
  console.log(`forward model: legalActions + apply ${perStep.toFixed(1)} µs/decision (${Math.round(1e6 / perStep)}/s); clone ${perClone.toFixed(2)} µs`);
  out.forwardModel = { usPerDecision: perStep, usPerClone: perClone };
}
console.log(JSON.stringify(out));
