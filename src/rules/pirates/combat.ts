/**
 * Fighting and firing (§5–§7), taking hits (§5.C), captures (§5.E), running away and morale (§10).
 */
import { roll, stepDie } from '../../core/rng.js';
import { type Vec, angleDiff, angleTo, dist, distToPolygon, pointAlong, pointInPolygon } from '../../core/geometry.js';
import type { DistanceField, Path } from '../../core/nav.js';
import { fireDie } from './tables.js';
import { allowanceOf, coverFrom, reachAlong, viewOf } from './table.js';
import { placeFree, planAlong } from '../../core/table/index.js';
import { ACTIVE, C, CAPTURED, DEAD, FLEEING, GONE, type PiratesState } from './state.js';
import { type AttackResult, type PiratesCtx, type PiratesEvent, facingData, r2, viaData } from './events.js';

/**
 * Hits this turn at or above which a figure is killed (§5.C(1) "4 points above", read as more than
 * four: see docs/rules/pirates.md §5.C — the worked examples of §5 and §7 count a margin of 4 as
 * running away, and §5.E makes capture need 5 "even if the attacker bettered him by 4").
 */
export const KILL_AT = 5;
/** Margin of a single attack at or above which a figure not killed disengages and runs (§5.C(2) "if an attack betters the defender by 3"). */
export const RUN_AT = 3;
/** Capture margin this turn at or above which a declared capture succeeds (§5.E). */
export const CAPTURE_AT = 5;

/** Range between two figures, base edge to base edge (§7.A "from the base … to the base"), inches. */
export function rangeBetween(s: PiratesState, a: number, d: number): number {
  return Math.max(0, dist(s.x[a], s.y[a], s.x[d], s.y[d]) - 2 * s.sc.radius);
}

/** True when `a` stands in the defender's rear arc (more than 135° off its facing): "attacking from behind". */
export function fromBehind(s: PiratesState, a: number, d: number): boolean {
  const toA = angleTo(s.x[d], s.y[d], s.x[a], s.y[a]);
  return angleDiff(s.facing[d], toA) > (3 * Math.PI) / 4 + 1e-9;
}

/** A die-step modifier applied to the attacker's die (§5.B(2), §6). */
export interface Modifier {
  name: string;
  step: number;
}

/** How an attack was made. */
export interface AttackKind {
  mode: 'fight' | 'fire';
  /** Moved into contact first (§6: up one). */
  charged: boolean;
  /** Moved before firing (§6: down one). */
  moved: boolean;
  /** A declared capture (§5.E). */
  capture: boolean;
}

/**
 * The attacker's base die and modifiers for an attack by `a` on `d` (§5.B, §6, §7.A); the final
 * die is the base moved by the sum of the steps, clamped to d4–d12. Returns base 0 when a shot is
 * out of range.
 */
export function attackDice(
  s: PiratesState,
  a: number,
  d: number,
  k: AttackKind,
): { base: number; mods: Modifier[]; final: number; range: number; cover: string | null } {
  const fa = s.sc.figures[a];
  const fd = s.sc.figures[d];
  const range = rangeBetween(s, a, d);
  const base = k.mode === 'fight' ? fa.weapon.melee.die : fireDie(fa.weapon, range);
  const mods: Modifier[] = [];
  if (k.charged) mods.push({ name: 'charging into melee', step: 1 });
  if (k.moved) mods.push({ name: 'fired after moving', step: -1 });
  const cover = coverFrom(s, a, d);
  if (cover !== null) mods.push({ name: 'defender in cover', step: -1 });
  if (k.mode === 'fight' && fd.weapon.melee.armed) mods.push({ name: 'defender armed', step: -1 });
  if (fromBehind(s, a, d)) mods.push({ name: 'attacking from behind', step: 1 });
  if (fa.personality) mods.push({ name: 'personality attacking', step: 1 });
  if (fd.personality) mods.push({ name: 'personality defending', step: -1 });
  let steps = 0;
  for (const m of mods) steps += m.step;
  return { base, mods, final: base > 0 ? stepDie(base, steps) : 0, range, cover };
}

