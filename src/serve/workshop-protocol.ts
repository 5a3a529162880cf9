/**
 * The scenario workshop's API (issue 44): what `serve --scenarios DIR` answers under
 * `/api/workshop/`, for the workshop page to build on. Requests are checked with the zod schemas
 * here; answers have the types here. Every error is JSON `{ "error": "<what is wrong, in words>" }`
 * with status 400 (a malformed request or name), 403 (a path outside the scenarios folder), 404
 * (no such file or job; or the workshop is off: the server was started without `--scenarios`),
 * 409 (a balance job is already running; a file exists and `overwrite` was not given) or 413 (a
 * body over the size limit). State-changing requests from a page of another origin are refused
 * (403), as for every route of `serve`.
 *
 * Routes (names are paths relative to the scenarios folder, `/`-separated, each part letters,
 * digits, `.`, `-`, `_`, not starting with `.`, ending in `.json`; `..`, absolute paths, `\`,
 * percent-escapes and links leading out of the folder are refused):
 *
 * - `GET /api/workshop/scenarios` → {@link WorkshopList}: the folder's scenario files (with their
 *   ruleset, id and name, or the reason one cannot be read) and the built-in scenarios.
 * - `GET /api/workshop/files/<name>` → {@link LoadedFile}: the file's exact text, its JSON and its
 *   check. `GET /api/workshop/builtin/<ruleset>/<id>` → the same for a built-in scenario (read only:
 *   save it under a name of the folder to change it).
 * - `PUT /api/workshop/files/<name>` with {@link saveBody} → {@link SavedFile}: writes the file
 *   atomically (src/core/files.ts writeAtomic), creating folders under the scenarios folder as
 *   needed. With `scenario` (the JSON object) the file is written as `JSON.stringify(scenario,
 *   null, 2)` plus a newline (the format `tune` writes); with `text` (a JSON text) exactly those
 *   bytes are written, so a file loaded and saved unchanged is byte-identical. A file that does
 *   not pass its check is still saved (work in progress); its check comes back with it.
 * - `POST /api/workshop/validate` with {@link validateBody} → {@link ScenarioCheck}: the same
 *   problems `validate` reports (the ruleset's zod schema and compile checks, tunable parameters at
 *   their extremes, overlapping terrain as warnings), each with its JSON path and, when it has a
 *   place on the table, `at` (x, y in the file's unit) so the page can mark it there.
 * - `GET /api/workshop/rulesets` → {@link WorkshopRuleset}[]: each ruleset's id, title, table unit
 *   and side counts, and its workshop layout when it declares one (src/core/workshop-layout.ts:
 *   the blank table and where its format keeps terrain, figures, objectives, zones and exits); `GET /api/workshop/schema/<ruleset>` → the JSON Schema of its scenario files
 *   (what `schema` writes: terrain kinds, weapons, ranks and every field's meaning), for the page's
 *   editors and lists.
 * - `POST /api/workshop/preview` with {@link validateBody} → {@link ScenarioPreview}: the table as
 *   the ruleset sets it up (as `render --scenario` draws it): the SVG and the scene (figures with
 *   their ids, sides and x, y; areas; markers), or 400 with the check when the scenario is not valid.
 * - `POST /api/workshop/balance` with {@link balanceBody} → 202 {@link BalanceJobView}: starts a
 *   `stress` run of the scenario on the server's worker threads (src/runner), the same games as
 *   `stress --scenario … --agent side=spec … --games N --seed S` (same win rates). One job at a
 *   time per server: a start while one runs is refused with 409 and says which job runs.
 * - `POST /api/workshop/tune` with {@link tuneBody} → 202 {@link BalanceJobView} (`kind` `tune`):
 *   starts `tune`'s NTBEA search over the scenario's declared parameters toward a target win rate,
 *   the same search as `tune --scenario … --target side=rate --budget B --games N --seed S` (same
 *   evaluations, same best). It takes the same one job slot as a balance job (409 while either runs).
 *   Each evaluation shows in `tune.evaluations` as it ends; once ended, `tune.best` and
 *   `tune.bestScenario` (the complete recommended scenario: save it with PUT as a new file).
 * - `GET /api/workshop/balance` → {@link BalanceJobView}: the current or last job, balance or tune
 *   (progress: games done of total, seconds, ETA; the report once it has ended), or 404 when none
 *   was started. Jobs live on the server: a page that was closed reads its job again here.
 *   `GET /api/workshop/job` → `{ "job": BalanceJobView | null }`: the same, null before any job
 *   (what a page opening asks: no job yet is not an error).
 * - `POST /api/workshop/balance/cancel` (empty body) → {@link BalanceJobView}: stops the running
 *   job, balance or tune (finished games are kept and reported; state `cancelled`), or 409 when
 *   none runs.
 * - `POST /api/workshop/watch` with {@link watchBody} → 201 {@link WatchView}: "watch AI vs AI",
 *   one game of the scenario played on the spot by built-in agents on a worker thread (as `run
 *   --scenario … --agent side=spec … --seed S --time-limit 10000`: the same game), answered when it
 *   has ended — each decision within 10 s, the whole game within 120 s, else it is stopped there and
 *   shown as far as it went (`stopped` says why). One at a time per server (409 while one plays;
 *   it does not take the balance job's slot). `GET /api/workshop/watch/<id>/replay` → the replay
 *   viewer (HTML, as `replay --html` writes it); `GET /api/workshop/watch/<id>/record` → its record
 *   (JSON Lines). The last 20 are kept by id.
 * - "Play it" is `POST /api/games` with the scenario as `{ "file": <name> }` or `{ "data": <JSON> }`
 *   (src/serve/protocol.ts `gameScenarioSchema`): a game against an AI in the play page (`/#<id>`).
 *
 * This module imports only zod and types (no Node modules): the browser code may import it.
 */
