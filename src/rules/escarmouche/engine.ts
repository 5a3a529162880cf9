/**
 * The Escarmouche turn machine (PLAY) and its actions (MOVING, DEVELOPING, SHOOTING, FIGHTING and
 * the special actions), as small decisions:
 *
 *   PH_PICK — the side whose turn it is picks a figure that has not acted this turn, or passes
 *             the rest of its turn;
 *   PH_ACT  — the picked figure takes one action at a time (move, marshal, develop, reserve,
 *             shoot, volley, fight) or ends its turn; after each action its dice decide whether it
 *             keeps the initiative (a single 1 ends the figure's turn; a second single 1 in the
 *             side's turn, or two 1s in one roll, end the side's turn);
 *   PH_INT  — after an enemy figure moves where a reserved figure can act on it, the reserving side
 *             may interrupt (one shot, fight or taking cover per reserved figure) or let it go.
 *
 * Every die is rolled here from `ctx.rng`; events are built only when `ctx.emit` is set.
 * Readings of unclear passages are in docs/rules/escarmouche.md, by section.
 */
import type { StepContext } from '../../core/model.js';
import { type Vec, dist, distToPolygon, nearestPointOfPolygon, pointInPolygon } from '../../core/geometry.js';
import { type FigureView, type StraightMove, type StraightStop, baseGap, inBaseContact, nearestFigures, straightMove } from '../../core/table/index.js';
import type { EscScenario } from './compile.js';
import {
  ACTION_CAP,
  C,
  PH_ACT,
  PH_INT,
  PH_OVER,
  PH_PICK,
  SIDE_ALL_ACTED,
  SIDE_DOUBLE_ONE,
  SIDE_PASS,
  SIDE_SECOND_ONE,
  SIDE_WHY,
  type EscState,
  newState,
} from './state.js';
import { type Effect, NO_EFFECT, countOnes, d6s, fightingEffect, opposed, score, shootingEffect, terrainDice } from './tables.js';

/** A developing action (DEVELOPING): build the pool, take cover, stand up, remove a Shaken marker, pick up a weapon. */
export type DevKind = 'ready' | 'cover' | 'stand' | 'rally' | 'rearm';
/** How a fight is joined: alone; with every friend at the defender's zone of control; massed pike; inside the pikes. */
export type FightMode = 'alone' | 'all' | 'massed' | 'close';
/** What a reserved figure does when it interrupts. */
export type InterruptKind = 'shoot' | 'fight' | 'cover';

/**
 * One decision of Escarmouche. Figures are named by id (`R3`); a move names its destination (see
 * {@link moveOptions}: `foe:P3`, `obj:<area>`, `cover:<area>`, `friend:R4`, `dir:ne`, `away`), resolved
 * to a straight line on the table when it is applied; a marshal also says how many of the nearest
 * friends in sight go with the marshal.
 */
export type EscAction =
  | { k: 'pick'; f: string }
  | { k: 'pass' }
  | { k: 'move'; to: string }
  | { k: 'marshal'; to: string; n: number }
  | { k: 'dev'; d: DevKind }
  | { k: 'reserve' }
  | { k: 'shoot'; t: string }
  | { k: 'volley'; t: string }
  | { k: 'fight'; t: string; m: FightMode }
  | { k: 'end' }
  | { k: 'int'; f: string; a: InterruptKind; t: string }
  | { k: 'wait' };

/** How a roll left the initiative: kept; the figure's turn over; the side's turn over; or (interrupts) no bearing. */
export type InitiativeResult = 'keep' | 'figure' | 'side' | 'none';

// ───────────────────────────── queries ─────────────────────────────

/** True when `f` carries a pike it can use (armed with one and not Disarmed). */
export function pikeArmed(s: EscState, f: number): boolean {
  return s.sc.figures[f].hasPike && s.disarmed[f] === 0;
}

/**
 * The figures as the table kit sees them (in play = on the table; facing is not used by
 * Escarmouche): made on first use and kept with the state (it reads the state's own arrays).
 */
export function figureView(s: EscState): FigureView {
  return s.view ?? (s.view = new EscView(s));
}
const ZERO_FACING = { length: 0 } as ArrayLike<number>;

/** {@link figureView}'s view: a class, so that no closure is made (and named) per view. */
class EscView implements FigureView {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly facing: ArrayLike<number> = ZERO_FACING;
  readonly radius: number;
  private readonly wounds: Uint8Array;
  constructor(s: EscState) {
    this.x = s.x;
    this.y = s.y;
    this.radius = s.sc.radius;
    this.wounds = s.wounds;
  }
  occupies(i: number): boolean {
    return this.wounds[i] > 0;
  }
}

/** Distance between two figures' centres (table unit). */
export function centreDist(s: EscState, a: number, b: number): number {
  return dist(s.x[a], s.y[a], s.x[b], s.y[b]);
}

/** Gap between two figures' bases, edge to edge (never negative): the kit's {@link baseGap}. */
export function gap(s: EscState, a: number, b: number): number {
  return baseGap(figureView(s), a, b);
}

/**
 * FIGHTING: true when `b` stands at `a`'s zone of control — "within one base width" (edge to edge)
 * — and the reverse: the kit's base contact with one base width (and a millionth) of tolerance.
 */
export function atZoc(s: EscState, a: number, b: number): boolean {
  return inBaseContact(figureView(s), a, b, s.sc.zoc + 1e-6);
}

/** Line of sight between two figures' centres (terrain that blocks sight; figures never block). */
export function sees(s: EscState, a: number, b: number): boolean {
  return s.sc.table.lineOfSight(s.x[a], s.y[a], s.x[b], s.y[b]);
}

/** Enemies of `f` still in play. */
export function enemiesOf(s: EscState, f: number): number[] {
  const out: number[] = [];
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0) out.push(e);
  return out;
}

