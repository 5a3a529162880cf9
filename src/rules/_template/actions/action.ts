/**
 * What a Duel decision is: one action of the figure deciding now (`state.actor`, §2) — move toward
 * an enemy or into a wood, move to an exact place, shoot, fight or hold — and the shape every action
 * kind's file (actions/<kind>.ts) fills in: its legal actions, the reason one is not legal, its
 * effect, its words and its key, together. The actions offered are made once per scenario and
 * shared ({@link actionTable}): a legal list allocates only the list itself.
 */
import type { StepContext } from '../../../core/model.js';
import type { DuelScenario } from '../compile.js';
import type { DuelEvent } from '../events.js';
import type { DuelState } from '../state.js';
import { enemiesOf, sideOf } from '../query.js';

/**
 * One Duel decision. Figures are named by id; `to` is `foe:<id>` (into base contact with that
 * enemy) or `cover` (the nearest place in a wood); `x`, `y` in inches.
 */
export type DuelAction =
  { k: 'move'; to: string } | { k: 'moveTo'; x: number; y: number } | { k: 'shoot'; t: string } | { k: 'fight'; t: string } | { k: 'hold' };

/** The action kinds, by their `k`. */
export type ActionKindName = DuelAction['k'];

/** The action of kind `K`. */
export type ActionOf<K extends ActionKindName> = Extract<DuelAction, { k: K }>;

/** Everything about one action kind, in one place (actions/<kind>.ts). */
export interface ActionKind<K extends ActionKindName> {
  readonly k: K;
  /** Push the legal actions of this kind for the actor onto `out`, in a deterministic order. Precondition: not over. */
  list(s: DuelState, out: DuelAction[]): void;
  /** Null when `a` is legal now, else why not in plain words. */
  check(s: DuelState, a: ActionOf<K>): string | null;
  /** The effect of a legal `a` (dice from `ctx.rng`, events to `ctx.emit`); the turn machine then advances. */
  apply(s: DuelState, a: ActionOf<K>, ctx: StepContext<DuelEvent>): void;
  /** `a` in plain words ("A1 shoots at B2 (needs 4+)"). */
  words(s: DuelState, a: ActionOf<K>): string;
  /** `a`'s stable key within one decision. */
  key(a: ActionOf<K>): string;
}

/** The actions offered, made once per scenario (frozen: nobody changes an offered action). */
export interface ActionTable {
  readonly hold: DuelAction;
  readonly cover: DuelAction;
  /** By figure index: move into contact with it, shoot it, fight it. */
  readonly toward: readonly DuelAction[];
  readonly shoot: readonly DuelAction[];
  readonly fight: readonly DuelAction[];
}

const TABLES = new WeakMap<DuelScenario, ActionTable>();

/** The action table of scenario `sc` (made on first use, then kept with the scenario). */
export function actionTable(sc: DuelScenario): ActionTable {
  let t = TABLES.get(sc);
  if (t === undefined) {
    const ids = sc.figures.map((f) => f.id);
    t = Object.freeze({
      hold: Object.freeze({ k: 'hold' as const }),
      cover: Object.freeze({ k: 'move' as const, to: 'cover' }),
      toward: ids.map((id) => Object.freeze({ k: 'move' as const, to: `foe:${id}` })),
      shoot: ids.map((id) => Object.freeze({ k: 'shoot' as const, t: id })),
      fight: ids.map((id) => Object.freeze({ k: 'fight' as const, t: id })),
    });
    TABLES.set(sc, t);
  }
  return t;
}

/** The figure index of id `id`, or −1. */
export function figureOf(s: DuelState, id: string): number {
  return s.sc.figureIndex.get(id) ?? -1;
}

/** The actor's label for words: its name, and its id when they differ. */
export function label(s: DuelState, f: number): string {
  const info = s.sc.figures[f];
  return info.name === info.id ? info.id : `${info.name} (${info.id})`;
}

/**
 * Push onto `out` the offered action `offered[e]` for every enemy `e` of the actor that `can(s,
 * actor, e)` allows, in the scenario's order: the legal list of an action aimed at one enemy.
 */
export function listAgainstEnemies(
  s: DuelState,
  out: DuelAction[],
  offered: readonly DuelAction[],
  can: (s: DuelState, f: number, t: number) => boolean,
): void {
  const f = s.actor;
  const foes = enemiesOf(s, sideOf(s, f));
  for (let k = 0; k < foes.length; k++) if (can(s, f, foes[k])) out.push(offered[foes[k]]);
}

/** The enemy action `a` names, when `can(s, actor, it)` allows it now; else −1. */
export function allowedTarget(s: DuelState, id: string, can: (s: DuelState, f: number, t: number) => boolean): number {
  const t = figureOf(s, id);
  return t >= 0 && can(s, s.actor, t) ? t : -1;
}
