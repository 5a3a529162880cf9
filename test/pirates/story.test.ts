/**
 * The words of the story (`describeEvent`, `describeAction`): a move's heading reads as English
 * whether it is a place ("toward warehouse 1") or a direction ("away from the nearest enemy",
 * "back to its band").
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { heading } from '../../src/rules/pirates/story.js';
import type { PiratesScenario } from '../../src/rules/pirates/compile.js';

const sc = loadScenario('supply-raid');
const compiled = sc.compiled as PiratesScenario;

describe('story words for move headings', () => {
  it('places are reached "toward"; directions are not', () => {
    expect(heading(compiled, 'obj')).toBe('toward warehouse 1');
    expect(heading(compiled, 'home')).toBe('toward the schooner');
    expect(heading(compiled, 'cover')).toBe('toward the nearest cover');
    expect(heading(compiled, 'away')).toBe('away from the nearest enemy');
    expect(heading(compiled, 'band')).toBe('back to its band');
  });

  it('a band moving away reads "moves … in away from the nearest enemy"', () => {
    const line = sc.ruleset.describeEvent(sc.compiled, { e: 'groupMove', band: 5, to: 'away', distance: 7, allowance: 7 });
    expect(line).toBe('    Band 5 moves 7 in away from the nearest enemy (allowance 7 in).');
  });
});
