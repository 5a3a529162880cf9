/**
 * What `tournament` and `stress` share on the command line: the run options (workers, seed,
 * output folder, resume, records, time limit), checking everything before anything is written,
 * Ctrl-C handling, and the closing message or `--json` line.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { InvalidArgumentError, type Command, type CommanderError } from 'commander';
import type { LoadedScenario } from '../core/game.js';
import { loadScenario } from '../rules/index.js';
import { EXIT, UsageError, checkWritableDir, wholeNumber } from './common.js';
import { onInterrupt } from './interrupt.js';
import type { Analysis, ReportSummary } from '../report/common.js';
import { executeRun } from '../runner/execute.js';
import { ManifestError, readManifest, type RunManifest } from '../runner/manifest.js';
import { DEFAULT_WORKER_HEAP_MB, MIN_WORKER_HEAP_MB, defaultWorkers } from '../runner/pool.js';
import { checkReachable, DEFAULT_QUEUE_NAME, fileHash, maskPassword, parseQueueUrl, queuePlayer, runFiles } from '../runner/queue.js';
import type { GameRow } from '../runner/types.js';
import { shellWord } from '../runner/seeds.js';
import { LOCK_FILE, lockRunDir } from '../runner/lock.js';
import type { RecordsMode } from '../runner/types.js';

/** Options every run command takes. */
export interface RunCliOptions {
  scenario?: string;
  games?: number;
  workers?: number;
  seed?: number;
  out?: string;
  resume?: string;
  records?: RecordsMode;
  timeLimit?: number;
  batch?: number;
  workerHeap?: number;
  overwrite?: boolean;
  json?: boolean;
  quiet?: boolean;
  /** `--queue redis://…`: play the games on queue workers (src/runner/queue.ts) instead of local threads. */
  queue?: string;
  queueName?: string;
}

/** Commander parser for `--records`. */
export function parseRecords(v: string): RecordsMode {
  if (v !== 'all' && v !== 'errors' && v !== 'none') throw new InvalidArgumentError('expected all, errors or none');
  return v;
}

/** Commander parser for a whole number ≥ 0 (time limits). */
export function parseNonNegative(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

/** Commander parser for `--worker-heap`: MB, at least {@link MIN_WORKER_HEAP_MB} (below it no worker can start). */
export function parseWorkerHeap(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < MIN_WORKER_HEAP_MB || n > 1_048_576)
    throw new InvalidArgumentError(
      `expected megabytes, a whole number from ${MIN_WORKER_HEAP_MB} (the engine needs that much to start) to 1048576`,
    );
  return n;
}

/** Commander parser for `--workers`: 1 to 256 (more than the games or the cores is reduced or warned about when the run starts). */
export function parseWorkers(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('expected a whole number from 1 to 256');
  return n;
}

/** Commander parser for a whole number ≥ 1. */
export function parseCount(v: string): number {
  const n = wholeNumber(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/**
 * Add the shared run options to a command. Commander's own errors on this command (a bad option
 * value, an unknown option) exit with code 2, like every other bad input.
 */
export function addRunOptions(cmd: Command): Command {
  return cmd
    .exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2))
    .option(
      '--workers <n>',
      `worker threads (default: the machine's cores, ${defaultWorkers()} here; never more than the games to play; with --resume: the run's own, unless given)`,
      parseWorkers,
    )
    .option('--seed <n>', 'run seed: every game seed derives from it and the game id (default 1)', parseNonNegative)
    .option('--out <dir>', 'run folder (default results/<kind>-<scenario>-seed<seed>)')
    .option(
      '--resume <run>',
      'finish an interrupted run: its folder (or its name under results/); other run settings come from its run.json',
    )
    .option('--records <which>', 'game records to write under <dir>/records/: all, errors or none (default errors)', parseRecords)
    .option(
      '--time-limit <ms>',
      'per-decision time limit: an agent that takes longer loses the game (0 = none; default 10000)',
      parseNonNegative,
    )
    .option('--batch <games>', 'games per worker task (default: from the run size, 1–16)', parseCount)
    .option(
      '--worker-heap <MB>',
      `heap limit of each worker thread; raise it for agents with big search trees (default ${DEFAULT_WORKER_HEAP_MB}, at least ${MIN_WORKER_HEAP_MB})`,
      parseWorkerHeap,
    )
    .option('--overwrite', 'replace an earlier run in the same folder')
    .option('--json', 'print one JSON summary line on stdout')
    .option('--quiet', 'no progress on stderr')
    .option(
      '--queue <redis-url>',
      'play the games on `worker` processes (any machines) through a BullMQ queue on this Redis: redis://[[user]:password@]HOST:PORT[/DB], or rediss://… for TLS (default: local threads, no Redis)',
    )
    .option('--queue-name <name>', `the BullMQ queue, with --queue (default ${DEFAULT_QUEUE_NAME})`);
}

