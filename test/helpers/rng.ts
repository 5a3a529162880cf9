/**
 * A scripted random stream for tests: yields numbers that make `roll(rng, sides)` give chosen
 * values, so worked examples can be replayed die by die.
 */
import type { Rng } from '../../src/core/rng.js';

/** A die result to force: `value` on a die of `sides` faces. */
export interface Forced {
  sides: number;
  value: number;
}

/** An Rng that returns, in order, numbers producing the given die results; throws when exhausted. */
export class ScriptedRng implements Rng {
  private i = 0;
  /** @param then stream to continue with once the script is used up (else exhausting it throws) */
  constructor(
    private readonly script: Forced[],
    private readonly then?: Rng,
  ) {}
  next(): number {
    const f = this.script[this.i++];
    if (!f) {
      if (this.then) return this.then.next();
      throw new Error(`scripted rng exhausted after ${this.i - 1} draws`);
    }
    return (f.value - 0.5) / f.sides;
  }
  /** Draws used so far. */
  get used(): number {
    return this.i;
  }
}

/** Shorthand: `d(6, 5)` forces a 5 on a d6. */
export function d(sides: number, value: number): Forced {
  return { sides, value };
}
