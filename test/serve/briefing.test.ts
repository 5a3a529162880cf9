/**
 * Issue 41, "briefing and help": every built-in scenario has a briefing the setup page shows
 * before Start (its situation and how to win in the scenario's words, its sides with their forces,
 * its turn limit), every ruleset its player summary rendered as HTML, and the glossary's terms are
 * explained on hover without breaking the markup they are put into.
 */
import { describe, expect, it } from 'vitest';
import { RULESETS, loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import { markdownHtml, rulesetHelp, scenarioList, turnLimit } from '../../src/serve/briefing.js';
import { DICE_TERMS, briefingHtml, esc, glossHtml } from '../../src/web/panel.js';

const scenarios = scenarioList();

describe('every built-in scenario has its briefing', () => {
  it('the list holds every two-sided built-in scenario of every ruleset with a view', () => {
    const expected = [...RULESETS.values()].filter((r) => r.view).flatMap((r) => r.scenarios.map((id) => `${r.id}/${id}`));
    expect(scenarios.map((s) => s.id).sort()).toEqual(expected.sort());
  });

  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s: situation and victory in its words, the sides and their forces, the turn limit',
    (_id, s) => {
      expect(s.briefing.length).toBeGreaterThan(80);
      expect(s.turns).toBeGreaterThan(0);
      expect(s.sides).toHaveLength(2);
      for (const side of s.sides) expect(side.figures).toBeGreaterThan(0);
      const html = briefingHtml(s, s.sides[0].id);
      expect(html).toContain(esc(s.name));
      expect(html).toContain(esc(s.briefing));
      for (const side of s.sides) expect(html).toContain(`<b>${esc(side.name)}</b>`);
      expect(html).toContain(`${s.sides[0].figures} figures`);
      expect(html).toContain('(you)');
      expect(html).toContain(`<b>Turn limit:</b> ${s.turns} turns`);
    },
  );

  it("reads the turn limit from the scene's turn line", () => {
    expect(turnLimit([{ label: 'Turn', value: '3 of 30' }])).toBe(30);
    expect(turnLimit([{ label: 'Score', value: '3 of 30' }])).toBeNull();
  });
});

describe("every ruleset's player summary, rendered", () => {
  const help = rulesetHelp();
  it.each(help.map((h) => [h.id, h] as const))('%s', (_id, h) => {
    expect(h.summary).not.toMatch(/No player summary found/);
    expect(h.summary).toMatch(/^<h3>/);
    expect(h.summary).toContain('<p>');
    expect(h.summary).not.toMatch(/\*\*|\]\(/); // bold and links rendered, not shown as marks
  });

  it('markdown: headings, lists with continuation lines, inline marks; raw HTML never passes', () => {
    const html = markdownHtml(
      '# Title\n\nSome **bold** and *it* with `code` and [a link](x.md).\n\n- one\n  more\n- two\n\n<script>alert(1)</script>',
    );
    expect(html).toBe(
      '<h3>Title</h3>\n<p>Some <b>bold</b> and <i>it</i> with <code>code</code> and a link.</p>\n<ul><li>one more</li><li>two</li></ul>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });
});

describe('the glossary on hover', () => {
  it('wraps whole-word terms in text, never inside tags or attributes, longer terms first', () => {
    const terms = [{ term: 'obj', words: 'the objective' }, { term: 'obj hold', words: 'holding the objective' }, ...DICE_TERMS];
    const html = glossHtml('<b class="die">d6</b> vs obj, obj hold, object <i title="obj">x</i>', terms);
    expect(html).toBe(
      '<b class="die"><abbr class="gl" title="a 6-sided die (NdX: roll N of them)">d6</abbr></b> vs <abbr class="gl" title="the objective">obj</abbr>, <abbr class="gl" title="holding the objective">obj hold</abbr>, object <i title="obj">x</i>',
    );
  });
});

describe("every ruleset's glossary", () => {
  const help = rulesetHelp();
  const words = (id: string): string[] => help.find((h) => h.id === id)?.glossary.map((t) => t.term) ?? [];

  it("explains the issue's terms: drovers, obj and stripes (Pig Wars), Marshal (Escarmouche), booty (Pirates!), detachment (State of War)", () => {
    expect(words('pig-wars')).toEqual(expect.arrayContaining(['drovers', 'obj', 'stripes']));
    expect(words('pig-wars-pirates')).toEqual(expect.arrayContaining(['drovers', 'obj', 'level']));
    expect(words('escarmouche')).toEqual(expect.arrayContaining(['Marshal', 'Shaken', 'pool']));
    expect(words('pirates')).toEqual(expect.arrayContaining(['booty', 'band', 'personality']));
    expect(words('state-of-war')).toEqual(expect.arrayContaining(['detachment', 'graze', 'quality']));
  });

  it.each(help.map((h) => [h.id, h] as const))(
    '%s: a glossary, each term a word the game itself writes (its actions, events, info lines, badges in a played game)',
    async (id, h) => {
      expect(h.glossary.length).toBeGreaterThan(5);
      const r = RULESETS.get(id)!;
      const sc = loadScenario(`${id}/${r.scenarios[0]}`);
      const side = sc.ruleset.sides(sc.compiled)[0];
      const host = await GameHost.create('g0000000000000000', sc, 1, side, 'heuristic', 'band');
      const text: string[] = [];
      let v = host.view();
      const take = (steps: { words: string; events: string[] }[]): void => {
        for (const s of steps) text.push(s.words, ...s.events);
      };
      for (let i = 0; i < 400 && v.turn !== 'over'; i++) {
        // What the page shows: the actions, the info lines, the badges, the figures' markers, the table's names (its SVG).
        text.push(
          ...v.actions.map((a) => a.words),
          ...v.info.map((x) => `${x.label}: ${x.value}`),
          ...v.badges.map((b) => b.words),
          ...v.figures.flatMap((f) => f.markers),
          v.svg,
        );
        if (v.turn === 'ai') {
          const a = await host.agent('step');
          take(a.steps);
          v = a.view;
        } else {
          const a = host.act({ key: (v.actions.find((x) => x.suggested) ?? v.actions[0]).key });
          take(a.steps);
          v = a.view;
        }
      }
      await host.close();
      const all = text.join('\n');
      const unused = h.glossary.filter(
        (t) => !new RegExp(`(?<![\\w-])${t.term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(all),
      );
      expect(unused.map((t) => t.term)).toEqual([]);
      // And it is put on hover into the words that use it.
      const used = h.glossary[0];
      expect(glossHtml(esc(`x ${used.term} y`), h.glossary)).toContain(
        `<abbr class="gl" title="${esc(used.words)}">${esc(used.term)}</abbr>`,
      );
    },
    120_000,
  );
});
