/**
 * Play on the table (issue 39): `view.targets` places move and attack decisions on the table (a
 * move: the point it ends at; a charge or shot: the enemy in `figures`) for ≥ 90% of them in 20
 * heuristic games per scenario; `view.reach` gives a figure's move, charge and weapon rings and the
 * enemies it sees within range [W8], [W11], [W14], [W15]; `view.delegable` marks the decisions
 * of a figure whose unit must run or fall back [W32].
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { GameSession, makeAgents } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';
import { type SowAction, type SowState, stateOfWar } from '../../src/rules/state-of-war/index.js';
import { acting, fig, position, testScenario } from './helpers.js';
import { BROKEN } from '../../src/rules/state-of-war/tables.js';

const view = stateOfWar.view!;

describe('view.targets over heuristic games', () => {
  for (const id of stateOfWar.scenarios) {
    it(`${id}: ≥ 90% of move and attack decisions in 20 games are on the table`, () => {
      const sc = loadScenario(id);
      const h = resolveBuiltinAgent('heuristic');
      let moves = 0;
      let movesOn = 0;
      let attacks = 0;
      let attacksOn = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const specs = Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, 'heuristic']));
        const agents = makeAgents(sc, seed, Object.fromEntries(sc.ruleset.sides(sc.compiled).map((s) => [s, h])), 1);
        const g = new GameSession(sc, seed, specs);
        while (g.current() !== null) {
          const side = g.current()!;
          const legal = g.legal();
          const a = agents[side].decide({ ruleset: sc.ruleset, state: g.state, side, legal }) as SowAction;
          const s = g.state as SowState;
          const t = view.targets!(s, a);
          if (a.k === 'move' || a.k === 'ride' || a.k === 'moveTo') {
            moves++;
            if (t !== null && t.at !== null) movesOn++;
          } else if (a.k === 'charge' || a.k === 'fire') {
            attacks++;
            const enemies = new Set(s.sc.sides[1 - s.side].figures.map((f) => s.sc.figures[f].id));
            if (t !== null && t.figures.some((x) => enemies.has(x))) attacksOn++;
          }
          g.submit(a, legal);
        }
      }
      expect(moves).toBeGreaterThan(100);
      expect(attacks).toBeGreaterThan(20);
      expect(movesOn / moves).toBeGreaterThanOrEqual(0.9);
      expect(attacksOn / attacks).toBeGreaterThanOrEqual(0.9);
    }, 120_000);
  }
});

describe('view.reach and view.delegable', () => {
  it('rings of move, charge and range; sight of active enemies within range [W8] [W11] [W15]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }, { side: 1 }]);
    const s = position(sc, { A01: [50, 50], B01: [80, 50], B02: [180, 150] });
    const r = view.reach!(s, 'A01')!;
    expect(r.rings.map((x) => x.kind)).toEqual(['move', 'charge', 'range']);
    expect(r.rings[0].radius).toBe(12);
    expect(r.sight).toContain('B01');
    const range = r.rings[2].radius;
    expect(r.sight.includes('B02')).toBe(Math.hypot(130, 100) <= range);
    expect(view.reach!(s, 'nobody')).toBeNull();
  });
  it('a figure of a broken unit decides under its order (delegable); a free one does not [W32]', () => {
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [50, 50], B01: [150, 150] }), 'A01');
    expect(view.delegable!(s)).toBe(false);
    s.morale[s.unitOf[fig(s, 'A01')]] = BROKEN;
    s.options = null;
    expect(view.delegable!(s)).toBe(true);
  });
});
