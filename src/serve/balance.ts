/**
 * The workshop's jobs (issue 44 item 3): one at a time per server, a balance job (a `stress` run,
 * played on worker threads by the runner, src/runner/execute.ts — the same code `stress` runs) or a
 * tune job (the NTBEA search of src/tune/tune.ts, the code `tune` runs), its state kept here so that
 * a page that was closed can read it again. A balance job plays the games of `stress` with the same
 * scenario, agents, games and seed (the same seed per game id, hence the same win rates); a tune
 * job those of `tune` with the same settings (hence the same evaluations and the same best).
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { writeAtomic } from '../core/files.js';
import type { LoadedScenario } from '../core/game.js';
import type { SideId } from '../core/model.js';
import { StressAnalysis } from '../report/stress.js';
import { executeRun } from '../runner/execute.js';
import { RUN_FORMAT, type RunManifest } from '../runner/manifest.js';
import { shellWord } from '../runner/seeds.js';
import { TUNE_FORMAT, candidateScenario, runTune, tuneReport, tuneReportData, type TuneManifest } from '../tune/tune.js';
import { HostError } from './games.js';
import type { BalanceJobView, BalanceState, TuneEvaluationView } from './workshop-protocol.js';

/** What starts a job: the scenario compiled, where it came from, each side's canonical agent spec, games, seed, threads. */
export interface BalanceStart {
  scenario: LoadedScenario;
  /** Where the scenario came from, in words for the view (`raids/my-raid.json`, `builtin:<ruleset>/<scenario>`, `unsaved`). */
  source: string;
  /**
   * What `stress --scenario` would be given for it (a file path or a built-in id), for the command
   * shown; absent (unsaved JSON): the copy of the scenario the job keeps in its run folder.
   */
  arg?: string;
  /** Each side's agent, canonical spec (as `resolveAgent` gives it). */
  agents: Record<SideId, string>;
  /** Games to play (a tune job: games per evaluation). */
  games: number;
  seed: number;
  workers: number;
}

/** What starts a tune job: {@link BalanceStart} and the search's settings (as `tune`'s options). */
export interface TuneStart extends BalanceStart {
  /** The side whose win rate is tuned and the rate wanted (0–1). */
  target: { side: SideId; rate: number };
  /** Evaluations (candidates tried, repeats counting). */
  budget: number;
  /** The parameters searched (by name); null: every declared one. */
  only: string[] | null;
}

interface Job {
  id: string;
  kind: 'balance' | 'tune';
  state: BalanceState;
  start: BalanceStart;
  /** Games the job plans (a tune job: budget × games per evaluation; an invalid candidate plays none). */
  total: number;
  dir: string;
  command: string;
  t0: number;
  /** When it ended (ms since the epoch), or null. */
  t1: number | null;
  /** When the first game finished (the rate counts from there: threads start up first). */
  first: number | null;
  done: number;
  errors: number;
  report: Record<string, unknown> | null;
  error?: string;
  abort: AbortController;
  finished: Promise<void>;
  tune?: NonNullable<BalanceJobView['tune']>;
}

/**
 * The jobs of one server: at most one running; the last one (running or ended) kept for
 * {@link view}. Each job writes a run folder under `runsDir`, as `stress --out` (run.json,
 * games.jsonl, report.md, report.json, CSV and SVG) or `tune --out` (tune.json, games.jsonl,
 * report.md, report.json, best.json) does, and scenario.json, the scenario as played.
 */
export class BalanceJobs {
  private job: Job | null = null;
  private serial = 0;

  /** @param runsDir the folder each job's run folder is made in (created when the first job starts). */
  constructor(private readonly runsDir: string) {}

  /** A new job's run folder (with the scenario's copy) and the `--scenario` argument naming it, or a 409 while a job runs. */
  private prepare(kind: 'balance' | 'tune', s: BalanceStart): { id: string; dir: string; arg: string } {
    const running = this.job;
    if (running && running.state === 'running')
      throw new HostError(
        409,
        `a ${running.kind} job is already running (job ${running.id}: ${running.start.scenario.id}, ${running.done} of ${running.total} games); one job at a time per server — wait for it to end or cancel it (POST /api/workshop/balance/cancel)`,
      );
    mkdirSync(this.runsDir, { recursive: true });
    const id = `${kind[0]}${Date.now().toString(36)}${(this.serial++).toString(36)}`;
    const dir = mkdtempSync(join(resolve(this.runsDir), `${kind}-${s.scenario.id}-seed${s.seed}-`));
    // The scenario as played (inherit resolved), kept with the run: the file may change afterwards.
    const copy = join(dir, 'scenario.json');
    writeAtomic(copy, `${JSON.stringify(s.scenario.raw, null, 2)}\n`);
    return { id, dir, arg: s.arg ?? (relative(process.cwd(), copy) || copy) };
  }