/** Enemies of `f` at whose zone of control it stands. */
export function zocEnemies(s: EscState, f: number): number[] {
  const out: number[] = [];
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && atZoc(s, f, e)) out.push(e);
  return out;
}

/** A move destination as offered (see {@link moveOptions}): where the straight line ends and why. */
export interface MoveOption {
  /** The destination key of the action (`foe:P3`, `obj:mill-bridge`, `cover:hedge-w`, `friend:R4`, `away`, `dir:ne`). */
  key: string;
  /** Where the line ends (table unit). */
  to: Vec;
  length: number;
  /** Why it ended there (the target reached, the terrain changing, an enemy's ZOC, a base, an obstacle). */
  stop: StraightStop;
  /** The terrain type moved through and its passive dice (MOVING table). */
  terrain: string;
  dice: number;
}

/** The eight directions of the `dir:` destinations (radians: 0 east, π/2 south). */
export const DIRECTIONS: readonly [string, number][] = [
  ['n', -Math.PI / 2],
  ['ne', -Math.PI / 4],
  ['e', 0],
  ['se', Math.PI / 4],
  ['s', Math.PI / 2],
  ['sw', (3 * Math.PI) / 4],
  ['w', Math.PI],
  ['nw', (-3 * Math.PI) / 4],
];

/**
 * Shortest push-back or step apart made (table unit): two thousandths,
 * so that every change of place made (which leaves cover, [E24]) shows in the record's places,
 * rounded to thousandths. A shorter slide is not made.
 */
const MIN_SHIFT = 2e-3;

/** Shortest move worth offering (table unit): a hundredth of a base width … but at least 0.05. */
function minMove(s: EscState): number {
  return Math.max(0.05, s.sc.radius / 10);
}

/**
 * MOVING: the straight line of figure `f` toward `target`: through the terrain type it enters,
 * stopping at the target, where the terrain type changes (just before it), at an enemy's zone of
 * control (its centre 2 radii + one base width from the enemy's: the bases one base width apart),
 * where its base would touch another base or impassable ground, or at the table edge.
 */
export function lineToward(s: EscState, f: number, target: Vec): StraightMove {
  const sc = s.sc;
  return straightMove(sc.table, figureView(s), f, target, {
    groundAt: sc.terrainAt,
    keepOffFrom: enemiesOf(s, f),
    keepOff: 2 * sc.radius + sc.zoc,
  });
}

/** The destination point of key `key` for figure `f`, or null when the key names nothing now. */
export function destination(s: EscState, f: number, key: string): Vec | null {
  const sc = s.sc;
  const far = sc.table.width + sc.table.height;
  const x = s.x[f];
  const y = s.y[f];
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const arg = colon < 0 ? '' : key.slice(colon + 1);
  switch (kind) {
    case 'foe':
    case 'friend': {
      const g = sc.figureIndex.get(arg);
      if (g === undefined || g === f || s.wounds[g] === 0) return null;
      const enemy = sc.figures[g].side !== sc.figures[f].side;
      if (enemy !== (kind === 'foe')) return null;
      return { x: s.x[g], y: s.y[g] };
    }
    case 'obj': {
      for (const o of sc.objectives) if (o.area.id === arg) return o.centre;
      return null;
    }
    case 'cover': {
      for (const a of sc.table.coverAreas) if (a.id === arg) return nearestPointOfPolygon(x, y, a.poly);
      return null;
    }
    case 'dir': {
      for (const d of DIRECTIONS) if (d[0] === arg) return { x: x + far * Math.cos(d[1]), y: y + far * Math.sin(d[1]) };
      return null;
    }
    case 'away': {
      const near = nearestFigures(figureView(s), sc.sides[1 - sc.figures[f].side].figures, x, y, 1);
      if (near.length === 0 || near[0].d < 1e-9) return null;
      const { f: best, d: bd } = near[0];
      return { x: x + ((x - s.x[best]) / bd) * far, y: y + ((y - s.y[best]) / bd) * far };
    }
    default:
      return null;
  }
}

/** Up to this many pieces of cover (the nearest) are offered as destinations. */
const COVER_OPTIONS = 3;

/**
 * MOVING: the candidate moves of figure `f` — "movement is unmeasured", so a move is offered toward
 * each enemy it can see, each objective, the nearest pieces of cover it does not already touch,
 * each friendly pikeman (for a pikeman: to close up for massed pike), away from the nearest enemy,
 * and in the eight directions to the edge of the terrain it enters. Each is a real straight line
 * ({@link lineToward}); lines shorter than a tenth of a base radius, and lines ending where an
 * earlier one ends, are left out. In that order (a stable order for action keys).
 */
export function moveOptions(s: EscState, f: number): MoveOption[] {
  const sc = s.sc;
  const keys: string[] = [];
  for (const e of enemiesOf(s, f)) if (sees(s, f, e)) keys.push(`foe:${sc.figures[e].id}`);
  for (const o of sc.objectives) keys.push(`obj:${o.area.id}`);
  const covers = sc.table.coverAreas
    .map((a) => ({ a, d: distToPolygon(s.x[f], s.y[f], a.poly) }))
    .filter((c) => c.d > sc.radius + 1e-9)
    .sort((p, q) => p.d - q.d || (p.a.id < q.a.id ? -1 : 1))
    .slice(0, COVER_OPTIONS);
  for (const c of covers) keys.push(`cover:${c.a.id}`);
  if (pikeArmed(s, f)) for (const g of sc.sides[sc.figures[f].side].figures) if (g !== f && s.wounds[g] > 0 && pikeArmed(s, g)) keys.push(`friend:${sc.figures[g].id}`);
  keys.push('away');
  for (const [d] of DIRECTIONS) keys.push(`dir:${d}`);
  const out: MoveOption[] = [];
  const min = minMove(s);
  for (const key of keys) {
    const opt = moveOption(s, f, key);
    if (!opt || opt.length < min) continue;
    if (out.some((o) => Math.abs(o.to.x - opt.to.x) < 0.05 && Math.abs(o.to.y - opt.to.y) < 0.05)) continue;
    out.push(opt);
  }
  return out;
}

