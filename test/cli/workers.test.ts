/**
 * `--workers` above the machine's cores: a warning for local threads (README "Running many games"),
 * none with `--queue`, where the queue's worker processes play the games and `--workers` only sizes
 * the batches (src/runner/queue.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerCount } from '../../src/commands/run-options.js';
import { defaultWorkers } from '../../src/runner/pool.js';

describe('workerCount', () => {
  afterEach(() => vi.restoreAllMocks());
  const above = defaultWorkers() + 3;
  const warnings = (f: () => void): string[] => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    f();
    vi.restoreAllMocks();
    return lines;
  };

  it('warns when local threads exceed the cores, and never asks for more threads than games', () => {
    let n = 0;
    const lines = warnings(() => (n = workerCount({ workers: above }, 100, false)));
    expect(n).toBe(above);
    expect(lines.join('')).toContain(`--workers ${above} is more than this machine's ${defaultWorkers()} cores`);
    expect(workerCount({ workers: above }, 2, true)).toBe(2);
  });

  it("says nothing of this machine's cores with --queue (the queue's workers play)", () => {
    let n = 0;
    const lines = warnings(() => (n = workerCount({ workers: above, queue: 'redis://127.0.0.1:6379' }, 100, false)));
    expect(n).toBe(above);
    expect(lines).toEqual([]);
  });
});