  private agentsArgs(s: BalanceStart): string {
    return Object.entries(s.agents)
      .map(([side, a]) => `--agent ${shellWord(`${side}=${a}`)}`)
      .join(' ');
  }

  private newJob(kind: 'balance' | 'tune', id: string, s: BalanceStart, total: number, dir: string, command: string): Job {
    return {
      id,
      kind,
      state: 'running',
      start: s,
      total,
      dir,
      command,
      t0: Date.now(),
      t1: null,
      first: null,
      done: 0,
      errors: 0,
      report: null,
      abort: new AbortController(),
      finished: Promise.resolve(),
    };
  }

  /** Follow `run` to its end: `done` or `cancelled` (an interrupted run) with its report, or `failed`. */
  private follow(job: Job, run: Promise<'done' | 'interrupted' | 'stopped'>): void {
    job.finished = run.then(
      (ended) => {
        job.report = JSON.parse(readFileSync(join(job.dir, 'report.json'), 'utf8')) as Record<string, unknown>;
        job.state = ended === 'done' ? 'done' : 'cancelled';
        job.t1 = Date.now();
      },
      (e: unknown) => {
        job.state = 'failed';
        job.error = e instanceof Error ? e.message : String(e);
        job.t1 = Date.now();
      },
    );
    this.job = job;
  }

  /**
   * Start a balance job. Throws a {@link HostError} 409 naming the running job when one runs.
   * Returns once the run folder is made; the games go on after it.
   */
  start(s: BalanceStart): BalanceJobView {
    const { id, dir, arg } = this.prepare('balance', s);
    const command = `skirmish stress --scenario ${shellWord(arg)} ${this.agentsArgs(s)} --games ${s.games} --seed ${s.seed} --workers ${s.workers}`;
    const manifest: RunManifest = {
      format: RUN_FORMAT,
      kind: 'stress',
      scenario: {
        arg,
        id: s.scenario.id,
        hash: s.scenario.hash,
        ruleset: s.scenario.ruleset.id,
        rulesetVersion: s.scenario.ruleset.version,
      },
      seed: s.seed,
      games: s.games,
      records: 'errors',
      timeLimitMs: 10_000,
      stress: { agents: s.agents },
      workers: s.workers,
      command: `serve workshop balance job (${command})`,
    };
    const analysis = new StressAnalysis(s.scenario.ruleset.sides(s.scenario.compiled), s.agents);
    const job = this.newJob('balance', id, s, s.games, dir, command);
    const run = executeRun({
      manifest,
      dir,
      scenario: s.scenario,
      workers: s.workers,
      resume: false,
      analysis: {
        add: (row) => {
          analysis.add(row);
          job.done++;
          if (row.error !== undefined) job.errors++;
          job.first ??= Date.now();
        },
        write: (info) => analysis.write(info),
      },
      progress: null,
      signal: job.abort.signal,
      resumeCommand: '',
    }).then(({ info }) => info.ended);
    this.follow(job, run);
    return this.view();
  }