/** The move of figure `f` toward destination `key` (see {@link moveOptions}), or null when it names nothing. */
export function moveOption(s: EscState, f: number, key: string): MoveOption | null {
  const target = destination(s, f, key);
  if (!target) return null;
  const m = lineToward(s, f, target);
  const terrain = m.ground ?? s.sc.terrainAt(s.x[f], s.y[f]);
  return { key, to: m.to, length: m.length, stop: m.stop, terrain, dice: terrainDice(terrain) };
}

/**
 * Special move — marshal: friends of `f` in its line of sight that may be marshalled — in play,
 * not yet acted this turn, not Cowered (prone: standing up is its own action) — nearest first.
 */
export function marshalFollowers(s: EscState, f: number): number[] {
  const can: number[] = [];
  for (const g of s.sc.sides[s.sc.figures[f].side].figures) {
    if (g !== f && s.wounds[g] > 0 && !s.acted[g] && !s.cowered[g] && sees(s, f, g)) can.push(g);
  }
  // Nearest first, ties by index (the kit's nearestFigures).
  const near = nearestFigures(figureView(s), can, s.x[f], s.y[f], can.length);
  const out: number[] = [];
  for (const n of near) out.push(n.f);
  return out;
}

/** Most figures offered to marshal at once (the nearest 1, 2 or 3 in sight). */
export const MARSHAL_MAX = 3;

/** One mover of a {@link marshalPlan}: its figure, its straight line and the terrain it goes through. */
export interface MarshalLine {
  figure: number;
  from: Vec;
  to: Vec;
  length: number;
  stop: StraightStop;
  terrain: string;
}

/**
 * Special move — marshal: who goes and where, for marshal `f` moving along `opt` with up to `n`
 * friends ([E26], [E26b]). The marshal first; then the friends of {@link marshalFollowers}, nearest
 * first, each "moved" the same direction and distance as a straight line of its own from where it
 * stands (with the movers before it already moved), until `n` have gone. A friend whose line would
 * be shorter than a move offered ({@link minMove}: it cannot go that way) is not marshalled — it is
 * not "moved", adds no die and keeps its turn (since 2.2.0, second outside reading D5; before, it
 * stood still, yet added a die and lost its turn). The state is left as it was. The first line is
 * the marshal's; the rest are the followers', in order; and the plan with `n` friends is the first
 * part of the plan with more.
 */
export function marshalPlan(s: EscState, f: number, opt: MoveOption, n: number): MarshalLine[] {
  const sc = s.sc;
  const dx = opt.to.x - s.x[f];
  const dy = opt.to.y - s.y[f];
  const lines: MarshalLine[] = [{ figure: f, from: { x: s.x[f], y: s.y[f] }, to: opt.to, length: opt.length, stop: opt.stop, terrain: opt.terrain }];
  // Who may be marshalled is judged where the marshal stands before the move.
  const candidates = marshalFollowers(s, f);
  s.x[f] = opt.to.x;
  s.y[f] = opt.to.y;
  const min = minMove(s);
  try {
    for (const g of candidates) {
      if (lines.length > n) break;
      const m = lineToward(s, g, { x: s.x[g] + dx, y: s.y[g] + dy });
      if (m.length < min) continue;
      lines.push({ figure: g, from: { x: s.x[g], y: s.y[g] }, to: m.to, length: m.length, stop: m.stop, terrain: m.ground ?? sc.terrainAt(s.x[g], s.y[g]) });
      s.x[g] = m.to.x;
      s.y[g] = m.to.y;
    }
  } finally {
    for (const l of lines) {
      s.x[l.figure] = l.from.x;
      s.y[l.figure] = l.from.y;
    }
  }
  return lines;
}

/** The passive dice of a marshal's movers before the +1 per follower: the worst terrain any goes through, 5 with a cannon ([E23], [E26b]). */
export function marshalTerrainDice(s: EscState, lines: readonly MarshalLine[]): number {
  let base = 0;
  for (const l of lines) base = Math.max(base, terrainDice(l.terrain), s.sc.figures[l.figure].moveFloor);
  return base;
}

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

/** True when `f` may direct a volley: it carries a missile weapon other than a cannon (a volley is a shoot action). */
export function canDirect(s: EscState, f: number): boolean {
  const w = s.sc.figures[f].missile;
  return w !== null && w.key !== 'cannon';
}

/** FIGHTING: friends of `f` in play at `other`'s zone of control (drawn into a fight "even if they have already used up their initiative"). */
export function friendsAtZocOf(s: EscState, f: number, other: number): number[] {
  const out: number[] = [];
  for (const g of s.sc.sides[s.sc.figures[f].side].figures) if (g !== f && s.wounds[g] > 0 && atZoc(s, g, other)) out.push(g);
  return out;
}

/** Special fight — massed pike: other pikemen of `f`'s side with their pikes in base contact with it (and, when `fresh`, not yet acted). */
export function pikeSupporters(s: EscState, f: number, fresh: boolean): number[] {
  const out: number[] = [];
  const tol = s.sc.radius / 5;
  const v = figureView(s);
  for (const g of s.sc.sides[s.sc.figures[f].side].figures) {
    if (g === f || s.wounds[g] === 0 || !pikeArmed(s, g) || (fresh && s.acted[g])) continue;
    if (inBaseContact(v, f, g, tol)) out.push(g);
  }
  return out;
}

