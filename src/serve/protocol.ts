/**
 * The web app's requests and answers: zod schemas for everything a browser may send (`serve`
 * validates every request with them and answers 400 with the reason otherwise), and the shapes of
 * the answers, which the browser code (src/web/) imports as types only. Nothing here names a ruleset.
 */
import { z } from 'zod';
import type { ActionTargets, FigureReach, GlossaryTerm, SceneBadge, ScenePoint, SightLine } from '../core/scene.js';
import { RULESET_ID } from '../core/model.js';

/** A game's id as the server hands it out (and the only form it accepts back). */
export const GAME_ID = /^g[0-9a-f]{16}$/;

/** A save's name: letters, digits, `-` and `_` only, so it can never leave the saves folder. */
export const SAVE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The opponents a person may choose besides the difficulty levels: every built-in agent by name.
 * The levels (`easy`, `normal`, `hard`, `expert`) are each ruleset's own ({@link RulesetHelp.levels};
 * src/core/levels.ts): deterministic budgets, so a level is as strong on any machine, with the
 * measured steps in docs/agents.md. Agent files and `exec:` clients are not offered over HTTP (a
 * path or a command line would let a page load any module or run any program): only the server's
 * operator offers them, by name (`serve --opponent name=spec`).
 */
export const AGENT_OPPONENTS = {
  random: { spec: 'random', words: 'random — any legal action' },
  greedy: { spec: 'greedy', words: 'greedy' },
  heuristic: { spec: 'heuristic', words: 'heuristic' },
  mcts: { spec: 'mcts', words: 'mcts — Monte Carlo tree search with the ruleset’s own settings' },
} as const;

/**
 * The form of an opponent's name: a level (src/core/levels.ts), a built-in agent of
 * {@link AGENT_OPPONENTS}, or one the server's operator offers
 * with `serve --opponent name=spec` (any agent spec: an agent file, an `exec:` client).
 */
export const OPPONENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** How the person's band decisions are taken: `band` leaves each figure's share of a band order to the rules' policy; `figure` asks for each. */
export const ordersSchema = z.enum(['band', 'figure']);

/** `<ruleset>/<scenario id>`: both parts in the form of {@link RULESET_ID} (the form scenario ids share). */
const ID_FORM = RULESET_ID.source.slice(1, -1); // without its ^ and $
const SCENARIO_REF = new RegExp(`^${ID_FORM}/${ID_FORM}$`);

/**
 * Which scenario a new game plays: `<ruleset>/<scenario id>` of a built-in scenario; `{ game }`, the
 * scenario an open game plays (exactly as played there: "play again" of a scenario that is not
 * built in); or, only when the scenario workshop is on (`serve --scenarios DIR`; 404 otherwise),
 * `{ file }`, a scenario file of its folder by name (src/serve/workshop-protocol.ts
 * `SCENARIO_NAME`, confined to the folder as the workshop's routes are), or `{ data }`, a scenario
 * file's JSON object inline (unsaved: the workshop's "play it"), checked as `validate` checks it
 * (400 with the first problem when it is not valid).
 */
export const gameScenarioSchema = z.union(
  [
    z.string().regex(SCENARIO_REF),
    z.object({ game: z.string().regex(GAME_ID) }).strict(),
    z.object({ file: z.string().min(1).max(300) }).strict(),
    z.object({ data: z.record(z.string(), z.unknown()) }).strict(),
  ],
  {
    error:
      'a built-in scenario as <ruleset>/<id>, { "game": <open game id> }, or with the workshop on { "file": <name> } or { "data": <scenario> }',
  },
);

