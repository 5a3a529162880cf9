/**
 * Issue 44, the server side of the scenario workshop (src/serve/workshop.ts, its API in
 * src/serve/workshop-protocol.ts): files listed, loaded and saved only inside `--scenarios DIR`
 * (`../`, absolute, percent-encoded and linked paths refused), saves atomic and in the normal
 * scenario format (a built-in loaded and saved unchanged is byte-identical, or canonically equal
 * when saved as JSON), a validate route that reports what `validate` reports with the place on the
 * table, and balance jobs: the win rate of `stress` with the same agents, games and seed, one job
 * at a time, progress re-read by GET, cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { BalanceJobView, LoadedFile, SavedFile, ScenarioCheck, WorkshopList } from '../../src/serve/workshop-protocol.js';
import { builtinScenarioFiles } from '../../src/core/scenario.js';
import { canonicalJson } from '../../src/core/hash.js';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { registerRender } from '../../src/commands/render.js';
import { inProcess } from '../cli/in-process.js';
import { cli } from '../runner/helpers.js';

const root = mkdtempSync(join(tmpdir(), 'skirmish-workshop-'));
const folder = join(root, 'scenarios');
const outside = join(root, 'outside');
const runs = join(root, 'runs');
mkdirSync(folder);
mkdirSync(outside);
writeFileSync(join(outside, 'secret.json'), '{"ruleset":"pirates","id":"secret"}\n');
symlinkSync(outside, join(folder, 'escape')); // a folder link leading out
symlinkSync(join(outside, 'secret.json'), join(folder, 'secret.json')); // a file link leading out

let app: FastifyInstance;
let off: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ saves: join(root, 'saves'), maxGames: 2, loopbackOnly: true, workshop: { scenarios: folder, runs, workers: 1 } });
  off = await buildApp({ saves: join(root, 'saves'), maxGames: 1, loopbackOnly: true });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await off?.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  on: FastifyInstance = app,
): Promise<{ status: number; json: Record<string, unknown> }> {
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
    json = { text: res.body };
  }
  return { status: res.statusCode, json };
}

/** Every file under `dir` (links not followed), for "nothing was written" checks. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort();
}

describe('workshop files: confined to the scenarios folder', () => {
  it('refuses ../, absolute, backslash, percent-encoded and doubly encoded traversal with 403 and a clear error', async () => {
    const before = { inside: tree(folder), outside: tree(outside), root: tree(root) };
    const bad = [
      '/api/workshop/files/..%2Fsecret.json',
      '/api/workshop/files/%2e%2e%2foutside%2fsecret.json',
      '/api/workshop/files/..%252f..%252foutside%252fsecret.json', // encoded twice
      '/api/workshop/files//etc/passwd.json', // absolute
      `/api/workshop/files/${encodeURIComponent(join(outside, 'secret.json'))}`, // absolute, encoded
      '/api/workshop/files/C:%5Cx.json', // a drive path
      '/api/workshop/files/a%5C..%5C..%5Cx.json', // backslashes
    ];
    for (const url of bad) {
      const g = await call('GET', url);
      expect(g.status, `${url}: ${JSON.stringify(g.json)}`).toBe(403);
      expect(String(g.json.error)).toMatch(/^refused: .* (points|leads) outside the scenarios folder/);
      const p = await call('PUT', url, { scenario: { ruleset: 'pirates', id: 'x' } });
      expect(p.status, url).toBe(403);
    }
    // ../ as a whole part of the URL, plain or encoded: the router resolves it as a URL path (and then
    // finds no route, 404) or the name is refused (403); either way nothing is read or written outside.
    for (const url of [
      '/api/workshop/files/../../outside/secret.json',
      '/api/workshop/files/a/../../x.json',
      '/api/workshop/files/%2E%2E/outside/secret.json',
      '/api/workshop/files/sub/%2e%2e/%2e%2e/outside/secret.json',
    ]) {
      const g = await call('GET', url);
      expect([403, 404]).toContain(g.status);
      expect(JSON.stringify(g.json)).not.toContain('secret"');
      const p = await call('PUT', url, { scenario: { ruleset: 'pirates', id: 'x' } });
      expect([403, 404]).toContain(p.status);
    }
    expect(tree(folder)).toEqual(before.inside);
    expect(tree(outside)).toEqual(before.outside);
    expect(tree(root)).toEqual(before.root);
  });

  it('refuses links that lead out of the folder (403), and malformed names (400)', async () => {
    const g = await call('GET', '/api/workshop/files/secret.json');
    expect(g.status).toBe(403);
    expect(String(g.json.error)).toContain('through a link');
    const e = await call('GET', '/api/workshop/files/escape/secret.json');
    expect(e.status).toBe(403);
    const p = await call('PUT', '/api/workshop/files/escape/new.json', { scenario: { ruleset: 'pirates', id: 'x' } });
    expect(p.status).toBe(403);
    expect(existsSync(join(outside, 'new.json'))).toBe(false);
    for (const name of ['x.txt', '.hidden.json', 'a%20b.json', 'sub/.x/y.json']) {
      const r = await call('GET', `/api/workshop/files/${name}`);
      expect(r.status, name).toBe(400);
      expect(String(r.json.error)).toContain('bad file name');
    }
    const missing = await call('GET', '/api/workshop/files/nothing-here.json');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('no file "nothing-here.json" in the scenarios folder');
  });

  it('without --scenarios every workshop route is 404 saying how to turn it on', async () => {
    const r = await call('GET', '/api/workshop/scenarios', undefined, off);
    expect(r.status).toBe(404);
    expect(r.json.error).toBe('the scenario workshop is off: start the server with serve --scenarios <folder>');
  });
});

describe('workshop files: load and save round-trip', () => {
  it('every built-in scenario loaded and saved unchanged: byte-identical as text, canonically equal as JSON; the saved file validates', async () => {
    const list = (await call('GET', '/api/workshop/scenarios')).json as unknown as WorkshopList;
    expect(list.builtin.length).toBe(builtinScenarioFiles().length);
    for (const b of list.builtin) {
      const got = await call('GET', `/api/workshop/builtin/${b.ruleset}/${b.id}`);
      expect(got.status).toBe(200);
      const f = got.json as unknown as LoadedFile;
      const original = readFileSync(builtinScenarioFiles().find((x) => x.endsWith(`/${b.ruleset}/${b.id}.json`)) ?? '', 'utf8');
      expect(f.text).toBe(original);
      // As text: the same bytes.
      const asText = await call('PUT', `/api/workshop/files/text/${b.ruleset}/${b.id}.json`, { text: f.text });
      expect(asText.status, JSON.stringify(asText.json)).toBe(200);
      expect(readFileSync(join(folder, 'text', b.ruleset, `${b.id}.json`), 'utf8')).toBe(original);
      // As JSON (what a page that edits the object sends): canonically equal.
      const asJson = await call('PUT', `/api/workshop/files/json/${b.id}.json`, { scenario: f.scenario });
      expect(asJson.status).toBe(200);
      const saved = readFileSync(join(folder, 'json', `${b.id}.json`), 'utf8');
      expect(canonicalJson(JSON.parse(saved))).toBe(canonicalJson(JSON.parse(original)));
      expect(saved).toBe(`${JSON.stringify(JSON.parse(original), null, 2)}\n`);
      const s = asJson.json as unknown as SavedFile;
      // Every copy checks out in the folder, one that inherits too: it names the built-in it inherits
      // from as `builtin:<ruleset>/<id>` (src/core/scenario.ts resolveInherit), found from any folder.
      expect(s.check.ok, JSON.stringify(s.check)).toBe(true);
      expect(f.check.ok).toBe(true);
      expect((await inProcess(registerScenarios, 'validate', join(folder, 'json', `${b.id}.json`))).code).toBe(0);
    }
    // The folder's files are listed with their ids.
    const again = (await call('GET', '/api/workshop/scenarios')).json as unknown as WorkshopList;
    expect(again.files.map((x) => x.name)).toContain('json/farmstead-raid.json');
    expect(again.files.find((x) => x.name === 'json/farmstead-raid.json')).toMatchObject({ ruleset: 'pig-wars', id: 'farmstead-raid' });
    expect(again.files.some((x) => x.name.startsWith('escape/') || x.name === 'secret.json')).toBe(false);
  }, 120_000);

  it('an existing file is replaced only with overwrite: true; a save leaves no temporary file', async () => {
    const body = { scenario: { ruleset: 'pig-wars', id: 'draft' } };
    expect((await call('PUT', '/api/workshop/files/draft.json', body)).status).toBe(200);
    const again = await call('PUT', '/api/workshop/files/draft.json', body);
    expect(again.status).toBe(409);
    expect(String(again.json.error)).toContain('"overwrite": true');
    const over = await call('PUT', '/api/workshop/files/draft.json', { ...body, overwrite: true });
    expect(over.status).toBe(200);
    expect(over.json.replaced).toBe(true);
    // A draft that does not validate is saved all the same, with its problem.
    expect((over.json.check as ScenarioCheck).ok).toBe(false);
    expect(readdirSync(folder).filter((n) => n.includes('.tmp-'))).toEqual([]);
    expect((await call('PUT', '/api/workshop/files/x.json', { text: '[1, 2]' })).status).toBe(400);
    expect((await call('PUT', '/api/workshop/files/x.json', { text: '{"a":' })).status).toBe(400);
    expect((await call('PUT', '/api/workshop/files/x.json', { text: '{}', scenario: {} })).status).toBe(400);
  });
});

describe('workshop validate: the problems validate reports, placed on the table', () => {
  it('a figure inside a building: the error of validate, its JSON path and the figure’s x, y', async () => {
    const raw = JSON.parse(readFileSync('scenarios/escarmouche/farmyard-brawl.json', 'utf8')) as {
      sides: { figures: { at: number[] }[] }[];
    };
    raw.sides[0].figures[1].at = [12.5, 9]; // inside the barn (terrain[5], impassable)
    const r = await call('POST', '/api/workshop/validate', { scenario: raw, name: 'in-barn.json' });
    expect(r.status).toBe(200);
    const c = r.json as unknown as ScenarioCheck;
    expect(c.ok).toBe(false);
    const err = c.problems.find((p) => p.severity === 'error');
    expect(err).toMatchObject({ kind: 'invalid', path: '$.sides[0].figures[1].at', at: { x: 12.5, y: 9 } });
    // The same words as `validate` on the same file.
    const file = join(root, 'in-barn.json');
    writeFileSync(file, JSON.stringify(raw));
    const v = await inProcess(registerScenarios, 'validate', file);
    expect(v.code).toBe(2);
    expect(v.err.trim()).toBe(`error: ${file}: at ${err?.path}: ${err?.message}`);
  });

  it('overlapping terrain: a warning naming both pieces with a point of the overlap; the file is ok', async () => {
    const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as {
      terrain: { id: string; label: string; polygon: number[][] }[];
    };
    const wood = raw.terrain[0];
    raw.terrain.push({ ...wood, id: 'copse', label: 'the copse', polygon: wood.polygon.map(([x, y]) => [x + 3, y + 3]) });
    const c = (await call('POST', '/api/workshop/validate', { scenario: raw })).json as unknown as ScenarioCheck;
    expect(c.ok).toBe(true);
    expect(c).toMatchObject({ ruleset: 'pig-wars', id: 'farmstead-raid', sides: ['vikings', 'saxons'] });
    expect(c.problems).toHaveLength(1);
    const w = c.problems[0];
    expect(w).toMatchObject({ severity: 'warning', kind: 'terrain-overlap', paths: ['$.terrain[0]', '$.terrain[8]'] });
    // The point lies in both: the wood [13, 21] × [2, 9] and the copse [16, 24] × [5, 12].
    expect(w.at && w.at.x >= 16 && w.at.x <= 21 && w.at.y >= 5 && w.at.y <= 9).toBe(true);
    const file = join(root, 'overlap.json');
    writeFileSync(file, JSON.stringify(raw));
    const v = await inProcess(registerScenarios, 'validate', file);
    expect(v.code).toBe(0);
    expect(v.err.trim()).toBe(`warning: ${file}: ${w.message}`);
  });

  it('an edited copy of a built-in that inherits (the Kershner raid) checks ok unsaved and saved in the folder: its inherit names the built-in', async () => {
    const raw = JSON.parse(readFileSync('scenarios/pig-wars-pirates/kershner-supply-raid.json', 'utf8')) as Record<string, unknown>;
    raw.name = 'Kershner raid, edited';
    const unsaved = (await call('POST', '/api/workshop/validate', { scenario: raw })).json as unknown as ScenarioCheck;
    expect(unsaved.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(unsaved.ok).toBe(true);
    const named = (await call('POST', '/api/workshop/validate', { scenario: raw, name: 'deep/er/k.json' }))
      .json as unknown as ScenarioCheck;
    expect(named.ok).toBe(true);
    const saved = await call('PUT', '/api/workshop/files/deep/er/k.json', { scenario: raw });
    expect(saved.status).toBe(200);
    const v = await inProcess(registerScenarios, 'validate', join(folder, 'deep/er/k.json'));
    expect(v.code, v.err).toBe(0);
  });

  it('a bad request is 400 with the field', async () => {
    const r = await call('POST', '/api/workshop/validate', { scenario: 3 });
    expect(r.status).toBe(400);
    expect(String(r.json.error)).toMatch(/^bad validate at scenario: /);
  });
});

async function waitEnded(): Promise<BalanceJobView> {
  for (let i = 0; i < 2400; i++) {
    const v = (await call('GET', '/api/workshop/balance')).json as unknown as BalanceJobView;
    if (v.state !== 'running') return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the balance job did not end');
}

describe('workshop balance jobs', () => {
  it('before any job: 404; the win rate equals stress with the same agents, games and seed; a second start is refused while one runs', async () => {
    expect((await call('GET', '/api/workshop/balance')).status).toBe(404);
    const body = { scenario: { builtin: 'farmstead-raid' }, agents: { vikings: 'heuristic', saxons: 'random' }, games: 6, seed: 11 };
    const start = await call('POST', '/api/workshop/balance', body);
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    const job = start.json as unknown as BalanceJobView;
    expect(job.state).toBe('running');
    expect(job.progress.total).toBe(6);
    expect(job.command).toBe(
      'skirmish stress --scenario farmstead-raid --agent vikings=heuristic --agent saxons=random --games 6 --seed 11 --workers 1',
    );

    const second = await call('POST', '/api/workshop/balance', body);
    expect(second.status).toBe(409);
    expect(String(second.json.error)).toMatch(
      /^a balance job is already running \(job \w+: farmstead-raid, \d+ of 6 games\); one job at a time per server/,
    );

    // Progress is kept on the server: any later GET reads it (a page closed and opened again).
    const done = await waitEnded();
    expect(done.state).toBe('done');
    expect(done.progress).toMatchObject({ done: 6, total: 6, etaSeconds: 0 });
    const report = done.report as { games: number; bySide: Record<string, { rate: number; low: number; high: number; wins: number }> };
    expect(report.games).toBe(6);

    const out = join(root, 'cli-stress');
    const c = cli(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=heuristic',
      '--agent',
      'saxons=random',
      '--games',
      '6',
      '--seed',
      '11',
      '--workers',
      '1',
      '--out',
      out,
      '--quiet',
      '--json',
    );
    expect(c.code, c.err).toBe(0);
    const cliReport = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as typeof report;
    expect(report.bySide).toEqual(cliReport.bySide);
    // How games end and where figures fall: the same as the CLI's report, and counted.
    const more = (r: unknown): { endings: { games: number }[]; falls: { figures: number; cells: number[] } } =>
      r as { endings: { games: number }[]; falls: { figures: number; cells: number[] } };
    expect(more(report).endings).toEqual(more(cliReport).endings);
    expect(more(report).endings.reduce((s, e) => s + e.games, 0)).toBe(6);
    expect(more(report).falls).toEqual(more(cliReport).falls);
    expect(more(report).falls.cells.reduce((s, n) => s + n, 0)).toBe(more(report).falls.figures);
    // And the games themselves: the same rows (seeds, winners, lengths) in the same order.
    const rows = (dir: string): unknown[] =>
      readFileSync(join(dir, 'games.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => {
          const { id, seed, winner, reason, turns, decisions } = JSON.parse(l) as Record<string, unknown>;
          return { id, seed, winner, reason, turns, decisions };
        });
    expect(rows(done.dir)).toEqual(rows(out));
  }, 300_000);

  it('cancel stops a running job, keeping its finished games in the report; bad requests are 400', async () => {
    const start = await call('POST', '/api/workshop/balance', {
      scenario: { file: 'json/farmstead-raid.json' },
      agents: { vikings: 'heuristic' },
      games: 2000,
      seed: 3,
    });
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    expect((start.json as unknown as BalanceJobView).settings.agents).toEqual({ vikings: 'heuristic', saxons: 'heuristic' });
    // Wait for the first game, then for an ETA.
    let v = start.json as unknown as BalanceJobView;
    for (let i = 0; i < 2400 && v.progress.done < 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      v = (await call('GET', '/api/workshop/balance')).json as unknown as BalanceJobView;
    }
    expect(v.progress.done).toBeGreaterThan(0);
    expect(v.progress.etaSeconds).not.toBeNull();
    const c = await call('POST', '/api/workshop/balance/cancel');
    expect(c.status).toBe(200);
    const ended = c.json as unknown as BalanceJobView;
    expect(ended.state).toBe('cancelled');
    expect(ended.progress.done).toBeLessThan(2000);
    expect((ended.report as { games: number }).games).toBe(ended.progress.done);
    expect((await call('POST', '/api/workshop/balance/cancel')).status).toBe(409);

    const bad = [
      [{ scenario: { builtin: 'farmstead-raid' }, agents: { pirates: 'heuristic' } }, /no side "pirates"/],
      [{ scenario: { builtin: 'farmstead-raid' }, agents: { vikings: './evil.ts' } }, /only built-in agents/],
      [{ scenario: { builtin: 'farmstead-raid' }, agents: { vikings: 'exec:rm -rf /' } }, /only built-in agents/],
      [{ scenario: { builtin: 'farmstead-raid' }, agents: { vikings: 'nobody' } }, /unknown agent "nobody"/],
      [{ scenario: { file: '../outside/secret.json' } }, /outside the scenarios folder/],
      [{ scenario: { builtin: 'farmstead-raid' }, games: 0 }, /^bad balance job at games/],
      [{ scenario: { data: { ruleset: 'pig-wars', id: 'x' } } }, /^the scenario is not valid: /],
    ] as const;
    for (const [body, why] of bad) {
      const r = await call('POST', '/api/workshop/balance', body);
      expect([400, 403], JSON.stringify(body)).toContain(r.status);
      expect(String(r.json.error)).toMatch(why);
    }
  }, 300_000);
});

describe('a balance job on unsaved JSON', () => {
  it('keeps the scenario as played in its run folder, and its command names that copy', async () => {
    const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as Record<string, unknown>;
    const data = { ...raw, id: 'unsaved-raid' };
    const start = await call('POST', '/api/workshop/balance', { scenario: { data }, games: 2, seed: 2 });
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    const v = await waitEnded();
    expect(v).toMatchObject({ state: 'done', settings: { scenario: 'unsaved-raid', source: 'unsaved' } });
    const copy = join(v.dir, 'scenario.json');
    expect(canonicalJson(JSON.parse(readFileSync(copy, 'utf8')))).toBe(canonicalJson(data));
    expect(v.command).toContain(`--scenario ${relative(process.cwd(), copy)} `);
  }, 300_000);
});

describe('tune jobs', () => {
  it('the same evaluations and best as tune --json with the same settings; the best scenario comes whole; the one job slot is shared', async () => {
    const body = {
      scenario: { builtin: 'farmstead-raid' },
      agents: { vikings: 'heuristic', saxons: 'heuristic' },
      target: { side: 'vikings', rate: 0.5 },
      only: ['loot-to-win'],
      budget: 2,
      games: 2,
      seed: 3,
    };
    const start = await call('POST', '/api/workshop/tune', body);
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    expect(start.json).toMatchObject({ kind: 'tune', state: 'running', progress: { total: 4 } });
    const busy = await call('POST', '/api/workshop/balance', { scenario: { builtin: 'farmstead-raid' }, games: 2 });
    expect(busy.status).toBe(409);
    expect(String(busy.json.error)).toMatch(/^a tune job is already running/);
    const v = await waitEnded();
    expect(v.state, v.error).toBe('done');
    expect(v.tune?.evaluations).toHaveLength(2);

    const out = join(root, 'cli-tune');
    const c = cli(
      'tune',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=heuristic',
      '--agent',
      'saxons=heuristic',
      '--target',
      'vikings=0.5',
      '--only',
      'loot-to-win',
      '--budget',
      '2',
      '--games',
      '2',
      '--seed',
      '3',
      '--workers',
      '1',
      '--quiet',
      '--json',
      '--out',
      out,
    );
    expect(c.code, c.err).toBe(0);
    const doc = JSON.parse(c.out) as { evaluations: unknown[]; best: unknown; candidates: unknown[] };
    expect(v.tune?.evaluations).toEqual(doc.evaluations);
    expect(v.tune?.best).toEqual(doc.best);
    expect((v.report as { candidates: unknown[] }).candidates).toEqual(doc.candidates);
    expect(v.tune?.bestScenario).toEqual(JSON.parse(readFileSync(join(out, 'best.json'), 'utf8')));
    // The recommended setting saved as a new file of the folder validates.
    const saved = await call('PUT', '/api/workshop/files/tuned/farmstead-raid-tuned.json', { scenario: v.tune?.bestScenario });
    expect(saved.status).toBe(200);
    expect((saved.json.check as ScenarioCheck).ok).toBe(true);
  }, 300_000);

  it('bad tune requests are 400 naming the field', async () => {
    const base = { scenario: { builtin: 'farmstead-raid' }, target: { side: 'vikings', rate: 0.5 } };
    const cases = [
      [{ ...base, target: { side: 'pirates', rate: 0.5 } }, /^bad tune job at target\.side: no side "pirates"/],
      [{ ...base, target: { side: 'vikings', rate: 2 } }, /^bad tune job at target\.rate/],
      [{ ...base, only: ['nope'] }, /^bad tune job: only: nope: no such parameter/],
      [{ ...base, scenario: { builtin: 'farmyard-brawl' }, target: { side: 'royalists', rate: 0.5 } }, /declares no tunable parameters/],
    ] as const;
    for (const [body, why] of cases) {
      const r = await call('POST', '/api/workshop/tune', body);
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(String(r.json.error)).toMatch(why);
    }
  });
});

describe('serve --scenarios', () => {
  it('a folder that does not exist stops the server before it listens (exit 2); --help teaches the routes', () => {
    const r = cli('serve', '--port', '0', '--scenarios', join(root, 'no-such-folder'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no-such-folder: not a folder; create it first');
    const h = cli('serve', '--help');
    expect(h.out).toContain('--scenarios <dir>');
    expect(h.out).toContain('POST validate');
    expect(h.out).toContain('POST balance');
  }, 60_000);
});

describe('a balance job outlives its client', () => {
  it('started over HTTP on loopback by a client that then goes away, it is read again by a new connection', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(address);
    const send = (method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> =>
      new Promise((done, fail) => {
        const data = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          {
            host: '127.0.0.1',
            port: url.port,
            method,
            path,
            agent: false, // a connection of its own, closed after the answer
            headers: data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString('utf8')));
            res.on('end', () => {
              req.socket?.destroy();
              done({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> });
            });
          },
        );
        req.on('error', fail);
        req.end(data);
      });
    const start = await send('POST', '/api/workshop/balance', { scenario: { builtin: 'pig-wars/farmstead-raid' }, games: 3, seed: 5 });
    expect(start.status, JSON.stringify(start.json)).toBe(202);
    const id = start.json.id;
    // The starting client is gone; another connection reads the same job to its end.
    let v = (await send('GET', '/api/workshop/balance')).json as unknown as BalanceJobView;
    expect(v.id).toBe(id);
    for (let i = 0; i < 2400 && v.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      v = (await send('GET', '/api/workshop/balance')).json as unknown as BalanceJobView;
    }
    expect(v).toMatchObject({ id, state: 'done', progress: { done: 3, total: 3 } });
    expect((v.report as { games: number }).games).toBe(3);
  }, 300_000);
});

describe('workshop rulesets, schema and preview', () => {
  it("lists the rulesets, serves each one's scenario JSON Schema (what `schema` writes), 404 for an unknown one", async () => {
    const list = (await call('GET', '/api/workshop/rulesets')).json as unknown as { id: string; units: string; schema: boolean }[];
    expect(list.map((r) => r.id)).toContain('pig-wars');
    expect(list.filter((x) => x.schema).length).toBeGreaterThanOrEqual(4);
    for (const r of list.filter((x) => x.schema)) {
      const s = await call('GET', `/api/workshop/schema/${r.id}`);
      expect(s.status).toBe(200);
      expect(s.json).toEqual(JSON.parse(readFileSync(`scenarios/schema/${r.id}.schema.json`, 'utf8')));
    }
    expect((await call('GET', '/api/workshop/schema/nope')).status).toBe(404);
  });
  it('previews a scenario as render --scenario draws it; an invalid one is 400 with its check', async () => {
    const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as Record<string, unknown>;
    const r = await call('POST', '/api/workshop/preview', { scenario: raw });
    expect(r.status).toBe(200);
    const svg = join(root, 'preview.svg');
    expect((await inProcess(registerRender, 'render', '--scenario', 'scenarios/pig-wars/farmstead-raid.json', '--svg', svg)).code).toBe(0);
    expect(r.json.svg).toBe(readFileSync(svg, 'utf8'));
    const scene = r.json.scene as { figures: { id: string; x: number; y: number; side: string }[] };
    expect(scene.figures.length).toBeGreaterThan(0);
    expect(scene.figures.every((f) => Number.isFinite(f.x) && Number.isFinite(f.y))).toBe(true);
    const bad = await call('POST', '/api/workshop/preview', { scenario: { ...raw, table: 'round' } });
    expect(bad.status).toBe(400);
    expect((bad.json.check as ScenarioCheck).problems[0].path).toBe('$.table');
  });
});
