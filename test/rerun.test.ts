/**
 * The one record re-runner (issue 12 item 4, src/rerun.ts): `replay --verify`, `render`'s frames
 * and `play --resume` re-run records through it, so all three refuse the same records — a changed
 * embedded scenario (render used not to check its hash), a changed event line, a record of another
 * rules version — naming the line; and a game in progress re-runs for render and resume but does
 * not verify as a whole game.
 */
import { describe, expect, it } from 'vitest';
import { GameSession } from '../src/core/game.js';
import type { Json } from '../src/core/model.js';
import { type HeaderLine, RecordError, type RecordLine, parseRecord } from '../src/core/record.js';
import { loadScenario } from '../src/rules/index.js';
import { RerunMismatch, rerunRecord } from '../src/rerun.js';
import { verifyRecord } from '../src/replay.js';
import { recordFrames } from '../src/render/frames.js';
import { HUMAN, PlayGame } from '../src/play/session.js';
import { playSpecs } from './helpers/games.js';

const sc = loadScenario('supply-raid');
const SEED = 8;
const finished = parseRecord(
  `${(playSpecs(sc, SEED, { pirates: 'heuristic', townsfolk: 'random' }, true).lines as string[]).join('\n')}\n`,
  'mem',
);
const decisionLines = finished.map((l, i) => [l, i] as const).filter(([l]) => l.t === 'decision');

/** A game in progress as `play` saves it: the pirates are the person's, the record stops after decision `k`'s events. */
function inProgress(k: number): RecordLine[] {
  const cut = decisionLines[k][1]; // the line of decision k+1
  const header: HeaderLine = { ...(finished[0] as HeaderLine), agents: { pirates: HUMAN, townsfolk: 'random' } };
  return [header, ...finished.slice(1, cut)];
}

/** The three consumers' verdicts on a record: verify's, render's and resume's. */
async function verdicts(lines: RecordLine[]): Promise<{ verify: string; render: string; resume: string }> {
  const v = verifyRecord(lines, 'r.jsonl');
  let render = 'ok';
  try {
    recordFrames(lines, 'r.jsonl');
  } catch (e) {
    render = e instanceof RecordError ? e.message : `not a RecordError: ${String(e)}`;
  }
  let resume = 'ok';
  const asPlay: RecordLine[] = [
    { ...(lines[0] as HeaderLine), agents: { pirates: HUMAN, townsfolk: 'random' } },
    ...lines.slice(1).filter((l) => l.t !== 'result'),
  ];
  try {
    await (await PlayGame.resume(asPlay, 'r.jsonl', 1)).close();
  } catch (e) {
    resume = e instanceof RecordError ? e.message : `not a RecordError: ${String(e)}`;
  }
  return { verify: v.ok ? 'ok' : `line ${v.line}: ${v.message}`, render, resume };
}

