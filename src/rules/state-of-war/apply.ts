/**
 * Applying one State of War decision: each action kind's effect ([W3]–[W7], [W11], [W13]), then
 * the turn machine moves on to the next decision.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { angleTo, dist as geoDist } from '../../core/geometry.js';
import { engaged, foeDistance } from './table.js';
import { OK } from './tables.js';
import { type SowState, ACTIVE, C, PH_OVER } from './state.js';
import { DEG, type SowAction, r2 } from './action.js';
import { climbPlan } from './climb.js';
import { moraleTest } from './morale.js';
import { chargePlan, movePlan } from './movement.js';
import { exactMovePlan, execMove, leaveIfRunning } from './execute.js';
import { atObjective, barrelsAtHand, detachment } from './options.js';
import { CAND_T, canFire, candidatesInto, fire } from './shooting.js';
import { advance } from './turn.js';
import { activeCount, actor, dropBarrel, majorityDie } from './units.js';
import { checkVictory } from './victory.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;
/** Centre-to-centre distance (a local reference to the geometry helper, for the hot loops). */
const dist = geoDist;

function fail(s: SowState, a: SowAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: SowState, a: SowAction, ctx: StepContext<SowEvent>): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  const f = actor(s);
  if (f < 0) fail(s, a, 'no figure is acting');
  s.decisions++;
  if (a.k === 'done') {
    s.acts[f] = 0;
  } else {
    // A climb half done is given up by any other action [W5].
    if (a.k !== 'climb') s.climbed[f] = 0;
    act(s, f, a, ctx);
    s.acts[f] = Math.max(0, s.acts[f] - 1);
    s.mustRetire[f] = 0;
  }
  if (s.phase === PH_OVER) return;
  if (s.acts[f] === 0 || s.status[f] !== ON) {
    s.acts[f] = 0;
    s.qPos++;
  }
  advance(s, ctx);
}

