/**
 * The games file of a run (`<dir>/games.jsonl`): one {@link GameRow} per line, appended as each
 * game finishes, so a run stopped at any moment (Ctrl-C, SIGKILL, power cut) keeps every finished
 * game. At most the last line can be partial (a write cut short); readers skip it and
 * {@link GamesWriter} cuts it off before appending. A run that has played every game rewrites the
 * file in id order ({@link sortGamesFile}), so the same run gives the same bytes on any number of
 * workers.
 */
import { closeSync, createReadStream, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { writeAtomic } from '../core/files.js';
import { createInterface } from 'node:readline';
import type { GameRow } from './types.js';

/** What {@link readGames} found. */
export interface GamesFileScan {
  /** Ids of the complete rows. */
  ids: Set<number>;
  /** Bytes of complete lines (a partial last line starts here). */
  validBytes: number;
  /** Rows skipped because their id was already seen (should be 0). */
  duplicates: number;
}

function isRow(v: unknown): v is GameRow {
  if (v === null || typeof v !== 'object') return false;
  const o = v as { id?: unknown; seed?: unknown; agents?: unknown };
  return typeof o.id === 'number' && typeof o.seed === 'number' && typeof o.agents === 'object' && o.agents !== null;
}

/**
 * Stream the complete rows of a games file (one at a time; the file is never held in memory),
 * calling `onRow` for each id's first row. A missing file reads as empty. A line that is not a
 * row is an error naming the file and line, except a final line without its newline (cut short).
 */
export async function readGames(file: string, onRow: (row: GameRow) => void): Promise<GamesFileScan> {
  const scan: GamesFileScan = { ids: new Set(), validBytes: 0, duplicates: 0 };
  if (!existsSync(file)) return scan;
  const stream = createReadStream(file);
  // Track which lines end in a newline: readline hides that, so count bytes ourselves.
  let total = 0;
  stream.on('data', (chunk) => (total += chunk.length));
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  let offset = 0;
  let pending: { text: string; lineNo: number; start: number } | null = null;
  const take = (p: { text: string; lineNo: number; start: number }, complete: boolean): void => {
    if (p.text.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(p.text);
    } catch {
      if (!complete) return;
      throw new Error(`${file}:${p.lineNo}: not a JSON line`);
    }
    if (!isRow(v)) throw new Error(`${file}:${p.lineNo}: not a game row (needs id, seed, agents)`);
    if (!complete) return;
    if (scan.ids.has(v.id)) {
      scan.duplicates++;
      return;
    }
    scan.ids.add(v.id);
    onRow(v);
  };
  for await (const line of rl) {
    lineNo++;
    if (pending) {
      take(pending, true);
      scan.validBytes = pending.start + Buffer.byteLength(pending.text) + 1;
    }
    pending = { text: line, lineNo, start: offset };
    offset += Buffer.byteLength(line) + 1;
  }
  if (pending) {
    const complete = offset <= total; // the last line had its newline
    take(pending, complete);
    if (complete) scan.validBytes = offset;
  }
  return scan;
}

/** Appends rows to a games file, one `write` per line. */
export class GamesWriter {
  private fd: number;

  /**
   * Open `file` for appending; when `validBytes` is given, first cut the file to that length
   * (dropping a partial last line left by a killed run).
   */
  constructor(
    readonly file: string,
    validBytes?: number,
  ) {
    this.fd = openSync(file, 'a');
    if (validBytes !== undefined) ftruncateSync(this.fd, validBytes);
  }

  /** Append one row as a JSON line. */
  write(row: GameRow): void {
    writeSync(this.fd, `${JSON.stringify(row)}\n`);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

/**
 * Rewrite a finished run's games file with its lines in id order (a stable sort: the lines
 * themselves are kept byte for byte), atomically, and only when the order changes. Games finish in
 * an order that depends on timing and worker count; the sorted file does not. Holds the file in
 * memory (about 1–2 KB a game): call it once, when the run has played every game. A line that is
 * not a game row is an error naming the file and line (nothing is written then).
 */
export function sortGamesFile(file: string): void {
  const text = readFileSync(file, 'utf8');
  const keyed: { id: number; line: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${i + 1}: not a JSON line`);
    }
    if (!isRow(v)) throw new Error(`${file}:${i + 1}: not a game row (needs id, seed, agents)`);
    keyed.push({ id: v.id, line });
  });
  keyed.sort((a, b) => a.id - b.id);
  const sorted = keyed.length === 0 ? '' : `${keyed.map((k) => k.line).join('\n')}\n`;
  if (sorted !== text) writeAtomic(file, sorted);
}
