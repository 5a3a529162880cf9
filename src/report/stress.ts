/**
 * The stress analysis: many games of one scenario with fixed agents. Fed one row at a time;
 * memory is O(statistic keys + histogram bins), never O(games).
 *
 * Counting: as in the tournament report — an agent's error is its side's loss, an engine or worker
 * error is no result. Statistics (objectives, casualties, rule paths) and balance measures come
 * from games that ended normally.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SideId } from '../core/model.js';
import { isNoResult, type GameRow } from '../runner/types.js';
import { signTest, wilson, type Rate } from '../stats/interval.js';
import { ErrorLog, csv, mdTable, num, pValue, pctRate, runSection, type Analysis, type ReportSummary, type RunInfo } from './common.js';
import { writeAtomic } from '../core/files.js';
import { Histogram, Summary, round } from './summary.js';
import { groupedBarChart, histogramChart } from './svg.js';
import { FallsMap } from './falls.js';

const rate = (r: Rate): { rate: number; low: number; high: number; wins: number; games: number } => ({
  rate: round(r.rate),
  low: round(r.low),
  high: round(r.high),
  wins: r.wins,
  games: r.games,
});

/** Streamed analysis of a stress run: folds each game row into totals (never keeps the games). */
export class StressAnalysis implements Analysis {
  private readonly wins = new Map<SideId, number>();
  private draws = 0;
  private results = 0;
  private noResult = 0;
  private rows = 0;
  private readonly turns = new Histogram(1);
  private readonly decisions = new Summary();
  private readonly stats = new Map<string, Summary>();
  private readonly drama = new Summary();
  private readonly decisiveness = new Summary();
  private readonly leadChanges = new Summary();
  private violations = 0;
  private violationGames = 0;
  private readonly violationExamples: { id: number; seed: number; violations: string[]; record?: string }[] = [];
  private readonly errors = new ErrorLog();
  /** Where figures fell, over the games that carry their falls. */
  private readonly falls: FallsMap;
  /** Games that ended without an error, by {@link endingOf} their reason: count and winners (side id, or `draw`). */
  private readonly endings = new Map<string, { games: number; winners: Map<string, number> }>();

  /**
   * @param sides the scenario's sides, in order
   * @param agents each side's agent spec
   */
  constructor(
    readonly sides: readonly SideId[],
    readonly agents: Readonly<Record<SideId, string>>,
  ) {
    for (const s of sides) this.wins.set(s, 0);
    this.falls = new FallsMap(sides);
  }

  add(row: GameRow): void {
    this.rows++;
    this.errors.add(row);
    if (row.violations) {
      this.violations += row.violations;
      this.violationGames++;
      this.violationExamples.push({
        id: row.id,
        seed: row.seed,
        violations: row.violationList ?? [],
        ...(row.record !== undefined ? { record: row.record } : {}),
      });
      this.violationExamples.sort((a, b) => a.id - b.id);
      if (this.violationExamples.length > 10) this.violationExamples.pop();
    }
    if (row.error && isNoResult(row.error.kind)) {
      this.noResult++;
      return;
    }
    this.results++;
    if (row.winner === null) this.draws++;
    else this.wins.set(row.winner, (this.wins.get(row.winner) ?? 0) + 1);
    if (row.error) return;
    const ending = endingOf(row.reason, this.endings);
    let e = this.endings.get(ending);
    if (!e) this.endings.set(ending, (e = { games: 0, winners: new Map() }));
    e.games++;
    const who = row.winner ?? 'draw';
    e.winners.set(who, (e.winners.get(who) ?? 0) + 1);
    if (row.falls) this.falls.add(row.falls);
    if (row.turns !== null) this.turns.add(row.turns);
    this.decisions.add(row.decisions);
    for (const [k, v] of Object.entries(row.stats)) {
      let s = this.stats.get(k);
      if (!s) this.stats.set(k, (s = new Summary()));
      s.add(v);
    }
    if (row.measures) {
      this.drama.add(row.measures.drama);
      this.decisiveness.add(row.measures.decisiveness);
      this.leadChanges.add(row.measures.leadChanges);
    }
  }

