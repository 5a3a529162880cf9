/**
 * The AI's turn shown on the table (issue 41, "the AI's turn shown"): every AI decision's answer
 * carries the marks of what it did — ways from where a figure stood to where it ended, shots and
 * melees from attacker to target with their result — from the ruleset's typed events (`view.marks`),
 * in every ruleset. A way ends where the figure then stands; an attack's mark joins the two figures'
 * places; the person's own decisions carry none.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import type { DrawnMark, GameView, StepReport } from '../../src/serve/protocol.js';
import { DecisionMarks } from '../../src/serve/marks.js';
import { aiShapes, RESULT_PX } from '../../src/web/aimarks.js';
import { GameSession, makeAgents } from '../../src/core/game.js';
import type { GameEvent, Json } from '../../src/core/model.js';
import type { SceneMark } from '../../src/core/scene.js';
import { resolveBuiltinAgent } from '../../agents/index.js';

/** Scenario, the person's side, seed (chosen before running), and how many decisions of the person to play at most. */
const GAMES: [scenario: string, side: string, seed: number][] = [
  ['pirates/supply-raid', 'townsfolk', 3],
  ['escarmouche/mill-bridge', 'royalists', 3],
  ['pig-wars/farmstead-raid', 'saxons', 3],
  ['pig-wars-pirates/kershner-supply-raid', 'townsfolk', 3],
  ['state-of-war/wagon-raid', 'union', 3],
];

describe('the marks of one decision (src/serve/marks.ts)', () => {
  it('starts a way that names only its end where the figure stood, and an attack after a charge at the charge’s end', () => {
    const m = new DecisionMarks();
    m.begin({
      width: 10,
      height: 10,
      caption: '',
      sides: [],
      areas: [],
      markers: [],
      info: [],
      figures: [
        {
          id: 'A',
          name: 'A',
          x: 1,
          y: 1,
          r: 0.5,
          side: 'a',
          band: null,
          status: 'active',
          onTable: true,
          markers: [],
          badge: '',
          highlighted: false,
          current: false,
        },
        {
          id: 'B',
          name: 'B',
          x: 5,
          y: 1,
          r: 0.5,
          side: 'b',
          band: null,
          status: 'active',
          onTable: true,
          markers: [],
          badge: '',
          highlighted: false,
          current: false,
        },
        {
          id: 'C',
          name: 'C',
          x: 0,
          y: 0,
          r: 0.5,
          side: 'b',
          band: null,
          status: 'gone',
          onTable: false,
          markers: [],
          badge: '',
          highlighted: false,
          current: false,
        },
      ],
    });
    m.add([{ kind: 'path', figure: 'A', how: 'charge', points: [[4, 1]] }]);
    m.add([{ kind: 'melee', from: 'A', to: 'B', result: 'killed', hit: true }]);
    m.add([{ kind: 'shot', from: 'C', to: 'B', result: 'missed', hit: false }]); // C is off the table: not drawn
    expect(m.take()).toEqual<DrawnMark[]>([
      {
        kind: 'path',
        figures: ['A'],
        points: [
          [1, 1],
          [4, 1],
        ],
        how: 'charge',
        result: '',
        hit: false,
      },
      {
        kind: 'melee',
        figures: ['A', 'B'],
        points: [
          [4, 1],
          [5, 1],
        ],
        how: '',
        result: 'killed',
        hit: true,
      },
    ]);
    expect(m.take()).toEqual([]);
    m.add([
      {
        kind: 'path',
        figure: 'A',
        how: 'move',
        points: [
          [0, 0],
          [1, 1],
        ],
      },
    ]); // not following a decision
    expect(m.take()).toEqual([]);
  });
});

