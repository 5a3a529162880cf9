/**
 * Morale, fall back and rally ([R23]–[R27]): the morale check of a unit where a trigger fell, the
 * fall back or rout of 1½ moves toward the side's edge (or home), the rally of routed figures on a
 * side's card, and (pirates) the rout of figures out of command.
 */
import { type Vec, angleTo, dist, pointAlongInto, truncateInto, truncatePath } from '../../core/geometry.js';
import { newPathScratch } from '../../core/nav.js';
import { roll, type Rng } from '../../core/rng.js';
import { ACTIVE, C, DEAD, GONE, ROUT, TRIG_LEADER, TRIG_LOSS, TRIG_STANDARD, type PigState } from './state.js';
import { lossSteps, moraleMods, moraleResult, shiftClass, sumMods } from './tables.js';
import { r3, type Emit, figureView, moveKind, homePoint } from './queries.js';
import { dropLoot } from './loot.js';
import { type MoveDice, newDice, resetDice, rollNamed, ALT_RADIUS, NEAR, moveEvent } from './movement.js';
import { levelShift, leaderInCombatOrLeading } from './leaders.js';

/**
 * The edge or home point figure f runs for: home, or the nearest free place on its side's table
 * edge. A point kept by this function or by {@link homePoint}: read it before the next call.
 */
function fleePoint(s: PigState, f: number): Vec {
  const sc = s.sc;
  const r = sc.radius;
  const flee = sc.sides[sc.figures[f].side].flee;
  if (flee === 'home') return homePoint(s, f);
  const out = FLEE_POINT;
  const ns = flee === 'north' || flee === 'south';
  const ex = flee === 'west' ? r : flee === 'east' || !ns ? sc.width - r : s.x[f];
  const ey = flee === 'north' ? r : flee === 'south' ? sc.height - r : s.y[f];
  // the nearest free place on the edge, tried along the edge outward from the figure's own line
  for (let k = 0; k <= 400; k++) {
    const off = ((k + 1) >> 1) * (k % 2 ? 0.5 : -0.5);
    const x = ns ? ex + off : ex;
    const y = ns ? ey : ey + off;
    if (x < r || y < r || x > sc.width - r || y > sc.height - r) continue;
    const atEdge =
      flee === 'north'
        ? y <= r + 0.3
        : flee === 'south'
          ? y >= sc.height - r - 0.3
          : flee === 'west'
            ? x <= r + 0.3
            : x >= sc.width - r - 0.3;
    if (sc.nav.isFree(x, y) && atEdge) {
      out.x = x;
      out.y = y;
      return out;
    }
  }
  out.x = ex;
  out.y = ey;
  return out;
}

/** Scratch of {@link fleePoint}: the point it returns. */
const FLEE_POINT = { x: 0.5, y: 0.5 };

/** Scratch of {@link fallBack}: the way toward the figure's edge (read within the call). */
const FLEE_WAY = newPathScratch();

