/**
 * Issue 41, "a measuring tool and line-of-sight check": `POST /api/games/:id/sight` measures the
 * line between two ends (figures or table points) in the ruleset's unit and says, by that ruleset's
 * own rules (its `view.sight`, on the table kit's sight queries), whether anything blocks sight and
 * what cover a target figure has. Every line below is chosen from the scenario file's terrain:
 * one crosses a building (or a wood, where the rules say woods block) and one passes in the open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { GameView, SightAnswer } from '../../src/serve/protocol.js';
import { gameStream } from '../../src/core/rng.js';
import { loadScenario } from '../../src/rules/index.js';
import type { ScenePoint, SightEnd } from '../../src/core/scene.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ saves: join(mkdtempSync(join(tmpdir(), 'skirmish-sight-')), 'saves'), maxGames: 8, loopbackOnly: true });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await app.inject({
    method,
    url,
    headers: { host: '127.0.0.1:8080', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

const games = new Map<string, GameView>();
async function game(scenario: string): Promise<GameView> {
  const had = games.get(scenario);
  if (had) return had;
  const setup = (await call('GET', '/api/setup')).json as unknown as { scenarios: { id: string; sides: { id: string }[] }[] };
  const side = setup.scenarios.find((s) => s.id === scenario)!.sides[0].id;
  const r = await call('POST', '/api/games', { scenario, side, opponent: 'normal', seed: 1 });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const v = r.json as unknown as GameView;
  games.set(scenario, v);
  return v;
}

async function sight(v: GameView, from: SightEnd, to: SightEnd): Promise<SightAnswer> {
  const r = await call('POST', `/api/games/${v.id}/sight`, { from, to });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as unknown as SightAnswer;
}

const at = (p: ScenePoint): SightEnd => ({ at: p });

/**
 * Per ruleset: a line blocked by what the rules say blocks (and its name), and a clear one, with
 * the section that says so. Points in the table's unit, read off the scenario file's terrain.
 */
const LINES: {
  scenario: string;
  units: string;
  blocked: [ScenePoint, ScenePoint, string];
  clear: [ScenePoint, ScenePoint];
  why: string;
}[] = [
  {
    // warehouse-1 is the building [[17,2],[27,11]]; y = 13.5 runs down the lane between it and
    // warehouse-2 (y ≥ 16), through the cart (cover, not a building: it does not block, §7).
    scenario: 'pirates/supply-raid',
    units: 'in',
    blocked: [[14, 6.5], [30, 6.5], 'warehouse 1'],
    clear: [
      [14, 13.5],
      [31, 13.5],
    ],
    why: '§7',
  },
  {
    // The mill [[26,9],[30,13]] blocks sight (blocksSight); y = 16 is the road over Mill Bridge, clear
    // of the copses, orchards, the mill and the miller's house; the hills do not block ([E34]).
    scenario: 'escarmouche/mill-bridge',
    units: 'in',
    blocked: [[28, 8], [28, 14.5], 'the mill'],
    clear: [
      [5, 16],
      [45, 16],
    ],
    why: '[E34]',
  },
  {
    // The hall [[36,7],[44,13]] is a building; the oak wood [[13,2],[21,9]] is not: in Pig Wars only
    // buildings block sight ([R13]).
    scenario: 'pig-wars/farmstead-raid',
    units: 'in',
    blocked: [[34, 10], [46, 10], 'hall'],
    clear: [
      [10, 5],
      [24, 5],
    ],
    why: '[R13]',
  },
  {
    // The Kershner raid is fought in the Supply Raid's harbour (its terrain by `inherit`).
    scenario: 'pig-wars-pirates/kershner-supply-raid',
    units: 'in',
    blocked: [[14, 6.5], [30, 6.5], 'warehouse 1'],
    clear: [
      [14, 13.5],
      [31, 13.5],
    ],
    why: '[R13]',
  },
  {
    // The farmhouse [[122,28],[142,46]] is a building; y = 60 cm from x 100 to 140 crosses nothing.
    scenario: 'state-of-war/wagon-raid',
    units: 'cm',
    blocked: [[115, 37], [150, 37], 'the farmhouse'],
    clear: [
      [100, 60],
      [140, 60],
    ],
    why: '[W14]',
  },
];