/** Enemies of `f` in play that it can see (shooting targets; "projectile weapons range the board"). */
export function visibleEnemies(s: EscState, f: number): number[] {
  const out: number[] = [];
  for (const e of s.sc.sides[1 - s.sc.figures[f].side].figures) if (s.wounds[e] > 0 && sees(s, f, e)) out.push(e);
  return out;
}

/** True when `f` may take cover where it stands: its base touches cover, it is not in cover already and not prone. */
export function canTakeCover(s: EscState, f: number): boolean {
  return !s.cover[f] && !s.cowered[f] && s.sc.table.coverAt(s.x[f], s.y[f]) !== null;
}

/** Figures of the side to act that may still be picked this turn. */
export function pickable(s: EscState): number[] {
  const out: number[] = [];
  for (const f of s.sc.sides[s.side].figures) if (s.wounds[f] > 0 && !s.acted[f]) out.push(f);
  return out;
}

// ───────────────────────────── legal actions ─────────────────────────────

/** The legal actions of the deciding side (see {@link Ruleset.legalActions}). */
export function legalActions(s: EscState): EscAction[] {
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    const out: EscAction[] = pickable(s).map((f) => ({ k: 'pick', f: sc.figures[f].id }));
    out.push({ k: 'pass' });
    return out;
  }
  if (s.phase === PH_ACT) return actOptions(s, s.actor);
  if (s.phase === PH_INT) return interruptOptions(s);
  return [];
}

function actOptions(s: EscState, f: number): EscAction[] {
  const sc = s.sc;
  const info = sc.figures[f];
  const out: EscAction[] = [];
  if (!s.cowered[f]) {
    const moves = moveOptions(s, f);
    for (const m of moves) out.push({ k: 'move', to: m.key });
    const nf = Math.min(MARSHAL_MAX, marshalFollowers(s, f).length);
    for (let n = 1; n <= nf; n++) for (const m of moves) out.push({ k: 'marshal', to: m.key, n });
  }
  out.push({ k: 'dev', d: 'ready' });
  if (canTakeCover(s, f)) out.push({ k: 'dev', d: 'cover' });
  if (s.cowered[f]) out.push({ k: 'dev', d: 'stand' });
  if (s.shaken[f] > 0) out.push({ k: 'dev', d: 'rally' });
  if (s.disarmed[f]) out.push({ k: 'dev', d: 'rearm' });
  out.push({ k: 'reserve' });
  const seen = visibleEnemies(s, f);
  if (info.missile) for (const t of seen) out.push({ k: 'shoot', t: sc.figures[t].id });
  if (canDirect(s, f)) for (const t of seen) if (volleyHelpers(s, f, t).length > 0) out.push({ k: 'volley', t: sc.figures[t].id });
  for (const t of zocEnemies(s, f)) {
    if (!fightContact(s, f, t)) continue;
    const id = sc.figures[t].id;
    out.push({ k: 'fight', t: id, m: 'alone' });
    if (friendsAtZocOf(s, f, t).length > 0) out.push({ k: 'fight', t: id, m: 'all' });
    if (pikeArmed(s, f) && sc.figures[t].mounted && pikeSupporters(s, f, true).length > 0) out.push({ k: 'fight', t: id, m: 'massed' });
    if (s.fenceBeat === t && pikeArmed(s, t)) out.push({ k: 'fight', t: id, m: 'close' });
  }
  out.push({ k: 'end' });
  return out;
}

/** The interrupts open now (PH_INT): each reserved figure's shot, fight or cover against the figures that just moved, then "wait". */
export function interruptOptions(s: EscState): EscAction[] {
  const sc = s.sc;
  const out: EscAction[] = [];
  for (const r of sc.sides[1 - s.side].figures) {
    if (!s.reserved[r] || s.wounds[r] === 0) continue;
    const id = sc.figures[r].id;
    let seenBy = false;
    for (let i = 0; i < s.nWindow; i++) {
      const t = s.window[i];
      if (s.wounds[t] === 0) continue;
      const inSight = sees(s, r, t);
      if (inSight) seenBy = true;
      if (sc.figures[r].missile && inSight) out.push({ k: 'int', f: id, a: 'shoot', t: sc.figures[t].id });
      if (atZoc(s, r, t) && fightContact(s, r, t)) out.push({ k: 'int', f: id, a: 'fight', t: sc.figures[t].id });
    }
    if (seenBy && canTakeCover(s, r)) out.push({ k: 'int', f: id, a: 'cover', t: '' });
  }
  if (out.length > 0) out.push({ k: 'wait' });
  return out;
}

// ───────────────────────────── flow ─────────────────────────────

/** A new game: the roll-off for the first side (unless the scenario names it) and its first turn. */
export function setupGame(sc: EscScenario, ctx: StepContext): EscState {
  const s = newState(sc);
  let first = sc.first;
  if (first < 0) {
    const rolls: number[][] = [];
    for (let i = 0; i < 50 && first < 0; i++) {
      const r = d6s(ctx.rng, 2);
      rolls.push(r);
      if (r[0] !== r[1]) first = r[0] > r[1] ? 0 : 1;
    }
    if (first < 0) first = 0;
    ctx.emit?.({ e: 'rollOff', rolls, first: sc.sides[first].id });
  }
  s.first = first;
  startSideTurn(s, first, ctx);
  return s;
}

function startSideTurn(s: EscState, side: number, ctx: StepContext): void {
  s.side = side;
  s.phase = PH_PICK;
  s.actor = -1;
  s.pool = 0;
  s.actions = 0;
  s.ones = 0;
  s.sideWhy = 0;
  s.fsBeat.fill(0);
  s.fenceBeat = -1;
  s.nWindow = 0;
  for (const f of s.sc.sides[side].figures) {
    s.acted[f] = 0;
    s.reserved[f] = 0; // a reserved action lasts through one enemy turn
  }
  s.counters[C.sideTurns]++;
  ctx.emit?.({ e: 'turn', turn: s.turn, side: s.sc.sides[side].id });
}

