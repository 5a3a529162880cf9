/**
 * `tune`: search a scenario's declared parameters (src/core/scenario.ts) for a setting whose win
 * rate for one side, under given agents, is nearest a target — with the NTBEA optimiser
 * (./ntbea.ts), playing the games on the runner's worker pool (src/runner/pool.ts).
 *
 * Promises:
 * - deterministic for a seed: the candidates tried and every game (seed, parameters, agents) are a
 *   pure function of the tune settings; worker count and timing change nothing;
 * - common seeds: the e-th evaluation of any candidate plays the same game seeds
 *   (`deriveSeed(seed, e·games + j)`), so candidates are compared on the same dice;
 * - resumable: every finished game is a line of `<dir>/games.jsonl` (id = evaluation · games + j +
 *   1, with its parameters); a resumed search replays the optimiser from those rows and plays only
 *   the games that are missing;
 * - the fitness of an evaluation is −|score − target|, score = (wins + ½ draws) / games with a
 *   result, as `stress` counts it;
 * - every candidate's scenario is compiled (here, in the main thread) before any of its games is
 *   played: an invalid one (a building moved onto a deployment area, two parameters that are each
 *   valid but not together) is recorded with the reason, plays no game, gets the worst fitness
 *   ({@link INVALID_FITNESS}) and is never recommended; the search carries on.
 */
import { join } from 'node:path';
import type { LoadedScenario } from '../core/game.js';
import { ScenarioError, type Json, type SideId } from '../core/model.js';
import { streamFromString } from '../core/rng.js';
import { canonicalJson } from '../core/hash.js';
import { describeDomain, fromRaw, scenarioParameters, setParameters, type ParameterDomain } from '../core/scenario.js';
import { compileSource } from '../rules/index.js';
import { writeAtomic } from '../core/files.js';
import { GamesWriter, readGames } from '../runner/gamesfile.js';
import { runGames } from '../runner/pool.js';
import { deriveSeed } from '../runner/seeds.js';
import { isNoResult, type GameRow, type GameSpec, type WorkerConfig } from '../runner/types.js';
import { wilson, type Rate } from '../stats/interval.js';
import { Ntbea, pointKey } from './ntbea.js';

/** Version tag of tune.json. */
export const TUNE_FORMAT = 'skirmish-tune/1';

/** A tune run's defining settings (`<dir>/tune.json`). */
export interface TuneManifest {
  format: typeof TUNE_FORMAT;
  scenario: { arg: string; id: string; hash: string; ruleset: string; rulesetVersion: string };
  /** Canonical agent spec per side. */
  agents: Record<SideId, string>;
  /** The side whose win rate is tuned, and the rate wanted (0..1). */
  target: { side: SideId; rate: number };
  /** Evaluations (candidates tried, counting repeats). */
  budget: number;
  /** Games per evaluation. */
  games: number;
  seed: number;
  /** NTBEA's exploration constant (fitness units: win-rate distance). */
  k: number;
  /** Mutated neighbours scored per step. */
  neighbours: number;
  /** Per-decision time limit, ms (0 = none). */
  timeLimitMs: number;
  /** The parameters searched (by name); null = every declared one. The others keep the file's values. */
  only: string[] | null;
  /** `--workers` as given (a resumed search uses it unless given again); absent: the machine's cores. */
  workers?: number;
  command: string;
}

/** The fitness of an invalid candidate: the worst there is (a valid one's is −|score − target| ≥ −1). */
export const INVALID_FITNESS = -1;

/** One evaluation: a candidate and its games' result. */
export interface TuneEvaluation {
  /** 0-based. */
  index: number;
  /** Parameter values by name. */
  values: Record<string, Json>;
  /** Index vector (NTBEA's point). */
  point: number[];
  /** Which evaluation of this candidate (0 = its first: the common seeds). */
  repeat: number;
  /** The tuned side's score over this evaluation's games (none for an invalid candidate). */
  score: Rate;
  fitness: number;
  /** Why the candidate's scenario is invalid (it played no game), or absent. */
  invalid?: string;
}

