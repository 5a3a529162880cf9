/**
 * Pieces shared by the tournament and stress reports: the run facts every report states, error
 * bookkeeping, Markdown tables, CSV, and atomic file writes.
 */
import type { SideId } from '../core/model.js';
import type { RunManifest } from '../runner/manifest.js';
import type { GameErrorKind, GameRow } from '../runner/types.js';
import { formatGameRate } from '../runner/progress.js';
import { formatRate, type Rate } from '../stats/interval.js';

/** Facts about a run that reports print next to the results. */
export interface RunInfo {
  manifest: RunManifest;
  /** The run folder. */
  dir: string;
  sides: SideId[];
  /** Rows in games.jsonl (all sessions). */
  rows: number;
  /** How this session ended. */
  ended: 'done' | 'interrupted' | 'stopped';
  workers: number;
  /** Games played and seconds spent in this session (a resumed run counts only its own). */
  sessionGames: number;
  sessionSeconds: number;
  /** Games played again after their worker died. */
  retried: number;
  /** The command that finishes an interrupted run. */
  resumeCommand: string;
  /** Batches a queue run gave up on (src/runner/queue.ts), in words; their games have no row yet. */
  failures?: string[];
}

/** What a report hands back for `--json` and the closing message. */
export interface ReportSummary {
  [key: string]: unknown;
}

/** An analysis fed one row at a time (constant memory in the number of games). */
export interface Analysis {
  add(row: GameRow): void;
  /** Write report.md, report.json, CSV files and SVG charts into `info.dir`; returns the summary. */
  write(info: RunInfo): ReportSummary;
}

/** A Markdown table. Cells are escaped for `|` and newlines. */
export function mdTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  align?: readonly ('l' | 'r' | 'c')[],
): string {
  const cell = (c: string | number): string => String(c).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const sep = headers.map((_, i) => ({ l: ':---', r: '---:', c: ':---:' })[align?.[i] ?? 'l']);
  return [`| ${headers.map(cell).join(' | ')} |`, `| ${sep.join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join(
    '\n',
  );
}

/** CSV text (RFC 4180 quoting). */
export function csv(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const q = (v: string | number | null): string => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[headers, ...rows].map((r) => r.map(q).join(',')).join('\n')}\n`;
}

/** A rate as a percentage with its interval, for tables. */
export function pctRate(r: Rate): string {
  return r.games ? formatRate(r) : '—';
}

/** Format a number with a fixed number of decimals. */
export function num(x: number, digits = 1): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '—';
}

/** A p-value for a table: three decimals, or "< 0.001" below that (never a bare 0.000). */
export function pValue(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** Keeps the error rows with the smallest ids (a deterministic sample) and counts by kind. */
export class ErrorLog {
  readonly byKind: Record<GameErrorKind, number> = { agent: 0, timeout: 0, engine: 0, worker: 0, scenario: 0 };
  total = 0;
  private readonly kept: GameRow[] = [];

  constructor(private readonly keep = 20) {}

  add(row: GameRow): void {
    if (!row.error) return;
    this.total++;
    this.byKind[row.error.kind]++;
    this.kept.push(row);
    this.kept.sort((a, b) => a.id - b.id);
    if (this.kept.length > this.keep) this.kept.pop();
  }

  /** The kept error rows, by id. */
  rows(): readonly GameRow[] {
    return this.kept;
  }

  /** The Markdown section on errors. */
  markdown(): string {
    if (this.total === 0) return '## Errors\n\nNone: every game ran to its end.\n';
    const lines = [
      '## Errors',
      '',
      `${this.total} game(s) ended in an error. An agent that throws, returns an illegal action or runs past the time limit loses the game (\`agent\`, \`timeout\`); a failure of the rules engine, a worker thread that died twice or a scenario that does not compile leaves the game without a result (\`engine\`, \`worker\`, \`scenario\`).`,
      '',
      mdTable(
        ['kind', 'games'],
        (Object.entries(this.byKind) as [GameErrorKind, number][]).filter(([, n]) => n > 0),
        ['l', 'r'],
      ),
      '',
      `First ${this.kept.length} by game id (each with the command that replays it):`,
      '',
    ];
    for (const r of this.kept) {
      const e = r.error;
      if (!e) continue;
      lines.push(
        `- game ${r.id}, seed ${r.seed}, ${e.kind}${e.side ? ` — ${e.side} (${e.agent ?? '?'})` : ''}: ${e.message}${r.record ? ` — record \`${r.record}\`` : ''}`,
      );
      lines.push(`  \`${e.repro}\``);
    }
    return `${lines.join('\n')}\n`;
  }
}

/** The "Run" section: what was played, by which command, and how the session ended. */
export function runSection(info: RunInfo, title: string): string {
  const m = info.manifest;
  const lines = [
    `# ${title}`,
    '',
    `- scenario: \`${m.scenario.id}\` (${m.scenario.ruleset} ${m.scenario.rulesetVersion}, scenario hash ${m.scenario.hash})`,
    `- games: ${info.rows} of ${m.games} in \`games.jsonl\`; run seed ${m.seed}; per-decision time limit ${m.timeLimitMs ? `${m.timeLimitMs} ms` : 'none'}; records: ${m.records}`,
    `- command: \`${m.command}\``,
    `- this session: ${info.sessionGames} games in ${num(info.sessionSeconds, 1)} s on ${info.workers} worker(s) (${formatGameRate(info.sessionSeconds > 0 ? info.sessionGames / info.sessionSeconds : 0)})${info.retried ? `; ${info.retried} game(s) replayed after their worker died` : ''}`,
  ];
  if (info.ended === 'interrupted')
    lines.push('', `**Interrupted**: ${info.rows} of ${m.games} games finished. Finish the run with \`${info.resumeCommand}\`.`);
  if (info.failures?.length) {
    lines.push(
      '',
      `**${info.failures.length} batch(es) failed on the queue** — their games are not played; fix what is said below (e.g. run the same project version and agent files on every worker), then finish the run with \`${info.resumeCommand}\`:`,
      '',
    );
    for (const f of info.failures.slice(0, 20)) lines.push(`- ${f}`);
    if (info.failures.length > 20) lines.push(`- … and ${info.failures.length - 20} more`);
  }
  return `${lines.join('\n')}\n`;
}
