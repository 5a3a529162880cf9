/**
 * Open-loop Monte Carlo tree search over any {@link Ruleset}.
 *
 * The tree stores *decision sequences*, not states: a node is the sequence of actions from the root.
 * Every iteration clones the root state and re-plays the sequence with a fresh random stream, so
 * the dice and card draws between decisions are sampled anew each time and chance is averaged
 * rather than frozen into the tree (unlike a closed-loop tree that keeps one roll per node).
 * Because re-played chance can change who decides next and which actions are legal, a node keeps
 * one table of edges per deciding side, and an edge is only a candidate when its action is legal in
 * the state reached this time ("availability"); UCB counts only available siblings.
 *
 * An iteration is four named steps (as OpenSpiel's MCTSBot): {@link Searcher.descend} — select
 * an edge at every table on the way down (UCB) and *expand* one (progressive widening), re-playing
 * the path; the evaluator's `evaluate` — roll out and score the leaf (./evaluator.ts); and
 * {@link Searcher.backUp}. The tree lives in flat typed-array pools (./tree.ts).
 *
 * Selection: UCB1 with a progressive-bias term from the prior (the ruleset's scripted policy when
 * it has one), over at most ⌈k·n^α⌉ children (progressive widening) taken in prior order; the
 * exploration and bias constants are multiplied by the standard deviation of the rewards seen so
 * far in this search, so they need no retuning when evaluations are nearly equal.
 * Variance reduction: the k-th visit of every root action uses the same random stream (common
 * random numbers), so root actions are compared on the same dice — still a fresh draw per visit.
 * Rollouts: ε-greedy with the scripted policy (random when there is none; the ruleset's cheaper
 * rollout scores when it declares them, which then also give the priors below the root), cut at a horizon of N
 * decisions or the end of the turn, scored by the ruleset's evaluation. Rewards are in [0, 1] from
 * the point of view of the side that made each decision. The choice is the most-visited root edge.
 *
 * A node reached without any chance drawn on the way from the root (no draw from the iteration's
 * stream by any `apply` of the path) is reached in the same state every time — the ruleset's
 * `apply` is a pure function of state, action and stream — so it keeps a private copy of that
 * state (made when the node is made) and the legal list of its first visit: later visits start
 * from the copy instead of re-playing the path, and its table is *sure* (./tree.ts).
 *
 * Everything here is a pure function of (state, options, seed): no clock unless a wall-clock
 * budget is asked for, no Math.random.
 */
import type { AnyRuleset, Json, SideId, StepContext } from '../../src/core/model.js';
import { FastRng } from '../../src/core/rng.js';
import { alignedSeed, RandomRollout, ScriptedRollout, type Evaluator, type Policy } from './evaluator.js';
import { DEFAULT_SEARCH, type SearchOptions } from './params.js';
import { NO_EDGE, NO_NODE, Tree } from './tree.js';

export { DEFAULT_SEARCH, type SearchOptions } from './params.js';
export { RandomRollout, ScriptedRollout, type Evaluator, type Policy } from './evaluator.js';

/** Statistics of one root candidate. */
export interface RootStat {
  key: string;
  action: Json;
  visits: number;
  /** Sum of rewards (mean = total / visits) and of their squares. */
  total: number;
  totalSq: number;
  prior: number;
}

/** What a search returns. */
export interface SearchResult {
  /** Root candidates, most visited first. */
  stats: RootStat[];
  iterations: number;
  calls: number;
  /** The expected line of play: action keys of the most-visited path from the root. */
  line: string[];
}

/**
 * Run one search from `root` for the side to decide, with the ruleset's scripted policy as
 * evaluator ({@link ScriptedRollout}: `policy` at the root, `fast` below it and in rollouts) or,
 * when both are null, uniformly random rollouts ({@link RandomRollout}). `seed` fixes every random
 * choice of the search (re-played dice, rollouts). `now` is read only with a wall-clock budget.
 * Precondition: the root is not terminal.
 */
export function search(
  r: AnyRuleset,
  root: unknown,
  opts: SearchOptions,
  seed: number,
  policy: Policy | null,
  now: () => number = zeroClock,
  fast: Policy | null = policy,
): SearchResult {
  const evaluator = policy === null && fast === null ? new RandomRollout(r, opts) : new ScriptedRollout(r, opts, policy, fast);
  return searchWith(r, root, opts, seed, evaluator, now);
}

/** {@link search} with any {@link Evaluator}. */
export function searchWith(
  r: AnyRuleset,
  root: unknown,
  opts: SearchOptions,
  seed: number,
  evaluator: Evaluator,
  now: () => number = zeroClock,
): SearchResult {
  const rootSide = r.currentSide(root);
  if (rootSide === null) throw new Error('search from a finished game');
  // One searcher's pools serve one search after another on this thread (a search inside a search
  // — none today — gets its own).
  const m = spare ?? new Searcher();
  spare = null;
  try {
    m.start(r, root, rootSide, opts, seed, evaluator, now);
    m.run();
    return m.result();
  } finally {
    m.finish();
    if (m.tree.bytes() <= KEEP_BYTES) spare = m;
  }
}

