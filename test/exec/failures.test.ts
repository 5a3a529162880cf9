/**
 * Failure is the client's (issue 43, item 3; docs/PROTOCOL.md "Failures"): a client that crashes,
 * hangs past the time limit, writes a line that is not JSON, answers an illegal action, breaks the
 * protocol at the hello or exceeds its request limits forfeits that game — an error row naming the
 * client and the end of its standard error, a record that verifies up to the stop — the run goes on,
 * and no process is left behind (alive or a zombie). Clients within their limits play on.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { registerStress } from '../../src/commands/stress.js';
import { registerTournament } from '../../src/commands/tournament.js';
import { registerReplay } from '../../src/commands/replay.js';
import { inProcess } from '../cli/in-process.js';
import { runGames } from '../../src/runner/pool.js';
import { loadScenario } from '../../src/rules/index.js';
import type { GameRow } from '../../src/runner/types.js';

const root = mkdtempSync(join(tmpdir(), 'skirmish-exec-failures-'));
const FIXTURE = 'test/fixtures/exec/misbehave.py';
const CLIENT = `client \`python3 ${FIXTURE}\``;

/** This process's children (Piscina's worker threads are threads: their clients are children of this process too). */
function children(): { pid: number; state: string; cmd: string }[] {
  const out: { pid: number; state: string; cmd: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    let cmd: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid) out.push({ pid: Number(name), state: fields[0], cmd });
  }
  return out;
}

/** No client left running, and no zombie (a child that exited and was never reaped). */
function expectNoneLeft(): void {
  const left = children().filter((c) => c.state === 'Z' || c.cmd.includes('test/fixtures/exec'));
  expect(left).toEqual([]);
}

