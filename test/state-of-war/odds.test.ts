/**
 * The odds a charge shows before it is made (src/rules/state-of-war/odds.ts, in `describeAction`;
 * issue 41, What to build 2): the fight one on one at the phase's end ([W20]) — each side's best
 * die ([W21]) plus its +1, and the Result chart's row ([W23]) — hand-computed here, and the dice
 * and +1 it states are those the fight then throws in the Wagon Raid.
 */
import { describe, expect, it } from 'vitest';
import { gameStream } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';
import { applyAction } from '../../src/rules/state-of-war/apply.js';
import { legalActions } from '../../src/rules/state-of-war/options.js';
import { describeAction } from '../../src/rules/state-of-war/story.js';
import { setupGame } from '../../src/rules/state-of-war/turn.js';
import { PH_OVER, STATE } from '../../src/rules/state-of-war/state.js';
import type { SowScenario } from '../../src/rules/state-of-war/compile.js';
import { actor } from '../../src/rules/state-of-war/units.js';
import { acting, position, testScenario } from './helpers.js';

describe('a charge’s fight by hand ([W21] best die +1, [W23] the loser’s row)', () => {
  it('trained bayonet man charging another on the flat: best of d8, d6 +1 v best of d8, d6 — 58% to win', () => {
    // Best of d8, d6 ([W21]: quality d8, bayonet d6 v infantry): P(best = 1…8) × 48 = 1, 3, 5, 7, 9, 11, 6, 6;
    // its cumulative counts F(v) = 1, 4, 9, 16, 25, 36, 42, 48.
    // Win (X + 1 > Y, i.e. Y ≤ X): Σ p(x)F(x) = 1 + 12 + 45 + 112 + 225 + 396 + 252 + 288 = 1331 of 2304 = 57.8%.
    // Evens (Y = X + 1): Σ p(x)p(x + 1) = 3 + 15 + 35 + 63 + 99 + 66 + 36 = 317 = 13.8%; lost 656 = 28.5%.
    // Infantry row: D at a margin of 4, K at 5+ — Y ≤ X − 3: 7·1 + 9·4 + 11·9 + 6·16 + 6·25 = 388 = 16.8%;
    // the charger down (Y ≥ X + 5): 1·23 + 3·12 + 5·6 = 89 = 3.9%.
    const sc = testScenario([{ side: 0 }, { side: 1 }]);
    const s = acting(position(sc, { A01: [100, 100, 0], B01: [110, 100, 180] }), 'A01');
    const charge = legalActions(s).find((a) => a.k === 'charge');
    expect(charge).toBeDefined();
    expect(describeAction(s, charge!)).toMatch(
      /: charge B01 \(infantryman\) \([\d.]+ cm; one on one: 58% to win \(best of d8, d6 \+1 v best of d8, d6: 17% disables or kills him; 28% lost, 4% disabled or killed; 14% evens\)\)$/,
    );
  });
});

interface Die {
  /** The die thrown, `d8`. */
  die: string;
}
interface Ev {
  e: string;
  [k: string]: unknown;
}

/** The target (`C03 (infantryman)` or `Sgt. Kelly (U01, sergeant)`) and each side's dice and +1. */
const STATED = /: charge (?:(\w+) \([^,)]+\)|.+? \((\w+), [^)]+\)) .*one on one: \d+% to win \((.+?) v (.+?): /;

/** A side's dice and +1 in the words of odds.ts, from a melee event's dice and modifiers. */
function rolledWords(dice: readonly Die[], mods: Record<string, unknown>): string {
  if (dice.length === 0) return 'no dice';
  const d = dice.map((x) => x.die);
  const q = (typeof mods.outnumbered === 'number' ? mods.outnumbered : 0) + (typeof mods.wounded === 'number' ? mods.wounded : 0);
  if (q) d[0] += `−${-q}`;
  const plus = mods.charging || mods.uphill || mods.barricade ? ' +1' : '';
  return `${dice.length > 1 ? 'best of ' : ''}${d.join(', ')}${plus}`;
}

describe('what a Wagon Raid charge states is what its fight throws', () => {
  it('every charge offered that is fought one on one: the stated dice and +1 of both sides are the ones thrown', () => {
    const sc = loadScenario('wagon-raid').compiled as SowScenario;
    const rng = gameStream(7);
    const s = setupGame(sc, { rng });
    let checked = 0;
    for (let i = 0; i < 1500 && s.phase !== PH_OVER; i++) {
      const legal = legalActions(s);
      for (const a of legal) {
        if (a.k !== 'charge') continue;
        const w = describeAction(s, a);
        const m = STATED.exec(w);
        expect(m, w).not.toBeNull();
        const f = s.sc.figures[actor(s)].id;
        const t = m![1] ?? m![2];
        // the fight comes at the phase's end ([W20]): the charger's side then stops its other figures
        const c = STATE.clone(s);
        const events: Ev[] = [];
        const ctx = { rng: gameStream(i), emit: (e: unknown) => events.push(e as Ev) };
        applyAction(c, a, ctx);
        for (let k = 0; k < 200 && c.phase !== PH_OVER && !events.some((e) => e.e === 'melee'); k++) {
          const next = legalActions(c);
          applyAction(c, next.find((x) => x.k === 'done') ?? next[0], ctx);
        }
        if (events.some((e) => e.e === 'balk')) continue; // the charging unit's test stopped it ([W25])
        const fight = events.find(
          (e) => e.e === 'melee' && ((e.one === f && (e.many as string[])[0] === t) || (e.one === t && (e.many as string[])[0] === f)),
        );
        // fought one on one, as the odds are stated (other figures in contact make another combat)
        if (!fight || (fight.many as string[]).length !== 1) continue;
        const oneIsCharger = fight.one === f;
        const mine = rolledWords(
          (oneIsCharger ? fight.oneDice : (fight.manyDice as Die[][])[0]) as Die[],
          (oneIsCharger ? fight.oneMods : (fight.manyMods as Record<string, unknown>[])[0]) as Record<string, unknown>,
        );
        const theirs = rolledWords(
          (oneIsCharger ? (fight.manyDice as Die[][])[0] : fight.oneDice) as Die[],
          (oneIsCharger ? (fight.manyMods as Record<string, unknown>[])[0] : fight.oneMods) as Record<string, unknown>,
        );
        expect([mine, theirs], w).toEqual([m![3], m![4]]);
        checked++;
      }
      applyAction(s, legal[(i * 7) % legal.length], { rng });
    }
    expect(checked).toBeGreaterThan(5);
  });
});
