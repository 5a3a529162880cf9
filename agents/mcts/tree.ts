/**
 * The search tree's storage: flat typed-array pools of nodes, tables and candidates, grown by
 * doubling and reused from one search to the next — so the tree's own bookkeeping is a handful of
 * ArrayBuffers that the garbage collector never copies or traces, and an iteration allocates
 * nothing here once the pools are large enough. Only three JavaScript arrays hold references: a
 * node's kept state and its legal list, and the actions of the legal-list cache (all made by the
 * ruleset).
 *
 * - A **node** is a sequence of decisions from the root (open loop: see search.ts). It has a list
 *   of tables, one per side that was found deciding there (usually one).
 * - A **table** is a node's candidates for one deciding side: a block of `cap` consecutive slots in
 *   the candidate pools (moved to a block twice the size when it fills up), of which the first `n`
 *   are candidates, in prior order (best first; actions first seen later appended with prior 0).
 * - A **candidate** slot holds the action's integer key (search-wide ids of `actionKey` strings;
 *   -1 in a sure table below the root, whose keys are worked out only for the result), its prior, and — once it has entered the tree as an **edge** — its visits, reward sums and child
 *   node. The same block holds, by index, the order in which edges entered (`cOrder`) and the cache
 *   that matches a legal list to positions (`cSeenAct`, `cSeenKey`, `cSeenPos`: the i-th legal
 *   action at a recent visit — the object itself — its key id and its position).
 * - A table of a node whose legal list is the same at every visit (a node reached without chance,
 *   and the root) is **sure**: every candidate is legal at every visit, its edges are positions
 *   0, 1, 2, … in order, and a visit needs no matching of the legal list at all.
 * - When a legal list differs from the cache, positions are found through one search-wide hash
 *   table from (table, key id) to position (open addressing, integer keys; no Map per table).
 *
 * The cache matches by identity first: a ruleset that lists the same shared frozen action objects
 * (or primitives) from visit to visit has its list matched without working out any key; other
 * actions are matched by key id (the cache keeps no reference to them).
 */

/** `cChild` of a candidate that has not entered the tree. */
export const NO_EDGE = -2;
/** `cChild` of an edge whose child node has not been made yet. */
export const NO_NODE = -1;

