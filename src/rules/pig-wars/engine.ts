/**
 * The Pig Wars turn machine, shared by both versions (the version's tables and differences come
 * from `s.sc.version`, see version.ts and tables.ts).
 *
 * A turn: the deck holds each side's cards (chips); one is drawn uniformly from those left (no
 * future order in the state). The drawn side then: rallies its routed figures (pirates: and routs
 * figures out of command); gives each of its units an order, one unit per decision (hold, form
 * or leave shield wall, move toward the loot, home or an enemy unit, charge an enemy unit, or an
 * exact place) which is carried out at once; then its figures shoot; then every pair of figures
 * in base contact fights one round of mêlée; then units check morale where a trigger fell. When
 * the deck is empty the turn ends. Readings: docs/rules/pig-wars.md.
 */
import type { GameEvent, Json, StepContext } from '../../core/model.js';
import { type Vec, nearestPointOfPolygon, angleTo, dist, distToPolygon, pointAlong, pointInPolygon, segmentEntersPolygon, truncatePath } from '../../core/geometry.js';
import { roll, type Rng } from '../../core/rng.js';
import { type FigureView, arcOf as kitArcOf, drawChip, inBaseContact, inContactWithAny, nearestFigure } from '../../core/table/index.js';
import { hypot2 } from './hypot.js';
import type { PigScenario } from './compile.js';
import {
  ACTIVE,
  C,
  DEAD,
  GONE,
  PH_OVER,
  PH_UNIT,
  PIG_FREE,
  PIG_LANDED,
  ROUT,
  TRIG_LEADER,
  TRIG_LOSS,
  TRIG_STANDARD,
  newState,
  type PigState,
} from './state.js';
import {
  DA_VICTORY_MARGIN,
  DA_BLOCK,
  PIRATE_SAVE,
  daBlocked,
  daHit,
  daMoveFactor,
  daRoughDie,
  leaderHit,
  lossSteps,
  meleeFactors,
  meleeSum,
  MELEE_USED,
  meleeOutcome,
  moraleMods,
  moraleResult,
  pirateHit,
  pirateProtection,
  pirateSaved,
  pirateVictoryMargin,
  PIRATE_MOVE_BASE,
  protectionUp,
  shiftClass,
  shotDice,
  sumMods,
  type DaProtection,
  type MeleeSide,
  type Mod,
} from './tables.js';

/** An order for the unit deciding now. Unit references are unit ids. */
export type PigAction =
  | { k: 'hold' }
  | { k: 'wall' }
  | { k: 'unwall' }
  | { k: 'obj' }
  | { k: 'home' }
  | { k: 'foe'; u: string }
  | { k: 'charge'; u: string }
  | { k: 'moveTo'; x: number; y: number };

/** Order kinds remembered per unit for the rest of the activation (shooting rules). */
export const O_HOLD = 0;
export const O_MOVE = 1;
export const O_CHARGE = 2;
export const O_FORM = 3;

const r3 = (v: number): number => Math.round(v * 1000) / 1000;
const deg = (a: number): number => Math.round((a * 180) / Math.PI);

type Emit = ((e: GameEvent) => void) | undefined;

/** True while the figure stands on the table and can fight (not routed, dead or gone). */
export function isActive(s: PigState, f: number): boolean {
  return s.status[f] === ACTIVE;
}
function onTable(s: PigState, f: number): boolean {
  return s.status[f] === ACTIVE || s.status[f] === ROUT;
}

/** True when figures a and b (enemies or not) are in base contact (the kit's `inBaseContact`, the scenario's contact distance). */
export function inContact(s: PigState, a: number, b: number): boolean {
  return inBaseContact(figureView(s), a, b);
}

/** Figure f is in base contact with an active enemy. */
export function engaged(s: PigState, f: number): boolean {
  return inContactWithAny(figureView(s), f, s.sc.sides[1 - s.sc.figures[f].side].figures);
}

/** Unit u has a free figure (as `freeFigures(s, u).length > 0`, without the list). */
function hasFree(s: PigState, u: number): boolean {
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f)) return true;
  return false;
}

/** The figure's centre stands on rough ground (rough, broken, wood, wall: the table's slow ground). */
export function onRough(sc: PigScenario, x: number, y: number): boolean {
  return sc.table.slowEntry([{ x, y }]) === 0;
}
/** The centre stands on a hill. */
export function onHill(sc: PigScenario, x: number, y: number): boolean {
  return sc.table.heightAt(x, y) > 0;
}
/** Cover touching the base: 'full', 'partial' or 'none' (the best touched). */
export function coverAt(sc: PigScenario, x: number, y: number): 'none' | 'partial' | 'full' {
  const a = sc.table.coverAt(x, y, ['partial', 'full']);
  return a === null ? 'none' : a.cover === 'full' ? 'full' : 'partial';
}
/** Nothing blocks sight between two points (buildings block). */
export function lineOfSight(sc: PigScenario, ax: number, ay: number, bx: number, by: number): boolean {
  return sc.table.lineOfSight(ax, ay, bx, by);
}
/** A linear obstacle (wall) lies between a and b, or b stands in one and a does not. */
function obstacleBetween(sc: PigScenario, ax: number, ay: number, bx: number, by: number): boolean {
  for (const w of sc.walls) {
    const aIn = pointInPolygon(ax, ay, w.poly);
    const bIn = pointInPolygon(bx, by, w.poly);
    if (bIn && !aIn) return true;
    if (!aIn && !bIn && segmentEntersPolygon(ax, ay, bx, by, w.poly)) return true;
  }
  return false;
}

/** The figures of a state as the table kit sees them. */
export function figureView(s: PigState): FigureView {
  // One view per state: the state's arrays are changed in place, never replaced, so the view stays
  // current (a search asks for it thousands of times; building it each time was a profile's top cost).
  let v = VIEWS.get(s);
  if (!v) {
    v = { x: s.x, y: s.y, facing: s.facing, radius: s.sc.radius, occupies: (i) => onTable(s, i), able: (i) => s.status[i] === ACTIVE };
    VIEWS.set(s, v);
  }
  return v;
}
const VIEWS = new WeakMap<PigState, FigureView>();

/** Where attacker `a` stands relative to target `t`'s facing: front (±45°), rear (±45° behind), else flank (right flank unshielded). */
export function arcOf(s: PigState, a: number, t: number): 'front' | 'flank' | 'unshielded' | 'rear' {
  const arc = kitArcOf(figureView(s), a, t);
  if (arc !== 'flank') return arc;
  // y grows down the table: the right hand of a figure facing θ is toward θ + 90°, so the
  // attacker is on the right when the signed bearing off the facing is positive (its sine; a
  // flank bearing is 45°–135° either way, never near 0 or 180°). [R20]: the left is the shield side.
  const bearing = angleTo(s.x[t], s.y[t], s.x[a], s.y[a]);
  const right = Math.sin(bearing - s.facing[t]) > 0;
  return right || !s.sc.figures[t].shield ? 'unshielded' : 'flank';
}

/** Centre of a unit's active figures (or of all its figures on the table), or null when none. */
export function unitCentre(s: PigState, u: number, activeOnly = true): Vec | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const f of s.sc.units[u].figures) {
    if (activeOnly ? s.status[f] !== ACTIVE : !onTable(s, f)) continue;
    sx += s.x[f];
    sy += s.y[f];
    n++;
  }
  return n ? { x: sx / n, y: sy / n } : null;
}

/** Active figures of unit u not in base contact with an enemy (those that take orders). */
export function freeFigures(s: PigState, u: number): number[] {
  const out: number[] = [];
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f)) out.push(f);
  return out;
}

/** The figure carries loot (a pig or a load from the objective). */
export function carrying(s: PigState, f: number): boolean {
  if (s.carry[f]) return true;
  for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === f) return true;
  return false;
}

