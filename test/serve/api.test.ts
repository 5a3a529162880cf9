/**
 * `serve`'s safety (issue 15): every request checked (bad ones answered 4xx with a reason), saves
 * confined to one folder, a client that goes away mid-turn loses nothing, several tabs play
 * independent games, and the agent thinks off the server's event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { GameView, SetupAnswer, StepAnswer } from '../../src/serve/protocol.js';
import { parseRecord } from '../../src/core/record.js';
import { verifyRecord } from '../../src/replay.js';
import { levelsOf } from '../../src/core/levels.js';
import { getRuleset } from '../../src/rules/index.js';

let app: FastifyInstance;
const root = mkdtempSync(join(tmpdir(), 'skirmish-serve-'));
const saves = join(root, 'saves');

beforeAll(async () => {
  app = await buildApp({ saves, maxGames: 6, loopbackOnly: true });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await app.inject({
    method,
    url,
    headers: { host: '127.0.0.1:8080', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  let json: Record<string, unknown>;
  try {
    json = res.json();
  } catch {
    json = { text: res.body };
  }
  return { status: res.statusCode, json };
}

async function newGame(seed = 5, opponent = 'normal'): Promise<GameView> {
  const r = await call('POST', '/api/games', { scenario: 'pirates/supply-raid', side: 'pirates', opponent, seed });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as unknown as GameView;
}

/** Play the AI until it is the person's decision. */
async function toPerson(v: GameView): Promise<GameView> {
  if (v.turn !== 'ai') return v;
  const r = await call('POST', `/api/games/${v.id}/agent`, { until: 'person' });
  expect(r.status).toBe(200);
  return (r.json as unknown as StepAnswer).view;
}

