/**
 * The tournament analysis: a round robin among agents on a two-sided scenario, every pairing
 * played in both side orders on the same seeds. Fed one row at a time; memory is O(agents²) plus the
 * deals whose second game has not arrived yet (the runner hands out a deal's two games together).
 *
 * Counting: a game with a result (win, loss, draw — an agent's error counts as its loss) enters
 * the win rates and ratings; a game without a result (engine or worker error) is only counted as
 * an error. Scores are wins + ½ draws.
 */
import { join } from 'node:path';
import type { SideId } from '../core/model.js';
import { isNoResult, type GameRow } from '../runner/types.js';
import { signTest, wilson, type Rate } from '../stats/interval.js';
import { fitBradleyTerry, type BradleyTerryFit, type PairResults } from './bradley-terry.js';
import { ErrorLog, csv, mdTable, num, pValue, pctRate, runSection, type Analysis, type ReportSummary, type RunInfo } from './common.js';
import { writeAtomic } from '../core/files.js';
import { Sprt } from './sprt.js';
import { Histogram, Summary, round } from './summary.js';
import { dotWhiskerChart, groupedBarChart, histogramChart, type WhiskerRow } from './svg.js';

/** Results of agent i on the first side against agent j on the second. */
interface Cell {
  /** Games with a result. */
  games: number;
  firstWins: number;
  secondWins: number;
  draws: number;
  /** Games without a result. */
  noResult: number;
  /** Games lost by an agent's error (included in `games`). */
  forfeits: number;
}

/**
 * Seeds ("deals") of one pairing played in both side orders. With a strong side advantage most
 * deals are split (each agent wins on the strong side); the deals one agent won in both orders
 * are the ones that tell the agents apart.
 */
export interface PairedDeals {
  /** Agent A (the earlier in the agent list) and agent B. */
  a: string;
  b: string;
  /** Deals with a result in both orders. */
  deals: number;
  /**
   * A did better on the deal: won both games, or won one and drew the other (without draws: won
   * both, hence the names); B likewise.
   */
  aBoth: number;
  bBoth: number;
  /** Even deals: each won one, or both games drawn. */
  split: number;
  /** Exact two-sided sign test of aBoth against bBoth (see {@link signTest}). */
  p: number;
}

const rate = (r: Rate): { rate: number; low: number; high: number; wins: number; games: number } => ({
  rate: round(r.rate),
  low: round(r.low),
  high: round(r.high),
  wins: r.wins,
  games: r.games,
});

/** Streamed analysis of a tournament: folds each game row into per-pairing and per-side totals. */
export class TournamentAnalysis implements Analysis {
  private readonly cells: Cell[][];
  private readonly index = new Map<string, number>();
  private readonly turns = new Histogram(1);
  private readonly decisions = new Summary();
  private readonly errors = new ErrorLog();
  private readonly sprt: Sprt | null;
  private readonly sprtPending = new Map<number, number | null>();
  private sprtNext = 1;
  private rows = 0;
  /** Deals waiting for their second game: key "i/j/seed" (i < j) → A's score in the first one seen (null: no result). */
  private readonly dealPending = new Map<string, number | null>();
  /** Per pairing i < j (key "i/j"): [A won both, B won both, split]. */
  private readonly dealCounts = new Map<string, [number, number, number]>();

  /**
   * @param agents canonical specs, distinct, at least two
   * @param sides the scenario's two sides
   * @param sprt elo0, elo1 of an SPRT of agents[0] against agents[1] (two agents only), or null
   */
  constructor(
    readonly agents: readonly string[],
    readonly sides: readonly [SideId, SideId],
    sprt: readonly [number, number] | null,
  ) {
    agents.forEach((a, i) => this.index.set(a, i));
    this.cells = agents.map(() => agents.map(() => ({ games: 0, firstWins: 0, secondWins: 0, draws: 0, noResult: 0, forfeits: 0 })));
    this.sprt = sprt ? new Sprt(sprt[0], sprt[1]) : null;
  }

