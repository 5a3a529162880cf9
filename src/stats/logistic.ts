/**
 * Logistic regression fitted by iteratively reweighted least squares (IRLS: each Newton step is
 * a weighted least-squares solve, done with ml-matrix), with a small L2 penalty for stability.
 */
import { Matrix, solve } from 'ml-matrix';

/** A fitted model and how well it fits. */
export interface LogisticFit {
  weights: number[];
  /** Mean log-loss on the data it was fitted to. */
  logLoss: number;
  iterations: number;
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Mean log-loss and accuracy of weights `w` on rows `x` with labels `y` in [0, 1]. */
export function logisticScore(x: readonly number[][], y: readonly number[], w: readonly number[]): { logLoss: number; accuracy: number } {
  let loss = 0;
  let right = 0;
  for (let i = 0; i < x.length; i++) {
    let z = 0;
    for (let j = 0; j < w.length; j++) z += x[i][j] * w[j];
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(z)));
    loss -= y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
    if ((p >= 0.5 ? 1 : 0) === (y[i] >= 0.5 ? 1 : 0)) right++;
  }
  return { logLoss: loss / Math.max(1, x.length), accuracy: right / Math.max(1, x.length) };
}

/**
 * Fit P(y = 1 | x) = σ(w · x). Rows of `x` must include any bias column. `lambda` is the L2
 * penalty (not applied to column 0, taken to be the bias). Starts from `start` (e.g. the current
 * weights). Precondition: x.length = y.length ≥ 1, every row the same length.
 */
export function fitLogistic(
  x: readonly number[][],
  y: readonly number[],
  start: readonly number[],
  lambda = 1e-3,
  maxIter = 50,
): LogisticFit {
  const n = x.length;
  const d = start.length;
  const X = new Matrix(x.map((r) => [...r]));
  let w = Matrix.columnVector([...start]);
  let it = 0;
  for (; it < maxIter; it++) {
    const z = X.mmul(w);
    const p = z.to1DArray().map(sigmoid);
    // Gradient g = Xᵀ(y − p) − λw ; Hessian H = XᵀWX + λI, W = diag(p(1 − p)).
    const r = Matrix.columnVector(p.map((pi, i) => y[i] - pi));
    const g = X.transpose().mmul(r);
    const Xw = X.clone();
    for (let i = 0; i < n; i++) {
      const wi = Math.max(1e-9, p[i] * (1 - p[i]));
      for (let j = 0; j < d; j++) Xw.set(i, j, X.get(i, j) * wi);
    }
    const H = X.transpose().mmul(Xw);
    for (let j = 0; j < d; j++) {
      if (j > 0) {
        H.set(j, j, H.get(j, j) + lambda * n);
        g.set(j, 0, g.get(j, 0) - lambda * n * w.get(j, 0));
      } else H.set(j, j, H.get(j, j) + 1e-9);
    }
    const step = solve(H, g);
    w = w.add(step);
    if (step.norm() < 1e-8) break;
  }
  const weights = w.to1DArray();
  return { weights, logLoss: logisticScore(x, y, weights).logLoss, iterations: it + 1 };
}
