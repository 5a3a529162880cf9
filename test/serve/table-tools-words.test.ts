/**
 * The words of the web table's tools (issue 41), pure functions tested without a browser: the
 * measuring tool's answer (src/web/sight-words.ts `sightWords`) and the standing orders panel
 * (src/web/standing.ts `standingHtml`).
 */
import { describe, expect, it } from 'vitest';
import { sightWords } from '../../src/web/sight-words.js';
import { standingHtml } from '../../src/web/standing.js';
import type { GameView, SightAnswer } from '../../src/serve/protocol.js';

const line: SightAnswer = {
  from: [2, 4],
  to: [18, 4],
  distance: 16,
  gap: 15,
  clear: false,
  blockedBy: 'warehouse 1',
  cover: null,
  rules: '§7 line of sight',
  units: 'in',
};

describe('the measuring tool’s words', () => {
  it('between figures: both distances in the unit, what blocks sight, the far figure’s cover, the rules', () => {
    expect(sightWords(line, 'P01', 'T03', true)).toEqual([
      'P01 → T03: 16.0 in centre to centre, 15.0 in base to base',
      'Line of sight: blocked by warehouse 1',
      'Cover of T03: none (in the open)',
      'Rules: §7 line of sight',
    ]);
  });
  it('to a point: no cover line; a clear line says so; centimetres for a centimetre ruleset', () => {
    const words = sightWords({ ...line, gap: null, clear: true, blockedBy: null, units: 'cm' }, 'C01', '(40.0, 12.5)', false);
    expect(words).toEqual(['C01 → (40.0, 12.5): 16.0 cm', 'Line of sight: clear', 'Rules: §7 line of sight']);
  });
});

describe('the standing orders panel', () => {
  const view = (v: Partial<GameView>): GameView => ({ orders: 'band', standing: [], ...v }) as GameView;
  it('nothing when no band holds an order, or with per-figure orders', () => {
    expect(standingHtml(view({}))).toBe('');
    expect(standingHtml(view({ orders: 'figure', standing: [{ band: 'band 0', orders: ['x'], figures: ['P01'], while: 'clear' }] }))).toBe(
      '',
    );
  });
  it('each band with its figures, its orders (a drill’s latest first), its situation and a Cancel button naming it', () => {
    const html = standingHtml(
      view({
        standing: [
          { band: 'band 0', orders: ['Band 0: move together toward warehouse 1'], figures: ['P01', 'P02'], while: 'clear' },
          { band: '1st-va', orders: ['load', 'fire at <the picket>'], figures: ['C01'], while: 'turn 2 phase 1' },
        ],
      }),
    );
    expect(html).toContain('<li data-band="band 0"><b>band 0</b> (P01, P02): Band 0: move together toward warehouse 1');
    expect(html).toContain('— while clear');
    expect(html).toContain('<button data-cancel="band 0"');
    expect(html).toContain('load or fire at &lt;the picket&gt; (the latest that is legal)');
    expect(html).toContain('<button data-cancel="1st-va"');
  });
});
