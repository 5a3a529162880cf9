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
 * Everything here is a pure function of (state, options, seed): no clock unless a wall-clock
 * budget is asked for, no Math.random.
 */
import type { AnyRuleset, Json, SideId } from '../../src/core/model.js';
import { FastRng, randInt, type Rng } from '../../src/core/rng.js';

/** Scores of the legal actions for the side to decide (higher is better): a scripted policy. */
export type Policy = (state: unknown, legal: readonly Json[]) => number[];

/** Search settings. All have defaults in {@link DEFAULT_SEARCH}. */
export interface SearchOptions {
  /** Iterations budget (deterministic). */
  iterations: number;
  /** Forward-model calls budget (applies during re-play and rollouts; deterministic); 0 = none. */
  calls: number;
  /** Wall-clock budget in milliseconds; 0 = none. The one non-deterministic budget. */
  ms: number;
  /** UCB exploration constant (rewards are in [0, 1]). */
  c: number;
  /** Progressive-bias weight of the prior (decays as 1/(n+1)). */
  bias: number;
  /** Progressive widening: children allowed at a table visited n times = ⌈k · (n+1)^α⌉. */
  k: number;
  alpha: number;
  /** Rollout: probability of a random action instead of the policy's best. */
  eps: number;
  /** Rollout horizon in decisions (0 = evaluate at the leaf at once). */
  horizon: number;
  /** Stop the rollout at the end of the current turn as well (needs ruleset.turn). */
  horizonTurn: boolean;
  /** Weights for the ruleset's feature evaluation (undefined: its defaults). */
  weights?: readonly number[];
  /** Standard errors by which the most-visited action must beat the prior's favourite (0 = off). */
  confidence: number;
  /**
   * Share of the budget spent when the prior is sure (budget × max(focus, 2·(1 − top prior)));
   * 1 = always the whole budget.
   */
  focus: number;
}

/** Defaults: tuned on the Supply Raid (see bench/mcts.ts). */
export const DEFAULT_SEARCH: SearchOptions = {
  iterations: 300,
  calls: 0,
  ms: 0,
  c: 1,
  bias: 3,
  k: 2,
  alpha: 0.5,
  eps: 0.05,
  horizon: 12,
  horizonTurn: false,
  confidence: 1,
  focus: 0.1,
};

/** One edge of a table: a candidate action that has entered the tree. */
interface Edge {
  key: string;
  /** The action as listed when the edge was made (the root's list for root edges). */
  action: Json;
  /** Position of the action in its table's candidate order. */
  index: number;
  prior: number;
  visits: number;
  total: number;
  /** Sum of squared rewards (for the standard error of the mean). */
  totalSq: number;
  child: Node | null;
}

/**
 * The edges of one node for one deciding side. Candidates are kept in parallel arrays indexed by
 * their position in prior order (best first, fixed at the table's first visit; actions first seen
 * later are appended with prior 0), so that a visit marks which candidates are legal this time by
 * writing a stamp per position — no per-visit map or set of keys. A legal list is matched to
 * positions through the keys of the last lists seen here (`seenKeys`): when the list is as before
 * (always, in a game without chance) that is one string comparison per action and no lookup.
 */
interface Table {
  side: SideId;
  /** Edges in the order they entered the tree. */
  edges: Edge[];
  /** Candidate keys, actions, priors and edges (null until widened to) by position. */
  keys: string[];
  priors: number[];
  edgeAt: (Edge | null)[];
  /** Position of each key; made at the first key not found through `seenKeys`. */
  indexOf: Map<string, number> | null;
  /** The key of the i-th legal action at a recent visit, and its position (a cache: seenPos[i] is always the position of seenKeys[i]). */
  seenKeys: string[];
  seenPos: number[];
  /** `stamp[i] === ` the current visit's stamp: candidate i is legal this time, as `current[i]`. */
  stamp: number[];
  current: Json[];
  visits: number;
}

