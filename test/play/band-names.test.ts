/**
 * Issue 41, terminal `play`: the ★ suggestion beside the suggested choice in every ruleset (exactly
 * one a list, as `serve` marks one), and one name for a band on the map and in the choices: the map
 * names the band acting by its letter and id (`* band B=hird acting`, as its legend's `bands … B=hird`),
 * and every choice of a decision that band makes carries the same letter (`[B] Jarl's hird …: hold`).
 * Seeds and the number of decisions looked at are fixed before looking.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlayGame } from '../../src/play/session.js';
import { loadScenario } from '../../src/rules/index.js';
import { driveAnswers } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-play-bands-'));

/** The person's first 15 decisions (the suggestion each time, band orders), with the map drawn at each. */
async function transcript(id: string, side: string): Promise<{ text: string; sideName: string }> {
  const sc = loadScenario(id);
  const game = await PlayGame.create(sc, 3, side, 'heuristic', 1);
  let asked = 0;
  const d = await driveAnswers(
    game,
    (_p, g) => (asked++ < 15 ? String(g.suggestion(g.legal()) + 1) : null),
    join(dir, `${id.replace('/', '-')}.jsonl`),
    true,
    'band',
  );
  const sideName = sc.ruleset.view!.scene(game.state).sides.find((s) => s.id === side)!.name;
  return { text: d.text, sideName };
}

/** Each list of choices with the map drawn before it: its lines and the map's text. */
function lists(text: string, sideName: string): { map: string; choices: string[] }[] {
  const parts = text.split(`Your choices (${sideName}):\n`);
  return parts.slice(1).map((block, i) => ({
    map: parts[i].slice(parts[i].lastIndexOf('══ ')),
    choices: block.split('\n').filter((l) => /^ +\d+\. /.test(l)),
  }));
}

describe('play: ★ and band names', () => {
  it.each([
    ['pirates/supply-raid', 'pirates'],
    ['escarmouche/mill-bridge', 'royalists'],
    ['pig-wars/farmstead-raid', 'vikings'],
    ['pig-wars-pirates/kershner-supply-raid', 'pirates'],
    ['state-of-war/wagon-raid', 'csa'],
  ])(
    '%s: the suggestion marked ★ once a list; the band acting named by one letter on the map and in every choice',
    async (id, side) => {
      const { text, sideName } = await transcript(id, side);
      const all = lists(text, sideName);
      expect(all.length).toBeGreaterThan(3);
      for (const l of all) expect(l.choices.filter((c) => c.endsWith(' ★'))).toHaveLength(1);
      if (id.startsWith('escarmouche')) {
        // No bands: no letters, no talk of bands.
        expect(all.flatMap((l) => l.choices).some((c) => /^ +\d+\. \[/.test(c))).toBe(false);
        return;
      }
      let banded = 0;
      for (const l of all) {
        const acting = /\* band ([A-Za-z])=(\S+) acting/.exec(l.map);
        const legend = new RegExp(`^    ${sideName}: \\S in no band; bands (.*)$`, 'm').exec(l.map)?.[1] ?? '';
        // The person's own band acting: its letter and id as the legend gives them, on every choice.
        if (!acting || !legend.split(/\s+/).includes(`${acting[1]}=${acting[2]}`)) continue;
        banded++;
        for (const c of l.choices) expect(c, l.map.split('\n').at(-2)).toMatch(new RegExp(`^ +\\d+\\. \\[${acting[1]}\\] `));
      }
      expect(banded).toBeGreaterThan(1);
    },
    120_000,
  );
});
