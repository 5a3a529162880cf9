/**
 * How many decisions a person makes in a whole game of the web app with band orders (issue 41:
 * Supply Raid ≤ 120 a game on average over 10 scripted games; State of War ≤ 12 a turn), for every
 * built-in scenario: the person takes the rules' suggestion (★) at each of their decisions, the
 * heuristic plays the other side, band orders leave each figure's share of an order to the rules'
 * policy (what `serve` does). A hand-run measurement, not a test.
 *
 *   npx tsx bench/person-decisions.ts                           # every built-in scenario, 3 games each, the first side
 *   npx tsx bench/person-decisions.ts --scenario pirates/supply-raid --games 10 --side pirates
 *   npx tsx bench/person-decisions.ts --games 10 --side both     # every scenario, each side in turn
 *   npx tsx bench/person-decisions.ts --orders figure ...        # every decision the person's (the policy's own game)
 *
 * Prints a line per scenario and side (decisions a game, turns a game, decisions a turn, games the
 * person's side won: band orders play the person's standing orders, not the policy, where the
 * person is not asked), then one JSON line.
 */
import { RULESETS, loadScenario } from '../src/rules/index.js';
import { GameHost } from '../src/serve/host.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const games = Number(arg('games') ?? 3);
const only = arg('scenario')?.split(',');
const wantSide = arg('side');
/** `figure`: the person takes every decision (the ★ each time: the policy's own game), for comparison. */
const orders = arg('orders') === 'figure' ? 'figure' : 'band';
const ids = only ?? [...RULESETS.values()].flatMap((r) => (r.view ? r.scenarios.map((s) => `${r.id}/${s}`) : []));
const results: { scenario: string; side: string; games: number; decisions: number; turns: number; perTurn: number }[] = [];

for (const id of ids) {
  const sc = loadScenario(id);
  const sides = sc.ruleset.sides(sc.compiled);
  if (sides.length !== 2) continue;
  for (const side of wantSide === 'both' ? sides : [wantSide && sides.includes(wantSide) ? wantSide : sides[0]]) {
    let decisions = 0;
    let turns = 0;
    let won = 0;
    for (let seed = 1; seed <= games; seed++) {
      const h = await GameHost.create('g0000000000000000', sc, seed, side, 'heuristic', orders);
      let v = h.view();
      let turn = 1;
      for (let guard = 0; guard < 20_000 && v.turn !== 'over'; guard++) {
        if (v.turn === 'ai') v = (await h.agent('person')).view;
        if (v.turn !== 'you') continue;
        v = h.act({ key: (v.actions.find((a) => a.suggested) ?? v.actions[0]).key }).view;
        decisions++;
        const t = /^(\d+)/.exec(v.info.find((i) => /^turn$/i.test(i.label))?.value ?? '');
        if (t) turn = Math.max(turn, Number(t[1]));
      }
      turns += turn;
      if (v.result?.winner === side) won++;
      await h.close();
    }
    const r = {
      scenario: id,
      side,
      games,
      decisions: decisions / games,
      turns: turns / games,
      perTurn: decisions / Math.max(1, turns),
      won,
    };
    results.push(r);
    process.stdout.write(
      `${id} as ${side}: ${r.decisions.toFixed(1)} decisions a game over ${r.turns.toFixed(1)} turns = ${r.perTurn.toFixed(1)} a turn (${games} games; the person's side won ${won})\n`,
    );
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);
