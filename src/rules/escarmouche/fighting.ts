/**
 * FIGHTING and the special fights (gang fights, massed pike, pike fencing): the attacker's free
 * move into base contact ([E40], [E40b]), the dice of a fight, its roll, first strike ([E46],
 * [E47]), the Fighting Effects and the separation of the combatants afterwards ([E40]).
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { type Vec, dist } from '../../core/geometry.js';
import { type StraightMove, inBaseContact, straightMove } from '../../core/table/index.js';
import { C, type EscState } from './state.js';
import { centreDist, figureView, friendsAtZocOf, gap, pikeArmed, pikeSupporters, pt, setPlace } from './queries.js';
import { combatInitiative, endFigure } from './initiative.js';
import { applyEffect } from './effects.js';
import { type Effect, NO_EFFECT, countOnes, d6s, fightingEffect, opposed, score } from './tables.js';

/** How a fight is joined: alone; with every friend at the defender's zone of control; massed pike; inside the pikes. */
export type FightMode = 'alone' | 'all' | 'massed' | 'close';

/**
 * Shortest push-back or step apart made (table unit): two thousandths,
 * so that every change of place made (which leaves cover, [E24]) shows in the record's places,
 * rounded to thousandths. A shorter slide is not made.
 */
const MIN_SHIFT = 2e-3;

/** How the attacker came into base contact ([E40], [E40b]; Records). */
export type ContactHow = 'straight' | 'aside' | 'touching';

/** The attacker's free move into base contact: where it ends (null: no move) and how. */
export interface FightContact {
  to: Vec | null;
  how: ContactHow;
}

/** Contact points tried round the defender when the straight slide is blocked: every 5°, nearest the straight line first. */
const CONTACT_STEPS = 36;

/**
 * FIGHTING: "Move the attacker into base contact as a free action" ([E40], [E40b]). No move when
 * the attacker already touches the defender; null (no fight) when it lies prone and does not touch
 * it ([E17]: it cannot move). Otherwise it slides straight
 * to the defender's base; if that slide is blocked (by another base, impassable ground or the table
 * edge), it is placed in base contact beside it: the first point touching the defender's base, every
 * 5° round it starting from the straight line, that is free and that it reaches by a straight slide
 * ("rearrange them so it becomes clear"). Null when no such point exists: then there is no base
 * contact, and "once in base contact the attacker rolls" — the fight is not offered.
 */
export function fightContact(s: EscState, a: number, d: number): FightContact | null {
  const sc = s.sc;
  const touch = 2 * sc.radius;
  const tol = 1e-6;
  const view = figureView(s);
  if (inBaseContact(view, a, d, tol)) return { to: null, how: 'touching' };
  // A Cowered attacker cannot move into contact (standing needs a developing action, [E17]), so it
  // fights only an enemy its base already touches (since 2.1.0; before, from up to a base width).
  if (s.cowered[a]) return null;
  const dx = s.x[d];
  const dy = s.y[d];
  const m = straightMove(sc.table, view, a, { x: dx, y: dy });
  if (dist(m.to.x, m.to.y, dx, dy) <= touch + tol) return { to: m.to, how: 'straight' };
  const base = Math.atan2(s.y[a] - dy, s.x[a] - dx);
  for (let k = 1; k <= CONTACT_STEPS; k++) {
    for (const sign of k === CONTACT_STEPS ? [1] : [1, -1]) {
      const ang = base + (sign * k * Math.PI) / CONTACT_STEPS;
      const tx = dx + touch * Math.cos(ang);
      const ty = dy + touch * Math.sin(ang);
      if (!sc.table.roundFree(tx, ty)) continue;
      const full = dist(s.x[a], s.y[a], tx, ty);
      const c = straightMove(sc.table, view, a, { x: tx, y: ty });
      if (c.length >= full - tol && dist(c.to.x, c.to.y, dx, dy) <= touch + tol) return { to: c.to, how: 'aside' };
    }
  }
  return null;
}

/** Everything about a fight that is settled before the dice are rolled. */
export interface FightSetup {
  /** The attacking side's figures in the fight (the attacker first). */
  attackers: number[];
  /** The defending side's figures in the fight (the defender first). */
  defenders: number[];
  /** Outnumbering bonus dice of the attacker and of the defender. */
  outnumber: [number, number];
  /** Massed pike bonus dice of the attacker and of the defender; the supporting pikemen who use their turn attacking. */
  massed: [number, number];
  spent: number[];
  /** Factors that replaced the attacker's active dice by passive ones (one entry per die). */
  factors: string[];
  /** Attacker's active and passive dice after replacements and skill; passive dice its skill turned active. */
  active: number;
  passive: number;
  skill: number;
  /** Dice the defender rolls: its rating or fighting skill, plus bonuses. */
  defence: number;
  /** The defender's base dice (rating or skill). */
  defBase: number;
  /** The principal whose side has first strike (pike vs cavalry, horse vs foot; [E46]), or −1. */
  firstStrike: number;
}

