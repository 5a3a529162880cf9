/**
 * Issue 43, "done when" 1: a tournament of exec: Python agents (clients/python/examples) against
 * `heuristic` and `mcts` runs on two workers, writes records that `replay --verify` accepts, and
 * gives the same games.jsonl twice with the same seed. (On Pig Wars' Farmstead Raid: its games are
 * about a hundred decisions, so the test stays small; the protocol is the same for every ruleset.)
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerTournament } from '../../src/commands/tournament.js';
import { registerReplay } from '../../src/commands/replay.js';
import { inProcess } from '../cli/in-process.js';
import { sortedGames } from '../runner/helpers.js';
import type { GameRow } from '../../src/runner/types.js';

const root = mkdtempSync(join(tmpdir(), 'skirmish-exec-tournament-'));
const RANDOM = 'exec:python3 clients/python/examples/random_agent.py';
const GREEDY = 'exec:python3 clients/python/examples/greedy.py';

async function tournament(out: string): Promise<void> {
  const r = await inProcess(
    registerTournament,
    'tournament',
    '--scenario',
    'farmstead-raid',
    '--agents',
    `${RANDOM},${GREEDY},heuristic,mcts:iterations=5`,
    '--games',
    '2',
    '--workers',
    '2',
    '--seed',
    '43',
    '--records',
    'all',
    '--quiet',
    '--out',
    out,
  );
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
}

describe('a tournament of exec: Python agents against heuristic and mcts', () => {
  it('on two workers: every record verifies, and the same seed gives the same games.jsonl', { timeout: 600_000 }, async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    await tournament(a);
    await tournament(b);
    const rows = readFileSync(join(a, 'games.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameRow);
    expect(rows).toHaveLength(12); // 6 pairings × 2 games
    for (const x of rows) {
      expect(x.error).toBeUndefined();
      const v = await inProcess(registerReplay, 'replay', join(a, x.record as string), '--verify', '--quiet');
      expect(v.code, v.err).toBe(0);
      expect(v.out).toMatch(/^verified: .* every line identical, final hash/);
    }
    expect(rows.filter((x) => Object.values(x.agents).includes(GREEDY))).toHaveLength(6);
    expect(sortedGames(b)).toBe(sortedGames(a));
    // The finished files themselves, byte for byte: rewritten in id order at the end of the run.
    expect(readFileSync(join(b, 'games.jsonl'), 'utf8')).toBe(readFileSync(join(a, 'games.jsonl'), 'utf8'));
    expect(rows.map((x) => x.id)).toEqual([...rows.map((x) => x.id)].sort((p, q) => p - q));
  });
});
