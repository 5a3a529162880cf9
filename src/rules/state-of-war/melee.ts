/**
 * State of War melee [W20]–[W24]: each figure's dice and bonus, the combats formed at the end of an
 * action phase, the fights and their effects (push back, disabled, killed). Lengths in cm.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { roll } from '../../core/rng.js';
import { type PoolDie, rollContest } from '../../core/dice-contest.js';
import { dist as geoDist } from '../../core/geometry.js';
import { arcOf } from '../../core/table/index.js';
import { contacts, engaged, fenceBetween, fenceCrossing, viewOf } from './table.js';
import { DMT_WOUND_ON, HORSE_DIE, MAX_AGAINST_ONE, meleeResult, meleeWeaponDie, PUSH_BACK } from './tables.js';
import { type SowState, ACTIVE, C, PH_OVER } from './state.js';
import { onTableStatus } from '../../core/table/status.js';
import { diceJson, r2 } from './action.js';
import { injure } from './injury.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** A figure's dice in melee against `opps` [W21], [W22]. */
export function meleePool(s: SowState, f: number, opps: readonly number[]): PoolDie[] {
  const sc = s.sc;
  const info = sc.figures[f];
  // Mounted men (not lancers) cannot fight to the rear.
  const view = viewOf(s);
  const front = opps.filter((o) => !s.mounted[f] || info.melee.key === 'lance' || arcOf(view, o, f) !== 'rear');
  if (front.length === 0) return [];
  const pool: PoolDie[] = [{ sides: info.die, mod: -(opps.length - 1) - (s.wounds[f] > 0 ? 1 : 0), floor: 1, label: 'quality' }];
  const wd = meleeWeaponDie(info.melee, s.mounted[front[0]] === 1);
  if (wd > 0) pool.push({ sides: wd, label: info.melee.key });
  const bayonets = opps.some((o) => !s.mounted[o] && sc.figures[o].melee.key === 'bayonet');
  if (s.mounted[f] && !bayonets) pool.push({ sides: HORSE_DIE, label: 'horse' });
  return pool;
}

/**
 * {@link meleePool}(s, f, [o]) — figure f's dice against the one opponent o — as a number that
 * tells such pools apart by their dice (0: no dice), no pool made: the key of a cache of odds.
 * Below 2^20 (each die's sides below 64).
 */
export function meleePoolCode(s: SowState, f: number, o: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  // As meleePool: a mounted man (not a lancer) with his one opponent to his rear throws nothing.
  if (s.mounted[f] && info.melee.key !== 'lance' && arcOf(viewOf(s), o, f) === 'rear') return 0;
  const wd = meleeWeaponDie(info.melee, s.mounted[o] === 1);
  const bayonet = !s.mounted[o] && sc.figures[o].melee.key === 'bayonet';
  const horse = s.mounted[f] && !bayonet ? HORSE_DIE : 0;
  return 1 + ((info.die * 2 + (s.wounds[f] > 0 ? 1 : 0)) * 64 + (wd > 0 ? wd : 0)) * 64 + horse;
}

/** {@link meleeBonus}(s, f, [o]) — against the one opponent o — with no list made. */
export function meleeBonusAgainst(s: SowState, f: number, o: number): number {
  const sc = s.sc;
  if (s.charged[f]) return 1;
  // By index (heightAt and fenceCrossing's answers): no coordinates passed, which would be boxed.
  if (sc.table.heightOf(s.x, s.y, o) < sc.table.heightOf(s.x, s.y, f)) return 1;
  return fenceBetween(s, f, o) ? 1 : 0;
}

/** +1 to a figure's melee score: charging, uphill of all opponents, or defending a barricade [W21]. */
export function meleeBonus(s: SowState, f: number, opps: readonly number[]): number {
  return meleeBonusReason(s, f, opps) === null ? 0 : 1;
}

