/**
 * SHOOTING and the special shoot (volley fire): the dice of a shot, its roll against the target's
 * rating, and the Shooting Effects.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { C, type EscState } from './state.js';
import { sees } from './queries.js';
import { combatInitiative, endFigure } from './initiative.js';
import { applyEffect } from './effects.js';
import { NO_EFFECT, countOnes, d6s, opposed, score, shootingEffect } from './tables.js';

/**
 * Special shoot — volley fire: friends of director `f` that can add their fire at target `t`:
 * in play, not yet acted this turn, with a missile weapon other than a cannon, in the director's
 * line of sight and with a line of sight to the target.
 */
export function volleyHelpers(s: EscState, f: number, t: number): number[] {
  const sc = s.sc;
  const out: number[] = [];
  for (const g of sc.sides[sc.figures[f].side].figures) {
    if (g === f || s.wounds[g] === 0 || s.acted[g]) continue;
    const w = sc.figures[g].missile;
    if (!w || w.key === 'cannon') continue;
    if (sees(s, f, g) && sees(s, g, t)) out.push(g);
  }
  return out;
}

/** True when {@link volleyHelpers}`(s, f, t)` is not empty (without the list: the legal list asks only this). */
export function hasVolleyHelper(s: EscState, f: number, t: number): boolean {
  const sc = s.sc;
  for (const g of sc.sides[sc.figures[f].side].figures) {
    if (g === f || s.wounds[g] === 0 || s.acted[g]) continue;
    const w = sc.figures[g].missile;
    if (!w || w.key === 'cannon') continue;
    if (sees(s, f, g) && sees(s, g, t)) return true;
  }
  return false;
}

/** True when `f` may direct a volley: it carries a missile weapon other than a cannon (a volley is a shoot action). */
export function canDirect(s: EscState, f: number): boolean {
  const w = s.sc.figures[f].missile;
  return w !== null && w.key !== 'cannon';
}

/** The dice of a shot before rolling: active and passive counts and what made them (for stories and tests). */
export interface ShotDice {
  /** Active dice: pool + 1 for the shot + artillery skill + one per volley shooter, after replacements and skill. */
  active: number;
  passive: number;
  /** Artillery bonus (Artillerist skill, cannon only). */
  bonus: number;
  /** Passive dice penalty of the weapon (the slowest weapon of a volley). */
  penalty: number;
  /** Factors that replaced active dice by passive ones, by name (one entry per die). */
  factors: string[];
  /** Passive dice the shooter's skill turned back into active ones. */
  skill: number;
}

/**
 * SHOOTING: the dice of a shot by `f` (pool `pool`) at `t`, with volley `helpers`. Active: the
 * pool, one for the shot, the Artillerist skill with a cannon, one per volley shooter. Passive
 * dice replace active ones one for one for each Shaken marker of the shooter and for a target in
 * cover (a cowered target has gone prone to seek cover). The weapon's penalty is added (the
 * slowest weapon of a volley). The Shooter skill (Artillerist with a cannon, Leader directing a
 * volley) turns that many passive dice active.
 */
export function shotDice(s: EscState, f: number, t: number, helpers: readonly number[], pool: number): ShotDice {
  const sc = s.sc;
  const info = sc.figures[f];
  const cannon = info.missile?.key === 'cannon';
  const volley = helpers.length > 0;
  const bonus = cannon && !volley ? info.artillerist : 0;
  let active = pool + 1 + bonus + helpers.length;
  const factors: string[] = [];
  for (let i = 0; i < s.shaken[f]; i++) factors.push('shooter shaken');
  if (s.cover[t] || s.cowered[t]) factors.push(s.cover[t] ? 'target in cover' : 'target prone');
  const replaced = Math.min(active, factors.length);
  active -= replaced;
  let penalty = volley ? 0 : (info.missile?.penalty ?? 0);
  if (volley) {
    if (info.missile && info.missile.key !== 'cannon') penalty = info.missile.penalty;
    for (const g of helpers) penalty = Math.max(penalty, sc.figures[g].missile?.penalty ?? 0);
  }
  let passive = replaced + penalty;
  const skillLevel = volley ? info.leader : cannon ? info.artillerist : info.shooter;
  const skill = Math.min(skillLevel, passive);
  passive -= skill;
  active += skill;
  return { active, passive, bonus, penalty, factors, skill };
}

/** Roll and resolve a shot (or volley); applies the Shooting Effects to the target. */
export function resolveShot(
  s: EscState,
  f: number,
  t: number,
  helpers: number[],
  pool: number,
  interrupt: boolean,
  ctx: StepContext<EscEvent>,
): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const tinfo = sc.figures[t];
  const dice = shotDice(s, f, t, helpers, pool);
  const act = d6s(ctx.rng, dice.active);
  const pas = d6s(ctx.rng, dice.passive);
  const def = d6s(ctx.rng, tinfo.rating);
  const sa = score(act);
  const sd = score(def);
  const o = opposed(sa, sd, info.rating, tinfo.rating);
  const won = o.winner === 'a';
  const eff = won ? shootingEffect(o.diff) : NO_EFFECT;
  s.counters[C.shots]++;
  if (helpers.length > 0) s.counters[C.volleys]++;
  if (info.missile?.key === 'cannon' && helpers.length === 0) s.counters[C.cannonShots]++;
  if (sa === sd) s.counters[C.ties]++;
  for (const g of helpers) s.acted[g] = 1;
  const ones = countOnes(act, pas);
  const init = combatInitiative(s, ones, interrupt);
  ctx.emit?.({
    e: 'shoot',
    turn: s.turn,
    figure: info.id,
    target: tinfo.id,
    weapon: helpers.length > 0 ? 'volley' : (info.missile?.key ?? 'none'),
    volley: helpers.map((g) => sc.figures[g].id),
    pool,
    bonus: dice.bonus,
    penalty: dice.penalty,
    factors: dice.factors,
    skill: dice.skill,
    active: act,
    passive: pas,
    score: sa,
    defence: def,
    defScore: sd,
    ratings: [info.rating, tinfo.rating],
    won,
    diff: o.diff,
    effect: eff.name,
    hits: eff.hits,
    ones,
    init,
    interrupt,
  });
  applyEffect(s, t, eff, ctx);
  if (init === 'figure' || init === 'side') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
}