/** The base movement allowance of a figure (no dice): the dark ages factor, or the pirate base + 3.5 (the mean D6) for planning. */
export function baseMove(s: PigState, f: number): number {
  const info = s.sc.figures[f];
  if (s.sc.version.pirates) return PIRATE_MOVE_BASE[moveKind(s, f)] + 3.5;
  return daMoveFactor(info.armour, info.mounted, s.wall[info.unit] === 1, false, 0);
}
/** The figure's movement kind (PIRATE_MOVE_BASE); foot by `close`, its unit's order (by default the order it stands in now). */
function moveKind(s: PigState, f: number, close = s.close[s.sc.figures[f].unit] === 1): string {
  const info = s.sc.figures[f];
  if (info.moveKind === 'close-foot' || info.moveKind === 'loose-foot') return close ? 'close-foot' : 'loose-foot';
  return info.moveKind;
}

/** The unit may charge: not in shield wall, and at least one free figure not resting and not fallen back. */
function chargers(s: PigState, u: number): number[] {
  if (s.wall[u]) return [];
  const out: number[] = [];
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] === ACTIVE && s.charged[f] < s.turn - 1 && s.noCharge[f] < s.turn && !engaged(s, f)) out.push(f);
  }
  return out;
}

/** Enemy units an order may name (with active figures), in index order. */
function enemyUnits(s: PigState, u: number): number[] {
  const side = s.sc.units[u].side;
  const out: number[] = [];
  for (const v of s.sc.sides[1 - side].units) if (anyActive(s, v)) out.push(v);
  return out;
}

/** True when unit v has an active figure. */
function anyActive(s: PigState, v: number): boolean {
  for (const f of s.sc.units[v].figures) if (s.status[f] === ACTIVE) return true;
  return false;
}

/** Farthest an enemy unit may be (straight line, nearest figures) to be named in a charge: base move + 6. `cs`: the unit's {@link chargers}. */
function chargeable(s: PigState, cs: readonly number[], v: number): boolean {
  if (cs.length === 0) return false;
  for (const f of cs) {
    const reach = baseMove(s, f) + (s.sc.version.pirates ? 2.5 : 0) + 6 + s.sc.contact;
    for (const e of s.sc.units[v].figures) if (s.status[e] === ACTIVE && dist(s.x[f], s.y[f], s.x[e], s.y[e]) <= reach) return true;
  }
  return false;
}

/** Loot a raider may still take: a free pig, or the objective zone's stores. */
function lootLeft(s: PigState): boolean {
  if (s.sc.objective) return true;
  for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === PIG_FREE) return true;
  return false;
}

/** A free figure of unit u carries loot (as `freeFigures(s, u).some(carrying)`, without the list). */
function carriesLoot(s: PigState, u: number): boolean {
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE && !engaged(s, f) && carrying(s, f)) return true;
  return false;
}

/**
 * The orders a legal list offers, made once per compiled scenario and shared by every list (frozen:
 * nobody changes a listed action), each carrying its key in a hidden property (not enumerable:
 * records and copies never see it) — the same fields in the same order as written out, so records
 * and keys are unchanged, and a search compares the same key strings every visit.
 */
interface OrderTable {
  hold: PigAction;
  wall: PigAction;
  unwall: PigAction;
  obj: PigAction;
  home: PigAction;
  /** By unit index. */
  foe: PigAction[];
  charge: PigAction[];
}
/** The hidden property holding a shared order's key. */
const KEY: unique symbol = Symbol('pig-wars order key');
const ORDERS = new WeakMap<PigScenario, OrderTable>();
let lastOrdersSc: PigScenario | null = null;
let lastOrders: OrderTable | null = null;

/** The {@link OrderTable} of a compiled scenario (made on first use, then kept with it). */
function orderTable(sc: PigScenario): OrderTable {
  if (sc === lastOrdersSc && lastOrders !== null) return lastOrders;
  let t = ORDERS.get(sc);
  if (t === undefined) {
    const fz = (a: PigAction): PigAction => {
      Object.defineProperty(a, KEY, { value: keyOf(a), enumerable: false });
      return Object.freeze(a);
    };
    t = {
      hold: fz({ k: 'hold' }),
      wall: fz({ k: 'wall' }),
      unwall: fz({ k: 'unwall' }),
      obj: fz({ k: 'obj' }),
      home: fz({ k: 'home' }),
      foe: sc.units.map((x) => fz({ k: 'foe', u: x.id })),
      charge: sc.units.map((x) => fz({ k: 'charge', u: x.id })),
    };
    ORDERS.set(sc, t);
  }
  lastOrdersSc = sc;
  lastOrders = t;
  return t;
}

/** The legal orders of the unit deciding now (shared actions of the scenario's {@link OrderTable}). */
export function legalActions(s: PigState): PigAction[] {
  if (s.phase !== PH_UNIT) return [];
  const u = s.actUnit;
  const unit = s.sc.units[u];
  const t = orderTable(s.sc);
  const out: PigAction[] = [t.hold];
  if (unit.canWall) out.push(s.wall[u] ? t.unwall : t.wall);
  const raider = unit.side === s.sc.raiders;
  if (!raider || lootLeft(s) || carriesLoot(s, u)) out.push(t.obj);
  if (raider) out.push(t.home);
  const foes = enemyUnits(s, u);
  for (const v of foes) out.push(t.foe[v]);
  const cs = chargers(s, u);
  for (const v of foes) if (chargeable(s, cs, v)) out.push(t.charge[v]);
  return out;
}

/** True when `a` is one of {@link legalActions} now (the same test, without listing them all). */
export function isLegal(s: PigState, a: PigAction): boolean {
  if (s.phase !== PH_UNIT) return false;
  const u = s.actUnit;
  const unit = s.sc.units[u];
  const raider = unit.side === s.sc.raiders;
  switch (a.k) {
    case 'hold':
      return true;
    case 'wall':
      return unit.canWall && !s.wall[u];
    case 'unwall':
      return unit.canWall && !!s.wall[u];
    case 'obj':
      return !raider || lootLeft(s) || carriesLoot(s, u);
    case 'home':
      return raider;
    case 'foe':
    case 'charge': {
      const v = s.sc.units.findIndex((x) => x.id === a.u);
      if (v < 0 || s.sc.units[v].side === unit.side || !s.sc.units[v].figures.some((f) => s.status[f] === ACTIVE)) return false;
      return a.k === 'foe' || chargeable(s, chargers(s, u), v);
    }
    default:
      return false;
  }
}

/** A stable key of an action (a shared order carries it, made once). */
export function actionKey(a: PigAction): string {
  const made = (a as { [KEY]?: string })[KEY];
  return made !== undefined ? made : keyOf(a);
}

function keyOf(a: PigAction): string {
  switch (a.k) {
    case 'foe':
    case 'charge':
      return `${a.k}:${a.u}`;
    case 'moveTo':
      return `moveTo:${a.x},${a.y}`;
    default:
      return a.k;
  }
}

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
      [sc.version.pirates ? 'level' : 'stripes']: f.stripes,
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

/** Apply the order of the unit deciding now, then run on to the next decision or the end. */
export function applyAction(s: PigState, a: PigAction, ctx: StepContext): void {
  if (s.phase !== PH_UNIT) throw new Error('the game is over');
  if (a.k === 'moveTo') {
    const why = checkMoveTo(s, a.x, a.y);
    if (why) throw new Error(`illegal action moveTo: ${why}`);
  } else {
    if (!isLegal(s, a)) throw new Error(`illegal action ${actionKey(a)}`);
  }
  s.decisions++;
  s.counters[C.orders]++;
  const u = s.actUnit;
  const emit = ctx.emit;
  emit?.({ e: 'order', turn: s.turn, unit: s.sc.units[u].id, order: actionKey(a) });
  switch (a.k) {
    case 'hold':
      s.order[u] = O_HOLD;
      if (s.sc.version.oneAction) reloadUnit(s, u, emit);
      break;
    case 'wall':
    case 'unwall':
      s.order[u] = O_FORM;
      s.wall[u] = a.k === 'wall' ? 1 : 0;
      if (a.k === 'wall') s.counters[C.walls]++;
      emit?.({ e: 'formation', unit: s.sc.units[u].id, wall: a.k === 'wall' });
      break;
    case 'charge':
      s.order[u] = O_CHARGE;
      chargeUnit(s, u, unitIndex(s, a.u), ctx.rng, emit);
      break;
    default:
      s.order[u] = O_MOVE;
      moveUnit(s, u, a, ctx.rng, emit);
  }
  checkEnd(s, emit);
  advance(s, ctx);
}