import { z } from 'zod';
import type { ScenarioCheck } from '../core/scenario-lint.js';
import type { WorkshopLayout } from '../core/workshop-layout.js';

export type { ScenarioCheck, ScenarioProblem } from '../core/scenario-lint.js';
export type { WorkshopCollection, WorkshopLayout } from '../core/workshop-layout.js';

/**
 * The form of a scenario file's name in the folder: `/`-separated parts of letters, digits, `.`,
 * `-`, `_`, none starting with `.` (so no `..`, no hidden files), at most 200 characters, ending in
 * `.json`. Checked after the URL's percent-decoding, so `%2e%2e%2f` is `../` and refused.
 */
export const SCENARIO_NAME = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.json$/;

/** One scenario file of the folder, as listed. */
export interface WorkshopFile {
  /** Its name: the path under the scenarios folder (`raids/my-raid.json`). */
  name: string;
  /** The file's `ruleset`, `id` and `name` fields, when it is a JSON object that has them. */
  ruleset?: string;
  id?: string;
  title?: string;
  bytes: number;
  /** Why it cannot be read as a scenario file (not JSON, too large …), when it cannot. */
  error?: string;
}

/** `GET /api/workshop/scenarios`. */
export interface WorkshopList {
  /** The scenarios folder as the server was given it. */
  folder: string;
  /** Its `.json` files, sorted by name (at most 1000, searched at most 4 folders deep). */
  files: WorkshopFile[];
  /** The built-in scenarios: open one with `GET /api/workshop/builtin/<ruleset>/<id>`. */
  builtin: { ruleset: string; id: string; title: string }[];
}

/** `GET /api/workshop/files/<name>` and `GET /api/workshop/builtin/<ruleset>/<id>`. */
export interface LoadedFile {
  /** The file's name in the folder, or `builtin:<ruleset>/<id>`. */
  name: string;
  /** The file's exact text (send it back as `text` to save it byte for byte). */
  text: string;
  /** The text parsed (as written: an `inherit` is not resolved). */
  scenario: unknown;
  check: ScenarioCheck;
}

/** One ruleset, as `GET /api/workshop/rulesets` lists it. */
export interface WorkshopRuleset {
  id: string;
  title: string;
  /** The table's unit (`in`, `cm`, or `none`). */
  units: string;
  /** How many sides a scenario may have. */
  sides: { min: number; max: number };
  /** Its built-in scenarios' ids. */
  scenarios: string[];
  /** True when `GET /api/workshop/schema/<id>` has its JSON Schema. */
  schema: boolean;
  /** Where the page finds the format's geometry and the blank table (absent: the ruleset declares none; its files open as JSON only). */
  layout?: WorkshopLayout;
}