/**
 * A node of the tree: usually one deciding side (`first`); others (after re-played chance) in `more`.
 * A node reached without any chance drawn on the way from the root (no draw from the iteration's
 * stream by any `apply` of the path) is reached in the same state every time — the ruleset's
 * `apply` is a pure function of state, action and stream — so it keeps a private copy of that
 * state (`state`, made when the node is made) and, at its first visit, the side to decide, the
 * legal list and its keys: later visits start from the copy instead of re-playing the path.
 */
interface Node {
  first: Table | null;
  more: Table[] | null;
  state: unknown;
  side: SideId | null;
  legal: Json[] | null;
  keys: string[] | null;
}

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

/** A 32-bit hash of (a, b) (for per-visit stream seeds). */
function mix32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

function newNode(): Node {
  return { first: null, more: null, state: null, side: null, legal: null, keys: null };
}

/** Softmax-normalised priors from raw policy scores (temperature 1), or uniform. */
function priors(scores: number[] | null, n: number): number[] {
  const out = new Array<number>(n);
  if (!scores) return out.fill(1 / n);
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (scores[i] > max) max = scores[i];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.exp(scores[i] - max);
    out[i] = e;
    sum += e;
  }
  for (let i = 0; i < n; i++) out[i] = out[i] / sum;
  return out;
}

function argmax(scores: number[]): number {
  let b = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[b]) b = i;
  return b;
}

/** The table of `node` for `side`, or null. */
function findTable(node: Node, side: SideId): Table | null {
  if (node.first && node.first.side === side) return node.first;
  if (node.more) for (const t of node.more) if (t.side === side) return t;
  return null;
}

/** A table made at its first visit: candidates are the legal actions in prior order (stable). */
function newTable(node: Node, side: SideId, state: unknown, legal: Json[], keys: string[], policy: Policy | null): Table {
  const n = legal.length;
  const p = priors(policy ? policy(state, legal) : null, n);
  // Stable sort: best prior first, ties keep the ruleset's order (an insertion sort: a comparator
  // sort boxes the doubles it compares, and lists are short).
  const idx = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const pi = p[i];
    let j = i;
    while (j > 0 && p[idx[j - 1]] < pi) {
      idx[j] = idx[j - 1];
      j--;
    }
    idx[j] = i;
  }
  const t: Table = { side, edges: [], keys: new Array<string>(n), priors: new Array<number>(n), edgeAt: new Array<Edge | null>(n), indexOf: null, seenKeys: keys.slice(0, n), seenPos: new Array<number>(n), stamp: new Array<number>(n), current: new Array<Json>(n), visits: 0 };
  for (let j = 0; j < n; j++) {
    const i = idx[j];
    t.keys[j] = keys[i];
    t.priors[j] = p[i];
    t.edgeAt[j] = null;
    t.stamp[j] = 0;
    t.current[j] = null;
    t.seenPos[i] = j;
  }
  if (node.first === null) node.first = t;
  else (node.more ??= []).push(t);
  return t;
}

/** The position of `key` in `t`, added as a new candidate (prior 0) when it was never legal here before. */
function positionOf(t: Table, key: string): number {
  let m = t.indexOf;
  if (m === null) {
    m = new Map();
    // Keys are distinct within one decision (the contract of actionKey): the first position wins.
    for (let i = t.keys.length - 1; i >= 0; i--) m.set(t.keys[i], i);
    t.indexOf = m;
  }
  const j = m.get(key);
  if (j !== undefined) return j;
  const i = t.keys.length;
  t.keys.push(key);
  t.priors.push(0);
  t.edgeAt.push(null);
  t.stamp.push(0);
  t.current.push(null);
  m.set(key, i);
  return i;
}

/** Mutable state of one search, shared by its helpers (no closures made per call). */
interface Run {
  r: AnyRuleset;
  policy: Policy | null;
  /** Scores for rollouts and for the priors of nodes below the root (the policy unless the ruleset has cheaper ones). */
  fast: Policy | null;
  opts: SearchOptions;
  /** Keys of the last legal list (scratch: only the first `legal.length` are current). */
  keys: string[];
  /** Sides and values of the leaf being backed up (scratch; a game has few sides): the first `nVal`. */
  valSides: SideId[];
  valValues: number[];
  nVal: number;
}

