/**
 * What a Pirates! decision is: the action type (one small decision — a band, a group move, one
 * figure's action) and the distances the band rules use.
 */
/**
 * One decision of Pirates!. Figures are named by id (`P07`), destinations by key:
 * `obj` (the objective), `home`, `foe:<id>`, `cover`, `away` (from the nearest enemy), `band`
 * (back to the band's centre).
 */
export type PiratesAction =
  | { k: 'band'; b: number }
  | { k: 'new'; g: string; n: number }
  | { k: 'pass' }
  | { k: 'group'; to: string }
  | { k: 'solo' }
  | { k: 'follow' }
  | { k: 'hold' }
  | { k: 'move'; to: string }
  | { k: 'moveTo'; x: number; y: number }
  | { k: 'fight'; t: string; capture: boolean }
  | { k: 'charge'; t: string; capture: boolean }
  | { k: 'fire'; t: string }
  | { k: 'moveFire'; t: string }
  | { k: 'pillage' }
  | { k: 'reload' };

/** Largest distance (inches) between band members that still counts as together (§3.F). */
export const COHESION = 6;
/** How far a group move toward an enemy stops short of it, centre to centre (inches). */
export const GROUP_STOP_SHORT = 2;
/** Radius of a group's formation around its centre after a group move (inches). */
export const FORMATION = 2;

