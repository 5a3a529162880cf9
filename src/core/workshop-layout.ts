/**
 * Where a ruleset's scenario files keep what the scenario workshop (issue 44) draws and edits on the
 * table, declared as data by each room (`src/rules/<id>/workshop.json`, set as the ruleset's
 * `workshop`), so one generic page edits every ruleset's format: the blank table a new scenario
 * starts from, and the file's geometric collections — terrain pieces, figures or units, objectives,
 * deployment zones, exits — each as a JSON path with the shape of its elements.
 *
 * Paths are dot-separated field names from the file's top; a `*` part stands for every element of
 * an array (`sides.*.figures`: each side's figure list). The page reads the lists' choices (terrain
 * kinds, weapons, ranks …) from the ruleset's JSON Schema at the same path, not from here.
 * Coordinates are the file's: table units (in or cm), x to the right, y down from the top-left corner.
 *
 * This module imports only zod (the browser code may import it).
 */
import { z } from 'zod';

/** One collection of things with a place on the table. */
export const workshopCollection = z
  .object({
    /** A short id, unique in the layout (`terrain`, `figures`, `exits`). */
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** What the page calls one element, in words (`terrain piece`, `figure`, `exit`). */
    label: z.string().min(1),
    /**
     * What it is: `terrain` (drawn under everything, a kind and a name), `figure` (figures or units
     * of a side: the `*` of the path is the side), `zone` (objectives, deployment zones, exits, home).
     */
    role: z.enum(['terrain', 'figure', 'zone']),
    /**
     * Where it is: a path to an array of elements (`terrain`, `sides.*.figures`), or, with
     * `single`, to one element (`objective`).
     */
    path: z.string().regex(/^[A-Za-z0-9_$*-]+(\.[A-Za-z0-9_$*-]+)*$/),
    /** The path names one element (an object, or a point or polygon itself), not an array of them. */
    single: z.boolean().optional(),
    /** The geometry of an element: a `point` [x, y], a `polygon` [[x, y], …] (at least 3 vertices) or a `line` (an open one, at least 2: a fence). */
    shape: z.enum(['point', 'polygon', 'line']),
    /** The field of an element that holds its geometry (`at`, `polygon`, `area`); absent: the element is the geometry itself. */
    field: z.string().optional(),
    /** The field that holds an element's kind (`kind`, `terrain`): its choices are the schema's enum there. */
    kind: z.string().optional(),
    /** The field that holds an element's name or label, shown on the table. */
    name: z.string().optional(),
    /** The field that holds an element's id (a new element gets a fresh one: `<id>-<n>`). */
    idField: z.string().optional(),
    /** A new element before its geometry (and kind, name, id) are set: the other fields it needs. */
    template: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** One collection of a {@link WorkshopLayout}. */
export type WorkshopCollection = z.infer<typeof workshopCollection>;

/** A ruleset's workshop layout (see the module comment). */
export const workshopLayout = z
  .object({
    /** A complete, valid scenario file of the ruleset with as little on it as the format allows: where "new scenario" starts. */
    blank: z.record(z.string(), z.unknown()),
    /** Paths of the table's width and height (`table.width`). */
    width: z.string(),
    height: z.string(),
    /** The editable collections, drawn in this order (terrain first). */
    collections: z.array(workshopCollection).min(1),
    /**
     * The top-level fields the page edits as JSON text (victory conditions, turn limit,
     * `parameters` …): those with no place on the table.
     */
    fields: z.array(z.string()).default([]),
  })
  .strict();

/** A ruleset's workshop layout, checked ({@link workshopLayout}). */
export type WorkshopLayout = z.infer<typeof workshopLayout>;
