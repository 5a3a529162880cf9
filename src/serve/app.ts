/**
 * The web app of `serve` on fastify: the page and its script (src/web/, bundled with esbuild when
 * the app is built), and a JSON API over the open games (src/serve/games.ts). Every request's body
 * and parameters are checked with the zod schemas of src/serve/protocol.ts; a bad one is answered
 * 400 with the reason, a request the game cannot take 409 (or 400/404), an unknown game 404.
 * Saves go to one folder only, by a name of letters, digits, `-` and `_` (no path can be named).
 */
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import { writeAtomic } from '../core/files.js';
import { Games, HostError, parseRequest } from './games.js';
import { pageHtml } from './page.js';
import { workshopPageHtml } from './workshop-page.js';
import { rulesetHelp, scenarioList } from './briefing.js';
import { WORKSHOP_OFF, registerWorkshop, type Workshop, type WorkshopOptions } from './workshop.js';
import { LIMITS } from '../core/limits.js';
import { loadScenarioData } from '../rules/index.js';
import { isExecSpec } from '../../agents/exec/spec.js';
import { parseSpec } from '../../agents/options.js';
import {
  AGENT_OPPONENTS,
  type SetupAnswer,
  actSchema,
  agentSchema,
  cancelSchema,
  figureParams,
  gameParams,
  modeSchema,
  newGameSchema,
  saveSchema,
  sightSchema,
} from './protocol.js';

/** Options of {@link buildApp}. */
export interface AppOptions {
  /** The folder saves are written to and loaded from (created on the first save). */
  saves: string;
  /** Most games open at once (default 16). */
  maxGames?: number;
  /**
   * Accept only requests whose Host header names this machine (localhost, 127.0.0.1, [::1]): set
   * when listening on loopback, so a web page elsewhere cannot reach the app by DNS rebinding.
   */
  loopbackOnly?: boolean;
  /**
   * Further opponents the setup page offers, by name (see `OPPONENT_NAME`): any agent spec, e.g.
   * an `exec:` client (`serve --opponent mine=exec:python3 my_agent.py`). Only these and the
   * built-in levels can be chosen, and a save is loaded only if its opponent is one of them or a
   * built-in agent (an agent file or a command line in a save is never run on its own say-so).
   */
  opponents?: Record<string, string>;
  /**
   * The scenario workshop (src/serve/workshop.ts; its API in workshop-protocol.ts): the folder
   * scenario files are listed, loaded and saved in (`serve --scenarios DIR`) and where balance jobs
   * write their runs. Absent: the workshop's routes answer 404 saying how to turn it on.
   */
  workshop?: WorkshopOptions;
}

/**
 * A browser script bundled by esbuild (from sources, or next to dist/): `entry` is its path under
 * src/web/ (`main.ts` for the play page, `workshop/main.ts` for the workshop).
 */
async function bundleScript(entryName = 'main.ts'): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  const candidates = [resolve(here, '../../web', entryName), resolve(here, '../../../../src/web', entryName)];
  const entry = candidates.find((p) => existsSync(p));
  if (!entry) throw new Error(`the browser code is missing (looked for ${candidates.join(', ')})`);
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

const empty = z.object({}).strict();

