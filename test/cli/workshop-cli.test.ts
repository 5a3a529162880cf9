/**
 * Issue 44 item 4, CLI parity for scenario designers: `validate` warns about overlapping terrain
 * (naming both pieces by JSON path, exit code unchanged), `render --scenario` previews a scenario
 * file's setup as HTML or SVG, `tune --json` prints the search's result as one JSON document.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerScenarios } from '../../src/commands/scenarios.js';
import { registerRender } from '../../src/commands/render.js';
import { registerTune } from '../../src/commands/tune.js';
import { loadScenario } from '../../src/rules/index.js';
import { scenarioFrames } from '../../src/render/preview.js';
import { frameToSvg } from '../../src/render/html.js';
import { inProcess } from './in-process.js';
import { cli, tempDir } from '../runner/helpers.js';

const dir = tempDir('workshop-cli');

/** Farmstead Raid with a ninth terrain piece: a copy of the oak wood (terrain[0]) moved 3 in right and down. */
function overlapping(): string {
  const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as {
    terrain: { id: string; label: string; polygon: number[][] }[];
  };
  const wood = raw.terrain[0];
  raw.terrain.push({ ...wood, id: 'copse', label: 'the copse', polygon: wood.polygon.map(([x, y]) => [x + 3, y + 3]) });
  const f = join(dir, 'overlap.json');
  writeFileSync(f, JSON.stringify(raw, null, 2));
  return f;
}

describe('validate warns about overlapping terrain', () => {
  it('names both pieces by JSON path and id, keeps exit 0 and the ok line', async () => {
    const f = overlapping();
    const r = await inProcess(registerScenarios, 'validate', f);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`ok: ${f} (pig-wars scenario "farmstead-raid"`);
    const warnings = r.err.trim().split('\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: .*overlap\.json: terrain \$\.terrain\[0\] "wood" \(oak wood\) and \$\.terrain\[8\] "copse" \(the copse\) overlap/,
    );
  });
  it('many overlaps: the first 20 are printed, then how many more', async () => {
    const raw = JSON.parse(readFileSync('scenarios/pig-wars/farmstead-raid.json', 'utf8')) as {
      terrain: { id: string; label: string; polygon: number[][] }[];
    };
    const wood = raw.terrain[0];
    // Seven more woods, each 0.5 in further right: with the first, 8 pieces that all overlap — 28 pairs.
    for (let k = 1; k <= 7; k++) raw.terrain.push({ ...wood, id: `wood${k}`, polygon: wood.polygon.map(([x, y]) => [x + k / 2, y]) });
    const f = join(dir, 'many.json');
    writeFileSync(f, JSON.stringify(raw));
    const r = await inProcess(registerScenarios, 'validate', f);
    expect(r.code).toBe(0);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe(`warning: ${f}: … and 8 more`);
  });
  it('pieces that only touch (the pen fences share edges) and a file without overlaps: no warning', async () => {
    const r = await inProcess(registerScenarios, 'validate', 'scenarios/pig-wars/farmstead-raid.json', 'supply-raid', 'wagon-raid');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });
  it('an invalid file is still an error (exit 2), with no warning about it', async () => {
    const raw = JSON.parse(readFileSync(overlapping(), 'utf8')) as { table: unknown };
    raw.table = 'round';
    const f = join(dir, 'bad.json');
    writeFileSync(f, JSON.stringify(raw));
    const r = await inProcess(registerScenarios, 'validate', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: .*bad\.json: at \$\.table: /);
    expect(r.err).not.toContain('warning');
  });
  it('--help says what a warning is and that the exit code stays 0', () => {
    const r = cli('validate', '--help');
    expect(r.out).toContain('warning: <file>: …');
    expect(r.out).toContain('$.terrain[2]');
    expect(r.out).toMatch(/0 every file valid \(warnings or\s+not\)/);
  });
});

