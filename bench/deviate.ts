/**
 * How often a searching agent would decide otherwise than the scripted policy, by phase of the
 * decision: heuristic-vs-heuristic games are played, and at every n-th decision of one side with a
 * choice the agent under test is asked too (its answer is not played). Shows where search overrides
 * the script (issue 16: with a strong pirates' script the search's deviations lost games).
 *
 *   npx tsx bench/deviate.ts --scenario supply-raid --side pirates --agent mcts --games 2 --every 5
 *
 * "phase" is the state's `phase` field when it has one (Pirates!: 0 band, 1 group move, 2 figure).
 */
import { Command } from 'commander';
import { loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents } from '../src/core/game.js';
import { resolveAgent } from '../agents/index.js';
import type { Json } from '../src/core/model.js';

const o = new Command()
  .option('--scenario <id>', 'scenario id or file', 'supply-raid')
  .option('--side <side>', 'the side whose decisions are compared', 'pirates')
  .option('--agent <spec>', 'the agent compared with the script', 'mcts')
  .option('--games <n>', 'games (seeds 1..n)', (v) => Number(v), 2)
  .option('--every <n>', 'ask at every n-th decision with a choice', (v) => Number(v), 5)
  .option('--show <n>', 'examples printed per phase', (v) => Number(v), 4)
  .parse()
  .opts<{ scenario: string; side: string; agent: string; games: number; every: number; show: number }>();

const sc = loadScenario(o.scenario);
const sides = sc.ruleset.sides(sc.compiled);
if (!sides.includes(o.side)) throw new Error(`--side: "${o.side}" is not a side of ${o.scenario} (${sides.join(', ')})`);
const script = await resolveAgent('heuristic');
const tested = await resolveAgent(o.agent);
const counts: Record<string, { asked: number; other: number }> = {};
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
      const c = (counts[ph] ??= { asked: 0, other: 0 });
      c.asked++;
      if (sc.ruleset.actionKey(h) !== sc.ruleset.actionKey(d)) {
        c.other++;
        if (c.other <= o.show) console.log(`phase ${ph}: script "${sc.ruleset.describeAction(g.state, h)}" | ${o.agent} "${sc.ruleset.describeAction(g.state, d)}"`);
      }
    }
    g.submit(h, legal);
  }
  for (const side of sides) await play[side].close?.();
  for (const side of sides) await ask[side].close?.();
}
for (const [ph, c] of Object.entries(counts)) console.log(`phase ${ph}: ${c.other} of ${c.asked} decisions differ (${((100 * c.other) / c.asked).toFixed(0)}%)`);
