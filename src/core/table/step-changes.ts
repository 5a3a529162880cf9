/**
 * What changed on the table between two decisions, for the rooms' invariant monitors
 * (`Ruleset.invariants`, src/core/model.ts `InvariantMonitor.afterStep`): a monitor that checks the
 * state after every decision need only look again at the figures that changed, since a figure
 * (or a pair of figures) that did not change passes or fails exactly as it did at the previous
 * decision. What changed is read from the state itself, not from the events, so the monitor stays
 * independent of the engine's own bookkeeping.
 */

/** One decision's copy of the figures' fields a monitor compares. */
interface Snapshot {
  x: Float64Array;
  y: Float64Array;
  status: Int32Array;
  extra: Int32Array;
}

function snapshot(n: number): Snapshot {
  return { x: new Float64Array(n), y: new Float64Array(n), status: new Int32Array(n), extra: new Int32Array(n) };
}

/**
 * The figures whose centre, status or one more integer field (a band, hits — the room's choice)
 * changed since the previous {@link StepChanges.update}. Allocation-free after construction.
 * Preconditions: the same `n` figures at every call, in the scenario's order.
 */
export class StepChanges {
  /** The changed figures' indices, in ascending order: the first {@link StepChanges.count} entries. */
  readonly list: Int32Array;
  /** How many figures changed at the last update (all of them at the first). */
  count = 0;
  /** True until the second update: at the first there is no previous decision, and every figure counts as changed. */
  first = true;
  private readonly flag: Uint8Array;
  private seen = false;
  private last: Snapshot;
  private spare: Snapshot;

  /** For `n` figures. */
  constructor(readonly n: number) {
    this.list = new Int32Array(n);
    this.flag = new Uint8Array(n);
    this.last = snapshot(n);
    this.spare = snapshot(n);
  }

  /**
   * Compares the state's fields with those of the previous call and keeps them for the next;
   * afterwards {@link StepChanges.list}/{@link StepChanges.count}/{@link StepChanges.changed} say
   * which figures differ in any of them (exact comparison: a figure that did not move compares
   * equal), and {@link StepChanges.before} holds the fields at the previous call.
   */
  update(x: ArrayLike<number>, y: ArrayLike<number>, status: ArrayLike<number>, extra?: ArrayLike<number>): void {
    this.first = !this.seen;
    this.seen = true;
    const into = this.spare;
    const prev = this.last;
    let k = 0;
    for (let f = 0; f < this.n; f++) {
      const e = extra ? extra[f] : 0;
      const differs = this.first || x[f] !== prev.x[f] || y[f] !== prev.y[f] || status[f] !== prev.status[f] || e !== prev.extra[f];
      this.flag[f] = differs ? 1 : 0;
      if (differs) this.list[k++] = f;
      into.x[f] = x[f];
      into.y[f] = y[f];
      into.status[f] = status[f];
      into.extra[f] = e;
    }
    this.count = k;
    this.spare = prev;
    this.last = into;
  }

  /** Whether figure `f` changed at the last update. */
  changed(f: number): boolean {
    return this.flag[f] === 1;
  }

  /** The fields at the previous update (meaningless at the first): centres, status, the extra field. */
  get before(): Readonly<Snapshot> {
    return this.spare;
  }

  /**
   * Calls `visit(a, b)` once for every pair of figures (a < b) of which at least one changed at the
   * last update and both pass `include` — the pairs whose relation (distance, overlap) may differ
   * from the previous decision's. At the first update, every pair.
   */
  pairs(include: (f: number) => boolean, visit: (a: number, b: number) => void): void {
    for (let c = 0; c < this.count; c++) {
      const f = this.list[c];
      if (!include(f)) continue;
      for (let g = 0; g < this.n; g++) {
        // Each pair once: with an unchanged figure from the changed one, between two changed ones from the lower index.
        if (g === f || (g < f && this.flag[g] === 1) || !include(g)) continue;
        if (f < g) visit(f, g);
        else visit(g, f);
      }
    }
  }
}