describe('render --scenario previews a scenario file', () => {
  it('writes the setup as HTML beside the file by default, and as SVG with --svg', async () => {
    const f = overlapping();
    const r = await inProcess(registerRender, 'render', '--scenario', f);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const html = f.replace(/\.json$/, '.html');
    expect(r.out).toContain(`wrote ${html} (the setup of farmstead-raid: `);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h1>Farmstead Raid</h1>');
    expect(page).toContain('Step');

    const svg = join(dir, 'setup.svg');
    const s = await inProcess(registerRender, 'render', '--scenario', f, '--svg', svg);
    expect(s.code).toBe(0);
    expect(existsSync(f.replace(/\.json$/, '.svg'))).toBe(false);
    // The drawing is the renderer's own of the ruleset's scene after setup (the forward model's setup, then view.scene).
    const sc = loadScenario(f);
    const text = readFileSync(svg, 'utf8');
    expect(text).toBe(frameToSvg(scenarioFrames(sc, f, 1), 0));
    // Every figure of the scene is drawn, and the added terrain piece is there by its label.
    const scene = scenarioFrames(sc, f, 1).frames[0].scene;
    expect(scene.figures.length).toBeGreaterThan(0);
    expect(text).toContain('the copse');
  });
  it('a built-in id works; an invalid file is refused with its JSON path (exit 2); a record and --scenario together are refused', async () => {
    const out = join(dir, 'wagon.svg');
    expect((await inProcess(registerRender, 'render', '--scenario', 'wagon-raid', '--svg', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^<\?xml/);

    const f = join(dir, 'broken.json');
    const raw = JSON.parse(readFileSync('scenarios/pirates/supply-raid.json', 'utf8')) as { sides: { cards?: unknown[] }[] };
    raw.sides[0].cards = [];
    writeFileSync(f, JSON.stringify(raw));
    const bad = await inProcess(registerRender, 'render', '--scenario', f, '--svg', join(dir, 'b.svg'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('at $.sides[0].cards: a side needs at least one activation card');
    expect(existsSync(join(dir, 'b.svg'))).toBe(false);

    const both = await inProcess(registerRender, 'render', 'x.jsonl', '--scenario', f);
    expect(both.code).toBe(2);
    expect(both.err).toContain('not both');
    const step = await inProcess(registerRender, 'render', '--scenario', 'wagon-raid', '--step', '3');
    expect(step.code).toBe(2);
    expect(step.err).toContain('--step goes with a record');
    const none = await inProcess(registerRender, 'render');
    expect(none.code).toBe(2);
    expect(none.err).toContain('--scenario');
  });
  it('--help teaches the preview', () => {
    const r = cli('render', '--help');
    expect(r.out).toContain('--scenario <file or id>');
    expect(r.out).toContain('render --scenario my-raid.json');
  });
});

describe('tune --json', () => {
  it('prints one JSON document: report.json plus the files written; nothing else on stdout', () => {
    const out = tempDir('tune-json');
    const r = cli(
      'tune',
      '--scenario',
      'farmstead-raid',
      '--agent',
      'vikings=heuristic',
      '--agent',
      'saxons=heuristic',
      '--target',
      'vikings=0.5',
      '--only',
      'loot-to-win',
      '--budget',
      '2',
      '--games',
      '2',
      '--workers',
      '1',
      '--seed',
      '3',
      '--quiet',
      '--json',
      '--out',
      out,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const doc = JSON.parse(lines[0]) as Record<string, unknown> & { files: Record<string, string | null>; evaluations: unknown[] };
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Record<string, unknown>;
    const { files, ...rest } = doc;
    expect(rest).toEqual(report);
    expect(doc.kind).toBe('tune');
    expect(doc.evaluations).toHaveLength(2);
    expect(files.best).not.toBeNull();
    expect(existsSync(String(files.best))).toBe(true);
    expect(JSON.parse(readFileSync(String(files.best), 'utf8')).id).toBe('farmstead-raid-tuned');
  }, 120_000);
  it('--help describes the document', async () => {
    const r = await inProcess(registerTune, 'tune', '--help');
    expect(r.out).toContain('--json');
    expect(r.out).toContain('With --json, stdout holds only the JSON document');
  });
});
