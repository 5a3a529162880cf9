/**
 * The scripted Escarmouche policy, both sides, as a score per legal action (the agent plays the
 * best; search agents may use the scores as a prior).
 *
 * Every action is scored as its expected gain minus the cost of the risk its roll carries:
 *   gain  — from the exact odds of the opposed roll (tables.duelOdds) and a value per effect
 *           (hits weighted by the target's rating and wounds left, markers a little), or from a
 *           position potential for moves (melee figures make for the main objective and for enemies
 *           they can beat, shooters for sight of the enemy and cover, the gun keeps its hill;
 *           objectives weigh more late), measured on the table in base widths;
 *   risk  — the chance the roll ends the side's turn (two 1s, or any 1 once the side has had one)
 *           times what the figures still to act could do, plus the chance it ends this figure's
 *           turn times a small continuation value.
 * "End the figure's turn" scores 0, so a figure stops as soon as nothing it could do is worth the
 * risk — the push-your-luck judgement of PLAY. Figures are picked best opportunity first and
 * big-dice actions (the gun) last, because a second 1 ends the side's turn — except that before
 * the side's first 1 a figure whose best action rolls one die (a first-strike fight, a make-ready:
 * a roll that cannot end the side's turn) goes first; the side passes only when no figure has
 * anything worth doing even leaving that risk aside (passing forfeits those figures' turns for
 * certain). A move that ends at an enemy's ZOC is a charge, worth the attack it
 * allows with the pool the figure has; readying counts charges as attacks to come. A fight counts
 * only where the rules offer it — at an enemy's ZOC with base contact reachable ([E40b]) — and a
 * marshal's roll is reckoned as the rules roll it: the friends that can go that way, the worst
 * terrain any mover goes through ([E26], [E26b]; since 2.2.0). First strike
 * (horse against foot, pike against horse) draws a figure on, and a friend already at an enemy's
 * ZOC makes standing there worth more (outnumbering).
 */
import {
  type EscAction,
  type MarshalLine,
  type MoveOption,
  atZoc,
  centreDist,
  fightContact,
  fightSetup,
  legalActions,
  MARSHAL_MAX,
  marshalFollowers,
  marshalPlan,
  moveOption,
  onObjective,
  sees,
  shotDice,
  visibleEnemies,
  volleyHelpers,
} from './engine.js';
import { PH_ACT, PH_INT, PH_PICK, cloneState, type EscState } from './state.js';
import { type Effect, duelOdds, fightingEffect, shootingEffect, terrainDice } from './tables.js';

/** Hurting a figure that stands on an objective counts for more, the more so late in the game: the weight (0 off objectives). */
function objectiveWeight(s: EscState, t: number): number {
  const sc = s.sc;
  let standsOnOne = false;
  for (let i = 0; i < sc.objectives.length && !standsOnOne; i++) standsOnOne = onObjective(s, t, i);
  return standsOnOne ? 0.3 + 1.5 * lateness(s) : 0;
}

/** Value (in "average figures") of `eff` landing on figure `t`, whose {@link objectiveWeight} is `onObj` (reckoned once per attack, not per outcome). */
function effectValueOn(s: EscState, t: number, eff: Effect, onObj: number): number {
  const sc = s.sc;
  const info = sc.figures[t];
  const worth = (info.rating / 3) * (1 + onObj);
  let v = 0;
  if (eff.hits > 0) {
    const left = s.wounds[t];
    v += (Math.min(eff.hits, left) / info.wounds) * worth;
    if (eff.hits >= left) v += 0.4 * worth;
  }
  v += eff.shaken * 0.12;
  if (eff.cowered && !s.cowered[t]) v += 0.2;
  if (eff.disarmed && !s.disarmed[t]) v += info.hasPike ? 0.25 : 0.15;
  if (eff.pushed) v += (s.cover[t] ? 0.1 : 0.02) + (onObj > 0 ? K.push * onObj : 0);
  return v;
}

/**
 * Weights of the script (hand-set against Mill Bridge, heuristic v heuristic, issue 19): what each
 * not-yet-acted figure is assumed to be worth to its side this turn, the pull of the main objective
 * and of the nearest enemy (per base width), the pull of an enemy the figure would strike first
 * (per base width), the worth of a friend already at the same enemy's ZOC (outnumbering), and the
 * worth of pushing a figure off an objective (times its objective weight).
 */
const K = { restBase: 0.12, restShot: 0.25, restZoc: 0.2, main: 0.012, near: 0.025, fsNear: 0.04, gang: 0.2, push: 0.3 } as const;
const ODDS = new Map<number | string, ReturnType<typeof duelOdds>>();
/**
 * {@link duelOdds}, remembered (a pure function of its arguments; only the ratings' order matters).
 * Keyed by a number when both dice counts are small whole numbers (no string built per call).
 */
