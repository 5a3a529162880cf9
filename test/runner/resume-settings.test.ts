/**
 * What `--resume` keeps from the start of a run besides its games: the hashes of the agent files
 * (a resume after one changed is refused: its games would mix two versions of the agent) and the
 * worker count (used again unless `--workers` is given, and named in the printed resume command);
 * and `--json` after Ctrl-C gives the resume command too.
 */
import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { registerStress } from '../../src/commands/stress.js';
import { registerTournament } from '../../src/commands/tournament.js';
import { inProcess } from '../cli/in-process.js';
import { cliStart, gameLines, tempDir, until } from './helpers.js';

const root = tempDir('resume-settings');

/** A self-contained agent file (no imports): it takes the first legal action. */
function agentFile(name: string): string {
  const file = join(root, name);
  writeFileSync(
    file,
    `export default function first(ctx) {\n  return { spec: ${JSON.stringify(file)}, decide(d) { return d.legal[0]; } };\n}\n`,
  );
  return file;
}

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const runJson = (dir: string): { agentFiles?: Record<string, string>; workers?: number } =>
  JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { agentFiles?: Record<string, string>; workers?: number };

describe('--resume and agent files', () => {
  it("tournament: run.json keeps each agent file's hash; a resume after the file changed is refused, naming it, and writes nothing", async () => {
    const file = agentFile('first-legal.ts');
    const out = join(root, 'tournament');
    const a = await inProcess(
      registerTournament,
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      `${file},random`,
      '--games',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      out,
    );
    expect(a.code, a.err).toBe(0);
    expect(runJson(out).agentFiles).toEqual({ [file]: sha(file) });
    // Unchanged: the run extends.
    const b = await inProcess(registerTournament, 'tournament', '--resume', out, '--games', '4', '--quiet');
    expect(b.code, b.err).toBe(0);
    expect(gameLines(out)).toHaveLength(4);

    appendFileSync(file, '// edited\n');
    const before = {
      games: readFileSync(join(out, 'games.jsonl'), 'utf8'),
      run: readFileSync(join(out, 'run.json'), 'utf8'),
      report: readFileSync(join(out, 'report.md'), 'utf8'),
    };
    const c = await inProcess(registerTournament, 'tournament', '--resume', out, '--games', '6', '--quiet');
    expect(c.code).toBe(2);
    expect(c.err).toContain(`error: --resume ${out}: the agent file ${file} changed since the run started`);
    expect(c.err).toContain('mix games of two versions of the agent');
    expect({
      games: readFileSync(join(out, 'games.jsonl'), 'utf8'),
      run: readFileSync(join(out, 'run.json'), 'utf8'),
      report: readFileSync(join(out, 'report.md'), 'utf8'),
    }).toEqual(before);

    rmSync(file);
    const d = await inProcess(registerTournament, 'tournament', '--resume', out, '--quiet');
    expect(d.code).toBe(2);
    expect(d.err).toContain(`the agent file ${file} is gone`);
  }, 120_000);

  it('stress: the same for an agent file of a side, and of a pairing', async () => {
    const file = agentFile('first-legal-stress.ts');
    const one = join(root, 'stress');
    const a = await inProcess(
      registerStress,
      'stress',
      '--scenario',
      'supply-raid',
      '--agent',
      `pirates=${file}`,
      '--agent',
      'townsfolk=random',
      '--games',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      one,
    );
    expect(a.code, a.err).toBe(0);
    const pairs = join(root, 'stress-pairings');
    const b = await inProcess(
      registerStress,
      'stress',
      '--scenario',
      'supply-raid',
      '--pairing',
      `pirates=${file},townsfolk=random`,
      '--pairing',
      'pirates=random,townsfolk=random',
      '--games',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      pairs,
    );
    expect(b.code, b.err).toBe(0);
    expect(runJson(one).agentFiles).toEqual({ [file]: sha(file) });
    expect(runJson(pairs).agentFiles).toEqual({ [file]: sha(file) });
    writeFileSync(file, readFileSync(file, 'utf8').replace('d.legal[0]', 'd.legal[d.legal.length - 1]'));
    for (const dir of [one, pairs]) {
      const r = await inProcess(registerStress, 'stress', '--resume', dir, '--games', '4', '--quiet');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`the agent file ${file} changed since the run started`);
      expect(gameLines(dir)).toHaveLength(2);
    }
  }, 120_000);
});

describe('--resume and --workers', () => {
  it('run.json keeps --workers; a resume uses it unless --workers is given again', async () => {
    const out = join(root, 'workers');
    const a = await inProcess(
      registerStress,
      'stress',
      '--scenario',
      'supply-raid',
      '--agent',
      'pirates=random',
      '--agent',
      'townsfolk=random',
      '--games',
      '3',
      '--workers',
      '3',
      '--quiet',
      '--json',
      '--out',
      out,
    );
    expect(a.code, a.err).toBe(0);
    expect(runJson(out).workers).toBe(3);
    // Extending by 3 games: the run's 3 workers, not the machine's cores.
    const b = await inProcess(registerStress, 'stress', '--resume', out, '--games', '6', '--quiet', '--json');
    expect(b.code, b.err).toBe(0);
    expect((JSON.parse(b.out) as { workers: number }).workers).toBe(3);
    // Given again: that one, and run.json keeps it for the next resume.
    const c = await inProcess(registerStress, 'stress', '--resume', out, '--games', '8', '--workers', '1', '--quiet', '--json');
    expect(c.code, c.err).toBe(0);
    expect((JSON.parse(c.out) as { workers: number }).workers).toBe(1);
    expect(runJson(out).workers).toBe(1);
  }, 120_000);

  it('tournament --json stopped by Ctrl-C gives the resume command, with --workers, in the JSON and on stderr', async () => {
    const out = join(root, 'json-interrupted');
    const p = cliStart(
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      'random,heuristic',
      '--games',
      '4000',
      '--workers',
      '1',
      '--json',
      '--quiet',
      '--out',
      out,
    );
    let stdout = '';
    let stderr = '';
    p.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const ended = new Promise<number | string>((res) => p.on('exit', (code, signal) => res(code ?? signal ?? -1)));
    await until(() => gameLines(out).length >= 4, 60_000);
    p.kill('SIGINT');
    expect(await ended).toBe(130);
    const resume = `npx tsx src/cli.ts tournament --resume ${out} --workers 1`;
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const s = JSON.parse(lines[0]) as { ended: string; resume?: string };
    expect(s.ended).toBe('interrupted');
    expect(s.resume).toBe(resume);
    expect(stderr).toMatch(
      new RegExp(`Interrupted after \\d+ of 4000 games; finish with: ${resume.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n`),
    );
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(`Finish the run with \`${resume}\``);
  }, 120_000);
});