function unitIndex(s: PigState, id: string): number {
  const i = s.sc.units.findIndex((x) => x.id === id);
  if (i < 0) throw new Error(`no unit "${id}"`);
  return i;
}

/** Why a unit may not be ordered to exact coordinates (null when it may). */
export function checkMoveTo(s: PigState, x: number, y: number): string | null {
  if (s.phase !== PH_UNIT) return 'no unit is choosing an order now';
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'coordinates must be numbers';
  if (!s.sc.nav.isFree(x, y)) return `(${x}, ${y}) is off the table or inside a building or water`;
  return null;
}

/** Run automatic steps (cards, rally, shooting, mêlée, morale, turn end) until a unit must decide or the game ends. */
function advance(s: PigState, ctx: StepContext): void {
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
function checkEnd(s: PigState, emit: Emit): boolean {
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

// ---------------------------------------------------------------------------------------------
// Movement

interface MoveDice {
  /** Pirates: the unit's movement D6 and crossing D6 (0 = not rolled yet). Dark ages: rough dice by size. */
  move: number;
  cross: number;
  rough: Map<number, number>;
  /**
   * Pirates, one result's fall backs ({@link fallBack}): the close order (1) or not (0) the unit
   * stood in when the first of them fell back, before that fall back broke it (−1 = none yet).
   */
  close: number;
}

function newDice(): MoveDice {
  return { move: 0, cross: 0, rough: new Map(), close: -1 };
}

function rollNamed(rng: Rng, sides: number, emit: Emit, what: string, unit: string): number {
  const v = roll(rng, sides);
  emit?.({ e: 'die', unit, what, die: `d${sides}`, roll: v });
  return v;
}

/** A figure's allowance for this move (inches) and the note of its parts; `path` decides the pirate crossing penalty. */
function allowanceFor(s: PigState, f: number, dice: MoveDice, rng: Rng, emit: Emit, charge: number): { full: number; parts: Mod[]; scale: number } {
  const info = s.sc.figures[f];
  const uid = s.sc.units[info.unit].id;
  const parts: Mod[] = [];
  if (s.sc.version.pirates) {
    if (!dice.move) dice.move = rollNamed(rng, 6, emit, 'movement D6', uid);
    const kind = moveKind(s, f);
    parts.push({ name: kind, value: PIRATE_MOVE_BASE[kind] }, { name: 'D6', value: dice.move });
  } else {
    const wall = s.wall[info.unit] === 1;
    const rough = !wall && onRough(s.sc, s.x[f], s.y[f]);
    let die = 0;
    if (rough) {
      const size = daRoughDie(info.armour, info.mounted);
      const got = dice.rough.get(size);
      die = got ?? rollNamed(rng, size, emit, `rough-ground d${size}`, uid);
      dice.rough.set(size, die);
    }
    const v = daMoveFactor(info.armour, info.mounted, wall, rough, die);
    parts.push({ name: wall ? 'shield wall' : rough ? `rough d${daRoughDie(info.armour, info.mounted)}` : `${info.armour} ${info.mounted ? 'horse' : 'foot'}`, value: v });
  }
  if (charge) parts.push({ name: 'charge D6', value: charge });
  let full = sumMods(parts);
  if (carrying(s, f)) {
    full *= s.sc.carrySpeed;
    parts.push({ name: `carrying loot ×${s.sc.carrySpeed}`, value: 0, factor: s.sc.carrySpeed });
  }
  return { full, parts, scale: carrying(s, f) ? s.sc.carrySpeed : 1 };
}

/** Distance along `points` at which the route first enters rough ground (0 when it starts there), Infinity if never. */
function roughEntry(s: PigState, points: readonly Vec[]): number {
  return s.sc.table.slowEntry(points);
}

/** Radius of the ring search for a free place when the one a move reaches is taken (in). */
const ALT_RADIUS = 2;
/** Options of the kit's `PlaceFinder.nearestReachable`: the ring search, and the same with a bound across rough ground (set just before use). */
const NEAR = { radius: ALT_RADIUS };
const NEAR_SLOW = { radius: ALT_RADIUS, slowReach: 0 };

/** Every place will do (the goal of a move only needs to be free of terrain). */
const ANYWHERE = (): boolean => true;

/**
 * Move figure f toward `target` along the shortest path, at most `full` inches (shield wall:
 * not into rough; pirates: −D6 when the route crosses rough or a wall), to the farthest place
 * along the route where it may stand. Returns the distance moved. Emits a `move` event.
 */
function moveFigure(s: PigState, f: number, target: Vec, full: number, parts: Mod[], dice: MoveDice, shy: boolean, rng: Rng, emit: Emit, why: string, scale = 1): number {
  const sc = s.sc;
  const from = { x: s.x[f], y: s.y[f] };
  let goal = target;
  if (!sc.nav.isFree(goal.x, goal.y)) {
    const g = sc.nav.nearestFree(goal.x, goal.y, 6, ANYWHERE);
    if (!g) return 0;
    goal = g;
  }
  const path = sc.nav.path(from, goal);
  if (!path || path.length < 1e-6) return 0;
  let limit = Math.min(full, path.length);
  // How far along its own path a free place may be when the one reached is taken: the figure's
  // allowance ([R1]), not what is left of the path to a goal already within reach (that bound
  // left drovers stuck short of a crowded landing place).
  let reach = full;
  const uid = sc.units[sc.figures[f].unit].id;
  const wallRough = !sc.version.pirates && s.wall[sc.figures[f].unit] === 1;
  if (wallRough) {
    const entry = roughEntry(s, truncatePath(path.points, limit));
    if (entry < Infinity) {
      limit = Math.max(0, Math.min(limit, entry - 0.01));
      reach = limit;
    }
  }
  let crossed = false;
  if (sc.version.pirates && full > 0) {
    const entry = roughEntry(s, truncatePath(path.points, limit));
    if (entry < Infinity) {
      crossed = true;
      if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid);
      // the −D6 comes off the movement factor, before a carrier's fraction of it ([R11])
      parts = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
      full = Math.max(0, full - dice.cross * scale);
      limit = Math.min(limit, full);
      reach = full;
    }
  }
  let d = limit;
  let at = pointAlong(path.points, d);
  let pts: Vec[] | null = null;
  // The place test asks only the bases and enemies near the place reached (and its ring of
  // alternatives), then, walking back, only those near the route.
  const P = sc.places;
  const v = figureView(s);
  const keepers = shy ? sc.sides[1 - sc.figures[f].side].figures : null;
  const keepOff = shy ? sc.contact + 0.5 : 0;
  P.setNear(v, f, keepers, keepOff, at.x, at.y, ALT_RADIUS);
  if (!P.okNear(at.x, at.y)) {
    // the place is taken: the nearest free place within 2 in that the allowance still reaches
    let alt = P.nearestReachable(from, at.x, at.y, reach, NEAR);
    let p = P.path;
    // The way to that place is a route of its own and meets the same terrain rules (audit A5): a
    // shield wall takes no way into rough ground ([R10]); a pirate whose planned route crossed
    // nothing pays the −D6 on a way that enters rough ground or a wall ([R11]). When the place
    // found first is reached by such a way, the search is made again with that rule: the nearest
    // place reached by a way clear of rough within the allowance, or across rough within the
    // allowance less the −D6 (shield wall: none across rough).
    if (alt && p && (wallRough || (sc.version.pirates && !crossed && full > 0)) && roughEntry(s, p.points) < Infinity) {
      let left = -1;
      if (!wallRough) {
        if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid);
        left = Math.max(0, full - dice.cross * scale);
      }
      NEAR_SLOW.slowReach = left;
      alt = P.nearestReachable(from, at.x, at.y, reach, NEAR_SLOW);
      p = P.path;
      if (alt && p && !wallRough && roughEntry(s, p.points) < Infinity) {
        parts = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
        full = left;
      }
    }
    if (alt && p) {
      pts = p.points.slice();
      d = p.length;
      at = alt;
    } else {
      P.setRoute(v, f, keepers, path.points, d);
      d = P.walkBack(path.points, d, 0.2);
      at = { x: P.at.x, y: P.at.y };
    }
  }
  if (!pts) {
    if (d <= 1e-6) return 0;
    pts = truncatePath(path.points, d);
  }
  s.x[f] = at.x;
  s.y[f] = at.y;
  const last = pts[pts.length - 2] ?? from;
  s.facing[f] = angleTo(last.x, last.y, at.x, at.y);
  s.moved[f] = 1;
  s.counters[C.moves]++;
  emit?.({
    e: 'move',
    f: sc.figures[f].id,
    path: pts.map((p) => [r3(p.x), r3(p.y)]),
    facing: deg(s.facing[f]),
    length: r3(d),
    allowance: r3(full),
    parts: parts.map((p): Json => (p.factor === undefined ? { name: p.name, value: p.value } : { name: p.name, value: p.value, factor: p.factor })),
    why,
  });
  carryPigs(s, f);
  afterMove(s, f, emit);
  return d;
}

