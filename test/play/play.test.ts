/**
 * `play` (issue 5): a whole Supply Raid from a scripted input file as each side against the
 * heuristic; bad input at every prompt kind; undo; save, quit and resume; the finished game is a
 * record that verifies.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadScenario } from '../../src/rules/index.js';
import { builtinScenarioFiles, readScenarioFile } from '../../src/core/scenario.js';
import { PlayGame } from '../../src/play/session.js';
import { parseRecord, readRecord } from '../../src/core/record.js';
import { verifyRecord } from '../../src/replay.js';
import { playSpecs } from '../helpers/games.js';
import { GameSession } from '../../src/core/game.js';
import type { Json } from '../../src/core/model.js';
import { comparableRecord, driveAnswers, driveFile, heuristicScript, writeScript } from './helpers.js';
import { levelsOf } from '../../src/core/levels.js';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-play-'));
const sc = loadScenario('supply-raid');
const SEED = 3;

/** For each time `typed` was entered: the prompt it answered, the reply line, and the prompt after it. */
function repliesTo(text: string, typed: string): { prompt: string; reply: string; next: string }[] {
  const lines = text.split('\n');
  const out: { prompt: string; reply: string; next: string }[] = [];
  const split = (l: string): [string, string] | null => {
    const m = /^(.*?(?:\[\d+-\d+\]> |\[y\/n\] ))(.*)$/.exec(l);
    return m ? [m[1], m[2]] : null;
  };
  for (let i = 0; i < lines.length; i++) {
    const m = split(lines[i]);
    if (m && m[1] === typed) out.push({ prompt: m[0], reply: lines[i + 1] ?? '', next: split(lines[i + 2] ?? '')?.[0] ?? '' });
  }
  return out;
}

describe('play: whole games from a scripted input file', () => {
  for (const side of ['pirates', 'townsfolk']) {
    it(`plays a whole Supply Raid as ${side} against heuristic; the record verifies and is the heuristic game`, async () => {
      const { lines: expected, answers } = heuristicScript(sc, SEED, side);
      // A few commands before the first answer: they must not change the game.
      const file = writeScript(join(dir, `${side}.txt`), [
        'help',
        'map',
        'map full',
        `status ${side === 'pirates' ? 'P01' : 'T01'}`,
        'actions',
        ...answers,
      ]);
      const out = join(dir, `${side}.jsonl`);
      const game = await PlayGame.create(sc, SEED, side, 'heuristic', 1);
      const d = await driveFile(game, file, out, true);
      expect(d.end.end).toBe('over');
      expect(d.end.saved).toBe(out);
      expect(d.text).toMatch(/Result: (Pirates|Townsfolk) win/);
      expect(d.text).toContain('Your choices');
      expect(d.text).toMatch(/rolls \d+ vs \d+/); // dice as they fall
      expect(d.text).toContain('(heuristic): '); // the agent's account
      expect(d.text).toMatch(
        side === 'pirates'
          ? /Black Coat \(P01, cutlass\) — Pirates, personality\n {2}stands at/
          : /T01 \(club\) — Townsfolk\n {2}stands at/,
      ); // status
      expect(d.text).toMatch(/Cards turned: .*← now/);
      expect(d.text).toMatch(/Movement this turn: Pirates \d+ in/);
      expect(d.text).toContain('~ water  $ warehouse 1  # building'); // the full map's legend (map full)
      const rec = readRecord(out);
      expect(rec[0]).toMatchObject({ t: 'header', agents: { [side]: 'human' } });
      expect(rec[rec.length - 1].t).toBe('result');
      const v = verifyRecord(rec, out);
      expect(v.ok, v.message).toBe(true);
      const played = readFileSync(out, 'utf8').trim().split('\n');
      expect(comparableRecord(played)).toEqual(comparableRecord(expected));
    });
  }
});

