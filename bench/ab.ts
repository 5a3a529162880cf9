/**
 * A/B speed of two checkouts in one process: random-play (or heuristic) decisions per CPU-second of
 * the same scenario, in interleaved batches of games on the same seeds, so that the machine's
 * swings touch both sides alike. Prints every round, the medians and the median ratio B/A, and the
 * heap allocated per decision (bench/alloc.ts) of each. Before timing, the two checkouts play the
 * warm-up seeds and the final-state hashes are compared: a speed-up that changes games is reported.
 *
 *   npx tsx bench/ab.ts --a /path/to/old-checkout --b . --rounds 20 --games 25 [--warm-games 10]
 *
 * Both checkouts need their own node_modules (`npm ci`). Run it from inside this project (tsx
 * compiles files outside an ESM package to CommonJS, which slows the hot path).
 */
import { Command } from 'commander';
import { resolve } from 'node:path';
import { measureAllocation } from './alloc.js';

const o = new Command()
  .description('A/B speed of two checkouts in one process (interleaved batches, CPU time)')
  .option('--a <dir>', 'checkout A (e.g. a worktree of the old commit)', '.')
  .option('--b <dir>', 'checkout B', '.')
  .option('--scenario <id>', 'scenario', 'supply-raid')
  .option('--agent <spec>', 'agent for every side: random or heuristic', 'random')
  .option('--rounds <n>', 'interleaved rounds', (v) => Number(v), 20)
  .option('--games <n>', 'games per batch', (v) => Number(v), 25)
  .option(
    '--warm-games <n>',
    'games each checkout plays before the timed rounds (JIT warm-up; the first 10 also compare the games)',
    (v) => Number(v),
    10,
  )
  .parse()
  .opts<{ a: string; b: string; scenario: string; agent: string; rounds: number; games: number; warmGames: number }>();

/** Plays the game of a seed; returns its decisions and final-state hash. */
type Play = (seed: number) => { decisions: number; hash: string };

async function load(root: string): Promise<Play> {
  const dir = resolve(root);
  const idx = (await import(`${dir}/src/rules/index.ts`)) as {
    loadScenario(id: string): { compiled: unknown; ruleset: { sides(c: unknown): string[] } };
  };
  const game = (await import(`${dir}/src/core/game.ts`)) as {
    playGameSync(sc: unknown, seed: number, agents: unknown): { result: { decisions: number; hash: string } };
    makeAgents(sc: unknown, seed: number, fac: unknown, n: number): unknown;
  };
  const ag = (await import(`${dir}/agents/index.ts`)) as { resolveBuiltinAgent(spec: string): unknown };
  const sc = idx.loadScenario(o.scenario);
  const a = ag.resolveBuiltinAgent(o.agent);
  const fac = Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, a]));
  return (seed) => game.playGameSync(sc, seed, game.makeAgents(sc, seed, fac, 1)).result;
}

const pa = await load(o.a);
const pb = await load(o.b);
// Warm up (JIT) on seeds the timed rounds do not use, and compare the games.
let differ = 0;
for (let s = 1_000_000; s < 1_000_010; s++) if (pa(s).hash !== pb(s).hash) differ++;
// More warm-up when asked: a scenario of short games (Escarmouche: ~110 decisions a game) leaves
// the JIT cold after 10 games, and the first timed rounds then run at a quarter of the later ones.
for (let s = 1_000_010; s < 1_000_000 + o.warmGames; s++) {
  pa(s);
  pb(s);
}
console.log(
  differ === 0
    ? 'A and B play the same games on 10 warm-up seeds (final-state hashes)'
    : `A and B play DIFFERENT games: ${differ} of 10 warm-up seeds end in other states`,
);
const bytes: { a: number[]; b: number[] } = { a: [], b: [] };
function batch(play: Play, r: number, into: number[]): number {
  let d = 0;
  const c0 = process.cpuUsage();
  const m = measureAllocation(() => {
    for (let g = 0; g < o.games; g++) d += play(1 + r * o.games + g).decisions;
  });
  const c = process.cpuUsage(c0);
  into.push(m.bytes / d);
  return d / ((c.user + c.system) / 1e6);
}
const ra: number[] = [];
const rb: number[] = [];
for (let r = 0; r < o.rounds; r++) {
  if (r % 2 === 0) {
    ra.push(batch(pa, r, bytes.a));
    rb.push(batch(pb, r, bytes.b));
  } else {
    rb.push(batch(pb, r, bytes.b));
    ra.push(batch(pa, r, bytes.a));
  }
  console.log(`round ${r + 1}: A ${Math.round(ra[r])} B ${Math.round(rb[r])} decisions per CPU-second, B/A ${(rb[r] / ra[r]).toFixed(3)}`);
}
const med = (x: number[]): number => {
  const s = [...x].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  `${o.agent} play, ${o.scenario}: A median ${Math.round(med(ra))}, B median ${Math.round(med(rb))} decisions per CPU-second; ` +
    `B/A median ${med(rb.map((b, i) => b / ra[i])).toFixed(3)} over ${o.rounds} rounds of ${o.games} games; ` +
    `allocation per decision A ${(med(bytes.a) / 1024).toFixed(1)} KB, B ${(med(bytes.b) / 1024).toFixed(1)} KB`,
);
