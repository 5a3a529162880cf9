/**
 * Game state declared once. A ruleset names each field of its state with its kind (a numeric
 * array, a typed array, an integer, a float, a string, or a derived cache) and gets from that one
 * declaration everything a state must offer the engine: a fresh state, `clone`, an allocation-free
 * `cloneInto`, the `hash` of everything that can influence the rest of the game, and the export and
 * import that move a state between threads. A field is hashed unless its declaration says why not
 * (`unhashed: 'statistics only'`), so a field left out of the hash is a written decision, never an
 * oversight; a field not in the declaration is not part of the state at all.
 *
 * The functions are generated once per declaration (`new Function`), so clone, cloneInto and hash
 * are straight-line code over named fields — as fast as hand-written ones, with no closure or key
 * lookup per call. Objects made by `create`, `clone` and `importState` share one hidden class
 * (fields in declaration order, `sc` first).
 *
 * The scenario (`sc`) is shared, never copied; its `hash` string is hashed first.
 */
import { Hasher } from '../hash.js';

/** The kinds of numeric array a field may be. `nums` is a plain `number[]` (packed small integers or doubles). */
export type ArrayKind = 'nums' | 'f64' | 'i8' | 'u8' | 'i16' | 'i32';

/** The value type of each {@link ArrayKind}. */
export interface ArrayKinds {
  nums: number[];
  f64: Float64Array;
  i8: Int8Array;
  u8: Uint8Array;
  i16: Int16Array;
  i32: Int32Array;
}

/**
 * A length or an initial element given by the compiled scenario: a constant, or a function of the
 * scenario (and of the element's index, for initial values).
 */
export type BySc<C, T> = T | ((sc: C) => T);

/** Options every field may take. */
export interface FieldOptions {
  /**
   * Why this field is not hashed (it cannot influence the rest of the game: statistics, a count
   * already hashed as the length of another field). Absent: hashed.
   */
  readonly unhashed?: string;
}

/** A numeric array field: its kind, its length and initial elements in a fresh state. */
export interface ArrayField<C, K extends ArrayKind = ArrayKind> extends FieldOptions {
  readonly t: K;
  /** Length in a fresh state (figures, units, cards …). */
  readonly size: BySc<C, number>;
  /**
   * Initial element `i` (default 0). A function must be pure: it is called at a scenario's first
   * `create` only, whose state later ones copy.
   */
  readonly fill?: number | ((sc: C, i: number) => number);
  /**
   * Hash only the first `state[hashLen]` elements (a list kept in a fixed-size array with a count
   * field). The count is then hashed as that prefix's length.
   */
  readonly hashLen?: string;
}

/**
 * An integer (`int`, hashed as 32 bits) or float (`num`, hashed by its bits) field; its value in a
 * fresh state is a constant or a function of the scenario (e.g. the side that moves first; pure:
 * asked at the scenario's first `create` only, as {@link ArrayField.fill}).
 */
export interface NumberField<C = unknown> extends FieldOptions {
  readonly t: 'int' | 'num';
  readonly init?: number | ((sc: C) => number);
}

/** A string field. */
export interface StringField extends FieldOptions {
  readonly t: 'str';
  readonly init?: string;
}

/**
 * A cache derived from the other fields (a view over this state's own arrays, a memo): null in a
 * fresh state and in a clone, kept by `cloneInto` (it reads the same arrays), never hashed or
 * exported. `T` is only for typing.
 */
export interface CacheField<T> {
  readonly t: 'cache';
  /**
   * True: `cloneInto` sets it to null as well — a cache of the state's decision (its legal actions,
   * plans worked out for them) rather than a view over its arrays, so `into`'s own is stale.
   * 'clear': the same, but `cloneInto` keeps the object and calls its `clear()` (a memo whose
   * buffers are worth keeping across copies).
   */
  readonly reset?: boolean | 'clear';
  /** Type carrier; never set. */
  readonly _type?: T;
}

/** Any field declaration. */
export type FieldSpec<C> = ArrayField<C> | NumberField<C> | StringField | CacheField<unknown>;

