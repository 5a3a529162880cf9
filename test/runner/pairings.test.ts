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
    const r = cli('stress', '--scenario', 'farmstead-raid', '--pairing', 'vikings=heuristic,saxons=heuristic', '--pairing', 'vikings=random,saxons=heuristic', '--games', '4', '--workers', '1', '--seed', '1', '--out', dir, '--quiet');
    expect(r.code).toBe(0);
    const rows = gameRows(dir).sort((a, b) => a.id - b.id);
    expect(rows.map((x) => x.agents.vikings)).toEqual(['heuristic', 'random', 'heuristic', 'random']);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('## Balance by pairing');
    expect(md).toMatch(/\| vikings=`heuristic`, saxons=`heuristic` \| 2 \| \d+\.\d% \[\d+\.\d–\d+\.\d%\] \| \d+\.\d% \[/);
    expect(md).toMatch(/\| vikings=`random`, saxons=`heuristic` \| 2 \|/);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { pairings: { games: number }[] };
    expect(json.pairings.map((p) => p.games)).toEqual([2, 2]);
  }, 120_000);

  it('a pairing splits only where another side begins, so specs keep their options', () => {
    const sides = ['pirates', 'townsfolk'];
    expect(splitPairing('pirates=mcts:iterations=600,focus=1,townsfolk=heuristic', sides)).toEqual(['pirates=mcts:iterations=600,focus=1', 'townsfolk=heuristic']);
    expect(splitPairing('townsfolk=mcts:c=2,eps=0.1, pirates=mcts:focus=1,horizon=40', sides)).toEqual(['townsfolk=mcts:c=2,eps=0.1', 'pirates=mcts:focus=1,horizon=40']);
    expect(splitPairing('pirates=heuristic,townsfolk=heuristic', sides)).toEqual(['pirates=heuristic', 'townsfolk=heuristic']);
  });

  it('bad pairings exit 2 naming them', async () => {
    const out = join(tempDir('pairings-bad'), 'x');
    let r = await cliInProcess('stress', '--scenario', 'farmstead-raid', '--pairing', 'vikings=heuristic,saxons=heuristic', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('give two or more');
    r = await cliInProcess('stress', '--scenario', 'farmstead-raid', '--pairing', 'vikings=heuristic', '--pairing', 'vikings=random,saxons=random', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--pairing vikings=heuristic: no agent for side "saxons"');
    r = await cliInProcess('stress', '--scenario', 'farmstead-raid', '--agent', 'vikings=random', '--pairing', 'vikings=heuristic,saxons=heuristic', '--pairing', 'vikings=random,saxons=random', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not both');
  });
});
