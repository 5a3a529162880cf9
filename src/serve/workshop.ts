/**
 * The scenario workshop's routes on `serve` (issue 44; the API is documented route by route in
 * ./workshop-protocol.ts): list, load and save scenario files in the one folder the server was
 * given (`serve --scenarios DIR`) and never elsewhere, check a scenario as `validate` does, and run
 * one balance job (a `stress` run, ./balance.ts) at a time.
 *
 * Confinement: a file is named by its path under the folder, checked after the URL's decoding
 * (and once more decoded, so a doubly encoded `%252e%252e%252f` is caught too): `..` parts,
 * absolute paths (`/…`, `C:…`), backslashes and NUL are refused with 403; any other name not of
 * the form {@link SCENARIO_NAME} with 400; and the real path (links resolved) of the file, or of
 * the nearest folder of it that exists, must lie inside the folder's real path (403 otherwise), so
 * a link inside the folder cannot lead out of it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeAtomic } from '../core/files.js';
import { LIMITS, jsonTextDepth, jsonValueDepth, limitText } from '../core/limits.js';
import { ScenarioError } from '../core/model.js';
import { builtinScenarioFiles, fromRaw, parseJsonText, readScenarioFile, resolveInherit } from '../core/scenario.js';
import type { LoadedScenario } from '../core/game.js';
import { checkScenarioData } from '../rules/check.js';
import { workshopLayout } from '../core/workshop-layout.js';
import { RULESETS, compileSource, loadScenario } from '../rules/index.js';
import { frameToSvg } from '../render/html.js';
import { scenarioFrames } from '../render/preview.js';
import { defaultWorkers } from '../runner/pool.js';
import { isExecSpec, resolveBuiltinAgent } from '../../agents/index.js';
import { parseSpec } from '../../agents/options.js';
import { BalanceJobs, type BalanceStart } from './balance.js';
import { TuneFolderError, tunedDomains } from '../tune/tune.js';
import { HostError, parseRequest } from './games.js';
import {
  SCENARIO_NAME,
  balanceBody,
  balanceScenario,
  tuneBody,
  saveBody,
  validateBody,
  watchBody,
  type BalanceJobView,
  type LoadedFile,
  type SavedFile,
  type ScenarioPreview,
  type WorkshopFile,
  type WorkshopList,
  type WorkshopRuleset,
  type WatchView,
} from './workshop-protocol.js';
import { WatchGames } from './watch.js';

/** A watched game's id in routes. */
const watchParams = z.object({ id: z.string().regex(/^w[0-9a-f]{12}$/, 'not a watched game id') }).strict();

/**
 * What the rest of the server asks of the workshop: the scenario a `{ file }` or `{ data }`
 * reference names, compiled and checked (for "play it", `POST /api/games`): HostError 400 when it
 * is not valid, 403/404 for a file name outside the folder or missing.
 */
export interface Workshop {
  scenario(ref: { file: string } | { data: Record<string, unknown> }): { scenario: LoadedScenario; source: string };
}

/** Options of {@link registerWorkshop}. */
export interface WorkshopOptions {
  /** The scenarios folder: the only place files are listed, loaded and saved (must exist). */
  scenarios: string;
  /** Where balance jobs' run folders go (default `results/workshop`). */
  runs?: string;
  /** Worker threads of a balance job when the request names none (default: the machine's cores). */
  workers?: number;
}

/** The folder balance jobs' run folders go to by default. */
export const DEFAULT_WORKSHOP_RUNS = join('results', 'workshop');

/** Largest request body of the workshop's routes: a scenario file at its limit, sent as a JSON string (escaped), with room to spare. */
const BODY_LIMIT = 3 * LIMITS.files.scenarioBytes;

/** Percent-decode `s` until it stops changing (at most 3 times); a malformed escape leaves it as it is. */
function decodeFully(s: string): string {
  let cur = s;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(cur);
    } catch {
      return cur;
    }
    if (next === cur) return cur;
    cur = next;
  }
  return cur;
}

/**
 * The absolute path of scenario file `name` under `folderReal` (the folder's real path). Throws a
 * {@link HostError}: 403 for a name that points outside the folder (`..`, absolute, backslash, NUL,
 * also once decoded again; or a link leading out), 400 for any other name not of the form
 * {@link SCENARIO_NAME}.
 */
