/** `tune`: search a scenario's declared parameters for a target win rate (src/tune/tune.ts). */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { InvalidArgumentError, type Command, type CommanderError } from 'commander';
import { loadScenario } from '../rules/index.js';
import { shellWord } from '../runner/seeds.js';
import { DEFAULT_WORKER_HEAP_MB } from '../runner/pool.js';
import {
  TUNE_FORMAT,
  TuneFolderError,
  candidateScenario,
  describeValues,
  pct,
  runTune,
  tuneReport,
  tuneReportData,
  tunedDomains,
  type TuneManifest,
} from '../tune/tune.js';
import { agentSpecs, checkWritableDir, collect, EXIT, fail, resolveFactories, UsageError } from './common.js';
import { writeAtomic } from '../core/files.js';
import { onInterrupt } from './interrupt.js';
import {
  commandLine,
  parseCount,
  parseNonNegative,
  parseWorkerHeap,
  parseWorkers,
  shownPath,
  takeRunLock,
  workerCount,
} from './run-options.js';
import { LOCK_FILE, releaseRunLocks } from '../runner/lock.js';

interface TuneCliOptions {
  scenario?: string;
  agent: string[];
  target?: string;
  budget?: number;
  games?: number;
  workers?: number;
  seed?: number;
  out?: string;
  resume?: string;
  only?: string;
  k?: number;
  neighbours?: number;
  timeLimit?: number;
  workerHeap?: number;
  overwrite?: boolean;
  quiet?: boolean;
  json?: boolean;
}

