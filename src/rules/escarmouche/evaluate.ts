/**
 * The Escarmouche evaluation: a logistic model over a few features of the state, giving the first
 * side's chance of winning (the other side gets one minus it). The weights are fitted to recorded games.
 *
 * Features (first side's view; each roughly in [−1, 1]):
 *   material   — rating-weighted wounds left, own minus enemy, over the scenario's total
 *   breaking   — how far the enemy is toward its break point, minus how far we are
 *   objectives — objective points held now, own minus enemy, over the total
 *   late       — objectives × the share of the game gone (holding matters more near the end)
 *   approach   — per objective, who is nearer (straight distance, in base widths, capped at 30), weighted by value
 *   markers    — Shaken, Cowered and Disarmed markers, enemy minus own, per figure
 */
import { objectivePoints, outCount } from './queries.js';
import { PH_OVER, type EscState } from './state.js';
import type { EscScenario } from './compile.js';
import { logisticEvaluation } from '../../core/table/ruleset.js';

/** Feature names, in the order of {@link features} and of a weights vector. */
export const FEATURE_NAMES = ['bias', 'material', 'breaking', 'objectives', 'late', 'approach', 'markers'] as const;

/**
 * Default weights, fitted by `fit-eval` to 300 Mill Bridge games of the scripted policy against
 * itself (docs/rules/escarmouche.md §Evaluation has the commands; the hand-set ones were
 * [0, 3, 2.5, 0.6, 1.6, 0.5, 0.6]). The bias is Mill Bridge's first side's edge.
 */
export const DEFAULT_WEIGHTS: readonly number[] = [0.141, 0.833, 1.909, 0.399, 2.13, -0.47, 0.318];

/** The feature vector of a state, from the first side's point of view. */
export function features(s: EscState, out: number[] = new Array<number>(FEATURE_NAMES.length)): number[] {
  const sc = s.sc;
  const mat = [0, 0];
  const markers = [0, 0];
  let total = 0;
  for (const f of sc.figures) {
    total += f.rating;
    const i = f.index;
    if (s.wounds[i] === 0) continue;
    mat[f.side] += (f.rating * s.wounds[i]) / f.wounds;
    markers[f.side] += Math.min(3, s.shaken[i]) + s.cowered[i] + s.disarmed[i];
  }
  const brk = sc.sides.map((side) => outCount(s, side.index) / side.breakPoint);
  let objTotal = 0;
  for (const o of sc.objectives) objTotal += o.value;
  const pts = objectivePoints(s);
  const obj = objTotal > 0 ? (pts[0] - pts[1]) / objTotal : 0;
  let approach = 0;
  if (objTotal > 0) {
    for (const o of sc.objectives) {
      const near = [Infinity, Infinity];
      for (const f of sc.figures) {
        if (s.wounds[f.index] === 0) continue;
        const c = Math.sqrt((s.x[f.index] - o.centre.x) ** 2 + (s.y[f.index] - o.centre.y) ** 2) / sc.zoc;
        if (c < near[f.side]) near[f.side] = c;
      }
      const a = Math.min(near[0], 30);
      const b = Math.min(near[1], 30);
      approach += (o.value * (b - a)) / (a + b + 2);
    }
    approach /= objTotal;
  }
  const time = Math.min(1, (s.turn - 1) / sc.maxTurns);
  out[0] = 1;
  out[1] = (mat[0] - mat[1]) / Math.max(1, total / 2);
  out[2] = brk[1] - brk[0];
  out[3] = obj;
  out[4] = obj * time;
  out[5] = approach;
  out[6] = (markers[1] - markers[0]) / Math.max(1, sc.maxFigures);
  return out;
}

/**
 * The first side's winning chance as the kit's logistic evaluation of {@link features} (exactly 1,
 * 0 or ½ on a finished game), the second side's one minus it.
 */
export const EVALUATION = logisticEvaluation<EscScenario, EscState>({
  names: FEATURE_NAMES,
  defaultWeights: DEFAULT_WEIGHTS,
  sideIndex: () => 0,
  featuresInto: features,
  over: (s) => s.phase === PH_OVER,
});
