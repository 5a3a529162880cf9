/**
 * Issue 45, item 1: the rule invariant the issue found broken (Escarmouche, a marshalled follower
 * carried across a terrain edge), and (second half) a run in which a rule invariant was broken keeps
 * those games' records whatever `--records` says, and ends non-zero saying so.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { nim, nimScenario } from '../fixtures/nim.js';
import { randomAgent } from '../../agents/random.js';
import type { AnyRuleset, InvariantMonitor } from '../../src/core/model.js';
import type { LoadedScenario } from '../../src/core/game.js';
import { playRow } from '../../src/runner/play.js';
import { FailureTally } from '../../src/commands/run-options.js';
import { cli, gameRows, tempDir } from '../runner/helpers.js';
import { ScriptedRng, d } from '../helpers/rng.js';
import { acting, act, testScenario } from '../escarmouche/helpers.js';

/** Nim with a monitor that calls every take of 2 or more a violation. */
function brokenNim(): LoadedScenario {
  const ruleset = {
    ...nim,
    invariants: (): InvariantMonitor => {
      const violations: string[] = [];
      return {
        violations,
        event: (e) => {
          if (typeof e.n === 'number' && e.n >= 2) violations.push(`took ${e.n} at once`);
        },
        afterStep: () => undefined,
      };
    },
  } as unknown as AnyRuleset;
  const raw = nimScenario([5, 6]);
  return { ruleset, compiled: raw, raw, hash: 'h', id: 'nim' };
}

describe("issue 45 item 1 (first half): Escarmouche [E19] [E20] [E26] a marshalled follower on an area's edge stops where that terrain ends", () => {
  // The game (farmyard-brawl, seed 3868405098, random both sides, turn 4): R3 marshals R1 west;
  // R1 stands on the mill leat's south edge (difficult ground, y 14–18.5), its centre 1.4e-14 in
  // outside it — on the edge, so in the worse terrain ([E19]) — and at 109c6c4 was carried on to the
  // table edge at x = 0.5 across the leat's end at x = 2 onto clear ground, moving through two terrain
  // types ([E20]: "any distance in a straight line through the same terrain type").
  const box = (x0: number, y0: number, x1: number, y1: number): number[][] => [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  const ry = 18.500000000000014;
  it('R1 goes in difficult ground and stops where the leat ends', () => {
    const sc = testScenario(
      ['...', '...', '...'],
      [
        { side: 0, at: [24.57282858021093, 13.509931506043229] },
        { side: 0, at: [4.126929813619533, ry] },
        { side: 1, at: [28, 2] },
      ],
      {},
      [{ id: 'leat', terrain: 'difficult', polygon: box(2, 14, 6.5, 18.5) }],
    );
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'marshal', to: 'dir:w', n: 1 }, [4, 2, 3], new ScriptedRng(Array.from({ length: 12 }, () => d(6, 4))));
    const m = events.find((e) => e.e === 'marshal') as unknown as {
      terrains: Record<string, string>;
      places: { figure: string; to: number[]; stop: string; terrain: string }[];
    };
    expect(m.terrains.A2).toBe('difficult');
    const follower = m.places.find((p) => p.figure === 'A2');
    expect(follower).toMatchObject({ stop: 'ground', terrain: 'difficult' });
    // Stopped at the leat's end (x = 2, less the slide's step), not carried on to the table edge (0.5).
    expect(follower?.to[0]).toBeGreaterThan(1.9);
    expect(follower?.to[0]).toBeLessThan(2.1);
  });
});

describe('issue 45 item 1: invariant violations in stress/tournament', () => {
  for (const records of ['none', 'errors'] as const) {
    it(`item 1: a game that broke an invariant keeps its record with --records ${records}, ending with its result line`, async () => {
      const out = tempDir('item1');
      const env = {
        scenario: brokenNim(),
        scenarioArg: 'nim',
        timeLimitMs: 0,
        invariants: true,
        measures: false,
        records,
        outDir: out,
        epoch: Date.now(),
      };
      const f = { factory: randomAgent, options: {} };
      let row;
      for (let seed = 1; seed < 20; seed++) {
        row = await playRow(env, { id: seed, seed, agents: { first: 'random', second: 'random' } }, { first: f, second: f });
        if ((row.violations ?? 0) > 0) break;
      }
      expect(row?.violations).toBeGreaterThan(0);
      expect(row?.record).toBeDefined();
      const file = join(out, row?.record as string);
      expect(existsSync(file)).toBe(true);
      const lines = gunzipSync(readFileSync(file))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { t: string });
      expect(lines[0].t).toBe('header');
      expect(lines.at(-1)?.t).toBe('result');
    });
  }

  it('item 1: a game without violations keeps no record with --records none', async () => {
    const out = tempDir('item1');
    const env = {
      scenario: { ...brokenNim(), ruleset: nim as unknown as AnyRuleset },
      scenarioArg: 'nim',
      timeLimitMs: 0,
      invariants: true,
      measures: false,
      records: 'none' as const,
      outDir: out,
      epoch: Date.now(),
    };
    const f = { factory: randomAgent, options: {} };
    const row = await playRow(env, { id: 1, seed: 1, agents: { first: 'random', second: 'random' } }, { first: f, second: f });
    expect(row.record).toBeUndefined();
  });

  it('item 1: a tournament watches every game with the invariant monitor, as stress does (each row counts its violations)', () => {
    const out = tempDir('item1');
    const r = cli(
      'tournament',
      '--scenario',
      'farmstead-raid',
      '--agents',
      'random,greedy',
      '--games',
      '2',
      '--workers',
      '1',
      '--out',
      out,
      '--quiet',
    );
    expect(r.code, r.err).toBe(0);
    const rows = gameRows(out);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.violations).toBe(0);
  }, 120_000);

  it('item 1: the closing lines name the violations and the kept records (the run then exits 1)', () => {
    const t = new FailureTally();
    expect(t.violationNotes('results/x')).toEqual([]);
    t.add({
      id: 7,
      seed: 3,
      agents: { a: 'random', b: 'random' },
      winner: 'a',
      reason: 'r',
      turns: 1,
      decisions: 4,
      stats: {},
      violations: 2,
      violationList: ['moved through two terrains'],
      record: 'records/game-7.jsonl.gz',
    });
    const notes = t.violationNotes('results/x');
    expect(notes[0]).toMatch(/^error: 2 rule invariant violation\(s\) in 1 game\(s\) \(ids 7\).*moved through two terrains/);
    expect(notes[1]).toContain('results/x/records/game-7.jsonl.gz');
  });
});