function odds(a: number, d: number, ra: number, rd: number): ReturnType<typeof duelOdds> {
  const sign = Math.sign(ra - rd);
  const key = Number.isInteger(a) && Number.isInteger(d) && a >= 0 && d >= 0 && a < 1024 && d < 1024 ? (a * 1024 + d) * 4 + (sign + 1) : `${a},${d},${sign}`;
  let o = ODDS.get(key);
  if (!o) {
    o = duelOdds(a, d, sign, 0);
    ODDS.set(key, o);
  }
  return o;
}

/** Chances that a roll of `n` dice ends the side's turn and only the figure's turn, given the side's 1s so far. */
function rollRisk(s: EscState, n: number): { side: number; figure: number } {
  rollRiskNow(s, n);
  return { side: RISK_SIDE, figure: RISK_FIGURE };
}

/** Chances of exactly one 1 and of two or more in a roll of n dice, n < RISK_TABLE (the same floats as reckoned per call). */
const RISK_TABLE = 64;
const RISK_ONE = new Float64Array(RISK_TABLE);
const RISK_TWO = new Float64Array(RISK_TABLE);
for (let n = 0; n < RISK_TABLE; n++) {
  const none = (5 / 6) ** n;
  const one = n > 0 ? (n / 6) * (5 / 6) ** (n - 1) : 0;
  RISK_ONE[n] = one;
  // Clamped: for one die 1 − 5/6 − 1/6 is −2.8e-17 in floats, not 0, and the pick order's test
  // "this roll cannot end the side's turn" (a chance of exactly 0) never held (found in 2.2.0).
  RISK_TWO[n] = Math.max(0, 1 - none - one);
}

/** {@link rollRisk} written to {@link RISK_SIDE} and {@link RISK_FIGURE} (no object per call; read them at once). */
let RISK_SIDE = 0;
let RISK_FIGURE = 0;
function rollRiskNow(s: EscState, n: number): void {
  let two: number;
  let one: number;
  if (Number.isInteger(n) && n >= 0 && n < RISK_TABLE) {
    two = RISK_TWO[n];
    one = RISK_ONE[n];
  } else {
    const none = (5 / 6) ** n;
    one = n > 0 ? (n / 6) * (5 / 6) ** (n - 1) : 0;
    two = Math.max(0, 1 - none - one);
  }
  if (s.ones >= 1) {
    RISK_SIDE = two + one;
    RISK_FIGURE = 0;
  } else {
    RISK_SIDE = two;
    RISK_FIGURE = one;
  }
}

/** The cost of a roll of `dice` dice: the chance it ends the side's turn times (`rest` + `cont`), plus the chance it ends the figure's turn times `cont`. */
function riskCost(s: EscState, dice: number, rest: number, cont: number): number {
  rollRiskNow(s, dice);
  return RISK_SIDE * (rest + cont) + RISK_FIGURE * cont;
}

/** The two ways a lone figure may fight (no array literal per loop). */
const FIGHT_MODES = ['alone', 'all'] as const;

/** What the side's figures that have not acted yet could still do this turn (rough). */
function restValue(s: EscState, except: number): number {
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

/** True when `f` sees an enemy in play (as `visibleEnemies(s, f).length > 0`, without the list). */
function seesAnEnemy(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && sees(s, f, e)) return true;
  return false;
}

/** True when `f` sees an enemy in play with a missile weapon. */
function seesAnEnemyShooter(s: EscState, f: number): boolean {
  const sc = s.sc;
  for (const e of sc.sides[1 - sc.figures[f].side].figures) if (s.wounds[e] > 0 && sc.figures[e].missile !== null && sees(s, f, e)) return true;
  return false;
}

/** True when `f` stands at an enemy's zone of control (as `zocEnemies(s, f).length > 0`, without the list). */
function atAnEnemysZoc(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && atZoc(s, f, e)) return true;
  return false;
}

/**
 * True when `f` could fight enemy `e` (in play) from where it stands: `e` at its zone of control and
 * base contact reachable ([E40b]: a fight is offered only then — not across a wall or a friend's
 * base, nor by a prone figure not touching it). The contact is looked for only at a ZOC (cheap
 * otherwise); it is one straight slide unless that slide is blocked.
 */
function canFight(s: EscState, f: number, e: number): boolean {
  return atZoc(s, f, e) && fightContact(s, f, e) !== null;
}

/** True when `f` could fight some enemy from where it stands ({@link canFight}). */
function canFightAny(s: EscState, f: number): boolean {
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && canFight(s, f, e)) return true;
  return false;
}