/** Keys of `legal` into the first `legal.length` places of `run.keys` (reused, never shortened: setting an array's length is a call into the runtime). */
function keysOf(run: Run, legal: Json[]): string[] {
  const keys = run.keys;
  for (let i = 0; i < legal.length; i++) {
    const k = run.r.actionKey(legal[i]);
    if (i < keys.length) keys[i] = k;
    else keys.push(k);
  }
  return keys;
}

/** Mark the candidates of `t` legal this visit (stamp), appending actions not seen before. */
function markLegal(t: Table, legal: Json[], keys: string[], stamp: number): void {
  const seenKeys = t.seenKeys;
  const seenPos = t.seenPos;
  for (let i = 0; i < legal.length; i++) {
    const k = keys[i];
    let j: number;
    if (i < seenKeys.length && seenKeys[i] === k) j = seenPos[i];
    else {
      j = positionOf(t, k);
      if (i < seenKeys.length) {
        seenKeys[i] = k;
        seenPos[i] = j;
      } else {
        seenKeys.push(k);
        seenPos.push(j);
      }
    }
    t.stamp[j] = stamp;
    t.current[j] = legal[i];
  }
}

/** A rollout action: the policy's best, or a random one with probability ε (always without a policy). */
function sample(run: Run, state: unknown, legal: Json[], g: Rng): Json {
  if (!run.fast || g.next() < run.opts.eps) return legal[randInt(g, legal.length)];
  return legal[argmax(run.fast(state, legal))];
}

/** The leaf's value for `side` (evaluated once per side per leaf). */
function valueFor(run: Run, s: unknown, side: SideId): number {
  const n = run.nVal;
  for (let i = 0; i < n; i++) if (run.valSides[i] === side) return run.valValues[i];
  const v = run.r.evaluate(s, side, run.opts.weights);
  run.valSides[n] = side;
  run.valValues[n] = v;
  run.nVal = n + 1;
  return v;
}

/**
 * Run one search from `root` for the side to decide. `seed` fixes every random choice of the
 * search (re-played dice, rollouts). Precondition: the root is not terminal.
 */