function endSideTurn(s: EscState, ctx: StepContext): void {
  const sc = s.sc;
  ctx.emit?.({ e: 'sideEnd', turn: s.turn, side: sc.sides[s.side].id, why: SIDE_WHY[s.sideWhy] });
  const next = 1 - s.side;
  if (next === s.first) {
    if (s.turn >= sc.maxTurns) {
      finalCount(s, ctx);
      return;
    }
    s.turn++;
  }
  startSideTurn(s, next, ctx);
}

/** End the actor's turn: its pool is lost (PLAY: "Active dice pools do not carry-over"). */
function endFigure(s: EscState, why: string, ctx: StepContext): void {
  if (s.actor < 0) return;
  ctx.emit?.({ e: 'figureEnd', turn: s.turn, figure: s.sc.figures[s.actor].id, why, pool: s.pool });
  s.actor = -1;
  s.pool = 0;
  s.actions = 0;
  s.fsBeat.fill(0);
  s.fenceBeat = -1;
}

/** Move on to the next decision: the actor's next action, the next figure, or the other side's turn. */
function advance(s: EscState, ctx: StepContext): void {
  for (let guard = 0; guard < 8; guard++) {
    if (s.phase === PH_OVER) return;
    if (s.sideWhy !== 0) {
      endFigure(s, 'side', ctx);
      endSideTurn(s, ctx);
      continue;
    }
    if (s.actor >= 0) {
      if (s.wounds[s.actor] === 0) endFigure(s, 'out', ctx);
      else if (s.actions >= ACTION_CAP) {
        s.counters[C.actionCap]++;
        endFigure(s, 'cap', ctx);
      } else {
        s.phase = PH_ACT;
        return;
      }
    }
    if (pickable(s).length > 0) {
      s.phase = PH_PICK;
      return;
    }
    s.sideWhy = SIDE_ALL_ACTED;
  }
  throw new Error(`the turn machine did not settle (turn ${s.turn}, side ${s.side})`);
}

function gameOver(s: EscState, winner: number, reason: string, ctx: StepContext): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  s.actor = -1;
  s.nWindow = 0;
  ctx.emit?.({ e: 'gameOver', turn: s.turn, winner: winner >= 0 ? s.sc.sides[winner].id : null, reason });
}

/** Figures of side `i` out of action. */
export function outCount(s: EscState, i: number): number {
  let n = 0;
  for (const f of s.sc.sides[i].figures) if (s.wounds[f] === 0) n++;
  return n;
}

/** Victory: a side with `breakPoint` figures out of action is broken and loses at once. */
function checkVictory(s: EscState, ctx: StepContext): boolean {
  if (s.phase === PH_OVER) return true;
  const sc = s.sc;
  const broken = sc.sides.map((side) => outCount(s, side.index) >= side.breakPoint);
  if (broken[0] && broken[1]) {
    gameOver(s, -1, 'both sides broken', ctx);
    return true;
  }
  for (const side of sc.sides) {
    if (broken[side.index]) {
      gameOver(s, 1 - side.index, `${side.name} broken: ${outCount(s, side.index)} of ${side.figures.length} figures out of action`, ctx);
      return true;
    }
  }
  return false;
}

/** True when figure `f`'s centre stands in objective `o` (an index into the scenario's objectives). */
export function onObjective(s: EscState, f: number, o: number): boolean {
  return pointInPolygon(s.x[f], s.y[f], s.sc.objectives[o].area.poly);
}

/** Which side holds objective `o` now: figures in play standing in it and no enemy (−1: nobody). */
export function holder(s: EscState, o: number): number {
  let mask = 0;
  for (const f of s.sc.figures) if (s.wounds[f.index] > 0 && onObjective(s, f.index, o)) mask |= 1 << f.side;
  return mask === 1 ? 0 : mask === 2 ? 1 : -1;
}

/** Objective points each side holds now. */
export function objectivePoints(s: EscState): [number, number] {
  const p: [number, number] = [0, 0];
  s.sc.objectives.forEach((o, i) => {
    const h = holder(s, i);
    if (h >= 0) p[h] += o.value;
  });
  return p;
}

/** After the last game turn: the side holding more objective points wins; equal is a draw. */
function finalCount(s: EscState, ctx: StepContext): void {
  const sc = s.sc;
  const p = objectivePoints(s);
  const tally = `${sc.sides[0].name} ${p[0]}, ${sc.sides[1].name} ${p[1]}`;
  if (p[0] === p[1]) gameOver(s, -1, `turn limit: objectives ${tally}`, ctx);
  else gameOver(s, p[0] > p[1] ? 0 : 1, `turn limit: objectives ${tally}`, ctx);
}

/**
 * PLAY: what the actor's roll with `ones` 1s does to the initiative. A single 1 ends the figure's
 * turn, and is the side's second 1 if it had one this turn; two 1s in one roll end the side's turn.
 */
function initiative(s: EscState, ones: number): InitiativeResult {
  if (ones === 0) return 'keep';
  if (ones >= 2) {
    s.sideWhy = SIDE_DOUBLE_ONE;
    s.counters[C.sideDoubleOne]++;
    return 'side';
  }
  s.ones++;
  if (s.ones >= 2) {
    s.sideWhy = SIDE_SECOND_ONE;
    s.counters[C.sideSecondOne]++;
    return 'side';
  }
  s.counters[C.figureInitiativeLost]++;
  return 'figure';
}

// ───────────────────────────── apply ─────────────────────────────