/** A candidate with all its games pooled. */
export interface TuneCandidate {
  values: Record<string, Json>;
  point: number[];
  evaluations: number;
  /** The tuned side's score over all its games, with its 95% Wilson interval. */
  score: Rate;
  /** NTBEA's estimate (mean of its 1-tuple fitnesses). */
  model: number;
  /** Why the candidate's scenario is invalid (it played no game, it is never recommended), or absent. */
  invalid?: string;
}

/** The outcome of a tune session. */
export interface TuneResult {
  evaluations: TuneEvaluation[];
  candidates: TuneCandidate[];
  /** The recommended candidate (NTBEA's best), or null when nothing was evaluated. */
  best: TuneCandidate | null;
  /** `done`, or `interrupted` (Ctrl-C) with the evaluations finished so far. */
  ended: 'done' | 'interrupted';
  /** Games played in this session (not read back from games.jsonl). */
  played: number;
  domains: ParameterDomain[];
}

/** What {@link runTune} needs. */
export interface TuneOptions {
  manifest: TuneManifest;
  scenario: LoadedScenario;
  /** The run folder (absolute). */
  dir: string;
  /** Continue the search in `dir` from its games.jsonl. */
  resume: boolean;
  workers: number;
  signal?: AbortSignal;
  /** One line per evaluation (progress), or null. */
  log: ((line: string) => void) | null;
  workerHeapMb?: number;
  /** Optional: each evaluation as it ends (also an invalid candidate's, which plays no game), for a live view (`serve`'s workshop). */
  onEvaluation?: (e: TuneEvaluation) => void;
  /** Optional: called once per game finished in this session (progress by games). */
  onGame?: () => void;
}

/** The tuned side's score in rows: wins + ½ draws over games with a result. */
export function scoreOf(rows: readonly GameRow[], side: SideId): Rate {
  let results = 0;
  let wins = 0;
  for (const r of rows) {
    if (r.winner === null && r.error !== undefined && isNoResult(r.error.kind)) continue;
    results++;
    if (r.winner === side) wins++;
    else if (r.winner === null) wins += 0.5;
  }
  return wilson(wins, results);
}

