/**
 * THE record re-runner: rebuild a recorded game from its header (ruleset and version, embedded
 * scenario and its hash, seed) by re-applying its decisions, and check that every line the re-run
 * produces is the record's line (canonical JSON; a decision's `why` is never compared). `replay
 * --verify`, `render` (the frames of a record) and `play --resume` / `undo` all re-run records
 * through it, so they accept and refuse the same records.
 */
import { canonicalJson } from './core/hash.js';
import { GameSession, type LoadedScenario } from './core/game.js';
import type { GameEvent, Json } from './core/model.js';
import { type DecisionLine, type HeaderLine, RecordError, type RecordLine, type StopLine } from './core/record.js';
import { RULESETS, loadScenarioData } from './rules/index.js';

/** A record that does not re-run to itself (as opposed to one that cannot be read: a plain {@link RecordError}). */
export class RerunMismatch extends RecordError {
  constructor(
    file: string,
    line: number,
    /** What is wrong, in words (without the file and line). */
    readonly reason: string,
    /** Decisions re-applied before the mismatch was found. */
    readonly decisions: number,
  ) {
    super(file, line, reason);
    this.name = 'RerunMismatch';
  }
}

/** Options of {@link rerunRecord}. */
export interface RerunOptions {
  /**
   * `finished` (the default, `replay --verify`): the record must be a whole game — every line
   * produced, up to and including the result line — or a game that stopped without a result and
   * says so in its last line (a stop line: checked up to it, see {@link Rerun.stopped}). `any` (`render`, `play --resume`): it may also
   * stop after the events of any decision (a game in progress); a result line, when present, is
   * checked all the same.
   */
  end?: 'finished' | 'any';
  /** Stop after this many decisions (lines after them are neither applied nor checked). */
  upTo?: number;
  /** Sees every event of the re-run as it happens (from the setup on). */
  onEvent?: (e: GameEvent) => void;
  /** Before a decision is applied: the session (in the state the decision was taken in), its line and 1-based line number. */
  before?(g: GameSession, line: DecisionLine, lineNo: number): void;
  /** After a decision is applied and the lines it produced are checked. */
  after?(g: GameSession, line: DecisionLine, lineNo: number): void;
}

/** A re-run record: its header, its scenario (compiled from the embedded copy) and the session at its end. */
export interface Rerun {
  header: HeaderLine;
  scenario: LoadedScenario;
  /** The re-run game, recording (its lines equal the record's, `why` aside). */
  session: GameSession;
  /** The record's stop line, when play stopped without a result (the game re-run up to it). */
  stopped?: StopLine;
}

/** Comparable form of a record line (a decision without `why`). */
function comparable(line: RecordLine): string {
  if (line.t === 'decision') {
    const { why: _why, ...rest } = line;
    return canonicalJson(rest);
  }
  return canonicalJson(line);
}