/** Objective weight: holding matters more as the game nears its end. */
function lateness(s: EscState): number {
  const t = Math.min(1, s.turn / s.sc.maxTurns);
  return 0.15 + 0.9 * t * t;
}

/** The objective worth most (the first of equal worth), or −1 when the scenario has none. */
function mainObjective(s: EscState): number {
  const objs = s.sc.objectives;
  let best = -1;
  for (let i = 0; i < objs.length; i++) if (best < 0 || objs[i].value > objs[best].value) best = i;
  return best;
}

/**
 * Position potential of figure `f` if it stood at (x, y) (higher is better); distances are in base
 * widths. The figure is moved there in the state for the reckoning and put back.
 */
function potential(s: EscState, f: number, x: number, y: number): number {
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

function potentialHere(s: EscState, f: number): number {
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
  if (info.missile?.key === 'cannon') return v - 0.03 * Math.min(40, Math.sqrt((s.x[f] - info.start.x) ** 2 + (s.y[f] - info.start.y) ** 2) / bw);
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
function strikesFirst(s: EscState, f: number, e: number): boolean {
  const info = s.sc.figures[f];
  const E = s.sc.figures[e];
  if (info.mounted) return !E.mounted && !(E.hasPike && s.disarmed[e] === 0);
  return info.hasPike && s.disarmed[f] === 0 && E.mounted;
}

/** {@link shootingEffect} and {@link fightingEffect} rows, made once per difference (read only). */
const SHOT_EFFECTS: Effect[] = [];
const FIGHT_EFFECTS: Effect[] = [];
function shotEffect(k: number): Effect {
  return SHOT_EFFECTS[k] ?? (SHOT_EFFECTS[k] = shootingEffect(k));
}
function fightEffect(k: number): Effect {
  return FIGHT_EFFECTS[k] ?? (FIGHT_EFFECTS[k] = fightingEffect(k));
}

/** Dice rolled by the attack the last {@link shotGain} or {@link fightGain} reckoned (read it at once). */
let GAIN_DICE = 0;

/** Expected gain of `f` shooting at `t` (with `helpers`, `pool` dice); its dice go to {@link GAIN_DICE}. */
function shotGain(s: EscState, f: number, t: number, helpers: readonly number[], pool: number): number {
  // A lone shot (no helpers) is memoised for the state being scored: it reads no figure's place
  // but the target's, and the script never shoots while it has a figure moved for a reckoning.
  if (helpers.length === 0 && Number.isInteger(pool) && pool >= 0 && pool < 1024 && f < 1024 && t < 1024) {
    memoFor(s);
    if (memo.shotsStamp !== memo.stamp) {
      memo.shotsStamp = memo.stamp;
      memo.shotGain.clear();
      memo.shotDice.clear();
    }
    const key = (f * 1024 + t) * 1024 + pool;
    const g = memo.shotGain.get(key);
    if (g !== undefined) {
      GAIN_DICE = memo.shotDice.get(key) ?? 0;
      return g;
    }
    const gain = shotGainNow(s, f, t, helpers, pool);
    memo.shotGain.set(key, gain);
    memo.shotDice.set(key, GAIN_DICE);
    return gain;
  }
  return shotGainNow(s, f, t, helpers, pool);
}

function shotGainNow(s: EscState, f: number, t: number, helpers: readonly number[], pool: number): number {
  const sc = s.sc;
  const d = shotDice(s, f, t, helpers, pool);
  const o = odds(d.active, sc.figures[t].rating, sc.figures[f].rating, sc.figures[t].rating);
  let gain = 0;
  const onObj = objectiveWeight(s, t);
  for (let k = 0; k < o.win.length; k++) if (o.win[k] > 0) gain += o.win[k] * effectValueOn(s, t, shotEffect(k), onObj);
  GAIN_DICE = d.active + d.passive;
  return gain;
}

/** Expected gain of `f` fighting `t` in `mode` (with `pool` dice); its dice go to {@link GAIN_DICE}. */
function fightGain(s: EscState, f: number, t: number, mode: 'alone' | 'all' | 'massed' | 'close', pool: number, interrupt: boolean): number {
  const sc = s.sc;
  const fs = fightSetup(s, f, t, mode, pool);
  const o = odds(fs.active, fs.defence, sc.figures[f].rating, sc.figures[t].rating);
  const fsApplies = fs.firstStrike >= 0 && (interrupt || s.fsBeat[t] === 0);
  let gain = 0;
  const onObjT = objectiveWeight(s, t);
  const onObjF = objectiveWeight(s, f);
  for (let k = 0; k < o.win.length; k++) {
    if (o.win[k] > 0 && !(fsApplies && fs.firstStrike === t)) gain += o.win[k] * effectValueOn(s, t, fightEffect(k), onObjT);
    if (o.lose[k] > 0 && !(fsApplies && fs.firstStrike === f)) gain -= o.lose[k] * effectValueOn(s, f, fightEffect(k), onObjF);
  }
  if (mode === 'massed') gain -= 0.15 * fs.spent.length;
  GAIN_DICE = fs.active + fs.passive;
  return gain;
}

/**
 * The best attack (shot or fight) figure `f` could make now with `pool` accumulated dice: its
 * gain minus the cost of its roll's risk (−Infinity when it has none).
 */
/** No volley helpers (shared, never written). */
const NO_HELPERS: readonly number[] = [];

function bestAttack(s: EscState, f: number, pool: number, rest: number, fightsOnly = false): number {
  const sc = s.sc;
  let best = -Infinity;
  const foes = sc.sides[1 - sc.figures[f].side].figures;
  if (sc.figures[f].missile && !fightsOnly) {
    for (const t of foes) {
      if (s.wounds[t] === 0 || !sees(s, f, t)) continue;
      const gain = shotGain(s, f, t, NO_HELPERS, pool);
      best = Math.max(best, gain - riskCost(s, GAIN_DICE, rest, 0.08));
    }
  }
  for (const t of foes) {
    if (s.wounds[t] === 0 || !canFight(s, f, t)) continue;
    for (const m of FIGHT_MODES) {
      const gain = fightGain(s, f, t, m, pool, false);
      best = Math.max(best, gain - riskCost(s, GAIN_DICE, rest, 0.08));
    }
  }
  return best;
}

/** The best fight `f` could make (as {@link bestAttack}) if it stood at (x, y) (the state is put back). */
function bestFightAt(s: EscState, f: number, x: number, y: number, pool: number, rest: number): number {
  const ox = s.x[f];
  const oy = s.y[f];
  s.x[f] = x;
  s.y[f] = y;
  try {
    return bestAttack(s, f, pool, rest, true);
  } finally {
    s.x[f] = ox;
    s.y[f] = oy;
  }
}

/** A charge: a move toward an enemy in sight that ends at its zone of control (where the figure could then fight it). */
interface Charge {
  x: number;
  y: number;
  /** Passive dice of the move. */
  dice: number;
}

/** The charges open to `f` now (none when it is prone or already at an enemy's ZOC). */
function charges(s: EscState, f: number): Charge[] {
  const sc = s.sc;
  if (s.cowered[f] || atAnEnemysZoc(s, f)) return [];
  const out: Charge[] = [];
  for (const e of visibleEnemies(s, f)) {
    const opt = memoMoveOption(s, f, `foe:${sc.figures[e].id}`);
    if (!opt || opt.length < 0.1 * sc.radius) continue;
    const ox = s.x[f];
    const oy = s.y[f];
    s.x[f] = opt.to.x;
    s.y[f] = opt.to.y;
    const ok = atZoc(s, f, e);
    s.x[f] = ox;
    s.y[f] = oy;
    if (ok) out.push({ x: opt.to.x, y: opt.to.y, dice: Math.max(opt.dice, sc.figures[f].moveFloor) });
  }
  return out;
}

/**
 * The best charge with `pool` dice: the move's roll must keep the figure's turn (and the side's),
 * then the best fight from where it stops; the move's risk is paid.
 */
function chargeValue(s: EscState, f: number, cs: readonly Charge[], pool: number, rest: number): number {
  let best = -Infinity;
  for (const c of cs) {
    rollRiskNow(s, pool + c.dice);
    const side = RISK_SIDE;
    const figure = RISK_FIGURE;
    const reach = 1 - side - figure;
    const v = reach * Math.max(0, bestFightAt(s, f, c.x, c.y, pool, rest)) - (side * (rest + 0.08) + figure * 0.08);
    best = Math.max(best, v);
  }
  return best;
}

/**
 * Work shared by the scoring of one state within one call of the script: the figures' potentials
 * where they stand, their move lines by destination key, the actor's followers and what each
 * follower's part of a marshal is worth. Valid while that state is not changed: the public scoring
 * functions forget it on entry and on return (the script itself only moves a figure for a
 * reckoning and puts it back, and asks no memoised thing while one is moved).
 */
const memo = {
  state: null as EscState | null,
  stamp: 0,
  hereStamp: [] as number[],
  here: [] as number[],
  movesStamp: [] as number[],
  moves: [] as Map<string, MoveOption | null>[],
  followersStamp: [] as number[],
  followers: [] as number[][],
  marshalStamp: [] as number[],
  marshal: [] as Map<string, MarshalReckoning>[],
  shotsStamp: 0,
  shotGain: new Map<number, number>(),
  shotDice: new Map<number, number>(),
};

/** Start using the memo for state `s` (forgetting what it held for another state). */
function memoFor(s: EscState): void {
  if (memo.state !== s) {
    memo.state = s;
    memo.stamp++;
  }
}

/** Forget the memo (on entry to and return from the public scoring functions). */
function forgetMemo(): void {
  memo.state = null;
  memo.stamp++;
}

/** {@link potentialHere} of `f` where it stands, memoised for the state being scored. */
function potentialAtOwnPlace(s: EscState, f: number): number {
  memoFor(s);
  if (memo.hereStamp[f] === memo.stamp) return memo.here[f];
  const v = potentialHere(s, f);
  memo.here[f] = v;
  memo.hereStamp[f] = memo.stamp;
  return v;
}

/** {@link moveOption}, memoised for the state being scored (the result is shared: read only). */
function memoMoveOption(s: EscState, f: number, key: string): MoveOption | null {
  memoFor(s);
  let m = memo.moves[f];
  if (memo.movesStamp[f] !== memo.stamp || m === undefined) {
    m = new Map();
    memo.moves[f] = m;
    memo.movesStamp[f] = memo.stamp;
  }
  let opt = m.get(key);
  if (opt === undefined) {
    opt = moveOption(s, f, key);
    m.set(key, opt);
  }
  return opt;
}

/**
 * A marshal toward one destination as the rules play it ({@link marshalPlan}): who goes — the
 * nearest friends in sight that can go that way, up to {@link MARSHAL_MAX} — and the terrain dice of
 * the movers: `base[k]` with the first k followers, the worst terrain any of them goes through
 * ([E26b]); `terms` (made when first asked for) what each follower adds — its potential where its
 * line ends less where it stands, less 0.05.
 */
interface MarshalReckoning {
  plan: MarshalLine[];
  base: number[];
  terms: number[] | null;
}

/** The {@link MarshalReckoning} of `f` marshalling toward `key` (whose line is `opt`), memoised for the state being scored. */
function marshalReckoning(s: EscState, f: number, key: string, opt: MoveOption): MarshalReckoning {
  memoFor(s);
  let m = memo.marshal[f];
  if (memo.marshalStamp[f] !== memo.stamp || m === undefined) {
    m = new Map();
    memo.marshal[f] = m;
    memo.marshalStamp[f] = memo.stamp;
  }
  let r = m.get(key);
  if (r === undefined) {
    const plan = marshalPlan(s, f, opt, MARSHAL_MAX);
    const base: number[] = [];
    let b = 0;
    for (const l of plan) {
      b = Math.max(b, terrainDice(l.terrain), s.sc.figures[l.figure].moveFloor);
      base.push(b);
    }
    r = { plan, base, terms: null };
    m.set(key, r);
  }
  return r;
}

/** {@link MarshalReckoning.terms}, made once. */
function marshalTerms(s: EscState, r: MarshalReckoning): number[] {
  if (r.terms) return r.terms;
  const terms: number[] = [];
  for (let i = 1; i < r.plan.length; i++) {
    const l = r.plan[i];
    terms.push(potential(s, l.figure, l.to.x, l.to.y) - potential(s, l.figure, l.from.x, l.from.y) - 0.05);
  }
  r.terms = terms;
  return terms;
}

/** How many friends go in a marshal with up to `n`, and the dice it rolls: the pool, the worst terrain's, one per follower. */
function marshalDice(s: EscState, r: MarshalReckoning, n: number): { k: number; dice: number } {
  const k = Math.min(n, r.base.length - 1);
  return { k, dice: s.pool + r.base[k] + k };
}

/** Gain and dice rolled of each action of the actor `f` (score = gain − risk cost). */
function actionScore(s: EscState, f: number, a: EscAction, rest: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'end':
      return 0;
    case 'reserve': {
      // A reserved die is one die: worth a little to a shooter or a figure at an enemy's ZOC; its roll
      // can give the side its first 1, which the figures still to act would pay for.
      let v = 0.004;
      if (info.missile && info.missile.key !== 'cannon') v += 0.015;
      if (canFightAny(s, f)) v += 0.015;
      const cost = riskCost(s, s.pool + 1, rest, 0);
      return v - cost - (s.ones === 0 ? RISK_FIGURE * 0.25 * rest : 0);
    }
    case 'move':
    case 'marshal': {
      const opt = memoMoveOption(s, f, a.to);
      if (!opt) return -1;
      let gain = potential(s, f, opt.to.x, opt.to.y) - potential(s, f, s.x[f], s.y[f]);
      let dice = s.pool + Math.max(opt.dice, info.moveFloor);
      if (a.k === 'marshal') {
        // The friends that go and the worst terrain any mover goes through, as the rules play it.
        const r = marshalReckoning(s, f, a.to, opt);
        const md = marshalDice(s, r, a.n);
        const terms = marshalTerms(s, r);
        for (let i = 0; i < md.k; i++) gain += terms[i];
        dice = md.dice;
      }
      if (a.k === 'move' && opt.stop === 'keepOff' && !atAnEnemysZoc(s, f)) {
        // A charge: where it stops, at an enemy's ZOC, the figure may fight with the pool it has.
        const att = bestFightAt(s, f, opt.to.x, opt.to.y, s.pool, rest);
        if (att > 0) {
          rollRiskNow(s, dice);
          gain += (1 - RISK_SIDE - RISK_FIGURE) * att;
        }
      }
      return gain - riskCost(s, dice, rest, 0.08);
    }
    case 'dev': {
      const dice = s.pool + 1;
      const threat = seesAnEnemyShooter(s, f);
      const attack = (info.missile !== null && seesAnEnemy(s, f)) || canFightAny(s, f);
      let gain = 0;
      switch (a.d) {
        case 'ready': {
          // Worth it only as the first of up to four "ready"s before an attack: the best of readying
          // k times (each roll risking the turn) and then making the best attack with k dice more.
          const cs = charges(s, f);
          if (!attack && cs.length === 0) return -riskCost(s, dice, rest, 0.08);
          let best = -Infinity;
          let reach = 1;
          let paid = 0;
          for (let k = 1; k <= 4; k++) {
            rollRiskNow(s, s.pool + k);
            paid += reach * (RISK_SIDE * (rest + 0.08) + RISK_FIGURE * 0.08);
            reach *= 1 - RISK_SIDE - RISK_FIGURE;
            const att = Math.max(attack ? bestAttack(s, f, s.pool + k, rest) : -Infinity, cs.length > 0 ? chargeValue(s, f, cs, s.pool + k, rest) : -Infinity);
            best = Math.max(best, reach * Math.max(0, att) - paid);
          }
          return best;
        }
        case 'cover':
          gain = threat ? 0.14 : 0.03;
          break;
        case 'stand':
          gain = 0.35;
          break;
        case 'rally':
          gain = 0.1 + (attack ? 0.06 : 0);
          break;
        case 'rearm':
          gain = info.hasPike || atAnEnemysZoc(s, f) ? 0.3 : 0.15;
          break;
      }
      return gain - riskCost(s, dice, rest, 0.08);
    }
    case 'shoot': {
      const t = sc.figureIndex.get(a.t) ?? -1;
      const gain = shotGain(s, f, t, NO_HELPERS, s.pool);
      return gain - riskCost(s, GAIN_DICE, rest, 0.08);
    }
    case 'volley': {
      const t = sc.figureIndex.get(a.t) ?? -1;
      const helpers = volleyHelpers(s, f, t);
      const gain = shotGain(s, f, t, helpers, s.pool);
      const dice = GAIN_DICE;
      let spent = 0;
      for (const h of helpers) {
        let best = 0;
        for (const e of visibleEnemies(s, h)) best = Math.max(best, shotGain(s, h, e, NO_HELPERS, 0));
        spent += 0.5 * best;
      }
      return gain - spent - riskCost(s, dice, rest, 0.08);
    }
    case 'fight': {
      const t = sc.figureIndex.get(a.t) ?? -1;
      const gain = fightGain(s, f, t, a.m, s.pool, false);
      return gain - riskCost(s, GAIN_DICE, rest, 0.08);
    }
    default:
      return 0;
  }
}

/** How many dice action `a` of the actor `f` rolls (0 when it rolls none). */
function rollDice(s: EscState, f: number, a: EscAction): number {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'move':
    case 'marshal': {
      const opt = memoMoveOption(s, f, a.to);
      if (!opt) return 0;
      if (a.k === 'marshal') return marshalDice(s, marshalReckoning(s, f, a.to, opt), a.n).dice;
      return s.pool + Math.max(opt.dice, info.moveFloor);
    }
    case 'dev':
    case 'reserve':
      return s.pool + 1;
    case 'shoot':
    case 'volley': {
      const t = sc.figureIndex.get(a.t) ?? -1;
      const d = shotDice(s, f, t, a.k === 'volley' ? volleyHelpers(s, f, t) : [], s.pool);
      return d.active + d.passive;
    }
    case 'fight': {
      const fs = fightSetup(s, f, sc.figureIndex.get(a.t) ?? -1, a.m, s.pool);
      return fs.active + fs.passive;
    }
    default:
      return 0;
  }
}

