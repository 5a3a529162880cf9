/**
 * The AI's turn on the table: the marks of a decision's events (the ruleset's `view.marks`) with the
 * figures' places filled in, for the page to draw (src/web/aimarks.ts). An attack's mark names
 * figures only: they stood where the scene had them when the decision began, or where a way drawn
 * earlier in the same decision ended (a charge, then its melee). Names no ruleset.
 */
import type { Scene, SceneMark, ScenePoint } from '../core/scene.js';
import type { DrawnMark } from './protocol.js';

/** The marks of one decision, followed event by event. */
export class DecisionMarks {
  private places: Map<string, ScenePoint> | null = null;
  private out: DrawnMark[] = [];

  /** Start following a decision from the figures' places in `scene` (the state before it). */
  begin(scene: Scene): void {
    this.places = new Map(scene.figures.filter((f) => f.onTable).map((f) => [f.id, [f.x, f.y] as ScenePoint]));
    this.out = [];
  }

  /** True while a decision is followed (between {@link begin} and {@link take}). */
  get following(): boolean {
    return this.places !== null;
  }

  /**
   * Add one event's marks: a way that names only its end, or only how far the figure went (`shift`),
   * starts where the figure stood; a way moves
   * its figure there; an attack between figures whose places are unknown (off the table) is left out.
   */
  add(marks: readonly SceneMark[]): void {
    const places = this.places;
    if (places === null) return;
    for (const m of marks) {
      if (m.kind === 'path' || m.kind === 'shift') {
        const start = places.get(m.figure);
        const points =
          m.kind === 'shift'
            ? start === undefined
              ? []
              : [start, [start[0] + m.by[0], start[1] + m.by[1]] as ScenePoint]
            : m.points.length === 1 && start !== undefined
              ? [start, m.points[0]]
              : m.points;
        if (points.length < 2) continue;
        places.set(m.figure, points[points.length - 1]);
        this.out.push({ kind: 'path', figures: [m.figure], points: points.map((p) => [p[0], p[1]]), how: m.how, result: '', hit: false });
      } else {
        const a = places.get(m.from);
        const b = places.get(m.to);
        if (a === undefined || b === undefined) continue;
        this.out.push({ kind: m.kind, figures: [m.from, m.to], points: [a, b], how: '', result: m.result, hit: m.hit });
      }
    }
  }

  /** The marks of the decision followed (empty when none was), and stop following. */
  take(): DrawnMark[] {
    const out = this.out;
    this.out = [];
    this.places = null;
    return out;
  }
}