describe('serve: bad requests are answered 4xx with a reason', () => {
  it('the setup lists every two-sided built-in scenario with a view, and the opponents by level', async () => {
    const r = await call('GET', '/api/setup');
    expect(r.status).toBe(200);
    const s = r.json as unknown as SetupAnswer;
    expect(s.scenarios.map((x) => x.id)).toContain('pirates/supply-raid');
    expect(s.opponents.map((o) => o.id)).toEqual(expect.arrayContaining(['random', 'greedy', 'heuristic', 'mcts']));
    // The levels are each ruleset's own: every ruleset of a scenario offers the four, with its specs.
    for (const sc of s.scenarios) {
      const levels = s.rulesets.find((r) => r.id === sc.ruleset)?.levels ?? [];
      expect(
        levels.map((l) => l.id),
        sc.id,
      ).toEqual(['easy', 'normal', 'hard', 'expert']);
    }
  });

  it('a level plays its ruleset’s spec: expert on the Mill Bridge is Escarmouche’s expert, on the Supply Raid the Pirates! one', async () => {
    const s = (await call('GET', '/api/setup')).json as unknown as SetupAnswer;
    for (const [scenario, side] of [
      ['escarmouche/mill-bridge', 'royalists'],
      ['pirates/supply-raid', 'pirates'],
    ]) {
      const ruleset = scenario.split('/')[0];
      const expert = s.rulesets.find((r) => r.id === ruleset)!.levels.find((l) => l.id === 'expert')!;
      const r = await call('POST', '/api/games', { scenario, side, opponent: 'expert', seed: 3 });
      expect(r.status, scenario).toBe(201);
      expect((r.json as unknown as GameView).opponent).toBe(expert.spec);
      expect(expert.spec).toBe(levelsOf(getRuleset(ruleset)).expert);
      await call('DELETE', `/api/games/${String(r.json.id)}`);
    }
  });

  it.each([
    ['unknown route', 'GET', '/api/nothing', undefined, 404, /nothing at GET/],
    ['no body', 'POST', '/api/games', undefined, 400, /bad new game/],
    ['missing field', 'POST', '/api/games', { scenario: 'pirates/supply-raid', opponent: 'normal' }, 400, /at side/],
    [
      'extra field',
      'POST',
      '/api/games',
      { scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'normal', evil: 1 },
      400,
      /bad new game/,
    ],
    ['a scenario path', 'POST', '/api/games', { scenario: '../../etc/passwd', side: 'pirates', opponent: 'normal' }, 400, /at scenario/],
    [
      'an unknown scenario',
      'POST',
      '/api/games',
      { scenario: 'pirates/no-such', side: 'pirates', opponent: 'normal' },
      400,
      /no built-in scenario/,
    ],
    ['an unknown side', 'POST', '/api/games', { scenario: 'pirates/supply-raid', side: 'navy', opponent: 'normal' }, 400, /not a side/],
    [
      'an agent file as opponent',
      'POST',
      '/api/games',
      { scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'agents/examples/cautious.ts' },
      400,
      /at opponent/,
    ],
    [
      'a seed that is not a whole number',
      'POST',
      '/api/games',
      { scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'normal', seed: 1.5 },
      400,
      /at seed/,
    ],
    ['broken JSON', 'POST', '/api/games', '{"scenario":', 400, /JSON/],
    ['a malformed game id', 'GET', '/api/games/..%2F..%2Fetc', undefined, 400, /not a game id/],
    ['an unknown game', 'GET', '/api/games/g0123456789abcdef', undefined, 404, /no open game/],
    ['a bad load name', 'POST', '/api/load', { name: '../../x' }, 400, /letters, digits/],
  ])('%s', async (_what, method, url, body, status, reason) => {
    const r = await call(method as 'GET' | 'POST', url, body);
    expect(r.status).toBe(status);
    expect(String(r.json.error)).toMatch(reason);
  });

  it('a request naming another host is refused (no DNS rebinding onto the loopback app)', async () => {
    const r = await call('GET', '/api/setup', undefined, { host: 'attacker.example:8080' });
    expect(r.status).toBe(403);
    expect(String(r.json.error)).toMatch(/only to this machine/);
  });

  it('actions: not legal, not the person’s turn, bad coordinates, after the end', async () => {
    const v = await toPerson(await newGame(11));
    expect(v.turn).toBe('you');
    const bad = await call('POST', `/api/games/${v.id}/act`, { key: 'teleport:home' });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).toMatch(/not one of the actions/);
    const both = await call('POST', `/api/games/${v.id}/act`, { key: v.actions[0].key, x: 1 });
    expect(both.status).toBe(400);
    const nan = await call('POST', `/api/games/${v.id}/act`, { x: 'a', y: 2 });
    expect(nan.status).toBe(400);
    // A band-level decision takes no exact coordinates: the reason says what to do instead.
    const exact = await call('POST', `/api/games/${v.id}/act`, { x: 10, y: 10 });
    expect(exact.status).toBe(400);
    expect(String(exact.json.error)).toMatch(/choose one of the actions/);
    const agent = await call('POST', `/api/games/${v.id}/agent`, { until: 'step' });
    expect(agent.status).toBe(409);
    expect(String(agent.json.error)).toMatch(/your turn/);
    const resign = await call('POST', `/api/games/${v.id}/resign`, {});
    expect(resign.status).toBe(200);
    expect((resign.json as unknown as StepAnswer).view.turn).toBe('over');
    const after = await call('POST', `/api/games/${v.id}/act`, { key: v.actions[0].key });
    expect(after.status).toBe(409);
    expect(String(after.json.error)).toMatch(/over/);
    expect((await call('DELETE', `/api/games/${v.id}`)).status).toBe(200);
  }, 60_000);
});

describe('serve: undo', () => {
  it("under band orders names the person's own order, described as chosen (not the figures' moves after it)", async () => {
    let v = await toPerson(await newGame(5));
    const pick = async (words: string): Promise<void> => {
      const a = v.actions.find((x) => x.words === words);
      expect(a, `${words} among ${v.actions.map((x) => x.words).join(' | ')}`).toBeDefined();
      const r = await call('POST', `/api/games/${v.id}/act`, { key: a!.key });
      expect(r.status).toBe(200);
      v = await toPerson((r.json as unknown as StepAnswer).view);
    };
    // Each order names its band: forming it (or choosing it) and its order are one decision.
    await pick('Black Coat (P01, cutlass): stay put (Form a new band of 1 from schooner (1 cutlass))'); // a band of one: its figure's action
    await pick(
      'Band 1 (2 cutlasses, 1 pistol, 1 knife): move together toward warehouse 1, up to 15 in (Form a new band of 4 from schooner (2 cutlasses, 1 knife, 1 pistol))',
    );
    const taken: string[] = [];
    for (let k = 0; k < 2; k++) {
      const r = await call('POST', `/api/games/${v.id}/undo`, {});
      expect(r.status).toBe(200);
      taken.push((r.json as unknown as StepAnswer).view.log?.at(-1) ?? '');
    }
    expect(taken).toEqual([
      'Taken back: Band 1 (2 cutlasses, 1 pistol, 1 knife): move together toward warehouse 1, up to 15 in (Form a new band of 4 from schooner (2 cutlasses, 1 knife, 1 pistol)) — and what followed.',
      'Taken back: Black Coat (P01, cutlass): stay put (Form a new band of 1 from schooner (1 cutlass)) — and what followed.',
    ]);
    // Back at the person's first decision: nothing of theirs left to take back.
    expect((await call('POST', `/api/games/${v.id}/undo`, {})).status).toBe(409);
    expect((await call('DELETE', `/api/games/${v.id}`)).status).toBe(200);
  }, 60_000);
});

