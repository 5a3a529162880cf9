/**
 * One game of the web app, as a worker thread holds it: a {@link PlayGame} (a person against an
 * agent, with undo and resume), band orders, and the views the page draws. `serve` runs each game
 * in its own worker thread (src/serve/worker.ts), so the agent's thinking never blocks the server's
 * event loop; tests may use a host directly. Everything goes through the forward model and its
 * optional `policy` and `view` groups: no ruleset is named here.
 */
import type { LoadedScenario } from '../core/game.js';
import type { GameEvent, Json } from '../core/model.js';
import { stopLineText, type RecordLine } from '../core/record.js';
import { recordFrames } from '../render/frames.js';
import { playerWhy } from './why.js';
import { framesToHtml } from '../render/html.js';
import { sceneToSvg } from '../render/svg.js';
import { PlayGame } from '../play/session.js';
import { recordScenario, rerunRecord } from '../rerun.js';
import {
  type ActionView,
  type FigureAnswer,
  type GameSummary,
  type GameView,
  type StepAnswer,
  type StepReport,
  summaryOf,
} from './protocol.js';

/** The scenario's name for people (its file's `name`), or its id. */
export function scenarioName(sc: LoadedScenario): string {
  const raw = sc.raw as { name?: unknown } | null;
  return raw !== null && typeof raw === 'object' && typeof raw.name === 'string' ? raw.name : sc.id;
}

/** A request the game cannot take now (answered 409 or 400 with the reason). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * One line of a game's story: `n` is how many decisions the game had made when the line was
 * written (the decision it tells of is decision `n`; 0 for the setup). `kept` lines (what an undo
 * took back) stay when later decisions are taken back.
 */
interface StoryLine {
  n: number;
  text: string;
  kept?: boolean;
}

/** The story line that opens a decision’s account (`You (<side>): …`). */
function decisionLine(who: StepReport['who'], side: string, words: string): string {
  return `${who === 'ai' ? 'AI' : who === 'you' ? 'You' : 'Band order'} (${side}): ${words}`;
}

/**
 * The story of a saved game, told again from its record: every decision in words (the person's
 * side as `You`, the other as `AI`) with the events it caused, as the page tells a game it plays.
 */
export function storyOfRecord(lines: RecordLine[], file: string, human: string): StoryLine[] {
  const sc = recordScenario(lines, file).scenario;
  const r = sc.ruleset;
  const out: StoryLine[] = [];
  let n = 0;
  rerunRecord(lines, file, {
    end: 'any',
    onEvent: (e) => {
      let text: string | null;
      try {
        text = r.describeEvent(sc.compiled, e);
      } catch {
        text = null;
      }
      if (text !== null) out.push({ n, text: `  ${text}` });
    },
    before: (g, l) => {
      n = g.decisions + 1;
      let words: string;
      try {
        words = r.describeAction(g.state, l.action);
      } catch {
        words = r.actionKey(l.action);
      }
      out.push({ n, text: decisionLine(l.side === human ? 'you' : 'ai', l.side, words) });
    },
  });
  return out;
}

/** A game in the web app. */
export class GameHost {
  orders: 'band' | 'figure';
  private resigned = false;
  private story: StoryLine[] = [];
  private events: string[] = [];

  private constructor(
    readonly id: string,
    private readonly game: PlayGame,
    orders: 'band' | 'figure',
  ) {
    this.orders = orders;
    game.onEvent = (e) => this.event(e);
  }

  /** A new game on a loaded scenario. */
  static async create(
    id: string,
    scenario: LoadedScenario,
    seed: number,
    human: string,
    opponent: string,
    orders: 'band' | 'figure',
    maxThreads = 1,
  ): Promise<GameHost> {
    const game = await PlayGame.create(scenario, seed, human, opponent, maxThreads);
    const h = new GameHost(id, game, orders);
    h.story.push({
      n: 0,
      text: `New game: ${scenarioName(scenario)} (${scenario.ruleset.id}/${scenario.id}), seed ${seed}; you play ${human} against ${game.opponentSpec}.`,
    });
    // What the setup told (the table, the first turn's rolls) happened before the host listened: told from the record.
    h.story.push(...storyOfRecord(game.recordLines(), 'the new game', human));
    h.settle();
    return h;
  }

  /** A game saved earlier (a record naming one side `human`), re-run line by line. */
  static async resume(id: string, lines: RecordLine[], file: string, orders: 'band' | 'figure', maxThreads = 1): Promise<GameHost> {
    const game = await PlayGame.resume(lines, file, maxThreads);
    const h = new GameHost(id, game, orders);
    h.story = storyOfRecord(lines, file, game.human);
    h.story.push({ n: game.decisions.length, text: `Loaded ${file}: ${game.decisions.length} decisions so far.` });
    h.settle();
    return h;
  }