/** Run (or resume) a tune search to its budget or an interrupt. */
export async function runTune(o: TuneOptions): Promise<TuneResult> {
  const m = o.manifest;
  const sc = o.scenario;
  const sides = sc.ruleset.sides(sc.compiled);
  const domains = tunedDomains(sc, m.scenario.arg, m.only);
  const gamesFile = join(o.dir, 'games.jsonl');
  const rows = new Map<number, GameRow>();
  let validBytes: number | undefined;
  if (o.resume) {
    const scan = await readGames(gamesFile, (row) => rows.set(row.id, row));
    validBytes = scan.validBytes;
  } else {
    writeAtomic(join(o.dir, 'tune.json'), `${JSON.stringify(m, null, 2)}\n`);
    writeAtomic(gamesFile, '');
  }
  const search = new Ntbea(
    { sizes: domains.map((d) => d.values.length), start: domains.map((d) => d.current), k: m.k, neighbours: m.neighbours },
    streamFromString(`tune/${m.seed}`),
  );
  const config: WorkerConfig = {
    scenarioRaw: sc.raw,
    scenarioOrigin: m.scenario.arg,
    scenarioArg: m.scenario.arg,
    timeLimitMs: m.timeLimitMs,
    invariants: false,
    measures: false,
    records: 'none',
    outDir: o.dir,
    epoch: Date.now(),
  };
  const writer = new GamesWriter(gamesFile, validBytes);
  const evaluations: TuneEvaluation[] = [];
  const repeats = new Map<string, number>();
  const byCandidate = new Map<string, GameRow[]>();
  /** Per candidate (point key): why its scenario is invalid, or null. */
  const problems = new Map<string, string | null>();
  let played = 0;
  let ended: 'done' | 'interrupted' = 'done';
  try {
    for (let e = 0; e < m.budget; e++) {
      const point = search.ask();
      const key = pointKey(point);
      const repeat = repeats.get(key) ?? 0;
      repeats.set(key, repeat + 1);
      const values: Record<string, Json> = {};
      domains.forEach((d, i) => (values[d.param.name] = d.values[point[i]] as Json));
      let problem = problems.get(key);
      if (problem === undefined) {
        problem = candidateProblem(sc, values, m.scenario.arg);
        problems.set(key, problem);
      }
      if (problem !== null) {
        // No game for it (its ids stay unused); the worst fitness steers the search away.
        search.tell(point, INVALID_FITNESS);
        evaluations.push({
          index: e,
          values,
          point,
          repeat,
          score: scoreOf([], m.target.side),
          fitness: INVALID_FITNESS,
          invalid: problem,
        });
        o.onEvaluation?.(evaluations[evaluations.length - 1]);
        o.log?.(
          `tune: evaluation ${e + 1}/${m.budget}  ${describeValues(domains, values)}  invalid, no games: ${problem}  (fitness ${INVALID_FITNESS.toFixed(3)})`,
        );
        continue;
      }
      const specs: GameSpec[] = [];
      for (let j = 0; j < m.games; j++) {
        specs.push({ id: e * m.games + j + 1, seed: deriveSeed(m.seed, repeat * m.games + j), agents: m.agents, params: values });
      }
      const missing = new Set<number>();
      for (const g of specs) {
        const have = rows.get(g.id);
        if (!have) missing.add(g.id);
        else if (have.seed !== g.seed || canonicalJson(have.params ?? null) !== canonicalJson(values)) {
          throw new TuneFolderError(
            `${gamesFile}: game ${g.id} was played with other settings (seed ${have.seed}, ${JSON.stringify(have.params ?? {})}) than this search gives it; the folder belongs to another tune run`,
          );
        }
      }
      if (missing.size) {
        const first = specs[0].id;
        const done = new Set<number>();
        for (let id = 1; id < first; id++) done.add(id);
        for (const g of specs) if (!missing.has(g.id)) done.add(g.id);
        const res = await runGames({
          config,
          sides,
          workers: Math.min(o.workers, missing.size),
          total: specs[specs.length - 1].id,
          gameAt: (id) => specs[id - first],
          done,
          onRow: (row) => {
            writer.write(row);
            rows.set(row.id, row);
            played++;
            o.onGame?.();
          },
          signal: o.signal,
          workerHeapMb: o.workerHeapMb,
        });
        if (res.ended === 'interrupted' || specs.some((g) => !rows.has(g.id))) {
          ended = 'interrupted';
          break;
        }
      }
      const its = specs.map((g) => rows.get(g.id) as GameRow);
      const score = scoreOf(its, m.target.side);
      const fitness = score.games > 0 ? -Math.abs(score.rate - m.target.rate) : -1;
      search.tell(point, fitness);
      const list = byCandidate.get(key) ?? [];
      list.push(...its);
      byCandidate.set(key, list);
      evaluations.push({ index: e, values, point, repeat, score, fitness });
      o.onEvaluation?.(evaluations[evaluations.length - 1]);
      o.log?.(
        `tune: evaluation ${e + 1}/${m.budget}  ${describeValues(domains, values)}  ${m.target.side} ${pct(score.rate)} of ${score.games}  (fitness ${fitness.toFixed(3)})`,
      );
    }
  } finally {
    writer.close();
  }
  const candidates: TuneCandidate[] = search.evaluated().map((est) => {
    const key = pointKey(est.point);
    const values: Record<string, Json> = {};
    domains.forEach((d, i) => (values[d.param.name] = d.values[est.point[i]] as Json));
    const problem = problems.get(key) ?? null;
    return {
      values,
      point: est.point,
      evaluations: repeats.get(key) ?? 0,
      score: scoreOf(byCandidate.get(key) ?? [], m.target.side),
      model: est.value,
      ...(problem !== null ? { invalid: problem } : {}),
    };
  });
  let best: TuneCandidate | null = null;
  if (candidates.some((c) => c.invalid === undefined)) {
    const b = pointKey(search.best((p) => (problems.get(pointKey(p)) ?? null) === null).point);
    best = candidates.find((c) => pointKey(c.point) === b) ?? null;
  }
  return { evaluations, candidates, best, ended, played, domains };
}

/**
 * The parameters a search varies: every declared one, or those named in `only` (in the file's
 * order). Throws a {@link TuneFolderError} naming an unknown name, or when there is nothing to vary.
 */
