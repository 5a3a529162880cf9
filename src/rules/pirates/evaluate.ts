/**
 * The Pirates! evaluation: a logistic model over a few features of the state, giving the raiders'
 * chance of winning (the defenders get one minus it). The default weights are hand-set; `fit-eval`
 * fits them to recorded games (see docs/ARCHITECTURE.md §Evaluation).
 */
import { ACTIVE, PH_OVER, type PiratesState } from './state.js';
import type { PiratesScenario } from './compile.js';
import { logisticEvaluation } from '../../core/table/ruleset.js';

/** Feature names, in the order of {@link features} and of a weights vector. */
export const FEATURE_NAMES = [
  'bias',
  'landed', // booty loads landed / loads needed
  'carrying', // Σ over carriers of (1 + progress home) / 2, / loads needed
  'approach', // Σ progress toward the objective of the best-placed free raiders / loads needed
  'raiders', // active raiders / raiders at the start
  'defenders', // active defenders / defenders at the start
  'time', // turns gone / turn limit
  'pressure', // time × (1 − landed)
  'guard', // active defenders within 10 in of the objective / defenders at the start
  'watch', // active defenders with missile weapons / such defenders at the start
  'threatened', // carriers with an active defender within 6 in / loads needed
] as const;

/**
 * Default weights: fitted with `fit-eval` to 300 heuristic-vs-heuristic Supply Raid games
 * (seeds 100000–100299; held-out log-loss 0.88 with the first hand-set weights → 0.50, accuracy
 * 54% → 75%). Refit with `npx tsx bench/selfplay.ts … && npx tsx src/cli.ts fit-eval …`.
 */
export const DEFAULT_WEIGHTS: readonly number[] = [
  -3.6069, 3.3744, 3.6649, 0.9544, 5.1103, -1.4215, -0.1444, -2.8094, -0.6484, -0.6145, -0.9025,
];

/** Scratch of {@link features}: the free raiders' progress, best first. */
let APPROACH = new Float64Array(16);

/** The feature vector of a state (raiders' point of view). */
export function features(s: PiratesState, out: number[] = new Array(FEATURE_NAMES.length)): number[] {
  const sc = s.sc;
  const r = sc.raiders;
  const need = sc.bootyToWin;
  const span = Math.max(1, sc.home.field.approx(sc.objective.target.x, sc.objective.target.y));
  let carrying = 0;
  let raiders = 0;
  // Progress of the free raiders, kept sorted best first as found (scratch: no array per call).
  const figs = sc.sides[r].figures;
  if (APPROACH.length < figs.length) APPROACH = new Float64Array(figs.length);
  const approach = APPROACH;
  let nAppr = 0;
  for (const f of figs) {
    if (s.status[f] !== ACTIVE) continue;
    raiders++;
    if (s.booty[f]) {
      const d = sc.home.field.approx(s.x[f], s.y[f]);
      carrying += (2 - Math.min(1, d / span)) / 2;
    } else {
      const d = sc.objective.field.approx(s.x[f], s.y[f]);
      const v = 1 - Math.min(1, d / span);
      let i = nAppr++;
      while (i > 0 && approach[i - 1] < v) {
        approach[i] = approach[i - 1];
        i--;
      }
      approach[i] = v;
    }
  }
  let appr = 0;
  for (let i = 0; i < Math.min(nAppr, Math.max(0, need - s.landed)); i++) appr += approach[i];
  let defenders = 0;
  let guard = 0;
  let watch = 0;
  let watch0 = 0;
  for (const f of sc.sides[1 - r].figures) {
    const shooter = sc.figures[f].weapon.ranges.length > 0;
    if (shooter) watch0++;
    if (s.status[f] !== ACTIVE) continue;
    defenders++;
    if (shooter) watch++;
    if (sc.objective.field.approx(s.x[f], s.y[f]) <= 10) guard++;
  }
  let threatened = 0;
  for (const f of sc.sides[r].figures) {
    if (s.status[f] !== ACTIVE || !s.booty[f]) continue;
    for (const g of sc.sides[1 - r].figures) {
      if (
        s.status[g] === ACTIVE &&
        Math.abs(s.x[g] - s.x[f]) <= 6 &&
        Math.abs(s.y[g] - s.y[f]) <= 6 &&
        (s.x[g] - s.x[f]) ** 2 + (s.y[g] - s.y[f]) ** 2 <= 36
      ) {
        threatened++;
        break;
      }
    }
  }
  const nDef = sc.sides[1 - r].figures.length;
  const landed = Math.min(1, s.landed / need);
  const time = Math.min(1, (s.turn - 1) / sc.maxTurns);
  out[0] = 1;
  out[1] = landed;
  out[2] = carrying / need;
  out[3] = appr / need;
  out[4] = raiders / sc.sides[r].figures.length;
  out[5] = defenders / nDef;
  out[6] = time;
  out[7] = time * (1 - landed);
  out[8] = guard / nDef;
  out[9] = watch0 ? watch / watch0 : 0;
  out[10] = threatened / need;
  return out;
}

/**
 * The raiders' winning chance as the kit's logistic evaluation of {@link features} (exactly 1, 0
 * or ½ on a finished game), the defenders' one minus it.
 */
export const EVALUATION = logisticEvaluation<PiratesScenario, PiratesState>({
  names: FEATURE_NAMES,
  defaultWeights: DEFAULT_WEIGHTS,
  sideIndex: (sc) => sc.raiders,
  featuresInto: features,
  over: (s) => s.phase === PH_OVER,
});