describe('play: bad input', () => {
  it('answers bad input at every prompt kind with a one-line reason and the same prompt again', async () => {
    // Steer: bad input at the band prompt, form the largest new band the card allows, bad input at the group-move prompt, choose "no group move", bad coordinates at the
    // figure prompt, then quit with a bad answer to the save question first.
    const script: string[] = [
      'frobnicate',
      '0',
      '99',
      '2.5',
      '10,10',
      '',
      'status Z99',
      'NEW', // replaced by the number of the largest "Form a new band of …"
      '99',
      '-1',
      'undo!',
      '12,12',
      'SOLO', // replaced by the number of the "no group move" choice
      '47.9,47.9',
      '60,20',
      '20,5',
      '3,3',
      '40,40',
      '1',
      'quit',
      'maybe',
      'n',
    ];
    const game = await PlayGame.create(sc, SEED, 'pirates', 'heuristic', 1);
    let i = 0;
    const d = await driveAnswers(
      game,
      (_p, g) => {
        if (i >= script.length) return null;
        const a = script[i++];
        const words = g.legal().map((x) => g.scenario.ruleset.describeAction(g.state, x));
        if (a === 'NEW') return String(words.findLastIndex((w) => /^Form a new band of [2-9]/.test(w)) + 1);
        if (a === 'SOLO') return String(words.findIndex((w) => /no group move/.test(w)) + 1);
        return a;
      },
      join(dir, 'bad.jsonl'),
    );
    const t = d.text;
    expect(d.end.end).toBe('quit');
    const expectReply = (typed: string, reason: RegExp): void => {
      const r = repliesTo(t, typed);
      expect(r.length, `no reply to "${typed}"`).toBeGreaterThan(0);
      expect(r[0].reply).toMatch(reason);
      expect(r[0].next).toBe(r[0].prompt); // the same prompt again, at once
    };
    expectReply('frobnicate', /^Unknown command "frobnicate": type a number from 1 to \d+, or help\.$/);
    expectReply('0', /^There is no action 0: choose a number from 1 to \d+\.$/);
    expectReply('99', /^There is no action 99: choose a number from 1 to \d+\.$/);
    expectReply('2.5', /^There is no action 2\.5/);
    expectReply('10,10', /^Exact coordinates are not taken at this decision/);
    expectReply('', /^Type the number of an action/);
    expectReply('status Z99', /^There is no figure "Z99"/);
    expectReply('-1', /^There is no action -1/);
    expectReply('undo!', /^Unknown command "undo!"/);
    expectReply('12,12', /^Exact coordinates are not taken at this decision/); // group-move prompt
    expectReply('47.9,47.9', /^Cannot move there: .*(inside a building|edge)/);
    expectReply('60,20', /^Cannot move there: \(60, 20\) is off the table/);
    expectReply('20,5', /^Cannot move there: \(20, 5\) is inside a building/);
    expectReply('3,3', /^Cannot move there: \(3, 3\) is inside a building, water/);
    expectReply('40,40', /^Cannot move there: the way there is [\d.]+ in; this move allows [\d.]+ in/);
    expectReply('maybe', /^Please answer y or n\.$/);
    // The prompt after each bad input is the one it answered: the decision did not move on.
    const decisionsBeforeQuit = game.decisions.filter((x) => x.human).length;
    expect(decisionsBeforeQuit).toBe(3); // the band, its "no group move", the first figure's action
    expect(existsSync(join(dir, 'bad.jsonl'))).toBe(false); // quit without saving
  });

  it('takes exact coordinates that the rules allow and records them as the person gave them', async () => {
    const game = await PlayGame.create(sc, SEED, 'pirates', 'heuristic', 1);
    const script = ['1', '9.5,38'];
    let i = 0;
    const d = await driveAnswers(game, () => (i < script.length ? script[i++] : null), join(dir, 'xy.jsonl'));
    expect(d.text).toMatch(/You: .*move to \(9\.5, 38\)/);
    const rec = readRecord(join(dir, 'xy.jsonl')); // saved when the input ended
    expect(rec.some((l) => l.t === 'decision' && JSON.stringify(l.action) === '{"k":"moveTo","x":9.5,"y":38}')).toBe(true);
    const resumed = await PlayGame.resume(rec, 'xy.jsonl', 1);
    expect(resumed.decisions.length).toBe(game.decisions.length);
  });
});

