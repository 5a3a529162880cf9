/**
 * The words of Escarmouche's actions, badges, info lines and dice lines that a newcomer would not
 * know, for `serve`'s glossary on hover (the ruleset's `view.glossary`), in a sentence each with
 * the text's heading (docs/rules/escarmouche-summary.md).
 */
import type { GlossaryTerm } from '../../core/scene.js';

/** Escarmouche's glossary: constant, whole-word terms as the ruleset's words write them. */
export const ESCARMOUCHE_GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'Marshal',
    words:
      'a leader’s move that takes the nearest friends in sight along the same way, one passive die each, rolling for the worst ground any of them crosses (The table).',
  },
  { term: 'marshals', words: 'a leader moves the nearest friends in sight along with him, one passive die each (The table).' },
  {
    term: 'pool',
    words:
      'the acting figure’s dice: every action other than a move adds one active die; after every action the pool is rolled, and a 1 ends the figure’s turn, a second 1 the side’s (Initiative).',
  },
  { term: 'active', words: 'active dice score: a roll scores its highest active die, plus one for every extra 6 (Dice).' },
  { term: 'passive', words: 'passive dice only add risk: a 1 on them counts like any other 1 (Dice; moving adds 2–5 by ground).' },
  { term: 'Initiative', words: 'the side acting now, and the 1s it has rolled this turn: a second 1 ends its turn (Initiative).' },
  { term: 'Pass', words: 'end your side’s turn now (or, for one figure, stop it: it cannot act again this turn) (Initiative).' },
  {
    term: 'Shaken',
    words:
      'a shaken figure’s active dice turn passive when it shoots or fights; shaking it off is a developing action (Developing, Shooting).',
  },
  {
    term: 'Cowered',
    words:
      'prone after a shot that won by 1: it must stand up (a developing action) before it moves, and fights only an enemy touching it (Shooting, Fighting).',
  },
  {
    term: 'Disarmed',
    words:
      'lost its weapon in a fight won by 2: it fights with no weapon (active dice passive) until it picks one up (Fighting, Developing).',
  },
  {
    term: 'reserved action',
    words:
      'the figure ends its turn keeping one die to interrupt the enemy later: a shot, a fight or taking cover, rolled with that one die (Developing).',
  },
  { term: 'Reserve an action', words: 'end the figure’s turn keeping one die to interrupt the enemy later (Developing).' },
  {
    term: 'interrupt',
    words: 'a figure holding a reserved action acts in the enemy’s turn with its one die; its 1s cost nothing (Developing).',
  },
  {
    term: 'zone of control',
    words:
      'one base width round an enemy: a move stops on entering it, and a fight is against an enemy whose zone the figure is in (The table, Fighting).',
  },
  { term: 'Out of action', words: 'figures dead or gone; a side that has lost its break point of them is beaten at once (Winning).' },
  { term: 'breaks at', words: 'the side’s break point: losing that many figures out of action loses the game at once (Winning).' },
  {
    term: 'Objectives held',
    words: 'the value of the objective areas each side holds; after the last turn the side holding more wins (Winning).',
  },
  { term: 'pushed back', words: 'a fight won by 0: the loser steps back a base width (Fighting).' },
];
