/**
 * The template room (src/rules/_template/, the rule system "Duel"): a complete ruleset that is not
 * registered. Checked here by the conformance suite's own checks (test/helpers/conformance.ts, all
 * but record verification, which finds rulesets in the registry: a re-run of the decisions stands
 * in for it), whole games by random and scripted play, the state kit's clone/cloneInto/hash and
 * export/import, the typed events against their schema and src/rules/_template/records.md, the play view,
 * and the rules of README.md section by section (§1–§6).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioError, type AnyRuleset } from '../src/core/model.js';
import type { LoadedScenario } from '../src/core/game.js';
import { gameStream, randInt, streamFromString, type Rng } from '../src/core/rng.js';
import { projectRoot } from '../src/core/scenario.js';
import { searchOptions } from '../agents/mcts/index.js';
import { duel, type DuelAction, type DuelEvent, type DuelState } from '../src/rules/_template/index.js';
import { RULESETS } from '../src/rules/index.js';
import { forwardModelChecks, traitChecks } from './helpers/conformance.js';
import { playSpecs } from './helpers/games.js';
import { documentedEvents } from './helpers/records-doc.js';

const DIR = join(projectRoot(), 'src', 'rules', '_template');
const exampleRaw: unknown = JSON.parse(readFileSync(join(DIR, 'example.json'), 'utf8'));
const example = duel.compile(exampleRaw, 'example.json');
const loaded: LoadedScenario = {
  ruleset: duel as unknown as AnyRuleset,
  compiled: example,
  raw: exampleRaw,
  hash: example.hash,
  id: example.id,
};

/** A small scenario file: two sides (red, blue) of the given figures, the given terrain, on a 24 × 24 in table. */
function file(red: [number, number][], blue: [number, number][], terrain: unknown[] = [], maxTurns = 6): Record<string, unknown> {
  const side = (id: string, at: [number, number][]) => ({
    id,
    name: id === 'red' ? 'Red' : 'Blue',
    figures: at.map((p, i) => ({ id: `${id[0].toUpperCase()}${i + 1}`, at: p })),
  });
  return {
    ruleset: 'duel',
    id: 'test',
    name: 'test',
    table: { width: 24, height: 24 },
    terrain,
    sides: [side('red', red), side('blue', blue)],
    maxTurns,
  };
}
const HOUSE = {
  id: 'house',
  kind: 'building',
  polygon: [
    [10, 10],
    [14, 10],
    [14, 14],
    [10, 14],
  ],
};
const WOOD = {
  id: 'wood',
  kind: 'wood',
  polygon: [
    [2, 2],
    [8, 2],
    [8, 8],
    [2, 8],
  ],
};

function game(f: Record<string, unknown>): DuelState {
  return duel.setup(duel.compile(f, 'test'), { rng: gameStream(1) });
}
/** A stream whose D6 rolls are `faces`, in order. */
function dice(...faces: number[]): Rng {
  let i = 0;
  return { next: () => (faces[i++ % faces.length] - 1) / 6 + 0.01 };
}
const keys = (s: DuelState): string[] => duel.legalActions(s).map((a) => duel.actionKey(a));
/** Apply `a` to `s`, collecting its events. */
function act(s: DuelState, a: DuelAction, rng: Rng = gameStream(2)): DuelEvent[] {
  const out: DuelEvent[] = [];
  duel.apply(s, a, { rng, emit: (e) => out.push(e) });
  return out;
}

describe('the template room', () => {
  it('is a ruleset of its own: declared, not registered, with the example as its built-in scenario', () => {
    expect(duel.id).toBe('duel');
    expect(RULESETS.has(duel.id)).toBe(false);
    expect(duel.scenarios).toEqual([example.id]);
    expect(example.figures.length).toBe(8);
    expect(() => searchOptions({}, loaded.ruleset)).not.toThrow();
    expect(duel.jsonSchema?.()).toMatchObject({ type: 'object' });
  });
});

describe('template: conformance (test/helpers/conformance.ts)', () => {
  forwardModelChecks(loaded, { records: false });
  traitChecks(loaded);
});

