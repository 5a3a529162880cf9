/**
 * Sequential probability ratio test between two agents (`--sprt elo0,elo1`): H0 "A is elo0 Elo
 * stronger than B" against H1 "A is elo1 Elo stronger", with α = β = 0.05.
 *
 * Each game's score x for A (1 win, ½ draw, 0 loss) adds
 *   x · ln(s1/s0) + (1 − x) · ln((1 − s1)/(1 − s0)),   s = 1 / (1 + 10^(−elo/400)),
 * to the log-likelihood ratio (the Bernoulli SPRT; a draw counts as half a win and half a loss).
 * The test stops when the LLR leaves (ln(β/(1−α)), ln((1−β)/α)) ≈ (−2.94, 2.94): below accepts
 * H0, above accepts H1. The runner feeds games in id order, whole deals (both side orders) at a
 * time, so the verdict does not depend on the worker count.
 */
import { eloToScore } from './bradley-terry.js';

/** The state of a test. */
export interface SprtState {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  llr: number;
  lower: number;
  upper: number;
  /** Games counted. */
  games: number;
  /** `H0`, `H1`, or null while undecided. */
  verdict: 'H0' | 'H1' | null;
  /** Games counted when the verdict was reached. */
  decidedAt: number | null;
}

/** A sequential probability ratio test between two Elo hypotheses (α = β = 0.05). */
export class Sprt {
  private readonly winW: number;
  private readonly lossW: number;
  readonly state: SprtState;

  /** Precondition: elo0 < elo1; 0 < alpha, beta < 0.5. */
  constructor(elo0: number, elo1: number, alpha = 0.05, beta = 0.05) {
    const s0 = eloToScore(elo0);
    const s1 = eloToScore(elo1);
    this.winW = Math.log(s1 / s0);
    this.lossW = Math.log((1 - s1) / (1 - s0));
    this.state = {
      elo0,
      elo1,
      alpha,
      beta,
      llr: 0,
      lower: Math.log(beta / (1 - alpha)),
      upper: Math.log((1 - beta) / alpha),
      games: 0,
      verdict: null,
      decidedAt: null,
    };
  }

  /** Count one game with A's score x ∈ {0, ½, 1}. Once decided, further games are ignored. */
  add(x: number): void {
    this.addDeal([x]);
  }

  /**
   * Count the games of one deal (A's scores, each in {0, ½, 1}) and only then test the bounds, so a
   * verdict falls on a whole deal (`decidedAt` counts whole deals' games). Once decided, ignored.
   */
  addDeal(xs: readonly number[]): void {
    const s = this.state;
    if (s.verdict) return;
    for (const x of xs) {
      s.games++;
      s.llr += x * this.winW + (1 - x) * this.lossW;
    }
    if (s.llr >= s.upper) s.verdict = 'H1';
    else if (s.llr <= s.lower) s.verdict = 'H0';
    if (s.verdict) s.decidedAt = s.games;
  }
}
