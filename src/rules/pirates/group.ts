/**
 * §4.D group moves for Pirates!: a band's followers move together, measured from the centre of the
 * group, on the table kit's planGroupMove; and why such a move found no plan, for the record.
 */
import { type Vec, angleTo } from '../../core/geometry.js';
import type { Path } from '../../core/nav.js';
import { planGroupMove } from '../../core/table/index.js';
import { COHESION, FORMATION } from './action.js';
import { ACTIVE, type PiratesState } from './state.js';
import { allowanceOf, centreOf, viewOf } from './table.js';
import { type BlockedReason, arrive, blockedData, destination } from './movement.js';
import { type PiratesCtx, facingData, r2, viaData } from './events.js';

/** Scratch lists of {@link executeGroupMove}: the movers and the band-mates who stay (planGroupMove keeps neither). */
const GM_MOVERS: number[] = [];
const GM_MATES: number[] = [];

/** The state and side of the group move being planned, for {@link groupRoute} (no closure made per move). */
let GR_STATE: PiratesState | null = null;
let GR_SIDE = 0;

/** The way of the band's centre toward the group move's destination (see {@link executeGroupMove}). */
function groupRoute(start: Vec): { path: Path; stopShort: number } | null {
  const s = GR_STATE;
  return s === null ? null : destination(s, s.groupTo, start, GR_SIDE, true, -1);
}

/**
 * §4.D group movement, measured from the centre of the group ("total distance is from the center
 * of the group to the center of the group's new position"): the followers' centre is steered along
 * the shortest way toward the destination and moves, in a straight line from the old centre to the
 * new, no further than the band's allowance (the smallest of its followers', halved if any carries
 * booty; the 2d10 allowance where the way enters broken ground or climbs). The followers then stand
 * in a tight formation (within 3 in of the point the centre was steered to — the end of `steer` in
 * the record, not their own new centre, which moves when one is pushed off his spot; see
 * docs/rules/pirates.md §4.D — so within 6 in of each other, §3.F) keeping
 * their places relative to each other where they can, and within 6 in of every band-mate who did
 * not follow. The table kit's planGroupMove guarantees all of this or a shorter move; when no move
 * satisfies it the band stays put (a `blocked` event). Every follower is placed before anything
 * arriving (booty landed) is resolved, so a game won by this move never leaves figures overlapping.
 */
export function executeGroupMove(s: PiratesState, ctx: PiratesCtx): void {
  const sc = s.sc;
  const F = GM_MOVERS;
  F.length = 0;
  for (let i = 0; i < s.nFollow; i++) if (s.status[s.followers[i]] === ACTIVE) F.push(s.followers[i]);
  if (F.length === 0) return;
  const side = sc.figures[F[0]].side;
  const al = { full: Infinity, slow: Infinity };
  for (const f of F) {
    const a = allowanceOf(s, f, false);
    al.full = Math.min(al.full, a.full);
    al.slow = Math.min(al.slow, a.slow);
  }
  // The band's other active members, in id order (bandMembers less the movers).
  const mates = GM_MATES;
  mates.length = 0;
  for (const g of sc.sides[side].figures) if (s.band[g] === s.actBand && s.status[g] === ACTIVE && !F.includes(g)) mates.push(g);
  GR_STATE = s;
  GR_SIDE = side;
  const plan = planGroupMove(sc.table, viewOf(s), F, {
    full: al.full,
    slow: al.slow,
    formation: FORMATION,
    gap: COHESION,
    mates,
    route: groupRoute,
    eachSlow: true,
  });
  GR_STATE = null;
  if (!plan) {
    if (ctx.emit)
      ctx.emit({
        e: 'blocked',
        band: s.actBand,
        to: s.groupTo,
        figures: F.map((f) => sc.figures[f].id),
        ...blockedData(groupBlockedReason(s, F, s.groupTo)),
      });
    return;
  }
  const facing = angleTo(plan.from.x, plan.from.y, plan.centre.x, plan.centre.y);
  ctx.emit?.({
    e: 'groupMove',

    band: s.actBand,
    to: s.groupTo,
    from: [r2(plan.from.x), r2(plan.from.y)],
    centre: [r2(plan.centre.x), r2(plan.centre.y)],
    allowance: al.full,
    slow: al.slow,
    limit: r2(plan.limit),
    distance: r2(plan.distance),
    steer: plan.route.map((p) => [r2(p.x), r2(p.y)]),
    figures: plan.places.map((p) => sc.figures[p.f].id),
  });
  for (const p of plan.places) {
    const f = p.f;
    const fx = s.x[f];
    const fy = s.y[f];
    s.x[f] = p.to.x;
    s.y[f] = p.to.y;
    s.facing[f] = facing;
    ctx.emit?.({
      e: 'move',

      figure: sc.figures[f].id,
      kind: 'group',
      from: [r2(fx), r2(fy)],
      to: [r2(p.to.x), r2(p.to.y)],
      allowance: al.full,
      limit: r2(plan.limit),
      path: r2(plan.distance),
      via: viaData(p.points),
      facing: facingData(facing),
    });
  }
  for (const p of plan.places) arrive(s, p.f, ctx);
}

/** Why a group move of the followers `F` toward `key` found no plan, worked out again for the record. */
export function groupBlockedReason(s: PiratesState, F: readonly number[], key: string): BlockedReason {
  const c = centreOf(s, F, F.length);
  const d = destination(s, key, c, s.sc.figures[F[0]].side, true, -1);
  if (!d) return { why: 'no way there' };
  if (d.path.length - d.stopShort <= 0.05) return { why: 'there already' };
  return { why: 'no room' };
}
