/**
 * `stress --pairing …` (issue 17, balance under strong play): several agent pairings side by side
 * on the same seeds, with each pairing's win rate per side in report.md.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameAt, RUN_FORMAT, type RunManifest } from '../../src/runner/manifest.js';
import { cli, cliInProcess, gameRows, tempDir } from './helpers.js';
import { splitPairing } from '../../src/commands/stress.js';
import { PairingsAnalysis, StressAnalysis } from '../../src/report/stress.js';
import type { GameRow } from '../../src/runner/types.js';

describe('stress with pairings', () => {
  it('game i plays pairing (i − 1) mod P on the seed of deal ⌈i / P⌉', () => {
    const pairings = [
      { a: 'heuristic', b: 'heuristic' },
      { a: 'mcts', b: 'mcts' },
      { a: 'mcts', b: 'heuristic' },
    ];
    const m: RunManifest = {
      format: RUN_FORMAT,
      kind: 'stress',
      scenario: { arg: 'x', id: 'x', hash: 'h', ruleset: 'r', rulesetVersion: '1' },
      seed: 3,
      games: 6,
      records: 'none',
      timeLimitMs: 0,
      stress: { agents: { a: 'heuristic | mcts', b: 'heuristic | mcts' }, pairings },
      command: '',
    };
    const games = [1, 2, 3, 4, 5, 6].map((id) => gameAt(m, ['a', 'b'], id));
    expect(games.map((g) => g.agents)).toEqual([...pairings, ...pairings]);
    expect(new Set(games.slice(0, 3).map((g) => g.seed)).size).toBe(1);
    expect(games[3].seed).toBe(games[4].seed);
    expect(games[3].seed).not.toBe(games[0].seed);
  });

  it('report.md shows the win rate per side for each pairing', () => {
    const dir = tempDir('pairings');
    const r = cli(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--pairing',
      'vikings=heuristic,saxons=heuristic',
      '--pairing',
      'vikings=random,saxons=heuristic',
      '--games',
      '4',
      '--workers',
      '1',
      '--seed',
      '1',
      '--out',
      dir,
      '--quiet',
    );
    expect(r.code).toBe(0);
    const rows = gameRows(dir).sort((a, b) => a.id - b.id);
    expect(rows.map((x) => x.agents.vikings)).toEqual(['heuristic', 'random', 'heuristic', 'random']);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('## Balance by pairing');
    // The pooled table says so, and the pairing sections come before the closing list of files.
    expect(md).toMatch(/## Result by side\n\nPooled over the \d+ pairings/);
    expect(md.indexOf('## Balance by pairing')).toBeLessThan(md.indexOf('## Files'));
    expect(md.indexOf('## Pairings compared deal by deal')).toBeLessThan(md.indexOf('## Files'));
    expect(md).toMatch(/\| vikings=`heuristic`, saxons=`heuristic` \| 2 \| \d+\.\d% \[\d+\.\d–\d+\.\d%\] \| \d+\.\d% \[/);
    expect(md).toMatch(/\| vikings=`random`, saxons=`heuristic` \| 2 \|/);
    expect(md).toContain('## Pairings compared deal by deal');
    expect(md).toMatch(/\| vikings \| 1 \| 2 \| 2 \| \d \| \d \| [\d.]+ \|/);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      pairings: { games: number }[];
      pairedDeals: { side: string; deals: number; betterA: number; betterB: number }[];
    };
    expect(json.pairings.map((p) => p.games)).toEqual([2, 2]);
    // The counts agree with the games file: deal d is games 2d − 1 (pairing 1) and 2d (pairing 2).
    for (const side of ['vikings', 'saxons']) {
      const won = (id: number): number => (rows[id - 1].winner === side ? 1 : rows[id - 1].winner === null ? 0.5 : 0);
      const diffs = [1, 2].map((d) => won(2 * d - 1) - won(2 * d));
      expect(json.pairedDeals.find((x) => x.side === side)).toMatchObject({
        deals: 2,
        betterA: diffs.filter((x) => x > 0).length,
        betterB: diffs.filter((x) => x < 0).length,
      });
    }
  }, 120_000);

  it('compares each two pairings deal by deal for each side, with the exact sign test', () => {
    const sides = ['a', 'b'];
    const pairings = [
      { a: 'x', b: 'y' },
      { a: 'z', b: 'y' },
    ];
    const row = (id: number, winner: string | null, error?: GameRow['error']): GameRow => ({
      id,
      seed: 1,
      agents: pairings[(id - 1) % 2],
      winner,
      reason: '',
      turns: 3,
      decisions: 9,
      stats: {},
      ...(error ? { error } : {}),
    });
    const analysis = new PairingsAnalysis(new StressAnalysis(sides, { a: 'x | z', b: 'y' }), sides, pairings);
    // Deal 1: a wins with pairing 1, loses with 2. Deal 2: a wins both. Deal 3: a draw with 1, a loss
    // with 2. Deal 4: a loses with 1, wins with 2. Deal 5: no result with 1 (an engine error): not counted.
    // Deal 6: only pairing 1's game (a run stopped there): not counted.
    const games = [
      row(1, 'a'),
      row(2, 'b'),
      row(3, 'a'),
      row(4, 'a'),
      row(5, null),
      row(6, 'b'),
      row(7, 'b'),
      row(8, 'a'),
      row(9, null, { kind: 'engine', message: 'boom', repro: '' }),
      row(10, 'a'),
      row(11, 'a'),
    ];
    for (const g of [...games].reverse()) analysis.add(g); // rows arrive in any order
    expect(analysis.paired()).toEqual([
      { side: 'a', a: 1, b: 2, deals: 4, betterA: 2, betterB: 1, p: 1 },
      { side: 'b', a: 1, b: 2, deals: 4, betterA: 1, betterB: 2, p: 1 },
    ]);
    // Twelve deals all won by a with pairing 1 and lost with pairing 2: p = 2 · 2^−12.
    const lopsided = new PairingsAnalysis(new StressAnalysis(sides, { a: 'x | z', b: 'y' }), sides, pairings);
    for (let d = 1; d <= 12; d++) {
      lopsided.add(row(2 * d - 1, 'a'));
      lopsided.add(row(2 * d, 'b'));
    }
    const [pa] = lopsided.paired();
    expect(pa).toMatchObject({ deals: 12, betterA: 12, betterB: 0 });
    expect(pa.p).toBeCloseTo(2 / 4096, 12);
    // Three pairings, a deal missing pairing 2's game: it still counts for pairings 1 and 3.
    const three = [
      { a: 'x', b: 'y' },
      { a: 'z', b: 'y' },
      { a: 'w', b: 'y' },
    ];
    const t = new PairingsAnalysis(new StressAnalysis(sides, { a: 'x | z | w', b: 'y' }), sides, three);
    const row3 = (id: number, winner: string): GameRow => ({
      id,
      seed: 1,
      agents: three[(id - 1) % 3],
      winner,
      reason: '',
      turns: 3,
      decisions: 9,
      stats: {},
    });
    for (const g of [row3(1, 'a'), row3(2, 'b'), row3(3, 'b'), row3(4, 'a'), row3(6, 'b')]) t.add(g);
    expect(t.paired().filter((x) => x.side === 'a')).toEqual([
      { side: 'a', a: 1, b: 2, deals: 1, betterA: 1, betterB: 0, p: 1 },
      { side: 'a', a: 1, b: 3, deals: 2, betterA: 2, betterB: 0, p: 0.5 },
      { side: 'a', a: 2, b: 3, deals: 1, betterA: 0, betterB: 0, p: 1 },
    ]);
  });

  it('a pairing splits only where another side begins, so specs keep their options', () => {
    const sides = ['pirates', 'townsfolk'];
    expect(splitPairing('pirates=mcts:iterations=600,focus=1,townsfolk=heuristic', sides)).toEqual([
      'pirates=mcts:iterations=600,focus=1',
      'townsfolk=heuristic',
    ]);
    expect(splitPairing('townsfolk=mcts:c=2,eps=0.1, pirates=mcts:focus=1,horizon=40', sides)).toEqual([
      'townsfolk=mcts:c=2,eps=0.1',
      'pirates=mcts:focus=1,horizon=40',
    ]);
    expect(splitPairing('pirates=heuristic,townsfolk=heuristic', sides)).toEqual(['pirates=heuristic', 'townsfolk=heuristic']);
  });

  it('bad pairings exit 2 naming them', async () => {
    const out = join(tempDir('pairings-bad'), 'x');
    let r = await cliInProcess('stress', '--scenario', 'farmstead-raid', '--pairing', 'vikings=heuristic,saxons=heuristic', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give two or more');
    r = await cliInProcess(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--pairing',
      'vikings=heuristic',
      '--pairing',
      'vikings=random,saxons=random',
      '--out',
      out,
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('--pairing vikings=heuristic: no agent for side "saxons"');
    r = await cliInProcess(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=random',
      '--pairing',
      'vikings=heuristic,saxons=heuristic',
      '--pairing',
      'vikings=random,saxons=random',
      '--out',
      out,
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain('not both');
  });

  it('--games that is not a multiple of the pairings is rounded up, with a note: every pairing plays every deal', () => {
    const dir = tempDir('pairings-round');
    const r = cli(
      'stress',
      '--scenario',
      'farmstead-raid',
      '--pairing',
      'vikings=random,saxons=random',
      '--pairing',
      'vikings=heuristic,saxons=random',
      '--games',
      '3',
      '--workers',
      '1',
      '--seed',
      '1',
      '--out',
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain('note: --games 3 rounded up to 4 so that every pairing plays every deal');
    const rows = gameRows(dir).sort((a, b) => a.id - b.id);
    expect(rows.map((x) => x.agents.vikings)).toEqual(['random', 'heuristic', 'random', 'heuristic']);
  });
});