/** The command line as typed, for the report and run.json. */
export function commandLine(): string {
  const script = process.argv[1] ?? '';
  const head = script.endsWith('.ts') ? ['npx', 'tsx', relative(process.cwd(), script) || script] : ['skirmish'];
  const args = process.argv.slice(2).map((a, i, all) => (all[i - 1] === '--queue' || a.startsWith('--queue=') ? maskPassword(a) : a));
  return [...head, ...args.map(shellWord)].join(' ');
}

/** A path as the user would type it: relative to the working folder when inside it. */
export function shownPath(p: string): string {
  const r = relative(process.cwd(), p);
  return r === '' ? '.' : r.startsWith('..') || isAbsolute(r) ? p : r;
}

/** The command that resumes the run in `dir` (with `--workers` when the run has a worker count). */
export function resumeCommand(kind: string, dir: string, workers?: number): string {
  const script = process.argv[1] ?? '';
  const head = script.endsWith('.ts') ? `npx tsx ${relative(process.cwd(), script) || script}` : 'skirmish';
  return `${head} ${kind} --resume ${shellWord(shownPath(dir))}${workers !== undefined ? ` --workers ${workers}` : ''}`;
}

/** Files a run writes in its folder (what `--overwrite` removes). */
const RUN_FILES = /^(run\.json|games\.jsonl|report\.(md|json)|[a-z-]+\.(csv|svg))$/;

/**
 * Check that `dir` can take a new run: absent, empty, or (with `overwrite`) an earlier run, whose
 * files are then removed. Throws a {@link UsageError} otherwise; removes nothing unless allowed.
 */