describe('template: whole games', () => {
  const events = new Map<string, Set<string>>();
  const badParse: string[] = [];
  const collect = (lines: string[]): void => {
    for (const l of lines) {
      const line = JSON.parse(l) as { t: string; [k: string]: unknown };
      if (line.t !== 'event') continue;
      const { t: _t, ...e } = line;
      const p = duel.events!.safeParse(e);
      if (!p.success && badParse.length < 3) badParse.push(`${String(e.e)}: ${p.error.message}`);
      const kind = String(e.e);
      if (!events.has(kind)) events.set(kind, new Set());
      for (const k of Object.keys(e)) events.get(kind)!.add(k);
    }
  };

  it('50 random and 10 scripted games end within the decision limit, with no broken invariant; every event parses with `events`', () => {
    const limit = duel.decisionLimit!(example);
    const wins: Record<string, number> = {};
    for (let seed = 1; seed <= 60; seed++) {
      const agent = seed <= 50 ? 'random' : 'heuristic';
      const { result, lines, violations } = playSpecs(loaded, seed, { red: agent, blue: agent }, true);
      expect(violations, `seed ${seed}`).toEqual([]);
      expect(result.decisions).toBeLessThanOrEqual(limit);
      wins[`${agent} ${result.winner ?? 'draw'}`] = (wins[`${agent} ${result.winner ?? 'draw'}`] ?? 0) + 1;
      collect(lines!);
    }
    expect(badParse).toEqual([]);
    // Both sides win some random games: the example is not decided by its set-up.
    expect(wins['random red']).toBeGreaterThan(0);
    expect(wins['random blue']).toBeGreaterThan(0);
  });

  it("every event kind and field those games wrote is documented in the folder's records.md, and every kind of `events` is written", () => {
    const doc = documentedEvents(readFileSync(join(DIR, 'records.md'), 'utf8'));
    const missing: string[] = [];
    for (const [kind, fields] of events) {
      const d = doc.get(kind);
      if (!d) missing.push(`event "${kind}"`);
      else for (const f of fields) if (!d.has(f)) missing.push(`field "${f}" of "${kind}"`);
    }
    expect(missing).toEqual([]);
    expect([...events.keys()].sort()).toEqual(['broken', 'down', 'fight', 'hold', 'move', 'over', 'shoot', 'turn']);
    expect([...doc.keys()].sort()).toEqual([...events.keys()].sort());
    // No event field is named `t` (a record line's kind: `{t: 'event', ...event}` would lose it).
    for (const [kind, fields] of events) expect(fields.has('t'), kind).toBe(false);
  });

  it('a record re-runs: the same seed and decisions give the same lines (what `replay --verify` checks of a registered ruleset)', () => {
    const { lines } = playSpecs(loaded, 5, { red: 'random', blue: 'random' }, true);
    const parsed = lines!.map((l) => JSON.parse(l) as { t: string; action?: DuelAction; [k: string]: unknown });
    const rng = gameStream(5);
    const out: unknown[] = [];
    const s = duel.setup(example, { rng, emit: (e) => out.push({ t: 'event', ...e }) });
    for (const l of parsed) {
      if (l.t !== 'decision') continue;
      out.push(l);
      duel.apply(s, l.action!, { rng, emit: (e) => out.push({ t: 'event', ...e }) });
    }
    expect(out).toEqual(parsed.filter((l) => l.t === 'event' || l.t === 'decision'));
    expect(playSpecs(loaded, 5, { red: 'random', blue: 'random' }, true).lines).toEqual(lines);
  });

  it('clone, cloneInto and hash agree; exportState/importState round-trip through structuredClone', () => {
    const rng = gameStream(21);
    const pick = streamFromString('pick/21');
    const s = duel.setup(example, { rng });
    let scratch = duel.clone(s);
    while (!duel.isTerminal(s)) {
      const h = duel.hash(s);
      expect(duel.hash(duel.clone(s))).toBe(h);
      scratch = duel.cloneInto!(scratch, s);
      expect(duel.hash(scratch)).toBe(h);
      const back = duel.threads!.importState(example, structuredClone(duel.threads!.exportState(s)));
      expect(duel.hash(back)).toBe(h);
      expect(keys(back)).toEqual(keys(s));
      const legal = duel.legalActions(s);
      duel.apply(s, legal[randInt(pick, legal.length)], { rng });
      expect(duel.hash(scratch)).toBe(h); // the copy did not move with the original
    }
    expect(() => duel.threads!.importState(example, { turn: 1 })).toThrow(/not an exported Duel state/);
  });

  it('view: every move and attack decision of 10 scripted games has its targets (a move its end point, an attack its enemy)', () => {
    let asked = 0;
    let found = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const rng = gameStream(seed);
      const s = duel.setup(example, { rng });
      while (!duel.isTerminal(s)) {
        const legal = duel.legalActions(s);
        const scores = duel.policy!.scores(s, legal);
        const a = legal[scores.indexOf(Math.max(...scores))];
        if (a.k !== 'hold') {
          asked++;
          const t = duel.view!.targets!(s, a);
          if (t !== null && (a.k === 'move' || a.k === 'moveTo' ? t.at !== null : t.figures.includes(a.t))) found++;
        }
        duel.apply(s, a, { rng });
      }
    }
    expect(asked).toBeGreaterThan(50);
    expect(found / asked).toBeGreaterThanOrEqual(0.9);
  });
});

