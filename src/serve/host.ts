/**
 * One game of the web app, as a worker thread holds it: a {@link PlayGame} (a person against an
 * agent, with undo and resume), band orders, and the views the page draws. `serve` runs each game
 * in its own worker thread (src/serve/worker.ts), so the agent's thinking never blocks the server's
 * event loop; tests may use a host directly. Everything goes through the forward model and its
 * optional `policy` and `view` groups: no ruleset is named here.
 */
import type { LoadedScenario } from '../core/game.js';
import type { GameEvent, Json } from '../core/model.js';
import type { Rng } from '../core/rng.js';
import type { ActionTargets, SightEnd } from '../core/scene.js';
import { stopLineText, type RecordLine } from '../core/record.js';
import { recordFrames } from '../render/frames.js';
import { playerWhy } from './why.js';
import { DecisionMarks } from './marks.js';
import { framesToHtml } from '../render/html.js';
import { sceneToSvg } from '../render/svg.js';
import { PlayGame } from '../play/session.js';
import { recordScenario, rerunRecord } from '../rerun.js';
import {
  type ActionView,
  type FigureAnswer,
  type GameSummary,
  type GameView,
  type SightAnswer,
  type StepAnswer,
  type StepReport,
  summaryOf,
} from './protocol.js';

/**
 * Between the two keys of a band order that names its band (`band:3»group:obj`): the decision that
 * chooses which band acts, then the order the band is given (see {@link GameHost.view}).
 */
export const ORDER_SEP = '»';

/** Thrown by {@link NO_DICE}: looking ahead stops where dice would be rolled. */
class DiceAhead extends Error {}

/** The stream of a look ahead at what a decision leads to: it must not roll (a decision that rolls is not looked past). */
const NO_DICE: Rng = {
  next(): number {
    throw new DiceAhead('dice');
  },
};

/** One option of the person: a legal action, or a band order naming its band (two actions, the second legal after the first). */
interface Option {
  key: string;
  actions: Json[];
  words: string;
  targets: ActionTargets | null;
  suggested: boolean;
  band?: { key: string; words: string; figures: string[] };
}

/**
 * The orders a band stands under: the order keys (`view.orderKey`) the person gave it under one
 * lapse word, the latest first (at most {@link STANDING_MAX}; a drill such as "fire, then load"
 * is two), and that word.
 */
interface Standing {
  keys: string[];
  lapse: string;
  /** The orders in words, as {@link keys} (for the page). */
  words: string[];
  /** The band's figures when the latest order was given (the scene's acting figures of the person's side). */
  figures: string[];
}

