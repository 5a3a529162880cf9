/**
 * The README and docs say what the program does (issue 20, item 8): the options they list are
 * accepted, the rules a player needs ship with the repository, every exit code is listed.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { MCTS_OPTIONS } from '../../agents/mcts/index.js';
import { mctsOptionsMarkdown } from '../../agents/mcts/params.js';
import { parseSpec } from '../../agents/options.js';
import { EXIT } from '../../src/commands/common.js';
import { RULESETS } from '../../src/rules/index.js';
import { sceneToAscii } from '../../src/render/ascii.js';
import type { Scene, SceneFigure } from '../../src/core/scene.js';

const readme = readFileSync('README.md', 'utf8');

describe('README and docs against the program', () => {
  it("every mcts option the README's agent table names is one the agent accepts", () => {
    const row = readme.split('\n').find((l) => l.startsWith('| `mcts`'));
    expect(row).toBeDefined();
    const named = [...(row as string).matchAll(/`(\w+)(?:=[^`]*)?`/g)].map((m) => m[1]).filter((w) => w !== 'mcts' && w !== 'run');
    expect(named.length).toBeGreaterThan(3);
    for (const k of named) expect(MCTS_OPTIONS as readonly string[], `README names mcts option "${k}"`).toContain(k);
  });

  it("docs/agents.md lists the mcts options as they are declared (agents/mcts/params.ts): names, defaults, ranges, meanings", () => {
    const doc = readFileSync('docs/agents.md', 'utf8');
    const m = /<!-- mcts-options:begin -->\n([\s\S]*?)\n<!-- mcts-options:end -->/.exec(doc);
    expect(m, 'the options table between its markers').not.toBeNull();
    expect((m as RegExpExecArray)[1], 'paste the output of mctsOptionsMarkdown() between the markers').toBe(mctsOptionsMarkdown());
  });

  it('an agent file takes options after `:` as built-ins do (and after `#`)', () => {
    expect(parseSpec('my/aggr.ts:bias=2')).toEqual({ name: 'my/aggr.ts', options: { bias: '2' }, isFile: true });
    expect(parseSpec('my/aggr.ts#bias=2')).toEqual({ name: 'my/aggr.ts', options: { bias: '2' }, isFile: true });
    expect(parseSpec('C:\\agents\\my.ts:x=1').name).toBe('C:\\agents\\my.ts');
    expect(parseSpec('mcts:eval=results/w.json')).toEqual({ name: 'mcts', options: { eval: 'results/w.json' }, isFile: false });
  });

  it('the README points to rules a clone has: a player summary per ruleset in docs/rules/', () => {
    expect(readme).not.toMatch(/\.\.\/shared\//);
    for (const id of RULESETS.keys()) {
      const f = `docs/rules/${id}-summary.md`;
      expect(existsSync(f), f).toBe(true);
      expect(readme).toContain(f);
      expect(readFileSync(f, 'utf8').length).toBeGreaterThan(1500);
    }
  });

  it('the README lists every exit code', () => {
    for (const code of Object.values(EXIT)) expect(readme).toMatch(new RegExp(`\\| ${code} \\|`));
  });

  it("the README's description of the deciding figure matches the map: @ without colour, underlined with colour", () => {
    const fig = (id: string, extra: Partial<SceneFigure>): SceneFigure => ({ id, name: id, x: 1.5, y: 1, r: 0.5, side: 'red', band: '0', status: 'active', onTable: true, markers: [], badge: '', highlighted: true, current: false, ...extra });
    const scene: Scene = { width: 10, height: 4, caption: 't', sides: [{ id: 'red', name: 'Reds', colour: '#c00', mark: 'R' }], areas: [], markers: [], figures: [fig('R1', { current: true })], info: [] };
    expect(sceneToAscii(scene)).toMatch(/@ R1 deciding/);
    expect(sceneToAscii(scene, { colour: true })).toMatch(/underlined: R1 deciding/);
    expect(readme).toMatch(/figure deciding `@`/);
    expect(readme).toMatch(/figure deciding also\s+underlined/);
  });
});
