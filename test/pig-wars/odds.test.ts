/**
 * The odds shown before an order (src/rules/pig-wars/odds.ts, in `describeAction`; issue 41, What
 * to build 2): a hold names its first shot's chance ([R13]–[R16], [R21]), a charge its lead
 * pairing's first round ([R7], [R17]–[R20], [R25]) — exact counts of the D12's faces, hand-computed
 * here, and the die, factors and margins they state are those the order then rolls, on both sheets.
 */
import { describe, expect, it } from 'vitest';
import { gameStream } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';
import { applyAction, legalActions } from '../../src/rules/pig-wars/actions.js';
import { describeAction } from '../../src/rules/pig-wars/story.js';
import { roundCounts } from '../../src/rules/pig-wars/odds.js';
import { carrying, onRough } from '../../src/rules/pig-wars/queries.js';
import { setupGame } from '../../src/rules/pig-wars/turn.js';
import { PH_OVER, STATE, type PigState } from '../../src/rules/pig-wars/state.js';
import type { PigScenario } from '../../src/rules/pig-wars/compile.js';
import type { PigAction } from '../../src/rules/pig-wars/action.js';

interface Ev {
  e: string;
  [k: string]: unknown;
}

/** Play scenario `id` from seed 3 choosing `legal[(i × 7) mod n]` until `stop` finds an order; its state and words. */
function findOrder(id: string, stop: (s: PigState, a: PigAction, w: string) => boolean): { s: PigState; a: PigAction; w: string } {
  const sc = loadScenario(id).compiled as PigScenario;
  const rng = gameStream(3);
  const s = setupGame(sc, { rng });
  for (let i = 0; i < 400 && s.phase !== PH_OVER; i++) {
    const legal = legalActions(s);
    for (const a of legal) {
      const w = describeAction(s, a);
      if (stop(s, a, w)) return { s, a, w };
    }
    applyAction(s, legal[(i * 7) % legal.length], { rng });
  }
  throw new Error(`no such order in ${id}`);
}

describe('a round of mêlée by hand ([R18]: D12 + factors held to 1–12, a kill at the loser’s victory margin)', () => {
  it('D12+2 v D12+2, margins 1 and 1: each kills in 63 of 144, 18 ties', () => {
    // Each total: 3…11 once, 12 three times (faces 10–12 held to 12, [R18]). Equal totals:
    // 9 × 1 + 3 × 3 = 18; the other 126 split evenly by symmetry: 63 each (44%).
    expect(roundCounts(2, 2, 1, 1)).toEqual({ aKills: 63, bKills: 63 });
  });

  it('D12+4 v D12+1, margins 1 and 1 (a charger with the bonus against levy): 92 kills, 35 killed', () => {
    // a: 5…11 once, 12 five times; b: 2…11 once, 12 twice.
    // a wins: a = 5…11 beats 3, 4, …, 9 totals of b (= 42), a = 12 beats b's 2…11 (10) × 5 = 50: 92.
    // b wins: against a = 5…11, b above it: 6+2, 5+2, …, 0+2 = 8+7+6+5+4+3+2 = 35; never against 12.
    expect(roundCounts(4, 1, 1, 1)).toEqual({ aKills: 92, bKills: 35 });
  });

  it('[R25] a bigger victory margin: D12 v D12, margin 4 (FA) against margin 1 (UA)', () => {
    // a by ≥ 4: differences 4…11 occur 8+7+…+1 = 36 times; b by ≥ 1: (144 − 12) / 2 = 66.
    expect(roundCounts(0, 0, 4, 1)).toEqual({ aKills: 36, bKills: 66 });
  });
});

