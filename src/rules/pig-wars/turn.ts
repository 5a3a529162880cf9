/**
 * The Pig Wars turn machine, shared by both versions (the version's tables and differences come
 * from `s.sc.version`, see version.ts and tables.ts).
 *
 * A turn: the cup holds each side's cards (chips); one is drawn uniformly from those left (no
 * future order in the state). The drawn side then: rallies its routed figures (pirates: and routs
 * figures out of command); gives each of its units an order, one unit per decision (actions.ts);
 * then its figures shoot; then every pair of figures in base contact fights one round of mêlée;
 * then units check morale where a trigger fell. When the cup is empty the turn ends. Readings:
 * docs/rules/pig-wars.md.
 */
import type { StepContext } from '../../core/model.js';
import type { Rng } from '../../core/rng.js';
import { drawChip } from '../../core/table/index.js';
import type { PigScenario } from './compile.js';
import { ACTIVE, PH_OVER, PH_UNIT, PIG_FREE, ROUT, newState, type PigState } from './state.js';
import { r3, deg, type Emit, hasFree } from './queries.js';
import { rallyStep, moraleStep } from './morale.js';
import { shootStep } from './shooting.js';
import { meleeStep } from './melee.js';

/** A fresh game: figures placed, the first card drawn. */

export function setupGame(sc: PigScenario, ctx: StepContext): PigState {
  const s = newState(sc);
  ctx.emit?.({
    e: 'setup',
    ruleset: sc.version.id,
    // Each figure with what the sheets' tables ask of it, so that a record names its figures without
    // the id convention (ruleset 0.3.0, audit B1): class, stripes (dark ages) or level (pirates),
    // weapons, armour, shield, mounted, leader and rank, standard.
    figures: sc.figures.map((f) => ({
      f: f.id,
      unit: sc.units[f.unit].id,
      name: f.name,
      class: sc.version.classNames[f.klass],
      ...(sc.version.pirates ? { level: f.stripes } : { stripes: f.stripes }),
      weapons: f.weapons.map((w) => w.name),
      armour: f.armour,
      shield: f.shield,
      mounted: f.mounted,
      ...(f.leader ? { leader: true } : {}),
      ...(f.leader && sc.version.pirates ? { rank: f.rank } : {}),
      ...(f.standard ? { standard: true } : {}),
      x: r3(s.x[f.index]),
      y: r3(s.y[f.index]),
      facing: deg(s.facing[f.index]),
    })),
    pigs: sc.pigStart.map((p) => [p.x, p.y]),
  });
  startTurn(s, ctx.emit);
  advance(s, ctx);
  return s;
}

function startTurn(s: PigState, emit: Emit): void {
  for (let i = 0; i < s.cardsLeft.length; i++) s.cardsLeft[i] = s.sc.sides[i].cards;
  s.lostTurn.fill(0);
  s.lossChecked.fill(0);
  emit?.({ e: 'turn', turn: s.turn });
}

/** Run automatic steps (cards, rally, shooting, mêlée, morale, turn end) until a unit must decide or the game ends. */

export function advance(s: PigState, ctx: StepContext): void {
  const emit = ctx.emit;
  for (let guard = 0; guard < 100_000; guard++) {
    if (s.phase === PH_OVER) return;
    if (s.actSide >= 0) {
      const units = s.sc.sides[s.actSide].units;
      const from = s.actUnit < 0 ? 0 : units.indexOf(s.actUnit) + 1;
      let next = -1;
      for (let i = from; i < units.length; i++) {
        if (hasFree(s, units[i])) {
          next = units[i];
          break;
        }
        s.order[units[i]] = -1;
      }
      if (next >= 0) {
        s.actUnit = next;
        s.phase = PH_UNIT;
        return;
      }
      endCard(s, ctx.rng, emit);
      s.actSide = -1;
      s.actUnit = -1;
      if (checkEnd(s, emit)) return;
      continue;
    }
    const total = s.cardsLeft[0] + s.cardsLeft[1];
    if (total === 0) {
      emit?.({ e: 'turnEnd', turn: s.turn, landed: s.landed });
      if (s.turn >= s.sc.maxTurns) {
        finish(s, 1 - s.sc.raiders, `turn limit: ${s.landed} of ${s.sc.lootToWin} loot landed`, emit);
        return;
      }
      s.turn++;
      startTurn(s, emit);
      continue;
    }
    const side = drawChip(s.cardsLeft, ctx.rng);
    s.actSide = side;
    s.actUnit = -1;
    emit?.({ e: 'card', turn: s.turn, side: s.sc.sides[side].id, left: s.cardsLeft.slice() });
    for (const f of s.sc.sides[side].figures) s.moved[f] = 0;
    for (const u of s.sc.sides[side].units) s.order[u] = -1;
    rallyStep(s, side, ctx.rng, emit);
    if (checkEnd(s, emit)) return;
  }
  throw new Error('pig-wars: advance did not reach a decision');
}

function finish(s: PigState, winner: number, reason: string, emit: Emit): void {
  s.phase = PH_OVER;
  s.winner = winner;
  s.reason = reason;
  s.actUnit = -1;
  emit?.({ e: 'end', winner: winner >= 0 ? s.sc.sides[winner].id : null, reason, turn: s.turn, landed: s.landed });
}

/** End the game when loot is landed, a side has nothing left on the table, or no loot is left to take. */

export function checkEnd(s: PigState, emit: Emit): boolean {
  if (s.phase === PH_OVER) return true;
  const sc = s.sc;
  if (s.landed >= sc.lootToWin) {
    finish(s, sc.raiders, `${s.landed} loot landed`, emit);
    return true;
  }
  // Raiders with nobody left on the table can land no more loot: the defenders win. Defenders
  // wiped out end nothing: the raiders must still land their loot in time ([R5]).
  if (!sc.sides[sc.raiders].figures.some((f) => s.status[f] === ACTIVE || s.status[f] === ROUT)) {
    finish(s, 1 - sc.raiders, `${sc.sides[sc.raiders].name} destroyed or fled`, emit);
    return true;
  }
  if (!sc.objective) {
    let possible = s.landed;
    for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === PIG_FREE || s.pigBy[p] >= 0) possible++;
    if (possible < sc.lootToWin) {
      finish(s, 1 - sc.raiders, `too few pigs left to win (${s.landed} landed)`, emit);
      return true;
    }
  }
  return false;
}

/** Steps 3–5 of a side's card: shooting, mutual mêlée, morale. */

function endCard(s: PigState, rng: Rng, emit: Emit): void {
  shootStep(s, s.actSide, rng, emit);
  meleeStep(s, s.actSide, rng, emit);
  moraleStep(s, rng, emit);
}
