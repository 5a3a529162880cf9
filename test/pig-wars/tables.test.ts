/**
 * Every table row of both Pig Wars sheets, and the shared resolution rules, each test naming its
 * sheet and section: "DA" = pig-wars.txt (dark ages), "PI" = pig-wars-pirates-quickref.txt.
 */
import { describe, expect, it } from 'vitest';
import {
  DA_BLOCK,
  DA_MELEE,
  DA_MORALE_CHART,
  DA_MORALE_MODS,
  DA_MOVEMENT,
  DA_VICTORY_MARGIN,
  DA_WEAPONS,
  PIRATE_MELEE,
  PIRATE_MORALE_CHART,
  PIRATE_MORALE_MODS,
  PIRATE_MOVE_BASE,
  PIRATE_SAVE,
  PIRATE_WEAPONS,
  clampD12,
  daBlocked,
  daHit,
  daMoveFactor,
  daRallies,
  daRoughDie,
  leaderHit,
  lossSteps,
  meleeFactors,
  meleeOutcome,
  moraleMods,
  moraleResult,
  pirateHit,
  pirateMoveFactor,
  pirateProtection,
  pirateRallies,
  pirateSaved,
  pirateVictoryMargin,
  protectionUp,
  shiftClass,
  shotDice,
  sumMods,
  weaponFactor,
  type MeleeSide,
} from '../../src/rules/pig-wars/tables.js';

const side = (o: Partial<MeleeSide> = {}): MeleeSide => ({
  stripes: 0,
  weapons: [DA_WEAPONS.improvised],
  loaded: false,
  mounted: false,
  firstRound: true,
  charging: false,
  arc: 'front',
  opponentUphill: false,
  opponentObstacle: false,
  wounds: 0,
  ...o,
});
const modOf = (mods: { name: string; value: number }[], name: string): number | undefined => mods.find((m) => m.name === name)?.value;

describe('DA Movement', () => {
  it.each([
    ['UA', false, 9, 8],
    ['PA', false, 8, 8],
    ['FA', false, 6, 6],
    ['UA', true, 16, 12],
    ['PA', true, 16, 12],
    ['FA', true, 12, 8],
  ] as const)('%s mounted=%s: %i (d%i on rough)', (p, m, move, die) => {
    expect(DA_MOVEMENT[`${p}-${m ? 'horse' : 'foot'}`]).toEqual({ move, roughDie: die });
    expect(daMoveFactor(p, m, false, false, 1)).toBe(move);
    expect(daRoughDie(p, m)).toBe(die);
    // "Die roll equals movement factor for that turn."
    expect(daMoveFactor(p, m, false, true, 5)).toBe(5);
  });
  it('Shield Wall: 4, whatever the armour or ground', () => {
    expect(daMoveFactor('UA', false, true, false, 1)).toBe(4);
    expect(daMoveFactor('FA', false, true, true, 2)).toBe(4);
  });
});

describe('PI Movement', () => {
  it.each([
    ['close-foot', 6],
    ['loose-foot', 8],
    ['mounted', 10],
    ['gun', 6],
    ['wagon', 5],
    ['mule', 8],
  ] as const)('%s: D6+%i', (k, base) => {
    expect(PIRATE_MOVE_BASE[k]).toBe(base);
    expect(pirateMoveFactor(k, 1, false, 6)).toBe(base + 1);
    expect(pirateMoveFactor(k, 6, false, 6)).toBe(base + 6);
  });
  it('Crossing Linear Obstacle/Rough Terrain: -D6 (never below 0)', () => {
    expect(pirateMoveFactor('loose-foot', 3, true, 4)).toBe(7);
    expect(pirateMoveFactor('wagon', 1, true, 6)).toBe(0);
  });
});

describe('DA Shooting', () => {
  it.each([
    ['javelin', 3, 6],
    ['bow', 8, 16],
    ['sling', 8, 16],
    ['crossbow', 10, 20],
  ] as const)('%s range %i/%i', (name, s, l) => {
    expect(DA_WEAPONS[name].short).toBe(s);
    expect(DA_WEAPONS[name].long).toBe(l);
  });
  it('Short Range: hit on 1-6; Long Range: hit on 1-3', () => {
    for (let r = 1; r <= 12; r++) {
      expect(daHit(r, false)).toBe(r <= 6);
      expect(daHit(r, true)).toBe(r <= 3);
    }
  });
  it.each([
    ['UA', 4],
    ['PA', 6],
    ['FA', 8],
    ['SW', 10],
  ] as const)('Roll to Block: %s 1-%i', (p, top) => {
    expect(DA_BLOCK[p]).toBe(top);
    for (let r = 1; r <= 12; r++) expect(daBlocked(p, r)).toBe(r <= top);
  });
  it('Target protection is up one level if in woods or cover (SW stays SW)', () => {
    expect(protectionUp('UA', true)).toBe('PA');
    expect(protectionUp('PA', true)).toBe('FA');
    expect(protectionUp('FA', true)).toBe('SW');
    expect(protectionUp('SW', true)).toBe('SW');
    expect(protectionUp('UA', false)).toBe('UA');
  });
});