/** The pools kept for the next search on this thread, when no bigger than {@link KEEP_BYTES}. */
let spare: Searcher | null = null;
const KEEP_BYTES = 64 << 20;

/**
 * A 32-bit hash of (a, b) (for per-visit stream seeds), as a signed 32-bit integer — a small
 * integer that is never boxed; `FastRng.reseed` takes it modulo 2³².
 */
function mix32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h | 0;
}

function zeroClock(): number {
  return 0;
}

/** ln(max(1, n)) for whole n, filled on demand (the same numbers as Math.log, looked up). */
let logTable = new Float64Array(0);
function growLog(n: number): void {
  let len = Math.max(1024, logTable.length);
  while (len <= n) len *= 2;
  const t = new Float64Array(len);
  for (let i = 0; i < len; i++) t[i] = Math.log(Math.max(1, i));
  logTable = t;
}

/** Softmax-normalised priors from raw policy scores (temperature 1) into `out[0 … n−1]`, or uniform. */
function priorsInto(scores: readonly number[] | null, n: number, out: Float64Array): void {
  if (!scores) {
    const u = 1 / n;
    for (let i = 0; i < n; i++) out[i] = u;
    return;
  }
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (scores[i] > max) max = scores[i];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.exp(scores[i] - max);
    out[i] = e;
    sum += e;
  }
  for (let i = 0; i < n; i++) out[i] = out[i] / sum;
}

/**
 * `a` when the legal-list cache may match it by identity — a primitive, or a frozen object (a
 * ruleset's shared listed action): it can never change, so the same object always has the same
 * key (a ruleset never changes an action it has listed, nested parts included) — else undefined,
 * which no action is (actions are JSON values). Keeping only those also keeps the cache from
 * holding on to the fresh action objects of every visit (each would outlive its list and be
 * promoted by the collector).
 */
function keepable(a: Json): Json | undefined {
  return Object.isFrozen(a) ? a : undefined;
}

/** `from` copied into `into` (a state no one needs any more, or null) when the ruleset can, else a fresh clone. */
function copyState(r: AnyRuleset, into: unknown, from: unknown): unknown {
  return into !== null && r.cloneInto ? r.cloneInto(into, from) : r.clone(from);
}

/**
 * One search's working state: the tree, the iteration's state and path, and scratch arrays — all
 * reused from search to search (see {@link searchWith}); per-search inputs are set by `start`.
 */
class Searcher {
  readonly tree = new Tree();
  // ---- inputs of the current search (cleared by `finish`) ----
  private r: AnyRuleset = null as unknown as AnyRuleset;
  private root: unknown = null;
  private opts: SearchOptions = DEFAULT_SEARCH;
  private evaluator: Evaluator = null as unknown as Evaluator;
  private now: () => number = zeroClock;
  // ---- search-wide ----
  private rootLegal: Json[] = [];
  private rootTable = 0;
  /** Budgets after `focus` (0: none). */
  private maxIterations = 0;
  private maxCalls = 0;
  private maxMs = 0;
  private t0 = 0;
  private base = 0;
  private readonly iterRng = new FastRng(0);
  private readonly ctx: StepContext = { rng: this.iterRng };
  /** Sides by index (the root's is 0). */
  private readonly sides: SideId[] = [];
  /** Action keys by id, and ids by key. */
  private keyStr: string[] = [];
  private keyIds = new Map<string, number>();
  /** The visit stamp (tables that are not sure). */
  private stamp = 0;
  private iterations = 0;
  private calls = 0;
  /** Rewards of the root's side seen so far: count, sum, sum of squares (for the spread σ). */
  private nLeaf = 0;
  private sum = 0;
  private sumSq = 0;
  /** ⌈k·(n+1)^α⌉ by n, filled on demand for this search's k and α. */
  private allowed = new Float64Array(256);
  private allowedN = 0;
  /**
   * The iteration's exploration and prior-bias weights (c·σ, bias·σ), in fields rather than
   * arguments: a double passed to a function that is not inlined is boxed.
   */
  private cs = 0;
  private bs = 0;
  /** Set by `markLegal`: the edges of the table legal this visit, and the sum of their visits. */
  private availEdges = 0;
  private availVisits = 0;
  /** Set by `select`: the edge it returned has just entered the tree. */
  private widened = false;
  /**
   * `halving` ≥ 2 with an iteration budget: the root's sequential halving. `survivors` are root
   * positions still in the running; each gets `roundPer` visits this round (round robin by
   * `cursor`, `given` handed out so far); `roundsLeft` rounds remain, the last ending with one.
   */
  private halving = false;
  private survivors: number[] = [];
  private roundPer = 0;
  private roundsLeft = 0;
  private cursor = 0;
  private given = 0;
  /** Root visits handed out by the halving so far (the iterations it has used). */
  private spent = 0;
  // ---- the iteration ----
  /** The iteration's own state (its scratch copy, also the next iteration's to copy into). */
  private s: unknown = null;
  /** The legal list of the state at the node reached (set by `tableAt`). */
  private legal: Json[] = [];
  /** The leaf's state: `s`, or a terminal node's kept state (only read). */
  private leaf: unknown = null;
  private depth = 0;
  private pathTable = new Int32Array(64);
  private pathPos = new Int32Array(64);
  // ---- scratch ----
  private keys = new Int32Array(64);
  private pri = new Float64Array(64);
  private idx = new Int32Array(64);
  private readonly evalSides: SideId[] = [];
  private readonly evalValues: number[] = [];
  /** The side indices of the leaf's evaluation (`nEval` of them; the root's first), found by `descend`. */
  private evalIdx = new Int32Array(8);
  private nEval = 0;
  /** `paired=1`: by root candidate position, the prefix sums of its returns by visit (visit k used stream k). */
  private rootPrefix: Float64Array[] = [];
  /** `align=1`: the stream key of the iteration's root visit. */
  private alignKey = 0;
  private sideValue = new Float64Array(8);

