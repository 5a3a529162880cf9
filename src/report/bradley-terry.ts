/**
 * Bradley–Terry ratings with a side-advantage term, fit with ml-matrix, shown on an Elo scale.
 *
 * Model: when agent i plays the first side against agent j on the second,
 *   P(i wins) = σ(θᵢ − θⱼ + h),   σ(x) = 1 / (1 + e^(−x)),
 * where h is the first side's advantage. A draw counts as half a win for each. The fit is the
 * maximum a posteriori estimate under a weak Gaussian prior (σ = 500 Elo on each θ and on h), by
 * Newton's method; the prior keeps ratings finite when an agent wins or loses every game and
 * pins the rating scale's origin. Intervals are ±1.96 standard errors from the inverse of the
 * (penalised) observed information. Reported ratings are centred (mean 0) — their covariance is
 * carried through the centring — and converted to Elo: Elo = θ · 400 / ln 10.
 */
import { Matrix, inverse } from 'ml-matrix';

/** Games between one ordered pair: `first` played the first side, `second` the second. */
export interface PairResults {
  first: number;
  second: number;
  /** Games with a result (wins, losses and draws). */
  games: number;
  /** The first-side agent's score: wins + draws / 2. */
  score: number;
}

/** A rating with its 95% interval, in Elo. */
export interface EloEstimate {
  elo: number;
  low: number;
  high: number;
  /** Standard error, Elo. */
  se: number;
}

/** The fit. */
export interface BradleyTerryFit {
  /** One per agent, in input order; centred so they average 0. */
  ratings: EloEstimate[];
  /** The first side's advantage (positive: the first side wins more often than equal agents would). */
  side: EloEstimate;
  iterations: number;
  converged: boolean;
}

/** Elo points per logit. */
export const ELO_PER_LOGIT = 400 / Math.LN10;
/** Prior standard deviation of each parameter, in Elo. */
export const PRIOR_SD_ELO = 500;

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Fit ratings for `n` agents from per-ordered-pair results. Precondition: agent indices in
 * [0, n), 0 ≤ score ≤ games. With no games at all every rating is 0 with the prior's interval.
 */
export function fitBradleyTerry(n: number, pairs: readonly PairResults[], maxIterations = 100): BradleyTerryFit {
  const k = n + 1; // θ₀ … θₙ₋₁, h
  const lambda = 1 / (PRIOR_SD_ELO / ELO_PER_LOGIT) ** 2;
  let beta = new Array<number>(k).fill(0);
  let info = Matrix.eye(k, k).mul(lambda);
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    const grad = beta.map((b) => -lambda * b);
    info = Matrix.eye(k, k).mul(lambda);
    for (const p of pairs) {
      if (p.games <= 0) continue;
      const i = p.first;
      const j = p.second;
      const prob = sigmoid(beta[i] - beta[j] + beta[n]);
      const r = p.score - p.games * prob;
      grad[i] += r;
      grad[j] -= r;
      grad[n] += r;
      const w = p.games * prob * (1 - prob);
      const x = new Array<number>(k).fill(0);
      x[i] += 1;
      x[j] -= 1;
      x[n] += 1;
      for (let a = 0; a < k; a++) {
        if (x[a] === 0) continue;
        for (let b = 0; b < k; b++) if (x[b] !== 0) info.set(a, b, info.get(a, b) + w * x[a] * x[b]);
      }
    }
    const step = inverse(info).mmul(Matrix.columnVector(grad)).to1DArray();
    beta = beta.map((b, idx) => b + step[idx]);
    if (Math.max(...step.map(Math.abs)) < 1e-10) {
      converged = true;
      iterations++;
      break;
    }
  }
  // Covariance at the optimum, then centre the θs: c = C θ with C = I − 11ᵀ/n (h unchanged).
  const cov = inverse(info);
  const centre = Matrix.eye(k, k);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) centre.set(a, b, (a === b ? 1 : 0) - 1 / n);
  const covC = centre.mmul(cov).mmul(centre.transpose());
  const mean = beta.slice(0, n).reduce((s, x) => s + x, 0) / Math.max(1, n);
  const est = (value: number, variance: number): EloEstimate => {
    const se = Math.sqrt(Math.max(0, variance)) * ELO_PER_LOGIT;
    const elo = value * ELO_PER_LOGIT;
    return { elo, low: elo - 1.96 * se, high: elo + 1.96 * se, se };
  };
  return {
    ratings: beta.slice(0, n).map((b, a) => est(b - mean, covC.get(a, a))),
    side: est(beta[n], covC.get(n, n)),
    iterations,
    converged,
  };
}

/** The expected score of a player `elo` points stronger than its opponent. */
export function eloToScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}
