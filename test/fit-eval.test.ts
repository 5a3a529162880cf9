/** `fit-eval`: fits the Pirates! evaluation to recorded games and writes weights MCTS can load. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGameSync } from '../src/core/game.js';
import { resolveBuiltinAgent } from '../agents/index.js';
import { loadWeights, mctsAgent } from '../agents/mcts/index.js';
import { agentStream } from '../src/core/rng.js';
import { encodeRecord } from '../src/core/record.js';

describe('fit-eval', () => {
  it('reads records, writes weights with one per feature and the fit measured on held-out games; mcts:eval loads them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit-eval-'));
    const sc = loadScenario('supply-raid');
    const h = resolveBuiltinAgent('heuristic');
    const r = resolveBuiltinAgent('random');
    for (let seed = 1; seed <= 10; seed++) {
      const agents = makeAgents(sc, seed, { pirates: h, townsfolk: seed % 2 ? r : h }, 1);
      const { lines } = playGameSync(sc, seed, agents, { record: true });
      // Plain and compressed records alike (a run folder writes records/game-N.jsonl.gz).
      writeFileSync(join(dir, seed % 2 ? `g${seed}.jsonl` : `g${seed}.jsonl.gz`), encodeRecord(lines!, seed % 2 === 0));
    }
    const out = join(dir, 'w.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'fit-eval', dir, '--out', out, '--every', '20'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/held-out games: log-loss/);
    const w = JSON.parse(readFileSync(out, 'utf8'));
    expect(w.ruleset).toBe('pirates');
    expect(w.names).toEqual(sc.ruleset.evaluation!.names);
    expect(w.weights).toHaveLength(w.names.length);
    expect(w.fit.games).toBe(10);
    expect(w.fit.holdoutPositions).toBeGreaterThan(0);
    expect(loadWeights(out, sc.ruleset)).toEqual(w.weights);
    const agent = mctsAgent({
      ruleset: sc.ruleset,
      scenario: sc.compiled,
      side: 'pirates',
      rng: agentStream(1, 'pirates'),
      seed: 1,
      options: { eval: out, iterations: '10' },
      maxThreads: 1,
    });
    expect(agent.spec).toContain('eval=');
  });
  it("reads a run folder through its records/ (its games.jsonl is the run's list of games, not a record); a run folder without records is refused by name", () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit-eval-run-'));
    const sc = loadScenario('supply-raid');
    const h = resolveBuiltinAgent('heuristic');
    mkdirSync(join(dir, 'records'));
    writeFileSync(join(dir, 'run.json'), '{}\n');
    writeFileSync(join(dir, 'games.jsonl'), '{"game":1}\n');
    for (let seed = 1; seed <= 5; seed++) {
      const { lines } = playGameSync(sc, seed, makeAgents(sc, seed, { pirates: h, townsfolk: h }, 1), { record: true });
      writeFileSync(join(dir, 'records', `game-${seed}.jsonl.gz`), encodeRecord(lines!, true));
    }
    const out = join(dir, 'w.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'fit-eval', dir, '--out', out, '--every', '20'], {
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/first line must be the header/);
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).fit.games).toBe(5);
    const bare = mkdtempSync(join(tmpdir(), 'fit-eval-run-'));
    writeFileSync(join(bare, 'run.json'), '{}\n');
    writeFileSync(join(bare, 'games.jsonl'), '{"game":1}\n');
    const none = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'fit-eval', bare, '--out', join(bare, 'w.json')], {
      encoding: 'utf8',
    });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(`${bare}: a run folder without records/`);
  });
  it('refuses too few records, and weights of another ruleset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit-eval-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'fit-eval', dir, '--out', join(dir, 'w.json')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/need at least 5 records/);
    const bad = join(dir, 'other.json');
    writeFileSync(bad, JSON.stringify({ ruleset: 'escarmouche', names: [], weights: [] }));
    expect(() => loadWeights(bad, loadScenario('supply-raid').ruleset)).toThrow(/not "pirates"/);
  });
});