  /** Set up a search from `root` (not terminal; `rootSide` decides). */
  start(r: AnyRuleset, root: unknown, rootSide: SideId, opts: SearchOptions, seed: number, evaluator: Evaluator, now: () => number): void {
    this.r = r;
    this.root = root;
    this.opts = opts;
    this.evaluator = evaluator;
    this.now = now;
    const rng = new FastRng(seed);
    this.base = Math.floor(rng.next() * 4294967296) | 0; // as mix32 reads it (ToInt32), never boxed
    this.t0 = opts.ms > 0 ? now() : 0;
    this.sides.length = 0;
    this.sides.push(rootSide);
    this.keyStr = [];
    this.keyIds = new Map();
    this.stamp = 0;
    this.iterations = 0;
    this.calls = 0;
    this.nLeaf = 0;
    this.sum = 0;
    this.sumSq = 0;
    this.allowedN = 0;
    this.rootPrefix = [];
    this.s = null;
    // The root never changes: its legal actions, their keys and their table are made once.
    const legal = r.legalActions(root);
    this.rootLegal = legal;
    const tree = this.tree;
    tree.newNode(null);
    const scores = evaluator.prior(root, legal, true);
    this.rootTable = this.newTable(0, 0, legal, this.keyIdsOf(legal), scores, true);
    // Focus: when the prior is nearly sure of one action, spend only part of the budget here
    // (at least `focus` of it); contested decisions get all of it.
    let share = 1;
    if (opts.focus < 1 && scores) {
      let top = 0;
      const n = legal.length;
      for (let i = 0; i < n; i++) if (this.pri[i] > top) top = this.pri[i];
      share = Math.min(1, Math.max(opts.focus, 2 * (1 - top)));
    }
    this.maxIterations = opts.iterations > 0 ? Math.max(1, Math.round(opts.iterations * share)) : 0;
    this.maxCalls = opts.calls > 0 ? Math.max(1, Math.round(opts.calls * share)) : 0;
    this.maxMs = opts.ms * share;
    // Sequential halving at the root, on a contested decision (one `focus` leaves the whole budget):
    // the m best-prior actions enter the root table at once. A decision the script is sure of keeps
    // UCB and the guard: its cut budget would give each of m actions a visit or two, and the
    // halving would then overturn the script on one die's luck.
    const m = Math.min(opts.halving, legal.length);
    this.halving = opts.halving >= 2 && m >= 2 && this.maxIterations > 0 && share === 1;
    if (this.halving) {
      this.survivors.length = 0;
      for (let j = 0; j < m; j++) {
        this.expand(this.rootTable);
        this.survivors.push(j);
      }
      this.widened = false;
      this.roundsLeft = Math.ceil(Math.log2(m));
      this.spent = 0;
      this.newRound();
    }
  }

  /** Iterate until a budget is spent. */
  run(): void {
    const opts = this.opts;
    for (;;) {
      if (this.iterations >= this.maxIterations && this.maxIterations > 0) break;
      if (this.maxCalls > 0 && this.calls >= this.maxCalls) break;
      if (opts.ms > 0 && this.now() - this.t0 >= this.maxMs) break;
      this.iterations++;
      this.descend();
      this.evaluate();
      this.backUp();
    }
  }

