/** Seeded mutations of JSON documents for the issue 45 fuzz suite (test/hostile/fuzz.test.ts) and its long run (bench/hostile.ts). */

/** mulberry32: a small seeded stream (tests and benchmarks only). */
export function stream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type J = null | boolean | number | string | J[] | { [k: string]: J };

const HOSTILE: (() => J)[] = [
  () => 1e300,
  () => -1e300,
  () => 1e160,
  () => -1,
  () => 0,
  () => 1e6,
  () => 0.5,
  () => '',
  () => 'x'.repeat(1000),
  () => null,
  () => true,
  () => [],
  () => ({}),
  () => [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  () => [
    [5, 5],
    [5, 5],
    [5, 5],
  ],
  () => [
    [0, 0],
    [1e300, 0],
    [0, 1e300],
  ],
  () => Array.from({ length: 400 }, (_, i) => [10 + Math.cos(i), 10 + Math.sin(i)]),
  () => JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) as J,
  () => JSON.parse('{"__proto__":{"polluted":1}}') as J,
  () => ({ constructor: 1 }),
  () => Array.from({ length: 600 }, () => ({ count: 1 })),
  () => 'constructor',
  () => -0,
  () => 2 ** 53,
];

/** Every path to a value in `v` (arrays and objects), as key lists. */
function paths(v: J, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (out.length > 5000) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k], [...at, k], out);
  return out;
}

/** `doc` with `times` random edits: a value deleted, an element duplicated, a number scaled, a value replaced by a hostile one. */
export function mutate(doc: J, rnd: () => number, times: number): J {
  const d = JSON.parse(JSON.stringify(doc)) as J;
  for (let t = 0; t < times; t++) {
    const all = paths(d).filter((p) => p.length > 0);
    const p = all[Math.floor(rnd() * all.length)];
    let parent = d as { [k: string]: J } | J[];
    for (const k of p.slice(0, -1)) parent = (parent as Record<string, J>)[k as string] as { [k: string]: J };
    const key = p[p.length - 1];
    const r = rnd();
    const target = parent as Record<string | number, J>;
    if (r < 0.15) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete target[key];
    } else if (r < 0.25 && Array.isArray(parent)) {
      parent.push(JSON.parse(JSON.stringify(parent[key as number] ?? null)) as J);
    } else if (r < 0.35 && typeof target[key] === 'number') {
      target[key] = (target[key] as number) * [-1, 0, 1e9, 1e-9, 1.0000001][Math.floor(rnd() * 5)];
    } else {
      target[key] = HOSTILE[Math.floor(rnd() * HOSTILE.length)]();
    }
  }
  return d;
}

/**
 * A damaged copy of a record's lines (header first): a line removed, repeated, cut short, moved to
 * the front; the header or another line mutated; the last line dropped; a digit changed; a line
 * nested 5,000 arrays deep; a `__proto__` key in the header. `gzip` says whether to compress it.
 */
export function damageRecord(good: string[], rnd: () => number): { lines: string[]; kind: number; gzip: boolean } {
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
  return { lines: ls, kind, gzip: rnd() < 0.2 };
}