describe('the AI’s decisions carry their marks, in every ruleset', () => {
  it.each(GAMES)(
    '%s (the person as %s, seed %i): ways end where the figure stands, attacks join attacker and target',
    async (scenario, side, seed) => {
      const h = await GameHost.create('g0000000000000041', loadScenario(scenario), seed, side, 'heuristic', 'band');
      let v: GameView = h.view();
      const kinds = new Set<string>();
      let aiSteps = 0;
      let checkedEnds = 0;
      for (let i = 0; i < 400 && v.turn !== 'over' && !(kinds.has('path') && (kinds.has('shot') || kinds.has('melee'))); i++) {
        if (v.turn === 'you') {
          const a = h.act({ key: v.actions.find((x) => x.suggested)!.key });
          for (const s of a.steps) expect(s.marks, `${s.who}: ${s.words}`).toEqual([]);
          v = a.view;
          continue;
        }
        const a = await h.agent('step');
        const ai = a.steps.filter((s: StepReport) => s.who === 'ai');
        expect(ai).toHaveLength(1);
        aiSteps++;
        const step = ai[0];
        const after = h.view().figures; // band orders after the AI's step move only the person's figures
        for (const m of step.marks) {
          kinds.add(m.kind);
          expect(m.points.length, JSON.stringify(m)).toBeGreaterThanOrEqual(2);
          for (const p of m.points) {
            expect(p[0]).toBeGreaterThanOrEqual(-1);
            expect(p[0]).toBeLessThanOrEqual(v.width + 1);
            expect(p[1]).toBeGreaterThanOrEqual(-1);
            expect(p[1]).toBeLessThanOrEqual(v.height + 1);
          }
          if (m.kind !== 'path') {
            expect(m.figures).toHaveLength(2);
            expect(m.result).not.toBe('');
          }
        }
        // The last way of each figure ends where it stands after the decision (when it stands on the table).
        const lastWay = new Map<string, DrawnMark>();
        for (const m of step.marks) if (m.kind === 'path') lastWay.set(m.figures[0], m);
        for (const [id, m] of lastWay) {
          const f = after.find((x) => x.id === id);
          if (!f || !f.onTable) continue;
          const end = m.points[m.points.length - 1];
          expect(Math.hypot(end[0] - f.x, end[1] - f.y), `${id} ${JSON.stringify(m)} — ${step.events.join(' / ')}`).toBeLessThan(0.02);
          checkedEnds++;
        }
        v = a.view;
      }
      expect(aiSteps).toBeGreaterThan(0);
      expect(checkedEnds).toBeGreaterThan(0);
      expect(kinds.has('path')).toBe(true);
      expect(kinds.has('shot') || kinds.has('melee')).toBe(true);
    },
    300_000,
  );
});

describe('the AI’s marks as shapes of the overlay (src/web/aimarks.ts)', () => {
  const way: DrawnMark = {
    kind: 'path',
    figures: ['T01'],
    points: [
      [1, 1],
      [3, 1],
      [3, 4],
    ],
    how: 'charge',
    result: '',
    hit: false,
  };
  const shot: DrawnMark = {
    kind: 'shot',
    figures: ['P02', 'T01'],
    points: [
      [10, 4],
      [3, 4],
    ],
    how: '',
    result: 'killed',
    hit: true,
  };

  it('draws a way from a ring where the figure stood, along its corners, to an arrowhead where it ended', () => {
    const shapes = aiShapes([{ marks: [way], latest: true }], 20);
    const line = shapes.find((s) => s.tag === 'polyline');
    expect(line?.attrs.points).toBe('1,1 3,1 3,4');
    expect(line?.attrs.class).toBe('ai-path ai-charge ai-new');
    expect(shapes.find((s) => s.tag === 'circle')?.attrs).toMatchObject({ cx: 1, cy: 1 });
    // The arrowhead's point is the end; its base 10 px (0.5 in at 20 px an inch) back along the last leg.
    const head = shapes.find((s) => s.tag === 'polygon');
    expect(String(head?.attrs.points).split(' ')[0]).toBe('3,4');
    expect(String(head?.attrs.points)).toContain(',3.5');
  });

  it('draws a shot from shooter to target with its result above the target at 11 px, in the target’s name', () => {
    const shapes = aiShapes([{ marks: [shot], latest: true }], 20, new Map([['T01', 'Mayor']]));
    expect(shapes.find((s) => s.tag === 'line')?.attrs).toMatchObject({ x1: 10, y1: 4, x2: 3, y2: 4, class: 'ai-shot ai-hit ai-new' });
    const label = shapes.find((s) => s.tag === 'text');
    expect(label?.text).toBe('➶ Mayor: killed');
    expect(Number(label?.attrs['font-size']) * 20).toBeCloseTo(RESULT_PX, 9);
    expect(RESULT_PX).toBeGreaterThanOrEqual(10);
  });

  it('fades the earlier decisions of the turn, and keeps the latest result where two labels would overlap', () => {
    const older: DrawnMark = { ...shot, result: 'missed', hit: false };
    const shapes = aiShapes(
      [
        { marks: [older], latest: false },
        { marks: [shot], latest: true },
      ],
      20,
    );
    expect(shapes.filter((s) => s.tag === 'line').map((s) => s.attrs.class)).toEqual(['ai-shot ai-old', 'ai-shot ai-hit ai-new']);
    expect(shapes.filter((s) => s.tag === 'text').map((s) => s.text)).toEqual(['➶ T01: killed']);
  });
});

