/** The runner's and reports' pure parts: seeds, game lists, games files, ratings, SPRT, measures. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveSeed, reproCommand } from '../../src/runner/seeds.js';
import { gameAt, pairings, RUN_FORMAT, type RunManifest } from '../../src/runner/manifest.js';
import { GamesWriter, readGames, sortGamesFile } from '../../src/runner/gamesfile.js';
import { gameMeasures } from '../../src/runner/measures.js';
import { fitBradleyTerry, ELO_PER_LOGIT } from '../../src/report/bradley-terry.js';
import { Sprt } from '../../src/report/sprt.js';
import { Histogram, Summary } from '../../src/report/summary.js';
import { dotWhiskerChart, groupedBarChart, histogramChart } from '../../src/report/svg.js';
import { splitAgentList } from '../../src/commands/tournament.js';
import type { GameRow } from '../../src/runner/types.js';

const manifest = (over: Partial<RunManifest>): RunManifest => ({
  format: RUN_FORMAT,
  kind: 'tournament',
  scenario: { arg: 'supply-raid', id: 'supply-raid', hash: 'h', ruleset: 'pirates', rulesetVersion: '1' },
  seed: 7,
  games: 24,
  records: 'none',
  timeLimitMs: 0,
  tournament: { agents: ['a', 'b', 'c'], gamesPerPairing: 8, sprt: null },
  command: 'test',
  ...over,
});

describe('seeds and game lists', () => {
  it('deriveSeed is a pure function of (run seed, deal), in [0, 2^32), and differs between run seeds', () => {
    expect(deriveSeed(1, 5)).toBe(deriveSeed(1, 5));
    expect(deriveSeed(1, 5)).not.toBe(deriveSeed(2, 5));
    const seen = new Set<number>();
    for (let k = 0; k < 1000; k++) {
      const s = deriveSeed(3, k);
      expect(Number.isInteger(s) && s >= 0 && s < 2 ** 32).toBe(true);
      seen.add(s);
    }
    expect(seen.size).toBe(1000);
  });

  it('a tournament plays every pairing in both side orders on the same seeds', () => {
    const m = manifest({});
    const sides = ['pirates', 'townsfolk'];
    const games = Array.from({ length: m.games }, (_, i) => gameAt(m, sides, i + 1));
    expect(pairings(3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    for (const [i, j] of pairings(3)) {
      const [a, b] = [m.tournament!.agents[i], m.tournament!.agents[j]];
      const ab = games.filter((g) => g.agents.pirates === a && g.agents.townsfolk === b).map((g) => g.seed);
      const ba = games.filter((g) => g.agents.pirates === b && g.agents.townsfolk === a).map((g) => g.seed);
      expect(ab).toHaveLength(4);
      expect(ba).toEqual(ab);
    }
    // Deal d uses the same seed in every pairing.
    expect(new Set(games.slice(0, 6).map((g) => g.seed)).size).toBe(1);
    expect(games.map((g) => g.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('a stress game id has its own seed and the run agents in side order', () => {
    const m = manifest({ kind: 'stress', games: 3, tournament: undefined, stress: { agents: { townsfolk: 'x', pirates: 'y' } } });
    const g = gameAt(m, ['pirates', 'townsfolk'], 2);
    expect(g).toEqual({ id: 2, seed: deriveSeed(7, 2), agents: { pirates: 'y', townsfolk: 'x' } });
    expect(Object.keys(g.agents)).toEqual(['pirates', 'townsfolk']);
  });

  it('repro commands quote what the shell would split', () => {
    expect(reproCommand('supply-raid', 12, { pirates: 'greedy:samples=4', townsfolk: 'my agents/x.ts' })).toBe(
      "npx tsx src/cli.ts run --scenario supply-raid --seed 12 --agent pirates=greedy:samples=4 --agent 'townsfolk=my agents/x.ts'",
    );
  });

  it("a tune candidate's repro command carries its parameters (--param), so the failing game is the one replayed", () => {
    expect(
      reproCommand(
        'supply-raid',
        5,
        { pirates: 'heuristic', townsfolk: 'random' },
        { 'max-turns': 26, 'watch-arms': 'pistol', 'watch-post': 12.5 },
      ),
    ).toBe(
      'npx tsx src/cli.ts run --scenario supply-raid --seed 5 --agent pirates=heuristic --agent townsfolk=random --param max-turns=26 --param watch-arms=pistol --param watch-post=12.5',
    );
  });

  it("--agents keeps an agent's own comma-separated options together", () => {
    expect(splitAgentList('random,greedy:samples=4,heuristic')).toEqual(['random', 'greedy:samples=4', 'heuristic']);
    expect(splitAgentList('mcts:iterations=100,horizon=turn,random, ./a.ts#x=1,y=2')).toEqual([
      'mcts:iterations=100,horizon=turn',
      'random',
      './a.ts#x=1,y=2',
    ]);
    // An option whose value is a path stays with its agent.
    expect(splitAgentList('mcts:iterations=300,eval=results/w.json,heuristic,./b.ts')).toEqual([
      'mcts:iterations=300,eval=results/w.json',
      'heuristic',
      './b.ts',
    ]);
  });
});

describe('games file', () => {
  const row = (id: number): GameRow => ({
    id,
    seed: id * 10,
    agents: { a: 'random' },
    winner: 'a',
    reason: 'r',
    turns: 3,
    decisions: 9,
    stats: {},
  });

  it("a finished run's file in id order: lines kept byte for byte, nothing written when already sorted, a bad line named", () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-gf-'));
    const file = join(dir, 'games.jsonl');
    const w = new GamesWriter(file);
    for (const id of [3, 1, 2]) w.write(row(id));
    w.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    sortGamesFile(file);
    expect(readFileSync(file, 'utf8')).toBe(`${[lines[1], lines[2], lines[0]].join('\n')}\n`);
    sortGamesFile(file);
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as GameRow).id),
    ).toEqual([1, 2, 3]);
    writeFileSync(file, `${lines[0]}\n{"id":4}\n`);
    expect(() => sortGamesFile(file)).toThrow(/games\.jsonl:2: not a game row/);
    expect(readFileSync(file, 'utf8')).toBe(`${lines[0]}\n{"id":4}\n`);
  });

  it('streams complete rows, skips a cut-off last line, and the writer cuts it before appending', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-gf-'));
    const file = join(dir, 'games.jsonl');
    const w = new GamesWriter(file);
    w.write(row(1));
    w.write(row(2));
    w.close();
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"id":3,"seed":30,"agen`, { flag: 'w' });
    const seen: number[] = [];
    const scan = await readGames(file, (r) => seen.push(r.id));
    expect(seen).toEqual([1, 2]);
    expect([...scan.ids]).toEqual([1, 2]);
    const w2 = new GamesWriter(file, scan.validBytes);
    w2.write(row(3));
    w2.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as GameRow).id)).toEqual([1, 2, 3]);
  });

  it('names the file and line of a row that is not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-gf-'));
    const file = join(dir, 'games.jsonl');
    writeFileSync(file, `${JSON.stringify(row(1))}\nnot json\n${JSON.stringify(row(2))}\n`);
    await expect(readGames(file, () => undefined)).rejects.toThrow(/games\.jsonl:2/);
  });
});

describe('Bradley–Terry with side advantage', () => {
  it('recovers known strengths and the side term from expected results', () => {
    const truth = [200, 0, -200];
    const side = 60;
    const pairs = [];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        if (i === j) continue;
        const p = 1 / (1 + Math.exp(-(truth[i] - truth[j] + side) / ELO_PER_LOGIT));
        pairs.push({ first: i, second: j, games: 20000, score: 20000 * p });
      }
    }
    const fit = fitBradleyTerry(3, pairs);
    expect(fit.converged).toBe(true);
    fit.ratings.forEach((r, i) => {
      expect(r.elo).toBeCloseTo(truth[i], -1);
      expect(r.low).toBeLessThan(r.elo);
      expect(r.high).toBeGreaterThan(r.elo);
    });
    expect(fit.side.elo).toBeCloseTo(side, -1);
    expect(fit.ratings.reduce((s, r) => s + r.elo, 0)).toBeCloseTo(0, 6);
  });

  it('stays finite when one agent wins every game, with wide intervals for few games', () => {
    const fit = fitBradleyTerry(2, [
      { first: 0, second: 1, games: 4, score: 4 },
      { first: 1, second: 0, games: 4, score: 0 },
    ]);
    expect(Number.isFinite(fit.ratings[0].elo)).toBe(true);
    expect(fit.ratings[0].elo).toBeGreaterThan(fit.ratings[1].elo);
    expect(fit.ratings[0].high - fit.ratings[0].low).toBeGreaterThan(200);
  });
});

describe('SPRT', () => {
  it('accepts H1 for a clearly stronger agent and H0 for an even match', () => {
    const strong = new Sprt(0, 50);
    for (let i = 0; i < 200 && !strong.state.verdict; i++) strong.add(1);
    expect(strong.state.verdict).toBe('H1');
    const even = new Sprt(0, 50);
    for (let i = 0; i < 5000 && !even.state.verdict; i++) even.add(i % 2);
    expect(even.state.verdict).toBe('H0');
    expect(even.state.decidedAt).toBeGreaterThan(10);
  });
  it('tests the bounds only after a whole deal: a deal that crosses and comes back gives no verdict', () => {
    // 0,150 Elo: a win adds ln(s1/s0) ≈ 0.342, a loss ln((1−s1)/(1−s0)) ≈ −0.523; the 9th straight win crosses ln(0.95/0.05) ≈ 2.944.
    const single = new Sprt(0, 150);
    const dealt = new Sprt(0, 150);
    for (let i = 0; i < 4; i++) {
      single.add(1);
      single.add(1);
      dealt.addDeal([1, 1]);
    }
    expect(single.state.verdict).toBeNull();
    single.add(1);
    expect(single.state.verdict).toBe('H1'); // game by game: decided after 9 games, mid-deal
    dealt.addDeal([1, 0]); // the same first game, then a loss in the same deal
    expect(dealt.state.verdict).toBeNull();
    expect(dealt.state.games).toBe(10);
  });
});

describe('measures and summaries', () => {
  it('drama, decisiveness and lead changes of a comeback', () => {
    const m = gameMeasures({ at: [0, 10, 20, 30, 40], win: [0.5, 0.3, 0.4, 0.7, 1], lose: [0.5, 0.7, 0.6, 0.3, 0] });
    expect(m.drama).toBeCloseTo((0.4 + 0.2) / 2, 6);
    expect(m.leadChanges).toBe(1);
    // The loser's best was 0.7; the winner first passed it at the last sample.
    expect(m.decisiveness).toBe(0);
    const easy = gameMeasures({ at: [0, 10, 20], win: [0.9, 0.95, 1], lose: [0.1, 0.05, 0] });
    expect(easy).toEqual({ drama: 0, decisiveness: 1, leadChanges: 0 });
  });

  it('Summary and Histogram stream without keeping values', () => {
    const s = new Summary();
    const h = new Histogram(1);
    for (const x of [1, 2, 3, 4, 0]) {
      s.add(x);
      h.add(x);
    }
    expect(s.mean).toBe(2);
    expect(s.sd).toBeCloseTo(Math.sqrt(2.5), 9);
    expect(s.nonZero).toBe(4);
    expect(h.quantile(0.5)).toBe(2);
    expect(h.bins()).toHaveLength(5);
  });

  it('charts are standalone SVG documents with escaped labels', () => {
    for (const svg of [
      dotWhiskerChart('R & D', [{ label: '<a>', value: 1, low: 0, high: 2 }], 'Elo'),
      groupedBarChart('t', [{ label: 'x', bars: [{ value: 0.5, low: 0.4, high: 0.6 }] }], ['s'], 'rate'),
      histogramChart('h', [{ x: 3, count: 2 }], 1, 'turns'),
      histogramChart('empty', [], 1, 'turns'),
    ]) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trim().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/<a>|R & D|NaN/);
    }
  });
});