/** How many orders a band keeps standing under one lapse word. */
const STANDING_MAX = 3;

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
  /** The marks of the AI's decision being made (src/serve/marks.ts). */
  private marks = new DecisionMarks();
  /** The orders each band stands under (by `view.bandOrder`'s band id). */
  private standing = new Map<string, Standing>();
  /** The person's own decisions in this host's lifetime: how many decisions the game had made before each, and the standing orders then (for undo). */
  private mine: { n: number; words: string; standing: Map<string, Standing> }[] = [];

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
    h.followOrders([]);
    return h;
  }

  /** A game saved earlier (a record naming one side `human`), re-run line by line. */
  static async resume(id: string, lines: RecordLine[], file: string, orders: 'band' | 'figure', maxThreads = 1): Promise<GameHost> {
    const game = await PlayGame.resume(lines, file, maxThreads);
    const h = new GameHost(id, game, orders);
    h.story = storyOfRecord(lines, file, game.human);
    h.story.push({ n: game.decisions.length, text: `Loaded ${file}: ${game.decisions.length} decisions so far.` });
    h.settle();
    h.followOrders([]);
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
    if (this.marks.following) {
      try {
        this.marks.add(sc.ruleset.view?.marks?.(sc.compiled, e) ?? []);
      } catch {
        // an event the ruleset cannot draw is told in words only
      }
    }
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

  /**
   * The action band orders take for the person now, or undefined when the decision is the
   * person's: with band orders, a decision with one legal action is taken; a figure's share of a
   * band's order (`view.delegable`) and the choice of which band acts (`view.bandOrder` `choose`)
   * are left to the rules' policy; and a band's decision takes the order the person gave that band
   * (its {@link standing} orders, the latest that is legal) while they have not lapsed and the
   * policy would give the same order — so the person is asked where the situation calls for
   * another, and a game the person plays by the suggestions is the policy's own game.
   */
  private orderedAction(): Json | undefined {
    const g = this.game;
    if (this.orders !== 'band' || this.over() || !g.humanToDecide()) return undefined;
    const r = g.scenario.ruleset;
    const legal = g.legal();
    if (legal.length === 1) return legal[0];
    if (g.delegable()) return legal[Math.max(0, g.suggestion(legal))];
    const at = r.view?.bandOrder?.(g.state) ?? null;
    if (at?.kind === 'order') return this.standingOrder(g.state, legal);
    if (at?.kind !== 'choose' || r.policy === undefined) return undefined;
    // Which band acts: the policy's choice, when that band then carries on with its standing order
    // (or has one action only); else the person gives a band an order ({@link options}).
    const pick = legal[Math.max(0, g.suggestion(legal))];
    const next = this.lookAhead(pick);
    if (next === null) return undefined;
    const then = r.legalActions(next);
    return then.length === 1 || this.standingOrder(next, then) !== undefined ? pick : undefined;
  }

  /** The action of `legal` that the standing order of the band deciding in `state` takes, if it stands. */
  private standingOrder(state: unknown, legal: readonly Json[]): Json | undefined {
    const r = this.game.scenario.ruleset;
    const at = r.view?.bandOrder?.(state) ?? null;
    if (at?.kind !== 'order') return undefined;
    const o = this.standing.get(at.band);
    if (o === undefined || o.lapse !== at.lapse) return undefined;
    // The standing order that applies: of the band's orders, the latest that is legal …
    let a: Json | undefined;
    for (const key of o.keys) {
      a = legal.find((x) => this.orderKey(x, state) === key);
      if (a !== undefined) break;
    }
    if (a === undefined) return undefined;
    // … as long as the rules' policy would give the same order: where the situation calls for
    // another, the person is asked.
    const policy = this.game.scenario.ruleset.policy;
    if (policy === undefined) return a;
    const scores = policy.scores(state, legal);
    let best = 0;
    for (let i = 1; i < scores.length; i++) if (scores[i] > scores[best]) best = i;
    return this.orderKey(legal[best], state) === this.orderKey(a, state) ? a : undefined;
  }

  /**
   * The state after the person's `action` now, on a copy, when it rolls no dice and leads to an
   * order of a band of the person's (`view.bandOrder`); else null.
   */
  private lookAhead(action: Json): unknown {
    const g = this.game;
    const r = g.scenario.ruleset;
    const next = r.clone(g.state);
    try {
      r.apply(next, action, { rng: NO_DICE });
    } catch (e) {
      if (e instanceof DiceAhead) return null;
      throw e;
    }
    return r.currentSide(next) === g.human && r.view?.bandOrder?.(next)?.kind === 'order' ? next : null;
  }

  /** True when band orders take the person's decision now ({@link orderedAction}). */
  private delegated(): boolean {
    return this.orderedAction() !== undefined;
  }

  /**
   * Play out what band orders take for the person ({@link orderedAction}) until the person has a
   * decision of their own, the agent decides or the game ends; each is told as a `band order` step.
   */
  private followOrders(steps: StepReport[]): void {
    const g = this.game;
    for (let a = this.orderedAction(); a !== undefined; a = this.orderedAction()) {
      const words = this.words(a);
      const refused = g.submitHuman(a);
      if (refused !== null) throw new Error(`a band order was refused: ${refused}`);
      steps.push(this.note({ who: 'band order', side: g.human, words, why: [], events: this.takeEvents(), marks: this.marks.take() }));
      this.settle();
    }
    this.settle();
  }

  /** With band orders, the order the person's `action` gives a band stands for that band's later decisions (`view.bandOrder`). */
  private remember(action: Json): void {
    if (this.orders !== 'band') return;
    const r = this.game.scenario.ruleset;
    const at = r.view?.bandOrder?.(this.game.state) ?? null;
    if (at?.kind !== 'order') return;
    const key = this.orderKey(action, this.game.state);
    const was = this.standing.get(at.band);
    const same = was !== undefined && was.lapse === at.lapse;
    const kept = same ? was.keys.filter((k) => k !== key) : [];
    const keptWords = same ? was.words.filter((_, i) => was.keys[i] !== key) : [];
    const human = this.game.human;
    const acting =
      r.view
        ?.scene(this.game.state)
        .figures.filter((f) => f.side === human && (f.highlighted || f.current))
        .map((f) => f.id) ?? [];
    this.standing.set(at.band, {
      keys: [key, ...kept].slice(0, STANDING_MAX),
      lapse: at.lapse,
      words: [this.words(action), ...keptWords].slice(0, STANDING_MAX),
      figures: acting,
    });
  }

  /**
   * Drop the standing orders that can never be taken again now (the ruleset's `view.orderLive`:
   * band gone, situation changed, order done or its target gone), so the page lists only live ones;
   * a band left with none loses its entry. Without `orderLive` orders stay until their band decides.
   */
  private dropLapsed(state: unknown): void {
    const view = this.game.scenario.ruleset.view;
    const live = view?.orderLive;
    if (live === undefined) return;
    for (const [band, o] of [...this.standing]) {
      const keep = o.keys.map((k) => live.call(view, state, band, o.lapse, k));
      if (keep.every((x) => x)) continue;
      if (!keep.some((x) => x)) this.standing.delete(band);
      else this.standing.set(band, { ...o, keys: o.keys.filter((_, i) => keep[i]), words: o.words.filter((_, i) => keep[i]) });
    }
  }

  /**
   * The person cancels the orders band `band` stands under (its id as {@link GameView.standing}
   * names it): its later decisions are asked again. Not a decision of the game (nothing is recorded;
   * undo restores the orders standing before the person's decision it takes back).
   */
  cancelStanding(band: string): StepAnswer {
    if (!this.standing.delete(band)) throw new Refusal(`band "${band}" has no standing orders`, 404);
    return { view: this.view(), steps: [] };
  }

  /**
   * The straight line between two ends on the table (figures by id, or points) as the game's rules
   * see it now: its length in the table's unit, sight and cover — the ruleset's `view.sight`, never
   * worked out here.
   */
  sight(from: SightEnd, to: SightEnd): SightAnswer {
    const r = this.game.scenario.ruleset;
    const see = r.view?.sight;
    if (see === undefined) throw new Refusal(`the ${r.title} rules here do not measure lines on the table`, 400);
    const line = see.call(r.view, this.game.state, from, to);
    if (line === null) {
      const end = [from, to].find(
        (e) => 'figure' in e && !r.view?.scene(this.game.state).figures.some((f) => f.id === e.figure && f.onTable),
      );
      throw new Refusal(`no figure ${end && 'figure' in end ? `"${end.figure}" ` : ''}on the table to measure from or to`, 404);
    }
    return { ...line, units: r.traits.units };
  }

  /** The order `action` gives in `state` (`view.orderKey`, else its key). */
  private orderKey(action: Json, state: unknown): string {
    const r = this.game.scenario.ruleset;
    return r.view?.orderKey?.(state, action) ?? r.actionKey(action);
  }

  /**
   * The person's options now: the legal actions; but with band orders, a decision that only
   * chooses which band acts (`view.bandOrder` `choose`) is offered as the orders each band may be
   * given, each naming its band (the choice, then the band's order, keys joined by
   * {@link ORDER_SEP}) — looked ahead on a copy of the state, as long as the choice rolls no dice
   * and leads to that band's order; a choice that does not (pass) is offered as it is. The
   * suggestion is the rules' policy's choice, then its order for that band.
   */
  private options(): Option[] {
    const g = this.game;
    const r = g.scenario.ruleset;
    const state = g.state;
    const legal = g.legal();
    const best = g.suggestion(legal);
    const single = (a: Json, suggested: boolean): Option => ({
      key: r.actionKey(a),
      actions: [a],
      words: this.words(a),
      targets: r.view?.targets?.(state, a) ?? null,
      suggested,
    });
    if (this.orders !== 'band' || r.view?.bandOrder?.(state)?.kind !== 'choose') return legal.map((a, i) => single(a, i === best));
    const out: Option[] = [];
    legal.forEach((a, i) => {
      const next = this.lookAhead(a);
      if (next === null) return void out.push(single(a, i === best));
      const chosen = this.words(a);
      const picked = r.view?.targets?.(state, a)?.figures ?? [];
      const orders = r.legalActions(next);
      const policy = r.policy;
      let top = 0;
      if (i === best && policy) {
        const scores = policy.scores(next, orders);
        for (let j = 1; j < scores.length; j++) if (scores[j] > scores[top]) top = j;
      }
      orders.forEach((b, j) => {
        let words: string;
        try {
          words = r.describeAction(next, b);
        } catch {
          words = r.actionKey(b);
        }
        const t = r.view?.targets?.(next, b) ?? null;
        out.push({
          key: `${r.actionKey(a)}${ORDER_SEP}${r.actionKey(b)}`,
          actions: [a, b],
          words: `${words} (${chosen})`,
          targets: { figures: [...new Set([...picked, ...(t?.figures ?? [])])], at: t?.at ?? null },
          suggested: i === best && j === top,
          band: { key: r.actionKey(a), words: chosen, figures: picked },
        });
      });
    });
    return out;
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
    this.dropLapsed(state);
    const scene = r.view.scene(state);
    const over = this.over();
    const you = !over && g.humanToDecide();
    let actions: ActionView[] = [];
    let exact = false;
    if (you) {
      actions = this.options().map((o) => ({
        key: o.key,
        words: o.words,
        targets: o.targets,
        suggested: o.suggested,
        ...(o.band ? { band: o.band } : {}),
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
      standing:
        this.orders === 'band'
          ? [...this.standing].map(([band, o]) => ({ band, orders: [...o.words], figures: [...o.figures], while: o.lapse }))
          : [],
      sight: r.view.sight !== undefined,
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
    if ('key' in req && req.key.includes(ORDER_SEP)) return this.order(req.key);
    if ('key' in req) {
      action = g.legal().find((a) => r.actionKey(a) === req.key);
      if (action === undefined) throw new Refusal(`"${req.key}" is not one of the actions you may take now`, 400);
    } else {
      const a = r.view?.exactMove?.(g.state, req.x, req.y) ?? null;
      if (a === null) throw new Refusal('no figure moves freely now: choose one of the actions (or a marked destination)', 400);
      action = a;
    }
    const words = this.words(action);
    const before = { n: g.decisions.length, words, standing: new Map(this.standing) };
    const refused = g.check(action);
    if (refused !== null) throw new Refusal(refused, 400);
    this.remember(action);
    g.submitHuman(action);
    this.mine.push(before);
    const steps: StepReport[] = [
      this.note({ who: 'you', side: g.human, words, why: [], events: this.takeEvents(), marks: this.marks.take() }),
    ];
    this.followOrders(steps);
    this.settle(); // the person's decision may end the game (followOrders settles only band orders it plays)
    return { view: this.view(), steps };
  }

  /** A band order that names its band ({@link options}): the choice of the band, then its order, as the person's decisions. */
  private order(key: string): StepAnswer {
    const g = this.game;
    const o = this.options().find((x) => x.key === key);
    if (o === undefined) throw new Refusal(`"${key}" is not one of the orders you may give now`, 400);
    const before = { n: g.decisions.length, words: o.words, standing: new Map(this.standing) };
    const steps: StepReport[] = [];
    for (const a of o.actions) {
      const words = this.words(a);
      this.remember(a);
      const refused = g.submitHuman(a);
      if (refused !== null) throw new Error(`a band order's own step was refused: ${refused}`);
      steps.push(this.note({ who: 'you', side: g.human, words, why: [], events: this.takeEvents(), marks: this.marks.take() }));
    }
    this.mine.push(before);
    this.followOrders(steps);
    this.settle();
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
      if (g.scenario.ruleset.view?.marks) this.marks.begin(g.scenario.ruleset.view.scene(before));
      const move = await g.agentStep();
      const why = playerWhy(g.scenario, state, legal, move.action, move.explanation);
      steps.push(this.note({ who: 'ai', side: move.side, words: move.words, why, events: this.takeEvents(), marks: this.marks.take() }));
      this.settle();
      this.followOrders(steps);
    } while (until === 'person' && !this.over() && !g.humanToDecide());
    return { view: this.view(), steps };
  }

  /** Take back the person's last order (a band order with every figure's share) and the AI's decisions after it. */
  async undo(): Promise<StepAnswer> {
    if (this.resigned) throw new Refusal('you resigned this game');
    const g = this.game;
    if (!g.decisions.some((d) => d.human)) throw new Refusal('nothing of yours to take back yet');
    let taken = await g.undo();
    let words: string | null = null;
    const mine = this.mine.pop();
    if (mine !== undefined) {
      // Back to the person's own last decision, with what band orders took after it; the standing
      // orders as they were before it.
      while (g.decisions.length > mine.n && g.decisions.some((d) => d.human)) {
        const earlier = await g.undo();
        if (earlier === null) break;
        taken = earlier;
      }
      this.standing = mine.standing;
      words = mine.words;
    } else {
      // A game loaded from a record: a band order is taken back whole, back to the decision that gave
      // it. The one named is the last taken back (the person's own order), described in the state it
      // was chosen in — where the game is now.
      while (this.delegated() && g.decisions.some((d) => d.human)) {
        const earlier = await g.undo();
        if (earlier === null) break;
        taken = earlier;
      }
    }
    this.events = [];
    const now = g.decisions.length;
    this.story = this.story.filter((l) => l.kept === true || l.n <= now);
    this.story.push({
      n: now,
      kept: true,
      text: `Taken back: ${words ?? (taken === null ? 'nothing' : this.words(taken))} — and what followed.`,
    });
    return { view: this.view(true), steps: [] };
  }

  /** Band orders or one figure at a time; switching to band orders plays out a pending figure's share. */
  setOrders(orders: 'band' | 'figure'): StepAnswer {
    this.orders = orders;
    if (orders === 'figure') this.standing.clear();
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
