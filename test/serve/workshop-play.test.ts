/**
 * Issue 44 item 2, "try it": "play it" opens a workshop scenario (a file of `--scenarios DIR` or
 * unsaved JSON) as a game against an AI through `POST /api/games`, the game plays exactly that
 * scenario, and "play again" of it plays it again (`{ game }`); "watch AI vs AI" plays one game on
 * the spot on a worker thread — the same game `run --time-limit` plays with the same agents and
 * seed — bounded in all, one at a time, shown in the replay viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { GameView } from '../../src/serve/protocol.js';
import type { WatchView } from '../../src/serve/workshop-protocol.js';
import { WatchGames } from '../../src/serve/watch.js';
import { HostError } from '../../src/serve/games.js';
import { canonicalJson } from '../../src/core/hash.js';
import { parseRecord } from '../../src/core/record.js';
import { loadScenario } from '../../src/rules/index.js';
import { cli } from '../runner/helpers.js';

const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-play-'));
const folder = join(root, 'scenarios');
const runs = join(root, 'runs');
mkdirSync(folder);
const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as Record<string, unknown>;
const mine = { ...raw, id: 'my-raid', name: 'My Raid' };
writeFileSync(join(folder, 'my-raid.json'), `${JSON.stringify(mine, null, 2)}\n`);

let app: FastifyInstance;
let off: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ saves: join(root, 'saves'), maxGames: 4, loopbackOnly: true, workshop: { scenarios: folder, runs, workers: 1 } });
  off = await buildApp({ saves: join(root, 'saves'), maxGames: 1, loopbackOnly: true });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await off?.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  on: FastifyInstance = app,
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const res = await on.inject({
    method,
    url,
    headers: { host: '127.0.0.1:8080', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: Record<string, unknown>;
  try {
    json = res.json();
  } catch {
    json = {};
  }
  return { status: res.statusCode, json, text: res.body };
}

/** An array nested `n` deep. */
function nested(n: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < n; i++) v = [v];
  return v;
}

/** The scenario a game's record embeds (its header's `scenarioData`). */
async function playedScenario(id: string): Promise<unknown> {
  const r = await call('GET', `/api/games/${id}/record`);
  expect(r.status).toBe(200);
  return (JSON.parse(r.text.split('\n')[0]) as { scenarioData: unknown }).scenarioData;
}

describe('play it: a workshop scenario as a game against an AI', () => {
  it('a file of the folder and unsaved JSON each open a game of exactly that scenario; play again plays it again', async () => {
    const byFile = await call('POST', '/api/games', { scenario: { file: 'my-raid.json' }, side: 'vikings', opponent: 'normal', seed: 3 });
    expect(byFile.status, JSON.stringify(byFile.json)).toBe(201);
    const v = byFile.json as unknown as GameView;
    expect(v).toMatchObject({ scenario: 'my-raid', name: 'My Raid', human: 'vikings', seed: 3 });
    expect(canonicalJson(await playedScenario(v.id))).toBe(canonicalJson(mine));

    const unsaved = { ...raw, id: 'unsaved-raid', name: 'Unsaved Raid' };
    const byData = await call('POST', '/api/games', { scenario: { data: unsaved }, side: 'saxons', opponent: 'random', seed: 4 });
    expect(byData.status, JSON.stringify(byData.json)).toBe(201);
    const u = byData.json as unknown as GameView;
    expect(u).toMatchObject({ scenario: 'unsaved-raid', name: 'Unsaved Raid', human: 'saxons' });
    expect(canonicalJson(await playedScenario(u.id))).toBe(canonicalJson(unsaved));

    // Play again (the play page's "again"): the scenario as the open game plays it, not a built-in of that id.
    const again = await call('POST', '/api/games', { scenario: { game: u.id }, side: 'vikings', opponent: 'normal', seed: 9 });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    const a = again.json as unknown as GameView;
    expect(a).toMatchObject({ scenario: 'unsaved-raid', human: 'vikings' });
    expect(canonicalJson(await playedScenario(a.id))).toBe(canonicalJson(unsaved));
    for (const id of [v.id, u.id, a.id]) expect((await call('GET', `/api/games/${id}`)).status).toBe(200);
    for (const id of [v.id, u.id, a.id])
      await app.inject({ method: 'DELETE', url: `/api/games/${id}`, headers: { host: '127.0.0.1:8080' } });
  }, 120_000);

  it('refuses a scenario that is not valid, a file outside the folder, a side it lacks; without the workshop, 404 saying how to turn it on', async () => {
    const cases = [
      [{ scenario: { data: { ...raw, table: 'round' } }, side: 'vikings', opponent: 'normal' }, 400, /^the scenario is not valid: /],
      [{ scenario: { file: '../my-raid.json' }, side: 'vikings', opponent: 'normal' }, 403, /outside the scenarios folder/],
      [{ scenario: { file: 'nope.json' }, side: 'vikings', opponent: 'normal' }, 404, /no file "nope.json"/],
      [
        { scenario: { file: 'my-raid.json' }, side: 'pirates', opponent: 'normal' },
        400,
        /^bad new game at side: "pirates" is not a side of my-raid\.json/,
      ],
      [{ scenario: { game: 'g0123456789abcdef' }, side: 'vikings', opponent: 'normal' }, 404, /no open game/],
      [
        { scenario: { data: { ...raw, deep: nested(100) } }, side: 'vikings', opponent: 'normal' },
        400,
        /^the scenario is nested more than 64 levels deep/,
      ],
      [{ scenario: { file: 'my-raid.json', data: {} }, side: 'vikings', opponent: 'normal' }, 400, /^bad new game at scenario: /],
    ] as const;
    for (const [body, status, why] of cases) {
      const r = await call('POST', '/api/games', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(String(r.json.error)).toMatch(why);
    }
    const r = await call('POST', '/api/games', { scenario: { data: mine }, side: 'vikings', opponent: 'normal' }, off);
    expect(r.status).toBe(404);
    expect(String(r.json.error)).toMatch(/the scenario workshop is off: start the server with serve --scenarios/);
  }, 60_000);
});

describe('the job a page opening reads', () => {
  it('GET job is { job: null } before any job (not an error), then the job GET balance shows', async () => {
    const none = await call('GET', '/api/workshop/job');
    expect(none).toMatchObject({ status: 200, json: { job: null } });
    expect((await call('GET', '/api/workshop/balance')).status).toBe(404);
    const start = await call('POST', '/api/workshop/balance', { scenario: { file: 'my-raid.json' }, games: 1, seed: 1 });
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    const job = (await call('GET', '/api/workshop/job')).json.job as { id: string };
    expect(job.id).toBe(start.json.id);
    for (let i = 0; i < 2400 && (await call('GET', '/api/workshop/balance')).json.state === 'running'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await call('GET', '/api/workshop/job')).json.job).toEqual((await call('GET', '/api/workshop/balance')).json);
  }, 120_000);
});