function parseK(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

function script(): string {
  const s = process.argv[1] ?? '';
  return s.endsWith('.ts') ? `npx tsx ${relative(process.cwd(), s) || s}` : 'skirmish';
}

/** Adds the `tune` command to the program. */
export function registerTune(program: Command): void {
  program
    .command('tune')
    .description(
      "Search a scenario's tunable parameters (its \"parameters\" list) for a setting where one side's win rate, under the given agents, is nearest a target. NTBEA (N-Tuple Bandit Evolutionary Algorithm) picks each candidate; its games run on worker threads, every candidate on the same seeds. Writes <dir>/report.md (every candidate's win rate with its 95% interval, a chart of the search; report.json the same as data), <dir>/best.json (the recommended scenario, complete) and prints the `stress` command that checks it on fresh seeds.",
    )
    .exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2))
    .option('--scenario <id or path>', 'a built-in scenario id or a scenario file that declares "parameters"')
    .option('--agent <side=spec>', 'the agent of a side (repeat per side; default heuristic)', collect, [])
    .option('--target <side=rate>', 'the side whose win rate is tuned and the rate wanted, 0–1 (e.g. pirates=0.5)')
    .option(
      '--budget <n>',
      'evaluations: candidates tried, a candidate tried again counting again (default 30); with --resume, a larger number extends the search',
      parseCount,
    )
    .option('--games <n>', 'games per evaluation (default 10)', parseCount)
    .option('--only <names>', "search only these parameters (comma-separated); the others keep the file's values")
    .option('--k <x>', "NTBEA's exploration constant, in win-rate distance (default 0.1)", parseK)
    .option('--neighbours <n>', 'mutated neighbours NTBEA scores per step (default 50)', parseCount)
    .option('--workers <n>', "worker threads (default: the machine's cores); kept in tune.json for --resume", parseWorkers)
    .option('--seed <n>', 'search seed: candidates and game seeds derive from it (default 1)', parseNonNegative)
    .option('--out <dir>', 'run folder (default results/tune-<scenario>-seed<seed>)')
    .option('--resume <dir>', 'continue an interrupted search (settings from its tune.json); finished games are not played again')
    .option(
      '--time-limit <ms>',
      'per-decision time limit: an agent that takes longer loses the game (0 = none; default 10000)',
      parseNonNegative,
    )
    .option('--worker-heap <MB>', `heap limit of each worker thread (default ${DEFAULT_WORKER_HEAP_MB})`, parseWorkerHeap)
    .option('--overwrite', 'replace an earlier tune run in the same folder')
    .option('--quiet', 'no progress lines on stderr')
    .option(
      '--json',
      'print one JSON document on stdout instead of the closing lines: what report.json holds (every evaluation and candidate, the best, the verify command) plus the files written (progress still goes to stderr unless --quiet)',
    )
    .addHelpText(
      'after',
      `
How it works:
  A scenario file declares what may change, each parameter by JSON path with its values; the file's own
  values are the defaults (scenarios/pirates/supply-raid.json ends with seven):
    "parameters": [
      { "name": "booty-to-win", "path": "$.victory.bootyToWin", "min": 5, "max": 30 },
      { "name": "watch-arms", "path": "$.sides[1].figures[7].weapon", "choices": ["rifle", "pistol"] },
      { "name": "watch-post", "move": "$.sides[1].groups[3].area", "axis": "y", "min": 10, "max": 24 }
    ]
  Each evaluation plays --games games of one candidate; its fitness is −|win rate − target| (draws count ½).
  NTBEA keeps the mean fitness per value of each parameter and per whole candidate, and moves to the
  neighbour (a mutation of the current candidate) with the best upper confidence bound. The recommended
  candidate is the one whose parameter values have the best mean fitness over all the games that used them.
  A candidate whose values make an invalid scenario (a building moved onto a deployment area…) plays no
  game: it is reported as invalid with the reason, gets the worst fitness (−1) and is never recommended.
  The search's own games flatter the candidate it picks: verify best.json with the printed \`stress\` command.

Examples:
  npx tsx src/cli.ts tune --scenario supply-raid --agent pirates=heuristic --agent townsfolk=heuristic --target pirates=0.5 --budget 40 --games 20 --workers 2 --seed 1 --out results/tune-raid
  npx tsx src/cli.ts tune --scenario supply-raid --agent pirates=mcts:iterations=10 --agent townsfolk=mcts:iterations=10 --target pirates=0.5 --only booty-to-win,max-turns --budget 30 --games 8 --out results/tune-mcts
  npx tsx src/cli.ts tune --resume results/tune-raid                 # after Ctrl-C: plays only the missing games
  npx tsx src/cli.ts tune --resume results/tune-raid --budget 60     # extend the search
  npx tsx src/cli.ts tune --scenario farmstead-raid --target vikings=0.5 --budget 10 --games 4 --json --quiet | jq .best
                                                                      # machine-readable: {"kind":"tune",…,"best":{"values":…,"score":…},"files":{…}}

With --json, stdout holds only the JSON document (one line): kind, scenario, target, agents, ended
("done" or "interrupted"), budget, games, seed, evaluations [{index, values, repeat, score, fitness,
invalid?}], candidates, best ({values, score, evaluations} or null), verify (the stress command or
null), and files {dir, report, reportJson, best (null without a best), tuneJson}; when interrupted,
resume (the command that continues the search). Scores are {rate, low, high, games} of the target side.

Exit codes: 0 done, 2 bad input (unknown side or parameter, a scenario without parameters…), 130 interrupted.`,
    )
    .action(async (o: TuneCliOptions) => {
      try {
        await tune(o);
      } catch (e) {
        if (e instanceof TuneFolderError) fail(new UsageError(e.message));
        fail(e);
      } finally {
        releaseRunLocks();
      }
    });
}

