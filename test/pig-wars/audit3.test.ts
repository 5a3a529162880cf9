/**
 * Issue 38, items 5–9: defects a third outside reading of Pig Wars 0.4.0's records found, played
 * out on tiny tables with forced dice (the numbers of the issue's examples where they can be), and
 * the invariant monitor's checks that find each pattern in a record. Each test names its sheet
 * ("DA" pig-wars.txt, "PI" pig-wars-pirates-quickref.txt), its section and the reading of
 * docs/rules/pig-wars.md it relies on.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { pigWars, pigWarsPirates, type PigState } from '../../src/rules/pig-wars/index.js';
import { pigInvariants } from '../../src/rules/pig-wars/invariants.js';
import { ACTIVE, ROUT } from '../../src/rules/pig-wars/state.js';
import { streamFromString, type Rng } from '../../src/core/rng.js';
import { ScriptedRng, d } from '../helpers/rng.js';

type Fig = Record<string, unknown>;
type Id = 'pig-wars' | 'pig-wars-pirates';
interface Raw {
  sides: { units: Record<string, unknown>[] }[];
}
interface Part {
  name: string;
  value: number;
  factor?: number;
}

/** A 48×48 table: side A (raiders, flee west) has unit a1, side B (flee east) unit b1 and a captain in unit b2 at (42, 42). */
function scenario(ruleset: Id, aFigs: Fig[], bFigs: Fig[], extra: Record<string, unknown> = {}): Raw {
  return {
    ruleset,
    id: 'test',
    name: 'test',
    table: { width: 48, height: 48 },
    pigs: [[24, 44]],
    home: { id: 'home', name: 'home', polygon: [[0, 0], [3, 0], [3, 48], [0, 48]] },
    raiders: 'a',
    sides: [
      { id: 'a', name: 'A', colour: 'red', prefix: 'A', flee: 'west', units: [{ id: 'a1', class: 'average', area: [[5, 5], [9, 5], [9, 9], [5, 9]], facing: 0, figures: aFigs }] },
      {
        id: 'b',
        name: 'B',
        colour: 'blue',
        prefix: 'B',
        flee: 'east',
        units: [
          { id: 'b1', class: 'average', area: [[20, 20], [24, 20], [24, 30], [20, 30]], facing: 180, figures: bFigs },
          { id: 'b2', class: 'elite', area: [[40, 40], [44, 40], [44, 44], [40, 44]], facing: 180, figures: [{ weapons: ['spear'], leader: true, rank: 'captain', at: [42, 42] }] },
        ],
      },
    ],
    victory: { maxTurns: 5, lootToWin: 1 },
    ...extra,
  } as unknown as Raw;
}

const rulesetOf = (id: Id): typeof pigWars => (id === 'pig-wars' ? pigWars : pigWarsPirates);

type Emit = (e: GameEvent) => void;
/** Compile and set up with forced dice; every event (`emit`, for the orders after) is recorded and goes through a fresh invariant monitor. */
function start(id: Id, raw: Raw, dice: ReturnType<typeof d>[]): { s: PigState; events: GameEvent[]; violations: string[]; emit: Emit } {
  const ruleset = rulesetOf(id);
  const sc = ruleset.compile(raw, 'test');
  const monitor = pigInvariants(sc);
  const events: GameEvent[] = [];
  const emit = (e: GameEvent): void => {
    events.push(e);
    monitor.event(e);
  };
  const s = ruleset.setup(sc, { rng: new ScriptedRng(dice, streamFromString('rest')), emit });
  return { s, events, violations: monitor.violations, emit };
}
/** Apply an order of the unit deciding now, its events to `emit` (`start`'s). */
function apply(id: Id, s: PigState, emit: Emit, a: Parameters<typeof pigWars.apply>[1], rng: Rng = streamFromString('x')): void {
  rulesetOf(id).apply(s, a, { rng, emit });
}
const unitNow = (s: PigState): string => s.sc.units[s.actUnit].id;
const legal = (id: Id, s: PigState): string[] => rulesetOf(id).legalActions(s).map((a) => (a.k === 'charge' || a.k === 'foe' ? `${a.k}:${a.u}` : a.k));
/** Hold with every unit until unit `u` decides in `turn`; true when it does. */
function holdUntil(id: Id, s: PigState, emit: Emit, u: string, turn: number): boolean {
  for (let k = 0; k < 60; k++) {
    if (rulesetOf(id).isTerminal(s)) return false;
    if (s.turn === turn && unitNow(s) === u) return true;
    apply(id, s, emit, { k: 'hold' }, streamFromString(`hold-${k}`));
  }
  return false;
}