/** How many dice the script reckons action `a` of the acting figure rolls (for tests: it should be what the rules roll). */
export function escarmoucheScriptDice(s: EscState, a: EscAction): number {
  forgetMemo();
  try {
    return rollDice(s, s.actor, a);
  } finally {
    forgetMemo();
  }
}

/**
 * The rollout's cheap reckoning of a marshal's dice ({@link escarmoucheQuickScores}): the nearest
 * `n` friends in sight are taken to go, each through the terrain it stands on — the worst of those
 * and the marshal's line, 5 with a cannon, one per friend, the pool. It measures no follower's line
 * (the full script does, {@link marshalReckoning}), so a friend that would enter worse ground, or
 * could not go, is missed.
 */
function quickMarshalDice(s: EscState, f: number, opt: MoveOption, n: number): { k: number; dice: number } {
  const sc = s.sc;
  const fl = memoFollowers(s, f);
  const k = Math.min(n, fl.length);
  let base = Math.max(terrainDice(opt.terrain), sc.figures[f].moveFloor);
  for (let i = 0; i < k; i++) {
    const g = fl[i];
    base = Math.max(base, terrainDice(sc.terrainAt(s.x[g], s.y[g])), sc.figures[g].moveFloor);
  }
  return { k, dice: s.pool + base + k };
}

