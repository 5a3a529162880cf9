/**
 * MOVING and the special move (marshal): "movement is unmeasured" — a move is a straight line
 * toward a named destination through one terrain type (the table kit's straightMove), its roll the
 * terrain's passive dice; a marshal moves up to three friends in sight the same way ([E26], [E26b]).
 * Each action's options, line, effect and roll together.
 */
import type { StepContext } from '../../core/model.js';
import type { EscEvent } from './events.js';
import { type Vec, dist, distToPolygon, nearestPointOfPolygon } from '../../core/geometry.js';
import { type StraightMove, type StraightMoveOptions, type StraightStop, nearestFigure, straightMove } from '../../core/table/index.js';
import type { EscScenario } from './compile.js';
import { C, type EscState } from './state.js';
import { figureView, pikeArmed, pt, sees, setPlace, zocEnemies } from './queries.js';
import { endFigure, initiative } from './initiative.js';
import { countOnes, d6s, terrainDice } from './tables.js';

/** A move destination as offered (see {@link moveOptions}): where the straight line ends and why. */
export interface MoveOption {
  /** The destination key of the action (`foe:P3`, `obj:mill-bridge`, `cover:hedge-w`, `friend:R4`, `away`, `dir:ne`; `at:12.5,7` — a point, only for a person's exact move). */
  key: string;
  /** Where the line ends (table unit). */
  to: Vec;
  length: number;
  /** Why it ended there (the target reached, the terrain changing, an enemy's ZOC, a base, an obstacle). */
  stop: StraightStop;
  /** The terrain type moved through and its passive dice (MOVING table). */
  terrain: string;
  dice: number;
}

/** The eight directions of the `dir:` destinations (radians: 0 east, π/2 south). */
export const DIRECTIONS: readonly [string, number][] = [
  ['n', -Math.PI / 2],
  ['ne', -Math.PI / 4],
  ['e', 0],
  ['se', Math.PI / 4],
  ['s', Math.PI / 2],
  ['sw', (3 * Math.PI) / 4],
  ['w', Math.PI],
  ['nw', (-3 * Math.PI) / 4],
];

/** Shortest move worth offering (table unit): a hundredth of a base width … but at least 0.05. */
export function minMove(s: EscState): number {
  return Math.max(0.05, s.sc.radius / 10);
}

/**
 * MOVING: the straight line of figure `f` toward `target`: through the terrain type it enters,
 * stopping at the target, where the terrain type changes (just before it), at an enemy's zone of
 * control (its centre 2 radii + one base width from the enemy's: the bases one base width apart),
 * where its base would touch another base or impassable ground, or at the table edge.
 */
export function lineToward(s: EscState, f: number, target: Vec): StraightMove {
  const sc = s.sc;
  return straightMove(sc.table, figureView(s), f, target, keysOf(sc).line[sc.figures[f].side]);
}

/**
 * What moving needs of a scenario that never changes, made once per scenario: the destination keys
 * by figure (`foe:P3`, `friend:R4`), objective, cover area and direction, and each side's
 * straight-move options — keep off every figure of the other side (a figure out of action is no
 * base on the table: straightMove passes it by whether listed or not, so the list need not follow
 * the wounds).
 */
interface MoveKeys {
  readonly sc: EscScenario;
  /** Every destination key, by destination index: `foe:` by figure, `friend:` by figure, objectives, cover areas (as `sc.table.coverAreas`), `away`, the directions (as {@link DIRECTIONS}). */
  readonly keys: readonly string[];
  /** The index of each key of `keys`. */
  readonly index: ReadonlyMap<string, number>;
  /** Where each kind's indices start. */
  readonly friend: number;
  readonly obj: number;
  readonly cover: number;
  readonly away: number;
  readonly dir: number;
  readonly line: readonly StraightMoveOptions[];
}

let KEYS: MoveKeys | null = null;

/** The destination index of move key `key` on `sc` (undefined for a key that has none: `at:`, or a name of nothing); see {@link destinationCount}. */
export function destinationIndex(sc: EscScenario, key: string): number | undefined {
  return keysOf(sc).index.get(key);
}