describe('State of War push backs are drawn (quick reference, melee results: "P/B = Push back 2 cms. Unengaged men behind are moved back also")', () => {
  it('a shift mark starts where the figure stood and goes by its push', () => {
    const m = new DecisionMarks();
    const fig = (id: string, x: number, y: number) => ({
      id,
      name: id,
      x,
      y,
      r: 0.5,
      side: 'a',
      band: null,
      status: 'active',
      onTable: true,
      markers: [],
      badge: '',
      highlighted: false,
      current: false,
    });
    m.begin({ width: 10, height: 10, caption: '', sides: [], areas: [], markers: [], info: [], figures: [fig('A', 1, 1), fig('B', 3, 1)] });
    m.add([{ kind: 'path', figure: 'A', how: 'charge', points: [[2, 1]] }]);
    m.add([{ kind: 'shift', figure: 'A', how: 'pushed', by: [-2, 0] }]);
    m.add([{ kind: 'shift', figure: 'Z', how: 'pushed', by: [1, 0] }]); // unknown figure: not drawn
    expect(m.take().map((d) => [d.how, d.points])).toEqual([
      [
        'charge',
        [
          [1, 1],
          [2, 1],
        ],
      ],
      [
        'pushed',
        [
          [2, 1],
          [0, 1],
        ],
      ],
    ]);
  });

  it('heuristic Wagon Raid games (seeds 1-10): every figure a push moved has a pushed way ending where it then stands', () => {
    const sc = loadScenario('state-of-war/wagon-raid');
    const r = sc.ruleset;
    const h = resolveBuiltinAgent('heuristic');
    let pushed = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const sides = r.sides(sc.compiled);
      const agents = makeAgents(sc, seed, Object.fromEntries(sides.map((s) => [s, h])), 1);
      const marks = new DecisionMarks();
      let moved: string[] = [];
      const g = new GameSession(sc, seed, Object.fromEntries(sides.map((s) => [s, 'heuristic'])), {
        onEvent: (e: GameEvent) => {
          const ev = e as { e: string; moved?: string[]; blocked?: boolean };
          if (ev.e === 'push' && ev.blocked === false) moved.push(...(ev.moved ?? []));
          marks.add(r.view!.marks!(sc.compiled, e) as SceneMark[]);
        },
      });
      while (g.current() !== null) {
        const side = g.current()!;
        const legal = g.legal();
        marks.begin(r.view!.scene(g.state));
        moved = [];
        g.submit(agents[side].decide({ ruleset: r, state: g.state, side, legal }) as Json, legal); // the heuristic decides at once
        const drawn = marks.take();
        const after = r.view!.scene(g.state).figures;
        for (const id of new Set(moved)) {
          const ways = drawn.filter((d) => d.kind === 'path' && d.figures[0] === id);
          expect(
            ways.some((d) => d.how === 'pushed'),
            id,
          ).toBe(true);
          const f = after.find((x) => x.id === id)!;
          const end = ways[ways.length - 1].points[1];
          if (f.onTable) expect(Math.hypot(end[0] - f.x, end[1] - f.y), id).toBeLessThan(0.02);
          pushed++;
        }
      }
    }
    expect(pushed).toBeGreaterThan(0);
  }, 300_000);
});