export function prepareNewRunDir(dir: string, overwrite: boolean, quiet = false): () => void {
  checkWritableDir(dir, `--out ${shownPath(dir)}`);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir}: exists and is not a folder`);
  // One process at a time in a run folder (before anything in it is looked at or removed).
  takeRunLock(dir, quiet);
  const entries = readdirSync(dir).filter((e) => e !== LOCK_FILE);
  if (entries.length === 0) return () => undefined;
  const isRun = entries.includes('run.json') || entries.includes('games.jsonl');
  if (!isRun) throw new UsageError(`--out ${dir}: the folder is not empty and holds no run; choose another --out`);
  if (!overwrite)
    throw new UsageError(
      `--out ${dir}: already holds a run; finish it with --resume ${dir}, replace it with --overwrite, or choose another --out`,
    );
  return () => {
    for (const e of entries) {
      if (RUN_FILES.test(e) || e === 'records') rmSync(join(dir, e), { recursive: true, force: true });
    }
  };
}

/**
 * Lock run folder `dir` for this process (src/runner/lock.ts): a live holder is refused (exit 2,
 * naming it); a stale lock (its process gone) is taken over with a note on stderr.
 */
export function takeRunLock(dir: string, quiet: boolean): void {
  const lock = lockRunDir(dir);
  const s = lock.tookOver;
  if (s && !quiet) {
    process.stderr.write(
      `note: ${shownPath(dir)}: a stale lock (process ${s.pid}${s.started ? `, started ${new Date(s.started).toISOString()}` : ''}, is gone) was taken over; the games it finished are kept, a game it was playing is played again\n`,
    );
  }
}

/** Find a run folder from `--resume <run>`: a path, or a name under results/. */
export function findRunDir(run: string): string {
  const candidates = [run, join('results', run)];
  for (const c of candidates) if (existsSync(join(c, 'run.json'))) return resolve(c);
  throw new UsageError(`--resume ${run}: no run there (looked for ${candidates.map((c) => join(c, 'run.json')).join(' and ')})`);
}

/**
 * Load a resumed run's manifest and scenario, checking it is the same scenario, rules version and
 * agent files (those run.json has hashes of) as when the run started.
 */
export function loadResumed(
  kind: RunManifest['kind'],
  run: string,
  o: RunCliOptions,
): { dir: string; manifest: RunManifest; scenario: LoadedScenario } {
  const conflicting = (['scenario', 'seed', 'out', 'records', 'timeLimit', 'overwrite'] as const).filter((k) => o[k] !== undefined);
  if (conflicting.length) {
    throw new UsageError(
      `--resume takes the run's settings from its run.json (only --games may extend it); drop ${conflicting.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')}`,
    );
  }
  const dir = findRunDir(run);
  checkWritableDir(dir, `--resume ${run}`);
  takeRunLock(dir, o.quiet === true);
  let manifest: RunManifest;
  try {
    manifest = readManifest(dir);
  } catch (e) {
    if (e instanceof ManifestError) throw new UsageError(e.message);
    throw e;
  }
  if (manifest.kind !== kind)
    throw new UsageError(`--resume ${run}: that is a ${manifest.kind} run; resume it with \`${manifest.kind} --resume\``);
  const scenario = loadScenario(manifest.scenario.arg);
  if (scenario.hash !== manifest.scenario.hash) {
    throw new UsageError(
      `--resume ${run}: the scenario ${manifest.scenario.arg} changed since the run started (hash ${scenario.hash}, run.json has ${manifest.scenario.hash}); start a new run`,
    );
  }
  if (scenario.ruleset.version !== manifest.scenario.rulesetVersion) {
    throw new UsageError(
      `--resume ${run}: the ${scenario.ruleset.id} rules changed since the run started (version ${scenario.ruleset.version}, run.json has ${manifest.scenario.rulesetVersion}); start a new run`,
    );
  }
  for (const [file, hash] of Object.entries(manifest.agentFiles ?? {})) {
    const now = fileHash(file);
    if (now === null)
      throw new UsageError(
        `--resume ${run}: the agent file ${file} is gone (run.json has its sha256 ${hash.slice(0, 12)}…); put it back as it was, or start a new run`,
      );
    if (now !== hash) {
      throw new UsageError(
        `--resume ${run}: the agent file ${file} changed since the run started (sha256 ${now.slice(0, 12)}…, run.json has ${hash.slice(0, 12)}…): the run would mix games of two versions of the agent; put the file back as it was, or start a new run`,
      );
    }
  }
  return { dir, manifest, scenario };
}

/** The default run folder. */
export function defaultRunDir(kind: string, scenarioId: string, seed: number): string {
  return resolve('results', `${kind}-${scenarioId}-seed${seed}`);
}

/** Resolve `--out` (absolute). */
export function outDir(out: string | undefined, kind: string, scenarioId: string, seed: number): string {
  if (out === undefined) return defaultRunDir(kind, scenarioId, seed);
  return isAbsolute(out) ? out : resolve(out);
}

/**
 * Run (or resume) and report, with Ctrl-C handling: the first Ctrl-C (or SIGTERM) stops the run
 * keeping every finished game and writes the report so far; a second (a deliberate one, not a copy
 * relayed by tsx or npm: see src/commands/interrupt.ts) exits at once. Sets the
 * exit code to 130 when interrupted. Prints the summary (or the `--json` line).
 */
