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
    lines.push(
      `<div>${esc(side)}${f.band !== null ? ` · band ${esc(f.band)}` : ''} · ${esc(f.status)}${f.onTable ? ` at (${f.x.toFixed(1)}, ${f.y.toFixed(1)}) ${esc(v.units)}` : ' · off the table'}</div>`,
    );
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
export const DICE_TERMS: readonly GlossaryTerm[] = [4, 6, 8, 10, 12, 20].map((n) => ({
  term: `d${n}`,
  words: `a ${n}-sided die (NdX: roll N of them)`,
}));

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
    .map(
      (s) =>
        `<li><b>${esc(s.name)}</b>${s.id === human ? ' (you)' : ''}: ${s.figures} figures${s.bands > 1 ? ` in ${s.bands} bands` : ''}</li>`,
    )
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

/**
 * The end of a game, for the summary the page shows when it is over: the result, then each side's
 * figures by what became of them (from the current view's statuses: on the table and able, running,
 * dead, captured, gone), the decisions made, and the state's closing info lines.
 */
export function endSummaryHtml(v: GameView): string {
  const r = v.result;
  const head = r
    ? r.winner === null
      ? 'A draw'
      : r.winner === v.human
        ? 'You win'
        : `${v.sides.find((s) => s.id === r.winner)?.name ?? r.winner} win`
    : 'Game over';
  const kinds: [string, string][] = [
    ['fleeing', 'running'],
    ['dead', 'dead'],
    ['captured', 'captured'],
    ['gone', 'gone'],
  ];
  const count = (side: string, st: string): number => v.figures.filter((f) => f.side === side && f.status === st).length;
  // Only the columns some side has figures in (a narrow panel has no room for empty ones).
  const shown = kinds.filter(([st]) => v.sides.some((s) => count(s.id, st) > 0));
  const rows = v.sides
    .map((s) => {
      const all = v.figures.filter((f) => f.side === s.id).length;
      const standing = all - kinds.reduce((a, [st]) => a + count(s.id, st), 0);
      return `<tr><th>${esc(s.name)}${s.id === v.human ? ' (you)' : ''}</th><td>${all}</td><td>${standing}</td>${shown.map(([st]) => `<td>${count(s.id, st)}</td>`).join('')}</tr>`;
    })
    .join('');
  return (
    `<h2>${esc(head)}</h2><p>${esc(r?.reason ?? '')} — after ${v.decisions} decisions.</p>` +
    `<table class="losses"><tr><th></th><th>figures</th><th>standing</th>${shown.map(([, w]) => `<th>${w}</th>`).join('')}</tr>${rows}</table>` +
    `<div class="info">${v.info.map((i) => `<div><b>${esc(i.label)}:</b> ${esc(i.value)}</div>`).join('')}</div>`
  );
}

/**
 * An error as the page shows it to a person: the server's and the browser's messages put in a
 * player's words where they are a developer's — a bad form field (`bad new game at seed: Too big:
 * expected number to be <=2147483647`) as what the field takes, a stale order's key as "that order
 * is no longer open", a server that does not answer or failed as that; any other message (the
 * rules' reasons for refusing a move, "no save …") as it is, with a capital letter.
 */
export function playerError(message: string): string {
  const m = message.trim();
  const field = /^bad [\w ]+? at (\w+)(?:\.\w+)*: (.*)$/.exec(m);
  if (field) {
    const words: Record<string, string> = {
      seed: 'The seed is a whole number from 0 to 2147483647 (or leave it empty for a random deal).',
      side: 'Choose your side from the list.',
      opponent: 'Choose an opponent from the list.',
      scenario: 'Choose a scenario from the list.',
      orders: 'Choose band orders or each figure.',
      name: 'A save’s name is letters, digits, - and _ (at most 64), starting with a letter or digit.',
    };
    return words[field[1]] ?? `The ${field[1]} is not right: ${field[2].replace(/^./, (c) => c.toLowerCase())}.`;
  }
  if (/^".*" is not one of the actions you may take now$/.test(m))
    return 'That order is no longer open (the game has moved on): choose one shown now.';
  if (/failed to fetch|networkerror|load failed/i.test(m))
    return 'The server does not answer: is `serve` still running? (Your games are kept while it runs.)';
  if (/^HTTP 5\d\d$|^internal error/.test(m))
    return 'Something went wrong on the server (its terminal says what). The game is as it was: try again, or save it.';
  if (/^HTTP 4\d\d$/.test(m)) return 'The server refused that request.';
  if (/is not valid JSON|Unexpected token|Unexpected end of JSON/.test(m))
    return 'The server’s answer was not understood: reload the page.';
  return m.charAt(0).toUpperCase() + m.slice(1);
}