/** {@link marshalFollowers}, memoised for the state being scored (shared: read only). */
function memoFollowers(s: EscState, f: number): readonly number[] {
  memoFor(s);
  if (memo.followersStamp[f] === memo.stamp) return memo.followers[f];
  const fl = marshalFollowers(s, f);
  memo.followers[f] = fl;
  memo.followersStamp[f] = memo.stamp;
  return fl;
}

/** A copy of `s` in which figure `f` has just been picked to act (an empty pool, no action yet). */
function pickedNow(s: EscState, f: number): EscState {
  const c = cloneState(s);
  c.actor = f;
  c.pool = 0;
  c.actions = 0;
  c.fsBeat.fill(0);
  c.fenceBeat = -1;
  c.phase = PH_ACT;
  c.acted[f] = 1;
  return c;
}

/**
 * What figure `f` could do if picked now and it were the last to act (no risk to others counted):
 * its best action's score, and the chance that action's roll ends the side's turn.
 */
function prospect(c: EscState, f: number, legal: readonly EscAction[]): { gain: number; sideRisk: number } {
  let gain = 0;
  let best: EscAction | null = null;
  for (const a of legal) {
    const v = actionScore(c, f, a, 0);
    if (v > gain) {
      gain = v;
      best = a;
    }
  }
  return { gain, sideRisk: best ? rollRisk(c, rollDice(c, f, best)).side : 0 };
}

