/**
 * What the web app's side panel says, as pure functions of the server's answers (no DOM here, so
 * tests run them without a browser): the story's lines and their kinds, a selected figure's panel
 * from the CURRENT view (never from what was known when it was selected), the actions that concern
 * a figure, and a line of the list of open games. Like the rest of src/web/, it names no ruleset.
 */
import type { GlossaryTerm } from '../core/scene.js';
import type { ActionView, FigureAnswer, GameSummary, GameView, ScenarioBriefing } from '../serve/protocol.js';

/** Text made safe to put into HTML. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Dice in bold, as the replay viewer shows them (the text escaped). */
export function dice(s: string): string {
  return esc(s)
    .replace(/\bd(4|6|8|10|12|20)\b/g, '<b class="die">d$1</b>')
    .replace(/\b(rolls?) (\d+(?:, \d+)*)/g, '$1 <b class="die">$2</b>');
}

/** The kind of a story line (its CSS class): `ai`, `you`, `order` (band order), `ev` (an event), `undo`, or `note`. */
export function storyClass(line: string): 'ai' | 'you' | 'order' | 'ev' | 'undo' | 'note' {
  if (line.startsWith('  ')) return 'ev';
  if (line.startsWith('AI (')) return 'ai';
  if (line.startsWith('You (')) return 'you';
  if (line.startsWith('Band order (')) return 'order';
  if (line.startsWith('Taken back')) return 'undo';
  return 'note';
}

/** The person's actions that concern figure `id` now: those naming it, or — when none does and it is the figure (or of the band) deciding — all of them. */
export function actionsFor(v: GameView, id: string): ActionView[] {
  if (v.turn !== 'you') return [];
  const naming = v.actions.filter((a) => a.targets?.figures.includes(id) ?? false);
  if (naming.length > 0) return naming;
  const f = v.figures.find((x) => x.id === id);
  return f && f.side === v.human && (f.current || f.highlighted) ? v.actions : [];
}

/**
 * The selected figure's panel (HTML): name, where it stands, its status and markers from the
 * current view, and the ruleset's words and reach from `answer` — used only when it is about this
 * figure (an answer fetched for an earlier selection is ignored).
 */
export function figurePanel(v: GameView, id: string, answer: FigureAnswer | null): string {
  const f = v.figures.find((x) => x.id === id);
  const a = answer !== null && answer.id === id ? answer : null;
  const lines: string[] = [];
  if (f) {
    const side = v.sides.find((s) => s.id === f.side)?.name ?? f.side;
    lines.push(`<div>${esc(side)}${f.band !== null ? ` · band ${esc(f.band)}` : ''} · ${esc(f.status)}${f.onTable ? ` at (${f.x.toFixed(1)}, ${f.y.toFixed(1)}) ${esc(v.units)}` : ' · off the table'}</div>`);
    if (f.markers.length > 0) lines.push(`<div>${esc(f.markers.join(', '))}</div>`);
    if (f.current) lines.push('<div><b>deciding now</b></div>');
    else if (f.highlighted) lines.push('<div><b>its band is acting</b></div>');
  }
  if (a?.words) lines.push(`<div class="words">${esc(a.words)}</div>`);
  for (const r of a?.reach?.rings ?? []) lines.push(`<div>${esc(r.label)}</div>`);
  if (a?.reach && a.reach.sight.length > 0) lines.push(`<div>in sight and range: ${esc(a.reach.sight.join(', '))}</div>`);
  if (v.turn === 'you' && actionsFor(v, id).length === 0) lines.push('<div><i>none of your actions now concerns this figure</i></div>');
  return `<h3>Selected: ${esc(f ? `${f.name} (${f.id})` : id)}</h3><div class="info">${lines.join('')}</div>`;
}

/** How long ago, in words (`just now`, `5 min ago`, `2 h ago`). */
function ago(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  return `${Math.floor(min / 60)} h ago`;
}

/** A game's line in the list of open games: scenario, side, opponent, seed, where it stands, whose turn, and when it was last played. */
export function gameEntry(g: GameSummary, now: number): string {
  const whose = g.turn === 'over' ? 'over' : g.turn === 'you' ? 'your decision' : 'the AI’s decision';
  const when = g.updated > 0 ? ` · last played ${ago(now - g.updated)}` : '';
  return `${g.name} as ${g.humanName} vs ${g.opponent} · seed ${g.seed} · ${g.where} · ${whose} · ${g.decisions} decisions${when}`;
}

/** Terms of dice notation every ruleset uses, explained without naming one. */
export const DICE_TERMS: readonly GlossaryTerm[] = [4, 6, 8, 10, 12, 20].map((n) => ({ term: `d${n}`, words: `a ${n}-sided die (NdX: roll N of them)` }));

/**
 * `html` with every whole-word occurrence of a glossary term in its text (never inside a tag)
 * wrapped in `<abbr class="gl" title="…">`, so a person reads its meaning on hover. Longer terms
 * win over shorter ones they contain. Terms are matched case-sensitively.
 */
export function glossHtml(html: string, terms: readonly GlossaryTerm[]): string {
  if (terms.length === 0) return html;
  const words = new Map<string, string>();
  for (const t of terms) if (t.term.trim() !== '' && !words.has(esc(t.term))) words.set(esc(t.term), t.words);
  const alternatives = [...words.keys()].sort((a, b) => b.length - a.length).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\w-])(${alternatives.join('|')})(?![\\w-])`, 'g');
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(re, (m) => `<abbr class="gl" title="${esc(words.get(m) ?? '')}">${m}</abbr>`)))
    .join('');
}

/** The scenario's briefing as HTML: its situation and how to win (the scenario's words), the sides and their forces, the turn limit, what is counted. */
export function briefingHtml(b: ScenarioBriefing, human: string | null = null): string {
  const sides = b.sides
    .map((s) => `<li><b>${esc(s.name)}</b>${s.id === human ? ' (you)' : ''}: ${s.figures} figures${s.bands > 1 ? ` in ${s.bands} bands` : ''}</li>`)
    .join('');
  const counted = b.counted.map((c) => `<li>${esc(c.label)}: ${esc(c.value)}</li>`).join('');
  return (
    `<h3>${esc(b.name)} <small>(${esc(b.rulesetTitle)})</small></h3>` +
    `<p class="brief">${esc(b.briefing)}</p>` +
    `<div><b>Sides</b><ul>${sides}</ul></div>` +
    `<div><b>Turn limit:</b> ${b.turns === null ? 'none stated' : `${b.turns} turns`} · <b>Table:</b> ${b.table[0]} × ${b.table[1]} ${esc(b.units)}</div>` +
    (counted ? `<div><b>Counted from the start</b><ul>${counted}</ul></div>` : '')
  );
}