describe('Issue 38: the invariant monitor finds each pattern in a record', () => {
  const sc = (id: Id, close = false) => {
    const w = [id === 'pig-wars' ? 'sword' : 'cutlass'];
    const raw = scenario(id, [{ weapons: w, at: [10, 10], rank: 'captain' }], [
      { weapons: w, at: [30, 10] },
      { weapons: w, at: [30, 12] },
    ]);
    if (close) raw.sides[1].units[0].order = 'close';
    return rulesetOf(id).compile(raw, 'test');
  };
  const feed = (id: Id, events: Record<string, unknown>[], close = false): string[] => {
    const m = pigInvariants(sc(id, close));
    for (const e of events) m.event(e as GameEvent);
    return m.violations;
  };
  const move = (f: string, from: [number, number], len: number, allowance: number, parts: Part[], why: string, more: Record<string, unknown> = {}) => ({
    e: 'move',
    f,
    path: [from, [from[0] + len, from[1]]],
    facing: 0,
    length: len,
    allowance,
    parts,
    why,
    ...more,
  });
  it('[R27] item 5: a close-order unit\'s second figure falling back 1½ × (8 + 1) on the die its order made 1½ × (6 + 1)', () => {
    const fallBack = (f: string, y: number, a: number) => move(f, [30, y], a, a, [{ name: '1½ move', value: a }], 'falls back');
    const head = [{ e: 'turn', turn: 3 }, { e: 'morale', unit: 'b1', triggers: [], roll: 1, mods: [], total: 1, fallBack: ['B01', 'B02'], rout: [] }, { e: 'die', unit: 'b1', what: 'fall-back D6', die: 'd6', roll: 1 }, { e: 'formation', unit: 'b1', close: false, why: 'B01 falls back' }];
    const bad = feed('pig-wars-pirates', [...head, fallBack('B01', 10, 10.5), fallBack('B02', 12, 13.5)], true);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/B02 falls back 13\.5 in, not 1½ × \(close-foot 6 \+ fall-back D6 1\) = 10\.5/);
    expect(feed('pig-wars-pirates', [...head, fallBack('B01', 10, 10.5), fallBack('B02', 12, 10.5)], true)).toEqual([]);
    // a loose-order unit: 1½ × (8 + D6)
    expect(feed('pig-wars-pirates', [...head.slice(0, 3), fallBack('B01', 10, 13.5), fallBack('B02', 12, 13.5)])).toEqual([]);
  });
  it('[R24]/[R27] item 6: a charge on the turn after a rout out of command', () => {
    const charge = move('B01', [33, 10], 3, 12, [{ name: 'loose-foot', value: 8 }, { name: 'D6', value: 2 }, { name: 'charge D6', value: 2 }], 'charge A01', { charge: 'A01', bonus: true });
    const rout = [{ e: 'turn', turn: 12 }, { e: 'command', f: 'B01', routs: true }, { e: 'die', unit: 'b1', what: 'fall-back D6', die: 'd6', roll: 1 }, move('B01', [30, 10], 3, 13.5, [{ name: '1½ move', value: 13.5 }], 'out of command: routs')];
    const rally = { e: 'rally', unit: 'b1', roll: 12, rallied: ['B01'], failed: [] };
    const bad = feed('pig-wars-pirates', [...rout, { e: 'turn', turn: 13 }, rally, charge]);
    expect(bad).toEqual(['turn 13: B01 charges, having fallen back in turn 12 (may not charge on next turn)']);
    expect(feed('pig-wars-pirates', [...rout, { e: 'turn', turn: 13 }, rally, { e: 'turn', turn: 14 }, charge])).toEqual([]);
  });
  it('[R7] item 7: a figure held "behind the charge (may not charge)" that neither charged nor fell back this turn or the last', () => {
    const behind = (x: number) => move('A01', [x, 10], 2, 6, [{ name: 'FA foot', value: 6 }], 'behind the charge on b1 (may not charge)');
    expect(feed('pig-wars', [{ e: 'turn', turn: 4 }, { e: 'turn', turn: 5 }, behind(10)])).toEqual(['turn 5: A01 is held back from a charge (behind the charge on b1 (may not charge)) but neither charged nor fell back this turn or the last']);
    const short = move('A01', [10, 10], 2, 9, [{ name: 'FA foot', value: 6 }, { name: 'charge D6', value: 3 }], 'charge on b1 falls short');
    expect(feed('pig-wars', [{ e: 'turn', turn: 4 }, short, { e: 'turn', turn: 5 }, behind(12)])).toEqual([]);
    // and a figure that charged last turn charging again
    expect(feed('pig-wars', [{ e: 'turn', turn: 4 }, short, { e: 'turn', turn: 5 }, move('A01', [12, 10], 2, 9, [{ name: 'FA foot', value: 6 }, { name: 'charge D6', value: 3 }], 'charge on b1 falls short')])).toEqual([
      'turn 5: A01 charges, having charged in turn 4 (chargers rest 1 turn)',
    ]);
  });
  it('[R11]/[R12] item 8: an allowance that disagrees with its parts — (8 + 1) × ½ − 4 = 0.5 recorded, the parts give (8 + 1 − 4) × ½ = 2.5', () => {
    const parts: Part[] = [
      { name: 'loose-foot', value: 8 },
      { name: 'D6', value: 1 },
      { name: 'carrying loot ×0.5', value: 0, factor: 0.5 },
      { name: 'crossing rough/obstacle −D6', value: -4 },
    ];
    const bad = feed('pig-wars-pirates', [{ e: 'turn', turn: 1 }, move('A01', [10, 10], 0.5, 0.5, parts, 'behind the charge on b1 (may not charge)')]);
    expect(bad.some((v) => /A01: allowance 0\.5 ≠ its parts .* = 2\.500/.test(v))).toBe(true);
    expect(feed('pig-wars-pirates', [{ e: 'turn', turn: 1 }, move('A01', [10, 10], 2.5, 2.5, parts, 'obj')])).toEqual([]);
  });
  it('[R12] item 9: a "carrying loot ×0.5" part without its factor', () => {
    const parts: Part[] = [
      { name: 'loose-foot', value: 8 },
      { name: 'D6', value: 3 },
      { name: 'charge D6', value: 3 },
      { name: 'carrying loot ×0.5', value: 0 },
    ];
    const bad = feed('pig-wars-pirates', [{ e: 'turn', turn: 1 }, move('A01', [10, 10], 2, 7, parts, 'charge B01', { charge: 'B01', bonus: true })]);
    expect(bad).toContain('turn 1: A01: move part "carrying loot ×0.5" has factor undefined');
  });
});