/** The figure's best opportunity if picked now: its best action's score, with the risk to the figures still to act. */
function opportunity(c: EscState, f: number, legal: readonly EscAction[]): number {
  const rest = restValue(c, f);
  let best = 0;
  for (const a of legal) best = Math.max(best, actionScore(c, f, a, rest));
  return best;
}

/** Scores of the legal actions of an Escarmouche state for the side deciding (higher is better). */
export function escarmoucheScores(s: EscState, legal: readonly EscAction[]): number[] {
  forgetMemo();
  try {
    return scriptScores(s, legal);
  } finally {
    forgetMemo();
  }
}

function scriptScores(s: EscState, legal: readonly EscAction[]): number[] {
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    // Figures are picked best opportunity first (each reckoned with the risk its roll puts on the
    // figures still to act), the gun last. But PLAY ends the side's turn only on a second 1 (or two
    // in one roll), so before the side's first 1 a one-die roll — a first-strike fight, a make-ready
    // — cannot end it: such a figure goes first (you "may not return to an earlier figure", and
    // after the side's first 1 the same roll would put every later figure's turn at stake).
    // One copy of the state per figure (picked now) and its legal list serve both reckonings.
    const pros: ({ gain: number; sideRisk: number } | null)[] = [];
    const opps: number[] = [];
    for (const a of legal) {
      if (a.k !== 'pick') {
        pros.push(null);
        opps.push(-Infinity);
        continue;
      }
      const f = sc.figureIndex.get(a.f) ?? -1;
      const c = pickedNow(s, f);
      const options = legalActions(c);
      pros.push(prospect(c, f, options));
      opps.push(opportunity(c, f, options));
    }
    // Passing forfeits every figure's turn for certain, so the risk a roll puts on the figures still
    // to act is no reason to pass: pass only when no figure has anything worth doing even then.
    const worth = pros.some((p) => p !== null && p.gain > 0.02);
    return legal.map((a, i) => {
      if (a.k === 'pass') return worth ? -10 : 0.02;
      if (a.k !== 'pick') return 0;
      const p = pros[i];
      if (p && p.gain > 0.02 && p.sideRisk === 0) return 10 + p.gain;
      const f = sc.figureIndex.get(a.f) ?? -1;
      const opp = opps[i];
      // Big rolls last: the gun waits its turn.
      const bigRoll = sc.figures[f].missile?.key === 'cannon' ? 0.25 : 0;
      return opp - bigRoll + (opp > 0 ? 0.05 : 0);
    });
  }
  if (s.phase === PH_ACT) {
    const f = s.actor;
    const rest = restValue(s, f);
    return legal.map((a) => actionScore(s, f, a, rest));
  }
  if (s.phase === PH_INT) {
    return legal.map((a) => {
      if (a.k === 'wait') return 0.04;
      if (a.k !== 'int') return 0;
      const r = sc.figureIndex.get(a.f) ?? -1;
      if (a.a === 'cover') return 0.05;
      const t = sc.figureIndex.get(a.t) ?? -1;
      if (a.a === 'shoot') return shotGain(s, r, t, NO_HELPERS, 0);
      return fightGain(s, r, t, 'alone', 0, true);
    });
  }
  return legal.map(() => 0);
}