  add(row: GameRow): void {
    const [s0, s1] = this.sides;
    const i = this.index.get(row.agents[s0]);
    const j = this.index.get(row.agents[s1]);
    if (i === undefined || j === undefined) return;
    this.rows++;
    this.errors.add(row);
    const c = this.cells[i][j];
    const noResult = row.error !== undefined && isNoResult(row.error.kind);
    if (noResult) c.noResult++;
    else {
      c.games++;
      if (row.error) c.forfeits++;
      if (row.winner === s0) c.firstWins++;
      else if (row.winner === s1) c.secondWins++;
      else c.draws++;
      if (row.turns !== null) this.turns.add(row.turns);
      this.decisions.add(row.decisions);
    }
    if (this.sprt) this.feedSprt(row, noResult ? null : row.winner === null ? 0.5 : row.agents[row.winner] === this.agents[0] ? 1 : 0);
    this.feedDeal(i, j, row, noResult);
  }

  /** Pairs the two side orders of a seed (rows may come in any order). */
  private feedDeal(i: number, j: number, row: GameRow, noResult: boolean): void {
    if (i === j) return;
    const [a, b] = i < j ? [i, j] : [j, i];
    const key = `${a}/${b}/${row.seed}`;
    const aScore = noResult ? null : row.winner === null ? 0.5 : row.agents[row.winner] === this.agents[a] ? 1 : 0;
    if (!this.dealPending.has(key)) {
      this.dealPending.set(key, aScore);
      return;
    }
    const first = this.dealPending.get(key) as number | null;
    this.dealPending.delete(key);
    if (first === null || aScore === null) return;
    const pk = `${a}/${b}`;
    let c = this.dealCounts.get(pk);
    if (!c) this.dealCounts.set(pk, (c = [0, 0, 0]));
    // A's score over the deal's two games: above 1 (won both, or a win and a draw) A did better on
    // the deal, below 1 B did; exactly 1 (a win each, or two draws) the deal is even.
    const total = first + aScore;
    c[total > 1 ? 0 : total < 1 ? 1 : 2]++;
  }

  /** Paired-by-seed results of every pairing with at least one complete deal, in agent order. */
  pairedDeals(): PairedDeals[] {
    const out: PairedDeals[] = [];
    for (let i = 0; i < this.agents.length; i++) {
      for (let j = i + 1; j < this.agents.length; j++) {
        const c = this.dealCounts.get(`${i}/${j}`);
        if (!c) continue;
        out.push({
          a: this.agents[i],
          b: this.agents[j],
          deals: c[0] + c[1] + c[2],
          aBoth: c[0],
          bBoth: c[1],
          split: c[2],
          p: signTest(c[0], c[0] + c[1]),
        });
      }
    }
    return out;
  }

  /** SPRT games are counted in id order, a whole deal (both side orders) at a time. */
  private feedSprt(row: GameRow, score: number | null): void {
    const t = this.sprt as Sprt;
    this.sprtPending.set(row.id, score);
    while (this.sprtPending.has(this.sprtNext) && this.sprtPending.has(this.sprtNext + 1)) {
      const deal: number[] = [];
      for (const id of [this.sprtNext, this.sprtNext + 1]) {
        const s = this.sprtPending.get(id);
        this.sprtPending.delete(id);
        if (s !== null && s !== undefined) deal.push(s);
      }
      t.addDeal(deal);
      this.sprtNext += 2;
    }
  }

  /** True once the SPRT (if any) has reached a verdict: the runner hands out no more games. */
  shouldStop(): boolean {
    return this.sprt?.state.verdict != null;
  }

  /** Score of agent r against agent c over both side orders. */
  private score(r: number, c: number): { rate: Rate; draws: number; wins: number; losses: number } {
    const a = this.cells[r][c];
    const b = this.cells[c][r];
    const wins = a.firstWins + b.secondWins;
    const losses = a.secondWins + b.firstWins;
    const draws = a.draws + b.draws;
    return { rate: wilson(wins + draws / 2, a.games + b.games), wins, losses, draws };
  }