/**
 * FIGHTING: the dice of a fight started by `a` against `d` (at its zone of control) with `mode`,
 * pool `pool`, from where the figures stand before the attacker's free move into base contact.
 * Fights are one against one, several against one (`all`: the attacker draws in every friend at the
 * defender's zone of control; `massed`: also the pikemen in base contact with it) or one against
 * several (a lone attacker draws in the defender's friends at the attacker's zone of control). The
 * side with more figures gets one active die per other friendly figure; supporting pikemen give
 * their massed-pike die instead (each figure adds one die, never two). Passive dice replace the
 * attacker's active dice for a defender uphill (standing on higher ground), a defender in cover, a
 * Disarmed (weaponless) attacker and each Shaken marker of the attacker.
 */
export function fightSetup(s: EscState, a: number, d: number, mode: FightMode, pool: number): FightSetup {
  const sc = s.sc;
  const A = sc.figures[a];
  const D = sc.figures[d];
  const close = mode === 'close';
  const spent = mode === 'massed' ? pikeSupporters(s, a, true) : [];
  const others = mode === 'all' || mode === 'massed' ? friendsAtZocOf(s, a, d).filter((g) => !spent.includes(g)) : [];
  const attackers = [a, ...spent, ...others];
  const defenders = attackers.length >= 2 ? [d] : [d, ...friendsAtZocOf(s, d, a)];
  const outnumber: [number, number] = [
    attackers.length > defenders.length ? attackers.length - 1 - spent.length : 0,
    defenders.length > attackers.length ? defenders.length - 1 : 0,
  ];
  const massedDef = !close && A.mounted && pikeArmed(s, d) ? pikeSupporters(s, d, false).filter((g) => !defenders.includes(g)).length : 0;
  const massed: [number, number] = [spent.length, massedDef];
  let active = pool + 1 + outnumber[0] + massed[0];
  const factors: string[] = [];
  // Defender uphill: it stands on higher ground than the attacker (the table's heights).
  if (sc.table.heightAt(s.x[d], s.y[d]) > sc.table.heightAt(s.x[a], s.y[a])) factors.push('defender uphill');
  if (s.cover[d]) factors.push('defender in cover');
  if (s.disarmed[a]) factors.push('attacker weaponless');
  for (let i = 0; i < s.shaken[a]; i++) factors.push('attacker shaken');
  const replaced = Math.min(active, factors.length);
  active -= replaced;
  let passive = replaced;
  const pa = !close && pikeArmed(s, a);
  const pd = !close && pikeArmed(s, d);
  const skillA = Math.max(A.fighter, pa ? A.pike : 0, A.mounted ? A.rider : 0);
  const skill = Math.min(skillA, passive);
  passive -= skill;
  active += skill;
  const defBase = Math.max(D.rating, D.fighter, pd ? D.pike : 0, D.mounted ? D.rider : 0);
  // First strike ([E46]): between a horseman and a foot figure (the two who began the fight), the
  // foot side strikes first if a figure on it in the fight has a usable pike ("A Pikeman always
  // gets first strike"), otherwise the horseman ("against any infantry that are not armed with pikes").
  let firstStrike = -1;
  if (A.mounted && !D.mounted) firstStrike = !close && pikeAmong(s, defenders) ? d : a;
  else if (!A.mounted && D.mounted) firstStrike = !close && pikeAmong(s, attackers) ? a : d;
  return {
    attackers,
    defenders,
    outnumber,
    massed,
    spent,
    factors,
    active,
    passive,
    skill,
    defence: defBase + outnumber[1] + massed[1],
    defBase,
    firstStrike,
  };
}

/** True when a foot figure among `figs` has a usable pike (first strike, [E46]); a loop, not a closure per fight. */
function pikeAmong(s: EscState, figs: readonly number[]): boolean {
  for (const g of figs) if (!s.sc.figures[g].mounted && pikeArmed(s, g)) return true;
  return false;
}

