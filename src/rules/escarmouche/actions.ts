/**
 * The Escarmouche decisions: the legal list and apply — the turn machine (PLAY) and its actions (MOVING, DEVELOPING, SHOOTING, FIGHTING and
 * the special actions), as small decisions:
 *
 *   PH_PICK — the side whose turn it is picks a figure that has not acted this turn, or passes
 *             the rest of its turn;
 *   PH_ACT  — the picked figure takes one action at a time (move, marshal, develop, reserve,
 *             shoot, volley, fight) or ends its turn; after each action its dice decide whether it
 *             keeps the initiative (a single 1 ends the figure's turn; a second single 1 in the
 *             side's turn, or two 1s in one roll, end the side's turn);
 *   PH_INT  — after an enemy figure moves where a reserved figure can act on it, the reserving side
 *             may interrupt (one shot, fight or taking cover per reserved figure) or let it go.
 *
 * Every die is rolled here from `ctx.rng`; events are built only when `ctx.emit` is set.
 * Readings of unclear passages are in docs/rules/escarmouche.md, by section.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { C, PH_ACT, PH_INT, PH_OVER, PH_PICK, SIDE_PASS, type EscState } from './state.js';
import { atZoc, canTakeCover, friendsAtZocOf, pickable, pikeArmed, pikeSupporters, sees, visibleEnemies, zocEnemies } from './queries.js';
import { endFigure } from './initiative.js';
import { type MoveOption, destinationCount, destinationIndex, doMove, minMove, moveOption, moveOptions } from './moving.js';
import { MARSHAL_MAX, doMarshal, marshalFollowerCount, marshalFollowers } from './marshal.js';
import type { EscScenario } from './compile.js';
import { type DevKind, doDevelop, doReserve } from './developing.js';
import { canDirect, hasVolleyHelper, resolveShot, volleyHelpers } from './shooting.js';
import { type FightMode, fightContact, resolveFight } from './fighting.js';
import { advance, checkVictory } from './turn.js';
import { countOnes, d6s } from './tables.js';

/** What a reserved figure does when it interrupts. */
export type InterruptKind = 'shoot' | 'fight' | 'cover';

/**
 * One decision of Escarmouche. Figures are named by id (`R3`); a move names its destination (see
 * {@link moveOptions}: `foe:P3`, `obj:<area>`, `cover:<area>`, `friend:R4`, `dir:ne`, `away`), resolved
 * to a straight line on the table when it is applied; a marshal also says how many of the nearest
 * friends in sight go with the marshal.
 */
export type EscAction =
  | { k: 'pick'; f: string }
  | { k: 'pass' }
  | { k: 'move'; to: string }
  | { k: 'marshal'; to: string; n: number }
  | { k: 'dev'; d: DevKind }
  | { k: 'reserve' }
  | { k: 'shoot'; t: string }
  | { k: 'volley'; t: string }
  | { k: 'fight'; t: string; m: FightMode }
  | { k: 'end' }
  | { k: 'int'; f: string; a: InterruptKind; t: string }
  | { k: 'wait' };

/**
 * The key of an action (see {@link Ruleset.actionKey}): `pick:<id>`, `move:<to>`,
 * `marshal:<n>:<to>`, `dev:<d>`, `shoot:<id>` / `volley:<id>`, `fight:<id>:<mode>`,
 * `int:<id>:<what>:<id>`, else the kind. A shared action of {@link actionTable} carries its key,
 * made once (a hidden property: not enumerable, so records and copies never see it).
 */
export function escActionKey(a: EscAction): string {
  const made = (a as { [KEY]?: string })[KEY];
  if (made !== undefined) return made;
  switch (a.k) {
    case 'pick':
      return `pick:${a.f}`;
    case 'move':
      return `move:${a.to}`;
    case 'marshal':
      return `marshal:${a.n}:${a.to}`;
    case 'dev':
      return `dev:${a.d}`;
    case 'shoot':
    case 'volley':
      return `${a.k}:${a.t}`;
    case 'fight':
      return `fight:${a.t}:${a.m}`;
    case 'int':
      return `int:${a.f}:${a.a}:${a.t}`;
    default:
      return a.k;
  }
}

/** The hidden property holding a shared action's key. */
const KEY: unique symbol = Symbol('escarmouche action key');

/** `a`, frozen, with its key in the hidden property. */
function shared(a: EscAction): EscAction {
  Object.defineProperty(a, KEY, { value: escActionKey(a), enumerable: false });
  return Object.freeze(a);
}

/**
 * The actions legal lists offer most, made once per compiled scenario and shared by every list
 * (frozen: nobody changes a listed action): written with the same fields in the same order as
 * where they are offered, so records and keys are unchanged. Moves and marshals by destination
 * index (moving.ts `destinationIndex`), made on first offer.
 */
