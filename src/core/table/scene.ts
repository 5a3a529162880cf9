/**
 * The table in a {@link Scene} (src/core/scene.ts): the parts of a ruleset's `view.scene` that are
 * the same for every rule system on a measured table — a terrain area as a scene area, a figure as a
 * scene figure from the state's standard arrays (x, y, facing, status with the kit's codes) — so a
 * room writes only what its rules add (band, markers, badge, who is acting). Coordinates in the
 * table's unit; facings in radians.
 */
import type { SceneArea, SceneFigure } from '../scene.js';
import { STATUS_WORDS, onTableStatus } from './status.js';
import type { TerrainArea } from './table.js';

/** A terrain area as drawn: its id, kind (the ruleset's word), label and outline. */
export function sceneArea(a: TerrainArea, kind: string = a.kind): SceneArea {
  return { id: a.id, kind, label: a.label, points: a.poly.map((p): [number, number] => [p.x, p.y]) };
}

/** What a scene figure needs of the compiled scenario: figure ids, names and sides, the side ids, the base radius. */
export interface SceneFigureSource {
  readonly radius: number;
  readonly figures: readonly { readonly id: string; readonly name: string; readonly side: number }[];
  readonly sides: readonly { readonly id: string }[];
}

/** The standard figure arrays of a state on the table (positions in the table's unit, facings in radians, the kit's status codes). */
export interface SceneFigureArrays {
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  readonly facing: ArrayLike<number>;
  readonly status: ArrayLike<number>;
}

/** What the room's rules add to a scene figure. `status` and `onTable` default to the kit's words and `onTableStatus`. */
export interface SceneFigureExtras {
  band: string | null;
  markers: string[];
  badge: string;
  highlighted: boolean;
  current: boolean;
  status?: string;
  onTable?: boolean;
  /** The figure's kind, glyph and base form ({@link SceneFigure}); left out of the scene figure when absent. */
  kind?: string;
  glyph?: string;
  form?: 'foot' | 'mounted' | 'gun';
}

/** Figure `f` as drawn: id, name, place, base, facing and side from the scenario and the state, the rest from `extra`. */
export function sceneFigure(sc: SceneFigureSource, s: SceneFigureArrays, f: number, extra: SceneFigureExtras): SceneFigure {
  const info = sc.figures[f];
  const st = s.status[f];
  return {
    id: info.id,
    name: info.name,
    x: s.x[f],
    y: s.y[f],
    r: sc.radius,
    facing: s.facing[f],
    side: sc.sides[info.side].id,
    band: extra.band,
    status: extra.status ?? STATUS_WORDS[st] ?? 'active',
    onTable: extra.onTable ?? onTableStatus(st),
    markers: extra.markers,
    badge: extra.badge,
    highlighted: extra.highlighted,
    current: extra.current,
    ...(extra.kind !== undefined ? { kind: extra.kind } : {}),
    ...(extra.glyph !== undefined ? { glyph: extra.glyph } : {}),
    ...(extra.form !== undefined ? { form: extra.form } : {}),
  };
}
