/**
 * `tournament` end to end: the same tournament on 1 and 2 workers writes byte-identical games
 * files (sorted by id) and records; the report shows the win matrix, the ratings with intervals and
 * the charts; --json; bad input exits 2 and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { cli, cliInProcess, gameRows, sortedGames, tempDir } from './helpers.js';

const root = tempDir('tournament');
const agents = 'random,greedy,heuristic';
const run = (workers: number, out: string, ...extra: string[]) =>
  cli(
    'tournament',
    '--scenario',
    'supply-raid',
    '--agents',
    agents,
    '--games',
    '2',
    '--workers',
    String(workers),
    '--seed',
    '5',
    '--out',
    out,
    '--records',
    'all',
    '--batch',
    '1',
    ...extra,
  );

describe('tournament', () => {
  const one = join(root, 'w1');
  const two = join(root, 'w2');

  it('--workers 1 and --workers 2 write byte-identical games files (sorted by id) and records', () => {
    const a = run(1, one, '--quiet');
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    const b = run(2, two, '--json');
    expect(b.code).toBe(0);
    const rows = gameRows(one);
    expect(rows).toHaveLength(6); // 3 pairings × 2 games
    expect(new Set(rows.map((r) => r.id)).size).toBe(6);
    expect(sortedGames(two)).toBe(sortedGames(one));
    const recs = readdirSync(join(one, 'records')).sort();
    expect(recs).toHaveLength(6);
    expect(readdirSync(join(two, 'records')).sort()).toEqual(recs);
    for (const f of recs) {
      expect(f).toMatch(/^game-\d+\.jsonl\.gz$/);
      expect(readFileSync(join(two, 'records', f)).equals(readFileSync(join(one, 'records', f)))).toBe(true);
    }
    // Each pairing met the same seed in both side orders.
    for (const r of rows) {
      const swapped = rows.find(
        (o) => o.seed === r.seed && o.agents.pirates === r.agents.townsfolk && o.agents.townsfolk === r.agents.pirates,
      );
      expect(swapped).toBeDefined();
    }
    // --json: one summary line.
    const lines = b.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const s = JSON.parse(lines[0]) as {
      kind: string;
      games: number;
      report: string;
      ratings: { agent: string; elo: number; low: number; high: number }[];
    };
    expect(s).toMatchObject({ kind: 'tournament', games: 6, report: join(two, 'report.md') });
    expect(s.ratings.map((r) => r.agent).sort()).toEqual(['greedy', 'heuristic', 'random']);
  });

  it('a game record from the run is gzip-compressed and replays and verifies, compressed or not, whatever its name', () => {
    const gz = join(one, 'records', 'game-1.jsonl.gz');
    const bytes = readFileSync(gz);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const text = gunzipSync(bytes);
    expect(bytes.length).toBeLessThan(text.length / 4);
    const plain = join(root, 'plain.jsonl');
    const misnamed = join(root, 'compressed-but-named.jsonl');
    writeFileSync(plain, text);
    writeFileSync(misnamed, bytes);
    for (const f of [gz, plain, misnamed]) {
      const r = cli('replay', f, '--verify', '--quiet');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/verified/);
    }
  });

  it('report.md shows the win matrix, the ratings with intervals and the charts; report.json, CSV and SVG are written', () => {
    const md = readFileSync(join(one, 'report.md'), 'utf8');
    expect(md).toMatch(/## Win matrix/);
    expect(md).toMatch(/\| \*\*`heuristic`\*\* \|/);
    expect(md).toMatch(/## Ratings/);
    expect(md).toMatch(/\| rank \| agent \| Elo \| 95% interval \|/);
    expect(md).toMatch(/\| 1 \| `\w+` \| -?\d+ \| -?\d+ … -?\d+ \|/);
    expect(md).toMatch(/Side advantage of `pirates`/);
    // Paired by seed: every pairing played its one seed in both orders, so each has one deal.
    expect(md).toMatch(/## Paired by seed/);
    expect(md).toMatch(/\| A \| B \| deals \| A better \(won both\) \| B better \(won both\) \| even \(split\) \| sign test p \|/);
    for (const chart of ['ratings.svg', 'winrate-by-side.svg', 'game-length.svg']) {
      expect(md).toContain(`](${chart})`);
      expect(readFileSync(join(one, chart), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
    }
    for (const f of ['report.json', 'pairings.csv', 'ratings.csv', 'run.json']) expect(existsSync(join(one, f))).toBe(true);
    const report = JSON.parse(readFileSync(join(one, 'report.json'), 'utf8')) as {
      winMatrix: unknown[][];
      fit: { ratings: { elo: number; low: number; high: number }[] };
    };
    expect(report.winMatrix).toHaveLength(3);
    const deals = (report as unknown as { pairedDeals: { deals: number; aBoth: number; bBoth: number; split: number }[] }).pairedDeals;
    expect(deals).toHaveLength(3);
    for (const d of deals) expect(d.aBoth + d.bBoth + d.split).toBe(d.deals);
    expect(deals.reduce((n, d) => n + d.deals, 0)).toBe(3);
    for (const r of report.fit.ratings) expect(r.low).toBeLessThan(r.high);
    expect(readFileSync(join(one, 'ratings.csv'), 'utf8').split('\n')[0]).toBe('agent,elo,low,high,se,score,games');
  });

  it('--sprt stops a clear mismatch early with H1 accepted', () => {
    const out = join(root, 'sprt');
    const r = cli(
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      'heuristic,random',
      '--games',
      '200',
      '--sprt',
      '0,200',
      '--workers',
      '2',
      '--out',
      out,
      '--json',
      '--quiet',
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out) as { games: number; total: number; ended: string; sprt: { verdict: string; decidedAt: number } };
    expect(s.sprt.verdict).toBe('H1');
    expect(s.ended).toBe('stopped');
    expect(s.total).toBe(200);
    expect(s.games).toBeLessThan(60);
    expect(s.games).toBeGreaterThanOrEqual(s.sprt.decidedAt);
    expect(s.sprt.decidedAt % 2).toBe(0); // a verdict falls on a whole deal (both side orders)
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/\*\*H1 accepted\*\* after \d+ games/);
  });

  it('bad input exits 2, names the problem and writes nothing', async () => {
    const out = join(root, 'bad');
    const cases: [string[], RegExp][] = [
      [['--agents', 'random,wizard'], /unknown agent "wizard"/],
      [['--agents', 'random'], /at least two/],
      [['--agents', 'random,heuristic,greedy', '--sprt', '0,50'], /exactly two/],
      [['--agents', 'random,heuristic', '--sprt', '50,0'], /--sprt 50,0/],
      [['--agents', 'random,heuristic', '--games', '0'], /--games/],
      [['--agents', 'random,heuristic', '--records', 'some'], /--records/],
    ];
    for (const [args, msg] of cases) {
      const r = await cliInProcess('tournament', '--scenario', 'supply-raid', '--out', out, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
      expect(existsSync(out)).toBe(false);
    }
    const missing = await cliInProcess('tournament', '--scenario', 'nowhere', '--agents', 'random,heuristic', '--out', out);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nowhere/);
    const side = await cliInProcess('stress', '--scenario', 'supply-raid', '--agent', 'sailors=random', '--out', out);
    expect(side.code).toBe(2);
    expect(side.err).toMatch(/no side "sailors"/);
    // An existing run is not overwritten without --overwrite.
    const before = readFileSync(join(one, 'games.jsonl'), 'utf8');
    const again = await cliInProcess('tournament', '--scenario', 'supply-raid', '--agents', agents, '--out', one);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already holds a run.*--resume/);
    expect(readFileSync(join(one, 'games.jsonl'), 'utf8')).toBe(before);
    const resume = await cliInProcess('tournament', '--resume', join(root, 'no-such-run'));
    expect(resume.code).toBe(2);
    expect(resume.err).toMatch(/no run there/);
    const wrongKind = await cliInProcess('stress', '--resume', one);
    expect(wrongKind.code).toBe(2);
    expect(wrongKind.err).toMatch(/that is a tournament run/);
    // (--games may be given: it extends a run, see test/cli/run-end.test.ts; other settings conflict.)
    const conflict = await cliInProcess('tournament', '--resume', one, '--seed', '4');
    expect(conflict.code).toBe(2);
    expect(conflict.err).toMatch(/drop --seed/);
  });

  it('--help shows an example', () => {
    for (const c of ['tournament', 'stress']) {
      const r = cli(c, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`Example[\\s\\S]*src/cli.ts ${c} --scenario supply-raid`));
    }
  });
});
