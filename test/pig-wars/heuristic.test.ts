/**
 * The scripted Pig Wars policy plays the objective: raiders take loot and bring it home, a unit
 * with drovers in hand sends them home (as escort when enemies are near), defenders go after drovers.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream } from '../../src/core/rng.js';
import { pigScores, type PigAction, type PigState } from '../../src/rules/pig-wars/index.js';
import { actionKey } from '../../src/rules/pig-wars/action.js';
import { freeFigures } from '../../src/rules/pig-wars/queries.js';

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
    for (const e of s.sc.sides[1 - s.sc.units[u].side].figures)
      if (s.status[e] === 0) best = Math.min(best, Math.hypot(s.x[f] - s.x[e], s.y[f] - s.y[e]));
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
        // is near a drover, they are a third of the unit and the loot landed and in hand is
        // enough to win, else by 'obj' (drovers home, the others on for more loot) so that no
        // escort crowds the landing place ahead of them
        const near = nearestFoeToDrover(s, unit.index);
        const inHand =
          s.landed + s.sc.sides[s.sc.raiders].figures.filter((f) => s.status[f] === 0 && (s.carry[f] || s.pigBy.includes(f))).length;
        const escort = drovers * 3 >= free.length && near <= (s.sc.version.pirates ? 10 : 14) && inHand >= s.sc.lootToWin;
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

describe('heuristic raiders weigh a charge by the mêlée it starts (farmstead-raid)', () => {
  // The North warband (veteran, unarmoured, shields, spear and seax) with an enemy unit 5 in in
  // front of it, the rest of the Saxons far away: the raiders strike first where the first round
  // promises more kills than losses (DA Melee: stripes + weapon + charging against militia with
  // spears), and not into horse (mounted vs foot +1, foot vs mounted −1, victory margin PA 2
  // against the warband's UA 1).
  function setUp(enemy: string): { s: PigState; legal: PigAction[] } {
    const L = loadScenario('farmstead-raid');
    const s = L.ruleset.setup(L.compiled, { rng: gameStream(1) }) as PigState;
    const u = s.sc.units.findIndex((x) => x.id === 'warband-north');
    const v = s.sc.units.findIndex((x) => x.id === enemy);
    s.phase = 0;
    s.actUnit = u;
    const figs = s.sc.units[u].figures;
    const cx = figs.reduce((t, f) => t + s.x[f], 0) / figs.length;
    const cy = figs.reduce((t, f) => t + s.y[f], 0) / figs.length;
    // every other Saxon off to the far east edge
    for (const w of s.sc.sides[1].units) {
      s.sc.units[w].figures.forEach((f, i) => {
        s.x[f] = w === v ? cx + 5 + 1.5 * (i % 2) : 46 - (i % 2);
        s.y[f] = w === v ? cy - 3 + 1.5 * Math.floor(i / 2) : 2 + 1.2 * i + 4 * (w % 3);
      });
    }
    return { s, legal: L.ruleset.legalActions(s) as PigAction[] };
  }
  it('charges the militia fyrd', () => {
    const { s, legal } = setUp('fyrd-north');
    expect(legal.map(actionKey)).toContain('charge:fyrd-north');
    expect(actionKey(best(s, legal))).toBe('charge:fyrd-north');
  });
  it('does not charge the riders', () => {
    const { s, legal } = setUp('horse');
    expect(legal.map(actionKey)).toContain('charge:horse');
    expect(actionKey(best(s, legal))).not.toBe('charge:horse');
  });
});