export function tunedDomains(sc: LoadedScenario, origin: string, only: readonly string[] | null): ParameterDomain[] {
  const all = scenarioParameters(sc.raw, origin);
  if (all.length === 0)
    throw new TuneFolderError(
      `${origin}: the scenario declares no tunable parameters; add a "parameters" list (see \`schema\` and the README's section "Balance: several pairings, and \`tune\`")`,
    );
  if (only === null) return all;
  for (const n of only) {
    if (!all.some((d) => d.param.name === n))
      throw new TuneFolderError(`--only ${n}: no such parameter in ${origin} (declared: ${all.map((d) => d.param.name).join(', ')})`);
  }
  return all.filter((d) => only.includes(d.param.name));
}

/**
 * Why a candidate's scenario is invalid (the ruleset's compile error, without the file name), or
 * null when it compiles. Only a {@link ScenarioError} makes a candidate invalid; anything else is a
 * defect and is thrown.
 */
export function candidateProblem(sc: LoadedScenario, values: Record<string, Json>, origin: string): string | null {
  try {
    compileSource(fromRaw(setParameters(sc.raw, values, origin), origin));
    return null;
  } catch (e) {
    if (e instanceof ScenarioError) return e.message.startsWith(`${e.source}: `) ? e.message.slice(e.source.length + 2) : e.message;
    throw e;
  }
}

/** A tune folder that does not match the search (the user's to fix). */
export class TuneFolderError extends Error {}

