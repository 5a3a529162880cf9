/**
 * The odds shown before an attack (src/rules/pirates/odds.ts, in `describeAction`): exact counts of
 * the attacker's die against the defender's d6 (§5.A), hand-computed here for the rules' own worked
 * examples, and the die they state is the die the attack then rolls.
 */
import { describe, expect, it } from 'vitest';
import { gameStream } from '../../src/core/rng.js';
import type { GameEvent } from '../../src/core/model.js';
import { applyAction, legalActions } from '../../src/rules/pirates/actions.js';
import { describeAction } from '../../src/rules/pirates/story.js';
import { attackOdds } from '../../src/rules/pirates/odds.js';
import { setupGame } from '../../src/rules/pirates/turn.js';
import { STATE, PH_FIGURE, PH_OVER } from '../../src/rules/pirates/state.js';
import { loadScenario } from '../../src/rules/index.js';
import type { PiratesScenario } from '../../src/rules/pirates/compile.js';
import { piratesScores } from '../../src/rules/pirates/policy.js';
import { atFigure, duelScenario, duelState, fig } from '../helpers/pirates.js';

describe('attack odds by hand (§5.A: attacker’s die v the defender’s d6)', () => {
  it('§6 first example: a cutlass charging clubmen, d8 up one for the charge, down one as they are armed: d8 v d6', () => {
    // 48 pairs of faces. Beats the d6 (margin > 0): faces 2–8 beat 1, 2, 3, 4, 5, 6, 6 faces = 27.
    // Margin ≥ 5 kills a fresh defender (§5.C(1), docs/rules/pirates.md: more than four): (6,1) (7,1) (7,2) (8,1) (8,2) (8,3) = 6.
    // Margin 3 or 4 makes him run (§5.C(2)): margin 3 for faces 4–8 (5 pairs), margin 4 for faces 5–8 (4 pairs) = 9.
    const o = attackOdds(8, 0, false);
    expect(o.hit * 48).toBeCloseTo(27, 9);
    expect(o.kill * 48).toBeCloseTo(6, 9);
    expect(o.run * 48).toBeCloseTo(9, 9);
    expect(o.capture).toBe(0);
  });

  it('§5 example: cutlass v an armed soldier, d8 down one: d6 v d6', () => {
    // 36 pairs: 15 beat the d6; (6,1) kills; margin 3: (4,1) (5,2) (6,3), margin 4: (5,1) (6,2): 5 run.
    const o = attackOdds(6, 0, false);
    expect(o.hit * 36).toBeCloseTo(15, 9);
    expect(o.kill * 36).toBeCloseTo(1, 9);
    expect(o.run * 36).toBeCloseTo(5, 9);
  });

  it('§7 first example: Redbeard’s pistol at 9 in (d8), up one as a personality: d10 v d6', () => {
    // 60 pairs: face n beats min(n − 1, 6) faces of the d6: 0+1+2+3+4+5+6+6+6+6 = 39.
    // Margin ≥ 5: faces 6–10 beat 1, 2, 3, 4, 5 faces by 5 or more = 15. Margin 3: faces 4–9 (6); margin 4: faces 5–10 (6): 12 run.
    const o = attackOdds(10, 0, false);
    expect(o.hit * 60).toBeCloseTo(39, 9);
    expect(o.kill * 60).toBeCloseTo(15, 9);
    expect(o.run * 60).toBeCloseTo(12, 9);
  });

  it('§5.C(1) hits are cumulative within the turn: a defender with 2 hits dies at a margin of 3', () => {
    // d8 v d6, margin ≥ 3: 5 + 4 + 3 + 2 + 1 = 15 of 48; nobody merely runs (a margin ≥ 3 now kills).
    const o = attackOdds(8, 2, false);
    expect(o.kill * 48).toBeCloseTo(15, 9);
    expect(o.run).toBe(0);
  });

  it('§5.E a capture needs 5 capture points this turn and never kills', () => {
    const o = attackOdds(8, 0, true);
    expect(o.capture * 48).toBeCloseTo(6, 9);
    expect(o.kill).toBe(0);
    expect(o.run).toBe(0);
    expect(attackOdds(8, 3, true).capture * 48).toBeCloseTo(21, 9); // margin ≥ 2: 6+5+4+3+2+1 = 21
  });
});

describe('odds in the action’s words', () => {
  it('§6: the first mate’s charge on a clubman reads d8 v d6 with 56% to hit, 13% kills, 19% drives him off', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [14, 10] },
      { side: 1, weapon: 'club', at: [10, 10] }, // facing +x (0): the charge comes from the front
    ]);
    const s = duelState(sc);
    atFigure(s, fig(s, 'P01'));
    const charge = legalActions(s).find((a) => a.k === 'charge' && !a.capture);
    expect(charge).toBeDefined();
    expect(describeAction(s, charge!)).toMatch(
      /: charge T01 \(club\) \([\d.]+ in\), 56% to hit \(d8 v d6: 13% kills, 19% drives him off\)$/,
    );
  });

  it('§7: Redbeard fires his pistol at a civilian 9 in away (base to base): d10 v d6, 65% to hit', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'pistol', at: [20, 10], name: 'Redbeard', personality: true },
      { side: 1, weapon: 'club', at: [10, 10] }, // facing +x (0): Redbeard stands in front of him
    ]);
    const s = duelState(sc);
    atFigure(s, fig(s, 'P01'));
    const fire = legalActions(s).find((a) => a.k === 'fire');
    expect(fire).toBeDefined();
    expect(describeAction(s, fire!)).toBe(
      'Redbeard (P01, pistol): fire at T01 (club), 65% to hit (d10 v d6: 25% kills, 20% drives him off)',
    );
  });

  it('the die an action states is the die its attack rolls, for every attack offered in a Supply Raid', () => {
    const loaded = loadScenario('supply-raid');
    const sc = loaded.compiled as PiratesScenario;
    const rng = gameStream(5);
    const s = setupGame(sc, { rng });
    let checked = 0;
    const kinds = new Set<string>();
    for (let i = 0; i < 3000 && s.phase !== PH_OVER; i++) {
      const legal = legalActions(s);
      if (s.phase === PH_FIGURE)
        for (const a of legal) {
          if (a.k !== 'fight' && a.k !== 'charge' && a.k !== 'fire' && a.k !== 'moveFire') continue;
          const stated = /, \d+% to (?:hit|capture) \(d(\d+) v d6/.exec(describeAction(s, a));
          const events: GameEvent[] = [];
          applyAction(STATE.clone(s), a, { rng: gameStream(i), emit: (e) => events.push(e) });
          const attack = events.find((e) => e.e === 'attack');
          expect(stated, describeAction(s, a)).not.toBeNull();
          expect(attack).toBeDefined();
          expect(Number(stated![1])).toBe(attack!.attackerDie);
          checked++;
          kinds.add(a.k);
        }
      const scores = piratesScores(s, legal);
      let best = 0;
      for (let j = 1; j < scores.length; j++) if (scores[j] > scores[best]) best = j;
      applyAction(s, legal[best], { rng });
    }
    expect(checked).toBeGreaterThan(50);
    expect([...kinds].sort()).toEqual(['charge', 'fight', 'fire', 'moveFire']);
  });
});
