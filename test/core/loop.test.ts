/**
 * The one game loop (issue 12 item 4): `GameSession.step` and `playOut` are the loop of `run`
 * (playGame), of tests and benchmarks (playGameSync), of the runner's rows (playRow) and of `play`'s
 * agent moves. The same game played by each gives the same record; the hooks see each decision in
 * order; a failing agent or an illegal answer stops the game before the state changes.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Agent } from '../../src/core/agent.js';
import {
  AgentError,
  GameSession,
  IllegalActionError,
  makeAgents,
  playGame,
  playGameSync,
  playOut,
  type StepDecision,
} from '../../src/core/game.js';
import type { Json, SideId } from '../../src/core/model.js';
import { loadScenario } from '../../src/rules/index.js';
import { playRow } from '../../src/runner/play.js';
import { PlayGame } from '../../src/play/session.js';
import { resolveBuiltinAgent } from '../../agents/index.js';

const sc = loadScenario('supply-raid');
const SEED = 21;
const sides = sc.ruleset.sides(sc.compiled);
const factories = Object.fromEntries(sides.map((s) => [s, resolveBuiltinAgent('heuristic')]));
const heuristics = (): Record<SideId, Agent> => makeAgents(sc, SEED, factories, 1);
/** The same agents, answering through a Promise. */
const asyncHeuristics = (): Record<SideId, Agent> =>
  Object.fromEntries(
    Object.entries(heuristics()).map(([side, a]) => [side, { spec: a.spec, decide: (d) => Promise.resolve(a.decide(d)) } satisfies Agent]),
  );

describe('one game loop', () => {
  const reference = playGameSync(sc, SEED, heuristics(), { record: true }).lines as string[];

  it('playGame, playGameSync, an asynchronous agent, the runner and play give the same record', async () => {
    expect(reference.length).toBeGreaterThan(100);
    expect((await playGame(sc, SEED, heuristics(), { record: true })).lines).toEqual(reference);
    expect((await playGame(sc, SEED, asyncHeuristics(), { record: true })).lines).toEqual(reference);

    const outDir = mkdtempSync(join(tmpdir(), 'skirmish-loop-'));
    const agents = Object.fromEntries(sides.map((s) => [s, 'heuristic']));
    const row = await playRow(
      {
        scenario: sc,
        scenarioArg: 'supply-raid',
        timeLimitMs: 10_000,
        invariants: true,
        measures: true,
        records: 'all',
        outDir,
        epoch: Date.now(),
      },
      { id: 1, seed: SEED, agents },
      factories,
    );
    expect(row.error).toBeUndefined();
    expect(row.violations).toBe(0);
    expect(gunzipSync(readFileSync(join(outDir, row.record as string))).toString('utf8')).toBe(`${reference.join('\n')}\n`);

    // play: the person's side answered with the heuristic's choices, the agent's side by agentStep.
    const human = sides[0];
    const game = await PlayGame.create(sc, SEED, human, 'heuristic', 1);
    const mine = heuristics()[human];
    while (game.current() !== null) {
      if (game.humanToDecide())
        expect(
          game.submitHuman(mine.decide({ ruleset: sc.ruleset, state: game.state, side: human, legal: game.legal() }) as Json),
        ).toBeNull();
      else await game.agentStep();
    }
    game.finish();
    const strip = (l: string): string => JSON.stringify({ ...JSON.parse(l), why: undefined, agents: undefined });
    expect(game.recordLines().length).toBe(reference.length);
    expect(game.recordText().trim().split('\n').map(strip)).toEqual(reference.map(strip));
  });

  it('the hooks see every decision in order: before the agent is asked, when it answered, before and after it is applied', () => {
    const g = new GameSession(sc, SEED, Object.fromEntries(sides.map((s) => [s, 'heuristic'])), { record: true });
    const agents = heuristics();
    const seen: string[] = [];
    let hashBefore = '';
    const steps: StepDecision[] = [];
    void playOut(g, agents, {
      sync: true,
      beforeDecide: (side, n) => seen.push(`ask ${n} ${side}`),
      answered: (side, n) => seen.push(`answered ${n} ${side}`),
      why: (_a, side) => ({ side }),
      chosen: (d) => {
        hashBefore = sc.ruleset.hash(g.state);
        seen.push(`chosen ${d.n}`);
        expect(g.decisions).toBe(d.n - 1);
      },
      applied: (d) => {
        expect(g.decisions).toBe(d.n);
        expect(sc.ruleset.hash(g.state)).not.toBe(hashBefore);
        seen.push(`applied ${d.n}`);
        steps.push(d);
      },
    });
    expect(g.current()).toBeNull();
    expect(steps.length).toBe(g.decisions);
    expect(seen.slice(0, 4)).toEqual([`ask 1 ${steps[0].side}`, `answered 1 ${steps[0].side}`, 'chosen 1', 'applied 1']);
    expect(seen.length).toBe(4 * g.decisions);
    // `why` goes into the decision lines; the game is the reference game.
    const decisionLines = (g.lines as string[]).map((l) => JSON.parse(l) as { t: string; why?: Json }).filter((l) => l.t === 'decision');
    expect(decisionLines.every((l, i) => JSON.stringify(l.why) === JSON.stringify({ side: steps[i].side }))).toBe(true);
    g.finish();
    const strip = (l: string): string => JSON.stringify({ ...JSON.parse(l), why: undefined });
    expect((g.lines as string[]).map(strip)).toEqual(reference.map(strip));
  });

  it('an agent that throws (or rejects) is an AgentError, an illegal answer an IllegalActionError; nothing is applied', async () => {
    const g = new GameSession(sc, SEED, {}, { record: true });
    const h0 = sc.ruleset.hash(g.state);
    const thrower: Agent = {
      spec: 'thrower',
      decide: () => {
        throw new Error('boom');
      },
    };
    const rejecter: Agent = { spec: 'rejecter', decide: () => Promise.reject(new Error('later boom')) };
    const cheat: Agent = { spec: 'cheat', decide: () => ({ k: 'bogus' }) };
    expect(() => g.step(thrower)).toThrow(AgentError);
    expect(() => g.step(thrower)).toThrow('the agent threw at decision 1: boom');
    await expect(g.step(rejecter)).rejects.toThrow(AgentError);
    await expect(g.step(rejecter)).rejects.toMatchObject({ side: g.current(), agent: 'rejecter', decision: 1 });
    expect(() => g.step(cheat)).toThrow(IllegalActionError);
    expect(() => g.step(cheat)).toThrow(/^illegal action at decision 1: \{"k":"bogus"\} \(/);
    expect(() => g.step(rejecter, { sync: true })).toThrow(/decides asynchronously/);
    expect(g.decisions).toBe(0);
    expect(sc.ruleset.hash(g.state)).toBe(h0);
    expect(g.lines).toHaveLength(reference.findIndex((l) => l.includes('"t":"decision"'))); // header and setup events only
  });

  it("a hook's error passes through unchanged (the runner's time limit)", async () => {
    const g = new GameSession(sc, SEED, {});
    const slow: Agent = { spec: 'slow', decide: () => new Promise<Json>(() => {}) };
    class Late extends Error {}
    await expect(g.step(slow, { waitFor: () => Promise.reject(new Late('too slow')) })).rejects.toBeInstanceOf(Late);
    const sync = heuristics()[g.current() as SideId];
    expect(() =>
      g.step(sync, {
        answered: () => {
          throw new Late('past the limit');
        },
      }),
    ).toThrow(Late);
    expect(g.decisions).toBe(0);
  });
});