function fail(s: EscState, a: EscAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

function figureArg(s: EscState, a: EscAction, id: string): number {
  const t = s.sc.figureIndex.get(id);
  if (t === undefined) fail(s, a, `no figure "${id}"`);
  return t;
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: EscState, a: EscAction, ctx: StepContext): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  s.decisions++;
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    if (a.k === 'pass') {
      s.counters[C.passes]++;
      ctx.emit?.({ e: 'pass', turn: s.turn, side: sc.sides[s.side].id });
      s.sideWhy = SIDE_PASS;
      advance(s, ctx);
      return;
    }
    if (a.k !== 'pick') fail(s, a, 'a figure must be picked (or pass)');
    const f = figureArg(s, a, a.f);
    if (sc.figures[f].side !== s.side || s.wounds[f] === 0 || s.acted[f]) fail(s, a, `${a.f} cannot act now`);
    s.acted[f] = 1;
    s.actor = f;
    s.pool = 0;
    s.actions = 0;
    s.fsBeat.fill(0);
    s.fenceBeat = -1;
    s.counters[C.picks]++;
    ctx.emit?.({ e: 'pick', turn: s.turn, side: sc.sides[s.side].id, figure: a.f });
    s.phase = PH_ACT;
    return;
  }
  if (s.phase === PH_INT) {
    applyInterrupt(s, a, ctx);
    if (checkVictory(s, ctx)) return;
    if (s.phase === PH_INT && interruptOptions(s).length > 0) return;
    s.nWindow = 0;
    advance(s, ctx);
    return;
  }
  const movers = figureAction(s, s.actor, a, ctx);
  if (checkVictory(s, ctx)) return;
  if (movers.length > 0 && openWindow(s, movers)) return;
  advance(s, ctx);
}

/** Open the interrupt window on the figures that just moved; true when the other side has an interrupt to consider. */
function openWindow(s: EscState, movers: number[]): boolean {
  s.nWindow = 0;
  for (const m of movers) if (s.wounds[m] > 0) s.window[s.nWindow++] = m;
  if (s.nWindow > 0 && interruptOptions(s).length > 0) {
    s.phase = PH_INT;
    return true;
  }
  s.nWindow = 0;
  return false;
}

function applyInterrupt(s: EscState, a: EscAction, ctx: StepContext): void {
  const sc = s.sc;
  if (a.k === 'wait') {
    ctx.emit?.({ e: 'wait', turn: s.turn, side: sc.sides[1 - s.side].id });
    s.phase = PH_ACT; // closes the window (the caller moves on)
    return;
  }
  if (a.k !== 'int') fail(s, a, 'an interrupt (or wait) must be chosen');
  const key = `${a.f}:${a.a}:${a.t}`;
  if (!interruptOptions(s).some((o) => o.k === 'int' && `${o.f}:${o.a}:${o.t}` === key)) fail(s, a, 'not an interrupt open now');
  const r = figureArg(s, a, a.f);
  s.reserved[r] = 0;
  s.counters[C.interrupts]++;
  ctx.emit?.({ e: 'interrupt', turn: s.turn, figure: a.f, what: a.a, target: a.t });
  if (a.a === 'cover') {
    // "The single active dice is used in a single developing … action", and every action is rolled
    // ("after each action … this accumulated active dice pool is rolled"): the reserved die is
    // rolled, though its 1s cost nothing ([E32]; since 2.2.0, second outside reading D2 — before,
    // no die was rolled).
    s.cover[r] = 1;
    s.counters[C.covers]++;
    const act = d6s(ctx.rng, 1);
    ctx.emit?.({ e: 'develop', turn: s.turn, figure: a.f, what: 'cover', pool: 0, active: act, ones: countOnes(act), init: 'none', interrupt: true });
    return;
  }
  // "The single active dice is used in a single … action": the reserved die is the action's own
  // die, so the interrupt rolls with an empty pool (one active die before modifiers).
  const t = figureArg(s, a, a.t);
  if (a.a === 'shoot') resolveShot(s, r, t, [], 0, true, ctx);
  else resolveFight(s, r, t, 'alone', 0, true, ctx);
}

