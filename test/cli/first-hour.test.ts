/**
 * A new user's first hour (issue 20): every failure they meet ends cleanly — one line, the README's
 * exit code, nothing lost. Each block names the item.
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError, checkWritableDir, checkWritableFile, pathErrorMessage } from '../../src/commands/common.js';
import { registerPlay } from '../../src/commands/play.js';
import { registerRender } from '../../src/commands/render.js';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { registerStress } from '../../src/commands/stress.js';
import { inProcess } from './in-process.js';

const ROOT = resolve('.');
const TSX = join(ROOT, 'node_modules/tsx/dist/loader.mjs');
const CLI = join(ROOT, 'src/cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'skirmish-first-hour-'));

interface Ran {
  code: number | null;
  out: string;
  err: string;
}
function cli(args: string[], opts: { input?: string; cwd?: string } = {}): Ran {
  const r = spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    encoding: 'utf8',
    input: opts.input ?? '',
    cwd: opts.cwd ?? ROOT,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
/** One line on stderr, no stack trace. */
function oneLine(r: Ran): void {
  expect(r.err).not.toMatch(/\n\s+at |internal error/);
  expect(
    r.err
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('npm warn')),
  ).toHaveLength(1);
}
/** A folder the CLI cannot write in: a read-only folder (or, for root, whom permissions do not stop, sysfs). */
function readOnlyDir(): string {
  if (process.getuid?.() === 0) return '/sys';
  const d = join(dir, 'read-only');
  mkdirSync(d, { recursive: true });
  chmodSync(d, 0o555);
  return d;
}

describe('item 4: an unwritable output is refused before the work, with exit 2 and one line', () => {
  const blocker = join(dir, 'a-file');
  writeFileSync(blocker, 'not a folder\n');
  const ro = readOnlyDir();
  it('run and play (the CLI)', () => {
    const r = cli(['run', '--scenario', 'supply-raid', '--seed', '3', '--out', join(ro, 'g.jsonl')]);
    expect(r.code, r.err).toBe(2);
    expect(r.out).not.toMatch(/Turn 1/); // refused before the game, not after it
    oneLine(r);
    expect(r.err).toMatch(/--out .*g\.jsonl: cannot write in/);
    const x = cli(['play', '--scenario', 'supply-raid', '--side', 'pirates', '--seed', '2', '--out', join(ro, 'p.jsonl')], {
      input: '1\n',
    });
    expect(x.code, x.err).toBe(2); // before: exit 0 and the game lost
    oneLine(x);
  });
  it('render, schema, stress (the same check, in this process)', async () => {
    const rec = 'test/golden/supply-raid-random-vs-heuristic-seed2.jsonl';
    for (const args of [
      ['render', rec, '--out', join(blocker, 'x.html')],
      ['render', rec, '--svg', join(ro, 'x.svg')],
      ['schema', '--out', join(blocker, 'schema')],
      ['stress', '--scenario', 'supply-raid', '--games', '2', '--workers', '1', '--quiet', '--out', join(ro, 'run')],
    ]) {
      const x = await inProcess((p) => (registerRender(p), registerScenarios(p), registerStress(p)), ...args);
      expect(x.code, `${args.join(' ')}: ${x.err}`).toBe(2);
      expect(x.err).toMatch(/^error: .*(cannot write in|is a file, not a folder|not a folder)/);
      expect(x.err.trim().split('\n')).toHaveLength(1);
      expect(x.out).toBe('');
    }
  });
  it('checkWritableFile / checkWritableDir: a file in the way, a read-only folder, a folder given for a file', () => {
    expect(() => checkWritableFile(join(blocker, 'x.jsonl'), '--out x')).toThrow(/--out x: .*a-file is a file, not a folder/);
    expect(() => checkWritableFile(join(ro, 'deeper', 'x.jsonl'), '--out y')).toThrow(/--out y: cannot write in/);
    expect(() => checkWritableFile(dir, '--out d')).toThrow(/is a folder/);
    expect(() => checkWritableDir(blocker, '--out b')).toThrow(/exists and is not a folder/);
    expect(() => checkWritableDir(join(blocker, 'schema'), '--out s')).toThrow(UsageError);
    expect(() => checkWritableDir(join(dir, 'new', 'folder'), '--out n')).not.toThrow();
    expect(existsSync(join(dir, 'new'))).toBe(false); // the check leaves nothing behind
  });
  it('a file-system error reaching the top is one line with the path, not a stack', () => {
    let e: unknown;
    try {
      writeFileSync(join(blocker, 'x'), '');
    } catch (err) {
      e = err;
    }
    expect(pathErrorMessage(e)).toMatch(/^cannot (write|open) .*a-file\/x: .*\(ENOTDIR\)$/);
  });
});