interface ActionTable {
  readonly sc: EscScenario;
  readonly pass: EscAction;
  readonly end: EscAction;
  readonly reserve: EscAction;
  readonly wait: EscAction;
  readonly dev: Readonly<Record<DevKind, EscAction>>;
  /** By figure index. */
  readonly pick: readonly EscAction[];
  readonly move: (EscAction | undefined)[];
  /** `marshal[(n − 1) × destinations + d]`. */
  readonly marshal: (EscAction | undefined)[];
}

let TABLE: ActionTable | null = null;

/** Scratch: the destination index of each move offered (−1: none), while one legal list is made. */
let DEST = new Int32Array(32);

function actionTable(sc: EscScenario): ActionTable {
  if (TABLE !== null && TABLE.sc === sc) return TABLE;
  const dests = destinationCount(sc);
  TABLE = {
    sc,
    pass: shared({ k: 'pass' }),
    end: shared({ k: 'end' }),
    reserve: shared({ k: 'reserve' }),
    wait: shared({ k: 'wait' }),
    dev: {
      ready: shared({ k: 'dev', d: 'ready' }),
      cover: shared({ k: 'dev', d: 'cover' }),
      stand: shared({ k: 'dev', d: 'stand' }),
      rally: shared({ k: 'dev', d: 'rally' }),
      rearm: shared({ k: 'dev', d: 'rearm' }),
    },
    pick: sc.figures.map((g) => shared({ k: 'pick', f: g.id })),
    move: new Array<EscAction | undefined>(dests),
    marshal: new Array<EscAction | undefined>(dests * MARSHAL_MAX),
  };
  return TABLE;
}

/** The legal actions of the deciding side (see {@link Ruleset.legalActions}). */
export function legalActions(s: EscState): EscAction[] {
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    const t = actionTable(sc);
    const out: EscAction[] = [];
    for (const f of pickable(s)) out.push(t.pick[f]);
    out.push(t.pass);
    return out;
  }
  if (s.phase === PH_ACT) return actOptions(s, s.actor);
  if (s.phase === PH_INT) return interruptOptions(s);
  return [];
}

/** An empty list (shared, never written). */
const NO_FIGURES: readonly never[] = [];

function actOptions(s: EscState, f: number): EscAction[] {
  return s.cowered[f] ? actOptionsWith(s, f, NO_FIGURES, 0) : actOptionsWith(s, f, moveOptions(s, f), marshalFollowerCount(s, f));
}

/**
 * The actions of the acting figure `f` (PH_ACT), given its {@link moveOptions} and how many
 * {@link marshalFollowers} it has as this state has them (ignored for a Cowered figure, which
 * cannot move): for a caller that has them already (the scripted policy reckons them for its own
 * scores).
 */
export function actOptionsWith(s: EscState, f: number, moves: readonly MoveOption[], followers: number): EscAction[] {
  const sc = s.sc;
  const info = sc.figures[f];
  const out: EscAction[] = [];
  const table = actionTable(sc);
  if (!s.cowered[f]) {
    const dests = table.move.length;
    if (DEST.length < moves.length) DEST = new Int32Array(2 * moves.length);
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      const d = destinationIndex(sc, m.key) ?? -1;
      DEST[i] = d;
      out.push(d < 0 ? { k: 'move', to: m.key } : (table.move[d] ??= shared({ k: 'move', to: m.key })));
    }
    const nf = Math.min(MARSHAL_MAX, followers);
    for (let n = 1; n <= nf; n++) {
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i];
        const d = DEST[i];
        out.push(d < 0 ? { k: 'marshal', to: m.key, n } : (table.marshal[(n - 1) * dests + d] ??= shared({ k: 'marshal', to: m.key, n })));
      }
    }
  }
  out.push(table.dev.ready);
  if (canTakeCover(s, f)) out.push(table.dev.cover);
  if (s.cowered[f]) out.push(table.dev.stand);
  if (s.shaken[f] > 0) out.push(table.dev.rally);
  if (s.disarmed[f]) out.push(table.dev.rearm);
  out.push(table.reserve);
  const seen = visibleEnemies(s, f);
  if (info.missile) for (const t of seen) out.push({ k: 'shoot', t: sc.figures[t].id });
  if (canDirect(s, f)) for (const t of seen) if (hasVolleyHelper(s, f, t)) out.push({ k: 'volley', t: sc.figures[t].id });
  for (const t of zocEnemies(s, f)) {
    if (!fightContact(s, f, t)) continue;
    const id = sc.figures[t].id;
    out.push({ k: 'fight', t: id, m: 'alone' });
    if (friendsAtZocOf(s, f, t).length > 0) out.push({ k: 'fight', t: id, m: 'all' });
    if (pikeArmed(s, f) && sc.figures[t].mounted && pikeSupporters(s, f, true).length > 0) out.push({ k: 'fight', t: id, m: 'massed' });
    if (s.fenceBeat === t && pikeArmed(s, t)) out.push({ k: 'fight', t: id, m: 'close' });
  }
  out.push(table.end);
  return out;
}

