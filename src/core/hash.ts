/**
 * State hashing: a 64-bit FNV-1a style hash (two 32-bit lanes) over numbers and strings, printed
 * as 16 hex digits. Equal inputs in the same order give equal hashes on every platform; floats
 * are hashed by their exact IEEE-754 bits.
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** Incremental hasher. Feed values in a fixed order, then call {@link Hasher.hex}. */
export class Hasher {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x9e3779b9;

  private mix(v: number): void {
    this.a = Math.imul(this.a ^ (v & 0xffff), 0x01000193);
    this.a = Math.imul(this.a ^ (v >>> 16), 0x01000193);
    this.b = Math.imul(this.b ^ (v & 0xffff), 0x5bd1e995);
    this.b = Math.imul(this.b ^ (v >>> 16), 0x5bd1e995);
    this.b ^= this.b >>> 13;
  }

  /** Add a 32-bit integer (other numbers are truncated). */
  int(v: number): this {
    this.mix(v | 0);
    return this;
  }

  /** Add a number by its exact bits. */
  num(v: number): this {
    f64[0] = v;
    this.mix(u32[0]);
    this.mix(u32[1]);
    return this;
  }

  /** Add every element of a numeric array (typed or plain) by exact bits, preceded by its length. */
  nums(arr: ArrayLike<number>): this {
    this.mix(arr.length);
    for (let i = 0; i < arr.length; i++) this.num(arr[i]);
    return this;
  }

  /**
   * Add the first `n` elements of a numeric array, preceded by `n`: the same as
   * `nums(arr.slice(0, n))`, without the copy. Precondition: 0 ≤ n ≤ arr.length.
   */
  prefix(arr: ArrayLike<number>, n: number): this {
    this.mix(n);
    for (let i = 0; i < n; i++) this.num(arr[i]);
    return this;
  }

  /** Add a string (UTF-16 code units), preceded by its length. */
  str(s: string): this {
    this.mix(s.length);
    for (let i = 0; i < s.length; i++) this.mix(s.charCodeAt(i));
    return this;
  }

  /** The hash as 16 lower-case hex digits. */
  hex(): string {
    return (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0');
  }
}

/** Hash of a string (e.g. a scenario file's canonical JSON), 16 hex digits. */
export function hashString(s: string): string {
  return new Hasher().str(s).hex();
}

/** JSON with object keys sorted, so equal data always gives equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as Record<string, unknown>).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}
