/**
 * Issue 45, done-when 1: a fuzz suite. Mutated copies of every built-in scenario go through what
 * `validate` does (read, limits, schema, compile); damaged copies of a record go through what
 * `replay --verify`, `render` and `play --resume` do (read, parse, re-run). Every case must end as
 * the CLI's exit 0, 1 or 2 — a success, a failed check, or a user error naming the input — never
 * an internal error (exit 3), and each within a bounded time. In this process (no start-up per
 * case), on a seeded stream: the same cases every run.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { builtinScenarioFiles, fromRaw, parseJsonText, resolveInherit } from '../../src/core/scenario.js';
import { compileSource } from '../../src/rules/index.js';
import { isUserError } from '../../src/commands/common.js';
import { parseRecord, isGzip } from '../../src/core/record.js';
import { verifyRecord } from '../../src/replay.js';
import { recordFrames } from '../../src/render/frames.js';
import { rerunRecord } from '../../src/rerun.js';
import { makeAgents, playGame } from '../../src/core/game.js';
import { loadScenario } from '../../src/rules/index.js';
import { randomAgent } from '../../agents/random.js';
import { checkJsonTextDepth } from '../../src/core/limits.js';
import { gunzipSync } from 'node:zlib';
import { mutate, stream, type J } from './mutate.js';

/** The CLI's exit code for what `run` throws: 0 when nothing, 2 for a user error, 3 for anything else. */
function exitOf(run: () => unknown): { code: number; message: string } {
  try {
    run();
    return { code: 0, message: '' };
  } catch (e) {
    return {
      code: isUserError(e) ? 2 : 3,
      message: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}`.slice(0, 1500) : String(e),
    };
  }
}

const CASE_MS = 10_000;

describe('issue 45: fuzz — mutated scenarios and damaged records end in exit 0, 1 or 2, each within 10 s', () => {
  it('≥ 500 mutated scenario files (all built-in scenarios) through validate: read, limits, schema, compile', () => {
    const files = builtinScenarioFiles();
    const docs = files.map((f) => ({ f, doc: resolveInherit(parseJsonText(readFileSync(f, 'utf8'), f), f) as J }));
    const rnd = stream(45);
    const bad: string[] = [];
    const counts = { 0: 0, 2: 0, 3: 0 } as Record<number, number>;
    let slowest = 0;
    const N = 540;
    for (let i = 0; i < N; i++) {
      const { f, doc } = docs[i % docs.length];
      const m = mutate(doc, rnd, 1 + Math.floor(rnd() * 3));
      const text = JSON.stringify(m);
      const t0 = performance.now();
      const r = exitOf(() => {
        checkJsonTextDepth(text, f);
        compileSource(fromRaw(JSON.parse(text), `${f}#${i}`));
      });
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      counts[r.code]++;
      if (r.code === 3 || ms > CASE_MS) bad.push(`case ${i} (${f}, ${Math.round(ms)} ms): ${r.message}`);
    }
    console.log(
      `fuzz scenarios: ${N} cases, exit 0: ${counts[0]}, exit 2: ${counts[2]}, exit 3: ${counts[3]}; slowest ${Math.round(slowest)} ms`,
    );
    expect(bad.slice(0, 5)).toEqual([]);
  }, 600_000);

  it('≥ 200 damaged records through replay --verify, render and play --resume (parse, verify, re-run)', async () => {
    const sc = loadScenario('farmstead-raid');
    const f = { factory: randomAgent, options: {} };
    const agents = makeAgents(sc, 7, { vikings: f, saxons: f });
    const { lines } = await playGame(sc, 7, agents, { record: true });
    const good = [...(lines as string[])];
    expect(verifyRecord(parseRecord(`${good.join('\n')}\n`, 'good.jsonl'), 'good.jsonl').ok).toBe(true);
    const rnd = stream(4545);
    const bad: string[] = [];
    const counts = { 0: 0, 1: 0, 2: 0, 3: 0 } as Record<number, number>;
    let slowest = 0;
    const N = 240;
    for (let i = 0; i < N; i++) {
      const ls = [...good];
      const kind = Math.floor(rnd() * 10);
      const at = 1 + Math.floor(rnd() * (ls.length - 1));
      if (kind === 0) ls.splice(at, 1);
      else if (kind === 1) ls.splice(at, 0, ls[Math.floor(rnd() * ls.length)]);
      else if (kind === 2) ls[at] = ls[at].slice(0, Math.floor(rnd() * ls[at].length));
      else if (kind === 3) ls[0] = JSON.stringify(mutate(JSON.parse(ls[0]) as J, rnd, 1));
      else if (kind === 4) ls[at] = JSON.stringify(mutate(JSON.parse(ls[at]) as J, rnd, 1));
      else if (kind === 5) ls.pop();
      else if (kind === 6) ls[at] = ls[at].replace(/\d/, String(Math.floor(rnd() * 10)));
      else if (kind === 7) ls[at] = `{"t":"event","e":"x","v":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      else if (kind === 8) ls.splice(0, 0, ls.splice(at, 1)[0]);
      else ls[0] = ls[0].replace(/^\{/, '{"__proto__":{"x":1},');
      let bytes: Buffer = Buffer.from(`${ls.join('\n')}\n`);
      if (rnd() < 0.2) bytes = gzipSync(bytes);
      const t0 = performance.now();
      const file = `damaged-${i}.jsonl`;
      let verdict = 0;
      const r = exitOf(() => {
        const parsed = parseRecord((isGzip(bytes) ? gunzipSync(bytes) : bytes).toString('utf8'), file);
        const v = verifyRecord(parsed, file);
        if (!v.ok) {
          verdict = 1; // replay --verify: a failed check; render and play --resume refuse it as bad input
          return;
        }
        recordFrames(parsed, file); // render
        rerunRecord(parsed, file, { end: 'any' }); // play --resume
      });
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      const code = r.code === 0 ? verdict : r.code;
      counts[code]++;
      if (code === 3 || ms > CASE_MS) bad.push(`case ${i} (kind ${kind}, ${Math.round(ms)} ms): ${r.message}`);
    }
    console.log(
      `fuzz records: ${N} cases, exit 0: ${counts[0]}, exit 1: ${counts[1]}, exit 2: ${counts[2]}, exit 3: ${counts[3]}; slowest ${Math.round(slowest)} ms`,
    );
    expect(bad.slice(0, 5)).toEqual([]);
  }, 600_000);
});