/** How many destination indices `sc` has (every `foe:`, `friend:`, `obj:`, `cover:` and `dir:` key and `away`). */
export function destinationCount(sc: EscScenario): number {
  return keysOf(sc).keys.length;
}

function keysOf(sc: EscScenario): MoveKeys {
  if (KEYS !== null && KEYS.sc === sc) return KEYS;
  const keepOff = 2 * sc.radius + sc.zoc;
  const keys = [
    ...sc.figures.map((g) => `foe:${g.id}`),
    ...sc.figures.map((g) => `friend:${g.id}`),
    ...sc.objectives.map((o) => `obj:${o.area.id}`),
    ...sc.table.coverAreas.map((a) => `cover:${a.id}`),
    'away',
    ...DIRECTIONS.map(([d]) => `dir:${d}`),
  ];
  const n = sc.figures.length;
  const index = new Map<string, number>();
  // The first index of a key (two objectives on one area share its key, and `destination` its first).
  keys.forEach((k, i) => {
    if (!index.has(k)) index.set(k, i);
  });
  KEYS = {
    sc,
    keys,
    index,
    friend: n,
    obj: 2 * n,
    cover: 2 * n + sc.objectives.length,
    away: 2 * n + sc.objectives.length + sc.table.coverAreas.length,
    dir: 2 * n + sc.objectives.length + sc.table.coverAreas.length + 1,
    line: sc.sides.map((side) => ({ groundAt: sc.terrainAt, keepOffFrom: sc.sides[1 - side.index].figures, keepOff })),
  };
  return KEYS;
}

/** The `dir:` destination of `f` at angle `a` (radians): past the table's far edge. */
function dirTarget(s: EscState, f: number, a: number): Vec {
  const far = s.sc.table.width + s.sc.table.height;
  const x = s.x[f];
  const y = s.y[f];
  return { x: x + far * Math.cos(a), y: y + far * Math.sin(a) };
}

/** The `away` destination of `f`: straight away from the nearest enemy, past the table's far edge (null when it stands on it). */
function awayTarget(s: EscState, f: number): Vec | null {
  const sc = s.sc;
  const far = sc.table.width + sc.table.height;
  const x = s.x[f];
  const y = s.y[f];
  const best = nearestFigure(figureView(s), sc.sides[1 - sc.figures[f].side].figures, x, y);
  const bd = best < 0 ? 0 : dist(x, y, s.x[best], s.y[best]);
  if (bd < 1e-9) return null;
  return { x: x + ((x - s.x[best]) / bd) * far, y: y + ((y - s.y[best]) / bd) * far };
}

/** The destination point of key `key` for figure `f`, or null when the key names nothing now. */
export function destination(s: EscState, f: number, key: string): Vec | null {
  const sc = s.sc;
  const x = s.x[f];
  const y = s.y[f];
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const arg = colon < 0 ? '' : key.slice(colon + 1);
  switch (kind) {
    case 'foe':
    case 'friend': {
      const g = sc.figureIndex.get(arg);
      if (g === undefined || g === f || s.wounds[g] === 0) return null;
      const enemy = sc.figures[g].side !== sc.figures[f].side;
      if (enemy !== (kind === 'foe')) return null;
      return { x: s.x[g], y: s.y[g] };
    }
    case 'obj': {
      for (const o of sc.objectives) if (o.area.id === arg) return o.centre;
      return null;
    }
    case 'cover': {
      for (const a of sc.table.coverAreas) if (a.id === arg) return nearestPointOfPolygon(x, y, a.poly);
      return null;
    }
    case 'at': {
      // A person's exact move (view.exactMove): straight toward a point of the table, "unmeasured".
      const comma = arg.indexOf(',');
      const px = Number(arg.slice(0, comma));
      const py = Number(arg.slice(comma + 1));
      if (comma < 0 || !Number.isFinite(px) || !Number.isFinite(py) || px < 0 || py < 0 || px > sc.table.width || py > sc.table.height)
        return null;
      return { x: px, y: py };
    }
    case 'dir': {
      for (const d of DIRECTIONS) if (d[0] === arg) return dirTarget(s, f, d[1]);
      return null;
    }
    case 'away':
      return awayTarget(s, f);
    default:
      return null;
  }
}

