/**
 * Issue 41, "honest state": what the web app shows is the game as it stands now. Run on a game host
 * directly (src/serve/host.ts, what a worker thread holds) and the side panel's pure functions
 * (src/web/panel.ts), without a server or a browser: the whole story kept (no cap losing its start)
 * and told again on load; undo says what it took back, and the story loses what was taken back;
 * the caption says the game is over right after a resignation; a list entry names scenario, side,
 * opponent, seed, turn and time; the selected figure's panel is read from the current view (an
 * answer about another figure never shown) and the figure deciding has its actions; errors in a
 * player's words, not a developer's.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/core/record.js';
import { loadScenario } from '../../src/rules/index.js';
import { GameHost } from '../../src/serve/host.js';
import { summaryOf, type GameView } from '../../src/serve/protocol.js';
import { actionsFor, endSummaryHtml, figurePanel, gameEntry, playerError, storyClass } from '../../src/web/panel.js';
import { buildApp } from '../../src/serve/app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCENARIO = 'pirates/supply-raid';

async function host(seed: number, orders: 'band' | 'figure' = 'figure', opponent = 'random'): Promise<GameHost> {
  return GameHost.create('g0000000000000001', loadScenario(SCENARIO), seed, 'pirates', opponent, orders);
}

/** Play the person's suggested action (★) and the AI's answers until `n` person decisions are made or the game ends. */
async function play(h: GameHost, n: number): Promise<GameView> {
  let v = h.view();
  for (let k = 0; k < n && v.turn !== 'over'; k++) {
    if (v.turn === 'ai') v = (await h.agent('person')).view;
    if (v.turn !== 'you') break;
    v = h.act({ key: (v.actions.find((a) => a.suggested) ?? v.actions[0]).key }).view;
  }
  if (v.turn === 'ai') v = (await h.agent('person')).view;
  return v;
}

describe('the story', () => {
  it('is kept whole however long the game (no cap losing its start), and decision answers carry no copy of it', async () => {
    const h = await host(3);
    const v = await play(h, 150);
    expect(v.log).toBeNull();
    const story = h.view(true).log ?? [];
    expect(story.length).toBeGreaterThan(400);
    expect(story[0]).toMatch(/^New game: Supply Raid \(pirates\/supply-raid\), seed 3; you play pirates against random/);
    await h.close();
  }, 60_000);

  it('is told again from the record when a saved game is loaded', async () => {
    const h = await host(4);
    await play(h, 12);
    const live = h.view(true).log ?? [];
    const loaded = await GameHost.resume('g0000000000000002', parseRecord(h.record(), 'saved.jsonl'), 'saved.jsonl', 'figure');
    const told = loaded.view(true).log ?? [];
    // The same decisions and events, in the same words, between the first line and the line saying it was loaded.
    expect(told.slice(0, -1)).toEqual(live.slice(1));
    expect(told[0]).toMatch(/^ {2}The table: /); // the setup's events, told in both
    expect(told.at(-1)).toMatch(/^Loaded saved\.jsonl: \d+ decisions so far\.$/);
    expect(told.filter((l) => storyClass(l) === 'you').length).toBeGreaterThanOrEqual(12);
    await h.close();
    await loaded.close();
  }, 60_000);

  it('loses what undo took back and says what was taken back', async () => {
    const h = await host(5);
    await play(h, 6);
    const before = h.view(true).log ?? [];
    const v = h.view();
    expect(v.turn).toBe('you');
    const chosen = v.actions[0];
    if (h.act({ key: chosen.key }).view.turn === 'ai') await h.agent('person');
    expect((h.view(true).log ?? []).length).toBeGreaterThan(before.length);
    const a = await h.undo();
    expect(a.view.log).toEqual([...before, `Taken back: ${chosen.words} — and what followed.`]);
    expect(storyClass(a.view.log?.at(-1) ?? '')).toBe('undo');
    // A second undo keeps the first one's words and loses the decision before it.
    const b = await h.undo();
    const story = b.view.log ?? [];
    expect(story.filter((l) => storyClass(l) === 'undo')).toHaveLength(2);
    expect(story.length).toBeLessThan(before.length + 2);
    await h.close();
  }, 60_000);
});