/** One action of the acting figure. Returns the figures that moved (for the interrupt window). */
function figureAction(s: EscState, f: number, a: EscAction, ctx: StepContext): number[] {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'end':
      s.counters[C.ends]++;
      endFigure(s, 'ended', ctx);
      return [];
    case 'move':
    case 'marshal': {
      if (s.cowered[f]) fail(s, a, 'a cowered figure must stand up first');
      const opt = moveOption(s, f, a.to);
      if (!opt || opt.length < minMove(s)) fail(s, a, `no straight move toward "${a.to}" from here`);
      if (a.k === 'move') return doMove(s, f, opt, ctx);
      const all = marshalFollowers(s, f);
      if (!Number.isInteger(a.n) || a.n < 1 || a.n > Math.min(MARSHAL_MAX, all.length)) fail(s, a, 'not that many friends in sight to marshal');
      return doMarshal(s, f, a.n, opt, ctx);
    }
    case 'dev': {
      const ok =
        a.d === 'ready' ||
        (a.d === 'cover' && canTakeCover(s, f)) ||
        (a.d === 'stand' && s.cowered[f] === 1) ||
        (a.d === 'rally' && s.shaken[f] > 0) ||
        (a.d === 'rearm' && s.disarmed[f] === 1);
      if (!ok) fail(s, a, `cannot ${a.d} now`);
      doDevelop(s, f, a.d, ctx);
      return [];
    }
    case 'reserve': {
      // Special development — reserved action: a developing action (one more active die, and the
      // pool is rolled like any action's), which ends the figure's turn and keeps one active die.
      const pool = s.pool;
      s.pool++;
      s.actions++;
      const act = d6s(ctx.rng, s.pool);
      const ones = countOnes(act);
      const init = initiative(s, ones);
      s.reserved[f] = 1;
      s.counters[C.reserves]++;
      s.counters[C.develops]++;
      ctx.emit?.({ e: 'reserve', turn: s.turn, figure: info.id, pool, active: act, ones, init });
      endFigure(s, 'reserve', ctx);
      return [];
    }
    case 'shoot':
    case 'volley': {
      const t = figureArg(s, a, a.t);
      if (sc.figures[t].side === info.side || s.wounds[t] === 0) fail(s, a, `${a.t} is not an enemy in play`);
      if (!sees(s, f, t)) fail(s, a, `${a.t} is out of sight`);
      let helpers: number[] = [];
      if (a.k === 'shoot') {
        if (!info.missile) fail(s, a, 'no missile weapon');
      } else {
        if (!canDirect(s, f)) fail(s, a, 'a volley is a shoot action: the director needs a missile weapon');
        helpers = volleyHelpers(s, f, t);
        if (helpers.length === 0) fail(s, a, 'nobody to join the volley');
      }
      s.actions++;
      resolveShot(s, f, t, helpers, s.pool, false, ctx);
      return [];
    }
    case 'fight': {
      const t = figureArg(s, a, a.t);
      if (sc.figures[t].side === info.side || s.wounds[t] === 0 || !atZoc(s, f, t)) fail(s, a, `${a.t} is not an enemy at this figure's zone of control`);
      if (!fightContact(s, f, t)) fail(s, a, `no base contact with ${a.t} can be reached ([E40b])`);
      const ok =
        a.m === 'alone' ||
        (a.m === 'all' && friendsAtZocOf(s, f, t).length > 0) ||
        (a.m === 'massed' && pikeArmed(s, f) && sc.figures[t].mounted && pikeSupporters(s, f, true).length > 0) ||
        (a.m === 'close' && s.fenceBeat === t && pikeArmed(s, t));
      if (!ok) fail(s, a, `cannot fight ${a.m} now`);
      s.actions++;
      resolveFight(s, f, t, a.m, s.pool, false, ctx);
      return [];
    }
    default:
      return fail(s, a, 'not an action of the acting figure');
  }
}

// ───────────────────────────── moving ─────────────────────────────

/** A point rounded for events (thousandths of the table unit). */
export function pt(x: number, y: number): [number, number] {
  return [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000];
}

/** Put figure `f` at (x, y): any change of place leaves the cover it had taken. */
function setPlace(s: EscState, f: number, x: number, y: number): void {
  s.x[f] = x;
  s.y[f] = y;
  s.cover[f] = 0;
}

/** True when the figure's move ended at an enemy's zone of control. */
function endsAtZoc(s: EscState, f: number): boolean {
  return zocEnemies(s, f).length > 0;
}

/**
 * MOVING: the figure goes along its straight line; then it rolls its accumulated active dice with
 * the terrain's passive dice (5 for a figure moving a cannon). A Rider's skill turns passive dice into
 * active ones (which changes nothing in a move roll, where only 1s count). No active die is gained.
 */
function doMove(s: EscState, f: number, opt: MoveOption, ctx: StepContext): number[] {
  const info = s.sc.figures[f];
  let passive = Math.max(opt.dice, info.moveFloor);
  const subst = info.mounted ? Math.min(info.rider, passive) : 0;
  passive -= subst;
  const act = d6s(ctx.rng, s.pool + subst);
  const pas = d6s(ctx.rng, passive);
  const from = pt(s.x[f], s.y[f]);
  setPlace(s, f, opt.to.x, opt.to.y);
  s.actions++;
  s.counters[C.moves]++;
  const zoc = endsAtZoc(s, f);
  if (zoc) s.counters[C.zocStops]++;
  const ones = countOnes(act, pas);
  const init = initiative(s, ones);
  ctx.emit?.({
    e: 'move',
    turn: s.turn,
    figure: info.id,
    toward: opt.key,
    from,
    to: pt(opt.to.x, opt.to.y),
    stop: opt.stop,
    terrain: opt.terrain,
    dice: Math.max(opt.dice, info.moveFloor),
    zoc,
    pool: s.pool,
    skill: subst,
    active: act,
    passive: pas,
    ones,
    init,
  });
  if (init !== 'keep') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
  return [f];
}

/**
 * Special move — marshal: the marshal moves along its line and each marshalled friend moves
 * "simultaneously" the same way — the same direction and distance from where it stands, as a
 * straight line of its own (so it too stops where its terrain changes, at an enemy's ZOC, at a base).
 * Passive dice: the worst terrain any mover goes through (`terrains` in the record; 5 if any mover
 * serves a cannon) and one more per marshalled figure; the Leader skill turns passive dice active. No 1: all move, the followers' turns are used,
 * the marshal goes on. A single 1: all move and the marshal's turn ends (it counts as the side's
 * single 1). Two 1s: all move and the side's turn ends. Three or more: nobody moves and the side's
 * turn ends.
 */