/** Roll and resolve one round of fighting; applies the Fighting Effects to the loser. */
export function resolveFight(
  s: EscState,
  a: number,
  d: number,
  mode: FightMode,
  pool: number,
  interrupt: boolean,
  ctx: StepContext<EscEvent>,
): void {
  const sc = s.sc;
  const A = sc.figures[a];
  const D = sc.figures[d];
  const fs = fightSetup(s, a, d, mode, pool);
  // "Move the attacker into base contact as a free action" (a prone attacker fights where it lies).
  const reach = fightContact(s, a, d);
  if (!reach) throw new Error(`${A.id} cannot come into base contact with ${D.id} (the fight should not have been offered)`);
  let contact: [number, number] | null = null;
  if (reach.to) {
    setPlace(s, a, reach.to.x, reach.to.y);
    contact = pt(reach.to.x, reach.to.y);
  }
  const act = d6s(ctx.rng, fs.active);
  const pas = d6s(ctx.rng, fs.passive);
  const def = d6s(ctx.rng, fs.defence);
  const sa = score(act);
  const sd = score(def);
  const o = opposed(sa, sd, A.rating, D.rating);
  const winner = o.winner === 'a' ? a : o.winner === 'd' ? d : -1;
  const loser = winner === a ? d : winner === d ? a : -1;
  // First strike (pike vs cavalry, horse vs foot) holds for the first round between the two in the
  // attacker's turn; it stays while the other party attacks and fails to win a round.
  const fsApplies = fs.firstStrike >= 0 && (interrupt || s.fsBeat[d] === 0);
  let ignored = false;
  if (fsApplies && winner >= 0 && winner !== fs.firstStrike) {
    ignored = true;
    s.counters[C.firstStrikeIgnored]++;
  }
  if (fsApplies && !interrupt && (fs.firstStrike === a || winner === a)) s.fsBeat[d] = 1;
  const eff = winner >= 0 && !ignored ? fightingEffect(o.diff) : NO_EFFECT;
  const pikeVsPike = mode !== 'close' && pikeArmed(s, a) && pikeArmed(s, d);
  if (!interrupt && winner === a && pikeVsPike && !ignored) s.fenceBeat = d;
  for (const g of fs.spent) s.acted[g] = 1;
  s.counters[C.fights]++;
  if (fs.attackers.length > 1 || fs.defenders.length > 1) s.counters[C.gangFights]++;
  if (mode === 'massed' || fs.massed[1] > 0) s.counters[C.massedPike]++;
  if (mode === 'close') s.counters[C.pikeFencing]++;
  if (fs.factors.includes('defender uphill')) s.counters[C.uphill]++;
  if (sa === sd) s.counters[C.ties]++;
  const ones = countOnes(act, pas);
  const init = combatInitiative(s, ones, interrupt);
  ctx.emit?.({
    e: 'fight',
    turn: s.turn,
    figure: A.id,
    target: D.id,
    mode,
    contact,
    contactHow: reach.how,
    attackers: fs.attackers.map((g) => sc.figures[g].id),
    defenders: fs.defenders.map((g) => sc.figures[g].id),
    spent: fs.spent.map((g) => sc.figures[g].id),
    pool,
    outnumber: fs.outnumber,
    massed: fs.massed,
    factors: fs.factors,
    skill: fs.skill,
    active: act,
    passive: pas,
    score: sa,
    defBase: fs.defBase,
    defence: def,
    defScore: sd,
    ratings: [A.rating, D.rating],
    winner: winner >= 0 ? sc.figures[winner].id : null,
    loser: loser >= 0 ? sc.figures[loser].id : null,
    diff: o.diff,
    firstStrike: fsApplies ? sc.figures[fs.firstStrike].id : null,
    ignored,
    effect: eff.name,
    hits: eff.hits,
    ones,
    init,
    interrupt,
  });
  if (loser >= 0) applyEffect(s, loser, eff, ctx);
  // A win that first strike ignores has no effect, so it separates as a stand-off does: the
  // attacker steps back first and the winner keeps its place — its cover, an objective ([E40], [E47];
  // since 2.1.0, a re-reading of the records: before, the winner gave ground for a win that counted
  // for nothing).
  separate(s, fs, ignored ? -1 : winner, loser, eff, ctx);
  if (init === 'figure' || init === 'side') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
}

/**
 * What stopped a push-back or step short ([E40]; Records): the table edge, an impassable area (its
 * id), a figure's base (its id), or — for a principal stepping away from a drawn-in figure — the zone
 * of control of another figure of that side in the fight (its id).
 */
export interface ShiftBlock {
  blockedBy: 'table edge' | 'impassable' | 'figure' | 'zone of control';
  blocker: string | null;
}

/**
 * What stopped a push-back or step ({@link shiftAway}): what its straight slide `m` says stopped it —
 * the table edge, the impassable area its round base touches, the base it touches, or the figure at
 * whose zone of control it stopped. Since 2.3.0 (issue 38): before, the blocker was looked for
 * afresh by a probe a hundredth of a base width further on, which missed a base touched at a
 * glancing angle or a slide too short to make and then named the nearest building on the table.
 */
