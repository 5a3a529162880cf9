/**
 * The tables of the State of War quick-reference sheet as data, and the pure functions that read
 * them. Lengths in centimetres. Readings [Wn] are in docs/rules/state-of-war.md.
 */

/** Quality classes and their dice ([W33]: the sheet lists none). */
export const QUALITY: Readonly<Record<string, number>> = { green: 6, trained: 8, veteran: 10, elite: 12 };
/** The quality class names, smallest die first. */
export const QUALITY_NAMES = ['green', 'trained', 'veteran', 'elite'] as const;

/** Actions: "Each figure has 2 actions in a turn, -1 action per wound suffered" ([W2]). */
export function actionsFor(wounds: number, disabled: boolean): number {
  if (disabled) return 0;
  return Math.max(0, 2 - wounds);
}

/**
 * Actions of a figure in one of its side's action phases: {@link actionsFor} less 1 while it
 * carries a barrel-sized object ("Carrying a barrel or similar sized object costs 1 action", [W6]).
 * Never below 0.
 */
export function phaseActions(wounds: number, carrying: boolean): number {
  return Math.max(0, actionsFor(wounds, false) - (carrying ? CARRY_COST : 0));
}

/** Actions the carrying of a barrel-sized object costs in each of the carrier's phases ([W6]). */
export const CARRY_COST = 1;

/** Climbing: "Climb 6cms of ladder or 3cms of wall, fence or similar" per action ([W5]). */
export const CLIMB_WALL = 3;
export const CLIMB_LADDER = 6;
/** A horse jumps a fence or wall of up to this many cm with one climb action; higher ones are for men on foot ([W5]). */
export const HORSE_JUMP = 3;

/** Climb actions needed to cross a fence or wall `height` cm high, at a ladder or not ([W5]). */
export function climbActions(height: number, ladder: boolean): number {
  return Math.max(1, Math.ceil(height / (ladder ? CLIMB_LADDER : CLIMB_WALL) - 1e-9));
}

/** Movement: cm per move action ([W8]). */
export const MOVE_INFANTRY = 12;
export const MOVE_CAVALRY = 24;
/** Movement: cavalry lose ¼ move per 45° turned ([W10]). */
export const TURN_STEP_DEG = 45;

/** Move allowance of one action (cm), before difficult ground and turning. */
export function moveRate(mounted: boolean): number {
  return mounted ? MOVE_CAVALRY : MOVE_INFANTRY;
}

/**
 * The cm a mounted figure pays for turning `deg` degrees in all: "− ¼ move per 45 degrees turned",
 * at that rate (6 cm per 45°, so 180° is the whole 24 cm move) — since ruleset 1.3.0 (two outside
 * readings: before, each started 45° beyond a 5° tolerance cost a whole quarter, so a 5.4° bend cost
 * 6 cm and a 145° turn the whole move) ([W10]).
 */
export function turnCost(deg: number): number {
  return (Math.abs(deg) / TURN_STEP_DEG) * (MOVE_CAVALRY / 4);
}

/** Cost of a cm of route: doubled in difficult terrain ([W9]). */
export const DIFFICULT_FACTOR = 2;

/** A range band: 0 short, 1 medium, 2 long, 3 extreme. */
export type Band = 0 | 1 | 2 | 3;
export const BAND_NAMES = ['short', 'medium', 'long', 'extreme'] as const;

/** A missile weapon of the Shooting table. */
export interface Weapon {
  key: string;
  name: string;
  /** Upper limit (cm) of each band, short … extreme; null where the sheet has "-". */
  ranges: readonly (number | null)[];
  /** Muzzle-loaded: 3 load actions, else 1 ([W19]). */
  muzzle: boolean;
}

/** The Shooting table, row by row. */
export const WEAPONS: Readonly<Record<string, Weapon>> = {
  minieRifle: { key: 'minieRifle', name: 'Minié rifle', ranges: [15, 30, 110, 150], muzzle: true },
  repeater: { key: 'repeater', name: 'repeating / breech-loading rifle', ranges: [12, 25, 60, 120], muzzle: false },
  musket: { key: 'musket', name: 'musket', ranges: [4, 10, 30, 90], muzzle: true },
  minieCarbine: { key: 'minieCarbine', name: 'Minié carbine', ranges: [8, 20, 70, 120], muzzle: true },
  smoothboreCarbine: { key: 'smoothboreCarbine', name: 'smoothbore carbine', ranges: [4, 8, 20, 70], muzzle: true },
  shotgun: { key: 'shotgun', name: 'shotgun', ranges: [5, 10, 40, null], muzzle: true },
  pistol: { key: 'pistol', name: 'pistol', ranges: [2, 6, 10, 20], muzzle: false },
  hurled: { key: 'hurled', name: 'hand-hurled', ranges: [null, 10, 20, 30], muzzle: false },
};

/** Load actions a weapon needs ("3 actions for Muzzle loaded weapons, 1 action for all other"). */
export function loadActions(w: Weapon): number {
  return w.muzzle ? 3 : 1;
}

/** Longest range of a weapon (cm). */
export function maxRange(w: Weapon): number {
  let m = 0;
  for (const r of w.ranges) if (r !== null) m = Math.max(m, r);
  return m;
}

/** The band a target at `d` cm falls in, or −1 beyond the weapon's reach ([W13]: inclusive limits). */
export function rangeBand(w: Weapon, d: number): Band | -1 {
  for (let b = 0; b < 4; b++) {
    const lim = w.ranges[b];
    if (lim !== null && d <= lim + 1e-9) return b as Band;
  }
  return -1;
}

/** Range table: the target's range die by band. */
export const RANGE_DIE: readonly number[] = [6, 8, 10, 12];

