/**
 * The scripted policy's position potential (src/rules/escarmouche/policy.ts): what standing at a
 * place is worth to a figure — objectives, the main objective's pull, enemies it can beat or strike
 * first, sight and cover for shooters, the gun on its hill — measured in base widths; and what the
 * figures still to act could do this turn.
 */
import type { EscState } from './state.js';
import { atZoc, centreDist, onObjective, sees } from './queries.js';
import { fightContact } from './fighting.js';
import { K, lateness } from './policy-risk.js';
import { type MarshalReckoning, memo, memoFor } from './policy-memo.js';

/** True when `f` sees an enemy in play (as `visibleEnemies(s, f).length > 0`, without the list). */
export function seesAnEnemy(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && sees(s, f, e)) return true;
  return false;
}

/** True when `f` sees an enemy in play with a missile weapon. */
export function seesAnEnemyShooter(s: EscState, f: number): boolean {
  const sc = s.sc;
  for (const e of sc.sides[1 - sc.figures[f].side].figures)
    if (s.wounds[e] > 0 && sc.figures[e].missile !== null && sees(s, f, e)) return true;
  return false;
}

/** True when `f` stands at an enemy's zone of control (as `zocEnemies(s, f).length > 0`, without the list). */
export function atAnEnemysZoc(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && atZoc(s, f, e)) return true;
  return false;
}

/**
 * True when `f` could fight enemy `e` (in play) from where it stands: `e` at its zone of control and
 * base contact reachable ([E40b]: a fight is offered only then — not across a wall or a friend's
 * base, nor by a prone figure not touching it). The contact is looked for only at a ZOC (cheap
 * otherwise); it is one straight slide unless that slide is blocked.
 */
export function canFight(s: EscState, f: number, e: number): boolean {
  return atZoc(s, f, e) && fightContact(s, f, e) !== null;
}

/** True when `f` could fight some enemy from where it stands ({@link canFight}). */
export function canFightAny(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && canFight(s, f, e)) return true;
  return false;
}

/** What the side's figures that have not acted yet could still do this turn (rough). */
export function restValue(s: EscState, except: number): number {
  const sc = s.sc;
  let v = 0;
  for (const g of sc.sides[sc.figures[except].side].figures) {
    if (g === except || s.wounds[g] === 0 || s.acted[g]) continue;
    v += K.restBase;
    if (sc.figures[g].missile && seesAnEnemy(s, g)) v += K.restShot;
    if (canFightAny(s, g)) v += K.restZoc;
  }
  return v;
}

/** The objective worth most (the first of equal worth), or −1 when the scenario has none. */
export function mainObjective(s: EscState): number {
  const objs = s.sc.objectives;
  let best = -1;
  for (let i = 0; i < objs.length; i++) if (best < 0 || objs[i].value > objs[best].value) best = i;
  return best;
}

/**
 * Position potential of figure `f` if it stood at (x, y) (higher is better); distances are in base
 * widths. The figure is moved there in the state for the reckoning and put back.
 */
export function potential(s: EscState, f: number, x: number, y: number): number {
  if (x === s.x[f] && y === s.y[f]) return potentialAtOwnPlace(s, f);
  const ox = s.x[f];
  const oy = s.y[f];
  s.x[f] = x;
  s.y[f] = y;
  try {
    return potentialHere(s, f);
  } finally {
    s.x[f] = ox;
    s.y[f] = oy;
  }
}

/**
 * {@link potential} of `f` where its move toward destination `key` ends (`to`, that move's end),
 * memoised for the state being scored: a pick reckons every action of a figure twice (its prospect
 * and its opportunity), and the potential does not depend on the risk reckoned after it.
 */
export function potentialToward(s: EscState, f: number, key: string, to: { readonly x: number; readonly y: number }): number {
  memoFor(s);
  let m = memo.toward[f];
  if (memo.towardStamp[f] !== memo.stamp || m === undefined) {
    m = new Map();
    memo.toward[f] = m;
    memo.towardStamp[f] = memo.stamp;
  }
  let v = m.get(key);
  if (v === undefined) {
    v = potential(s, f, to.x, to.y);
    m.set(key, v);
  }
  return v;
}

/** {@link potentialHere} of `f` where it stands, memoised for the state being scored. */
export function potentialAtOwnPlace(s: EscState, f: number): number {
  memoFor(s);
  if (memo.hereStamp[f] === memo.stamp) return memo.here[f];
  const v = potentialHere(s, f);
  memo.here[f] = v;
  memo.hereStamp[f] = memo.stamp;
  return v;
}

