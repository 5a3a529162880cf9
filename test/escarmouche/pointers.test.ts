/**
 * Play on the table (view.targets, view.reach, view.exactMove): every move a figure is offered
 * names where its straight line ends and every attack names its enemy; a selected figure shows its
 * zone of control and, with a missile weapon, the enemies it sees; a person's exact move to a point
 * is a straight move toward it, checked like any move (MOVING).
 */
import { describe, expect, it } from 'vitest';
import { gameStream } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import type { EscScenario } from '../../src/rules/escarmouche/compile.js';
import { legalActions, applyAction } from '../../src/rules/escarmouche/actions.js';
import { setupGame } from '../../src/rules/escarmouche/turn.js';
import { escarmoucheScores } from '../../src/rules/escarmouche/policy.js';
import { PH_OVER } from '../../src/rules/escarmouche/state.js';
import { act, acting, fig, testScenario } from './helpers.js';

const view = escarmouche.view!;

describe('view.targets over scripted games', () => {
  for (const id of escarmouche.scenarios) {
    it(`${id}: every chosen move has its end point, every chosen attack names its enemy (3 games)`, () => {
      const sc = loadScenario(id).compiled as EscScenario;
      let moves = 0;
      let attacks = 0;
      const missing: string[] = [];
      for (let seed = 1; seed <= 3; seed++) {
        const rng = gameStream(seed);
        const s = setupGame(sc, { rng });
        for (let n = 0; s.phase !== PH_OVER && n < 3000; n++) {
          const legal = legalActions(s);
          const scores = escarmoucheScores(s, legal);
          let b = 0;
          for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
          const a = legal[b];
          const t = view.targets!(s, a);
          if (a.k === 'move' || a.k === 'marshal') {
            moves++;
            if (!t?.at) missing.push(JSON.stringify(a));
          }
          const enemy = a.k === 'shoot' || a.k === 'volley' || a.k === 'fight' ? a.t : a.k === 'int' && a.a !== 'cover' ? a.t : null;
          if (enemy !== null) {
            attacks++;
            if (!t?.figures.includes(enemy)) missing.push(JSON.stringify(a));
          }
          applyAction(s, a, { rng });
        }
      }
      expect(moves + attacks).toBeGreaterThan(20);
      expect(missing).toEqual([]);
    });
  }
});

describe('view.reach and view.exactMove', () => {
  // A musketeer at the left; an enemy in the open; another behind a wood that blocks sight.
  const sc = testScenario(
    ['..w.'],
    [
      { side: 0, at: [5, 4], missile: 'musket' },
      { side: 0, at: [5, 6] },
      { side: 1, at: [15, 4] },
      { side: 1, at: [35, 4] },
    ],
  );
  it('a shooter sees the enemy in the open and not the one behind the wood; its zone of control ring reaches one base width past its base', () => {
    const s = acting(sc, 'A1');
    const r = view.reach!(s, 'A1');
    expect(r?.sight).toEqual(['B1']);
    expect(r?.rings.find((x) => x.kind === 'zoc')?.radius).toBe(sc.radius + sc.zoc);
    expect(view.reach!(s, 'A2')?.sight).toEqual([]);
    expect(view.reach!(s, 'Z9')).toBeNull();
  });
  it('an exact move goes straight toward the point and is legal; a cowered figure or a point off the table is refused', () => {
    const s = acting(sc, 'A1');
    const a = view.exactMove!(s, 5, 1.5);
    expect(a).toEqual({ k: 'move', to: 'at:5,1.5' });
    expect(escarmouche.checkAction!(s, a!)).toBeNull();
    expect(view.targets!(s, a!)?.at).toEqual([5, 1.5]);
    act(s, a!, [], gameStream(1));
    expect(s.x[fig(s, 'A1')]).toBeCloseTo(5, 6);
    expect(s.y[fig(s, 'A1')]).toBeCloseTo(1.5, 6);
    const c = acting(sc, 'A1');
    expect(escarmouche.checkAction!(c, { k: 'move', to: 'at:99,4' })).not.toBeNull();
    c.cowered[fig(c, 'A1')] = 1;
    expect(view.exactMove!(c, 5, 1)).toBeNull();
  });
});
