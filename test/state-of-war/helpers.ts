/**
 * Builders for small State of War positions used by the rules tests: a 200 × 200 cm table with
 * the terrain asked for, figures put where a test wants them, a state at one figure's decision,
 * and a runner that applies an action with scripted dice and collects the events.
 */
import type { GameEvent } from '../../src/core/model.js';
import type { SowEvent } from '../../src/rules/state-of-war/events.js';
import { gameStream } from '../../src/core/rng.js';
import { compileStateOfWar, type SowScenario } from '../../src/rules/state-of-war/compile.js';
import type { SowAction } from '../../src/rules/state-of-war/action.js';
import { applyAction } from '../../src/rules/state-of-war/apply.js';
import { legalActions } from '../../src/rules/state-of-war/options.js';
import { PH_ACT, newState, type SowState } from '../../src/rules/state-of-war/state.js';
import { actionsFor } from '../../src/rules/state-of-war/tables.js';
import { actionKey } from '../../src/rules/state-of-war/index.js';
import { ScriptedRng, type Forced } from '../helpers/rng.js';

/** A figure for {@link testScenario}: side 0 (prefix A, rear west) or 1 (prefix B, rear east). */
export interface FigSpec {
  side: 0 | 1;
  /** Unit id (default: a unit of its own). */
  unit?: string;
  quality?: 'green' | 'trained' | 'veteran' | 'elite';
  weapon?: string;
  melee?: string;
  mounted?: boolean;
  role?: 'man' | 'nco' | 'commander';
  type?: string;
}

/** A scenario file with the given figures (A01… on side 0, B01… on side 1) and extra fields. */
export function scenarioFile(figs: FigSpec[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  let k = 0;
  const side = (i: 0 | 1) => {
    const units = new Map<string, FigSpec[]>();
    figs.forEach((f, n) => {
      if (f.side !== i) return;
      const u = f.unit ?? `u${i}-${n}`;
      if (!units.has(u)) units.set(u, []);
      units.get(u)!.push(f);
    });
    return {
      id: i === 0 ? 'alpha' : 'beta',
      name: i === 0 ? 'Alpha' : 'Beta',
      prefix: i === 0 ? 'A' : 'B',
      rear: i === 0 ? 'west' : 'east',
      units: [...units].map(([id, list]) => ({
        id,
        name: id,
        at: [8 + 9 * k++, 188],
        facing: 0,
        figures: list.map((f) => ({
          type: f.type ?? 'infantryman',
          quality: f.quality ?? 'trained',
          weapon: f.weapon ?? 'minieRifle',
          melee: f.melee ?? 'bayonet',
          mounted: f.mounted ?? false,
          role: f.role ?? 'man',
        })),
      })),
    };
  };
  return {
    ruleset: 'state-of-war',
    id: 'test',
    name: 'Test',
    table: { width: 200, height: 200 },
    first: 'alpha',
    objective: {
      id: 'wagon',
      name: 'the wagon',
      polygon: [
        [190, 5],
        [196, 5],
        [196, 9],
        [190, 9],
      ],
      side: 'alpha',
      fireActions: 3,
    },
    sides: [side(0), side(1)],
    victory: { maxTurns: 10 },
    ...extra,
  };
}

/** Compile a test scenario. */
export function testScenario(figs: FigSpec[], extra: Record<string, unknown> = {}): SowScenario {
  return compileStateOfWar(scenarioFile(figs, extra), 'test scenario');
}

/** Index of a figure by id. */
export function fig(s: SowState | SowScenario, id: string): number {
  const sc = 'sc' in s ? s.sc : s;
  const i = sc.figureIndex.get(id);
  if (i === undefined) throw new Error(`no figure ${id}`);
  return i;
}

/** A fresh state with figures placed: id → [x, y, facing in degrees]. Others stay at their start. */
export function position(sc: SowScenario, at: Record<string, [number, number, number?]>): SowState {
  const s = newState(sc);
  for (const [id, [x, y, f]] of Object.entries(at)) {
    const i = fig(sc, id);
    s.x[i] = x;
    s.y[i] = y;
    s.facing[i] = ((f ?? 0) * Math.PI) / 180;
  }
  return s;
}

/** Make figure `id` the one deciding now (its side's phase, its actions for its wounds). */
export function acting(s: SowState, id: string): SowState {
  const f = fig(s, id);
  s.side = s.sc.figures[f].side;
  s.phase = PH_ACT;
  s.queue[0] = f;
  s.qLen = 1;
  s.qPos = 0;
  s.acts[f] = actionsFor(s.wounds[f], false);
  s.options = null;
  return s;
}

/** Apply `action` with the scripted dice first (then a fixed stream), returning the events. */
export function act(s: SowState, action: SowAction, dice: Forced[]): SowEvent[] {
  const events: SowEvent[] = [];
  const rng = new ScriptedRng(dice, gameStream('after the script'));
  applyAction(s, action, { rng, emit: (e) => events.push(e) });
  return events;
}

/** The first event of a kind (throws when there is none). */
export function ev(events: readonly GameEvent[], kind: string): GameEvent {
  const e = events.find((x) => x.e === kind);
  if (!e) throw new Error(`no ${kind} event in ${events.map((x) => x.e).join(', ')}`);
  return e;
}

/** Action keys of the legal actions now. */
export function keys(s: SowState): string[] {
  return legalActions(s).map((a) => actionKey(a));
}
