/**
 * The Pirates! turn and card machine (§3): the deck turned two cards at a time, bands chosen,
 * formed and activated, the turn's movement dice, the end of the turn and victory.
 *
 * Decision sequence of one card (docs/rules/pirates.md §3):
 *   1. PH_BAND   — which band the card activates: an existing band of at most the card's value in
 *                  figures, a new band formed from a deployment group, or pass.
 *   2. PH_GROUP  — (bands of two or more) a group move toward a destination, measured from the
 *                  band's centre (§4.D), or none.
 *   3. PH_FIGURE — each figure of the band in id order: follow the group move, or its own action.
 */
import { roll, sumHighest } from '../../core/rng.js';
import { refillDeck, turnCard } from '../../core/table/index.js';
import { fleeStep } from './combat.js';
import { type PiratesCtx, type PiratesEvent, facingData, r2 } from './events.js';
import { executeGroupMove } from './group.js';
import { bandMembers, newBandInto } from './bands.js';
import { type PiratesAction, actionTable } from './action.js';
import { ACTIVE, FLEEING, PH_BAND, PH_FIGURE, PH_GROUP, PH_OVER, type PiratesState, newState } from './state.js';
import type { PiratesScenario } from './compile.js';

/** A new game: the first turn's movement rolled and the first pair of cards turned. */
export function setupGame(sc: PiratesScenario, ctx: PiratesCtx): PiratesState {
  const s = newState(sc);
  if (ctx.emit) ctx.emit(setupEvent(s));
  startTurn(s, ctx);
  if (s.phase !== PH_OVER) nextCard(s, ctx);
  return s;
}

/**
 * The table before the first card (records: a reader holding only the rules text rebuilds every
 * later step from this and the events): every figure's id, side, deployment group, position
 * (inches), facing (degrees clockwise from east), weapon, loaded or not, personality, mounted,
 * and band (none yet: −1).
 */
function setupEvent(s: PiratesState): PiratesEvent {
  const sc = s.sc;
  return {
    e: 'setup',
    table: [sc.width, sc.height],
    unit: 'in',
    baseDiameter: 2 * sc.radius,
    figures: sc.figures.map((f) => ({
      id: f.id,
      side: sc.sides[f.side].id,
      group: sc.groups[f.group].id,
      at: [r2(s.x[f.index]), r2(s.y[f.index])],
      facing: facingData(s.facing[f.index]),
      weapon: f.weapon.name,
      loaded: s.loaded[f.index] === 1,
      personality: f.personality,
      mounted: f.mounted,
      band: s.band[f.index],
    })),
  };
}

/** §4.B–C: each side rolls 3d10 (top two) once a turn; 2d10 over broken ground; mounted top three of 4d10. */
function rollMovement(s: PiratesState, ctx: PiratesCtx): void {
  for (const side of s.sc.sides) {
    const dice = [roll(ctx.rng, 10), roll(ctx.rng, 10), roll(ctx.rng, 10)];
    const o = side.index * 4;
    s.moveAllow[o] = sumHighest(dice, 2);
    s.moveAllow[o + 1] = dice[0] + dice[1];
    let mounted: number[] = [];
    if (side.hasMounted) {
      mounted = [roll(ctx.rng, 10), roll(ctx.rng, 10), roll(ctx.rng, 10), roll(ctx.rng, 10)];
      s.moveAllow[o + 2] = sumHighest(mounted, 3);
      s.moveAllow[o + 3] = mounted[0] + mounted[1];
    } else {
      s.moveAllow[o + 2] = s.moveAllow[o];
      s.moveAllow[o + 3] = s.moveAllow[o + 1];
    }
    ctx.emit?.({
      e: 'moveRoll',

      side: side.id,
      dice,
      allowance: s.moveAllow[o],
      broken: s.moveAllow[o + 1],
      ...(side.hasMounted ? { mountedDice: mounted, mounted: s.moveAllow[o + 2] } : {}),
    });
  }
}