/** The field declarations of a state (order matters: it is the hash order). */
export type StateFields<C> = Record<string, FieldSpec<C>>;

/** The value type of one declared field. */
export type FieldValue<F> =
  F extends ArrayField<infer _C, infer K>
    ? ArrayKinds[K]
    : F extends NumberField<infer _N>
      ? number
      : F extends StringField
        ? string
        : F extends CacheField<infer T>
          ? T | null
          : never;

/** The state a declaration describes: the scenario plus one property per field. */
export type StateOf<C, F> = { readonly sc: C } & { -readonly [K in keyof F]: FieldValue<F[K]> };

/** Field builders, so a declaration reads as a table: `{ x: field.nums(figures), turn: field.int(1) }`. */
export const field = {
  /** A plain `number[]`. */
  nums<C>(size: BySc<C, number>, fill?: ArrayField<C>['fill'], o: Omit<ArrayField<C>, 't' | 'size' | 'fill'> = {}): ArrayField<C, 'nums'> {
    return { t: 'nums', size, fill, ...o };
  },
  /** A typed array of kind `t`. */
  typed<C, K extends Exclude<ArrayKind, 'nums'>>(
    t: K,
    size: BySc<C, number>,
    fill?: ArrayField<C>['fill'],
    o: Omit<ArrayField<C>, 't' | 'size' | 'fill'> = {},
  ): ArrayField<C, K> {
    return { t, size, fill, ...o };
  },
  /** A 32-bit integer: `init` a constant, or a function of the scenario. */
  int<C = unknown>(init: number | ((sc: C) => number) = 0, o: FieldOptions = {}): NumberField<C> {
    return { t: 'int', init, ...o };
  },
  /** A float, hashed by its exact bits. */
  num(init = 0, o: FieldOptions = {}): NumberField {
    return { t: 'num', init, ...o };
  },
  /** A string. */
  str(init = '', o: FieldOptions = {}): StringField {
    return { t: 'str', init, ...o };
  },
  /**
   * A derived cache (see {@link CacheField}); `{ reset: true }`: set to null by `cloneInto` too;
   * `{ reset: 'clear' }`: kept by `cloneInto` but emptied by its own `clear()` (a memo that owns
   * buffers worth keeping; precondition: T has a `clear(): void` method).
   */
  cache<T>(o: { readonly reset?: boolean | 'clear' } = {}): CacheField<T> {
    return { t: 'cache', ...o };
  },
};

/** What a declaration gives: everything the engine needs of a state. */
export interface StateKit<C extends { readonly hash: string }, S extends { readonly sc: C }> {
  /** The field names, in declaration order. */
  readonly fields: readonly string[];
  /**
   * A fresh state: every field at its declared initial value. Made once per scenario object (the
   * scenario is never changed once compiled) and copied at every call after, as {@link clone} copies.
   */
  create(sc: C): S;
  /** An independent copy (arrays copied, scenario shared, caches null). */
  clone(s: S): S;
  /**
   * Make `into` (a state of the same scenario no one needs any more) a copy of `from` in its own
   * storage, allocating nothing, and return it; caches of `into` stay (those declared
   * `reset` are set to null, or emptied by their `clear()` for `reset: 'clear'`). A state of another
   * scenario (or `into === from`) gets a fresh clone instead.
   */
  cloneInto(into: S, from: S): S;
  /** 16 hex digits over the scenario's hash and every hashed field, in declaration order. */
  hash(s: S): string;
  /** Feed the same values to a hasher (for rooms that hash more, e.g. a state plus a pending choice). */
  hashInto(s: S, h: Hasher): Hasher;
  /** The state as structured-cloneable data (no scenario, no caches). */
  exportState(s: S): Record<string, unknown>;
  /**
   * Rebuild a state exported by {@link exportState} on the same compiled scenario. Throws when a
   * field is missing, of another kind, or an array's length differs from a fresh state's.
   */
  importState(sc: C, data: unknown): S;
}

