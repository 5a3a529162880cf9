/**
 * The frames of a recorded game: its decisions re-run with {@link GameSession} from the record's
 * seed, and after the setup and after each decision the ruleset's {@link Scene}, the decision in
 * words (with the agent's reasons, when the record kept them) and the events it caused in words.
 * `render` draws these as SVG and steps through them in the HTML player.
 */
import { canonicalJson } from '../core/hash.js';
import { count } from '../core/words.js';
import { GameSession, type LoadedScenario } from '../core/game.js';
import type { GameEvent, Json, SideId } from '../core/model.js';
import { type HeaderLine, RecordError, type RecordLine, type ResultLine } from '../core/record.js';
import type { Scene } from '../core/scene.js';
import { getRuleset, loadScenarioData } from '../rules/index.js';

/** One line of the game's log: an event or a decision, in words, and the step it belongs to. */
export interface LogEntry {
  /** The frame (step) it belongs to: 0 for the setup, n after decision n. */
  step: number;
  /** `decision`, or the event kind (`attack`, `card`, `turn`, …). */
  kind: string;
  text: string;
}

/** The game after the setup (step 0) or after one decision. */
export interface Frame {
  /** 0 for the setup; n after decision n. */
  step: number;
  /** Who decided (null for the setup). */
  side: SideId | null;
  /** The decision in words, as it read before it was made ('' for the setup). */
  action: string;
  /** The agent's reasons in a few lines (candidates with visits and values), when recorded. */
  why: string[];
  /** Index range [from, to) into {@link RecordFrames.log} of this step's lines. */
  log: [number, number];
  scene: Scene;
}

/** Everything `render` draws of one record. */
export interface RecordFrames {
  title: string;
  scenario: string;
  seed: number | string;
  agents: Record<SideId, string>;
  /** The result line's words, when the record has one. */
  result: string | null;
  frames: Frame[];
  log: LogEntry[];
}

/** An agent's recorded explanation in lines (what `play` prints), or [] when it has none. */
export function whyLines(scenario: LoadedScenario, state: unknown, why: Json | undefined, top = 3): string[] {
  if (why === undefined || why === null || typeof why !== 'object' || Array.isArray(why)) return [];
  const r = scenario.ruleset;
  const out: string[] = [];
  if (typeof why.summary === 'string') out.push(why.summary);
  const cands = Array.isArray(why.candidates) ? why.candidates : [];
  cands.slice(0, top).forEach((c, i) => {
    if (c === null || typeof c !== 'object' || Array.isArray(c)) return;
    let words: string;
    try {
      words = r.describeAction(state, c.action ?? null);
    } catch {
      words = JSON.stringify(c.action);
    }
    const note = typeof c.note === 'string' && c.note !== words ? c.note : '';
    const stats = [typeof c.visits === 'number' ? count(c.visits, 'visit') : '', typeof c.value === 'number' ? `value ${c.value.toFixed(3)}` : '', note]
      .filter((x) => x)
      .join(', ');
    out.push(`${i + 1}. ${words}${stats ? ` — ${stats}` : ''}`);
  });
  return out;
}

function scenarioName(raw: Json): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  return typeof raw.name === 'string' ? raw.name : null;
}

function comparable(line: RecordLine): string {
  if (line.t === 'decision') {
    const { why: _why, ...rest } = line;
    return canonicalJson(rest);
  }
  return canonicalJson(line);
}

/**
 * Re-run a record and capture a frame per step. `upTo` stops after that many decisions (for one
 * still frame). Throws {@link RecordError} when the record does not replay or its ruleset draws no
 * scene.
 */
export function recordFrames(lines: RecordLine[], file: string, upTo = Infinity): RecordFrames {
  const header = lines[0] as HeaderLine;
  const ruleset = getRuleset(header.ruleset);
  if (!ruleset.scene) throw new RecordError(file, 1, `the ${ruleset.id} ruleset cannot draw its games (it has no scene())`);
  if (ruleset.version !== header.rulesetVersion) throw new RecordError(file, 1, `recorded with ${header.ruleset} ${header.rulesetVersion}; this build has ${ruleset.version}`);
  let loaded: LoadedScenario;
  try {
    loaded = loadScenarioData(header.scenarioData, `${file} (embedded scenario)`);
  } catch (e) {
    throw new RecordError(file, 1, e instanceof Error ? e.message : String(e));
  }
  const scene = (s: unknown): Scene => (ruleset.scene as (st: unknown) => Scene)(s);
  const log: LogEntry[] = [];
  let step = 0;
  const onEvent = (e: GameEvent): void => {
    const text = ruleset.describeEvent(loaded.compiled, e);
    if (text !== null) log.push({ step, kind: e.e, text: text.trim() });
  };
  const g = new GameSession(loaded, header.seed, header.agents, { record: true, onEvent });
  const frames: Frame[] = [{ step: 0, side: null, action: '', why: [], log: [0, log.length], scene: scene(g.state) }];
  const gen = g.lines as string[];
  // The record's own lines must be what the replay produces (a changed record is not drawn):
  // generated line m is the record's line m.
  let checked = 1;
  const checkLines = (): void => {
    for (; checked < gen.length; checked++) {
      const l = lines[checked];
      if (l === undefined || l.t === 'result') return;
      if (comparable(JSON.parse(gen[checked]) as RecordLine) !== comparable(l)) {
        throw new RecordError(file, checked + 1, 'does not replay: this line differs from what its decisions produce (replay --verify tells more)');
      }
    }
  };
  checkLines();
  const result = lines.find((l): l is ResultLine => l.t === 'result') ?? null;
  for (let i = 1; i < lines.length && g.decisions < upTo; i++) {
    const l = lines[i];
    if (l.t !== 'decision') continue;
    if (g.current() === null) throw new RecordError(file, i + 1, 'a decision after the game ended');
    const before = log.length;
    step = g.decisions + 1;
    let action: string;
    try {
      action = ruleset.describeAction(g.state, l.action);
    } catch {
      action = ruleset.actionKey(l.action);
    }
    const why = whyLines(loaded, g.state, l.why);
    const agent = header.agents[l.side] ?? '';
    log.push({ step, kind: 'decision', text: `${l.side}${agent ? ` (${agent})` : ''}: ${action}` });
    try {
      g.submit(l.action);
    } catch (e) {
      throw new RecordError(file, i + 1, `does not replay: ${e instanceof Error ? e.message : String(e)}`);
    }
    checkLines();
    frames.push({ step, side: l.side, action, why, log: [before, log.length], scene: scene(g.state) });
  }
  const sides = ruleset.sides(loaded.compiled);
  return {
    title: scenarioName(header.scenarioData) ?? loaded.id,
    scenario: loaded.id,
    seed: header.seed,
    agents: Object.fromEntries(sides.map((s) => [s, header.agents[s] ?? '?'])),
    result: result ? `${result.winner ?? 'draw'} — ${result.reason} (${result.decisions} decisions)` : null,
    frames,
    log,
  };
}
