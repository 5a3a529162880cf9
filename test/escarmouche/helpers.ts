/**
 * Builders for small Escarmouche positions used by the rules tests: a table of 10 × 8 in terrain
 * rectangles drawn as text (and areas laid on top), figures placed by point or by rectangle, a state put at a chosen figure's decision, and a runner that applies
 * actions with scripted dice and collects the events.
 */
import type { GameEvent } from '../../src/core/model.js';
import type { Rng } from '../../src/core/rng.js';
import { compileEscarmouche, type EscScenario } from '../../src/rules/escarmouche/compile.js';
import { type EscAction, applyAction, legalActions } from '../../src/rules/escarmouche/actions.js';
import { PH_ACT, newState, type EscState } from '../../src/rules/escarmouche/state.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import { ScriptedRng, d } from '../helpers/rng.js';

/**
 * Map letters, each a 10 × 8 in rectangle of the table: `.` clear, `:` broken, `%` heavy,
 * `~` difficult, `#` impassable, `c` clear with cover, `w` wood (broken, cover, blocks sight),
 * `h` hill (broken, height 1), `H` clear hill. Rectangle ids are `r<row>c<col>`.
 */
const LETTERS: Record<string, { terrain: string; cover?: boolean; blocksSight?: boolean; height?: number }> = {
  '.': { terrain: 'clear' },
  ':': { terrain: 'broken' },
  '%': { terrain: 'heavy' },
  '~': { terrain: 'difficult' },
  '#': { terrain: 'impassable' },
  c: { terrain: 'clear', cover: true },
  w: { terrain: 'broken', cover: true, blocksSight: true },
  h: { terrain: 'broken', height: 1 },
  H: { terrain: 'clear', height: 1 },
};

/** Terrain areas from rows of letters (10 × 8 in each), plus any extra areas laid on top. */
export function gridAreas(rows: string[]): Record<string, unknown>[] {
  const areas: Record<string, unknown>[] = [];
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const l = LETTERS[ch];
      if (!l) throw new Error(`unknown map letter ${ch}`);
      const x = c * 10;
      const y = r * 8;
      areas.push({
        id: `r${r}c${c}`,
        ...l,
        polygon: [
          [x, y],
          [x + 10, y],
          [x + 10, y + 8],
          [x, y + 8],
        ],
      });
    });
  });
  return areas;
}

/**
 * A figure for {@link testScenario}: side 0 (prefix A) or 1 (prefix B), at a point (`at`, inches) or
 * in a rectangle of the map (`zone`): there side 0 stands in a column at 0.8 in left of the centre
 * and side 1 at 0.8 in right of it, one inch apart down the column — so friends in a rectangle
 * touch, and each enemy is within one base width (1 in) of the enemies beside it.
 */
export interface FigSpec {
  side: 0 | 1;
  zone?: string;
  at?: [number, number];
  rating?: number;
  type?: string;
  skills?: Partial<Record<'shooter' | 'fighter' | 'rider' | 'pike' | 'artillerist' | 'leader', number>>;
  missile?: string;
  pike?: boolean;
  mounted?: boolean;
}

function place(f: FigSpec, figs: FigSpec[]): [number, number] {
  if (f.at) return f.at;
  const m = /^r(\d+)c(\d+)$/.exec(f.zone ?? '');
  if (!m) throw new Error(`figure needs "at" or a zone like r0c1, not ${String(f.zone)}`);
  const same = figs.filter((g) => g.side === f.side && g.zone === f.zone && !g.at);
  const k = same.indexOf(f);
  const cx = Number(m[2]) * 10 + 5 + (f.side === 0 ? -0.8 : 0.8);
  const cy = Number(m[1]) * 8 + 4 + (k - (same.length - 1) / 2);
  return [cx, cy];
}

/** A scenario file with the given map (rows of letters, plus `areas` on top) and figures (A1, A2 … on side 0; B1, B2 … on side 1). */
export function scenarioFile(
  rows: string[],
  figs: FigSpec[],
  extra: Record<string, unknown> = {},
  areas: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const side = (i: 0 | 1) => ({
    id: i === 0 ? 'alpha' : 'beta',
    name: i === 0 ? 'Alpha' : 'Beta',
    prefix: i === 0 ? 'A' : 'B',
    figures: figs
      .filter((f) => f.side === i)
      .map((f) => ({
        type: f.type ?? 'figure',
        rating: f.rating ?? 3,
        ...(f.skills ? { skills: f.skills } : {}),
        ...(f.missile ? { missile: f.missile } : {}),
        ...(f.pike ? { pike: true } : {}),
        ...(f.mounted ? { mounted: true } : {}),
        at: place(f, figs),
      })),
  });
  const width = Math.max(...rows.map((r) => r.length)) * 10;
  return {
    ruleset: 'escarmouche',
    id: 'test',
    name: 'Test',
    table: { width, height: rows.length * 8, base: 1 },
    terrain: [...gridAreas(rows), ...areas],
    first: 'alpha',
    sides: [side(0), side(1)],
    victory: { maxTurns: 10, breakPoint: 99 },
    ...extra,
  };
}

/** Compile a test scenario (breakPoint capped to the side sizes). */
export function testScenario(
  rows: string[],
  figs: FigSpec[],
  extra: Record<string, unknown> = {},
  areas: Record<string, unknown>[] = [],
): EscScenario {
  const raw = scenarioFile(rows, figs, extra, areas);
  const n = Math.min(figs.filter((f) => f.side === 0).length, figs.filter((f) => f.side === 1).length);
  const v = raw.victory as Record<string, unknown>;
  if (v.breakPoint === 99) v.breakPoint = n;
  return compileEscarmouche(raw, 'test scenario');
}

/** Index of a figure by id. */
export function fig(s: EscState | EscScenario, id: string): number {
  const sc = 'sc' in s ? s.sc : s;
  const i = sc.figureIndex.get(id);
  if (i === undefined) throw new Error(`no figure ${id}`);
  return i;
}

/**
 * A fresh state with figure `id` picked and about to act (its side's turn, the given pool and the
 * side's 1s so far).
 */
export function acting(sc: EscScenario, id: string, opts: { pool?: number; ones?: number } = {}): EscState {
  const s = newState(sc);
  const f = fig(sc, id);
  s.side = sc.figures[f].side;
  s.first = 0;
  s.phase = PH_ACT;
  s.actor = f;
  s.acted[f] = 1;
  s.pool = opts.pool ?? 0;
  s.ones = opts.ones ?? 0;
  return s;
}

/** Apply `action` with the listed d6 results (then, if given, `then`), returning the events. */
export function act(s: EscState, action: EscAction, dice: number[], then?: Rng): GameEvent[] {
  const events: GameEvent[] = [];
  const rng = new ScriptedRng(
    dice.map((v) => d(6, v)),
    then,
  );
  applyAction(s, action, { rng, emit: (e) => events.push(e) });
  if (!then && rng.used !== dice.length) throw new Error(`scripted ${dice.length} dice but the action used ${rng.used}`);
  return events;
}

/** The first event of a kind (throws when there is none). */
export function ev(events: GameEvent[], kind: string): GameEvent {
  const e = events.find((x) => x.e === kind);
  if (!e) throw new Error(`no ${kind} event in ${events.map((x) => x.e).join(', ')}`);
  return e;
}

/** Action keys of the legal actions now. */
export function keys(s: EscState): string[] {
  return legalActions(s).map((a) => escarmouche.actionKey(a));
}