  /**
   * Selection and expansion: from the root, pick an edge at every table on the way (widening the
   * table by its best-prior untried legal action when it may have more children, else by UCB),
   * re-playing the path with the iteration's stream, until a new edge is taken, a terminal state
   * is reached or a node has nothing to offer. Leaves the leaf's state in `this.leaf` and the path
   * in `pathTable`/`pathPos` (`depth` entries).
   */
  private descend(): void {
    const r = this.r;
    const tree = this.tree;
    const applyLegal = r.applyLegal;
    const iterRng = this.iterRng;
    // The iteration's state `s`: made (the root, or a node's kept state, copied into the last
    // iteration's state when the ruleset can) only when an action must be applied. Until then
    // (`made` false) the state at the node reached is `at` — the root or a node's kept copy, both
    // only read. `sure`: no chance drawn since the root.
    let s = this.s;
    let made = false;
    let at = this.root;
    let sure = true;
    let seed0 = 0;
    let node = 0;
    let depth = 0;
    let evalIdx = this.evalIdx;
    evalIdx[0] = 0;
    let nv = 1;
    // Exploration and prior bias are scaled by the spread of the rewards seen so far, so that they
    // weigh the same whether evaluations differ by 0.5 or by 0.005.
    const n = this.nLeaf;
    const spread = n >= 10 ? Math.max(0.002, Math.sqrt(Math.max(0, this.sumSq / n - (this.sum / n) ** 2))) : 0.05;
    this.cs = this.opts.c * spread;
    this.bs = this.opts.bias * spread;
    for (;;) {
      let t: number;
      let legal: Json[];
      if (node === 0) {
        // The root (not terminal: a precondition).
        t = this.rootTable;
        legal = this.rootLegal;
      } else if (!made && tree.nodeLegal[node] !== null) {
        // A sure node after its first visit: not terminal (it has a table), its one table, its list.
        t = tree.nodeTable[node];
        legal = tree.nodeLegal[node] as Json[];
      } else {
        // Elsewhere the state is made and its table found, with this visit's legal list.
        if (r.isTerminal(made ? s : at)) break;
        if (!made) {
          s = copyState(r, s, at);
          made = true;
        }
        t = this.tableAt(node, s, sure);
        legal = this.legal;
        evalIdx = this.evalIdx; // grown with the side list
      }
      const pos = node === 0 && this.halving ? this.halvingNext(t) : this.select(t);
      if (pos < 0) break; // nothing legal in the tree and nothing to add (cannot happen with a non-empty legal list)
      const slot = tree.tBase[t] + pos;
      if (depth === 0) {
        // Common random numbers at the root: the k-th visit of every root action re-plays the game
        // with the same stream, so siblings are compared on the same dice and card draws.
        iterRng.reseed(mix32(this.base, tree.cVisits[slot]));
        seed0 = iterRng.position();
        this.alignKey = seed0;
      } else if (this.opts.align > 0) {
        // Aligned streams: the depth-th decision draws from its own stream, whatever came before.
        iterRng.reseed(alignedSeed(this.alignKey, depth));
        seed0 = iterRng.position();
      }
      const expanded = this.widened;
      const child = tree.cChild[slot];
      if (sure && child >= 0 && tree.nodeState[child] !== null) {
        // The same state as every visit: start from the node's copy (nothing drawn, nothing applied).
        at = tree.nodeState[child];
        made = false;
      } else {
        if (!made) {
          s = copyState(r, s, at);
          made = true;
        }
        // cLegal holds the action's index in this visit's list, of this very state (see Ruleset.applyLegal).
        const a = legal[tree.cLegal[slot]];
        if (applyLegal) applyLegal.call(r, s, a, this.ctx);
        else r.apply(s, a, this.ctx);
        if (sure && iterRng.position() !== seed0) sure = false;
      }
      this.calls++;
      if (depth === this.pathTable.length) this.growPath();
      this.pathTable[depth] = t;
      this.pathPos[depth] = pos;
      depth++;
      // The sides to evaluate the leaf for: the root's, then each new one on the path, in order.
      const sd = tree.tSide[t];
      let k = 0;
      while (k < nv && evalIdx[k] !== sd) k++;
      if (k === nv) evalIdx[nv++] = sd;
      if (expanded) break;
      node = child === NO_NODE ? this.newChild(t, pos, sure ? s : null) : child;
    }
    // The leaf's state to evaluate: a copy the evaluator may play forward — but a terminal state
    // kept by a node is read as it is (nothing is applied to a finished game).
    let leaf: unknown;
    if (made) leaf = s;
    else if (r.isTerminal(at)) leaf = at;
    else leaf = s = copyState(r, s, at);
    this.s = s;
    this.leaf = leaf;
    this.depth = depth;
    this.nEval = nv;
  }

  /**
   * The table of `node` for the side deciding in `s` (the iteration's state there, made), made at
   * its first visit, with `s`'s legal list (in `legal`) matched to its candidates. `sure`: nothing
   * was drawn since the root — at a node that keeps its state, the first visit makes a sure table
   * and keeps the list.
   */
  private tableAt(node: number, s: unknown, sure: boolean): number {
    const r = this.r;
    const tree = this.tree;
    const side = this.sideIndex(r.currentSide(s) as SideId);
    const legal = r.legalActions(s);
    this.legal = legal;
    // A sure node's first visit makes its table, which needs no keys (see Tree); a table that is
    // not sure is made with every key, and later visits work keys out only for actions the
    // table's cache does not hold (markLegal).
    const first = sure && tree.nodeState[node] !== null && tree.nodeLegal[node] === null;
    if (first) tree.nodeLegal[node] = legal;
    let t = tree.findTable(node, side);
    let keys: Int32Array | null = null;
    if (t < 0) {
      keys = first ? null : this.keyIdsOf(legal);
      t = this.newTable(node, side, legal, keys, this.evaluator.prior(s, legal, false), first);
    }
    if (tree.tSure[t] === 0) this.markLegal(t, legal, keys);
    return t;
  }

