/**
 * Every row of every table of the State of War quick-reference sheet, each test naming the sheet's
 * section (Actions, Movement, Shooting, Range, Cover, Result, Melee, Morale) and, where a reading
 * filled a gap, its number in docs/rules/state-of-war.md.
 */
import { describe, expect, it } from 'vitest';
import {
  COVER_DIE,
  HORSE_HIT_ON,
  MAX_AGAINST_ONE,
  MELEE_WEAPONS,
  MORALE_MODS,
  QUALITY,
  RANGE_DIE,
  WEAPONS,
  actionsFor,
  applyInjury,
  loadActions,
  meleeResult,
  meleeWeaponDie,
  moraleResult,
  moveRate,
  per20,
  rangeBand,
  shotResult,
  turnCost,
  OK,
  NO_ADVANCE,
  FALL_BACK,
  BROKEN,
  ROUTED,
  DMT_WOUND_ON,
  PUSH_BACK,
  RALLY_ON,
  COMMANDER_RANGE,
  RETIRING_RANGE,
} from '../../src/rules/state-of-war/tables.js';

describe('Actions', () => {
  it('2 actions, −1 per wound; a disabled figure has none [W2]', () => {
    expect(actionsFor(0, false)).toBe(2);
    expect(actionsFor(1, false)).toBe(1);
    expect(actionsFor(2, false)).toBe(0);
    expect(actionsFor(0, true)).toBe(0);
  });
});

describe('Movement', () => {
  it('infantry 12 cm, cavalry 24 cm per action', () => {
    expect(moveRate(false)).toBe(12);
    expect(moveRate(true)).toBe(24);
  });
  it('cavalry: "- ¼ move per 45 degrees turned" — 6 cm per 45°, at that rate (a 5.4° bend is 0.72 cm, not a quarter) [W10]', () => {
    expect(turnCost(0)).toBe(0);
    expect(turnCost(45)).toBe(6);
    expect(turnCost(90)).toBe(12);
    expect(turnCost(180)).toBe(24);
    expect(turnCost(-90)).toBe(12);
    expect(turnCost(5.4)).toBeCloseTo(0.72, 9);
    expect(turnCost(145)).toBeCloseTo((145 / 45) * 6, 9); // 19.3 cm: 4.7 cm of a 24 cm move left
  });
});

describe('Shooting: the weapon table', () => {
  const rows: [string, (number | null)[]][] = [
    ['minieRifle', [15, 30, 110, 150]],
    ['repeater', [12, 25, 60, 120]],
    ['musket', [4, 10, 30, 90]],
    ['minieCarbine', [8, 20, 70, 120]],
    ['smoothboreCarbine', [4, 8, 20, 70]],
    ['shotgun', [5, 10, 40, null]],
    ['pistol', [2, 6, 10, 20]],
    ['hurled', [null, 10, 20, 30]],
  ];
  it.each(rows)('%s: short/medium/long/extreme ranges as the sheet', (key, ranges) => {
    expect(WEAPONS[key].ranges).toEqual(ranges);
  });
  it.each(rows)('%s: each band reaches its limit inclusive, the next cm is the next band [W13]', (key, ranges) => {
    const w = WEAPONS[key];
    let last = -1;
    ranges.forEach((r, b) => {
      if (r === null) return;
      expect(rangeBand(w, r)).toBe(b);
      if (last >= 0) expect(rangeBand(w, last + 0.5)).toBe(b);
      last = r;
    });
    expect(rangeBand(w, last + 0.01)).toBe(-1);
  });
  it('a hand-hurled weapon has no short band: 3 cm is medium; a shotgun has no extreme [W13]', () => {
    expect(rangeBand(WEAPONS.hurled, 3)).toBe(1);
    expect(rangeBand(WEAPONS.shotgun, 41)).toBe(-1);
  });
  it('loading: 3 actions for muzzle-loaders, 1 for all other weapons [W19]', () => {
    for (const k of ['minieRifle', 'musket', 'minieCarbine', 'smoothboreCarbine', 'shotgun']) expect(loadActions(WEAPONS[k])).toBe(3);
    for (const k of ['repeater', 'pistol', 'hurled']) expect(loadActions(WEAPONS[k])).toBe(1);
  });
});

