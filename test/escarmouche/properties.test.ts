/**
 * Property tests over many whole Mill Bridge games (docs/ARCHITECTURE.md, "Testing") with the Escarmouche
 * invariant monitor (src/rules/escarmouche/invariants.ts): scores follow the dice, pools and the
 * initiative follow PLAY, moves follow MOVING, effects follow the tables, the state agrees with the
 * events, and every game ends within its decision limit. The 10,000-game run is bench/fuzz.ts.
 * The monitor is also shown to catch doctored events, so that "no violation" means something.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameEvent } from '../../src/core/model.js';
import type { EscEvent } from '../../src/rules/escarmouche/events.js';
import { loadScenario } from '../../src/rules/index.js';
import { escarmoucheInvariants } from '../../src/rules/escarmouche/invariants.js';
import type { EscScenario } from '../../src/rules/escarmouche/compile.js';
import { playSpecs } from '../helpers/games.js';

const sc = loadScenario('mill-bridge');
const compiled = sc.compiled as EscScenario;

describe('Mill Bridge invariants over whole games', () => {
  it('400 random-vs-random games: no invariant violated, every game ends within its decision limit', () => {
    const limit = sc.ruleset.decisionLimit!(sc.compiled);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { result, violations } = playSpecs(sc, seed, { royalists: 'random', parliament: 'random' });
        expect(violations).toEqual([]);
        expect(result.decisions).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 400, seed: 20261122, endOnFailure: true },
    );
  });

  it('40 games with the heuristic or greedy on one or both sides: no invariant violated', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom('heuristic', 'random', 'greedy'),
        fc.constantFrom('heuristic', 'random'),
        (seed, a, b) => {
          expect(playSpecs(sc, seed, { royalists: a, parliament: b }).violations).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 11, endOnFailure: true },
    );
  });
});

describe('the invariant monitor catches broken rules', () => {
  // The first game (heuristic v random, seeds from 3 up) whose events hold every kind the doctored
  // cases below change: a move stopped by a change of terrain, one stopped at an enemy's ZOC, a
  // push-back, a shot won. (Which seed that is depends on the scripted policy, not on the rules.)
  const gameEvents = (seed: number): ({ t: string } & GameEvent)[] =>
    playSpecs(sc, seed, { royalists: 'heuristic', parliament: 'random' }, true)
      .lines!.map((l) => JSON.parse(l) as { t: string } & GameEvent)
      .filter((l) => l.t === 'event');
  // A push that moved (a push stopped at once is recorded too, with from = to).
  const moved = (e: GameEvent): boolean => JSON.stringify(e.from) !== JSON.stringify(e.to);
  const complete = (ev: GameEvent[]): boolean =>
    ev.some((e) => e.e === 'move' && e.stop === 'ground') &&
    ev.some((e) => e.e === 'move' && e.stop === 'keepOff') &&
    ev.some((e) => e.e === 'shift' && e.why === 'pushed' && moved(e)) &&
    ev.some((e) => e.e === 'shoot' && e.won);
  let events = gameEvents(3);
  for (let seed = 4; !complete(events) && seed < 200; seed++) events = gameEvents(seed);
  const feed = (doctor: (e: GameEvent) => GameEvent | null): string[] => {
    const m = escarmoucheInvariants(compiled);
    let changed = false;
    for (const raw of events) {
      const { t: _t, ...e } = raw;
      const d = changed ? null : doctor(e as GameEvent);
      if (d) changed = true;
      m.event((d ?? e) as EscEvent);
    }
    expect(changed).toBe(true);
    return m.violations;
  };
  it('the untouched game is clean', () => {
    expect(feed((e) => (e.e === 'turn' ? e : null))).toEqual([]);
  });
  it('a move with one passive die too few (MOVING table)', () => {
    expect(
      feed((e) =>
        e.e === 'move' && (e.passive as number[]).length > 0 ? { ...e, passive: (e.passive as number[]).slice(1) } : null,
      ).join(),
    ).toMatch(/passive dice/);
  });
  /** The same move (or push) going `extra` further along its line. */
  const further = (e: GameEvent, extra: number): GameEvent => {
    const [fx, fy] = e.from as number[];
    const [tx, ty] = e.to as number[];
    const l = Math.hypot(tx - fx, ty - fy);
    return { ...e, to: [tx + ((tx - fx) / l) * extra, ty + ((ty - fy) / l) * extra] };
  };
  it('a move that runs on past a change of terrain type (MOVING)', () => {
    expect(feed((e) => (e.e === 'move' && e.stop === 'ground' ? further(e, 1) : null)).join()).toMatch(/past a change of terrain type/);
  });
  it("a move into an enemy's zone of control (MOVING)", () => {
    expect(feed((e) => (e.e === 'move' && e.stop === 'keepOff' ? further(e, 0.5) : null)).join()).toMatch(/zone of control/);
  });
  it('a push-back of more than a base width (FIGHTING)', () => {
    expect(feed((e) => (e.e === 'shift' && e.why === 'pushed' && moved(e) ? further(e, 1) : null)).join()).toMatch(
      /more than a base width/,
    );
  });
  it("a 1 rolled that does not end the figure's turn (PLAY)", () => {
    expect(
      feed((e) =>
        e.e === 'develop' && e.init === 'keep' ? { ...e, active: [...(e.active as number[]).slice(1), 1], ones: 1 } : null,
      ).join(),
    ).toMatch(/initiative/);
  });
  it('a shot scored against its dice (DICE), and a table row misapplied', () => {
    expect(feed((e) => (e.e === 'shoot' ? { ...e, score: Number(e.score) + 1 } : null)).join()).toMatch(/does not follow the dice/);
    expect(feed((e) => (e.e === 'shoot' && e.won ? { ...e, effect: e.effect === 'cowered' ? 'shaken' : 'cowered' } : null)).join()).toMatch(
      /the table gives/,
    );
  });
});