describe('odds in the order’s words', () => {
  it('dark ages [R14]: a sling at long range on an unarmoured figure: D12 1–3 hits (25%), UA blocks 1–4: 17% to kill', () => {
    // 3/12 hit × 8/12 not blocked = 24/144 = 16.7%.
    const { w } = findOrder(
      'farmstead-raid',
      (_s, a, w) => a.k === 'hold' && /long, \d+% to kill \(D12 1–3 hits: 25%; UA blocks on 1–4\)/.test(w),
    );
    expect(w).toMatch(
      /: hold and shoot \(\d+ with a target; first shot: \S+ at \S+, [\d.]+ in long, 17% to kill \(D12 1–3 hits: 25%; UA blocks on 1–4\)\)$/,
    );
  });

  it('dark ages [R13] (move, then shoot): a move order of a unit with missiles names the shot it makes after the move — long range on UA: D12 1–3 hits (25%), UA blocks 1–4: 17% to kill', () => {
    const { s, a, w } = findOrder(
      'farmstead-raid',
      (_s, a, w) =>
        a.k !== 'hold' &&
        a.k !== 'charge' &&
        /; then first shot: \S+ at \S+, [\d.]+ in long, 17% to kill \(D12 1–3 hits: 25%; UA blocks on 1–4\)$/.test(w),
    );
    const m = /: (?:move toward|advance on) .+; then first shot: (\S+) at (\S+), ([\d.]+) in long/.exec(w);
    expect(m, w).not.toBeNull();
    // The order carried out (no dice rolled for this move: the odds name one shot): the shooter then
    // stands at the distance stated from the target, the place the unit's shooting step shoots from.
    const t = STATE.clone(s);
    const dice: Ev[] = [];
    applyAction(t, a, { rng: gameStream(9), emit: (e) => (e as Ev).e === 'die' && dice.push(e as Ev) });
    expect(dice).toEqual([]);
    const sc = s.sc;
    const f = sc.figureIndex.get(m![1])!;
    const g = sc.figureIndex.get(m![2])!;
    expect(Math.hypot(t.x[f] - t.x[g], t.y[f] - t.y[g]).toFixed(1)).toBe(m![3]);
  });

  it('pirates [R13] (one action): a unit that moves does not shoot, so a move order names no shot', () => {
    const { w } = findOrder('kershner-supply-raid', (s, a) => a.k === 'hold' && /first shot/.test(describeAction(s, a)));
    expect(w).toMatch(/first shot/);
    const sc = loadScenario('kershner-supply-raid').compiled as PigScenario;
    const rng = gameStream(3);
    const s = setupGame(sc, { rng });
    let moves = 0;
    for (let i = 0; i < 400 && s.phase !== PH_OVER; i++) {
      const legal = legalActions(s);
      for (const a of legal)
        if (a.k === 'obj' || a.k === 'home' || a.k === 'foe') {
          expect(describeAction(s, a)).not.toMatch(/then|shot/);
          moves++;
        }
      applyAction(s, legal[(i * 7) % legal.length], { rng });
    }
    expect(moves).toBeGreaterThan(0);
  });

  it('pirates [R15]: level 3 at long range on an open target: D12+3 ≥ 10 hits (50%), open saves 10–12: 38% to kill', () => {
    // faces 7–12 hit: 6/12; not saved 9/12: 54/144 = 37.5%, shown 38%.
    const { w } = findOrder('kershner-supply-raid', (_s, a, w) => a.k === 'hold' && /D12\+3 ≥ 10 hits/.test(w) && /open saves/.test(w));
    expect(w).toMatch(/first shot: .+ long, 38% to kill \(D12\+3 ≥ 10 hits: 50%; open saves on 10–12\)\)$/);
  });

  it('dark ages [R7]/[R18]: a charge names its lead pair and D12+4 v D12+1 at margins 1 / 1 as 64% to kill, 24% killed', () => {
    const { w } = findOrder(
      'farmstead-raid',
      (_s, a, w) => a.k === 'charge' && w.includes('(D12+4 v D12+1, kills at a margin of 1, is killed at 1;'),
    );
    expect(w).toMatch(
      /: charge .+ \(lead pair \S+ on \S+ \([\d.]+ in\), \d+% to reach contact; if he does: 64% to kill \(D12\+4 v D12\+1, kills at a margin of 1, is killed at 1; 24% killed\)\)$/,
    );
  });

  it('dark ages [R7]/[R9]: an unarmoured foot charger on open ground reaches a place L in away when 9 + the charge D6 ≥ L', () => {
    // "UA Foot: 9" ([R9]), plus the unit's charge D6 ([R7]): of the six faces, those with 9 + c ≥ L.
    const { s, w } = findOrder('farmstead-raid', (st, a, w) => {
      const m = /lead pair (?:.+ \()?(\w+)\)? on \S+(?: \(\w+\))? \(([\d.]+) in\), (\d+)% to reach/.exec(w);
      if (a.k !== 'charge' || !m) return false;
      const f = st.sc.figureIndex.get(m[1])!;
      const info = st.sc.figures[f];
      const L = Number(m[2]);
      const frac = L - Math.floor(L);
      return (
        info.armour === 'UA' &&
        !info.mounted &&
        !onRough(st.sc, st.x[f], st.y[f]) &&
        !carrying(st, f) &&
        L > 10 &&
        L < 15 &&
        frac > 0.06 &&
        frac < 0.94
      );
    });
    const m = /\(([\d.]+) in\), (\d+)% to reach contact/.exec(w)!;
    const L = Number(m[1]);
    let faces = 0;
    for (let c = 1; c <= 6; c++) if (9 + c >= L) faces++;
    expect(Number(m[2]), w).toBe(Math.round((100 * faces) / 6));
    expect(s.sc.version.moveDie).toBe(false);
  });

  it('pirates [R18]: a charge at D12+2 v D12+2, margins 1 / 1, reads 44% to kill, 44% killed', () => {
    const { w } = findOrder(
      'kershner-supply-raid',
      (_s, a, w) => a.k === 'charge' && w.includes('(D12+2 v D12+2, kills at a margin of 1, is killed at 1;'),
    );
    expect(w).toMatch(
      /% to reach contact; if he does: 44% to kill \(D12\+2 v D12\+2, kills at a margin of 1, is killed at 1; 44% killed\)\)$/,
    );
  });
});

const SHOT =
  /first shot: (?:.+ \()?(\w+)\)? at (?:.+ \()?(\w+)\)?, [\d.]+ in (short|long)(?:, first of \d+ dice)?, \d+% to kill(?:, \d+% a leader hit)? \(D12(?:([+−]\d+))?(?: 1–(\d+)| ≥ (\d+)) hits: \d+%; \w+ (?:blocks on 1–(\d+)|saves on (\d+)–12)\)/;