export async function runAndReport(args: {
  kind: RunManifest['kind'];
  manifest: RunManifest;
  dir: string;
  scenario: LoadedScenario;
  analysis: Analysis & { shouldStop?(): boolean };
  o: RunCliOptions;
  resume: boolean;
  describe(summary: ReportSummary): string[];
}): Promise<void> {
  const { o } = args;
  if (o.queueName !== undefined && o.queue === undefined) throw new UsageError('--queue-name goes with --queue');
  // A new run keeps its agent files' hashes (a resume checks them: loadResumed) and its --workers;
  // a resume keeps the run's worker count unless --workers is given again (then that one is kept).
  const manifest: RunManifest = args.resume
    ? { ...args.manifest, ...(o.workers !== undefined ? { workers: o.workers } : {}) }
    : { ...args.manifest, agentFiles: runFiles(args.manifest), ...(o.workers !== undefined ? { workers: o.workers } : {}) };
  const address = o.queue !== undefined ? parseQueueUrl(o.queue, o.queueName) : null;
  if (address) await checkReachable(address); // before anything is written
  const ac = new AbortController();
  const removeHandlers = onInterrupt(() => {
    process.stderr.write('\nstopping: keeping every finished game and writing the report (press Ctrl-C again to quit at once)\n');
    ac.abort();
  });
  const workers = workerCount({ ...o, workers: manifest.workers }, manifest.games, o.quiet === true);
  const failures = new FailureTally();
  const analysis: Analysis & { shouldStop?(): boolean } = {
    add: (row) => {
      failures.add(row);
      args.analysis.add(row);
    },
    write: (info) => args.analysis.write(info),
    shouldStop: args.analysis.shouldStop ? () => args.analysis.shouldStop?.() === true : undefined,
  };
  const resumeCmd =
    resumeCommand(args.kind, args.dir, manifest.workers) +
    (address ? ` --queue ${shellWord(address.shown)}${o.queueName !== undefined ? ` --queue-name ${shellWord(o.queueName)}` : ''}` : '');
  const play = address
    ? queuePlayer({ address, manifest, dir: args.dir, log: o.quiet ? null : (line) => process.stderr.write(`${line}\n`) })
    : undefined;
  try {
    const { summary, info } = await executeRun({
      manifest,
      dir: args.dir,
      scenario: args.scenario,
      workers,
      resume: args.resume,
      analysis,
      progress: o.quiet ? null : process.stderr,
      signal: ac.signal,
      batchSize: o.batch,
      workerHeapMb: o.workerHeap,
      resumeCommand: resumeCmd,
      play,
    });
    const interrupted = `Interrupted after ${info.rows} of ${manifest.games} games; finish with: ${resumeCmd}`;
    const s = {
      ...summary,
      workers,
      seconds: Math.round(info.sessionSeconds * 100) / 100,
      gamesPerSecond: info.sessionSeconds > 0 ? Math.round((info.sessionGames / info.sessionSeconds) * 100) / 100 : 0,
      ...(info.failures ? { failures: info.failures } : {}),
      ...(info.ended === 'interrupted' ? { resume: resumeCmd } : {}),
    };
    if (o.json) {
      process.stdout.write(`${JSON.stringify(s)}\n`);
      // stdout holds only the JSON line: the way to finish the run goes to stderr (and is in the JSON).
      if (info.ended === 'interrupted') process.stderr.write(`${interrupted}\n`);
    } else {
      const lines = args.describe(summary);
      lines.push(`Report: ${shownPath(join(args.dir, 'report.md'))}`);
      if (info.ended === 'interrupted') lines.push(interrupted);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    if (info.ended === 'interrupted') process.exitCode = EXIT.interrupted;
    else {
      if (info.failures?.length) {
        process.stderr.write(
          `error: ${info.failures.length} batch(es) failed on the queue (see ${shownPath(join(args.dir, 'report.md'))}); fix the workers, then finish the run with: ${resumeCmd}\n`,
        );
        process.exitCode = EXIT.failed;
      }
      // A run in which some agent never finished a game measured nothing about it: a failed run.
      const dead = failures.allFailed();
      for (const d of dead) {
        process.stderr.write(`error: every game of ${d.agent} (${d.games}) ended in an error, e.g. ${d.message}; replay one: ${d.repro}\n`);
      }
      if (dead.length) process.exitCode = EXIT.failed;
    }
    // A broken rule invariant is a defect whatever else happened: say so with the kept records, exit 1.
    const broken = failures.violationNotes(shownPath(args.dir));
    if (broken.length) {
      process.stderr.write(`${broken.join('\n')}\n`);
      if (process.exitCode === undefined || process.exitCode === EXIT.ok) process.exitCode = EXIT.failed;
    }
  } finally {
    removeHandlers();
  }
}

/**
 * The worker threads to use: `--workers` (default: the cores), never more than the games left to
 * play (each extra thread only costs memory and start-up); a warning on stderr above the cores
 * (not with `--queue`, where the games are played by the queue's workers and `--workers` only sizes
 * the batches).
 */
export function workerCount(o: RunCliOptions, gamesLeft: number, quiet: boolean): number {
  const cores = defaultWorkers();
  const asked = o.workers ?? cores;
  const n = Math.max(1, Math.min(asked, gamesLeft));
  // With --queue the games run on the queue's worker processes (any machines): --workers only sizes
  // the batches there, so this machine's cores say nothing about it.
  if (!quiet && o.workers !== undefined && n > cores && o.queue === undefined) {
    process.stderr.write(
      `warning: --workers ${o.workers} is more than this machine's ${cores} cores: the threads share them, each costs memory, and the run is no faster\n`,
    );
  }
  return n;
}

/**
 * Per agent spec: its games, and those that ended in an error of that agent or of no agent (engine,
 * worker); and the games that broke a rule invariant (rows with `violations` > 0).
 */
export class FailureTally {
  private readonly games = new Map<string, number>();
  private readonly failed = new Map<string, { n: number; message: string; repro: string }>();
  private readonly broken: { id: number; violations: number; first: string; record?: string }[] = [];

  add(row: GameRow): void {
    if ((row.violations ?? 0) > 0)
      this.broken.push({ id: row.id, violations: row.violations ?? 0, first: row.violationList?.[0] ?? '', record: row.record });
    for (const spec of new Set(Object.values(row.agents))) {
      this.games.set(spec, (this.games.get(spec) ?? 0) + 1);
      const e = row.error;
      if (e && (e.agent === undefined || e.agent === spec)) {
        const f = this.failed.get(spec);
        if (f) f.n++;
        else this.failed.set(spec, { n: 1, message: e.message, repro: e.repro });
      }
    }
  }

  /**
   * The closing error lines about invariant violations (none when no game broke one): how many, in
   * which games, the first in words, and where their records are (`dir` as shown to the user).
   */
  violationNotes(dir: string): string[] {
    if (!this.broken.length) return [];
    const b = [...this.broken].sort((x, y) => x.id - y.id);
    const total = b.reduce((n, x) => n + x.violations, 0);
    const ids =
      b
        .slice(0, 10)
        .map((x) => x.id)
        .join(', ') + (b.length > 10 ? ', …' : '');
    const lines = [
      `error: ${total} rule invariant violation(s) in ${b.length} game(s) (ids ${ids}): a defect in the rules engine, e.g. game ${b[0].id}: ${b[0].first}`,
    ];
    const kept = b.filter((x) => x.record !== undefined);
    if (kept.length)
      lines.push(
        `  their records are kept (whatever --records says): ${kept
          .slice(0, 3)
          .map((x) => `${dir}/${x.record as string}`)
          .join(', ')}${kept.length > 3 ? `, … (${kept.length})` : ''}`,
      );
    return lines;
  }

  /** Agents with at least one game, every one of which failed. */
  allFailed(): { agent: string; games: number; message: string; repro: string }[] {
    const out: { agent: string; games: number; message: string; repro: string }[] = [];
    for (const [agent, games] of this.games) {
      const f = this.failed.get(agent);
      if (f && f.n === games) out.push({ agent, games, message: f.message, repro: f.repro });
    }
    return out;
  }
}
