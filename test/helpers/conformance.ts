/**
 * The shared conformance checks (test/conformance.test.ts): the forward-model contract of
 * src/core/model.ts, the declared traits and the optional capabilities, for one loaded scenario.
 * Called inside a `describe` for every registered ruleset's scenarios, and by a test of a ruleset
 * that is not registered (test/template.test.ts, the template room) — `records: false` leaves out
 * the checks that verify records, which find the ruleset in the registry.
 */
import { expect, it } from 'vitest';
import { gameStream, randInt, streamFromString } from '../../src/core/rng.js';
import { verifyRecord } from '../../src/replay.js';
import { parseRecord } from '../../src/core/record.js';
import type { LoadedScenario } from '../../src/core/game.js';
import type { Json } from '../../src/core/model.js';
import { playSpecs } from './games.js';

/** The forward-model checks of one scenario (the `conformance:` block). */
export function forwardModelChecks(sc: LoadedScenario, o: { records: boolean } = { records: true }): void {
  const r = sc.ruleset;
  const sides = r.sides(sc.compiled);
  const randomSpecs = Object.fromEntries(sides.map((s) => [s, 'random']));

  it('has sides (as many as its traits declare), and a fresh game asks one of them to decide', () => {
    expect(sides.length).toBeGreaterThanOrEqual(2);
    expect(sides.length).toBeGreaterThanOrEqual(r.traits.sides.min);
    expect(sides.length).toBeLessThanOrEqual(r.traits.sides.max);
    const s = r.setup(sc.compiled, { rng: gameStream(1) });
    expect(r.isTerminal(s)).toBe(false);
    expect(sides).toContain(r.currentSide(s));
    expect(r.outcome(s)).toBeNull();
  });

  it('random play reaches the end; legal actions are non-empty with distinct keys and readable words; values stay in [0, 1]', () => {
    for (const seed of [1, 2, 3]) {
      const rng = gameStream(seed);
      const pick = streamFromString(`pick/${seed}`);
      const s = r.setup(sc.compiled, { rng });
      const limit = r.decisionLimit ? r.decisionLimit(sc.compiled) : 100_000;
      let n = 0;
      while (!r.isTerminal(s)) {
        const side = r.currentSide(s);
        expect(side).not.toBeNull();
        const legal = r.legalActions(s);
        expect(legal.length).toBeGreaterThan(0);
        const keys = legal.map((a) => r.actionKey(a));
        expect(new Set(keys).size).toBe(keys.length);
        if (n % 97 === 0) {
          for (const a of legal) expect(r.describeAction(s, a).length).toBeGreaterThan(0);
          for (const sd of sides) {
            const v = r.evaluate(s, sd);
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
          if (r.evaluateSides) {
            // The same numbers as evaluate, side by side (the search scores leaves with it).
            const out: number[] = [];
            r.evaluateSides(s, sides, sides.length, undefined, out);
            expect(out).toEqual(sides.map((sd) => r.evaluate(s, sd)));
          }
        }
        r.apply(s, legal[randInt(pick, legal.length)], { rng });
        n++;
        expect(n).toBeLessThanOrEqual(limit);
      }
      expect(r.currentSide(s)).toBeNull();
      const o = r.outcome(s);
      expect(o).not.toBeNull();
      expect(o!.winner === null || sides.includes(o!.winner)).toBe(true);
      for (const sd of sides) expect(r.evaluate(s, sd)).toBe(o!.winner === null ? 0.5 : o!.winner === sd ? 1 : 0);
      if (r.evaluateSides) {
        const out: number[] = [];
        r.evaluateSides(s, sides, sides.length, undefined, out);
        expect(out).toEqual(sides.map((sd) => r.evaluate(s, sd)));
      }
    }
  });

  it('clone is independent (checked by hashing) and apply is a pure function of state, action and stream', () => {
    const rng = gameStream(7);
    const pick = streamFromString('pick/7');
    const s = r.setup(sc.compiled, { rng });
    for (let step = 0; step < 600 && !r.isTerminal(s); step++) {
      const legal = r.legalActions(s);
      const a = legal[randInt(pick, legal.length)];
      if (step % 25 === 0) {
        const h0 = r.hash(s);
        const c1 = r.clone(s);
        const c2 = r.clone(s);
        expect(r.hash(c1)).toBe(h0);
        r.apply(c1, a, { rng: streamFromString(`x${step}`) });
        expect(r.hash(s)).toBe(h0); // the original did not move
        r.apply(c2, a, { rng: streamFromString(`x${step}`) });
        expect(r.hash(c2)).toBe(r.hash(c1)); // same state, action and stream: same result
        // Play the copy on a while: still no effect on the original.
        for (let k = 0; k < 20 && !r.isTerminal(c1); k++) r.apply(c1, r.legalActions(c1)[0], { rng: streamFromString(`y${k}`) });
        expect(r.hash(s)).toBe(h0);
        if (r.cloneInto) {
          // cloneInto over a state played on (c1) is the same as a clone, and as independent.
          const c3 = r.cloneInto(c1, s);
          expect(r.hash(c3)).toBe(h0);
          r.apply(c3, a, { rng: streamFromString(`x${step}`) });
          expect(r.hash(c3)).toBe(r.hash(c2));
          expect(r.hash(s)).toBe(h0);
        }
      }
      r.apply(s, a, { rng });
    }
  });

  it('applyLegal (when declared) of a listed action gives what apply gives: the same state and events', () => {
    if (!r.applyLegal) return;
    const rng = gameStream(11);
    const pick = streamFromString('pick/11');
    const s = r.setup(sc.compiled, { rng });
    for (let step = 0; step < 600 && !r.isTerminal(s); step++) {
      const legal = r.legalActions(s);
      const a = legal[randInt(pick, legal.length)];
      if (step % 10 === 0) {
        const c1 = r.clone(s);
        const c2 = r.clone(s);
        const e1: unknown[] = [];
        const e2: unknown[] = [];
        r.apply(c1, a, { rng: streamFromString(`x${step}`), emit: (e) => e1.push(e) });
        r.applyLegal(c2, a, { rng: streamFromString(`x${step}`), emit: (e) => e2.push(e) });
        expect(r.hash(c2)).toBe(r.hash(c1));
        expect(e2).toEqual(e1);
      }
      r.applyLegal(s, a, { rng });
    }
  });

  if (!o.records) return;

  it('the same seed and agents give the same record, which verifies; another seed gives another game', () => {
    const a = playSpecs(sc, 5, randomSpecs, true);
    const b = playSpecs(sc, 5, randomSpecs, true);
    expect(a.lines).toEqual(b.lines);
    const c = playSpecs(sc, 6, randomSpecs, true);
    expect(c.result.hash).not.toBe(a.result.hash);
    const lines = parseRecord(`${a.lines!.join('\n')}\n`, 'mem');
    const v = verifyRecord(lines, 'mem');
    expect(v).toMatchObject({ ok: true, hash: a.result.hash });
  });

  it('a record with one decision changed fails verification and names the line', () => {
    const { lines } = playSpecs(sc, 9, randomSpecs, true);
    const parsed = parseRecord(`${lines!.join('\n')}\n`, 'mem');
    // Find a decision whose position had another legal choice, and change it.
    const replayRng = gameStream(9);
    const s = r.setup(sc.compiled, { rng: replayRng });
    for (let i = 1; i < parsed.length; i++) {
      const l = parsed[i];
      if (l.t !== 'decision') continue;
      const legal = r.legalActions(s);
      const other = legal.find((o) => r.actionKey(o) !== r.actionKey(l.action));
      if (other && i > 200) {
        const changed = parsed.map((x, j) => (j === i ? { ...x, action: other as Json } : x));
        const v = verifyRecord(changed as typeof parsed, 'mem');
        expect(v.ok).toBe(false);
        expect(v.line).toBeGreaterThanOrEqual(i + 1);
        expect(v.message).toMatch(/line \d+/);
        return;
      }
      r.apply(s, l.action, { rng: replayRng });
    }
    throw new Error('no decision with an alternative found');
  });
}

/** The traits-and-capabilities checks of one scenario (the `traits and capabilities:` block). */
export function traitChecks(sc: LoadedScenario): void {
  const r = sc.ruleset;

  it('chance is as declared: the same actions under two game streams give the same game exactly when chance is none', () => {
    const ra = gameStream(11);
    const rb = gameStream(12);
    const pick = streamFromString('pick/traits');
    const a = r.setup(sc.compiled, { rng: ra });
    const b = r.setup(sc.compiled, { rng: rb });
    let diverged = r.hash(a) !== r.hash(b);
    for (let step = 0; step < 2000 && !diverged && !r.isTerminal(a); step++) {
      const legal = r.legalActions(a);
      const act = legal[randInt(pick, legal.length)];
      const key = r.actionKey(act);
      if (!r.legalActions(b).some((o) => r.actionKey(o) === key)) diverged = true;
      else {
        r.apply(a, act, { rng: ra });
        r.apply(b, act, { rng: rb });
        diverged = r.hash(a) !== r.hash(b);
      }
    }
    expect(diverged).toBe(r.traits.chance === 'sampled');
  });

  it('policy, evaluation, threads and view, where declared, keep their contracts along a random game', () => {
    const rng = gameStream(13);
    const pick = streamFromString('pick/capabilities');
    const s = r.setup(sc.compiled, { rng });
    if (r.policy?.variants) {
      const names = r.policy.variants.map((v) => v.name);
      expect(new Set(names).size).toBe(names.length);
      for (const v of r.policy.variants) {
        expect(v.name).toMatch(/^[a-z0-9-]+$/);
        expect(v.name).not.toBe('script');
        if (v.confidence !== undefined) expect(Number.isFinite(v.confidence) && v.confidence >= 0).toBe(true);
        for (const side of v.sides(sc.compiled)) expect(r.sides(sc.compiled)).toContain(side);
      }
    }
    if (r.evaluation) {
      expect(r.evaluation.defaultWeights.length).toBe(r.evaluation.names.length);
      expect(r.sides(sc.compiled)).toContain(r.evaluation.side(sc.compiled));
    }
    for (let step = 0; step < 3000 && !r.isTerminal(s); step++) {
      const legal = r.legalActions(s);
      if (step % 37 === 0) {
        if (r.policy) {
          const scores = r.policy.scores(s, legal);
          expect(scores.length).toBe(legal.length);
          expect(scores.every((x) => Number.isFinite(x))).toBe(true);
          expect(r.policy.scores(s, legal)).toEqual(scores); // deterministic, state untouched
          if (r.policy.rollout) {
            const quick = r.policy.rollout(s, legal);
            expect(quick.length).toBe(legal.length);
            expect(quick.every((x) => Number.isFinite(x))).toBe(true);
            expect(r.policy.rollout(s, legal)).toEqual(quick);
            expect(r.policy.scores(s, legal)).toEqual(scores);
          }
          // Policy variants (a portfolio for search): same contract, and the main script's scores for
          // every side a variant does not name.
          const mover = r.currentSide(s);
          for (const v of r.policy.variants ?? []) {
            const vs = v.scores(s, legal);
            expect(vs.length).toBe(legal.length);
            expect(vs.every((x) => Number.isFinite(x))).toBe(true);
            expect(v.scores(s, legal)).toEqual(vs);
            if (mover !== null && !v.sides(sc.compiled).includes(mover)) expect(vs).toEqual(scores);
          }
        }
        if (r.evaluation) expect(r.evaluation.features(s).length).toBe(r.evaluation.names.length);
        if (r.threads) {
          const data = structuredClone(r.threads.exportState(s));
          const back = r.threads.importState(sc.compiled, data);
          expect(r.hash(back)).toBe(r.hash(s));
          expect(r.legalActions(back).map((x) => r.actionKey(x))).toEqual(legal.map((x) => r.actionKey(x)));
        }
        if (r.view) {
          const scene = r.view.scene(s);
          expect(scene.figures.length).toBeGreaterThan(0);
          if (r.view.describeFigure) expect(r.view.describeFigure(s, scene.figures[0].id)).not.toBeNull();
          if (r.view.bandOrder) {
            // Band orders (serve): read only and deterministic; an order names its band.
            const before = r.hash(s);
            const at = r.view.bandOrder(s);
            const keys = legal.map((a) => r.view?.orderKey?.(s, a) ?? r.actionKey(a));
            expect(r.view.bandOrder(s)).toEqual(at);
            expect(legal.map((a) => r.view?.orderKey?.(s, a) ?? r.actionKey(a))).toEqual(keys);
            if (at?.kind === 'order') expect(at.band.length).toBeGreaterThan(0);
            // Standing orders (serve drops those not live): an order the deciding band may be given now is live.
            if (at?.kind === 'order' && r.view.orderLive) {
              for (const k of keys) expect(r.view.orderLive(s, at.band, at.lapse, k), k).toBe(true);
              expect(r.view.orderLive(s, `${at.band}?`, at.lapse, keys[0])).toBe(false);
            }
            expect(r.hash(s)).toBe(before);
          }
          if (r.view.sight) {
            // The measuring tool (serve): read only and deterministic; clear exactly when nothing is named as blocking;
            // the distance is the ends' distance; a gap only between figures; no figure, no answer.
            const on = scene.figures.filter((f) => f.onTable && f.status === 'active');
            const before = r.hash(s);
            if (on.length >= 2) {
              const a = { figure: on[0].id };
              const b = { figure: on[on.length - 1].id };
              const line = r.view.sight(s, a, b);
              expect(line).not.toBeNull();
              expect(r.view.sight(s, a, b)).toEqual(line);
              expect(line!.clear).toBe(line!.blockedBy === null);
              expect(line!.distance).toBeCloseTo(Math.hypot(line!.to[0] - line!.from[0], line!.to[1] - line!.from[1]), 1);
              expect(line!.gap).not.toBeNull();
              const p = r.view.sight(s, a, { at: [scene.width / 2, scene.height / 2] });
              expect(p?.gap).toBeNull();
              expect(p?.cover).toBeNull();
            }
            expect(r.view.sight(s, { figure: '\u0000none' }, { at: [0, 0] })).toBeNull();
            expect(r.hash(s)).toBe(before);
          }
        }
      }
      r.apply(s, legal[randInt(pick, legal.length)], { rng });
    }
  });
}
