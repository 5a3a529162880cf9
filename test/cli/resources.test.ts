/**
 * Resource options end in an answer, never a silent hang (issue 20, item 5): a worker heap too
 * small for the engine fails the run's start at once; more workers than games are not started.
 */
import { describe, expect, it } from 'vitest';
import { runGames, WorkerStartError } from '../../src/runner/pool.js';
import { loadScenario } from '../../src/rules/index.js';
import { parseWorkerHeap, parseWorkers, workerCount, FailureTally } from '../../src/commands/run-options.js';
import type { GameRow } from '../../src/runner/types.js';
import { tmpdir } from 'node:os';

describe('resource options', () => {
  it('a worker heap in which no worker can start rejects the run instead of waiting for ever', async () => {
    const sc = loadScenario('supply-raid');
    const sides = sc.ruleset.sides(sc.compiled);
    const run = runGames({
      config: {
        scenarioRaw: sc.raw,
        scenarioOrigin: 'supply-raid',
        scenarioArg: 'supply-raid',
        timeLimitMs: 0,
        invariants: false,
        measures: false,
        records: 'none',
        outDir: tmpdir(),
        epoch: Date.now(),
      },
      sides,
      workers: 1,
      total: 2,
      gameAt: (id) => ({ id, seed: id, agents: { pirates: 'random', townsfolk: 'random' } }),
      done: new Set(),
      onRow: () => undefined,
      workerHeapMb: 4,
    });
    await expect(run).rejects.toBeInstanceOf(WorkerStartError);
  });

  it('--worker-heap below what the engine needs and absurd --workers are refused by the parser', () => {
    expect(() => parseWorkerHeap('1')).toThrow(/from 32/);
    expect(() => parseWorkerHeap('8')).toThrow(/from 32/);
    expect(parseWorkerHeap('256')).toBe(256);
    expect(() => parseWorkers('0')).toThrow();
    expect(() => parseWorkers('100000')).toThrow(/1 to 256/);
  });

  it('workers are capped at the games to play', () => {
    expect(workerCount({ workers: 64 }, 2, true)).toBe(2);
    expect(workerCount({ workers: 1 }, 2, true)).toBe(1);
  });

  it('a run in which every game of an agent failed is found (the CLI then exits 1)', () => {
    const t = new FailureTally();
    const row = (id: number, failed: boolean): GameRow => ({
      id,
      seed: id,
      agents: { pirates: 'my.ts', townsfolk: 'heuristic' },
      winner: 'townsfolk',
      reason: 'x',
      turns: null,
      decisions: 0,
      stats: {},
      ...(failed ? { error: { kind: 'agent' as const, side: 'pirates', agent: 'my.ts', message: 'boom', repro: 'npx tsx …' } } : {}),
    });
    t.add(row(1, true));
    t.add(row(2, true));
    expect(t.allFailed().map((d) => d.agent)).toEqual(['my.ts']);
    t.add(row(3, false));
    expect(t.allFailed()).toEqual([]);
  });
});
