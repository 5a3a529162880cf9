/**
 * The worked examples of pirates.txt §5 (Fight), §6 (Move & Fight) and §7 (Fire), die by die.
 * Where an example and a rule disagree, the reading is in docs/rules/pirates.md.
 */
import { describe, expect, it } from 'vitest';
import { attackDice, resolveAttack } from '../../src/rules/pirates/combat.js';
import { applyAction, legalActions } from '../../src/rules/pirates/actions.js';
import { chargePlan, moveFirePlan } from '../../src/rules/pirates/approach.js';
import { ACTIVE, DEAD, FLEEING } from '../../src/rules/pirates/state.js';
import { angleDiff, angleTo, dist } from '../../src/core/geometry.js';
import { gameStream } from '../../src/core/rng.js';
import { ScriptedRng, d } from '../helpers/rng.js';
import { atFigure, duelScenario, duelState, fig } from '../helpers/pirates.js';

const melee = { mode: 'fight', charged: false, moved: false, capture: false } as const;

describe('§5 Fight — "A cutlass wielding pirate attacks a soldier also using a sword"', () => {
  const setup = () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [20, 20] },
      { side: 1, weapon: 'sword', at: [21, 20] },
    ]);
    const s = duelState(sc);
    s.facing[fig(s, 'T01')] = Math.PI; // the soldier faces the pirate
    return s;
  };

  it('d8 (cutlass) goes down one for an armed defender in melee: d6 against the defender’s d6 (§5.A, §5.B(2))', () => {
    const s = setup();
    const dice = attackDice(s, fig(s, 'P01'), fig(s, 'T01'), melee);
    expect(dice.base).toBe(8);
    expect(dice.mods).toEqual([{ name: 'defender armed', step: -1 }]);
    expect(dice.final).toBe(6);
  });

  it('"The pirate rolls a 6 and the soldier rolls a 1. The soldier is killed."', () => {
    const s = setup();
    const rng = new ScriptedRng([d(6, 6), d(6, 1)]);
    expect(resolveAttack(s, fig(s, 'P01'), fig(s, 'T01'), melee, { rng })).toBe('killed');
    expect(s.status[fig(s, 'T01')]).toBe(DEAD);
  });

  it('"The pirate rolls a 5 and the soldier rolls a 1": the soldier is turned away and moved the inches rolled by his side; he runs for the rest of the game', () => {
    const s = setup();
    const t = fig(s, 'T01');
    const p = fig(s, 'P01');
    const rng = new ScriptedRng([d(6, 5), d(6, 1)]);
    expect(resolveAttack(s, p, t, melee, { rng })).toBe('runs away');
    expect(s.status[t]).toBe(FLEEING);
    const moved = dist(21, 20, s.x[t], s.y[t]);
    expect(moved).toBeGreaterThan(13.5);
    expect(moved).toBeLessThanOrEqual(14 + 1e-9); // the townsfolk's 14 in this turn
    expect(dist(s.x[p], s.y[p], s.x[t], s.y[t])).toBeGreaterThan(1 + moved * 0.7); // away from the pirate
    expect(angleDiff(s.facing[t], angleTo(s.x[p], s.y[p], 21, 20))).toBeLessThan(Math.PI / 2); // turned away
  });

  it('"The pirate rolls a 1 and the soldier rolls a 6. No damage."', () => {
    const s = setup();
    const rng = new ScriptedRng([d(6, 1), d(6, 6)]);
    expect(resolveAttack(s, fig(s, 'P01'), fig(s, 'T01'), melee, { rng })).toBe('no effect');
    expect(s.status[fig(s, 'T01')]).toBe(ACTIVE);
    expect(s.hits[fig(s, 'T01')]).toBe(0);
  });
});