describe('§1 the table and the figures (compile)', () => {
  it('refuses a figure on a building, a figure id used twice, overlapping bases and a concave building, naming the JSON path', () => {
    const bad = (f: Record<string, unknown>): string => {
      try {
        duel.compile(f, 'test');
      } catch (e) {
        if (e instanceof ScenarioError) return e.message;
        throw e;
      }
      return 'compiled';
    };
    expect(bad(file([[12, 12]], [[12, 20]], [HOUSE]))).toMatch(/\$\.sides\[0\]\.figures\[0\]\.at/);
    const twice = file(
      [
        [1, 1],
        [3, 3],
      ],
      [[20, 20]],
    );
    (twice.sides as { figures: { id: string }[] }[])[0].figures[1].id = 'R1';
    expect(bad(twice)).toMatch(/\$\.sides\[0\]\.figures\[1\]\.id/);
    expect(
      bad(
        file(
          [
            [5, 5],
            [5.5, 5],
          ],
          [[20, 20]],
        ),
      ),
    ).toMatch(/overlaps R1/);
    const concave = {
      id: 'l',
      kind: 'building',
      polygon: [
        [0, 0],
        [6, 0],
        [6, 2],
        [2, 2],
        [2, 6],
        [0, 6],
      ],
    };
    expect(bad(file([[20, 1]], [[20, 20]], [concave]))).toMatch(/\$\.terrain\[0\]\.polygon/);
  });
});

describe('§2 side turns', () => {
  it("the first side's figures act in the file's order, then the other side's, then the next turn; after the last turn, a draw", () => {
    const s = game(
      file(
        [
          [2, 2],
          [4, 2],
        ],
        [
          [20, 22],
          [22, 22],
        ],
        [],
        2,
      ),
    );
    const order: string[] = [];
    const events: DuelEvent[] = [];
    while (!duel.isTerminal(s)) {
      order.push(`${s.turn}:${s.sc.figures[s.actor].id}`);
      events.push(...act(s, { k: 'hold' }));
    }
    expect(order).toEqual(['1:R1', '1:R2', '1:B1', '1:B2', '2:R1', '2:R2', '2:B1', '2:B2']);
    expect(events.filter((e) => e.e === 'turn').map((e) => (e.e === 'turn' ? `${e.turn}${e.side}` : ''))).toEqual([
      '1blue',
      '2red',
      '2blue',
    ]);
    expect(duel.outcome(s)).toEqual({ winner: null, reason: 'turn limit' });
  });
});

describe('§3 movement', () => {
  it('6 in across open ground, toward the enemy chosen', () => {
    const s = game(file([[2, 20]], [[22, 20]]));
    const [e] = act(s, { k: 'move', to: 'foe:B1' });
    expect(e).toMatchObject({ e: 'move', f: 'R1', to: [8, 20], length: 6, limit: 6 });
  });

  it('3 in when the route starts in or enters a wood; a figure ends in base contact when the enemy is within reach', () => {
    const s = game(file([[5, 5]], [[20, 5]], [WOOD]));
    const [e] = act(s, { k: 'move', to: 'foe:B1' });
    expect(e).toMatchObject({ e: 'move', length: 3, limit: 3, to: [8, 5] });
    const c = game(file([[2, 20]], [[6, 20]]));
    const [m] = act(c, { k: 'move', to: 'foe:B1' });
    expect(m).toMatchObject({ to: [5, 20], length: 3 });
    expect(keys(c)).toEqual(['fight:R1', 'hold']); // blue's figure, now in contact: fight or hold
  });

  it('round a building, never through it; exact moves refused beyond the allowance, on a building or on a base', () => {
    const s = game(file([[12, 8]], [[12, 16]], [HOUSE]));
    const [e] = act(s, { k: 'move', to: 'foe:B1' });
    expect(e.e === 'move' && e.path.length).toBeGreaterThan(2);
    const t = game(file([[2, 2]], [[5, 2]], [HOUSE]));
    expect(duel.checkAction!(t, { k: 'moveTo', x: 2, y: 9 })).toMatch(/6 in along it/);
    expect(duel.checkAction!(t, { k: 'moveTo', x: 11, y: 11 })).toMatch(/building/);
    expect(duel.checkAction!(t, { k: 'moveTo', x: 5.5, y: 2 })).toMatch(/another base/);
    expect(duel.checkAction!(t, { k: 'moveTo', x: 2, y: 7 })).toBeNull();
    expect(duel.view!.exactMove!(t, 2, 7)).toEqual({ k: 'moveTo', x: 2, y: 7 });
  });
});

