/**
 * `run --param name=value`: one game of a scenario with its declared tunable parameters set, as
 * `tune` plays a candidate (README "Balance: several pairings, and `tune`"); bad settings are
 * refused with exit 2, naming the parameter, and write nothing.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerRun } from '../../src/commands/run.js';
import { inProcess } from './in-process.js';

describe('run --param', () => {
  it('plays the candidate: the record embeds the scenario with the values set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-param-'));
    try {
      const out = join(dir, 'g.jsonl');
      const r = await inProcess(
        registerRun,
        'run',
        '--scenario',
        'farmstead-raid',
        '--seed',
        '3',
        '--param',
        'max-turns=12',
        '--param',
        'loot-to-win=2',
        '--agent',
        'vikings=random',
        '--agent',
        'saxons=random',
        '--quiet',
        '--out',
        out,
      );
      expect(r.code).toBe(0);
      const header = JSON.parse(readFileSync(out, 'utf8').split('\n')[0]) as {
        scenarioData: { victory: { maxTurns: number; lootToWin: number } };
      };
      expect(header.scenarioData.victory).toMatchObject({ maxTurns: 12, lootToWin: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown parameter, a value outside its domain and a malformed setting (exit 2, no record)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-param-'));
    try {
      const out = join(dir, 'g.jsonl');
      let r = await inProcess(registerRun, 'run', '--scenario', 'farmstead-raid', '--param', 'no-such=1', '--out', out);
      expect(r.code).toBe(2);
      expect(r.err).toContain('no parameter named "no-such" (declared: max-turns, loot-to-win, warband-south, fyrd-north)');
      r = await inProcess(registerRun, 'run', '--scenario', 'farmstead-raid', '--param', 'max-turns=31', '--out', out);
      expect(r.code).toBe(2);
      expect(r.err).toContain('31 is not a value of parameter "max-turns" (10 to 30');
      r = await inProcess(registerRun, 'run', '--scenario', 'farmstead-raid', '--param', 'max-turns', '--out', out);
      expect(r.code).toBe(2);
      expect(r.err).toContain('--param max-turns: expected name=value');
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