describe('serve: measuring and line of sight, by each ruleset’s rules', () => {
  it.each(LINES.map((l) => [l.scenario, l] as const))(
    '%s: a line across a building is blocked and named, a line in the open is clear, in the ruleset’s unit',
    async (_id, l) => {
      const v = await game(l.scenario);
      expect(v.sight).toBe(true);
      const b = await sight(v, at(l.blocked[0]), at(l.blocked[1]));
      expect(b.units).toBe(l.units);
      expect(b.clear).toBe(false);
      expect(b.blockedBy).toBe(l.blocked[2]);
      expect(b.distance).toBeCloseTo(Math.hypot(l.blocked[1][0] - l.blocked[0][0], l.blocked[1][1] - l.blocked[0][1]), 2);
      expect(b.gap).toBeNull(); // two points: no bases
      expect(b.cover).toBeNull();
      expect(b.rules).toContain(l.why);
      const c = await sight(v, at(l.clear[0]), at(l.clear[1]));
      expect(c.clear).toBe(true);
      expect(c.blockedBy).toBeNull();
      expect(c.distance).toBeCloseTo(Math.hypot(l.clear[1][0] - l.clear[0][0], l.clear[1][1] - l.clear[0][1]), 2);
    },
    60_000,
  );

  it('State of War: a wood blocks a line through it, but not one from a figure standing in it ([W14])', async () => {
    const v = await game('state-of-war/wagon-raid');
    // Hatcher's wood [[40,8],[76,8],[82,34],[46,40]]: y = 24 cm crosses it from x 30 to 90.
    const through = await sight(v, at([30, 24]), at([90, 24]));
    expect(through.clear).toBe(false);
    expect(through.blockedBy).toBe("Hatcher's wood");
    const fromInside = await sight(v, at([60, 24]), at([90, 24]));
    expect(fromInside.clear).toBe(true);
  }, 60_000);

  it('between two figures: centre to centre and base edge to base edge, and the figures named must be on the table', async () => {
    const v = await game('pirates/supply-raid');
    const [a, b] = v.figures.filter((f) => f.onTable);
    const s = await sight(v, { figure: a.id }, { figure: b.id });
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    expect(s.from).toEqual([a.x, a.y]);
    expect(s.distance).toBeCloseTo(d, 2);
    expect(s.gap).toBeCloseTo(d - a.r - b.r, 2);
    const none = await call('POST', `/api/games/${v.id}/sight`, { from: { figure: 'nobody' }, to: { at: [1, 1] } });
    expect(none.status).toBe(404);
    expect(String(none.json.error)).toMatch(/no figure "nobody"/);
    const bad = await call('POST', `/api/games/${v.id}/sight`, { from: { at: [1] }, to: { at: [1, 1] } });
    expect(bad.status).toBe(400);
  }, 60_000);
});

describe('view.sight: cover of a target figure, by each ruleset’s rule', () => {
  /** A set-up state of `scenario` with figures moved to the points given (id → [x, y]). */
  function placed(scenario: string, where: (ids: string[]) => Record<string, ScenePoint>) {
    const sc = loadScenario(scenario);
    const r = sc.ruleset;
    const s = r.setup(sc.compiled, { rng: gameStream(1) });
    const figs = r.view!.scene(s).figures;
    const xy = s as unknown as { x: number[]; y: number[] };
    const ids = figs.map((f) => f.id);
    const moved = where(ids);
    for (const [id, p] of Object.entries(moved)) {
      const i = ids.indexOf(id);
      xy.x[i] = p[0];
      xy.y[i] = p[1];
    }
    return { see: (a: string, b: string) => r.view!.sight!(s, { figure: a }, { figure: b }), moved: Object.keys(moved) };
  }

  it('Pirates!: a defender touching the crates between it and the shooter is in cover (§5.B(2)); from the far side it is not', () => {
    // crates-1 [[10,13],[12,15]]: a defender at (12.4, 14) touches it (base radius 0.5 in).
    const { see, moved } = placed('pirates/supply-raid', (ids) => ({ [ids[0]]: [6, 14], [ids[ids.length - 1]]: [12.4, 14] }));
    const [shooter, target] = moved;
    expect(see(shooter, target)?.cover).toMatch(/in cover behind crates.*§5\.B\(2\)/);
    const { see: again, moved: m2 } = placed('pirates/supply-raid', (ids) => ({ [ids[0]]: [20, 14], [ids[ids.length - 1]]: [12.4, 14] }));
    expect(again(m2[0], m2[1])?.cover).toBeNull();
  });

  it('State of War: a target touching the creek bank has soft cover, d6 ([W17]); in the open none', () => {
    // creek-bank [[97,0],[100,0],[102,120],[99,120]]: a target at (101, 60) touches it.
    const { see, moved } = placed('state-of-war/wagon-raid', (ids) => ({ [ids[0]]: [120, 60], [ids[ids.length - 1]]: [101.5, 60] }));
    expect(see(moved[0], moved[1])?.cover).toMatch(/^soft cover \(the creek bank\): cover die d6 .*\[W17\]/);
    const open = placed('state-of-war/wagon-raid', (ids) => ({ [ids[0]]: [120, 60], [ids[ids.length - 1]]: [130, 62] }));
    expect(open.see(open.moved[0], open.moved[1])?.cover).toBeNull();
  });

  it('Pig Wars: a target in the oak wood is in cover whoever shoots ([R14])', () => {
    const { see, moved } = placed('pig-wars/farmstead-raid', (ids) => ({ [ids[0]]: [30, 5], [ids[ids.length - 1]]: [17, 5] }));
    expect(see(moved[0], moved[1])?.cover).toMatch(/^in cover \(oak wood\): its protection one level up \[R14\]/);
  });
});
