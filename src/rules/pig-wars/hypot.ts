/**
 * `Math.hypot(a, b)` without its allocation: V8's builtin copies its arguments into a fresh array
 * and returns a fresh heap number on every call (the Kershner search called it ~60,000 times an
 * iteration). This is V8's own algorithm for two arguments (builtins/math.tq `MathHypot`: the
 * largest magnitude as the scale, a Kahan-compensated sum of the squared ratios, `sqrt(sum) · max`),
 * so it returns the same double for every input — checked against `Math.hypot` in
 * test/pig-wars/hypot.test.ts.
 */
export function hypot2(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  const nan = a !== a || b !== b;
  let max = 0;
  if (!(a !== a) && x > max) max = x;
  if (!(b !== b) && y > max) max = y;
  if (max === Infinity) return Infinity;
  if (nan) return NaN;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  let n = x / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = y / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary; // (the compensation of this last term would be read by no further term)
  return Math.sqrt(sum) * max;
}
