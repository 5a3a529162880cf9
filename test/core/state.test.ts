/**
 * The table kit's state declaration (src/core/table/state.ts): one declaration gives a fresh state,
 * clone, cloneInto, hash and thread export/import that agree with each other.
 */
import { describe, expect, it } from 'vitest';
import { Hasher } from '../../src/core/hash.js';
import { counterIndex, defineState, endFields, field, figureFields, stateWiring, type StateType } from '../../src/core/table/state.js';

interface Sc {
  hash: string;
  n: number;
}
const KIT = defineState<Sc>()('Test', {
  turn: field.int(1),
  x: field.nums(
    (sc: Sc) => sc.n,
    (_sc, i) => i * 1.5,
  ),
  hp: field.typed('u8', (sc: Sc) => sc.n, 3),
  list: field.nums(4, 0, { hashLen: 'len' }),
  len: field.int(0, { unhashed: 'hashed as the length of list' }),
  why: field.str(''),
  score: field.num(0.5),
  decisions: field.int(0, { unhashed: 'statistics only' }),
  memo: field.cache<{ k: number }>(),
});
type St = StateType<typeof KIT>;
const sc: Sc = { hash: 'abc', n: 3 };

describe('defineState: one declaration, every state operation', () => {
  it('a fresh state has every declared initial value, the scenario shared', () => {
    const s: St = KIT.create(sc);
    expect(s.sc).toBe(sc);
    expect(s.turn).toBe(1);
    expect(s.x).toEqual([0, 1.5, 3]);
    expect(Array.from(s.hp)).toEqual([3, 3, 3]);
    expect(s.hp).toBeInstanceOf(Uint8Array);
    expect(s.why).toBe('');
    expect(s.score).toBe(0.5);
    expect(s.memo).toBeNull();
  });

  it('a fresh plain array is packed (no holes), its own per field and per state, at its declared fill', () => {
    const K = defineState<Sc>()('Fill', {
      zeros: field.nums((sc: Sc) => sc.n),
      minus: field.nums(2, -1),
      halves: field.nums(
        (sc: Sc) => sc.n,
        (_sc, i) => i / 2,
      ),
    });
    const a = K.create(sc);
    const b = K.create(sc);
    expect(a.zeros).toEqual([0, 0, 0]);
    expect(a.minus).toEqual([-1, -1]);
    expect(a.halves).toEqual([0, 0.5, 1]);
    for (const arr of [a.zeros, a.minus, a.halves]) {
      expect(Array.isArray(arr)).toBe(true);
      expect(Object.keys(arr)).toHaveLength(arr.length);
    }
    expect(a.zeros).not.toBe(b.zeros);
    a.zeros[0] = 7;
    expect(b.zeros[0]).toBe(0);
    expect(K.clone(a).zeros).toEqual([7, 0, 0]);
  });

  it('clone is independent; caches are not copied', () => {
    const s = KIT.create(sc);
    s.memo = { k: 1 };
    const c = KIT.clone(s);
    c.x[0] = 9;
    c.hp[1] = 0;
    expect(s.x[0]).toBe(0);
    expect(s.hp[1]).toBe(3);
    expect(c.memo).toBeNull();
    expect(Object.keys(c)).toEqual(Object.keys(s));
  });

  it('cloneInto copies into the same arrays and keeps the cache', () => {
    const a = KIT.create(sc);
    const b = KIT.create(sc);
    const memo = { k: 2 };
    b.memo = memo;
    const bx = b.x;
    const bhp = b.hp;
    a.turn = 4;
    a.x[2] = 7;
    a.hp[0] = 1;
    a.why = 'over';
    const r = KIT.cloneInto(b, a);
    expect(r).toBe(b);
    expect(b.x).toBe(bx);
    expect(b.hp).toBe(bhp);
    expect(b.memo).toBe(memo);
    expect(KIT.hash(b)).toBe(KIT.hash(a));
    expect(b.x).toEqual(a.x);
    // Another scenario: a fresh clone instead.
    const other = KIT.create({ hash: 'zzz', n: 3 });
    expect(KIT.cloneInto(other, a)).not.toBe(other);
  });

  it('every hashed field changes the hash; unhashed fields do not; a prefix hashes only its count', () => {
    const base = KIT.hash(KIT.create(sc));
    const changed = (f: (s: St) => void): string => {
      const s = KIT.create(sc);
      f(s);
      return KIT.hash(s);
    };
    for (const f of [
      (s: St) => (s.turn = 2),
      (s: St) => (s.x[1] = 1.5000001),
      (s: St) => (s.hp[2] = 2),
      (s: St) => (s.why = 'x'),
      (s: St) => (s.score = 0.25),
      (s: St) => (s.len = 1),
    ])
      expect(changed(f)).not.toBe(base);
    expect(changed((s) => (s.decisions = 5))).toBe(base);
    expect(changed((s) => (s.list[3] = 5))).toBe(base); // beyond len
    expect(changed((s) => (s.memo = { k: 1 }))).toBe(base);
    expect(KIT.hash(KIT.create({ hash: 'abd', n: 3 }))).not.toBe(base);
  });

  it('the hash is the hand-written sequence over the declared order', () => {
    const s = KIT.create(sc);
    s.len = 2;
    s.list[0] = 4;
    s.list[1] = 5;
    const h = new Hasher().str('abc').int(1).nums(s.x).nums(s.hp).nums([4, 5]).str('').num(0.5).hex();
    expect(KIT.hash(s)).toBe(h);
  });

  it('export and import give an equal state; a wrong export is refused naming the field', () => {
    const s = KIT.create(sc);
    s.turn = 3;
    s.hp[0] = 2;
    s.memo = { k: 3 };
    const data = structuredClone(KIT.exportState(s));
    expect('memo' in data).toBe(false);
    const t = KIT.importState(sc, data);
    expect(KIT.hash(t)).toBe(KIT.hash(s));
    expect(t.memo).toBeNull();
    expect(() => KIT.importState(sc, { ...data, x: [1, 2] })).toThrow(/x has 2 elements, not 3/);
    expect(() => KIT.importState(sc, { ...data, hp: [1, 2, 3] })).toThrow(/hp is not a u8 array/);
    expect(() => KIT.importState(sc, null)).toThrow(/not an exported Test state/);
  });

  it('refuses a field named sc and a hashLen that names no integer', () => {
    expect(() => defineState<Sc>()('Bad', { sc: field.int() })).toThrow(/sc/);
    expect(() => defineState<Sc>()('Bad', { l: field.nums(2, 0, { hashLen: 'nope' }) })).toThrow(/hashLen/);
  });

  it('an initial value may be a function of the scenario; a reset cache is cleared by cloneInto, a view kept', () => {
    const K = defineState<Sc>()('Reset', {
      turn: field.int(1),
      first: field.int((c: Sc) => c.n - 1),
      options: field.cache<number[]>({ reset: true }),
      view: field.cache<{ v: number }>(),
    });
    const a = K.create(sc);
    expect(a.first).toBe(2);
    const b = K.create(sc);
    const view = { v: 1 };
    b.options = [1, 2];
    b.view = view;
    a.first = 0;
    expect(K.cloneInto(b, a)).toBe(b);
    expect(b.first).toBe(0);
    expect(b.options).toBeNull();
    expect(b.view).toBe(view);
    expect(K.importState(sc, K.exportState(a)).first).toBe(0);
  });
});