describe('play: undo, save and resume', () => {
  it('undo then the same decision gives the identical record', async () => {
    const { answers } = heuristicScript(sc, SEED, 'pirates');
    // The plain game.
    const plain = await PlayGame.create(sc, SEED, 'pirates', 'heuristic', 1);
    let i = 0;
    await driveAnswers(plain, () => (i < answers.length ? answers[i++] : null), join(dir, 'plain.jsonl'));
    // The same answers, with "undo" and the same answer again at several places, and two undos in a row once.
    const withUndo: string[] = ['undo'];
    answers.forEach((a, k) => {
      withUndo.push(a);
      if (k === 0 || k === 7 || k === 40 || k === 41 || k === 150) withUndo.push('undo', a);
      if (k === 90) withUndo.push('undo', 'undo', answers[k - 1], a);
    });
    const undone = await PlayGame.create(sc, SEED, 'pirates', 'heuristic', 1);
    let j = 0;
    const d = await driveAnswers(undone, () => (j < withUndo.length ? withUndo[j++] : null), join(dir, 'undone.jsonl'));
    expect(d.text).toContain('Nothing to take back');
    expect(d.text.match(/Taken back: /g)?.length).toBe(7);
    expect(d.end.end).toBe('over');
    expect(readFileSync(join(dir, 'undone.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'plain.jsonl'), 'utf8'));
  });

  it("undo under band orders names the player's own order, described as it was chosen (not the figures' moves that followed it)", async () => {
    // Seed 5, pirates: a band of 1 (its figure's action is the player's: "stay put"), a band of 4
    // moved toward warehouse 1 (its figures' shares by the policy), then three undos.
    const script = ['1', '1', '4', '1', 'undo', 'undo', 'undo'];
    const game = await PlayGame.create(sc, 5, 'pirates', 'heuristic', 1);
    let i = 0;
    const d = await driveAnswers(game, () => (i < script.length ? script[i++] : null), join(dir, 'band-undo.jsonl'), false, 'band');
    const taken = [...d.text.matchAll(/Taken back: (.*)\./g)].map((m) => m[1]);
    expect(taken).toEqual([
      'Band 1 (2 cutlasses, 1 pistol, 1 knife): move together toward warehouse 1, up to 15 in',
      'Form a new band of 4 from schooner (2 cutlasses, 1 knife, 1 pistol)',
      'Black Coat (P01, cutlass): stay put',
    ]);
  });

  for (const opponent of ['random', 'mcts:iterations=30']) {
    it(`undo with an agent that draws from its stream puts the stream back (${opponent})`, async () => {
      const humanCount = (g: PlayGame): number => g.decisions.filter((x) => x.human).length;
      const last = (g: PlayGame): string => String(g.legal().length); // the person always takes the last choice
      const stop = opponent === 'random' ? 60 : 12;
      const plain = await PlayGame.create(sc, 5, 'townsfolk', opponent, 1);
      const d0 = await driveAnswers(plain, (_p, g) => (humanCount(g) >= stop ? null : last(g)), join(dir, 'u1.jsonl'));
      // The same, but three undos in a row after half the decisions, then the same answers again.
      const undone = await PlayGame.create(sc, 5, 'townsfolk', opponent, 1);
      let triggered = false;
      let undos = 0;
      const d = await driveAnswers(
        undone,
        (_p, g) => {
          if (humanCount(g) === stop / 2) triggered = true;
          if (triggered && undos < 3) {
            undos++;
            return 'undo';
          }
          return humanCount(g) >= stop ? null : last(g);
        },
        join(dir, 'u2.jsonl'),
      );
      await plain.close();
      await undone.close();
      expect(d.text.match(/Taken back: /g)?.length).toBe(3);
      expect(plain.decisions.some((x) => !x.human && JSON.stringify(x.why).includes('"agentDraws":'))).toBe(true);
      if (opponent.startsWith('mcts')) expect(d0.text).toMatch(/considered 1\. .* — \d+ visits, value [\d.]+/); // the agent's reasons
      expect(readFileSync(join(dir, 'u2.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'u1.jsonl'), 'utf8'));
    });
  }

  it('save, quit, and play --resume continue the game to the same end', async () => {
    const { answers } = heuristicScript(sc, SEED, 'townsfolk');
    const full = await PlayGame.create(sc, SEED, 'townsfolk', 'heuristic', 1);
    let i = 0;
    await driveAnswers(full, () => (i < answers.length ? answers[i++] : null), join(dir, 'full.jsonl'));

    const saved = join(dir, 'saved.jsonl');
    const first = await PlayGame.create(sc, SEED, 'townsfolk', 'heuristic', 1);
    const part = [...answers.slice(0, 100), `save ${saved}`, answers[100], 'quit', 'y'];
    let j = 0;
    const d1 = await driveAnswers(first, () => (j < part.length ? part[j++] : null), saved);
    expect(d1.end.end).toBe('quit');
    expect(d1.text).toContain(`Saved to ${saved}`);
    const rec = readRecord(saved);
    expect(rec.some((l) => l.t === 'result')).toBe(false);

    const resumed = await PlayGame.resume(rec, saved, 1);
    const rest = answers.slice(101);
    let k = 0;
    const d2 = await driveAnswers(resumed, () => (k < rest.length ? rest[k++] : null), saved);
    expect(d2.end.end).toBe('over');
    expect(readFileSync(saved, 'utf8')).toBe(readFileSync(join(dir, 'full.jsonl'), 'utf8'));
    // A finished game cannot be resumed.
    await expect(PlayGame.resume(readRecord(saved), saved, 1)).rejects.toThrow(/this game is over/);
  });

  it('when the input ends mid-game the game so far is saved and resumes', async () => {
    const out = join(dir, 'eof.jsonl');
    const game = await PlayGame.create(sc, SEED, 'pirates', 'heuristic', 1);
    let i = 0;
    const d = await driveAnswers(game, () => (i++ < 20 ? '1' : null), out);
    expect(d.end.end).toBe('eof');
    expect(d.text).toContain(`play --resume ${out}`);
    const g2 = await PlayGame.resume(parseRecord(readFileSync(out, 'utf8'), out), out, 1);
    expect(g2.decisions.length).toBe(game.decisions.length);
    expect(g2.humanToDecide()).toBe(true);
    // The same game saved gzip-compressed resumes the same (play --resume reads through readRecord).
    const gz = join(dir, 'eof.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(out)));
    const g3 = await PlayGame.resume(readRecord(gz), gz, 1);
    expect(g3.recordText()).toBe(g2.recordText());
  });
});

describe("play: an agent's memory in the saved game", () => {
  it('a game against mcts with a portfolio keeps why.agentMemory and resumes; a memory it did not write is refused naming its line', async () => {
    const out = join(dir, 'memory.jsonl');
    const game = await PlayGame.create(sc, SEED, 'townsfolk', 'mcts:iterations=10', 1);
    let i = 0;
    await driveAnswers(game, (_p, g) => (g.decisions.filter((x) => x.human).length >= 4 || i++ > 400 ? null : '1'), out);
    await game.close();
    const text = readFileSync(out, 'utf8');
    const lines = parseRecord(text, out);
    const withMemory = lines
      .map((l, k) => [l, k + 1] as const)
      .filter(([l]) => l.t === 'decision' && JSON.stringify(l.why ?? null).includes('"agentMemory"'));
    expect(withMemory.length).toBeGreaterThan(0);
    const g2 = await PlayGame.resume(lines, out, 1);
    expect(g2.recordText()).toBe(game.recordText());
    await g2.close();
    // Tamper with the last memory: the resume names that line.
    const [, lastLine] = withMemory[withMemory.length - 1];
    const bad = text
      .split('\n')
      .map((l, k) => (k + 1 === lastLine ? l.replace('"agentMemory":{"rounds":', '"agentMemory":{"rounds":-1,"was":') : l))
      .join('\n');
    await expect(PlayGame.resume(parseRecord(bad, out), out, 1)).rejects.toThrow(
      new RegExp(`memory\\.jsonl:${lastLine}: why\\.agentMemory: portfolio memory does not fit`),
    );
  });
});

describe('play: the command', () => {
  const cli = (input: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { encoding: 'utf8', input });
  it('plays from standard input, saves on quit, resumes; bad options exit 2 with a reason', () => {
    const out = join(dir, 'cli.jsonl');
    const a = cli(
      'bogus\n1\nquit\ny\n',
      'play',
      '--scenario',
      'supply-raid',
      '--side',
      'pirates',
      '--opponent',
      'heuristic',
      '--seed',
      '3',
      '--out',
      out,
      '--no-map',
    );
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toContain('Unknown command "bogus"');
    expect(a.stdout).toContain(`Saved to ${out}`);
    const b = cli('quit\n', 'play', '--resume', out);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toContain('Your choices (Pirates)');
    expect(cli('', 'play', '--scenario', 'supply-raid', '--side', 'navy').stderr).toMatch(/no such side in supply-raid/);
    const c = cli('', 'play', '--scenario', 'supply-raid', '--side', 'pirates', '--opponent', 'wizard');
    expect(c.status).toBe(2);
    expect(c.stderr).toMatch(/unknown agent "wizard"/);
    // A level names the scenario's ruleset's own spec (src/core/levels.ts), which the record keeps.
    const leveled = join(dir, 'level.jsonl');
    const e = cli(
      '1\nquit\ny\n',
      'play',
      '--scenario',
      'supply-raid',
      '--side',
      'townsfolk',
      '--opponent',
      'easy',
      '--seed',
      '3',
      '--out',
      leveled,
      '--no-map',
    );
    expect(e.status, e.stderr).toBe(0);
    expect(e.stdout).toContain(`against ${levelsOf(sc.ruleset).easy} (Pirates)`);
    expect(readFileSync(leveled, 'utf8')).toContain(`"pirates":"${levelsOf(sc.ruleset).easy}"`);
    const finished = join(dir, 'finished.jsonl');
    writeFileSync(finished, `${(playSpecs(sc, 1, { pirates: 'heuristic', townsfolk: 'heuristic' }, true).lines as string[]).join('\n')}\n`);
    const d = cli('', 'play', '--resume', finished);
    expect(d.status).toBe(2);
    expect(d.stderr).toMatch(/not a game saved by play/);
  });
});

describe('play: band orders (issue 15)', () => {
  it('by default one decision moves a band: the person answers only band-level decisions, the policy takes each figure’s share — the heuristic game, ≤ 2 answers per card', async () => {
    const side = 'pirates';
    const { lines: expected } = heuristicScript(sc, SEED, side);
    // The answers a person gives with band orders: only where the decision is not a figure's share of an order.
    const g = new GameSession(sc, SEED, { pirates: 'heuristic', townsfolk: 'heuristic' });
    const answers: string[] = [];
    let cards = 0;
    for (const l of expected) {
      const d = JSON.parse(l) as { t: string; e?: string; side?: string; action?: Json };
      if (d.t === 'event' && d.e === 'card' && d.side === side) cards++;
      if (d.t !== 'decision') continue;
      if (d.side === side && !(sc.ruleset.view?.delegable?.(g.state) ?? false)) {
        const key = sc.ruleset.actionKey(d.action as Json);
        answers.push(String(g.legal().findIndex((a) => sc.ruleset.actionKey(a) === key) + 1));
      }
      g.submit(d.action as Json);
    }
    const file = writeScript(join(dir, 'band-orders.txt'), answers);
    const out = join(dir, 'band-orders.jsonl');
    const game = await PlayGame.create(sc, SEED, side, 'heuristic', 1);
    const d = await driveFile(game, file, out, true, 'band');
    expect(d.end.end).toBe('over');
    expect(d.text).toContain('  band order: ');
    expect(d.text).toContain('What heuristic did since your last decision');
    const played = readFileSync(out, 'utf8').trim().split('\n');
    expect(comparableRecord(played)).toEqual(comparableRecord(expected));
    expect(answers.length / cards).toBeLessThanOrEqual(2);
    process.stdout.write(
      `play: band orders: ${answers.length} answers for ${cards} pirate cards (${(answers.length / cards).toFixed(2)} a card)\n`,
    );
    // The map shown at each decision fits an 80×24 terminal: ≤ 79 columns, and its rows with the ruler ≤ 14 lines.
    const maps = d.text.split('\n').filter((l) => /^ *\d+ [~.#%$:=A-Za-z!@* ]+$/.test(l));
    expect(maps.length).toBeGreaterThan(0);
    for (const l of maps) expect(l.length).toBeLessThanOrEqual(79);
    const first = d.text.split('\n');
    const start = first.findIndex((l) => /^ +0 +1 +2/.test(l));
    const rows = first.slice(start + 1).findIndex((l) => !/^ *\d+ /.test(l));
    expect(rows).toBeGreaterThan(0);
    expect(rows + 1).toBeLessThanOrEqual(14);
  }, 60_000);
});

describe('play: the map of every built-in scenario fits an 80×24 terminal', () => {
  for (const file of builtinScenarioFiles()) {
    const id = readScenarioFile(file).id;
    it(`${id}: rows of ≤ 79 columns, not wrapped, ruler and rows ≤ 14 lines`, async () => {
      const s = loadScenario(id);
      const side = s.ruleset.sides(s.compiled)[0];
      const game = await PlayGame.create(s, 1, side, 'heuristic', 1);
      const answers = ['quit', 'n'];
      let i = 0;
      const d = await driveAnswers(game, () => (i < answers.length ? answers[i++] : null), join(dir, `map-${id}.jsonl`), true);
      await game.close();
      const lines = d.text.split('\n');
      const start = lines.findIndex((l) => /^ +0 +1 +2/.test(l));
      expect(start).toBeGreaterThanOrEqual(0);
      const rows = lines.slice(start + 1).findIndex((l) => !/^ *\d+ \S/.test(l));
      expect(rows).toBeGreaterThan(0);
      expect(rows + 1).toBeLessThanOrEqual(14);
      for (const l of lines.slice(start, start + 1 + rows)) expect(l.length, l).toBeLessThanOrEqual(79);
      // Every row is whole: the next line after the rows is the legend, not a wrapped piece of a row.
      expect(lines[start + 1 + rows]).toMatch(/^ {4}\S/);
    }, 60_000);
  }
});

describe('play: band orders only where the rules have bands', () => {
  it('Escarmouche (one figure at a time): `help` offers no band orders and `orders band` says there are none; State of War (orders by unit) and the Supply Raid offer them', async () => {
    const run = async (id: string, answers: string[]): Promise<string> => {
      const s = loadScenario(id);
      const game = await PlayGame.create(s, 5, s.ruleset.sides(s.compiled)[0], 'heuristic', 1);
      let i = 0;
      const d = await driveAnswers(game, () => (i < answers.length ? answers[i++] : null), join(dir, `orders-${id}.jsonl`), false, 'band');
      await game.close();
      return d.text;
    };
    const esc = await run('escarmouche/farmyard-brawl', ['help', 'orders band', 'quit', 'n']);
    expect(esc).not.toContain('orders band    one decision moves a band');
    expect(esc).toContain('This rule system has no band orders: you decide every figure’s action.');
    // State of War's units take orders (its room's view.delegable, issue 41): band orders are offered.
    const sow = await run('wagon-raid', ['help', 'quit', 'n']);
    expect(sow).toContain('orders band    one decision moves a band');
    const raid = await run('supply-raid', ['help', 'quit', 'n']);
    expect(raid).toContain('orders band    one decision moves a band');
  }, 60_000);
});