/**
 * Resolve one attack of `a` on `d`: roll the attacker's die against the defender's d6 (§5.A),
 * add a positive margin to the defender's hits this turn (§5.C) — or to its capture margin for a
 * declared capture (§5.E) — and apply the result: killed (hits this turn ≥ KILL_AT), runs away (this
 * attack's margin ≥ RUN_AT), captured (capture margins this turn ≥ CAPTURE_AT when declared). Marks the attacker as having attacked this turn and a shooter as unloaded (§7.B).
 * Returns the result word.
 */
export function resolveAttack(s: PiratesState, a: number, d: number, k: AttackKind, ctx: PiratesCtx): AttackResult {
  const dice = attackDice(s, a, d, k);
  s.facing[a] = angleTo(s.x[a], s.y[a], s.x[d], s.y[d]);
  const ar = roll(ctx.rng, dice.final);
  const dr = roll(ctx.rng, 6);
  const margin = ar - dr;
  s.attacked[a] = 1;
  if (k.mode === 'fire') {
    s.loaded[a] = 0;
    s.counters[C.fires]++;
  } else s.counters[C.fights]++;
  if (k.charged) s.counters[C.charges]++;
  let result: AttackResult = 'no effect';
  let total: number;
  if (k.capture) {
    s.counters[C.captureAttempts]++;
    if (margin > 0) s.capHits[d] = Math.min(255, s.capHits[d] + margin);
    total = s.capHits[d];
    result = total >= CAPTURE_AT ? 'captured' : 'not captured';
  } else {
    if (margin > 0) s.hits[d] = Math.min(255, s.hits[d] + margin);
    total = s.hits[d];
    // §5.C(1): hits are cumulative within the turn and kill at KILL_AT; §5.C(2): "if an attack betters
    // the defender by 3" — this attack's own margin, not the turn's sum, makes the figure run.
    if (margin > 0) result = total >= KILL_AT ? 'killed' : margin >= RUN_AT ? 'runs away' : 'hit';
  }
  if (ctx.emit) {
    const fa = s.sc.figures[a];
    const fd = s.sc.figures[d];
    ctx.emit({
      e: 'attack',

      mode: k.mode,
      attacker: fa.id,
      defender: fd.id,
      weapon: k.mode === 'fight' && fa.weapon.melee.die === 4 && !fa.weapon.melee.armed ? 'hand to hand' : fa.weapon.name,
      range: r2(dice.range),
      baseDie: dice.base,
      modifiers: dice.mods.map((m) => ({ name: m.name, step: m.step })),
      ...(dice.cover !== null ? { cover: dice.cover } : {}),
      ...coverTouched(s, d, dice.cover),
      facing: facingData(s.facing[a]),
      attackerDie: dice.final,
      defenderDie: 6,
      attackerRoll: ar,
      defenderRoll: dr,
      margin,
      capture: k.capture,
      hitsThisTurn: total,
      result,
    });
  }
  if (result === 'killed') kill(s, d, ctx);
  else if (result === 'runs away') startFlight(s, d, 'disengages', s.x[a], s.y[a], ctx);
  else if (result === 'captured') capture(s, d, a, ctx);
  return result;
}

/**
 * The cover areas the defender's base touches that gave no cover (not between him and the
 * attacker, or the attacker stands in them), as record data: `{ touched: [ids] }`, or nothing when
 * there are none. Whether a base 0.5 in from an area touches it is decided at the last digit of a
 * rounded position; the record says what the engine found (since 1.4.0, outside readings B1).
 */
function coverTouched(s: PiratesState, d: number, counted: string | null): { touched?: string[] } {
  const r = s.sc.radius;
  const x = s.x[d];
  const y = s.y[d];
  let out: string[] | null = null;
  for (const a of s.sc.table.coverAreas) {
    if (a.id === counted || distToPolygon(x, y, a.poly) > r + 1e-9) continue;
    (out ??= []).push(a.id);
  }
  return out === null ? {} : { touched: out };
}

/** A figure leaves play or runs: out of its band, and any booty it carried is dropped (a `drop` event). */
function leaveBand(s: PiratesState, f: number, ctx: PiratesCtx): void {
  if (s.booty[f]) ctx.emit?.({ e: 'drop', figure: s.sc.figures[f].id });
  s.band[f] = -1;
  s.booty[f] = 0;
  s.pillage[f] = 0;
}

