/** The command line, end to end: exit codes, records, verification, errors. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-cli-'));
function cli(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

describe('cli', () => {
  const record = join(dir, 'game.jsonl');
  it('run prints the story and the result, writes a record; --json prints one summary line', () => {
    const r = cli(
      'run',
      '--scenario',
      'supply-raid',
      '--seed',
      '4',
      '--agent',
      'pirates=heuristic',
      '--agent',
      'townsfolk=random',
      '--out',
      record,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/── Turn 1 ──/);
    expect(r.out).toMatch(/Result: (pirates|townsfolk)/);
    expect(existsSync(record)).toBe(true);
    const j = cli(
      'run',
      '--scenario',
      'supply-raid',
      '--seed',
      '4',
      '--agent',
      'pirates=heuristic',
      '--agent',
      'townsfolk=random',
      '--out',
      join(dir, 'g2.jsonl'),
      '--json',
    );
    expect(j.code).toBe(0);
    const lines = j.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0]);
    expect(summary).toMatchObject({ record: join(dir, 'g2.jsonl'), scenario: 'supply-raid', seed: 4 });
    expect(['pirates', 'townsfolk']).toContain(summary.winner);
    expect(summary.turns).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'g2.jsonl'), 'utf8')).toBe(readFileSync(record, 'utf8')); // same inputs, same bytes
  });
  it('replay --verify passes on the record and exits 0', () => {
    const r = cli('replay', record, '--verify', '--quiet');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/verified/);
  });
  it('replay --why on a record without explanations says where they come from (it printed nothing more)', () => {
    const r = cli('replay', record, '--why');
    expect(r.code).toBe(0);
    expect(r.out).toContain("(This record holds no agents' explanations: they are kept by `run --explain`");
  });
  it('replay --verify of a record with one decision changed exits 1 and names the line', () => {
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    // Change a pass into the first other choice, or a group move into solo, somewhere in the middle.
    let changed = -1;
    for (let i = Math.floor(lines.length / 3); i < lines.length; i++) {
      if (lines[i].includes('"action":{"k":"group"')) {
        lines[i] = lines[i].replace(/"action":\{"k":"group","to":"[^"]*"\}/, '"action":{"k":"solo"}');
        changed = i + 1;
        break;
      }
    }
    expect(changed).toBeGreaterThan(0);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${lines.join('\n')}\n`);
    const r = cli('replay', bad, '--verify', '--quiet');
    expect(r.code).toBe(1);
    const m = /line (\d+)/.exec(r.err);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(changed);
  });
  it('bad input exits 2 with a reason: unknown scenario, unknown agent, bad side, unreadable record', () => {
    expect(cli('run', '--scenario', 'nowhere', '--out', join(dir, 'x.jsonl')).code).toBe(2);
    const a = cli('run', '--scenario', 'supply-raid', '--agent', 'pirates=wizard', '--out', join(dir, 'x.jsonl'));
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/unknown agent "wizard"/);
    const b = cli('run', '--scenario', 'supply-raid', '--agent', 'navy=random', '--out', join(dir, 'x.jsonl'));
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/no side "navy"/);
    // A policy variant for a side it does not play (Supply Raid: `attack` is the pirates'): refused, not silently the main script.
    for (const spec of ['heuristic:variant=attack', 'mcts:iterations=5,variant=attack']) {
      const c = cli('run', '--scenario', 'supply-raid', '--agent', `townsfolk=${spec}`, '--out', join(dir, 'x.jsonl'));
      expect(c.code).toBe(2);
      expect(c.err).toContain(
        `--agent townsfolk=${spec}: policy variant "attack" plays only pirates in supply-raid; for townsfolk it would be the main script`,
      );
    }
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false); // nothing written half-way
    expect(cli('replay', join(dir, 'missing.jsonl')).code).toBe(2);
  });
  it('validate names the file and JSON path of a bad scenario and exits 2; scenarios lists the built-ins', () => {
    const raw = JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8'));
    raw.sides[1].figures[0].count = 0;
    const f = join(dir, 'broken.json');
    writeFileSync(f, JSON.stringify(raw));
    const v = cli('validate', f);
    expect(v.code).toBe(2);
    expect(v.err).toContain(`${f}: at $.sides[1].figures[0].count`);
    expect(cli('validate', 'scenarios/pirates/supply-raid.json').code).toBe(0);
    const byId = cli('validate', 'wagon-raid'); // a built-in scenario's id, as every other command takes it
    expect(byId.code).toBe(0);
    expect(byId.out).toMatch(/^ok: wagon-raid \(state-of-war scenario "wagon-raid"/);
    const list = cli('scenarios').out.trim().split('\n');
    expect(list.join('\n')).toMatch(/supply-raid\s+pirates/);
    // Aligned columns: every row's "sides:" at the same column, however long the names.
    expect(new Set(list.map((l) => l.indexOf('sides:'))).size).toBe(1);
  });
  it('every command has --help with an example', () => {
    for (const c of ['run', 'replay', 'scenarios', 'validate']) {
      const h = cli(c, '--help');
      expect(h.code).toBe(0);
      expect(h.out).toMatch(/Example/);
    }
  });
});
