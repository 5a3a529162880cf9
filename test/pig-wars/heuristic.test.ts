/**
 * The scripted Pig Wars policy plays the objective: raiders take loot and bring it home, a unit
 * with drovers in hand sends them home (as escort when enemies are near), defenders go after drovers.
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

/** Distance from unit u's nearest drover to the nearest active enemy. */
function nearestFoeToDrover(s: PigState, u: number): number {
  let best = Infinity;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] !== 0 || !(s.carry[f] || s.pigBy.includes(f))) continue;
    for (const e of s.sc.sides[1 - s.sc.units[u].side].figures) if (s.status[e] === 0) best = Math.min(best, Math.hypot(s.x[f] - s.x[e], s.y[f] - s.y[e]));
  }
  return best;
}

/** Nearest distance between active figures of units u and v. */
function nearestBetween(s: PigState, u: number, v: number): number {
  let best = Infinity;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] !== 0) continue;
    for (const e of s.sc.units[v].figures) if (s.status[e] === 0) best = Math.min(best, Math.hypot(s.x[f] - s.x[e], s.y[f] - s.y[e]));
  }
  return best;
}

describe.each(['farmstead-raid', 'kershner-supply-raid'])('heuristic on %s', (id) => {
  // (the seeds are fixed: the games are the same on every run)
  it('heuristic against heuristic: the raiders take loot in every game and land some in nearly all', () => {
    // six fixed games (seeds 1–6): one game can go the defenders' way (the seed-11 game of an
    // earlier version of this test now does), so the claim is about most games, not one
    const L = loadScenario(id);
    const r = L.ruleset;
    let landedGames = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const s = r.setup(L.compiled, { rng: gameStream(seed) }) as PigState;
      const rng = gameStream(seed);
      while (!r.isTerminal(s)) r.apply(s, best(s, r.legalActions(s) as PigAction[]), { rng });
      const st = r.stats!(s);
      expect(st.lootTaken).toBeGreaterThan(0);
      if (st.landed > 0) landedGames++;
    }
    expect(landedGames).toBeGreaterThanOrEqual(5);
  });
  it('a raider unit carrying loot is ordered home; defenders chase drovers', () => {
    const L = loadScenario(id);
    const r = L.ruleset;
    const rng = gameStream(3);
    const s = r.setup(L.compiled, { rng }) as PigState;
    let sawHome = false;
    let sawObj = false;
    let sawChase = false;
    for (let n = 0; n < 2000 && !r.isTerminal(s); n++) {
      const legal = r.legalActions(s) as PigAction[];
      const a = best(s, legal);
      const unit = s.sc.units[s.actUnit];
      const free = freeFigures(s, unit.index);
      const drovers = free.filter((f) => s.carry[f] || s.pigBy.includes(f)).length;
      if (unit.side === s.sc.raiders && drovers > 0) {
        // drovers in hand always head home: with the whole unit as escort ('home') when an enemy
        // is near a drover and they are a third of the unit, else by 'obj' (drovers home, the
        // others on for more loot) so that no escort crowds the landing place ahead of them
        const near = nearestFoeToDrover(s, unit.index);
        const escort = drovers * 3 >= free.length && near <= (s.sc.version.pirates ? 10 : 14);
        const key = actionKey(a);
        if (key.startsWith('charge:')) {
          // ... unless it strikes first at an enemy about to fall on it
          const v = s.sc.units.findIndex((x) => x.id === key.slice(7));
          expect(nearestBetween(s, unit.index, v)).toBeLessThanOrEqual(s.sc.version.pirates ? 5 : 9);
        } else {
          expect(key).toBe(escort ? 'home' : 'obj');
          if (escort) sawHome = true;
          else sawObj = true;
        }
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
    expect(sawHome || sawObj).toBe(true);
    expect(sawObj).toBe(true);
    expect(sawChase).toBe(true);
  });
});
