/**
 * Issue 44 item 3 ("how games end"): the stress report groups games by the ruleset's reason, with
 * numbers written #, counts each ending's games and winners, and keeps at most MAX_ENDINGS apart.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_ENDINGS, StressAnalysis, endingOf } from '../../src/report/stress.js';
import { RUN_FORMAT } from '../../src/runner/manifest.js';
import type { GameRow } from '../../src/runner/types.js';
import { tempDir } from './helpers.js';

function row(id: number, winner: string | null, reason: string, error?: GameRow['error']): GameRow {
  return { id, seed: id, agents: { a: 'x', b: 'y' }, winner, reason, turns: 3, decisions: 10, stats: {}, ...(error ? { error } : {}) };
}

describe('stress report: how games end', () => {
  it('groups reasons with numbers as #, counts games and winners, leaves errors out, most frequent first', () => {
    const an = new StressAnalysis(['a', 'b'], { a: 'x', b: 'y' });
    an.add(row(1, 'a', 'booty landed: 15 loads'));
    an.add(row(2, 'a', 'booty landed: 12 loads'));
    an.add(row(3, 'b', 'turn limit: 30 turns'));
    an.add(row(4, null, 'turn limit: 30 turns'));
    an.add(row(5, 'a', 'booty landed: 2.5 loads'));
    an.add(row(6, 'b', 'agent failed', { kind: 'agent', message: 'boom', side: 'a', repro: 'x' }));
    const dir = tempDir('endings');
    an.write({
      manifest: {
        format: RUN_FORMAT,
        kind: 'stress',
        scenario: { arg: 's', id: 's', hash: 'h', ruleset: 'r', rulesetVersion: '1' },
        seed: 1,
        games: 6,
        records: 'none',
        timeLimitMs: 0,
        stress: { agents: { a: 'x', b: 'y' } },
        command: 'test',
      },
      dir,
      sides: ['a', 'b'],
      rows: 6,
      ended: 'done',
      workers: 1,
      sessionGames: 6,
      sessionSeconds: 1,
      retried: 0,
      resumeCommand: '',
    });
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { endings: unknown };
    expect(report.endings).toEqual([
      { ending: 'booty landed: # loads', games: 3, share: 0.6, winners: { a: 3 } },
      { ending: 'turn limit: # turns', games: 2, share: 0.4, winners: { b: 1, draw: 1 } },
    ]);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('## How games end');
    expect(md).toContain('| booty landed: # loads | 3 | 60.0% | `a` 3 |');
    expect(md).toContain('| turn limit: # turns | 2 | 40.0% | `b` 1, draw 1 |');
  });
  it(`keeps ${MAX_ENDINGS} endings apart, then counts new ones as other`, () => {
    const kept = new Map<string, unknown>();
    for (let i = 0; i < MAX_ENDINGS; i++) kept.set(endingOf(`reason ${String.fromCharCode(97 + (i % 26))}${i >= 26 ? 'z' : ''}`, kept), 1);
    expect(kept.size).toBe(MAX_ENDINGS);
    expect(endingOf('a new way', kept)).toBe('other');
    expect(endingOf('reason a', kept)).toBe('reason a');
    expect(endingOf('  ')).toBe('(no reason given)');
  });
});
