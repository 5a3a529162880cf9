/**
 * Our MCTS against OpenSpiel's C++ MCTSBot (and, when installed, boardgame.io's MCTSBot) on
 * tic-tac-toe from the empty board, at the same iteration budget: iterations per CPU-second, in
 * interleaved rounds (the order alternates), one core.
 *
 *   taskset -c 0 npx tsx bench/tictactoe.ts --openspiel ../shared/anchors/openspiel/ttt_bench \
 *     [--iterations 1000,10000] [--rounds 9] [--search OLD-CHECKOUT]
 *   npm ci --prefix bench/bgio          (once, for the boardgame.io column; without it, no such column)
 *
 * Run it pinned to one CPU: `ttt_bench` is spawned pinned to the CPU this process is pinned to
 * (`taskset -c N`, read from /proc/self/status), so both share the core and its caches, and every
 * rate is per CPU-second of its own process — the machine may be shared and wall-clock rates swing.
 *
 * A batch is the same work on both sides: ⌈20,000 / iterations⌉ searches (ttt_bench's own batch),
 * each a fresh search from the empty board. A round times `--batches` batches of ours in this
 * process and `--batches` of OpenSpiel's in one `ttt_bench mcts` process, each side after one
 * warm-up batch that is not counted; a side's rate in a round is its median batch. Reported per budget: the
 * medians over rounds, the median of the per-round ratios, and each side's spread — its slowest
 * batch's time over its median batch's time (a batch slowed by a garbage collection or by the
 * machine shows there).
 *
 * The sides: ours is the fixture test/fixtures/tictactoe.ts through the forward-model contract,
 * the `mcts` search with its default settings but random rollouts to the end (no scripted policy,
 * horizon 9) and the whole budget on every decision (focus 1) — open loop, progressive widening,
 * re-playing each iteration from a copy of the root or of a node's kept state. OpenSpiel's is
 * `algorithms::MCTSBot` with `RandomRolloutEvaluator(1)`, UCT c = 2, solve off (README beside
 * ttt_bench). boardgame.io's is the same rules as a boardgame.io game (its tutorial's shape) with
 * an `enumerate` of the empty cells and its default playout depth. The searches differ, so this
 * compares what one iteration costs, not how well each plays.
 */
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import * as here from '../agents/mcts/search.js';
import type { AnyRuleset } from '../src/core/model.js';
import { ticTacToe, ticTacToeScenario, LINES } from '../test/fixtures/tictactoe.js';
import { measureAllocation } from './alloc.js';

const repo = fileURLToPath(new URL('../', import.meta.url));
const o = new Command()
  .option('--iterations <list>', 'iteration budgets, comma-separated', '1000,10000')
  .option('--rounds <n>', 'interleaved rounds per budget', (v) => Number(v), 9)
  .option('--batches <n>', 'timed batches per side per round', (v) => Number(v), 3)
  .option(
    '--openspiel <path>',
    "OpenSpiel's ttt_bench binary (skipped when missing)",
    process.env.OPENSPIEL_TTT_BENCH ?? resolve(repo, '../shared/anchors/openspiel/ttt_bench'),
  )
  .option('--search <dir>', 'take our search from this checkout instead (e.g. an older commit, for before/after figures)', '')
  .option(
    '--bgio-decisions <n>',
    'boardgame.io decisions (fresh searches, seeds 1..n) per round, when it is installed; 0: no such column',
    (v) => Number(v),
    3,
  )
  .parse()
  .opts<{ iterations: string; rounds: number; batches: number; openspiel: string; search: string; bgioDecisions: number }>();

