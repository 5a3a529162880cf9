/**
 * Policy-level search for `mcts:portfolio=<rounds>`: which of the ruleset's scripts (its main
 * scripted policy and the `policy.variants` that decide differently for this side) should the
 * tree search follow from here? A portfolio search in the manner of Churchill and Buro's
 * portfolio greedy search (2013), written from that idea: before each decision it plays `rounds`
 * rounds of whole games out from the current state, one playout per script in a round, all of a
 * round on the same dice (a paired comparison), this side playing the script under test and every
 * other side the main script, to the end of the game (no evaluation, no horizon).
 *
 * A decision in a raid is worth about a hundredth of a game (docs/agents.md), far below what a
 * few hundred short rollouts can tell apart, but a script is a policy over all of a side's
 * decisions: the difference between two of them shows in whole games. The statistics carry over
 * from decision to decision of the side, each decision's discounted by {@link DISCOUNT} (the
 * position changes as the game goes on; a half-life of about 70 of the side's decisions, some three
 * turns of a raid). A variant is followed when its mean paired advantage over the main script is
 * more than {@link MARGIN} standard errors above zero and above every other variant's; otherwise the
 * main script. The choice changes the policy the tree search is given for this side — its root
 * prior, its rollouts, and the scripted choice the keep-the-script guard falls back to — and
 * nothing else.
 *
 * Deterministic: playouts take their dice from seeds the agent draws from its own stream; no clock.
 */
import type { AnyRuleset, Json } from '../../src/core/model.js';
import { FastRng } from '../../src/core/rng.js';
import { argmax, rolloutPolicy, type ScriptedPolicy } from '../heuristic/index.js';

/**
 * Discount applied to the statistics at each decision of the side (before its own rounds are added).
 * Chosen before any measurement: a half-life of ln 2 / −ln 0.99 ≈ 69 decisions.
 */
export const DISCOUNT = 0.99;

/** Standard errors by which a variant's paired advantage must exceed zero to be followed (as the search's `confidence` default). */
export const MARGIN = 1;

/** Rounds (discounted) a variant needs before it can be followed. */
export const MIN_ROUNDS = 4;

/** Decisions a playout may take before it is scored as a draw (a guard against a ruleset that never ends; none of ours comes near). */
const PLAYOUT_CAP = 200_000;

/** One script of the portfolio. */
interface Arm {
  /** `script` for the main scripted policy, else the variant's name. */
  name: string;
  /** Scores used by this side in the playouts of this arm (every other side plays the main script). */
  play: ScriptedPolicy;
  /** Discounted sum of (this arm's result − the main script's result) over paired rounds. */
  diff: number;
  /** Discounted sum of the squares of those differences. */
  diff2: number;
}

/** What the portfolio follows now, and why (for the agent's explanation). */
export interface PortfolioChoice {
  /** Name of the script to follow: `script` or a variant's name. */
  name: string;
  /** Discounted rounds behind the figures. */
  rounds: number;
  /** Mean paired advantage of each arm over the main script (the main script's own is 0), by name. */
  advantage: Record<string, number>;
  /** Its standard error, by name. */
  se: Record<string, number>;
}

/**
 * The portfolio of one side of one game. Preconditions: the ruleset has a scripted policy; `side`
 * is the side this agent plays. {@link Portfolio.active} is false when no variant decides
 * differently for this side in this scenario — then {@link Portfolio.choose} costs nothing and
 * always names the main script.
 */
export class Portfolio {
  private readonly arms: Arm[];
  private rounds = 0;
  private readonly base: ScriptedPolicy;

  /**
   * @param rounds paired rounds of playouts per decision (each round: one whole-game playout per script)
   * @param scenario the compiled scenario (for the variants' `sides`)
   */
  constructor(
    private readonly r: AnyRuleset,
    private readonly side: string,
    scenario: unknown,
    private readonly roundsPerDecision: number,
  ) {
    const base = rolloutPolicy(r);
    if (!base) throw new Error(`ruleset ${r.id} has no scripted policy: a portfolio needs one`);
    this.base = base;
    this.arms = [{ name: 'script', play: base, diff: 0, diff2: 0 }];
    for (const v of r.policy?.variants ?? []) {
      if (!v.sides(scenario).includes(side)) continue;
      this.arms.push({ name: v.name, play: (st, legal) => v.scores(st, legal), diff: 0, diff2: 0 });
    }
  }

