/**
 * The words of Pirates!' actions, info lines and dice lines that a newcomer would not know, for
 * `serve`'s glossary on hover (the ruleset's `view.glossary`), in a sentence each with the rules'
 * section (docs/rules/pirates-summary.md).
 */
import type { GlossaryTerm } from '../../core/scene.js';

/** Pirates!' glossary: constant, whole-word terms as the ruleset's words write them. */
export const PIRATES_GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'band',
    words:
      'figures of one side that act together on one card, at most the card’s value in figures (an ace: one); once formed it stays together (§3).',
  },
  { term: 'Form a new band', words: 'choose figures of one group standing within 6" of each other to act on this card (§3).' },
  {
    term: 'card',
    words:
      'each side’s playing cards (red: pirates, black: townsfolk) are shuffled together each turn; a card turned activates one band of its side (§2, §3).',
  },
  { term: 'Pass', words: 'let this card go by without activating a band (§3).' },
  {
    term: 'booty',
    words:
      'a load seized from the objective by a pirate who pillages for a whole turn; carrying it halves his movement; the pirates win by landing 15 loads at the ship (§9, §11).',
  },
  { term: 'pillage', words: 'a pirate at the objective who does nothing else for a whole turn seizes booty (§9).' },
  { term: 'pillaged', words: 'loads of booty seized at the objective so far (§9).' },
  {
    term: 'personality',
    words: 'a named hero (Black Coat, the Captain of the Watch): +1 to his die when attacking, −1 to his enemy’s when defending (§5).',
  },
  {
    term: 'unloaded',
    words: 'a pistol or rifle that has fired: it cannot fire again until its owner spends a whole action reloading (§8).',
  },
  { term: 'reloading', words: 'spending this action to load a fired pistol or rifle; it is loaded at the turn’s end (§8).' },
  { term: 'one die down', words: 'the attacker’s die one step smaller (d8 → d6), here for firing after moving (§7).' },
  {
    term: 'Movement',
    words:
      'each side’s roll for the turn: 3d10, the best two, in inches (2d10 over broken ground or uphill; mounted 4d10, best three) (§4).',
  },
  {
    term: 'broken ground',
    words: 'rough or slow ground (nets, cargo, rubble): a figure that wades into it goes no further than 2d10 this turn (§4).',
  },
  {
    term: 'cover',
    words: 'crates, barrels and walls touching the defender and lying between him and the attacker: the attacker’s die one step down (§5).',
  },
  {
    term: 'ran',
    words:
      'figures that ran away for good: beaten by 3 or 4 in one attack, or sent by a morale check; a pirate to the ship, anyone else to a table exit (§5, §10).',
  },
  { term: 'captured', words: 'taken prisoner: a capture is declared before the attack and needs a margin of 5 (§6).' },
  {
    term: 'hits',
    words: 'margins of attacks won against a figure this turn: 5 in a turn kill; they are forgotten when the deck is reshuffled (§5).',
  },
  { term: 'schooner', words: 'the pirates’ ship: where they land from, and where booty must be carried back aboard (§11).' },
];
