/**
 * The two versions of Pig Wars as data: everything the shared engine (engine.ts) asks a version.
 * Dark ages = pig-wars.txt; pirates = Tod Kershner's pig-wars-pirates-quickref.txt.
 */
import {
  CLASS_NAMES,
  DA_MELEE,
  DA_MORALE_CHART,
  DA_MORALE_MODS,
  DA_WEAPONS,
  PIRATE_CLASS_NAMES,
  PIRATE_MELEE,
  PIRATE_MORALE_CHART,
  PIRATE_MORALE_MODS,
  PIRATE_WEAPONS,
  daRallies,
  pirateRallies,
  type MeleeRules,
  type MoraleModRules,
  type MoraleResult,
  type Weapon,
} from './tables.js';

/** One version of the rules. */
export interface Version {
  /** Ruleset id. */
  id: 'pig-wars' | 'pig-wars-pirates';
  pirates: boolean;
  title: string;
  classNames: readonly [string, string, string, string];
  weapons: Readonly<Record<string, Weapon>>;
  melee: MeleeRules;
  /** Word for the quality added to melee rolls ("stripes", "level"). */
  levelName: string;
  /** Morale chart and the roll its first row stands for. */
  chart: readonly (readonly MoraleResult[])[];
  chartFirstRow: number;
  moraleMods: MoraleModRules;
  rallies(roll: number, klass: number): boolean;
  /** Leader Combat: the D12 range on which a hit leader dies. */
  leaderDies: readonly [number, number];
  /** The pirate sheet: one action per figure (move, or shoot, or reload). The dark ages: move, then shoot. */
  oneAction: boolean;
}

export const DARK_AGES: Version = {
  id: 'pig-wars',
  pirates: false,
  title: 'Pig Wars — dark-ages skirmish (quick reference sheet)',
  classNames: CLASS_NAMES,
  weapons: DA_WEAPONS,
  melee: DA_MELEE,
  levelName: 'stripes',
  chart: DA_MORALE_CHART,
  chartFirstRow: 1,
  moraleMods: DA_MORALE_MODS,
  rallies: daRallies,
  leaderDies: [1, 3],
  oneAction: false,
};

export const PIRATES: Version = {
  id: 'pig-wars-pirates',
  pirates: true,
  title: "Pig Wars pirate skirmishes — Tod Kershner's variant (quick reference sheet)",
  classNames: PIRATE_CLASS_NAMES,
  weapons: PIRATE_WEAPONS,
  melee: PIRATE_MELEE,
  levelName: 'level',
  chart: PIRATE_MORALE_CHART,
  chartFirstRow: 2,
  moraleMods: PIRATE_MORALE_MODS,
  rallies: pirateRallies,
  leaderDies: [12, 12],
  oneAction: true,
};
