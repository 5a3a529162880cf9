/**
 * Pig Wars tables as data, and the pure resolution functions both versions share.
 *
 * Two sheets: the dark-ages quick reference (pig-wars.txt, version id `pig-wars`) and Tod
 * Kershner's pirate variant (pig-wars-pirates-quickref.txt, `pig-wars-pirates`). What the sheets
 * share (D12 melee with victory margins and continuing ties, the clamp to 1–12, the morale chart
 * read by class, rally, leader combat, charging +1d6) is written once here; everything that
 * differs is a field of {@link Version}. Section names in comments are the sheets' headings.
 * Readings of gaps: docs/rules/pig-wars.md. Lengths are inches.
 */

/** Morale / troop class, best first: index 0 = elite … 3 = militia (dark ages) or green (pirates). */
export type Klass = 0 | 1 | 2 | 3;
/** Class names as scenario files spell them (dark ages says militia, the pirate sheet green). */
export const CLASS_NAMES = ['elite', 'veteran', 'average', 'militia'] as const;
export const PIRATE_CLASS_NAMES = ['elite', 'veteran', 'average', 'green'] as const;

/** A morale result: fall back, rout, no effect (Morale: "FB", "RT", "NE"). */
export type MoraleResult = 'FB' | 'RT' | 'NE';

/** A weapon: its melee factor (first round / thereafter) and its shooting ranges (short/long, 0 = none). */
export interface Weapon {
  name: string;
  /** Melee factor in the first round of the current mêlée. */
  first: number;
  /** Melee factor after the first round. */
  later: number;
  /** Short and long range (inches); 0 when not a missile weapon. */
  short: number;
  long: number;
  /** Must be reloaded after firing (pirate sheet: pistols and muskets; a pistol used in melee too). */
  reload: boolean;
  /** Counts as a weapon in melee (two such weapons: "Two wpns +1"). A bow does not. */
  melee: boolean;
  /** Dice thrown at short and long range (cannon: 4 and 2); 1 for every other weapon. */
  diceShort: number;
  diceLong: number;
  /** Lance rules (dark ages): +5 first round only, not vs spears or uphill. */
  lance: boolean;
  /** A spear (the lance gets no bonus against it). */
  spear: boolean;
  /** An unfired pistol (pirate sheet "Unfired pistol 3/0"): the first-round factor needs it loaded. */
  pistol: boolean;
}

function w(name: string, first: number, later: number, short = 0, long = 0, extra: Partial<Weapon> = {}): Weapon {
  return {
    name,
    first,
    later,
    short,
    long,
    reload: false,
    melee: true,
    diceShort: 1,
    diceLong: 1,
    lance: false,
    spear: false,
    pistol: false,
    ...extra,
  };
}

/** Dark ages weapons (Melee "Weapon Factor"; Shooting "Weapon / Range"). */
export const DA_WEAPONS: Readonly<Record<string, Weapon>> = {
  improvised: w('improvised', 0, 0),
  spear: w('spear', 1, 1, 0, 0, { spear: true }),
  club: w('club', 1, 1),
  sword: w('sword', 2, 2),
  axe: w('axe', 2, 2),
  seax: w('seax', 2, 2),
  'dane-axe': w('dane axe', 3, 3),
  'great-sword': w('great sword', 3, 3),
  // *First round of current mêlée only. Not vs. spears or uphill. Otherwise it counts as a spear (docs/rules/pig-wars.md [R19]).
  lance: w('lance', 5, 1, 0, 0, { lance: true }),
  javelin: w('javelin', 0, 0, 3, 6, { melee: false }),
  bow: w('bow', 0, 0, 8, 16, { melee: false }),
  sling: w('sling', 0, 0, 8, 16, { melee: false }),
  crossbow: w('crossbow', 0, 0, 10, 20, { melee: false }),
};