/** `POST /api/workshop/preview`: the setup drawn (see the module's route list). */
export interface ScenarioPreview {
  /** The table after setup as a standalone SVG (viewBox in the table's unit, as `render --scenario --svg` writes it). */
  svg: string;
  /** The drawing's data (src/core/scene.ts `Scene`): width, height, sides, areas, markers, figures, info. */
  scene: unknown;
  /** The table's unit. */
  units: string;
  /** The check of the scenario (ok, with any warnings). */
  check: ScenarioCheck;
}

/** `PUT /api/workshop/files/<name>` body: exactly one of `scenario` and `text`. */
export const saveBody = z
  .object({
    /** The scenario as a JSON object; written with two-space indentation and a final newline. */
    scenario: z.record(z.string(), z.unknown()).optional(),
    /** The file's text: it must parse as a JSON object; written as given. */
    text: z.string().optional(),
    /** Replace a file of that name (default false: an existing file is refused with 409). */
    overwrite: z.boolean().optional(),
  })
  .strict()
  .refine((b) => (b.scenario === undefined) !== (b.text === undefined), { message: 'give exactly one of "scenario" and "text"' });

/** `PUT /api/workshop/files/<name>` answer. */
export interface SavedFile {
  name: string;
  bytes: number;
  /** True when a file of that name was there before. */
  replaced: boolean;
  check: ScenarioCheck;
}

/** `POST /api/workshop/validate` body. */
export const validateBody = z
  .object({
    /** The scenario as a JSON object (as the page holds it, unsaved). */
    scenario: z.record(z.string(), z.unknown()),
    /**
     * The name it has (or will have) in the folder: an `inherit` is resolved from there (default
     * `unsaved.json` at the folder's top).
     */
    name: z.string().regex(SCENARIO_NAME, 'a name of the scenarios folder, e.g. my-raid.json').optional(),
  })
  .strict();

/** Which scenario a balance job plays: a file of the folder, a built-in scenario, or unsaved JSON. */
export const balanceScenario = z.union([
  z.object({ file: z.string() }).strict(),
  z.object({ builtin: z.string().min(1).max(200) }).strict(),
  z.object({ data: z.record(z.string(), z.unknown()) }).strict(),
]);

/** `POST /api/workshop/balance` body. */
export const balanceBody = z
  .object({
    scenario: balanceScenario,
    /** Each side's agent: a built-in agent spec (`heuristic`, `random`, `mcts:iterations=50`); sides left out play `heuristic`. */
    agents: z.record(z.string(), z.string().min(1).max(500)).default({}),
    /** Games to play, 1–10000 (default 100). */
    games: z.number().int().min(1).max(10_000).default(100),
    /** The run seed, as `stress --seed` (default 1). */
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
    /** Worker threads (default and most: the server's `--workers`, else the machine's cores; never more than the games). */
    workers: z.number().int().min(1).max(256).optional(),
  })
  .strict();

/** `POST /api/workshop/tune` body: a balance job's fields (games: per evaluation, default 10) and the search's. */
export const tuneBody = z
  .object({
    scenario: balanceScenario,
    /** Each side's agent (built-in specs; sides left out play `heuristic`). */
    agents: z.record(z.string(), z.string().min(1).max(500)).default({}),
    /** The side whose win rate is tuned and the rate wanted, 0–1. */
    target: z.object({ side: z.string().min(1), rate: z.number().min(0).max(1) }).strict(),
    /** Evaluations (candidates tried, a candidate tried again counting again), 1–500 (default 30). */
    budget: z.number().int().min(1).max(500).default(30),
    /** Games per evaluation, 1–1000 (default 10). */
    games: z.number().int().min(1).max(1000).default(10),
    /** The search seed, as `tune --seed` (default 1). */
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
    /** Search only these parameters (names); absent: every declared one. */
    only: z.array(z.string().min(1)).min(1).optional(),
    /** Worker threads (default and most: the server's `--workers`, else the machine's cores). */
    workers: z.number().int().min(1).max(256).optional(),
  })
  .strict();