describe('§4 shooting', () => {
  it('in range (12 in edge to edge) and in sight only; never while in base contact', () => {
    expect(keys(game(file([[2, 2]], [[15, 2]])))).toContain('shoot:B1'); // gap 12
    expect(keys(game(file([[2, 2]], [[15.2, 2]])))).not.toContain('shoot:B1');
    expect(keys(game(file([[12, 8]], [[12, 16]], [HOUSE])))).not.toContain('shoot:B1'); // the house between
    expect(keys(game(file([[2, 2]], [[3, 2]])))).toEqual(['fight:B1', 'hold']);
  });

  it('view.reach: move and range rings, and the enemies the figure could shoot now', () => {
    const s = game(
      file(
        [[2, 2]],
        [
          [15, 2],
          [2, 20],
        ],
      ),
    );
    const reach = duel.view!.reach!(s, 'R1')!;
    expect(reach.rings.map((r) => [r.kind, r.radius])).toEqual([
      ['move', 6],
      ['range', 13],
    ]);
    expect(reach.sight).toEqual(['B1']);
    expect(duel.view!.reach!(s, 'nobody')).toBeNull();
  });

  it('hits on 4+, on 5+ when a wood the target touches lies between; a hit puts the target down', () => {
    const open = game(
      file(
        [[12, 20]],
        [
          [12, 16],
          [20, 20],
        ],
      ),
    );
    const [shot, down] = act(open, { k: 'shoot', t: 'B1' }, dice(4));
    expect(shot).toMatchObject({ e: 'shoot', need: 4, roll: 4, hit: true, cover: null });
    expect(down).toMatchObject({ e: 'down', f: 'B1', side: 'blue', down: 1, of: 2 });
    const hidden = game(
      file(
        [[12, 5]],
        [
          [7.5, 5],
          [20, 20],
        ],
        [WOOD],
      ),
    );
    const [miss] = act(hidden, { k: 'shoot', t: 'B1' }, dice(4));
    expect(miss).toMatchObject({ need: 5, cover: 'wood', hit: false });
  });
});

describe('§5 fighting', () => {
  it('striker D6+1 against D6: the lower total goes down, a tie nothing', () => {
    const win = game(
      file(
        [
          [2, 2],
          [20, 20],
        ],
        [
          [3, 2],
          [22, 20],
        ],
      ),
    );
    expect(act(win, { k: 'fight', t: 'B1' }, dice(3, 4))).toMatchObject([{ e: 'fight', roll: 3, bonus: 1, against: 4, loser: null }]);
    const lose = game(
      file(
        [
          [2, 2],
          [20, 20],
        ],
        [
          [3, 2],
          [22, 20],
        ],
      ),
    );
    expect(act(lose, { k: 'fight', t: 'B1' }, dice(1, 5))[0]).toMatchObject({ loser: 'R1' });
    const kill = game(
      file(
        [
          [2, 2],
          [20, 20],
        ],
        [
          [3, 2],
          [22, 20],
        ],
      ),
    );
    expect(act(kill, { k: 'fight', t: 'B1' }, dice(5, 5))[0]).toMatchObject({ loser: 'B1' });
  });
});

describe('§6 morale and victory', () => {
  it('a side with half its figures down breaks and loses at once', () => {
    const s = game(
      file(
        [
          [2, 2],
          [20, 20],
        ],
        [
          [3, 2],
          [22, 20],
        ],
      ),
    );
    const ev = act(s, { k: 'fight', t: 'B1' }, dice(6, 1));
    expect(ev.map((e) => e.e)).toEqual(['fight', 'down', 'broken', 'over']);
    expect(duel.outcome(s)).toEqual({ winner: 'red', reason: 'Blue broke' });
    expect(duel.evaluate(s, 'red')).toBe(1);
  });
});
