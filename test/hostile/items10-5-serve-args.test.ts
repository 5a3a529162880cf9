/**
 * Issue 45, items 5 and 10: `serve` refuses state-changing requests from another origin, enforces
 * --max-games under simultaneous creates, checks --saves at start; `--seed ''` / `0x10` and a
 * repeated `--agent side=` are refused; a byte order mark is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import { inProcess } from '../cli/in-process.js';
import { registerRun } from '../../src/commands/run.js';
import { registerServe } from '../../src/commands/serve.js';
import { tempDir } from '../runner/helpers.js';

let app: FastifyInstance;
const HOST = '127.0.0.1:8080';

beforeAll(async () => {
  app = await buildApp({ saves: tempDir('item10'), maxGames: 2, loopbackOnly: true });
});
afterAll(async () => {
  await app.close();
});

const create = (headers: Record<string, string> = {}): Promise<{ statusCode: number; json<T>(): T }> =>
  app.inject({
    method: 'POST',
    url: '/api/games',
    headers: { host: HOST, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ scenario: 'pig-wars/farmstead-raid', side: 'vikings', opponent: 'random', seed: 1 }),
  });

describe('issue 45 item 10: serve checks Origin on state-changing requests', () => {
  it('item 10: a POST from a foreign Origin (or cross-site) is refused with 403 and does nothing', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:9999' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const r = await create(headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json<{ error: string }>().error).toMatch(/^refused: /);
    }
    const resign = await app.inject({
      method: 'POST',
      url: '/api/games/gdeadbeef/resign',
      headers: { host: HOST, origin: 'http://evil.example' },
    });
    expect(resign.statusCode).toBe(403);
    const setup = await app.inject({ method: 'GET', url: '/api/setup', headers: { host: HOST, origin: 'http://evil.example' } });
    expect(setup.statusCode).toBe(200);
  });

  it('item 5: 12 simultaneous creates against --max-games 2 open 2 games; the others get 429', async () => {
    const rs = await Promise.all(Array.from({ length: 12 }, () => create({ origin: `http://${HOST}` })));
    const codes = rs.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  }, 60_000);
});

describe('issue 45 item 10: command-line values', () => {
  for (const seed of ['', '0x10', '1e3', ' ', '-1', '1.5']) {
    it(`item 10: run --seed ${JSON.stringify(seed)} is refused with exit 2`, async () => {
      const r = await inProcess(
        (p) => registerRun(p.exitOverride((e) => process.exit(e.exitCode === 0 ? 0 : 2))),
        'run',
        '--scenario',
        'farmstead-raid',
        '--seed',
        seed,
        '--out',
        join(tempDir('item10'), 'g.jsonl'),
        '--quiet',
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/expected a whole number/);
    });
  }

  it('item 10: a repeated --agent side= is refused with exit 2 naming both', async () => {
    const r = await inProcess(
      registerRun,
      'run',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=random',
      '--agent',
      'vikings=heuristic',
      '--out',
      join(tempDir('item10'), 'g.jsonl'),
      '--quiet',
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('the agent of vikings is given twice');
  });

  it('item 10: serve --saves pointing at a file is refused at start with exit 2', async () => {
    const f = join(tempDir('item10'), 'a-file');
    writeFileSync(f, 'x');
    const r = await inProcess(registerServe, 'serve', '--port', '0', '--saves', f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--saves ${f}`);
  });
});
