/**
 * The special move, marshal ([E26], [E26b]): a marshal moves up to three friends in its sight the
 * same direction and distance, each as a straight line of its own (moving.ts's {@link lineToward});
 * who may go, the plan of the lines, the roll and its effect together.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import type { Vec } from '../../core/geometry.js';
import { type StraightStop, nearestFigures } from '../../core/table/index.js';
import { C, SIDE_DOUBLE_ONE, type EscState } from './state.js';
import { figureView, pt, sees, setPlace } from './queries.js';
import { type InitiativeResult, endFigure, initiative } from './initiative.js';
import { countOnes, d6s, terrainDice } from './tables.js';
import { type MoveOption, lineToward, minMove } from './moving.js';

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

/** How many figures {@link marshalFollowers}`(s, f)` lists (without ordering them). */
export function marshalFollowerCount(s: EscState, f: number): number {
  let n = 0;
  for (const g of s.sc.sides[s.sc.figures[f].side].figures) {
    if (g !== f && s.wounds[g] > 0 && !s.acted[g] && !s.cowered[g] && sees(s, f, g)) n++;
  }
  return n;
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
 * part of the plan with more. `candidates`: {@link marshalFollowers}`(s, f)` (given when the caller
 * has it already).
 */
export function marshalPlan(
  s: EscState,
  f: number,
  opt: MoveOption,
  n: number,
  candidates: readonly number[] = marshalFollowers(s, f),
): MarshalLine[] {
  const sc = s.sc;
  const dx = opt.to.x - s.x[f];
  const dy = opt.to.y - s.y[f];
  const lines: MarshalLine[] = [
    { figure: f, from: { x: s.x[f], y: s.y[f] }, to: opt.to, length: opt.length, stop: opt.stop, terrain: opt.terrain },
  ];
  // Who may be marshalled is judged where the marshal stands before the move (`candidates`, by
  // default reckoned here: {@link marshalFollowers} of this state, which a caller may pass in).
  s.x[f] = opt.to.x;
  s.y[f] = opt.to.y;
  const min = minMove(s);
  try {
    for (const g of candidates) {
      if (lines.length > n) break;
      const m = lineToward(s, g, { x: s.x[g] + dx, y: s.y[g] + dy });
      if (m.length < min) continue;
      lines.push({
        figure: g,
        from: { x: s.x[g], y: s.y[g] },
        to: m.to,
        length: m.length,
        stop: m.stop,
        terrain: m.ground ?? sc.terrainAt(s.x[g], s.y[g]),
      });
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
 * Special move — marshal: the marshal moves along its line and each marshalled friend moves
 * "simultaneously" the same way — the same direction and distance from where it stands, as a
 * straight line of its own (so it too stops where its terrain changes, at an enemy's ZOC, at a base).
 * Passive dice: the worst terrain any mover goes through (`terrains` in the record; 5 if any mover
 * serves a cannon) and one more per marshalled figure; the Leader skill turns passive dice active. No 1: all move, the followers' turns are used,
 * the marshal goes on. A single 1: all move and the marshal's turn ends (it counts as the side's
 * single 1). Two 1s: all move and the side's turn ends. Three or more: nobody moves and the side's
 * turn ends.
 */
export function doMarshal(s: EscState, f: number, n: number, opt: MoveOption, ctx: StepContext<EscEvent>): number[] {
  const sc = s.sc;
  const info = sc.figures[f];
  // The moves first (no dice yet), so that the roll can take the worst terrain any mover goes
  // through ([E26b]); made only when fewer than three 1s are rolled.
  const plan = marshalPlan(s, f, opt, n);
  const followers = plan.slice(1).map((l) => l.figure);
  const base = marshalTerrainDice(s, plan);
  let passive = base + followers.length;
  const subst = Math.min(info.leader, passive);
  passive -= subst;
  const act = d6s(ctx.rng, s.pool + subst);
  const pas = d6s(ctx.rng, passive);
  const ones = countOnes(act, pas);
  const moved = ones < 3;
  // The record's parts (only for a record): each mover → the terrain it goes through, and the
  // places of the movers, when they move.
  const emit = ctx.emit;
  const terrains: Record<string, string> = {};
  const places: { figure: string; from: [number, number]; to: [number, number]; stop: StraightStop; terrain: string }[] = [];
  if (emit) {
    for (const l of plan) {
      terrains[sc.figures[l.figure].id] = l.terrain;
      if (moved)
        places.push({
          figure: sc.figures[l.figure].id,
          from: pt(l.from.x, l.from.y),
          to: pt(l.to.x, l.to.y),
          stop: l.stop,
          terrain: l.terrain,
        });
    }
  }
  if (moved) for (const l of plan) setPlace(s, l.figure, l.to.x, l.to.y);
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
  emit?.({
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
