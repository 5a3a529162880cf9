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
  DA_VICTORY_MARGIN,
  PIRATE_MOVE_BASE,
  daMoveFactor,
  daRallies,
  pirateRallies,
  pirateVictoryMargin,
  type MeleeRules,
  type MoraleModRules,
  type MoraleResult,
  type Rank,
  type Weapon,
} from './tables.js';

/** What a version's movement factor reads of a figure. */
export interface MoveTraits {
  armour: 'UA' | 'PA' | 'FA';
  mounted: boolean;
}
/** What a version's victory margin reads of the figure to be killed. */
export interface MarginTraits extends MoveTraits {
  rank: Rank;
  twoWeapons: boolean;
}

/**
 * One version of the rules: its tables, and each rule where the versions differ as a named datum
 * or hook, so the engine asks the rule, never which version it is.
 */
export interface Version {
  /** Ruleset id. */
  id: 'pig-wars' | 'pig-wars-pirates';
  /** Kershner's pirate variant (for words and the heuristic's tuning; the rules ask the named data below). */
  pirates: boolean;
  /** [R11] pirates: each unit rolls a movement D6 per order, added to its figures' base move. */
  moveDie: boolean;
  /** [R11] pirates: a route into rough ground or across an obstacle costs −D6 (one per order). */
  crossingDie: boolean;
  /**
   * The charge reach beyond a figure's planning move ({@link Version.normalMove} with the mean die):
   * pirates 2.5 (the movement D6 at 6 rather than 3.5), dark ages 0; the charge D6's 6 is added too.
   */
  chargeReachExtra: number;
  /** [R10] dark ages: shielded foot may form shield wall (no way into rough, up a level for morale, SW protection in front). */
  shieldWall: boolean;
  /** [R22] what a figure must see or go down a level: dark ages its unit's standard; pirates a leader. */
  mustSee: 'standard' | 'leader';
  /** Dark ages: losing the standard triggers a morale check. */
  standards: boolean;
  /** Pirates: figures beyond every leader's command radius rout on their side's card. */
  outOfCommand: boolean;
  /** [R21] Leader Combat's roll: a fresh D12 (dark ages) or the roll that hit him (pirates). */
  leaderRoll: 'fresh' | 'hitting';
  /** Pirates: leaders have ranks (captain, mate) that set their command radius and victory margin. */
  ranks: boolean;
  /** [R13]–[R19] what stops a shooting hit: the target's block roll (dark ages) or save roll (pirates). */
  shotDefence: 'block' | 'save';
  /** The loss trigger of a morale check, in words. */
  lossWords: string;
  /**
   * A figure's normal move (inches): dark ages its movement factor (shield wall: the wall's);
   * pirates the base of its movement kind `kind` plus the unit's movement D6 `die` (3.5 to plan).
   */
  normalMove(m: MoveTraits, kind: string, wall: boolean, die: number): number;
  /** The victory margin needed to kill figure `t` in mêlée; `wallFront`: in shield wall, attacked in front. */
  victoryMargin(t: MarginTraits, wallFront: boolean): number;
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
  moveDie: false,
  crossingDie: false,
  chargeReachExtra: 0,
  shieldWall: true,
  mustSee: 'standard',
  standards: true,
  outOfCommand: false,
  leaderRoll: 'fresh',
  ranks: false,
  shotDefence: 'block',
  lossWords: '1/5 lost this turn',
  normalMove: (m, _kind, wall) => daMoveFactor(m.armour, m.mounted, wall, false, 0),
  victoryMargin: (t, wallFront) => DA_VICTORY_MARGIN[wallFront ? 'SW' : t.armour],
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
  moveDie: true,
  crossingDie: true,
  chargeReachExtra: 2.5,
  shieldWall: false,
  mustSee: 'leader',
  standards: false,
  outOfCommand: true,
  leaderRoll: 'hitting',
  ranks: true,
  shotDefence: 'save',
  lossWords: '25% lost this turn',
  normalMove: (_m, kind, _wall, die) => PIRATE_MOVE_BASE[kind] + die,
  victoryMargin: (t) => pirateVictoryMargin(t.rank, t.twoWeapons),
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