describe('PI Shooting', () => {
  it.each([
    ['spear', 3, 6],
    ['bow', 6, 12],
    ['pistol', 6, 12],
    ['musket', 12, 24],
    ['blunderbus', 6, 12],
    ['cannon', 18, 36],
  ] as const)('%s range %i/%i', (name, s, l) => {
    expect(PIRATE_WEAPONS[name].short).toBe(s);
    expect(PIRATE_WEAPONS[name].long).toBe(l);
  });
  it('Short Range: Hit 7-12; Long Range: Hit 10-12 (D12 + level)', () => {
    for (let r = 1; r <= 12; r++) {
      expect(pirateHit(r, 0, false, false, false).hit).toBe(r >= 7);
      expect(pirateHit(r, 0, false, false, true).hit).toBe(r >= 10);
    }
    expect(pirateHit(5, 2, false, false, false)).toEqual({ total: 7, hit: true });
    expect(pirateHit(8, 1, false, false, true)).toEqual({ total: 9, hit: false });
  });
  it('Close order Foot: +1 to hit +1 to be hit', () => {
    expect(pirateHit(6, 0, true, false, false)).toEqual({ total: 7, hit: true });
    expect(pirateHit(6, 0, false, true, false)).toEqual({ total: 7, hit: true });
    expect(pirateHit(8, 0, true, true, true)).toEqual({ total: 10, hit: true });
  });
  it.each([
    ['open', 10],
    ['leader', 8],
    ['partial', 6],
    ['full', 4],
  ] as const)('Save: %s %i-12', (p, low) => {
    expect(PIRATE_SAVE[p]).toBe(low);
    for (let r = 1; r <= 12; r++) expect(pirateSaved(p, r)).toBe(r >= low);
  });
  it('a target takes its best protection ([R15])', () => {
    expect(pirateProtection(false, 'none')).toBe('open');
    expect(pirateProtection(true, 'none')).toBe('leader');
    expect(pirateProtection(true, 'partial')).toBe('partial');
    expect(pirateProtection(false, 'full')).toBe('full');
  });
  it('Cannons roll 4 Dice for Short 2 Dice for Long; every other weapon one', () => {
    expect(shotDice(PIRATE_WEAPONS.cannon, false)).toBe(4);
    expect(shotDice(PIRATE_WEAPONS.cannon, true)).toBe(2);
    expect(shotDice(PIRATE_WEAPONS.musket, false)).toBe(1);
  });
  it('pistols and muskets (and blunderbus, cannon) must reload; bows and spears need not', () => {
    expect(PIRATE_WEAPONS.pistol.reload).toBe(true);
    expect(PIRATE_WEAPONS.musket.reload).toBe(true);
    expect(PIRATE_WEAPONS.blunderbus.reload).toBe(true);
    expect(PIRATE_WEAPONS.cannon.reload).toBe(true);
    expect(PIRATE_WEAPONS.bow.reload).toBe(false);
    expect(PIRATE_WEAPONS.spear.reload).toBe(false);
  });
});

describe('DA Melee: Weapon Factor', () => {
  it.each([
    ['improvised', 0],
    ['spear', 1],
    ['club', 1],
    ['sword', 2],
    ['axe', 2],
    ['dane-axe', 3],
  ] as const)('%s: %i', (name, f) => {
    expect(weaponFactor(side({ weapons: [DA_WEAPONS[name]] }), side()).factor).toBe(f);
    expect(weaponFactor(side({ weapons: [DA_WEAPONS[name]], firstRound: false }), side()).factor).toBe(f);
  });
  it('Mounted lance: 5, first round of current mêlée only', () => {
    const lancer = side({ weapons: [DA_WEAPONS.lance], mounted: true });
    expect(weaponFactor(lancer, side()).factor).toBe(5);
    expect(weaponFactor({ ...lancer, firstRound: false }, side()).factor).toBe(1);
  });
  it('Mounted lance: not vs. spears or uphill', () => {
    const lancer = side({ weapons: [DA_WEAPONS.lance], mounted: true });
    expect(weaponFactor(lancer, side({ weapons: [DA_WEAPONS.spear] })).factor).toBe(1);
    expect(weaponFactor({ ...lancer, opponentUphill: true }, side()).factor).toBe(1);
  });
  it('the best of several weapons is used', () => {
    expect(weaponFactor(side({ weapons: [DA_WEAPONS.spear, DA_WEAPONS.sword] }), side()).factor).toBe(2);
    expect(weaponFactor(side({ weapons: [DA_WEAPONS.bow] }), side()).factor).toBe(0);
  });
});

