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
import { type EscAction, actOptionsWith, legalActions } from './actions.js';
import { type MoveOption, moveOptions, movesOf } from './moving.js';
import { sees, visibleEnemies } from './queries.js';
import { fightSetup } from './fighting.js';
import { shotDice, volleyHelpers } from './shooting.js';
import { PH_ACT, PH_INT, PH_PICK, cloneState, type EscState, STATE } from './state.js';
import { terrainDice } from './tables.js';
import { FIGHT_MODES, RISK, riskCost, rollRisk, rollRiskNow } from './policy-risk.js';
import { forgetMemo, marshalDice, marshalReckoning, memoFollowers, memoMoveOption } from './policy-memo.js';
import {
  atAnEnemysZoc,
  canFight,
  canFightAny,
  marshalTerms,
  potential,
  potentialToward,
  restValue,
  seesAnEnemy,
  seesAnEnemyShooter,
} from './policy-position.js';
import { GAIN, NO_HELPERS, bestAttack, bestFightAt, chargeValue, charges, fightGain, shotGain } from './policy-attack.js';

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
      return v - cost - (s.ones === 0 ? RISK.figure * 0.25 * rest : 0);
    }
    case 'move':
    case 'marshal': {
      const opt = memoMoveOption(s, f, a.to);
      if (!opt) return -1;
      let gain = potentialToward(s, f, a.to, opt.to) - potential(s, f, s.x[f], s.y[f]);
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
          gain += (1 - RISK.side - RISK.figure) * att;
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
            paid += reach * (RISK.side * (rest + 0.08) + RISK.figure * 0.08);
            reach *= 1 - RISK.side - RISK.figure;
            const att = Math.max(
              attack ? bestAttack(s, f, s.pool + k, rest) : -Infinity,
              cs.length > 0 ? chargeValue(s, f, cs, s.pool + k, rest) : -Infinity,
            );
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
      return gain - riskCost(s, GAIN.dice, rest, 0.08);
    }
    case 'volley': {
      const t = sc.figureIndex.get(a.t) ?? -1;
      const helpers = volleyHelpers(s, f, t);
      const gain = shotGain(s, f, t, helpers, s.pool);
      const dice = GAIN.dice;
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
      return gain - riskCost(s, GAIN.dice, rest, 0.08);
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

/** The copy {@link pickedNow} writes into (read only until the next call). */
let PICKED: EscState | null = null;

/**
 * A copy of `s` in which figure `f` has just been picked to act (an empty pool, no action yet): one
 * scratch state, written anew by each call (the memo is forgotten with it: see the pick reckoning).
 */
function pickedNow(s: EscState, f: number): EscState {
  // One scratch copy serves every pick reckoned (copied into; a copy of another scenario is made anew).
  const c = PICKED === null ? cloneState(s) : STATE.cloneInto(PICKED, s);
  PICKED = c;
  // The same places: the move lines reckoned at `s` serve the copy (and the copy's, `s`).
  c.moves = movesOf(s);
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
      // The scratch copy is the same object for every figure: forget what the memo holds for it.
      forgetMemo();
      const c = pickedNow(s, f);
      // Its legal list with the move lines and followers the memo keeps (the scores read them again).
      const options = c.cowered[f] ? legalActions(c) : actOptionsWith(c, f, moveOptions(c, f), memoFollowers(c, f).length);
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
          rollRiskNow(s, GAIN.dice);
          opp = Math.max(opp, gain - RISK.side * (rest + 0.08) - RISK.figure * 0.08);
          if (RISK.side === 0 && gain > 0.02) free = Math.max(free, gain);
        }
      }
      if (sc.figures[f].missile) {
        for (const t of foes) {
          if (s.wounds[t] === 0 || !sees(s, f, t)) continue;
          const gain = shotGain(s, f, t, NO_HELPERS, 0);
          rollRiskNow(s, GAIN.dice);
          opp = Math.max(opp, gain - RISK.side * (rest + 0.08) - RISK.figure * 0.08);
          if (RISK.side === 0 && gain > 0.02) free = Math.max(free, gain);
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