const TYPED: Record<Exclude<ArrayKind, 'nums'>, new (n: number) => ArrayLike<number>> = {
  f64: Float64Array,
  i8: Int8Array,
  u8: Uint8Array,
  i16: Int16Array,
  i32: Int32Array,
};

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Declare a state: `defineState<MyScenario>()('My rules', { turn: field.int(1), … })` (curried so
 * the scenario type is named and the fields' types are inferred). `name` is used in errors ("not
 * an exported Pirates! state of this scenario"). Throws (a defect, at import time) on a field named `sc`, a name that is not an identifier, or a
 * `hashLen` that names no integer field.
 */
export function defineState<C extends { readonly hash: string }>(): <const F extends StateFields<C>>(
  name: string,
  fields: F,
) => StateKit<C, StateOf<C, F>> {
  return (name, fields) => buildState(name, fields);
}

/** The state type a {@link defineState} declaration gives. */
export type StateType<K> = K extends StateKit<infer _C, infer S> ? S : never;

function buildState<C extends { readonly hash: string }, const F extends StateFields<C>>(
  name: string,
  fields: F,
): StateKit<C, StateOf<C, F>> {
  type S = StateOf<C, F>;
  const names = Object.keys(fields);
  const isArray = (f: FieldSpec<C>): f is ArrayField<C> => f.t === 'nums' || f.t in TYPED;
  for (const k of names) {
    if (k === 'sc' || !IDENT.test(k)) throw new Error(`state ${name}: field name "${k}" is not allowed`);
    const f = fields[k];
    if (isArray(f) && f.hashLen !== undefined) {
      const len = fields[f.hashLen];
      if (!len || len.t !== 'int') throw new Error(`state ${name}: ${k}.hashLen names no integer field`);
    }
  }

  // clone: an object literal in declaration order.
  const cloneBody = [`return {sc: s.sc,`];
  for (const k of names) {
    const f = fields[k];
    cloneBody.push(f.t === 'cache' ? `${k}: null,` : isArray(f) ? `${k}: s.${k}.slice(),` : `${k}: s.${k},`);
  }
  cloneBody.push('};');
  const clone = new Function('s', cloneBody.join('\n')) as (s: S) => S;

  // cloneInto: element copies into the same arrays.
  const intoBody = ['if (into.sc !== from.sc || into === from) return clone(from);', 'let a, b, n;'];
  for (const k of names) {
    const f = fields[k];
    if (f.t === 'cache') {
      if (f.reset === true) intoBody.push(`into.${k} = null;`);
      else if (f.reset === 'clear') intoBody.push(`if (into.${k} !== null) into.${k}.clear();`);
      continue;
    }
    if (!isArray(f)) intoBody.push(`into.${k} = from.${k};`);
    else if (f.t === 'nums')
      intoBody.push(
        `a = into.${k}; b = from.${k}; n = b.length; if (a.length !== n) a.length = n; for (let i = 0; i < n; i++) a[i] = b[i];`,
      );
    else intoBody.push(`if (into.${k}.length === from.${k}.length) into.${k}.set(from.${k}); else into.${k} = from.${k}.slice();`);
  }
  intoBody.push('return into;');
  const cloneInto = new Function('clone', `return function cloneInto(into, from) {\n${intoBody.join('\n')}\n}`)(clone) as (
    into: S,
    from: S,
  ) => S;

  // hash: scenario first, then each hashed field.
  const hashBody = ['h.str(s.sc.hash);'];
  for (const k of names) {
    const f = fields[k];
    if (f.t === 'cache' || f.unhashed !== undefined) continue;
    if (f.t === 'int') hashBody.push(`h.int(s.${k});`);
    else if (f.t === 'num') hashBody.push(`h.num(s.${k});`);
    else if (f.t === 'str') hashBody.push(`h.str(s.${k});`);
    else if (isArray(f)) hashBody.push(f.hashLen !== undefined ? `h.prefix(s.${k}, s.${f.hashLen});` : `h.nums(s.${k});`);
  }
  hashBody.push('return h;');
  const hashInto = new Function('s', 'h', hashBody.join('\n')) as (s: S, h: Hasher) => Hasher;

  const sizeOf = (sc: C, v: BySc<C, number>): number => (typeof v === 'function' ? (v as (sc: C) => number)(sc) : v);
  // A fresh `nums` array per field from a maker of the field's own (each its own `new Function`,
  // so its own array literal): V8 remembers, per place where an array is made, the elements kind
  // its arrays were last widened to, and makes the next ones of that place already wide. One shared
  // place would turn every field's arrays (status, band …) into holey doubles once one field (x)
  // held a fraction — slower to read and compare than packed small integers. `.slice()` in clone
  // keeps each array's kind.
  const makeNums = new Map<string, (sc: C, n: number, fill: ArrayField<C>['fill']) => number[]>();
  for (const k of names) {
    if (fields[k].t !== 'nums') continue;
    const maker = new Function(
      'sc',
      'n',
      'fill',
      `// ${name}: ${k} (source text of its own: V8 shares the allocation sites of identical sources)
       const a = [];
       if (typeof fill === 'function') for (let i = 0; i < n; i++) a.push(fill(sc, i));
       else { const v = fill === undefined ? 0 : fill; for (let i = 0; i < n; i++) a.push(v); }
       return a;`,
    ) as (sc: C, n: number, fill: ArrayField<C>['fill']) => number[];
    makeNums.set(k, maker);
  }
  // A scenario's fresh state is made once and copied after: every field's initial value is a
  // function of the scenario alone (which is never changed once compiled), and a copy is what a
  // fresh state was anyway (see the end of makeFresh). A random game made this once a game
  // (~1.5% of Kershner random play).
  const fresh = new WeakMap<C, S>();
  const create = (sc: C): S => {
    let s = fresh.get(sc);
    if (s === undefined) {
      s = makeFresh(sc);
      fresh.set(sc, s);
    }
    return clone(s);
  };
  const makeFresh = (sc: C): S => {
    const values: Record<string, unknown> = {};
    for (const k of names) {
      const f = fields[k];
      if (f.t === 'cache') values[k] = null;
      else if (f.t === 'int' || f.t === 'num') values[k] = typeof f.init === 'function' ? f.init(sc) : (f.init ?? 0);
      else if (f.t === 'str') values[k] = f.init ?? '';
      else if (f.t === 'nums')
        values[k] = (makeNums.get(k) as (sc: C, n: number, fill: ArrayField<C>['fill']) => number[])(sc, sizeOf(sc, f.size), f.fill);
      else if (isArray(f)) {
        const n = sizeOf(sc, f.size);
        const arr = new TYPED[f.t](n) as { [i: number]: number };
        const fill = f.fill;
        if (typeof fill === 'function') for (let i = 0; i < n; i++) arr[i] = fill(sc, i);
        else if (fill !== undefined && fill !== 0) for (let i = 0; i < n; i++) arr[i] = fill;
        values[k] = arr;
      }
    }
    // Through clone, so a fresh state has the same hidden class as every copy.
    return clone({ sc, ...values } as unknown as S);
  };

  const exportState = (s: S): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k of names) {
      const f = fields[k];
      if (f.t === 'cache') continue;
      const v = (s as unknown as Record<string, unknown>)[k];
      out[k] = isArray(f) ? (v as { slice(): unknown }).slice() : v;
    }
    return out;
  };

  const importState = (sc: C, data: unknown): S => {
    const bad = (why: string): never => {
      throw new Error(`not an exported ${name} state of this scenario: ${why}`);
    };
    if (data === null || typeof data !== 'object') bad('not an object');
    const d = data as Record<string, unknown>;
    const fresh = create(sc) as unknown as Record<string, unknown>;
    const values: Record<string, unknown> = { sc };
    for (const k of names) {
      const f = fields[k];
      if (f.t === 'cache') {
        values[k] = null;
        continue;
      }
      const v = d[k];
      if (f.t === 'int' || f.t === 'num') {
        if (typeof v !== 'number') bad(`${k} is not a number`);
      } else if (f.t === 'str') {
        if (typeof v !== 'string') bad(`${k} is not a string`);
      } else {
        const ok =
          f.t === 'nums'
            ? Array.isArray(v) && v.every((e) => typeof e === 'number')
            : v instanceof (TYPED[f.t] as unknown as new () => object);
        if (!ok) bad(`${k} is not a ${f.t} array`);
        if ((v as ArrayLike<number>).length !== (fresh[k] as ArrayLike<number>).length)
          bad(`${k} has ${(v as ArrayLike<number>).length} elements, not ${(fresh[k] as ArrayLike<number>).length}`);
      }
      values[k] = v;
    }
    return clone(values as unknown as S);
  };

  return Object.freeze({
    fields: Object.freeze(names.slice()),
    create,
    clone,
    cloneInto,
    hash: (s: S): string => hashInto(s, new Hasher()).hex(),
    hashInto,
    exportState,
    importState,
  });
}

