/**
 * A drawable description of a game state, independent of any rule system: what `play` draws as an
 * ASCII map and what `render` draws as SVG. A ruleset produces one with its optional
 * `view.scene` capability ({@link Ruleset.view}); the renderers in src/render/ know only this shape.
 *
 * Coordinates are table units (inches), x to the right and y down, origin at the top-left corner.
 */
import type { SideId } from './basics.js';

/** A point on the table (inches). */
export type ScenePoint = [number, number];

/**
 * An area of the table drawn as a polygon. Renderers know a few kinds and draw the rest plainly:
 * `building`, `water`, `broken` (rough or slow ground), `hill`, `cover`, `wood`, `open` (clear
 * ground, drawn as an outline only), `home` (where one side starts or returns to, e.g. a ship),
 * `objective` (what a side must reach), `deploy`.
 */
export interface SceneArea {
  /** Stable id within the scene (e.g. the terrain id). */
  id: string;
  /** What it is; see above. */
  kind: string;
  /** Words for a tooltip or legend ("warehouse 1"). */
  label: string;
  /** The outline, in order. */
  points: ScenePoint[];
}

/** A marked point of the table (an exit, a spawn point). */
export interface SceneMarker {
  kind: string;
  label: string;
  x: number;
  y: number;
  /**
   * Optional: one character the ASCII map (src/render/ascii.ts) draws at the marker (under any
   * figure on the same cell), with `kind` in its legend; a marker without one is not drawn there.
   * Not a letter (letters are bands) and not one of the map's terrain characters.
   */
  glyph?: string;
}

/** A side as drawn. */
export interface SceneSide {
  id: SideId;
  /** Name for people ("Pirates"). */
  name: string;
  /** A CSS colour for its figures. */
  colour: string;
  /** One character that marks the side's figures on an ASCII map (`P`). */
  mark: string;
}

/**
 * Figure status words the renderers style: `active` (on the table and able to act), `fleeing`
 * (on the table, running), `dead`, `captured`, `gone` (off the table). Other words are drawn as
 * `active`.
 */
export type FigureStatus = 'active' | 'fleeing' | 'dead' | 'captured' | 'gone' | string;

/** One figure as drawn. */
export interface SceneFigure {
  /** The id used in actions, events and `status <figure>` (`P07`). */
  id: string;
  /** Name for people ("Black Coat"); the id when it has none. */
  name: string;
  /** Centre (inches). */
  x: number;
  y: number;
  /** Base radius (inches). */
  r: number;
  /** Facing in radians (0 = toward +x), when the rules use facing. */
  facing?: number;
  side: SideId;
  /** The band (unit, group) it belongs to, as people name it ("3"), or null for none. */
  band: string | null;
  status: FigureStatus;
  /** True while it stands on the table (also for the dead, where they fell); false when off it. */
  onTable: boolean;
  /** Short words about it ("booty", "unloaded", "personality", "1 hit"). */
  markers: string[];
  /** At most two characters drawn beside the figure for its most telling marker (`$` booty), or ''. */
  badge: string;
  /** True when it belongs to the band acting now. */
  highlighted: boolean;
  /** True for the one figure whose decision it is now. */
  current: boolean;
  /**
   * Optional: what kind of figure it is, in a word or two a player uses ("captain", "pikeman",
   * "trooper (mounted)"), for legends and tooltips. Constant for a figure through a game.
   */
  kind?: string;
  /**
   * Optional: one character drawn on the base for its kind (`C` captain, `P` pike, `M` musket,
   * `H` horse, `G` gun), so that kinds look different on the table; the legend pairs it with `kind`.
   */
  glyph?: string;
  /** Optional: how the base is drawn: `foot` (a disc, the default), `mounted` (a long base), `gun` (a square). */
  form?: 'foot' | 'mounted' | 'gun';
}

/** A labelled line of text about the state ("Turn 3 of 30", "Movement: Pirates 14 in"). */
export interface SceneInfo {
  label: string;
  value: string;
}

/** The whole drawable state. */
export interface Scene {
  /** Table size (inches). */
  width: number;
  height: number;
  /** One line saying where the game stands ("Turn 3 — 4♥ (Pirates): band 2 acts"). */
  caption: string;
  sides: SceneSide[];
  areas: SceneArea[];
  markers: SceneMarker[];
  figures: SceneFigure[];
  /** Cards turned, movement allowances, score: what a player wants beside the map. */
  info: SceneInfo[];
  /**
   * What each badge a figure may carry means, for legends (`$`: "carries booty"; a `#` in the key
   * stands for any number: `#h` → "# hits this turn"). Optional; every badge drawn should be here.
   */
  badges?: SceneBadge[];
  /**
   * True when the areas (other than objectives) are the places the rules and the actions name, as
   * by name (Escarmouche: "move to the west road"): maps then label each one with a key and list them.
   */
  places?: boolean;
}

/** One badge in a legend: `mark` as drawn (`#` = any number), `words` what it means. */
export interface SceneBadge {
  mark: string;
  words: string;
}

