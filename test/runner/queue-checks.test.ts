/**
 * The queue's checks that need no Redis (issue 18): `--queue` URLs, what a worker refuses (a
 * different project version, rules version, scenario or agent file — "nothing runs that was not
 * meant to"), and a coordinator that cannot reach Redis failing before it writes anything.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { agentFiles, fileHash, parseQueueUrl, projectVersion, type QueueRunSpec } from '../../src/runner/queue.js';
import { refusal } from '../../src/runner/queue-worker.js';
import type { GameSpec } from '../../src/runner/types.js';
import { cliInProcess, tempDir } from './helpers.js';

describe('--queue URLs', () => {
  it('takes redis:// and rediss:// URLs with a database number, and masks a password in messages', () => {
    expect(parseQueueUrl('redis://127.0.0.1:6379/2').shown).toBe('redis://127.0.0.1:6379/2');
    const a = parseQueueUrl('rediss://user:s3cret@redis.example:6380/0', 'lab');
    expect(a.url).toBe('rediss://user:s3cret@redis.example:6380/0'); // the client gets it whole
    expect(a.shown).toBe('rediss://user:***@redis.example:6380/0');
    expect(a.name).toBe('lab');
  });
  it('refuses other schemes, a path that is not a database number, and odd queue names, naming the option', () => {
    expect(() => parseQueueUrl('http://127.0.0.1:6379')).toThrow(
      /--queue http:\/\/127\.0\.0\.1:6379: expected a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseQueueUrl('redis://127.0.0.1:6379/jobs')).toThrow(/database number/);
    expect(() => parseQueueUrl('not a url')).toThrow(/--queue not a url: not a URL/);
    expect(() => parseQueueUrl('redis://127.0.0.1:6379', 'a b')).toThrow(/--queue-name a b/);
  });
});

describe('what a worker refuses', () => {
  const sc = loadScenario('farmyard-brawl');
  const cautious = 'agents/examples/cautious.ts';
  const spec = (over: Partial<QueueRunSpec> = {}): QueueRunSpec => ({
    run: 'k',
    project: projectVersion(),
    scenario: { arg: 'farmyard-brawl', hash: sc.hash, ruleset: sc.ruleset.id, rulesetVersion: sc.ruleset.version, raw: sc.raw },
    files: { [cautious]: fileHash(cautious) ?? '' },
    timeLimitMs: 0,
    invariants: false,
    measures: false,
    records: 'none',
    ...over,
  });
  const [s0, s1] = sc.ruleset.sides(sc.compiled);
  const games = (a: string, b: string): GameSpec[] => [{ id: 1, seed: 7, agents: { [s0]: a, [s1]: b } }];

  it('plays a job that matches this checkout', () => {
    expect(agentFiles(cautious)).toEqual([cautious]);
    expect(agentFiles('mcts:iterations=10')).toEqual([]);
    expect(refusal(spec(), games('random', cautious))).toBeNull();
  });
  it('refuses another project version', () => {
    expect(refusal(spec({ project: '0.0.1+000000000000' }), games('random', 'greedy'))).toMatch(
      /project version differs: this worker runs .*, the coordinator 0\.0\.1\+000000000000/,
    );
  });
  it('refuses another rules version or scenario content', () => {
    const s = spec();
    expect(refusal({ ...s, scenario: { ...s.scenario, rulesetVersion: 'x' } }, games('random', 'greedy'))).toMatch(/rules differ/);
    expect(refusal({ ...s, scenario: { ...s.scenario, hash: '0123456789abcdef' } }, games('random', 'greedy'))).toMatch(
      /scenario farmyard-brawl differs: content hash .* here, 0123456789abcdef at the coordinator/,
    );
  });
  it('plays a scenario this machine does not have from the job, checked against its hash', () => {
    const s = spec();
    const elsewhere = { ...s.scenario, arg: '/nowhere/brawl.json' };
    expect(refusal({ ...s, scenario: elsewhere }, games('random', 'greedy'))).toBeNull();
    expect(refusal({ ...s, scenario: { ...elsewhere, hash: '0123456789abcdef' } }, games('random', 'greedy'))).toMatch(
      /does not match its hash/,
    );
  });
  it('refuses an agent file that differs, is missing here, or comes without a hash', () => {
    expect(refusal(spec({ files: { [cautious]: '0'.repeat(64) } }), games('random', cautious))).toMatch(
      /agent file agents\/examples\/cautious\.ts differs: sha256 .* here, 000000000000… at the coordinator/,
    );
    expect(refusal(spec({ files: {} }), games('random', cautious))).toMatch(/comes without its hash/);
    expect(refusal(spec({ files: { 'agents/none.ts': 'x' } }), games('random', 'agents/none.ts'))).toMatch(
      /agent file agents\/none\.ts is missing here/,
    );
  });
});

describe('a coordinator without its Redis', () => {
  it('fails with exit code 2 naming the URL, before writing anything', async () => {
    const out = join(tempDir('noredis'), 'run');
    const r = await cliInProcess(
      'tournament',
      '--scenario',
      'farmyard-brawl',
      '--agents',
      'random,greedy',
      '--games',
      '2',
      '--out',
      out,
      '--quiet',
      '--queue',
      'redis://127.0.0.1:1',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/error: --queue redis:\/\/127\.0\.0\.1:1: cannot reach Redis/);
    expect(existsSync(out)).toBe(false);
  });
});