/** Up to this many pieces of cover (the nearest) are offered as destinations. */
const COVER_OPTIONS = 3;

/**
 * MOVING: the candidate moves of figure `f` — "movement is unmeasured", so a move is offered toward
 * each enemy it can see, each objective, the nearest pieces of cover it does not already touch,
 * each friendly pikeman (for a pikeman: to close up for massed pike), away from the nearest enemy,
 * and in the eight directions to the edge of the terrain it enters. Each is a real straight line
 * ({@link lineToward}); lines shorter than a tenth of a base radius, and lines ending where an
 * earlier one ends, are left out. In that order (a stable order for action keys).
 */
export function moveOptions(s: EscState, f: number): readonly MoveOption[] {
  const cache = movesOf(s);
  const known = cache.list(f);
  if (known) return known;
  const sc = s.sc;
  const k = keysOf(sc);
  const side = sc.figures[f].side;
  const x = s.x[f];
  const y = s.y[f];
  const out: MoveOption[] = [];
  const min = minMove(s);
  // In this order (a stable order for action keys); each destination found as `destination` would.
  for (const e of sc.sides[1 - side].figures) if (s.wounds[e] > 0 && sees(s, f, e)) offer(s, cache, f, e, KIND_FIGURE, e, min, out);
  for (let i = 0; i < sc.objectives.length; i++) offer(s, cache, f, k.index.get(k.keys[k.obj + i]) as number, KIND_OBJ, i, min, out);
  // The COVER_OPTIONS nearest pieces of cover it does not touch (nearest first, ties by id).
  const covers = sc.table.coverAreas;
  let nc = 0;
  for (let i = 0; i < covers.length; i++) {
    const d = distToPolygon(x, y, covers[i].poly);
    if (!(d > sc.radius + 1e-9)) continue;
    let j = nc < COVER_OPTIONS ? nc++ : COVER_OPTIONS;
    while (j > 0 && (d < COVER_D[j - 1] || (d === COVER_D[j - 1] && covers[i].id < covers[COVER_I[j - 1]].id))) {
      if (j < COVER_OPTIONS) {
        COVER_D[j] = COVER_D[j - 1];
        COVER_I[j] = COVER_I[j - 1];
      }
      j--;
    }
    if (j < COVER_OPTIONS) {
      COVER_D[j] = d;
      COVER_I[j] = i;
    }
  }
  for (let j = 0; j < nc; j++) offer(s, cache, f, k.cover + COVER_I[j], KIND_COVER, COVER_I[j], min, out);
  if (pikeArmed(s, f))
    for (const g of sc.sides[side].figures)
      if (g !== f && s.wounds[g] > 0 && pikeArmed(s, g)) offer(s, cache, f, k.friend + g, KIND_FIGURE, g, min, out);
  offer(s, cache, f, k.away, KIND_AWAY, 0, min, out);
  for (let i = 0; i < DIRECTIONS.length; i++) offer(s, cache, f, k.dir + i, KIND_DIR, i, min, out);
  cache.setList(f, out);
  return out;
}

/** Scratch of {@link moveOptions}' nearest pieces of cover: distances and indices, nearest first. */
const COVER_D = new Float64Array(COVER_OPTIONS);
const COVER_I = new Int32Array(COVER_OPTIONS);

const KIND_FIGURE = 0;
const KIND_OBJ = 1;
const KIND_COVER = 2;
const KIND_AWAY = 3;
const KIND_DIR = 4;

/**
 * Add the move of `f` toward destination `d` (a destination index, see {@link MoveKeys}) to `out`
 * unless it is shorter than `min` or ends where an earlier one ends: its line from `cache` (the
 * state's {@link MoveCache}, as {@link movesOf} gave it for this list: checked once, not per line),
 * else made toward the point {@link destination} gives that key (`kind` and `i` say which, without
 * reading the key).
 */