/** The interrupts open now (PH_INT): each reserved figure's shot, fight or cover against the figures that just moved, then "wait". */
export function interruptOptions(s: EscState): EscAction[] {
  const sc = s.sc;
  const out: EscAction[] = [];
  for (const r of sc.sides[1 - s.side].figures) {
    if (!s.reserved[r] || s.wounds[r] === 0) continue;
    const id = sc.figures[r].id;
    let seenBy = false;
    for (let i = 0; i < s.nWindow; i++) {
      const t = s.window[i];
      if (s.wounds[t] === 0) continue;
      const inSight = sees(s, r, t);
      if (inSight) seenBy = true;
      if (sc.figures[r].missile && inSight) out.push({ k: 'int', f: id, a: 'shoot', t: sc.figures[t].id });
      if (atZoc(s, r, t) && fightContact(s, r, t)) out.push({ k: 'int', f: id, a: 'fight', t: sc.figures[t].id });
    }
    if (seenBy && canTakeCover(s, r)) out.push({ k: 'int', f: id, a: 'cover', t: '' });
  }
  if (out.length > 0) out.push(actionTable(sc).wait);
  return out;
}

function fail(s: EscState, a: EscAction, why: string): never {
  throw new Error(`illegal action ${JSON.stringify(a)} at decision ${s.decisions} (turn ${s.turn}): ${why}`);
}

function figureArg(s: EscState, a: EscAction, id: string): number {
  const t = s.sc.figureIndex.get(id);
  if (t === undefined) fail(s, a, `no figure "${id}"`);
  return t;
}

/** Apply one decision (see {@link Ruleset.apply}). Throws on an action that is not legal now. */
export function applyAction(s: EscState, a: EscAction, ctx: StepContext<EscEvent>): void {
  if (s.phase === PH_OVER) fail(s, a, 'the game is over');
  s.decisions++;
  const sc = s.sc;
  if (s.phase === PH_PICK) {
    if (a.k === 'pass') {
      s.counters[C.passes]++;
      ctx.emit?.({ e: 'pass', turn: s.turn, side: sc.sides[s.side].id });
      s.sideWhy = SIDE_PASS;
      advance(s, ctx);
      return;
    }
    if (a.k !== 'pick') fail(s, a, 'a figure must be picked (or pass)');
    const f = figureArg(s, a, a.f);
    if (sc.figures[f].side !== s.side || s.wounds[f] === 0 || s.acted[f]) fail(s, a, `${a.f} cannot act now`);
    s.acted[f] = 1;
    s.actor = f;
    s.pool = 0;
    s.actions = 0;
    s.fsBeat.fill(0);
    s.fenceBeat = -1;
    s.counters[C.picks]++;
    ctx.emit?.({ e: 'pick', turn: s.turn, side: sc.sides[s.side].id, figure: a.f });
    s.phase = PH_ACT;
    return;
  }
  if (s.phase === PH_INT) {
    applyInterrupt(s, a, ctx);
    if (checkVictory(s, ctx)) return;
    if (s.phase === PH_INT && interruptOptions(s).length > 0) return;
    s.nWindow = 0;
    advance(s, ctx);
    return;
  }
  const movers = figureAction(s, s.actor, a, ctx);
  if (checkVictory(s, ctx)) return;
  if (movers.length > 0 && openWindow(s, movers)) return;
  advance(s, ctx);
}

/** Open the interrupt window on the figures that just moved; true when the other side has an interrupt to consider. */
function openWindow(s: EscState, movers: number[]): boolean {
  s.nWindow = 0;
  for (const m of movers) if (s.wounds[m] > 0) s.window[s.nWindow++] = m;
  if (s.nWindow > 0 && interruptOptions(s).length > 0) {
    s.phase = PH_INT;
    return true;
  }
  s.nWindow = 0;
  return false;
}