const CHARGE =
  /lead pair (?:.+ \()?(\w+)\)? on (?:.+ \()?(\w+)\)? \([\d.]+ in\), (\d+)% to reach contact; if he does(, without the charge bonus|, with the charge bonus if the move die allows)?: \d+% to kill(?:, \d+% a leader hit)? \(D12([+−]\d+) v D12([+−]\d+), kills at a margin of (\d+), is killed at (\d+);/;
const num = (x: string): number => Number(x.replace('−', '-'));
const sum = (m: unknown): number => (m as { value: number }[]).reduce((t, x) => t + x.value, 0);

describe.each(['farmstead-raid', 'kershner-supply-raid'])('what %s’s orders state is what they roll', (id) => {
  it('every hold that shoots and every charge offered: the stated shot and first round are the ones made', () => {
    const sc = loadScenario(id).compiled as PigScenario;
    const rng = gameStream(11);
    const s = setupGame(sc, { rng });
    let shots = 0;
    let rounds = 0;
    const reaches = [0, 0, 0];
    for (let i = 0; i < 300 && s.phase !== PH_OVER; i++) {
      const legal = legalActions(s);
      for (const a of legal) {
        if (a.k !== 'hold' && a.k !== 'charge') continue;
        const w = describeAction(s, a);
        // the card's shooting and mêlée steps come when its last unit has its order ([R1] steps
        // 3–4): the other units of the card hold (the first order offered), then the card ends
        const events: Ev[] = [];
        const c = STATE.clone(s);
        const ctx = { rng: gameStream(i), emit: (e: unknown) => events.push(e as Ev) };
        applyAction(c, a, ctx);
        while (c.phase !== PH_OVER && !events.some((e) => e.e === 'card' || e.e === 'turnEnd')) applyAction(c, legalActions(c)[0], ctx);
        if (a.k === 'hold') {
          const m = SHOT.exec(w);
          if (!/shoot/.test(w)) continue;
          expect(m, w).not.toBeNull();
          const [, f, t, range, mod, daNeed, piNeed, blockOn, saveOn] = m!;
          const shot = events.find((e) => e.e === 'shoot' && e.f === f);
          expect(shot, w).toBeDefined();
          // the nearest target when the step comes: another unit's shot of the card may have taken it
          if (shot!.target !== t) continue;
          expect([shot!.target, shot!.range, shot!.need], w).toEqual([t, range, Number(daNeed ?? piNeed)]);
          if (piNeed !== undefined) expect(sum(shot!.mods ?? []), w).toBe(mod ? num(mod) : 0);
          if (shot!.hit) expect(shot!.blockOn ?? shot!.saveOn, w).toBe(Number(blockOn ?? saveOn));
          shots++;
        } else {
          const m = CHARGE.exec(w);
          if (m === null) continue; // no charger may, or no place in contact is free
          const [, f, t, reach, bonusWords, modA, modB, marginA, marginB] = m;
          const move = events.find((e) => e.e === 'move' && e.f === f);
          // [R7] a certain reach reaches, a reach of none falls short (the dice counted every face)
          // — from the table as it stands: unless a figure of the unit that may not charge, nearer the
          // enemy, advanced first and changed his way
          const reached = move !== undefined && move.charge === t;
          const first = move !== undefined && !events.some((e, k) => k < events.indexOf(move) && e.e === 'move');
          if (first && reach === '100') expect(reached, w).toBe(true);
          if (first && reach === '0') expect(reached, w).toBe(false);
          if (first) reaches[reach === '100' ? 0 : reach === '0' ? 1 : 2]++;
          const round = events.find((e) => e.e === 'melee' && e.a === f && e.b === t);
          // the charge D6 decides whether he reaches contact; a round is fought only when he did
          if (!move || move.charge !== t || !round) continue;
          // an earlier round of the step with either may have changed them (a wound, [R21]; a pistol
          // fired, [R19]): the odds are of the state as it stood
          const at = events.indexOf(round);
          const involved = (e: Ev): boolean => e.a === f || e.b === f || e.a === t || e.b === t;
          if (events.some((e, k) => k < at && e.e === 'melee' && involved(e))) continue;
          if (bonusWords === undefined) expect(move.bonus, w).toBe(true);
          if (bonusWords === ', without the charge bonus') expect(move.bonus, w).toBe(false);
          if (bonusWords !== undefined && bonusWords !== ', without the charge bonus') continue;
          expect([sum(round.modsA), sum(round.modsB), round.marginToKillB, round.marginToKillA], w).toEqual([
            num(modA),
            num(modB),
            Number(marginA),
            Number(marginB),
          ]);
          rounds++;
        }
      }
      applyAction(s, legal[(i * 7) % legal.length], { rng });
    }
    expect(shots).toBeGreaterThan(5);
    expect(rounds).toBeGreaterThan(5);
    expect(reaches[0] + reaches[1], `certain reaches ${reaches.join(', ')}`).toBeGreaterThan(5);
  });
});