describe('item 6: a closed pipe ends the output quietly; the record is still written', () => {
  const piped = (args: string[]): Promise<Ran> =>
    new Promise((res) => {
      const p = spawn(process.execPath, ['--import', TSX, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      p.stdout.once('data', (d: Buffer) => {
        out += d.toString();
        p.stdout.destroy(); // `| head -1`: the reader goes away
      });
      p.stderr.on('data', (d: Buffer) => (err += d.toString()));
      p.on('close', (code) => res({ code, out, err }));
    });
  it('run … | head, scenarios --json | head', async () => {
    const rec = join(dir, 'piped.jsonl');
    const r = await piped(['run', '--scenario', 'supply-raid', '--seed', '7', '--out', rec]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(rec, 'utf8').trim().split('\n').pop()).toMatch(/"t":"result"/);
    const s = await piped(['scenarios', '--json']);
    expect(s.err).toBe('');
    expect(s.code).toBe(0);
  });
});

describe('item 2: play never overwrites a saved game, and deals a fresh game each time', () => {
  it('a second game goes to a new file; --out on a saved game is refused; the seed is printed', async () => {
    const cwd = join(dir, 'play');
    mkdirSync(cwd, { recursive: true });
    const args = ['play', '--scenario', 'supply-raid', '--side', 'pirates', '--no-map'];
    const a = cli(args, { cwd, input: '1\n1\nquit\ny\n' });
    expect(a.code, a.err).toBe(0);
    const seed = /seed (\d+) \(the same deal again: --seed \1\)/.exec(a.out)?.[1];
    expect(seed).toBeDefined();
    const first = join(cwd, 'results', `play-supply-raid-seed${seed}.jsonl`);
    const saved = readFileSync(first, 'utf8');
    // The same seed again (as a person replaying the deal): a new file, the first one untouched.
    const b = cli([...args, '--seed', String(seed)], { cwd, input: '1\nquit\ny\n' });
    expect(b.code, b.err).toBe(0);
    expect(readFileSync(first, 'utf8')).toBe(saved);
    expect(existsSync(join(cwd, 'results', `play-supply-raid-seed${seed}-2.jsonl`))).toBe(true);
    const c = await inProcess(registerPlay, ...args, '--out', first);
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/already holds a game; continue it with play --resume/);
    expect(readFileSync(first, 'utf8')).toBe(saved);
  });
});

describe('item 3: agent files outside the repository work on worker threads; an agent that never finishes a game fails the run', () => {
  it('tournament with two agent files in another folder', () => {
    const mine = join(dir, 'my-agents');
    mkdirSync(mine, { recursive: true });
    // Outside any "type": "module" package, as a user's own folder is.
    writeFileSync(
      join(mine, 'first.ts'),
      "export default function first() { return { spec: 'first', decide(d: { legal: unknown[] }) { return d.legal[0]; } }; }\n",
    );
    writeFileSync(
      join(mine, 'broken.ts'),
      "export default function broken() { return { spec: 'broken', decide(): unknown { throw new Error('not written yet'); } }; }\n",
    );
    const out = join(dir, 'agents-run');
    const r = cli([
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      `${join(mine, 'first.ts')},${join(mine, 'broken.ts')}`,
      '--games',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      out,
    ]);
    const rows = readFileSync(join(out, 'games.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { error?: { agent?: string; message: string } });
    expect(rows).toHaveLength(2);
    // Every error is the broken agent's own: the file loaded in the workers.
    for (const row of rows) expect(row.error?.agent, row.error?.message).toBe(join(mine, 'broken.ts'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/every game of .*broken\.ts \(2\) ended in an error, e\.g\. .*not written yet/);
    expect(r.err.match(/every game of/g)).toHaveLength(1); // not the agent that played well
  });
});