/**
 * Names for a room's rule-path counters (statistics kept in a `counters` field): each name's index,
 * so the hot path counts with `s.counters[C.fights]++`.
 */
export function counterIndex<const N extends string>(names: readonly N[]): Readonly<Record<N, number>> {
  return Object.fromEntries(names.map((n, i) => [n, i])) as Record<N, number>;
}

/**
 * The forward-model methods a declared state gives a ruleset (see src/core/model.ts for each
 * contract): spread into `defineRuleset({ … })` beside the table kit's `sideWiring`, so no room
 * writes `clone: cloneState, cloneInto: …, hash: …, threads: { … }` again.
 */
export interface StateWiring<C, S> {
  clone(s: S): S;
  /** Allocation-free (the declaration's {@link StateKit.cloneInto}). */
  cloneInto(into: S, from: S): S;
  hash(s: S): string;
  /** The state's `turn` field (1-based). */
  turn(s: S): number;
  threads: {
    exportState(s: S): Record<string, unknown>;
    importState(sc: C, data: unknown): S;
  };
}

/**
 * `clone`, `cloneInto`, `hash`, `turn` and `threads` of a ruleset from its state declaration (a
 * state with an integer `turn` field). The kit's own functions are passed on as they are — nothing
 * wraps them, so a search's clone and hash cost what the declaration's do.
 */
