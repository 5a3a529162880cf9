/**
 * The long run of issue 45's fuzz suite, through the real CLI: mutated built-in scenarios given to
 * `validate` and `run`, damaged records given to `replay --verify`, `render` and `play --resume`,
 * each a fresh process with a 512 MB heap and a 10 s limit. Prints, per command, how many cases
 * ended with exit 0, 1, 2, 3 or were killed (time or memory), and the slowest case and largest
 * resident size. Not a test (it takes minutes): the suite runs the same cases in-process.
 *
 *   npx tsx bench/hostile.ts --cases 60 [--seed 45]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { builtinScenarioFiles, parseJsonText, resolveInherit } from '../src/core/scenario.js';
import { mutate, stream, type J } from '../test/hostile/mutate.js';

const o = new Command()
  .option('--cases <n>', 'cases per kind (scenarios, records)', (v) => Number(v), 60)
  .option('--seed <n>', 'stream seed', (v) => Number(v), 45)
  .parse()
  .opts<{ cases: number; seed: number }>();

const dir = mkdtempSync(join(tmpdir(), 'skirmish-hostile-'));
const rnd = stream(o.seed);
const stats = new Map<string, { codes: Record<string, number>; slowest: number; rssKb: number }>();

/** Run the CLI under /usr/bin/time (resident size) with a 512 MB heap and a 10 s limit. */
function cli(kind: string, args: string[]): void {
  const t0 = Date.now();
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, '--max-old-space-size=512', '--import', 'tsx', 'src/cli.ts', ...args],
    { encoding: 'utf8', timeout: 10_000 },
  );
  const ms = Date.now() - t0;
  const rss = Number(/(\d+)\s*$/.exec(r.stderr ?? '')?.[1] ?? 0);
  const code = r.signal ? `killed (${r.signal})` : String(r.status);
  const s = stats.get(kind) ?? { codes: {}, slowest: 0, rssKb: 0 };
  s.codes[code] = (s.codes[code] ?? 0) + 1;
  s.slowest = Math.max(s.slowest, ms);
  s.rssKb = Math.max(s.rssKb, rss);
  stats.set(kind, s);
  if (code === '3' || r.signal || (r.status ?? 0) > 3)
    process.stderr.write(`${kind} ${args.join(' ')}: ${code}\n${(r.stderr ?? '').slice(0, 600)}\n`);
}

const docs = builtinScenarioFiles().map((f) => resolveInherit(parseJsonText(readFileSync(f, 'utf8'), f), f) as J);
for (let i = 0; i < o.cases; i++) {
  const f = join(dir, `s${i}.json`);
  writeFileSync(f, JSON.stringify(mutate(docs[i % docs.length], rnd, 1 + Math.floor(rnd() * 3))));
  cli('validate', ['validate', f]);
  if (i % 4 === 0) cli('run', ['run', '--scenario', f, '--out', join(dir, `g${i}.jsonl`), '--quiet', '--time-limit', '2000']);
}
const rec = join(dir, 'good.jsonl');
cli('run', ['run', '--scenario', 'farmstead-raid', '--agent', 'vikings=random', '--agent', 'saxons=random', '--out', rec, '--quiet']);
const good = readFileSync(rec, 'utf8').trim().split('\n');
for (let i = 0; i < o.cases; i++) {
  const ls = [...good];
  const at = 1 + Math.floor(rnd() * (ls.length - 1));
  const k = Math.floor(rnd() * 4);
  if (k === 0) ls.splice(at, 1);
  else if (k === 1) ls[0] = JSON.stringify(mutate(JSON.parse(ls[0]) as J, rnd, 1));
  else if (k === 2) ls[at] = JSON.stringify(mutate(JSON.parse(ls[at]) as J, rnd, 1));
  else ls.pop();
  const f = join(dir, `r${i}.jsonl`);
  writeFileSync(f, `${ls.join('\n')}\n`);
  const cmd = i % 3;
  if (cmd === 0) cli('replay --verify', ['replay', f, '--verify', '--quiet']);
  else if (cmd === 1) cli('render', ['render', f, '--out', join(dir, `r${i}.html`)]);
  else cli('play --resume', ['play', '--resume', f, '--out', join(dir, `p${i}.jsonl`)]);
}
for (const [kind, s] of stats) {
  process.stdout.write(
    `${kind.padEnd(16)} ${Object.entries(s.codes)
      .map(([c, n]) => `exit ${c}: ${n}`)
      .join(', ')}; slowest ${s.slowest} ms; largest resident ${Math.round(s.rssKb / 1024)} MB\n`,
  );
}