  /**
   * Start a tune job: `tune`'s search with these settings (k 0.1 and 50 neighbours, its defaults).
   * Throws a {@link HostError} 409 when a job runs. The view lists each evaluation as it ends and,
   * once ended, the best candidate and its complete scenario (what `tune` writes as best.json).
   */
  startTune(t: TuneStart): BalanceJobView {
    const { id, dir, arg } = this.prepare('tune', t);
    const only = t.only === null ? '' : ` --only ${shellWord(t.only.join(','))}`;
    const command = `skirmish tune --scenario ${shellWord(arg)} ${this.agentsArgs(t)} --target ${shellWord(`${t.target.side}=${t.target.rate}`)}${only} --budget ${t.budget} --games ${t.games} --seed ${t.seed} --workers ${t.workers}`;
    const m: TuneManifest = {
      format: TUNE_FORMAT,
      scenario: {
        arg,
        id: t.scenario.id,
        hash: t.scenario.hash,
        ruleset: t.scenario.ruleset.id,
        rulesetVersion: t.scenario.ruleset.version,
      },
      agents: t.agents,
      target: t.target,
      budget: t.budget,
      games: t.games,
      seed: t.seed,
      k: 0.1,
      neighbours: 50,
      timeLimitMs: 10_000,
      only: t.only,
      workers: t.workers,
      command: `serve workshop tune job (${command})`,
    };
    const job = this.newJob('tune', id, t, t.budget * t.games, dir, command);
    const tune: NonNullable<BalanceJobView['tune']> = {
      target: t.target,
      budget: t.budget,
      only: t.only,
      evaluations: [],
      best: null,
      bestScenario: null,
    };
    job.tune = tune;
    const run = runTune({
      manifest: m,
      scenario: t.scenario,
      dir,
      resume: false,
      workers: t.workers,
      signal: job.abort.signal,
      log: null,
      onGame: () => {
        job.done++;
        job.first ??= Date.now();
      },
      onEvaluation: (e) => {
        const v: TuneEvaluationView = { index: e.index, values: e.values, repeat: e.repeat, score: e.score, fitness: e.fitness };
        tune.evaluations.push(e.invalid !== undefined ? { ...v, invalid: e.invalid } : v);
      },
    }).then((r) => {
      const verify = `skirmish stress --scenario ${shellWord(join(dir, 'best.json'))} ${this.agentsArgs(t)} --games 400 --workers ${t.workers} --seed ${t.seed + 1}`;
      if (r.best) {
        tune.best = { values: r.best.values, score: r.best.score, evaluations: r.best.evaluations };
        tune.bestScenario = candidateScenario(t.scenario, r.best.values, arg, `${t.scenario.id}-tuned`);
        writeAtomic(join(dir, 'best.json'), `${JSON.stringify(tune.bestScenario, null, 2)}\n`);
      }
      writeAtomic(join(dir, 'report.md'), tuneReport(m, r, verify));
      writeAtomic(join(dir, 'report.json'), `${JSON.stringify(tuneReportData(m, r, verify), null, 2)}\n`);
      return r.ended;
    });
    this.follow(job, run);
    return this.view();
  }

  /** The current or last job, or null when none was started. */
  current(): BalanceJobView | null {
    return this.job ? this.view() : null;
  }

  /** The current or last job; a {@link HostError} 404 when none was started. */
  view(): BalanceJobView {
    const j = this.job;
    if (!j) throw new HostError(404, 'no job yet: start one with POST /api/workshop/balance or POST /api/workshop/tune');
    const now = j.t1 ?? Date.now();
    let eta: number | null = null;
    if (j.state !== 'running') eta = 0;
    else if (j.first !== null && j.done > 0) {
      // The rate from the first finished game on (threads start up for a while first).
      const perGame = j.done > 1 ? (now - j.first) / (j.done - 1) : now - j.t0;
      eta = Math.max(0, Math.round(((j.total - j.done) * perGame) / 100) / 10);
    }
    return {
      id: j.id,
      kind: j.kind,
      state: j.state,
      settings: {
        scenario: j.start.scenario.id,
        source: j.start.source,
        agents: j.start.agents,
        games: j.start.games,
        seed: j.start.seed,
        workers: j.start.workers,
      },
      command: j.command,
      progress: { done: j.done, total: j.total, errors: j.errors, elapsedSeconds: Math.round((now - j.t0) / 100) / 10, etaSeconds: eta },
      report: j.report,
      dir: j.dir,
      ...(j.tune ? { tune: { ...j.tune, evaluations: [...j.tune.evaluations] } } : {}),
      ...(j.error !== undefined ? { error: j.error } : {}),
    };
  }

  /** Stop the running job (finished games kept and reported) and wait for it to end; a {@link HostError} 409 when none runs. */
  async cancel(): Promise<BalanceJobView> {
    const j = this.job;
    if (!j || j.state !== 'running') throw new HostError(409, 'no job is running');
    j.abort.abort();
    await j.finished;
    return this.view();
  }

  /** Resolves when the current job (if any) has ended: for tests and for {@link close}. */
  async settled(): Promise<void> {
    await this.job?.finished;
  }

  /** Stop any running job and wait for it (the server is closing). */
  async close(): Promise<void> {
    if (this.job?.state === 'running') this.job.abort.abort();
    await this.settled();
  }
}
