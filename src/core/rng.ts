/**
 * Seeded random streams and dice.
 *
 * Determinism contract (docs/ARCHITECTURE.md §Determinism): every random number a game uses comes
 * from an {@link Rng} handed in by the caller. A game's dice come from the game stream
 * ({@link gameStream}); each agent thinks with its own stream ({@link agentStream}), derived from
 * the game seed and its side, so an agent that thinks harder never shifts the game's dice.
 * Nothing here reads the clock or calls `Math.random`.
 */
import seedrandom from 'seedrandom';

/** A source of uniform numbers in [0, 1). Implementations must be deterministic given their seed. */
export interface Rng {
  /** The next uniform number, 0 ≤ x < 1. */
  next(): number;
}

/** An {@link Rng} that can also be forked into an independent child stream. */
export interface ForkableRng extends Rng {
  /** A new stream whose numbers depend only on this stream's state and `label`; advances this stream by one draw. */
  fork(label: string): ForkableRng;
}

class AleaRng implements ForkableRng {
  private readonly prng: seedrandom.PRNG;
  constructor(seed: string) {
    this.prng = seedrandom.alea(seed);
  }
  next(): number {
    return this.prng();
  }
  fork(label: string): ForkableRng {
    return new AleaRng(`${this.prng.int32()}/${label}`);
  }
}

/** A stream seeded by an arbitrary string (Alea generator, about 8× faster than seedrandom's ARC4). */
export function streamFromString(seed: string): ForkableRng {
  return new AleaRng(seed);
}

/** The game's dice stream for a game seed. All rules randomness of one game comes from here. */
export function gameStream(seed: number | string): ForkableRng {
  return new AleaRng(`game/${seed}`);
}

/** The stream an agent playing `side` in the game with `seed` thinks with; independent of the game stream. */
export function agentStream(seed: number | string, side: string): ForkableRng {
  return new AleaRng(`agent/${seed}/${side}`);
}

/**
 * A small, fast generator (mulberry32) for search code that needs many short-lived streams,
 * e.g. one fresh stream per MCTS iteration. Seeded by a 32-bit integer.
 */
export class FastRng implements Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Re-seed in place (no allocation). */
  reseed(seed: number): void {
    this.s = seed >>> 0;
  }
  /**
   * Where the stream stands: `seed >>> 0` right after `reseed(seed)` (or construction), and
   * different after every draw until 2³² draws — so a caller can tell whether anything drew from
   * the stream since it was seeded.
   */
  position(): number {
    return this.s;
  }
}

/** A uniform integer in [0, n). Precondition: n ≥ 1. */
export function randInt(rng: Rng, n: number): number {
  return Math.floor(rng.next() * n);
}

/** Roll one die with `sides` faces: a uniform integer in [1, sides]. */
export function roll(rng: Rng, sides: number): number {
  return 1 + Math.floor(rng.next() * sides);
}

/** Roll `n` dice of `sides` faces, in the order rolled. */
export function rollMany(rng: Rng, n: number, sides: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = roll(rng, sides);
  return out;
}

/** Sum of the `k` highest of `dice` (k ≤ dice.length; if k exceeds the count, all are summed). */
export function sumHighest(dice: readonly number[], k: number): number {
  const sorted = [...dice].sort((a, b) => b - a);
  let s = 0;
  for (let i = 0; i < Math.min(k, sorted.length); i++) s += sorted[i];
  return s;
}

/** Roll `n` dice of `sides` faces and keep the highest `k`: returns the dice rolled and the kept sum. */
export function keepHighest(rng: Rng, n: number, sides: number, k: number): { dice: number[]; total: number } {
  const dice = rollMany(rng, n, sides);
  return { dice, total: sumHighest(dice, k) };
}

/** The die ladder of Pirates!-style die steps, smallest first (§5.B(1): "up one from d8 would be d10"). */
export const DIE_LADDER: readonly number[] = [4, 6, 8, 10, 12];

/**
 * Move a die `steps` rungs along {@link DIE_LADDER} (positive = up), clamping at d4 and d12.
 * Precondition: `die` is on the ladder.
 */
export function stepDie(die: number, steps: number): number {
  const i = DIE_LADDER.indexOf(die);
  if (i < 0) throw new RangeError(`d${die} is not on the die ladder d4..d12`);
  const j = Math.max(0, Math.min(DIE_LADDER.length - 1, i + steps));
  return DIE_LADDER[j];
}

/** Fisher–Yates shuffle in place using `rng`; returns the same array. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}