describe('DA Melee: Tactical Factors', () => {
  const f = (me: Partial<MeleeSide>, opp: Partial<MeleeSide> = {}) => meleeFactors(DA_MELEE, side(me), side(opp), 'stripes').mods;
  it('Mtd. vs foot: +1; Foot vs. mtd.: -1', () => {
    expect(modOf(f({ mounted: true }), 'mounted vs foot')).toBe(1);
    expect(modOf(f({}, { mounted: true }), 'foot vs mounted')).toBe(-1);
    expect(modOf(f({ mounted: true }, { mounted: true }), 'mounted vs foot')).toBeUndefined();
  });
  it('Charging: +1 (first round only)', () => {
    expect(modOf(f({ charging: true }), 'charging')).toBe(1);
    expect(modOf(f({ charging: true, firstRound: false }), 'charging')).toBeUndefined();
  });
  it('Vs. unshielded flank: +1 (a shielded flank gives nothing); Vs. Rear: +2', () => {
    expect(modOf(f({ arc: 'unshielded' }), 'vs unshielded flank')).toBe(1);
    expect(sumMods(f({ arc: 'flank' }))).toBe(0);
    expect(modOf(f({ arc: 'rear' }), 'vs rear')).toBe(2);
  });
  it('Vs. uphill: -1; Vs. obstacle: -1; Each wound: -1', () => {
    expect(modOf(f({ opponentUphill: true }), 'vs uphill')).toBe(-1);
    expect(modOf(f({ opponentObstacle: true }), 'vs obstacle')).toBe(-1);
    expect(modOf(f({ wounds: 2 }), 'wounds')).toBe(-2);
  });
  it('stripes are added', () => {
    expect(modOf(f({ stripes: 2 }), 'stripes')).toBe(2);
  });
});

describe('DA Melee: Victory Margins', () => {
  it.each([
    ['UA', 1],
    ['PA', 2],
    ['FA', 4],
    ['SW', 6],
  ] as const)('Vs. %s: %i', (p, vm) => {
    expect(DA_VICTORY_MARGIN[p]).toBe(vm);
    expect(meleeOutcome(1 + vm, 0, 1, 0, 1, vm)).toMatchObject({ winner: 0, kill: true });
    expect(meleeOutcome(vm, 0, 1, 0, 1, vm)).toMatchObject({ winner: vm === 1 ? -1 : 0, kill: false });
  });
});

describe('DA/PI Melee: basic procedure', () => {
  it('Die roll may not be adjusted above 12 or below 1', () => {
    expect(clampD12(15)).toBe(12);
    expect(clampD12(-3)).toBe(1);
    expect(clampD12(7)).toBe(7);
    // 12 + 5 against 1 - 2: 12 vs 1, margin 11
    expect(meleeOutcome(12, 5, 1, -2, 1, 6)).toEqual({ a: 12, b: 1, winner: 0, kill: true });
    // the clamp can deny a kill: 10+6 → 12 against 8+0 → 8, margin 4 < 6
    expect(meleeOutcome(10, 6, 8, 0, 1, 6)).toEqual({ a: 12, b: 8, winner: 0, kill: false });
  });
  it('Ties are continuing mêlées', () => {
    expect(meleeOutcome(5, 2, 6, 1, 1, 1)).toEqual({ a: 7, b: 7, winner: -1, kill: false });
    // both clamped to 12 is a tie too
    expect(meleeOutcome(11, 4, 12, 3, 1, 1)).toEqual({ a: 12, b: 12, winner: -1, kill: false });
  });
  it('the higher roll kills only when its margin reaches the loser’s victory margin', () => {
    expect(meleeOutcome(4, 0, 7, 0, 4, 1)).toEqual({ a: 4, b: 7, winner: 1, kill: false });
    expect(meleeOutcome(3, 0, 7, 0, 4, 1)).toEqual({ a: 3, b: 7, winner: 1, kill: true });
  });
});