describe("serve: a resigned game's record", () => {
  it('ends with a stop line naming who resigned, verifies up to it, and loads again as a game in progress', async () => {
    const v = await toPerson(await newGame(9));
    const played = await call('POST', `/api/games/${v.id}/act`, { key: v.actions[0].key });
    expect(played.status).toBe(200);
    expect((await call('POST', `/api/games/${v.id}/resign`, {})).status).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/games/${v.id}/record`, headers: { host: '127.0.0.1:8080' } });
    expect(res.statusCode).toBe(200);
    const lines = parseRecord(res.body, 'resigned.jsonl');
    const decisions = lines.filter((l) => l.t === 'decision').length;
    expect(lines.at(-1)).toEqual({ t: 'stop', reason: 'resigned', side: 'pirates', decisions, message: 'pirates resigned' });
    const verified = verifyRecord(lines, 'resigned.jsonl');
    expect(verified).toMatchObject({ ok: true, decisions, stopped: { reason: 'resigned' } });
    // Saved and loaded: the resignation is taken back, the game goes on from there.
    expect((await call('POST', `/api/games/${v.id}/save`, { name: 'resigned-1' })).status).toBe(200);
    const loaded = await call('POST', '/api/load', { name: 'resigned-1' });
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(201);
    const lv = loaded.json as unknown as GameView;
    expect(lv.decisions).toBe(decisions);
    expect(lv.turn).not.toBe('over');
    for (const id of [v.id, lv.id]) expect((await call('DELETE', `/api/games/${id}`)).status).toBe(200);
    rmSync(join(saves, 'resigned-1.jsonl')); // the save-folder tests below count the folder's files
  }, 60_000);
});

describe('serve: saves stay in one folder', () => {
  it.each(['../escape', '..', 'a/b', '/etc/passwd', 'x\\..\\y', '.hidden', '', 'a'.repeat(65), 'name.jsonl'])(
    'refuses the save name %j',
    async (name) => {
      const r = await call('POST', '/api/load', { name });
      expect(r.status).toBe(400);
    },
  );

  it('saves by name into the folder, loads it back as a new game that goes on from there', async () => {
    const v = await toPerson(await newGame(21));
    const played = await call('POST', `/api/games/${v.id}/act`, { key: v.actions[0].key });
    expect(played.status).toBe(200);
    const at = (played.json as unknown as StepAnswer).view.decisions;
    const bad = await call('POST', `/api/games/${v.id}/save`, { name: '../../outside' });
    expect(bad.status).toBe(400);
    expect(existsSync(join(root, 'outside.jsonl'))).toBe(false);
    const ok = await call('POST', `/api/games/${v.id}/save`, { name: 'first_game-1' });
    expect(ok.status).toBe(200);
    expect(readdirSync(saves)).toEqual(['first_game-1.jsonl']);
    const loaded = await call('POST', '/api/load', { name: 'first_game-1' });
    expect(loaded.status).toBe(201);
    const lv = loaded.json as unknown as GameView;
    expect(lv.id).not.toBe(v.id);
    expect(lv.decisions).toBe(at);
    const missing = await call('POST', '/api/load', { name: 'no-such-save' });
    expect(missing.status).toBe(404);
    // A file that is not a record is refused with its reason, and no game is opened for it.
    writeFileSync(join(saves, 'junk.jsonl'), 'not json\n');
    const junk = await call('POST', '/api/load', { name: 'junk' });
    expect(junk.status).toBe(400);
    expect(String(junk.json.error)).toMatch(/junk\.jsonl/);
    await call('DELETE', `/api/games/${v.id}`);
    await call('DELETE', `/api/games/${lv.id}`);
  }, 60_000);
});

describe('serve: tabs, disconnects and the event loop', () => {
  it('two tabs play independent games', async () => {
    const [a, b] = await Promise.all([newGame(7), newGame(7)]);
    expect(a.id).not.toBe(b.id);
    const a1 = await toPerson(a);
    const b1 = await toPerson(b);
    expect(b1.decisions).toBe(a1.decisions); // the same deal so far
    const acted = await call('POST', `/api/games/${a1.id}/act`, { key: a1.actions[a1.actions.length - 1].key });
    expect(acted.status).toBe(200);
    const bNow = (await call('GET', `/api/games/${b1.id}`)).json as unknown as GameView;
    expect(bNow.decisions).toBe(b1.decisions); // b is untouched by a's move
    expect(bNow.svg).toBe(b1.svg);
    const setup = (await call('GET', '/api/setup')).json as unknown as SetupAnswer;
    expect(setup.games.map((g) => g.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await call('DELETE', `/api/games/${a.id}`);
    await call('DELETE', `/api/games/${b.id}`);
  }, 60_000);

  it('a client that disconnects mid-turn loses nothing: the game is reopened where it stands, and goes on', async () => {
    const server = await buildApp({ saves, loopbackOnly: true });
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const post = (path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> =>
        new Promise((ok, fail) => {
          const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => ok({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
          });
          req.on('error', fail);
          req.end(JSON.stringify(body));
        });
      const created = await post('/api/games', { scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'normal', seed: 9 });
      const v = created.json as unknown as GameView;
      expect(v.turn).toBe('ai');
      // The page asks for the AI's turn, then goes away before the answer.
      await new Promise<void>((done) => {
        const req = request({
          host: '127.0.0.1',
          port,
          path: `/api/games/${v.id}/agent`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        req.on('error', () => done());
        req.end(JSON.stringify({ until: 'person' }), () => {
          setImmediate(() => {
            req.destroy();
            done();
          });
        });
      });
      // Reopened (a reload of the page: GET by id) — queued behind the abandoned request, so it sees its result.
      const again = await new Promise<GameView>((ok, fail) => {
        request({ host: '127.0.0.1', port, path: `/api/games/${v.id}`, method: 'GET' }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => ok(JSON.parse(text) as GameView));
        })
          .on('error', fail)
          .end();
      });
      expect(again.id).toBe(v.id);
      expect(again.turn).toBe('you');
      expect(again.decisions).toBeGreaterThan(0);
      const next = await post(`/api/games/${v.id}/act`, { key: again.actions[0].key });
      expect(next.status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('the agent thinks on the game’s thread: other requests are answered while it decides', async () => {
    const v = await newGame(3, 'hard');
    expect(v.turn).toBe('ai');
    const order: string[] = [];
    const thinking = call('POST', `/api/games/${v.id}/agent`, { until: 'step' }).then((r) => {
      order.push('agent');
      return r;
    });
    const other = call('GET', '/api/setup').then((r) => {
      order.push('setup');
      return r;
    });
    const [t, o] = await Promise.all([thinking, other]);
    expect(t.status).toBe(200);
    expect(o.status).toBe(200);
    expect(order).toEqual(['setup', 'agent']);
    await call('DELETE', `/api/games/${v.id}`);
  }, 60_000);

  it('refuses more games than the limit with 429', async () => {
    const small = await buildApp({ saves, maxGames: 1 });
    try {
      const body = JSON.stringify({ scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'random', seed: 1 });
      const headers = { 'content-type': 'application/json' };
      expect((await small.inject({ method: 'POST', url: '/api/games', headers, payload: body })).statusCode).toBe(201);
      const r = await small.inject({ method: 'POST', url: '/api/games', headers, payload: body });
      expect(r.statusCode).toBe(429);
      expect(String(r.json().error)).toMatch(/at most 1 game/);
    } finally {
      await small.close();
    }
  }, 60_000);
});
