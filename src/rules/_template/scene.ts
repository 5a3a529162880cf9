/**
 * What `play`, `render` and `serve` show of a Duel state (the ruleset's `view`): the scene (table,
 * terrain, figures by side, the deciding figure marked), and what a person pointing at the table
 * needs — the figures and point each action concerns (`targets`), how far a selected figure reaches
 * (`reach`) and the exact move to a clicked place (`exactMove`) — drawn and measured by the kit
 * (draw.ts, view.ts). Read only. Coordinates in inches.
 */
import type { ActionTargets, FigureReach, Scene, SceneFigure } from '../../core/scene.js';
import { sceneArea, sceneFigure } from '../../core/table/scene.js';
import { attackTargets, figureReach } from '../../core/table/view.js';
import type { DuelAction } from './actions/action.js';
import { movePlanOf } from './actions/move.js';
import { MOVE, SLOW } from './move.js';
import { isUp, enemiesOf, viewOf } from './query.js';
import { RANGE } from './shoot.js';
import type { DuelState } from './state.js';

const COLOURS = ['#c0392b', '#1f4e9c'];

/** The state as a {@link Scene}. */
export function duelScene(s: DuelState): Scene {
  const sc = s.sc;
  // The kit draws the figure from the standard arrays; the room adds only who is deciding.
  const figures: SceneFigure[] = sc.figures.map((info) =>
    sceneFigure(sc, s, info.index, {
      band: null,
      markers: isUp(s, info.index) && s.done[info.index] && info.side === s.side ? ['activated this turn'] : [],
      badge: '',
      highlighted: false,
      current: info.index === s.actor,
    }),
  );
  const caption = s.over
    ? `Turn ${s.turn} — game over: ${s.winner >= 0 ? `${sc.sides[s.winner].name} win` : 'a draw'} (${s.reason})`
    : `Turn ${s.turn} of ${sc.maxTurns} — ${sc.sides[s.side].name}: ${sc.figures[s.actor].name} acts`;
  return {
    width: sc.width,
    height: sc.height,
    caption,
    sides: sc.sides.map((side) => ({ id: side.id, name: side.name, colour: COLOURS[side.index], mark: side.name.charAt(0).toUpperCase() })),
    areas: sc.table.areas.map((a) => sceneArea(a)),
    markers: [],
    figures,
    info: [
      { label: 'Turn', value: `${s.turn} of ${sc.maxTurns}` },
      { label: 'Down', value: sc.sides.map((side) => `${side.name} ${s.down[side.index]} of ${side.figures.length}`).join('; ') },
    ],
  };
}

/** The figures and the point action `a` concerns (`view.targets`); null for hold. */
export function duelTargets(s: DuelState, a: DuelAction): ActionTargets | null {
  switch (a.k) {
    case 'move': {
      const plan = s.over ? null : movePlanOf(s, s.actor, a.to);
      const at: [number, number] | null = plan === null ? null : [Math.round(plan.to.x * 100) / 100, Math.round(plan.to.y * 100) / 100];
      return { figures: a.to.startsWith('foe:') ? [a.to.slice(4)] : [], at };
    }
    case 'moveTo':
      return { figures: [], at: [a.x, a.y] };
    case 'shoot':
    case 'fight':
      return attackTargets(a.t);
    case 'hold':
      return null;
  }
}

/** How far figure `id` reaches (`view.reach`, the kit's `figureReach`): its move and range rings, and the enemies in sight within range. */
export function duelReach(s: DuelState, id: string): FigureReach | null {
  const f = s.sc.figureIndex.get(id);
  if (f === undefined || !isUp(s, f)) return null;
  const spec = {
    moves: [{ kind: 'move', label: `moves ${MOVE} in (${SLOW} in through a wood)`, radius: MOVE }],
    weapon: { range: RANGE, label: `shoots ${RANGE} in`, enemies: enemiesOf(s, s.sc.figures[f].side) },
  };
  return figureReach(s.sc.table, viewOf(s), f, spec, s.sc.figures);
}

/** The exact move of the deciding figure to (x, y) inches (`view.exactMove`); checked by `checkAction`. */
export function duelExactMove(s: DuelState, x: number, y: number): DuelAction | null {
  return s.over ? null : { k: 'moveTo', x, y };
}
