/**
 * `tune` (issue 17): reproducible from its seed, resumes without replaying finished games, bad
 * input exits 2 naming it. Tiny runs: Pig Wars' Farmstead Raid with scripted agents, 2 games a
 * candidate.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerTune } from '../../src/commands/tune.js';
import { fromRaw } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';
import { inProcess } from '../cli/in-process.js';
import { cli, cliStart, gameLines, sortedGames, tempDir, until } from './helpers.js';

const base = [
  'tune',
  '--scenario',
  'farmstead-raid',
  '--agent',
  'vikings=heuristic',
  '--agent',
  'saxons=heuristic',
  '--target',
  'vikings=0.5',
  '--only',
  'loot-to-win,max-turns',
  '--games',
  '2',
  '--workers',
  '1',
  '--quiet',
];

describe('tune', () => {
  it('is reproducible from its seed; resuming after an interrupt plays only the missing games', () => {
    const a = tempDir('tune-a');
    const b = tempDir('tune-b');
    const r1 = cli(...base, '--budget', '3', '--seed', '5', '--out', a);
    expect(r1.err).toBe('');
    expect(r1.code).toBe(0);
    expect(r1.out).toMatch(/Verify on fresh seeds: .* stress --scenario .*best\.json .*--games 400 .*--seed 6/);
    // best.json is a complete scenario file that validates (and compiles with its values).
    const best = JSON.parse(readFileSync(join(a, 'best.json'), 'utf8')) as { id: string };
    expect(best.id).toBe('farmstead-raid-tuned');
    expect(() => compileSource(fromRaw(best, 'best.json'))).not.toThrow();
    const report = readFileSync(join(a, 'report.md'), 'utf8');
    expect(report).toContain('## Candidates');
    expect(report).toMatch(/\| 1( \*\*best\*\*)? \| .* \| \d+\.\d% \| \d+\.\d%–\d+\.\d% \|/);
    const lines = gameLines(a);
    expect(lines).toHaveLength(6);

    // The same settings from scratch in another folder: the same games and the same choice.
    const r2 = cli(...base, '--budget', '3', '--seed', '5', '--out', b);
    expect(r2.code).toBe(0);
    expect(sortedGames(b)).toBe(sortedGames(a));
    expect(readFileSync(join(b, 'best.json'), 'utf8')).toBe(readFileSync(join(a, 'best.json'), 'utf8'));

    // An interrupted search: three games kept and a fourth cut off mid-line, no report yet.
    writeFileSync(join(b, 'games.jsonl'), `${lines.slice(0, 3).join('\n')}\n${lines[3].slice(0, 40)}`);
    rmSync(join(b, 'report.md'));
    rmSync(join(b, 'best.json'));
    const r3 = cli('tune', '--resume', b, '--quiet');
    expect(r3.err).toBe('');
    expect(r3.code).toBe(0);
    const after = gameLines(b);
    // The three finished games were not played again (no duplicates, their lines untouched), the
    // three missing ones were, and the result is the uninterrupted one.
    expect(after).toHaveLength(6);
    expect(after.slice(0, 3)).toEqual(lines.slice(0, 3));
    expect(sortedGames(b)).toBe(sortedGames(a));
    expect(readFileSync(join(b, 'best.json'), 'utf8')).toBe(readFileSync(join(a, 'best.json'), 'utf8'));

    // Extending the budget plays only the new evaluations' games.
    const r4 = cli('tune', '--resume', b, '--budget', '4', '--quiet');
    expect(r4.code).toBe(0);
    const extended = gameLines(b);
    expect(extended).toHaveLength(8);
    expect(extended.slice(0, 6)).toEqual(after);
  }, 180_000);

  it('Ctrl-C stops the search with exit 130, writing the report so far; --resume finishes it without replaying a finished game', async () => {
    const dir = tempDir('tune-int');
    const p = cliStart(...base.filter((x) => x !== '--quiet'), '--budget', '6', '--seed', '3', '--out', dir);
    let stdout = '';
    p.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    const ended = new Promise<number | string>((res) => p.on('exit', (code, signal) => res(code ?? signal ?? -1)));
    await until(() => gameLines(dir).length >= 3, 90_000);
    p.kill('SIGINT');
    expect(await ended).toBe(130);
    expect(stdout).toMatch(/Interrupted after \d+ of 6 evaluations; continue with: .*tune --resume \S+ --workers 1\n/);
    expect(existsSync(join(dir, 'report.md'))).toBe(true);
    const kept = gameLines(dir);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(12);
    // Finish only the next evaluations (a smaller budget is refused; the same budget continues).
    const r = cli('tune', '--resume', dir, '--quiet');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const all = gameLines(dir);
    expect(all).toHaveLength(12);
    expect(all.slice(0, kept.length)).toEqual(kept);
    expect(new Set(all.map((l) => (JSON.parse(l) as { id: number }).id)).size).toBe(12);
  }, 600_000);

  it('keeps --workers in tune.json: a resume uses it, and the verify command names it', () => {
    const dir = tempDir('tune-workers');
    const args = base.map((x, i) => (base[i - 1] === '--workers' ? '3' : x));
    const r = cli(...args, '--budget', '1', '--seed', '5', '--out', dir);
    expect(r.code, r.err).toBe(0);
    // Not the threads one evaluation's 2 games need: the stress run of 400 games takes the count asked for.
    expect(r.out).toMatch(/Verify on fresh seeds: .* stress .*--games 400 --workers 3 --seed 6 /);
    expect((JSON.parse(readFileSync(join(dir, 'tune.json'), 'utf8')) as { workers?: number }).workers).toBe(3);
    const again = cli('tune', '--resume', dir, '--budget', '2', '--quiet');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/--games 400 --workers 3 --seed 6 /);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/--games 400 --workers 3 --seed 6 /);
  }, 120_000);

  it('another seed tries other candidates', () => {
    const a = tempDir('tune-c');
    const r = cli(...base, '--budget', '2', '--seed', '9', '--out', a);
    expect(r.code).toBe(0);
    const params = gameLines(a).map((l) => JSON.stringify((JSON.parse(l) as { params: unknown }).params));
    // The first candidate is the file's own values (the start); the second a neighbour of it.
    expect(params[0]).toBe(JSON.stringify({ 'max-turns': 20, 'loot-to-win': 4 }));
    expect(params[2]).not.toBe(params[0]);
  }, 120_000);

  it('bad input exits 2 naming it, and writes nothing', async () => {
    const dir = join(tempDir('tune-bad'), 'out');
    const run = (...extra: string[]): Promise<{ code: number; out: string; err: string }> =>
      inProcess(registerTune, ...base.filter((x) => x !== '--quiet'), '--out', dir, ...extra);
    let r = await inProcess(registerTune, 'tune', '--scenario', 'farmstead-raid', '--target', 'pirates=0.5', '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--target pirates=0.5: no side "pirates" in farmstead-raid (sides: vikings, saxons)');
    r = await inProcess(registerTune, 'tune', '--scenario', 'farmstead-raid', '--target', 'vikings=1.5', '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('the rate must be a number from 0 to 1');
    r = await run('--only', 'loot-to-win,no-such-knob');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '--only no-such-knob: no such parameter in farmstead-raid (declared: max-turns, loot-to-win, warband-south, fyrd-north)',
    );
    r = await inProcess(registerTune, 'tune', '--scenario', 'farmstead-raid', '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--target <side=rate> is required');
    // A scenario without parameters.
    r = await inProcess(registerTune, 'tune', '--scenario', 'mill-bridge', '--target', 'royalists=0.5', '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('mill-bridge: the scenario declares no tunable parameters');
    expect(existsSync(dir)).toBe(false);
  });
});
