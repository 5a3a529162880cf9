/**
 * Whole games of State of War on the built-in scenario: the invariant monitor (independent
 * bookkeeping from the events: actions per figure, allowances, loading, dice sizes, the wound
 * ladder, 3-against-1) finds nothing, states export and import, and the scripted policy plays the
 * objective well enough to beat random play from either side. Sheet sections: all of them.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream, randInt, streamFromString } from '../../src/core/rng.js';
import type { GameEvent, Json } from '../../src/core/model.js';
import { stateOfWar, type SowScenario, type SowState, type SowAction } from '../../src/rules/state-of-war/index.js';
import { sowScores } from '../../src/rules/state-of-war/policy.js';
import { readFileSync } from 'node:fs';

const sc = loadScenario('wagon-raid').compiled as SowScenario;

function play(seed: number, pickFor: (s: SowState, legal: SowAction[], side: string) => number): { s: SowState; violations: string[] } {
  const mon = stateOfWar.invariants!(sc);
  const rng = gameStream(seed);
  const s = stateOfWar.setup(sc, { rng, emit: (e) => mon.event(e) });
  while (!stateOfWar.isTerminal(s)) {
    const legal = stateOfWar.legalActions(s);
    const a = legal[pickFor(s, legal, stateOfWar.currentSide(s)!)];
    stateOfWar.apply(s, a, { rng, emit: (e) => mon.event(e) });
    mon.afterStep(s);
  }
  return { s, violations: mon.violations };
}

const best = (s: SowState, legal: SowAction[]): number => {
  const sc2 = sowScores(s, legal);
  let b = 0;
  for (let i = 1; i < sc2.length; i++) if (sc2[i] > sc2[b]) b = i;
  return b;
};

describe('state-of-war whole games', () => {
  it('random games break no invariant', () => {
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const pick = streamFromString(`p${seed}`);
      const { violations } = play(seed, (_s, legal) => randInt(pick, legal.length));
      expect(violations).toEqual([]);
    }
  });
  it('a state exported and imported hashes the same and plays on the same', () => {
    const rng = gameStream(3);
    const s = stateOfWar.setup(sc, { rng });
    for (let i = 0; i < 150 && !stateOfWar.isTerminal(s); i++)
      stateOfWar.apply(s, stateOfWar.legalActions(s)[i % stateOfWar.legalActions(s).length], { rng });
    const t = stateOfWar.threads!.importState(sc, structuredClone(stateOfWar.threads!.exportState(s)));
    expect(stateOfWar.hash(t)).toBe(stateOfWar.hash(s));
    expect(stateOfWar.legalActions(t).map(stateOfWar.actionKey)).toEqual(stateOfWar.legalActions(s).map(stateOfWar.actionKey));
  });
  it('the scripted policy beats random play on either side (8 seeds each) with no invariant broken', () => {
    for (const hero of ['csa', 'union']) {
      let wins = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const pick = streamFromString(`r${seed}`);
        const { s, violations } = play(seed, (st, legal, side) => (side === hero ? best(st, legal) : randInt(pick, legal.length)));
        expect(violations).toEqual([]);
        if (stateOfWar.outcome(s)!.winner === hero) wins++;
      }
      expect(wins).toBeGreaterThanOrEqual(7);
    }
  });
  it('every event kind but deployment and turn ends is told in words, naming no undefined', () => {
    const kinds = new Set<string>();
    for (const seed of [21, 22]) {
      const rng = gameStream(seed);
      const pick = streamFromString(`s${seed}`);
      const events: { e: string }[] = [];
      const emit = (e: GameEvent): void => void events.push(e);
      const s = stateOfWar.setup(sc, { rng, emit });
      while (!stateOfWar.isTerminal(s)) {
        const legal = stateOfWar.legalActions(s);
        const a = stateOfWar.currentSide(s) === 'csa' ? legal[best(s, legal)] : legal[randInt(pick, legal.length)];
        stateOfWar.apply(s, a, { rng, emit });
      }
      for (const e of events) {
        kinds.add(e.e);
        const line = stateOfWar.describeEvent(sc, e as never);
        if (e.e === 'deploy' || e.e === 'turnEnd') expect(line).toBeNull();
        else {
          expect(line).toBeTruthy();
          expect(line).not.toMatch(/undefined|NaN|\[object/);
        }
      }
    }
    for (const k of ['deploy', 'phase', 'move', 'fire', 'hurt', 'morale', 'end']) expect(kinds).toContain(k);
  });
  it('the story names fences and walls by their labels, not their ids (the scenario text calls it "the rail fence")', () => {
    const over = stateOfWar.describeEvent(sc, {
      e: 'climb',
      figure: sc.figures[0].id,
      fence: 'rail-south',
      height: 3,
      over: true,
      to: [113, 70],
    } as never);
    expect(over).toContain('climbs over the rail fence (3 cm)');
    expect(over).not.toContain('rail-south');
    const part = stateOfWar.describeEvent(sc, {
      e: 'climb',
      figure: sc.figures[0].id,
      fence: 'rail-north',
      height: 3,
      climbed: 2,
      over: false,
    } as never);
    expect(part).toContain('of the rail fence');
  });
  it('the committed JSON Schema is the one generated from the zod schema', () => {
    const committed = JSON.parse(readFileSync('scenarios/schema/state-of-war.schema.json', 'utf8')) as Json;
    expect(committed).toEqual(JSON.parse(JSON.stringify(stateOfWar.jsonSchema!())));
  });
});