function applyInterrupt(s: EscState, a: EscAction, ctx: StepContext<EscEvent>): void {
  const sc = s.sc;
  if (a.k === 'wait') {
    ctx.emit?.({ e: 'wait', turn: s.turn, side: sc.sides[1 - s.side].id });
    s.phase = PH_ACT; // closes the window (the caller moves on)
    return;
  }
  if (a.k !== 'int') fail(s, a, 'an interrupt (or wait) must be chosen');
  const key = `${a.f}:${a.a}:${a.t}`;
  if (!interruptOptions(s).some((o) => o.k === 'int' && `${o.f}:${o.a}:${o.t}` === key)) fail(s, a, 'not an interrupt open now');
  const r = figureArg(s, a, a.f);
  s.reserved[r] = 0;
  s.counters[C.interrupts]++;
  ctx.emit?.({ e: 'interrupt', turn: s.turn, figure: a.f, what: a.a, target: a.t });
  if (a.a === 'cover') {
    // "The single active dice is used in a single developing … action", and every action is rolled
    // ("after each action … this accumulated active dice pool is rolled"): the reserved die is
    // rolled, though its 1s cost nothing ([E32]; since 2.2.0, second outside reading D2 — before,
    // no die was rolled).
    s.cover[r] = 1;
    s.counters[C.covers]++;
    const act = d6s(ctx.rng, 1);
    ctx.emit?.({
      e: 'develop',
      turn: s.turn,
      figure: a.f,
      what: 'cover',
      pool: 0,
      active: act,
      ones: countOnes(act),
      init: 'none',
      interrupt: true,
    });
    return;
  }
  // "The single active dice is used in a single … action": the reserved die is the action's own
  // die, so the interrupt rolls with an empty pool (one active die before modifiers).
  const t = figureArg(s, a, a.t);
  if (a.a === 'shoot') resolveShot(s, r, t, [], 0, true, ctx);
  else resolveFight(s, r, t, 'alone', 0, true, ctx);
}

/** One action of the acting figure. Returns the figures that moved (for the interrupt window). */
function figureAction(s: EscState, f: number, a: EscAction, ctx: StepContext<EscEvent>): number[] {
  const sc = s.sc;
  const info = sc.figures[f];
  switch (a.k) {
    case 'end':
      s.counters[C.ends]++;
      endFigure(s, 'ended', ctx);
      return [];
    case 'move':
    case 'marshal': {
      if (s.cowered[f]) fail(s, a, 'a cowered figure must stand up first');
      const opt = moveOption(s, f, a.to);
      if (!opt || opt.length < minMove(s)) fail(s, a, `no straight move toward "${a.to}" from here`);
      if (a.k === 'move') return doMove(s, f, opt, ctx);
      const all = marshalFollowers(s, f);
      if (!Number.isInteger(a.n) || a.n < 1 || a.n > Math.min(MARSHAL_MAX, all.length))
        fail(s, a, 'not that many friends in sight to marshal');
      return doMarshal(s, f, a.n, opt, ctx);
    }
    case 'dev': {
      const ok =
        a.d === 'ready' ||
        (a.d === 'cover' && canTakeCover(s, f)) ||
        (a.d === 'stand' && s.cowered[f] === 1) ||
        (a.d === 'rally' && s.shaken[f] > 0) ||
        (a.d === 'rearm' && s.disarmed[f] === 1);
      if (!ok) fail(s, a, `cannot ${a.d} now`);
      doDevelop(s, f, a.d, ctx);
      return [];
    }
    case 'reserve':
      doReserve(s, f, ctx);
      return [];
    case 'shoot':
    case 'volley': {
      const t = figureArg(s, a, a.t);
      if (sc.figures[t].side === info.side || s.wounds[t] === 0) fail(s, a, `${a.t} is not an enemy in play`);
      if (!sees(s, f, t)) fail(s, a, `${a.t} is out of sight`);
      let helpers: number[] = [];
      if (a.k === 'shoot') {
        if (!info.missile) fail(s, a, 'no missile weapon');
      } else {
        if (!canDirect(s, f)) fail(s, a, 'a volley is a shoot action: the director needs a missile weapon');
        helpers = volleyHelpers(s, f, t);
        if (helpers.length === 0) fail(s, a, 'nobody to join the volley');
      }
      s.actions++;
      resolveShot(s, f, t, helpers, s.pool, false, ctx);
      return [];
    }
    case 'fight': {
      const t = figureArg(s, a, a.t);
      if (sc.figures[t].side === info.side || s.wounds[t] === 0 || !atZoc(s, f, t))
        fail(s, a, `${a.t} is not an enemy at this figure's zone of control`);
      if (!fightContact(s, f, t)) fail(s, a, `no base contact with ${a.t} can be reached ([E40b])`);
      const ok =
        a.m === 'alone' ||
        (a.m === 'all' && friendsAtZocOf(s, f, t).length > 0) ||
        (a.m === 'massed' && pikeArmed(s, f) && sc.figures[t].mounted && pikeSupporters(s, f, true).length > 0) ||
        (a.m === 'close' && s.fenceBeat === t && pikeArmed(s, t));
      if (!ok) fail(s, a, `cannot fight ${a.m} now`);
      s.actions++;
      resolveFight(s, f, t, a.m, s.pool, false, ctx);
      return [];
    }
    default:
      return fail(s, a, 'not an action of the acting figure');
  }
}