/** Carried pigs stay with their drover. */
function carryPigs(s: PigState, f: number): void {
  for (let p = 0; p < s.pigBy.length; p++) {
    if (s.pigBy[p] === f) {
      s.pigX[p] = s.x[f];
      s.pigY[p] = s.y[f];
    }
  }
}

/** A raider takes loot it reaches and lands loot it brings home. */
function afterMove(s: PigState, f: number, emit: Emit): void {
  const sc = s.sc;
  if (sc.figures[f].side !== sc.raiders || s.status[f] !== ACTIVE) return;
  if (!carrying(s, f)) {
    if (sc.objective && (pointInPolygon(s.x[f], s.y[f], sc.objective.poly) || distToPolygon(s.x[f], s.y[f], sc.objective.poly) <= sc.radius)) {
      s.carry[f] = 1;
      s.counters[C.lootTaken]++;
      emit?.({ e: 'loot', f: sc.figures[f].id, from: sc.objective.id });
    } else {
      for (let p = 0; p < s.pigBy.length; p++) {
        if (s.pigBy[p] === PIG_FREE && dist(s.x[f], s.y[f], s.pigX[p], s.pigY[p]) <= sc.contact + 0.5) {
          s.pigBy[p] = f;
          s.pigX[p] = s.x[f];
          s.pigY[p] = s.y[f];
          s.counters[C.lootTaken]++;
          emit?.({ e: 'loot', f: sc.figures[f].id, pig: p });
          break;
        }
      }
    }
  }
  if (carrying(s, f) && atHome(sc, s.x[f], s.y[f])) {
    let n = 0;
    if (s.carry[f]) {
      s.carry[f] = 0;
      n++;
    }
    for (let p = 0; p < s.pigBy.length; p++) {
      if (s.pigBy[p] === f) {
        s.pigBy[p] = PIG_LANDED;
        n++;
      }
    }
    s.landed += n;
    s.counters[C.lootLanded] += n;
    emit?.({ e: 'landed', f: sc.figures[f].id, n, landed: s.landed });
  }
}

/** Drop whatever figure f carries where it stands (pigs stay loose; a load from the stores is lost). */
function dropLoot(s: PigState, f: number, emit: Emit): void {
  let dropped = false;
  if (s.carry[f]) {
    s.carry[f] = 0;
    dropped = true;
  }
  for (let p = 0; p < s.pigBy.length; p++) {
    if (s.pigBy[p] === f) {
      s.pigBy[p] = PIG_FREE;
      s.pigX[p] = s.x[f];
      s.pigY[p] = s.y[f];
      dropped = true;
    }
  }
  if (dropped) emit?.({ e: 'drop', f: s.sc.figures[f].id, x: r3(s.x[f]), y: r3(s.y[f]) });
}

/** Where a move order sends figure f (before its formation offset). */
function orderTarget(s: PigState, f: number, a: PigAction, centre: Vec, pigFor: Map<number, number>): { t: Vec; offset: boolean } {
  const sc = s.sc;
  const raider = sc.figures[f].side === sc.raiders;
  switch (a.k) {
    case 'home':
      return { t: homePoint(s, f), offset: false };
    case 'foe': {
      const best = nearestFigure(figureView(s), sc.units[unitIndex(s, a.u)].figures, s.x[f], s.y[f], true);
      return best >= 0 ? { t: { x: s.x[best], y: s.y[best] }, offset: false } : { t: centre, offset: true };
    }
    case 'moveTo':
      return { t: { x: a.x, y: a.y }, offset: true };
    default: {
      // obj
      if (raider) {
        if (carrying(s, f)) return { t: homePoint(s, f), offset: false };
        if (sc.objective) return { t: sc.objective.target, offset: true };
        const p = pigFor.get(f);
        if (p !== undefined) return { t: { x: s.pigX[p], y: s.pigY[p] }, offset: false };
        return { t: centre, offset: true };
      }
      // defenders: the nearest drover, else the loot
      let best: Vec | null = null;
      let bd = Infinity;
      for (const g of sc.sides[sc.raiders].figures) {
        if (s.status[g] !== ACTIVE || !carrying(s, g)) continue;
        const d = dist(s.x[f], s.y[f], s.x[g], s.y[g]);
        if (d < bd) {
          bd = d;
          best = { x: s.x[g], y: s.y[g] };
        }
      }
      if (best) return { t: best, offset: false };
      if (sc.objective) return { t: sc.objective.target, offset: true };
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let p = 0; p < s.pigBy.length; p++) {
        if (s.pigBy[p] !== PIG_FREE) continue;
        sx += s.pigX[p];
        sy += s.pigY[p];
        n++;
      }
      return { t: n ? { x: sx / n, y: sy / n } : centre, offset: true };
    }
  }
}

/** The base of a figure centred at (x, y) is in or touches the home zone (where loot is landed, [R29]). */
export function atHome(sc: PigScenario, x: number, y: number): boolean {
  return pointInPolygon(x, y, sc.home.poly) || distToPolygon(x, y, sc.home.poly) <= sc.radius + 1e-9;
}

/** The place in the home zone nearest figure f (1 in inside its edge, toward the zone's centre); the zone's middle for a figure already in it. */
export function homePoint(s: PigState, f: number): Vec {
  const home = s.sc.home;
  // already home: on toward its middle, clearing the way in for those behind
  if (pointInPolygon(s.x[f], s.y[f], home.poly)) return home.target;
  const p = nearestPointOfPolygon(s.x[f], s.y[f], home.poly);
  const dx = home.target.x - p.x;
  const dy = home.target.y - p.y;
  const l = hypot2(dx, dy);
  if (l < 1e-9) return p;
  const k = Math.min(1, l) / l;
  return { x: p.x + dx * k, y: p.y + dy * k };
}

/**
 * Sort by distance, then figure index: what `sort((p, q) => p.d - q.d || p.f - q.f)` gives (that
 * order is total, so any sort gives it), by insertion — a comparator sort boxes every double it
 * compares.
 */
function sortByDistance<T extends { f: number; d: number }>(list: T[]): void {
  for (let i = 1; i < list.length; i++) {
    const p = list[i];
    let j = i - 1;
    while (j >= 0 && (list[j].d > p.d || (list[j].d === p.d && list[j].f > p.f))) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = p;
  }
}