export function scenarioPath(folderReal: string, name: string): string {
  for (const n of [name, decodeFully(name)]) {
    if (n.includes('\0') || n.includes('\\') || isAbsolute(n) || /^[A-Za-z]:/.test(n) || n.split('/').some((p) => p === '..'))
      throw new HostError(
        403,
        `refused: "${name}" points outside the scenarios folder; name a file in it, e.g. my-raid.json or raids/my-raid.json`,
      );
  }
  if (!SCENARIO_NAME.test(name))
    throw new HostError(
      400,
      `bad file name "${name}": a path under the scenarios folder of letters, digits, ".", "-" and "_" in /-separated parts (none starting with "."), ending in .json`,
    );
  const file = resolve(folderReal, name);
  if (!file.startsWith(folderReal + sep)) throw new HostError(403, `refused: "${name}" points outside the scenarios folder`);
  // Links: the real path of the file (or of its nearest existing folder) must be inside the folder's.
  let p = file;
  while (!existsSync(p) && p !== folderReal) p = dirname(p);
  let real: string;
  try {
    real = realpathSync(p);
  } catch {
    throw new HostError(403, `refused: "${name}" cannot be resolved inside the scenarios folder`);
  }
  if (real !== folderReal && !real.startsWith(folderReal + sep))
    throw new HostError(403, `refused: "${name}" leads outside the scenarios folder (through a link)`);
  return file;
}