/** Pirate variant weapons (Melee Procedure "Weapon / Factor"; Shooting "Weapon / Range"). */
export const PIRATE_WEAPONS: Readonly<Record<string, Weapon>> = {
  improvised: w('improvised', 0, 0),
  spear: w('spear', 1, 1, 3, 6, { spear: true }),
  club: w('club', 1, 1),
  cutlass: w('cutlass', 2, 2),
  sword: w('sword', 2, 2),
  bayonet: w('bayonet', 2, 2),
  knife: w('knife', 2, 2),
  // A hand axe is single-hand edged (2), as the dark-ages "axe" beside the two-handed "dane-axe":
  // Pirates! §5.B(2), whose harbour the Kershner raid borrows, has "dagger, knife, hand axe" together
  // (ruleset 0.3.0, audit A7; before, 3 as double hand edged).
  axe: w('axe', 2, 2),
  'two-hand': w('double hand edged', 3, 3),
  pistol: w('pistol', 3, 0, 6, 12, { reload: true, pistol: true }),
  pike: w('pike', 3, 1),
  bow: w('bow', 0, 0, 6, 12, { melee: false }),
  musket: w('musket', 0, 0, 12, 24, { reload: true, melee: false }),
  blunderbus: w('blunderbus', 0, 0, 6, 12, { reload: true, melee: false }),
  cannon: w('cannon', 0, 0, 18, 36, { reload: true, melee: false, diceShort: 4, diceLong: 2 }),
};

/** Dark ages protection levels (Shooting "Protection"; Melee "Victory Margins"). */
export const DA_PROTECTION = ['UA', 'PA', 'FA', 'SW'] as const;
export type DaProtection = (typeof DA_PROTECTION)[number];
/** Shooting: "Roll to Block" — the block succeeds on a D12 at or under this. */
export const DA_BLOCK: Readonly<Record<DaProtection, number>> = { UA: 4, PA: 6, FA: 8, SW: 10 };
/** Melee: "Victory Margins" by the loser's protection. */
export const DA_VICTORY_MARGIN: Readonly<Record<DaProtection, number>> = { UA: 1, PA: 2, FA: 4, SW: 6 };

/** "Target protection is up one level if in woods or cover" (SW is the top level). */
export function protectionUp(p: DaProtection, inCover: boolean): DaProtection {
  if (!inCover) return p;
  return DA_PROTECTION[Math.min(DA_PROTECTION.length - 1, DA_PROTECTION.indexOf(p) + 1)];
}

/** A D12 block roll (dark ages Shooting): blocked when the roll is within the protection's range. */
export function daBlocked(p: DaProtection, roll: number): boolean {
  return roll <= DA_BLOCK[p];
}

/** Pirate protection (Shooting "Protection / Save"): the save succeeds at or above this. */
export const PIRATE_SAVE = { open: 10, leader: 8, partial: 6, full: 4 } as const;
export type PirateProtection = keyof typeof PIRATE_SAVE;

/** The best save a target has: leader/officer, partial or full cover, else open ([R15]). */
export function pirateProtection(leader: boolean, cover: 'none' | 'partial' | 'full'): PirateProtection {
  if (cover === 'full') return 'full';
  if (cover === 'partial') return 'partial';
  return leader ? 'leader' : 'open';
}

/** Pirate save: the D12 at or over the protection's number. */
export function pirateSaved(p: PirateProtection, roll: number): boolean {
  return roll >= PIRATE_SAVE[p];
}

/** Pirate ranks for victory margins (Melee "Victory margins"). */
export type Rank = 'captain' | 'mate' | 'crewman';
/** Victory margin against a figure: captain 4, first mate 3, double weapon 2, crewman 1. */
export function pirateVictoryMargin(rank: Rank, twoWeapons: boolean): number {
  if (rank === 'captain') return 4;
  if (rank === 'mate') return 3;
  return twoWeapons ? 2 : 1;
}

