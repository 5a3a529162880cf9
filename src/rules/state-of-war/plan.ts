/**
 * State of War move plans [W8]–[W12]: what a planned move or charge holds (route, end, facing after,
 * the walk that limited it, and for the record where it went toward and why it stopped short), and
 * the plan whose details are worked out only when read; the walk's first place asked of every figure. All lengths in cm.
 */
import type { ShortReason } from './events.js';
import { type Vec, EPS, angleTo, dist, pathLength, pointAlong, pointAlongIntoAt, truncatePath } from '../../core/geometry.js';
import { type Reach, reachAlong } from './table.js';
import type { SowScenario } from './compile.js';
import { type SowState, ACTIVE, DISABLED } from './state.js';

/** Status codes of a figure able to act and of a disabled one, which still takes room (local copies: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
const DOWN = DISABLED;

/** A planned move: the route (first point = start), where it ends, and the facing after. */
export interface MovePlan {
  points: Vec[];
  to: Vec;
  facing: number;
  length: number;
  /** The walk that limited it. */
  reach: Reach;
  /** True when the figure only turns (a mounted figure that spends the action turning, [W10]). */
  turnOnly: boolean;
  /**
   * The place the move went toward (its destination key's place, less any stop short of an enemy
   * or the unit), for the record [W11]; absent for a charge.
   */
  toward?: Vec;
  /**
   * Why the move ended short of {@link toward}, in the order they cut it: `allowance` (the move's cm
   * ran out, [W8]–[W10]), `line` (a fence or wall, [W5]), `base` (another base where it would
   * stop), `blocked` (a building or the table's margin there), `contact` (an enemy's base there), `no advance` (nearer the nearest enemy under a
   * result below OK, [W32]); empty when it got there. Since ruleset 1.5.0 (third outside reading B3).
   */
  short?: ShortReason[];
}

/**
 * The route `points` without legs of zero length (a route cut at one of its corners repeats it),
 * and the heading of its last leg — the figure's facing after the move [W12] — or `facing` when it
 * has none. Since ruleset 1.5.0 (third outside reading A3): before, a route whose last leg had
 * zero length left the figure facing 0° (east), whatever way it went, and a rider paid turning
 * from that facing on his next move.
 */
export function cleanRoute(points: readonly Vec[], facing: number): { points: Vec[]; facing: number } {
  const out: Vec[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = out[out.length - 1];
    if (dist(a.x, a.y, points[i].x, points[i].y) > 1e-9) out.push(points[i]);
  }
  if (out.length < 2) return { points: out, facing };
  const a = out[out.length - 2];
  const b = out[out.length - 1];
  return { points: out, facing: angleTo(a.x, a.y, b.x, b.y) };
}

/**
 * A move plan walked along a route whose details are worked out when first read: the legal list
 * and the scripted policy ask only whether a plan exists, where it ends and whether it only turns
 * ({@link MovePlan.to}, {@link MovePlan.turnOnly}); the route cut where the walk stopped, its
 * facing, length and reach, and the record's `toward` and `short`, are made for the plan carried
 * out (or shown) — from values copied when the plan was made (the route's coordinates included),
 * so the same whenever they are read.
 *
 * One object is made per memo slot and {@link WalkedPlan.set} again for each decision (movement.ts
 * `movePlan`, `chargePlan`): a plan is valid until its state's memo is cleared (the state changed)
 * or moved to another figure; read it at once, keep none of it (the arrays its getters return are
 * made afresh for each plan, so those may be kept).
 */
/**
 * What {@link WalkedPlan.set} reads besides its arguments, written by its caller just before the
 * call: [0] how far along the path the plan goes, [1] the facing after (NaN: the heading of the
 * route's last leg), [2] the distance along the path the move went toward (NaN: no `toward`, a
 * charge), [3] the path's length.
 */
export const PLAN_IN = new Float64Array(4);

