/**
 * The cost of the exec protocol (issue 43, docs/PROTOCOL.md): decisions per second of the Python
 * random client (clients/python/examples/random_agent.py) against the built-in `random`, both sides
 * played by the same agent, whole Supply Raid games one after another on this thread; and forward-model
 * requests per second from Python (bench/exec_simulate.py), beside the same work done in-process.
 *
 *   npx tsx bench/exec.ts --games 10 --rounds 3
 *
 * The Python client is timed started for each game (the default: its interpreter's start-up is part
 * of every game) and kept between games (`#reuse=1`: the cost of the protocol alone).
 *
 * Rounds interleave the agents (A, B, C, A, B, C, …) and the median round is quoted, so load that
 * comes and goes on a shared machine falls on all of them alike. CPU seconds count this process and
 * its reaped children (the clients: /proc/self/stat cutime + cstime), so a decision's CPU cost is
 * both ends of the pipe.
 */
import { Command } from 'commander';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { closeIdleClients, resolveAgent } from '../agents/index.js';
import { GameSession, makeAgents, playGame } from '../src/core/game.js';
import { loadScenario } from '../src/rules/index.js';
import { agentStream, streamFromString } from '../src/core/rng.js';
import type { Json } from '../src/core/model.js';

const o = new Command()
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--games <n>', 'games per agent and round', (v) => Number(v), 10)
  .option('--rounds <n>', 'rounds (the median is quoted)', (v) => Number(v), 3)
  .option('--calls <n>', 'forward-model requests per kind', (v) => Number(v), 2000)
  .parse()
  .opts<{ scenario: string; games: number; rounds: number; calls: number }>();

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
const TICKS = 100; // USER_HZ: clock ticks per second in /proc (100 on Linux)

/** CPU seconds of this process and of its children that have been reaped. */
function cpuSeconds(): number {
  const c = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the command: state is f[0], so utime…cstime (14–17 in proc(5)) are f[11]…f[14].
  const children = (Number(f[13]) + Number(f[14])) / TICKS;
  return (c.user + c.system) / 1e6 + children;
}

/**
 * The built-in random; the Python random client started for each game (the default), kept between
 * games (`reuse=1`: the protocol's cost per decision without the interpreter's start-up), and kept
 * and asking for the observation and the words of every action (`full=1`).
 */
const AGENTS = [
  'random',
  'exec:python3 clients/python/examples/random_agent.py',
  'exec:python3 clients/python/examples/random_agent.py#reuse=1',
  'exec:python3 clients/python/examples/random_agent.py#full=1,reuse=1',
];

async function games(spec: string, round: number): Promise<{ dps: number; cpuDps: number; decisions: number }> {
  const a = await resolveAgent(spec);
  const fac = Object.fromEntries(sides.map((s) => [s, a]));
  let decisions = 0;
  const t0 = performance.now();
  const c0 = cpuSeconds();
  for (let k = 1; k <= o.games; k++) {
    const seed = round * 1000 + k;
    const agents = makeAgents(sc, seed, fac, 1, 10_000);
    const { result } = await playGame(sc, seed, agents, { timeLimitMs: 10_000 });
    for (const x of Object.values(agents)) await x.close?.({ winner: result.winner, reason: result.reason });
    decisions += result.decisions;
  }
  await closeIdleClients();
  const s = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - c0;
  return { dps: decisions / s, cpuDps: decisions / cpu, decisions };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Requests of one kind from Python at the first decision of the first side (seed 1): per second of
 * wall time, and the CPU they cost in both processes (the client's own CPU for its timed loop, and
 * this process's CPU during the decision, less that of the warm-up's share).
 */
async function fromPython(kind: string): Promise<{ perSecond: number; cpuUs: number; legal: number }> {
  const out = join(mkdtempSync(join(tmpdir(), 'skirmish-bench-exec-')), 'rates.json');
  const a = await resolveAgent(
    `exec:python3 bench/exec_simulate.py#calls=${(o.calls + 200) * 2 + 10},kind=${kind},n=${o.calls},out=${out}`,
  );
  const g = new GameSession(sc, 1, {});
  const side = g.current() as string;
  const agent = a.factory({
    ruleset: sc.ruleset,
    scenario: sc.compiled,
    scenarioData: sc.raw as Json,
    side,
    rng: agentStream(1, side),
    seed: 1,
    options: a.options,
    maxThreads: 1,
    timeLimitMs: 600_000,
  });
  const c0 = process.cpuUsage();
  await agent.decide({ ruleset: sc.ruleset, state: g.state, side, legal: g.legal() });
  const c = process.cpuUsage(c0);
  await agent.close?.();
  const r = JSON.parse(readFileSync(out, 'utf8')) as { requests: number; wall: number; cpu: number; legal: number };
  // This process answered n + 200 requests (twice as many with `keep`) during the decision; the timed n of them get their share.
  const nodeCpu = ((c.user + c.system) / 1e6) * (o.calls / (o.calls + 200));
  return { perSecond: r.requests / r.wall, cpuUs: ((r.cpu + nodeCpu) / r.requests) * 1e6, legal: r.legal };
}

/** The same requests' work done in-process (clone, apply, playout, evaluate for every side, legal count), per CPU-second. */
function inProcess(): Record<string, number> {
  const r = sc.ruleset;
  const g = new GameSession(sc, 1, {});
  const legal = g.legal();
  const n = o.calls;
  const out: Record<string, number> = {};
  const one = (i: number, policy: 'script' | 'random' | null): void => {
    const rng = streamFromString(`simulate/${i}`);
    const s = r.clone(g.state);
    if (r.applyLegal) r.applyLegal(s, legal[i % legal.length], { rng });
    else r.apply(s, legal[i % legal.length], { rng });
    for (let k = 0; policy !== null && k < 12 && r.currentSide(s) !== null; k++) {
      const l = r.legalActions(s);
      let a: Json;
      if (policy === 'random') a = l[Math.floor(rng.next() * l.length)];
      else {
        const scores = r.policy?.rollout ? r.policy.rollout(s, l) : (r.policy as NonNullable<typeof r.policy>).scores(s, l);
        let best = 0;
        for (let j = 1; j < scores.length; j++) if (scores[j] > scores[best]) best = j;
        a = l[best];
      }
      if (r.applyLegal) r.applyLegal(s, a, { rng });
      else r.apply(s, a, { rng });
    }
    for (const x of sides) r.evaluate(s, x);
    if (r.currentSide(s) !== null) r.legalActions(s);
  };
  for (const [name, policy] of [
    ['step', null],
    ['script12', 'script'],
    ['random12', 'random'],
  ] as const) {
    for (let i = 0; i < 200; i++) one(i, policy); // warm up
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) one(i, policy);
    const c = process.cpuUsage(c0);
    out[name] = n / ((c.user + c.system) / 1e6); // per CPU-second: steadier than the wall clock on a shared machine
  }
  return out;
}

