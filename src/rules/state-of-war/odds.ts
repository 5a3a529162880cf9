/**
 * The odds of a charge before it is made, for a person choosing one (`describeAction`, shown by
 * `serve` and `play`): the fight at the phase's end between the charger, in the place its charge
 * would take it ([W11]), and its target, one on one ([W20]) — each side's best die ([W21]: quality
 * die, weapon die by the opponent's type, a horse d6 if mounted unless facing bayonets; a rider
 * throws nothing to his rear, [W22]) plus +1 for charging, uphill or a barricade, and what the
 * margin does on the loser's row of the Result chart ([W23]). Exact (the dice's best-score
 * distributions), pure: no dice are rolled and the state is not changed (read on a copy).
 */
import { marginDistribution, type PoolDie } from '../../core/dice-contest.js';
import { meleeBonus, meleePool } from './melee.js';
import { chargePlan } from './movement.js';
import { meleeResult } from './tables.js';
import { STATE, type SowState } from './state.js';

/** The odds of a charge's fight, one on one, as probabilities in [0, 1]. */
export interface ChargeFightOdds {
  /** Each side's dice ([W21]; empty: no dice, [W22]) and its +1 to the result (0 or 1). */
  charger: readonly PoolDie[];
  target: readonly PoolDie[];
  chargerBonus: number;
  targetBonus: number;
  /** The charger's score is the higher: the target loses ([W23]). */
  win: number;
  /** Of `win`: the target is disabled or killed (D or K on his row). */
  winDown: number;
  /** The target's score is the higher: the charger loses. */
  lose: number;
  /** Of `lose`: the charger is disabled or killed. */
  loseDown: number;
  /** Equal scores: evens, no result. */
  evens: number;
}

/**
 * The odds of figure `f`'s charge on enemy `t` if it is fought one on one at the phase's end
 * ([W20]–[W23]), read on a copy of the state with `f` where {@link chargePlan} puts it, facing as
 * it would, and charging. Null when the charge cannot reach. (In the game the combat may take in
 * other figures in contact, and the charged unit's test may stop the charge, [W25].)
 */
export function chargeFightOdds(s: SowState, f: number, t: number): ChargeFightOdds | null {
  const plan = chargePlan(s, f, t);
  if (!plan) return null;
  const c = STATE.clone(s);
  c.x[f] = plan.to.x;
  c.y[f] = plan.to.y;
  c.facing[f] = plan.facing;
  c.charged[f] = 1;
  const one = [t];
  const other = [f];
  const charger = meleePool(c, f, one);
  const target = meleePool(c, t, other);
  // as fightMelees: a side that throws no dice scores 0, with no +1
  const chargerBonus = charger.length > 0 ? meleeBonus(c, f, one) : 0;
  const targetBonus = target.length > 0 ? meleeBonus(c, t, other) : 0;
  const out: ChargeFightOdds = { charger, target, chargerBonus, targetBonus, win: 0, winDown: 0, lose: 0, loseDown: 0, evens: 0 };
  for (const [m, p] of marginDistribution(charger, target, chargerBonus, targetBonus)) {
    if (m === 0) out.evens += p;
    else if (m > 0) {
      out.win += p;
      const e = meleeResult(m, c.mounted[t] === 1);
      if (e === 'D' || e === 'K') out.winDown += p;
    } else {
      out.lose += p;
      const e = meleeResult(-m, c.mounted[f] === 1);
      if (e === 'D' || e === 'K') out.loseDown += p;
    }
  }
  return out;
}

function pct(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** A side's dice in words: `best of d8−1, d6 +1`, or `no dice`. */
function poolWords(pool: readonly PoolDie[], bonus: number): string {
  if (pool.length === 0) return 'no dice';
  const dice = pool.map((d) => `d${d.sides}${d.mod ? (d.mod > 0 ? `+${d.mod}` : `−${-d.mod}`) : ''}`).join(', ');
  return `${pool.length > 1 ? 'best of ' : ''}${dice}${bonus ? ' +1' : ''}`;
}

/**
 * A charge's odds in words: `one on one: 58% to win (best of d8, d6 +1 v d6: 20% disables or
 * kills him; 30% lost, 8% disabled or killed; 12% evens)`. The first percentage is the one that matters.
 */
export function chargeFightWords(o: ChargeFightOdds): string {
  return `one on one: ${pct(o.win)} to win (${poolWords(o.charger, o.chargerBonus)} v ${poolWords(o.target, o.targetBonus)}: ${pct(o.winDown)} disables or kills him; ${pct(o.lose)} lost, ${pct(o.loseDown)} disabled or killed; ${pct(o.evens)} evens)`;
}