/** Movement classes of the dark ages sheet: base allowance and the die rolled when starting on rough. */
export interface MoveClass {
  move: number;
  roughDie: number;
}
/** Movement (dark ages): "UA Foot: 9 (8)" … "FA Horse: 12 (8)". */
export const DA_MOVEMENT: Readonly<Record<string, MoveClass>> = {
  'UA-foot': { move: 9, roughDie: 8 },
  'PA-foot': { move: 8, roughDie: 8 },
  'FA-foot': { move: 6, roughDie: 6 },
  'UA-horse': { move: 16, roughDie: 12 },
  'PA-horse': { move: 16, roughDie: 12 },
  'FA-horse': { move: 12, roughDie: 8 },
};
/** {@link DA_MOVEMENT} by protection, foot and horse apart: the same rows, found without a key string per ask. */
const DA_FOOT: Readonly<Record<string, MoveClass>> = { UA: DA_MOVEMENT['UA-foot'], PA: DA_MOVEMENT['PA-foot'], FA: DA_MOVEMENT['FA-foot'] };
const DA_HORSE: Readonly<Record<string, MoveClass>> = {
  UA: DA_MOVEMENT['UA-horse'],
  PA: DA_MOVEMENT['PA-horse'],
  FA: DA_MOVEMENT['FA-horse'],
};
/** "Shield Wall: 4 (may not charge or move over rough)". */
export const DA_SHIELD_WALL_MOVE = 4;

/** The dark ages movement factor: the base, or the die rolled when the unit began on rough. */
export function daMoveFactor(
  protection: 'UA' | 'PA' | 'FA',
  mounted: boolean,
  shieldWall: boolean,
  onRough: boolean,
  dieRoll: number,
): number {
  if (shieldWall) return DA_SHIELD_WALL_MOVE;
  const c = (mounted ? DA_HORSE : DA_FOOT)[protection];
  return onRough ? dieRoll : c.move;
}
/** The die a dark-ages figure rolls when it begins on rough (Movement, number in parentheses). */
export function daRoughDie(protection: 'UA' | 'PA' | 'FA', mounted: boolean): number {
  return (mounted ? DA_HORSE : DA_FOOT)[protection].roughDie;
}

/** Pirate movement kinds (Movement): the base added to a D6. */
export const PIRATE_MOVE_BASE: Readonly<Record<string, number>> = {
  'close-foot': 6,
  'loose-foot': 8,
  mounted: 10,
  gun: 6,
  wagon: 5,
  mule: 8,
};

/** Pirate movement: D6 + base by kind, minus a D6 when crossing an obstacle or rough (never below 0). */
export function pirateMoveFactor(kind: string, d6: number, crossing: boolean, crossD6: number): number {
  return Math.max(0, PIRATE_MOVE_BASE[kind] + d6 - (crossing ? crossD6 : 0));
}

/** Shooting hit test. Dark ages: D12 at or under 6 short / 3 long. Pirates: D12 + level (+1 close order shooter, +1 close order target) at or over 7 short / 10 long. */
export function daHit(roll: number, long: boolean): boolean {
  return roll <= (long ? 3 : 6);
}
export function pirateHit(
  roll: number,
  level: number,
  closeShooter: boolean,
  closeTarget: boolean,
  long: boolean,
): { total: number; hit: boolean } {
  const total = roll + level + (closeShooter ? 1 : 0) + (closeTarget ? 1 : 0);
  return { total, hit: total >= (long ? 10 : 7) };
}

/** "Die roll may not be adjusted above 12 or below 1." */
export function clampD12(v: number): number {
  return Math.max(1, Math.min(12, v));
}

/** One named modifier of a roll (events list every one). */
export interface Mod {
  name: string;
  value: number;
  /**
   * A part that scales the allowance instead of adding to it (carrying loot, keeping pace with the
   * drovers): the sum of the other parts is multiplied by it; `value` is then 0. Since 0.4.0 in
   * the records (audit D2: the factor was only in the name).
   */
  factor?: number;
}

/** The tactical situation of one fighter in one round of mêlée (inputs to {@link meleeFactors}). */
export interface MeleeSide {
  /** Stripes (dark ages) or level (pirates). */
  stripes: number;
  weapons: readonly Weapon[];
  /** The pistol is loaded (pirates: "Unfired pistol"). */
  loaded: boolean;
  mounted: boolean;
  /** First round of the current mêlée. */
  firstRound: boolean;
  /** Charged into this mêlée and qualifies for the bonus (moved ≥ ½ (mounted) or ≥ 2 in (foot)). */
  charging: boolean;
  /** Where this fighter strikes the opponent: front, unshielded flank, shielded flank, rear. */
  arc: 'front' | 'flank' | 'unshielded' | 'rear';
  /** The opponent stands uphill of this fighter. */
  opponentUphill: boolean;
  /** The opponent is behind an obstacle. */
  opponentObstacle: boolean;
  /** Wounds (leader hits) this fighter carries. */
  wounds: number;
}