export class WalkedPlan implements MovePlan {
  readonly turnOnly = false;
  /** Where the plan ends (a new plan writes over it). */
  readonly to: { x: number; y: number } = { x: 0.5, y: 0.5 };
  /** The route walked: its points' coordinates (x0, y0, x1, y1, …), {@link n} points. */
  private xy = new Float64Array(8);
  private n = 0;
  /** How far along the route the plan goes; the facing before; the facing after (NaN: the route's last leg's heading). */
  private d = 0.5;
  private facing0 = 0.5;
  private faceTo = 0.5;
  /** The distance along the route (of length {@link pathLen}) the move went toward (NaN: no `toward`, a charge). */
  private aim = 0.5;
  private pathLen = 0.5;
  /** The reasons it stopped short, one per 3 bits, first in the lowest (0: none). */
  private shortCode = 0;
  private mounted = false;
  private route: Vec[] | null = null;
  private routeFacing = 0.5;
  private used: Reach | null = null;
  private len = 0.5;
  private towardAt: Vec | null = null;
  private shortList: ShortReason[] | null = null;
  constructor(private readonly sc: SowScenario) {}
  /**
   * Make this the plan along `path` (first point = start; its coordinates are copied): the numbers
   * read from {@link PLAN_IN} (written just before the call; see there): how far along it the plan
   * goes, the facing after, the distance it went toward and the path's length; `facings[f]`, the
   * figure's facing before; `at`, where it ends (copied); `shortCode`, the reasons it stopped short.
   * What was worked out of the plan before is forgotten. Returns this. (No double is passed: a
   * double handed to a call the compiler does not inline is boxed, a heap number per argument.)
   */
  set(path: readonly Vec[], facings: readonly number[], f: number, mounted: boolean, at: Vec, shortCode: number): this {
    const nums = PLAN_IN;
    const d = nums[0];
    const faceTo = nums[1];
    const aim = nums[2];
    const pathLen = nums[3];
    const facing0 = facings[f];
    const toX = at.x;
    const toY = at.y;
    const n = path.length;
    if (this.xy.length < 2 * n) this.xy = new Float64Array(4 * n);
    const xy = this.xy;
    for (let i = 0; i < n; i++) {
      xy[2 * i] = path[i].x;
      xy[2 * i + 1] = path[i].y;
    }
    this.n = n;
    this.d = d;
    this.facing0 = facing0;
    this.mounted = mounted;
    this.to.x = toX;
    this.to.y = toY;
    this.faceTo = faceTo;
    this.aim = aim;
    this.pathLen = pathLen;
    this.shortCode = shortCode;
    this.route = null;
    this.used = null;
    this.towardAt = null;
    this.shortList = null;
    return this;
  }
  /** The route walked, as new points (the same coordinates as the path the plan was set from). */
  private pathPoints(): Vec[] {
    const out: Vec[] = [];
    for (let i = 0; i < this.n; i++) out.push({ x: this.xy[2 * i], y: this.xy[2 * i + 1] });
    return out;
  }
  private complete(): void {
    if (this.route !== null) return;
    const route = cleanRoute(truncatePath(this.pathPoints(), this.d), this.facing0);
    this.route = route.points;
    this.routeFacing = route.facing;
    this.len = pathLength(route.points);
  }
  get points(): Vec[] {
    this.complete();
    return this.route!;
  }
  get facing(): number {
    if (!Number.isNaN(this.faceTo)) return this.faceTo;
    if (this.route !== null) return this.routeFacing;
    return this.lastLegFacing();
  }
  /**
   * The facing {@link complete} finds (its route's last leg's heading, or the facing before when
   * the route has no leg), worked out without the route: the points `truncatePath` gives, walked
   * in order, keeping the last two that `cleanRoute` keeps — the same floats.
   */
  private lastLegFacing(): number {
    const xy = this.xy;
    let lx = xy[0];
    let ly = xy[1];
    let px = lx;
    let py = ly;
    let kept = 1;
    let left = this.d;
    for (let i = 1; i < this.n; i++) {
      const ax = xy[2 * i - 2];
      const ay = xy[2 * i - 1];
      const bx = xy[2 * i];
      const by = xy[2 * i + 1];
      const l = dist(ax, ay, bx, by);
      let qx = bx;
      let qy = by;
      const cut = left < l - EPS;
      if (cut) {
        const t = left / l;
        qx = ax + (bx - ax) * t;
        qy = ay + (by - ay) * t;
      } else left -= l;
      if (dist(lx, ly, qx, qy) > 1e-9) {
        px = lx;
        py = ly;
        lx = qx;
        ly = qy;
        kept++;
      }
      if (cut) break;
    }
    return kept < 2 ? this.facing0 : angleTo(px, py, lx, ly);
  }
  get length(): number {
    this.complete();
    return this.len;
  }
  get reach(): Reach {
    if (this.used === null) this.used = reachAlong(this.sc, this.points, this.facing0, this.mounted);
    return this.used;
  }
  get toward(): Vec | undefined {
    if (Number.isNaN(this.aim)) return undefined;
    if (this.towardAt === null) {
      const n = this.n;
      this.towardAt =
        this.aim >= this.pathLen - 1e-9 ? { x: this.xy[2 * n - 2], y: this.xy[2 * n - 1] } : pointAlong(this.pathPoints(), this.aim);
    }
    return this.towardAt;
  }
  get short(): ShortReason[] | undefined {
    if (Number.isNaN(this.aim)) return undefined;
    if (this.shortList === null) this.shortList = shortWords(this.shortCode);
    return this.shortList;
  }
}