/** The app, ready to `listen` (or to `inject` in tests). Close it with `app.close()`: every game's thread stops. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const saves = resolve(opts.saves);
  const games = new Games(opts.maxGames ?? 16);
  const script = await bundleScript();
  const workshopScript = opts.workshop ? await bundleScript('workshop/main.ts') : null;
  const scenarios = scenarioList();
  const rulesets = rulesetHelp();
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  /** The workshop's services (registered last, below), null when it is off. */
  let workshop: Workshop | null = null;

  const savePath = (name: string): string => {
    const file = resolve(saves, `${name}.jsonl`);
    if (!file.startsWith(saves + sep)) throw new HostError(400, 'a save stays in the saves folder');
    return file;
  };
  const saveNames = (): string[] =>
    existsSync(saves)
      ? readdirSync(saves)
          .filter((f) => f.endsWith('.jsonl'))
          .map((f) => f.slice(0, -6))
          .sort()
      : [];

  if (opts.loopbackOnly) {
    app.addHook('onRequest', async (req, reply) => {
      const host = req.headers.host ?? '';
      if (!/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host)) {
        await reply.code(403).send({ error: `this app answers only to this machine (Host "${host}")` });
      }
    });
  }
  // A request that changes something (create, act, undo, resign, agent, save, load, close) from a
  // page of another origin is refused: body-less POSTs are "simple" requests any page can send.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const why = foreignOrigin(req.headers.origin, req.headers.host, req.headers['sec-fetch-site']);
    if (why !== null) await reply.code(403).send({ error: `refused: ${why}` });
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.setErrorHandler((e: unknown, _req, reply: FastifyReply) => {
    if (e instanceof HostError) return reply.code(e.status).send({ error: e.message });
    const status = typeof e === 'object' && e !== null && 'statusCode' in e && typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: e instanceof Error ? e.message : 'bad request' });
    process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
    return reply.code(500).send({ error: 'internal error (see the server’s terminal)' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `nothing at ${req.method} ${req.url}` }));
  app.addHook('onClose', async () => games.closeAll());

  app.get('/', async (_req, reply) => {
    reply.header(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
    );
    return reply.type('text/html; charset=utf-8').send(pageHtml(workshopScript !== null));
  });
  app.get('/app.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  // The scenario workshop's page (issue 44), served only with `serve --scenarios DIR`.
  if (workshopScript !== null) {
    app.get('/workshop', async (_req, reply) => {
      reply.header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'",
      );
      return reply.type('text/html; charset=utf-8').send(workshopPageHtml());
    });
    app.get('/workshop.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(workshopScript));
  }

  // The opponents offered besides each ruleset's levels: the built-in agents, then the operator's own
  // (`serve --opponent name=spec`).
  const offered = new Map<string, { spec: string; words: string }>();
  for (const [id, o] of Object.entries(AGENT_OPPONENTS)) offered.set(id, { spec: o.spec, words: o.words });
  for (const [id, spec] of Object.entries(opts.opponents ?? {})) offered.set(id, { spec, words: `${id} — ${spec}` });
  const offeredSpecs = new Set([...offered.values(), ...rulesets.flatMap((r) => r.levels)].map((o) => o.spec));

  app.get('/api/setup', async (): Promise<SetupAnswer> => {
    return {
      scenarios,
      rulesets,
      opponents: [...offered].map(([id, o]) => ({ id, words: o.words, spec: o.spec })),
      saves: saveNames(),
      games: games.summaries(),
    };
  });

  // A scenario file of the workshop may be sent inline: this route takes the workshop's body limit.
  app.post('/api/games', opts.workshop ? { bodyLimit: 3 * LIMITS.files.scenarioBytes } : {}, async (req, reply) => {
    const b = parseRequest(newGameSchema, req.body, 'new game');
    // The scenario: a built-in one by id, or its JSON (an open game's, a workshop file's, unsaved).
    let ref: { id: string; ruleset: string; sides: string[]; data?: unknown };
    if (typeof b.scenario === 'string') {
      const sc = scenarios.find((s) => s.id === b.scenario);
      if (!sc)
        throw new HostError(
          400,
          `bad new game at scenario: no built-in scenario "${b.scenario}" (known: ${scenarios.map((s) => s.id).join(', ')})`,
        );
      ref = { id: sc.id, ruleset: sc.ruleset, sides: sc.sides.map((s) => s.id) };
    } else if ('game' in b.scenario) {
      const text = await games.get(b.scenario.game).call({ op: 'record' });
      const data = (JSON.parse(text.slice(0, text.indexOf('\n'))) as { scenarioData: unknown }).scenarioData;
      const loaded = loadScenarioData(data, `the scenario of game ${b.scenario.game}`);
      ref = { id: `game ${b.scenario.game}`, ruleset: loaded.ruleset.id, sides: loaded.ruleset.sides(loaded.compiled), data };
    } else {
      if (!workshop) throw new HostError(404, `bad new game at scenario: ${WORKSHOP_OFF}`);
      const { scenario: loaded, source } = workshop.scenario(b.scenario);
      ref = { id: source, ruleset: loaded.ruleset.id, sides: loaded.ruleset.sides(loaded.compiled), data: loaded.raw };
    }
    if (!ref.sides.includes(b.side))
      throw new HostError(400, `bad new game at side: "${b.side}" is not a side of ${ref.id} (${ref.sides.join(', ')})`);
    // A fresh deal unless a seed is given (the seed is shown, so the deal can be played again).
    // A level is the scenario's ruleset's own (its `levels`); any other name one of the offered.
    const levels = rulesets.find((r) => r.id === ref.ruleset)?.levels ?? [];
    const opponent = levels.find((l) => l.id === b.opponent) ?? offered.get(b.opponent);
    if (!opponent)
      throw new HostError(
        400,
        `bad new game at opponent: no opponent "${b.opponent}" here (offered: ${[...levels.map((l) => l.id), ...offered.keys()].join(', ')})`,
      );
    const seed = b.seed ?? randomInt(1_000_000);
    const view = await games.open({
      op: 'create',
      args: {
        id: Games.newId(),
        scenario: ref.id,
        ...(ref.data !== undefined ? { data: ref.data } : {}),
        seed,
        side: b.side,
        opponent: opponent.spec,
        orders: b.orders,
      },
    });
    return reply.code(201).send(view);
  });

  app.get('/api/games/:id', async (req) => games.get(parseRequest(gameParams, req.params, 'game').id).call({ op: 'view' }));
  app.delete('/api/games/:id', async (req) => {
    await games.close(parseRequest(gameParams, req.params, 'game').id);
    return { closed: true };
  });
  app.post('/api/games/:id/act', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return games.get(id).call({ op: 'act', args: parseRequest(actSchema, req.body, 'action') });
  });
  app.post('/api/games/:id/agent', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return games.get(id).call({ op: 'agent', args: parseRequest(agentSchema, req.body, 'request') });
  });
  app.post('/api/games/:id/undo', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    parseRequest(empty, req.body, 'request');
    return games.get(id).call({ op: 'undo' });
  });
  app.post('/api/games/:id/resign', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    parseRequest(empty, req.body, 'request');
    return games.get(id).call({ op: 'resign' });
  });
  app.post('/api/games/:id/orders', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return games.get(id).call({ op: 'orders', args: parseRequest(modeSchema, req.body, 'orders') });
  });
  app.get('/api/games/:id/figure/:fig', async (req) => {
    const p = parseRequest(figureParams, req.params, 'figure');
    return games.get(p.id).call({ op: 'figure', args: { fig: p.fig } });
  });
  app.post('/api/games/:id/sight', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return games.get(id).call({ op: 'sight', args: parseRequest(sightSchema, req.body, 'line') });
  });
  app.post('/api/games/:id/standing/cancel', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return games.get(id).call({ op: 'cancel', args: parseRequest(cancelSchema, req.body, 'cancel') });
  });
  app.get('/api/games/:id/record', async (req, reply) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    const text = await games.get(id).call({ op: 'record' });
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="game-${id}.jsonl"`)
      .send(text);
  });
  app.get('/api/games/:id/replay', async (req, reply) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    return reply.type('text/html; charset=utf-8').send(await games.get(id).call({ op: 'replay' }));
  });
  app.post('/api/games/:id/save', async (req) => {
    const { id } = parseRequest(gameParams, req.params, 'game');
    const { name } = parseRequest(saveSchema, req.body, 'save');
    const text = await games.get(id).call({ op: 'record' });
    writeAtomic(savePath(name), text);
    return { saved: name, saves: saveNames() };
  });
  app.post('/api/load', async (req, reply) => {
    const { name } = parseRequest(saveSchema, req.body, 'load');
    const file = savePath(name);
    if (!existsSync(file)) throw new HostError(404, `no save "${name}" (saves: ${saveNames().join(', ') || 'none'})`);
    const text = readFileSync(file, 'utf8');
    const foreign = foreignOpponent(text, offeredSpecs);
    if (foreign !== null)
      throw new HostError(
        400,
        `save "${name}" plays against ${foreign}, which this server does not offer; start it with serve --opponent <name>=<that spec> to load it`,
      );
    const view = await games.open({ op: 'resume', args: { id: Games.newId(), text, file: `${name}.jsonl`, orders: 'band' } });
    return reply.code(201).send(view);
  });

  workshop = await registerWorkshop(app, opts.workshop);

  return app;
}

/**
 * Why a state-changing request comes from another site, or null when it does not: its `Origin`
 * (sent by browsers with every POST and DELETE) must name this server (the request's `Host`), and
 * `Sec-Fetch-Site`, when sent, must not be `cross-site`. A request without either (curl, scripts,
 * tests) is not a page's and passes.
 */
export function foreignOrigin(
  origin: string | undefined,
  host: string | undefined,
  fetchSite: string | string[] | undefined,
): string | null {
  if (fetchSite === 'cross-site') return 'a request from another site (Sec-Fetch-Site: cross-site)';
  if (origin === undefined) return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return `a request from origin "${origin}", not this app's`;
  }
  return originHost !== '' && originHost === (host ?? '') ? null : `a request from origin "${origin}", not this app's (${host ?? '?'})`;
}

/**
 * The opponent of a saved game when it is an agent file or an `exec:` client that the server does
 * not offer (such a save would load a module or run a program named by a file's contents), else null.
 * A save that is not a record is left to the loader, which says what is wrong with it.
 */
function foreignOpponent(text: string, offered: ReadonlySet<string>): string | null {
  let header: unknown;
  try {
    header = JSON.parse(text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length));
  } catch {
    return null;
  }
  const agents = (header as { agents?: unknown } | null)?.agents;
  if (agents === null || typeof agents !== 'object') return null;
  for (const spec of Object.values(agents as Record<string, unknown>)) {
    if (typeof spec !== 'string' || offered.has(spec)) continue;
    if (isExecSpec(spec) || parseSpecSafe(spec)) return spec;
  }
  return null;
}

/** True when `spec` names an agent file (a path), false for built-in names and malformed specs. */
function parseSpecSafe(spec: string): boolean {
  try {
    return parseSpec(spec).isFile;
  } catch {
    return false;
  }
}

/** The folder `serve` saves games in by default. */
export const DEFAULT_SAVES = join('results', 'saves');
