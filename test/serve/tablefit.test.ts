/**
 * A readable table (issue 41, src/web/tablefit.ts): a base that carries its kind's letter is drawn
 * large enough on the screen for the 10 px letter to sit inside it, within a limit that keeps
 * figures in close order apart; bands whose numbers do not fit under their bases are named once
 * each, by tags that never overlap.
 */
import { describe, expect, it } from 'vitest';
import { BASE_PER_FONT, LETTER_FITS, MAX_BASE_FACTOR, bandTags, baseFit } from '../../src/web/tablefit.js';

describe('bases that carry a letter', () => {
  it('a 13 px disc (a State of War base at 1400×900) is drawn 15 px across for its 10 px letter, which shows', () => {
    const f = baseFit(13, 10);
    expect(13 * f.factor).toBeCloseTo(BASE_PER_FONT * 10, 9);
    expect(f.letter).toBe(true);
  });

  it('a long base 9.4 px deep is enlarged by the most allowed, and its letter fits', () => {
    const f = baseFit(9.4, 10);
    expect(f.factor).toBe(MAX_BASE_FACTOR);
    expect(9.4 * f.factor).toBeGreaterThanOrEqual(LETTER_FITS * 10);
    expect(f.letter).toBe(true);
  });

  it('a 6 px base is enlarged by the most allowed only, and its letter is left to the tooltip and the zoom', () => {
    expect(baseFit(6, 10)).toEqual({ factor: MAX_BASE_FACTOR, letter: false });
  });

  it('a base large enough already is drawn at its true size', () => {
    expect(baseFit(20, 10)).toEqual({ factor: 1, letter: true });
  });
});

describe('band tags', () => {
  const fig = (x: number, y: number, band: string, side = 'a') => ({ x, y, r: 0.5, band, side });

  it('names each band once, above its figures at their left, at the font size asked on the screen', () => {
    const tags = bandTags([fig(10, 10, '1'), fig(11, 10, '1'), fig(10, 20, '2'), fig(10, 20, '2', 'b')], 10, 11);
    // Side b's band 2 stands where side a's does: its tag goes below the band.
    expect(tags.map((t) => `${t.side}:${t.text}`)).toEqual(['a:band 1', 'a:band 2', 'b:band 2']);
    expect(tags[2].y).toBeGreaterThan(20.5);
    expect(tags[0].x).toBeCloseTo(9.5, 9);
    expect(tags[0].y).toBeLessThan(9.5); // above the top of the bases
  });

  it('keeps a tag of a band at the table’s right edge on the table', () => {
    const [t] = bandTags([fig(47.6, 10, 'household')], 10, 11, [], 48);
    expect(t.x + t.w).toBeLessThanOrEqual(48 + 1e-9);
    expect(t.x).toBeLessThan(47.1);
  });

  it('puts a tag that would overlap another below its band, and leaves out one that fits nowhere', () => {
    // Tags 1.1 units high (11 px at 10 px a unit): band 2's would overlap band 1's above it, band 3's both ways.
    const tags = bandTags([fig(10, 10, '1'), fig(10, 10.8, '2'), fig(10, 12, '3', 'b')], 10, 11);
    const boxes = tags.map((t) => ({ x: t.x, y: t.y - 1.1, w: t.w, h: t.h }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h, `${tags[i].text} / ${tags[j].text}`).toBe(false);
      }
    expect(tags.find((t) => t.band === '2')?.y).toBeGreaterThan(11.3); // below band 2's bases
    expect(tags.map((t) => t.band)).toEqual(['1', '2']); // no room for band 3's
  });
});
