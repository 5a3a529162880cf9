/**
 * Worker bundles (src/core/bundle.ts): built from the sources, fresh only while every input is
 * unchanged, each module keeping its own import.meta.url, and never an error when they cannot be
 * built (workers then load the sources through tsx).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshBundle, prepareBundle } from '../../src/core/bundle.js';
import type { Json } from '../../src/core/model.js';
import { loadScenario } from '../../src/rules/index.js';
import { GameSession } from '../../src/core/game.js';
import grow, { type TreeTask } from '../../agents/mcts/worker.js';
import { searchOptions } from '../../agents/mcts/index.js';
import type { SearchResult } from '../../agents/mcts/search.js';

const dirs: string[] = [];
// The tests set SKIRMISH_NO_BUNDLE themselves: the caller's setting is put aside and restored.
const callers = process.env.SKIRMISH_NO_BUNDLE;
beforeEach(() => {
  delete process.env.SKIRMISH_NO_BUNDLE;
});
afterEach(() => {
  if (callers === undefined) delete process.env.SKIRMISH_NO_BUNDLE;
  else process.env.SKIRMISH_NO_BUNDLE = callers;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A tiny project: package.json, node_modules/, an entry importing a second module. */
function project(): { root: string; entry: string; dep: string } {
  const root = mkdtempSync(join(tmpdir(), 'skirmish-bundle-'));
  dirs.push(root);
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  mkdirSync(join(root, 'node_modules'));
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  const entry = join(root, 'src', 'entry.ts');
  const dep = join(root, 'src', 'lib', 'dep.ts');
  writeFileSync(entry, "import { url, v } from './lib/dep.js';\nexport const entryUrl: string = import.meta.url;\nexport { url, v };\n");
  writeFileSync(dep, 'export const url: string = import.meta.url;\nexport const v: number = 1;\n');
  return { root, entry, dep };
}

let n = 0;
const load = async (file: string): Promise<{ url: string; entryUrl: string; v: number }> =>
  (await import(`${pathToFileURL(file).href}?n=${n++}`)) as { url: string; entryUrl: string; v: number };

describe('worker bundles', () => {
  it('bundles an entry and its imports; each module keeps its own import.meta.url', async () => {
    const p = project();
    expect(freshBundle(p.entry)).toBeNull();
    const js = await prepareBundle(p.entry);
    expect(js).not.toBeNull();
    expect(js).toContain(join(p.root, 'node_modules', '.cache', 'skirmish'));
    const m = await load(js as string);
    expect(m.v).toBe(1);
    expect(m.url).toBe(pathToFileURL(p.dep).href);
    expect(m.entryUrl).toBe(pathToFileURL(p.entry).href);
    expect(freshBundle(p.entry)).toBe(js);
  });

  it('is stale once any input changes, and is rebuilt with the change', async () => {
    const p = project();
    const js = await prepareBundle(p.entry);
    writeFileSync(p.dep, 'export const url: string = import.meta.url;\nexport const v: number = 2;\n');
    expect(freshBundle(p.entry)).toBeNull();
    expect(await prepareBundle(p.entry)).toBe(js);
    expect((await load(js as string)).v).toBe(2);
    rmSync(p.dep);
    expect(freshBundle(p.entry)).toBeNull();
  });

  it('gives no bundle (and no error) when the sources do not build or bundling is off', async () => {
    const p = project();
    writeFileSync(p.dep, 'export const v: number = ;\n');
    await expect(prepareBundle(p.entry)).resolves.toBeNull();
    const q = project();
    process.env.SKIRMISH_NO_BUNDLE = '1';
    await expect(prepareBundle(q.entry)).resolves.toBeNull();
    delete process.env.SKIRMISH_NO_BUNDLE;
    const js = await prepareBundle(q.entry);
    expect(js).not.toBeNull();
    process.env.SKIRMISH_NO_BUNDLE = '1';
    expect(freshBundle(q.entry)).toBeNull();
  });
});

describe("the project's bundled workers", () => {
  // A bundle keeps a computed relative `import()` as it is, resolved against the bundle's folder:
  // src/rules/load.ts has one (the MCTS search threads load a ruleset by id), so every bundle has
  // src/rules/load-static.ts in its place.
  const inputsOf = async (rel: string): Promise<{ js: string; inputs: string[] }> => {
    const entry = fileURLToPath(new URL(`../../${rel}`, import.meta.url));
    const js = await prepareBundle(entry);
    expect(js).not.toBeNull();
    const manifest = JSON.parse(readFileSync((js as string).replace(/\.mjs$/, '.json'), 'utf8')) as { inputs: Record<string, string> };
    return { js: js as string, inputs: Object.keys(manifest.inputs) };
  };
  it.each(['src/runner/worker.ts', 'src/serve/worker.ts', 'agents/mcts/worker.ts'])('%s bundles without src/rules/load.ts', async (rel) => {
    const { inputs } = await inputsOf(rel);
    expect(inputs).toContain(rel);
    expect(inputs.filter((f) => f.endsWith('rules/load.ts'))).toEqual([]);
  });

  it('the bundled MCTS search thread finds its ruleset by id and grows the same tree as the sources', async () => {
    const { js, inputs } = await inputsOf('agents/mcts/worker.ts');
    expect(inputs).toContain('src/rules/load-static.ts');
    const bundled = (await import(pathToFileURL(js).href)) as { default: (t: TreeTask) => Promise<SearchResult> };
    const sc = loadScenario('supply-raid');
    const task: TreeTask = {
      ruleset: sc.ruleset.id,
      scenario: sc.raw as Json,
      state: (sc.ruleset.threads as NonNullable<typeof sc.ruleset.threads>).exportState(
        new GameSession(sc, 7, { pirates: 'random', townsfolk: 'random' }).state,
      ),
      options: searchOptions({ iterations: '40' }, sc.ruleset).opts,
      seed: 11,
    };
    const a = await bundled.default(task);
    const b = await grow(task);
    expect(a.iterations).toBe(40);
    expect(a.stats.length).toBeGreaterThan(1);
    expect(a.stats).toEqual(b.stats);
    await expect(bundled.default({ ...task, ruleset: 'no-such-rules' })).rejects.toThrow(/unknown ruleset "no-such-rules"/);
  });
});