  /** The endings, most frequent first (ties by name): each with its games, share of the games that ended normally, and winners. */
  private endingRows(): { ending: string; games: number; share: number; winners: Record<string, number> }[] {
    let total = 0;
    for (const e of this.endings.values()) total += e.games;
    return [...this.endings.entries()]
      .map(([ending, e]) => ({
        ending,
        games: e.games,
        share: Math.round((e.games / total) * 1e4) / 1e4,
        winners: Object.fromEntries([...e.winners.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      }))
      .sort((a, b) => b.games - a.games || (a.ending < b.ending ? -1 : a.ending > b.ending ? 1 : 0));
  }

  private sideRate(s: SideId): Rate {
    return wilson((this.wins.get(s) ?? 0) + this.draws / 2, this.results);
  }

  private turnsMean(): number {
    let t = 0;
    for (const b of this.turns.bins()) t += b.x * b.count;
    return this.turns.total ? t / this.turns.total : NaN;
  }

  write(info: RunInfo): ReportSummary {
    const dir = info.dir;
    const rates = this.sides.map((s) => this.sideRate(s));
    const balance = rates.length ? 1 - (Math.max(...rates.map((r) => r.rate)) - Math.min(...rates.map((r) => r.rate))) : NaN;
    const completion = this.results ? (this.results - this.draws) / this.results : NaN;
    const drawish = this.results ? this.draws / this.results : NaN;
    const keys = [...this.stats.keys()];
    const isSideKey = (k: string): boolean => this.sides.some((s) => k.startsWith(`${s}.`));
    const firstSide = keys.findIndex(isSideKey);
    const lastSide = keys.length - 1 - [...keys].reverse().findIndex(isSideKey);
    const before = (firstSide < 0 ? keys : keys.slice(0, firstSide)).filter((k) => k !== 'turns' && k !== 'decisions');
    const after = firstSide < 0 ? [] : keys.slice(lastSide + 1).filter((k) => !isSideKey(k));
    const sideMetrics = [...new Set(keys.filter(isSideKey).map((k) => k.slice(k.indexOf('.') + 1)))];
    const st = (k: string): Summary => this.stats.get(k) ?? new Summary();
    const statRow = (k: string): (string | number)[] => {
      const s = st(k);
      return [
        `\`${k}\``,
        num(s.mean, 2),
        num(s.sd, 2),
        s.n ? s.min : '—',
        s.n ? s.max : '—',
        s.n ? `${num((100 * s.nonZero) / s.n, 1)}%` : '—',
      ];
    };

    writeAtomic(
      join(dir, 'winrate-by-side.svg'),
      groupedBarChart(
        'Win rate by side, with 95% Wilson intervals',
        this.sides.map((s, i) => ({
          label: `${s} (${this.agents[s]})`,
          bars: [{ value: rates[i].rate, low: rates[i].low, high: rates[i].high }],
        })),
        ['score (wins + ½ draws)'],
        'win rate',
      ),
    );
    writeAtomic(join(dir, 'game-length.svg'), histogramChart('Game length', this.turns.bins(), 1, 'turns'));
    writeAtomic(
      join(dir, 'sides.csv'),
      csv(
        ['side', 'agent', 'wins', 'draws', 'games', 'rate', 'low', 'high'],
        this.sides.map((s, i) => [
          s,
          this.agents[s],
          this.wins.get(s) ?? 0,
          this.draws,
          this.results,
          round(rates[i].rate),
          round(rates[i].low),
          round(rates[i].high),
        ]),
      ),
    );
    writeAtomic(
      join(dir, 'stats.csv'),
      csv(
        ['statistic', 'games', 'mean', 'sd', 'min', 'max', 'nonzero_share'],
        keys.map((k) => {
          const j = st(k).toJson();
          return [k, j.n, j.mean, j.sd, j.min, j.max, j.nonZeroShare];
        }),
      ),
    );
    writeAtomic(
      join(dir, 'game-length.csv'),
      csv(
        ['turns', 'games'],
        this.turns.bins().map((b) => [b.x, b.count]),
      ),
    );

    const md: string[] = [runSection(info, `Stress test — ${info.manifest.scenario.id}`)];
    md.push(`Agents: ${this.sides.map((s) => `\`${s}\` = \`${this.agents[s]}\``).join(', ')}. Intervals are 95% (Wilson).\n`);
    md.push('## Result by side\n');
    md.push(
      mdTable(
        ['side', 'agent', 'win rate', 'wins'],
        this.sides.map((s, i) => [`\`${s}\``, `\`${this.agents[s]}\``, pctRate(rates[i]), this.wins.get(s) ?? 0]),
        ['l', 'l', 'l', 'r'],
      ),
    );
    md.push(`\nDraws: ${this.draws}. Games without a result (engine or worker errors): ${this.noResult}.\n`);
    md.push('![Win rate by side](winrate-by-side.svg)\n');
    const endings = this.endingRows();
    if (endings.length) {
      md.push('## How games end\n');
      md.push("The ruleset's reason for each game's result (numbers in it shown as #), over the games that ended without an error.\n");
      md.push(
        mdTable(
          ['ending', 'games', 'share', 'won by'],
          endings.map((e) => [
            e.ending,
            e.games,
            `${num(100 * e.share, 1)}%`,
            Object.entries(e.winners)
              .map(([w, n]) => `${w === 'draw' ? 'draw' : `\`${w}\``} ${n}`)
              .join(', '),
          ]),
          ['l', 'r', 'r', 'l'],
        ),
      );
      md.push('');
    }
    md.push('## Balance\n');
    md.push(
      "Measures in the spirit of Ludii's game metrics, from games that ended normally; drama, decisiveness and lead changes use the ruleset's evaluation of both sides, sampled every 4 decisions.\n",
    );
    md.push(
      mdTable(
        ['measure', 'value', 'meaning'],
        [
          ['balance', num(balance, 3), '1 − (highest − lowest side win rate); 1 = even'],
          ['completion', num(completion, 3), 'share of games with a winner'],
          ['drawishness', num(drawish, 3), 'share of draws'],
          ['duration', `${num(this.turnsMean(), 1)} turns, ${num(this.decisions.mean, 0)} decisions`, 'mean game length'],
          [
            'decisiveness',
            num(this.decisiveness.mean, 3),
            "share of the game played after the winner's value passed the loser's best (Ludii DecisivenessMoves); high = decided early",
          ],
          [
            'drama',
            num(this.drama.mean, 3),
            'mean gap by which the eventual winner trailed, over the states where it trailed; 0 = the winner never trailed',
          ],
          ['lead changes', num(this.leadChanges.mean, 2), 'times the lead changed hands per game (by evaluation)'],
        ],
        ['l', 'r', 'l'],
      ),
    );
    const falls = this.falls.toJson();
    if (falls) {
      writeAtomic(join(dir, 'falls.svg'), this.falls.svg(`Where figures fall: ${falls.figures} over ${falls.games} games`));
      md.push('\n## Where figures fall\n');
      md.push(
        `${falls.figures} figures fell in ${falls.games} games (${num(falls.figures / falls.games, 1)} a game), counted where they lay at the end in cells of ${num(falls.cell, 2)} × ${num(falls.cell, 2)} (the table's unit); the darker, the more. report.json's \`falls\` has the counts per cell and per side.\n`,
      );
      md.push('![Where figures fall](falls.svg)\n');
    }
    md.push('\n## Game length\n');
    md.push(
      `Turns: mean ${num(this.turnsMean(), 1)}, median ${this.turns.quantile(0.5) ?? '—'}, 10th–90th percentile ${this.turns.quantile(0.1) ?? '—'}–${this.turns.quantile(0.9) ?? '—'}; decisions per game: mean ${num(this.decisions.mean, 0)} (sd ${num(this.decisions.sd, 0)}, min ${this.decisions.n ? this.decisions.min : '—'}, max ${this.decisions.n ? this.decisions.max : '—'}).\n`,
    );
    md.push('![Game length histogram](game-length.svg)\n');
    if (before.length) {
      md.push('## Objectives\n');
      md.push(
        'Per game, in the order the ruleset reports them (mean, standard deviation, range, and the share of games where the value was not 0).\n',
      );
      md.push(mdTable(['statistic', 'mean', 'sd', 'min', 'max', 'games > 0'], before.map(statRow), ['l', 'r', 'r', 'r', 'r', 'r']));
      md.push('');
    }
    if (sideMetrics.length) {
      md.push('## Casualties and figures by side\n');
      md.push('Mean per game at the end (standard deviation).\n');
      md.push(
        mdTable(
          ['side', ...sideMetrics],
          this.sides.map((s) => [
            `\`${s}\``,
            ...sideMetrics.map((m) =>
              this.stats.has(`${s}.${m}`) ? `${num(st(`${s}.${m}`).mean, 2)} (${num(st(`${s}.${m}`).sd, 2)})` : '—',
            ),
          ]),
          ['l', ...sideMetrics.map(() => 'r' as const)],
        ),
      );
      md.push('');
    }
    const morale = after.filter((k) => /morale/i.test(k));
    if (morale.length) {
      md.push('## Morale\n');
      md.push(mdTable(['statistic', 'mean', 'sd', 'min', 'max', 'games > 0'], morale.map(statRow), ['l', 'r', 'r', 'r', 'r', 'r']));
      md.push('');
    }
    const paths = after.filter((k) => !morale.includes(k));
    if (paths.length) {
      md.push('## Rule paths\n');
      md.push("How often each rule path occurred per game (the ruleset's counters; morale ones above).\n");
      md.push(mdTable(['counter', 'mean', 'sd', 'min', 'max', 'games > 0'], paths.map(statRow), ['l', 'r', 'r', 'r', 'r', 'r']));
      md.push('');
    }
    md.push('## Invariant violations\n');
    if (this.violations === 0) md.push(`0 — the ruleset's invariant monitor found nothing in ${this.rows} games.\n`);
    else {
      md.push(
        `**${this.violations} violation(s) in ${this.violationGames} game(s)** — each is a defect in the rules engine. First games by id:\n`,
      );
      for (const v of this.violationExamples)
        md.push(
          `- game ${v.id} (seed ${v.seed}): ${v.violations.join('; ')}${v.record !== undefined ? ` — record kept: ${v.record}` : ''}`,
        );
      md.push('');
    }
    md.push(this.errors.markdown());
    md.push('## Files\n');
    md.push(
      "`games.jsonl` (one line per game), `report.json` (everything above as data), `sides.csv`, `stats.csv`, `game-length.csv`, `winrate-by-side.svg`, `game-length.svg`, `run.json` (the run's settings, for `--resume`).\n",
    );
    writeAtomic(join(dir, 'report.md'), md.join('\n'));

    const bySide: Record<string, unknown> = {};
    this.sides.forEach((s, i) => (bySide[s] = { agent: this.agents[s], ...rate(rates[i]) }));
    const summary: ReportSummary = {
      kind: 'stress',
      scenario: info.manifest.scenario.id,
      out: dir,
      report: join(dir, 'report.md'),
      games: info.rows,
      total: info.manifest.games,
      ended: info.ended,
      errors: this.errors.total,
      violations: this.violations,
      bySide,
      draws: this.draws,
      meanTurns: round(this.turnsMean(), 2),
    };
    const statsJson: Record<string, unknown> = {};
    for (const k of keys) statsJson[k] = st(k).toJson();
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
      noResult: this.noResult,
      endings,
      falls,
      balance: {
        balance: round(balance),
        completion: round(completion),
        drawishness: round(drawish),
        durationTurns: round(this.turnsMean(), 2),
        durationDecisions: round(this.decisions.mean, 2),
        decisiveness: this.decisiveness.toJson(),
        drama: this.drama.toJson(),
        leadChanges: this.leadChanges.toJson(),
      },
      turns: {
        histogram: this.turns.bins(),
        median: this.turns.quantile(0.5),
        p10: this.turns.quantile(0.1),
        p90: this.turns.quantile(0.9),
      },
      decisions: this.decisions.toJson(),
      stats: statsJson,
      violationGames: this.violationGames,
      violationExamples: this.violationExamples,
      errorsByKind: this.errors.byKind,
      errorExamples: this.errors.rows(),
    };
    writeAtomic(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    return summary;
  }
}

/** Most distinct endings a stress report keeps apart; later new ones are counted as `other`. */
export const MAX_ENDINGS = 30;

/**
 * A game's ending as a stress report groups them: the ruleset's reason with each run of digits
 * (and any decimal part) written `#` ("booty landed: 15" → "booty landed: #"), so that games ended
 * the same way count together; `other` once {@link MAX_ENDINGS} distinct endings are kept.
 */
export function endingOf(reason: string, kept: ReadonlyMap<string, unknown> = new Map()): string {
  const e = reason.replace(/\d+(?:\.\d+)?/g, '#').trim() || '(no reason given)';
  return kept.has(e) || kept.size < MAX_ENDINGS ? e : 'other';
}

/** Each side's specs of several pairings joined by " | " (a stress run's `agents` label with `--pairing`). */
export function joinPairings(pairings: readonly Readonly<Record<SideId, string>>[]): Record<SideId, string> {
  const out: Record<SideId, string> = {};
  for (const s of Object.keys(pairings[0] ?? {})) out[s] = [...new Set(pairings.map((p) => p[s]))].join(' | ');
  return out;
}

/**
 * Two pairings of a stress run compared deal by deal for one side ({@link PairingsAnalysis.paired};
 * a tournament's counterpart, over side orders rather than pairings, is its `PairedDeals`).
 * `a` and `b` number the pairings from 1 in the order given; `deals` counts the deals both played to
 * a result; `betterA`/`betterB` the deals on which the side did strictly better with that pairing;
 * `p` the exact two-sided sign test of `betterA` against `betterB` (1 when both are 0).
 */
export interface PairingsCompared {
  side: SideId;
  a: number;
  b: number;
  deals: number;
  betterA: number;
  betterB: number;
  p: number;
}

/**
 * A stress run of several agent pairings side by side (`stress --pairing …`): the whole run's
 * analysis as usual, plus per pairing the win rate (wins + ½ draws) of each side with its 95%
 * Wilson interval, as a "Balance by pairing" section of report.md and `pairings` in report.json —
 * so a designer sees how the balance moves with the players' skill. Because every pairing plays the
 * same deals, it also compares each two pairings deal by deal for each side ("Pairings compared deal
 * by deal", `pairedDeals` in report.json; {@link PairingsCompared}).
 */
export class PairingsAnalysis implements Analysis {
  private readonly tallies: { wins: Map<SideId, number>; draws: number; results: number; rows: number }[];
  /**
   * Deals not all of whose games have arrived: deal number → per pairing the winner (null: a draw;
   * false: no result; undefined: not yet). A deal is counted into {@link compared} and dropped once
   * complete, so memory stays bounded by the deals in flight, not the run's length.
   */
  private readonly open = new Map<number, (SideId | null | false | undefined)[]>();
  /** Per side, per pairings a < b (index `a * P + b`): [deals, better in a, better in b]. */
  private readonly compared = new Map<SideId, [number, number, number][]>();

  constructor(
    private readonly inner: StressAnalysis,
    private readonly sides: readonly SideId[],
    private readonly pairings: readonly Readonly<Record<SideId, string>>[],
  ) {
    this.tallies = pairings.map(() => ({ wins: new Map(sides.map((x) => [x, 0])), draws: 0, results: 0, rows: 0 }));
    for (const side of sides)
      this.compared.set(
        side,
        Array.from({ length: pairings.length * pairings.length }, () => [0, 0, 0]),
      );
  }

  private indexOf(row: GameRow): number {
    return this.pairings.findIndex((p) => this.sides.every((s) => p[s] === row.agents[s]));
  }

  add(row: GameRow): void {
    this.inner.add(row);
    const i = this.indexOf(row);
    if (i < 0) return;
    const t = this.tallies[i];
    t.rows++;
    const e = row.error;
    const noResult = !!e && isNoResult(e.kind);
    this.addToDeal(row, noResult);
    if (noResult) return;
    t.results++;
    if (row.winner === null) t.draws++;
    else t.wins.set(row.winner, (t.wins.get(row.winner) ?? 0) + 1);
  }

  /** The row's game in its deal, as the runner numbers them: game i plays pairing (i − 1) mod P on deal ⌈i / P⌉. */
  private addToDeal(row: GameRow, noResult: boolean): void {
    const P = this.pairings.length;
    const k = (row.id - 1) % P; // two pairings of the same agents are told apart by this, not by their agents
    if (!this.sides.every((s) => this.pairings[k][s] === row.agents[s])) return;
    const deal = Math.ceil(row.id / P);
    let w = this.open.get(deal);
    if (!w) this.open.set(deal, (w = new Array<SideId | null | false | undefined>(P).fill(undefined))); // filled: `every` skips holes
    w[k] = noResult ? false : row.winner;
    if (w.every((x) => x !== undefined)) {
      this.count(w, this.compared);
      this.open.delete(deal);
    }
  }

  /** Adds one deal's comparisons (pairs of pairings that both have a result) into `into`. */
  private count(w: readonly (SideId | null | false | undefined)[], into: Map<SideId, [number, number, number][]>): void {
    const P = this.pairings.length;
    for (const side of this.sides) {
      const cells = into.get(side) as [number, number, number][];
      const score = (x: SideId | null): number => (x === null ? 0.5 : x === side ? 1 : 0);
      for (let a = 0; a < P; a++) {
        const wa = w[a];
        if (wa === undefined || wa === false) continue;
        for (let b = a + 1; b < P; b++) {
          const wb = w[b];
          if (wb === undefined || wb === false) continue;
          const c = cells[a * P + b];
          c[0]++;
          const d = score(wa) - score(wb);
          if (d > 0) c[1]++;
          else if (d < 0) c[2]++;
        }
      }
    }
  }

  /**
   * For each side and each two pairings a < b: of the deals both pairings played to a result, on how
   * many the side did better in a than in b (a win against a draw or a loss, a draw against a loss)
   * and the other way round, with the exact two-sided sign test on those deals. Deals the side did as
   * well on in both are not counted. The paired test sees differences that two win rates with their
   * own intervals hide, because both pairings met the same dice and draws. Deals still missing a game
   * (stopped runs, engine errors) count for the pairs of pairings they have.
   */
  paired(): PairingsCompared[] {
    const P = this.pairings.length;
    const all = new Map([...this.compared].map(([side, cells]) => [side, cells.map((c): [number, number, number] => [c[0], c[1], c[2]])]));
    for (const w of this.open.values()) this.count(w, all);
    const out: PairingsCompared[] = [];
    for (const side of this.sides) {
      const cells = all.get(side) as [number, number, number][];
      for (let a = 0; a < P; a++) {
        for (let b = a + 1; b < P; b++) {
          const [deals, betterA, betterB] = cells[a * P + b];
          out.push({ side, a: a + 1, b: b + 1, deals, betterA, betterB, p: signTest(betterA, betterA + betterB) });
        }
      }
    }
    return out;
  }

  /** Per pairing: its agents and each side's rate. */
  rates(): { agents: Record<SideId, string>; games: number; bySide: Record<SideId, ReturnType<typeof rate>> }[] {
    return this.pairings.map((p, i) => {
      const t = this.tallies[i];
      const bySide: Record<SideId, ReturnType<typeof rate>> = {};
      for (const s of this.sides) bySide[s] = rate(wilson((t.wins.get(s) ?? 0) + t.draws / 2, t.results));
      return { agents: { ...p }, games: t.rows, bySide };
    });
  }

  write(info: RunInfo): ReportSummary {
    const summary = this.inner.write(info);
    const rates = this.rates();
    const label = (r: (typeof rates)[number]): string => this.sides.map((s) => `${s}=\`${r.agents[s]}\``).join(', ');
    const md: string[] = ['\n## Balance by pairing\n'];
    md.push(
      'The same seeds for every pairing (game i plays pairing (i − 1) mod P on deal ⌈i / P⌉). Win rate = (wins + ½ draws) / games with a result, with its 95% Wilson interval.\n',
    );
    md.push(`| pairing | games | ${this.sides.map((s) => `${s} win rate`).join(' | ')} |`);
    md.push(`|---|---|${this.sides.map(() => '---').join('|')}|`);
    for (const r of rates) {
      md.push(
        `| ${label(r)} | ${r.games} | ${this.sides.map((s) => `${(r.bySide[s].rate * 100).toFixed(1)}% [${(r.bySide[s].low * 100).toFixed(1)}–${(r.bySide[s].high * 100).toFixed(1)}%]`).join(' | ')} |`,
      );
    }
    const paired = this.paired();
    md.push('\n## Pairings compared deal by deal\n');
    md.push(
      'Every pairing played the same deals, so two pairings can be compared deal by deal: for each side, of the deals both played to a result, on how many the side did better with pairing A than with pairing B (a win against a draw or a loss, a draw against a loss) and the other way round; p is the exact two-sided sign test on those deals (deals the side did as well on in both are not counted). Pairings by number:\n',
    );
    rates.forEach((r, i) => md.push(`${i + 1}. ${label(r)}`));
    md.push('');
    md.push(
      mdTable(
        ['side', 'A', 'B', 'deals', 'better in A', 'better in B', 'p'],
        paired.map((x) => [x.side, x.a, x.b, x.deals, x.betterA, x.betterB, pValue(x.p)]),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
    const reportMd = join(info.dir, 'report.md');
    const jsonFile = join(info.dir, 'report.json');
    // The pairing sections go before the closing "Files" section; the pooled table says it is pooled.
    let text = readFileSync(reportMd, 'utf8').trimEnd();
    text = text.replace(
      '## Result by side\n',
      `## Result by side\n\nPooled over the ${rates.length} pairings (each pairing's own rates: "Balance by pairing" below).\n`,
    );
    const files = text.lastIndexOf('\n## Files\n');
    text = files >= 0 ? `${text.slice(0, files)}\n${md.join('\n')}\n${text.slice(files)}` : `${text}\n${md.join('\n')}`;
    writeAtomic(reportMd, `${text}\n`);
    if (existsSync(jsonFile)) {
      const j = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown>;
      j.pairings = rates;
      j.pairedDeals = paired;
      writeAtomic(jsonFile, `${JSON.stringify(j, null, 2)}\n`);
    }
    return { ...summary, pairings: rates, pairedDeals: paired };
  }
}