function offer(s: EscState, cache: MoveCache, f: number, d: number, kind: number, i: number, min: number, out: MoveOption[]): void {
  let opt = cache.get(f, d);
  if (opt === undefined) {
    const sc = s.sc;
    let target: Vec | null;
    if (kind === KIND_FIGURE) {
      TARGET.x = s.x[i];
      TARGET.y = s.y[i];
      target = TARGET;
    } else if (kind === KIND_OBJ) target = sc.objectives[i].centre;
    else if (kind === KIND_COVER) target = nearestPointOfPolygon(s.x[f], s.y[f], sc.table.coverAreas[i].poly);
    else if (kind === KIND_AWAY) target = awayTarget(s, f);
    else target = dirTarget(s, f, DIRECTIONS[i][1]);
    opt = target ? optionAlong(s, f, keysOf(sc).keys[d], target) : null;
    cache.set(f, d, opt);
  }
  if (!opt || opt.length < min) return;
  for (const o of out) if (Math.abs(o.to.x - opt.to.x) < 0.05 && Math.abs(o.to.y - opt.to.y) < 0.05) return;
  out.push(opt);
}

/** A figure's place as a move's target (read by the line, never kept: the line's end is a new point). */
const TARGET = { x: 0, y: 0 };

/**
 * The move of figure `f` toward destination `key` (see {@link moveOptions}), or null when it names
 * nothing. Kept in the state's {@link MoveCache} (shared: read only).
 */
export function moveOption(s: EscState, f: number, key: string): MoveOption | null {
  const d = keysOf(s.sc).index.get(key);
  // A key no destination index has (a person's exact move, `at:`; a name of nothing): not kept.
  if (d === undefined) return moveOptionNow(s, f, key);
  const cache = movesOf(s);
  const known = cache.get(f, d);
  if (known !== undefined) return known;
  const opt = moveOptionNow(s, f, key);
  cache.set(f, d, opt);
  return opt;
}

function moveOptionNow(s: EscState, f: number, key: string): MoveOption | null {
  const target = destination(s, f, key);
  return target ? optionAlong(s, f, key, target) : null;
}

/** The move of `f` toward destination `key`, whose point is `target`. */
function optionAlong(s: EscState, f: number, key: string, target: Vec): MoveOption {
  const m = lineToward(s, f, target);
  const terrain = m.ground ?? s.sc.terrainAt(s.x[f], s.y[f]);
  return { key, to: m.to, length: m.length, stop: m.stop, terrain, dice: terrainDice(terrain) };
}

/**
 * The move lines reckoned at one state (its `moves` field): per figure, {@link moveOptions}'s list
 * and {@link moveOption}'s line by destination key. A line is a function of where every figure
 * stands, which are in play (wounds) and which pikes are usable (Disarmed markers: a pikeman's
 * `friend:` destinations), so the cache keeps a copy of those and is emptied whenever the state no
 * longer matches it ({@link movesOf}); it is never served to a changed state. Lines found once serve
 * the legal list, the scripted policy's scores and the move's apply alike.
 */