/** One evaluation of a tune job, as it ended: the candidate's values, which try of it, the target side's score over its games ({rate, low, high, games}), its fitness (−|rate − target|; −1 for an invalid candidate, with the reason). */
export interface TuneEvaluationView {
  index: number;
  values: Record<string, unknown>;
  repeat: number;
  score: { rate: number; low: number; high: number; games: number };
  fitness: number;
  invalid?: string;
}

/** A balance job's state: `running`, `done` (every game played), `cancelled` (stopped by request or by the server closing), `failed` (an error; see `error`). */
export type BalanceState = 'running' | 'done' | 'cancelled' | 'failed';

/** `GET /api/workshop/balance` (and the answers of start and cancel). */
export interface BalanceJobView {
  /** The job's id (a new one each start). */
  id: string;
  /** `balance` (a stress run) or `tune` (an NTBEA search). */
  kind: 'balance' | 'tune';
  state: BalanceState;
  /** What it plays: the scenario's id, where it came from, each side's canonical agent spec, games (a tune job: per evaluation), seed, workers. */
  settings: {
    scenario: string;
    source: string;
    agents: Record<string, string>;
    games: number;
    seed: number;
    workers: number;
  };
  /** The equivalent command line (the same games, the same win rates). */
  command: string;
  progress: {
    /** Games finished (errors included) of `total` (a tune job: budget × games; an invalid candidate plays none, so a finished search may show fewer). */
    done: number;
    total: number;
    /** Games that ended in an error (a defect or an agent's fault). */
    errors: number;
    /** Seconds since the job started. */
    elapsedSeconds: number;
    /** Seconds left at the rate so far (null before the first game finished, 0 once ended). */
    etaSeconds: number | null;
  };
  /**
   * Once ended (done or cancelled): report.json of the run folder — of a tune job, what `tune --json`
   * prints (less its files); of a balance job, the `stress` report as data
   * (win rate per side with its 95% interval in `bySide`, `draws`, `meanTurns`, `turns` histogram,
   * `endings` (how games end: the ruleset's reason with numbers as #, games, share, winners),
   * `falls` (where figures fall: a grid of square cells over the table, counts per cell and per
   * side, to draw as a heat map on the table; src/report/falls.ts `FallsJson`),
   * `noResult` (how games ended without a winner), `balance` measures, per-statistic `stats`, errors,
   * invariant violations). Null while running or after a failure.
   */
  report: Record<string, unknown> | null;
  /** The run folder on the server (report.md, games.jsonl, CSV and SVG charts, scenario.json: the scenario as played). */
  dir: string;
  /** Why it failed (state `failed`). */
  error?: string;
  /**
   * A tune job's search: its target, budget and parameters searched (null: all), the evaluations so
   * far (in order), and once ended the best candidate (values; score over all its games; how many
   * evaluations it had) and its complete scenario file (null when none).
   */
  tune?: {
    target: { side: string; rate: number };
    budget: number;
    only: string[] | null;
    evaluations: TuneEvaluationView[];
    best: {
      values: Record<string, unknown>;
      score: { rate: number; low: number; high: number; games: number };
      evaluations: number;
    } | null;
    bestScenario: unknown;
  };
}

/** `POST /api/workshop/watch` body: which scenario, each side's built-in agent (default `heuristic`), the seed (default 1). */
export const watchBody = z
  .object({
    scenario: balanceScenario,
    agents: z.record(z.string(), z.string().min(1).max(500)).default({}),
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(1),
  })
  .strict();

/** `POST /api/workshop/watch`: the game watched, as it ended. */
export interface WatchView {
  /** Its id (`GET /api/workshop/watch/<id>/replay`). */
  id: string;
  /** The scenario's id and where it came from (`raids/my-raid.json`, `builtin:<ruleset>/<id>`, `unsaved`). */
  scenario: string;
  source: string;
  seed: number;
  /** Each side's canonical agent spec. */
  agents: Record<string, string>;
  /** The winner (null: a draw) and the rules' reason; null when the game was stopped. */
  result: { winner: string | null; reason: string } | null;
  /** Decisions taken. */
  decisions: number;
  /** Why the game stopped before its end (an agent past its time limit or failing, the game's limit), when it did. */
  stopped?: string;
  /** The record's file on the server. */
  file: string;
  /** Paths of its replay viewer and its record. */
  replay: string;
  record: string;
}
