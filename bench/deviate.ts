/**
 * How often a searching agent would decide otherwise than the scripted policy, by phase of the
 * decision: heuristic-vs-heuristic games are played, and at every n-th decision of one side with a
 * choice the agent under test is asked too (its answer is not played). Shows where search overrides
 * the script (issue 16: with a strong pirates' script the search's deviations lost games).
 *
 *   npx tsx bench/deviate.ts --scenario supply-raid --side pirates --agent mcts --games 2 --every 5
 *
 * "phase" is the state's `phase` field when it has one (Pirates!: 0 band, 1 group move, 2 figure).
 *
 * With `--playouts k`, every departure is also valued: the agent's choice and the script's are each
 * played out to the end of the game by the script for both sides, on k paired random streams (the
 * same k streams for both choices), and the difference in the side's win rate is averaged per phase —
 * positive when the departures are better than the script's choice, about 0 when they are noise.
 *
 *   npx tsx bench/deviate.ts --scenario supply-raid --side pirates --agent mcts --games 8 --every 5 --playouts 40
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveAgent } from '../agents/index.js';
import type { AnyRuleset, Json } from '../src/core/model.js';
import { FastRng } from '../src/core/rng.js';
import { argmax, scriptedPolicy } from '../agents/heuristic/index.js';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'supply-raid')
  .option('--side <side>', 'the side whose decisions are compared', 'pirates')
  .option('--agent <spec>', 'the agent compared with the script', 'mcts')
  .option('--games <n>', 'games (seeds 1..n)', (v) => Number(v), 2)
  .option('--every <n>', 'ask at every n-th decision with a choice', (v) => Number(v), 5)
  .option('--show <n>', 'examples printed per phase', (v) => Number(v), 4)
  .option(
    '--playouts <k>',
    "value each departure by k paired playouts to the end (script for both sides) of it and of the script's choice",
    (v) => Number(v),
    0,
  )
  .parse()
  .opts<{ scenario: string; side: string; agent: string; games: number; every: number; show: number; playouts: number }>();

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
if (!sides.includes(o.side)) throw new Error(`--side: "${o.side}" is not a side of ${o.scenario} (${sides.join(', ')})`);
const script = await resolveAgent('heuristic');
const tested = await resolveAgent(o.agent);
const counts: Record<string, { asked: number; other: number; valued: number; diff: number; diffSq: number }> = {};
const policy = scriptedPolicy(sc.ruleset);
if (o.playouts > 0 && !policy) throw new Error(`--playouts: ruleset ${sc.ruleset.id} has no scripted policy to play out with`);

/** 1 when `--side` wins the game played on from `state` by `first` and then the script for every side, on stream `seed`. */
function playout(r: AnyRuleset, state: unknown, first: Json, seed: number): number {
  const s = r.clone(state);
  const ctx = { rng: new FastRng(seed) };
  r.apply(s, first, ctx);
  while (!r.isTerminal(s)) {
    const legal = r.legalActions(s);
    r.apply(s, legal.length > 1 && policy ? legal[argmax(policy(s, legal))] : legal[0], ctx);
  }
  return r.outcome(s)?.winner === o.side ? 1 : 0;
}
for (let seed = 1; seed <= o.games; seed++) {
  const play = makeAgents(sc, seed, Object.fromEntries(sides.map((s) => [s, script])), 1);
  const ask = makeAgents(sc, seed, Object.fromEntries(sides.map((s) => [s, tested])), 1);
  const g = new GameSession(sc, seed, {});
  let n = 0;
  for (let side = g.current(); side !== null; side = g.current()) {
    const legal = g.legal();
    const h: Json = await play[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal });
    if (side === o.side && legal.length > 1 && n++ % o.every === 0) {
      const d: Json = await ask[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal });
      const st = g.state as { phase?: unknown };
      const ph = String(st.phase ?? '-');
      const c = (counts[ph] ??= { asked: 0, other: 0, valued: 0, diff: 0, diffSq: 0 });
      c.asked++;
      if (sc.ruleset.actionKey(h) !== sc.ruleset.actionKey(d)) {
        c.other++;
        if (c.other <= o.show)
          console.log(
            `phase ${ph}: script "${sc.ruleset.describeAction(g.state, h)}" | ${o.agent} "${sc.ruleset.describeAction(g.state, d)}"`,
          );
        if (o.playouts > 0) {
          let diff = 0;
          for (let i = 0; i < o.playouts; i++) {
            const stream = (seed * 1_000_003 + n * 7919 + i * 104_729) >>> 0;
            diff += playout(sc.ruleset, g.state, d, stream) - playout(sc.ruleset, g.state, h, stream);
          }
          diff /= o.playouts;
          c.valued++;
          c.diff += diff;
          c.diffSq += diff * diff;
        }
      }
    }
    g.submit(h, legal);
  }
  for (const side of sides) await play[side].close?.();
  for (const side of sides) await ask[side].close?.();
}
for (const [ph, c] of Object.entries(counts)) {
  let line = `phase ${ph}: ${c.other} of ${c.asked} decisions differ (${((100 * c.other) / c.asked).toFixed(0)}%)`;
  if (c.valued > 0) {
    const m = c.diff / c.valued;
    const se = Math.sqrt(Math.max(0, c.diffSq / c.valued - m * m) / c.valued);
    line += `; the agent's choice minus the script's in the win rate of ${o.side} (${o.playouts} paired playouts each): ${m >= 0 ? '+' : ''}${m.toFixed(4)} ± ${se.toFixed(4)} (standard error over ${c.valued})`;
  }
  console.log(line);
}