  /** The child node of edge `pos` of table `t`, made at the edge's second visit; it keeps a copy of `keep` (the state reached without chance), if given. */
  private newChild(t: number, pos: number, keep: unknown): number {
    const tree = this.tree;
    const child = tree.newNode(keep === null ? null : this.r.clone(keep));
    tree.cChild[tree.tBase[t] + pos] = child;
    return child;
  }

  /** A round of sequential halving: the iterations left shared equally by the rounds left and the survivors. */
  private newRound(): void {
    const left = this.maxIterations - this.spent;
    this.roundPer = Math.max(1, Math.floor(left / (this.roundsLeft * this.survivors.length)));
    this.cursor = 0;
    this.given = 0;
  }

  /**
   * Root selection under sequential halving (root table `t`): the survivors in turn, each
   * `roundPer` visits a round; at a round's end the better half by mean stays (ties: the better
   * prior, the lower position; with `keep`, the script's choice replaces the last of them while more
   * than one stays). After the last round the one survivor gets what budget is left.
   * A survivor's first visit ends the descent at its edge, as a new edge's does.
   */
  private halvingNext(t: number): number {
    const tree = this.tree;
    const base = tree.tBase[t];
    const sv = this.survivors;
    if (this.roundsLeft > 0 && this.given >= this.roundPer * sv.length) {
      const mean = tree.cMean;
      sv.sort((a, b) => mean[base + b] - mean[base + a] || a - b);
      sv.length = Math.ceil(sv.length / 2);
      // `keep`: the script's choice (position 0, the best prior) stays while more than one does.
      if (this.opts.keep === 1 && sv.length > 1 && sv.indexOf(0) < 0) sv[sv.length - 1] = 0;
      this.roundsLeft = sv.length > 1 ? this.roundsLeft - 1 : 0;
      if (this.roundsLeft > 0) this.newRound();
    }
    const pos = sv[this.cursor % sv.length];
    this.cursor++;
    this.given++;
    this.spent++;
    this.widened = tree.cVisits[base + pos] === 0;
    return pos;
  }

  /**
   * Selection: the edge to follow at table `t` (a candidate position) — a new one when the table
   * may have another child ({@link expand}), else the available edge of highest UCB value (the
   * first of equals). -1 when there is none.
   */
  private select(t: number): number {
    const cs = this.cs;
    const bs = this.bs;
    const tree = this.tree;
    const base = tree.tBase[t];
    const nEdges = tree.tEdges[t];
    const sureTable = tree.tSure[t] === 1;
    const stamp = this.stamp;
    const cStamp = tree.cStamp;
    const cVisits = tree.cVisits;
    const cOrder = tree.cOrder;
    // Available: the edges legal this visit — all of a sure table's; a table that is not sure was
    // just matched to this visit's list by `markLegal`, which counted them — and their visits.
    const available = sureTable ? nEdges : this.availEdges;
    const nAvail = sureTable ? tree.tVisits[t] : this.availVisits;
    this.widened = false;
    const visits = tree.tVisits[t];
    if (available < (visits < this.allowedN ? this.allowed[visits] : this.allowedAt(visits))) {
      const pos = this.expand(t);
      if (pos >= 0) return pos;
    }
    if (nAvail >= logTable.length) growLog(nAvail);
    const logN = logTable[nAvail];
    const cMean = tree.cMean;
    const cPrior = tree.cPrior;
    let best = -Infinity;
    let pos = -1;
    if (sureTable) {
      // Every edge is available; edge k is position k.
      for (let p = base, end = base + nEdges; p < end; p++) {
        const v = cVisits[p];
        const u = cMean[p] + cs * Math.sqrt(logN / (v + 1)) + (bs * cPrior[p]) / (v + 1);
        if (u > best) {
          best = u;
          pos = p - base;
        }
      }
    } else {
      for (let k = 0; k < nEdges; k++) {
        const j = cOrder[base + k];
        const p = base + j;
        if (cStamp[p] !== stamp) continue;
        const v = cVisits[p];
        const u = cMean[p] + cs * Math.sqrt(logN / (v + 1)) + (bs * cPrior[p]) / (v + 1);
        if (u > best) {
          best = u;
          pos = j;
        }
      }
    }
    return pos;
  }