export class MoveCache {
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly wounds: Uint8Array;
  private readonly disarmed: Uint8Array;
  /** Destinations per figure (see {@link MoveKeys}). */
  private readonly dests: number;
  /** Bumped to forget everything: an entry holds only while its stamp equals it. */
  private epoch = 1;
  /** Per figure × destination: the line, and the epoch it was made in. */
  private readonly opts: (MoveOption | null)[];
  private readonly optStamp: Int32Array;
  /** Per figure: its {@link moveOptions}, and the epoch they were made in. */
  private readonly lists: (readonly MoveOption[] | null)[];
  private readonly listStamp: Int32Array;
  constructor(s: EscState) {
    this.x = s.x.slice();
    this.y = s.y.slice();
    this.wounds = s.wounds.slice();
    this.disarmed = s.disarmed.slice();
    const n = s.x.length;
    this.dests = keysOf(s.sc).keys.length;
    this.opts = new Array<MoveOption | null>(n * this.dests).fill(null);
    this.optStamp = new Int32Array(n * this.dests);
    this.lists = new Array<readonly MoveOption[] | null>(n).fill(null);
    this.listStamp = new Int32Array(n);
  }
  /** True when `s` has the places, wounds and Disarmed markers this cache was made for. */
  matches(s: EscState): boolean {
    const n = this.x.length;
    if (s.x.length !== n) return false;
    for (let i = 0; i < n; i++) {
      if (s.x[i] !== this.x[i] || s.y[i] !== this.y[i] || s.wounds[i] !== this.wounds[i] || s.disarmed[i] !== this.disarmed[i])
        return false;
    }
    return true;
  }
  /** Forget every line and take `s`'s places, wounds and markers. */
  reset(s: EscState): void {
    this.x.set(s.x);
    this.y.set(s.y);
    this.wounds.set(s.wounds);
    this.disarmed.set(s.disarmed);
    if (++this.epoch >= 0x40000000) {
      // Stamps start again (never reached in practice: a billion changes of one state).
      this.optStamp.fill(0);
      this.listStamp.fill(0);
      this.epoch = 1;
    }
  }
  /** The line of `f` toward destination index `d` (undefined: not made yet). */
  get(f: number, d: number): MoveOption | null | undefined {
    const i = f * this.dests + d;
    return this.optStamp[i] === this.epoch ? this.opts[i] : undefined;
  }
  set(f: number, d: number, opt: MoveOption | null): void {
    const i = f * this.dests + d;
    this.opts[i] = opt;
    this.optStamp[i] = this.epoch;
  }
  /** The {@link moveOptions} of `f` (null: not made yet). */
  list(f: number): readonly MoveOption[] | null {
    return this.listStamp[f] === this.epoch ? this.lists[f] : null;
  }
  setList(f: number, list: readonly MoveOption[]): void {
    this.lists[f] = list;
    this.listStamp[f] = this.epoch;
  }
}

/** The state's {@link MoveCache}, made on first use and emptied when the state has changed since. */
export function movesOf(s: EscState): MoveCache {
  const c = s.moves;
  if (!(c instanceof MoveCache)) {
    const made = new MoveCache(s);
    s.moves = made;
    return made;
  }
  if (!c.matches(s)) c.reset(s);
  return c;
}

/** True when the figure's move ended at an enemy's zone of control. */
function endsAtZoc(s: EscState, f: number): boolean {
  return zocEnemies(s, f).length > 0;
}

/**
 * MOVING: the figure goes along its straight line; then it rolls its accumulated active dice with
 * the terrain's passive dice (5 for a figure moving a cannon). A Rider's skill turns passive dice into
 * active ones (which changes nothing in a move roll, where only 1s count). No active die is gained.
 */
export function doMove(s: EscState, f: number, opt: MoveOption, ctx: StepContext<EscEvent>): number[] {
  const info = s.sc.figures[f];
  let passive = Math.max(opt.dice, info.moveFloor);
  const subst = info.mounted ? Math.min(info.rider, passive) : 0;
  passive -= subst;
  const act = d6s(ctx.rng, s.pool + subst);
  const pas = d6s(ctx.rng, passive);
  const from = pt(s.x[f], s.y[f]);
  setPlace(s, f, opt.to.x, opt.to.y);
  s.actions++;
  s.counters[C.moves]++;
  const zoc = endsAtZoc(s, f);
  if (zoc) s.counters[C.zocStops]++;
  const ones = countOnes(act, pas);
  const init = initiative(s, ones);
  ctx.emit?.({
    e: 'move',
    turn: s.turn,
    figure: info.id,
    toward: opt.key,
    from,
    to: pt(opt.to.x, opt.to.y),
    stop: opt.stop,
    terrain: opt.terrain,
    dice: Math.max(opt.dice, info.moveFloor),
    zoc,
    pool: s.pool,
    skill: subst,
    active: act,
    passive: pas,
    ones,
    init,
  });
  if (init !== 'keep') endFigure(s, init === 'side' ? 'side' : 'one', ctx);
  return [f];
}