function kill(s: PiratesState, d: number, ctx: PiratesCtx): void {
  const side = s.sc.figures[d].side;
  s.status[d] = DEAD;
  leaveBand(s, d, ctx);
  s.killed[side]++;
  s.counters[C.kills]++;
  ctx.emit?.({ e: 'kill', figure: s.sc.figures[d].id, side: s.sc.sides[side].id, killed: s.killed[side] });
  if (s.killed[side] >= 10 * (s.moraleTaken[side] + 1)) moraleCheck(s, side, d, ctx);
}

function capture(s: PiratesState, d: number, by: number, ctx: PiratesCtx): void {
  s.status[d] = CAPTURED;
  leaveBand(s, d, ctx);
  s.counters[C.captures]++;
  ctx.emit?.({ e: 'capture', figure: s.sc.figures[d].id, by: s.sc.figures[by].id });
}

/**
 * §10: every 10 figures of a side killed, the side rolls d10 against the enemy's d10; a tie or
 * better passes; otherwise the difference is the number of its figures that run away — those
 * nearest to where the tenth loss fell (`at`), as "those closest to the greatest losses".
 */
export function moraleCheck(s: PiratesState, side: number, at: number, ctx: PiratesCtx): void {
  s.moraleTaken[side]++;
  s.counters[C.moraleChecks]++;
  const mine = roll(ctx.rng, 10);
  const theirs = roll(ctx.rng, 10);
  const runners: number[] = [];
  const ax0 = s.x[at];
  const ay0 = s.y[at];
  if (mine < theirs) {
    s.counters[C.moraleFailures]++;
    const n = theirs - mine;
    const ax = s.x[at];
    const ay = s.y[at];
    const cand = s.sc.sides[side].figures.filter((f) => s.status[f] === ACTIVE);
    cand.sort((p, q) => dist(ax, ay, s.x[p], s.y[p]) - dist(ax, ay, s.x[q], s.y[q]) || p - q);
    for (let i = 0; i < Math.min(n, cand.length); i++) runners.push(cand[i]);
  }
  const ev: PiratesEvent = {
    e: 'morale',

    side: s.sc.sides[side].id,
    killed: s.killed[side],
    roll: mine,
    against: theirs,
    result: mine >= theirs ? 'pass' : 'fail',
    runners: runners.map((f) => s.sc.figures[f].id),
  };
  ctx.emit?.(ev);
  for (const f of runners) {
    s.counters[C.moraleRunners]++;
    startFlight(s, f, 'morale', ax0, ay0, ctx);
  }
}

/**
 * A figure disengages for the rest of the game (§5.C(2), §10): it drops any booty, leaves its
 * band, turns away from the threat at (tx, ty) and at once runs its side's movement for this turn:
 * raiders toward home (the ship), others toward the nearest table exit whose way leads away from
 * the threat ({@link chooseExit}). It runs again each turn until it is gone.
 */
export function startFlight(s: PiratesState, f: number, why: 'disengages' | 'morale', tx: number, ty: number, ctx: PiratesCtx): void {
  s.status[f] = FLEEING;
  leaveBand(s, f, ctx);
  s.counters[C.flights]++;
  const sc = s.sc;
  if (sc.sides[sc.figures[f].side].flee === 'edge') s.fleeExit[f] = chooseExit(s, f, tx, ty);
  ctx.emit?.({ e: 'flee', figure: sc.figures[f].id, why, exit: s.fleeExit[f] });
  fleeStep(s, f, ctx);
}

/**
 * The exit a figure at f runs for, away from a threat at (tx, ty): the nearest exit whose way
 * starts within 90° of straight away from the threat (never toward it); the nearest exit when none
 * does. docs/rules/pirates.md §5.C(2) gives the reading ("run away" names no exit).
 */
function chooseExit(s: PiratesState, f: number, tx: number, ty: number): number {
  const x = s.x[f];
  const y = s.y[f];
  const away = angleTo(tx, ty, x, y);
  let best = -1;
  let bestD = Infinity;
  let any = 0;
  let anyD = Infinity;
  s.sc.exits.forEach((e, i) => {
    const p = e.field.pathFrom(x, y);
    if (!p) return;
    if (p.length < anyD) {
      anyD = p.length;
      any = i;
    }
    const next = p.points[1];
    const dir = angleTo(x, y, next.x, next.y);
    if ((tx === x && ty === y) || angleDiff(dir, away) < Math.PI / 2) {
      if (p.length < bestD) {
        bestD = p.length;
        best = i;
      }
    }
  });
  return best >= 0 ? best : any;
}

