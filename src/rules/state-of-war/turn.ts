/**
 * The State of War turn machine ([W1]): two action phases a turn, one per side; in its phase each
 * of the side's figures, in order, spends its actions one decision at a time; melee at the end of
 * every phase ([W20]); rallies and the end of morale results [W32]; the turn limit. Readings [Wn]:
 * docs/rules/state-of-war.md.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { roll } from '../../core/rng.js';
import { BROKEN, CARRY_COST, FALL_BACK, MORALE_NAMES, NO_ADVANCE, OK, phaseActions, RALLY_ON } from './tables.js';
import { type SowState, ACTIVE, C, newState, PH_OVER } from './state.js';
import type { SowScenario } from './compile.js';
import { DEG, r2 } from './action.js';
import { fightMelees } from './melee.js';
import { figureOptions } from './options.js';
import { activeCount, clearMemo, majorityDie } from './units.js';
import { checkVictory, gameOver } from './victory.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;

/** A new game: deployment reported figure by figure, then the first action phase. */
export function setupGame(sc: SowScenario, ctx: StepContext<SowEvent>): SowState {
  const s = newState(sc);
  if (ctx.emit) {
    for (const f of sc.figures) {
      ctx.emit({
        e: 'deploy',
        figure: f.id,
        unit: sc.units[f.unit].id,
        side: sc.sides[f.side].id,
        at: [r2(s.x[f.index]), r2(s.y[f.index])],
        facing: r2(s.facing[f.index] * DEG),
        quality: `d${f.die}`,
        weapon: f.weapon ? f.weapon.key : 'none',
        melee: f.melee.key,
        mounted: f.mounted,
        loaded: true,
        role: f.role,
      });
    }
  }
  startPhase(s, ctx);
  return s;
}

function startPhase(s: SowState, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  s.tested.fill(0);
  s.charged.fill(0);
  let n = 0;
  for (const f of sc.sides[s.side].figures) {
    s.acts[f] = s.status[f] === ON ? phaseActions(s.wounds[f], s.carry[f] >= 0) : 0;
    const u = s.unitOf[f];
    s.mustRetire[f] = s.morale[u] === FALL_BACK && s.pending[u] === 1 ? 1 : 0;
    if (s.acts[f] > 0) s.queue[n++] = f;
  }
  s.qLen = n;
  s.qPos = 0;
  ctx.emit?.({ e: 'phase', turn: s.turn, side: sc.sides[s.side].id });
  // Carrying a barrel costs its carrier 1 action of this phase [W6].
  for (const f of sc.sides[s.side].figures) {
    if (s.carry[f] >= 0 && s.status[f] === ON) {
      ctx.emit?.({
        e: 'burden',
        turn: s.turn,
        figure: sc.figures[f].id,
        barrel: sc.barrels[s.carry[f]].id,
        cost: CARRY_COST,
        actions: s.acts[f],
      });
    }
  }
  advance(s, ctx);
}

/** Move on to the next figure with a choice to make, or end the phase. */
export function advance(s: SowState, ctx: StepContext<SowEvent>): void {
  s.options = null;
  clearMemo(s);
  while (s.qPos < s.qLen) {
    const f = s.queue[s.qPos];
    if (s.status[f] === ON && s.acts[f] > 0) {
      const opts = figureOptions(s, f);
      if (opts.length > 1 || opts[0].k !== 'done') {
        s.options = opts;
        return;
      }
    }
    s.acts[f] = 0;
    s.mustRetire[f] = 0;
    s.qPos++;
  }
  endPhase(s, ctx);
}

function endPhase(s: SowState, ctx: StepContext<SowEvent>): void {
  const sc = s.sc;
  fightMelees(s, ctx);
  if (s.phase === PH_OVER) return;
  for (const u of sc.sides[s.side].units) {
    // A broken unit tries to rally at the end of an action phase it began broken (it has run) [W32].
    if (s.morale[u] === BROKEN && s.pending[u] === 0 && activeCount(s, u) > 0) {
      const d = majorityDie(s, u);
      const face = roll(ctx.rng, d);
      const ok = face >= RALLY_ON;
      ctx.emit?.({ e: 'rally', turn: s.turn, unit: sc.units[u].id, die: `d${d}`, face, rallied: ok });
      if (ok) {
        s.morale[u] = OK;
        s.counters[C.rallies]++;
      }
    }
    if (s.pending[u] > 0) {
      s.pending[u]--;
      if (s.pending[u] === 0 && (s.morale[u] === NO_ADVANCE || s.morale[u] === FALL_BACK)) {
        // The record says when a result has run its course ([W32]; ruleset 1.3.0, audit B3: before,
        // a reader had to rebuild the timing).
        ctx.emit?.({ e: 'statusEnd', turn: s.turn, unit: sc.units[u].id, was: MORALE_NAMES[s.morale[u]] });
        s.morale[u] = OK;
      }
    }
  }
  for (const f of sc.sides[s.side].figures) {
    s.acts[f] = 0;
    s.mustRetire[f] = 0;
  }
  if (checkVictory(s, ctx)) return;
  if (s.phaseNo === 1) {
    s.phaseNo = 2;
    s.side = 1 - s.side;
    startPhase(s, ctx);
    return;
  }
  ctx.emit?.({ e: 'turnEnd', turn: s.turn });
  if (s.turn >= sc.maxTurns) {
    gameOver(s, 1 - sc.objective.side, `turn limit: ${sc.objective.name} not fired`, ctx);
    return;
  }
  s.turn++;
  s.advanced.fill(0);
  s.wonMelee.fill(0);
  s.rode.fill(0);
  s.phaseNo = 1;
  s.side = sc.first;
  startPhase(s, ctx);
}
