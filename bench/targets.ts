/**
 * How much of a game a person can play by clicking on the table: the share of move and attack
 * decisions whose chosen action the ruleset's `view.targets` places on the table (issue 39: ≥ 90%
 * per ruleset). A hand-run measurement (about a minute per scenario), not a test.
 *
 *   npx tsx bench/targets.ts                       # every built-in scenario, 20 heuristic games each
 *   npx tsx bench/targets.ts --scenario mill-bridge,wagon-raid --games 20 --agent heuristic
 *
 * Each decision is classed without asking the ruleset, from what the chosen action does:
 * - an **attack** when its words (`describeAction`) name one (shoot, fire, attack, charge, mêlée,
 *   fight, strike, assault, volley); it is covered when `targets` names a figure of another side;
 * - else a **move** when a figure of the deciding side stands elsewhere in the scene after it is
 *   applied than before (more than 0.001 of a table unit); covered when `targets` gives a point.
 * Everything else (choosing a band, passing, rallying in place, …) is not counted.
 * Prints a line per scenario and per ruleset, then one JSON line with every figure.
 */
import { Command } from 'commander';
import { RULESETS, loadScenario } from '../src/rules/index.js';
import { GameSession, makeAgents, playOut } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import type { Json, Ruleset } from '../src/core/model.js';

const o = new Command()
  .description("share of move/attack decisions that a ruleset's view.targets puts on the table")
  .option('--scenario <list>', 'scenario ids, comma-separated, or all', 'all')
  .option('--games <n>', 'games per scenario', (v) => Number(v), 20)
  .option('--first-seed <n>', 'first seed', (v) => Number(v), 1)
  .option('--agent <spec>', 'agent for every side', 'heuristic')
  .parse()
  .opts<{ scenario: string; games: number; firstSeed: number; agent: string }>();

const ATTACK = /\b(shoots?|fires?|attacks?|charges?|m[eê]l[eé]e|fights?|strikes?|assaults?|volley)\b/i;

interface Tally {
  moves: number;
  movesOn: number;
  attacks: number;
  attacksOn: number;
  noTargets: number;
}
const fresh = (): Tally => ({ moves: 0, movesOn: 0, attacks: 0, attacksOn: 0, noTargets: 0 });
const pct = (a: number, b: number): string => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
const line = (t: Tally): string =>
  `moves ${t.movesOn}/${t.moves} (${pct(t.movesOn, t.moves)}), attacks ${t.attacksOn}/${t.attacks} (${pct(t.attacksOn, t.attacks)}), ` +
  `together ${pct(t.movesOn + t.attacksOn, t.moves + t.attacks)}`;

const ids: string[] = o.scenario === 'all' ? [...RULESETS.values()].flatMap((r) => r.scenarios) : o.scenario.split(',');
const perRuleset = new Map<string, Tally>();
const out: Record<string, unknown> = {};
const agent = resolveBuiltinAgent(o.agent);

for (const id of ids) {
  const sc = loadScenario(id);
  const r = sc.ruleset as Ruleset<unknown, Json, unknown>;
  const view = r.view;
  const t = fresh();
  for (let i = 0; i < o.games; i++) {
    const seed = o.firstSeed + i;
    const sides = r.sides(sc.compiled);
    const agents = makeAgents(sc, seed, Object.fromEntries(sides.map((s) => [s, { factory: agent.factory, options: agent.options }])), 1);
    const specs = Object.fromEntries(sides.map((s) => [s, agent.spec]));
    const g = new GameSession(sc, seed, specs);
    let before = new Map<string, { x: number; y: number; side: string }>();
    let kind: 'attack' | 'other' = 'other';
    let on = { at: false, enemy: false };
    const where = (): Map<string, { x: number; y: number; side: string }> => {
      const m = new Map<string, { x: number; y: number; side: string }>();
      if (view) for (const f of view.scene(g.state).figures) m.set(f.id, { x: f.x, y: f.y, side: f.side });
      return m;
    };
    void playOut(g, agents, {
      sync: true,
      chosen: (d) => {
        before = where();
        kind = ATTACK.test(r.describeAction(g.state, d.action)) ? 'attack' : 'other';
        const tg = view?.targets ? view.targets(g.state, d.action) : null;
        if (!tg) t.noTargets++;
        on = {
          at: !!tg && tg.at !== null,
          enemy: !!tg && tg.figures.some((id) => before.get(id)?.side !== undefined && before.get(id)?.side !== d.side),
        };
      },
      applied: (d) => {
        if (kind === 'attack') {
          t.attacks++;
          if (on.enemy) t.attacksOn++;
          return;
        }
        const after = where();
        let moved = false;
        for (const [id, p] of before) {
          const q = after.get(id);
          if (p.side === d.side && q && Math.hypot(q.x - p.x, q.y - p.y) > 1e-3) moved = true;
        }
        if (moved) {
          t.moves++;
          if (on.at) t.movesOn++;
        }
      },
    });
  }
  console.log(`${r.id}/${id}: ${line(t)}`);
  out[id] = { ruleset: r.id, ...t };
  const all = perRuleset.get(r.id) ?? fresh();
  for (const k of Object.keys(t) as (keyof Tally)[]) all[k] += t[k];
  perRuleset.set(r.id, all);
}
for (const [rid, t] of perRuleset) console.log(`ruleset ${rid}: ${line(t)}`);
console.log(JSON.stringify({ games: o.games, agent: agent.spec, firstSeed: o.firstSeed, scenarios: out }));
