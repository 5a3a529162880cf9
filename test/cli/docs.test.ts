/**
 * The README and docs say what the program does (issue 20, item 8): the options they list are
 * accepted, the rules a player needs ship with the repository, every exit code is listed; and the
 * code and docs cite only documents the repository holds (issue 39, item 7).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('docs/agents.md lists the mcts options as they are declared (agents/mcts/params.ts): names, defaults, ranges, meanings', () => {
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

  it('the code, tests, benchmarks and docs cite only documents the repository holds', () => {
    // A document is cited by its path (`docs/…`, `bench/…`) or by a capitalised name (`README.md`);
    // lower-case bare names (`report.md`) are files the program writes.
    const cite = /(?<![\w./<>-])((?:docs|bench)\/[\w./-]+\.md|[A-Z][A-Z_-]*\.md)\b/g;
    const files = ['src', 'agents', 'test', 'bench', 'docs']
      .flatMap((d) => readdirSync(d, { recursive: true, encoding: 'utf8' }).map((f) => join(d, f)))
      .filter((f) => /\.(ts|md)$/.test(f))
      .concat('README.md');
    const missing: string[] = [];
    let cited = 0;
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(cite)) {
        cited++;
        if (!existsSync(m[1])) missing.push(`${f} cites ${m[1]}`);
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it("each section tag ([E12], [R12], [W12]) names one reading: defined once, in one ruleset's readings, and cited only where that ruleset is", () => {
    // A reading is defined by a list item that opens with its tag (`- [W5] **Title**`, Pig Wars' `- DA [R9] …`).
    const tag = /\[([A-Z]\d+[a-z]?)\]/g;
    const definition = /^- (?:[A-Z]{2} )?\[([A-Z]\d+[a-z]?)\]/;
    const rooms = readdirSync('src/rules', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`docs/rules/${d.name}.md`))
      .map((d) => d.name);
    expect(rooms.length).toBeGreaterThanOrEqual(4);
    const definedIn = new Map<string, string[]>();
    const problems: string[] = [];
    for (const id of rooms) {
      const doc = `docs/rules/${id}.md`;
      const own = new Map<string, number[]>();
      readFileSync(doc, 'utf8')
        .split('\n')
        .forEach((l, i) => {
          const m = definition.exec(l);
          if (m) own.set(m[1], [...(own.get(m[1]) ?? []), i + 1]);
        });
      for (const [t, lines] of own) {
        if (lines.length > 1) problems.push(`${doc} defines [${t}] on lines ${lines.join(', ')}`);
        definedIn.set(t, [...(definedIn.get(t) ?? []), doc]);
      }
      // Everything that speaks for this ruleset cites only its own readings.
      const speakers = [
        doc,
        ...readdirSync('docs/rules')
          .filter((f) => f.startsWith(`${id}-`))
          .map((f) => `docs/rules/${f}`),
      ];
      for (const dir of [`src/rules/${id}`, `test/${id}`]) if (existsSync(dir)) speakers.push(...readdirSync(dir).map((f) => join(dir, f)));
      for (const f of speakers)
        for (const m of readFileSync(f, 'utf8').matchAll(tag))
          if (!own.has(m[1])) problems.push(`${f} cites [${m[1]}], which ${doc} does not define`);
    }
    for (const [t, docs] of definedIn) if (docs.length > 1) problems.push(`[${t}] is defined in ${docs.join(' and ')}`);
    expect(definedIn.size).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('the README lists every exit code', () => {
    for (const code of Object.values(EXIT)) expect(readme).toMatch(new RegExp(`\\| ${code} \\|`));
  });

  it("the README's description of the deciding figure matches the map: @ without colour, underlined with colour", () => {
    const fig = (id: string, extra: Partial<SceneFigure>): SceneFigure => ({
      id,
      name: id,
      x: 1.5,
      y: 1,
      r: 0.5,
      side: 'red',
      band: '0',
      status: 'active',
      onTable: true,
      markers: [],
      badge: '',
      highlighted: true,
      current: false,
      ...extra,
    });
    const scene: Scene = {
      width: 10,
      height: 4,
      caption: 't',
      sides: [{ id: 'red', name: 'Reds', colour: '#c00', mark: 'R' }],
      areas: [],
      markers: [],
      figures: [fig('R1', { current: true })],
      info: [],
    };
    expect(sceneToAscii(scene)).toMatch(/@ R1 deciding/);
    expect(sceneToAscii(scene, { colour: true })).toMatch(/underlined: R1 deciding/);
    expect(readme).toMatch(/figure deciding `@`/);
    expect(readme).toMatch(/figure deciding also\s+underlined/);
  });
});
