/**
 * Our MCTS against boardgame.io's MCTSBot on tic-tac-toe, from the empty board, at the same
 * iteration budget: time per decision, iterations per second and heap allocation per iteration of
 * each, in interleaved rounds (medians reported), one thread.
 *
 *   npm ci --prefix bench/bgio          (once: boardgame.io lives in a bench-only package)
 *   taskset -c 1 npx tsx bench/tictactoe.ts [--iterations 1000,10000] [--rounds 7] [--search OLD-CHECKOUT]
 *
 * Both play the same game through their own interfaces: ours the fixture test/fixtures/tictactoe.ts
 * through the forward-model contract (random rollouts: no scripted policy; horizon 9 = to the end),
 * boardgame.io the same rules written as a boardgame.io game (its tutorial's shape) with an
 * `enumerate` of the empty cells and its default playout depth (50 ≥ 9: also to the end). The two
 * searches differ (ours is open-loop, re-plays each iteration's decisions from a clone of the root
 * and widens progressively; theirs keeps a state per node, runs its game through its reducer and
 * picks expansions at random), so this compares what one iteration costs, not how well each plays.
 */
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import * as here from '../agents/mcts/search.js';
import type { AnyRuleset } from '../src/core/model.js';
import { ticTacToe, ticTacToeScenario, LINES } from '../test/fixtures/tictactoe.js';
import { measureAllocation } from './alloc.js';

const o = new Command()
  .option('--iterations <list>', 'iteration budgets, comma-separated', '1000,10000')
  .option('--rounds <n>', 'interleaved rounds per budget', (v) => Number(v), 7)
  .option('--search <dir>', 'take our search from this checkout instead (e.g. an older commit, for before/after figures)', '')
  .option('--decisions <n>', 'boardgame.io decisions (fresh searches, seeds 1..n) per round; ours makes enough for 50,000 iterations a round (at least as many)', (v) => Number(v), 3)
  .parse()
  .opts<{ iterations: string; rounds: number; decisions: number; search: string }>();

// ---- boardgame.io, from the bench-only package bench/bgio ----
const bgioDir = fileURLToPath(new URL('./bgio/', import.meta.url));
if (!existsSync(`${bgioDir}node_modules/boardgame.io/package.json`)) {
  console.error('boardgame.io is not installed for this bench: run `npm ci --prefix bench/bgio` first');
  process.exit(2);
}
const req = createRequire(`${bgioDir}package.json`);
type BgState = { G: { cells: (string | null)[] }; ctx: { currentPlayer: string; gameover?: unknown } };
type Move = { move: string; args: unknown[] };
const { MCTSBot } = req('boardgame.io/ai') as {
  MCTSBot: new (o: { game: unknown; enumerate: (G: BgState['G'], ctx: BgState['ctx']) => Move[]; seed: string; iterations: number }) => {
    play(state: BgState, playerID: string): Promise<{ action: { payload: { args: unknown[] } } }>;
    iterationCounter: number;
  };
};
const { InitializeGame } = req('boardgame.io/internal') as { InitializeGame(o: { game: unknown; numPlayers: number }): BgState };

/** Tic-tac-toe as a boardgame.io game (the shape of its tutorial), the same rules as the fixture. */
const bgGame = {
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }: { G: BgState['G']; playerID: string }, id: number) => {
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }: { G: BgState['G']; ctx: BgState['ctx'] }) => {
    for (const [a, b, c] of LINES) if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) return { winner: ctx.currentPlayer };
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};
const enumerate = (G: BgState['G']): Move[] => {
  const out: Move[] = [];
  for (let i = 0; i < 9; i++) if (G.cells[i] === null) out.push({ move: 'clickCell', args: [i] });
  return out;
};

type Side = (iterations: number, seed: number) => Promise<number>;

/** boardgame.io: one decision from the empty board; returns the iterations it ran. */
const theirs: Side = async (iterations, seed) => {
  const bot = new MCTSBot({ game: bgGame, enumerate, seed: String(seed), iterations });
  await bot.play(InitializeGame({ game: bgGame, numPlayers: 2 }), '0');
  return bot.iterationCounter;
};
/** Ours: one decision from the empty board; returns the iterations it ran. */
const R = ticTacToe as unknown as AnyRuleset;
const empty = ticTacToe.setup(ticTacToeScenario(), { rng: { next: () => 0 } });
const { search, DEFAULT_SEARCH } = o.search ? ((await import(`${resolve(o.search)}/agents/mcts/search.ts`)) as typeof here) : here;
const ours: Side = async (iterations, seed) => search(R, empty, { ...DEFAULT_SEARCH, iterations, horizon: 9, focus: 1 }, seed, null).iterations;

/** Iterations per CPU-second and bytes allocated per iteration over `decisions` decisions. */
async function measure(side: Side, iterations: number, decisions: number): Promise<{ rate: number; bytes: number; msPerDecision: number }> {
  let iters = 0;
  const c0 = process.cpuUsage();
  // Both run synchronously (boardgame.io's bot resolves its promise after its loop), so the
  // allocation is measured around the whole batch.
  const promises: Promise<number>[] = [];
  const { bytes } = measureAllocation(() => {
    for (let k = 1; k <= decisions; k++) promises.push(side(iterations, k));
  });
  for (const p of promises) iters += await p;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  return { rate: iters / cpu, bytes: bytes / iters, msPerDecision: (cpu * 1000) / decisions };
}

const med = (x: number[]): number => {
  const s = [...x].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const out: Record<string, unknown> = { node: process.version };
for (const n of o.iterations.split(',').map(Number)) {
  // Warm-up (JIT), not counted.
  const oursDecisions = Math.max(o.decisions, Math.ceil(50_000 / n));
  for (let w = 0; w < 3; w++) await measure(ours, n, oursDecisions);
  await measure(theirs, Math.min(n, 2000), 1);
  const a: number[] = [];
  const b: number[] = [];
  const ab: number[] = [];
  const bb: number[] = [];
  const am: number[] = [];
  const bm: number[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const order: [Side, number, number[], number[], number[]][] = r % 2 === 0 ? [[ours, oursDecisions, a, ab, am], [theirs, o.decisions, b, bb, bm]] : [[theirs, o.decisions, b, bb, bm], [ours, oursDecisions, a, ab, am]];
    for (const [side, decisions, rates, bytes, ms] of order) {
      const x = await measure(side, n, decisions);
      rates.push(x.rate);
      bytes.push(x.bytes);
      ms.push(x.msPerDecision);
    }
    console.log(`${n} iterations, round ${r + 1}: ours ${Math.round(a[r])} it/s (${am[r].toFixed(2)} ms), boardgame.io ${Math.round(b[r])} it/s (${bm[r].toFixed(1)} ms); ratio ${(a[r] / b[r]).toFixed(1)}×`);
  }
  const ratio = med(a.map((x, i) => x / b[i]));
  console.log(
    `${n} iterations from the empty board, medians over ${o.rounds} rounds: ours ${Math.round(med(a))} iterations per CPU-second (${med(am).toFixed(2)} ms per decision, ${Math.round(med(ab))} bytes per iteration); ` +
      `boardgame.io MCTSBot ${Math.round(med(b))} (${med(bm).toFixed(1)} ms, ${Math.round(med(bb))} bytes per iteration); ours ${ratio.toFixed(1)}× faster`,
  );
  out[`it${n}`] = { ours: med(a), theirs: med(b), ratio, oursBytes: med(ab), theirsBytes: med(bb) };
}
console.log(JSON.stringify(out));