function grownI32(a: Int32Array, need: number): Int32Array<ArrayBuffer> {
  let n = a.length;
  while (n < need) n *= 2;
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function grownF64(a: Float64Array, need: number): Float64Array<ArrayBuffer> {
  let n = a.length;
  while (n < need) n *= 2;
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
function grownU8(a: Uint8Array, need: number): Uint8Array<ArrayBuffer> {
  let n = a.length;
  while (n < need) n *= 2;
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}

/** The pools of one tree (see the module note). Fields are public for the search's hot loops. */
export class Tree {
  // ---- nodes (node 0 is the root) ----
  nNodes = 0;
  /** First table of the node, or -1. */
  nodeTable = new Int32Array(1024);
  /** The node's kept state (reached without chance), or null. */
  nodeState: unknown[] = [];
  /** The legal list at the node's first visit, kept with its state (sure nodes only), or null. */
  nodeLegal: (unknown[] | null)[] = [];

  // ---- tables ----
  nTables = 0;
  /** The next table of the same node, or -1 (tables in the order they were made). */
  tNext = new Int32Array(1024);
  /** The deciding side's index (the search's side list). */
  tSide = new Int32Array(1024);
  tVisits = new Int32Array(1024);
  /** The table's block: first slot and capacity in the candidate pools; candidates `n`; edges. */
  tBase = new Int32Array(1024);
  tCap = new Int32Array(1024);
  tN = new Int32Array(1024);
  tEdges = new Int32Array(1024);
  /** Entries of the legal-list cache (`cSeenKey`/`cSeenPos`) in use. */
  tSeen = new Int32Array(1024);
  /** 1: sure (see the module note). */
  tSure = new Uint8Array(1024);
  /** 1: the table's candidates are in the position hash. */
  tHashed = new Uint8Array(1024);

  // ---- candidates (slots of the tables' blocks) ----
  candEnd = 0;
  cKey = new Int32Array(8192);
  cPrior = new Float64Array(8192);
  /** The visit stamp at which the candidate was last legal (tables that are not sure). */
  cStamp = new Int32Array(8192);
  /** The candidate's index in the current visit's legal list (fixed for a sure table). */
  cLegal = new Int32Array(8192);
  cVisits = new Int32Array(8192);
  /** Sums of the rewards and of their squares over the edge's visits. */
  cTotal = new Float64Array(8192);
  cTotalSq = new Float64Array(8192);
  /** The edge's mean reward, cTotal / cVisits (0.5 before its first visit), kept up to date by the back-up. */
  cMean = new Float64Array(8192);
  /** The child node, {@link NO_NODE} (an edge without one yet) or {@link NO_EDGE}. */
  cChild = new Int32Array(8192);
  /** By index k: the position of the k-th edge to enter the tree. */
  cOrder = new Int32Array(8192);
  /** By index i: the key id of the i-th legal action at a recent visit, and its position. */
  cSeenKey = new Int32Array(8192);
  cSeenPos = new Int32Array(8192);
  /**
   * By index i: the i-th legal action itself at a recent visit (the action whose key is
   * `cSeenKey`) when it is frozen or a primitive, else undefined (never an action: actions are
   * JSON values). A plain array (references), grown
   * with the pools.
   */
  cSeenAct: unknown[] = new Array<unknown>(8192).fill(undefined);

  // ---- the position hash: (table, key id) → position ----
  hCount = 0;
  hTable = new Int32Array(1024).fill(-1);
  hKey = new Int32Array(1024);
  hPos = new Int32Array(1024);

  /** A new node without tables; returns its id. */
  newNode(state: unknown): number {
    const id = this.nNodes++;
    if (id >= this.nodeTable.length) this.nodeTable = grownI32(this.nodeTable, id + 1);
    this.nodeTable[id] = -1;
    if (id < this.nodeState.length) {
      this.nodeState[id] = state;
      this.nodeLegal[id] = null;
    } else {
      this.nodeState.push(state);
      this.nodeLegal.push(null);
    }
    return id;
  }

  /** The table of `node` for side `side`, or -1. */
  findTable(node: number, side: number): number {
    for (let t = this.nodeTable[node]; t >= 0; t = this.tNext[t]) if (this.tSide[t] === side) return t;
    return -1;
  }

  /**
   * A new table of `node` for `side` with room for `n` candidates (n ≥ 1), linked after the node's
   * other tables; the caller fills its `n` candidates. Returns its id.
   */
  newTable(node: number, side: number, n: number, sure: boolean): number {
    const t = this.nTables++;
    if (t >= this.tNext.length) this.growTables(t + 1);
    this.tNext[t] = -1;
    this.tSide[t] = side;
    this.tVisits[t] = 0;
    this.tBase[t] = this.allocCandidates(n);
    this.tCap[t] = n;
    this.tN[t] = n;
    this.tEdges[t] = 0;
    this.tSeen[t] = 0;
    this.tSure[t] = sure ? 1 : 0;
    this.tHashed[t] = 0;
    let last = this.nodeTable[node];
    if (last < 0) this.nodeTable[node] = t;
    else {
      while (this.tNext[last] >= 0) last = this.tNext[last];
      this.tNext[last] = t;
    }
    return t;
  }

  /** The position of key `key` in table `t`, appended as a new candidate (prior 0, not legal yet) when it has none. May move the table's block. */
  positionOf(t: number, key: number): number {
    if (this.tHashed[t] === 0) {
      const base = this.tBase[t];
      // Keys are distinct within one decision (the contract of actionKey): the first position wins.
      for (let i = this.tN[t] - 1; i >= 0; i--) this.hashPut(t, this.cKey[base + i], i);
      this.tHashed[t] = 1;
    }
    const j = this.hashGet(t, key);
    if (j >= 0) return j;
    const i = this.tN[t];
    if (i === this.tCap[t]) this.moveTable(t, Math.max(4, 2 * i));
    const at = this.tBase[t] + i;
    this.cKey[at] = key;
    this.cPrior[at] = 0;
    this.cStamp[at] = 0;
    this.cLegal[at] = -1;
    this.cChild[at] = NO_EDGE;
    this.tN[t] = i + 1;
    this.hashPut(t, key, i);
    return i;
  }

  /** Forget every node, table and candidate (keeping the pools), and drop the kept states. */
  clear(): void {
    this.nodeState.fill(null, 0, this.nNodes);
    this.nodeLegal.fill(null, 0, this.nNodes);
    this.cSeenAct.fill(undefined, 0, this.candEnd);
    this.nNodes = 0;
    this.nTables = 0;
    this.candEnd = 0;
    if (this.hCount > 0) {
      this.hTable.fill(-1);
      this.hCount = 0;
    }
  }

  /** Bytes held by the pools (for deciding whether to keep them for the next search). */
  bytes(): number {
    return this.nodeTable.length * 4 + this.tNext.length * 34 + this.cKey.length * 72 + this.hTable.length * 12;
  }

  /** `n` consecutive candidate slots at the end of the pools (growing them); returns the first. */
  private allocCandidates(n: number): number {
    const at = this.candEnd;
    const end = at + n;
    if (end > this.cKey.length) {
      this.cKey = grownI32(this.cKey, end);
      this.cPrior = grownF64(this.cPrior, end);
      this.cStamp = grownI32(this.cStamp, end);
      this.cLegal = grownI32(this.cLegal, end);
      this.cVisits = grownI32(this.cVisits, end);
      this.cTotal = grownF64(this.cTotal, end);
      this.cTotalSq = grownF64(this.cTotalSq, end);
      this.cMean = grownF64(this.cMean, end);
      this.cChild = grownI32(this.cChild, end);
      this.cOrder = grownI32(this.cOrder, end);
      this.cSeenKey = grownI32(this.cSeenKey, end);
      this.cSeenPos = grownI32(this.cSeenPos, end);
      const acts = this.cSeenAct;
      let n = acts.length;
      while (n < end) n *= 2;
      for (let i = acts.length; i < n; i++) acts.push(undefined);
    }
    this.candEnd = end;
    return at;
  }

  /** Move table `t`'s block to a new one of `cap` slots at the end of the pools (the old block is left unused). */
  private moveTable(t: number, cap: number): void {
    const from = this.tBase[t];
    const len = this.tCap[t];
    const to = this.allocCandidates(cap);
    for (const a of [this.cKey, this.cStamp, this.cLegal, this.cVisits, this.cChild, this.cOrder, this.cSeenKey, this.cSeenPos])
      a.copyWithin(to, from, from + len);
    for (const a of [this.cPrior, this.cTotal, this.cTotalSq, this.cMean]) a.copyWithin(to, from, from + len);
    const acts = this.cSeenAct;
    for (let i = 0; i < len; i++) {
      acts[to + i] = acts[from + i];
      acts[from + i] = undefined;
    }
    this.tBase[t] = to;
    this.tCap[t] = cap;
  }

  private growTables(need: number): void {
    this.tNext = grownI32(this.tNext, need);
    this.tSide = grownI32(this.tSide, need);
    this.tVisits = grownI32(this.tVisits, need);
    this.tBase = grownI32(this.tBase, need);
    this.tCap = grownI32(this.tCap, need);
    this.tN = grownI32(this.tN, need);
    this.tEdges = grownI32(this.tEdges, need);
    this.tSeen = grownI32(this.tSeen, need);
    this.tSure = grownU8(this.tSure, need);
    this.tHashed = grownU8(this.tHashed, need);
  }

  private slot(t: number, key: number): number {
    const mask = this.hTable.length - 1;
    let h = (Math.imul(t, 0x9e3779b1) ^ Math.imul(key, 0x85ebca77)) >>> 0;
    h = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const e = this.hTable[h];
      if (e < 0 || (this.hKey[h] === key && e === t)) return h;
      h = (h + 1) & mask;
    }
  }

  private hashGet(t: number, key: number): number {
    const h = this.slot(t, key);
    return this.hTable[h] < 0 ? -1 : this.hPos[h];
  }

  private hashPut(t: number, key: number, pos: number): void {
    if (2 * (this.hCount + 1) > this.hTable.length) this.rehash();
    const h = this.slot(t, key);
    if (this.hTable[h] < 0) {
      this.hTable[h] = t;
      this.hKey[h] = key;
      this.hCount++;
    }
    this.hPos[h] = pos;
  }

  private rehash(): void {
    const oldT = this.hTable;
    const oldK = this.hKey;
    const oldP = this.hPos;
    const n = oldT.length * 2;
    this.hTable = new Int32Array(n).fill(-1);
    this.hKey = new Int32Array(n);
    this.hPos = new Int32Array(n);
    for (let i = 0; i < oldT.length; i++) {
      if (oldT[i] < 0) continue;
      const h = this.slot(oldT[i], oldK[i]);
      this.hTable[h] = oldT[i];
      this.hKey[h] = oldK[i];
      this.hPos[h] = oldP[i];
    }
  }
}
