/**
 * The layout rules of the code (issue 12, docs/ARCHITECTURE.md): each ruleset is a room of its own
 * — no file under src/rules/<a>/ imports from src/rules/<b>/ — src/core/ names no ruleset, and agents
 * reach a ruleset only through what they are given (the registry's object) or, on worker threads,
 * by loading the one they need by id (src/rules/load.ts): no file under agents/ imports a ruleset
 * folder or the registry of every ruleset. Checked by reading the import lines of the sources.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { RULESETS } from '../src/rules/index.js';

function files(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)) {
    const full = join(dir, f);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (f.endsWith('.ts')) out.push(full);
  }
  return out;
}

/** The project-relative paths a source file imports (relative specifiers only; `.js` as written). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
    out.push(
      relative('.', resolve(dirname(file), m[1] ?? m[2]))
        .split('\\')
        .join('/'),
    );
  }
  return out;
}

const ids = [...RULESETS.keys()];
/** The rooms: one folder per rule system (a variant such as pig-wars-pirates may share its family's). */
const rooms = readdirSync(join('src', 'rules')).filter((d) => statSync(join('src', 'rules', d)).isDirectory());

describe('code layout', () => {
  it('no file under src/rules/<a>/ imports from src/rules/<b>/', () => {
    const bad: string[] = [];
    for (const room of rooms) {
      for (const f of files(join('src', 'rules', room))) {
        for (const i of imports(f)) if (i.startsWith('src/rules/') && !i.startsWith(`src/rules/${room}/`)) bad.push(`${f} imports ${i}`);
      }
    }
    expect(rooms.length).toBeGreaterThanOrEqual(4);
    for (const id of ids)
      expect(
        rooms.some((r) => id === r || id.startsWith(`${r}-`)),
        `ruleset ${id} has a room`,
      ).toBe(true);
    expect(bad).toEqual([]);
  });

  it('src/core/ imports nothing from src/rules/ and never tests for a ruleset id', () => {
    const bad: string[] = [];
    for (const f of files(join('src', 'core'))) {
      for (const i of imports(f)) if (i.startsWith('src/rules/')) bad.push(`${f} imports ${i}`);
      const code = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      for (const id of ids) if (new RegExp(`(===|!==|case|\\[)\\s*['"\`]${id}['"\`]`).test(code)) bad.push(`${f} tests for "${id}"`);
    }
    expect(bad).toEqual([]);
  });

  it('agents/ imports no ruleset folder and not the registry; only the MCTS worker loads one ruleset by id', () => {
    const bad: string[] = [];
    for (const f of files('agents')) {
      for (const i of imports(f)) {
        if (!i.startsWith('src/rules/')) continue;
        if (f.split('\\').join('/') === 'agents/mcts/worker.ts' && i === 'src/rules/load.js') continue;
        bad.push(`${f} imports ${i}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no import cycle anywhere in src/ (type-only imports count: a ring of files is one room in disguise)', () => {
    const all = files('src').map((f) => f.split('\\').join('/'));
    const known = new Set(all);
    const edges = new Map<string, string[]>();
    for (const f of all) {
      edges.set(
        f,
        imports(f)
          .map((i) => i.replace(/\.js$/, '.ts'))
          .filter((i) => known.has(i)),
      );
    }
    // Tarjan's strongly connected components: every component of more than one file is a cycle.
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const on = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string): void => {
      idx.set(v, index);
      low.set(v, index);
      index++;
      stack.push(v);
      on.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1) cycles.push(comp.sort());
      }
    };
    for (const f of all) if (!idx.has(f)) visit(f);
    // Rooms not yet split along their rules text (issue 39): their rings are listed here and the
    // list may only shrink.
    const pending: string[] = [];
    const found = cycles.filter((c) => !pending.some((p) => c.every((f) => f.startsWith(p))));
    expect(found).toEqual([]);
  });
});
