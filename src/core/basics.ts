/**
 * The few names every part of the core shares (sides, JSON values, scenario errors), in a module
 * that imports nothing, so that the forward model (model.ts), the scene (scene.ts) and the
 * scenario parameters (parameters.ts) can all use them without importing each other in a ring.
 * model.ts re-exports them: elsewhere, import them from there.
 */

/** A side's identifier as written in the scenario (e.g. `pirates`, `townsfolk`). */
export type SideId = string;

/** A JSON value: what records, actions and events are made of. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Error in a scenario file: carries the file and the JSON path of the problem. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly jsonPath: string,
    message: string,
  ) {
    super(`${source}: ${jsonPath === '' ? '' : `at ${jsonPath}: `}${message}`);
    this.name = 'ScenarioError';
  }
}