/** What a version's melee table contributes (the sheets' differences in melee). */
export interface MeleeRules {
  /** "Vs. Rear: +2" (dark ages); the pirate sheet has none (a rear attack counts as flank). */
  rearBonus: number | null;
  /** "Foot vs. mtd.: -1" (dark ages only). */
  footVsMounted: number;
  /** "Two wpns +1" (pirates only). */
  twoWeapons: number;
  /** Flank bonus only against an unshielded flank (dark ages) or any flank (pirates). */
  flankNeedsUnshielded: boolean;
}

export const DA_MELEE: MeleeRules = { rearBonus: 2, footVsMounted: -1, twoWeapons: 0, flankNeedsUnshielded: true };
export const PIRATE_MELEE: MeleeRules = { rearBonus: null, footVsMounted: 0, twoWeapons: 1, flankNeedsUnshielded: false };

/**
 * The weapon factor of a fighter this round: the best of its weapons (first-round or later factor;
 * a lance only in the first round and not vs spears or uphill, else as a spear; an unfired pistol
 * 3 in the first round, 0 after or when unloaded). Returns the factor and the weapon used.
 */
export function weaponFactor(me: MeleeSide, opp: MeleeSide): { factor: number; weapon: Weapon | null } {
  const factor = bestWeapon(me, opp);
  return { factor, weapon: MELEE_USED.weapon };
}

/**
 * The weapon used and the count of melee weapons of the last {@link weaponFactor}, {@link meleeSum}
 * or {@link meleeFactors} call: a scratch, read right after the call.
 */
export const MELEE_USED: { weapon: Weapon | null; melee: number } = { weapon: null, melee: 0 };

/** {@link weaponFactor}'s factor, the weapon used and the melee weapons counted into {@link MELEE_USED} (no allocation). */
function bestWeapon(me: MeleeSide, opp: MeleeSide): number {
  let best = -1;
  let used: Weapon | null = null;
  let oppSpear = false;
  for (const x of opp.weapons) {
    if (x.spear) {
      oppSpear = true;
      break;
    }
  }
  let melee = 0;
  for (const wp of me.weapons) {
    if (!wp.melee) continue;
    melee++;
    let f: number;
    if (wp.lance) f = me.firstRound && me.mounted && !oppSpear && !me.opponentUphill ? wp.first : wp.later;
    else if (wp.pistol) f = me.firstRound && me.loaded ? wp.first : wp.later;
    else f = me.firstRound ? wp.first : wp.later;
    if (f > best) {
      best = f;
      used = wp;
    }
  }
  MELEE_USED.weapon = used;
  MELEE_USED.melee = melee;
  return Math.max(0, best);
}

/**
 * The modifiers of one fighter's melee roll (stripes/level, weapon, tactical factors), summed in
 * their order — the rule written once: each is also named into `out` when a list is given (a
 * record's explanation), and nothing is made when not (the search sums them for every mêlée and
 * every charge its policy weighs; `out?.push(…)` does not build its argument without a list).
 */