/** POST /api/games: a new game of the scenario {@link gameScenarioSchema} names. */
export const newGameSchema = z
  .object({
    scenario: gameScenarioSchema,
    side: z.string().min(1).max(64),
    opponent: z.string().regex(OPPONENT_NAME, 'an opponent offered by /api/setup'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
    orders: ordersSchema.default('band'),
  })
  .strict();

/** POST /api/games/:id/act: one of the legal actions by key, or exact table coordinates (in the table's unit). */
export const actSchema = z.union([
  z.object({ key: z.string().min(1).max(200) }).strict(),
  z.object({ x: z.number().finite().min(-1000).max(1000), y: z.number().finite().min(-1000).max(1000) }).strict(),
]);

/** POST /api/games/:id/agent: the AI's decisions: one (`step`), or all of them until the person's turn. */
export const agentSchema = z.object({ until: z.enum(['step', 'person']).default('step') }).strict();

/** POST /api/games/:id/orders. */
export const modeSchema = z.object({ orders: ordersSchema }).strict();

/** POST /api/games/:id/save and POST /api/load. */
export const saveSchema = z.object({ name: z.string().regex(SAVE_NAME, 'letters, digits, - and _ only (at most 64)') }).strict();

/** One end of a measured line: a figure by id, or a point of the table (in the table's unit). */
const sightEnd = z.union([
  z.object({ figure: z.string().min(1).max(64) }).strict(),
  z.object({ at: z.tuple([z.number().finite().min(-1000).max(1000), z.number().finite().min(-1000).max(1000)]) }).strict(),
]);

/** POST /api/games/:id/sight: the line between two ends, measured, with sight and cover by the game's rules (the ruleset's `view.sight`). */
export const sightSchema = z.object({ from: sightEnd, to: sightEnd }).strict();

/** POST /api/games/:id/standing/cancel: the person's standing orders of one band (by the band's id in {@link StandingOrder}) end. */
export const cancelSchema = z.object({ band: z.string().min(1).max(200) }).strict();

/** Route parameters. */
export const gameParams = z.object({ id: z.string().regex(GAME_ID, 'not a game id') }).strict();
export const figureParams = z.object({ id: z.string().regex(GAME_ID, 'not a game id'), fig: z.string().min(1).max(64) }).strict();

/** One legal action of the person, as the page offers it. */
export interface ActionView {
  key: string;
  words: string;
  /** What it concerns on the table (the ruleset's `view.targets`), when it says. */
  targets: ActionTargets | null;
  /** True for the action the rules' scripted policy would take (a hint; also what band orders do). */
  suggested: boolean;
  /**
   * With band orders, where the decision is which band acts: the band this order names — the
   * choice that sets it acting (its key and words) and its figures. The table shows one band's
   * orders at a time (src/web/controls.ts). Absent for an action that names no band this way (pass).
   */
  band?: { key: string; words: string; figures: string[] };
}

/**
 * With band orders, the orders one band of the person's stands under (src/serve/host.ts): they are
 * taken for the band's later decisions while they stay legal, the rules' policy would give them too
 * and the band's situation (the ruleset's lapse word) is unchanged; the person may cancel them.
 */
export interface StandingOrder {
  /** The band's id as the ruleset's `view.bandOrder` names it (what a cancel names). */
  band: string;
  /** The orders in words, the latest first (a drill such as "fire, then load" is two). */
  orders: string[];
  /** The band's figures when the order was given (ids). */
  figures: string[];
  /** The ruleset's lapse word the orders were given under (`clear`, `engaged`, `turn 3 phase 2`): they stand only while it holds. */
  while: string;
}

/** One figure, as the page needs it for clicks (the drawing itself is {@link GameView.svg}). */
export interface FigureView {
  id: string;
  name: string;
  side: string;
  band: string | null;
  x: number;
  y: number;
  r: number;
  status: string;
  onTable: boolean;
  markers: string[];
  /** True for the one figure whose decision it is now (the scene's `current`). */
  current: boolean;
  /** True when it belongs to the band acting now (the scene's `highlighted`). */
  highlighted: boolean;
}

/** One decision as it happened, in words, with the events it caused. */
export interface StepReport {
  /** `you`, `band order` (left to the rules' policy), or `ai`. */
  who: 'you' | 'band order' | 'ai';
  side: string;
  words: string;
  /** The agent’s reasons in a player’s words (src/serve/why.ts), for AI decisions. */
  why: string[];
  /** The events it caused, in words (dice with their modifiers as the ruleset tells them). */
  events: string[];
  /**
   * What the AI's decision showed on the table (the ruleset's `view.marks`), in the order it
   * happened, with the figures' places filled in; empty for the person's decisions and for a
   * ruleset that gives no marks.
   */
  marks: DrawnMark[];
}

/**
 * One mark of the AI's turn on the table (src/web/aimarks.ts draws it), in table units: a figure's
 * way (`path`: `figures` [the figure], `points` from where it stood to where it ended, `how` it
 * moved) or an attack (`shot`, `melee`: `figures` [attacker, target], `points` [the attacker's
 * place, the target's place] when it happened, `result` in a word or two, `hit` when it did harm).
 */
export interface DrawnMark {
  kind: 'path' | 'shot' | 'melee';
  figures: string[];
  points: Point[];
  /** A path's kind of move: `move`, `charge`, `run` or `pushed`; '' for an attack. */
  how: string;
  /** An attack's result ('' for a path). */
  result: string;
  /** An attack that did the target harm. */
  hit: boolean;
}

/** Everything the page draws of a game. */
export interface GameView {
  id: string;
  /** The ruleset's title. */
  title: string;
  /** The scenario's id (in its ruleset). */
  scenario: string;
  /** The ruleset's id (`<ruleset>/<scenario>` names the built-in scenario). */
  ruleset: string;
  /** The scenario's name for people (its file's `name`). */
  name: string;
  seed: number | string;
  human: string;
  opponent: string;
  sides: { id: string; name: string; colour: string }[];
  /** The table as `render` draws it (src/render/svg.ts), viewBox in table units. */
  svg: string;
  width: number;
  height: number;
  units: string;
  /** Where the game stands (the scene's caption), or once it is over the result and where it stopped. */
  caption: string;
  info: { label: string; value: string }[];
  /** What each badge drawn beside a figure means (the scene's `badges`; empty when it gives none). */
  badges: SceneBadge[];
  figures: FigureView[];
  /** `you`: the person decides; `ai`: the agent does; `over`: the game is over (or resigned). */
  turn: 'you' | 'ai' | 'over';
  orders: 'band' | 'figure';
  actions: ActionView[];
  /** With band orders, the orders the person's bands stand under now (empty per figure, and before any order is given). */
  standing: StandingOrder[];
  /** True when the ruleset answers `POST /api/games/:id/sight` (its `view.sight`): the page offers its measuring tool. */
  sight: boolean;
  /** True when a click on the table may move the figure deciding now (the ruleset's `view.exactMove`). */
  exact: boolean;
  result: { winner: string | null; reason: string } | null;
  resigned: boolean;
  decisions: number;
  /** The person's decisions that can be taken back. */
  canUndo: boolean;
  /**
   * The whole story of the game (decisions, events indented by two spaces, what undo took back),
   * oldest first, in answers that open a game or rewrite its story (open, load, undo, resign);
   * null in the answers of decisions, whose `steps` the page adds to the story it has.
   */
  log: string[] | null;
}

/** An answer that changed the game: the new view and what happened, decision by decision. */
export interface StepAnswer {
  view: GameView;
  steps: StepReport[];
}

/** GET /api/games/:id/figure/:fig */
export interface FigureAnswer {
  id: string;
  words: string | null;
  reach: FigureReach | null;
}

/** POST /api/games/:id/sight: the line in the table's unit (`units`), as the ruleset's rules see it now. */
export interface SightAnswer extends SightLine {
  units: string;
}

/** A built-in scenario as the setup page offers it, with what a person reads before Start. */
export interface ScenarioBriefing {
  /** `<ruleset>/<scenario id>`. */
  id: string;
  /** `<name> (<ruleset title>)`. */
  title: string;
  name: string;
  ruleset: string;
  rulesetTitle: string;
  /** The scenario file's description: the situation, the forces, how each side wins. */
  briefing: string;
  /** The last turn (the setup scene's `Turn … of N` line), or null when the scene does not say. */
  turns: number | null;
  /** The table's unit and size in it. */
  units: string;
  table: [number, number];
  /** What the game counts from the start (the setup scene's info lines other than the turn: score, objectives, cards). */
  counted: { label: string; value: string }[];
  /** The sides with their forces at the start. */
  sides: { id: string; name: string; figures: number; bands: number }[];
}

/** A ruleset's help for players. */
export interface RulesetHelp {
  id: string;
  title: string;
  /** docs/rules/<id>-summary.md as HTML (headings, paragraphs, lists; no raw HTML from the file). */
  summary: string;
  /** The ruleset's `view.glossary` (may be empty). */
  glossary: GlossaryTerm[];
  /**
   * The ruleset's difficulty levels, weakest first (`easy`, `normal`, `hard`, `expert`): each
   * level's agent spec on this ruleset and its words for people (`hard — Monte Carlo tree search:
   * up to 300 tries a decision … (mcts)`). A new game names a level by its id.
   */
  levels: { id: string; words: string; spec: string }[];
}

/** GET /api/setup: the scenarios with their briefings, the rulesets' help, and the opponents. */
export interface SetupAnswer {
  scenarios: ScenarioBriefing[];
  rulesets: RulesetHelp[];
  /**
   * The opponents offered besides the levels (which are per ruleset, in {@link RulesetHelp.levels}):
   * a name to choose, its words, and the agent spec it plays with (what a game's view names).
   */
  opponents: { id: string; words: string; spec: string }[];
  saves: string[];
  games: GameSummary[];
}

/** A line of the list of open games: enough to tell games apart. */
export interface GameSummary {
  id: string;
  /** `<ruleset>/<scenario id>`. */
  scenario: string;
  /** The scenario's name for people. */
  name: string;
  /** The person's side (id and name). */
  human: string;
  humanName: string;
  /** The opponent's agent spec. */
  opponent: string;
  seed: number | string;
  /** Where the game stands in the rules' words (the view's caption: the turn, who acts). */
  where: string;
  /** Whose decision: `you`, `ai` or `over`. */
  turn: 'you' | 'ai' | 'over';
  decisions: number;
  /** When the game last changed (milliseconds since 1970, the server's clock). */
  updated: number;
}

/** The list entry of a game as a view shows it (`updated` left 0: the server stamps the time). */
export function summaryOf(v: GameView): GameSummary {
  return {
    id: v.id,
    scenario: `${v.ruleset}/${v.scenario}`,
    name: v.name,
    human: v.human,
    humanName: v.sides.find((s) => s.id === v.human)?.name ?? v.human,
    opponent: v.opponent,
    seed: v.seed,
    where: v.caption,
    turn: v.turn,
    decisions: v.decisions,
    updated: 0,
  };
}

/** A point on the table. */
export type Point = ScenePoint;
