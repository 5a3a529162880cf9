/**
 * The long run of issue 45's fuzz suite, through the real CLI: mutated built-in scenarios given to
 * `validate` and `run`, damaged records given to `replay --verify`, `render` and `play --resume`,
 * each a fresh process with a 512 MB heap. Prints, per command, how many cases ended with exit 0,
 * 1, 2, 3, a V8 abort or were killed (60 s of wall time), the case that took most CPU time, the
 * longest wall time and the largest resident size; then every case over the bounds (exit not 0, 1
 * or 2, more than 10 s CPU or 512 MB resident). Not a test (it takes minutes): the suite runs the same cases in-process.
 *
 *   npm run build && npx tsx bench/hostile.ts --built --cases 540 --records 240 [--seed 45]   (issue 45's ≥ 500 scenarios and ≥ 200 records)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { builtinScenarioFiles, parseJsonText, resolveInherit } from '../src/core/scenario.js';
import { damageRecord, mutate, stream, type J } from '../test/hostile/mutate.js';

const o = new Command()
  .option('--cases <n>', 'mutated scenarios (each through validate; every fourth also through run)', (v) => Number(v), 60)
  .option('--records <n>', 'damaged records (by turns through replay --verify, render and play --resume); default --cases', (v) =>
    Number(v),
  )
  .option('--seed <n>', 'stream seed', (v) => Number(v), 45)
  .option('--built', 'run the built CLI (dist/src/cli.js, `npm run build` first) instead of src/cli.ts under tsx: less start-up per case')
  .parse()
  .opts<{ cases: number; records?: number; seed: number; built?: boolean }>();
const CLI = o.built ? ['dist/src/cli.js'] : ['--import', 'tsx', 'src/cli.ts'];

const dir = mkdtempSync(join(tmpdir(), 'skirmish-hostile-'));
const stats = new Map<string, { codes: Record<string, number>; cpu: number; cpuArgs: string; wall: number; rssKb: number }>();
const over: string[] = [];
let cases = 0;

/**
 * Run the CLI with a 512 MB heap under /usr/bin/time (CPU time, largest resident size) and
 * `timeout` (killed after 60 s of wall time: a case that blocks). "Within 10 s" is judged on the
 * CPU time (user + system, the CLI's start-up under tsx included): on a shared machine the wall
 * time measures the load (printed beside it).
 */
function cli(kind: string, args: string[]): void {
  const t0 = Date.now();
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%M %U %S', 'timeout', '-s', 'KILL', '60', process.execPath, '--max-old-space-size=512', ...CLI, ...args],
    { encoding: 'utf8', input: '' }, // play --resume: the input ends at once (the game is saved)
  );
  const wall = Date.now() - t0;
  const m = /(\d+) ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  const rss = Number(m?.[1] ?? 0);
  const cpu = Math.round((Number(m?.[2] ?? 0) + Number(m?.[3] ?? 0)) * 1000);
  // timeout exits 137 when it killed the CLI; a V8 abort is 134.
  const code = r.status === 137 ? 'killed at 60 s' : r.status === 134 ? 'V8 abort (134)' : String(r.status ?? r.signal);
  const s = stats.get(kind) ?? { codes: {}, cpu: 0, cpuArgs: '', wall: 0, rssKb: 0 };
  s.codes[code] = (s.codes[code] ?? 0) + 1;
  if (cpu > s.cpu) [s.cpu, s.cpuArgs] = [cpu, args.join(' ')];
  s.wall = Math.max(s.wall, wall);
  s.rssKb = Math.max(s.rssKb, rss);
  stats.set(kind, s);
  if (++cases % 50 === 0) summary(`after ${cases} cases (${new Date().toISOString()})`);
  if (!['0', '1', '2'].includes(code) || cpu > 10_000 || rss > 512 * 1024) {
    over.push(`${kind} ${args.join(' ')}: ${code}, ${cpu} ms CPU, ${Math.round(rss / 1024)} MB`);
    process.stderr.write(`${kind} ${args.join(' ')}: ${code}, ${cpu} ms CPU\n${(r.stderr ?? '').slice(0, 600)}\n`);
  }
}

// The two good records first: a finished game (for replay --verify and render) and a game saved by
// play (one side "human", no result line; 20 answers, then the input ends) for play --resume.
const rec = join(dir, 'good.jsonl');
cli('setup', [
  'run',
  '--scenario',
  'farmstead-raid',
  '--seed',
  '7',
  '--agent',
  'vikings=random',
  '--agent',
  'saxons=random',
  '--out',
  rec,
  '--quiet',
]);
const good = readFileSync(rec, 'utf8').trim().split('\n');
const saved = join(dir, 'saved.jsonl');
const args = [
  'play',
  '--scenario',
  'farmstead-raid',
  '--side',
  'vikings',
  '--opponent',
  'random',
  '--seed',
  '7',
  '--out',
  saved,
  '--no-map',
];
const p = spawnSync(process.execPath, [...CLI, ...args], { encoding: 'utf8', input: '1\n'.repeat(20) });
if (p.status !== 0) throw new Error(`play: exit ${p.status}: ${p.stderr}`);
const goodSaved = readFileSync(saved, 'utf8').trim().split('\n');

// Scenario cases and record cases interleaved (a run cut short still has figures for every command),
// each kind on its own stream: the scenarios are the in-test suite's (same seed, same order).
const docs = builtinScenarioFiles().map((f) => resolveInherit(parseJsonText(readFileSync(f, 'utf8'), f), f) as J);
const rndS = stream(o.seed);
const rndR = stream(o.seed * 101);
const records = o.records ?? o.cases;
for (let i = 0; i < Math.max(o.cases, records); i++) {
  if (i < o.cases) {
    const f = join(dir, `s${i}.json`);
    writeFileSync(f, JSON.stringify(mutate(docs[i % docs.length], rndS, 1 + Math.floor(rndS() * 3))));
    cli('validate', ['validate', f]);
    if (i % 4 === 0) cli('run', ['run', '--scenario', f, '--out', join(dir, `g${i}.jsonl`), '--quiet', '--time-limit', '2000']);
  }
  if (i < records) {
    const cmd = i % 3;
    const d = damageRecord(cmd === 2 ? goodSaved : good, rndR);
    const f = join(dir, `r${i}.jsonl${d.gzip ? '.gz' : ''}`);
    const text = `${d.lines.join('\n')}\n`;
    writeFileSync(f, d.gzip ? gzipSync(text) : text);
    if (cmd === 0) cli('replay --verify', ['replay', f, '--verify', '--quiet']);
    else if (cmd === 1) cli('render', ['render', f, '--out', join(dir, `r${i}.html`)]);
    else cli('play --resume', ['play', '--resume', f, '--out', join(dir, `p${i}.jsonl`), '--no-map']);
  }
}
summary('all cases');

/** Per command: cases by exit code, most CPU, longest wall time, largest resident size; the cases over the bounds. */
function summary(title: string): void {
  process.stdout.write(`${title}:\n`);
  for (const [kind, s] of stats) {
    const n = Object.values(s.codes).reduce((x, y) => x + y, 0);
    process.stdout.write(
      `${kind.padEnd(16)} ${n} cases: ${Object.entries(s.codes)
        .map(([c, k]) => `exit ${c}: ${k}`)
        .join(', ')}; most CPU ${s.cpu} ms (${s.cpuArgs}); longest wall ${s.wall} ms; largest resident ${Math.round(s.rssKb / 1024)} MB\n`,
    );
  }
  process.stdout.write(`over the bounds (exit not 0/1/2, > 10 s CPU or > 512 MB resident): ${over.length}\n${over.join('\n')}\n`);
}
