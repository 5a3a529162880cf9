/**
 * Replaying records: verification (re-run from the seed and compare every line) and the story
 * (the events in plain words).
 */
import { canonicalJson } from './core/hash.js';
import { count } from './core/words.js';
import { GameSession } from './core/game.js';
import type { Json } from './core/model.js';
import { type DecisionLine, type HeaderLine, type RecordLine, RecordError } from './core/record.js';
import { getRuleset, loadScenarioData } from './rules/index.js';

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
}

function comparable(line: RecordLine): string {
  if (line.t === 'decision') {
    const { why: _why, ...rest } = line as DecisionLine;
    return canonicalJson(rest);
  }
  return canonicalJson(line);
}

function short(s: string): string {
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * Re-run a record from its header's seed, applying its decisions, and compare every line the
 * replay produces with the record. Returns the first line that differs.
 */
export function verifyRecord(lines: RecordLine[], file: string): VerifyResult {
  const header = lines[0] as HeaderLine;
  const ruleset = getRuleset(header.ruleset);
  if (ruleset.version !== header.rulesetVersion) {
    return { ok: false, line: 1, decisions: 0, message: `recorded with ${header.ruleset} ${header.rulesetVersion}; this build has ${ruleset.version}` };
  }
  const loaded = loadScenarioData(header.scenarioData, `${file} (embedded scenario)`);
  if (loaded.hash !== header.scenarioHash) {
    return { ok: false, line: 1, decisions: 0, message: `embedded scenario hash ${loaded.hash} differs from the header's ${header.scenarioHash}` };
  }
  const g = new GameSession(loaded, header.seed, header.agents, { record: true });
  const gen = g.lines as string[];
  let j = 1; // next generated line to compare (0 is the header)
  let lastDecisionLine = 0;
  const mismatch = (i: number, found: string, expected: string | undefined): VerifyResult => ({
    ok: false,
    line: i + 1,
    decisions: g.decisions,
    message:
      expected === undefined
        ? `line ${i + 1}: the record goes on (${short(found)}) but the replay has nothing more here`
        : `line ${i + 1} differs${lastDecisionLine ? ` (the decision before it is line ${lastDecisionLine})` : ''}:\n  record: ${short(found)}\n  replay: ${short(expected)}`,
  });
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.t === 'header') return { ok: false, line: i + 1, decisions: g.decisions, message: `line ${i + 1}: a second header` };
    if (line.t === 'decision') {
      if (j < gen.length) return mismatch(i, comparable(line), canonicalJson(JSON.parse(gen[j]) as Json));
      if (g.current() === null) return { ok: false, line: i + 1, decisions: g.decisions, message: `line ${i + 1}: a decision after the game ended` };
      if (line.side !== g.current()) {
        return { ok: false, line: i + 1, decisions: g.decisions, message: `line ${i + 1}: decision by ${line.side}, but ${g.current()} is to decide` };
      }
      try {
        g.submit(line.action);
      } catch (e) {
        return { ok: false, line: i + 1, decisions: g.decisions, message: `line ${i + 1}: ${e instanceof Error ? e.message : String(e)}` };
      }
      lastDecisionLine = i + 1;
      const produced = JSON.parse(gen[j]) as RecordLine;
      if (comparable(produced) !== comparable(line)) return mismatch(i, comparable(line), comparable(produced));
      j++;
      continue;
    }
    if (line.t === 'result') {
      if (g.current() !== null) {
        if (j < gen.length) return mismatch(i, comparable(line), canonicalJson(JSON.parse(gen[j]) as Json));
        return { ok: false, line: i + 1, decisions: g.decisions, message: `line ${i + 1}: the record ends the game, but the replay's game goes on` };
      }
      if (j === gen.length) g.finish();
    }
    if (j >= gen.length) return mismatch(i, comparable(line), undefined);
    const expected = canonicalJson(JSON.parse(gen[j]) as Json);
    if (comparable(line) !== expected) return mismatch(i, comparable(line), expected);
    j++;
  }
  if (g.current() !== null || j < gen.length) {
    return { ok: false, line: lines.length + 1, decisions: g.decisions, message: `the record stops at line ${lines.length}, but the replay's game goes on` };
  }
  return { ok: true, decisions: g.decisions, hash: ruleset.hash(g.state) };
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
  const out: string[] = [`${loaded.id} — seed ${header.seed}; ${Object.entries(header.agents).map(([s, a]) => `${s}: ${a}`).join(', ')}`];
  for (const l of lines) {
    if (l.t === 'event') {
      const { t: _t, ...e } = l;
      const text = ruleset.describeEvent(loaded.compiled, e);
      if (text !== null) out.push(text);
    } else if (l.t === 'decision' && withWhy && l.why !== undefined) {
      out.push(`    [${l.side} thinks: ${whyText(l.why)}]`);
    } else if (l.t === 'result') {
      out.push(`Result: ${l.winner ?? 'draw'} (${l.reason}); ${l.decisions} decisions; final hash ${l.hash}.`);
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
    .map((c) => `${c.note ?? '?'}${c.visits !== undefined ? ` (${count(c.visits, 'visit')}${c.value !== undefined ? `, ${c.value}` : ''})` : ''}`);
  return [w.summary, cands.length ? `top: ${cands.join('; ')}` : ''].filter((x) => x).join(' — ') || JSON.stringify(why);
}
