/**
 * The parts of a ruleset's declaration (src/rules/<id>/index.ts) that every room on a measured
 * table writes the same way, beside {@link sideWiring} and {@link stateWiring}: the check of a
 * listed action by its key (`checkAction` for every action but a room's free-form ones) and the
 * statistics of figures by status per side and of rule-path counters (`stats`).
 */
import type { SideId } from '../basics.js';

/**
 * `checkAction` for actions that must be among the legal ones: null when one of `legalActions(s)`
 * has the key of `a`, else `words` ("not one of the legal actions now"). A room checks its
 * free-form actions (exact moves) itself and passes the rest here.
 */
export function listedCheck<S, A>(
  legalActions: (s: S) => readonly A[],
  actionKey: (a: A) => string,
  words = 'not one of the legal actions now',
): (s: S, a: A) => string | null {
  return (s, a) => {
    const key = actionKey(a);
    return legalActions(s).some((o) => actionKey(o) === key) ? null : words;
  };
}

/**
 * Count each side's figures by status into `out`: `out["<side id>.<name>"]` = the number of the
 * side's figures whose `status` is one of `groups[name]` (a status code or a list of them).
 * Returns `out`.
 */
export function sideStatusCounts(
  out: Record<string, number>,
  sides: readonly { readonly id: SideId; readonly figures: readonly number[] }[],
  status: ArrayLike<number>,
  groups: Readonly<Record<string, number | readonly number[]>>,
): Record<string, number> {
  for (const side of sides) {
    for (const [name, codes] of Object.entries(groups)) {
      const list = typeof codes === 'number' ? [codes] : codes;
      out[`${side.id}.${name}`] = side.figures.filter((f) => list.includes(status[f])).length;
    }
  }
  return out;
}

/** Copy a state's rule-path counters into `out` by name (`out[names[i]] = counters[i]`). Returns `out`. */
export function counterStats(out: Record<string, number>, names: readonly string[], counters: ArrayLike<number>): Record<string, number> {
  names.forEach((name, i) => (out[name] = counters[i]));
  return out;
}

/**
 * A new array of `n` numbers for a policy's scores, made with double elements from the start (all
 * 0.5: the caller writes every entry before the array is read). An array of holes (`new Array(n)`)
 * turned into doubles at the first fractional score costs a second backing store a call.
 */
export function newScores(n: number): number[] {
  return n <= SCORES_TEMPLATE.length ? SCORES_TEMPLATE.slice(0, n) : new Array<number>(n).fill(0.5);
}
const SCORES_TEMPLATE: readonly number[] = Array.from({ length: 64 }, () => 0.5);