process.stdout.write(
  `exec protocol bench: ${sc.id}, ${o.games} games per agent and round, ${o.rounds} rounds; load average before ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
// Warm-up: one game each (JIT, Python's first start).
for (const spec of AGENTS) {
  const a = await resolveAgent(spec);
  const agents = makeAgents(sc, 999_999, Object.fromEntries(sides.map((s) => [s, a])), 1, 10_000);
  await playGame(sc, 999_999, agents, { timeLimitMs: 10_000 });
  for (const x of Object.values(agents)) await x.close?.();
}
await closeIdleClients();
const rows: Record<string, { dps: number[]; cpuDps: number[]; decisions: number }> = {};
for (let round = 1; round <= o.rounds; round++) {
  for (const spec of AGENTS) {
    const f = await games(spec, round);
    const row = (rows[spec] ??= { dps: [], cpuDps: [], decisions: 0 });
    row.dps.push(f.dps);
    row.cpuDps.push(f.cpuDps);
    row.decisions += f.decisions;
  }
}
const base = median(rows.random.cpuDps);
process.stdout.write(
  '\n| agent (both sides) | decisions/s (wall) | decisions per CPU-second | CPU per decision | vs built-in |\n|---|---:|---:|---:|---:|\n',
);
for (const spec of AGENTS) {
  const r = rows[spec];
  const cpu = median(r.cpuDps);
  process.stdout.write(
    `| \`${spec}\` | ${Math.round(median(r.dps))} | ${Math.round(cpu)} | ${(1e6 / cpu).toFixed(1)} µs | ${(cpu / base).toFixed(3)}× |\n`,
  );
}
const ts = inProcess();
const py: Record<string, { perSecond: number; cpuUs: number; legal: number }> = {};
for (const kind of ['step', 'script12', 'random12', 'keep']) py[kind] = await fromPython(kind);
process.stdout.write(
  `\nForward-model requests from Python at the first decision (${py.step.legal} legal actions), ${o.calls} of each kind:\n\n| request | from Python /s (wall) | CPU per request, both processes | same work in-process, per CPU-second | in-process CPU per request |\n|---|---:|---:|---:|---:|\n`,
);
for (const k of ['step', 'script12', 'random12'])
  process.stdout.write(
    `| ${k} | ${Math.round(py[k].perSecond)} | ${py[k].cpuUs.toFixed(1)} µs | ${Math.round(ts[k])} | ${(1e6 / ts[k]).toFixed(1)} µs |\n`,
  );
process.stdout.write(`| keep, then release (per request) | ${Math.round(py.keep.perSecond)} | ${py.keep.cpuUs.toFixed(1)} µs | | |\n`);
process.stdout.write(
  `\nload average after ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
