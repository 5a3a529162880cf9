/**
 * The State of War evaluation: a logistic model over a few features of the state, giving the
 * raiders' (the objective side's) chance of winning; the defenders get one minus it. Default
 * weights are hand-set (not fitted); `fit-eval` can fit them to recorded games.
 */
import { dist as geoDist } from '../../core/geometry.js';
import { atObjective } from './options.js';
import { ACTIVE, PH_OVER, type SowState } from './state.js';
import type { SowScenario } from './compile.js';
import { logisticEvaluation } from '../../core/table/ruleset.js';
import { ROUTED } from './tables.js';
/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** Feature names, in the order of {@link features} and of a weights vector. */
export const FEATURE_NAMES = [
  'bias',
  'burn', // actions spent firing the objective / actions needed
  'approach', // mean progress toward the objective of the three best-placed raiders (0 at 110 cm, 1 there)
  'raiders', // raiders still fighting (active, not routed) / raiders at the start
  'defenders', // defenders active / defenders at the start
  'time', // turns gone / turn limit
  'pressure', // time × (1 − burn)
  'atObjective', // raiders in contact with the objective / 3
  'guard', // active defenders within 20 cm of the objective / defenders at the start
] as const;

/** Default weights (hand-set). */
export const DEFAULT_WEIGHTS: readonly number[] = [-1.2, 5, 2.5, 2.5, -2.5, -0.5, -2.5, 1.2, -1];

const SPAN = 110;

/** The feature vector of a state (raiders' point of view). */
export function features(s: SowState, out: number[] = new Array<number>(FEATURE_NAMES.length)): number[] {
  const sc = s.sc;
  const r = sc.objective.side;
  // The three greatest progresses, greatest first (the first three of the list sorted down, kept
  // as they come: no list, no sort).
  let p0 = -Infinity;
  let p1 = -Infinity;
  let p2 = -Infinity;
  let raiders = 0;
  let at = 0;
  for (const f of sc.sides[r].figures) {
    if (s.status[f] !== ON || s.morale[s.unitOf[f]] === ROUTED) continue;
    raiders++;
    const d = sc.objective.field.approx(s.x[f], s.y[f]);
    const v = 1 - Math.min(1, (Number.isFinite(d) ? d : SPAN) / SPAN);
    if (v > p0) {
      p2 = p1;
      p1 = p0;
      p0 = v;
    } else if (v > p1) {
      p2 = p1;
      p1 = v;
    } else if (v > p2) p2 = v;
    if (atObjective(s, f)) at++;
  }
  let appr = 0;
  if (raiders > 0) appr += p0;
  if (raiders > 1) appr += p1;
  if (raiders > 2) appr += p2;
  let defenders = 0;
  let guard = 0;
  const o = sc.objective.spots[0];
  for (const f of sc.sides[1 - r].figures) {
    if (s.status[f] !== ON) continue;
    defenders++;
    if (dist(s.x[f], s.y[f], o.x, o.y) <= 20) guard++;
  }
  const burn = Math.min(1, s.burn / sc.objective.fireActions);
  const time = Math.min(1, (s.turn - 1) / sc.maxTurns);
  out[0] = 1;
  out[1] = burn;
  out[2] = appr / 3;
  out[3] = raiders / sc.sides[r].figures.length;
  out[4] = defenders / sc.sides[1 - r].figures.length;
  out[5] = time;
  out[6] = time * (1 - burn);
  out[7] = Math.min(3, at) / 3;
  out[8] = guard / sc.sides[1 - r].figures.length;
  return out;
}

/**
 * The raiders' (the objective side's) winning chance as the kit's logistic evaluation of
 * {@link features} (exactly 1, 0 or 0.5 on a finished game), the defenders' one minus it.
 */
export const EVALUATION = logisticEvaluation<SowScenario, SowState>({
  names: FEATURE_NAMES,
  defaultWeights: DEFAULT_WEIGHTS,
  sideIndex: (sc) => sc.objective.side,
  featuresInto: features,
  over: (s) => s.phase === PH_OVER,
});