  /** Agent a's score on side 0 (first) or 1 (second), over all opponents. */
  private onSide(a: number, side: 0 | 1): Rate {
    let games = 0;
    let score = 0;
    for (let o = 0; o < this.agents.length; o++) {
      if (o === a) continue;
      const c = side === 0 ? this.cells[a][o] : this.cells[o][a];
      games += c.games;
      score += (side === 0 ? c.firstWins : c.secondWins) + c.draws / 2;
    }
    return wilson(score, games);
  }

  /** The fitted ratings (Bradley–Terry with side advantage). */
  ratings(): BradleyTerryFit {
    const pairs: PairResults[] = [];
    this.cells.forEach((row, i) =>
      row.forEach((c, j) => c.games > 0 && pairs.push({ first: i, second: j, games: c.games, score: c.firstWins + c.draws / 2 })),
    );
    return fitBradleyTerry(this.agents.length, pairs);
  }

  write(info: RunInfo): ReportSummary {
    const dir = info.dir;
    const [s0, s1] = this.sides;
    const n = this.agents.length;
    const fit = this.ratings();
    const order = [...this.agents.keys()].sort((a, b) => fit.ratings[b].elo - fit.ratings[a].elo || a - b);
    const overall = this.agents.map((_, a) => {
      let games = 0;
      let score = 0;
      for (let o = 0; o < n; o++) {
        if (o === a) continue;
        const s = this.score(a, o);
        games += s.rate.games;
        score += s.wins + s.draws / 2;
      }
      return wilson(score, games);
    });
    let side0 = 0;
    let side1 = 0;
    let draws = 0;
    let decided = 0;
    let noResult = 0;
    for (const row of this.cells) {
      for (const c of row) {
        side0 += c.firstWins;
        side1 += c.secondWins;
        draws += c.draws;
        decided += c.games;
        noResult += c.noResult;
      }
    }
    const sideRates = [wilson(side0 + draws / 2, decided), wilson(side1 + draws / 2, decided)];

    // Charts.
    const ratingRows: WhiskerRow[] = order.map((a) => ({
      label: this.agents[a],
      value: fit.ratings[a].elo,
      low: fit.ratings[a].low,
      high: fit.ratings[a].high,
    }));
    ratingRows.push({ label: `side advantage (${s0})`, value: fit.side.elo, low: fit.side.low, high: fit.side.high, secondary: true });
    writeAtomic(
      join(dir, 'ratings.svg'),
      dotWhiskerChart('Ratings (Bradley–Terry, Elo) with 95% intervals', ratingRows, 'Elo (mean of agents = 0)'),
    );
    writeAtomic(
      join(dir, 'winrate-by-side.svg'),
      groupedBarChart(
        'Score by side, with 95% Wilson intervals',
        [
          { label: 'all agents', bars: sideRates.map((r) => ({ value: r.rate, low: r.low, high: r.high })) },
          ...order.map((a) => ({
            label: this.agents[a],
            bars: [this.onSide(a, 0), this.onSide(a, 1)].map((r) => ({ value: r.rate, low: r.low, high: r.high })),
          })),
        ],
        [`as ${s0}`, `as ${s1}`],
        'score (wins + ½ draws)',
      ),
    );
    writeAtomic(join(dir, 'game-length.svg'), histogramChart('Game length', this.turns.bins(), 1, 'turns'));

    // Pairings: A's score overall, as the first side and as the second.
    const pairs: { a: string; b: string; s: ReturnType<TournamentAnalysis['score']>; asFirst: Rate; asSecond: Rate; errors: number }[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const a0 = this.cells[i][j];
        const a1 = this.cells[j][i];
        pairs.push({
          a: this.agents[i],
          b: this.agents[j],
          s: this.score(i, j),
          asFirst: wilson(a0.firstWins + a0.draws / 2, a0.games),
          asSecond: wilson(a1.secondWins + a1.draws / 2, a1.games),
          errors: a0.noResult + a1.noResult + a0.forfeits + a1.forfeits,
        });
      }
    }
    const pairJson = pairs.map((p) => ({
      a: p.a,
      b: p.b,
      games: p.s.rate.games,
      aWins: p.s.wins,
      draws: p.s.draws,
      bWins: p.s.losses,
      aScore: rate(p.s.rate),
      [`aAs_${s0}`]: rate(p.asFirst),
      [`aAs_${s1}`]: rate(p.asSecond),
      errors: p.errors,
    }));
    writeAtomic(
      join(dir, 'pairings.csv'),
      csv(
        [
          'agent_a',
          'agent_b',
          'games',
          'a_wins',
          'draws',
          'b_wins',
          'a_score',
          'a_low',
          'a_high',
          `a_as_${s0}`,
          `a_as_${s0}_low`,
          `a_as_${s0}_high`,
          `a_as_${s1}`,
          `a_as_${s1}_low`,
          `a_as_${s1}_high`,
          'errors',
        ],
        pairs.map((p) => [
          p.a,
          p.b,
          p.s.rate.games,
          p.s.wins,
          p.s.draws,
          p.s.losses,
          ...[p.s.rate, p.asFirst, p.asSecond].flatMap((r) => [round(r.rate), round(r.low), round(r.high)]),
          p.errors,
        ]),
      ),
    );
    writeAtomic(
      join(dir, 'ratings.csv'),
      csv(
        ['agent', 'elo', 'low', 'high', 'se', 'score', 'games'],
        [
          ...order.map((a) => [
            this.agents[a],
            round(fit.ratings[a].elo, 1),
            round(fit.ratings[a].low, 1),
            round(fit.ratings[a].high, 1),
            round(fit.ratings[a].se, 1),
            round(overall[a].rate),
            overall[a].games,
          ]),
          [
            `side advantage (${s0})`,
            round(fit.side.elo, 1),
            round(fit.side.low, 1),
            round(fit.side.high, 1),
            round(fit.side.se, 1),
            null,
            decided,
          ],
        ],
      ),
    );

