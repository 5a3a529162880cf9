/**
 * The Pirates! turn machine (§3): the deck turned two cards at a time, band activations split into
 * small decisions (which band; its group move; each figure's action), and the six actions.
 *
 * Decision sequence of one card (docs/rules/pirates.md §3):
 *   1. PH_BAND   — which band the card activates: an existing band of at most the card's value in
 *                  figures, a new band formed from a deployment group, or pass.
 *   2. PH_GROUP  — (bands of two or more) a group move toward a destination, measured from the
 *                  band's centre (§4.D), or none.
 *   3. PH_FIGURE — each figure of the band in id order: follow the group move, or its own action.
 */
import type { StepContext } from '../../core/model.js';
import { randInt, roll, sumHighest } from '../../core/rng.js';
import { type Vec, angleTo, dist, pointInPolygon, pointAlong, truncatePath, pathLength } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import { fireDie, maxRange } from './tables.js';
import {
  type MovePlan,
  allowanceOf,
  centreOf,
  inCover,
  lineOfSight,
  nearestCoverPoint,
  placeFree,
  planAlong,
  reachAlong,
} from './movement.js';
import { fleeStep, r2, resolveAttack } from './combat.js';
import {
  ACTIVE,
  C,
  FLEEING,
  PH_BAND,
  PH_FIGURE,
  PH_GROUP,
  PH_OVER,
  type PiratesState,
  newState,
} from './state.js';
import type { PiratesScenario } from './compile.js';

/**
 * One decision of Pirates!. Figures are named by id (`P07`), destinations by key:
 * `obj` (the objective), `home`, `foe:<id>`, `cover`, `away` (from the nearest enemy), `band`
 * (back to the band's centre).
 */
export type PiratesAction =
  | { k: 'band'; b: number }
  | { k: 'new'; g: string; n: number }
  | { k: 'pass' }
  | { k: 'group'; to: string }
  | { k: 'solo' }
  | { k: 'follow' }
  | { k: 'hold' }
  | { k: 'move'; to: string }
  | { k: 'moveTo'; x: number; y: number }
  | { k: 'fight'; t: string; capture: boolean }
  | { k: 'charge'; t: string; capture: boolean }
  | { k: 'fire'; t: string }
  | { k: 'moveFire'; t: string }
  | { k: 'pillage' }
  | { k: 'reload' };

/** Largest distance (inches) between band members that still counts as together (§3.F). */
export const COHESION = 6;
/** How far a group move toward an enemy stops short of it, centre to centre (inches). */
const GROUP_STOP_SHORT = 2;
/** Radius of a group's formation around its centre after a group move (inches). */
const FORMATION = 2;

// ───────────────────────────── flow ─────────────────────────────

/** A new game: the first turn's movement rolled and the first pair of cards turned. */
export function setupGame(sc: PiratesScenario, ctx: StepContext): PiratesState {
  const s = newState(sc);
  startTurn(s, ctx);
  if (s.phase !== PH_OVER) nextCard(s, ctx);
  return s;
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
      turn: s.turn,
      side: side.id,
      dice,
      allowance: s.moveAllow[o],
      broken: s.moveAllow[o + 1],
      ...(side.hasMounted ? { mountedDice: mounted, mounted: s.moveAllow[o + 2] } : {}),
    });
  }
}

function startTurn(s: PiratesState, ctx: StepContext): void {
  s.inDeck.fill(1);
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
  ctx.emit?.({ e: 'turnEnd', turn: s.turn, landed: s.landed, killed: [s.killed[0], s.killed[1]] });
  s.hits.fill(0);
  s.capHits.fill(0);
  s.attacked.fill(0);
  s.bandDone.fill(0);
  for (let f = 0; f < s.reloading.length; f++) {
    if (s.reloading[f]) {
      s.reloading[f] = 0;
      s.loaded[f] = 1;
    }
  }
  if (s.turn >= s.sc.maxTurns) {
    gameOver(s, 1 - s.sc.raiders, `turn limit: ${s.sc.maxTurns} turns ended with ${s.landed} of ${s.sc.bootyToWin} loads landed`, ctx);
    return;
  }
  s.turn++;
  startTurn(s, ctx);
}

/** Turn one card at random from those left this turn (§3.A: the deck is shuffled each turn), or −1. */
function drawCard(s: PiratesState, ctx: StepContext): number {
  let left = 0;
  for (let i = 0; i < s.inDeck.length; i++) left += s.inDeck[i];
  if (left === 0) return -1;
  let k = randInt(ctx.rng, left);
  for (let i = 0; i < s.inDeck.length; i++) {
    if (!s.inDeck[i]) continue;
    if (k-- === 0) {
      s.inDeck[i] = 0;
      const card = s.sc.deck[i];
      ctx.emit?.({ e: 'card', turn: s.turn, card: card.label, side: s.sc.sides[card.side].id, value: card.value });
      return i;
    }
  }
  return -1;
}