function short(s: string): string {
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * The header's ruleset (same version) and embedded scenario (same hash as the header says).
 * Throws {@link RecordError} when the ruleset is unknown or the embedded scenario does not compile,
 * {@link RerunMismatch} when the version or hash differ.
 */
export function recordScenario(lines: readonly RecordLine[], file: string): { header: HeaderLine; scenario: LoadedScenario } {
  const header = lines[0] as HeaderLine;
  const ruleset = RULESETS.get(header.ruleset);
  if (!ruleset) throw new RecordError(file, 1, `unknown ruleset "${header.ruleset}" (known: ${[...RULESETS.keys()].join(', ')})`);
  if (ruleset.version !== header.rulesetVersion)
    throw new RerunMismatch(file, 1, `recorded with ${header.ruleset} ${header.rulesetVersion}; this build has ${ruleset.version}`, 0);
  let scenario: LoadedScenario;
  try {
    scenario = loadScenarioData(header.scenarioData, `${file} (embedded scenario)`);
  } catch (e) {
    throw new RecordError(file, 1, e instanceof Error ? e.message : String(e));
  }
  if (scenario.ruleset !== ruleset)
    throw new RerunMismatch(
      file,
      1,
      `the embedded scenario is for ruleset "${scenario.ruleset.id}", the header says "${header.ruleset}"`,
      0,
    );
  if (scenario.hash !== header.scenarioHash)
    throw new RerunMismatch(file, 1, `embedded scenario hash ${scenario.hash} differs from the header's ${header.scenarioHash}`, 0);
  return { header, scenario };
}

/**
 * Re-run `lines` (a parsed record, header first) and check every line, calling the hooks on the
 * way. Throws {@link RerunMismatch} naming the first line that differs from the re-run (with the
 * decision before it), and {@link RecordError} for a record that cannot be re-run at all.
 */
export function rerunRecord(lines: readonly RecordLine[], file: string, opts: RerunOptions = {}): Rerun {
  const { header, scenario } = recordScenario(lines, file);
  const g = new GameSession(scenario, header.seed, header.agents, { record: true, onEvent: opts.onEvent });
  const gen = g.lines as string[];
  const upTo = opts.upTo ?? Infinity;
  // The header the re-run writes (from the record's own seed, agents and scenario) must be the
  // record's: any further field a header carries is checked too.
  if (canonicalJson(JSON.parse(gen[0]) as Json) !== canonicalJson(header)) {
    throw new RerunMismatch(
      file,
      1,
      `line 1 (the header) differs from the one a re-run writes:\n  record: ${short(canonicalJson(header))}\n  replay: ${short(gen[0])}`,
      0,
    );
  }
  let j = 1; // the next produced line to compare
  let lastDecisionLine = 0;
  const fail = (i: number, reason: string): never => {
    throw new RerunMismatch(file, i + 1, reason, g.decisions);
  };
  const differs = (i: number, found: string, produced: string | undefined): never =>
    fail(
      i,
      produced === undefined
        ? `line ${i + 1}: the record goes on (${short(found)}) but the replay has nothing more here`
        : `line ${i + 1} differs${lastDecisionLine ? ` (the decision before it is line ${lastDecisionLine})` : ''}:\n  record: ${short(found)}\n  replay: ${short(produced)}`,
    );
  const producedAt = (k: number): string => canonicalJson(JSON.parse(gen[k]) as Json);
  let i = 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.t === 'header') fail(i, `line ${i + 1}: a second header`);
    if (line.t === 'decision') {
      if (g.decisions >= upTo) break;
      if (j < gen.length) differs(i, comparable(line), producedAt(j));
      const side = g.current();
      if (side === null) fail(i, `line ${i + 1}: a decision after the game ended`);
      if (line.side !== side) fail(i, `line ${i + 1}: decision by ${line.side}, but ${side} is to decide`);
      opts.before?.(g, line, i + 1);
      try {
        g.submit(line.action, undefined, line.why);
      } catch (e) {
        fail(i, `line ${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
      }
      lastDecisionLine = i + 1;
      const produced = comparable(JSON.parse(gen[j]) as RecordLine);
      if (produced !== comparable(line)) differs(i, comparable(line), produced);
      j++;
      // The events this decision caused, as far as the record has them, are compared before `after`.
      for (; j < gen.length && i + 1 < lines.length && lines[i + 1].t === 'event'; j++, i++) {
        if (comparable(lines[i + 1]) !== producedAt(j)) differs(i + 1, comparable(lines[i + 1]), producedAt(j));
      }
      opts.after?.(g, line, lastDecisionLine);
      continue;
    }
    if (line.t === 'stop') {
      // Play stopped outside the rules (the parser keeps this line last): everything before it has
      // been checked; the game must still be going, at the number of decisions the line gives.
      if (j < gen.length)
        fail(
          i,
          `line ${i + 1}: the record stops here (${line.reason}), but the replay goes on (line ${i + 1} should be ${short(producedAt(j))})`,
        );
      if (g.current() === null) fail(i, `line ${i + 1}: the record says play stopped (${line.reason}), but the replay's game was over`);
      if (line.decisions !== g.decisions)
        fail(i, `line ${i + 1}: the record says play stopped after ${line.decisions} decisions; the replay has ${g.decisions}`);
      return { header, scenario, session: g, stopped: line };
    }
    if (line.t === 'result') {
      if (g.current() !== null) {
        if (j < gen.length) differs(i, comparable(line), producedAt(j));
        fail(i, `line ${i + 1}: the record ends the game, but the replay's game goes on`);
      }
      if (j === gen.length) g.finish();
    }
    if (j >= gen.length) differs(i, comparable(line), undefined);
    if (comparable(line) !== producedAt(j)) differs(i, comparable(line), producedAt(j));
    j++;
  }
  if (g.decisions >= upTo && i < lines.length) return { header, scenario, session: g };
  if (j < gen.length)
    fail(
      lines.length,
      `the record stops at line ${lines.length}, but the replay goes on (line ${lines.length + 1} should be ${short(producedAt(j))})`,
    );
  if ((opts.end ?? 'finished') === 'finished' && g.current() !== null)
    fail(lines.length, `the record stops at line ${lines.length}, but the replay's game goes on`);
  // A finished game's record ends with its result line (outcome, decisions, final hash): without it nothing vouches for the end.
  if ((opts.end ?? 'finished') === 'finished' && lines[lines.length - 1].t !== 'result')
    fail(
      lines.length,
      `the record stops at line ${lines.length} without its result line, but the replay's game is over (line ${lines.length + 1} should be the result)`,
    );
  return { header, scenario, session: g };
}
