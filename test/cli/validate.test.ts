/**
 * `validate` refuses a scenario that cannot be played and says where (issue 20, item 7):
 * a side with no activation cards never acts; a deployment area without room names what is in the way.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readScenarioFile } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';

const dir = mkdtempSync(join(tmpdir(), 'skirmish-validate-'));
function variant(
  name: string,
  change: (raw: { sides: { cards?: unknown[]; groups: { id: string; area: number[][] }[] }[] }) => void,
): string {
  const raw = JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8'));
  change(raw);
  const f = join(dir, name);
  writeFileSync(f, JSON.stringify(raw));
  return f;
}

describe('validate: unplayable Pirates! scenarios', () => {
  it('a side with "cards": [] is invalid at $.sides[i].cards (Pirates! §2: a side acts only on its cards)', () => {
    const f = variant('no-cards.json', (raw) => (raw.sides[0].cards = []));
    expect(() => compileSource(readScenarioFile(f))).toThrow(`${f}: at $.sides[0].cards: a side needs at least one activation card`);
  });
  it('a group whose area lies under a building names the building', () => {
    const f = variant('watch.json', (raw) => {
      const watch = raw.sides[1].groups.find((g) => g.id === 'watch');
      if (!watch) throw new Error('no watch group');
      watch.area = [
        [33, 16],
        [40, 16],
        [40, 24],
        [33, 24],
      ]; // the watch house itself
    });
    expect(() => compileSource(readScenarioFile(f))).toThrow(
      /at \$\.sides\[1\]\.groups\[3\]\.area: group "watch" has room for only 0 of its 5 figures: watch house \("watch-house"\) covers part of its area/,
    );
  });
});