/** A scenario file's text within the limits (a regular file, at most files.scenarioBytes); 404 when missing. */
function readText(file: string, name: string): string {
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st) throw new HostError(404, `no file "${name}" in the scenarios folder`);
  if (!st.isFile()) throw new HostError(400, `"${name}" is not a regular file`);
  if (st.size > LIMITS.files.scenarioBytes)
    throw new HostError(400, `"${name}" has ${st.size} bytes, more than a scenario file may have (${limitText('files.scenarioBytes')})`);
  const text = readFileSync(file, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parse a scenario's text (depth checked first); a {@link ScenarioError} when it is not JSON or too deep. */
function parseText(text: string, source: string): unknown {
  if (jsonTextDepth(text) > LIMITS.json.depth)
    throw new ScenarioError(source, '', `nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
  return parseJsonText(text, source);
}

/** A file loaded for the page: its text, JSON (null when it is not JSON) and check. */
function loaded(name: string, text: string, source: string): LoadedFile {
  let scenario: unknown;
  try {
    scenario = parseText(text, source);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const prefix = `${source}: `;
    const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
    return {
      name,
      text,
      scenario: null,
      check: { ok: false, problems: [{ severity: 'error', kind: 'invalid', path: '', paths: [], message }] },
    };
  }
  return { name, text, scenario, check: checkScenarioData(scenario, source) };
}

/** The `.json` files under `root` (at most `max`, at most 4 folders deep, no hidden entries, links not followed), by name. */
function listFiles(root: string, max = 1000): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (out.length >= max || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory() && depth < 4) walk(p, depth + 1);
      else if (e.isFile() && e.name.endsWith('.json')) {
        const name = relative(root, p).split(sep).join('/');
        if (SCENARIO_NAME.test(name)) out.push(name);
      }
    }
  };
  walk(root, 0);
  return out.sort();
}

/** One listed file's fields (or why it cannot be read). */
function describeFile(root: string, name: string): WorkshopFile {
  const file = join(root, name);
  const bytes = statSync(file).size;
  try {
    const raw = parseText(readText(file, name), name);
    const o = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    return {
      name,
      bytes,
      ...(typeof o.ruleset === 'string' ? { ruleset: o.ruleset } : {}),
      ...(typeof o.id === 'string' ? { id: o.id } : {}),
      ...(typeof o.name === 'string' ? { title: o.name } : {}),
    };
  } catch (e) {
    return { name, bytes, error: e instanceof Error ? e.message.replace(`${name}: `, '') : String(e) };
  }
}

/**
 * Add the workshop's routes to `app` (in a plugin of their own, with their own JSON parser: bodies
 * up to three times the scenario file limit, nesting checked before parsing), or, when `opts` is
 * undefined, a route that answers every `/api/workshop/…` request 404 saying how to turn it on.
 * Closing the app stops a running balance job (its finished games are kept in its run folder) and
 * a watched game. Returns the workshop's services to the rest of the server, or null when it is off.
 */
export async function registerWorkshop(app: FastifyInstance, opts: WorkshopOptions | undefined): Promise<Workshop | null> {
  if (!opts) {
    app.all('/api/workshop/*', async () => {
      throw new HostError(404, WORKSHOP_OFF);
    });
    return null;
  }
  if (!existsSync(opts.scenarios) || !statSync(opts.scenarios).isDirectory())
    throw new Error(`the scenarios folder ${opts.scenarios} is not a folder`);
  const folder = realpathSync(opts.scenarios);
  const jobs = new BalanceJobs(opts.runs ?? DEFAULT_WORKSHOP_RUNS);
  const watching = new WatchGames(opts.runs ?? DEFAULT_WORKSHOP_RUNS);
  app.addHook('onClose', async () => {
    watching.close();
    await jobs.close();
  });

  const builtins = (): { file: string; ruleset: string; id: string; title: string }[] =>
    builtinScenarioFiles().map((file) => {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { ruleset?: unknown; id?: unknown; name?: unknown };
      return { file, ruleset: String(raw.ruleset), id: String(raw.id), title: typeof raw.name === 'string' ? raw.name : String(raw.id) };
    });

  /**
   * The scenario a request names, compiled: a file of the folder (read anew each time), a built-in
   * scenario, or unsaved JSON (its `inherit` resolved from the folder's top). `arg` is what
   * `stress --scenario` would be given for it (absent for unsaved JSON). HostError 400 when it is
   * not valid, 403/404 for a file name outside the folder or missing.
   */
  const resolveScenario = (ref: z.infer<typeof balanceScenario>): { scenario: LoadedScenario; source: string; arg?: string } => {
    try {
      if ('file' in ref) {
        const file = scenarioPath(folder, ref.file);
        if (!existsSync(file)) throw new HostError(404, `no file "${ref.file}" in the scenarios folder`);
        // not loadScenario: its cache would keep every saved version
        return { scenario: compileSource(readScenarioFile(file)), source: ref.file, arg: relative(process.cwd(), file) || file };
      }
      if ('builtin' in ref) {
        const want = ref.builtin;
        const hit = builtins().filter((x) => x.id === want || `${x.ruleset}/${x.id}` === want);
        if (hit.length !== 1)
          throw new HostError(
            404,
            `no built-in scenario "${want}"${hit.length > 1 ? ' (ambiguous: give <ruleset>/<id>)' : ''} (built-in: ${builtins()
              .map((x) => `${x.ruleset}/${x.id}`)
              .join(', ')})`,
          );
        return {
          scenario: loadScenario(`${hit[0].ruleset}/${hit[0].id}`),
          source: `builtin:${hit[0].ruleset}/${hit[0].id}`,
          arg: hit[0].id,
        };
      }
      if (jsonValueDepth(ref.data) > LIMITS.json.depth)
        throw new HostError(400, `the scenario is nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`);
      const at = join(folder, 'unsaved.json');
      return { scenario: compileSource(fromRaw(resolveInherit(ref.data, at), at)), source: 'unsaved' };
    } catch (e) {
      if (e instanceof ScenarioError) throw new HostError(400, `the scenario is not valid: ${e.message}`);
      throw e;
    }
  };

  /**
   * Each side of `sc` with its canonical built-in agent spec, in the scenario's side order: the
   * request's `agents` (side → spec), `heuristic` for the sides it leaves out. HostError 400 for an
   * unknown side, an agent file or `exec:` client (never run on a page's say-so), a bad spec.
   */
  const builtinAgents = (sc: LoadedScenario, given: Record<string, string>, what: string): Record<string, string> => {
    const sides = sc.ruleset.sides(sc.compiled);
    const agents: Record<string, string> = {};
    for (const [side, spec] of Object.entries(given)) {
      if (!sides.includes(side))
        throw new HostError(400, `bad ${what} at agents.${side}: no side "${side}" in ${sc.id} (sides: ${sides.join(', ')})`);
      let isFile: boolean;
      try {
        isFile = isExecSpec(spec) || parseSpec(spec).isFile;
      } catch (e) {
        throw new HostError(400, `bad ${what} at agents.${side}: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (isFile)
        throw new HostError(400, `bad ${what} at agents.${side}: only built-in agents run here (heuristic, random, mcts:…), not "${spec}"`);
      try {
        agents[side] = resolveBuiltinAgent(spec).spec;
      } catch (e) {
        throw new HostError(400, `bad ${what} at agents.${side}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    for (const s of sides) agents[s] ??= resolveBuiltinAgent('heuristic').spec;
    return Object.fromEntries(sides.map((s) => [s, agents[s]]));
  };

  await app.register(async (w) => {
    w.removeContentTypeParser('application/json');
    w.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      if (jsonTextDepth(text, LIMITS.json.depth + 4) > LIMITS.json.depth + 4)
        return done(new HostError(400, `the request is nested more than ${LIMITS.json.depth} levels deep (${limitText('json.depth')})`));
      try {
        done(null, JSON.parse(text));
      } catch (e) {
        done(new HostError(400, `the request is not JSON: ${e instanceof Error ? e.message : String(e)}`));
      }
    });
    const big = { bodyLimit: BODY_LIMIT };

    w.get('/api/workshop/scenarios', async (): Promise<WorkshopList> => ({
      folder: opts.scenarios,
      files: listFiles(folder).map((n) => describeFile(folder, n)),
      builtin: builtins().map(({ ruleset, id, title }) => ({ ruleset, id, title })),
    }));

    w.get('/api/workshop/files/*', async (req): Promise<LoadedFile> => {
      const name = (req.params as { '*': string })['*'];
      const file = scenarioPath(folder, name);
      return loaded(name, readText(file, name), file);
    });

    w.get('/api/workshop/builtin/:ruleset/:id', async (req): Promise<LoadedFile> => {
      const p = req.params as { ruleset: string; id: string };
      const b = builtins().find((x) => x.ruleset === p.ruleset && x.id === p.id);
      if (!b)
        throw new HostError(
          404,
          `no built-in scenario ${p.ruleset}/${p.id} (built-in: ${builtins()
            .map((x) => `${x.ruleset}/${x.id}`)
            .join(', ')})`,
        );
      return loaded(`builtin:${b.ruleset}/${b.id}`, readFileSync(b.file, 'utf8'), b.file);
    });

    w.put('/api/workshop/files/*', big, async (req): Promise<SavedFile> => {
      const name = (req.params as { '*': string })['*'];
      const file = scenarioPath(folder, name);
      const b = parseRequest(saveBody, req.body, 'save');
      let text: string;
      let raw: unknown;
      if (b.text !== undefined) {
        text = b.text;
        try {
          raw = parseText(text, name);
        } catch (e) {
          if (e instanceof ScenarioError) throw new HostError(400, `bad save at text: ${e.message.replace(`${name}: `, '')}`);
          throw e;
        }
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
          throw new HostError(400, 'bad save at text: a scenario file is a JSON object');
      } else {
        raw = b.scenario;
        text = `${JSON.stringify(raw, null, 2)}\n`;
      }
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > LIMITS.files.scenarioBytes)
        throw new HostError(
          400,
          `the file would have ${bytes} bytes, more than a scenario file may have (${limitText('files.scenarioBytes')})`,
        );
      const st = statSync(file, { throwIfNoEntry: false });
      if (st && !st.isFile()) throw new HostError(400, `"${name}" is a folder or not a regular file; choose another name`);
      if (st && b.overwrite !== true)
        throw new HostError(409, `"${name}" exists; send "overwrite": true to replace it, or choose another name`);
      writeAtomic(file, text);
      return { name, bytes, replaced: st !== undefined, check: checkScenarioData(raw, file) };
    });

    w.post('/api/workshop/validate', big, async (req) => {
      const b = parseRequest(validateBody, req.body, 'validate');
      const source = b.name !== undefined ? scenarioPath(folder, b.name) : join(folder, 'unsaved.json');
      return checkScenarioData(b.scenario, source);
    });

    w.get('/api/workshop/rulesets', async (): Promise<WorkshopRuleset[]> =>
      [...RULESETS.values()].map((r) => ({
        id: r.id,
        title: r.title,
        units: r.traits.units,
        sides: { min: r.traits.sides.min, max: r.traits.sides.max },
        scenarios: [...r.scenarios],
        schema: r.jsonSchema !== undefined,
        ...(r.workshop !== undefined ? { layout: workshopLayout.parse(r.workshop) } : {}),
      })),
    );

    w.get('/api/workshop/schema/:ruleset', async (req) => {
      const id = (req.params as { ruleset: string }).ruleset;
      const r = RULESETS.get(id);
      if (!r?.jsonSchema) throw new HostError(404, `no scenario schema for "${id}" (rulesets: ${[...RULESETS.keys()].join(', ')})`);
      return r.jsonSchema();
    });

    w.post('/api/workshop/preview', big, async (req, reply) => {
      const b = parseRequest(validateBody, req.body, 'preview');
      const source = b.name !== undefined ? scenarioPath(folder, b.name) : join(folder, 'unsaved.json');
      const check = checkScenarioData(b.scenario, source);
      if (!check.ok) return reply.code(400).send({ error: `the scenario is not valid: ${check.problems[0]?.message ?? ''}`, check });
      const sc = compileSource(fromRaw(resolveInherit(b.scenario, source), source));
      let rf;
      try {
        rf = scenarioFrames(sc, source, 1);
      } catch (e) {
        if (e instanceof ScenarioError) throw new HostError(400, e.message.replace(`${source}: `, ''));
        throw e;
      }
      const answer: ScenarioPreview = { svg: frameToSvg(rf, 0), scene: rf.frames[0].scene, units: rf.unit, check };
      return answer;
    });

    /** A job's scenario, agents and threads from its request (`what` names the request in errors). */
    const jobStart = (
      b: { scenario: z.infer<typeof balanceScenario>; agents: Record<string, string>; games: number; seed: number; workers?: number },
      what: string,
      threadsFor: number,
    ): BalanceStart => {
      const { scenario: sc, source, arg } = resolveScenario(b.scenario);
      const ordered = builtinAgents(sc, b.agents, what);
      // The server's thread count is the most a page may ask for (a page cannot make it use more).
      const most = opts.workers ?? defaultWorkers();
      const workers = Math.max(1, Math.min(b.workers ?? most, most, threadsFor));
      return { scenario: sc, source, arg, agents: ordered, games: b.games, seed: b.seed, workers };
    };

    w.post('/api/workshop/balance', big, async (req, reply): Promise<BalanceJobView> => {
      const b = parseRequest(balanceBody, req.body, 'balance job');
      return reply.code(202).send(jobs.start(jobStart(b, 'balance job', b.games)));
    });

    w.post('/api/workshop/tune', big, async (req, reply): Promise<BalanceJobView> => {
      const b = parseRequest(tuneBody, req.body, 'tune job');
      const start = jobStart(b, 'tune job', b.games);
      const sides = start.scenario.ruleset.sides(start.scenario.compiled);
      if (!sides.includes(b.target.side))
        throw new HostError(
          400,
          `bad tune job at target.side: no side "${b.target.side}" in ${start.scenario.id} (sides: ${sides.join(', ')})`,
        );
      try {
        tunedDomains(start.scenario, start.source, b.only ?? null); // a scenario without parameters, an unknown name: said now
      } catch (e) {
        if (e instanceof TuneFolderError) throw new HostError(400, `bad tune job: ${e.message.replace(/--only /g, 'only: ')}`);
        throw e;
      }
      return reply.code(202).send(jobs.startTune({ ...start, target: b.target, budget: b.budget, only: b.only ?? null }));
    });

    w.get('/api/workshop/balance', async (): Promise<BalanceJobView> => jobs.view());
    w.get('/api/workshop/job', async (): Promise<{ job: BalanceJobView | null }> => ({ job: jobs.current() }));

    w.post('/api/workshop/watch', big, async (req, reply): Promise<WatchView> => {
      const b = parseRequest(watchBody, req.body, 'watch');
      const { scenario: sc, source } = resolveScenario(b.scenario);
      const agents = builtinAgents(sc, b.agents, 'watch');
      return reply.code(201).send(await watching.play(sc, source, agents, b.seed));
    });
    w.get('/api/workshop/watch/:id/replay', async (req, reply) =>
      reply.type('text/html; charset=utf-8').send(watching.replay(parseRequest(watchParams, req.params, 'watched game').id)),
    );
    w.get('/api/workshop/watch/:id/record', async (req, reply) => {
      const { id } = parseRequest(watchParams, req.params, 'watched game');
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="watch-${id}.jsonl"`)
        .send(watching.record(id));
    });

    w.post('/api/workshop/balance/cancel', async (req): Promise<BalanceJobView> => {
      parseRequest(z.object({}).strict(), req.body, 'cancel');
      return jobs.cancel();
    });
  });
  return { scenario: (ref) => resolveScenario(ref) };
}

/** What a workshop route (or a workshop scenario in `POST /api/games`) answers when the workshop is off. */
export const WORKSHOP_OFF = 'the scenario workshop is off: start the server with serve --scenarios <folder>';
