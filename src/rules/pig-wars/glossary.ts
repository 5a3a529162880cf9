/**
 * The words of Pig Wars' orders, badges, info lines and dice lines that a newcomer would not know,
 * for `serve`'s glossary on hover (the ruleset's `view.glossary`), in a sentence each
 * (docs/rules/pig-wars-summary.md, docs/rules/pig-wars-pirates-summary.md).
 */
import type { GlossaryTerm } from '../../core/scene.js';

const COMMON: readonly GlossaryTerm[] = [
  {
    term: 'obj',
    words:
      'the scenario’s objective order: raiders toward the loot, drovers toward home; defenders toward the nearest drover, else to guard the loot.',
  },
  { term: 'drovers', words: 'raiders driving a pig (the loot) home: their unit keeps their pace, so the escort stays with the loot.' },
  { term: 'loot', words: 'the pigs the raiders came for: driven home across the table edge they count as landed.' },
  { term: 'Loot landed', words: 'pigs the raiders have driven home so far, of those the scenario asks.' },
  { term: 'home', words: 'the order to make for the nearest point of the side’s home zone (the raiders’ edge).' },
  { term: 'hold', words: 'stand this activation (and shoot, or reload, when armed to).' },
  { term: 'advance on', words: 'move toward that enemy unit, stopping short of contact.' },
  { term: 'charge', words: 'move into contact with that enemy unit (+1d6 to the move; charging counts in the fight).' },
  {
    term: 'morale',
    words: 'a unit tests after losing its leader, its standard or a fifth of its men this turn; it may fall back or rout.',
  },
  { term: 'rout', words: 'running from the fight: the routed must rally next time their card comes up, or run on.' },
  { term: 'routs', words: 'breaks and runs; it must rally next time or run on.' },
  { term: 'rallies', words: 'a routed figure stops running and may fight again.' },
  { term: 'free', words: 'figures of the unit not in a fight (only they move on the unit’s order).' },
  {
    term: 'melee',
    words:
      'a fight between figures in base contact: both roll a D12 plus factors; the higher kills when it wins by the loser’s victory margin.',
  },
  { term: 'flank', words: 'attacking from the side: +1 in the fight.' },
  { term: 'Cards left', words: 'each side’s cards still to be drawn this turn: when a side’s card comes up its units act.' },
];

/** Pig Wars' glossary, for the dark-ages sheet or Kershner's pirate variant (`pirates`). */
export function pigGlossary(pirates: boolean): readonly GlossaryTerm[] {
  return pirates
    ? [
        ...COMMON,
        { term: 'level', words: 'a figure’s experience, added to its shooting and mêlée dice.' },
        { term: 'close order', words: 'a unit kept tight: moves D6 + 6, and shooting at or by close-order foot gets +1.' },
        { term: 'loose order', words: 'a unit spread out: moves D6 + 8.' },
        { term: 'reload', words: 'pistols, muskets, blunderbusses and cannon must spend an activation reloading after firing.' },
      ]
    : [
        ...COMMON,
        { term: 'unshielded', words: 'with no shield on the side attacked.' },
        { term: 'stripes', words: 'a figure’s experience (dark ages), added to its D12 in a fight.' },
        {
          term: 'shield wall',
          words: 'a unit locked shield to shield: moves 4 in, and a victory margin of 6 is needed to kill one of its men.',
        },
        { term: 'wall', words: 'the order to form shield wall (moves 4 in; 6 to kill a man in it).' },
        { term: 'UA', words: 'unarmoured: moves 9 in (horse 16); killed by a victory margin of 1.' },
        { term: 'PA', words: 'partial armour: moves 8 in (horse 16); killed by a victory margin of 2.' },
        { term: 'FA', words: 'full armour: moves 6 in (horse 12); killed by a victory margin of 4.' },
      ];
}