function meleeMods(rules: MeleeRules, me: MeleeSide, opp: MeleeSide, levelName: string, out: Mod[] | null): number {
  let s = 0;
  if (me.stripes !== 0) {
    s += me.stripes;
    out?.push({ name: levelName, value: me.stripes });
  }
  const wf = bestWeapon(me, opp);
  if (wf !== 0) {
    s += wf;
    out?.push({ name: MELEE_USED.weapon ? MELEE_USED.weapon.name : 'weapon', value: wf });
  }
  if (rules.twoWeapons && MELEE_USED.melee >= 2) {
    s += rules.twoWeapons;
    out?.push({ name: 'two weapons', value: rules.twoWeapons });
  }
  if (me.mounted && !opp.mounted) {
    s += 1;
    out?.push({ name: 'mounted vs foot', value: 1 });
  }
  if (me.charging && me.firstRound) {
    s += 1;
    out?.push({ name: 'charging', value: 1 });
  }
  if (me.arc === 'rear') {
    if (rules.rearBonus !== null) {
      s += rules.rearBonus;
      out?.push({ name: 'vs rear', value: rules.rearBonus });
    } else {
      s += 1;
      out?.push({ name: 'vs flank', value: 1 });
    }
  } else if (me.arc === 'unshielded' || (me.arc === 'flank' && !rules.flankNeedsUnshielded)) {
    s += 1;
    out?.push({ name: rules.flankNeedsUnshielded ? 'vs unshielded flank' : 'vs flank', value: 1 });
  }
  if (rules.footVsMounted && !me.mounted && opp.mounted) {
    s += rules.footVsMounted;
    out?.push({ name: 'foot vs mounted', value: rules.footVsMounted });
  }
  if (me.opponentUphill) {
    s += -1;
    out?.push({ name: 'vs uphill', value: -1 });
  }
  if (me.opponentObstacle) {
    s += -1;
    out?.push({ name: 'vs obstacle', value: -1 });
  }
  if (me.wounds > 0) {
    s += -me.wounds;
    out?.push({ name: 'wounds', value: -me.wounds });
  }
  return s;
}

/** Every named modifier of one fighter's melee roll (stripes/level, weapon, tactical factors). */
export function meleeFactors(rules: MeleeRules, me: MeleeSide, opp: MeleeSide, levelName: string): { mods: Mod[]; weapon: Weapon | null } {
  const mods: Mod[] = [];
  meleeMods(rules, me, opp, levelName, mods);
  return { mods, weapon: MELEE_USED.weapon };
}

/**
 * `sumMods(meleeFactors(rules, me, opp, …).mods)` without building the list or its objects: the
 * same modifiers added in the same order, so the same number. The weapon used is left in
 * {@link MELEE_USED}.
 */
export function meleeSum(rules: MeleeRules, me: MeleeSide, opp: MeleeSide): number {
  return meleeMods(rules, me, opp, '', null);
}

/** Sum of modifiers. */
export function sumMods(mods: readonly Mod[]): number {
  let s = 0;
  for (const m of mods) s += m.value;
  return s;
}

/**
 * One round of mêlée between a and b: each adjusted roll clamped to 1–12; the higher kills when
 * its margin is at least the loser's victory margin; equal rolls, or a margin short of it, leave
 * a continuing mêlée. Returns the adjusted rolls and the killer (0 = a, 1 = b) or −1.
 */
export function meleeOutcome(
  rollA: number,
  modA: number,
  rollB: number,
  modB: number,
  vmOfA: number,
  vmOfB: number,
): { a: number; b: number; winner: -1 | 0 | 1; kill: boolean } {
  const a = clampD12(rollA + modA);
  const b = clampD12(rollB + modB);
  if (a === b) return { a, b, winner: -1, kill: false };
  if (a > b) return { a, b, winner: 0, kill: a - b >= vmOfB };
  return { a, b, winner: 1, kill: b - a >= vmOfA };
}

/** Morale chart (dark ages "Roll / Elite Veteran Average Militia"): rows 1…6, 7+ no effect. */
export const DA_MORALE_CHART: readonly (readonly MoraleResult[])[] = [
  ['FB', 'RT', 'RT', 'RT'], // 1 (and below)
  ['FB', 'FB', 'RT', 'RT'], // 2
  ['NE', 'FB', 'FB', 'RT'], // 3
  ['NE', 'NE', 'FB', 'RT'], // 4
  ['NE', 'NE', 'NE', 'FB'], // 5
  ['NE', 'NE', 'NE', 'FB'], // 6
];
/** Morale chart (pirates "Roll / Elt Vet Ave Grn"): rows 2…7, 8+ no effect. */
export const PIRATE_MORALE_CHART: readonly (readonly MoraleResult[])[] = [
  ['FB', 'RT', 'RT', 'RT'], // 2 (and below)
  ['FB', 'FB', 'RT', 'RT'], // 3
  ['NE', 'FB', 'FB', 'RT'], // 4
  ['NE', 'NE', 'FB', 'RT'], // 5
  ['NE', 'NE', 'NE', 'FB'], // 6
  ['NE', 'NE', 'NE', 'FB'], // 7
];