describe('stateWiring: the forward-model methods of a declared state', () => {
  it("passes the declaration's own clone, cloneInto, hash and thread functions on; turn reads the field", () => {
    const w = stateWiring(KIT);
    expect(w.clone).toBe(KIT.clone);
    expect(w.cloneInto).toBe(KIT.cloneInto);
    expect(w.hash).toBe(KIT.hash);
    expect(w.threads.exportState).toBe(KIT.exportState);
    expect(w.threads.importState).toBe(KIT.importState);
    const s = KIT.create(sc);
    s.turn = 5;
    expect(w.turn(s)).toBe(5);
  });

  it('counterIndex names each counter by its index', () => {
    const C = counterIndex(['fights', 'shots'] as const);
    expect(C.fights).toBe(0);
    expect(C.shots).toBe(1);
  });

  it('figureFields: x, y and facing from the scenario start, status 0 (ACTIVE), hashed in the declared place', () => {
    interface Fs {
      hash: string;
      figures: unknown[];
      startX: number[];
      startY: number[];
      startFacing: number[];
    }
    const fsc: Fs = { hash: 'f', figures: [{}, {}], startX: [1, 2], startY: [3, 4], startFacing: [0, 1.5] };
    const K = defineState<Fs>()('Figures', { turn: field.int(1), ...figureFields<Fs>(), hp: field.nums(2, 3) });
    const s = K.create(fsc);
    expect([s.x, s.y, s.facing, s.status]).toEqual([
      [1, 2],
      [3, 4],
      [0, 1.5],
      [0, 0],
    ]);
    expect(K.fields).toEqual(['turn', 'x', 'y', 'facing', 'status', 'hp']);
  });
});

describe('endFields: how a game ended, declared once', () => {
  it('winner −1 and reason empty (both hashed, in that order), decisions 0 and not hashed', () => {
    const K = defineState<Sc>()('End', { turn: field.int(1), ...endFields() });
    const s = K.create(sc);
    expect([s.winner, s.reason, s.decisions]).toEqual([-1, '', 0]);
    expect(K.fields).toEqual(['turn', 'winner', 'reason', 'decisions']);
    const h = K.hash(s);
    s.decisions = 9;
    expect(K.hash(s)).toBe(h);
    s.reason = 'over';
    expect(K.hash(s)).not.toBe(h);
    const hand = defineState<Sc>()('Hand', {
      turn: field.int(1),
      winner: field.int(-1),
      reason: field.str(''),
      decisions: field.int(0, { unhashed: 'statistics only' }),
    });
    const t = hand.create(sc);
    t.reason = 'over';
    t.decisions = 9;
    expect(hand.hash(t)).toBe(K.hash(s));
  });
});