describe('the caption and the list of open games', () => {
  it('says the game is over right after a resignation, with the result', async () => {
    const h = await host(6);
    await play(h, 2);
    const a = h.resign();
    expect(a.view.turn).toBe('over');
    expect(a.view.caption).toMatch(/^Game over — .* win: you resigned \(at /);
    expect(a.view.log?.at(-1)).toBe('You resigned.');
    await h.close();
  }, 60_000);

  it('names scenario, side, opponent, seed, where the game stands, whose turn and when it was played', async () => {
    const h = await host(7, 'figure', 'heuristic');
    const v = await play(h, 2);
    const s = { ...summaryOf(v), updated: 1_000_000 };
    expect(s).toMatchObject({
      scenario: SCENARIO,
      name: 'Supply Raid',
      human: 'pirates',
      humanName: 'Pirates',
      opponent: 'heuristic',
      seed: 7,
      where: v.caption,
      turn: v.turn,
    });
    const line = gameEntry(s, 1_000_000 + 5 * 60_000);
    expect(line).toContain('Supply Raid as Pirates vs heuristic · seed 7 · ');
    expect(line).toContain(v.caption);
    expect(line).toMatch(/your decision|the AI’s decision|over/);
    expect(line).toContain('last played 5 min ago');
    await h.close();
  }, 60_000);
});

describe('the selected figure', () => {
  it('is told from the current view: a figure that moved shows where it stands now', async () => {
    const h = await host(8);
    const first = h.view();
    const v = await play(h, 30);
    const moved = v.figures.find((f) => {
      const was = first.figures.find((g) => g.id === f.id);
      return f.side === 'pirates' && f.onTable && was !== undefined && (was.x !== f.x || was.y !== f.y);
    });
    expect(moved, 'a pirate moved in 30 decisions').toBeDefined();
    const panel = figurePanel(v, moved!.id, null);
    expect(panel).toContain(`at (${moved!.x.toFixed(1)}, ${moved!.y.toFixed(1)})`);
    // Words fetched about another figure are not shown under this one.
    const other = h.figure(v.figures.find((f) => f.id !== moved!.id)!.id);
    expect(other.words).not.toBeNull();
    expect(figurePanel(v, moved!.id, other)).not.toContain(other.words!);
    // The ruleset's words about it now are.
    const now = h.figure(moved!.id);
    expect(figurePanel(v, moved!.id, now)).toContain(now.words!.split('\n')[0].replace(/&/g, '&amp;'));
    await h.close();
  }, 60_000);

  it('deciding now has the actions of its decision, never "none of your actions"', async () => {
    const h = await host(9);
    let v = h.view();
    let checked = 0;
    for (let k = 0; k < 60 && v.turn !== 'over'; k++) {
      if (v.turn === 'ai') v = (await h.agent('person')).view;
      if (v.turn !== 'you') break;
      for (const f of v.figures.filter((x) => x.current && x.side === 'pirates')) {
        expect(actionsFor(v, f.id).length, `${f.id} decides`).toBeGreaterThan(0);
        expect(figurePanel(v, f.id, null)).not.toContain('none of your actions');
        checked++;
      }
      v = h.act({ key: v.actions[0].key }).view;
    }
    expect(checked).toBeGreaterThan(5);
    await h.close();
  }, 60_000);
});

describe('the end of the game', () => {
  it("sums up the result, each side's figures by what became of them, and the decisions made", async () => {
    const h = await host(10);
    await play(h, 20);
    const v = h.resign().view;
    const html = endSummaryHtml(v);
    expect(html).toMatch(/^<h2>Townsfolk win<\/h2><p>you resigned — after \d+ decisions\.<\/p>/);
    const anyDead = v.figures.some((f) => f.status === 'dead');
    expect(html.includes('<th>dead</th>')).toBe(anyDead);
    for (const s of v.sides) {
      const figs = v.figures.filter((f) => f.side === s.id);
      const gone = figs.filter((f) => ['fleeing', 'dead', 'captured', 'gone'].includes(f.status)).length;
      expect(html).toContain(
        `<th>${s.name}${s.id === 'pirates' ? ' (you)' : ''}</th><td>${figs.length}</td><td>${figs.length - gone}</td>`,
      );
    }
    await h.close();
  }, 60_000);
});

describe("errors in a player's words", () => {
  it("the server's refusals of a bad form, a stale order, a missing save, and a server gone, as a person reads them", async () => {
    const app = await buildApp({ saves: join(mkdtempSync(join(tmpdir(), 'skirmish-honest-')), 'saves'), loopbackOnly: true });
    const ask = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<string> => {
      const r = await app.inject({ method, url, payload: payload as never, headers: { host: '127.0.0.1' } });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      return (r.json() as { error: string }).error;
    };
    try {
      const badSeed = await ask('POST', '/api/games', { scenario: SCENARIO, side: 'pirates', opponent: 'normal', seed: 2 ** 40 });
      expect(badSeed).toMatch(/^bad .* at seed/); // the server's words …
      expect(playerError(badSeed)).toBe('The seed is a whole number from 0 to 2147483647 (or leave it empty for a random deal).');
      const started = await app.inject({
        method: 'POST',
        url: '/api/games',
        payload: { scenario: SCENARIO, side: 'pirates', opponent: 'normal', seed: 11 },
        headers: { host: '127.0.0.1' },
      });
      const id = (started.json() as GameView).id;
      const stale = await ask('POST', `/api/games/${id}/act`, { key: 'move:P99:0,0' });
      expect(playerError(stale)).toBe('That order is no longer open (the game has moved on): choose one shown now.');
      const badName = await ask('POST', `/api/games/${id}/save`, { name: '../x' });
      expect(playerError(badName)).toMatch(/^A save’s name is letters, digits/);
      const noSave = await ask('POST', '/api/load', { name: 'never-saved' });
      expect(playerError(noSave)).toMatch(/^No save "never-saved"/);
    } finally {
      await app.close();
    }
    for (const m of [
      badSeedWords(),
      'Failed to fetch',
      'HTTP 502',
      'internal error (see the server’s terminal)',
      'Unexpected token < in JSON at position 0',
    ])
      expect(playerError(m)).not.toMatch(/fetch|HTTP|JSON|Too big|expected number|<=|regex|zod/i);
  }, 60_000);
});

/** A zod message as the server forwarded it before (issue 41: "error messages in developer words"). */
function badSeedWords(): string {
  return 'bad new game at seed: Too big: expected number to be <=2147483647';
}