async function tune(o: TuneCliOptions): Promise<void> {
  let m: TuneManifest;
  let dir: string;
  let resume = false;
  if (o.resume !== undefined) {
    const conflicting = (
      ['scenario', 'target', 'games', 'seed', 'out', 'only', 'k', 'neighbours', 'timeLimit', 'overwrite'] as const
    ).filter((k) => o[k] !== undefined);
    if (conflicting.length || o.agent.length)
      throw new UsageError(
        `--resume takes the search's settings from its tune.json (only --budget may extend it); drop ${[...conflicting.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`), ...(o.agent.length ? ['--agent'] : [])].join(', ')}`,
      );
    dir = resolve(o.resume);
    const file = join(dir, 'tune.json');
    if (!existsSync(file)) throw new UsageError(`--resume ${o.resume}: no tune run there (no ${file})`);
    try {
      m = JSON.parse(readFileSync(file, 'utf8')) as TuneManifest;
    } catch (e) {
      throw new UsageError(`${file}: not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (m.format !== TUNE_FORMAT) throw new UsageError(`${file}: not a tune run (format ${TUNE_FORMAT})`);
    if (o.budget !== undefined) {
      if (o.budget < m.budget)
        throw new UsageError(`--budget ${o.budget}: the search already has a budget of ${m.budget}; give more to extend it`);
      m = { ...m, budget: o.budget };
    }
    // The worker count of the search, unless given again (then the new one is kept for later resumes).
    if (o.workers !== undefined) m = { ...m, workers: o.workers };
    resume = true;
  } else {
    if (o.scenario === undefined) throw new UsageError('--scenario is required (or --resume <dir>)');
    if (o.target === undefined) throw new UsageError('--target <side=rate> is required, e.g. --target pirates=0.5');
    const sc0 = loadScenario(o.scenario);
    const sides = sc0.ruleset.sides(sc0.compiled);
    const eq = o.target.indexOf('=');
    const side = eq > 0 ? o.target.slice(0, eq) : '';
    const rate = Number(o.target.slice(eq + 1));
    if (!sides.includes(side)) throw new UsageError(`--target ${o.target}: no side "${side}" in ${sc0.id} (sides: ${sides.join(', ')})`);
    if (eq < 0 || o.target.slice(eq + 1).trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1)
      throw new UsageError(`--target ${o.target}: the rate must be a number from 0 to 1 (e.g. ${side}=0.5)`);
    const only =
      o.only === undefined
        ? null
        : o.only
            .split(',')
            .map((x) => x.trim())
            .filter((x) => x !== '');
    tunedDomains(sc0, o.scenario, only);
    const { canonical } = await resolveFactories(agentSpecs(sc0, o.agent));
    const seed = o.seed ?? 1;
    dir = o.out === undefined ? resolve('results', `tune-${sc0.id}-seed${seed}`) : isAbsolute(o.out) ? o.out : resolve(o.out);
    checkWritableDir(dir, `--out ${shownPath(dir)}`);
    if (existsSync(dir) && readdirSync(dir).filter((e) => e !== LOCK_FILE).length > 0) {
      const isTune = existsSync(join(dir, 'tune.json'));
      if (!isTune) throw new UsageError(`--out ${shownPath(dir)}: the folder is not empty and holds no tune run; choose another --out`);
      if (o.overwrite !== true)
        throw new UsageError(
          `--out ${shownPath(dir)}: already holds a tune run; continue it with --resume ${shownPath(dir)}, replace it with --overwrite, or choose another --out`,
        );
    }
    m = {
      format: TUNE_FORMAT,
      scenario: { arg: o.scenario, id: sc0.id, hash: sc0.hash, ruleset: sc0.ruleset.id, rulesetVersion: sc0.ruleset.version },
      agents: canonical,
      target: { side, rate },
      budget: o.budget ?? 30,
      games: o.games ?? 10,
      seed,
      k: o.k ?? 0.1,
      neighbours: o.neighbours ?? 50,
      timeLimitMs: o.timeLimit ?? 10_000,
      only,
      ...(o.workers !== undefined ? { workers: o.workers } : {}),
      command: commandLine(),
    };
  }
  const sc = loadScenario(m.scenario.arg);
  if (resume && sc.hash !== m.scenario.hash)
    throw new UsageError(
      `--resume: the scenario ${m.scenario.arg} changed since the search started (hash ${sc.hash}, tune.json has ${m.scenario.hash}); start a new search`,
    );
  if (resume && sc.ruleset.version !== m.scenario.rulesetVersion)
    throw new UsageError(`--resume: the ${sc.ruleset.id} rules changed since the search started; start a new search`);
  mkdirSync(dir, { recursive: true });
  takeRunLock(dir, o.quiet === true); // one process at a time in a run folder
  if (resume) writeAtomic(join(dir, 'tune.json'), `${JSON.stringify(m, null, 2)}\n`);

  const ac = new AbortController();
  const off = onInterrupt(() => {
    process.stderr.write('\nstopping: keeping every finished game and writing the report (press Ctrl-C again to quit at once)\n');
    ac.abort();
  });
  try {
    const workers = workerCount({ workers: m.workers }, m.games, o.quiet === true);
    const workersArg = m.workers !== undefined ? ` --workers ${m.workers}` : '';
    const r = await runTune({
      manifest: m,
      scenario: sc,
      dir,
      resume,
      workers,
      signal: ac.signal,
      log: o.quiet ? null : (l) => process.stderr.write(`${l}\n`),
      workerHeapMb: o.workerHeap,
    });
    const bestFile = join(dir, 'best.json');
    const agents = Object.entries(m.agents)
      .map(([s, a]) => `--agent ${shellWord(`${s}=${a}`)}`)
      .join(' ');
    const verify = `${script()} stress --scenario ${shellWord(shownPath(bestFile))} ${agents} --games 400${workersArg} --seed ${m.seed + 1} --out ${shellWord(shownPath(join(dir, 'verify')))}`;
    if (r.best)
      writeAtomic(bestFile, `${JSON.stringify(candidateScenario(sc, r.best.values, m.scenario.arg, `${m.scenario.id}-tuned`), null, 2)}\n`);
    writeAtomic(join(dir, 'report.md'), tuneReport(m, r, verify));
    writeAtomic(join(dir, 'report.json'), `${JSON.stringify(tuneReportData(m, r, verify), null, 2)}\n`);
    if (o.json === true) {
      const doc = {
        ...tuneReportData(m, r, verify),
        files: {
          dir: shownPath(dir),
          report: shownPath(join(dir, 'report.md')),
          reportJson: shownPath(join(dir, 'report.json')),
          best: r.best ? shownPath(bestFile) : null,
          tuneJson: shownPath(join(dir, 'tune.json')),
        },
        ...(r.ended === 'interrupted' ? { resume: `${script()} tune --resume ${shellWord(shownPath(dir))}${workersArg}` } : {}),
      };
      process.stdout.write(`${JSON.stringify(doc)}\n`);
      if (r.ended === 'interrupted') process.exitCode = EXIT.interrupted;
      return;
    }
    const lines: string[] = [];
    if (r.best) {
      lines.push(
        `Best: ${describeValues(r.domains, r.best.values)} — ${m.target.side} ${pct(r.best.score.rate)} [${pct(r.best.score.low)}–${pct(r.best.score.high)}] over ${r.best.score.games} games (target ${pct(m.target.rate)}).`,
      );
      lines.push(`Scenario: ${shownPath(bestFile)}`);
    }
    const invalid = r.candidates.filter((c) => c.invalid !== undefined).length;
    if (invalid)
      lines.push(
        `${invalid} candidate${invalid === 1 ? '' : 's'} invalid (the scenario does not compile with ${invalid === 1 ? 'its' : 'their'} values): no games played, worst fitness; reasons in the report.`,
      );
    lines.push(`Report: ${shownPath(join(dir, 'report.md'))}`);
    if (r.ended === 'interrupted') {
      lines.push(
        `Interrupted after ${r.evaluations.length} of ${m.budget} evaluations; continue with: ${script()} tune --resume ${shellWord(shownPath(dir))}${workersArg}`,
      );
      process.exitCode = EXIT.interrupted;
    } else if (r.best) lines.push(`Verify on fresh seeds: ${verify}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    off();
  }
}
