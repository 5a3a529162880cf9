/**
 * The HTML viewer explains what it draws (issue 20, item 9): a legend of colours, rings and every
 * badge (`$`, `u`, `7h` …), and `#step=N` links that follow the step shown.
 */
import { describe, expect, it } from 'vitest';
import { readRecord } from '../../src/core/record.js';
import { recordFrames } from '../../src/render/frames.js';
import { framesToHtml } from '../../src/render/html.js';
import { loadScenario } from '../../src/rules/index.js';
import { readFileSync } from 'node:fs';
import { GameSession } from '../../src/core/game.js';

describe('viewer legend', () => {
  const file = 'test/golden/supply-raid-random-vs-heuristic-seed2.jsonl';
  const html = framesToHtml(recordFrames(readRecord(file), file));
  const legend = /<div id="legend"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

  it('names the sides, the rings and every badge a Supply Raid figure can carry', () => {
    expect(legend).toContain('Pirates');
    expect(legend).toContain('Townsfolk');
    expect(legend).toMatch(/acting band/);
    expect(legend).toMatch(/figure deciding/);
    for (const [mark, words] of [
      ['$', 'booty'],
      ['u', 'unloaded'],
      ['r', 'reloading'],
      ['#h', 'hits'],
    ]) {
      expect(legend).toMatch(new RegExp(`<code>${mark.replace('$', '\\$')}</code> [^<]*${words}`));
    }
  });

  it('every badge the record draws is in the legend', () => {
    const badges = new Set([...html.matchAll(/"(\$|u|r|\d+h)"/g)].map((m) => m[1].replace(/^\d+h$/, '#h')));
    expect(badges.size).toBeGreaterThan(0);
    for (const b of badges) expect(legend).toContain(`<code>${b}</code>`);
  });

  it('Escarmouche scenes list their badges too', () => {
    const sc = loadScenario('mill-bridge');
    const g = new GameSession(sc, 1, { royalists: 'random', parliament: 'random' });
    const scene = sc.ruleset.view?.scene(g.state);
    expect(scene?.badges?.map((b) => b.mark)).toEqual(['S#', 'C', 'D', 'R']);
  });

  it('#step=N: read on opening, kept in the address while stepping, and documented', () => {
    expect(html).toMatch(/location\.hash/);
    expect(html).toMatch(/replaceState\(null, '', '#step=' \+ f\.step\)/);
    expect(legend).toContain('#step=N');
    expect(readFileSync('README.md', 'utf8')).toMatch(/#step=N/);
  });
});