/** Why a figure's melee score gets its +1 (the first that applies; they do not stack), or null [W21]. */
export function meleeBonusReason(s: SowState, f: number, opps: readonly number[]): 'charging' | 'uphill' | 'barricade' | null {
  const sc = s.sc;
  if (s.charged[f]) return 'charging';
  // Loops over the opponents by index (every's answers, heightAt's and fenceCrossing's; no closures,
  // no coordinates passed).
  const h = sc.table.heightOf(s.x, s.y, f);
  let up = true;
  for (let i = 0; i < opps.length && up; i++) up = sc.table.heightOf(s.x, s.y, opps[i]) < h;
  if (up) return 'uphill';
  // "Defending a barricade": a fence or wall between the figure and every opponent, whichever side's
  // phase it is (since ruleset 1.6.0, issue 38 item 3: before, only the side whose phase it was not).
  let behind = true;
  for (let i = 0; i < opps.length && behind; i++) behind = fenceBetween(s, f, opps[i]);
  if (behind) return 'barricade';
  return null;
}

/**
 * The modifiers of a figure's melee throw against `opps`, by name, for the record [W21], [W22]:
 * on its quality die −1 per enemy over 1 (`outnumbered`) and −1 if wounded (`wounded`); +1 to its
 * result for `charging`, `uphill` or `barricade`; `noDice: true` when a mounted man has every
 * opponent to his rear and throws nothing (a flag, not a number: since ruleset 1.5.0, third
 * outside reading D3; before, it was written 0 among the ±n modifiers).
 */
export function meleeMods(s: SowState, f: number, opps: readonly number[], pool: readonly PoolDie[]): Record<string, number | boolean> {
  const mods: Record<string, number | boolean> = {};
  if (pool.length === 0) {
    mods.noDice = true;
    return mods;
  }
  if (opps.length > 1) mods.outnumbered = -(opps.length - 1);
  if (s.wounds[f] > 0) mods.wounded = -1;
  const why = meleeBonusReason(s, f, opps);
  if (why) mods[why] = 1;
  return mods;
}

/**
 * The combats of this melee phase [W20]: each a single figure against 1–3 opponents, a figure in
 * one combat, formed so that as many figures in base contact as can fight do ("When figures are in
 * contact with enemy figures, melee ensues"; "a maximum of 3 figures can fight against 1").
 * Deterministic: the figures in contact are taken most-surrounded first (then by index), each one
 * tried first as the single figure against its free contacts (up to 3, nearest first), then as one
 * of the several against each free contact (nearest first), then left out; the first formation
 * found in that order that has the most figures fighting is kept — so where the greedy formation
 * (the first tried, 1.0.0–1.4.0's) already lets everyone fight, it is the one. Since ruleset 1.5.0
 * (third outside reading C1): before, the greedy formation alone, which left chargers in contact
 * out of the melee where another formation let every figure fight (7 figures in 6 of 247 phase
 * ends). The search is bounded ({@link COMBAT_SEARCH} steps per phase): past it, the best found so
 * far stands (the greedy formation at worst).
 */
export function formCombats(s: SowState): { one: number; many: number[] }[] {
  const sc = s.sc;
  const live: number[] = [];
  const cs = new Map<number, number[]>();
  for (let f = 0; f < sc.figures.length; f++) {
    // Engaged first (the same pairs, no list made): most figures at a phase's end are not.
    if (s.status[f] !== ON || !engaged(s, f)) continue;
    live.push(f);
    cs.set(f, contacts(s, f));
  }
  if (live.length === 0) return [];
  live.sort((a, b) => cs.get(b)!.length - cs.get(a)!.length || a - b);
  const used = new Set<number>();
  const cur: { one: number; many: number[] }[] = [];
  let best: { one: number; many: number[] }[] = [];
  let bestN = -1;
  let budget = COMBAT_SEARCH;
  // Figures not yet placed (fighting or left out), from position i of `live`.
  const search = (i: number, fighting: number): void => {
    if (budget <= 0) return;
    budget--;
    while (i < live.length && used.has(live[i])) i++;
    if (i >= live.length) {
      if (fighting > bestN) {
        bestN = fighting;
        best = cur.map((c) => ({ one: c.one, many: [...c.many] }));
      }
      return;
    }
    // Every figure still unplaced could at most fight: no better formation down this way.
    let open = 0;
    for (let k = i; k < live.length; k++) if (!used.has(live[k])) open++;
    if (fighting + open <= bestN) return;
    const f = live[i];
    const free = cs.get(f)!.filter((g) => !used.has(g));
    // f as the single figure, against up to 3 of its free contacts (the most first, nearest first).
    for (let k = Math.min(MAX_AGAINST_ONE, free.length); k >= 1; k--) {
      for (const many of subsets(free, k)) {
        used.add(f);
        for (const g of many) used.add(g);
        cur.push({ one: f, many });
        search(i + 1, fighting + 1 + k);
        cur.pop();
        used.delete(f);
        for (const g of many) used.delete(g);
      }
    }
    // f as one of the several against a free contact g, with up to 2 more of g's free contacts.
    for (const g of free) {
      const others = cs.get(g)!.filter((h) => h !== f && !used.has(h));
      for (let k = Math.min(MAX_AGAINST_ONE - 1, others.length); k >= 1; k--) {
        for (const more of subsets(others, k)) {
          const many = cs.get(g)!.filter((h) => h === f || more.includes(h));
          used.add(g);
          for (const h of many) used.add(h);
          cur.push({ one: g, many });
          search(i + 1, fighting + 1 + many.length);
          cur.pop();
          used.delete(g);
          for (const h of many) used.delete(h);
        }
      }
    }
    // f left out.
    used.add(f);
    search(i + 1, fighting);
    used.delete(f);
  };
  search(0, 0);
  // In the record's order: by the single figure's place among the figures in contact.
  const rank = new Map(live.map((f, i) => [f, i]));
  return best.sort((a, b) => rank.get(a.one)! - rank.get(b.one)!);
}

