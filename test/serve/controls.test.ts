/**
 * Issue 41, table-first play: every decision of the person is on the table (src/web/controls.ts),
 * checked on the views a game host gives (src/serve/host.ts) without a browser. Each action has
 * exactly one control; a place is a mark at its point unless other controls crowd it; an action
 * naming an enemy stands beside that enemy, one naming only the person's figures beside one of
 * them, one naming nothing beside the figure deciding (or in the table-side strip when no figure
 * decides); labelled controls do not cover one another, place marks cover nothing; a click on a
 * figure chooses it only when the decision is which figure or band acts. And a game the person's
 * own decision ends has its result in the record.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/core/record.js';
import { loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import type { GameView } from '../../src/serve/protocol.js';
import { figureChoice, shortLabel, shownBand, tableControls, type TableControl } from '../../src/web/controls.js';

/** Pixels per table unit of a 1400×900 screen's table (about 20 px an inch, 8 px a cm). */
const PX = { in: 20, cm: 8 };

function overlap(a: TableControl, b: TableControl): boolean {
  const box = (c: TableControl) => (c.kind === 'place' ? { x: c.x - c.w / 2, y: c.y - c.h / 2, w: c.w, h: c.h } : c);
  const p = box(a);
  const q = box(b);
  return p.x < q.x + q.w - 1e-9 && q.x < p.x + p.w - 1e-9 && p.y < q.y + q.h - 1e-9 && q.y < p.y + p.h - 1e-9;
}

/** Check the controls of one view against its actions, counting them by kind in `tally`. */
function check(v: GameView, tally: Record<string, number>): void {
  const k = v.units === 'cm' ? 2.54 : 1;
  const cs = tableControls(v, v.units === 'cm' ? PX.cm : PX.in, k);
  // Orders naming their bands: the suggested order's band's orders are shown, every other band has one control.
  const band = shownBand(v);
  const shown = v.actions.filter((a) => !a.band || a.band.key === band);
  const others = [...new Set(v.actions.filter((a) => a.band && a.band.key !== band).map((a) => a.band!.key))];
  expect(
    cs
      .filter((c) => c.kind !== 'band')
      .map((c) => c.key)
      .sort(),
  ).toEqual(shown.map((a) => a.key).sort());
  expect(
    cs
      .filter((c) => c.kind === 'band')
      .map((c) => c.key)
      .sort(),
  ).toEqual(others.sort());
  expect(cs.filter((c) => c.suggested).length).toBe(1);
  const fig = (id: string | null) => v.figures.find((f) => f.id === id);
  for (const c of cs) {
    tally[c.kind] = (tally[c.kind] ?? 0) + 1;
    if (c.kind === 'band') {
      // Beside one of the band's figures, naming them all; a click on it shows that band's orders.
      const named = v.actions.find((a) => a.band?.key === c.key)!.band!;
      expect(c.figures).toEqual(named.figures);
      if (c.beside !== null) expect(named.figures).toContain(c.beside);
      const then = tableControls(v, v.units === 'cm' ? PX.cm : PX.in, k, [0, 0], c.key).filter((x) => x.kind !== 'band');
      expect(then.map((x) => x.key).sort()).toEqual(
        v.actions
          .filter((a) => !a.band || a.band.key === c.key)
          .map((a) => a.key)
          .sort(),
      );
      continue;
    }
    const a = v.actions.find((x) => x.key === c.key)!;
    const named = (a.targets?.figures ?? []).map(fig).filter((f) => f?.onTable);
    if (a.targets?.at) {
      expect(c.kind).toBe('place');
      expect(c.at).toEqual(a.targets.at);
    } else if (named.some((f) => f!.side !== v.human)) {
      expect(c.kind).toBe('enemy');
      expect(fig(c.beside)?.side).not.toBe(v.human);
      expect(a.targets?.figures).toContain(c.beside);
    } else if (named.length > 0) {
      expect(c.kind).toBe('own');
      expect(a.targets?.figures).toContain(c.beside);
    } else {
      const deciding = v.figures.filter((f) => f.onTable && f.side === v.human && (f.current || f.highlighted));
      if (deciding.length > 0) {
        expect(c.kind).toBe('own');
        expect(deciding.map((f) => f.id)).toContain(c.beside);
      } else expect(c.kind).toBe('side');
    }
    if (c.kind !== 'place') {
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.label.length).toBeLessThanOrEqual(42);
      // Beside its figure: the box touches the row of the figure's centre or a row near it.
      const f = fig(c.beside);
      if (f) expect(Math.abs(c.x - f.x) < f.r + c.w + 1 || Math.abs(c.x + c.w - f.x) < f.r + 1).toBe(true);
    }
  }
  // A click on a figure chooses only when the decision is which figure or band acts: then each
  // action naming figures names its own, the person's, and the click gives the one naming it.
  const choices = v.figures.map((f) => [f, figureChoice(v, f.id)] as const).filter(([, k]) => k !== null);
  if (choices.length > 0) {
    tally.choice = (tally.choice ?? 0) + 1;
    expect(v.actions.every((a) => !a.targets?.at)).toBe(true);
    for (const [f, key] of choices) {
      expect(f.side).toBe(v.human);
      const chosen = v.actions.find((a) => a.key === key)!;
      expect(chosen.targets?.figures).toContain(f.id);
      // No other action names any of the chosen action's figures.
      for (const g of chosen.targets!.figures)
        expect(v.actions.filter((a) => a.targets?.figures.includes(g)).map((a) => a.key)).toEqual([key]);
    }
  }
  // Place marks never cover anything; labelled controls never cover one another.
  for (let i = 0; i < cs.length; i++)
    for (let j = i + 1; j < cs.length; j++) expect(overlap(cs[i], cs[j]), `${cs[i].words} / ${cs[j].words}`).toBe(false);
}