describe('§6 Move & Fight', () => {
  it('"The Pirates have a movement of 14"… the first mate… after 6" contact… d8, up one for charging (d10), down one because the militia is armed: d8 versus the militia’s d6"', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [10, 20], name: 'First Mate' },
      { side: 0, weapon: 'cutlass', at: [9, 21.2] },
      { side: 0, weapon: 'cutlass', at: [9, 18.8] },
      { side: 0, weapon: 'cutlass', at: [8, 20] },
      { side: 1, weapon: 'club', at: [17, 20] },
    ]);
    const s = duelState(sc, [14, 14]);
    const mate = fig(s, 'P01');
    const militia = fig(s, 'T01');
    s.facing[militia] = Math.PI;
    const plan = chargePlan(s, mate, militia);
    expect(plan).not.toBeNull();
    expect(plan!.length).toBeCloseTo(6, 6); // 7 in centre to centre, bases touch after 6 in
    expect(plan!.length).toBeLessThanOrEqual(7); // half of 14 (§6)
    // Through the engine: the charge is offered, moves 6 in and rolls d8 against d6.
    atFigure(s, mate);
    expect(legalActions(s)).toContainEqual({ k: 'charge', t: 'T01', capture: false });
    const events: Record<string, unknown>[] = [];
    const rng = new ScriptedRng([d(8, 2), d(6, 3)], gameStream(1));
    applyAction(s, { k: 'charge', t: 'T01', capture: false }, { rng, emit: (e) => events.push(e) });
    const attack = events.find((e) => e.e === 'attack')!;
    expect(attack.baseDie).toBe(8);
    expect(attack.modifiers).toEqual([
      { name: 'charging into melee', step: 1 },
      { name: 'defender armed', step: -1 },
    ]);
    expect(attack.attackerDie).toBe(8);
    expect(attack.defenderDie).toBe(6);
    const move = events.find((e) => e.e === 'move')!;
    expect(move.path).toBeCloseTo(6, 2);
    expect(move.allowance).toBe(7);
  });

  it('a militiaman 9 in away cannot be reached on half of a 14 in move', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'cutlass', at: [10, 20] },
      { side: 1, weapon: 'club', at: [19, 20] },
    ]);
    const s = duelState(sc, [14, 14]);
    expect(chargePlan(s, fig(s, 'P01'), fig(s, 'T01'))).toBeNull();
  });

  it('"A dagger-carrying militiaman… charges [Redbeard] from behind… d6, up one for charging (d8), up one for attacking from behind (d10), but down one for attacking a personality: d8 versus Redbeard’s d6"', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'pistol', at: [20, 20], name: 'Redbeard', personality: true },
      { side: 1, weapon: 'dagger', at: [16, 20] },
    ]);
    const s = duelState(sc);
    const redbeard = fig(s, 'P01');
    const militia = fig(s, 'T01');
    s.facing[redbeard] = 0; // Redbeard walks by, facing east; the militiaman is behind him to the west
    atFigure(s, militia);
    const events: Record<string, unknown>[] = [];
    const rng = new ScriptedRng([d(8, 4), d(6, 4)], gameStream(1));
    applyAction(s, { k: 'charge', t: 'P01', capture: false }, { rng, emit: (e) => events.push(e) });
    const attack = events.find((e) => e.e === 'attack')!;
    expect(attack.baseDie).toBe(6);
    expect(attack.modifiers).toEqual([
      { name: 'charging into melee', step: 1 },
      { name: 'attacking from behind', step: 1 },
      { name: 'personality defending', step: -1 },
    ]);
    expect(attack.attackerDie).toBe(8);
    expect(attack.defenderDie).toBe(6);
  });
});