describe('the record re-runner', () => {
  it('re-runs a whole game to its final hash, calling before/after around every decision with the state it was taken in', () => {
    let n = 0;
    const run = rerunRecord(finished, 'mem', {
      before: (g, l, lineNo) => {
        expect(g.decisions).toBe(l.n - 1);
        expect(finished[lineNo - 1]).toBe(l);
        n++;
      },
      after: (g, l) => expect(g.decisions).toBe(l.n),
    });
    const result = finished[finished.length - 1];
    expect(result.t).toBe('result');
    expect(run.session.scenario.ruleset.hash(run.session.state)).toBe((result as { hash: string }).hash);
    expect(n).toBe(decisionLines.length);
    expect(run.session.lines).toHaveLength(finished.length);
  });

  it('upTo stops after that many decisions, leaving later lines unchecked', () => {
    const changedLate = finished.map((l, i) => (i === finished.length - 1 ? { ...l, hash: 'bogus' } : l)) as RecordLine[];
    const run = rerunRecord(changedLate, 'mem', { upTo: 10, end: 'any' });
    expect(run.session.decisions).toBe(10);
    expect(() => rerunRecord(changedLate, 'mem')).toThrow(RerunMismatch);
  });

  it('a game in progress re-runs for render and resume, but does not verify as a whole game; cut mid-events it re-runs for none', async () => {
    const open = inProgress(40);
    expect(rerunRecord(open, 'mem', { end: 'any' }).session.decisions).toBe(40);
    expect(() => rerunRecord(open, 'mem')).toThrow(/the record stops at line \d+, but the replay's game goes on/);
    const g = await PlayGame.resume(open, 'saved.jsonl', 1);
    expect(g.decisions).toHaveLength(40);
    await g.close();
    expect(recordFrames(open, 'saved.jsonl').frames).toHaveLength(41);
    // Cut between two events of one decision: the replay has lines the record lacks.
    const d = finished.findIndex((l, i) => i > 100 && l.t === 'decision' && finished[i + 1].t === 'event' && finished[i + 2].t === 'event');
    const short = finished.slice(0, d + 2); // the decision and the first of its events
    expect(() => rerunRecord(short, 'mem', { end: 'any' })).toThrow(/the record stops at line \d+, but the replay goes on/);
  });

  it('the whole record verifies, draws and (as a game saved by play) resumes', async () => {
    expect(await verdicts(finished)).toEqual({ verify: 'ok', render: 'ok', resume: 'ok' });
  });

  it('a changed embedded scenario is refused by all three, at line 1, by its hash', async () => {
    const h = finished[0] as HeaderLine;
    const data = JSON.parse(JSON.stringify(h.scenarioData)) as { victory: { maxTurns: number } };
    data.victory.maxTurns = 31;
    const changed = [{ ...h, scenarioData: data as unknown as Json }, ...finished.slice(1)] as RecordLine[];
    const v = await verdicts(changed);
    expect(v.verify).toMatch(/^line 1: embedded scenario hash [0-9a-f]+ differs from the header's/);
    expect(v.render).toMatch(/r\.jsonl:1: does not replay: embedded scenario hash/);
    expect(v.resume).toMatch(/r\.jsonl:1: embedded scenario hash/);
  });

  it('a changed event line is refused by all three, naming that line and the decision before it', async () => {
    const [, at] = decisionLines[30];
    const i = finished.findIndex((l, k) => k > at && l.t === 'event');
    const changed = finished.map((l, k) => (k === i ? { ...l, bogus: 1 } : l)) as RecordLine[];
    const v = await verdicts(changed);
    expect(v.verify).toMatch(new RegExp(`^line ${i + 1}: line ${i + 1} differs \\(the decision before it is line ${at + 1}\\)`));
    expect(v.render).toMatch(new RegExp(`r\\.jsonl:${i + 1}: does not replay: line ${i + 1} differs`));
    expect(v.resume).toMatch(new RegExp(`r\\.jsonl:${i + 1}: does not replay with this build: line ${i + 1} differs`));
  });

  it('a header with a field the re-run does not write is refused at line 1', () => {
    const changed = [{ ...(finished[0] as HeaderLine), extra: 1 }, ...finished.slice(1)] as RecordLine[];
    expect(verifyRecord(changed, 'mem')).toMatchObject({ ok: false, line: 1, message: expect.stringMatching(/the header\) differs/) });
  });

  it('a record of another rules version is refused by all three', async () => {
    const changed = [{ ...(finished[0] as HeaderLine), rulesetVersion: '0.0.1' }, ...finished.slice(1)] as RecordLine[];
    const v = await verdicts(changed);
    expect(v.verify).toMatch(/recorded with pirates 0\.0\.1; this build has/);
    expect(v.render).toMatch(/recorded with pirates 0\.0\.1/);
    expect(v.resume).toMatch(/recorded with pirates 0\.0\.1/);
  });

  it('a decision by the wrong side, or after the end, is refused at its line', () => {
    const [d, at] = decisionLines[5];
    const other = sc.ruleset.sides(sc.compiled).find((s) => s !== (d as { side: string }).side) as string;
    const wrong = finished.map((l, k) => (k === at ? { ...l, side: other } : l)) as RecordLine[];
    expect(verifyRecord(wrong, 'mem')).toMatchObject({ ok: false, line: at + 1, message: expect.stringMatching(/is to decide/) });
    const extra = [...finished.slice(0, -1), { ...(d as object), n: 99999 }, finished[finished.length - 1]] as RecordLine[];
    expect(verifyRecord(extra, 'mem')).toMatchObject({ ok: false, line: finished.length });
    // A session built by hand from the same decisions agrees with the re-run (no hidden state).
    const g = new GameSession(sc, SEED, (finished[0] as HeaderLine).agents, { record: true });
    for (const [l] of decisionLines) g.submit((l as { action: Json }).action);
    g.finish();
    expect(g.lines).toEqual(rerunRecord(finished, 'mem').session.lines); // (this record keeps no `why`)
  });
});

describe('a game that stopped without a result (a stop line)', () => {
  const stop = (decisions: number): string =>
    JSON.stringify({ t: 'stop', reason: 'agent error', side: 'townsfolk', decisions, message: 'the agent threw' });
  const text = (lines: readonly RecordLine[]): string => lines.map((l) => JSON.stringify(l)).join('\n');
  it('verifies up to the stop line when the game was going on with that many decisions taken', () => {
    const k = 10;
    const lines = parseRecord(`${text(inProgress(k))}\n${stop(k)}\n`, 'stopped.jsonl');
    expect(verifyRecord(lines, 'stopped.jsonl')).toMatchObject({
      ok: true,
      decisions: k,
      stopped: { reason: 'agent error', side: 'townsfolk', decisions: k },
    });
  });
  it('refuses a stop line with the wrong number of decisions, after the result, or with events missing before it', () => {
    const k = 10;
    expect(verifyRecord(parseRecord(`${text(inProgress(k))}\n${stop(k + 1)}\n`, 's.jsonl'), 's.jsonl')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/stopped after 11 decisions; the replay has 10/),
    });
    const over = finished.filter((l) => l.t === 'decision').length;
    expect(verifyRecord(parseRecord(`${text(finished)}\n${stop(over)}\n`, 's.jsonl'), 's.jsonl')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/the replay's game was over/),
    });
    let e = k;
    while (inProgress(e).at(-1)?.t !== 'event') e++; // a decision whose events the record then lacks
    const cut = inProgress(e);
    expect(verifyRecord(parseRecord(`${text(cut.slice(0, -1))}\n${stop(e)}\n`, 's.jsonl'), 's.jsonl')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/stops here \(agent error\), but the replay goes on/),
    });
  });
  it('is refused by the reader anywhere but last, or with an unknown reason', () => {
    const head = text(inProgress(3));
    expect(() => parseRecord(`${head}\n${stop(3)}\n${JSON.stringify(decisionLines[3][0])}\n`, 's.jsonl')).toThrow(
      /s\.jsonl:\d+: a stop line must be the last line/,
    );
    expect(() =>
      parseRecord(`${head}\n${JSON.stringify({ t: 'stop', reason: 'bored', side: null, decisions: 3, message: '' })}\n`, 's.jsonl'),
    ).toThrow(/stop reason "bored" is not one of/);
  });
});
