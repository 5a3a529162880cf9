/**
 * Band orders in the web app (issue 41): the person's decisions are orders to bands and units — an
 * order names its band (no decision that only chooses which band acts), covers the band's figures
 * (their shares left to the rules' policy), and stands for the band's later decisions until it
 * lapses; decisions with one legal action are taken. The games stay the rules' own: every record
 * re-runs. Counts are checked on fixed seeds chosen before measuring; speed is measured in
 * bench/person-decisions.ts, never here.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/core/record.js';
import { rerunRecord } from '../../src/rerun.js';
import { loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import type { GameView, StepReport } from '../../src/serve/protocol.js';

/** A whole game in which the person takes the suggestion at each decision of theirs; every step told. */
async function play(
  id: string,
  seed: number,
  side: string,
  orders: 'band' | 'figure' = 'band',
): Promise<{ h: GameHost; decisions: number; steps: StepReport[]; views: GameView[]; turns: number }> {
  const h = await GameHost.create('g0000000000000041', loadScenario(id), seed, side, 'heuristic', orders);
  let v = h.view();
  const steps: StepReport[] = [];
  const views: GameView[] = [];
  let decisions = 0;
  let turns = 1;
  while (v.turn !== 'over') {
    expect(decisions).toBeLessThan(3000);
    if (v.turn === 'ai') {
      const a = await h.agent('person');
      steps.push(...a.steps);
      v = a.view;
      continue;
    }
    views.push(v);
    const a = h.act({ key: v.actions.find((x) => x.suggested)!.key });
    decisions++;
    steps.push(...a.steps);
    v = a.view;
    const t = /^(\d+)/.exec(v.info.find((i) => /^turn$/i.test(i.label))?.value ?? '');
    if (t) turns = Math.max(turns, Number(t[1]));
  }
  return { h, decisions, steps, views, turns };
}

/** The record re-runs line by line (what `replay --verify` checks). */
function reruns(h: GameHost): void {
  const lines = parseRecord(h.record(), 'the game');
  expect(lines.at(-1)?.t).toBe('result');
  expect(() => rerunRecord(lines, 'the game', { end: 'any' })).not.toThrow();
}

describe('band orders: Pirates! Supply Raid', () => {
  it('offers orders that name their band (no decision only choosing which band acts), and one covers its band', async () => {
    const h = await GameHost.create('g0000000000000041', loadScenario('pirates/supply-raid'), 1, 'pirates', 'heuristic', 'band');
    const v = h.view();
    expect(v.turn).toBe('you');
    // Every option is an order to a band (or the pass): none only chooses which band acts.
    expect(v.actions.every((a) => a.band !== undefined || a.key === 'pass')).toBe(true);
    expect(v.actions.some((a) => /acts$|^Form a new band/.test(a.words))).toBe(false);
    // The order to a band of four to move on the warehouse together: one decision of the person's,
    // then each of its four figures' shares, by band orders.
    const order = v.actions.find((a) => a.band?.key === 'new:schooner:4' && /move together toward warehouse 1/.test(a.words));
    expect(order, v.actions.map((a) => a.words).join(' | ')).toBeDefined();
    const r = h.act({ key: order!.key });
    const mine = r.steps.filter((s) => s.who === 'you');
    const shares = r.steps.filter((s) => s.who === 'band order');
    expect(mine.map((s) => s.words)).toEqual([
      order!.band!.words,
      order!.words.slice(0, order!.words.length - order!.band!.words.length - 3),
    ]);
    const members = order!.band!.figures;
    expect(members).toHaveLength(4);
    for (const f of members) expect(shares.some((s) => s.words.includes(`${f} (`) || s.words.includes(`(${f},`))).toBe(true);
    await h.close();
  }, 60_000);

  it('a standing order carries on: a band ordered to the warehouse goes on there on its next card without being asked', async () => {
    const { h, steps } = await play('pirates/supply-raid', 1, 'pirates');
    // Some group move of the person's side made by band orders, not by a decision of the person's.
    const ordered = steps.filter((s) => s.who === 'band order' && /move together toward/.test(s.words));
    expect(ordered.length).toBeGreaterThan(0);
    reruns(h);
    await h.close();
  }, 120_000);

  it('whole games on fixed seeds: at most 120 decisions of the person a game, fewer than one per card of theirs; the records re-run', async () => {
    // Seeds 1–3, the pirates (the side with the most bands), chosen before measuring.
    for (const seed of [1, 2, 3]) {
      const { h, decisions } = await play('pirates/supply-raid', seed, 'pirates');
      const cards = parseRecord(h.record(), 'the game').filter((l) => l.t === 'event' && l.e === 'card' && l.side === 'pirates').length;
      process.stdout.write(`orders: supply-raid seed ${seed}: ${decisions} decisions of the person's, ${cards} pirate cards\n`);
      expect(decisions).toBeLessThanOrEqual(120);
      expect(decisions).toBeLessThan(cards);
      reruns(h);
      await h.close();
    }
  }, 300_000);

  it('per-figure orders still ask for every figure and every band; the same game either way', async () => {
    const band = await play('pirates/supply-raid', 2, 'pirates', 'band');
    const figure = await play('pirates/supply-raid', 2, 'pirates', 'figure');
    expect(figure.decisions).toBeGreaterThan(2 * band.decisions);
    expect(figure.steps.some((s) => s.who === 'band order')).toBe(false);
    reruns(figure.h);
    // A person who takes the suggestion when asked plays the policy's own game under band orders:
    // every order stands only while the policy would give it too.
    const actions = (h: GameHost): string[] =>
      parseRecord(h.record(), 'the game').flatMap((l) => (l.t === 'decision' ? [JSON.stringify(l.action)] : []));
    expect(actions(band.h)).toEqual(actions(figure.h));
    await band.h.close();
    await figure.h.close();
  }, 300_000);

  it('undo takes back the whole order (its band chosen, its figures’ shares, what band orders did after it) and the orders standing then', async () => {
    const h = await GameHost.create('g0000000000000041', loadScenario('pirates/supply-raid'), 1, 'pirates', 'heuristic', 'band');
    let v = h.view();
    const first = v.actions.map((a) => a.key);
    const before = v.decisions;
    v = h.act({ key: v.actions.find((a) => a.suggested)!.key }).view;
    while (v.turn === 'ai') v = (await h.agent('person')).view;
    const second = v.actions.map((a) => a.key);
    v = h.act({ key: v.actions.find((a) => a.suggested)!.key }).view;
    while (v.turn === 'ai') v = (await h.agent('person')).view;
    v = (await h.undo()).view;
    expect(v.actions.map((a) => a.key)).toEqual(second);
    v = (await h.undo()).view;
    expect(v.decisions).toBe(before);
    expect(v.actions.map((a) => a.key)).toEqual(first);
    expect(v.canUndo).toBe(false);
    await h.close();
  }, 60_000);
});