/** How many steps {@link formCombats}' search takes in a phase at most. */
export const COMBAT_SEARCH = 20000;

/** The k-element subsets of `xs`, each in `xs`'s order, in lexicographic order of positions. */
function subsets(xs: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const go = (start: number): void => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let j = start; j <= xs.length - (k - pick.length); j++) {
      pick.push(xs[j]);
      go(j + 1);
      pick.pop();
    }
  };
  go(0);
  return out;
}

export function fightMelees(s: SowState, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  for (const c of formCombats(s)) {
    if (s.phase === PH_OVER) return;
    const one = c.one;
    const many = c.many.filter((g) => s.status[g] === ON);
    if (s.status[one] !== ON || many.length === 0) continue;
    s.counters[C.melees]++;
    const poolOne = meleePool(s, one, many);
    const pools = many.map((g) => meleePool(s, g, [one]));
    // Roll the single figure, then each opponent in turn.
    const rolled = rollContest(ctx.rng, poolOne, pools[0] ?? []);
    const rolls = [rolled.b];
    for (let i = 1; i < many.length; i++) rolls.push(rollContest(ctx.rng, [], pools[i]).b);
    const scoreOne = rolled.a.dice.length > 0 ? rolled.a.best + meleeBonus(s, one, many) : 0;
    // "+1 to result" is the side's [W21]: its highest die, +1 when any of its primaries that throw
    // dice is charging, uphill of its opponent or defending a barricade (ruleset 1.3.0, audit A2;
    // before, each figure's +1 counted only on its own best die). The figure with that highest die
    // (the first on ties) is the side's winner.
    let best = -1;
    let bestDie = 0;
    let bonus = 0;
    many.forEach((g, i) => {
      if (rolls[i].dice.length === 0) return;
      if (meleeBonus(s, g, [one]) > 0) bonus = 1;
      if (best < 0 || rolls[i].best > bestDie) {
        best = g;
        bestDie = rolls[i].best;
      }
    });
    const bestScore = best < 0 ? 0 : bestDie + bonus;
    if (best < 0) best = many[0];
    const margin = scoreOne - bestScore;
    let loser = -1;
    let winner = -1;
    let pick: { die: string; face: number } | null = null;
    if (margin > 0) {
      winner = one;
      if (many.length === 1) loser = many[0];
      else {
        const face = roll(ctx.rng, many.length);
        pick = { die: `d${many.length}`, face };
        loser = many[face - 1];
      }
    } else if (margin < 0) {
      winner = best;
      loser = one;
    }
    const effect = loser >= 0 ? meleeResult(Math.abs(margin), s.mounted[loser] === 1) : null;
    // The record's line, made only for a record (its parts are pure: no draw, no change).
    if (ctx.emit) {
      ctx.emit({
        e: 'melee',
        turn: s.turn,
        one: sc.figures[one].id,
        many: many.map((g) => sc.figures[g].id),
        oneDice: diceJson(rolled.a.dice),
        manyDice: rolls.map((r) => diceJson(r.dice)),
        oneMods: meleeMods(s, one, many, poolOne),
        manyMods: many.map((g, i) => meleeMods(s, g, [one], pools[i])),
        oneScore: scoreOne,
        manyScore: bestScore,
        margin: Math.abs(margin),
        winner: winner >= 0 ? sc.figures[winner].id : null,
        loser: loser >= 0 ? sc.figures[loser].id : null,
        pick,
        effect,
      });
    }
    if (loser < 0 || effect === null) continue;
    s.wonMelee[s.unitOf[winner]] = 1;
    applyMeleeEffect(s, loser, winner, effect, ctx);
  }
}