/** Carry out a move order: each free figure of the unit moves toward its place (formation kept loosely). */
function moveUnit(s: PigState, u: number, a: PigAction, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const figs = freeFigures(s, u);
  const centre = unitCentre(s, u) ?? { x: s.x[figs[0]], y: s.y[figs[0]] };
  const dice = newDice();
  // Raiders heading for pigs: each free pig to the nearest figure not yet given one.
  const pigFor = new Map<number, number>();
  if (a.k === 'obj' && sc.units[u].side === sc.raiders && !sc.objective) {
    const free: number[] = [];
    for (let p = 0; p < s.pigBy.length; p++) if (s.pigBy[p] === PIG_FREE) free.push(p);
    const want = figs.filter((f) => !carrying(s, f));
    for (const f of want) {
      let best = -1;
      let bd = Infinity;
      for (const p of free) {
        const d = dist(s.x[f], s.y[f], s.pigX[p], s.pigY[p]);
        if (d < bd) {
          bd = d;
          best = p;
        }
      }
      if (best >= 0) {
        pigFor.set(f, best);
        if (free.length > 1) free.splice(free.indexOf(best), 1);
      }
    }
  }
  // Figures nearest the goal move first so that the rest can close up behind them.
  const plans = figs.map((f) => {
    const { t, offset } = orderTarget(s, f, a, centre, pigFor);
    let tx = t.x;
    let ty = t.y;
    if (offset) {
      let ox = s.x[f] - centre.x;
      let oy = s.y[f] - centre.y;
      const ol = hypot2(ox, oy);
      if (ol > 3) {
        ox *= 3 / ol;
        oy *= 3 / ol;
      }
      tx += ox;
      ty += oy;
    }
    return { f, t: { x: tx, y: ty }, d: dist(s.x[f], s.y[f], tx, ty) };
  });
  sortByDistance(plans);
  // Going home with loot, the others keep pace with the drovers (they escort, not race ahead).
  const escort = a.k === 'home' && figs.some((f) => carrying(s, f));
  for (const p of plans) {
    // [R5]: the raiders win as soon as their landed loot reaches the number — the rest of the
    // unit's order is not carried out (ruleset 0.3.0; before, the whole order was, audit D1).
    if (s.landed >= sc.lootToWin) break;
    const al = allowanceFor(s, p.f, dice, rng, emit, 0);
    const parts = al.parts;
    let { full, scale } = al;
    if (escort && !carrying(s, p.f)) {
      // The escort moves as the drovers do ([R1]): its whole movement factor, crossing −D6
      // included, at the drovers' fraction (ruleset 0.3.0; before, the −D6 came off whole after
      // the fraction, so across rough the escort fell behind the loot it escorts, audit B4/D3).
      full *= sc.carrySpeed;
      scale = sc.carrySpeed;
      parts.push({ name: `keeping pace with the drovers ×${sc.carrySpeed}`, value: 0, factor: sc.carrySpeed });
    }
    moveFigure(s, p.f, p.t, full, parts, dice, true, rng, emit, a.k === 'foe' ? `toward ${a.u}` : a.k, scale);
  }
}

/** Carry out a charge on enemy unit v: a charge D6 for the unit; figures that reach base contact charge home. */
function chargeUnit(s: PigState, u: number, v: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const uid = sc.units[u].id;
  const d6 = rollNamed(rng, 6, emit, 'charge D6', uid);
  const dice = newDice();
  const able = new Set(chargers(s, u));
  const claims = new Map<number, number>();
  s.counters[C.charges]++;
  const figs = freeFigures(s, u);
  // nearest first
  const order = figs
    .map((f) => {
      let bd = Infinity;
      for (const e of sc.units[v].figures) if (s.status[e] === ACTIVE) bd = Math.min(bd, dist(s.x[f], s.y[f], s.x[e], s.y[e]));
      return { f, d: bd };
    });
  sortByDistance(order);
  for (const { f } of order) {
    if (s.status[f] !== ACTIVE) continue;
    let target = -1;
    let best = Infinity;
    for (const e of sc.units[v].figures) {
      if (s.status[e] !== ACTIVE) continue;
      const score = dist(s.x[f], s.y[f], s.x[e], s.y[e]) + 4 * (claims.get(e) ?? 0);
      if (score < best) {
        best = score;
        target = e;
      }
    }
    if (target < 0) break;
    if (!able.has(f)) {
      // a carrier's −D6 comes off its movement factor before its fraction, as in every other move
      // ([R11], [R12]; ruleset 0.5.0 — before, (8 + D6) × ½ − D6 here, issue 38, item 8)
      const { full, parts, scale } = allowanceFor(s, f, dice, rng, emit, 0);
      moveFigure(s, f, { x: s.x[target], y: s.y[target] }, full, parts, dice, true, rng, emit, `behind the charge on ${sc.units[v].id} (may not charge)`, scale);
      continue;
    }
    const { full, parts, scale } = allowanceFor(s, f, dice, rng, emit, d6);
    const spot = contactSpot(s, f, target);
    if (spot) {
      const path = sc.nav.path({ x: s.x[f], y: s.y[f] }, spot);
      let allowance = full;
      let ps = parts;
      if (path && sc.version.pirates && roughEntry(s, path.points) < Infinity) {
        if (!dice.cross) dice.cross = rollNamed(rng, 6, emit, 'crossing −D6', uid);
        allowance = Math.max(0, full - dice.cross * scale);
        ps = [...parts, { name: 'crossing rough/obstacle −D6', value: -dice.cross }];
      }
      if (path && path.length <= allowance + 1e-9) {
        const info = sc.figures[f];
        const normal = baseMoveNoDice(s, f, dice);
        const qualifies = info.mounted ? path.length >= normal / 2 - 1e-9 : path.length >= 2 - 1e-9;
        s.x[f] = spot.x;
        s.y[f] = spot.y;
        s.facing[f] = angleTo(spot.x, spot.y, s.x[target], s.y[target]);
        s.charged[f] = s.turn;
        s.chargeBonus[f] = qualifies ? 1 : 0;
        s.rounds[f] = 0;
        s.moved[f] = 1;
        claims.set(target, (claims.get(target) ?? 0) + 1);
        s.counters[C.moves]++;
        emit?.({
          e: 'move',
          f: info.id,
          path: path.points.map((p) => [r3(p.x), r3(p.y)]),
          facing: deg(s.facing[f]),
          length: r3(path.length),
          allowance: r3(allowance),
          parts: ps.map((p): Json => (p.factor === undefined ? { name: p.name, value: p.value } : { name: p.name, value: p.value, factor: p.factor })),
          why: `charge ${sc.figures[target].id}`,
          charge: sc.figures[target].id,
          bonus: qualifies,
        });
        carryPigs(s, f);
        continue;
      }
    }
    // A charge that falls short is still a charge ([R7]): the figure moved with the charge D6, so
    // it is a charger that must rest 1 turn; it reached no mêlée, so it has no bonus (audit A2).
    // A figure that could not move at all (its way and every place near it taken) made no charge
    // and need not rest (ruleset 0.5.0; before, it was barred from charging on the next turn
    // although its record showed no charge — issue 38, item 7).
    s.chargeBonus[f] = 0;
    if (moveFigure(s, f, { x: s.x[target], y: s.y[target] }, full, parts, dice, true, rng, emit, `charge on ${sc.units[v].id} falls short`, scale) > 0) s.charged[f] = s.turn;
  }
}

/** The figure's normal move this activation without the charge die (for the charge bonus test). */
function baseMoveNoDice(s: PigState, f: number, dice: MoveDice): number {
  const info = s.sc.figures[f];
  if (s.sc.version.pirates) return PIRATE_MOVE_BASE[moveKind(s, f)] + dice.move;
  return daMoveFactor(info.armour, info.mounted, false, false, 0);
}