/** Read a morale chart whose first row is `firstRow`: rolls below it read the first row, beyond the last row no effect. */
export function moraleResult(chart: readonly (readonly MoraleResult[])[], firstRow: number, modified: number, klass: number): MoraleResult {
  const row = Math.max(0, modified - firstRow);
  if (row >= chart.length) return 'NE';
  return chart[row][Math.max(0, Math.min(3, klass))];
}

/** Shift a class by levels (+1 = up one level toward elite), clamped to elite … militia/green. */
export function shiftClass(klass: number, up: number): Klass {
  return Math.max(0, Math.min(3, klass - up)) as Klass;
}

/** Rally (dark ages): D12 1–3 elites, 4–6 + veterans, 7–9 + average, 10–12 all. */
export function daRallies(roll: number, klass: number): boolean {
  const best = roll <= 3 ? 0 : roll <= 6 ? 1 : roll <= 9 ? 2 : 3;
  return klass <= best;
}
/** Rally (pirates): D12 elites 4+, veterans 6+, average 8+, green 10+. */
export const PIRATE_RALLY = [4, 6, 8, 10] as const;
export function pirateRallies(roll: number, klass: number): boolean {
  return roll >= PIRATE_RALLY[klass];
}

/** Leader combat: the opponent's D12 kills the leader when within `dies` (dark ages 1–3, pirates natural 12); else one hit; 3 hits eliminate. */
export function leaderHit(
  dies: readonly [number, number],
  roll: number,
  hitsBefore: number,
): { dies: boolean; hits: number; eliminated: boolean } {
  if (roll >= dies[0] && roll <= dies[1]) return { dies: true, hits: hitsBefore, eliminated: true };
  const hits = hitsBefore + 1;
  return { dies: false, hits, eliminated: hits >= 3 };
}

/** Morale modifiers of a unit (both sheets, by version numbers). */
export interface MoraleModRules {
  /** Loss fraction per step: 1/5 (dark ages) or 1/4 (pirates). */
  lossStep: number;
  perStep: number;
  standardLost: number | null;
  leaderLost: number;
  leaderPresent: number;
}
export const DA_MORALE_MODS: MoraleModRules = { lossStep: 1 / 5, perStep: -1, standardLost: -2, leaderLost: -3, leaderPresent: 3 };
export const PIRATE_MORALE_MODS: MoraleModRules = { lossStep: 1 / 4, perStep: -1, standardLost: null, leaderLost: -3, leaderPresent: 2 };

/** Number of whole loss steps: "each 1/5 of unit lost" (floor of lost / (size × step), with a tolerance for exact fractions). */
export function lossSteps(lost: number, size: number, step: number): number {
  if (size <= 0) return 0;
  return Math.floor(lost / (size * step) + 1e-9);
}

/** The modifiers of a morale check, named. */
export function moraleMods(
  r: MoraleModRules,
  lost: number,
  size: number,
  standardLost: boolean,
  leaderLost: boolean,
  leaderPresent: boolean,
): Mod[] {
  const mods: Mod[] = [];
  const steps = lossSteps(lost, size, r.lossStep);
  if (steps > 0) mods.push({ name: r.lossStep === 0.25 ? 'each 25% lost' : 'each 1/5 lost', value: steps * r.perStep });
  if (standardLost && r.standardLost !== null) mods.push({ name: 'standard captured', value: r.standardLost });
  if (leaderLost) mods.push({ name: 'leader killed/captured', value: r.leaderLost });
  if (leaderPresent) mods.push({ name: 'leader in combat or leading', value: r.leaderPresent });
  return mods;
}

/** Cannon shooting: dice thrown by range (pirates "Cannons roll 4 Dice for Short 2 Dice for Long"). */
export function shotDice(wp: Weapon, long: boolean): number {
  return long ? wp.diceLong : wp.diceShort;
}