describe('band orders: State of War Wagon Raid', () => {
  it('an order to a unit covers its figures for the phase: once its first figure has its orders, the others take them by band orders', async () => {
    const h = await GameHost.create('g0000000000000041', loadScenario('state-of-war/wagon-raid'), 1, 'csa', 'heuristic', 'band');
    let v = h.view();
    while (v.turn === 'ai') v = (await h.agent('person')).view;
    const first = v.figures.find((f) => f.current)!;
    const unit = v.figures.filter((f) => f.band === first.band && f.side === v.human && f.onTable && f.id !== first.id).map((f) => f.id);
    expect(unit.length).toBeGreaterThan(1);
    // The person orders the first figure (the suggestion, each of its actions) …
    const steps: StepReport[] = [];
    let asked = 0;
    while (v.turn === 'you' && v.figures.find((f) => f.current)?.id === first.id) {
      const r = h.act({ key: v.actions.find((a) => a.suggested)!.key });
      asked++;
      steps.push(...r.steps);
      v = r.view;
    }
    expect(asked).toBeLessThanOrEqual(2);
    // … and every other figure of the unit acts on those orders without being asked.
    for (const f of unit)
      expect(
        steps.some((s) => s.who === 'band order' && s.words.includes(`${f} (`)),
        f,
      ).toBe(true);
    await h.close();
  }, 60_000);

  it('a drill stands too: the first figure told to fire, then to load, and the unit’s other figures fire and load by band orders', async () => {
    const h = await GameHost.create('g0000000000000041', loadScenario('state-of-war/wagon-raid'), 1, 'union', 'heuristic', 'band');
    let v = h.view();
    while (v.turn === 'ai') v = (await h.agent('person')).view;
    const first = v.figures.find((f) => f.current)!;
    const fire = v.actions.find((a) => a.key.startsWith('fire:'));
    expect(fire, v.actions.map((a) => a.key).join(' ')).toBeDefined();
    v = h.act({ key: fire!.key }).view;
    // The same figure, now unloaded: the person is asked again, and orders it to load.
    expect(v.turn).toBe('you');
    expect(v.figures.find((f) => f.current)?.id).toBe(first.id);
    expect(v.actions.some((a) => a.key === 'load')).toBe(true);
    const r = h.act({ key: 'load' });
    const unit = v.figures.filter((f) => f.band === first.band && f.side === v.human && f.onTable && f.id !== first.id).map((f) => f.id);
    expect(unit.length).toBeGreaterThan(1);
    for (const f of unit) {
      const mine = r.steps.filter((s) => s.who === 'band order' && s.words.includes(`${f} (`));
      expect(
        mine.some((s) => /: fire at /.test(s.words)),
        f,
      ).toBe(true);
      expect(
        mine.some((s) => /: load\b/.test(s.words)),
        f,
      ).toBe(true);
    }
    expect(r.steps.filter((s) => s.who === 'you')).toHaveLength(1);
    await h.close();
  }, 60_000);

  it('whole games on a fixed seed, each side: at most 12 decisions of the person a turn; the records re-run', async () => {
    for (const side of ['csa', 'union']) {
      const { h, decisions, turns } = await play('state-of-war/wagon-raid', 1, side);
      process.stdout.write(`orders: wagon-raid seed 1 as ${side}: ${decisions} decisions of the person's over ${turns} turns\n`);
      expect(decisions / turns).toBeLessThanOrEqual(12);
      reruns(h);
      await h.close();
    }
  }, 300_000);
});