/** A free place in base contact with `t` on the side facing `f`, or null. */
function contactSpot(s: PigState, f: number, t: number): Vec | null {
  const sc = s.sc;
  const gap = 2 * sc.radius + 0.02;
  const base = angleTo(s.x[t], s.y[t], s.x[f], s.y[f]);
  // every place tried is `gap` from t's centre: only the bases near that circle are asked
  const P = sc.places;
  P.setNear(figureView(s), f, null, 0, s.x[t], s.y[t], gap);
  for (let k = 0; k < 13; k++) {
    const off = ((k + 1) >> 1) * (k % 2 ? 1 : -1) * (Math.PI / 12);
    const a = base + off;
    const x = s.x[t] + gap * Math.cos(a);
    const y = s.y[t] + gap * Math.sin(a);
    if (P.okNear(x, y)) return { x, y };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Rally, fall back, rout

/** The edge or home point figure f runs for: home, or the nearest free place on its side's table edge. */
function fleePoint(s: PigState, f: number): Vec {
  const sc = s.sc;
  const r = sc.radius;
  const flee = sc.sides[sc.figures[f].side].flee;
  if (flee === 'home') return homePoint(s, f);
  const e =
    flee === 'north' ? { x: s.x[f], y: r } : flee === 'south' ? { x: s.x[f], y: sc.height - r } : flee === 'west' ? { x: r, y: s.y[f] } : { x: sc.width - r, y: s.y[f] };
  const atEdge = (x: number, y: number): boolean =>
    flee === 'north' ? y <= r + 0.3 : flee === 'south' ? y >= sc.height - r - 0.3 : flee === 'west' ? x <= r + 0.3 : x >= sc.width - r - 0.3;
  // the nearest free place on the edge, tried along the edge outward from the figure's own line
  for (let k = 0; k <= 400; k++) {
    const off = ((k + 1) >> 1) * (k % 2 ? 0.5 : -0.5);
    const x = flee === 'north' || flee === 'south' ? e.x + off : e.x;
    const y = flee === 'north' || flee === 'south' ? e.y : e.y + off;
    if (x < r || y < r || x > sc.width - r || y > sc.height - r) continue;
    if (sc.nav.isFree(x, y) && atEdge(x, y)) return { x, y };
  }
  return e;
}

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
  let full: number;
  if (sc.version.pirates) {
    if (!dice.move) dice.move = rollNamed(rng, 6, emit, 'fall-back D6', sc.units[info.unit].id);
    if (dice.close < 0) dice.close = s.close[info.unit];
    full = 1.5 * (PIRATE_MOVE_BASE[moveKind(s, f, dice.close === 1)] + dice.move);
  } else full = 1.5 * daMoveFactor(info.armour, info.mounted, false, false, 0);
  // "may not charge on next turn" — every fall back, whatever its cause: a morale result, a rout
  // out of command, a failed rally (ruleset 0.5.0; before, only a morale result barred the charge,
  // so a figure routed out of command charged on the next turn — issue 38, item 6).
  s.noCharge[f] = s.turn + 1;
  // The unit's shield wall or close order is broken, and the record says so.
  if (s.wall[info.unit] || s.close[info.unit]) {
    emit?.({ e: 'formation', unit: sc.units[info.unit].id, ...(s.wall[info.unit] ? { wall: false } : { close: false }), why: `${info.id} falls back` });
  }
  s.wall[info.unit] = 0;
  s.close[info.unit] = 0;
  s.chargeBonus[f] = 0;
  s.rounds[f] = 0;
  const goal = fleePoint(s, f);
  const path = sc.nav.path({ x: s.x[f], y: s.y[f] }, goal);
  const home = sc.sides[info.side].flee === 'home';
  // A figure falling back or routing that reaches its edge (or home) is out for good ([R27]; the
  // sheets say so of the rout, "same as fall back …", and a fall back that reaches the edge goes
  // off it too). Before 0.3.0 only the routed left: one falling back stood at the edge (audit A6).
  if (path && path.length <= full + 1e-9) {
    emit?.({ e: 'move', f: info.id, path: path.points.map((p) => [r3(p.x), r3(p.y)]), facing: deg(s.facing[f]), length: r3(path.length), allowance: r3(full), parts: [{ name: '1½ move', value: r3(full) }], why: `${why}: off the table` });
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
  let at = pointAlong(path.points, d);
  let pts: Vec[] | null = null;
  const P = sc.places;
  const v = figureView(s);
  P.setNear(v, f, null, 0, at.x, at.y, ALT_RADIUS);
  if (!P.okNear(at.x, at.y)) {
    // The place reached is taken: as any move, the nearest free place within 2 in that the 1½
    // moves reach ([R1]), so that friends standing on the way do not cut the fall back short
    // (audit A4); with none, back along the route to the first free place.
    const from = { x: s.x[f], y: s.y[f] };
    const alt = P.nearestReachable(from, at.x, at.y, full, NEAR);
    const p = P.path;
    if (alt && p) {
      pts = p.points.slice();
      d = p.length;
      at = alt;
    } else {
      P.setRoute(v, f, null, path.points, d);
      d = P.walkBack(path.points, d, 0.2);
      at = { x: P.at.x, y: P.at.y };
    }
  }
  if (d <= 1e-6) {
    emit?.({ e: 'stuck', f: info.id, why, reason: 'no free place back along its way' });
    return;
  }
  if (!pts) pts = truncatePath(path.points, d);
  s.x[f] = at.x;
  s.y[f] = at.y;
  const last = pts[pts.length - 2];
  s.facing[f] = angleTo(last.x, last.y, at.x, at.y);
  emit?.({ e: 'move', f: info.id, path: pts.map((p) => [r3(p.x), r3(p.y)]), facing: deg(s.facing[f]), length: r3(d), allowance: r3(full), parts: [{ name: '1½ move', value: r3(full) }], why });
}

/** Living, active leaders of a side. */
function leadersOf(s: PigState, side: number): number[] {
  return s.sc.sides[side].figures.filter((g) => s.sc.figures[g].leader && s.status[g] === ACTIVE);
}

/**
 * Levels a figure is rated up (+1) or down (−1) for morale and rally: within 4 in of a leader
 * (or, dark ages, in shield wall) up one; dark ages: cannot see his unit's standard, pirates:
 * cannot see a leader, down one.
 */
export function levelShift(s: PigState, f: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  const leaders = leadersOf(s, info.side);
  let up = 0;
  if (!sc.version.pirates && s.wall[info.unit]) up = 1;
  for (const g of leaders) if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= 4 + 1e-9) up = 1;
  let down = 0;
  if (sc.version.pirates) {
    if (!leaders.some((g) => lineOfSight(sc, s.x[f], s.y[f], s.x[g], s.y[g]))) down = 1;
  } else if (sc.units[info.unit].hasStandard) {
    const bearer = sc.units[info.unit].figures.find((g) => sc.figures[g].standard && s.status[g] === ACTIVE);
    if (bearer === undefined || !lineOfSight(sc, s.x[f], s.y[f], s.x[bearer], s.y[bearer])) down = 1;
  }
  return up - down;
}

/** Step 2 of a side's card: rally routed figures (one D12 per unit), the rest fall back again; pirates: figures out of command rout. */
function rallyStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  for (const u of sc.sides[side].units) {
    const routed = sc.units[u].figures.filter((f) => s.status[f] === ROUT);
    if (routed.length === 0) continue;
    const r = roll(rng, 12);
    const rallied: string[] = [];
    const failed: string[] = [];
    const dice = newDice();
    for (const f of routed) {
      const shift = levelShift(s, f);
      const k = shiftClass(sc.figures[f].klass, shift);
      if (sc.version.rallies(r, k)) {
        s.status[f] = ACTIVE;
        rallied.push(sc.figures[f].id);
        s.counters[C.rallies]++;
      } else failed.push(sc.figures[f].id);
    }
    emit?.({ e: 'rally', unit: sc.units[u].id, roll: r, rallied, failed });
    for (const id of failed) fallBack(s, sc.figureIndex.get(id) as number, rng, emit, dice, 'fails to rally and keeps falling back');
  }
  if (sc.version.pirates) {
    const leaders = leadersOf(s, side);
    // One fall-back D6 per unit ([R27]; since 0.3.0, a second outside reading: before, the first
    // unit's die served the whole side).
    const diceOf = new Map<number, MoveDice>();
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
      let dice = diceOf.get(u);
      if (!dice) {
        dice = newDice();
        diceOf.set(u, dice);
      }
      fallBack(s, f, rng, emit, dice, 'out of command: routs');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Shooting

/** Pirates: unloaded figures of a holding unit reload (their one action). */
function reloadUnit(s: PigState, u: number, emit: Emit): void {
  for (const f of freeFigures(s, u)) {
    const m = s.sc.figures[f].missile;
    const pistol = s.sc.figures[f].weapons.some((w) => w.pistol);
    if ((m && m.reload) || pistol) {
      if (!s.loaded[f]) {
        s.loaded[f] = 1;
        s.moved[f] = 1;
        emit?.({ e: 'reload', f: s.sc.figures[f].id });
      }
    }
  }
}

/** The nearest enemy figure figure f may shoot at (in long range and sight, not in mêlée), or −1. */
export function shotTarget(s: PigState, f: number): number {
  const sc = s.sc;
  const m = sc.figures[f].missile;
  if (!m) return -1;
  const side = sc.figures[f].side;
  let best = -1;
  let bd = Infinity;
  for (const e of sc.sides[1 - side].figures) {
    if (!onTable(s, e)) continue;
    const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
    if (d > m.long + 1e-9 || d >= bd) continue;
    if (engagedWithSide(s, e, side)) continue;
    if (!lineOfSight(sc, s.x[f], s.y[f], s.x[e], s.y[e])) continue;
    best = e;
    bd = d;
  }
  return best;
}
function engagedWithSide(s: PigState, e: number, side: number): boolean {
  return inContactWithAny(figureView(s), e, s.sc.sides[side].figures);
}

/** The figure may shoot in this activation's shooting step. */
export function mayShoot(s: PigState, f: number): boolean {
  const sc = s.sc;
  const info = sc.figures[f];
  if (s.status[f] !== ACTIVE || !info.missile || engaged(s, f)) return false;
  if (info.missile.reload && !s.loaded[f]) return false;
  const o = s.order[info.unit];
  if (o === O_CHARGE) return false;
  if (sc.version.oneAction && (o !== O_HOLD || s.moved[f])) return false;
  return true;
}

function shootStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  for (const f of s.sc.sides[side].figures) {
    if (!mayShoot(s, f)) continue;
    const t = shotTarget(s, f);
    if (t < 0) continue;
    shoot(s, f, t, rng, emit);
  }
}

function shoot(s: PigState, f: number, t0: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const m = info.missile;
  if (!m) return;
  const d0 = dist(s.x[f], s.y[f], s.x[t0], s.y[t0]);
  const long = d0 > m.short + 1e-9;
  const n = shotDice(m, long);
  let t = t0;
  s.moved[f] = 1;
  if (m.reload) s.loaded[f] = 0;
  for (let k = 0; k < n; k++) {
    if (!onTable(s, t)) {
      // cannon dice after a kill go to the next nearest figure of the target's unit in range
      t = -1;
      let bd = Infinity;
      for (const e of sc.units[sc.figures[t0].unit].figures) {
        if (!onTable(s, e)) continue;
        const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
        if (d <= m.long && d < bd) {
          bd = d;
          t = e;
        }
      }
      if (t < 0) break;
    }
    s.counters[C.shots]++;
    const tInfo = sc.figures[t];
    const dd = r3(dist(s.x[f], s.y[f], s.x[t], s.y[t]));
    const r = roll(rng, 12);
    const base = { e: 'shoot', f: info.id, target: tInfo.id, weapon: m.name, dist: dd, range: long ? 'long' : 'short', roll: r };
    if (!sc.version.pirates) {
      const hit = daHit(r, long);
      if (!hit) {
        emit?.({ ...base, need: long ? 3 : 6, hit: false });
        continue;
      }
      let prot: DaProtection = tInfo.armour;
      if (s.wall[tInfo.unit] && arcOf(s, f, t) === 'front') prot = 'SW';
      const cov = coverAt(sc, s.x[t], s.y[t]) !== 'none';
      const p2 = protectionUp(prot, cov);
      const b = roll(rng, 12);
      const blocked = daBlocked(p2, b);
      emit?.({ ...base, need: long ? 3 : 6, hit: true, protection: p2, cover: cov, block: b, blockOn: DA_BLOCK[p2], blocked });
      if (!blocked) {
        s.counters[C.shotHits]++;
        casualty(s, t, f, rng, emit, 'shot', r);
      }
    } else {
      const closeShooter = s.close[info.unit] === 1 && !info.mounted;
      const closeTarget = s.close[tInfo.unit] === 1 && !tInfo.mounted;
      const h = pirateHit(r, info.stripes, closeShooter, closeTarget, long);
      const mods: Mod[] = [];
      if (info.stripes) mods.push({ name: 'level', value: info.stripes });
      if (closeShooter) mods.push({ name: 'close order shooter', value: 1 });
      if (closeTarget) mods.push({ name: 'close order target', value: 1 });
      if (!h.hit) {
        emit?.({ ...base, mods: mods.map((x) => ({ ...x })), total: h.total, need: long ? 10 : 7, hit: false });
        continue;
      }
      const prot = pirateProtection(tInfo.leader, coverAt(sc, s.x[t], s.y[t]));
      const sv = roll(rng, 12);
      const saved = pirateSaved(prot, sv);
      emit?.({ ...base, mods: mods.map((x) => ({ ...x })), total: h.total, need: long ? 10 : 7, hit: true, protection: prot, save: sv, saveOn: PIRATE_SAVE[prot], saved });
      if (!saved) {
        s.counters[C.shotHits]++;
        casualty(s, t, f, rng, emit, 'shot', r);
      }
    }
  }
}

/**
 * A hit that is not blocked or saved, or a mêlée kill: a leader goes to Leader Combat, anyone else
 * dies. `hitRoll` is the natural D12 of the roll that hit him (the shooter's or the mêlée winner's).
 * [R21] DA: "the opponent rolls a D12. Leader dies on 1-3"; PI: "he only dies if the roll was a
 * natural 12" — the roll that hit him, no new die (ruleset 0.3.0, audit C1; before, a fresh D12).
 */
function casualty(s: PigState, t: number, by: number, rng: Rng, emit: Emit, how: string, hitRoll: number): void {
  const sc = s.sc;
  const info = sc.figures[t];
  if (info.leader) {
    const fresh = !sc.version.pirates;
    const r = fresh ? roll(rng, 12) : hitRoll;
    const res = leaderHit(sc.version.leaderDies, r, s.hits[t]);
    s.counters[C.leaderHits]++;
    emit?.({ e: 'leader', f: info.id, by: sc.figures[by].id, roll: r, of: fresh ? 'leader combat D12' : 'the hitting roll', diesOn: `${sc.version.leaderDies[0]}-${sc.version.leaderDies[1]}`, dies: res.dies, hits: res.hits, eliminated: res.eliminated });
    if (!res.eliminated) {
      s.hits[t] = res.hits;
      return;
    }
    s.hits[t] = res.hits;
  }
  kill(s, t, by, emit, how);
}

function kill(s: PigState, t: number, by: number, emit: Emit, how: string): void {
  const sc = s.sc;
  const info = sc.figures[t];
  dropLoot(s, t, emit);
  s.status[t] = DEAD;
  s.counters[C.kills]++;
  const u = info.unit;
  s.lostTurn[u]++;
  if (info.leader) {
    s.leaderLost[u] = 1;
    s.pending[u] |= TRIG_LEADER;
  }
  if (info.standard && !sc.version.pirates) {
    s.standardLost[u] = 1;
    s.pending[u] |= TRIG_STANDARD;
  }
  if (!s.lossChecked[u] && lossSteps(s.lostTurn[u], sc.units[u].figures.length, sc.version.moraleMods.lossStep) >= 1) s.pending[u] |= TRIG_LOSS;
  emit?.({ e: 'kill', f: info.id, by: sc.figures[by].id, how });
}

// ---------------------------------------------------------------------------------------------
// Mêlée

function meleeSide(s: PigState, f: number, opp: number): MeleeSide {
  const sc = s.sc;
  const info = sc.figures[f];
  return {
    stripes: info.stripes,
    weapons: info.weapons,
    loaded: s.loaded[f] === 1,
    mounted: info.mounted,
    firstRound: s.rounds[f] === 0,
    charging: s.chargeBonus[f] === 1,
    arc: arcOf(s, f, opp),
    opponentUphill: onHill(sc, s.x[opp], s.y[opp]) && !onHill(sc, s.x[f], s.y[f]),
    opponentObstacle: obstacleBetween(sc, s.x[f], s.y[f], s.x[opp], s.y[opp]),
    wounds: s.hits[f],
  };
}

/** The victory margin needed to kill figure t attacked by a. */
export function victoryMargin(s: PigState, t: number, a: number): number {
  const sc = s.sc;
  const info = sc.figures[t];
  if (sc.version.pirates) return pirateVictoryMargin(info.rank, info.twoWeapons);
  const prot: DaProtection = s.wall[info.unit] && arcOf(s, a, t) === 'front' ? 'SW' : info.armour;
  return DA_VICTORY_MARGIN[prot];
}

/**
 * Scratch of {@link meleeStep}: the pairs in base contact when the step begins (`PAIR_F` of the
 * acting side, `PAIR_E` the enemy), in the order the step fights them, and 1 per figure engaged.
 */
const PAIR_F: number[] = [];
const PAIR_E: number[] = [];
const ENGAGED: number[] = [];

function meleeStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const n = sc.figures.length;
  // Nothing moves during the step and nobody comes back to the fight, so the pairs in contact are
  // found once: each pair of active enemies asked once (as `engaged` asked it from both ends),
  // then fought in the same order as long as both stay active.
  const mine = sc.sides[side].figures;
  const theirs = sc.sides[1 - side].figures;
  const v = figureView(s);
  for (let f = 0; f < n; f++) ENGAGED[f] = 0;
  let np = 0;
  for (let i = 0; i < mine.length; i++) {
    const f = mine[i];
    if (s.status[f] !== ACTIVE) continue;
    for (let j = 0; j < theirs.length; j++) {
      const e = theirs[j];
      if (s.status[e] !== ACTIVE || !inBaseContact(v, f, e)) continue;
      PAIR_F[np] = f;
      PAIR_E[np] = e;
      np++;
      ENGAGED[f] = 1;
      ENGAGED[e] = 1;
    }
  }
  for (let f = 0; f < n; f++) {
    if (s.status[f] === ACTIVE && !ENGAGED[f]) {
      // out of contact: the mêlée is over; a charge that did not reach contact earns no bonus later
      s.rounds[f] = 0;
      s.chargeBonus[f] = 0;
    }
  }
  const fought = new Array<number>(n).fill(-1);
  const turned: { f: string; facing: number }[] = [];
  for (let k = 0; k < np; k++) {
    const f = PAIR_F[k];
    const e = PAIR_E[k];
    if (s.status[f] !== ACTIVE || s.status[e] !== ACTIVE) continue;
    const A = meleeSide(s, f, e);
    const B = meleeSide(s, e, f);
    // the sums of the modifiers without their lists (built only for the event)
    const ma = meleeSum(sc.version.melee, A, B);
    const wa = MELEE_USED.weapon;
    const mb = meleeSum(sc.version.melee, B, A);
    const wb = MELEE_USED.weapon;
    const ra = roll(rng, 12);
    const rb = roll(rng, 12);
    const vmA = victoryMargin(s, f, e);
    const vmB = victoryMargin(s, e, f);
    const out = meleeOutcome(ra, ma, rb, mb, vmA, vmB);
    s.counters[C.melees]++;
    if (wa?.pistol && A.firstRound && A.loaded) s.loaded[f] = 0;
    if (wb?.pistol && B.firstRound && B.loaded) s.loaded[e] = 0;
    emit?.({
      e: 'melee',
      a: sc.figures[f].id,
      b: sc.figures[e].id,
      rollA: ra,
      modsA: meleeFactors(sc.version.melee, A, B, sc.version.levelName).mods.map((m) => ({ ...m })),
      adjA: out.a,
      rollB: rb,
      modsB: meleeFactors(sc.version.melee, B, A, sc.version.levelName).mods.map((m) => ({ ...m })),
      adjB: out.b,
      marginToKillA: vmA,
      marginToKillB: vmB,
      // the facings (degrees) the round's arcs were read from ([R8]; audit B2)
      facingA: deg(s.facing[f]),
      facingB: deg(s.facing[e]),
      result: out.winner < 0 ? 'tie' : out.kill ? (out.winner === 0 ? 'a kills' : 'b kills') : 'continuing',
    });
    if (fought[f] < 0) fought[f] = e;
    if (fought[e] < 0) fought[e] = f;
    if (out.kill) {
      if (out.winner === 0) casualty(s, e, f, rng, emit, 'melee', ra);
      else casualty(s, f, e, rng, emit, 'melee', rb);
    }
  }
  for (let f = 0; f < n; f++) {
    // The charge bonus is for the first round of the mêlée the charge starts, fought in this step
    // ([R7]): a charger whose target fell before its round (to another figure's blow) fought no
    // round, and it keeps no bonus into a later mêlée — one where it may be the one charged (audit A3).
    s.chargeBonus[f] = 0;
    if (fought[f] < 0) continue;
    s.rounds[f]++;
    const o = fought[f];
    if (s.status[f] === ACTIVE && s.status[o] === ACTIVE) {
      const a = angleTo(s.x[f], s.y[f], s.x[o], s.y[o]);
      if (a !== s.facing[f]) {
        s.facing[f] = a;
        if (emit) turned.push({ f: sc.figures[f].id, facing: deg(a) });
      }
    }
  }
  // the turns of [R8], recorded (audit B2: the facing decides the flank and rear factors)
  if (emit && turned.length) emit({ e: 'facing', why: 'after mêlée', turned });
}