function applyMeleeEffect(s: SowState, loser: number, winner: number, effect: string, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  if (effect === 'PB' || effect === 'PBW') pushBack(s, loser, winner, ctx);
  if (effect === 'DMT' || effect === 'DMTW') {
    s.mounted[loser] = 0;
    s.horse[loser] = 0;
    s.counters[C.dismounts]++;
    // DMT: "horse flees, rider now on foot. Suffers wound on 5+ (D6)"; DMT+W is that and a wound [W23].
    const face = roll(ctx.rng, 6);
    const fall = face >= DMT_WOUND_ON;
    const plus = effect === 'DMTW';
    ctx.emit?.({ e: 'unhorsed', turn: s.turn, figure: sc.figures[loser].id, die: 'd6', face, wounded: fall, plusWound: plus });
    if (fall) injure(s, loser, 'wound', 'fall', ctx);
    if (plus) injure(s, loser, 'wound', 'melee', ctx);
    return;
  }
  if (effect === 'PBW' || effect === 'W') injure(s, loser, 'wound', 'melee', ctx);
  else if (effect === 'D') injure(s, loser, 'disabled', 'melee', ctx);
  else if (effect === 'K') injure(s, loser, 'killed', 'melee', ctx);
}

/** P/B: the loser goes back 2 cm from the winner, with unengaged friends just behind him [W23]. */
function pushBack(s: SowState, loser: number, winner: number, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  const dx = s.x[loser] - s.x[winner];
  const dy = s.y[loser] - s.y[winner];
  const l = Math.hypot(dx, dy) || 1;
  const ux = (dx / l) * PUSH_BACK;
  const uy = (dy / l) * PUSH_BACK;
  const side = sc.figures[loser].side;
  // Friends behind: within a base and 1 cm behind the loser in the push direction, not engaged.
  const behind: number[] = [];
  for (const g of sc.sides[side].figures) {
    if (g === loser || s.status[g] !== ON || engaged(s, g)) continue;
    const px = s.x[g] - s.x[loser];
    const py = s.y[g] - s.y[loser];
    const along = (px * dx + py * dy) / l;
    if (along > 0 && dist(s.x[g], s.y[g], s.x[loser], s.y[loser]) <= 2 * sc.radius + 1) behind.push(g);
  }
  const moving = [loser, ...behind];
  const ignore = new Set(moving);
  const ok = moving.every((g) => {
    const x = s.x[g] + ux;
    const y = s.y[g] + uy;
    if (!sc.table.isFree(x, y) || fenceCrossing(sc, s.x[g], s.y[g], x, y)) return false;
    for (let h = 0; h < s.x.length; h++) {
      if (ignore.has(h) || !onTableStatus(s.status[h])) continue;
      if (dist(x, y, s.x[h], s.y[h]) < 2 * sc.radius - 1e-6) return false;
    }
    return true;
  });
  if (!ok) {
    ctx.emit?.({ e: 'push', turn: s.turn, figure: sc.figures[loser].id, moved: [], by: [0, 0], blocked: true });
    return;
  }
  for (const g of moving) {
    s.x[g] += ux;
    s.y[g] += uy;
    s.climbed[g] = 0;
  }
  s.counters[C.pushBacks]++;
  ctx.emit?.({
    e: 'push',
    turn: s.turn,
    figure: sc.figures[loser].id,
    moved: moving.map((g) => sc.figures[g].id),
    by: [r2(ux), r2(uy)],
    blocked: false,
  });
}