describe('PI Melee Procedure: Weapon Factor', () => {
  const p = (name: string) => PIRATE_WEAPONS[name];
  it.each([
    ['improvised', 0],
    ['spear', 1],
    ['club', 1],
    ['cutlass', 2],
    ['bayonet', 2],
    ['axe', 2], // a hand axe: single hand edged ([R19], audit A7)
    ['two-hand', 3],
  ] as const)('%s: %i', (name, f) => {
    expect(weaponFactor(side({ weapons: [p(name)] }), side()).factor).toBe(f);
  });
  it('Unfired pistol 3/0: 3 in the first round when loaded, 0 thereafter or unloaded', () => {
    expect(weaponFactor(side({ weapons: [p('pistol')], loaded: true }), side())).toMatchObject({ factor: 3 });
    expect(weaponFactor(side({ weapons: [p('pistol')], loaded: true, firstRound: false }), side()).factor).toBe(0);
    expect(weaponFactor(side({ weapons: [p('pistol')], loaded: false }), side()).factor).toBe(0);
  });
  it('Pike 3/1: first number for first round only, second thereafter', () => {
    expect(weaponFactor(side({ weapons: [p('pike')] }), side()).factor).toBe(3);
    expect(weaponFactor(side({ weapons: [p('pike')], firstRound: false }), side()).factor).toBe(1);
  });
});

describe('PI Melee Procedure: Tac Factors', () => {
  const f = (me: Partial<MeleeSide>, opp: Partial<MeleeSide> = {}) => meleeFactors(PIRATE_MELEE, side(me), side(opp), 'level').mods;
  it('Mt. vs Foot +1 (no foot-vs-mounted penalty on this sheet)', () => {
    expect(modOf(f({ mounted: true }), 'mounted vs foot')).toBe(1);
    expect(sumMods(f({}, { mounted: true }))).toBe(0);
  });
  it('Charging +1*: first round of melee only', () => {
    expect(modOf(f({ charging: true }), 'charging')).toBe(1);
    expect(modOf(f({ charging: true, firstRound: false }), 'charging')).toBeUndefined();
  });
  it('Vs flank +1 (any flank; a rear attack counts as a flank attack — [R20])', () => {
    expect(modOf(f({ arc: 'flank' }), 'vs flank')).toBe(1);
    expect(modOf(f({ arc: 'rear' }), 'vs flank')).toBe(1);
  });
  it('Vs. uphill -1; Vs. obstacle -1; Each wound -1', () => {
    expect(modOf(f({ opponentUphill: true }), 'vs uphill')).toBe(-1);
    expect(modOf(f({ opponentObstacle: true }), 'vs obstacle')).toBe(-1);
    expect(modOf(f({ wounds: 1 }), 'wounds')).toBe(-1);
  });
  it('Two wpns +1', () => {
    expect(modOf(f({ weapons: [PIRATE_WEAPONS.cutlass, PIRATE_WEAPONS.pistol] }), 'two weapons')).toBe(1);
    expect(modOf(f({ weapons: [PIRATE_WEAPONS.cutlass, PIRATE_WEAPONS.musket] }), 'two weapons')).toBeUndefined();
  });
  it('level is added', () => {
    expect(modOf(f({ stripes: 3 }), 'level')).toBe(3);
  });
});

describe('PI Melee Procedure: Victory margins', () => {
  it('vs Captain: 4; vs 1st Mate: 3; vs Double Weapon: 2; Vs Crewman: 1', () => {
    expect(pirateVictoryMargin('captain', true)).toBe(4);
    expect(pirateVictoryMargin('mate', false)).toBe(3);
    expect(pirateVictoryMargin('crewman', true)).toBe(2);
    expect(pirateVictoryMargin('crewman', false)).toBe(1);
  });
});

describe('DA Morale: chart', () => {
  const rows: [number, string, string, string, string][] = [
    [1, 'FB', 'RT', 'RT', 'RT'],
    [2, 'FB', 'FB', 'RT', 'RT'],
    [3, 'NE', 'FB', 'FB', 'RT'],
    [4, 'NE', 'NE', 'FB', 'RT'],
    [5, 'NE', 'NE', 'NE', 'FB'],
    [6, 'NE', 'NE', 'NE', 'FB'],
    [7, 'NE', 'NE', 'NE', 'NE'],
  ];
  it.each(rows)('roll %i: %s %s %s %s', (roll, ...cols) => {
    for (let k = 0; k < 4; k++) expect(moraleResult(DA_MORALE_CHART, 1, roll, k)).toBe(cols[k]);
  });
  it('below 1 reads row 1; 7+ is no effect', () => {
    expect(moraleResult(DA_MORALE_CHART, 1, -4, 0)).toBe('FB');
    expect(moraleResult(DA_MORALE_CHART, 1, 15, 3)).toBe('NE');
  });
});