// ---------------------------------------------------------------------------------------------
// Morale

function moraleStep(s: PigState, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  for (const unit of sc.units) {
    const u = unit.index;
    if (!s.lossChecked[u] && lossSteps(s.lostTurn[u], unit.figures.length, sc.version.moraleMods.lossStep) >= 1) s.pending[u] |= TRIG_LOSS;
    const p = s.pending[u];
    if (!p) continue;
    s.pending[u] = 0;
    if (p & TRIG_LOSS) s.lossChecked[u] = 1;
    const figs = unit.figures.filter((f) => s.status[f] === ACTIVE);
    if (figs.length === 0) continue;
    const lost = unit.figures.filter((f) => s.status[f] === DEAD || s.status[f] === GONE).length;
    const present = leaderInCombatOrLeading(s, u);
    const mods = moraleMods(sc.version.moraleMods, lost, unit.figures.length, s.standardLost[u] === 1, s.leaderLost[u] === 1, present !== null);
    const r = roll(rng, 12);
    const total = r + sumMods(mods);
    const fb: string[] = [];
    const rt: string[] = [];
    const results: { f: number; res: string }[] = [];
    for (const f of figs) {
      const k = shiftClass(sc.figures[f].klass, levelShift(s, f));
      const res = moraleResult(sc.version.chart, sc.version.chartFirstRow, total, k);
      results.push({ f, res });
      if (res === 'FB') fb.push(sc.figures[f].id);
      else if (res === 'RT') rt.push(sc.figures[f].id);
    }
    s.counters[C.moraleChecks]++;
    const triggers: string[] = [];
    if (p & TRIG_LEADER) triggers.push('leader killed');
    if (p & TRIG_LOSS) triggers.push(sc.version.pirates ? '25% lost this turn' : '1/5 lost this turn');
    if (p & TRIG_STANDARD) triggers.push('standard lost');
    emit?.({
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
    const dice = newDice();
    for (const { f, res } of results) {
      if (res === 'NE' || s.status[f] !== ACTIVE) continue;
      if (res === 'RT') {
        s.status[f] = ROUT;
        s.counters[C.routs]++;
      } else s.counters[C.fallBacks]++;
      fallBack(s, f, rng, emit, dice, res === 'RT' ? 'routs' : 'falls back');
    }
  }
}

/**
 * [R23] "Leader in combat or leading" (since 0.4.0): a leader of unit `u`, active, who is in base
 * contact with an active enemy (`in combat`), or leading his men — within 4 in (the sheets' own
 * reach of a leader, "within 4 inches of a leader … up one level") of another active figure of his
 * unit, or the last of it standing (`leading`). Null when no leader of the unit is either (before
 * 0.4.0 a leader alive anywhere gave the bonus; outside audits, C2).
 */
export function leaderInCombatOrLeading(s: PigState, u: number): { f: number; how: 'in combat' | 'leading' } | null {
  const figs = s.sc.units[u].figures;
  let leading = -1;
  for (const f of figs) {
    if (!s.sc.figures[f].leader || s.status[f] !== ACTIVE) continue;
    if (engaged(s, f)) return { f, how: 'in combat' };
    if (leading >= 0) continue;
    let alone = true;
    let near = false;
    for (const g of figs) {
      if (g === f || s.status[g] !== ACTIVE) continue;
      alone = false;
      if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= 4 + 1e-9) {
        near = true;
        break;
      }
    }
    if (alone || near) leading = f;
  }
  return leading >= 0 ? { f: leading, how: 'leading' } : null;
}

/** Steps 3–5 of a side's card: shooting, mutual mêlée, morale. */
function endCard(s: PigState, rng: Rng, emit: Emit): void {
  shootStep(s, s.actSide, rng, emit);
  meleeStep(s, s.actSide, rng, emit);
  moraleStep(s, rng, emit);
}

/** Where a person's exact move for the unit deciding now would be checked (null = fine). */
export function exactMoveAction(s: PigState, x: number, y: number): PigAction | null {
  if (s.phase !== PH_UNIT) return null;
  return { k: 'moveTo', x, y };
}
