/**
 * ASCII picture of a Pig Wars table for `play` and debugging: the generic scene map
 * (src/render/ascii.ts) of {@link pigScene}.
 */
import { sceneToAscii } from '../../render/ascii.js';
import { pigScene } from './scene.js';
import type { PigState } from './state.js';

/** The table as text with a legend. */
export function renderAscii(s: PigState): string {
  return sceneToAscii(pigScene(s));
}