export function potentialHere(s: EscState, f: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  const bw = sc.zoc;
  let v = 0;
  const late = lateness(s);
  // The enemies in play (in side order) and how many of them stand at the figure's ZOC; written
  // as loops over the side's list (no filtered arrays or closures per call: this runs for every
  // move the script weighs).
  const foes = sc.sides[1 - info.side].figures;
  let atZ = 0;
  for (const e of foes) if (s.wounds[e] > 0 && atZoc(s, f, e)) atZ++;
  // An objective is held by the first figure there: more figures add little unless it is contested.
  const objs = sc.objectives;
  for (let i = 0; i < objs.length; i++) {
    const o = objs[i];
    if (!onObjective(s, f, i)) continue;
    let friends = 0;
    let others = 0;
    for (const g of sc.figures) {
      if (g.index === f || s.wounds[g.index] === 0 || !onObjective(s, g.index, i)) continue;
      if (g.side === info.side) friends++;
      else others++;
    }
    if (friends === 0) v += 0.35 * o.value * late * (others > 0 ? 0.6 : 1);
    else v += (others > 0 ? 0.15 : 0.05) * o.value * late;
  }
  const main = mainObjective(s);
  const toMain = main < 0 ? 0 : Math.min(40, Math.sqrt((s.x[f] - objs[main].centre.x) ** 2 + (s.y[f] - objs[main].centre.y) ** 2) / bw);
  if (info.missile?.key === 'cannon')
    return v - 0.03 * Math.min(40, Math.sqrt((s.x[f] - info.start.x) ** 2 + (s.y[f] - info.start.y) ** 2) / bw);
  if (info.missile && !info.hasPike && info.leader === 0 && !info.mounted) {
    let seen = 0;
    for (const e of foes) if (s.wounds[e] > 0 && sees(s, f, e)) seen++;
    v += 0.07 * Math.min(3, seen) + (sc.table.coverAt(s.x[f], s.y[f]) ? 0.08 : 0) - 0.004 * toMain;
    v -= 0.12 * atZ;
    return v;
  }
  // Melee figures and leaders: to the main objective, and at enemies they can beat.
  v -= (info.leader > 0 ? K.main / 2 : K.main) * toMain;
  let nearest = Infinity;
  for (const e of foes) {
    if (s.wounds[e] === 0) continue;
    const E = sc.figures[e];
    const bad = info.mounted && E.hasPike && s.disarmed[e] === 0;
    if (bad) continue;
    nearest = Math.min(nearest, centreDist(s, f, e) / bw);
  }
  if (Number.isFinite(nearest)) v -= (info.missile && info.leader === 0 && !info.mounted ? 0.01 : K.near) * Math.min(40, nearest);
  // First strike (horse against foot without a usable pike, a usable pike against horse) makes a
  // fight nearly free: such enemies draw the figure on.
  {
    let fsNearest = Infinity;
    for (const e of foes) if (s.wounds[e] > 0 && strikesFirst(s, f, e)) fsNearest = Math.min(fsNearest, centreDist(s, f, e) / bw);
    if (Number.isFinite(fsNearest)) v -= K.fsNear * Math.min(40, fsNearest);
  }
  let beatable = 0;
  for (const e of foes) {
    if (s.wounds[e] === 0 || !canFight(s, f, e)) continue;
    if (info.mounted && sc.figures[e].hasPike && s.disarmed[e] === 0) beatable -= 0.4;
    else {
      beatable += (strikesFirst(s, f, e) ? 0.3 : 0.12) * (4 - Math.min(3, s.wounds[e])) * 0.5;
      // Outnumbering: friends already at this enemy's ZOC would fight beside the figure.
      let friends = 0;
      for (const g of sc.sides[info.side].figures) if (g !== f && s.wounds[g] > 0 && atZoc(s, g, e)) friends++;
      beatable += K.gang * Math.min(2, friends);
    }
  }
  return v + beatable - 0.08 * Math.max(0, atZ - 1);
}

/** True when `f` would strike enemy `e` first: horse against foot without a usable pike, a usable pike against horse. */
export function strikesFirst(s: EscState, f: number, e: number): boolean {
  const info = s.sc.figures[f];
  const E = s.sc.figures[e];
  if (info.mounted) return !E.mounted && !(E.hasPike && s.disarmed[e] === 0);
  return info.hasPike && s.disarmed[f] === 0 && E.mounted;
}

/** {@link MarshalReckoning.terms}, made once. */
export function marshalTerms(s: EscState, r: MarshalReckoning): number[] {
  if (r.terms) return r.terms;
  const terms: number[] = [];
  for (let i = 1; i < r.plan.length; i++) {
    const l = r.plan[i];
    terms.push(potential(s, l.figure, l.to.x, l.to.y) - potential(s, l.figure, l.from.x, l.from.y) - 0.05);
  }
  r.terms = terms;
  return terms;
}
