/**
 * The Pig Wars evaluation's features added for issue 42 (fitted leaf evaluations): weight 0 in the
 * built-in defaults, so the default evaluation (and every search game with it) is what it was;
 * each lies in [0, 1] and moves with what it names — routed figures (Morale "RT"), lost leaders, the odds of a mêlée round ([R17]–[R20])
 * ("Leader is killed"), the figures' worth, defenders in base contact, carriers under threat and
 * loose pigs near home.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { gameStream, randInt } from '../../src/core/rng.js';
import { ACTIVE, DEAD, PIG_FREE, ROUT, type PigState } from '../../src/rules/pig-wars/state.js';
import { FEATURE_NAMES, DEFAULT_WEIGHTS_BY_VERSION, features } from '../../src/rules/pig-wars/evaluate.js';

const at = (name: (typeof FEATURE_NAMES)[number]): number => FEATURE_NAMES.indexOf(name);
const ADDED = [
  'routed',
  'defRouted',
  'quality',
  'defQuality',
  'leaders',
  'defLeaders',
  'threat',
  'loosePigs',
  'melee',
  'lateCarry',
  'lateApproach',
  'meleeEdge',
] as const;

function start(id: string): PigState {
  const sc = loadScenario(id);
  return sc.ruleset.setup(sc.compiled, { rng: gameStream('eval-features') }) as PigState;
}

describe('Pig Wars evaluation features (issue 42)', () => {
  it('the added features weigh 0 in both versions\u2019 defaults; the default value ignores them', () => {
    for (const w of Object.values(DEFAULT_WEIGHTS_BY_VERSION)) {
      expect(w).toHaveLength(FEATURE_NAMES.length);
      for (const n of ADDED) expect(w[at(n)], n).toBe(0);
    }
    const sc = loadScenario('farmstead-raid');
    const s = start('farmstead-raid');
    const ev = sc.ruleset.evaluation!;
    const f = ev.features(s);
    const w = [...ev.defaultWeights];
    let z = 0;
    for (let i = 0; i < 10; i++) z += f[i] * w[i];
    expect(sc.ruleset.evaluate(s, 'vikings')).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
  });

  it('at the start: every figure counts, nothing routed, no contact, no carrier', () => {
    const f = features(start('farmstead-raid'));
    expect(f[at('routed')]).toBe(0);
    expect(f[at('defRouted')]).toBe(0);
    expect(f[at('quality')]).toBe(1);
    expect(f[at('defQuality')]).toBe(1);
    expect(f[at('leaders')]).toBe(1);
    expect(f[at('defLeaders')]).toBe(1);
    expect(f[at('threat')]).toBe(0);
    expect(f[at('melee')]).toBe(0);
    expect(f[at('lateCarry')]).toBe(0);
  });

  it('a routed raider and a dead leader move routed, quality and leaders', () => {
    const s = start('farmstead-raid');
    const vik = s.sc.sides[s.sc.raiders].figures;
    const leader = vik.find((f) => s.sc.figures[f].leader)!;
    const other = vik.find((f) => !s.sc.figures[f].leader)!;
    s.status[other] = ROUT;
    s.status[leader] = DEAD;
    const f = features(s);
    expect(f[at('routed')]).toBeCloseTo(1 / vik.length, 12);
    expect(f[at('quality')]).toBeLessThan(1);
    const leaders = vik.filter((g) => s.sc.figures[g].leader).length;
    expect(f[at('leaders')]).toBeCloseTo((leaders - 1) / leaders, 12);
    expect(f[at('defQuality')]).toBe(1);
  });

  it('a defender beside a carrier: threat, melee and a loose pig near home', () => {
    const s = start('farmstead-raid');
    const r = s.sc.raiders;
    const carrier = s.sc.sides[r].figures[0];
    const def = s.sc.sides[1 - r].figures.find((g) => s.status[g] === ACTIVE)!;
    s.pigBy[0] = carrier;
    s.x[def] = s.x[carrier] + s.sc.contact * 0.9;
    s.y[def] = s.y[carrier];
    const f = features(s);
    expect(f[at('threat')]).toBeGreaterThan(0);
    expect(f[at('melee')]).toBeGreaterThan(0);
    // one pair in contact: its edge is ½ + ½·(P(raider kills) − P(defender kills)), in (0, 1/defenders]
    const nd = s.sc.sides[1 - r].figures.length;
    expect(f[at('meleeEdge')]).toBeGreaterThan(0);
    expect(f[at('meleeEdge')]).toBeLessThanOrEqual(1 / nd);
    const before = features(s)[at('loosePigs')];
    expect(s.pigBy[1]).toBe(PIG_FREE);
    s.pigX[1] = 1;
    expect(features(s)[at('loosePigs')]).toBeGreaterThan(before);
  });

  it('every feature stays in [0, 1] through random games of both versions', () => {
    for (const id of ['farmstead-raid', 'kershner-supply-raid']) {
      const sc = loadScenario(id);
      const rng = gameStream(`eval-range-${id}`);
      const s = sc.ruleset.setup(sc.compiled, { rng }) as PigState;
      for (let step = 0; step < 300 && !sc.ruleset.isTerminal(s); step++) {
        const f = features(s);
        for (let i = 0; i < f.length; i++) {
          expect(f[i], `${id} ${FEATURE_NAMES[i]} step ${step}`).toBeGreaterThanOrEqual(0);
          expect(f[i], `${id} ${FEATURE_NAMES[i]} step ${step}`).toBeLessThanOrEqual(1);
        }
        const legal = sc.ruleset.legalActions(s);
        sc.ruleset.apply(s, legal[randInt(rng, legal.length)], { rng });
      }
    }
  });
});