/** A rate as a percentage with one decimal. */
export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** Parameter values in words, only those that differ from the file's own: `max-turns=20 booty-to-win=12`, or `(the file's values)`. */
export function describeValues(domains: readonly ParameterDomain[], values: Record<string, Json>): string {
  const parts: string[] = [];
  for (const d of domains) {
    const v = values[d.param.name];
    if (canonicalJson(v) !== canonicalJson(d.values[d.current])) parts.push(`${d.param.name}=${JSON.stringify(v)}`);
  }
  return parts.length ? parts.join(' ') : "(the file's values)";
}

/** The scenario file of a candidate: the original with its values set, a new id and name. */
export function candidateScenario(sc: LoadedScenario, values: Record<string, Json>, origin: string, id: string): unknown {
  const raw = setParameters(sc.raw, values, origin) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === '$schema') continue;
    out[k] = k === 'id' ? id : k === 'name' ? `${String(v)} (tuned)` : v;
  }
  return out;
}

/** report.md of a tune run. */
export function tuneReport(m: TuneManifest, r: TuneResult, verify: string): string {
  const md: string[] = [];
  const t = m.target;
  md.push(`# Tune: ${m.scenario.id}\n`);
  md.push(
    `Target: the score of ${t.side} (wins + ½ draws) ${pct(t.rate)}, agents ${Object.entries(m.agents)
      .map(([s, a]) => `${s}=\`${a}\``)
      .join(', ')}.`,
  );
  md.push(
    `Search: NTBEA (1-tuples and the full tuple, k ${m.k}, ${m.neighbours} neighbours), seed ${m.seed}, ${m.budget} evaluations of ${m.games} games each; the e-th evaluation of every candidate plays the same seeds.`,
  );
  md.push(`Command: \`${m.command}\`\n`);
  md.push(
    `${r.ended === 'interrupted' ? `**Interrupted** after ${r.evaluations.length} evaluations (resume with \`--resume\`).` : `${r.evaluations.length} evaluations.`}\n`,
  );
  const invalid = r.candidates.filter((c) => c.invalid !== undefined);
  if (invalid.length) {
    const n = r.evaluations.filter((e) => e.invalid !== undefined).length;
    md.push(
      `${invalid.length} candidate${invalid.length === 1 ? ' was' : 's were'} invalid (${n} evaluation${n === 1 ? '' : 's'}): the scenario with ${invalid.length === 1 ? 'its' : 'their'} values does not compile, so no game was played; each such evaluation counts with the worst fitness, ${INVALID_FITNESS}, and an invalid candidate is never recommended (see "Invalid candidates").\n`,
    );
  }
  md.push('## Parameters\n');
  md.push("| parameter | values | the file's value |");
  md.push('|---|---|---|');
  for (const d of r.domains) md.push(`| \`${d.param.name}\` | ${describeDomain(d)} | ${JSON.stringify(d.values[d.current])} |`);
  if (r.best) {
    md.push('\n## Recommended\n');
    md.push(
      `${describeValues(r.domains, r.best.values)}: ${t.side} ${pct(r.best.score.rate)} [${pct(r.best.score.low)}–${pct(r.best.score.high)}] over ${r.best.score.games} games (${r.best.evaluations} evaluation${r.best.evaluations === 1 ? '' : 's'}). Written as \`best.json\`.\n`,
    );
    md.push(`Verify it on fresh seeds (the search's own games flatter the candidate it picked):\n\n    ${verify}\n`);
  }
  md.push('## The search\n');
  md.push(`Each evaluation's ${t.side} score (\`#\`), the target (\`|\`), 0–100%:\n`);
  md.push('```');
  const W = 50;
  for (const e of r.evaluations) {
    if (e.invalid !== undefined) {
      md.push(`${String(e.index + 1).padStart(4)} invalid: no games`);
      continue;
    }
    const cells = Array.from({ length: W + 1 }, () => ' ');
    const tx = Math.round(t.rate * W);
    cells[tx] = '|';
    const x = Math.round(e.score.rate * W);
    cells[x] = '#';
    md.push(`${String(e.index + 1).padStart(4)} ${cells.join('')} ${pct(e.score.rate).padStart(6)}`);
  }
  md.push('```\n');
  md.push('## Candidates\n');
  md.push(
    `Every candidate tried, its ${t.side} score over all its games with the 95% Wilson interval, and NTBEA's estimate (mean 1-tuple fitness: −distance from the target).\n`,
  );
  md.push('| # | values (changed from the file) | evaluations | games | score | 95% interval | model |');
  md.push('|---|---|---|---|---|---|---|');
  r.candidates.forEach((c, i) => {
    const mark = r.best && pointKey(c.point) === pointKey(r.best.point) ? ' **best**' : '';
    if (c.invalid !== undefined)
      md.push(`| ${i + 1} | ${describeValues(r.domains, c.values)} | ${c.evaluations} | 0 | invalid | — | ${c.model.toFixed(3)} |`);
    else
      md.push(
        `| ${i + 1}${mark} | ${describeValues(r.domains, c.values)} | ${c.evaluations} | ${c.score.games} | ${pct(c.score.rate)} | ${pct(c.score.low)}–${pct(c.score.high)} | ${c.model.toFixed(3)} |`,
      );
  });
  if (invalid.length) {
    md.push('\n## Invalid candidates\n');
    md.push('Candidates whose scenario does not compile (no game played), with the reason:\n');
    for (const c of invalid) md.push(`- ${describeValues(r.domains, c.values)}: ${(c.invalid ?? '').replace(/\n/g, ' ')}`);
  }
  md.push(
    '\nFiles: `tune.json` (the settings, for `--resume`), `games.jsonl` (one line per game, with its parameters), `best.json` (the recommended scenario, complete), `report.md`, `report.json` (the evaluations and candidates as data).\n',
  );
  return md.join('\n');
}

/** report.json of a tune run: the search as data (each evaluation and candidate, with `invalid` and its reason for an invalid one). */
export function tuneReportData(m: TuneManifest, r: TuneResult, verify: string): Record<string, unknown> {
  return {
    kind: 'tune',
    scenario: m.scenario.id,
    target: m.target,
    agents: m.agents,
    ended: r.ended,
    budget: m.budget,
    games: m.games,
    seed: m.seed,
    evaluations: r.evaluations.map((e) => ({
      index: e.index,
      values: e.values,
      repeat: e.repeat,
      score: e.score,
      fitness: e.fitness,
      ...(e.invalid !== undefined ? { invalid: e.invalid } : {}),
    })),
    candidates: r.candidates.map((c) => ({
      values: c.values,
      evaluations: c.evaluations,
      score: c.score,
      model: c.model,
      ...(c.invalid !== undefined ? { invalid: c.invalid } : {}),
    })),
    invalidCandidates: r.candidates.filter((c) => c.invalid !== undefined).length,
    best: r.best ? { values: r.best.values, score: r.best.score, evaluations: r.best.evaluations } : null,
    verify: r.best ? verify : null,
  };
}