function startTurn(s: PiratesState, ctx: PiratesCtx): void {
  refillDeck(s.inDeck);
  s.pair[0] = -1;
  s.pair[1] = -1;
  s.pairAt = 0;
  ctx.emit?.({ e: 'turn', turn: s.turn });
  rollMovement(s, ctx);
  for (let f = 0; f < s.status.length; f++) if (s.status[f] === FLEEING) fleeStep(s, f, ctx);
  checkVictory(s, ctx);
}

/** §3.H–I: the deck is done; markers come off, hits heal, reloads finish, the turn ends. */
function endTurn(s: PiratesState, ctx: PiratesCtx): void {
  const reloaded: string[] = [];
  for (let f = 0; f < s.reloading.length; f++) {
    if (s.reloading[f]) {
      s.reloading[f] = 0;
      // Only a figure still on the table finishes reloading (one killed or captured while
      // reloading is not listed: a second outside reading, D3).
      if (s.status[f] !== ACTIVE && s.status[f] !== FLEEING) continue;
      s.loaded[f] = 1;
      reloaded.push(s.sc.figures[f].id);
    }
  }
  ctx.emit?.({ e: 'turnEnd', turn: s.turn, landed: s.landed, killed: [s.killed[0], s.killed[1]], reloaded });
  s.hits.fill(0);
  s.capHits.fill(0);
  s.attacked.fill(0);
  s.bandDone.fill(0);
  if (s.turn >= s.sc.maxTurns) {
    gameOver(s, 1 - s.sc.raiders, `turn limit: ${s.sc.maxTurns} turns ended with ${s.landed} of ${s.sc.bootyToWin} loads landed`, ctx);
    return;
  }
  s.turn++;
  startTurn(s, ctx);
}

/** Turn one card at random from those left this turn (§3.A: the deck is shuffled each turn), or −1. */
function drawCard(s: PiratesState, ctx: PiratesCtx): number {
  const i = turnCard(s.inDeck, ctx.rng);
  if (i < 0) return -1;
  const card = s.sc.deck[i];
  ctx.emit?.({ e: 'card', card: card.label, side: s.sc.sides[card.side].id, value: card.value });
  return i;
}

/** Move on to the next card that needs a decision, turning pairs and ending turns as needed. */
export function nextCard(s: PiratesState, ctx: PiratesCtx): void {
  for (;;) {
    if (s.phase === PH_OVER) return;
    if (s.pairAt === 0 && s.pair[1] >= 0) s.pairAt = 1;
    else {
      const a = drawCard(s, ctx);
      if (a < 0) {
        endTurn(s, ctx);
        continue;
      }
      s.pair[0] = a;
      s.pair[1] = drawCard(s, ctx);
      s.pairAt = 0;
    }
    const c = s.pair[s.pairAt];
    if (hasBandChoice(s, c)) {
      s.phase = PH_BAND;
      s.actCard = c;
      return;
    }
    const card = s.sc.deck[c];
    ctx.emit?.({ e: 'skip', card: card.label, side: s.sc.sides[card.side].id, reason: 'no band can answer this card' });
  }
}

