/**
 * Escarmouche's table queries over a state (state and table queries: the bottom of the room): who
 * is in play, who sees whom, the zone of control (one base width, edge to edge), enemies and
 * friends by those tests, objectives held — each answered through the table kit's FigureView and
 * queries (src/core/table/). Lengths in the table's unit.
 */
import { dist, pointInPolygon } from '../../core/geometry.js';
import { type FigureView, baseGap, inBaseContact } from '../../core/table/index.js';
import type { EscState } from './state.js';

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

/** Figures of side `i` out of action. */
export function outCount(s: EscState, i: number): number {
  let n = 0;
  for (const f of s.sc.sides[i].figures) if (s.wounds[f] === 0) n++;
  return n;
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

/** A point rounded for events (thousandths of the table unit). */
export function pt(x: number, y: number): [number, number] {
  return [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000];
}

/** Put figure `f` at (x, y): any change of place leaves the cover it had taken. */
export function setPlace(s: EscState, f: number, x: number, y: number): void {
  s.x[f] = x;
  s.y[f] = y;
  s.cover[f] = 0;
}