/** Fall back 1½ moves toward the side's edge (or home), losing formation; off the table (or home) = out for good. */
function fallBack(s: PigState, f: number, rng: Rng, emit: Emit, dice: MoveDice, why: string): void {
  const sc = s.sc;
  const info = sc.figures[f];
  dropLoot(s, f, emit);
  // 1½ × the figure's normal move — the move of the order it stood in (close-order foot D6 + 6),
  // worked out before the fall back breaks that order ([R27]; since 0.3.0, a second outside
  // reading: before, close-order foot fell back at the loose rate, D6 + 8).
  // Every figure of one result (a morale check, a rally, the out-of-command routs of a card) moves
  // at the rate of the order the unit stood in when the result was read: the first fall back
  // breaks it, the others of the same result still stood in it (ruleset 0.5.0; before, only the
  // first fell back at the close-order rate, the rest at the loose one — issue 38, item 5).
  if (sc.version.moveDie) {
    if (!dice.move) dice.move = rollNamed(rng, 6, emit, 'fall-back D6', sc.units[info.unit].id);
    if (dice.close < 0) dice.close = s.close[info.unit];
  }
  const full = 1.5 * sc.version.normalMove(info, moveKind(s, f, dice.close === 1), false, dice.move);
  // "may not charge on next turn" — every fall back, whatever its cause: a morale result, a rout
  // out of command, a failed rally (ruleset 0.5.0; before, only a morale result barred the charge,
  // so a figure routed out of command charged on the next turn — issue 38, item 6).
  s.noCharge[f] = s.turn + 1;
  // The unit's shield wall or close order is broken, and the record says so.
  if (s.wall[info.unit] || s.close[info.unit]) {
    emit?.({
      e: 'formation',
      unit: sc.units[info.unit].id,
      ...(s.wall[info.unit] ? { wall: false } : { close: false }),
      why: `${info.id} falls back`,
    });
  }
  s.wall[info.unit] = 0;
  s.close[info.unit] = 0;
  s.chargeBonus[f] = 0;
  s.rounds[f] = 0;
  const goal = fleePoint(s, f);
  const start = FLEE_FROM;
  start.x = s.x[f];
  start.y = s.y[f];
  const path = sc.nav.pathInto(start, goal, FLEE_WAY);
  const home = sc.sides[info.side].flee === 'home';
  // A figure falling back or routing that reaches its edge (or home) is out for good ([R27]; the
  // sheets say so of the rout, "same as fall back …", and a fall back that reaches the edge goes
  // off it too). Before 0.3.0 only the routed left: one falling back stood at the edge (audit A6).
  if (path && path.length <= full + 1e-9) {
    emit?.(moveEvent(s, f, path.points, path.length, full, [{ name: '1½ move', value: r3(full) }], `${why}: off the table`));
    s.x[f] = goal.x;
    s.y[f] = goal.y;
    s.status[f] = GONE;
    emit?.({ e: 'gone', f: info.id, where: home ? sc.home.name : 'off the table' });
    return;
  }
  if (!path) {
    // Recorded, so that a fall back the rules asked for and the table refused is not silent
    // (ruleset 0.3.0, audit B3).
    emit?.({ e: 'stuck', f: info.id, why, reason: 'no way toward its edge' });
    return;
  }
  let d = Math.min(full, path.length);
  pointAlongInto(path.points, d, FLEE_AT);
  let atX = FLEE_AT.x;
  let atY = FLEE_AT.y;
  // The way taken, when it is not the route cut at d.
  let way: readonly Vec[] | null = null;
  const P = sc.places;
  const v = figureView(s);
  P.setNear(v, f, null, 0, atX, atY, ALT_RADIUS);
  if (!P.okNear(atX, atY)) {
    // The place reached is taken: as any move, the nearest free place within 2 in that the 1½
    // moves reach ([R1]), so that friends standing on the way do not cut the fall back short
    // (audit A4); with none, back along the route to the first free place.
    NEAR.reach = full;
    const alt = P.nearestReachableAt(start, FLEE_AT, NEAR);
    const p = P.path;
    if (alt && p) {
      way = p.points;
      d = p.length;
      atX = alt.x;
      atY = alt.y;
    } else {
      P.setRoute(v, f, null, path.points, d);
      d = P.walkBack(path.points, d, 0.2);
      atX = P.at.x;
      atY = P.at.y;
    }
  }
  if (d <= 1e-6) {
    emit?.({ e: 'stuck', f: info.id, why, reason: 'no free place back along its way' });
    return;
  }
  // The point the figure comes from last: the way's last corner, or the route's before the cut.
  let last: Vec;
  if (way) last = way[way.length - 2];
  else {
    const k = truncateInto(path.points, d, FLEE_CUT);
    last = FLEE_CUT.x === FLEE_CUT.x ? path.points[k - 1] : path.points[k - 2];
  }
  s.x[f] = atX;
  s.y[f] = atY;
  s.facing[f] = angleTo(last.x, last.y, atX, atY);
  emit?.(moveEvent(s, f, way ?? truncatePath(path.points, d), d, full, [{ name: '1½ move', value: r3(full) }], why));
}

/** Scratch of {@link fallBack}: where the figure stands before it moves, the place its route reaches, the cut of the route. */
const FLEE_FROM = { x: 0.5, y: 0.5 };
const FLEE_AT = { x: 0.5, y: 0.5 };
const FLEE_CUT = { x: 0.5, y: 0.5 };

/** Step 2 of a side's card: rally routed figures (one D12 per unit), the rest fall back again; pirates: figures out of command rout. */
export function rallyStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  for (const u of sc.sides[side].units) {
    if (!anyRouted(s, u)) continue;
    // the routed figures, then those that fail, by index in scratch lists (ids only for a record)
    let nRouted = 0;
    for (const f of sc.units[u].figures) if (s.status[f] === ROUT) ROUTED[nRouted++] = f;
    const r = roll(rng, 12);
    let nFailed = 0;
    const dice = resetDice(RALLY_DICE);
    for (let i = 0; i < nRouted; i++) {
      const f = ROUTED[i];
      const shift = levelShift(s, f);
      const k = shiftClass(sc.figures[f].klass, shift);
      if (sc.version.rallies(r, k)) {
        s.status[f] = ACTIVE;
        s.counters[C.rallies]++;
      } else FAILED[nFailed++] = f;
    }
    if (emit) {
      const rallied: string[] = [];
      const failed: string[] = [];
      for (let i = 0, j = 0; i < nRouted; i++) {
        const f = ROUTED[i];
        if (j < nFailed && FAILED[j] === f) {
          failed.push(sc.figures[f].id);
          j++;
        } else rallied.push(sc.figures[f].id);
      }
      emit({ e: 'rally', unit: sc.units[u].id, roll: r, rallied, failed });
    }
    for (let i = 0; i < nFailed; i++) fallBack(s, FAILED[i], rng, emit, dice, 'fails to rally and keeps falling back');
  }
  if (sc.version.outOfCommand) {
    // the side's living, active leaders, into a scratch list
    const leaders = LEADERS;
    leaders.length = 0;
    for (const g of sc.sides[side].figures) if (sc.figures[g].leader && s.status[g] === ACTIVE) leaders.push(g);
    // One fall-back D6 per unit ([R27]; since 0.3.0, a second outside reading: before, the first
    // unit's die served the whole side).
    let diceOf: Map<number, MoveDice> | null = null;
    for (const f of sc.sides[side].figures) {
      if (s.status[f] !== ACTIVE || sc.figures[f].leader) continue;
      let ok = false;
      for (const g of leaders) {
        const radius = sc.figures[g].rank === 'captain' ? sc.commandRadius.captain : sc.commandRadius.mate;
        if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= radius + 1e-9) ok = true;
      }
      if (ok) continue;
      s.status[f] = ROUT;
      s.counters[C.outOfCommand]++;
      emit?.({ e: 'command', f: sc.figures[f].id, routs: true });
      const u = sc.figures[f].unit;
      diceOf ??= new Map();
      let dice = diceOf.get(u);
      if (!dice) {
        dice = newDice();
        diceOf.set(u, dice);
      }
      fallBack(s, f, rng, emit, dice, 'out of command: routs');
    }
  }
}