    // report.md
    const md: string[] = [runSection(info, `Tournament — ${info.manifest.scenario.id}`)];
    md.push(
      `Agents: ${this.agents.map((a) => `\`${a}\``).join(', ')}. Every pairing plays each seed twice, once in each side order (\`${s0}\` first, \`${s1}\` second). Scores count wins + ½ draws; intervals are 95% (Wilson for rates).\n`,
    );
    md.push('## Ratings\n');
    md.push(
      `Bradley–Terry model with a side-advantage term, fit by maximum a posteriori (Newton, ml-matrix) under a weak Gaussian prior (σ = 500 Elo), on the Elo scale (mean of the agents = 0). ${fit.converged ? '' : '**The fit did not converge; treat the ratings with care.** '}\n`,
      'How to read it: a difference of D Elo between two agents means an expected score of 1 / (1 + 10^(−D/400)) for the higher one with the sides averaged (+100 ≈ 64%, +200 ≈ 76%, +400 ≈ 91%); a draw counts as half a win for each. Ratings are relative to this pool of agents on this scenario — they place the agents against each other, not on any outside scale. The 95% interval is the rating ± 1.96 standard errors of the fit (`se` in ratings.csv); two agents whose intervals overlap may still differ clearly — the paired deals below test a pairing directly.\n',
    );
    md.push(
      mdTable(
        ['rank', 'agent', 'Elo', '95% interval', 'score (all games)', 'games'],
        order.map((a, r) => [
          r + 1,
          `\`${this.agents[a]}\``,
          eloText(fit.ratings[a].elo),
          `${eloText(fit.ratings[a].low)} … ${eloText(fit.ratings[a].high)}`,
          pctRate(overall[a]),
          overall[a].games,
        ]),
        ['r', 'l', 'r', 'c', 'l', 'r'],
      ),
    );
    md.push(
      `\nSide advantage of \`${s0}\`: ${eloText(fit.side.elo)} Elo [${eloText(fit.side.low)} … ${eloText(fit.side.high)}] (positive: the ${s0} side wins more often than equally rated agents would).\n`,
    );
    md.push('![Ratings with 95% intervals](ratings.svg)\n');
    md.push('## Win matrix\n');
    md.push(
      'Score of the row agent against the column agent over both side orders, with its 95% Wilson interval and (wins–draws–losses).\n',
    );
    md.push(
      mdTable(
        ['', ...order.map((a) => `\`${this.agents[a]}\``)],
        order.map((r) => [
          `**\`${this.agents[r]}\`**`,
          ...order.map((c) => {
            if (r === c) return '—';
            const s = this.score(r, c);
            return s.rate.games
              ? `${num(s.rate.rate * 100, 0)}% [${num(s.rate.low * 100, 0)}–${num(s.rate.high * 100, 0)}] (${s.wins}–${s.draws}–${s.losses})`
              : '—';
          }),
        ]),
      ),
    );
    md.push('\n## Pairings by side\n');
    md.push(`Agent A's score against B overall, as \`${s0}\` and as \`${s1}\` (same seeds in both orders).\n`);
    md.push(
      mdTable(
        ['A', 'B', 'games', 'A score', `A as ${s0}`, `A as ${s1}`, 'errors'],
        pairs.map((p) => [
          `\`${p.a}\``,
          `\`${p.b}\``,
          p.s.rate.games,
          pctRate(p.s.rate),
          pctRate(p.asFirst),
          pctRate(p.asSecond),
          p.errors,
        ]),
        ['l', 'l', 'r', 'l', 'l', 'l', 'r'],
      ),
    );
    const deals = this.pairedDeals();
    if (deals.length > 0) {
      md.push('\n## Paired by seed\n');
      md.push(
        'Each seed is a deal played in both side orders. When one side usually wins, most deals are split and say little about the agents; the deals one agent did better on are the informative ones — it won both orders, or won one and drew the other (with no draws: the deals it won in both orders). The sign test gives the chance of a split between those at least this uneven if the agents were equally strong (exact, two-sided).\n',
      );
      md.push(
        mdTable(
          ['A', 'B', 'deals', 'A better (won both)', 'B better (won both)', 'even (split)', 'sign test p'],
          deals.map((d) => [`\`${d.a}\``, `\`${d.b}\``, d.deals, d.aBoth, d.bBoth, d.split, pValue(d.p)]),
          ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
        ),
      );
    }
    md.push('\n## Win rate by side\n');
    md.push(
      mdTable(
        ['side', 'score', 'wins', 'draws'],
        [
          [`\`${s0}\``, pctRate(sideRates[0]), side0, draws],
          [`\`${s1}\``, pctRate(sideRates[1]), side1, draws],
        ],
        ['l', 'l', 'r', 'r'],
      ),
    );
    md.push('\n![Score by side](winrate-by-side.svg)\n');
    md.push('## Game length\n');
    md.push(
      `Turns: mean ${num(this.turns.total ? this.turnsMean() : NaN)}, median ${this.turns.quantile(0.5) ?? '—'}, 10th–90th percentile ${this.turns.quantile(0.1) ?? '—'}–${this.turns.quantile(0.9) ?? '—'}; decisions per game: mean ${num(this.decisions.mean, 0)} (min ${this.decisions.n ? this.decisions.min : '—'}, max ${this.decisions.n ? this.decisions.max : '—'}).\n`,
    );
    md.push('![Game length histogram](game-length.svg)\n');
    if (this.sprt) {
      const s = this.sprt.state;
      md.push('## SPRT\n');
      md.push(
        `H0: \`${this.agents[0]}\` is ${s.elo0} Elo stronger than \`${this.agents[1]}\`; H1: ${s.elo1} Elo (α = β = ${s.alpha}). LLR ${num(s.llr, 2)} after ${s.games} games, bounds [${num(s.lower, 2)}, ${num(s.upper, 2)}]: ${s.verdict ? `**${s.verdict} accepted** after ${s.decidedAt} games (counted in game-id order, whole deals).` : 'no verdict yet.'}\n`,
      );
    }
    md.push(this.errors.markdown());
    md.push('## Files\n');
    md.push(
      "`games.jsonl` (one line per game), `report.json` (everything above as data), `pairings.csv`, `ratings.csv`, `ratings.svg`, `winrate-by-side.svg`, `game-length.svg`, `run.json` (the run's settings, for `--resume`).\n",
    );
    writeAtomic(join(dir, 'report.md'), md.join('\n'));

    const summary: ReportSummary = {
      kind: 'tournament',
      scenario: info.manifest.scenario.id,
      out: dir,
      report: join(dir, 'report.md'),
      games: info.rows,
      total: info.manifest.games,
      ended: info.ended,
      errors: this.errors.total,
      ratings: order.map((a) => ({
        agent: this.agents[a],
        elo: round(fit.ratings[a].elo, 1),
        low: round(fit.ratings[a].low, 1),
        high: round(fit.ratings[a].high, 1),
      })),
      sideAdvantage: { side: s0, elo: round(fit.side.elo, 1), low: round(fit.side.low, 1), high: round(fit.side.high, 1) },
      sprt: this.sprt ? { ...this.sprt.state } : null,
    };
    const report = {
      ...summary,
      run: {
        manifest: info.manifest,
        workers: info.workers,
        sessionGames: info.sessionGames,
        sessionSeconds: round(info.sessionSeconds, 2),
        retried: info.retried,
        ...(info.failures ? { failures: info.failures } : {}),
      },
      agents: this.agents,
      sides: this.sides,
      winMatrix: this.agents.map((_, r) =>
        this.agents.map((__, c) => (r === c ? null : { ...rate(this.score(r, c).rate), draws: this.score(r, c).draws })),
      ),
      pairings: pairJson,
      pairedDeals: deals.map((d) => ({ ...d, p: round(d.p, 4) })),
      bySide: { [s0]: rate(sideRates[0]), [s1]: rate(sideRates[1]), draws, noResult },
      agentBySide: this.agents.map((a, i) => ({ agent: a, [s0]: rate(this.onSide(i, 0)), [s1]: rate(this.onSide(i, 1)) })),
      fit: {
        iterations: fit.iterations,
        converged: fit.converged,
        ratings: this.agents.map((a, i) => ({ agent: a, ...fit.ratings[i] })),
        side: fit.side,
      },
      turns: {
        histogram: this.turns.bins(),
        median: this.turns.quantile(0.5),
        p10: this.turns.quantile(0.1),
        p90: this.turns.quantile(0.9),
      },
      decisions: this.decisions.toJson(),
      errorsByKind: this.errors.byKind,
      errorExamples: this.errors.rows(),
    };
    writeAtomic(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    return summary;
  }

  private turnsMean(): number {
    let s = 0;
    for (const b of this.turns.bins()) s += b.x * b.count;
    return s / this.turns.total;
  }
}

/**
 * An Elo value as shown in report.md and on the console: the summary's value (rounded to 0.1, as
 * report.json and `--json` give it) rounded to a whole number. Both places use this one function on
 * the same 0.1-rounded number, so they never differ by one (217.46 → 217.5 → "218" everywhere).
 */
export function eloText(elo: number): string {
  if (!Number.isFinite(elo)) return '—';
  // Halves round away from zero, so a pairing shows +218 and -218, not +218 and -217.
  const half = (x: number): number => Math.sign(x) * Math.round(Math.abs(x));
  const tenth = half(elo * 10) / 10;
  return String(half(tenth) + 0); // + 0 turns -0 into 0
}
