/**
 * Replaying records: verification (re-run from the seed and compare every line, src/rerun.ts) and
 * the story (the events in plain words).
 */
import { count } from './core/words.js';
import type { Json } from './core/model.js';
import { type HeaderLine, type RecordLine, RecordError, type StopLine } from './core/record.js';
import { getRuleset, loadScenarioData } from './rules/index.js';
import { RerunMismatch, rerunRecord } from './rerun.js';

/** Outcome of verifying a record. */
export interface VerifyResult {
  ok: boolean;
  /** 1-based line of the first difference (when not ok). */
  line?: number;
  /** What is wrong, in words. */
  message?: string;
  /** Decisions replayed. */
  decisions: number;
  /** Final state hash the replay reached (when it got that far). */
  hash?: string;
  /** The record's stop line, when play stopped without a result (verified up to it). */
  stopped?: StopLine;
}

/**
 * Re-run a record from its header's seed, applying its decisions, and compare every line the
 * replay produces with the record ({@link rerunRecord}, which also checks the ruleset version and
 * the embedded scenario's hash). Returns the first line that differs. Throws {@link RecordError}
 * for a record that cannot be re-run at all (unknown ruleset, embedded scenario that does not
 * compile).
 */
export function verifyRecord(lines: RecordLine[], file: string): VerifyResult {
  try {
    const { session, stopped } = rerunRecord(lines, file, { end: 'finished' });
    return { ok: true, decisions: session.decisions, hash: session.scenario.ruleset.hash(session.state), ...(stopped ? { stopped } : {}) };
  } catch (e) {
    if (e instanceof RerunMismatch) return { ok: false, line: e.line, message: e.reason, decisions: e.decisions };
    throw e;
  }
}

/** The story of a record: one line per event worth telling, with agents' explanations when kept. */
export function storyOf(lines: RecordLine[], file: string, withWhy = false): string[] {
  const header = lines[0] as HeaderLine;
  const ruleset = getRuleset(header.ruleset);
  let loaded;
  try {
    loaded = loadScenarioData(header.scenarioData, `${file} (embedded scenario)`);
  } catch (e) {
    throw new RecordError(file, 1, e instanceof Error ? e.message : String(e));
  }
  const out: string[] = [
    `${loaded.id} — seed ${header.seed}; ${Object.entries(header.agents)
      .map(([s, a]) => `${s}: ${a}`)
      .join(', ')}`,
  ];
  for (const l of lines) {
    if (l.t === 'event') {
      const { t: _t, ...e } = l;
      const text = ruleset.describeEvent(loaded.compiled, e);
      if (text !== null) out.push(text);
    } else if (l.t === 'decision' && withWhy && l.why !== undefined) {
      out.push(`    [${l.side} thinks: ${whyText(l.why)}]`);
    } else if (l.t === 'result') {
      out.push(`Result: ${l.winner ?? 'draw'} (${l.reason}); ${l.decisions} decisions; final hash ${l.hash}.`);
    } else if (l.t === 'stop') {
      out.push(`Stopped without a result after ${l.decisions} decisions: ${stopWords(l)}.`);
    }
  }
  return out;
}

/** An agent's recorded explanation in a line of words (candidates with visits and values when it has them). */
function whyText(why: Json): string {
  if (why === null || typeof why !== 'object' || Array.isArray(why)) return JSON.stringify(why);
  const w = why as { candidates?: { note?: string; visits?: number; value?: number }[]; summary?: string };
  const cands = (w.candidates ?? [])
    .slice(0, 3)
    .map(
      (c) =>
        `${c.note ?? '?'}${c.visits !== undefined ? ` (${count(c.visits, 'visit')}${c.value !== undefined ? `, ${c.value}` : ''})` : ''}`,
    );
  return [w.summary, cands.length ? `top: ${cands.join('; ')}` : ''].filter((x) => x).join(' — ') || JSON.stringify(why);
}

/** A stop line in words: who stopped play and why. */
export function stopWords(l: StopLine): string {
  return `${l.side === null ? '' : `${l.side}: `}${l.reason}${l.message ? ` — ${l.message}` : ''}`;
}
