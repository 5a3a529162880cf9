/**
 * What the workshop page (issue 44, `serve --scenarios DIR`, path `/workshop`) offers the panels
 * mounted on it: the editor owns the document and the table; the balance panel, "play it" and
 * "watch AI vs AI" read the document through this contract and draw on the table through it. The
 * page passes one context to each panel's `mount…(root, ctx)`.
 */

/** The scenario being edited: its ruleset, its JSON, and where it is saved. */
export interface WorkshopDocument {
  /** The ruleset's id: the scenario file's `ruleset`. */
  ruleset: string;
  /** The scenario file's JSON object as it stands now (a copy: changing it changes nothing). */
  scenario: Record<string, unknown>;
  /** Its name in the scenarios folder (`raids/my-raid.json`) when it was opened from or saved there. */
  file?: string;
  /** `<ruleset>/<id>` when it was opened from a built-in scenario and not changed since. */
  builtin?: string;
  /** Whether the document has changes not yet saved. */
  dirty: boolean;
}

/** The page's services to its panels. Every method may be called at any time after mount. */
export interface WorkshopContext {
  /** The document as it stands now, or null before one is opened. */
  current(): WorkshopDocument | null;
  /**
   * The table's SVG as drawn now, or null before a scenario is open. Its user units are the
   * scenario's table units (inches or cm, the file's `table.unit`): x to the right, y down, the
   * table's top-left corner at 0, 0; a panel's overlay is drawn in a `<g>` it appends and removes.
   * The editor redraws the table after each edit; `onChange` tells when to draw the overlay again.
   */
  tableSvg(): SVGSVGElement | null;
  /** Calls `listener` after each change of the document or redraw of the table (edit, undo, open, save). */
  onChange(listener: () => void): void;
  /**
   * Opens `scenario` as a new, unsaved document (tune's recommended setting, for one), after
   * asking to keep unsaved changes of the current one. `note` says where it came from.
   */
  openScenario(ruleset: string, scenario: Record<string, unknown>, note: string): void;
}
