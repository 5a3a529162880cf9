/**
 * The frames of a recorded game: the record re-run (src/rerun.ts: ruleset version, embedded
 * scenario hash and every line checked), and after the setup and after each decision the ruleset's {@link Scene}, the decision in
 * words (with the agent's reasons, when the record kept them) and the events it caused in words.
 * `render` draws these as SVG and steps through them in the HTML player.
 */
import type { GameSession, LoadedScenario } from '../core/game.js';
import { count } from '../core/words.js';
import type { GameEvent, Json, SideId } from '../core/model.js';
import { RecordError, type RecordLine, type ResultLine } from '../core/record.js';
import type { Scene } from '../core/scene.js';
import { type Rerun, RerunMismatch, recordScenario, rerunRecord } from '../rerun.js';

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
  /** The table's unit (the ruleset's `traits.units`: in, cm or none). */
  unit: string;
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
    const stats = [
      typeof c.visits === 'number' ? count(c.visits, 'visit') : '',
      typeof c.value === 'number' ? `value ${c.value.toFixed(3)}` : '',
      note,
    ]
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

/**
 * Re-run a record and capture a frame per step. `upTo` stops after that many decisions (for one
 * still frame). Throws {@link RecordError} when the record does not replay or its ruleset draws no
 * scene.
 */
export function recordFrames(lines: RecordLine[], file: string, upTo = Infinity): RecordFrames {
  const mismatch = (e: unknown): unknown =>
    e instanceof RerunMismatch ? new RecordError(file, e.line, `does not replay: ${e.reason} (replay --verify tells more)`) : e;
  let loaded: LoadedScenario;
  try {
    loaded = recordScenario(lines, file).scenario;
  } catch (e) {
    throw mismatch(e);
  }
  const ruleset = loaded.ruleset;
  const view = ruleset.view;
  if (!view) throw new RecordError(file, 1, `the ${ruleset.id} ruleset cannot draw its games (it has no view.scene())`);
  const log: LogEntry[] = [];
  const frames: Frame[] = [];
  let step = 0;
  let before = 0;
  let action = '';
  let why: string[] = [];
  const setupFrame = (g: GameSession): void => {
    if (frames.length === 0) frames.push({ step: 0, side: null, action: '', why: [], log: [0, log.length], scene: view.scene(g.state) });
  };
  let run: Rerun;
  try {
    run = rerunRecord(lines, file, {
      end: 'any',
      upTo,
      onEvent: (e: GameEvent) => {
        const text = ruleset.describeEvent(loaded.compiled, e);
        if (text !== null) log.push({ step, kind: e.e, text: text.trim() });
      },
      before: (g, l) => {
        setupFrame(g);
        before = log.length;
        step = g.decisions + 1;
        try {
          action = ruleset.describeAction(g.state, l.action);
        } catch {
          action = ruleset.actionKey(l.action);
        }
        why = whyLines(loaded, g.state, l.why);
        const agent = g.agents[l.side] ?? '';
        log.push({ step, kind: 'decision', text: `${l.side}${agent ? ` (${agent})` : ''}: ${action}` });
      },
      after: (g, l) => {
        frames.push({ step, side: l.side, action, why, log: [before, log.length], scene: view.scene(g.state) });
      },
    });
  } catch (e) {
    throw mismatch(e);
  }
  setupFrame(run.session); // a record without decisions: the setup alone
  const header = run.header;
  const result = lines.find((l): l is ResultLine => l.t === 'result') ?? null;
  const sides = ruleset.sides(loaded.compiled);
  return {
    title: scenarioName(header.scenarioData) ?? loaded.id,
    scenario: loaded.id,
    unit: ruleset.traits.units,
    seed: header.seed,
    agents: Object.fromEntries(sides.map((s) => [s, header.agents[s] ?? '?'])),
    result: result ? `${result.winner ?? 'draw'} — ${result.reason} (${result.decisions} decisions)` : null,
    frames,
    log,
  };
}
