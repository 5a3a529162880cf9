/**
 * What the web app tells a person before and during a game, for every built-in scenario and
 * ruleset, through the forward model only (no ruleset is named here): the scenario's briefing (its
 * file's `name` and `description`), its sides with their forces, the turn limit and what is counted
 * (the setup scene's info lines), the ruleset's player summary (docs/rules/<ruleset>-summary.md,
 * rendered as HTML) and its glossary (`view.glossary`, with the scene's badges).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameStream } from '../core/rng.js';
import type { GlossaryTerm } from '../core/scene.js';
import { RULESETS, loadScenario } from '../rules/index.js';
import { levelOffers } from '../../agents/levels.js';
import type { RulesetHelp, ScenarioBriefing } from './protocol.js';

/** The turn limit a scene's info lines state (`Turn: 3 of 30` → 30), or null. */
export function turnLimit(info: readonly { label: string; value: string }[]): number | null {
  const line = info.find((i) => /^turn$/i.test(i.label.trim()));
  const m = line ? /\bof (\d+)\b/.exec(line.value) : null;
  return m ? Number(m[1]) : null;
}

/** Each built-in two-sided scenario with a view: its sides and its briefing (compiled once, when the app is built). */
export function scenarioList(): ScenarioBriefing[] {
  const out: ScenarioBriefing[] = [];
  for (const r of RULESETS.values()) {
    if (!r.view) continue;
    for (const id of r.scenarios) {
      const sc = loadScenario(`${r.id}/${id}`);
      const sides = r.sides(sc.compiled);
      if (sides.length !== 2) continue;
      const scene = r.view.scene(r.setup(sc.compiled, { rng: gameStream(0) }));
      const names = new Map(scene.sides.map((s) => [s.id, s.name]));
      const raw = (sc.raw ?? {}) as { name?: unknown; description?: unknown };
      const name = typeof raw.name === 'string' ? raw.name : id;
      out.push({
        id: `${r.id}/${id}`,
        title: `${name} (${r.title})`,
        name,
        ruleset: r.id,
        rulesetTitle: r.title,
        briefing: typeof raw.description === 'string' ? raw.description : '',
        turns: turnLimit(scene.info),
        units: r.traits.units,
        table: [scene.width, scene.height],
        counted: scene.info.filter((i) => !/^turn$/i.test(i.label.trim())).map((i) => ({ label: i.label, value: i.value })),
        sides: sides.map((s) => {
          const figs = scene.figures.filter((f) => f.side === s);
          const bands = new Set(figs.flatMap((f) => (f.band === null ? [] : [f.band])));
          return { id: s, name: names.get(s) ?? s, figures: figs.length, bands: bands.size };
        }),
      });
    }
  }
  return out;
}

/** Inline markdown: `code`, **bold**, *italic*, [text](link) as its text (the links point into the repository's docs). */
function inline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<i>$2</i>')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
}

/**
 * The markdown of the rules summaries as HTML: `#` headings, paragraphs, `-` and `1.` lists (with
 * continuation lines), and the inline marks of {@link inline}. Everything else is text (escaped):
 * no raw HTML passes.
 */
export function markdownHtml(md: string): string {
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = (): void => {
    if (para.length > 0) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const raw of md.split('\n')) {
    const line = raw.trimEnd();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:([-*])|(\d+)\.)\s+(.*)$/.exec(line);
    if (line.trim() === '') flush();
    else if (h) {
      flush();
      const level = Math.min(6, h[1].length + 2);
      out.push(`<h${level}>${inline(h[2])}</h${level}>`);
    } else if (item) {
      const tag = item[1] ? 'ul' : 'ol';
      if (para.length > 0 || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[3]);
    } else if (list && /^\s+/.test(raw)) list.items[list.items.length - 1] += ` ${line.trim()}`;
    else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

/** The folder of the rules texts for players (docs/rules), from the sources or next to dist/. */
function rulesDocs(): string | null {
  const here = fileURLToPath(import.meta.url);
  return [resolve(here, '../../../docs/rules'), resolve(here, '../../../../docs/rules')].find((p) => existsSync(p)) ?? null;
}

/** Each ruleset's help: its player summary as HTML (or a line saying where it is missing) and its glossary. */
export function rulesetHelp(): RulesetHelp[] {
  const dir = rulesDocs();
  return [...RULESETS.values()]
    .filter((r) => r.view)
    .map((r) => {
      const file = dir ? resolve(dir, `${r.id}-summary.md`) : null;
      const summary =
        file && existsSync(file)
          ? markdownHtml(readFileSync(file, 'utf8'))
          : `<p>No player summary found (docs/rules/${r.id}-summary.md).</p>`;
      const glossary: GlossaryTerm[] = (r.view?.glossary ?? []).map((t) => ({ term: t.term, words: t.words }));
      return { id: r.id, title: r.title, summary, glossary, levels: levelOffers(r) };
    });
}
