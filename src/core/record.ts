/**
 * Game records (docs/ARCHITECTURE.md, "Records"): JSON Lines.
 *
 *   line 1      {"t":"header", format, ruleset, rulesetVersion, scenario, scenarioHash, seed, agents, scenarioData}
 *   then        {"t":"event", "e":"card", …}          one per resolved event, in game order
 *               {"t":"decision", n, side, action, why?} one per decision, before the events it causes
 *   last line   {"t":"result", winner, reason, decisions, hash, stats}
 *
 * Replay re-applies the decisions from the seed and must reproduce every event line and the final
 * hash; `why` (an agent's explanation) is informative and never compared.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Json, SideId } from './model.js';
import { FORBIDDEN_KEYS, LIMITS, forbiddenKey, jsonTextDepth, limitText } from './limits.js';

/** Version tag of the record format. */
export const RECORD_FORMAT = 'skirmish-record/1';

/** Line 1 of a record: what the game was (format, ruleset and version, scenario with its content and hash, seed, agents). */
export interface HeaderLine {
  t: 'header';
  format: string;
  ruleset: string;
  rulesetVersion: string;
  scenario: string;
  scenarioHash: string;
  seed: number | string;
  agents: Record<SideId, string>;
  /** The scenario file's JSON, so that the record replays without the file. */
  scenarioData: Json;
}

/** One decision of a side, before the events it causes. */
export interface DecisionLine {
  t: 'decision';
  /** 1-based decision number. */
  n: number;
  side: SideId;
  action: Json;
  /** The agent's explanation (not compared by verify). */
  why?: Json;
}

/** One resolved event (the ruleset's GameEvent with `t: "event"`). */
export interface EventLine {
  t: 'event';
  e: string;
  [field: string]: Json;
}

/** The last line: the outcome, the number of decisions, the final state hash and the ruleset's statistics. */
export interface ResultLine {
  t: 'result';
  winner: SideId | null;
  reason: string;
  decisions: number;
  hash: string;
  stats: Record<string, number>;
}

/**
 * The last line of a game that ended without a result: why play stopped. A record that ends with it
 * replays line for line up to it (`replay --verify` checks every line before it, and that the game
 * was still going with `decisions` decisions taken). Written for an agent that threw or answered an
 * illegal action, a decision past the time limit, an error in the rules engine, and a person who
 * resigned (`serve`). Not compared with a re-run: it is what happened outside the rules.
 */
export interface StopLine {
  t: 'stop';
  /** Why: an agent's failure, its time limit, the engine's error, or a person resigning. */
  reason: 'agent error' | 'time limit' | 'engine error' | 'resigned';
  /** The side whose agent (or person) stopped the game; null for the engine's error. */
  side: SideId | null;
  /** Decisions taken before play stopped (the failed decision, if any, was the next one). */
  decisions: number;
  /** What happened, in words (the agent's error message, the limit). */
  message: string;
}

/** The reasons a {@link StopLine} may give. */
export const STOP_REASONS: readonly StopLine['reason'][] = ['agent error', 'time limit', 'engine error', 'resigned'];

/** Any line of a record. */
export type RecordLine = HeaderLine | DecisionLine | EventLine | ResultLine | StopLine;

