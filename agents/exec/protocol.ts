/**
 * The messages of the exec protocol (docs/PROTOCOL.md, versions {@link PROTOCOL_VERSIONS}): their
 * shapes, and the builders of what the simulator sends — the hello, the observation of a state,
 * the legal actions, the reply to a simulate request, the end of a game. Everything here is a pure
 * function of its arguments (no clock, no process), so a message is the same on every run.
 */
import type { AgentContext, GameEnd } from '../../src/core/agent.js';
import type { AnyRuleset, Json, SideId } from '../../src/core/model.js';
import { canonicalJson, hashString } from '../../src/core/hash.js';

/**
 * The oldest protocol version this build speaks: the hello's `protocol` (a version 1 client, which
 * checks it, reads its own).
 */
export const PROTOCOL_VERSION = 1;

/**
 * Every version this build speaks, oldest first: the hello's `protocols`; a client's `ready` names
 * one of them. Version 2: every message a client writes during a decision carries that decision's
 * number `n` (docs/PROTOCOL.md, "Versions").
 */
export const PROTOCOL_VERSIONS: readonly number[] = [1, 2];

/** One legal action as a client sees it. */
export interface LegalEntry {
  /** Its position in the list (what the client may answer). */
  index: number;
  /** The ruleset's stable key of the action (what the client may answer instead). */
  key: string;
  /** The action in words (absent when the client asked for no words). */
  words?: string;
  /** The action as the ruleset's JSON (as records store it). */
  action: Json;
}

/**
 * A state as a client sees it: the ruleset-agnostic drawing (src/core/scene.ts) without its static
 * parts (terrain, sent once in the hello), plus the turn, the ruleset's statistics, `evaluate`
 * for every side and the state's hash.
 */
export interface Observation {
  /** The side to decide; null when the game is over. */
  side: SideId | null;
  /** The turn (1-based) when the ruleset counts turns, else null. */
  turn: number | null;
  /** One line saying where the game stands (the scene's caption; '' without a scene). */
  caption: string;
  /** Every figure (the scene's figures, without the badge). */
  figures: Json[];
  /** Labelled lines: cards turned, allowances, score (the scene's info). */
  info: Json[];
  /** The ruleset's statistics of the state ({} when it keeps none). */
  stats: Record<string, number>;
  /** `evaluate(state, side)` per side, in [0, 1]. */
  values: Record<SideId, number>;
  /** The state's hash (the records' `hash`). */
  hash: string;
}

const scenarioHashes = new WeakMap<object, string>();

/** The content hash of a scenario file's JSON (the record header's `scenarioHash`), computed once per object. */
function scenarioHash(raw: Json | undefined): string | null {
  if (raw === undefined || raw === null || typeof raw !== 'object') return null;
  let h = scenarioHashes.get(raw);
  if (h === undefined) {
    h = hashString(canonicalJson(raw));
    scenarioHashes.set(raw, h);
  }
  return h;
}

/** What the client is told when a game starts (the `hello` message), built from the agent's context. */
export function helloMessage(
  ctx: AgentContext,
  seed: number,
  clientOptions: Record<string, string>,
  limits: { handles: number; calls: number; timeMs: number | null },
  state: unknown,
): Json {
  const r = ctx.ruleset;
  const raw = ctx.scenarioData;
  const id =
    raw !== undefined && raw !== null && typeof raw === 'object' && !Array.isArray(raw) && typeof raw.id === 'string' ? raw.id : null;
  const sides = r.sides(ctx.scenario);
  const scene = r.view ? r.view.scene(state) : null;
  return {
    t: 'hello',
    protocol: PROTOCOL_VERSION,
    protocols: [...PROTOCOL_VERSIONS],
    ruleset: { id: r.id, version: r.version, title: r.title, traits: r.traits as unknown as Json },
    scenario: { id, hash: scenarioHash(raw), data: raw ?? null },
    sides,
    side: ctx.side,
    seed,
    gameSeed: ctx.seed,
    options: clientOptions,
    limits: { handles: limits.handles, calls: limits.calls, timeMs: limits.timeMs },
    table: scene
      ? {
          width: scene.width,
          height: scene.height,
          units: r.traits.units,
          sides: scene.sides.map((s) => ({ id: s.id, name: s.name })),
          areas: scene.areas as unknown as Json,
          markers: scene.markers as unknown as Json,
        }
      : null,
  };
}

/** The observation of `state` (see {@link Observation}). */
export function observe(r: AnyRuleset, state: unknown, sides: readonly SideId[]): Observation {
  const scene = r.view ? r.view.scene(state) : null;
  const values: Record<SideId, number> = {};
  for (const s of sides) values[s] = r.evaluate(state, s);
  return {
    side: r.currentSide(state),
    turn: r.turn ? r.turn(state) : null,
    caption: scene ? scene.caption : '',
    figures: scene
      ? scene.figures.map((f) => ({
          id: f.id,
          name: f.name,
          side: f.side,
          band: f.band,
          x: f.x,
          y: f.y,
          r: f.r,
          facing: f.facing ?? null,
          status: f.status,
          onTable: f.onTable,
          markers: f.markers,
          highlighted: f.highlighted,
          current: f.current,
        }))
      : [],
    info: scene ? scene.info.map((i) => ({ label: i.label, value: i.value })) : [],
    stats: r.stats ? r.stats(state) : {},
    values,
    hash: r.hash(state),
  };
}

/** The legal actions of `state` as a client sees them; `words` false leaves the words out. */
export function legalEntries(r: AnyRuleset, state: unknown, legal: readonly Json[], words: boolean): LegalEntry[] {
  return legal.map((action, index) => {
    const e: LegalEntry = { index, key: r.actionKey(action), action };
    if (words) {
      try {
        e.words = r.describeAction(state, action);
      } catch {
        e.words = e.key;
      }
    }
    return e;
  });
}

/** The `end` message of a game for the client playing `side`. */
export function endMessage(side: SideId, end: GameEnd | undefined): Json {
  if (!end) return { t: 'end', winner: null, reason: 'unknown', result: 'none', error: null };
  let result: 'win' | 'loss' | 'draw' | 'none';
  if (end.winner !== null) result = end.winner === side ? 'win' : 'loss';
  else if (end.error) result = end.error.side === side ? 'loss' : 'none';
  else result = 'draw';
  return { t: 'end', winner: end.winner, reason: end.reason, result, error: end.error ? end.error.message : null };
}

/** Type guard: a JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
