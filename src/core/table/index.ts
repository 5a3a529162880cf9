/**
 * The table kit: what every rule system played on a measured table shares, written once here and
 * never copied into a ruleset (docs/ARCHITECTURE.md, "The table kit"). Lengths are in the table's
 * own unit (inches or centimetres); angles in radians. See each module for its contracts:
 * - table.ts   — {@link Table}: terrain areas → paths round obstacles, slow ground, sight, cover, height
 * - figures.ts — {@link FigureView}: placement without overlap, base contact, centre, cohesion, facing arcs, turning steps
 * - moves.ts   — planAlong (a move along a route), planGroupMove (measured from the group's centre), destinations
 * - straight.ts — straightMove: a straight slide that stops where the ground changes, at obstacles, bases and keep-off distances
 * - nearest.ts — nearestAble: the nearest able figure of a list (an enemy side) to a point, allocation-free
 * - view.ts    — the ruleset-agnostic part of `view.targets`/`view.reach`: move ends, attack targets, sight within range, reach rings
 * - places.ts  — PlaceFinder: where a figure may stand (and why not), the walk back along a route, the nearest reachable free place
 * - cards.ts   — card activation from a deck of flags
 * - compile.ts — compileTableBase: the compiled-table base every room's compile extends (identity, hash, table, radius, contact, figure index)
 * - status.ts  — the figure status codes every ruleset shares (ACTIVE, FLEEING, GONE, DEAD, CAPTURED, DISABLED)
 * - sides.ts   — sideWiring: sides, currentSide, isTerminal, outcome, evaluate from who decides and how the game ended
 * - state.ts   — defineState: a game state declared once (fresh, clone, cloneInto, hash, thread export)
 * - schema.ts  — shared zod pieces of scenario files (point, polygon, table size, side id, facing) and their converters
 * - scene.ts   — a terrain area and a figure as drawn in a Scene (the parts of view.scene every room shares)
 * - wiring.ts  — listedCheck, sideStatusCounts, counterStats: checkAction and stats as every room declares them
 * - ruleset.ts — defineTableRuleset: a table room's registration from its declaration; logisticEvaluation
 * - step-changes.ts — StepChanges: which figures changed between two decisions (for the invariant monitors)
 */
export * from './table.js';
export * from './figures.js';
export * from './moves.js';
export * from './cards.js';
export * from './straight.js';
export * from './places.js';
export * from './nearest.js';
export * from './view.js';
export * from './state.js';
export * from './sides.js';
export * from './compile.js';
export * from './schema.js';
export * from './scene.js';
export * from './wiring.js';
export * from './ruleset.js';
export * from './step-changes.js';
export * as status from './status.js';