  private event(e: GameEvent): void {
    const sc = this.game.scenario;
    let text: string | null;
    try {
      text = sc.ruleset.describeEvent(sc.compiled, e);
    } catch {
      text = null;
    }
    if (text !== null) this.events.push(text);
  }

  private takeEvents(): string[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private words(action: Json): string {
    const r = this.game.scenario.ruleset;
    try {
      return r.describeAction(this.game.state, action);
    } catch {
      return r.actionKey(action);
    }
  }

  private note(step: StepReport): StepReport {
    const n = this.game.decisions.length;
    this.story.push({ n, text: decisionLine(step.who, step.side, step.words) });
    for (const e of step.events) this.story.push({ n, text: `  ${e}` });
    return step;
  }

  /** Close a finished game's record (its result line). */
  private settle(): void {
    if (this.game.current() === null) this.game.finish();
  }

  private over(): boolean {
    return this.resigned || this.game.current() === null;
  }

  /** True when the person's decision now is a figure's share of a band order, which band orders leave to the policy. */
  private delegated(): boolean {
    return this.orders === 'band' && !this.over() && this.game.delegable();
  }

  /** Play out the figures' shares of a band order with the rules' policy. */
  private followOrders(steps: StepReport[]): void {
    if (this.orders !== 'band' || this.over()) return;
    const side = this.game.human;
    let pending: string | null = null;
    const flush = (): void => {
      if (pending !== null) steps.push(this.note({ who: 'band order', side, words: pending, why: [], events: this.takeEvents() }));
      pending = null;
    };
    this.game.followOrders((words) => {
      flush();
      pending = words;
    });
    flush();
    this.settle();
  }

  /**
   * The page's view of the game now; with `story` the whole story too (for a page that opens the
   * game or must redraw its story, as after an undo), else `log` is null (answers of decisions,
   * whose steps the page adds to the story it has).
   */
  view(story = false): GameView {
    const g = this.game;
    const sc = g.scenario;
    const r = sc.ruleset;
    if (!r.view) throw new Refusal(`the ${r.id} ruleset cannot draw its games (it has no view)`, 400);
    const state = g.state;
    const scene = r.view.scene(state);
    const over = this.over();
    const you = !over && g.humanToDecide();
    let actions: ActionView[] = [];
    let exact = false;
    if (you) {
      const legal = g.legal();
      const best = g.suggestion(legal);
      actions = legal.map((a, i) => ({
        key: r.actionKey(a),
        words: this.words(a),
        targets: r.view?.targets?.(state, a) ?? null,
        suggested: i === best,
      }));
      exact = r.view.exactMove?.(state, scene.width / 2, scene.height / 2) != null;
    }
    const outcome = this.resigned ? { winner: g.opponentSide, reason: 'you resigned' } : r.outcome(state);
    const sideName = (id: string): string => scene.sides.find((s) => s.id === id)?.name ?? id;
    const caption =
      over && !this.resigned && /\bover\b/i.test(scene.caption)
        ? scene.caption // the rules' own words for a finished game
        : over && outcome
          ? `Game over — ${outcome.winner === null ? 'a draw' : outcome.winner === g.human ? 'you win' : `${sideName(outcome.winner)} win`}: ${outcome.reason} (at ${scene.caption})`
          : over
            ? `Game over (at ${scene.caption})`
            : scene.caption;
    return {
      id: this.id,
      title: r.title,
      scenario: sc.id,
      ruleset: r.id,
      name: scenarioName(sc),
      seed: g.seed,
      human: g.human,
      opponent: g.opponentSpec,
      sides: scene.sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour })),
      svg: sceneToSvg(scene, { legend: false, unit: r.traits.units, attrs: 'id="table" preserveAspectRatio="xMidYMid meet"' }),
      width: scene.width,
      height: scene.height,
      units: r.traits.units,
      caption,
      info: scene.info.map((i) => ({ label: i.label, value: i.value })),
      badges: (scene.badges ?? []).map((b) => ({ mark: b.mark, words: b.words })),
      figures: scene.figures.map((f) => ({
        id: f.id,
        name: f.name,
        side: f.side,
        band: f.band,
        x: f.x,
        y: f.y,
        r: f.r,
        status: f.status,
        onTable: f.onTable,
        markers: f.markers,
        current: f.current,
        highlighted: f.highlighted,
      })),
      turn: over ? 'over' : you ? 'you' : 'ai',
      orders: this.orders,
      actions,
      exact,
      result: outcome,
      resigned: this.resigned,
      decisions: g.decisions.length,
      canUndo: !this.resigned && g.decisions.some((d) => d.human),
      log: story ? this.story.map((l) => l.text) : null,
    };
  }

  /** The person's decision: a legal action by key, or exact coordinates (checked by the ruleset). */
  act(req: { key: string } | { x: number; y: number }): StepAnswer {
    const g = this.game;
    if (this.over()) throw new Refusal('the game is over');
    if (!g.humanToDecide()) throw new Refusal('it is the AI’s turn to decide');
    const r = g.scenario.ruleset;
    let action: Json | undefined;
    if ('key' in req) {
      action = g.legal().find((a) => r.actionKey(a) === req.key);
      if (action === undefined) throw new Refusal(`"${req.key}" is not one of the actions you may take now`, 400);
    } else {
      const a = r.view?.exactMove?.(g.state, req.x, req.y) ?? null;
      if (a === null) throw new Refusal('no figure moves freely now: choose one of the actions (or a marked destination)', 400);
      action = a;
    }
    const words = this.words(action);
    const refused = g.submitHuman(action);
    if (refused !== null) throw new Refusal(refused, 400);
    const steps: StepReport[] = [this.note({ who: 'you', side: g.human, words, why: [], events: this.takeEvents() })];
    this.followOrders(steps);
    this.settle(); // the person's decision may end the game (followOrders settles only band orders it plays)
    return { view: this.view(), steps };
  }

  /** The agent's next decision (`step`), or all of them until the person decides or the game ends (`person`). */
  async agent(until: 'step' | 'person'): Promise<StepAnswer> {
    const g = this.game;
    if (this.over()) throw new Refusal('the game is over');
    if (g.humanToDecide()) throw new Refusal('it is your turn to decide');
    const steps: StepReport[] = [];
    do {
      const before = g.state;
      const state = g.scenario.ruleset.clone(before);
      const legal = g.legal();
      const move = await g.agentStep();
      const why = playerWhy(g.scenario, state, legal, move.action, move.explanation);
      steps.push(this.note({ who: 'ai', side: move.side, words: move.words, why, events: this.takeEvents() }));
      this.settle();
    } while (until === 'person' && !this.over() && !g.humanToDecide());
    return { view: this.view(), steps };
  }

  /** Take back the person's last order (a band order with every figure's share) and the AI's decisions after it. */
  async undo(): Promise<StepAnswer> {
    if (this.resigned) throw new Refusal('you resigned this game');
    const g = this.game;
    if (!g.decisions.some((d) => d.human)) throw new Refusal('nothing of yours to take back yet');
    let taken = await g.undo();
    // A band order is taken back whole: back to the decision that gave it. The one named is the last
    // taken back (the person's own order), described in the state it was chosen in — where the game is now.
    while (this.delegated() && g.decisions.some((d) => d.human)) {
      const earlier = await g.undo();
      if (earlier === null) break;
      taken = earlier;
    }
    this.events = [];
    const now = g.decisions.length;
    this.story = this.story.filter((l) => l.kept === true || l.n <= now);
    this.story.push({ n: now, kept: true, text: `Taken back: ${taken === null ? 'nothing' : this.words(taken)} — and what followed.` });
    return { view: this.view(true), steps: [] };
  }

  /** Band orders or one figure at a time; switching to band orders plays out a pending figure's share. */
  setOrders(orders: 'band' | 'figure'): StepAnswer {
    this.orders = orders;
    const steps: StepReport[] = [];
    if (!this.over() && this.game.humanToDecide()) this.followOrders(steps);
    return { view: this.view(), steps };
  }

  /**
   * Give up: the game stops here. Its record ends with a stop line (`resigned`), which `replay
   * --verify` checks up to; `play --resume` continues it from there (the resignation taken back).
   */
  resign(): StepAnswer {
    if (this.over()) throw new Refusal('the game is over');
    this.resigned = true;
    this.story.push({ n: this.game.decisions.length, text: 'You resigned.' });
    return { view: this.view(true), steps: [] };
  }

  /** The record so far (JSON Lines; a finished game ends with its result line, a resigned one with its stop line). */
  record(): string {
    const text = this.game.recordText();
    if (!this.resigned || this.game.current() === null) return text;
    return `${text}${stopLineText({ reason: 'resigned', side: this.game.human, decisions: this.game.decisions.length, message: `${this.game.human} resigned` })}\n`;
  }

  /** The replay viewer of the game so far (render's self-contained HTML player). */
  replay(): string {
    return framesToHtml(recordFrames(this.game.recordLines(), `game ${this.id}`));
  }

  /** One figure in words and how far it reaches (the ruleset's `view.describeFigure` and `view.reach`). */
  figure(fig: string): FigureAnswer {
    const v = this.game.scenario.ruleset.view;
    const state = this.game.state;
    const words = v?.describeFigure?.(state, fig) ?? null;
    const reach = v?.reach?.(state, fig) ?? null;
    if (words === null && reach === null && !(v?.scene(state).figures.some((f) => f.id === fig) ?? false))
      throw new Refusal(`no figure "${fig}"`, 404);
    return { id: fig, words, reach };
  }

  /** A line for the list of open games (its time is the caller's: the host keeps no clock). */
  summary(): GameSummary {
    return summaryOf(this.view());
  }

  /** Release the agent (its threads). */
  async close(): Promise<void> {
    await this.game.close();
  }
}