describe('§7 Fire', () => {
  it('"Cleft-Chin Redbeard fires a pistol at a civilian in the open 9" away. His base is d8 and he goes up one to d10… Redbeard rolls a 1 and the defender rolls a 5. The civilian has escaped unharmed."', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'pistol', at: [10, 20], name: 'Redbeard', personality: true },
      { side: 1, weapon: 'club', at: [20, 20] },
    ]);
    const s = duelState(sc);
    const rb = fig(s, 'P01');
    const civ = fig(s, 'T01');
    s.facing[civ] = Math.PI;
    const fire = { mode: 'fire', charged: false, moved: false, capture: false } as const;
    const dice = attackDice(s, rb, civ, fire);
    expect(dice.range).toBeCloseTo(9, 9);
    expect(dice.base).toBe(8);
    expect(dice.mods).toEqual([{ name: 'personality attacking', step: 1 }]);
    expect(dice.final).toBe(10);
    const rng = new ScriptedRng([d(10, 1), d(6, 5)]);
    expect(resolveAttack(s, rb, civ, fire, { rng })).toBe('no effect');
    expect(s.status[civ]).toBe(ACTIVE);
    expect(s.loaded[rb]).toBe(0); // §7.B: an unloaded marker
  });

  it('"Redbeard reloads next turn, then fires again the turn after… at 12" his base is d6, up one (personality), down one (cover)… rolls a 6; the civilian rolls a 2 and runs away"', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'pistol', at: [10, 20], name: 'Redbeard', personality: true },
        { side: 1, weapon: 'club', at: [23, 20] },
      ],
      // The barrel between Redbeard (west) and the civilian, touching the civilian's base.
      [
        {
          id: 'barrel',
          kind: 'cover',
          polygon: [
            [21.6, 19.5],
            [22.6, 19.5],
            [22.6, 20.5],
            [21.6, 20.5],
          ],
        },
      ],
    );
    const s = duelState(sc);
    const rb = fig(s, 'P01');
    const civ = fig(s, 'T01');
    s.facing[civ] = Math.PI;
    s.loaded[rb] = 0; // fired last turn
    atFigure(s, rb);
    expect(legalActions(s).some((a) => a.k === 'fire')).toBe(false); // unloaded: cannot fire
    expect(legalActions(s)).toContainEqual({ k: 'reload' });
    applyAction(s, { k: 'reload' }, { rng: gameStream(5) });
    expect(s.loaded[rb]).toBe(0); // §8: still unloaded during the turn he reloads
    // Play the rest of the turn out: the weapon is loaded when the turn ends.
    let guard = 0;
    while (s.turn === 1 && guard++ < 100) {
      const legal = legalActions(s);
      const idle = legal.find((a) => a.k === 'pass') ?? legal.find((a) => a.k === 'solo') ?? legal.find((a) => a.k === 'hold') ?? legal[0];
      applyAction(s, idle, { rng: gameStream(6 + guard) });
    }
    expect(s.loaded[rb]).toBe(1);
    s.x[civ] = 23;
    s.y[civ] = 20;
    s.x[rb] = 10;
    s.y[rb] = 20;
    const fire = { mode: 'fire', charged: false, moved: false, capture: false } as const;
    const dice = attackDice(s, rb, civ, fire);
    expect(dice.range).toBeCloseTo(12, 9);
    expect(dice.base).toBe(6);
    expect(dice.mods).toEqual([
      { name: 'defender in cover', step: -1 },
      { name: 'personality attacking', step: 1 },
    ]);
    expect(dice.final).toBe(6);
    const rng = new ScriptedRng([d(6, 6), d(6, 2)], gameStream(9));
    expect(resolveAttack(s, rb, civ, fire, { rng })).toBe('runs away');
    expect(s.status[civ]).toBe(FLEEING);
  });

  it('"The first mate runs half of his 8" move (4"), then fires his rifle at a soldier on a rampart 18" away… d8 (10–20"), down one for moving (d6), down one for cover: d4 versus the soldier’s d6"', () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'rifle', at: [5, 20], name: 'First Mate' },
        { side: 1, weapon: 'rifle', at: [30, 20] },
      ],
      [
        {
          id: 'rampart',
          kind: 'cover',
          polygon: [
            [28.8, 17],
            [29.6, 17],
            [29.6, 23],
            [28.8, 23],
          ],
        },
      ],
    );
    const s = duelState(sc, [8, 8], [6, 6]);
    const mate = fig(s, 'P01');
    const soldier = fig(s, 'T01');
    s.facing[soldier] = Math.PI;
    // 24 in away (d6 band); half of 8 in brings him to 20 in, the d8 band.
    const plan = moveFirePlan(s, mate, soldier);
    expect(plan).not.toBeNull();
    expect(plan!.length).toBeLessThanOrEqual(4 + 1e-9);
    atFigure(s, mate);
    const events: Record<string, unknown>[] = [];
    applyAction(s, { k: 'moveFire', t: 'T01' }, { rng: new ScriptedRng([d(4, 1), d(6, 1)], gameStream(2)), emit: (e) => events.push(e) });
    const attack = events.find((e) => e.e === 'attack')!;
    expect(attack.range as number).toBeLessThanOrEqual(20);
    expect(attack.range as number).toBeGreaterThan(10);
    expect(attack.baseDie).toBe(8);
    expect(attack.modifiers).toEqual([
      { name: 'fired after moving', step: -1 },
      { name: 'defender in cover', step: -1 },
    ]);
    expect(attack.attackerDie).toBe(4);
    expect(attack.defenderDie).toBe(6);
  });
});