/**
 * One term of a ruleset's glossary ({@link Ruleset.view} `glossary`): a word or short phrase as it
 * appears in the ruleset's actions, badges, info lines or dice lines (`drovers`, `obj`, `marshal`,
 * `1 hit`), and what it means to a player, in a sentence or two with the rules' section. A person
 * reads it on hover (`serve`) or with `play`'s help. `term` is matched whole-word, case-sensitive.
 */
export interface GlossaryTerm {
  term: string;
  words: string;
}

/**
 * A glossary kept as data — a room's `glossary.json`, an object of term → words in the order shown —
 * as {@link GlossaryTerm}s: the terms of each dictionary in turn (`parts`, e.g. the terms common to
 * a ruleset's variants, then the variant's own). Throws when a term is given twice (a defect of the
 * data: one of the two would never be read).
 */
export function glossaryOf(...parts: readonly Readonly<Record<string, string>>[]): GlossaryTerm[] {
  const terms: GlossaryTerm[] = [];
  const seen = new Set<string>();
  for (const part of parts)
    for (const [term, words] of Object.entries(part)) {
      if (seen.has(term)) throw new Error(`glossary term "${term}" is given twice`);
      seen.add(term);
      terms.push({ term, words });
    }
  return terms;
}

/**
 * What one action concerns on the table ({@link Ruleset.view} `targets`): the ids of the figures it
 * names (a band's members, an attacked enemy) and the point it heads for, or null when it moves
 * nothing to a place. Coordinates in table units.
 */
export interface ActionTargets {
  figures: string[];
  at: ScenePoint | null;
}

/** One ring round a selected figure: what it measures, in words, and its radius in table units. */
export interface ReachRing {
  /** `move`, `charge` (or any other reach by moving) or `range` (shooting). */
  kind: string;
  /** Words for the legend ("moves 8 in", "pistol range 6 in"). */
  label: string;
  radius: number;
}

/** How far a figure reaches now ({@link Ruleset.view} `reach`). */
export interface FigureReach {
  rings: ReachRing[];
  /** Enemy figures it can see within its weapon's range (ids); empty for figures that do not shoot. */
  sight: string[];
}

/**
 * What one event shows on the table ({@link Ruleset.view} `marks`), so that a person can watch the
 * other side's turn: a figure's way, or an attack. Coordinates in table units, as the scene draws
 * them.
 *
 * - `path`: figure `figure` went through `points`, from where it stood (the first) to where it
 *   ended (the last); a single point when the event names only where it ended (the way then starts
 *   where the figure stood, which the caller knows); `how` says why it moved: its own `move`, a
 *   `charge` into contact, a `run` (fleeing, running away), or `pushed` back by a fight.
 * - `shift`: figure `figure` went straight by `by` (dx, dy) from where it stood, for an event that
 *   names how far a figure was moved but not from where (a push back: the caller knows where the
 *   figure stood, and draws it as a way from there); `how` as for `path`.
 * - `shot` / `melee`: figure `from` shot at, or fought, figure `to`, where they stood when it
 *   happened (the figures' own places: the caller knows them from the scene and the `path` marks
 *   before); `result` is what it did in a word or two (`missed`, `wounded`, `killed`, `runs away`),
 *   and `hit` is true when it did the target any harm.
 */
export type SceneMark =
  | { kind: 'path'; figure: string; how: 'move' | 'charge' | 'run' | 'pushed'; points: ScenePoint[] }
  | { kind: 'shift'; figure: string; how: 'move' | 'charge' | 'run' | 'pushed'; by: ScenePoint }
  | { kind: 'shot' | 'melee'; from: string; to: string; result: string; hit: boolean };

/**
 * One end of a measured line ({@link Ruleset.view} `sight`): a figure by id (its centre, and its
 * base for range and cover), or a point of the table in table units.
 */
export type SightEnd = { figure: string } | { at: ScenePoint };

/**
 * What a ruleset says of the straight line between two ends ({@link Ruleset.view} `sight`): the
 * measure, and sight and cover by the ruleset's own rules (never worked out by a caller). Lengths in
 * the table's unit ({@link RulesetTraits.units}: inches or centimetres), rounded to hundredths.
 */
export interface SightLine {
  /** The ends' centres (a figure's centre, or the point). */
  from: ScenePoint;
  to: ScenePoint;
  /** Centre to centre. */
  distance: number;
  /** Base edge to base edge when both ends are figures (what ranges measure in a ruleset that measures so), else null. */
  gap: number | null;
  /** True when nothing blocks sight along the line by the ruleset's rule (figures never block). */
  clear: boolean;
  /** When not clear: the name of what blocks it (a building, a wood); null when clear. */
  blockedBy: string | null;
  /**
   * When `to` is a figure: the cover it has against a shot or attack from `from` by the ruleset's
   * rule, in a player's words with its effect ("soft cover from the rail fence: cover die d6"); null
   * in the open, and when `to` is a point.
   */
  cover: string | null;
  /** The rules' sections the answer follows, for a player to look up ("§7 sight; §5.B(2) cover"). */
  rules: string;
}