export function search(r: AnyRuleset, root: unknown, opts: SearchOptions, seed: number, policy: Policy | null, now: () => number = zeroClock, fast: Policy | null = policy): SearchResult {
  const rootNode = newNode();
  const rng = new FastRng(seed);
  const base = Math.floor(rng.next() * 4294967296);
  const iterRng = new FastRng(0);
  const rootSide = r.currentSide(root);
  if (rootSide === null) throw new Error('search from a finished game');
  const t0 = opts.ms > 0 ? now() : 0;
  const run: Run = { r, policy, fast, opts, keys: [], valSides: [], valValues: [], nVal: 0 };
  // The root state never changes: its legal actions, their keys and their places in the root
  // table are worked out once per search.
  const rootLegal = r.legalActions(root);
  const rootKeys = keysOf(run, rootLegal).slice(0, rootLegal.length);
  let calls = 0;
  let it = 0;
  let stamp = 0;
  const pathTables: Table[] = [];
  const pathEdges: Edge[] = [];
  const ctx = { rng: iterRng };
  const turnOf = r.turn;
  const evaluateSides = r.evaluateSides;
  const applyLegal = r.applyLegal;
  let scratch: unknown = null;
  let nLeaf = 0;
  let sum = 0;
  let sumSq = 0;

  // Focus: when the prior is nearly sure of one action, spend only part of the budget here
  // (at least `focus` of it); contested decisions get all of it.
  let share = 1;
  if (opts.focus < 1 && policy) {
    const p = priors(policy(root, rootLegal), rootLegal.length);
    let top = 0;
    for (const x of p) if (x > top) top = x;
    share = Math.min(1, Math.max(opts.focus, 2 * (1 - top)));
  }
  const maxIterations = opts.iterations > 0 ? Math.max(1, Math.round(opts.iterations * share)) : 0;
  const maxCalls = opts.calls > 0 ? Math.max(1, Math.round(opts.calls * share)) : 0;
  const maxMs = opts.ms * share;
  for (;;) {
    if (it >= maxIterations && maxIterations > 0) break;
    if (maxCalls > 0 && calls >= maxCalls) break;
    if (opts.ms > 0 && now() - t0 >= maxMs) break;
    it++;
    // The iteration's state `s`: made (the root, or a node's kept state, copied into the last
    // iteration's state when the ruleset can) only when an action must be applied. Until then
    // (`made` false) the state at the node reached is `at` — the root or a node's kept copy, both
    // only read. `sure`: no chance drawn since the root (see Node).
    let s: unknown = scratch;
    let made = false;
    let at: unknown = root;
    let sure = true;
    let seed0 = 0;
    let node: Node | null = rootNode;
    let depth = 0;
    let expanded = false;

    // Selection and expansion along the stored decision sequence, re-played with fresh chance.
    while (node && !r.isTerminal(made ? s : at)) {
      const atRoot: boolean = node === rootNode;
      let side: SideId;
      let legal: Json[];
      let keys: string[];
      if (atRoot) {
        side = rootSide;
        legal = rootLegal;
        keys = rootKeys;
      } else if (!made && node.legal !== null) {
        side = node.side as SideId;
        legal = node.legal;
        keys = node.keys as string[];
      } else {
        if (!made) {
          s = copyState(r, scratch, at);
          scratch = s;
          made = true;
        }
        side = r.currentSide(s) as SideId;
        legal = r.legalActions(s);
        keys = keysOf(run, legal);
        if (sure && node.state !== null && node.legal === null) {
          node.side = side;
          node.legal = legal;
          node.keys = keys.slice(0, legal.length);
        }
      }
      let t: Table | null = findTable(node, side);
      if (t === null) {
        if (!made && !atRoot) {
          s = copyState(r, scratch, at);
          scratch = s;
          made = true;
        }
        t = newTable(node, side, atRoot ? root : s, legal, keys, atRoot ? policy : fast);
      }
      stamp++;
      markLegal(t, legal, keys, stamp);
      let available = 0;
      let nAvail = 0;
      for (const e of t.edges) {
        if (t.stamp[e.index] === stamp) {
          available++;
          nAvail += e.visits;
        }
      }
      const allowed = Math.ceil(opts.k * Math.pow(t.visits + 1, opts.alpha));
      let edge: Edge | null = null;
      if (available < allowed) {
        // Widen: the best-prior legal action not yet in the tree.
        for (let i = 0; i < t.keys.length; i++) {
          if (t.edgeAt[i] !== null || t.stamp[i] !== stamp) continue;
          edge = { key: t.keys[i], action: t.current[i], index: i, prior: t.priors[i], visits: 0, total: 0, totalSq: 0, child: null };
          t.edges.push(edge);
          t.edgeAt[i] = edge;
          expanded = true;
          break;
        }
      }
      if (!edge) {
        let best = -Infinity;
        const logN = Math.log(Math.max(1, nAvail));
        // Exploration and prior bias are scaled by the spread of the rewards seen so far, so that
        // they weigh the same whether evaluations differ by 0.5 or by 0.005.
        const spread = nLeaf >= 10 ? Math.max(0.002, Math.sqrt(Math.max(0, sumSq / nLeaf - (sum / nLeaf) ** 2))) : 0.05;
        const cs = opts.c * spread;
        const bs = opts.bias * spread;
        for (const e of t.edges) {
          if (t.stamp[e.index] !== stamp) continue;
          const q = e.visits > 0 ? e.total / e.visits : 0.5;
          const u = q + cs * Math.sqrt(logN / (e.visits + 1)) + (bs * e.prior) / (e.visits + 1);
          if (u > best) {
            best = u;
            edge = e;
          }
        }
      }
      if (!edge) break; // nothing legal in the tree and nothing to add (cannot happen with a non-empty legal list)
      if (depth === 0) {
        // Common random numbers at the root: the k-th visit of every root action re-plays the game
        // with the same stream, so siblings are compared on the same dice and card draws.
        iterRng.reseed(mix32(base, edge.visits));
        seed0 = iterRng.position();
      }
      const next: Node | null = edge.child;
      if (sure && next !== null && next.state !== null) {
        // The same state as every visit: start from the node's copy (nothing drawn, nothing applied).
        at = next.state;
        made = false;
      } else {
        if (!made) {
          s = copyState(r, scratch, at);
          scratch = s;
          made = true;
        }
        // t.current holds this visit's legal list, of this very state (see Ruleset.applyLegal).
        if (applyLegal) applyLegal.call(r, s, t.current[edge.index], ctx);
        else r.apply(s, t.current[edge.index], ctx);
        if (sure && iterRng.position() !== seed0) sure = false;
      }
      calls++;
      pathTables[depth] = t;
      pathEdges[depth] = edge;
      depth++;
      if (expanded) break;
      if (!edge.child) {
        edge.child = newNode();
        if (sure) edge.child.state = r.clone(s);
      }
      node = edge.child;
    }
    if (!made) {
      s = copyState(r, scratch, at);
      scratch = s;
    }

    // Rollout to the horizon.
    const turn0 = opts.horizonTurn && turnOf ? turnOf.call(r, s) : 0;
    for (let d = 0; d < opts.horizon && !r.isTerminal(s); d++) {
      if (opts.horizonTurn && turnOf && turnOf.call(r, s) !== turn0) break;
      if (maxCalls > 0 && calls >= maxCalls) break;
      const legal = r.legalActions(s);
      const a = legal.length === 1 ? legal[0] : sample(run, s, legal, iterRng);
      if (applyLegal) applyLegal.call(r, s, a, ctx);
      else r.apply(s, a, ctx);
      calls++;
    }

    // Back-propagation: each decision is scored from its own side's point of view.
    run.nVal = 0;
    if (evaluateSides) {
      // Every side to score (the root's, then each decision's), evaluated together.
      run.valSides[0] = rootSide;
      let nv = 1;
      for (let i = 0; i < depth; i++) {
        const side = pathTables[i].side;
        let seen = false;
        for (let j = 0; j < nv && !seen; j++) if (run.valSides[j] === side) seen = true;
        if (!seen) run.valSides[nv++] = side;
      }
      evaluateSides.call(r, s, run.valSides, nv, opts.weights, run.valValues);
      run.nVal = nv;
    }
    {
      const v = valueFor(run, s, rootSide);
      nLeaf++;
      sum += v;
      sumSq += v * v;
    }
    for (let i = 0; i < depth; i++) {
      const v = valueFor(run, s, pathTables[i].side);
      const e = pathEdges[i];
      e.visits++;
      e.total += v;
      e.totalSq += v * v;
      pathTables[i].visits++;
    }
  }

  const rootTable = findTable(rootNode, rootSide);
  const stats: RootStat[] = (rootTable?.edges ?? []).map((e) => ({ key: e.key, action: e.action, visits: e.visits, total: e.total, totalSq: e.totalSq, prior: e.prior }));
  stats.sort((a, b) => b.visits - a.visits || b.total / Math.max(1, b.visits) - a.total / Math.max(1, a.visits) || b.prior - a.prior);
  const line: string[] = [];
  let n: Node | null = rootNode;
  for (let depth = 0; depth < 8 && n; depth++) {
    let best: Edge | null = null;
    const tables: Table[] = n.first ? [n.first, ...(n.more ?? [])] : [];
    for (const t of tables) for (const e of t.edges) if (!best || e.visits > best.visits) best = e;
    if (!best || best.visits < 2) break;
    line.push(best.key);
    n = best.child;
  }
  return { stats, iterations: it, calls, line };
}

/** `from` copied into `into` (a state no one needs any more, or null) when the ruleset can, else a fresh clone. */
function copyState(r: AnyRuleset, into: unknown, from: unknown): unknown {
  return into !== null && r.cloneInto ? r.cloneInto(into, from) : r.clone(from);
}

function zeroClock(): number {
  return 0;
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
  out.sort((a, b) => b.visits - a.visits || b.total / Math.max(1, b.visits) - a.total / Math.max(1, a.visits) || b.prior - a.prior || (a.key < b.key ? -1 : 1));
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
