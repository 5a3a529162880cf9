/** Report details a user sees (issue 20, item 9): chart labels that do not run together, one Elo figure. */
import { describe, expect, it } from 'vitest';
import { groupedBarChart, wrapLabel } from '../../src/report/svg.js';
import { eloText } from '../../src/report/tournament.js';
import { round } from '../../src/report/summary.js';

describe('reports', () => {
  it('winrate-by-side.svg: the x-axis labels of neighbouring groups do not overlap', () => {
    const labels = ['pirates (random)', 'townsfolk (mcts:iterations=150)'];
    const svg = groupedBarChart(
      't',
      labels.map((label) => ({ label, bars: [{ value: 0.5, low: 0.4, high: 0.6 }] })),
      ['score'],
      'win rate',
    );
    // Label lines: centred <text> elements below the plot, one per wrapped line.
    const texts = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle">([^<]*)<\/text>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      w: m[3].length * 7,
    }));
    const byGroup = labels.map((l) => wrapLabel(l, 22));
    const flat = texts.filter((t) => t.y > 250);
    expect(flat).toHaveLength(byGroup.flat().length);
    for (const a of flat) {
      for (const b of flat) {
        if (a === b || a.y !== b.y) continue;
        expect(Math.abs(a.x - b.x), 'labels on one row overlap').toBeGreaterThanOrEqual((a.w + b.w) / 2);
      }
    }
  });
  it('console and report.md show the same whole Elo (one rounding, from the 0.1 the summary keeps)', () => {
    for (const v of [217.46, -217.46, 12.449, 0.05, 99.95, -0.04]) expect(eloText(v)).toBe(eloText(round(v, 1)));
    expect(eloText(217.46)).toBe('218');
    expect(eloText(-217.46)).toBe('-218'); // the two agents of a pairing: symmetric
    expect(eloText(-0.04)).toBe('0');
  });
});
