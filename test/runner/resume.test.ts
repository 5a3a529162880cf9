/**
 * Stopping and resuming: a stress run killed with SIGKILL half-way, then resumed, ends with every
 * game exactly once — and the same rows as a run that was never stopped; Ctrl-C (SIGINT) stops
 * cleanly with exit code 130, keeps the finished games and writes the report so far.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, cliStart, exited, gameLines, gameRows, sortedGames, tempDir, until } from './helpers.js';

const root = tempDir('resume');
const GAMES = 60;
const stress = (out: string, workers: number, ...extra: string[]): string[] => [
  'stress',
  '--scenario',
  'supply-raid',
  '--agent',
  'pirates=random',
  '--agent',
  'townsfolk=random',
  '--games',
  String(GAMES),
  '--workers',
  String(workers),
  '--seed',
  '3',
  '--batch',
  '2',
  '--out',
  out,
  ...extra,
];

describe('stop and resume', () => {
  const reference = join(root, 'reference');
  let referenceDone = false;
  /** The same run, never stopped (made once, by whichever test needs it first). */
  const referenceGames = (): string => {
    if (!referenceDone) {
      const ref = cli(...stress(reference, 2, '--quiet'));
      expect(ref.code).toBe(0);
      referenceDone = true;
    }
    return sortedGames(reference);
  };

  it('a run killed with SIGKILL half-way and resumed has every game exactly once, as if never stopped', async () => {
    const out = join(root, 'killed');
    const p = cliStart(...stress(out, 1, '--quiet'));
    await until(() => gameLines(out).length >= GAMES / 3, 60_000);
    p.kill('SIGKILL');
    expect(await exited(p)).toBe('SIGKILL');
    const before = gameLines(out).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(GAMES); // really stopped half-way

    const r = cli('stress', '--resume', out, '--workers', '2', '--quiet', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ids = gameRows(out).map((x) => x.id);
    expect(ids).toHaveLength(GAMES);
    expect(new Set(ids).size).toBe(GAMES);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(GAMES);
    expect(JSON.parse(r.out) as { games: number; total: number }).toMatchObject({ games: GAMES, total: GAMES });

    expect(sortedGames(out)).toBe(referenceGames());
    // The report counts every game once.
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      games: number;
      violations: number;
      balance: { balance: number; drama: { n: number } };
    };
    expect(report.games).toBe(GAMES);
    expect(report.violations).toBe(0);
    expect(report.balance.drama.n).toBe(GAMES);
    // The stress report's sections, with the Supply Raid's objective statistics.
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    for (const section of [
      '## Result by side',
      '## Balance',
      '## Game length',
      '## Objectives',
      '## Casualties and figures by side',
      '## Morale',
      '## Rule paths',
      '## Invariant violations',
      '## Errors',
    ]) {
      expect(md).toContain(section);
    }
    for (const stat of ['`landed`', '`reachedObjective`', '`moraleFailures`', '`captures`']) expect(md).toContain(stat);
    expect(md).toMatch(/\| balance \| \d\.\d{3} \|/);
    expect(md).toContain('](winrate-by-side.svg)');
    expect(md).toContain('](game-length.svg)');
  });

  it('Ctrl-C stops cleanly (exit 130), keeps finished games and writes the report so far; --resume finishes', async () => {
    const out = join(root, 'interrupted');
    const p = cliStart(...stress(out, 2));
    let stdout = '';
    p.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    await until(() => gameLines(out).length >= 10, 60_000);
    p.kill('SIGINT');
    expect(await exited(p)).toBe(130);
    const kept = gameLines(out);
    expect(kept.length).toBeLessThan(GAMES);
    const text = readFileSync(join(out, 'games.jsonl'), 'utf8');
    expect(text.endsWith('\n')).toBe(true); // no half-written line
    expect(stdout).toMatch(/Interrupted after \d+ of 60 games; finish with: .*stress --resume/);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/\*\*Interrupted\*\*/);

    const r = cli('stress', '--resume', out, '--workers', '2', '--quiet');
    expect(r.code).toBe(0);
    expect(sortedGames(out)).toBe(referenceGames());
    // Finished games were not replayed: each kept line is in the finished file as it was, and no game
    // is there twice (the finished file is in id order, so the kept lines are no longer its prefix).
    const final = gameLines(out);
    expect(final).toHaveLength(GAMES);
    expect(new Set(final.map((l) => (JSON.parse(l) as { id: number }).id)).size).toBe(GAMES);
    for (const line of kept) expect(final).toContain(line);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).not.toMatch(/Interrupted/);
    expect(md).toMatch(/## Invariant violations\n\n0 —/);
  });
});
