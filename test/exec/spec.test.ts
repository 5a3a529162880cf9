/**
 * `exec:` specs (docs/PROTOCOL.md, "The agent spec"): the command line split as a shell splits a
 * simple command, options after the first unquoted `#`, the simulator's own options (`reuse`,
 * `handles`, `calls`) kept from the client, one canonical form; the files a resumed or queued run
 * checks; refusals before any game starts.
 */
import { describe, expect, it } from 'vitest';
import { AgentSpecError, resolveAgent } from '../../agents/index.js';
import { DEFAULT_CALLS, DEFAULT_HANDLES, execFiles, parseExecSpec, splitCommand } from '../../agents/exec/spec.js';
import { splitAgentList } from '../../src/commands/tournament.js';
import { agentFiles } from '../../src/runner/queue.js';

describe('exec specs', () => {
  it('split the command line into words (quotes, escapes) up to the first unquoted #', () => {
    expect(splitCommand(`python3  "my dir/a.py" 'x y' z\\ w "q\\"#"#depth=2`)).toEqual({
      words: ['python3', 'my dir/a.py', 'x y', 'z w', 'q"#'],
      rest: 'depth=2',
    });
    expect(splitCommand('python3 a.py')).toEqual({ words: ['python3', 'a.py'], rest: null });
    expect(() => splitCommand(`python3 'a.py`)).toThrow(AgentSpecError);
  });

  it('keep the simulator options from the client, and have one canonical form', () => {
    const p = parseExecSpec(' exec:python3   clients/python/examples/flat_mc.py #playouts=8, calls=50,reuse=1,depth=3');
    expect(p.command).toEqual(['python3', 'clients/python/examples/flat_mc.py']);
    expect(p.clientOptions).toEqual({ playouts: '8', depth: '3' });
    expect(p).toMatchObject({ reuse: true, calls: 50, handles: DEFAULT_HANDLES });
    expect(p.spec).toBe('exec:python3 clients/python/examples/flat_mc.py#calls=50,depth=3,playouts=8,reuse=1');
    expect(parseExecSpec(p.spec).spec).toBe(p.spec);
    expect(parseExecSpec(`exec:python3 'my agent.py'`).spec).toBe(`exec:python3 'my agent.py'`);
    expect(parseExecSpec('exec:./a.sh')).toMatchObject({ reuse: false, calls: DEFAULT_CALLS, handles: DEFAULT_HANDLES, clientOptions: {} });
  });

  it('refuse what cannot work before any game starts', async () => {
    expect(() => parseExecSpec('exec:')).toThrow(/needs a command line/);
    expect(() => parseExecSpec('exec:python3 a.py#depth')).toThrow(/expected key=value/);
    expect(() => parseExecSpec('exec:python3 a.py#reuse=yes')).toThrow(/reuse=yes: expected 1, 0, true or false/);
    expect(() => parseExecSpec('exec:python3 a.py#calls=0')).toThrow(/calls=0: expected a whole number from 1/);
    await expect(resolveAgent('exec:no-such-program-43 a.py')).rejects.toThrow(/program not found: no-such-program-43 \(not on PATH\)/);
    await expect(resolveAgent('exec:./no/such/client')).rejects.toThrow(/program not found: \.\/no\/such\/client$/);
    expect((await resolveAgent('exec:python3 clients/python/examples/greedy.py#samples=2')).spec).toBe(
      'exec:python3 clients/python/examples/greedy.py#samples=2',
    );
  });

  it('a tournament list keeps an exec spec and its options together', () => {
    expect(splitAgentList('exec:python3 c/mc.py#playouts=8,depth=3,heuristic,mcts:iterations=5')).toEqual([
      'exec:python3 c/mc.py#playouts=8,depth=3',
      'heuristic',
      'mcts:iterations=5',
    ]);
  });

  it("the files a run checks are the command line's existing files (the client's script), not the program", () => {
    expect(execFiles('exec:python3 -u clients/python/examples/greedy.py --no-such-file x.py')).toEqual([
      'clients/python/examples/greedy.py',
    ]);
    expect(agentFiles('exec:python3 clients/python/examples/greedy.py#samples=2')).toEqual(['clients/python/examples/greedy.py']);
  });
});
