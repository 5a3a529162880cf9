/**
 * The workshop's balance job (issue 44 item 3): one `stress` run at a time per server, played on
 * worker threads by the runner (src/runner/execute.ts, the same code `stress` runs), its state kept
 * here so that a page that was closed can read it again. The games are those of `stress` with the
 * same scenario, agents, games and seed: the same seeds per game id, hence the same win rates.
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
import { HostError } from './games.js';
import type { BalanceJobView, BalanceState } from './workshop-protocol.js';

/** What starts a job: the scenario compiled, where it came from, each side's canonical agent spec, games, seed, threads. */
export interface BalanceStart {
  scenario: LoadedScenario;
  /** Where the scenario came from, in words for the view (`raids/my-raid.json`, `builtin:pig-wars/farmstead-raid`, `unsaved`). */
  source: string;
  /**
   * What `stress --scenario` would be given for it (a file path or a built-in id), for the command
   * shown; absent (unsaved JSON): the copy of the scenario the job keeps in its run folder.
   */
  arg?: string;
  /** Each side's agent, canonical spec (as `resolveAgent` gives it). */
  agents: Record<SideId, string>;
  games: number;
  seed: number;
  workers: number;
}

interface Job {
  id: string;
  state: BalanceState;
  start: BalanceStart;
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
}

/**
 * The balance jobs of one server: at most one running; the last one (running or ended) kept for
 * {@link view}. Each job writes a run folder under `runsDir` (run.json, games.jsonl, report.md,
 * report.json, CSV and SVG), as `stress --out` does, and scenario.json, the scenario as played.
 */
export class BalanceJobs {
  private job: Job | null = null;
  private serial = 0;

  /** @param runsDir the folder each job's run folder is made in (created when the first job starts). */
  constructor(private readonly runsDir: string) {}

  /**
   * Start a job. Throws a {@link HostError} 409 naming the running job when one runs. Resolves
   * once the run folder is made; the games go on after it.
   */
  start(s: BalanceStart): BalanceJobView {
    const running = this.job;
    if (running && running.state === 'running')
      throw new HostError(
        409,
        `a balance job is already running (job ${running.id}: ${running.start.scenario.id}, ${running.done} of ${running.start.games} games); one job at a time per server — wait for it to end or cancel it (POST /api/workshop/balance/cancel)`,
      );
    mkdirSync(this.runsDir, { recursive: true });
    const id = `b${Date.now().toString(36)}${(this.serial++).toString(36)}`;
    const dir = mkdtempSync(join(resolve(this.runsDir), `balance-${s.scenario.id}-seed${s.seed}-`));
    // The scenario as played (inherit resolved), kept with the run: the file may change afterwards.
    const copy = join(dir, 'scenario.json');
    writeAtomic(copy, `${JSON.stringify(s.scenario.raw, null, 2)}\n`);
    const arg = s.arg ?? (relative(process.cwd(), copy) || copy);
    const agents = Object.entries(s.agents)
      .map(([side, a]) => `--agent ${shellWord(`${side}=${a}`)}`)
      .join(' ');
    const command = `skirmish stress --scenario ${shellWord(arg)} ${agents} --games ${s.games} --seed ${s.seed} --workers ${s.workers}`;
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
    const sides = s.scenario.ruleset.sides(s.scenario.compiled);
    const analysis = new StressAnalysis(sides, s.agents);
    const abort = new AbortController();
    const job: Job = {
      id,
      state: 'running',
      start: s,
      dir,
      command,
      t0: Date.now(),
      t1: null,
      first: null,
      done: 0,
      errors: 0,
      report: null,
      abort,
      finished: Promise.resolve(),
    };
    job.finished = executeRun({
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
      signal: abort.signal,
      resumeCommand: '',
    }).then(
      ({ info }) => {
        job.report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Record<string, unknown>;
        job.state = info.ended === 'done' ? 'done' : 'cancelled';
        job.t1 = Date.now();
      },
      (e: unknown) => {
        job.state = 'failed';
        job.error = e instanceof Error ? e.message : String(e);
        job.t1 = Date.now();
      },
    );
    this.job = job;
    return this.view();
  }

  /** The current or last job; a {@link HostError} 404 when none was started. */
  view(): BalanceJobView {
    const j = this.job;
    if (!j) throw new HostError(404, 'no balance job yet: start one with POST /api/workshop/balance');
    const now = j.t1 ?? Date.now();
    const total = j.start.games;
    let eta: number | null = null;
    if (j.state !== 'running') eta = 0;
    else if (j.first !== null && j.done > 0) {
      // The rate from the first finished game on (threads start up for a while first).
      const perGame = j.done > 1 ? (now - j.first) / (j.done - 1) : now - j.t0;
      eta = Math.max(0, Math.round(((total - j.done) * perGame) / 100) / 10);
    }
    return {
      id: j.id,
      state: j.state,
      settings: {
        scenario: j.start.scenario.id,
        source: j.start.source,
        agents: j.start.agents,
        games: total,
        seed: j.start.seed,
        workers: j.start.workers,
      },
      command: j.command,
      progress: { done: j.done, total, errors: j.errors, elapsedSeconds: Math.round((now - j.t0) / 100) / 10, etaSeconds: eta },
      report: j.report,
      dir: j.dir,
      ...(j.error !== undefined ? { error: j.error } : {}),
    };
  }

  /** Stop the running job (finished games kept and reported) and wait for it to end; a {@link HostError} 409 when none runs. */
  async cancel(): Promise<BalanceJobView> {
    const j = this.job;
    if (!j || j.state !== 'running') throw new HostError(409, 'no balance job is running');
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
