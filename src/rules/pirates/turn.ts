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
import type { GameEvent, StepContext } from '../../core/model.js';
import { roll, sumHighest } from '../../core/rng.js';
import { dist } from '../../core/geometry.js';
import { refillDeck, turnCard } from '../../core/table/index.js';
import { facingData, fleeStep, r2 } from './combat.js';
import { executeGroupMove } from './actions.js';
import { COHESION, type PiratesAction, actionTable } from './action.js';
import { ACTIVE, FLEEING, PH_BAND, PH_FIGURE, PH_GROUP, PH_OVER, type PiratesState, newState } from './state.js';
import type { PiratesScenario } from './compile.js';

/** A new game: the first turn's movement rolled and the first pair of cards turned. */
export function setupGame(sc: PiratesScenario, ctx: StepContext): PiratesState {
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
function setupEvent(s: PiratesState): GameEvent {
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
function rollMovement(s: PiratesState, ctx: StepContext): void {
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

function startTurn(s: PiratesState, ctx: StepContext): void {
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
function endTurn(s: PiratesState, ctx: StepContext): void {
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
function drawCard(s: PiratesState, ctx: StepContext): number {
  const i = turnCard(s.inDeck, ctx.rng);
  if (i < 0) return -1;
  const card = s.sc.deck[i];
  ctx.emit?.({ e: 'card', card: card.label, side: s.sc.sides[card.side].id, value: card.value });
  return i;
}

/** Move on to the next card that needs a decision, turning pairs and ending turns as needed. */
export function nextCard(s: PiratesState, ctx: StepContext): void {
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

export function gameOver(s: PiratesState, winner: number, reason: string, ctx: StepContext): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  ctx.emit?.({ e: 'gameOver', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** Victory (docs/rules/pirates.md §11): enough booty landed, or no raider left ashore. */
export function checkVictory(s: PiratesState, ctx: StepContext): boolean {
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

// ───────────────────────────── bands ─────────────────────────────

/** How many members (ACTIVE) band `b` has: `bandMembers(s, b).length` without the list. */
export function bandCount(s: PiratesState, b: number): number {
  if (b < 0 || b >= s.nBands) return 0;
  // A band's members are of its side: only that side's figures are looked at.
  const figs = s.sc.sides[s.bandSide[b]].figures;
  let n = 0;
  for (let i = 0; i < figs.length; i++) if (s.band[figs[i]] === b && s.status[figs[i]] === ACTIVE) n++;
  return n;
}

/** Members (ACTIVE) of band `b`, in id order. */
export function bandMembers(s: PiratesState, b: number): number[] {
  const out: number[] = [];
  if (b < 0 || b >= s.nBands) return out;
  const figs = s.sc.sides[s.bandSide[b]].figures;
  for (let i = 0; i < figs.length; i++) if (s.band[figs[i]] === b && s.status[figs[i]] === ACTIVE) out.push(figs[i]);
  return out;
}

/**
 * The figures a new band from group `g` would take, in the order they join: the first unbanded
 * figure of the group, then the nearest others that keep every pair within 6 inches (§3.F).
 * At most `max` figures.
 */
export function newBandCandidates(s: PiratesState, g: number, max: number): number[] {
  const n = newBandInto(s, g, max);
  return Array.from(NB_OUT.subarray(0, n));
}

/**
 * {@link newBandCandidates} into the scratch list {@link NB_OUT} (read it before the next call),
 * returning how many.
 */
export function newBandInto(s: PiratesState, g: number, max: number): number {
  const figs = s.sc.groups[g].figures;
  let seed = -1;
  for (const f of figs) {
    if (s.status[f] === ACTIVE && s.band[f] < 0) {
      seed = f;
      break;
    }
  }
  if (seed < 0) return 0;
  if (NB_OUT.length < figs.length) NB_OUT = new Int32Array(Math.max(figs.length, 2 * NB_OUT.length));
  const out = NB_OUT;
  out[0] = seed;
  let nOut = 1;
  const sx = s.x[seed];
  const sy = s.y[seed];
  // Taking the nearest remaining figure again and again, each taken or refused for good (a figure
  // refused once can never fit later: the set only grows), considers the others once each, in
  // order of distance to the seed (ties: earlier in the group) — so sort them once (insertion,
  // stable) into scratch arrays and walk the order.
  const figs2 = figs.length;
  if (NB_F.length < figs2) {
    NB_F = new Int32Array(Math.max(figs2, 2 * NB_F.length));
    NB_D = new Float64Array(NB_F.length);
  }
  const F = NB_F;
  const D = NB_D;
  let m = 0;
  for (let j = 0; j < figs2; j++) {
    const f = figs[j];
    if (f === seed || s.status[f] !== ACTIVE || s.band[f] >= 0) continue;
    const d = dist(sx, sy, s.x[f], s.y[f]);
    let i = m++;
    while (i > 0 && D[i - 1] > d) {
      D[i] = D[i - 1];
      F[i] = F[i - 1];
      i--;
    }
    D[i] = d;
    F[i] = f;
  }
  for (let k = 0; k < m && nOut < max; k++) {
    const best = F[k];
    let ok = true;
    for (let j = 0; j < nOut; j++) {
      const o = out[j];
      if (dist(s.x[best], s.y[best], s.x[o], s.y[o]) > COHESION + 1e-9) {
        ok = false;
        break;
      }
    }
    if (ok) out[nOut++] = best;
  }
  return nOut;
}

/**
 * The members of the new band `a` would form with card value `max` on side `side`: the engine's pick
 * ({@link newBandInto}), or the player's own `figures` (§3.C: a player forms his bands; since 1.4.0)
 * — each an unbanded figure of group `g` on the table, none twice, `n` of them, at most the card's
 * value, every pair within 6 in (§3.F). A string says why the band cannot be formed.
 */
export function newBandMembers(s: PiratesState, a: { g: string; n: number; figures?: string[] }, side: number, max: number): number[] | string {
  const g = s.sc.groups.findIndex((x) => x.id === a.g && x.side === side);
  if (g < 0) return `no group "${a.g}" on this side`;
  if (!Number.isInteger(a.n) || a.n < 1 || a.n > max) return `a band of ${a.n} cannot answer a card of ${max} (§3.B)`;
  if (a.figures === undefined) {
    const n = newBandInto(s, g, max);
    if (a.n > n) return `group ${a.g} cannot form a band of ${a.n}`;
    return Array.from(NB_OUT.subarray(0, a.n));
  }
  if (a.figures.length !== a.n) return `${a.figures.length} figures named for a band of ${a.n}`;
  const out: number[] = [];
  for (const id of a.figures) {
    const f = s.sc.figureIndex.get(id);
    if (f === undefined) return `no figure "${id}"`;
    if (s.sc.figures[f].group !== g) return `${id} is not of group ${a.g}`;
    if (s.status[f] !== ACTIVE) return `${id} is not on the table able to act`;
    if (s.band[f] >= 0) return `${id} is in a band already (§3.C: a band stays intact)`;
    if (out.includes(f)) return `${id} is named twice`;
    for (const o of out) {
      if (dist(s.x[f], s.y[f], s.x[o], s.y[o]) > COHESION + 1e-9) return `${id} and ${s.sc.figures[o].id} are more than ${COHESION} in apart (§3.F)`;
    }
    out.push(f);
  }
  return out;
}

/** Scratch of {@link newBandCandidates}: the candidates in order of distance, and the distances. */
let NB_F = new Int32Array(64);
let NB_D = new Float64Array(64);
/** The list {@link newBandInto} fills: the figures of the new band, in the order they join. */
let NB_OUT = new Int32Array(64);

/** The list the last {@link newBandInto} call filled (valid until the next call). */
export function newBandList(): Int32Array {
  return NB_OUT;
}

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
    if (s.bandSide[b] === card.side && !s.bandDone[b] && counts[b] > 0 && counts[b] <= card.value) out.push(b < A.band.length ? A.band[b] : { k: 'band', b });
  }
  for (const g of s.sc.sides[card.side].groups) {
    const n = newBandInto(s, g, card.value);
    const made = A.newBand[g];
    for (let k = 1; k <= n; k++) out.push(k <= made.length ? made[k - 1] : { k: 'new', g: s.sc.groups[g].id, n: k });
  }
  return out;
}

export function startActivation(s: PiratesState, b: number, formed: boolean, ctx: StepContext): void {
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
export function nextFigure(s: PiratesState, ctx: StepContext): void {
  while (s.qPos < s.qLen && s.status[s.queue[s.qPos]] !== ACTIVE) s.qPos++;
  if (s.qPos < s.qLen) {
    s.phase = PH_FIGURE;
    return;
  }
  finishActivation(s, ctx);
}

function finishActivation(s: PiratesState, ctx: StepContext): void {
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