describe('PI Morale Chart', () => {
  const rows: [number, string, string, string, string][] = [
    [2, 'FB', 'RT', 'RT', 'RT'],
    [3, 'FB', 'FB', 'RT', 'RT'],
    [4, 'NE', 'FB', 'FB', 'RT'],
    [5, 'NE', 'NE', 'FB', 'RT'],
    [6, 'NE', 'NE', 'NE', 'FB'],
    [7, 'NE', 'NE', 'NE', 'FB'],
    [8, 'NE', 'NE', 'NE', 'NE'],
  ];
  it.each(rows)('roll %i: %s %s %s %s', (roll, ...cols) => {
    for (let k = 0; k < 4; k++) expect(moraleResult(PIRATE_MORALE_CHART, 2, roll, k)).toBe(cols[k]);
  });
  it('1 or less reads row 2 ([R26])', () => {
    expect(moraleResult(PIRATE_MORALE_CHART, 2, 1, 0)).toBe('FB');
    expect(moraleResult(PIRATE_MORALE_CHART, 2, -2, 1)).toBe('RT');
  });
});

describe('Morale: modifiers', () => {
  it('DA: each 1/5 of unit lost -1; standard captured -2; leader killed/captured -3; leader in combat or leading +3', () => {
    expect(moraleMods(DA_MORALE_MODS, 4, 10, false, false, false)).toEqual([{ name: 'each 1/5 lost', value: -2 }]);
    expect(sumMods(moraleMods(DA_MORALE_MODS, 1, 10, true, true, false))).toBe(-5);
    expect(sumMods(moraleMods(DA_MORALE_MODS, 0, 10, false, false, true))).toBe(3);
  });
  it('PI: -1 each 25% of unit lost; -3 leader killed/captured; +2 leader in combat or leading; no standard', () => {
    expect(sumMods(moraleMods(PIRATE_MORALE_MODS, 6, 12, true, false, false))).toBe(-2);
    expect(sumMods(moraleMods(PIRATE_MORALE_MODS, 0, 12, false, true, false))).toBe(-3);
    expect(sumMods(moraleMods(PIRATE_MORALE_MODS, 0, 12, false, false, true))).toBe(2);
  });
  it('loss steps count whole fractions of the unit as it began', () => {
    expect(lossSteps(2, 10, 1 / 5)).toBe(1);
    expect(lossSteps(1, 10, 1 / 5)).toBe(0);
    expect(lossSteps(3, 12, 1 / 4)).toBe(1);
    expect(lossSteps(12, 12, 1 / 4)).toBe(4);
  });
  it('within 4 in of a leader (or in shield wall) up one level; cannot see standard/leader down one; clamped', () => {
    expect(shiftClass(2, 1)).toBe(1);
    expect(shiftClass(0, 1)).toBe(0);
    expect(shiftClass(3, -1)).toBe(3);
    expect(shiftClass(1, -1)).toBe(2);
  });
});

describe('Rally', () => {
  it('DA: 1-3 Elites; 4-6 Elites and veterans; 7-9 Elites, Veterans and Average; 10-12 All', () => {
    const expected = (roll: number): boolean[] => [true, roll >= 4, roll >= 7, roll >= 10];
    for (let r = 1; r <= 12; r++) for (let k = 0; k < 4; k++) expect(daRallies(r, k)).toBe(expected(r)[k]);
  });
  it('PI: Elites 4+, Veterans 6+, Average 8+, Green 10+', () => {
    const need = [4, 6, 8, 10];
    for (let r = 1; r <= 12; r++) for (let k = 0; k < 4; k++) expect(pirateRallies(r, k)).toBe(r >= need[k]);
  });
});

describe('Leader Combat', () => {
  it('DA: Leader dies on 1-3; otherwise receives 1 hit; 3 hits equals elimination', () => {
    for (let r = 1; r <= 3; r++) expect(leaderHit([1, 3], r, 0)).toEqual({ dies: true, hits: 0, eliminated: true });
    for (let r = 4; r <= 12; r++) expect(leaderHit([1, 3], r, 0)).toEqual({ dies: false, hits: 1, eliminated: false });
    expect(leaderHit([1, 3], 7, 2)).toEqual({ dies: false, hits: 3, eliminated: true });
  });
  it('PI: he only dies if the roll was a natural 12; otherwise one hit; 3 hits equals elimination', () => {
    expect(leaderHit([12, 12], 12, 0).dies).toBe(true);
    for (let r = 1; r <= 11; r++) expect(leaderHit([12, 12], r, 1)).toEqual({ dies: false, hits: 2, eliminated: false });
    expect(leaderHit([12, 12], 1, 2)).toEqual({ dies: false, hits: 3, eliminated: true });
  });
});