function doMarshal(s: EscState, f: number, n: number, opt: MoveOption, ctx: StepContext): number[] {
  const sc = s.sc;
  const info = sc.figures[f];
  // The moves first (no dice yet), so that the roll can take the worst terrain any mover goes
  // through ([E26b]); made only when fewer than three 1s are rolled.
  const plan = marshalPlan(s, f, opt, n);
  const followers = plan.slice(1).map((l) => l.figure);
  const places: { figure: string; from: [number, number]; to: [number, number]; stop: StraightStop; terrain: string }[] = [];
  // Each mover → the terrain it goes through (the record's `terrains`).
  const terrains: Record<string, string> = {};
  for (const l of plan) {
    terrains[sc.figures[l.figure].id] = l.terrain;
    places.push({ figure: sc.figures[l.figure].id, from: pt(l.from.x, l.from.y), to: pt(l.to.x, l.to.y), stop: l.stop, terrain: l.terrain });
  }
  const base = marshalTerrainDice(s, plan);
  let passive = base + followers.length;
  const subst = Math.min(info.leader, passive);
  passive -= subst;
  const act = d6s(ctx.rng, s.pool + subst);
  const pas = d6s(ctx.rng, passive);
  const ones = countOnes(act, pas);
  const moved = ones < 3;
  if (moved) for (const l of plan) setPlace(s, l.figure, l.to.x, l.to.y);
  else places.length = 0;
  for (const g of followers) s.acted[g] = 1;
  s.actions++;
  s.counters[C.marshals]++;
  if (!moved) s.counters[C.marshalTriple]++;
  let init: InitiativeResult;
  if (ones >= 3) {
    s.sideWhy = SIDE_DOUBLE_ONE;
    s.counters[C.sideDoubleOne]++;
    init = 'side';
  } else init = initiative(s, ones);
  ctx.emit?.({
    e: 'marshal',
    turn: s.turn,
    figure: info.id,
    followers: followers.map((g) => sc.figures[g].id),
    toward: opt.key,
    terrain: opt.terrain,
    terrains,
    places,
    dice: base,
    moved,
    pool: s.pool,
    skill: subst,
    active: act,
    passive: pas,
    ones,
    init,
  });
  if (init !== 'keep') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
  return moved ? [f, ...followers] : [];
}

// ───────────────────────────── developing ─────────────────────────────

/** DEVELOPING: the action takes place, the figure gains an active die, and rolls its pool for the initiative. */
function doDevelop(s: EscState, f: number, d: DevKind, ctx: StepContext): void {
  const sc = s.sc;
  switch (d) {
    case 'ready':
      s.counters[C.readies]++;
      break;
    case 'cover':
      s.cover[f] = 1;
      s.counters[C.covers]++;
      break;
    case 'stand':
      s.cowered[f] = 0;
      s.counters[C.stands]++;
      break;
    case 'rally':
      s.shaken[f]--;
      s.counters[C.rallies]++;
      break;
    case 'rearm':
      s.disarmed[f] = 0;
      s.counters[C.rearms]++;
      break;
  }
  s.counters[C.develops]++;
  const pool = s.pool;
  s.pool++;
  s.actions++;
  const act = d6s(ctx.rng, s.pool);
  const ones = countOnes(act);
  const init = initiative(s, ones);
  ctx.emit?.({ e: 'develop', turn: s.turn, figure: sc.figures[f].id, what: d, pool, active: act, ones, init, interrupt: false });
  if (init !== 'keep') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
}

// ───────────────────────────── shooting ─────────────────────────────

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
function resolveShot(s: EscState, f: number, t: number, helpers: number[], pool: number, interrupt: boolean, ctx: StepContext): void {
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
  let init: InitiativeResult = 'none';
  if (!interrupt) {
    s.pool++;
    init = initiative(s, ones);
  }
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

// ───────────────────────────── fighting ─────────────────────────────

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
  const pikeAmong = (figs: number[]): boolean => !close && figs.some((g) => !sc.figures[g].mounted && pikeArmed(s, g));
  let firstStrike = -1;
  if (A.mounted && !D.mounted) firstStrike = pikeAmong(defenders) ? d : a;
  else if (!A.mounted && D.mounted) firstStrike = pikeAmong(attackers) ? a : d;
  return { attackers, defenders, outnumber, massed, spent, factors, active, passive, skill, defence: defBase + outnumber[1] + massed[1], defBase, firstStrike };
}

/** Roll and resolve one round of fighting; applies the Fighting Effects to the loser. */
function resolveFight(s: EscState, a: number, d: number, mode: FightMode, pool: number, interrupt: boolean, ctx: StepContext): void {
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
  let init: InitiativeResult = 'none';
  if (!interrupt) {
    s.pool++;
    init = initiative(s, ones);
  }
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
function shiftAway(s: EscState, f: number, from: number, want: number, why: 'pushed' | 'apart', ctx: StepContext, keepOffFrom?: number[]): number {
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
function separate(s: EscState, fs: FightSetup, winner: number, loser: number, eff: Effect, ctx: StepContext): void {
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
  for (const g of fs.attackers.slice(1)) apart(g, d, fs.attackers.filter((h) => h !== g && inPlay(h)));
  for (const h of fs.defenders.slice(1)) apart(h, a, fs.defenders.filter((g) => g !== h && inPlay(g)));
}

// ───────────────────────────── effects ─────────────────────────────

/**
 * Apply one row of an effects table to figure `t`: Shaken markers (any number), Cowered (prone),
 * Disarmed (one marker at most), push-back (out of the cover it had taken), hits off its wounds;
 * at no wounds left it is out of action.
 */
function applyEffect(s: EscState, t: number, eff: Effect, ctx: StepContext): void {
  if (eff === NO_EFFECT) return;
  if (eff.shaken) {
    s.shaken[t] = Math.min(255, s.shaken[t] + eff.shaken);
    s.counters[C.shaken]++;
  }
  if (eff.cowered) {
    s.cowered[t] = 1;
    s.counters[C.cowered]++;
  }
  if (eff.disarmed) {
    s.disarmed[t] = 1;
    s.counters[C.disarmed]++;
  }
  if (eff.pushed) s.counters[C.pushed]++;
  if (eff.hits > 0) {
    s.counters[C.hits] += eff.hits;
    s.wounds[t] = Math.max(0, s.wounds[t] - eff.hits);
    if (s.wounds[t] === 0) {
      s.cover[t] = 0;
      s.reserved[t] = 0;
      s.counters[C.outOfAction]++;
      const sc = s.sc;
      ctx.emit?.({ e: 'out', turn: s.turn, figure: sc.figures[t].id, side: sc.sides[sc.figures[t].side].id, out: outCount(s, sc.figures[t].side) });
    }
  }
}