/** Cover classes and the Cover table. */
export type Cover = 'open' | 'soft' | 'hard';
export const COVER_DIE: Readonly<Record<Cover, number>> = { open: 4, soft: 6, hard: 8 };
/** The better of two covers. */
export function betterCover(a: Cover, b: Cover): Cover {
  return COVER_DIE[a] >= COVER_DIE[b] ? a : b;
}

/** Shooting results, from the margin over the target's highest die. */
export type ShotResult = 'none' | 'graze' | 'wound' | 'disabled' | 'killed';

/** "Beat highest target dice by: Evens / +1 / +2-3 / +4-5 / Greater" ([W16]). */
export function shotResult(margin: number): ShotResult {
  if (margin <= 0) return 'none';
  if (margin === 1) return 'graze';
  if (margin <= 3) return 'wound';
  if (margin <= 5) return 'disabled';
  return 'killed';
}

/** A figure's hurt: wounds taken and whether disabled or dead. */
export interface Hurt {
  wounds: number;
  disabled: boolean;
  dead: boolean;
}

/**
 * Apply one injury to a figure: "2 Wounds = Disabled, Disabled + Wound = Killed" ([W18]). A
 * `disabled` result on a disabled figure kills it; `killed` kills. Returns the new hurt.
 */
export function applyInjury(h: Hurt, injury: 'wound' | 'disabled' | 'killed'): Hurt {
  if (h.dead) return h;
  if (injury === 'killed') return { wounds: h.wounds, disabled: h.disabled, dead: true };
  if (injury === 'disabled') return h.disabled ? { ...h, dead: true } : { ...h, disabled: true };
  if (h.disabled) return { wounds: h.wounds + 1, disabled: true, dead: true };
  const w = h.wounds + 1;
  return { wounds: w, disabled: w >= 2, dead: false };
}

/** Horse hit: "Mounted figures only: horse hit on 4+ (D6)" ([W16]). */
export const HORSE_HIT_ON = 4;

/** Melee weapon types of the Melee table. */
export interface MeleeWeapon {
  key: string;
  name: string;
  /** Die versus infantry and versus cavalry; 0 for "No Dice". */
  vsInfantry: number;
  vsCavalry: number;
}

/** The Melee table, row by row. */
export const MELEE_WEAPONS: Readonly<Record<string, MeleeWeapon>> = {
  lance: { key: 'lance', name: 'lance', vsInfantry: 6, vsCavalry: 8 },
  bayonet: { key: 'bayonet', name: 'bayonet', vsInfantry: 6, vsCavalry: 8 },
  swordPistol: { key: 'swordPistol', name: 'sword and pistol', vsInfantry: 6, vsCavalry: 4 },
  butt: { key: 'butt', name: 'rifle / shotgun butt, sword etc.', vsInfantry: 4, vsCavalry: 4 },
  improvised: { key: 'improvised', name: 'improvised weapon', vsInfantry: 4, vsCavalry: 0 },
};

/** The weapon die of `w` against an opponent that is mounted or not (0: no die). */
export function meleeWeaponDie(w: MeleeWeapon, opponentMounted: boolean): number {
  return opponentMounted ? w.vsCavalry : w.vsInfantry;
}

/** Horse die of a mounted figure in melee ("Mounted figures throw a D6 for the horse"). */
export const HORSE_DIE = 6;
/** "In multiple combats a maximum of 3 figures can fight against 1." */
export const MAX_AGAINST_ONE = 3;

/** One entry of a melee result row. */
export type MeleeEffect = 'PB' | 'PBW' | 'W' | 'D' | 'K' | 'DMT' | 'DMTW';

/** Result of Melee: the row for an infantry or cavalry loser, by margin ≥ 1 ([W23]). */
export const MELEE_INFANTRY: readonly MeleeEffect[] = ['PB', 'PBW', 'W', 'D', 'K', 'K'];
export const MELEE_CAVALRY: readonly MeleeEffect[] = ['DMT', 'DMTW', 'W', 'W', 'D', 'K'];

/** The effect on the loser of a melee lost by `margin` (≥ 1), by the loser's type; null for evens. */
export function meleeResult(margin: number, loserMounted: boolean): MeleeEffect | null {
  if (margin <= 0) return null;
  const row = loserMounted ? MELEE_CAVALRY : MELEE_INFANTRY;
  return row[Math.min(margin, 6) - 1];
}

/** Push back distance (cm) of P/B. */
export const PUSH_BACK = 2;
/** DMT: "Suffers wound on 5+ (D6)". */
export const DMT_WOUND_ON = 5;

/** Morale modifiers of the sheet, by name ([W27]–[W31]). */
export const MORALE_MODS = {
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
} as const;

/** Force commander in sight within this many cm gives +2. */
export const COMMANDER_RANGE = 50;
/** Friends within this many cm retiring give −1. */
export const RETIRING_RANGE = 20;

/** Morale statuses, in order of severity ([W32]). */
export const OK = 0;
export const NO_ADVANCE = 1;
export const FALL_BACK = 2;
export const BROKEN = 3;
export const ROUTED = 4;
export const MORALE_NAMES = ['OK', 'no advance', 'fall back', 'broken', 'routed'] as const;

/** The morale result of a final score ([W32]). */
export function moraleResult(score: number): number {
  if (score >= 1) return OK;
  if (score >= -1) return NO_ADVANCE;
  if (score === -2) return FALL_BACK;
  if (score === -3) return BROKEN;
  return ROUTED;
}

/** Rally: "score a 4 or more on quality dice at the end of your action phases". */
export const RALLY_ON = 4;

/** −2 per 20% of the unit out, −1 per 20% wounded ([W27], [W28]): the number of whole 20%s. */
export function per20(count: number, size: number): number {
  if (size <= 0) return 0;
  return Math.floor((5 * count) / size + 1e-9);
}
