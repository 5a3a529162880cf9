/**
 * Ctrl-C from a terminal, as the README starts the command (`npx tsx src/cli.ts stress …`): the
 * terminal sends SIGINT to the whole foreground process group (npx, tsx's CLI, the CLI itself);
 * the launchers relay it again, and tsx's CLI kills a child that is slow to acknowledge. One
 * Ctrl-C must still stop the run, keep every finished game, write report.md and print the resume
 * command (issue 20, item 1).
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAME_CTRL_C_MS, onInterrupt } from '../../src/commands/interrupt.js';

describe('Ctrl-C', () => {
  it('signals within the relay window are one Ctrl-C; a later one quits', () => {
    let t = 0;
    let stops = 0;
    const exits: (string | number | null | undefined)[] = [];
    const realExit = process.exit;
    process.exit = ((c?: string | number | null) => {
      exits.push(c);
      return undefined as never;
    }) as typeof process.exit;
    const off = onInterrupt(
      () => stops++,
      () => t,
    );
    try {
      process.emit('SIGINT', 'SIGINT');
      t = 30;
      process.emit('SIGINT', 'SIGINT'); // tsx's relayed copy
      t = 60;
      process.emit('SIGTERM', 'SIGTERM');
      expect(stops).toBe(1);
      expect(exits).toEqual([]);
      t = SAME_CTRL_C_MS + 100;
      process.emit('SIGINT', 'SIGINT'); // the person presses Ctrl-C again
      expect(exits).toEqual([130]);
    } finally {
      off();
      process.exit = realExit;
    }
  });

  it('under `npx tsx src/cli.ts stress` with busy workers, one SIGINT to the process group leaves report.md and the resume command', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'skirmish-ctrlc-')), 'run');
    // Workers on every core: the CLI's main thread is slow to answer, which is when tsx's relay hurt.
    const p = spawn(
      'npx',
      [
        'tsx',
        'src/cli.ts',
        'stress',
        '--scenario',
        'supply-raid',
        '--agent',
        'pirates=random',
        '--agent',
        'townsfolk=random',
        '--games',
        '100000',
        '--workers',
        '2',
        '--out',
        out,
      ],
      {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const games = join(out, 'games.jsonl');
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
      p.on('close', (code, signal) => res({ code, signal })),
    );
    // Wait until games are being played, then press Ctrl-C once: SIGINT to the whole group.
    await new Promise<void>((res, rej) => {
      const iv = setInterval(() => {
        if (existsSync(games) && statSync(games).size > 0) {
          clearInterval(iv);
          process.kill(-(p.pid as number), 'SIGINT');
          res();
        } else if (p.exitCode !== null) {
          clearInterval(iv);
          rej(new Error(`the run ended before Ctrl-C: ${stderr}`));
        }
      }, 50);
    });
    const { code, signal } = await ended;
    // npx re-raises its child's SIGINT on itself: a shell reports either as 130.
    expect(code === 130 || signal === 'SIGINT', `exit ${code} ${signal}\n${stderr}`).toBe(true);
    expect(existsSync(join(out, 'report.md')), stderr).toBe(true);
    expect(stdout).toMatch(/Interrupted after \d+ of 100000 games; finish with: npx tsx src\/cli\.ts stress --resume /);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/supply-raid/);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 120_000);

  it('play with piped input: SIGINT ends the input as Ctrl-C does in a terminal — the game so far saved, and said so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'play-sigint-'));
    const out = join(dir, 'game.jsonl');
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'play', '--scenario', 'supply-raid', '--side', 'pirates', '--seed', '5', '--no-map', '--out', out],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let text = '';
    let prompts = 0;
    p.stdout.on('data', (b: Buffer) => {
      text += b.toString();
      const n = (text.match(/Pirates \[1-\d+\]> /g) ?? []).length;
      if (n > prompts) {
        prompts = n;
        if (n === 1)
          p.stdin.write('1\n'); // one decision, then wait at the next prompt
        else if (n === 2) p.kill('SIGINT'); // the input stays open: only the signal can end it
      }
    });
    const code = await new Promise<number | null>((res) => p.on('exit', (c) => res(c)));
    expect(text).toContain(`Interrupted (Ctrl-C): the game so far is saved in ${out}; continue it with play --resume ${out}`);
    expect(code).toBe(0);
    expect(existsSync(out)).toBe(true);
  }, 60_000);
});