export function stateWiring<C extends { readonly hash: string }, S extends { readonly sc: C; turn: number }>(
  kit: StateKit<C, S>,
): StateWiring<C, S> {
  return {
    clone: kit.clone,
    cloneInto: kit.cloneInto,
    hash: kit.hash,
    turn: (s) => s.turn,
    threads: { exportState: kit.exportState, importState: kit.importState },
  };
}

/**
 * How a game ended and how long it took, to spread into a declaration where they belong in its
 * hash order: `winner` (the winning side's index; −1 while going on, or for a draw once over) and
 * `reason` (why the game ended, in words; '' while going on) — what the kit's side wiring
 * (sides.ts) reads for `outcome` — and `decisions` (decisions applied so far; statistics only,
 * not hashed).
 */
export function endFields() {
  return {
    winner: field.int(-1),
    reason: field.str(''),
    decisions: field.int(0, { unhashed: 'statistics only' }),
  };
}

/** What {@link figureFields} reads of a compiled scenario: its figures and where each starts. */
export interface StartedScenario {
  readonly hash: string;
  readonly figures: readonly unknown[];
  /** Starting centres (table unit) and facings (radians), by figure index. */
  readonly startX: ArrayLike<number>;
  readonly startY: ArrayLike<number>;
  readonly startFacing: ArrayLike<number>;
}

/**
 * The standard figure fields of a table state, to spread into a declaration where they belong in
 * its hash order: `x`, `y` (centres, table unit) and `facing` (radians) from the scenario's start,
 * and `status` (the kit's status codes, src/core/table/status.ts; ACTIVE, 0, at the start) — plain
 * `number[]` by figure index.
 */
export function figureFields<C extends StartedScenario>() {
  const figures = (sc: C): number => sc.figures.length;
  return {
    x: field.nums<C>(figures, (sc, i) => sc.startX[i]),
    y: field.nums<C>(figures, (sc, i) => sc.startY[i]),
    facing: field.nums<C>(figures, (sc, i) => sc.startFacing[i]),
    status: field.nums<C>(figures),
  };
}
