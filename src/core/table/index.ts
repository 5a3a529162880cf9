/**
 * The table kit: what every rule system played on a measured table shares, written once here and
 * never copied into a ruleset (docs/ARCHITECTURE.md, "The table kit"). Lengths are in the table's
 * own unit (inches or centimetres); angles in radians. See each module for its contracts:
 * - table.ts   — {@link Table}: terrain areas → paths round obstacles, slow ground, sight, cover, height
 * - figures.ts — {@link FigureView}: placement without overlap, base contact, centre, cohesion, facing arcs, turning steps
 * - moves.ts   — planAlong (a move along a route), planGroupMove (measured from the group's centre), destinations
 * - straight.ts — straightMove: a straight slide that stops where the ground changes, at obstacles, bases and keep-off distances
 * - places.ts  — PlaceFinder: where a figure may stand (and why not), the walk back along a route, the nearest reachable free place
 * - cards.ts   — card activation from a deck of flags
 * - compile.ts — compileTableBase: the compiled-table base every room's compile extends (identity, hash, table, radius, contact, figure index)
 * - status.ts  — the figure status codes every ruleset shares (ACTIVE, FLEEING, GONE, DEAD, CAPTURED, DISABLED)
 * - pointers.ts — figuresInSight, ringRadius: what a person pointing at the table is shown (targets, reach)
 * - state.ts   — defineState: a game state declared once (fresh, clone, cloneInto, hash, thread export)
 */
export * from './table.js';
export * from './figures.js';
export * from './moves.js';
export * from './cards.js';
export * from './straight.js';
export * from './places.js';
export * from './state.js';
export * from './compile.js';
export * from './pointers.js';
export * as status from './status.js';