  /** What it has learnt (rounds and each variant's sums), as JSON for {@link restore} (play's undo). */
  memory(): Json {
    return { rounds: this.rounds, arms: this.arms.slice(1).map((a) => ({ name: a.name, diff: a.diff, diff2: a.diff2 })) };
  }

  /** Put back what {@link memory} returned for the same ruleset, side and scenario (throws on anything else). */
  restore(m: Json): void {
    const bad = (): never => {
      throw new Error(
        'portfolio memory does not fit this agent: expected { rounds, arms: [{ name, diff, diff2 }] } with its variants in order',
      );
    };
    if (m === null || typeof m !== 'object' || Array.isArray(m)) return bad();
    const rounds = m.rounds;
    const arms = m.arms;
    if (
      typeof rounds !== 'number' ||
      !Number.isFinite(rounds) ||
      rounds < 0 ||
      !Array.isArray(arms) ||
      arms.length !== this.arms.length - 1
    )
      return bad();
    const vals = arms.map((x, i) => {
      if (x === null || typeof x !== 'object' || Array.isArray(x) || x.name !== this.arms[i + 1].name) return bad();
      const { diff, diff2 } = x;
      if (typeof diff !== 'number' || typeof diff2 !== 'number' || !Number.isFinite(diff) || !Number.isFinite(diff2)) return bad();
      return { diff, diff2 };
    });
    this.rounds = rounds;
    vals.forEach((v, i) => {
      this.arms[i + 1].diff = v.diff;
      this.arms[i + 1].diff2 = v.diff2;
    });
  }

  /** True when some variant decides differently for this side (otherwise there is nothing to choose). */
  get active(): boolean {
    return this.arms.length > 1;
  }

  /**
   * Play this decision's rounds from `state` (read only; played on clones) with dice from `seed`,
   * then say which script to follow.
   */
  choose(state: unknown, seed: number): PortfolioChoice {
    if (!this.active) return { name: 'script', rounds: 0, advantage: {}, se: {} };
    for (const a of this.arms) {
      a.diff *= DISCOUNT;
      a.diff2 *= DISCOUNT;
    }
    this.rounds *= DISCOUNT;
    const seeds = new FastRng(seed);
    const results = new Array<number>(this.arms.length);
    for (let k = 0; k < this.roundsPerDecision; k++) {
      const dice = Math.floor(seeds.next() * 4294967296);
      for (let i = 0; i < this.arms.length; i++) results[i] = this.playout(state, this.arms[i].play, dice);
      for (let i = 1; i < this.arms.length; i++) {
        const d = results[i] - results[0];
        this.arms[i].diff += d;
        this.arms[i].diff2 += d * d;
      }
      this.rounds += 1;
    }
    const advantage: Record<string, number> = { script: 0 };
    const se: Record<string, number> = { script: 0 };
    let best = 'script';
    let bestMean = 0;
    for (let i = 1; i < this.arms.length; i++) {
      const a = this.arms[i];
      const n = this.rounds;
      const mean = n > 0 ? a.diff / n : 0;
      const variance = n > 1 ? Math.max(0, a.diff2 / n - mean * mean) : 0;
      const err = n > 1 ? Math.sqrt(variance / n) : Infinity;
      advantage[a.name] = mean;
      se[a.name] = err;
      if (n >= MIN_ROUNDS && mean > MARGIN * err && mean > bestMean) {
        best = a.name;
        bestMean = mean;
      }
    }
    return { name: best, rounds: this.rounds, advantage, se };
  }

  /** This side's result of one whole game played from `state` on `dice`: 1 won, ½ drawn or cut off, 0 lost. */
  private playout(state: unknown, mine: ScriptedPolicy, dice: number): number {
    const r = this.r;
    const s = r.clone(state);
    const ctx = { rng: new FastRng(dice) };
    // The action is an element of the list just made for this very state: no need to check it again.
    const applyLegal = r.applyLegal;
    for (let n = 0; !r.isTerminal(s); n++) {
      if (n >= PLAYOUT_CAP) return 0.5;
      const legal = r.legalActions(s);
      const a = legal.length === 1 ? legal[0] : legal[argmax((r.currentSide(s) === this.side ? mine : this.base)(s, legal))];
      if (applyLegal) applyLegal.call(r, s, a, ctx);
      else r.apply(s, a, ctx);
    }
    const o = r.outcome(s);
    return !o || o.winner === null ? 0.5 : o.winner === this.side ? 1 : 0;
  }
}
