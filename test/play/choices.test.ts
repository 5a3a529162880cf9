/**
 * Issue 41, terminal `play`: the choices mark the rules' suggestion with ★ (the action the policy
 * prefers, as `serve` marks it), and a choice that orders one of the person's bands names it by the
 * letter the map gives that band (the map's legend says `bands A=13 …`; the choice `[A] Band 13 …`).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlayGame } from '../../src/play/session.js';
import { loadScenario } from '../../src/rules/index.js';
import { driveAnswers } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-play-choices-'));

describe('play: the choices', () => {
  it('mark the suggestion with ★ (exactly one a list) and letter a band as the map does', async () => {
    const sc = loadScenario('pirates/supply-raid');
    const game = await PlayGame.create(sc, 3, 'pirates', 'heuristic', 1);
    let asked = 0;
    const d = await driveAnswers(
      game,
      (_p, g) => (asked++ < 40 ? String(g.suggestion(g.legal()) + 1) : null),
      join(dir, 'choices.jsonl'),
      true,
      'band',
    );
    const lists = d.text
      .split('Your choices (Pirates):\n')
      .slice(1)
      .map((block) => block.split('\n').filter((l) => /^ +\d+\. /.test(l)));
    expect(lists.length).toBeGreaterThan(10);
    for (const list of lists) expect(list.filter((l) => l.endsWith(' ★'))).toHaveLength(1);
    // Every lettered choice's letter is a band the map's legend names with the same band.
    const tagged = lists.flat().flatMap((l) => {
      const m = /^ +\d+\. \[([A-Za-z])\] Band (\d+)\b/.exec(l);
      return m ? [[m[1], m[2]] as const] : [];
    });
    expect(tagged.length).toBeGreaterThan(3);
    for (const [letter, band] of tagged) expect(d.text).toContain(`${letter}=${band}`);
    expect(d.text).toContain('★ the rules’ suggestion; [letter]: the band so lettered on the map');
  }, 120_000);
});
