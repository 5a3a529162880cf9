/**
 * Adds up the "game {…}" lines of several bench/winrate.ts outputs (shards of one run, or sides
 * played separately) into win rates per side with 95% Wilson intervals.
 *
 *   npx tsx bench/combine.ts --agent mcts out1.txt out2.txt
 */
import { readFileSync } from 'node:fs';
import { formatRate, wilson } from '../src/stats/interval.js';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const by = new Map<string, { wins: number; draws: number; games: number; seeds: Set<number> }>();
let all = { wins: 0, draws: 0, games: 0 };
for (const f of files) {
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (!line.startsWith('game ')) continue;
    const g = JSON.parse(line.slice(5)) as { side: string; seed: number; winner: string | null };
    const e = by.get(g.side) ?? { wins: 0, draws: 0, games: 0, seeds: new Set<number>() };
    if (e.seeds.has(g.seed)) continue; // a seed counted twice would bias the rate
    e.seeds.add(g.seed);
    e.games++;
    if (g.winner === g.side) e.wins++;
    else if (g.winner === null) e.draws++;
    by.set(g.side, e);
  }
}
for (const [side, e] of by) {
  console.log(`as ${side}: ${formatRate(wilson(e.wins + e.draws / 2, e.games))}`);
  all = { wins: all.wins + e.wins, draws: all.draws + e.draws, games: all.games + e.games };
}
console.log(`all sides: ${formatRate(wilson(all.wins + all.draws / 2, all.games))}`);
