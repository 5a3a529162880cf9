/**
 * One session of a run: prepare (or reopen) the run folder, stream finished games to
 * `games.jsonl` and into the analysis, then write the report. Shared by `tournament` and `stress`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedScenario } from '../core/game.js';
import type { Analysis, ReportSummary, RunInfo } from '../report/common.js';
import { writeAtomic } from '../core/files.js';
import { GamesWriter, readGames, sortGamesFile } from './gamesfile.js';
import { gameAt, partnersOf, type RunManifest } from './manifest.js';
import { runGames, type RunGamesOptions, type RunGamesResult } from './pool.js';
import { Progress, type ProgressSink } from './progress.js';
import type { WorkerConfig } from './types.js';

/** What {@link executeRun} needs. */
export interface ExecuteOptions {
  manifest: RunManifest;
  /** The run folder (absolute). */
  dir: string;
  scenario: LoadedScenario;
  workers: number;
  /** Continue the run in `dir` (its run.json must be `manifest`); else start it afresh. */
  resume: boolean;
  /** The analysis; `shouldStop` (SPRT) ends the run early. */
  analysis: Analysis & { shouldStop?(): boolean };
  /** Where progress goes (null: nowhere). */
  progress: ProgressSink | null;
  progressEveryMs?: number;
  /** Aborting stops the run at once, keeping finished games (Ctrl-C). */
  signal?: AbortSignal;
  batchSize?: number;
  /** Old-generation heap limit per worker, MB (see {@link RunGamesOptions.workerHeapMb}). */
  workerHeapMb?: number;
  /** The command that resumes this run. */
  resumeCommand: string;
  /** What plays the games (default {@link runGames}: local worker threads; `--queue`: src/runner/queue.ts). */
  play?: (o: RunGamesOptions) => Promise<RunGamesResult>;
}

/** Play the run's missing games and write its report. */
export async function executeRun(o: ExecuteOptions): Promise<{ summary: ReportSummary; info: RunInfo }> {
  const m = o.manifest;
  const gamesFile = join(o.dir, 'games.jsonl');
  mkdirSync(o.dir, { recursive: true });
  let done = new Set<number>();
  let validBytes: number | undefined;
  let rows = 0;
  if (o.resume) {
    // The manifest may have grown (`--resume … --games N` extends a run): keep run.json in step.
    writeAtomic(join(o.dir, 'run.json'), `${JSON.stringify(m, null, 2)}\n`);
    const scan = await readGames(gamesFile, (row) => {
      if (row.id < 1 || row.id > m.games) return;
      rows++;
      o.analysis.add(row);
    });
    done = new Set([...scan.ids].filter((id) => id >= 1 && id <= m.games));
    validBytes = scan.validBytes;
  } else {
    writeAtomic(join(o.dir, 'run.json'), `${JSON.stringify(m, null, 2)}\n`);
    writeAtomic(gamesFile, '');
  }
  const sides = o.scenario.ruleset.sides(o.scenario.compiled);
  const config: WorkerConfig = {
    scenarioRaw: o.scenario.raw,
    scenarioOrigin: m.scenario.arg,
    scenarioArg: m.scenario.arg,
    timeLimitMs: m.timeLimitMs,
    // Every game of both kinds is watched: a broken rule invariant is a defect whatever the run (it keeps
    // the game's record and makes the run exit 1; issue 45 item 1).
    invariants: true,
    measures: m.kind === 'stress',
    records: m.records,
    outDir: o.dir,
    epoch: Date.now(),
  };
  const writer = new GamesWriter(gamesFile, validBytes);
  const progress = new Progress(m.games, done.size, o.progress, o.progressEveryMs);
  const t0 = Date.now();
  let result;
  try {
    result = await (o.play ?? runGames)({
      config,
      sides,
      workers: o.workers,
      total: m.games,
      gameAt: (id) => gameAt(m, sides, id),
      done,
      onRow: (row) => {
        writer.write(row);
        rows++;
        o.analysis.add(row);
        progress.tick(row.error !== undefined);
      },
      shouldStop: o.analysis.shouldStop ? () => o.analysis.shouldStop?.() === true : undefined,
      partners: (id) => partnersOf(m, id),
      signal: o.signal,
      batchSize: o.batchSize,
      workerHeapMb: o.workerHeapMb,
    });
  } finally {
    writer.close();
  }
  // Every game played: the file in id order, the same bytes whatever order the games finished in.
  if (result.ended === 'done' && rows >= m.games) sortGamesFile(gamesFile);
  progress.finish();
  const info: RunInfo = {
    manifest: m,
    dir: o.dir,
    sides,
    rows,
    ended: result.ended,
    workers: o.workers,
    sessionGames: result.finished,
    sessionSeconds: (Date.now() - t0) / 1000,
    retried: result.retried,
    resumeCommand: o.resumeCommand,
  };
  if (result.failures?.length) info.failures = result.failures;
  return { summary: o.analysis.write(info), info };
}
