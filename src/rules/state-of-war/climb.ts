/**
 * Climbing fences and walls [W5]: the climb open to a figure now, at a ladder or not, mounted
 * jumps, and where the unit's morale lets it go [W32]. Lengths in cm.
 */
import { type Vec, dist as geoDist } from '../../core/geometry.js';
import { placeFree } from '../../core/table/index.js';
import { clearOfEnemies, fenceCrossing, foeDistance, nearestFence, rearDistance, viewOf } from './table.js';
import { BROKEN, CLIMB_LADDER, CLIMB_WALL, HORSE_JUMP, OK } from './tables.js';
import type { SowState } from './state.js';

/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

/** A climb of the fence or wall in front of a figure [W5]. */
export interface ClimbPlan {
  /** Where the figure stands once over (2 cm beyond the line). */
  to: Vec;
  fence: number;
  /** Its height (cm). */
  height: number;
  /** The ladder used (index in the scenario's ladders), or −1. */
  ladder: number;
  /** Cm climbed by one action: 6 at a ladder, else 3. */
  rate: number;
}

/**
 * The climb of the nearest fence or wall open to figure f now, or null [W5]: its base touches the
 * line, the place 2 cm beyond is free and out of contact with enemies; a mounted figure only jumps
 * fences of up to 3 cm (one action); a figure on foot within 2 cm of a ladder on that line climbs
 * 6 cm an action, else 3.
 */
export function climbPlan(s: SowState, f: number): ClimbPlan | null {
  const sc = s.sc;
  const nf = nearestFence(sc, s.x[f], s.y[f]);
  if (nf.fence < 0 || nf.d > sc.radius + 0.6) return null;
  const height = sc.fences[nf.fence].height;
  const mounted = s.mounted[f] === 1;
  if (mounted && height > HORSE_JUMP + 1e-9) return null;
  let ladder = -1;
  if (!mounted) {
    for (let i = 0; i < sc.ladders.length; i++) {
      const l = sc.ladders[i];
      if (l.fence === nf.fence && dist(s.x[f], s.y[f], l.x, l.y) <= sc.radius + LADDER_REACH + 1e-9) {
        ladder = i;
        break;
      }
    }
  }
  const seg = sc.fenceSegs[nf.seg];
  const dx = seg.bx - seg.ax;
  const dy = seg.by - seg.ay;
  const l2 = dx * dx + dy * dy;
  const t = Math.max(0, Math.min(1, ((s.x[f] - seg.ax) * dx + (s.y[f] - seg.ay) * dy) / l2));
  const px = seg.ax + t * dx;
  const py = seg.ay + t * dy;
  let nx = px - s.x[f];
  let ny = py - s.y[f];
  const l = Math.hypot(nx, ny);
  if (l < 1e-6) return null;
  nx /= l;
  ny /= l;
  const to = { x: px + nx * (sc.radius + 2), y: py + ny * (sc.radius + 2) };
  if (!sc.table.isFree(to.x, to.y) || !placeFree(viewOf(s), to.x, to.y, f)) return null;
  const cross = fenceCrossing(sc, s.x[f], s.y[f], to.x, to.y);
  if (!cross) return null;
  const side = sc.figures[f].side;
  if (!clearOfEnemies(s, side, to.x, to.y)) return null;
  if (!climbWayAllowed(s, f, to)) return null;
  return { to, fence: nf.fence, height, ladder, rate: ladder >= 0 ? CLIMB_LADDER : CLIMB_WALL };
}

/**
 * A climb goes where the unit's morale lets its moves go [W32]: for a unit under any result from
 * "no advance" down (fall back, broken, routed), the place beyond the line is no nearer the nearest enemy (as a move's end,
 * {@link placeAllowed}); for a figure that must run ("use both actions, must end further from the
 * enemy") or must fall back this action ("towards ... table edge to rear"), it is also nearer its
 * side's rear edge. Ruleset 1.3.0; before, a runner could climb toward the enemy (audit A1).
 */
function climbWayAllowed(s: SowState, f: number, to: Vec): boolean {
  const sc = s.sc;
  const side = sc.figures[f].side;
  const m = s.morale[s.unitOf[f]];
  if (m !== OK && foeDistance(s, side, to.x, to.y) < foeDistance(s, side, s.x[f], s.y[f]) - 0.01) return false;
  if ((m >= BROKEN || s.mustRetire[f]) && rearDistance(sc, side, to.x, to.y) >= rearDistance(sc, side, s.x[f], s.y[f])) return false;
  return true;
}

/** A figure uses a ladder when its base edge is within this many cm of the ladder's foot [W5]. */
export const LADDER_REACH = 2;
