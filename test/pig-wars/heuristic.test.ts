/**
 * The scripted Pig Wars policy plays the objective: raiders take loot and bring it home, a unit
 * with drovers in hand is sent home, defenders go after drovers.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import { pigScores, type PigAction, type PigState } from '../../src/rules/pig-wars/index.js';
import { actionKey, freeFigures } from '../../src/rules/pig-wars/engine.js';

function best(s: PigState, legal: PigAction[]): PigAction {
  const sc = pigScores(s, legal);
  let b = 0;
  for (let i = 1; i < sc.length; i++) if (sc[i] > sc[b]) b = i;
  return legal[b];
}

describe.each(['farmstead-raid', 'kershner-supply-raid'])('heuristic on %s', (id) => {
  // (the seeds are fixed: the games are the same on every run)
  it('heuristic against heuristic: the raiders take loot and land some of it', () => {
    const L = loadScenario(id);
    const r = L.ruleset;
    const s = r.setup(L.compiled, { rng: gameStream(11) }) as PigState;
    const rng = gameStream(11);
    while (!r.isTerminal(s)) r.apply(s, best(s, r.legalActions(s) as PigAction[]), { rng });
    const st = r.stats!(s);
    expect(st.lootTaken).toBeGreaterThan(0);
    expect(st.landed).toBeGreaterThan(0);
  });
  it('a raider unit carrying loot is ordered home; defenders chase drovers', () => {
    const L = loadScenario(id);
    const r = L.ruleset;
    const rng = gameStream(3);
    const s = r.setup(L.compiled, { rng }) as PigState;
    let sawHome = false;
    let sawChase = false;
    for (let n = 0; n < 2000 && !r.isTerminal(s); n++) {
      const legal = r.legalActions(s) as PigAction[];
      const a = best(s, legal);
      const unit = s.sc.units[s.actUnit];
      const free = freeFigures(s, unit.index);
      const drovers = free.filter((f) => s.carry[f] || s.pigBy.includes(f)).length;
      if (unit.side === s.sc.raiders && drovers > 0 && drovers * 3 >= free.length) {
        expect(actionKey(a)).toBe('home');
        sawHome = true;
      }
      const anyDrover = s.sc.sides[s.sc.raiders].figures.some((f) => s.status[f] === 0 && (s.carry[f] || s.pigBy.includes(f)));
      const shooters = free.some((f) => s.sc.figures[f].missile !== null && !s.sc.figures[f].missile!.pistol);
      if (unit.side !== s.sc.raiders && anyDrover && !shooters) {
        // a melee unit of the defenders never stands idle while loot is being carried off
        expect(actionKey(a)).not.toBe('hold');
        sawChase = true;
      }
      r.apply(s, a, { rng });
    }
    expect(sawHome).toBe(true);
    expect(sawChase).toBe(true);
  });
});
