/**
 * Play on the table (issue 39 item 4): `view.targets` puts every order a unit may be given on the
 * table — a move order ([R1]: toward the loot, home, an enemy unit, a place) gives the point the
 * unit heads for, a charge ([R7]) names the enemy unit's figures, a hold names the enemies its
 * figures would shoot at — and `view.reach` gives a figure's move, charge and range rings.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream, randInt } from '../../src/core/rng.js';
import type { PigState } from '../../src/rules/pig-wars/index.js';
import { legalActions } from '../../src/rules/pig-wars/actions.js';

describe.each(['farmstead-raid', 'kershner-supply-raid'])('view.targets and view.reach on %s', (id) => {
  it('moves have a point, charges name enemies, holds that shoot name enemies; reach has move and charge rings', () => {
    const sc = loadScenario(id);
    const r = sc.ruleset;
    const view = r.view!;
    let moves = 0;
    let movesAt = 0;
    let charges = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const rng = gameStream(`pointers-${seed}`);
      const s = r.setup(sc.compiled, { rng }) as PigState;
      for (let step = 0; step < 200 && !r.isTerminal(s); step++) {
        const legal = legalActions(s);
        const side = s.sc.units[s.actUnit].side;
        const enemy = new Set(s.sc.sides[1 - side].figures.map((f) => s.sc.figures[f].id));
        for (const a of legal) {
          const t = view.targets!(s, a);
          expect(t, a.k).not.toBeNull();
          if (a.k === 'obj' || a.k === 'home' || a.k === 'foe') {
            moves++;
            if (t!.at !== null) movesAt++;
          }
          if (a.k === 'charge') {
            charges++;
            expect(t!.figures.length).toBeGreaterThan(0);
            expect(t!.figures.every((f) => enemy.has(f))).toBe(true);
          }
          if (a.k === 'foe') expect(t!.figures.some((f) => enemy.has(f))).toBe(true);
          if (a.k === 'hold' && /shoot \(|and shoot/.test(r.describeAction(s, a))) expect(t!.figures.some((f) => enemy.has(f))).toBe(true);
        }
        expect(view.delegable!(s)).toBe(false);
        const f = s.sc.units[s.actUnit].figures.find((g) => s.status[g] === 0)!;
        const reach = view.reach!(s, s.sc.figures[f].id)!;
        expect(reach.rings.map((x) => x.kind).slice(0, 2)).toEqual(['move', 'charge']);
        if (s.sc.figures[f].missile)
          expect(reach.rings.some((x) => x.kind === 'range' && Math.abs(x.radius - s.sc.figures[f].missile!.long) < 1e-9)).toBe(true);
        r.apply(s, legal[randInt(rng, legal.length)], { rng });
      }
    }
    expect(charges).toBeGreaterThan(0);
    expect(movesAt / moves).toBeGreaterThan(0.9);
  });
});