/** How far from the place its run would reach a jammed runner looks for another (inches). */
const JAM_RADIUS = 3;

/**
 * A runner whose way is jammed ("moved the inches rolled … during each turn", §5.C(2); §4: a move
 * stays put only when there is no room at all): when the places along its route are taken back to
 * more than {@link JAM_RADIUS} short of where its roll reaches, the free place nearest that point, within {@link JAM_RADIUS}, that its roll
 * reaches by a path of its own and that is nearer its refuge than where it stands (since 1.3.0, a
 * second outside reading: runners jammed at the nets stood still for turns with room 2–4 in away).
 */
function jammedRun(
  s: PiratesState,
  f: number,
  pts: readonly Vec[],
  reach: number,
  al: ReturnType<typeof allowanceOf>,
  field: DistanceField,
): { to: Vec; length: number; points: readonly Vec[] } | null {
  const sc = s.sc;
  const end = pointAlong(pts, reach);
  const here = field.distanceFrom(s.x[f], s.y[f]);
  const from = { x: s.x[f], y: s.y[f] };
  const way: { p: Path | null } = { p: null };
  const to = sc.nav.nearestFree(end.x, end.y, JAM_RADIUS, (x, y) => {
    if (!placeFree(viewOf(s), x, y, f) || field.distanceFrom(x, y) >= here - 0.05) return false;
    const p = sc.nav.path(from, { x, y });
    if (!p || p.length > reachAlong(s, p.points, al) + 1e-9) return false;
    way.p = p;
    return true;
  });
  return to && way.p ? { to, length: way.p.length, points: way.p.points } : null;
}

/** One turn's run of a fleeing figure toward its refuge; removes it when it gets there. */
export function fleeStep(s: PiratesState, f: number, ctx: PiratesCtx): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const side = sc.sides[info.side];
  const field = side.flee === 'edge' ? sc.exits[Math.max(0, s.fleeExit[f])].field : sc.home.field;
  const path = field.pathFrom(s.x[f], s.y[f]);
  const fx = s.x[f];
  const fy = s.y[f];
  const al = allowanceOf(s, f, false);
  let arrived = false;
  let to = { x: fx, y: fy };
  let length = 0;
  let route: readonly { x: number; y: number }[] = [{ x: fx, y: fy }];
  if (path) {
    const reach = reachAlong(s, path.points, al);
    if (path.length <= reach + 1e-9) {
      // It gets there this turn: off the table, or back aboard.
      arrived = true;
      to = field.target;
      length = path.length;
      route = path.points;
      // Facing the way it ran off (second outside reading D2: the record kept its old facing).
      const last = route[route.length - 2];
      if (dist(last.x, last.y, to.x, to.y) > 1e-9) s.facing[f] = angleTo(last.x, last.y, to.x, to.y);
    } else {
      let plan: { to: Vec; length: number; points: readonly Vec[] } | null = planAlong(
        sc.table,
        viewOf(s),
        f,
        path,
        0,
        al.full,
        al.slow,
        null,
      );
      // Cut short by more than the jam search's reach (or not moved at all): a place off the route.
      if (!plan || plan.length < reach - JAM_RADIUS) {
        const alt = jammedRun(s, f, path.points, reach, al, field);
        if (alt && (!plan || field.distanceFrom(alt.to.x, alt.to.y) < field.distanceFrom(plan.to.x, plan.to.y))) plan = alt;
      }
      if (plan) {
        to = plan.to;
        length = plan.length;
        route = plan.points;
        s.x[f] = to.x;
        s.y[f] = to.y;
        s.facing[f] = angleTo(fx, fy, to.x, to.y);
      }
      if (side.flee === 'home' && pointInPolygon(to.x, to.y, sc.home.poly)) arrived = true;
    }
  }
  if (arrived) s.status[f] = GONE;
  ctx.emit?.({
    e: 'run',

    figure: info.id,
    from: [r2(fx), r2(fy)],
    to: [r2(to.x), r2(to.y)],
    allowance: al.full,
    path: r2(length),
    via: viaData(route),
    facing: facingData(s.facing[f]),
    gone: arrived,
  });
}
