/** Agents by name with options, and users' agent files by path (agents/index.ts). */
import { describe, expect, it } from 'vitest';
import { AgentSpecError, resolveAgent, resolveBuiltinAgent } from '../agents/index.js';
import { parseSpec } from '../agents/options.js';
import { loadScenario } from '../src/rules/index.js';
import { makeAgents, playGame } from '../src/core/game.js';

describe('agent specs', () => {
  it('parses names and options', () => {
    expect(parseSpec('mcts:iterations=2000,workers=2')).toEqual({
      name: 'mcts',
      options: { iterations: '2000', workers: '2' },
      isFile: false,
    });
    expect(parseSpec('./my.ts#depth=2')).toEqual({ name: './my.ts', options: { depth: '2' }, isFile: true });
    // An option value may be a path: the spec is still the built-in agent (docs/agents.md, `mcts:eval=…`).
    expect(parseSpec('mcts:iterations=300,eval=results/w.json')).toEqual({
      name: 'mcts',
      options: { iterations: '300', eval: 'results/w.json' },
      isFile: false,
    });
    expect(parseSpec('mcts:eval=/tmp/w.json').isFile).toBe(false);
    expect(parseSpec('/abs/agent.mjs').isFile).toBe(true);
    expect(parseSpec('mine.ts').isFile).toBe(true);
    expect(resolveBuiltinAgent('greedy:samples=4').spec).toBe('greedy:samples=4');
  });
  it('refuses unknown agents and options with the reason', () => {
    expect(() => resolveBuiltinAgent('wizard')).toThrow(/unknown agent "wizard".*random, greedy, heuristic, mcts/);
    expect(() => resolveBuiltinAgent('heuristic:depth=2')).toThrow(AgentSpecError);
    expect(() => resolveBuiltinAgent('greedy:samples=0')).toThrow(/samples=0/);
  });
  it('heuristic:blunder=P plays that share of decisions at random: 0 is the script, 1 is random play, in between both (docs/agents.md, the ladder)', async () => {
    expect(() => resolveBuiltinAgent('heuristic:blunder=1.5')).toThrow(/blunder=1.5/);
    expect(resolveBuiltinAgent('heuristic:blunder=0.3').spec).toBe('heuristic:blunder=0.3');
    const sc = loadScenario('farmstead-raid');
    const play = async (vikings: string, seed: number): Promise<string> => {
      const agents = makeAgents(sc, seed, { vikings: resolveBuiltinAgent(vikings), saxons: resolveBuiltinAgent('heuristic') }, 1);
      const { result } = await playGame(sc, seed, agents, {});
      return result.hash;
    };
    // blunder=0 is exactly the script; the same spec and seed give the same game; 0.5 differs from both ends.
    expect(await play('heuristic:blunder=0', 4)).toBe(await play('heuristic', 4));
    const half = await play('heuristic:blunder=0.5', 4);
    expect(await play('heuristic:blunder=0.5', 4)).toBe(half);
    expect(half).not.toBe(await play('heuristic', 4));
    expect(half).not.toBe(await play('heuristic:blunder=1', 4));
  });
  it("loads a user's agent file by path and plays a game with it", async () => {
    const r = await resolveAgent('agents/examples/cautious.ts');
    const sc = loadScenario('supply-raid');
    const h = resolveBuiltinAgent('random');
    const agents = makeAgents(sc, 3, { pirates: r, townsfolk: h }, 1);
    const { result, lines } = await playGame(sc, 3, agents, { record: true });
    expect(['pirates', 'townsfolk']).toContain(result.winner);
    expect(JSON.parse(lines![0]).agents.pirates).toBe('agents/examples/cautious.ts');
  });
  it('a missing or broken agent file is a clear error', async () => {
    await expect(resolveAgent('agents/examples/nope.ts')).rejects.toThrow(/agent file not found/);
    await expect(resolveAgent('package.json')).rejects.toThrow(AgentSpecError);
  });
});
