/**
 * Where an MCTS iteration's time and bytes go, by phase of the search: the re-play of the tree
 * path (`descend`: selection, the legal lists and their keys at the tables on the way, the states
 * copied and the actions applied), expansion (the evaluator's priors at a new table), the rollout
 * and the leaf's evaluation (`evaluate`), the back-up. On the bench:mcts / bench/ab-mcts.ts
 * position (`--scenario S --position-decisions N`, heuristic play from seed 1) with the same search
 * settings as bench/ab-mcts.ts (`--agent-settings` as there).
 *
 *   node --single-threaded --import tsx bench/mcts-phases.ts --scenario wagon-raid --position-decisions 123
 *
 * Three measures, each over `--searches` searches of `--iterations` after one search of warm-up:
 * - calls: forward-model calls and policy calls per iteration, by phase (the ruleset wrapped in
 *   counters; a separate run, so that the wrappers do not touch the other two);
 * - CPU: the inspector's sampling CPU profiler (100 µs); each sample is charged to the outermost
 *   search step on its stack (descend / evaluate / backUp) and, within it, the innermost function
 *   of agents/mcts/ and the outermost function outside it (the ruleset's or policy's call); the
 *   collector's samples have no stack and are listed apart;
 * - bytes: the inspector's sampling heap profiler with objects already collected included (every
 *   allocation, not only what lives on), charged the same way. Under `node --single-threaded` (no
 *   concurrent compilation) and with V8's sampling randomness suppressed this gives the same
 *   figure run after run.
 */
import { Command } from 'commander';
import { Session } from 'node:inspector';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { DEFAULT_SEARCH, ScriptedRollout, RandomRollout, searchWith, type Evaluator, type Policy } from '../agents/mcts/search.js';
import type { SearchOptions } from '../agents/mcts/params.js';
import { benchSearchOptions } from './shared.js';
import type { AnyRuleset, Json, SideId, StepContext } from '../src/core/model.js';
import { setFlagsFromString } from 'node:v8';

const o = new Command()
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--position-decisions <n>', 'decisions of heuristic play (seed 1) before the measured position', (v) => Number(v), 300)
  .option('--iterations <n>', 'iterations per search', (v) => Number(v), 1000)
  .option('--searches <n>', 'measured searches (seeds 1..n)', (v) => Number(v), 4)
  .option('--agent-settings', 'search as the mcts agent does on this ruleset (as bench/ab-mcts.ts)')
  .option('--top <n>', 'rows listed per measure', (v) => Number(v), 14)
  .option('--sites', 'list the bytes also by allocation site (the innermost function, its file and line)')
  .parse()
  .opts<{
    scenario: string;
    positionDecisions: number;
    iterations: number;
    searches: number;
    agentSettings?: boolean;
    top: number;
    sites?: boolean;
  }>();

setFlagsFromString('--sampling-heap-profiler-suppress-randomness');

const sc = loadScenario(o.scenario);
const r = sc.ruleset as AnyRuleset;
const h = resolveBuiltinAgent('heuristic');
const sides = r.sides(sc.compiled);
const agents = makeAgents(sc, 1, Object.fromEntries(sides.map((s) => [s, h])), 1);
const g = new GameSession(sc, 1, Object.fromEntries(sides.map((s) => [s, 'heuristic'])));
for (let i = 0; i < o.positionDecisions && g.current() !== null; i++) {
  const side = g.current() as string;
  const legal = g.legal();
  g.submit(agents[side].decide({ ruleset: r, state: g.state, side, legal, scenario: sc } as never) as Json, legal);
}
const root = g.state;
const p = r.policy;
const policy: Policy | null = p ? (s, legal) => p.scores(s, legal) : null;
const opts = benchSearchOptions(DEFAULT_SEARCH, o.iterations, r.searchDefaults, o.agentSettings === true) as unknown as SearchOptions;
let fast = policy;
if (o.agentSettings) {
  const rollout = p?.rollout;
  if (p && rollout) fast = (s, legal) => rollout.call(p, s, legal);
}
const evaluatorFor = (rr: AnyRuleset, pol: Policy | null, fa: Policy | null): Evaluator =>
  pol === null && fa === null ? new RandomRollout(rr, opts) : new ScriptedRollout(rr, opts, pol, fa);

