/**
 * The measuring tool's answer in words (src/web/measure.ts draws the line and asks the server): a
 * pure function of the server's answer, so tests run it without a browser. Names no ruleset.
 */
import type { SightAnswer } from '../serve/protocol.js';

/**
 * The line in words, as the server answered it (a pure function: tested without a browser): the
 * ends by name (a figure's id, a point's coordinates), the distance (and base to base between
 * figures), sight, the far figure's cover when it is a figure (`toFigure`), and the rules followed.
 */
export function sightWords(a: SightAnswer, fromName: string, toName: string, toFigure: boolean): string[] {
  const u = a.units;
  const out = [
    `${fromName} → ${toName}: ${a.distance.toFixed(1)} ${u}${a.gap !== null ? ` centre to centre, ${a.gap.toFixed(1)} ${u} base to base` : ''}`,
    a.clear ? 'Line of sight: clear' : `Line of sight: blocked by ${a.blockedBy ?? 'the terrain'}`,
  ];
  if (toFigure) out.push(`Cover of ${toName}: ${a.cover ?? 'none (in the open)'}`);
  out.push(`Rules: ${a.rules}`);
  return out;
}