function rows(out: string): GameRow[] {
  return readFileSync(join(out, 'games.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as GameRow)
    .sort((a, b) => a.id - b.id);
}

/** Two games of the misbehaving client (pirates) against random townsfolk; returns the rows. */
async function stress(tag: string, options: string, timeLimit = 10_000): Promise<GameRow[]> {
  const out = join(root, tag);
  const r = await inProcess(
    registerStress,
    'stress',
    '--scenario',
    'supply-raid',
    '--agent',
    `pirates=exec:python3 ${FIXTURE}#${options}`,
    '--agent',
    'townsfolk=random',
    '--games',
    '2',
    '--workers',
    '2',
    '--seed',
    '3',
    '--time-limit',
    String(timeLimit),
    '--quiet',
    '--out',
    out,
  );
  expect(r.err).toMatch(/every game of exec:python3 test\/fixtures\/exec\/misbehave\.py.* \(2\) ended in an error/);
  expect(r.code).toBe(1); // an agent every game of which failed: a failed run (issue 20)
  const rs = rows(out);
  expect(rs.map((x) => x.id)).toEqual([1, 2]); // the second game was played after the first failed
  for (const x of rs) {
    expect(x.winner).toBe('townsfolk'); // the failing side forfeits
    expect(x.error?.side).toBe('pirates');
    expect(x.error?.agent).toBe(`exec:python3 ${FIXTURE}#${options.split(',').sort().join(',')}`);
    expect(x.error?.message).toContain(CLIENT);
    // Its record (rebuilt from the seed and the decisions) ends with a stop line and verifies up to it.
    const file = join(out, x.record as string);
    const last = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n').at(-1) as string) as {
      t: string;
      message: string;
    };
    expect(last).toMatchObject({ t: 'stop', side: 'pirates', decisions: x.decisions, message: x.error?.message });
    const v = await inProcess(registerReplay, 'replay', file, '--verify', '--quiet');
    expect(v.code, v.err).toBe(0);
  }
  expectNoneLeft();
  return rs;
}

describe('a client that fails forfeits its game; the run goes on; nothing is left behind', () => {
  it('crashes: the row quotes its traceback; the other pairings of the tournament are played', async () => {
    const out = join(root, 'crash');
    const spec = `exec:python3 ${FIXTURE}#do=crash`;
    const r = await inProcess(
      registerTournament,
      'tournament',
      '--scenario',
      'supply-raid',
      '--agents',
      `random,${spec},heuristic`,
      '--games',
      '2',
      '--workers',
      '2',
      '--seed',
      '3',
      '--quiet',
      '--out',
      out,
    );
    expect(r.code).toBe(1);
    const rs = rows(out);
    expect(rs).toHaveLength(6);
    const failing = rs.filter((x) => Object.values(x.agents).includes(spec));
    expect(failing).toHaveLength(4);
    for (const x of failing) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(
        new RegExp(
          `^the agent threw at decision \\d+: ${CLIENT.replace(/[`.]/g, '\\$&')} exited with code 1 while deciding; its stderr ends: fixture: crashing now \\| Traceback \\(most recent call last\\):.*RuntimeError: fixture crash at decision 2$`,
        ),
      );
    }
    for (const x of rs.filter((y) => !failing.includes(y))) {
      expect(x.error).toBeUndefined();
      expect(x.winner).not.toBeNull();
    }
    expectNoneLeft();
  });

  it('hangs past the time limit: a timeout row with the end of its stderr; the process is killed', async () => {
    // (3 s: a loaded machine may take a second to start Python, which the first decision includes.)
    const rs = await stress('hang', 'do=hang', 3000);
    for (const x of rs) {
      expect(x.error?.kind).toBe('timeout');
      expect(x.error?.message).toMatch(
        /^decision \d+ took longer than the time limit \(3000 ms\); client `python3 test\/fixtures\/exec\/misbehave\.py` stderr ends: fixture: hanging now$/,
      );
    }
  });

  it('writes a line that is not JSON', async () => {
    for (const x of await stress('garbage', 'do=garbage')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(/wrote a line that is not JSON while deciding: "this is not json"; it wrote nothing on stderr$/);
    }
  });

  it('answers an illegal action', async () => {
    for (const x of await stress('illegal', 'do=illegal')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(
        /answered an illegal action: index \d+, but the \d+ legal actions are numbered 0 to \d+; its stderr ends: fixture: answering an illegal index$/,
      );
    }
  });

  it('speaks another protocol version: it fails at the hello (answered as its first decision begins)', async () => {
    for (const x of await stress('protocol', 'do=protocol')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(/speaks protocol 99; this simulator speaks protocol 1 or 2/);
    }
  });

  it('writes a message between decisions (it answered twice)', async () => {
    for (const x of await stress('chatty', 'do=chatty')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(/wrote a message between decisions: "\{\\"t\\":\\"action\\",\\"index\\":\d+\}"/);
    }
  });

  it('speaking protocol 2, writes a line for an earlier decision: never taken for this one (the number disagrees)', async () => {
    for (const x of await stress('late', 'do=late')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(
        /sent a "action" message for decision 1 while deciding decision 2 \(protocol 2: every message of a decision carries its number\)/,
      );
    }
  });

  it('makes more forward-model requests in one decision than calls=N allows', async () => {
    for (const x of await stress('calls', 'do=calls,n=11,calls=10')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(/made more than 10 forward-model requests in one decision \(its limit: calls=10\)/);
    }
  });

  it('holds more handles at once than handles=N allows', async () => {
    for (const x of await stress('handles', 'do=handles,n=3,handles=5')) {
      expect(x.error?.kind).toBe('agent');
      expect(x.error?.message).toMatch(/held more than 5 forward-model handles at once \(its limit: handles=5\)/);
    }
  });
});

describe('limits a client keeps to, and processes kept between games', () => {
  it('a client that releases its handles and stays within its calls plays whole games; #reuse=1 plays a batch in one process', async () => {
    const sc = loadScenario('supply-raid');
    const pids = join(root, 'pids.txt');
    const got: GameRow[] = [];
    const spec = `exec:python3 ${FIXTURE}#calls=5,do=tidy,handles=3,n=3,pids=${pids},reuse=1`;
    await runGames({
      config: {
        scenarioRaw: sc.raw,
        scenarioOrigin: 'supply-raid',
        scenarioArg: 'supply-raid',
        timeLimitMs: 10_000,
        invariants: false,
        measures: false,
        records: 'none',
        outDir: root,
        epoch: Date.now(),
      },
      sides: sc.ruleset.sides(sc.compiled),
      workers: 1,
      total: 3,
      batchSize: 3,
      gameAt: (id) => ({ id, seed: id, agents: { pirates: spec, townsfolk: 'random' } }),
      done: new Set(),
      onRow: (row) => got.push(row),
    });
    expect(got.map((x) => x.error)).toEqual([undefined, undefined, undefined]);
    expect(got.every((x) => x.winner !== null)).toBe(true);
    // 3 handles and 5 requests (3 kept, 1 from a handle, 1 release) a decision: at the limits, never past them.
    expect(readFileSync(pids, 'utf8').trim().split('\n')).toHaveLength(1);
    expectNoneLeft();
  });
});
