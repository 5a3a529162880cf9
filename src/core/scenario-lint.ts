/**
 * Warnings about a scenario file that is valid but may not be what its designer meant: things
 * `validate` (and `serve`'s workshop) say without refusing the file. Works on the file's JSON (after
 * `inherit` is resolved), for any ruleset: it reads only the common shape of terrain entries,
 * `{ "id", "name"?, "label"?, "polygon": [[x, y], …] }` under the top-level `terrain` list.
 */
import { overlapPoint, type Vec } from './geometry.js';

/**
 * One warning: what it is (`kind`), in words (`message`), the JSON paths of the parts of the file
 * it concerns (`paths`, e.g. `$.terrain[2]`, `$.terrain[5]`), and where on the table it is, in the
 * file's unit, when it has a place (`at`).
 */
export interface ScenarioWarning {
  kind: 'terrain-overlap';
  message: string;
  paths: string[];
  at?: { x: number; y: number };
}

/** Most overlapping pairs {@link terrainOverlaps} reports by default. */
export const MAX_OVERLAPS = 200;

interface TerrainPiece {
  path: string;
  name: string;
  polygon: Vec[];
}

/** The file's terrain entries that have a polygon of at least three numeric points (others are the schema's to refuse). */
function terrainPieces(raw: unknown): TerrainPiece[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const list = (raw as { terrain?: unknown }).terrain;
  if (!Array.isArray(list)) return [];
  const out: TerrainPiece[] = [];
  list.forEach((t: unknown, i) => {
    if (t === null || typeof t !== 'object') return;
    const o = t as { id?: unknown; name?: unknown; label?: unknown; polygon?: unknown };
    const poly = Array.isArray(o.polygon) ? o.polygon : [];
    const pts: Vec[] = [];
    for (const p of poly) {
      if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number') return;
      pts.push({ x: p[0], y: p[1] });
    }
    if (pts.length < 3) return;
    const words = typeof o.name === 'string' ? o.name : typeof o.label === 'string' ? o.label : null;
    const id = typeof o.id === 'string' ? o.id : null;
    const name = id !== null && words !== null && words !== id ? `"${id}" (${words})` : id !== null ? `"${id}"` : (words ?? '');
    out.push({ path: `$.terrain[${i}]`, name, polygon: pts });
  });
  return out;
}

/**
 * Every pair of terrain pieces whose areas overlap (share some area; touching along an edge or at
 * a corner is not overlapping), in file order (`$.terrain[i]` before `$.terrain[j]`, i < j). Some
 * rulesets layer areas on purpose (Escarmouche: the later one lies on top, a bridge over a
 * stream), so this is a warning for the designer to check, never an error. `at` is a point of the
 * overlap (on the edge of one piece, inside the other). Stops after `max` pairs (a file of
 * hundreds of pieces heaped on one another would otherwise take seconds and say nothing more).
 */
export function terrainOverlaps(raw: unknown, max = MAX_OVERLAPS): ScenarioWarning[] {
  const t = terrainPieces(raw);
  const out: ScenarioWarning[] = [];
  for (let i = 0; i < t.length && out.length < max; i++) {
    for (let j = i + 1; j < t.length && out.length < max; j++) {
      const p = overlapPoint(t[i].polygon, t[j].polygon);
      if (p === null) continue;
      const [a, b] = [t[i], t[j]];
      out.push({
        kind: 'terrain-overlap',
        message: `terrain ${a.path} ${a.name} and ${b.path} ${b.name} overlap (near ${round(p.x)}, ${round(p.y)}); check that this is meant (where a ruleset layers areas, the later one lies on top)`,
        paths: [a.path, b.path],
        at: { x: p.x, y: p.y },
      });
    }
  }
  return out;
}

function round(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/**
 * One problem of a scenario file. `severity` `error`: the file cannot be played (`validate` exits
 * 2); `warning`: it can, but the designer should look (`validate` still exits 0). `path` is the
 * JSON path of the first part concerned (`$.sides[0].figures[2].at`; `''` for the file as a
 * whole, e.g. a JSON syntax error), `paths` every part concerned (two for an overlap). `message`
 * says what is wrong without the file name; `at` is where it is on the table, in the file's unit
 * (the figure's x, y, a polygon's vertex mean, a point of an overlap), when the part has a place.
 */
export interface ScenarioProblem {
  severity: 'error' | 'warning';
  /** `invalid` (schema or compile check), `parameter` (a tunable parameter's extreme value), or a warning's kind (`terrain-overlap`). */
  kind: string;
  path: string;
  paths: string[];
  message: string;
  at?: { x: number; y: number };
}

/**
 * The result of {@link checkScenarioData}: `ok` when no problem is an error; the ruleset, id and
 * sides once the file compiles; `parameters` the count of tunable parameters checked at their
 * extremes (0 when it declares none); `problems` errors first, then warnings.
 */
export interface ScenarioCheck {
  ok: boolean;
  ruleset?: string;
  id?: string;
  sides?: string[];
  parameters?: number;
  problems: ScenarioProblem[];
}

/** Every warning about a valid scenario file's JSON (today: {@link terrainOverlaps}, at most {@link MAX_OVERLAPS} of them). */
export function scenarioWarnings(raw: unknown): ScenarioWarning[] {
  return terrainOverlaps(raw);
}
