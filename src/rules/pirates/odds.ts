/**
 * The odds of an attack before it is made, for a person choosing one (`describeAction`, which
 * `serve` shows beside the enemy and `play` in its menu): the attacker's die against the
 * defender's d6 (§5.A, §5.B), the die moved by the modifiers that will apply where the attack is
 * made (§5.B(2); §6 up one for a charge, down one for firing after moving; §7.A the range die), and
 * what the margin does (§5.C killed / runs away, §5.E captured). Exact (every pair of faces
 * counted), pure: no dice are rolled and the state is not changed.
 */
import { attackDice, type AttackKind, CAPTURE_AT, KILL_AT, RUN_AT } from './combat.js';
import { chargePlan, moveFirePlan } from './approach.js';
import { STATE, type PiratesState } from './state.js';

/** What one attack may do, as probabilities in [0, 1] (exact fractions of the faces' pairs). */
export interface AttackOdds {
  /** The attacker's final die (sides, 4–12); 0 when the attack cannot be made (out of range). */
  die: number;
  /** The attacker's roll beats the defender's d6 (a margin above 0: hits or capture points, §5.C, §5.E). */
  hit: number;
  /** Not a capture: the defender is killed (its hits this turn reach {@link KILL_AT}, §5.C(1)). */
  kill: number;
  /** Not a capture: the defender runs away without being killed (this attack's margin ≥ {@link RUN_AT}, §5.C(2)). */
  run: number;
  /** A declared capture: the defender is captured (capture points this turn reach {@link CAPTURE_AT}, §5.E). */
  capture: number;
}

/**
 * The odds of one attack with a `die`-sided attacker's die against the defender's d6 (§5.A), for
 * a defender who already took `hits` hits this turn — or, for a declared capture, `hits` capture
 * points (§5.C(1), §5.E: both cumulative within the turn). `die` 0 (no attack possible): all zero.
 */
export function attackOdds(die: number, hits: number, capture: boolean): AttackOdds {
  const out: AttackOdds = { die, hit: 0, kill: 0, run: 0, capture: 0 };
  if (die <= 0) return out;
  // Whole counts of the die × 6 equally likely pairs of faces, divided once: exact to the last bit
  // a fraction can be (a 12.5% rounds as 13%, never as a 12.4999…%).
  let hit = 0;
  let kill = 0;
  let run = 0;
  let cap = 0;
  for (let a = 1; a <= die; a++)
    for (let d = 1; d <= 6; d++) {
      const m = a - d;
      if (m <= 0) continue;
      hit++;
      if (capture) {
        if (hits + m >= CAPTURE_AT) cap++;
      } else if (hits + m >= KILL_AT) kill++;
      else if (m >= RUN_AT) run++;
    }
  const n = die * 6;
  out.hit = hit / n;
  out.kill = kill / n;
  out.run = run / n;
  out.capture = cap / n;
  return out;
}

/** The attacks a figure action may be, as `describeAction` names them. */
export type AttackAction = 'fight' | 'charge' | 'fire' | 'moveFire';

/**
 * The odds of figure `f`'s attack of kind `k` on figure `t` as the game stands: for a charge or a
 * move & fire, from where its move would put it (the plan `apply` follows: {@link chargePlan},
 * {@link moveFirePlan}), worked out on a copy of the state. Null when that move finds no way.
 */
export function attackOddsNow(s: PiratesState, f: number, t: number, k: AttackAction, capture: boolean): AttackOdds | null {
  let at = s;
  if (k === 'charge' || k === 'moveFire') {
    const plan = k === 'charge' ? chargePlan(s, f, t) : moveFirePlan(s, f, t);
    if (!plan) return null;
    at = STATE.clone(s);
    at.x[f] = plan.to.x;
    at.y[f] = plan.to.y;
  }
  const kind: AttackKind = {
    mode: k === 'fight' || k === 'charge' ? 'fight' : 'fire',
    charged: k === 'charge',
    moved: k === 'moveFire',
    capture,
  };
  const dice = attackDice(at, f, t, kind);
  return attackOdds(dice.final, capture ? s.capHits[t] : s.hits[t], capture);
}

function pct(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/**
 * The odds in words for an action's description: `56% to hit (d8 v d6: 13% kills, 19% drives him
 * off)`, or for a capture `13% to capture (d8 v d6: 56% to score)`. The first percentage is the
 * one that matters (the table's control shows it).
 */
export function oddsWords(o: AttackOdds, capture: boolean): string {
  const dice = `d${o.die} v d6`;
  return capture
    ? `${pct(o.capture)} to capture (${dice}: ${pct(o.hit)} to score)`
    : `${pct(o.hit)} to hit (${dice}: ${pct(o.kill)} kills, ${pct(o.run)} drives him off)`;
}