/** The words of a {@link WalkedPlan}'s short codes: 1 `allowance`, 2 `line`, then the kit's refusal kinds (REFUSED_BASE 1 … REFUSED_EXTRA 4) plus 2 (0 is never used). */
const SHORT_WORDS: readonly ShortReason[] = ['allowance', 'allowance', 'line', 'base', 'contact', 'blocked', 'no advance'];

/** The reasons a short code holds, first met first (one per 3 bits, the first in the lowest). */
export function shortWords(code: number): ShortReason[] {
  const out: ShortReason[] = [];
  for (let c = code; c > 0; c = Math.floor(c / 8)) out.push(SHORT_WORDS[c % 8]);
  return out;
}

/** The place {@link firstPlaceFree} asked (scratch; copied when kept). */
export const FIRST = { x: 0, y: 0 };

/**
 * The test of the kit's walk back ({@link PlaceFinder.walkBack} after `setRoute` with the enemies
 * kept off at the contact distance) at its first place, the point `along[0]` along `points` (the
 * distance in a scratch the caller wrote, not passed: a double passed is boxed; the place left in
 * {@link FIRST}), asked of every figure instead of the route's near lists: no other base on the
 * table within two radii (less 1e-6), no active enemy's centre within the contact distance (plus
 * 2e-9), the terrain free, and `extra`. The same answer as the walk's first step.
 */
export function firstPlaceFree(
  s: SowState,
  f: number,
  side: number,
  points: readonly Vec[],
  along: ArrayLike<number>,
  extra: ((x: number, y: number) => boolean) | null,
): boolean {
  const sc = s.sc;
  const at = FIRST;
  pointAlongIntoAt(points, along, 0, at);
  const x = at.x;
  const y = at.y;
  const b = 2 * sc.radius - 1e-6;
  const lim = b * b;
  const xs = s.x;
  const ys = s.y;
  const status = s.status;
  for (let g = 0; g < xs.length; g++) {
    const dx = xs[g] - x;
    const dy = ys[g] - y;
    if (dx * dx + dy * dy < lim && g !== f && (status[g] === ON || status[g] === DOWN)) return false;
  }
  const k = sc.contact + 2e-9;
  const keep2 = k * k;
  const foes = sc.sides[1 - side].figures;
  for (let i = 0; i < foes.length; i++) {
    const g = foes[i];
    const dx = xs[g] - x;
    const dy = ys[g] - y;
    if (dx * dx + dy * dy < keep2 && status[g] === ON) return false;
  }
  if (!sc.table.isFree(x, y)) return false;
  return extra === null || extra(x, y);
}