export function gameOver(s: PiratesState, winner: number, reason: string, ctx: PiratesCtx): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  ctx.emit?.({ e: 'gameOver', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** Victory (docs/rules/pirates.md §11): enough booty landed, or no raider left ashore. */
export function checkVictory(s: PiratesState, ctx: PiratesCtx): boolean {
  if (s.phase === PH_OVER) return true;
  const r = s.sc.raiders;
  if (s.landed >= s.sc.bootyToWin) {
    gameOver(s, r, `booty landed: ${s.landed} loads (needed ${s.sc.bootyToWin})`, ctx);
    return true;
  }
  for (const f of s.sc.sides[r].figures) if (s.status[f] === ACTIVE) return false;
  gameOver(s, 1 - r, `no ${s.sc.sides[r].name} left ashore; ${s.landed} of ${s.sc.bootyToWin} loads landed`, ctx);
  return true;
}

// ───────────────────────────── band choices ─────────────────────────────

let COUNTS = new Int16Array(64);
/** A zeroed scratch array of `n` band counters (reused: no allocation per call). */
function bandCounts(n: number): Int16Array {
  if (COUNTS.length < n) COUNTS = new Int16Array(Math.max(n, 2 * COUNTS.length));
  COUNTS.fill(0, 0, n);
  return COUNTS;
}

/** True when card `c` can activate some band (an existing one, or a new one from an unbanded figure). */
function hasBandChoice(s: PiratesState, c: number): boolean {
  const card = s.sc.deck[c];
  const counts = bandCounts(s.nBands);
  for (const f of s.sc.sides[card.side].figures) {
    if (s.status[f] !== ACTIVE) continue;
    if (s.band[f] < 0) return true;
    counts[s.band[f]]++;
  }
  for (let b = 0; b < s.nBands; b++) if (!s.bandDone[b] && counts[b] > 0 && counts[b] <= card.value) return true;
  return false;
}

/** §3.B–D: the bands card `c` may activate (not counting "pass"). */
export function bandChoices(s: PiratesState, c: number): PiratesAction[] {
  const card = s.sc.deck[c];
  const out: PiratesAction[] = [];
  const counts = bandCounts(s.nBands);
  // Only the card's side's bands are offered: its figures are enough to count them.
  const figs = s.sc.sides[card.side].figures;
  for (let i = 0; i < figs.length; i++) {
    const f = figs[i];
    if (s.band[f] >= 0 && s.status[f] === ACTIVE) counts[s.band[f]]++;
  }
  const A = actionTable(s.sc);
  for (let b = 0; b < s.nBands; b++) {
    if (s.bandSide[b] === card.side && !s.bandDone[b] && counts[b] > 0 && counts[b] <= card.value)
      out.push(b < A.band.length ? A.band[b] : { k: 'band', b });
  }
  for (const g of s.sc.sides[card.side].groups) {
    const n = newBandInto(s, g, card.value);
    const made = A.newBand[g];
    for (let k = 1; k <= n; k++) out.push(k <= made.length ? made[k - 1] : { k: 'new', g: s.sc.groups[g].id, n: k });
  }
  return out;
}

export function startActivation(s: PiratesState, b: number, formed: boolean, ctx: PiratesCtx): void {
  const members = bandMembers(s, b);
  s.actBand = b;
  s.qLen = members.length;
  s.qPos = 0;
  for (let i = 0; i < members.length; i++) s.queue[i] = members[i];
  s.groupTo = '';
  s.nFollow = 0;
  const card = s.sc.deck[s.actCard];
  ctx.emit?.({
    e: 'activate',

    side: s.sc.sides[card.side].id,
    card: card.label,
    value: card.value,
    band: b,
    formed,
    figures: members.map((f) => s.sc.figures[f].id),
  });
  s.phase = members.length >= 2 ? PH_GROUP : PH_FIGURE;
  if (s.phase === PH_FIGURE) nextFigure(s, ctx);
}

/** Move the queue to the next figure still able to act; finish the activation when none is left. */
export function nextFigure(s: PiratesState, ctx: PiratesCtx): void {
  while (s.qPos < s.qLen && s.status[s.queue[s.qPos]] !== ACTIVE) s.qPos++;
  if (s.qPos < s.qLen) {
    s.phase = PH_FIGURE;
    return;
  }
  finishActivation(s, ctx);
}

function finishActivation(s: PiratesState, ctx: PiratesCtx): void {
  if (s.groupTo !== '' && s.nFollow > 0) executeGroupMove(s, ctx);
  if (s.actBand >= 0) s.bandDone[s.actBand] = 1;
  s.actBand = -1;
  s.groupTo = '';
  s.nFollow = 0;
  s.qLen = 0;
  s.qPos = 0;
  if (checkVictory(s, ctx)) return;
  nextCard(s, ctx);
}