function act(s: SowState, f: number, a: SowAction, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'move':
    case 'ride': {
      if (a.k === 'ride' && (!s.mounted[f] || s.rode[f] || !info.weapon || s.load[f] === 0)) fail(s, a, 'cannot ride and load now');
      const plan = movePlan(s, f, a.to);
      if (!plan) fail(s, a, `no move toward ${a.to}`);
      execMove(s, f, plan, a.k, ctx);
      if (a.k === 'ride') {
        s.rode[f] = 1;
        doLoad(s, f, ctx, true);
      }
      return;
    }
    case 'moveTo': {
      const plan = exactMovePlan(s, f, a.x, a.y);
      if (typeof plan === 'string') fail(s, a, plan);
      execMove(s, f, plan, 'move', ctx);
      return;
    }
    case 'charge': {
      const t = sc.figureIndex.get(a.t);
      if (t === undefined || s.status[t] !== ON || sc.figures[t].side === info.side) fail(s, a, `no enemy "${a.t}" to charge`);
      const mu = s.unitOf[f];
      if (s.morale[mu] !== OK || s.carry[f] >= 0) fail(s, a, 'the unit may not advance');
      const plan = chargePlan(s, f, t);
      if (!plan) fail(s, a, `cannot reach ${a.t}`);
      const tu = s.unitOf[t];
      const mine = activeCount(s, mu);
      const theirs = activeCount(s, tu);
      if (theirs > mine || majorityDie(s, tu) > majorityDie(s, mu)) {
        // [W25]: charging better or more numerous enemies needs a test first.
        const r = moraleTest(s, mu, 'charging a bigger or better unit', ctx);
        if (r !== OK) {
          ctx.emit?.({ e: 'balk', turn: s.turn, figure: info.id, target: a.t });
          return;
        }
      }
      s.counters[C.charges]++;
      execMove(s, f, plan, 'charge', ctx);
      s.charged[f] = 1;
      if (s.status[t] === ON) moraleTest(s, tu, 'charged', ctx);
      return;
    }
    case 'fire': {
      const u = sc.unitIndex.get(a.u);
      if (u === undefined || !canFire(s, f) || s.carry[f] >= 0) fail(s, a, 'cannot fire now');
      // The candidates in scratch (shotCandidates' list, read at once by the shot).
      const n = candidatesInto(s, f, u);
      if (n === 0) fail(s, a, `no figure of ${a.u} to shoot at`);
      fire(s, f, CAND_T, n, ctx);
      return;
    }
    case 'load':
      if (!info.weapon || s.load[f] === 0 || engaged(s, f) || s.carry[f] >= 0) fail(s, a, 'nothing to load');
      doLoad(s, f, ctx);
      return;
    case 'climb': {
      const p = climbPlan(s, f);
      if (!p) fail(s, a, 'no fence or wall to climb here');
      s.counters[C.climbs]++;
      const from: [number, number] = [r2(s.x[f]), r2(s.y[f])];
      s.facing[f] = angleTo(s.x[f], s.y[f], p.to.x, p.to.y);
      // [W5]: each climb action climbs 3 cm of wall or fence (6 cm at a ladder); over at the top.
      const climbed = s.climbed[f] + p.rate;
      const over = climbed >= p.height - 1e-9;
      s.climbed[f] = over ? 0 : climbed;
      if (over) {
        const before = foeDistance(s, info.side, s.x[f], s.y[f]);
        s.x[f] = p.to.x;
        s.y[f] = p.to.y;
        // A climb over the line is a move for "+1 Unit moving towards the nearest enemy" as it is for
        // "No Advance" ([W31], [W32]; since ruleset 1.4.0, second outside reading D8).
        if (foeDistance(s, info.side, s.x[f], s.y[f]) < before - 0.01) s.advanced[s.unitOf[f]] = 1;
      }
      ctx.emit?.({
        e: 'climb',
        turn: s.turn,
        figure: info.id,
        fence: sc.fences[p.fence].id,
        height: p.height,
        ladder: p.ladder >= 0 ? sc.ladders[p.ladder].id : null,
        rate: p.rate,
        climbed,
        over,
        from,
        to: over ? [r2(p.to.x), r2(p.to.y)] : from,
        facing: r2(s.facing[f] * DEG),
      });
      if (over) leaveIfRunning(s, f, ctx);
      return;
    }
    case 'carry': {
      const b = sc.barrels.findIndex((x) => x.id === a.b);
      if (b < 0 || s.mounted[f] || s.wounds[f] > 0 || s.carry[f] >= 0 || engaged(s, f) || !barrelsAtHand(s, f).includes(b))
        fail(s, a, `no barrel "${a.b}" at hand`);
      s.bHeld[b] = f;
      s.carry[f] = b;
      s.counters[C.carries]++;
      ctx.emit?.({ e: 'carry', turn: s.turn, figure: info.id, barrel: sc.barrels[b].id, at: [r2(s.bx[b]), r2(s.by[b])] });
      return;
    }
    case 'drop':
      if (s.carry[f] < 0) fail(s, a, 'carries nothing');
      dropBarrel(s, f, 'set down', ctx);
      return;
    case 'detach': {
      const d = detachment(s, f);
      if (!d) fail(s, a, 'may not make a detachment now');
      const u = s.unitOf[f];
      const k = d.slot;
      for (const g of d.figures) s.unitOf[g] = k;
      s.size[k] = d.figures.length;
      s.size[u] -= d.figures.length;
      s.leader[k] = f;
      if (s.leader[u] === f) s.leader[u] = -1;
      // The detachment keeps its parent's morale and this turn's record [W6].
      s.morale[k] = s.morale[u];
      s.pending[k] = s.pending[u];
      s.tested[k] = s.tested[u];
      s.advanced[k] = s.advanced[u];
      s.wonMelee[k] = s.wonMelee[u];
      s.counters[C.detachments]++;
      ctx.emit?.({
        e: 'detach',
        turn: s.turn,
        figure: info.id,
        from: sc.units[u].id,
        unit: sc.units[k].id,
        figures: d.figures.map((g) => sc.figures[g].id),
        size: s.size[k],
        leftSize: s.size[u],
        leader: info.id,
        leftLeader: s.leader[u] >= 0 ? sc.figures[s.leader[u]].id : null,
      });
      return;
    }
    case 'dismount':
      if (!s.mounted[f]) fail(s, a, 'not mounted');
      s.mounted[f] = 0;
      s.horse[f] = 1;
      s.hx[f] = s.x[f];
      s.hy[f] = s.y[f];
      s.counters[C.dismounts]++;
      ctx.emit?.({ e: 'dismount', turn: s.turn, figure: info.id, horseAt: [r2(s.x[f]), r2(s.y[f])] });
      return;
    case 'mount':
      if (s.mounted[f] || !s.horse[f] || dist(s.x[f], s.y[f], s.hx[f], s.hy[f]) > 3) fail(s, a, 'no horse at hand');
      s.mounted[f] = 1;
      s.horse[f] = 0;
      ctx.emit?.({ e: 'mount', turn: s.turn, figure: info.id });
      return;
    case 'burn': {
      if (info.side !== sc.objective.side || !atObjective(s, f) || engaged(s, f)) fail(s, a, 'not at the objective');
      // A carried barrel is emptied on it: the action counts the barrel's worth of firing (at least 1) [W6].
      const b = s.carry[f];
      const counts = b >= 0 ? Math.max(1, sc.barrels[b].fire) : 1;
      if (b >= 0) {
        s.bHeld[b] = -2;
        s.carry[f] = -1;
      }
      s.burn += counts;
      s.counters[C.burns]++;
      ctx.emit?.({
        e: 'burn',
        turn: s.turn,
        figure: info.id,
        barrel: b >= 0 ? sc.barrels[b].id : null,
        counts,
        progress: s.burn,
        needed: sc.objective.fireActions,
      });
      checkVictory(s, ctx);
      return;
    }
    default:
      fail(s, a, 'unknown action');
  }
}

function doLoad(s: SowState, f: number, ctx: StepContext<SowEvent>, ride = false): void {
  s.load[f] = Math.max(0, s.load[f] - 1);
  s.counters[C.loads]++;
  ctx.emit?.({ e: 'load', turn: s.turn, figure: s.sc.figures[f].id, left: s.load[f], ride });
}