  /**
   * Expansion (progressive widening): the best-prior legal candidate of `t` not yet in the tree
   * enters it as an edge (a sure table's enter in order); sets `widened`. -1 when there is none.
   */
  private expand(t: number): number {
    const tree = this.tree;
    const base = tree.tBase[t];
    const nEdges = tree.tEdges[t];
    let pos = -1;
    if (tree.tSure[t] === 1) {
      if (nEdges < tree.tN[t]) pos = nEdges;
    } else {
      const cChild = tree.cChild;
      const cStamp = tree.cStamp;
      const stamp = this.stamp;
      for (let i = 0, n = tree.tN[t]; i < n; i++) {
        const p = base + i;
        if (cChild[p] === NO_EDGE && cStamp[p] === stamp) {
          pos = i;
          break;
        }
      }
    }
    if (pos < 0) return -1;
    const p = base + pos;
    tree.cChild[p] = NO_NODE;
    tree.cVisits[p] = 0;
    tree.cTotal[p] = 0;
    tree.cTotalSq[p] = 0;
    tree.cMean[p] = 0.5;
    tree.cOrder[base + nEdges] = pos;
    tree.tEdges[t] = nEdges + 1;
    this.widened = true;
    return pos;
  }

  /** ⌈k·(n+1)^α⌉: the children a table visited n times may have (filled into `allowed` up to n). */
  private allowedAt(n: number): number {
    if (n >= this.allowed.length) {
      let len = this.allowed.length;
      while (len <= n) len *= 2;
      const a = new Float64Array(len);
      a.set(this.allowed.subarray(0, this.allowedN));
      this.allowed = a;
    }
    const { k, alpha } = this.opts;
    for (let i = this.allowedN; i <= n; i++) this.allowed[i] = Math.ceil(k * Math.pow(i + 1, alpha));
    this.allowedN = n + 1;
    return this.allowed[n];
  }

  /**
   * Mark the candidates of `t` legal this visit (a new stamp), appending actions never legal here
   * before, and count the edges among them and their visits (`availEdges`, `availVisits`, read by
   * `select`). A legal list is matched to positions through the cache of the last lists seen —
   * the same frozen action object (or the same primitive) at index i as then: its position, no
   * key worked out; else the same key id: its position — and through the position hash for the
   * rest. `keys`: the key ids of `legal` when they are known (the list the table was just made
   * from), else null.
   */
  private markLegal(t: number, legal: readonly Json[], keys: Int32Array | null): void {
    const tree = this.tree;
    const stamp = ++this.stamp;
    const acts = tree.cSeenAct; // grown in place: the same array after positionOf
    let base = tree.tBase[t];
    let seen = tree.tSeen[t];
    let edges = 0;
    let visits = 0;
    for (let i = 0; i < legal.length; i++) {
      const a = legal[i];
      let j: number;
      if (i < seen && acts[base + i] === a) j = tree.cSeenPos[base + i];
      else {
        const k = keys === null ? this.keyIdOf(a) : keys[i];
        if (i < seen && tree.cSeenKey[base + i] === k) j = tree.cSeenPos[base + i];
        else {
          j = tree.positionOf(t, k);
          base = tree.tBase[t]; // the block may have moved
          tree.cSeenKey[base + i] = k;
          tree.cSeenPos[base + i] = j;
          if (i >= seen) seen = i + 1;
        }
        acts[base + i] = keepable(a);
      }
      const p = base + j;
      if (tree.cStamp[p] !== stamp) {
        tree.cStamp[p] = stamp;
        if (tree.cChild[p] !== NO_EDGE) {
          edges++;
          visits += tree.cVisits[p];
        }
      }
      tree.cLegal[p] = i;
    }
    tree.tSeen[t] = seen;
    this.availEdges = edges;
    this.availVisits = visits;
  }

  /**
   * A table of `node` for side `side`, made at its first visit: the candidates are the legal
   * actions in prior order (stable: ties keep the ruleset's order). `keys`: their key ids (null
   * for a sure table below the root); `scores`: the evaluator's (null: uniform). Leaves the priors
   * by legal index in `pri`.
   */
  private newTable(
    node: number,
    side: number,
    legal: readonly Json[],
    keys: Int32Array | null,
    scores: readonly number[] | null,
    sure: boolean,
  ): number {
    const n = legal.length;
    if (this.pri.length < n) {
      this.pri = new Float64Array(2 * n);
      this.idx = new Int32Array(2 * n);
    }
    const p = this.pri;
    const idx = this.idx;
    priorsInto(scores, n, p);
    if (scores === null)
      for (let i = 0; i < n; i++) idx[i] = i; // equal priors: the ruleset's order
    else {
      // Stable sort, best prior first (an insertion sort: lists are short).
      for (let i = 0; i < n; i++) {
        const pi = p[i];
        let j = i;
        while (j > 0 && p[idx[j - 1]] < pi) {
          idx[j] = idx[j - 1];
          j--;
        }
        idx[j] = i;
      }
    }
    const tree = this.tree;
    const t = tree.newTable(node, side, n, sure);
    const base = tree.tBase[t];
    for (let j = 0; j < n; j++) {
      const i = idx[j];
      const at = base + j;
      tree.cKey[at] = keys === null ? -1 : keys[i];
      tree.cPrior[at] = p[i];
      tree.cChild[at] = NO_EDGE;
      tree.cStamp[at] = 0;
      tree.cLegal[at] = i;
    }
    if (!sure && keys !== null) {
      // The legal-list cache: this list, by index.
      const acts = tree.cSeenAct;
      for (let j = 0; j < n; j++) {
        const i = idx[j];
        acts[base + i] = keepable(legal[i]);
        tree.cSeenKey[base + i] = keys[i];
        tree.cSeenPos[base + i] = j;
      }
      tree.tSeen[t] = n;
    }
    return t;
  }