function shiftBlock(s: EscState, m: StraightMove): ShiftBlock {
  const sc = s.sc;
  if (m.stop === 'keepOff' && m.figure >= 0) return { blockedBy: 'zone of control', blocker: sc.figures[m.figure].id };
  if (m.stop === 'figure' && m.figure >= 0) return { blockedBy: 'figure', blocker: sc.figures[m.figure].id };
  if (m.stop === 'blocked') return m.area ? { blockedBy: 'impassable', blocker: m.area.id } : { blockedBy: 'table edge', blocker: null };
  // A slide that reached its target is not blocked (shiftAway asks only when it fell short).
  return { blockedBy: 'impassable', blocker: null };
}

/**
 * Move figure `f` straight away from figure `from` by `want` (as far as bases, impassable ground and
 * the table edge let it; terrain does not stop it; with `keepOffFrom`, also not within a zone of
 * control of those figures). Every push-back or step asked for is recorded as one `shift` event, also
 * when nothing moves: `want` the distance asked, `blocked` when it fell short, and then what stopped
 * it (Records). Returns the distance moved.
 */
function shiftAway(
  s: EscState,
  f: number,
  from: number,
  want: number,
  why: 'pushed' | 'apart',
  ctx: StepContext<EscEvent>,
  keepOffFrom?: number[],
): number {
  const d = centreDist(s, f, from);
  if (d < 1e-9 || want < MIN_SHIFT) return 0;
  const sc = s.sc;
  const ux = (s.x[f] - s.x[from]) / d;
  const uy = (s.y[f] - s.y[from]) / d;
  const opts = keepOffFrom && keepOffFrom.length > 0 ? { keepOffFrom, keepOff: 2 * sc.radius + sc.zoc } : {};
  const m = straightMove(sc.table, figureView(s), f, { x: s.x[f] + ux * want, y: s.y[f] + uy * want }, opts);
  const before = pt(s.x[f], s.y[f]);
  // A slide shorter than MIN_SHIFT is not made (the record's places are in thousandths).
  const moved = m.length >= MIN_SHIFT ? m.length : 0;
  if (moved > 0) setPlace(s, f, m.to.x, m.to.y);
  const blocked = m.stop !== 'target' || moved === 0;
  const block: ShiftBlock | { blockedBy: null; blocker: null } = blocked ? shiftBlock(s, m) : { blockedBy: null, blocker: null };
  ctx.emit?.({
    e: 'shift',
    turn: s.turn,
    figure: sc.figures[f].id,
    why,
    from: before,
    to: pt(s.x[f], s.y[f]),
    want: Math.round(want * 1000) / 1000,
    blocked,
    blockedBy: block.blockedBy,
    blocker: block.blocker,
  });
  return moved;
}

/**
 * After a round of fighting: the loser of a result that pushes back is moved "a base-width away"
 * from the winner, straight back; then "all combatants are separated by their ZOC (a base width)"
 * ([E40]): where the attacker and the defender still stand closer than a base width (the push was
 * blocked, or nobody lost, or a first strike ignored the win), the winner (the attacker when nobody
 * won) steps straight back the rest of the way; if something stops it, the other principal steps
 * straight back from it for what is left. Each figure drawn in then steps back from the opposing
 * principal to a base width; if it is stopped, that principal steps away from it instead, but never
 * into the zone of control of another figure of the drawn-in figure's side in the fight. Only when
 * both are stopped do two combatants end closer than a base width (counted as `apartBlocked`).
 */
function separate(s: EscState, fs: FightSetup, winner: number, loser: number, eff: Effect, ctx: StepContext<EscEvent>): void {
  const zoc = s.sc.zoc;
  const a = fs.attackers[0];
  const d = fs.defenders[0];
  if (loser >= 0 && eff.pushed && s.wounds[loser] > 0) {
    const moved = shiftAway(s, loser, winner, zoc, 'pushed', ctx);
    if (moved < zoc - 1e-6) s.counters[C.pushBlocked]++;
  }
  const short = (f: number, from: number): number => zoc - gap(s, f, from);
  const apart = (f: number, from: number, keep: number[] | undefined): void => {
    if (s.wounds[f] === 0 || s.wounds[from] === 0 || short(f, from) < MIN_SHIFT) return;
    shiftAway(s, f, from, short(f, from), 'apart', ctx);
    if (short(f, from) >= MIN_SHIFT) shiftAway(s, from, f, short(f, from), 'apart', ctx, keep);
    if (short(f, from) >= MIN_SHIFT) s.counters[C.apartBlocked]++;
    else s.counters[C.separated]++;
  };
  if (winner >= 0) apart(winner, winner === a ? d : a, undefined);
  else apart(a, d, undefined);
  const inPlay = (g: number) => s.wounds[g] > 0;
  for (const g of fs.attackers.slice(1))
    apart(
      g,
      d,
      fs.attackers.filter((h) => h !== g && inPlay(h)),
    );
  for (const h of fs.defenders.slice(1))
    apart(
      h,
      a,
      fs.defenders.filter((g) => g !== h && inPlay(g)),
    );
}