/** A record file that cannot be read: names the file and line. */
export class RecordError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}${line > 0 ? `:${line}` : ''}: ${message}`);
    this.name = 'RecordError';
  }
}

/** The keys each line kind may carry (an event line carries its ruleset's fields: compared with the re-run instead). */
const LINE_KEYS: Record<'header' | 'decision' | 'result' | 'stop', ReadonlySet<string>> = {
  header: new Set(['t', 'format', 'ruleset', 'rulesetVersion', 'scenario', 'scenarioHash', 'seed', 'agents', 'scenarioData']),
  decision: new Set(['t', 'n', 'side', 'action', 'why']),
  result: new Set(['t', 'winner', 'reason', 'decisions', 'hash', 'stats']),
  stop: new Set(['t', 'reason', 'side', 'decisions', 'message']),
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Check a line's fields against its kind: no key the kind does not have, every field the kind
 * needs with its type. Throws {@link RecordError} naming the line and the field.
 */
function checkLineShape(v: Record<string, unknown>, t: keyof typeof LINE_KEYS, file: string, line: number): void {
  for (const k of Object.keys(v))
    if (!LINE_KEYS[t].has(k))
      throw new RecordError(
        file,
        line,
        `unknown field ${JSON.stringify(k)} in a ${t} line (a ${t} line has ${[...LINE_KEYS[t]].join(', ')})`,
      );
  const need = (k: string, ok: boolean, what: string): void => {
    if (!ok)
      throw new RecordError(
        file,
        line,
        `${t} line: ${k in v ? 'field' : 'missing field'} "${k}"${k in v ? ` must be ${what}` : ` (${what})`}`,
      );
  };
  const str = (k: string): void => need(k, typeof v[k] === 'string', 'a string');
  const whole = (k: string): void =>
    need(k, typeof v[k] === 'number' && Number.isSafeInteger(v[k]) && (v[k] as number) >= 0, 'a whole number ≥ 0');
  if (t === 'header') {
    for (const k of ['format', 'ruleset', 'rulesetVersion', 'scenario', 'scenarioHash']) str(k);
    need(
      'seed',
      (typeof v.seed === 'number' && Number.isSafeInteger(v.seed) && v.seed >= 0) || typeof v.seed === 'string',
      'a whole number ≥ 0 or a string',
    );
    need(
      'agents',
      isObject(v.agents) && Object.keys(v.agents).length > 0 && Object.values(v.agents).every((a) => typeof a === 'string'),
      'an object: side → agent spec',
    );
    need('scenarioData', isObject(v.scenarioData), "the scenario file's JSON object");
  } else if (t === 'decision') {
    whole('n');
    str('side');
    need('action', 'action' in v, 'the action taken');
  } else if (t === 'result') {
    need('winner', v.winner === null || typeof v.winner === 'string', 'a side or null');
    str('reason');
    whole('decisions');
    str('hash');
    need('stats', isObject(v.stats) && Object.values(v.stats).every((x) => typeof x === 'number'), 'an object of numbers');
  } else {
    need('side', v.side === null || typeof v.side === 'string', 'a side or null');
    need('message', v.message === undefined || typeof v.message === 'string', 'a string');
  }
}

/**
 * Parse record text into lines; checks the header, the line kinds and each line's fields (no field
 * its kind does not have, none missing), and the limits on line length and nesting depth
 * (src/core/limits.ts) before parsing a line.
 */
export function parseRecord(text: string, file: string): RecordLine[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte order mark
  const raw = text.split('\n');
  if (raw.length && raw[raw.length - 1] === '') raw.pop();
  const out: RecordLine[] = [];
  raw.forEach((l, i) => {
    if (l.length > LIMITS.files.recordLineChars)
      throw new RecordError(
        file,
        i + 1,
        `line longer than ${LIMITS.files.recordLineChars} characters (${limitText('files.recordLineChars')})`,
      );
    if (jsonTextDepth(l) > LIMITS.json.depth)
      throw new RecordError(file, i + 1, `nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      throw new RecordError(file, i + 1, `not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new RecordError(file, i + 1, 'expected a JSON object');
    const bad = forbiddenKey(v);
    if (bad !== null) throw new RecordError(file, i + 1, `forbidden key at ${bad} (${[...FORBIDDEN_KEYS].join(', ')} are never data)`);
    const t = (v as { t?: unknown }).t;
    if (i === 0 && t !== 'header') throw new RecordError(file, 1, 'the first line must be the header ({"t":"header",…})');
    if (t !== 'header' && t !== 'decision' && t !== 'event' && t !== 'result' && t !== 'stop') {
      throw new RecordError(file, i + 1, `unknown line kind ${JSON.stringify(t)}`);
    }
    if (t === 'header' || t === 'decision' || t === 'result' || t === 'stop') checkLineShape(v as Record<string, unknown>, t, file, i + 1);
    if (t === 'header' && i !== 0) throw new RecordError(file, i + 1, 'a second header');
    if (t === 'stop') {
      const st = v as Partial<StopLine>;
      if (i !== raw.length - 1) throw new RecordError(file, i + 1, 'a stop line must be the last line');
      if (!STOP_REASONS.includes(st.reason as StopLine['reason']))
        throw new RecordError(
          file,
          i + 1,
          `stop reason ${JSON.stringify(st.reason)} is not one of ${STOP_REASONS.map((r) => JSON.stringify(r)).join(', ')}`,
        );
      if (typeof st.decisions !== 'number' || !Number.isInteger(st.decisions) || st.decisions < 0)
        throw new RecordError(file, i + 1, 'a stop line needs "decisions", a whole number ≥ 0');
    }
    out.push(v as RecordLine);
  });
  if (out.length === 0) throw new RecordError(file, 0, 'empty record');
  const h = out[0] as HeaderLine;
  if (h.format !== RECORD_FORMAT)
    throw new RecordError(file, 1, `unsupported record format ${JSON.stringify(h.format)} (expected ${RECORD_FORMAT})`);
  return out;
}

/**
 * True when `bytes` start with the gzip magic number (1f 8b). Records are told apart by their
 * content, not their name: a compressed record renamed to `.jsonl` still reads.
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The conventional file name ending of a record: `.jsonl` plain, `.jsonl.gz` compressed. */
export const RECORD_NAME = /\.jsonl(\.gz)?$/i;

/**
 * A record's lines (JSON text, one per line, as {@link GameSession} keeps them) as file contents:
 * JSON Lines ending in a newline, gzip-compressed (level 9: records are written once and read rarely) when `gzip` is true (run folders write records so,
 * `records/game-N.jsonl.gz`, to keep them small). {@link readRecord} reads both forms.
 */
export function encodeRecord(lines: readonly string[], gzip: boolean): Buffer {
  const text = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  return gzip ? gzipSync(text, { level: 9 }) : text;
}

/**
 * Read and parse a record file, plain JSON Lines or gzip-compressed (detected by the gzip magic
 * bytes, whatever the name). Throws {@link RecordError} naming the file (and the line, for a bad
 * line) when it cannot be read, decompressed or parsed.
 */
export function readRecord(file: string): RecordLine[] {
  let bytes: Buffer;
  try {
    // Only a regular file is read (a FIFO would block for ever, a device never end), and only up to its limit.
    const st = statSync(file);
    if (!st.isDirectory()) {
      if (!st.isFile()) throw new RecordError(file, 0, 'not a regular file (a device, a pipe or a socket); give a record file');
      if (st.size > LIMITS.files.recordBytes)
        throw new RecordError(file, 0, `${st.size} bytes, more than a record may have (${limitText('files.recordBytes')})`);
    }
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof RecordError) throw e;
    if ((e as { code?: unknown }).code === 'EISDIR') {
      // A run folder (or its records/): name a record in it.
      const recs = join(file, 'records');
      const inside = existsSync(recs) && statSync(recs).isDirectory() ? recs : file;
      const first = readdirSync(inside)
        .filter((f) => RECORD_NAME.test(f) && f !== 'games.jsonl')
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
      throw new RecordError(
        file,
        0,
        `is a folder; give one record${first ? `, e.g. ${join(inside, first)}` : ` (none in it${inside === file ? '' : ' or its records/'})`}`,
      );
    }
    throw new RecordError(file, 0, `cannot read: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (isGzip(bytes)) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: LIMITS.files.recordDecompressedBytes });
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new RecordError(
          file,
          0,
          `decompresses to more than ${LIMITS.files.recordDecompressedBytes} bytes (${limitText('files.recordDecompressedBytes')})`,
        );
      throw new RecordError(file, 0, `not a readable gzip file: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return parseRecord(bytes.toString('utf8'), file);
}

/** The text of a {@link StopLine} (one JSON line, no newline), for the writers of stopped games. */
export function stopLineText(stop: Omit<StopLine, 't'>): string {
  const line: StopLine = { t: 'stop', reason: stop.reason, side: stop.side, decisions: stop.decisions, message: stop.message };
  return JSON.stringify(line);
}