function run(rr: AnyRuleset, ev: Evaluator): number {
  let it = 0;
  for (let seed = 1; seed <= o.searches; seed++) it += searchWith(rr, root, opts, seed, ev).iterations;
  return it;
}

// ---- calls by phase ----
let phase = 'descend';
const counts = new Map<string, number>();
const count = (what: string): void => {
  const k = `${phase}: ${what}`;
  counts.set(k, (counts.get(k) ?? 0) + 1);
};
const wrapped = Object.create(r) as AnyRuleset;
const w = wrapped as unknown as Record<string, unknown>;
for (const m of [
  'legalActions',
  'apply',
  'applyLegal',
  'clone',
  'cloneInto',
  'actionKey',
  'isTerminal',
  'currentSide',
  'evaluate',
  'evaluateSides',
]) {
  const f = (r as unknown as Record<string, unknown>)[m];
  if (typeof f !== 'function') continue;
  // defineProperty: the ruleset is frozen, and an inherited read-only property blocks assignment.
  Object.defineProperty(w, m, {
    value: function (...args: unknown[]): unknown {
      count(m);
      return (f as (...a: unknown[]) => unknown).apply(r, args);
    },
  });
}
const cPolicy: Policy | null = policy ? (s, l) => (count('policy scores'), policy(s, l)) : null;
const cFast: Policy | null = fast ? (s, l) => (count('fast scores'), fast(s, l)) : null;
const inner = evaluatorFor(wrapped, cPolicy, cFast);
const countingEv: Evaluator = {
  prior(s: unknown, legal: readonly Json[], isRoot: boolean) {
    phase = 'expand (prior)';
    try {
      return inner.prior(s, legal, isRoot);
    } finally {
      phase = 'descend';
    }
  },
  evaluate(s: unknown, ctx: StepContext, budget: number, sd: readonly SideId[], n: number, out: number[]) {
    phase = 'evaluate';
    try {
      return inner.evaluate(s, ctx, budget, sd, n, out);
    } finally {
      phase = 'descend';
    }
  },
};
run(wrapped, countingEv);
counts.clear();
const itCount = run(wrapped, countingEv);
console.log(
  `${o.scenario} after ${o.positionDecisions} decisions, ${o.iterations} iterations × ${o.searches} searches${o.agentSettings ? ' (agent settings)' : ''}; horizon ${opts.horizon}`,
);
console.log('\ncalls per iteration, by phase:');
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${(v / itCount).toFixed(2).padStart(9)}  ${k}`);

// ---- CPU and bytes by phase ----
interface Frame {
  functionName: string;
  url: string;
  lineNumber?: number;
}
interface ProfNode {
  id: number;
  callFrame: Frame;
  children?: number[];
  parent?: number;
}
const session = new Session();
session.connect();
const post = <T>(method: string, params?: object): Promise<T> =>
  new Promise((res, rej) => session.post(method, params ?? {}, (err, v) => (err ? rej(err) : res(v as T))));

const SEARCH = /agents\/mcts\//;
const STEPS = new Set(['descend', 'evaluate', 'backUp', 'start', 'result', 'finish']);
/** The class of a stack (outermost first). */
function classify(stack: Frame[]): string {
  let i = stack.findIndex((f) => SEARCH.test(f.url) && STEPS.has(f.functionName));
  if (i < 0) {
    const top = stack[stack.length - 1];
    return top ? `(outside the search) ${top.functionName || '(anonymous)'}` : '(none)';
  }
  const step = stack[i].functionName;
  let searchFn = step;
  for (i = i + 1; i < stack.length; i++) {
    if (SEARCH.test(stack[i].url)) searchFn = stack[i].functionName || '(anonymous)';
    else break;
  }
  const call = i < stack.length ? stack[i].functionName || '(anonymous)' : '(own code)';
  return `${step} / ${searchFn} / ${call}`;
}

const ev = evaluatorFor(r, policy, fast);
run(r, ev);
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 100 });
await post('Profiler.start');
const itCpu = run(r, ev);
const { profile } = await post<{ profile: { nodes: ProfNode[]; samples: number[]; startTime: number; endTime: number } }>('Profiler.stop');
const byId = new Map<number, ProfNode>();
for (const n of profile.nodes) byId.set(n.id, n);
for (const n of profile.nodes) for (const c of n.children ?? []) (byId.get(c) as ProfNode).parent = n.id;
const stackOf = (id: number): Frame[] => {
  const st: Frame[] = [];
  for (let n = byId.get(id); n; n = n.parent === undefined ? undefined : byId.get(n.parent)) st.push(n.callFrame);
  return st.reverse();
};
const cpu = new Map<string, number>();
const stepCpu = new Map<string, number>();
for (const id of profile.samples) {
  const st = stackOf(id);
  const k = classify(st);
  cpu.set(k, (cpu.get(k) ?? 0) + 1);
  const s = k.split(' / ')[0];
  stepCpu.set(s, (stepCpu.get(s) ?? 0) + 1);
}
const nSamples = profile.samples.length;
const ms = (profile.endTime - profile.startTime) / 1000;
console.log(
  `\nCPU (${nSamples} samples, ${ms.toFixed(0)} ms profiled, ${((ms * 1000) / itCpu).toFixed(1)} µs an iteration with the profiler on), by step:`,
);
for (const [k, v] of [...stepCpu].sort((a, b) => b[1] - a[1])) console.log(`  ${((100 * v) / nSamples).toFixed(1).padStart(5)}%  ${k}`);
console.log('by step / search function / call:');
for (const [k, v] of [...cpu].sort((a, b) => b[1] - a[1]).slice(0, o.top))
  console.log(`  ${((100 * v) / nSamples).toFixed(1).padStart(5)}%  ${k}`);

interface HeapNode {
  callFrame: Frame;
  selfSize: number;
  children: HeapNode[];
}
await post('HeapProfiler.enable');
await post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const itHeap = run(r, ev);
const { profile: hp } = await post<{ profile: { head: HeapNode } }>('HeapProfiler.getSamplingProfile');
await post('HeapProfiler.stopSampling');
const bytes = new Map<string, number>();
const stepBytes = new Map<string, number>();
const siteBytes = new Map<string, number>();
let total = 0;
const walk = (n: HeapNode, st: Frame[]): void => {
  st.push(n.callFrame);
  if (n.selfSize > 0) {
    const k = classify(st);
    bytes.set(k, (bytes.get(k) ?? 0) + n.selfSize);
    const s = k.split(' / ')[0];
    stepBytes.set(s, (stepBytes.get(s) ?? 0) + n.selfSize);
    total += n.selfSize;
    const f = n.callFrame;
    const site = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|agents|bench)\//, '$1/')}:${(f.lineNumber ?? -1) + 1}`;
    siteBytes.set(site, (siteBytes.get(site) ?? 0) + n.selfSize);
  }
  for (const c of n.children) walk(c, st);
  st.pop();
};
walk(hp.head, []);
const kb = (b: number): string => (b / itHeap / 1024).toFixed(2).padStart(8);
console.log(`\nbytes (sampling heap profile, collected objects included): ${kb(total)} KB an iteration, by step:`);
for (const [k, v] of [...stepBytes].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(v)} KB  ${k}`);
console.log('by step / search function / call:');
for (const [k, v] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, o.top)) console.log(`  ${kb(v)} KB  ${k}`);
if (o.sites) {
  console.log('by allocation site (innermost function, the line its definition starts on in the loaded code):');
  for (const [k, v] of [...siteBytes].sort((a, b) => b[1] - a[1]).slice(0, o.top)) console.log(`  ${kb(v)} KB  ${k}`);
}
session.disconnect();