  /** The key ids of `legal` (ids of `actionKey` strings, made on first sight) in `keys[0 … n−1]`. */
  private keyIdsOf(legal: readonly Json[]): Int32Array {
    const n = legal.length;
    if (this.keys.length < n) this.keys = new Int32Array(2 * n);
    const keys = this.keys;
    for (let i = 0; i < n; i++) keys[i] = this.keyIdOf(legal[i]);
    return keys;
  }

  /** The key id of action `a` (the id of its `actionKey` string, made on first sight). */
  private keyIdOf(a: Json): number {
    const k = this.r.actionKey(a);
    let id = this.keyIds.get(k);
    if (id === undefined) {
      id = this.keyStr.length;
      this.keyStr.push(k);
      this.keyIds.set(k, id);
    }
    return id;
  }

  /** The index of `side` in the search's side list (added on first sight). */
  private sideIndex(side: SideId): number {
    const sides = this.sides;
    for (let i = 0; i < sides.length; i++) if (sides[i] === side) return i;
    sides.push(side);
    if (this.sideValue.length < sides.length) this.sideValue = new Float64Array(2 * sides.length);
    if (this.evalIdx.length < sides.length) {
      const e = new Int32Array(2 * sides.length);
      e.set(this.evalIdx);
      this.evalIdx = e;
    }
    return sides.length - 1;
  }

  private growPath(): void {
    const n = this.pathTable.length * 2;
    const t = new Int32Array(n);
    t.set(this.pathTable);
    this.pathTable = t;
    const p = new Int32Array(n);
    p.set(this.pathPos);
    this.pathPos = p;
  }

  /**
   * Evaluation: the leaf's value for the root's side and for every side that decided on the path
   * (each once, as `descend` listed them), by the evaluator (rollout, then the ruleset's
   * evaluation), within what is left of a call budget. Leaves the values by side index in `sideValue`.
   */
  private evaluate(): void {
    const sides = this.evalSides;
    const idx = this.evalIdx;
    const nv = this.nEval;
    for (let j = 0; j < nv; j++) sides[j] = this.sides[idx[j]];
    const budget = this.maxCalls > 0 ? this.maxCalls - this.calls : Infinity;
    if (this.opts.align > 0) this.evaluator.align?.(this.alignKey, this.depth);
    this.calls += this.evaluator.evaluate(this.leaf, this.ctx, budget, sides, nv, this.evalValues);
    for (let j = 0; j < nv; j++) this.sideValue[idx[j]] = this.evalValues[j];
  }

  /** Back-propagation: each edge on the path gets the value of its own deciding side. */
  private backUp(): void {
    const v0 = this.sideValue[0];
    this.nLeaf++;
    this.sum += v0;
    this.sumSq += v0 * v0;
    const tree = this.tree;
    for (let i = 0; i < this.depth; i++) {
      const t = this.pathTable[i];
      const p = tree.tBase[t] + this.pathPos[i];
      const v = this.sideValue[tree.tSide[t]];
      const n = tree.cVisits[p] + 1;
      const total = tree.cTotal[p] + v;
      tree.cVisits[p] = n;
      tree.cTotal[p] = total;
      tree.cTotalSq[p] += v * v;
      tree.cMean[p] = total / n;
      tree.tVisits[t]++;
    }
    if (this.opts.paired > 0 && this.depth > 0) this.pairRoot();
  }

