/**
 * Numbers in words for what people read (stories, status lines, reports): "1 hit", "2 hits",
 * "roll 1 die". Rulesets and the CLI use this one function, so no message says "1 hits".
 */

/** Irregular plurals; any other word takes an `s`. */
const PLURALS: Record<string, string> = { die: 'dice', dice: 'dice', figure: 'figures', turn: 'turns', visit: 'visits' };
const SINGULARS: Record<string, string> = { dice: 'die' };

/**
 * `n` and the noun, singular when n is 1 (or −1): count(1, 'hit') = "1 hit", count(3, 'die') =
 * "3 dice". The noun may be given in either form ("dice" becomes "die" for one).
 * @param n a whole number (or a number already shown as text)
 * @param noun the noun, singular or a plural listed above
 */
export function count(n: number | string, noun: string): string {
  const one = Number(n) === 1 || Number(n) === -1;
  const singular = SINGULARS[noun] ?? noun;
  return `${n} ${one ? singular : (PLURALS[singular] ?? `${singular}s`)}`;
}
