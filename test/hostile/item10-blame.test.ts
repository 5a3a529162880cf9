/**
 * Issue 45, item 10: when an agent ends its worker thread in a tournament, the game's error names
 * the side that was deciding, and the closing message blames that agent only — not its innocent opponent.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cli, gameRows, tempDir } from '../runner/helpers.js';

describe('issue 45 item 10: a dead worker thread is blamed on the agent that was deciding', () => {
  it('item 10: tournament exit-worker vs random: worker rows name the exit-worker side; random is not reported as failing', () => {
    const out = join(tempDir('item10'), 'run');
    const r = cli(
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      'test/fixtures/exit-worker.ts,random',
      '--games',
      '2',
      '--workers',
      '1',
      '--seed',
      '4',
      '--out',
      out,
      '--quiet',
    );
    const rows = gameRows(out).filter((x) => x.error?.kind === 'worker');
    expect(rows.length).toBeGreaterThan(0);
    for (const x of rows) {
      expect(x.error?.agent).toBe('test/fixtures/exit-worker.ts');
      expect(x.error?.message).toMatch(/during decision \d+ of \w+ \(test\/fixtures\/exit-worker\.ts\)/);
    }
    expect(r.err).not.toMatch(/every game of random/);
  }, 120_000);
});