const med = (x: number[]): number => {
  const s = [...x].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** A side's spread: its slowest batch's time over its median batch's time (batches of equal work). */
const spread = (rates: number[]): number => med(rates) / Math.min(...rates);

// ---- where we run: the CPUs this process may use (pin it with taskset) ----
const cpus =
  /Cpus_allowed_list:\s*(\S+)/.exec(existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '')?.[1] ?? '?';
const pinned = /^\d+$/.test(cpus);
if (!pinned) console.warn(`not pinned to one CPU (allowed: ${cpus}): run under \`taskset -c 0\` for figures to quote`);

// ---- ours ----
const R = ticTacToe as unknown as AnyRuleset;
const empty = ticTacToe.setup(ticTacToeScenario(), { rng: { next: () => 0 } });
const { search, DEFAULT_SEARCH } = o.search ? ((await import(`${resolve(o.search)}/agents/mcts/search.ts`)) as typeof here) : here;
/** One batch of ours: `searches` fresh searches (seeds 1..searches); iterations per CPU-second. */
function oursBatch(iterations: number, searches: number): number {
  const opts = { ...DEFAULT_SEARCH, iterations, horizon: 9, focus: 1 };
  let iters = 0;
  const c0 = process.cpuUsage();
  for (let k = 1; k <= searches; k++) iters += search(R, empty, opts, k, null).iterations;
  const c = process.cpuUsage(c0);
  return iters / ((c.user + c.system) / 1e6);
}

// ---- OpenSpiel's C++ MCTSBot, in its own process ----
const openspiel = existsSync(o.openspiel) ? o.openspiel : null;
if (!openspiel) console.warn(`no OpenSpiel column: ${o.openspiel} not found (--openspiel PATH or OPENSPIEL_TTT_BENCH)`);
/** `batches` timed batches of ttt_bench (after one warm-up batch), pinned to our CPU; their iterations per CPU-second. */
function openspielBatches(iterations: number, searches: number, batches: number, seed: number): number[] {
  const args = [
    'mcts',
    '--iterations',
    String(iterations),
    '--batch',
    String(searches),
    '--reps',
    String(batches),
    '--warm',
    '1',
    '--seed',
    String(seed),
  ];
  const run = pinned
    ? spawnSync('taskset', ['-c', cpus, openspiel as string, ...args], { encoding: 'utf8' })
    : spawnSync(openspiel as string, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ttt_bench failed (${run.status}): ${run.stderr}`);
  const line = JSON.parse(run.stdout.trim().split('\n').pop() as string) as { rates: number[] };
  return line.rates;
}

// ---- boardgame.io's MCTSBot, from the bench-only package bench/bgio (optional) ----
const bgioDir = fileURLToPath(new URL('./bgio/', import.meta.url));
const bgioInstalled = o.bgioDecisions > 0 && existsSync(`${bgioDir}node_modules/boardgame.io/package.json`);
if (o.bgioDecisions > 0 && !bgioInstalled) console.warn('no boardgame.io column: run `npm ci --prefix bench/bgio` first');
type BgState = { G: { cells: (string | null)[] }; ctx: { currentPlayer: string; gameover?: unknown } };
type Move = { move: string; args: unknown[] };
type BgBot = { play(state: BgState, playerID: string): Promise<unknown>; iterationCounter: number };
/** One boardgame.io decision from the empty board; returns the iterations it ran. */
let theirs: ((iterations: number, seed: number) => Promise<number>) | null = null;
if (bgioInstalled) {
  const req = createRequire(`${bgioDir}package.json`);
  const { MCTSBot } = req('boardgame.io/ai') as {
    MCTSBot: new (o: { game: unknown; enumerate: (G: BgState['G']) => Move[]; seed: string; iterations: number }) => BgBot;
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
      for (const [a, b, c] of LINES)
        if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) return { winner: ctx.currentPlayer };
      if (G.cells.every((c) => c !== null)) return { draw: true };
      return undefined;
    },
  };
  const enumerate = (G: BgState['G']): Move[] => {
    const out: Move[] = [];
    for (let i = 0; i < 9; i++) if (G.cells[i] === null) out.push({ move: 'clickCell', args: [i] });
    return out;
  };
  theirs = async (iterations, seed) => {
    const bot = new MCTSBot({ game: bgGame, enumerate, seed: String(seed), iterations });
    await bot.play(InitializeGame({ game: bgGame, numPlayers: 2 }), '0');
    return bot.iterationCounter;
  };
}
/** boardgame.io: `decisions` decisions; iterations per CPU-second. */
async function bgioRate(iterations: number, decisions: number): Promise<number> {
  let iters = 0;
  const c0 = process.cpuUsage();
  for (let k = 1; k <= decisions; k++) iters += await (theirs as NonNullable<typeof theirs>)(iterations, k);
  const c = process.cpuUsage(c0);
  return iters / ((c.user + c.system) / 1e6);
}

const out: Record<string, unknown> = { node: process.version, cpus, load1: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]) };
for (const n of o.iterations.split(',').map(Number)) {
  const searches = Math.max(1, Math.ceil(20_000 / n));
  // Warm-up (JIT), not counted.
  for (let w = 0; w < 3; w++) oursBatch(n, searches);
  if (theirs) await bgioRate(Math.min(n, 2000), 1);
  const ours: number[] = []; // every batch
  const os: number[] = [];
  const oursRound: number[] = [];
  const osRound: number[] = [];
  const bg: number[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const mine = (): void => {
      oursBatch(n, searches); // a warm-up batch, not counted, as ttt_bench's `--warm 1`
      const b: number[] = [];
      for (let i = 0; i < o.batches; i++) b.push(oursBatch(n, searches));
      ours.push(...b);
      oursRound.push(med(b));
    };
    const cpp = (): void => {
      if (!openspiel) return;
      const b = openspielBatches(n, searches, o.batches, r + 1);
      os.push(...b);
      osRound.push(med(b));
    };
    if (r % 2 === 0) {
      mine();
      cpp();
    } else {
      cpp();
      mine();
    }
    if (theirs) bg.push(await bgioRate(n, o.bgioDecisions));
    console.log(
      `${n} iterations, round ${r + 1}: ours ${Math.round(oursRound[r])} it/s` +
        (openspiel ? `, OpenSpiel ${Math.round(osRound[r])} it/s (ours ${(oursRound[r] / osRound[r]).toFixed(2)}×)` : '') +
        (theirs ? `, boardgame.io ${Math.round(bg[r])} it/s` : ''),
    );
  }
  // Heap allocated per iteration by ours (one batch more, not timed).
  let iters = 0;
  const { bytes } = measureAllocation(() => {
    for (let k = 1; k <= searches; k++)
      iters += search(R, empty, { ...DEFAULT_SEARCH, iterations: n, horizon: 9, focus: 1 }, k, null).iterations;
  });
  const res: Record<string, number | number[]> = {
    ours: med(oursRound),
    oursSpread: spread(ours),
    oursBytes: bytes / iters,
    oursBatches: ours.map(Math.round),
  };
  let line = `${n} iterations from the empty board (${searches} searches a batch), medians over ${o.rounds} rounds, per CPU-second: ours ${Math.round(med(oursRound))} (slowest batch ${spread(ours).toFixed(2)}× the median's time; ${Math.round(bytes / iters)} bytes allocated per iteration)`;
  if (openspiel) {
    const ratio = med(oursRound.map((x, i) => x / osRound[i]));
    Object.assign(res, { openspiel: med(osRound), openspielSpread: spread(os), ratio, openspielBatches: os });
    line += `; OpenSpiel C++ MCTSBot ${Math.round(med(osRound))} (slowest batch ${spread(os).toFixed(2)}×); ours/OpenSpiel ${ratio.toFixed(2)}× (per-round ratios ${oursRound.map((x, i) => (x / osRound[i]).toFixed(2)).join(' ')})`;
  }
  if (theirs) {
    res.bgio = med(bg);
    line += `; boardgame.io MCTSBot ${Math.round(med(bg))} (ours ${(med(oursRound) / med(bg)).toFixed(0)}×)`;
  }
  console.log(line);
  out[`it${n}`] = res;
}
console.log(JSON.stringify(out));
