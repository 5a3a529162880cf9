/**
 * Builders for small Pirates! positions used by the rules tests: an open table, figures placed
 * exactly, and helpers to set the turn's movement without rolling.
 */
import { compilePirates, type PiratesScenario } from '../../src/rules/pirates/compile.js';
import { newState, type PiratesState } from '../../src/rules/pirates/state.js';

/** A figure for {@link duel}: side 0 = pirates, 1 = townsfolk. */
export interface FigSpec {
  side: 0 | 1;
  weapon: string;
  at: [number, number];
  name?: string;
  personality?: boolean;
  mounted?: boolean;
}

/** Terrain for {@link duel}. */
export interface TerrainSpec {
  id: string;
  kind: 'building' | 'water' | 'broken' | 'hill' | 'cover';
  polygon: [number, number][];
}

/** A scenario file (JSON) with the given figures on an open 48 × 48 table. */
export function scenarioFile(figs: FigSpec[], terrain: TerrainSpec[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const side = (i: 0 | 1) => ({
    id: i === 0 ? 'pirates' : 'townsfolk',
    name: i === 0 ? 'Pirates' : 'Townsfolk',
    colour: i === 0 ? 'red' : 'black',
    prefix: i === 0 ? 'P' : 'T',
    flee: i === 0 ? 'home' : 'edge',
    cards: i === 0 ? ['A', 2, 3, 4] : ['A', 2, 3, 4],
    groups: [
      {
        id: i === 0 ? 'crew' : 'town',
        area:
          i === 0
            ? [
                [1, 40],
                [6, 40],
                [6, 47],
                [1, 47],
              ]
            : [
                [40, 1],
                [47, 1],
                [47, 8],
                [40, 8],
              ],
      },
    ],
    figures: figs
      .filter((f) => f.side === i)
      .map((f) => ({
        weapon: f.weapon,
        group: i === 0 ? 'crew' : 'town',
        at: f.at,
        ...(f.name ? { name: f.name } : {}),
        ...(f.personality ? { personality: true } : {}),
        ...(f.mounted ? { mounted: true } : {}),
      })),
  });
  return {
    ruleset: 'pirates',
    id: 'test-duel',
    name: 'Test duel',
    table: { width: 48, height: 48 },
    terrain,
    exits: [
      [48, 24],
      [0, 24],
      [24, 0],
    ],
    objective: {
      id: 'store',
      name: 'the store',
      polygon: [
        [30, 30],
        [34, 30],
        [34, 34],
        [30, 34],
      ],
    },
    home: {
      id: 'boat',
      name: 'the boat',
      polygon: [
        [0, 40],
        [8, 40],
        [8, 48],
        [0, 48],
      ],
    },
    raiders: 'pirates',
    sides: [side(0), side(1)],
    victory: { maxTurns: 30, bootyToWin: 5 },
    ...extra,
  };
}

/** Compile a test scenario. */
export function duelScenario(figs: FigSpec[], terrain: TerrainSpec[] = [], extra: Record<string, unknown> = {}): PiratesScenario {
  return compilePirates(scenarioFile(figs, terrain, extra), 'test scenario');
}

/** A fresh state on a test scenario with the movement allowance of each side set (no roll). */
export function duelState(sc: PiratesScenario, allowance: [number, number] = [14, 14], slow: [number, number] = [10, 10]): PiratesState {
  const s = newState(sc);
  for (const i of [0, 1]) {
    s.moveAllow[i * 4] = allowance[i];
    s.moveAllow[i * 4 + 1] = slow[i];
    s.moveAllow[i * 4 + 2] = allowance[i];
    s.moveAllow[i * 4 + 3] = slow[i];
  }
  return s;
}

/** Index of a figure by id. */
export function fig(s: PiratesState, id: string): number {
  const i = s.sc.figureIndex.get(id);
  if (i === undefined) throw new Error(`no figure ${id}`);
  return i;
}

import { PH_FIGURE } from '../../src/rules/pirates/state.js';

/**
 * Put the state at the decision of figure `f`, acting alone (as a band of one activated by the
 * first card of its side), with no group move.
 */
export function atFigure(s: PiratesState, f: number): void {
  const side = s.sc.figures[f].side;
  s.phase = PH_FIGURE;
  s.actCard = s.sc.deck.findIndex((c) => c.side === side);
  s.actBand = -1;
  s.queue[0] = f;
  s.qLen = 1;
  s.qPos = 0;
  s.groupTo = '';
  s.nFollow = 0;
  s.inDeck.fill(1);
  s.inDeck[s.actCard] = 0;
}