describe('watch AI vs AI', () => {
  it('plays the game run --time-limit plays with the same agents and seed, and shows it in the replay viewer', async () => {
    const r = await call('POST', '/api/workshop/watch', {
      scenario: { file: 'my-raid.json' },
      agents: { vikings: 'heuristic', saxons: 'random' },
      seed: 4,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const w = r.json as unknown as WatchView;
    expect(w).toMatchObject({ scenario: 'my-raid', source: 'my-raid.json', seed: 4, agents: { vikings: 'heuristic', saxons: 'random' } });
    expect(w.result).not.toBeNull();
    expect(w.stopped).toBeUndefined();
    expect(w.decisions).toBeGreaterThan(0);

    const out = join(root, 'cli-run.jsonl');
    const c = cli(
      'run',
      '--scenario',
      join(folder, 'my-raid.json'),
      '--agent',
      'vikings=heuristic',
      '--agent',
      'saxons=random',
      '--seed',
      '4',
      '--time-limit',
      '10000',
      '--json',
      '--out',
      out,
    );
    expect(c.code, c.err).toBe(0);
    const summary = JSON.parse(c.out) as { winner: string | null; reason: string; decisions: number };
    expect(w.result).toEqual({ winner: summary.winner, reason: summary.reason });
    expect(w.decisions).toBe(summary.decisions);
    const rec = await call('GET', w.record);
    expect(rec.status).toBe(200);
    expect(rec.text).toBe(readFileSync(out, 'utf8'));

    const html = await call('GET', w.replay);
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/^<!doctype html>/i);
    expect(html.text).toContain('my-raid');
    expect((await call('GET', '/api/workshop/watch/w000000000000/replay')).status).toBe(404);
    expect((await call('GET', '/api/workshop/watch/..%2Fx/replay')).status).toBe(400);
    const bad = await call('POST', '/api/workshop/watch', { scenario: { file: 'my-raid.json' }, agents: { vikings: './evil.ts' } });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).toMatch(/only built-in agents/);
  }, 120_000);

  it('a request nested too deep is refused before it is parsed; a scenario nested too deep once parsed', async () => {
    const text = `{"scenario":{"data":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/workshop/watch',
      headers: { host: '127.0.0.1:8080', 'content-type': 'application/json' },
      payload: text,
    });
    expect(res.statusCode).toBe(400);
    expect(String((res.json() as { error: string }).error)).toMatch(/^the request is nested more than 64 levels deep/);
    const r = await call('POST', '/api/workshop/watch', { scenario: { data: { ...raw, deep: nested(64) } } });
    expect(r.status).toBe(400);
    expect(String(r.json.error)).toMatch(/^the scenario is nested more than 64 levels deep/);
  });

  it('a game past its limit in all is stopped and kept as far as it went; a second while one plays is refused with 409', async () => {
    const watch = new WatchGames(runs, { decisionMs: 10_000, gameMs: 5000 });
    const sc = loadScenario('pig-wars/farmstead-raid');
    const slow = { vikings: 'mcts:iterations=300', saxons: 'mcts:iterations=300' };
    const first = watch.play(sc, 'builtin', slow, 1);
    await expect(watch.play(sc, 'builtin', slow, 2)).rejects.toThrow(HostError);
    await expect(watch.play(sc, 'builtin', slow, 2)).rejects.toThrow(/already being played/);
    const w = await first;
    expect(w.result).toBeNull();
    expect(w.stopped).toMatch(/took longer than 5 s in all; it was stopped there/);
    const lines = parseRecord(watch.record(w.id), 'watched');
    expect(lines.at(-1)).toMatchObject({ t: 'stop', reason: 'time limit' });
    expect(w.decisions).toBeGreaterThan(0);
    expect(lines.filter((l) => l.t === 'decision').length).toBe(w.decisions);
    expect(watch.replay(w.id)).toMatch(/^<!doctype html>/i);
  }, 60_000);
});