describe('Shooting: Range, Cover and Result tables', () => {
  it('Range: short d6, medium d8, long d10, extreme d12', () => {
    expect(RANGE_DIE).toEqual([6, 8, 10, 12]);
  });
  it('Cover: in the open d4, soft d6, hard d8', () => {
    expect(COVER_DIE).toEqual({ open: 4, soft: 6, hard: 8 });
  });
  it('Result: evens no effect, +1 graze, +2–3 wound, +4–5 disabled, greater killed', () => {
    expect(shotResult(-3)).toBe('none');
    expect(shotResult(0)).toBe('none');
    expect(shotResult(1)).toBe('graze');
    expect(shotResult(2)).toBe('wound');
    expect(shotResult(3)).toBe('wound');
    expect(shotResult(4)).toBe('disabled');
    expect(shotResult(5)).toBe('disabled');
    expect(shotResult(6)).toBe('killed');
    expect(shotResult(11)).toBe('killed');
  });
  it('2 wounds = disabled; disabled + wound = killed [W18]', () => {
    const fresh = { wounds: 0, disabled: false, dead: false };
    const one = applyInjury(fresh, 'wound');
    expect(one).toEqual({ wounds: 1, disabled: false, dead: false });
    const two = applyInjury(one, 'wound');
    expect(two).toEqual({ wounds: 2, disabled: true, dead: false });
    expect(applyInjury(two, 'wound').dead).toBe(true);
    expect(applyInjury(applyInjury(fresh, 'disabled'), 'wound').dead).toBe(true);
    expect(applyInjury(applyInjury(fresh, 'disabled'), 'disabled').dead).toBe(true);
    expect(applyInjury(fresh, 'killed').dead).toBe(true);
  });
  it('mounted target: the horse is hit on 4+ on a d6 [W16]', () => {
    expect(HORSE_HIT_ON).toBe(4);
  });
});

describe('Melee', () => {
  const rows: [string, number, number][] = [
    ['lance', 6, 8],
    ['bayonet', 6, 8],
    ['swordPistol', 6, 4],
    ['butt', 4, 4],
    ['improvised', 4, 0],
  ];
  it.each(rows)('weapon table: %s versus infantry d%i, versus cavalry d%i (0 = no dice)', (key, inf, cav) => {
    expect(meleeWeaponDie(MELEE_WEAPONS[key], false)).toBe(inf);
    expect(meleeWeaponDie(MELEE_WEAPONS[key], true)).toBe(cav);
  });
  it('a maximum of 3 figures can fight against 1', () => {
    expect(MAX_AGAINST_ONE).toBe(3);
  });
  it('Result of Melee, infantry row: +1 P/B, +2 P/B+W, +3 W, +4 D, +5 K, more K', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((m) => meleeResult(m, false))).toEqual(['PB', 'PBW', 'W', 'D', 'K', 'K', 'K']);
  });
  it('Result of Melee, cavalry row: +1 DMT, +2 DMT+W, +3 W, +4 W, +5 D, more K', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((m) => meleeResult(m, true))).toEqual(['DMT', 'DMTW', 'W', 'W', 'D', 'K', 'K']);
  });
  it('evens: no result', () => {
    expect(meleeResult(0, false)).toBeNull();
    expect(meleeResult(0, true)).toBeNull();
  });
  it('KEY: push back 2 cm; dismounted rider wounded on 5+ (d6)', () => {
    expect(PUSH_BACK).toBe(2);
    expect(DMT_WOUND_ON).toBe(5);
  });
});

describe('Morale', () => {
  it('modifiers as the sheet: −3, −2, −2, −1, −1, −1, +1, +1, +1, +2, and +1 for a higher quality leader', () => {
    expect(MORALE_MODS).toEqual({
      commanderFell: -3,
      per20Out: -2,
      ncoFell: -2,
      per20Wounded: -1,
      retiring: -1,
      flanked: -1,
      advancing: 1,
      friendsAdvancing: 1,
      uphillOrCover: 1,
      commanderNear: 2,
      betterLeader: 1,
    });
    expect(COMMANDER_RANGE).toBe(50);
    expect(RETIRING_RANGE).toBe(20);
  });
  it('per 20% of the unit: whole fifths of its starting size [W27][W28]', () => {
    expect(per20(0, 10)).toBe(0);
    expect(per20(1, 10)).toBe(0);
    expect(per20(2, 10)).toBe(1);
    expect(per20(3, 10)).toBe(1);
    expect(per20(4, 10)).toBe(2);
    expect(per20(1, 5)).toBe(1);
    expect(per20(5, 5)).toBe(5);
  });
  it('results: 1+ OK, 0 to −1 no advance, −2 fall back, −3 break and run, worse no rally [W32]', () => {
    expect(moraleResult(7)).toBe(OK);
    expect(moraleResult(1)).toBe(OK);
    expect(moraleResult(0)).toBe(NO_ADVANCE);
    expect(moraleResult(-1)).toBe(NO_ADVANCE);
    expect(moraleResult(-2)).toBe(FALL_BACK);
    expect(moraleResult(-3)).toBe(BROKEN);
    expect(moraleResult(-4)).toBe(ROUTED);
    expect(moraleResult(-9)).toBe(ROUTED);
    expect(RALLY_ON).toBe(4);
  });
  it('quality dice: green d6, trained d8, veteran d10, elite d12 [W33]', () => {
    expect(QUALITY).toEqual({ green: 6, trained: 8, veteran: 10, elite: 12 });
  });
});