/** Move on to the next card that needs a decision, turning pairs and ending turns as needed. */
function nextCard(s: PiratesState, ctx: StepContext): void {
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
    ctx.emit?.({ e: 'skip', turn: s.turn, card: card.label, side: s.sc.sides[card.side].id, reason: 'no band can answer this card' });
  }
}

function gameOver(s: PiratesState, winner: number, reason: string, ctx: StepContext): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  ctx.emit?.({ e: 'gameOver', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** Victory (docs/rules/pirates.md §11): enough booty landed, or no raider left ashore. */
function checkVictory(s: PiratesState, ctx: StepContext): boolean {
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

/** Members (ACTIVE) of band `b`, in id order. */
export function bandMembers(s: PiratesState, b: number): number[] {
  const out: number[] = [];
  for (let f = 0; f < s.band.length; f++) if (s.band[f] === b && s.status[f] === ACTIVE) out.push(f);
  return out;
}

/**
 * The figures a new band from group `g` would take, in the order they join: the first unbanded
 * figure of the group, then the nearest others that keep every pair within 6 inches (§3.F).
 * At most `max` figures.
 */
export function newBandCandidates(s: PiratesState, g: number, max: number): number[] {
  const figs = s.sc.groups[g].figures;
  let seed = -1;
  for (const f of figs) {
    if (s.status[f] === ACTIVE && s.band[f] < 0) {
      seed = f;
      break;
    }
  }
  if (seed < 0) return [];
  const out = [seed];
  const sx = s.x[seed];
  const sy = s.y[seed];
  // Repeatedly take the nearest remaining figure to the seed (ties: lower index) that stays within
  // 6 in of every member so far; a figure refused once can never fit later (the set only grows).
  const refused = new Set<number>();
  while (out.length < max) {
    let best = -1;
    let bd = Infinity;
    for (const f of figs) {
      if (f === seed || s.status[f] !== ACTIVE || s.band[f] >= 0 || refused.has(f) || out.includes(f)) continue;
      const d = dist(sx, sy, s.x[f], s.y[f]);
      if (d < bd) {
        bd = d;
        best = f;
      }
    }
    if (best < 0) break;
    let ok = true;
    for (const o of out) {
      if (dist(s.x[best], s.y[best], s.x[o], s.y[o]) > COHESION + 1e-9) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(best);
    else refused.add(best);
  }
  return out;
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
function bandChoices(s: PiratesState, c: number): PiratesAction[] {
  const card = s.sc.deck[c];
  const out: PiratesAction[] = [];
  const counts = bandCounts(s.nBands);
  for (let f = 0; f < s.band.length; f++) if (s.band[f] >= 0 && s.status[f] === ACTIVE) counts[s.band[f]]++;
  for (let b = 0; b < s.nBands; b++) {
    if (s.bandSide[b] === card.side && !s.bandDone[b] && counts[b] > 0 && counts[b] <= card.value) out.push({ k: 'band', b });
  }
  for (const g of s.sc.sides[card.side].groups) {
    const n = newBandCandidates(s, g, card.value).length;
    for (let k = 1; k <= n; k++) out.push({ k: 'new', g: s.sc.groups[g].id, n: k });
  }
  return out;
}

function startActivation(s: PiratesState, b: number, formed: boolean, ctx: StepContext): void {
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
    turn: s.turn,
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
function nextFigure(s: PiratesState, ctx: StepContext): void {
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

// ───────────────────────────── destinations ─────────────────────────────

/** Nearest ACTIVE enemies of `side` to (x, y): up to `k`, nearest first, with distances. */
function nearestEnemies(s: PiratesState, side: number, x: number, y: number, k: number): { f: number; d: number }[] {
  const out: { f: number; d: number }[] = [];
  for (const e of s.sc.sides[1 - side].figures) {
    if (s.status[e] !== ACTIVE) continue;
    const d = dist(x, y, s.x[e], s.y[e]);
    if (out.length < k || d < out[out.length - 1].d) {
      let i = out.length;
      if (out.length === k) out.pop();
      i = out.length;
      while (i > 0 && out[i - 1].d > d) i--;
      out.splice(i, 0, { f: e, d });
    }
  }
  return out;
}

/** Where a destination key leads from `from`: the path to follow and how far short of its end to stop. */
function destination(
  s: PiratesState,
  key: string,
  from: Vec,
  side: number,
  group: boolean,
  self: number,
): { path: Path; stopShort: number } | null {
  const sc = s.sc;
  const nav = sc.nav;
  if (key === 'obj' || key === 'home') {
    const z = key === 'obj' ? sc.objective : sc.home;
    const path = z.field.pathFrom(from.x, from.y);
    return path ? { path, stopShort: 0 } : null;
  }
  if (key.startsWith('foe:')) {
    const t = sc.figureIndex.get(key.slice(4));
    if (t === undefined || s.status[t] !== ACTIVE || sc.figures[t].side === side) return null;
    const path = nav.path(from, { x: s.x[t], y: s.y[t] });
    return path ? { path, stopShort: group ? GROUP_STOP_SHORT : 2 * sc.radius } : null;
  }
  if (key === 'cover') {
    const p = nearestCoverPoint(s, from.x, from.y);
    const path = p ? nav.path(from, p) : null;
    return path ? { path, stopShort: 0 } : null;
  }
  if (key === 'away') {
    const near = nearestEnemies(s, side, from.x, from.y, 1);
    if (near.length === 0) return null;
    const e = near[0].f;
    const dx = from.x - s.x[e];
    const dy = from.y - s.y[e];
    const l = Math.sqrt(dx * dx + dy * dy) || 1;
    // Straight away from it, 12 in or as far short of that as a base can stand.
    const r = sc.radius;
    for (let len = 12; len >= 2; len -= 2) {
      const tx = Math.min(sc.width - r, Math.max(r, from.x + (dx / l) * len));
      const ty = Math.min(sc.height - r, Math.max(r, from.y + (dy / l) * len));
      if (!nav.isFree(tx, ty)) continue;
      const path = nav.path(from, { x: tx, y: ty });
      return path ? { path, stopShort: 0 } : null;
    }
    return null;
  }
  if (key === 'band') {
    const b = s.band[self];
    const others = bandMembers(s, b).filter((f) => f !== self);
    if (others.length === 0) return null;
    // Toward the band-mate nearest the centre of the others (always a free place).
    const c = centreOf(s, others, others.length);
    let near = others[0];
    for (const g of others) if (dist(c.x, c.y, s.x[g], s.y[g]) < dist(c.x, c.y, s.x[near], s.y[near])) near = g;
    const path = nav.path(from, { x: s.x[near], y: s.y[near] });
    return path ? { path, stopShort: 2 * sc.radius } : null;
  }
  return null;
}

/**
 * Destination keys worth offering to a figure or band centre at `from` (DESIGN.md §Contracts 3):
 * the objective and home unless already there, the two nearest enemies further than `near`,
 * cover unless in it, away when an enemy is within 12 in, and (for a figure `solo` of a band)
 * back to its band when more than 3 in from its band-mates' centre. Where the way leads is
 * worked out when the move is made; a move that finds no room stays put.
 */
function destinationKeys(s: PiratesState, from: Vec, side: number, solo: number, near: number): string[] {
  const sc = s.sc;
  const keys: string[] = [];
  if (!pointInPolygon(from.x, from.y, sc.objective.poly)) keys.push('obj');
  if (!pointInPolygon(from.x, from.y, sc.home.poly)) keys.push('home');
  const nearest = nearestEnemies(s, side, from.x, from.y, 2);
  for (const n of nearest) if (n.d > near) keys.push(`foe:${sc.figures[n.f].id}`);
  if (sc.cover.length > 0 && !inCover(s, from.x, from.y)) keys.push('cover');
  if (nearest.length > 0 && nearest[0].d <= 12) keys.push('away');
  if (solo >= 0) {
    const b = s.band[solo];
    let n = 0;
    let cx = 0;
    let cy = 0;
    for (let g = 0; g < s.band.length; g++) {
      if (g === solo || s.band[g] !== b || s.status[g] !== ACTIVE) continue;
      n++;
      cx += s.x[g];
      cy += s.y[g];
    }
    if (n > 0 && dist(from.x, from.y, cx / n, cy / n) > 3) keys.push('band');
  }
  return keys;
}

/**
 * §3.F cohesion for a figure moving on its own: it must end within 6 inches of every other member
 * of its band — or, if it is already further, no further than it was (so stragglers may catch up).
 */
function cohesionRule(s: PiratesState, f: number): ((x: number, y: number) => boolean) | null {
  const b = s.band[f];
  if (b < 0) return null;
  const others: number[] = [];
  for (let g = 0; g < s.band.length; g++) if (g !== f && s.band[g] === b && s.status[g] === ACTIVE) others.push(g);
  if (others.length === 0) return null;
  let worst = 0;
  for (const g of others) worst = Math.max(worst, dist(s.x[f], s.y[f], s.x[g], s.y[g]));
  const lim = Math.max(COHESION, worst) + 1e-9;
  return (x, y) => {
    for (const g of others) if (dist(x, y, s.x[g], s.y[g]) > lim) return false;
    return true;
  };
}

/** The plan of figure `f` moving alone toward destination `key` (full allowance), or null. */
export function soloMovePlan(s: PiratesState, f: number, key: string): MovePlan | null {
  const from = { x: s.x[f], y: s.y[f] };
  const side = s.sc.figures[f].side;
  const d = destination(s, key, from, side, false, f);
  if (!d) return null;
  return planAlong(s, f, d.path, d.stopShort, allowanceOf(s, f, false), cohesionRule(s, f));
}

/** The plan of figure `f` moving alone to exact coordinates, or the reason it cannot (§4). */
export function exactMovePlan(s: PiratesState, f: number, x: number, y: number): MovePlan | string {
  const sc = s.sc;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (x < 0 || y < 0 || x > sc.width || y > sc.height) return `(${x}, ${y}) is off the table (${sc.width} × ${sc.height} in)`;
  if (!sc.nav.isFree(x, y)) return `(${x}, ${y}) is inside a building, water or too close to the table edge`;
  const path = sc.nav.path({ x: s.x[f], y: s.y[f] }, { x, y });
  if (!path) return `(${x}, ${y}) cannot be reached from here`;
  const al = allowanceOf(s, f, false);
  const limit = reachAlong(s, path.points, al);
  if (path.length > limit + 1e-9) {
    return `the way there is ${path.length.toFixed(1)} in; this move allows ${limit.toFixed(1)} in${limit < al.full ? ' (broken ground or uphill)' : ''}`;
  }
  if (!placeFree(s, x, y, f)) return `another figure stands at (${x}, ${y})`;
  const coh = cohesionRule(s, f);
  if (coh && !coh(x, y)) return `that would take the figure more than ${COHESION} in from its band (§3.F)`;
  return { points: path.points, to: { x, y }, length: path.length, limit };
}

/** Scratch space for the twelve places around a charge's target (no allocation per call). */
const RING_X = new Float64Array(12);
const RING_Y = new Float64Array(12);
const RING_D = new Float64Array(12);
const RING_I = new Int32Array(12);

/**
 * §6 move & fight: figure `f` moves up to half its allowance into base contact with `t`.
 * Tries the straight approach along the shortest path first, then twelve places around `t`.
 * `cohesion`: the §3.F rule of `f` when the caller has it already (else it is worked out).
 */
export function chargePlan(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null): MovePlan | null {
  const sc = s.sc;
  const al = allowanceOf(s, f, true);
  const from = { x: s.x[f], y: s.y[f] };
  const tp = { x: s.x[t], y: s.y[t] };
  const touch = 2 * sc.radius;
  if (dist(from.x, from.y, tp.x, tp.y) - touch > al.full + 1e-9) return null;
  const coh = cohesion === undefined ? cohesionRule(s, f) : cohesion;
  const ok = (x: number, y: number): boolean => placeFree(s, x, y, f) && (coh === null || coh(x, y));
  const path = sc.nav.path(from, tp);
  if (!path) return null;
  const want = path.length - touch;
  if (want <= 0) return null;
  if (want <= reachAlong(s, path.points, al) + 1e-9) {
    const p = pointAlong(path.points, want);
    if (ok(p.x, p.y)) {
      const pts = truncatePath(path.points, want);
      return { points: pts, to: p, length: pathLength(pts), limit: al.full };
    }
  }
  // The straight approach is blocked: try twelve places around the target, nearest first. A place
  // reached in a straight line is the shortest way to itself, so the first such place that is
  // nearer than every path found so far wins.
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * 2 * Math.PI;
    RING_X[i] = tp.x + touch * Math.cos(a);
    RING_Y[i] = tp.y + touch * Math.sin(a);
    RING_D[i] = dist(from.x, from.y, RING_X[i], RING_Y[i]);
    RING_I[i] = i;
  }
  // Nearest first (insertion sort of twelve; ties by angle).
  for (let i = 1; i < 12; i++) {
    const k = RING_I[i];
    let j = i - 1;
    while (j >= 0 && RING_D[RING_I[j]] > RING_D[k]) {
      RING_I[j + 1] = RING_I[j];
      j--;
    }
    RING_I[j + 1] = k;
  }
  let best: MovePlan | null = null;
  for (let n = 0; n < 12; n++) {
    const i = RING_I[n];
    const cx = RING_X[i];
    const cy = RING_Y[i];
    const cd = RING_D[i];
    if (cd > al.full + 1e-9) break;
    if (best && cd >= best.length) break;
    if (!sc.nav.isFree(cx, cy) || !ok(cx, cy)) continue;
    const p = sc.nav.clear(from.x, from.y, cx, cy) ? { points: [from, { x: cx, y: cy }], length: cd } : sc.nav.path(from, { x: cx, y: cy });
    if (!p || p.length > reachAlong(s, p.points, al) + 1e-9) continue;
    if (!best || p.length < best.length - 1e-9) best = { points: p.points, to: { x: cx, y: cy }, length: p.length, limit: al.full };
  }
  return best;
}

/** True when `f` may fire now (§7–§8): a loaded missile weapon that may be used here. */
function canFire(s: PiratesState, f: number): boolean {
  const w = s.sc.figures[f].weapon;
  return w.ranges.length > 0 && s.loaded[f] === 1 && s.reloading[f] === 0 && !(w.shipGun && s.sc.inPort);
}

/** The base die `f` would fire at `t` with from (x, y): 0 when out of range or out of sight. */
function fireDieFrom(s: PiratesState, f: number, t: number, x: number, y: number): number {
  const range = Math.max(0, dist(x, y, s.x[t], s.y[t]) - 2 * s.sc.radius);
  const die = fireDie(s.sc.figures[f].weapon, range);
  if (die === 0) return 0;
  return lineOfSight(s, x, y, s.x[t], s.y[t]) ? die : 0;
}

/**
 * §6 move & fire: move up to half the allowance toward `t` and fire at one step down. The figure
 * stops at the first place along the way with the best range band in sight; offered only when that
 * band is better than the one it has where it stands (or it has no shot from there).
 * `cohesion`: the §3.F rule of `f` when the caller has it already (else it is worked out).
 */
export function moveFirePlan(s: PiratesState, f: number, t: number, cohesion?: ((x: number, y: number) => boolean) | null): MovePlan | null {
  const sc = s.sc;
  const al = allowanceOf(s, f, true);
  const from = { x: s.x[f], y: s.y[f] };
  const here = fireDieFrom(s, f, t, from.x, from.y);
  if (here >= 10) return null;
  const path = sc.nav.path(from, { x: s.x[t], y: s.y[t] });
  if (!path) return null;
  const maxd = Math.min(reachAlong(s, path.points, al), path.length - 2 * sc.radius);
  const coh = cohesion === undefined ? cohesionRule(s, f) : cohesion;
  let bestD = -1;
  let bestDie = 0;
  for (let d = 0.5; d <= maxd + 1e-9 && bestDie < 10; d += 0.5) {
    const p = pointAlong(path.points, d);
    const die = fireDieFrom(s, f, t, p.x, p.y);
    if (die > bestDie && placeFree(s, p.x, p.y, f) && (coh === null || coh(p.x, p.y))) {
      bestDie = die;
      bestD = d;
    }
  }
  // Offered only when moving reaches a better range band (or a line of sight) than standing still.
  if (bestD < 0 || bestDie <= here) return null;
  const pts = truncatePath(path.points, bestD);
  return { points: pts, to: pts[pts.length - 1], length: pathLength(pts), limit: al.full };
}

// ───────────────────────────── legal actions ─────────────────────────────

/** The legal actions of the deciding side, in a fixed order. Precondition: not over. */
export function legalActions(s: PiratesState): PiratesAction[] {
  if (s.phase === PH_BAND) {
    const out = bandChoices(s, s.actCard);
    out.push({ k: 'pass' });
    return out;
  }
  if (s.phase === PH_GROUP) return groupOptions(s);
  if (s.phase === PH_FIGURE) return figureOptions(s, s.queue[s.qPos]);
  return [];
}

function groupOptions(s: PiratesState): PiratesAction[] {
  const members = bandMembers(s, s.actBand);
  const c = centreOf(s, members, members.length);
  const side = s.sc.figures[members[0]].side;
  const out: PiratesAction[] = [];
  for (const key of destinationKeys(s, c, side, -1, GROUP_STOP_SHORT + 0.5)) out.push({ k: 'group', to: key });
  out.push({ k: 'solo' });
  return out;
}

function byDist(p: { f: number; d: number }, q: { f: number; d: number }): number {
  return p.d - q.d || p.f - q.f;
}

function figureOptions(s: PiratesState, f: number): PiratesAction[] {
  const sc = s.sc;
  const info = sc.figures[f];
  const side = info.side;
  const out: PiratesAction[] = [];
  const group = s.groupTo !== '';
  if (group) out.push({ k: 'follow' });
  out.push({ k: 'hold' });
  if (!group) for (const key of destinationKeys(s, { x: s.x[f], y: s.y[f] }, side, f, sc.contact)) out.push({ k: 'move', to: key });
  if (!s.attacked[f]) {
    const coh = cohesionRule(s, f);
    const half = allowanceOf(s, f, true).full;
    const fire = canFire(s, f);
    const reach = fire ? maxRange(info.weapon) + 2 * sc.radius : 0;
    const contact: number[] = [];
    const chargeable: { f: number; d: number }[] = [];
    const targets: { f: number; d: number }[] = [];
    const far: { f: number; d: number }[] = [];
    for (const e of sc.sides[1 - side].figures) {
      if (s.status[e] !== ACTIVE) continue;
      const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
      if (d <= sc.contact) contact.push(e);
      else if (d - 2 * sc.radius <= half) chargeable.push({ f: e, d });
      if (fire) {
        if (d <= reach && lineOfSight(s, s.x[f], s.y[f], s.x[e], s.y[e])) targets.push({ f: e, d });
        else if (d <= reach + half) far.push({ f: e, d });
      }
    }
    for (const e of contact) {
      out.push({ k: 'fight', t: sc.figures[e].id, capture: false });
      if (sc.captures) out.push({ k: 'fight', t: sc.figures[e].id, capture: true });
    }
    chargeable.sort(byDist);
    for (const c of chargeable.slice(0, 3)) {
      if (!chargePlan(s, f, c.f, coh)) continue;
      out.push({ k: 'charge', t: sc.figures[c.f].id, capture: false });
      if (sc.captures) out.push({ k: 'charge', t: sc.figures[c.f].id, capture: true });
    }
    if (fire) {
      targets.sort(byDist);
      for (const t of targets.slice(0, 4)) out.push({ k: 'fire', t: sc.figures[t.f].id });
      const mf = [...targets.filter((t) => fireDieFrom(s, f, t.f, s.x[f], s.y[f]) < 10), ...far].sort(byDist);
      let n = 0;
      for (const t of mf) {
        if (n >= 3) break;
        if (moveFirePlan(s, f, t.f, coh)) {
          out.push({ k: 'moveFire', t: sc.figures[t.f].id });
          n++;
        }
      }
    }
  }
  if (side === sc.raiders && !s.booty[f] && pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) out.push({ k: 'pillage' });
  if (info.weapon.ranges.length > 0 && !s.loaded[f] && !s.reloading[f]) out.push({ k: 'reload' });
  return out;
}

// ───────────────────────────── apply ─────────────────────────────

function fail(s: PiratesState, a: PiratesAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

function figureArg(s: PiratesState, a: PiratesAction, id: string): number {
  const t = s.sc.figureIndex.get(id);
  if (t === undefined) fail(s, a, `no figure "${id}"`);
  return t;
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: PiratesState, a: PiratesAction, ctx: StepContext): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  s.decisions++;
  if (s.phase === PH_BAND) {
    const card = s.sc.deck[s.actCard];
    if (a.k === 'pass') {
      s.counters[C.passes]++;
      ctx.emit?.({ e: 'pass', turn: s.turn, side: s.sc.sides[card.side].id, card: card.label });
      nextCard(s, ctx);
      return;
    }
    if (a.k === 'band') {
      const n = bandMembers(s, a.b).length;
      if (a.b < 0 || a.b >= s.nBands || s.bandSide[a.b] !== card.side || s.bandDone[a.b] || n === 0 || n > card.value) {
        fail(s, a, `band ${a.b} cannot answer ${card.label}`);
      }
      startActivation(s, a.b, false, ctx);
      return;
    }
    if (a.k === 'new') {
      const g = s.sc.groups.findIndex((x) => x.id === a.g && x.side === card.side);
      if (g < 0) fail(s, a, `no group "${a.g}" on this side`);
      const members = newBandCandidates(s, g, card.value);
      if (a.n < 1 || a.n > members.length) fail(s, a, `group ${a.g} cannot form a band of ${a.n}`);
      const b = s.nBands++;
      s.bandSide[b] = card.side;
      s.bandSize[b] = a.n;
      for (let i = 0; i < a.n; i++) s.band[members[i]] = b;
      startActivation(s, b, true, ctx);
      return;
    }
    fail(s, a, 'a band must be chosen for the card');
  }
  if (s.phase === PH_GROUP) {
    if (a.k === 'solo') s.groupTo = '';
    else if (a.k === 'group') {
      if (!groupOptions(s).some((o) => o.k === 'group' && o.to === a.to)) fail(s, a, `no group move "${a.to}" now`);
      s.groupTo = a.to;
      s.counters[C.groupMoves]++;
    } else fail(s, a, 'a group move (or solo) must be chosen');
    s.phase = PH_FIGURE;
    nextFigure(s, ctx);
    return;
  }
  const f = s.queue[s.qPos];
  figureAction(s, f, a, ctx);
  if (s.phase === PH_OVER) return;
  if (checkVictory(s, ctx)) return;
  s.qPos++;
  nextFigure(s, ctx);
}

function figureAction(s: PiratesState, f: number, a: PiratesAction, ctx: StepContext): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const group = s.groupTo !== '';
  switch (a.k) {
    case 'hold':
      return;
    case 'follow':
      if (!group) fail(s, a, 'no group move to follow');
      s.followers[s.nFollow++] = f;
      return;
    case 'move': {
      if (group) fail(s, a, 'the band is making a group move: follow it or act in place');
      if (!destinationKeys(s, { x: s.x[f], y: s.y[f] }, info.side, f, sc.contact).includes(a.to)) fail(s, a, `"${a.to}" is not a destination now`);
      const plan = soloMovePlan(s, f, a.to);
      if (plan) execMove(s, f, plan, 'move', allowanceOf(s, f, false).full, ctx);
      else ctx.emit?.({ e: 'blocked', turn: s.turn, figure: info.id, to: a.to });
      return;
    }
    case 'moveTo': {
      if (group) fail(s, a, 'the band is making a group move: follow it or act in place');
      const plan = exactMovePlan(s, f, a.x, a.y);
      if (typeof plan === 'string') fail(s, a, plan);
      execMove(s, f, plan, 'move', allowanceOf(s, f, false).full, ctx);
      return;
    }
    case 'fight': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      if (dist(s.x[f], s.y[f], s.x[t], s.y[t]) > sc.contact) fail(s, a, `${a.t} is not in base contact`);
      if (a.capture && !sc.captures) fail(s, a, 'captures are off in this scenario');
      resolveAttack(s, f, t, { mode: 'fight', charged: false, moved: false, capture: a.capture }, ctx);
      return;
    }
    case 'charge': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      if (a.capture && !sc.captures) fail(s, a, 'captures are off in this scenario');
      const plan = chargePlan(s, f, t);
      if (!plan) fail(s, a, `cannot reach ${a.t} on half a move`);
      execMove(s, f, plan, 'charge', allowanceOf(s, f, true).full, ctx);
      resolveAttack(s, f, t, { mode: 'fight', charged: true, moved: false, capture: a.capture }, ctx);
      return;
    }
    case 'fire': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (!canFire(s, f)) fail(s, a, 'no loaded missile weapon (§8)');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      if (fireDieFrom(s, f, t, s.x[f], s.y[f]) === 0) fail(s, a, `${a.t} is out of range or out of sight`);
      resolveAttack(s, f, t, { mode: 'fire', charged: false, moved: false, capture: false }, ctx);
      return;
    }
    case 'moveFire': {
      const t = figureArg(s, a, a.t);
      if (s.attacked[f]) fail(s, a, 'this figure has attacked this turn (§5.B(3))');
      if (!canFire(s, f)) fail(s, a, 'no loaded missile weapon (§8)');
      if (sc.figures[t].side === info.side || s.status[t] !== ACTIVE) fail(s, a, `${a.t} is not an enemy on the table`);
      const plan = moveFirePlan(s, f, t);
      if (!plan) fail(s, a, `no better place to fire at ${a.t} from within half a move`);
      execMove(s, f, plan, 'moveFire', allowanceOf(s, f, true).full, ctx);
      resolveAttack(s, f, t, { mode: 'fire', charged: false, moved: true, capture: false }, ctx);
      return;
    }
    case 'pillage': {
      if (info.side !== sc.raiders) fail(s, a, 'only raiders pillage');
      if (s.booty[f]) fail(s, a, 'already carrying booty');
      if (!pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) fail(s, a, `not at ${sc.objective.name}`);
      s.pillage[f]++;
      s.counters[C.pillages]++;
      const load = s.pillage[f] >= sc.pillageTurns;
      if (load) {
        s.pillage[f] = 0;
        s.booty[f] = 1;
        s.pillaged++;
      }
      ctx.emit?.({ e: 'pillage', turn: s.turn, figure: info.id, booty: load, pillaged: s.pillaged });
      return;
    }
    case 'reload': {
      if (info.weapon.ranges.length === 0 || s.loaded[f] || s.reloading[f]) fail(s, a, 'nothing to reload');
      s.reloading[f] = 1;
      s.counters[C.reloads]++;
      ctx.emit?.({ e: 'reload', turn: s.turn, figure: info.id });
      return;
    }
    default:
      fail(s, a, 'not a figure action');
  }
}

/** Carry out a planned move and what arriving somewhere does (reaching the objective, landing booty). */
function execMove(s: PiratesState, f: number, plan: MovePlan, kind: string, allowance: number, ctx: StepContext): void {
  const fx = s.x[f];
  const fy = s.y[f];
  s.x[f] = plan.to.x;
  s.y[f] = plan.to.y;
  const pts = plan.points;
  if (pts.length >= 2) {
    const a = pts[pts.length - 2];
    if (dist(a.x, a.y, plan.to.x, plan.to.y) > 1e-9) s.facing[f] = angleTo(a.x, a.y, plan.to.x, plan.to.y);
  }
  ctx.emit?.({
    e: 'move',
    turn: s.turn,
    figure: s.sc.figures[f].id,
    kind,
    from: [r2(fx), r2(fy)],
    to: [r2(plan.to.x), r2(plan.to.y)],
    allowance,
    limit: r2(plan.limit),
    path: r2(plan.length),
  });
  arrive(s, f, ctx);
}

function arrive(s: PiratesState, f: number, ctx: StepContext): void {
  const sc = s.sc;
  if (sc.figures[f].side !== sc.raiders) return;
  if (pointInPolygon(s.x[f], s.y[f], sc.objective.poly)) s.reached[f] = 1;
  if (s.booty[f] && pointInPolygon(s.x[f], s.y[f], sc.home.poly)) {
    s.booty[f] = 0;
    s.landed++;
    ctx.emit?.({ e: 'land', turn: s.turn, figure: sc.figures[f].id, landed: s.landed });
    checkVictory(s, ctx);
  }
}

/**
 * §4.D group movement: the followers' centre moves along the shortest way toward the destination,
 * no further than the band's allowance (the smallest of its followers', halved if any carries
 * booty); the followers then stand in a tight formation (within 2 in of the new centre, so within
 * 6 in of each other) keeping their places relative to each other where they can.
 */
function executeGroupMove(s: PiratesState, ctx: StepContext): void {
  const sc = s.sc;
  const nav = sc.nav;
  const F: number[] = [];
  for (let i = 0; i < s.nFollow; i++) if (s.status[s.followers[i]] === ACTIVE) F.push(s.followers[i]);
  if (F.length === 0) return;
  const side = sc.figures[F[0]].side;
  const al = { full: Infinity, slow: Infinity };
  for (const f of F) {
    const a = allowanceOf(s, f, false);
    al.full = Math.min(al.full, a.full);
    al.slow = Math.min(al.slow, a.slow);
  }
  const c = centreOf(s, F, F.length);
  let start = c;
  if (!nav.isFree(c.x, c.y)) {
    let best = F[0];
    for (const f of F) if (dist(c.x, c.y, s.x[f], s.y[f]) < dist(c.x, c.y, s.x[best], s.y[best])) best = f;
    start = { x: s.x[best], y: s.y[best] };
  }
  const d = destination(s, s.groupTo, start, side, true, -1);
  if (!d) return;
  const want = Math.min(d.path.length - d.stopShort, reachAlong(s, d.path.points, al));
  if (want <= 0.05) return;
  const centrePts = truncatePath(d.path.points, want);
  const nc = centrePts[centrePts.length - 1];
  const isF = new Uint8Array(s.status.length);
  for (const f of F) isF[f] = 1;
  const lim = (2 * sc.radius - 1e-6) ** 2;
  let fixed: number[] = [];
  let placed = new Map<number, Vec>();
  for (let round = 0; round < 4; round++) {
    placed = new Map();
    const failed: number[] = [];
    for (const f of F) {
      if (fixed.includes(f)) continue;
      let ox = s.x[f] - c.x;
      let oy = s.y[f] - c.y;
      const ol = Math.sqrt(ox * ox + oy * oy);
      if (ol > FORMATION) {
        ox *= FORMATION / ol;
        oy *= FORMATION / ol;
      }
      const ok = (x: number, y: number): boolean => {
        if (dist(x, y, nc.x, nc.y) > FORMATION + 1 || !nav.clear(nc.x, nc.y, x, y)) return false;
        for (let g = 0; g < s.status.length; g++) {
          if ((isF[g] && !fixed.includes(g)) || (s.status[g] !== ACTIVE && s.status[g] !== FLEEING)) continue;
          if ((s.x[g] - x) ** 2 + (s.y[g] - y) ** 2 < lim) return false;
        }
        for (const p of placed.values()) if ((p.x - x) ** 2 + (p.y - y) ** 2 < lim) return false;
        return true;
      };
      const p = nav.nearestFree(nc.x + ox, nc.y + oy, FORMATION + 1, ok);
      if (p) placed.set(f, p);
      else failed.push(f);
    }
    if (failed.length === 0) break;
    fixed = [...fixed, ...failed];
    if (round === 3) placed = new Map();
  }
  if (placed.size === 0) return;
  const moved = F.filter((f) => placed.has(f));
  const facing = angleTo(start.x, start.y, nc.x, nc.y);
  ctx.emit?.({
    e: 'groupMove',
    turn: s.turn,
    band: s.actBand,
    to: s.groupTo,
    from: [r2(start.x), r2(start.y)],
    centre: [r2(nc.x), r2(nc.y)],
    allowance: al.full,
    limit: r2(reachAlong(s, d.path.points, al)),
    path: r2(pathLength(centrePts)),
    figures: moved.map((f) => sc.figures[f].id),
  });
  for (const f of moved) {
    const p = placed.get(f) as Vec;
    const fx = s.x[f];
    const fy = s.y[f];
    const route = nav.path({ x: fx, y: fy }, p);
    s.x[f] = p.x;
    s.y[f] = p.y;
    s.facing[f] = facing;
    ctx.emit?.({
      e: 'move',
      turn: s.turn,
      figure: sc.figures[f].id,
      kind: 'group',
      from: [r2(fx), r2(fy)],
      to: [r2(p.x), r2(p.y)],
      allowance: al.full,
      limit: r2(reachAlong(s, d.path.points, al)),
      path: r2(pathLength(centrePts)),
      route: route ? r2(route.length) : -1,
    });
    arrive(s, f, ctx);
    if (s.phase === PH_OVER) return;
  }
}