/** Scratch of {@link rallyStep}: a unit's routed figures, and those of them that fail to rally (read within one unit's rally). */
const ROUTED: number[] = [];
const FAILED: number[] = [];
/** Scratch of {@link rallyStep}: the dice of one unit's rally, and the side's leaders (out of command). */
const RALLY_DICE = newDice();
const LEADERS: number[] = [];

/** Unit u has a routed figure (as `figures.filter(routed).length > 0`, without the list). */
function anyRouted(s: PigState, u: number): boolean {
  for (const f of s.sc.units[u].figures) if (s.status[f] === ROUT) return true;
  return false;
}

/** Step 5 of a card: every unit with a morale trigger pending checks morale (one D12), each active figure falls back or routs as the chart says. */
export function moraleStep(s: PigState, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  for (const unit of sc.units) {
    const u = unit.index;
    if (!s.lossChecked[u] && lossSteps(s.lostTurn[u], unit.figures.length, sc.version.moraleMods.lossStep) >= 1) s.pending[u] |= TRIG_LOSS;
    const p = s.pending[u];
    if (!p) continue;
    s.pending[u] = 0;
    if (p & TRIG_LOSS) s.lossChecked[u] = 1;
    // the unit's active figures, by index in a scratch list, and the number lost
    let nFigs = 0;
    let lost = 0;
    for (const f of unit.figures) {
      if (s.status[f] === ACTIVE) MORALE_F[nFigs++] = f;
      else if (s.status[f] === DEAD || s.status[f] === GONE) lost++;
    }
    if (nFigs === 0) continue;
    const present = leaderInCombatOrLeading(s, u);
    const mods = moraleMods(
      sc.version.moraleMods,
      lost,
      unit.figures.length,
      s.standardLost[u] === 1,
      s.leaderLost[u] === 1,
      present !== null,
    );
    const r = roll(rng, 12);
    const total = r + sumMods(mods);
    for (let i = 0; i < nFigs; i++) {
      const f = MORALE_F[i];
      const k = shiftClass(sc.figures[f].klass, levelShift(s, f));
      MORALE_RES[i] = moraleResult(sc.version.chart, sc.version.chartFirstRow, total, k);
    }
    s.counters[C.moraleChecks]++;
    if (emit) {
      const fb: string[] = [];
      const rt: string[] = [];
      for (let i = 0; i < nFigs; i++) {
        if (MORALE_RES[i] === 'FB') fb.push(sc.figures[MORALE_F[i]].id);
        else if (MORALE_RES[i] === 'RT') rt.push(sc.figures[MORALE_F[i]].id);
      }
      const triggers: string[] = [];
      if (p & TRIG_LEADER) triggers.push('leader killed');
      if (p & TRIG_LOSS) triggers.push(sc.version.lossWords);
      if (p & TRIG_STANDARD) triggers.push('standard lost');
      emit({
        e: 'morale',
        unit: unit.id,
        triggers,
        roll: r,
        mods: mods.map((m) => ({ ...m })),
        ...(present !== null ? { leader: { figure: sc.figures[present.f].id, how: present.how } } : {}),
        total,
        fallBack: fb,
        rout: rt,
      });
    }
    const dice = resetDice(MORALE_DICE);
    for (let i = 0; i < nFigs; i++) {
      const f = MORALE_F[i];
      const res = MORALE_RES[i];
      if (res === 'NE' || s.status[f] !== ACTIVE) continue;
      if (res === 'RT') {
        s.status[f] = ROUT;
        s.counters[C.routs]++;
      } else s.counters[C.fallBacks]++;
      fallBack(s, f, rng, emit, dice, res === 'RT' ? 'routs' : 'falls back');
    }
  }
}

/** Scratch of {@link moraleStep}: a unit's active figures and their results (read within one unit's check; a fall back checks no morale). */
const MORALE_F: number[] = [];
const MORALE_DICE = newDice();
const MORALE_RES: string[] = [];