/**
 * A cheaper version of {@link escarmoucheScores} for search (the ruleset's `policy.rollout`):
 * the same scores where they are cheap, rougher ones where the full script is dear —
 *   picking: each figure's opportunity from its attacks open now (a fight at an enemy's ZOC, a shot
 *     at an enemy in sight, with an empty pool) or else a plain move, in the script's order (a roll
 *     that cannot end the side's turn first, the gun last), without reckoning every action of
 *     every figure — so the side never passes while it has a figure to pick;
 *   acting: every action as the script scores it, but a marshal is scored as the marshal's own
 *     move less a little per friend that goes (the script weighs where each follower ends), with the
 *     risk of the dice the rules roll (the worst terrain any mover goes through, one per friend).
 * It never reads anything the full script does not; it only skips work.
 */
export function escarmoucheQuickScores(s: EscState, legal: readonly EscAction[]): number[] {
  forgetMemo();
  try {
    return quickScores(s, legal);
  } finally {
    forgetMemo();
  }
}

function quickScores(s: EscState, legal: readonly EscAction[]): number[] {
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    let worth = false;
    const out = legal.map((a) => {
      if (a.k !== 'pick') return 0;
      const f = sc.figureIndex.get(a.f) ?? -1;
      const rest = restValue(s, f);
      // A plain move is worth a little; attacks open now as the script scores them (empty pool).
      let opp = 0.03;
      let free = 0;
      const foes = sc.sides[1 - sc.figures[f].side].figures;
      for (const t of foes) {
        if (s.wounds[t] === 0 || !canFight(s, f, t)) continue;
        for (const m of FIGHT_MODES) {
          const gain = fightGain(s, f, t, m, 0, false);
          rollRiskNow(s, GAIN_DICE);
          opp = Math.max(opp, gain - RISK_SIDE * (rest + 0.08) - RISK_FIGURE * 0.08);
          if (RISK_SIDE === 0 && gain > 0.02) free = Math.max(free, gain);
        }
      }
      if (sc.figures[f].missile) {
        for (const t of foes) {
          if (s.wounds[t] === 0 || !sees(s, f, t)) continue;
          const gain = shotGain(s, f, t, NO_HELPERS, 0);
          rollRiskNow(s, GAIN_DICE);
          opp = Math.max(opp, gain - RISK_SIDE * (rest + 0.08) - RISK_FIGURE * 0.08);
          if (RISK_SIDE === 0 && gain > 0.02) free = Math.max(free, gain);
        }
      }
      worth = true;
      if (free > 0) return 10 + free;
      return opp - (sc.figures[f].missile?.key === 'cannon' ? 0.25 : 0) + 0.05;
    });
    return legal.map((a, i) => (a.k === 'pass' ? (worth ? -10 : 0.02) : out[i]));
  }
  if (s.phase === PH_ACT) {
    const f = s.actor;
    const rest = restValue(s, f);
    const moveScore = new Map<string, number>();
    const scores = legal.map((a) => {
      if (a.k === 'marshal') return NaN;
      const v = actionScore(s, f, a, rest);
      if (a.k === 'move') moveScore.set(a.to, v);
      return v;
    });
    // A marshal: its own move's score, the followers' part roughly (0.1 each), and the risk of the
    // dice the rules roll — the worst terrain any mover goes through and one per friend that goes.
    return legal.map((a, i) => {
      if (a.k !== 'marshal') return scores[i];
      const opt = memoMoveOption(s, f, a.to);
      const mv = moveScore.get(a.to);
      if (!opt || mv === undefined) return 0;
      const md = quickMarshalDice(s, f, opt, a.n);
      const moveDice = s.pool + Math.max(opt.dice, sc.figures[f].moveFloor);
      return mv + riskCost(s, moveDice, rest, 0.08) - riskCost(s, md.dice, rest, 0.08) - 0.1 * md.k;
    });
  }
  return scriptScores(s, legal);
}
