/**
 * `serve` with an exec: client (docs/PROTOCOL.md, "The agent spec"): the operator offers it by name
 * (`serve --opponent name=spec`); a page plays against it and sees its reasons as a built-in agent's;
 * a save against an offered client loads, one naming a command line the server does not offer does
 * not; closing the server ends the client's process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import type { GameView, SetupAnswer, StepAnswer } from '../../src/serve/protocol.js';
import { parseOpponents } from '../../src/commands/serve.js';

const root = mkdtempSync(join(tmpdir(), 'skirmish-exec-serve-'));
const saves = join(root, 'saves');
const GREEDY = 'exec:python3 clients/python/examples/greedy.py';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ saves, loopbackOnly: true, opponents: await parseOpponents([`mine=${GREEDY}`]) });
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

/** Python processes running the example under this process. */
function clients(): string[] {
  const out: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('greedy.py')) out.push(name);
    } catch {
      // gone
    }
  }
  return out;
}

describe('serve against an exec: client', () => {
  it('offers it by name only; the page plays it and sees its reasons; saves load only with offered clients', async () => {
    await expect(parseOpponents(['normal=random'])).rejects.toThrow(/the name "normal" is taken/);
    await expect(parseOpponents(['Mine=random'])).rejects.toThrow(/expected <name>=<agent spec>/);
    await expect(parseOpponents(['x=exec:no-such-program-43'])).rejects.toThrow(/program not found/);

    const setup = (await call('GET', '/api/setup')).json as unknown as SetupAnswer;
    expect(setup.opponents.find((o) => o.id === 'mine')).toEqual({ id: 'mine', words: `mine — ${GREEDY}`, spec: GREEDY });
    const bad = await call('POST', '/api/games', { scenario: 'pirates/supply-raid', side: 'townsfolk', opponent: 'yours', seed: 4 });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).toMatch(/at opponent: no opponent "yours" here/);

    const created = await call('POST', '/api/games', { scenario: 'pirates/supply-raid', side: 'townsfolk', opponent: 'mine', seed: 4 });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const v = created.json as unknown as GameView;
    const step = await call('POST', `/api/games/${v.id}/agent`, { until: 'step' });
    expect(step.status, JSON.stringify(step.json)).toBe(200);
    const s = step.json as unknown as StepAnswer;
    const ai = s.steps.find((x) => x.who === 'ai');
    expect(ai?.why.join('\n')).toMatch(/one-step value/); // the client's summary, shown as a built-in agent's reasons
    expect(clients().length).toBe(1);

    expect((await call('POST', `/api/games/${v.id}/save`, { name: 'mine1' })).status).toBe(200);
    const loaded = await call('POST', '/api/load', { name: 'mine1' });
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(201);

    // The same save naming a command line this server does not offer is refused before anything runs.
    const text = readFileSync(join(saves, 'mine1.jsonl'), 'utf8').split(GREEDY).join("exec:python3 -c 'print(1)'");
    writeFileSync(join(saves, 'evil.jsonl'), text);
    const evil = await call('POST', '/api/load', { name: 'evil' });
    expect(evil.status).toBe(400);
    expect(String(evil.json.error)).toMatch(/plays against exec:python3 -c 'print\(1\)', which this server does not offer/);

    await app.close();
    expect(clients()).toEqual([]);
  });
});