describe('every decision on the table', () => {
  it("shortens an action's words for a control, keeping its odds", () => {
    expect(shortLabel('Band 3 (2 cutlass) acts')).toBe('Band 3 acts');
    expect(shortLabel('Act with R3 (pikeman) at (6.5, 15.5 in), in open ground (clear), 1 wound(s)')).toBe('Act with R3');
    expect(
      shortLabel('Sgt. Pryor (C01, sergeant): fire at Lt. Harris (1 figure within range, nearest 111 cm open; wound or worse 28%)'),
    ).toBe('Sgt. Pryor: fire at Lt. Harris · 28%');
    // Pirates! states the odds of an attack (src/rules/pirates/odds.ts): the chance to hit comes first and shows on the control.
    expect(shortLabel('P01 (cutlass): charge T01 (club) (3.0 in), 56% to hit (d8 v d6: 13% kills, 19% drives him off)')).toBe(
      'P01: charge T01 · 56%',
    );
    expect(shortLabel('Reserve an action: roll 1 die, end the turn, keep one active die to interrupt the enemy')).toBe(
      'Reserve an action: roll 1 die',
    );
    expect(shortLabel('Pass: activate no band with this card, and a very long tail of words')).toBe('Pass: activate no band with this…');
  });

  it('sets the table-side strip at the top-left of the part of the table shown', async () => {
    const h = await GameHost.create('g00000000000000c4', loadScenario('pirates/supply-raid'), 4, 'pirates', 'heuristic', 'band');
    const v = h.view();
    const whole = tableControls(v, PX.in, 1).filter((c) => c.kind === 'side');
    expect(whole.map((c) => c.words)).toEqual(['Pass: activate no band with this card']);
    expect(whole[0].x).toBeLessThan(1);
    const zoomed = tableControls(v, 2 * PX.in, 1, [20, 12]).filter((c) => c.kind === 'side');
    expect(zoomed[0].x).toBeGreaterThanOrEqual(20);
    expect(zoomed[0].y).toBeGreaterThanOrEqual(12);
    expect(zoomed[0].y).toBeLessThan(14);
    await h.close();
  });

  it('is nothing while the AI decides', async () => {
    const h = await GameHost.create('g00000000000000c1', loadScenario('pirates/supply-raid'), 4, 'townsfolk', 'heuristic', 'band');
    const v = h.view();
    expect(v.turn).toBe('ai');
    expect(tableControls(v, PX.in, 1)).toEqual([]);
    await h.close();
  });

  for (const [id, side, orders] of [
    ['pirates/supply-raid', 'pirates', 'band'],
    ['escarmouche/mill-bridge', 'royalists', 'band'],
    ['pig-wars/farmstead-raid', 'vikings', 'band'],
    ['pig-wars-pirates/kershner-supply-raid', 'pirates', 'band'],
    ['state-of-war/wagon-raid', 'csa', 'band'],
    // Each figure deciding for itself (its share of a band order too; the other rooms' first 120
    // decisions of these games are the same in both modes).
    ['pirates/supply-raid', 'pirates', 'figure'],
  ] as const) {
    it(`${id} (${orders} orders): each action has one control, where it concerns, none covering another (the person's first 120 decisions, or a whole game)`, async () => {
      const h = await GameHost.create('g00000000000000c2', loadScenario(id), 2, side, 'heuristic', orders);
      const tally: Record<string, number> = {};
      let v = h.view();
      let decisions = 0;
      while (v.turn !== 'over' && decisions < 120) {
        if (v.turn === 'ai') {
          v = (await h.agent('person')).view;
          continue;
        }
        check(v, tally);
        decisions++;
        v = h.act({ key: v.actions.find((a) => a.suggested)!.key }).view;
      }
      expect(decisions).toBeGreaterThan(10);
      expect(tally.place ?? 0).toBeGreaterThan(0);
      expect((tally.enemy ?? 0) + (tally.own ?? 0)).toBeGreaterThan(0);
      process.stdout.write(`controls: ${id} (${orders} orders): ${decisions} decisions, controls by kind ${JSON.stringify(tally)}\n`);
      // Choosing the band or figure that acts by clicking it: where the rules ask which one acts (with
      // band orders, Pirates! and Escarmouche ask instead for an order that names its band or figure,
      // and show one band's orders at a time).
      if (id === 'pirates/supply-raid' && orders === 'figure') expect(tally.choice ?? 0).toBeGreaterThan(10);
      if ((id === 'pirates/supply-raid' || id === 'escarmouche/mill-bridge') && orders === 'band') {
        expect(tally.choice ?? 0).toBe(0);
        expect(tally.band ?? 0).toBeGreaterThan(10);
      }
      await h.close();
    }, 60_000);
  }

  it("closes the record when the person's own decision ends the game", async () => {
    // Pig Wars' Farmstead Raid, seed 2, the Vikings (band orders, the suggestion each time): their last order lands the fourth loot.
    const h = await GameHost.create('g00000000000000c3', loadScenario('pig-wars/farmstead-raid'), 2, 'vikings', 'heuristic', 'band');
    let v = h.view();
    let last: 'you' | 'ai' = 'ai';
    while (v.turn !== 'over') {
      if (v.turn === 'ai') {
        v = (await h.agent('person')).view;
        last = 'ai';
      } else {
        v = h.act({ key: v.actions.find((a) => a.suggested)!.key }).view;
        last = 'you';
      }
    }
    expect(last).toBe('you');
    const lines = parseRecord(h.record(), 'farmstead.jsonl');
    expect(lines.at(-1)?.t).toBe('result');
    await h.close();
  }, 60_000);
});