  /**
   * `paired=1`, after a back-up: record the root return of this visit and set the root edges' means
   * (read by UCB) to paired estimates — the most-visited edge's own mean, plus for every other edge
   * the mean difference between its returns and the most-visited edge's on the same visit numbers,
   * that is on the same streams. The visit and reward sums stay plain (the result, the guard).
   */
  private pairRoot(): void {
    const tree = this.tree;
    const t = this.rootTable;
    const base = tree.tBase[t];
    const pos = this.pathPos[0];
    const n = tree.cVisits[base + pos];
    let pre = this.rootPrefix[pos];
    if (pre === undefined || pre.length <= n) {
      const g = new Float64Array(Math.max(16, 2 * (n + 1)));
      if (pre !== undefined) g.set(pre);
      this.rootPrefix[pos] = pre = g;
    }
    pre[n] = pre[n - 1] + this.sideValue[0];
    const nEdges = tree.tEdges[t];
    let ref = -1;
    for (let k = 0; k < nEdges; k++) {
      const p = base + tree.cOrder[base + k];
      if (ref < 0 || tree.cVisits[p] > tree.cVisits[ref]) ref = p;
    }
    const refPre = this.rootPrefix[ref - base];
    const refMean = tree.cTotal[ref] / tree.cVisits[ref];
    for (let k = 0; k < nEdges; k++) {
      const p = base + tree.cOrder[base + k];
      const m = tree.cVisits[p];
      if (p !== ref && m > 0) tree.cMean[p] = refMean + (this.rootPrefix[p - base][m] - refPre[m]) / m;
    }
    tree.cMean[ref] = refMean;
  }

  /** The root candidates (most visited first) and the most-visited line. */
  result(): SearchResult {
    const tree = this.tree;
    const t = this.rootTable;
    const base = tree.tBase[t];
    const stats: RootStat[] = [];
    for (let k = 0; k < tree.tEdges[t]; k++) {
      const p = base + tree.cOrder[base + k];
      stats.push({
        key: this.keyStr[tree.cKey[p]],
        action: this.rootLegal[tree.cLegal[p]],
        visits: tree.cVisits[p],
        total: tree.cTotal[p],
        totalSq: tree.cTotalSq[p],
        prior: tree.cPrior[p],
      });
    }
    stats.sort((a, b) => b.visits - a.visits || b.total / Math.max(1, b.visits) - a.total / Math.max(1, a.visits) || b.prior - a.prior);
    const line: string[] = [];
    let node = 0;
    for (let depth = 0; depth < 8 && node >= 0; depth++) {
      let best = -1;
      for (let u = tree.nodeTable[node]; u >= 0; u = tree.tNext[u]) {
        const b = tree.tBase[u];
        for (let k = 0; k < tree.tEdges[u]; k++) {
          const p = b + tree.cOrder[b + k];
          if (best < 0 || tree.cVisits[p] > tree.cVisits[best]) best = p;
        }
      }
      if (best < 0 || tree.cVisits[best] < 2) break;
      const key = tree.cKey[best];
      // A sure table below the root has no key ids: the key of its action in the node's list.
      line.push(key >= 0 ? this.keyStr[key] : this.r.actionKey((tree.nodeLegal[node] as Json[])[tree.cLegal[best]]));
      node = tree.cChild[best];
    }
    return { stats, iterations: this.iterations, calls: this.calls, line };
  }

  /** Drop the search's tree and inputs, keeping the pools. */
  finish(): void {
    this.tree.clear();
    this.r = null as unknown as AnyRuleset;
    this.root = null;
    this.evaluator = null as unknown as Evaluator;
    this.now = zeroClock;
    this.opts = DEFAULT_SEARCH;
    this.s = null;
    this.leaf = null;
    this.legal = [];
    this.rootLegal = [];
    this.keyStr = [];
    this.keyIds = new Map();
    this.evalSides.length = 0;
    this.halving = false;
  }
}

/** Merge the root statistics of several independent trees (root parallelism): sums by action key. */
export function mergeRoots(results: SearchResult[]): RootStat[] {
  const by = new Map<string, RootStat>();
  for (const r of results) {
    for (const s of r.stats) {
      const m = by.get(s.key);
      if (m) {
        m.visits += s.visits;
        m.total += s.total;
        m.totalSq += s.totalSq;
        m.prior = Math.max(m.prior, s.prior);
      } else by.set(s.key, { ...s });
    }
  }
  const out = [...by.values()];
  out.sort(
    (a, b) =>
      b.visits - a.visits ||
      b.total / Math.max(1, b.visits) - a.total / Math.max(1, a.visits) ||
      b.prior - a.prior ||
      (a.key < b.key ? -1 : 1),
  );
  return out;
}

/**
 * The final choice among merged root statistics: the most-visited action — unless the prior's
 * favourite (the scripted policy's choice) is not it and the most-visited one's mean does not beat
 * the favourite's by `z` standard errors; then the favourite stays. z = 0 is plain "most visits".
 * With few iterations the search is noisy: this keeps it from trading a sound scripted choice for
 * a lucky streak of dice.
 */
export function chooseRoot(stats: readonly RootStat[], z: number): RootStat | undefined {
  const best = stats[0];
  if (!best || z <= 0) return best;
  let fav = stats[0];
  for (const s of stats) if (s.prior > fav.prior) fav = s;
  if (fav === best || fav.visits < 2 || best.visits < 2) return best;
  const mean = (s: RootStat): number => s.total / s.visits;
  const varOf = (s: RootStat): number => Math.max(0, s.totalSq / s.visits - mean(s) ** 2) / s.visits;
  const se = Math.sqrt(varOf(best) + varOf(fav));
  return mean(best) - mean(fav) > z * se ? best : fav;
}
