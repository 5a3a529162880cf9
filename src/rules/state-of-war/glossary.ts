/**
 * The words of State of War's actions, badges, info lines and dice lines that a newcomer would not
 * know, for `serve`'s glossary on hover (the ruleset's `view.glossary`), in a sentence each
 * (docs/rules/state-of-war-summary.md).
 */
import type { GlossaryTerm } from '../../core/scene.js';

/** State of War's glossary: constant, whole-word terms as the ruleset's words write them. */
export const STATE_OF_WAR_GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'action',
    words: 'each figure has 2 actions in its side’s phase, −1 per wound: move, load, fire, mount or dismount, climb, or stop.',
  },
  {
    term: 'actions',
    words: 'each figure has 2 actions in its side’s phase, −1 per wound: move, load, fire, mount or dismount, climb, or stop.',
  },
  { term: 'stop', words: 'end this figure’s actions for the phase (the rest of its actions are lost).' },
  {
    term: 'detachment',
    words:
      'one action splits a unit in two: the figure making it leads off half the unit (the men nearest him, never the NCO), and the two halves test morale apart from then on.',
  },
  { term: 'quality', words: 'a figure’s die: green d6, trained d8, veteran d10, elite d12 — rolled to shoot, fight and test morale.' },
  { term: 'graze', words: 'a shot that beat the target’s highest die by 1: no lasting harm.' },
  { term: 'wound', words: 'a shot that beat the target’s highest die by 2–3: −1 action; two wounds disable, a third kills.' },
  { term: 'wounded', words: 'carries a wound: −1 action, −1 in melee; a second wound disables.' },
  { term: 'disabled', words: 'out of the fight (a shot beating the target by 4–5, or two wounds), though not dead.' },
  { term: 'extreme', words: 'the longest range band: the target adds a d12 range die (short d6 … extreme d12).' },
  { term: 'soft', words: 'soft cover (woods, fences): the target rolls a d6 cover die (open d4, hard d8).' },
  { term: 'hard', words: 'hard cover (buildings, stone walls): the target rolls a d8 cover die.' },
  {
    term: 'morale',
    words:
      'a unit tests when a member is hurt, when charged, when it would charge a bigger or better unit, and when the commander falls: 1+ OK, 0/−1 no advance, −2 fall back, −3 break and run.',
  },
  { term: 'fall back', words: 'a morale result of −2: one move back to cover away from the nearest enemy, or to the rear.' },
  { term: 'retiring', words: 'a morale modifier (−1): the unit, or a friendly unit with a man within 20 cm, is falling back or worse.' },
  { term: 'outnumbered', words: 'fighting more enemies than friends in a melee: −1 to its quality die per extra enemy.' },
  {
    term: 'flanked',
    words:
      'a morale modifier: the nearest enemy stands more than 45° off the unit’s facing (its flank or rear at risk), nearer than any other friendly unit.',
  },
  { term: 'commander', words: 'the force commander: when he falls every unit tests morale.' },
  { term: 'load', words: 'a load action: muzzle-loaders need 3 before firing again, other weapons 1.' },
];
